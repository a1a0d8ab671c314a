"""Continental playouts (random players, the bot, mixed) for 2 to 8 players over whole matches
(all seven deals, so the deck changes from 2 to 3 or 4 decks), checking after every move:

* every card of the deal's deck accounted for (``state.conservation()``), and in the saved game;
* legal moves non-empty until the deal ends, no duplicates, sorted, each notation parses back,
  ``explain`` is ``None`` for each;
* on a sample of moves: random illegal moves (cards, kinds, other seats) raise a ``ValueError``
  subclass and leave ``to_json()`` identical; the JSON round trip is exact with the same legal
  moves and views; no hidden card in any view: the same position with every card hidden from a
  seat (other hands, both stocks, buried discards) redistributed gives that seat the same view and,
  if it is to act, the same legal moves;
* the same seed and the same moves give the same match;
* every deal ends within a bound of moves; results add up; the lowest total wins.
"""
from __future__ import annotations

import json
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from random import Random
from typing import Any

import pytest

import meldtable
from meldtable import Game, MeldtableError
from meldtable.bot import choose_move
from meldtable.continental import ContinentalMove
from meldtable.moves import MoveValue
from positions import seat_to_act
from positions_continental import full_deck
from refusals import check_refused
from sim_harness import redistributed

V = "continental"
MAX_MOVES_PER_DEAL = 4000
CARD_RE = re.compile(r"\b([2-9TJQKA][CDHS]|JK)\b")
ALL_TEXTS = sorted(full_deck(1))


# ---------------------------------------------------------------------------- players


Player = Callable[[Game], MoveValue]
"""A seat's player: the move it makes in a game."""


def random_player(rng: random.Random, claim_rate: float = 0.25) -> Player:
    """Uniform over the legal moves, except that in a claim window it claims with ``claim_rate``."""

    def play(g: Game) -> MoveValue:
        legal = g.legal_moves()
        if legal[0].kind in ("claim", "pass"):  # the claim window: exactly claim and pass
            want = "claim" if rng.random() < claim_rate else "pass"
            return next(m for m in legal if m.kind == want)
        return rng.choice(legal)

    return play


def bot_player(g: Game) -> ContinentalMove:
    return choose_move(g)


# ---------------------------------------------------------------------------- invariants


def deck_of(g: Game) -> Counter[str]:
    return full_deck(g.view(0)["decks"], g.options["jokers_per_deck"])


def cards_of_state(st: dict[str, Any]) -> Counter[str]:
    c = Counter(st["stock"]) + Counter(st["penalty_stock"]) + Counter(st["discard_pile"])
    for h in st["hands"]:
        c += Counter(h)
    for seat in st["table"]:
        for x in seat:
            c += Counter(x["cards"])
    return c


def check_conservation(g: Game, deck: Counter[str]) -> None:
    assert Counter({c.text: n for c, n in g.state.conservation().items()}) == deck


def check_legal(g: Game) -> list[ContinentalMove]:
    legal = g.legal_moves()
    if g.hand_over:
        assert legal == []
        return legal
    assert legal, "no legal move while the deal is running"
    texts = [str(m) for m in legal]
    assert len(set(texts)) == len(texts), "duplicate legal moves"
    assert texts == sorted(texts)
    for m in legal:
        assert ContinentalMove.parse(str(m)) == m
    for m in legal[:5]:
        assert ContinentalMove.parse(str(m).lower()) == m
    for m in legal[:6]:
        assert g.explain(m) is None
    return legal


def illegal_candidates(g: Game, rng: random.Random, pool: list[str]) -> list[str]:
    legal = {str(m) for m in g.legal_moves()}
    seat = g.current_player
    hand = g.view(seat)["hand"] if seat is not None else []
    c = [rng.choice(ALL_TEXTS) for _ in range(4)]
    cand = [f"discard {c[0]}", f"set {c[0]} {c[1]} {c[2]}", f"run {c[0]} {c[1]} {c[2]} {c[3]}",
            f"add {rng.randrange(8)}.{rng.randrange(1, 4)} {c[1]}", f"add 0.1 {c[2]} high", f"swap 1.1 {c[3]}",
            "draw", "take", "claim", "pass"]
    if hand:
        cand.append(f"discard {rng.choice(hand)}")
        if len(hand) >= 3:
            cand.append("set " + " ".join(rng.sample(hand, 3)))
        if len(hand) >= 4:
            cand.append("run " + " ".join(rng.sample(hand, 4)))
    if pool:
        cand += rng.sample(pool, min(4, len(pool)))
    out = []
    for m in cand:
        try:
            text = str(ContinentalMove.parse(m))
        except MeldtableError:
            continue
        if text not in legal:
            out.append(m)
    return out


def check_illegal(g: Game, rng: random.Random, pool: list[str], text: str) -> int:
    """The refusal checks of tests/refusals.py with this game's illegal candidates and malformed notation."""
    return check_refused(g, illegal_candidates(g, rng, pool), ("discard", "set QH", "discard QX", "add Z QH", "add 1.1"), text)


def check_roundtrip(g: Game, text: str) -> None:
    again = Game.from_json(text)
    assert again.to_json() == text
    assert [str(m) for m in again.legal_moves()] == [str(m) for m in g.legal_moves()]
    for seat in range(g.players):
        assert again.view(seat) == g.view(seat)


def check_hidden(g: Game, rng: random.Random) -> None:
    seats = list(range(g.players))
    if len(seats) > 4:  # the seat to act and three others
        acting = g.current_player
        seats = sorted(({acting} if acting is not None else set()) | set(rng.sample(seats, 3)))
    for seat in seats:
        v = g.view(seat)
        alt = redistributed(g, seat, rng)
        if alt is None:  # another seat is half-way through laying down (shuffle_hidden's docstring)
            continue
        assert alt.view(seat) == v, f"seat {seat}'s view depends on hidden cards"
        if g.current_player == seat:
            assert [str(m) for m in alt.legal_moves()] == [str(m) for m in g.legal_moves()]
    for rec in g.view(0)["last_moves"]:
        if rec["text"] == "draw":
            assert not CARD_RE.search(rec["label"]), rec
        if rec["text"] == "claim":
            assert len(CARD_RE.findall(rec["label"])) == 1, rec  # the claimed card only, never the penalty card


def check_results(g: Game, prev: list[int]) -> None:
    r = g.results[-1]
    assert len(r["sides"]) == g.players
    for s in r["sides"]:
        assert set(s["items"]) == {"hand_cards", "down_and_out"}
        assert sum(s["items"].values()) == s["total"]
        assert s["cumulative"] == prev[s["side"]] + s["total"]
        assert s["items"]["hand_cards"] >= 0 and s["items"]["down_and_out"] <= 0
    assert g.scores == [s["cumulative"] for s in r["sides"]]
    if r["went_out"] is not None:
        assert r["sides"][r["went_out"]]["items"]["hand_cards"] == 0
        assert not r["exhausted"]
    else:
        assert r["exhausted"] and all(s["items"]["down_and_out"] == 0 for s in r["sides"])


# ---------------------------------------------------------------------------- playing


def play_deal(g: Game, players: Sequence[Player], rng: random.Random, *, deep_every: int, pool: list[str],
              stats: Counter[str]) -> None:
    prev = g.scores
    deck = deck_of(g)
    assert sum(deck.values()) == g.view(0)["decks"] * (52 + g.options["jokers_per_deck"])
    st = json.loads(g.to_json())["state"]
    assert cards_of_state(st) == deck
    moves = 0
    while not g.hand_over:
        check_conservation(g, deck)
        legal = check_legal(g)
        if moves % deep_every == 0:
            text = g.to_json()
            assert cards_of_state(json.loads(text)["state"]) == deck
            stats["illegal"] += check_illegal(g, rng, pool, text)
            check_roundtrip(g, text)
            check_hidden(g, rng)
            stats["deep"] += 1
        m = players[seat_to_act(g)](g)
        assert m in legal
        pool.append(str(m))
        if len(pool) > 300:
            del pool[:150]
        g.play(m)
        stats[m.kind] += 1
        moves += 1
        assert moves <= MAX_MOVES_PER_DEAL, "deal did not end"
    stats["moves"] += moves
    stats["deals"] += 1
    stats["out" if g.results[-1]["went_out"] is not None else "exhausted"] += 1
    text = g.to_json()
    check_conservation(g, deck)
    assert cards_of_state(json.loads(text)["state"]) == deck
    assert g.legal_moves() == [] and g.current_player is None
    check_roundtrip(g, text)
    check_results(g, prev)
    with pytest.raises(MeldtableError):
        g.play("draw")
    assert g.to_json() == text


def play_match(players: int, seed: int, make_players: Callable[[Random, int], list[Player]], *, deep_every: int,
               options: dict[str, Any] | None = None, stats: Counter[str]) -> Game:
    g = meldtable.new_game(V, players=players, seed=seed, options=options)
    rng = random.Random(seed)
    seats = make_players(rng, players)
    pool: list[str] = []
    decks = []
    while True:
        decks.append(g.view(0)["decks"])
        assert g.view(0)["hand_counts"] == [g.view(0)["contract"]["hand_size"]] * players
        play_deal(g, seats, rng, deep_every=deep_every, pool=pool, stats=stats)
        if g.match_over:
            break
        g.next_hand()
    deals = g.options and len(g.view(0)["contracts"])
    assert g.hand_number == deals and len(g.results) == deals and len(g.history) == deals
    assert [r["hand"] for r in g.results] == list(range(1, deals + 1))
    assert decks == [c["decks"] for c in g.view(0)["contracts"]]
    best = min(g.scores)
    assert g.winners == [s for s in range(players) if g.scores[s] == best]
    assert g.view(0)["phase"] == "match_over"
    with pytest.raises(MeldtableError):
        g.next_hand()
    # same seed, same moves -> same match, whatever Python's global random does
    random.seed(seed + 99)
    random.random()
    again = meldtable.new_game(V, players=players, seed=seed, options=options)
    for i, hand in enumerate(g.history):
        if i:
            again.next_hand()
        for m in hand:
            again.play(m)
    assert again.to_json() == g.to_json()
    return g


def all_random(rng: Random, n: int) -> list[Player]:
    return [random_player(rng) for _ in range(n)]


def all_bots(rng: Random, n: int) -> list[Player]:
    return [bot_player] * n


def mixed(rng: Random, n: int) -> list[Player]:
    return [bot_player if s % 2 == 0 else random_player(rng, 0.5) for s in range(n)]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_random_playouts_whole_matches(players: int) -> None:
    """Random players (claiming a quarter of the time) over all seven deals."""
    stats: Counter[str] = Counter()
    play_match(players, 100 + players, all_random, deep_every=80, stats=stats)
    assert stats["deals"] == 7 and stats["illegal"] > 20 and stats["deep"] > 5
    assert stats["claim"] + stats["pass"] > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_bot_playouts_whole_matches(players: int) -> None:
    """Bots only, all seven deals; the bots do lay down and go out."""
    stats: Counter[str] = Counter()
    play_match(players, 200 + players, all_bots, deep_every=60, stats=stats)
    assert stats["deals"] == 7 and stats["out"] >= 4
    assert stats["set"] + stats["run"] > 0 and stats["add"] > 0


@pytest.mark.parametrize("players", [3, 6])
def test_bot_against_random_players(players: int) -> None:
    """Bots against random players (who claim half the time): the bots end with fewer points."""
    stats: Counter[str] = Counter()
    g = play_match(players, 300 + players, mixed, deep_every=53, stats=stats)
    bots = [g.scores[s] for s in range(players) if s % 2 == 0]
    rand = [g.scores[s] for s in range(players) if s % 2 == 1]
    assert max(bots) < min(rand), (bots, rand)


@pytest.mark.parametrize(
    "options",
    [
        {"game_length": "extended", "deal_sizes": "plus_one"},
        {"ace": "high_or_low", "max_jokers_per_run": 1, "no_adjacent_jokers_in_run": True, "max_jokers_per_set": 1},
        {"going_out_discard": "required", "layoff_from": "next_turn", "exchanged_joker": "to_hand",
         "joker_exchange_from": "runs_and_sets"},
        {"penalty_stock_percent": 0, "stock_exhausted": "end_deal", "claim_by": "others_only", "max_claims_per_deal": 2},
        {"stock_exhausted": "penalty_stock", "penalty_stock_exhausted": "no_claims", "upcard_claimable": False,
         "forbid_playable_discard": True, "extra_melds_when_down": True},
        {"same_rank_sets": False, "same_suit_runs": False, "joker_exchange": "never", "card_values": "face_value",
         "down_and_out_bonus": -10, "deck_schedule": "constant", "decks": 3, "jokers_per_deck": 3},
    ],
)
def test_playouts_with_non_default_options(options: dict[str, Any]) -> None:
    """The invariants hold under non-default rule options (bots and random players, 4 players)."""
    stats: Counter[str] = Counter()
    play_match(4, 400 + len(json.dumps(options)), mixed, deep_every=90, options=options, stats=stats)
    assert stats["deals"] == len(meldtable.new_game(V, players=4, seed=1, options=options).view(0)["contracts"])


def test_throughput_and_legal_moves_latency() -> None:
    """Benchmark-ish guard: random playouts run at a useful speed and ``legal_moves`` stays fast
    (fresh state each time, so no cache helps)."""
    g = meldtable.new_game(V, players=4, seed=77)
    rng = random.Random(77)
    seats = all_random(rng, 4)
    n = 0
    worst = 0.0
    t0 = time.process_time()
    while not g.match_over:
        while not g.hand_over:
            fresh = g.state.copy()
            t = time.process_time()
            fresh.legal_moves()
            worst = max(worst, time.process_time() - t)
            g.play(seats[seat_to_act(g)](g))
            n += 1
        if not g.match_over:
            g.next_hand()
    rate = n / (time.process_time() - t0)
    print(f"\n{n} moves, {rate:.0f} moves/s with a fresh legal_moves per move, worst legal_moves {worst * 1e3:.2f} ms")
    assert rate > 500 and worst < 0.05
