"""Harness hooks of the 3 ist 50 family: game knowledge for the family-independent simulation
harness (tests/sim_harness.py, bench/harness.py; docs/architecture.md, "harness hooks").
Read-only helpers: none of them changes a state, and the engine itself never calls them."""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..multiset import counted
from .rules import SCORE_ITEMS, Rules
from .state import ThreeFiftyState

# ---------------------------------------------------------------------- harness hooks
# Game knowledge for the family-independent simulation harness (tests/sim_harness.py,
# bench/harness.py; docs/architecture.md, "harness hooks"). Read-only helpers: none of them
# changes a state, and the engine itself never calls them.


def expected_cards(state: ThreeFiftyState) -> dict[Card, int]:
    """Every physical card in play: ``decks`` x (52 cards + ``jokers_per_deck`` jokers), the same
    in every game of the match. Compare with ``state.conservation()``."""
    return counted(state.rules.deck())


def hand_size_ok(state: ThreeFiftyState) -> bool:
    """Whether the hand sizes fit the turn order: every seat plays one card per turn, starting
    left of the round's dealer, so the seats that have played this turn round hold one card less
    than the others (between 1 and ``round_cards`` for the seat to act); a finished game has
    empty hands."""
    sizes = [sum(h.values()) for h in state.hands]
    if state.hand_over:
        return not any(sizes)
    n = state.rules.players
    to_act = state.to_act
    if to_act is None:
        return False
    c = sizes[to_act]
    played = set()
    q = (state.dealer + 1) % n
    while q != to_act:
        played.add(q)
        q = (q + 1) % n
    return 1 <= c <= state.round_cards and all(sizes[q] == (c - 1 if q in played else c) for q in range(n))


def move_bound(rules: Rules) -> int:
    """Most moves one game (core hand) lasts: the deck's size, ``decks * (52 + jokers_per_deck)``
    (104 by default). Every move plays one hand card, no card goes back into a hand, and the hands
    are dealt from the stock, which is never refilled."""
    return rules.decks * (52 + rules.jokers_per_deck)


def _run_len(xs: list[str]) -> int:
    if not xs:
        return 0
    rank = xs[-1] if xs[-1] == "JK" else xs[-1][0]
    k = 1
    while k < len(xs) and (xs[-1 - k] if xs[-1 - k] == "JK" else xs[-1 - k][0]) == rank:
        k += 1
    return k


def shuffle_hidden(data: dict[str, Any], seat: int, rng: Any, tries: int = 50) -> dict[str, Any] | None:
    """The ``state`` part of a saved game (``to_dict()``) with every card hidden from ``seat``
    shuffled among the hidden places (``rng.shuffle``): the other hands, the stock, the set-aside
    cards, and the cards below the top run of the discard pile and (while the game runs) of every
    minus pile. Sizes stay, and the card just below a top run never gets the run's rank, so the
    runs stay as they are. ``None`` if no such shuffle was found in ``tries`` attempts (rare)."""
    import copy

    st = copy.deepcopy(data)
    slots: list[tuple[list[str], int]] = []
    guards: list[tuple[list[str], int, str]] = []
    for p, h in enumerate(st["hands"]):
        if p != seat:
            slots += [(h, i) for i in range(len(h))]
    slots += [(st["stock"], i) for i in range(len(st["stock"]))]
    slots += [(st["set_aside"], i) for i in range(len(st["set_aside"]))]
    covered = [st["discard_pile"]] + ([] if st["hand_over"] else st["piles"])
    for xs in covered:
        below = len(xs) - _run_len(xs)
        slots += [(xs, i) for i in range(below)]
        if below:
            guards.append((xs, below - 1, xs[-1] if xs[-1] == "JK" else xs[-1][0]))
    pool = sorted(xs[i] for xs, i in slots)  # canonical order: the deal depends on rng alone (meldtable.search)
    for _ in range(tries):
        rng.shuffle(pool)
        for (xs, i), c in zip(slots, pool):
            xs[i] = c
        if all((xs[i] if xs[i] == "JK" else xs[i][0]) != r for xs, i, r in guards):
            return st
    return None


def results_add_up(state: ThreeFiftyState) -> bool:
    """Whether the last finished game's itemised result matches the table: items add up to the
    total, each total is the value of that seat's minus pile, the totals plus the unscored
    leftovers (centre, discard pile, set-aside cards) are the whole deck's value, and the
    cumulative scores are ``state.scores``."""
    if not state.results:
        return True
    r = state.rules
    res = state.results[-1]
    for s in res["sides"]:
        if sum(s["items"].values()) != s["total"] or set(s["items"]) != set(SCORE_ITEMS):
            return False
    if state.hand_over and res.get("hand") == state.hand_number:
        totals = [s["total"] for s in res["sides"]]
        if totals != [sum(r.value(c) for c in pile) for pile in state.piles]:
            return False
        leftovers = sum(r.value(c) for c in state.centre + state.discard + state.set_aside)
        if sum(totals) + leftovers != sum(r.value(c) for c in r.deck()):
            return False
    return [s["cumulative"] for s in res["sides"]] == list(state.scores)
