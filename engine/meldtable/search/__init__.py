"""Search over a seat's information (issue #27): determinization, a fast play interface, a
heuristic evaluation and the strong computer player.

- :func:`determinize` (``Game.determinize``): a game consistent with everything one seat has seen
  (its own hand, every hand's size, the melds, the discards and piles it saw, the cards others
  took with a pile or claimed: :mod:`meldtable.search.knowledge`), the cards hidden from it dealt
  again at random. The families' harness hooks (``shuffle_hidden`` in
  ``<family>/testing.py``) do the dealing; the hidden cards are pooled in a canonical order first,
  so the sample depends on what the seat knows and on ``rng`` only, never on where the hidden
  cards really are.
- :class:`Node` (``Game.search_node``): the family state behind a light interface for playouts:
  copy, legal moves, apply by move index; no notation, no history, no undo record, no views.
  ``tests/test_search.py`` plays the same moves through it and through ``Game.play`` and
  compares the saved states.
- :func:`evaluate`: a position's worth for one seat, in the game's points: the hand's score
  change once it is over, else an estimate from the table (canasta: melded points, canasta
  bonuses, red threes, minus cards in hand; Continental: cards in hand; 3 ist 50: minus piles).
- :func:`strong_move`: determinized (perfect information) Monte Carlo: every iteration samples one
  determinization and plays each candidate move in it, followed by the normal player for every
  seat up to a horizon of turns, and evaluates; another candidate replaces the normal player's
  choice only when it beats it on the paired samples by enough evidence (:data:`EVIDENCE`).
  Anytime: iterations run until ``budget_ms`` has passed, or exactly ``iterations`` of them
  (deterministic, for tests).

Reference: Long, Sturtevant, Buro, Furtak, "Understanding the Success of Perfect Information
Monte Carlo Sampling in Game Tree Search" (AAAI 2010); Cowling, Powley, Whitehouse, "Information
Set Monte Carlo Tree Search" (IEEE TCIAIG 4(2), 2012).
"""

from __future__ import annotations

import importlib
import math
import random
import time
from typing import TYPE_CHECKING, Any

from . import rollout as _rollout
from .knowledge import known_cards, place_known

if TYPE_CHECKING:
    from ..game import Game

MAX_CANDIDATES = 8
"""Most moves the strong player compares in one decision (the normal player's choice always
among them)."""
HORIZON_TURNS = {"canasta": 2, "continental": 2, "threefifty": 2}
"""Per family: playouts stop (and are evaluated) once every seat has had this many more turns (a
seat change counts as a turn), or when the hand ends."""
NOT_DOWN = 40.0
"""Continental: points an estimate counts against a seat that has not laid its contract down yet
(its jokers count nothing while it plays on: they are what gets it down)."""
NEED_POINTS = 0.0
"""Continental: points an estimate counts against a seat not down yet for every card its contract
still lacks (the fewest jokers that would make its hand hold the contract: :func:`contract_need`);
``0``: not counted (the flat :data:`NOT_DOWN` only). With 10 and the search on, the strong player
kept 185 of the normal player's 228 takes and claims (normal deals 0-39, 6 iterations), against
155 with 0 (the failure of round 3), but it still wins fewer deals than a normal seat (round 5,
one strong seat among two normal ones, 6 iterations, Continental out of :data:`NORMAL_ONLY`: 10
points: 0.26 of deals 0-116, interval 0.19-0.34; 20 points: 0.24 of deals 0-79, 0.16-0.34; a
normal seat on deals 0-116: 0.29, paired difference -0.03 +- 0.07). So it stays 0, and
Continental's strong player does not search (:data:`POLICY_ONLY`; docs/performance.md, "Playing
strength", round 5)."""
MAX_NEED = 6
"""Continental: most missing cards :func:`contract_need` counts."""
MAX_PLAYOUT_MOVES = 200
"""Most moves of one playout."""
CLOCK_EVERY = 1
"""A playout under a time budget looks at the clock every this many moves (a look costs well under a
microsecond, a move of the normal player tens: every move, so a starved process overruns its
budget by one move, not four)."""
TIE_MARGIN = 1.0
"""Points by which a candidate's mean must beat the normal player's choice to be chosen instead."""
EVIDENCE = {"canasta": 1.0, "continental": 2.0, "threefifty": 2.0}
"""Per family: standard errors of the paired differences by which another candidate must beat
the normal player's choice (a guard against noise with few samples). Stricter where the search
gained nothing measurable over the normal player (docs/performance.md, "Playing strength")."""


LEADER_WEIGHT = {"canasta": 0.0, "continental": 0.0, "threefifty": 0.0}
"""Per family, games won by the lowest score: the weight of the best other seat (the lowest
score or estimate) against the mean of the other seats in :func:`leaf_value`. ``0``: the mean
(:func:`evaluate`'s points margin); ``1``: the distance to the seat that would win the deal
instead (the deal is won by the lowest score, not by the most points given to others)."""

WIN_SCALE: dict[str, float] = {}
"""Per family (canasta: two sides), points ``S`` of a bounded leaf value ``S * tanh(margin / S)``
in :func:`leaf_value`: a deal is won by the side with the higher hand score, so a margin far beyond
``S`` adds little and a move is not chosen for a rare large win. Not set: the points margin.
Measured in round 5 (strong sides against normal ones, 6 iterations; docs/performance.md,
"Playing strength", round 5): Classic 4p with 200, 0.486 of deals 0-293 (interval 0.43-0.54,
margin +21 +- 75) against 0.493 and +115 +- 90 without (paired difference -0.007 +- 0.064, margin
-94 +- 94 points a deal); with 500, 0.45 of deals 0-39;
Kanaster 4p with 200, 0.59 of deals 0-399 (paired difference +0.004 +- 0.064, margin -131 +- 128
points a deal). It trades points for nothing measurable in deals won, so it is not set."""


NORMAL_ONLY: frozenset[str] = frozenset()
"""Families where :func:`strong_move` plays the normal player's move without searching (none
now). Continental was here in rounds 3-5: the search made a seat weaker there (one searching seat
among two normal ones: 0.24-0.31 of deals won against 0.33 for a normal seat, also with the
contract's progress in the estimate, :data:`NEED_POINTS`; docs/performance.md, "Playing
strength"); it now plays its own strong policy instead (:data:`POLICY_ONLY`)."""

POLICY_ONLY = frozenset({"continental"})
"""Families where :func:`strong_move` plays the family's strong policy without searching:
Continental's :func:`meldtable.continental.strong.choose_move` (no claims out of turn, discards
that do not feed the next seat, pairs kept by the copies still unseen; session 14): one strong
seat among two normal ones won 0.46 of deals 0-399 (interval 0.41-0.51, margin +1 +- 5 points;
a normal seat 0.33 on the same deals, paired difference +0.135 +- 0.046). Takes precedence over
:data:`NORMAL_ONLY`. ``bench/strength.py --set POLICY_ONLY=`` measures the search
again."""

_UNKNOWN: Any = object()


def determinize_state(game: Game, seat: int, rng: random.Random, known: Any = _UNKNOWN) -> Any:
    """The family state of ``game`` with every card hidden from ``seat`` dealt again (see the module
    text), the cards known to be in other hands (:mod:`meldtable.search.knowledge`; ``known``: their
    :func:`~meldtable.search.knowledge.known_cards`, found when not given) kept there; ``None``
    when the family cannot do that consistently now (canasta and Continental:
    another seat is half-way through a turn whose plan depends on its hand; 3 ist 50: no shuffle
    kept the visible runs, rare)."""
    data = game.state.to_dict()
    st = game.family.shuffle_hidden(data, seat, rng)
    if st is None:
        return None
    if known is _UNKNOWN:
        known = known_cards(game)
    if known:
        place_known(st, game.variant.family, seat, known)
    return game.family.State.from_dict(game.state.rules, game.seed, st)


def determinize(game: Game, seat: int, rng: random.Random) -> Game:
    """A new :class:`~meldtable.game.Game` (same variant, options, seed, history and scores) whose
    cards hidden from ``seat`` are dealt again at random from ``rng``; what ``seat`` sees
    (``view(seat)``) is unchanged. Raises :class:`~meldtable.errors.StateError` (key
    ``determinize_now``) when that cannot be done consistently now (:func:`determinize_state`)."""
    from ..errors import StateError
    from ..game import Game as GameClass
    from .hints import HINTS

    state = determinize_state(game, seat, rng)
    if state is None:
        raise StateError.of(HINTS, "determinize_now", {"seat": seat})
    g = GameClass(game.variant, game.players, game.seed, game.options, state)
    g._done, g._head, g._tail = list(game._done), game._head, list(game._tail)
    return g


class Node:
    """A family state behind the interface playouts need (``Game.search_node()``): ``copy()``,
    ``moves()`` (the legal moves, sorted by notation as ``Game.legal_moves``), ``apply(i)`` (the
    ``i``-th of ``moves()``, unchecked: ``IndexError`` outside), ``to_act`` (seat or ``None``),
    ``over`` (the hand is over). No notation, history, undo record or view is made."""

    __slots__ = ("state", "_moves")

    def __init__(self, state: Any) -> None:
        self.state = state
        self._moves: list[Any] | None = None

    def copy(self) -> Node:
        """An independent copy."""
        return Node(self.state.copy())

    def moves(self) -> list[Any]:
        """The legal moves of the seat to act (empty once the hand is over); the list is the node's
        own (do not change it)."""
        if self._moves is None:
            self._moves = self.state.legal_moves()
        return self._moves

    def apply(self, index: int) -> None:
        """Play the ``index``-th legal move."""
        move = self.moves()[index]
        self._moves = None
        self.state.apply(move)

    @property
    def to_act(self) -> int | None:
        """The seat to act, ``None`` once the hand is over."""
        return self.state.current_player  # type: ignore[no-any-return]

    @property
    def over(self) -> bool:
        """Whether the hand is over."""
        return bool(self.state.hand_over)

    def quick_move(self, rng: random.Random) -> Any:
        """A legal move of the seat to act by the cheap random policy of
        :mod:`meldtable.search.rollout` (a draw or a discard proposed first, checked by the family's
        ``verify``); ``None`` when there is none."""
        return _rollout.quick_move(family_of(self.state), self.state, rng)

    def play(self, move: Any) -> None:
        """Play ``move``, a legal move of the seat to act (unchecked: from :meth:`moves` or
        :meth:`quick_move`)."""
        self._moves = None
        self.state.apply(move)


def family_of(state: Any) -> Any:
    """The family module of family state ``state`` (``meldtable.<family>.family``)."""
    from ..game import family_module

    return family_module(type(state).__module__.split(".")[1])


def quick_playout(node: Node, rng: random.Random, limit: int = 10_000) -> int:
    """Play the cheap random policy (:mod:`meldtable.search.rollout`) on ``node`` until the hand is
    over (or ``limit`` moves); the number of moves played."""
    node._moves = None
    return _rollout.quick_playout(family_of(node.state), node.state, rng, limit)


def random_playout(node: Node, rng: random.Random, limit: int = 10_000) -> int:
    """Play uniformly random legal moves on ``node`` until the hand is over (or ``limit`` moves);
    the number of moves played."""
    n = 0
    while not node.over and n < limit:
        k = len(node.moves())
        if not k:
            break
        node.apply(rng.randrange(k))
        n += 1
    return n


# ---------------------------------------------------------------------------------- evaluation

GO_OUT_POINTS: dict[str, float] = {}
"""Per family (canasta only), points the estimate of :func:`_canasta_side_values` adds to a side
that holds the canastas it needs to go out (``rules.canastas_to_go_out``) while the hand runs: such
a side can end the hand (the going-out bonus, the other side caught with its cards and unfinished
melds), which a playout of a few turns rarely reaches. Classic 4p needs one canasta, so a hand is a
race to it (issue #27, session 14: the strong sides lost mostly the short hands the normal side
ended with one canasta while theirs had none). Not set: not counted. Measured (session 14, strong
sides against normal ones, 6 iterations): 300 points, 0.49 of deals 400-479 against 0.55 without
(paired difference -0.06 +- 0.14, margin -149 +- 212 points a deal), so it is not set."""

PARTIAL_CANASTA: dict[str, float] = {}
"""Per family (canasta only), the share of the mixed canasta bonus the estimate credits a side for
every card beyond three in a meld not yet a canasta (on the way to one). Not set: 0.1 (a 6-card
meld counts 90 points at a 300 bonus). Measured (session 14, Classic 4p, 6 iterations): 0.2,
0.51 of deals 400-471 against 0.53 without (paired -0.01 +- 0.13, margin -99 +- 192 points a deal),
so it is not set."""

LAY_FIRST: frozenset[str] = frozenset()
"""Families (canasta only) where the strong player, when the normal player melds or adds, compares
only other melds and adds (:func:`lay_first`): it may lay other cards, not stop laying and
discard. Traced in Classic 4p (session 14, deals 400-429, 6 iterations): the search replaced 158
of the normal player's 452 adds and 57 of its 175 melds by a discard (holding cards, since the
normal player's rest of the turn feeds the next seat within the two-round horizon), and the strong
sides ended 11 of 30 hands without a canasta (the normal sides 5) while the normal sides went out
in 18. Empty: every candidate (:func:`candidates`). Measured with ``canasta`` (6 iterations):
0.53 of deals 0-399 (interval 0.48-0.58, margin +75 +- 58) against 0.485 without (round 3's play;
paired +0.045 +- 0.062), and 0.52 of deals 400-499 against 0.54 (paired -0.02 +- 0.12): no
interval evidence and far from 0.60, so it stays empty. Kanaster 4p (same family): 0.68 of
deals 0-99 against 0.52 without (paired +0.16 +- 0.12, margin +241 +- 147): worth a 400-deal run;
two-hand: 0.78 of deals 0-99 (0.78 without over 0-399, round 5)."""


def lay_first(fam_name: str, normal: Any, cands: list[Any]) -> list[Any]:
    """``cands`` without the discards when ``fam_name`` is in :data:`LAY_FIRST` and the normal
    player's choice ``normal`` (``cands[0]``) is a meld or an add; else ``cands`` itself."""
    if fam_name not in LAY_FIRST or normal.kind not in ("meld", "add"):
        return cands
    return [m for m in cands if m.kind != "discard"]



def _canasta_side_values(state: Any, seat: int) -> tuple[int, list[float]]:
    """``(seat's side, the estimate per side)`` read from the state's fields (no view is made:
    tests/test_search.py checks it against the same sums over ``state.view``)."""
    from ..canasta.values import card_value

    rules = state.rules
    bonus = {"natural": getattr(rules, "natural_canasta_bonus", 500), "mixed": getattr(rules, "mixed_canasta_bonus", 300),
             "wild": getattr(rules, "wild_canasta_bonus", 0)}
    red_bonus = getattr(rules, "red_three_bonus", 100)
    side_of = rules.side_of
    partial = PARTIAL_CANASTA.get("canasta", 0.1)
    go_out = GO_OUT_POINTS.get("canasta", 0.0)
    needed = getattr(rules, "canastas_to_go_out", 2)
    values = [0.0] * len(state.melds)
    for side, melds in enumerate(state.melds):
        v = 0.0
        canastas = 0
        for m in melds.values():
            v += m.points()
            kind = m.canasta_kind
            if kind:
                v += bonus.get(kind, 0)
                canastas += 1
            else:
                n = len(m.cards)
                if n >= 4:  # on the way to a canasta
                    v += partial * (n - 3) * bonus["mixed"]
        reds = len(state.red_threes[side]) * red_bonus
        v += reds if state.melded[side] else -reds
        if go_out and canastas >= needed:
            v += go_out
        values[side] = v
    for s, hand in enumerate(state.hands):
        values[side_of[s]] -= sum(card_value(c) * k for c, k in hand.items())
    return side_of[seat], values


def contract_need(state: Any, seat: int) -> int:
    """Continental: the fewest cards (counted as added jokers) that would let ``seat``'s hand lay
    this deal's contract down (its sets and runs, no card to spare), at most :data:`MAX_NEED`;
    ``0`` once it is down or when its hand already holds the contract. Reads only that seat's
    hand (in a determinization: the sampled one)."""
    from ..cards import JOKER
    from ..continental.planner import Packer

    if state.down[seat]:
        return 0
    sets, runs = state.rules.contract(state.hand_number)
    hand = dict(state.hands[seat])
    for need in range(MAX_NEED):
        if Packer(state.rules, hand).feasible((), sets, runs, 0):
            return need
        hand[JOKER] = hand.get(JOKER, 0) + 1
    return MAX_NEED


def _lowest_seat_values(state: Any, family: str) -> list[float]:
    rules = state.rules
    if family == "threefifty":
        return [float(sum(rules.value(c) for c in pile)) for pile in state.piles]
    down = state.down
    return [float(sum(rules.value(c) * n for c, n in hand.items() if down[seat] or not c.is_joker))
            + (0.0 if down[seat] else NOT_DOWN + NEED_POINTS * (contract_need(state, seat) if NEED_POINTS else 0))
            for seat, hand in enumerate(state.hands)]


def evaluate(state: Any, family: str, seat: int, root_scores: list[int]) -> float:
    """``seat``'s worth of family state ``state`` in the game's points, higher is better: its
    side's score (or estimate) minus the mean of the other sides'. Once the hand is over, the
    hand's score change since ``root_scores`` (the cumulative scores when the search began);
    while it runs, the estimate of :mod:`meldtable.search` (module text)."""
    if family == "canasta":
        side_of = state.rules.side_of
        me = side_of[seat]
        if state.hand_over:
            deltas = [a - b for a, b in zip(state.scores, root_scores)]
        else:
            me, deltas = _canasta_side_values(state, seat)
        others = [d for i, d in enumerate(deltas) if i != me]
        return float(deltas[me] - (sum(others) / len(others) if others else 0.0))
    if state.hand_over:
        deltas = [float(a - b) for a, b in zip(state.scores, root_scores)]
    else:
        deltas = _lowest_seat_values(state, family)
    others = [d for i, d in enumerate(deltas) if i != seat]
    return float((sum(others) / len(others) if others else 0.0) - deltas[seat])


def leaf_value(state: Any, family: str, seat: int, root_scores: list[int]) -> float:
    """The search's value of family state ``state`` for ``seat`` (higher is better), in the game's
    points: :func:`evaluate`, except that in families won by the lowest score the other seats'
    mean is blended with their minimum by :data:`LEADER_WEIGHT` (the seat to beat for the deal),
    and that :data:`WIN_SCALE` bounds it where set."""
    w = LEADER_WEIGHT.get(family, 0.0)
    if family == "canasta" or not w:
        value = evaluate(state, family, seat, root_scores)
        scale = WIN_SCALE.get(family)
        return scale * math.tanh(value / scale) if scale else value
    if state.hand_over:
        deltas = [float(a - b) for a, b in zip(state.scores, root_scores)]
    else:
        deltas = _lowest_seat_values(state, family)
    others = [d for i, d in enumerate(deltas) if i != seat]
    if not others:
        return -deltas[seat]
    return float((1.0 - w) * sum(others) / len(others) + w * min(others) - deltas[seat])


# ---------------------------------------------------------------------------------- the player

def normal_policy(family: Any, state: Any, legal: list[Any]) -> Any:
    """The normal player's move in ``state`` (a family state) among ``legal``, from the view of the
    seat to act."""
    if len(legal) == 1:
        return legal[0]
    seat = state.current_player
    light = _light_view(family)
    return family.choose_move(state.view(seat) if light is None else light(state, seat), legal)


_LIGHT: dict[str, Any] = {}


def _light_view(family: Any) -> Any:
    """The family bot module's ``search_view(state, seat)`` (the part of the view its normal
    player reads, made cheaply), or ``None`` where there is none (the whole view is made)."""
    name = family.__name__.split(".")[1]
    if name not in _LIGHT:
        _LIGHT[name] = getattr(importlib.import_module(f"meldtable.{name}.bot"), "search_view", None)
    return _LIGHT[name]


def playout(family: Any, state: Any, horizon: int, deadline: float | None = None) -> bool:
    """Play the normal player for every seat on ``state`` (changed in place) until the hand is over
    or the seat to act has changed ``horizon`` times (at most :data:`MAX_PLAYOUT_MOVES` moves).
    ``False`` if ``deadline`` (a ``time.perf_counter()`` value) passed first (checked every
    :data:`CLOCK_EVERY` moves): the playout is then unfinished."""
    changes = 0
    last = state.current_player
    for k in range(MAX_PLAYOUT_MOVES):
        if state.hand_over:
            return True
        if deadline is not None and k % CLOCK_EVERY == CLOCK_EVERY - 1 and time.perf_counter() >= deadline:
            return False
        legal = state.legal_moves()
        if not legal:
            return True
        state.apply(normal_policy(family, state, legal))
        now = state.current_player
        if now != last:
            changes += 1
            last = now
            if changes >= horizon:
                return True
    return True


def candidates(legal: list[Any], normal: Any, rng: random.Random) -> list[Any]:
    """The moves the strong player compares, the normal player's choice first: every legal move
    when there are at most :data:`MAX_CANDIDATES`, else the normal player's choice, every take, draw, claim, pass and
    answer, then discards and the other moves drawn from ``rng``, up to :data:`MAX_CANDIDATES`."""
    if len(legal) <= MAX_CANDIDATES:
        return [normal] + [m for m in legal if m != normal]
    first = [normal] + [m for m in legal if m != normal and m.kind in ("take", "draw", "claim", "pass", "yes", "no", "ask")]
    rest = [m for m in legal if m not in first]
    discards = [m for m in rest if m.kind == "discard"]
    others = [m for m in rest if m.kind != "discard"]
    rng.shuffle(discards)
    rng.shuffle(others)
    return (first + discards + others)[:MAX_CANDIDATES]


def search(game: Game, rng: random.Random, *, budget_ms: float | None = 160.0, iterations: int | None = None,
           horizon_turns: int | None = None) -> list[tuple[Any, list[float | None]]]:
    """The strong player's evaluation of the seat to act's candidate moves: ``[(move, values)]``,
    the normal player's choice first; ``values[j]`` is the move's value in the ``j``-th
    determinization (the same for every candidate: paired samples), ``None`` where the time ran
    out before it. ``iterations`` (an ``int``): exactly that many determinizations (no clock);
    else as many as fit ``budget_ms`` milliseconds of wall time (a decision overruns it by one
    determinization and :data:`CLOCK_EVERY` moves at most; without paired samples the normal
    choice stands).
    Reads only what the seat to act may know (:func:`determinize`); ``game`` is not changed. A
    position that cannot be determinized now gives the candidates without values."""
    start = time.perf_counter()  # the budget counts everything below
    seat = game.current_player
    assert seat is not None
    legal = game.legal_moves()
    family = game.family
    fam_name = game.variant.family
    normal = family.choose_move(game.view(seat), legal)
    cands = lay_first(fam_name, normal, candidates(legal, normal, rng))
    values: list[list[float | None]] = [[] for _ in cands]
    if len(cands) == 1:
        return [(cands[0], [])]
    root_scores = list(game.state.scores)
    known = known_cards(game)
    turns = HORIZON_TURNS[fam_name] if horizon_turns is None else horizon_turns
    horizon = max(1, turns * game.players)
    deadline = None if iterations is not None else start + (budget_ms or 0.0) / 1000.0
    done = 0
    while iterations is None or done < iterations:
        if deadline is not None and done and time.perf_counter() >= deadline:
            break
        det = determinize_state(game, seat, rng, known)
        if det is None:
            break
        for i, move in enumerate(cands):
            value: float | None = None
            if deadline is None or time.perf_counter() < deadline:
                s = det.copy()  # (anytime: past the deadline the iteration's other values stay None)
                if s.is_legal(move):
                    s.apply(move)
                    if playout(family, s, horizon, deadline):
                        value = leaf_value(s, fam_name, seat, root_scores)
            values[i].append(value)
        done += 1
    return [(m, values[i]) for i, m in enumerate(cands)]


def strong_move(game: Game, rng: random.Random, *, budget_ms: float | None = 160.0, iterations: int | None = None) -> Any:
    """The strong player's move for the seat to act (see :func:`search`): the normal player's
    choice, unless another candidate beats it on the paired samples by more than
    :data:`TIE_MARGIN` points on average and by :data:`EVIDENCE` standard errors (then the one
    with the best average gain). In the families of :data:`POLICY_ONLY` (Continental): the family's
    strong policy (:func:`meldtable.continental.strong.choose_move`, from the seat's view and the
    deal's public moves only), without a search; in those of :data:`NORMAL_ONLY`: the normal
    player's move, without a search."""
    fam_name = game.variant.family
    if fam_name in POLICY_ONLY and fam_name == "continental":
        from ..continental.strong import choose_move as continental_strong

        return continental_strong(game)
    if fam_name in NORMAL_ONLY:
        seat = game.current_player
        assert seat is not None
        return game.family.choose_move(game.view(seat), game.legal_moves())
    results = search(game, rng, budget_ms=budget_ms, iterations=iterations)
    normal, base = results[0]
    best, gain = normal, 0.0
    evidence = EVIDENCE[fam_name]
    for move, vals in results[1:]:
        diffs = [v - b for v, b in zip(vals, base) if v is not None and b is not None]
        n = len(diffs)
        if n < 2:
            continue
        mean = sum(diffs) / n
        sd = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5
        if mean > TIE_MARGIN and mean > evidence * sd / n ** 0.5 and mean > gain:
            best, gain = move, mean
    return best
