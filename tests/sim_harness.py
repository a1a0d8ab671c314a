"""The simulation harness: seeded playouts of any variant in ``meldtable.VARIANTS`` by random
players and computer players, checking the engine's invariants after every move (in the spirit of
OpenSpiel's random-simulation test). Used by ``tests/test_harness.py`` (a CI-sized sample) and
``bench/harness.py`` (100,000+ moves per variant, counts of moves and violations).

Nothing here knows a game by name. Game knowledge comes from each family's harness hooks, the module
its family module names in ``TESTING`` (``meldtable.<family>.testing``, imported here on first use
only: the engine never imports it and the page's wheel leaves it out; docs/architecture.md,
"harness hooks"): ``expected_cards(state)``, ``hand_size_ok(state)``,
``move_bound(rules)``, ``shuffle_hidden(data, seat, rng)`` and ``results_add_up(state)``; moves are
handled through their notation (``str(m)``, ``game.parse_move``) and ``m.to_json()["cards"]`` (the
hand cards a move uses).

Checked after every move:

* card conservation: ``state.conservation()`` equals ``expected_cards(state)`` (every physical card
  in exactly one place); hand sizes the rules allow (``hand_size_ok``);
* ``legal_moves()`` non-empty until the hand ends, sorted, free of duplicates, only for the seat to
  act (its cards are in that seat's hand; another seat may not play them: ``NotYourTurnError``),
  and every notation parses back to the same move;
* moves that are not legal -- random cards, moves of other states, malformed notation and values
  that are no moves at all -- raise a ``MeldtableError`` (a ``ValueError``) with a message and
  leave ``to_json()`` identical; ``explain`` gives a reason;

and on a sample of moves (``deep_every``) and at the end of every hand:

* every legal move applies (on a copy) and leads to a state that keeps the invariants;
* the JSON round trip of the whole state is exact, with the same legal moves and views;
* no leak: the same state with the cards hidden from a seat redistributed (``shuffle_hidden``)
  gives that seat the same view and, if it is to act, the same legal moves and the same computer
  move;

at the end of every hand: it ended within ``move_bound(rules)`` moves, nothing can be played any
more, the itemised results add up (items to totals, totals to cumulative scores, ``results_add_up``);
at the end of every match: replaying the seed and the move list reproduces the game exactly while
Python's global ``random`` is reseeded before every move (and each computer move is chosen again
and must be the same).

A violation is counted (``Report.violations``) with up to three examples; a violation that may
have damaged the game (an illegal move accepted, a refused move that changed the state, an
exception from a legal move) abandons that match, so that the run goes on with the next seed.
"""
from __future__ import annotations

import importlib
import json
import random
import re
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import meldtable
from meldtable import VARIANTS, Game, IllegalMoveError, MeldtableError, NotYourTurnError, OptionError, StateError
from meldtable.bot import choose_move
from meldtable.cards import Card
from meldtable.moves import MoveValue

GENERIC_REASONS = frozenset({"not_allowed", "legal", "illegal"})
"""Keys that say nothing about the move: no refusal may carry one (issue #14)."""

PAIRINGS = ("random", "bot", "mixed")
"""Who plays: every seat random, every seat the computer, or computer (even seats) vs random."""

_CARD = re.compile(r"^(?:[2-9TJQKA][CDHS]|JK)$", re.IGNORECASE)
MALFORMED: tuple[Any, ...] = (
    "", "   ", "dance", "draw draw", "discard", "discard QX", "discard 10H", "meld", "meld QH",
    "play", "play 7H", "play 7H nowhere", "add", "add Z QH", "add 1.1", "take QH", "set QH",
    "run 5H", "swap", "claim QH", "pass 1", "JK JK JK", "discard\x00QH", "discard QH QH QH QH",
    "\u00e9\u00e8 QH", "discard " + "QH " * 500, "x" * 5000, "play QH pile 99999999999999999999",
    "add 99.999 QH", 42, None, 3.5, [], {}, b"draw", True, ("discard", "QH"),
)
"""Notation and values that are not moves (or not legal ones) in any family."""


class Abandon(Exception):
    """A violation left the game in doubt: stop this match (the report has the details)."""


class Report:
    """Counts of what was played and checked, and the violations found (with examples)."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.violations: Counter[str] = Counter()
        self.examples: dict[str, list[str]] = {}
        self.maxima: Counter[str] = Counter()  # e.g. the longest hand in moves

    def fail(self, name: str, detail: str = "") -> None:
        self.violations[name] += 1
        ex = self.examples.setdefault(name, [])
        if len(ex) < 3:
            ex.append(detail[:600])

    def check(self, ok: bool, name: str, detail: str | Callable[[], str] = "") -> bool:
        if not ok:
            self.fail(name, detail() if callable(detail) else detail)
        return ok

    def merge(self, other: Report) -> None:
        self.counts.update(other.counts)
        self.violations.update(other.violations)
        for k, v in other.maxima.items():
            self.maxima[k] = max(self.maxima[k], v)
        for name, found in other.examples.items():
            ex = self.examples.setdefault(name, [])
            ex.extend(found[: 3 - len(ex)])

    def summary(self) -> str:
        lines = [", ".join(f"{k} {v}" for k, v in sorted(self.counts.items()))
                 + "".join(f", max {k} {v}" for k, v in sorted(self.maxima.items()))]
        for name, n in sorted(self.violations.items()):
            lines.append(f"VIOLATION {name}: {n}")
            lines.extend(f"    e.g. {x}" for x in self.examples.get(name, []))
        return "\n".join(lines)


# ---------------------------------------------------------------------------- options


def random_options(variant_id: str, players: int, rng: random.Random, tries: int = 20) -> dict[str, Any]:
    """A random valid set of rule options for ``variant_id`` (each option at its default, its
    bounds or a random allowed value); ``{}`` if no valid set was found in ``tries`` attempts."""
    v = VARIANTS[variant_id]
    for _ in range(tries):
        out: dict[str, Any] = {}
        for name, o in v.options.items():
            if rng.random() < 0.5:
                continue  # keep the default
            if o.kind == "bool":
                out[name] = rng.random() < 0.5
            elif o.kind == "choice":
                out[name] = rng.choice(o.choices)
            elif o.kind == "int":
                lo = o.minimum if o.minimum is not None else min(0, o.default)
                hi = o.maximum if o.maximum is not None else max(lo, o.default) * 2
                out[name] = rng.choice([lo, hi, o.default, rng.randint(lo, hi)])
            elif o.kind == "table":
                out[name] = rng.choice([[[0, 0]], [[0, 120]], [[0, 50], [100, 90], [200, 120]]])
        try:
            meldtable.new_game(variant_id, players=players, seed=0, options=out)
        except OptionError:
            continue
        return out
    return {}


# ---------------------------------------------------------------------------- helpers


def hooks(g: Game) -> Any:
    """The harness hooks of ``g``'s family: the module its family module names in ``TESTING``
    (a :class:`meldtable.family.HarnessRoom`), imported on first use."""
    return importlib.import_module(g.family.TESTING)


def _positive(ms: dict[Card, int]) -> dict[Card, int]:
    return {k: n for k, n in ms.items() if n}


def card_texts(g: Game) -> list[str]:
    """Every card value in play (text), for random cards."""
    return sorted({c.text for c in hooks(g).expected_cards(g.state)})


def redistributed(g: Game, seat: int, rng: random.Random) -> Game | None:
    """The same game with every card hidden from ``seat`` dealt out again at random by the
    family's ``shuffle_hidden`` hook, loaded through the public JSON path; ``None`` when the
    family says it cannot be done consistently."""
    d = json.loads(g.to_json())
    state = hooks(g).shuffle_hidden(d["state"], seat, rng)
    return None if state is None else Game.from_json(json.dumps({**d, "state": state}))


def legal_texts(g: Game) -> list[str]:
    return [str(m) for m in g.legal_moves()]


def _parse_text(g: Game, text: Any) -> str | None:
    """Canonical notation of ``text`` in this game, ``None`` if it does not parse. A parse error
    must be a ``MeldtableError``."""
    try:
        return str(g.parse_move(text))
    except MeldtableError:
        return None


class Harness:
    """Plays and checks; ``deep_every`` sets how often the expensive checks run."""

    def __init__(self, report: Report, *, deep_every: int = 10, illegal_per_move: int = 2,
                 illegal_per_deep: int = 12, max_apply: int = 40, max_leak_seats: int = 4) -> None:
        self.r = report
        self.deep_every = deep_every
        self.illegal_per_move = illegal_per_move
        self.illegal_per_deep = illegal_per_deep
        self.max_apply = max_apply
        self.max_leak_seats = max_leak_seats
        self.pool: list[str] = []  # notation of moves seen in other states

    # ------------------------------------------------------------------ invariants of a state
    def check_cards(self, g: Game, where: str) -> None:
        st = g.state
        got = _positive(st.conservation())
        want = _positive(hooks(g).expected_cards(st))
        self.r.check(got == want, "conservation", lambda: f"{where}: cards in play differ from the deck: "
                     f"extra {sorted(c.text for c in got if got[c] > want.get(c, 0))}, "
                     f"missing {sorted(c.text for c in want if want[c] > got.get(c, 0))}")
        self.r.check(bool(hooks(g).hand_size_ok(st)), "hand_sizes",
                     lambda: f"{where}: hand sizes {g.view(0)['hand_counts']}")

    def check_legal(self, g: Game, where: str) -> list[MoveValue]:
        legal = g.legal_moves()
        r = self.r
        if g.hand_over:
            r.check(legal == [] and g.current_player is None, "legal_after_end", where)
            return legal
        if not r.check(bool(legal), "no_legal_move", where):
            raise Abandon
        texts = [str(m) for m in legal]
        r.check(len(set(texts)) == len(texts) and len(set(legal)) == len(legal), "duplicate_legal_moves",
                lambda: f"{where}: {[t for t, n in Counter(texts).items() if n > 1]}")
        r.check(texts == sorted(texts), "legal_not_sorted", where)
        actor = g.current_player
        r.check(actor is not None and 0 <= actor < g.players, "no_seat_to_act", where)
        assert actor is not None  # (was: g.view(None) raised)
        hand: Counter[str] = Counter(g.view(actor)["hand"])
        for m in legal:
            cards = m.to_json()["cards"]
            assert isinstance(cards, list)
            used: Counter[str] = Counter(cards)
            if used - hand:
                r.fail("legal_move_not_in_hand", f"{where}: seat {actor} plays {m} with hand {sorted(hand.elements())}")
            try:
                back = g.parse_move(str(m))
                ok = back == m and str(back) == str(m)
                shown = str(back)
            except Exception as e:  # noqa: BLE001 - any failure is the finding
                ok = False
                shown = f"{type(e).__name__}: {e}"
            if not ok:
                r.fail("notation_round_trip", f"{where}: {m!s} parses to {shown}")
        return legal

    # ------------------------------------------------------------------ refused moves
    def illegal_candidates(self, g: Game, rng: random.Random, k: int) -> list[Any]:
        """Up to ``k`` inputs that must be refused now: legal moves with cards replaced by random
        cards, moves of other states, malformed notation (filtered against the legal moves)."""
        legal = set(legal_texts(g))
        cards = card_texts(g)
        out: list[Any] = []
        texts = sorted(legal)
        for _ in range(4 * k):
            if len(out) >= k:
                break
            pick = rng.random()
            if pick < 0.4 and texts:
                words = rng.choice(texts).split()
                idx = [i for i, w in enumerate(words) if _CARD.match(w)]
                if not idx:
                    continue
                for i in (idx if rng.random() < 0.3 else [rng.choice(idx)]):
                    words[i] = rng.choice(cards)
                cand: Any = " ".join(words)
            elif pick < 0.7 and self.pool:
                cand = rng.choice(self.pool)
            elif pick < 0.8 and texts:
                t = rng.choice(texts)
                cand = rng.choice([t[: rng.randrange(len(t) + 1)], t + " " + rng.choice(cards), t.replace(" ", "  ", 1) + " x"])
            else:
                cand = rng.choice(MALFORMED)
            if isinstance(cand, str) and _parse_text(g, cand) in legal:
                continue
            out.append(cand)
        return out

    def check_refusal(self, g: Game, cand: Any, where: str) -> None:
        """``cand`` (a move that must be refused now) raises a ``MeldtableError`` with a message
        and, for an illegal move, a declared specific reason; ``explain`` gives a reason for it."""
        r = self.r
        try:
            g.play(cand)
        except MeldtableError as e:
            r.check(isinstance(e, ValueError) and bool(str(e)), "refusal_without_message", f"{where}: {cand!r}")
            if isinstance(e, IllegalMoveError):
                # issue #14: every refusal has a specific reason of the family's declared
                # catalogue, with its text in every language
                catalogue = getattr(g.family, "REASONS", None)
                r.check(e.key is not None and e.key not in GENERIC_REASONS, "refusal_generic_reason",
                        f"{where}: {cand!r} -> {e.key!r}: {e}")
                if catalogue is not None:
                    r.check(e.key in set(catalogue.keys()) and set(e.texts) >= {"en", "de"},
                            "refusal_undeclared_reason", f"{where}: {cand!r} -> {e.key!r}")
        except Exception as e:  # noqa: BLE001
            r.fail("refusal_wrong_exception", f"{where}: {cand!r} raised {type(e).__name__}: {e}")
        else:
            r.fail("illegal_move_accepted", f"{where}: {cand!r}")
            raise Abandon
        if isinstance(cand, str) and _parse_text(g, cand) is not None:
            try:
                why = g.explain(cand)
            except Exception as e:  # noqa: BLE001
                why = None
                r.fail("explain_raised", f"{where}: {cand!r}: {type(e).__name__}: {e}")
            r.check(isinstance(why, str) and bool(why), "explain_no_reason", f"{where}: {cand!r}")

    def check_refusals(self, g: Game, rng: random.Random, text: str, k: int, where: str) -> None:
        """Play ``k`` inputs that must be refused, a legal move for a seat not to act, and
        ``next_hand`` mid-hand; each must raise a ``MeldtableError`` with a message, and the game
        (``to_json()``, compared once after the batch) must be unchanged."""
        r = self.r
        tried: list[Any] = []
        for cand in self.illegal_candidates(g, rng, k):
            r.counts["refusals_checked"] += 1
            tried.append(cand)
            self.check_refusal(g, cand, where)
        # the seats not to act may not play, even a legal move
        legal = g.legal_moves()
        if legal and g.players > 1:
            actor = g.current_player
            other = rng.choice([s for s in range(g.players) if s != actor])
            m = rng.choice(legal)
            tried.append(f"{m} (seat {other})")
            try:
                g.play(m, seat=other)
            except NotYourTurnError:
                pass
            except Exception as e:  # noqa: BLE001
                r.fail("wrong_seat_wrong_exception", f"{where}: {type(e).__name__}: {e}")
            else:
                r.fail("wrong_seat_accepted", f"{where}: seat {other} played {m}")
                raise Abandon
        if not g.hand_over:
            tried.append("next_hand()")
            try:
                g.next_hand()
            except MeldtableError:
                pass
            else:
                r.fail("next_hand_mid_hand", where)
                raise Abandon
        if g.to_json() != text:
            r.fail("refusal_changed_state", f"{where}: one of {tried!r}")
            raise Abandon

    # ------------------------------------------------------------------ deep checks
    def check_round_trip(self, g: Game, text: str, where: str) -> None:
        r = self.r
        try:
            again = Game.from_json(text)
        except Exception as e:  # noqa: BLE001
            r.fail("json_round_trip_load", f"{where}: {type(e).__name__}: {e}")
            return
        r.check(again.to_json() == text, "json_round_trip", where)
        r.check(legal_texts(again) == legal_texts(g), "json_round_trip_legal", where)
        r.check(all(again.view(s) == g.view(s) for s in range(g.players)), "json_round_trip_view", where)
        r.check(g.copy().to_json() == text, "copy_differs", where)

    def check_each_move_applies(self, g: Game, rng: random.Random, where: str) -> None:
        legal = g.legal_moves()
        if len(legal) > self.max_apply:
            legal = rng.sample(legal, self.max_apply)
        for m in legal:
            w = g.copy()
            try:
                w.play(m)
            except Exception as e:  # noqa: BLE001
                self.r.fail("legal_move_raised", f"{where}: {m}: {type(e).__name__}: {e}")
                continue
            self.r.counts["applied_on_copy"] += 1
            self.check_cards(w, f"{where} after {m}")
            if not w.hand_over:
                self.r.check(bool(w.legal_moves()), "no_legal_move", f"{where} after {m}")

    def check_no_leak(self, g: Game, rng: random.Random, text: str, where: str) -> None:
        r = self.r
        seats = list(range(g.players))
        actor = g.current_player
        if len(seats) > self.max_leak_seats:
            seats = sorted(({actor} if actor is not None else set())
                           | set(rng.sample(seats, self.max_leak_seats - (actor is not None))))
        d = json.loads(text)
        for seat in seats:
            alt_state = hooks(g).shuffle_hidden(d["state"], seat, rng)
            if alt_state is None:
                r.counts["leak_skipped"] += 1
                continue
            r.check(json.loads(text) == d, "shuffle_hidden_changed_input", where)
            try:
                alt = Game.from_json(json.dumps({**d, "state": alt_state}))
            except StateError as e:
                r.fail("shuffle_hidden_unloadable", f"{where}: seat {seat}: {e}")
                continue
            r.counts["leak_checked"] += 1
            r.check(alt.view(seat) == g.view(seat), "leak_view", f"{where}: seat {seat}'s view depends on hidden cards")
            if not alt.hand_over:
                r.check(bool(alt.legal_moves()), "shuffle_hidden_stuck", f"{where}: seat {seat}")
            if actor == seat:
                r.check(legal_texts(alt) == legal_texts(g), "leak_legal_moves",
                        f"{where}: seat {seat}'s legal moves depend on hidden cards")
                try:
                    same = str(choose_move(alt)) == str(choose_move(g))
                except Exception as e:  # noqa: BLE001
                    same = False
                    r.fail("bot_raised", f"{where}: {type(e).__name__}: {e}")
                r.check(same, "leak_bot", f"{where}: the computer's move for seat {seat} depends on hidden cards")

    # ------------------------------------------------------------------ playing
    def play_hand(self, g: Game, players: list[Callable[[Game], Any]], rng: random.Random,
                  bot_moves: set[tuple[int, int]], where: str) -> None:
        r = self.r
        hand_index = len(g.history) - 1
        prev_scores = g.scores
        prev_results = len(g.results)
        bound = hooks(g).move_bound(g.state.rules)
        n = 0
        while not g.hand_over:
            here = f"{where} hand {g.hand_number} move {n}"
            text = g.to_json()
            self.check_cards(g, here)
            legal = self.check_legal(g, here)
            self.check_refusals(g, rng, text, self.illegal_per_move, here)
            if n % self.deep_every == 0:
                r.counts["deep_checks"] += 1
                self.check_round_trip(g, text, here)
                self.check_each_move_applies(g, rng, here)
                self.check_no_leak(g, rng, text, here)
                self.check_refusals(g, rng, text, self.illegal_per_deep, here)
            seat = g.current_player
            try:
                assert seat is not None  # the hand is not over
                m = players[seat](g)
            except Exception as e:  # noqa: BLE001
                r.fail("bot_raised", f"{here}: {type(e).__name__}: {e}")
                raise Abandon from None
            if not r.check(m in legal, "player_chose_illegal", f"{here}: {m}"):
                raise Abandon
            if players[seat] is bot_player:
                bot_moves.add((hand_index, n))
            self.pool.append(str(m))
            self.pool.extend(str(x) for x in rng.sample(legal, min(2, len(legal))))
            if len(self.pool) > 400:
                del self.pool[:200]
            try:
                g.play(m)
            except Exception as e:  # noqa: BLE001
                r.fail("legal_move_raised", f"{here}: {m}: {type(e).__name__}: {e}")
                raise Abandon from None
            n += 1
            r.counts["moves"] += 1
            if n > bound:
                r.fail("move_bound", f"{where} hand {g.hand_number}: more than {bound} moves")
                raise Abandon
        # the hand is over
        here = f"{where} hand {g.hand_number} end"
        r.counts["hands"] += 1
        r.maxima["moves_per_hand"] = max(r.maxima["moves_per_hand"], n)
        text = g.to_json()
        self.check_cards(g, here)
        self.check_legal(g, here)
        self.check_round_trip(g, text, here)
        self.check_no_leak(g, rng, text, here)
        self.check_refusals(g, rng, text, self.illegal_per_move, here)
        r.check(len(g.results) == prev_results + 1, "results_missing", here)
        res = g.results[-1]
        ok = len(res["sides"]) == len(prev_scores) and all(
            sum(s["items"].values()) == s["total"] and s["cumulative"] == prev_scores[s["side"]] + s["total"]
            for s in res["sides"])
        r.check(ok, "results_add_up", lambda: f"{here}: {res}")
        r.check(g.scores == [s["cumulative"] for s in res["sides"]], "scores_not_cumulative", here)
        r.check(bool(hooks(g).results_add_up(g.state)), "results_match_table", lambda: f"{here}: {res}")
        if g.match_over:
            r.check(bool(g.winners) and set(g.winners) <= set(range(len(g.scores))), "winners", here)

    def play_match(self, variant_id: str, players: int, seed: int, pairing: str, *,
                   options: dict[str, Any] | None = None, max_hands: int = 3,
                   stop_at_moves: int | None = None) -> Game | None:
        """Play one match (at most ``max_hands`` hands, and no further hand once the report counts
        ``stop_at_moves`` moves) with every check; replay it at the end."""
        r = self.r
        where = f"{variant_id} p{players} seed {seed} {pairing} options {json.dumps(options or {}, sort_keys=True)}"
        rng = random.Random(f"{where}")
        g = meldtable.new_game(variant_id, players=players, seed=seed, options=options)
        seats = make_players(pairing, players, rng)
        bot_moves: set[tuple[int, int]] = set()
        r.counts["matches"] += 1
        try:
            while True:
                self.play_hand(g, seats, rng, bot_moves, where)
                if g.match_over or len(g.history) >= max_hands:
                    break
                if stop_at_moves is not None and r.counts["moves"] >= stop_at_moves:
                    break
                g.next_hand()
            if g.match_over:
                r.counts["matches_over"] += 1
                text = g.to_json()
                try:
                    g.next_hand()
                    r.fail("next_hand_after_match", where)
                except MeldtableError:
                    pass
                r.check(g.to_json() == text, "refusal_changed_state", f"{where}: next_hand after the match")
        except Abandon:
            r.counts["matches_abandoned"] += 1
            return None
        self.check_replay(g, variant_id, players, seed, options, bot_moves, where)
        return g

    def check_replay(self, g: Game, variant_id: str, players: int, seed: int, options: dict[str, Any] | None,
                     bot_moves: set[tuple[int, int]], where: str) -> None:
        """Same seed + same moves = same game, with the global ``random`` reseeded before every
        move; every computer move chosen again (under that disturbance) is the same."""
        r = self.r
        saved = random.getstate()
        try:
            again = meldtable.new_game(variant_id, players=players, seed=seed, options=options)
            k = 0
            for i, moves in enumerate(g.history):
                if i:
                    again.next_hand()
                for j, text in enumerate(moves):
                    k += 1
                    random.seed(seed * 7919 + k)
                    random.random()
                    if (i, j) in bot_moves:
                        r.check(str(choose_move(again)) == text, "bot_not_deterministic", f"{where} hand {i + 1} move {j}")
                    again.play(text)
            r.check(again.to_json() == g.to_json(), "replay_differs", where)
        except MeldtableError as e:
            r.fail("replay_refused", f"{where}: {e}")
        finally:
            random.setstate(saved)
        r.counts["replays"] += 1


def bot_player(g: Game) -> Any:
    return choose_move(g)


def make_players(pairing: str, players: int, rng: random.Random) -> list[Callable[[Game], Any]]:
    def rand(g: Game) -> Any:
        return rng.choice(g.legal_moves())

    if pairing == "random":
        return [rand] * players
    if pairing == "bot":
        return [bot_player] * players
    if pairing == "mixed":
        return [bot_player if s % 2 == 0 else rand for s in range(players)]
    raise ValueError(pairing)


def cases() -> list[tuple[str, int]]:
    """Every (variant, player count) in ``meldtable.VARIANTS``."""
    return [(vid, p) for vid, v in VARIANTS.items() for p in v.players]


def run(variant_id: str, players: int, pairing: str, *, moves: int, seed0: int = 0, report: Report | None = None,
        options: str = "alternate", max_hands: int = 3, deadline: float | None = None, **kw: Any) -> Report:
    """Play seeded matches (seeds ``seed0``, ``seed0 + 1``, ...) until ``moves`` moves have been
    played; the last match stops after the hand that reaches the count. ``options``: ``"default"``
    rule options, ``"random"`` ones (:func:`random_options`), or ``"alternate"`` (odd seeds random).
    ``deadline`` (``time.monotonic()``) stops early, between matches. ``kw`` go to :class:`Harness`."""
    rep = report or Report()
    h = Harness(rep, **kw)
    seed = seed0
    stop = rep.counts["moves"] + moves
    while rep.counts["moves"] < stop:
        if deadline is not None and time.monotonic() > deadline:
            rep.counts["stopped_by_deadline"] += 1
            break
        opts = None
        if options == "random" or (options == "alternate" and seed % 2 == 1):
            opts = random_options(variant_id, players, random.Random(f"options {variant_id} {players} {seed}"))
            rep.counts["matches_random_options"] += 1
        h.play_match(variant_id, players, seed, pairing, options=opts, max_hands=max_hands, stop_at_moves=stop)
        seed += 1
    return rep
