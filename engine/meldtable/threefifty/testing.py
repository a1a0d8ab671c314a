"""Harness hooks of the 3 ist 50 family: game knowledge for the family-independent simulation
harness (tests/sim_harness.py, bench/harness.py; docs/architecture.md, "harness hooks").
Read-only helpers: none of them changes a state, and the engine itself never calls them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card
from ..multiset import counted
from .hidden import shuffle_hidden  # the harness reads it here too
from .rules import SCORE_ITEMS, Rules
from .state import ThreeFiftyState

# ---------------------------------------------------------------------- harness hooks
# Game knowledge for the family-independent simulation harness (tests/sim_harness.py,
# bench/harness.py; docs/architecture.md, "harness hooks"). Read-only helpers: none of them
# changes a state, and the engine itself never calls them.

__all__ = ["expected_cards", "hand_size_ok", "move_bound", "shuffle_hidden", "results_add_up"]


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


if TYPE_CHECKING:  # mypy --strict checks this module against the harness's contract
    from .. import family as _contract
    from . import testing as _this

    _CONTRACT: _contract.HarnessRoom[Rules, ThreeFiftyState] = _this
