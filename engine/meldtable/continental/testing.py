"""Harness hooks of the continental family: game knowledge for the family-independent simulation
harness (tests/sim_harness.py, bench/harness.py; docs/architecture.md, "harness hooks").
Read-only helpers: none of them changes a state, and the engine itself never calls them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card, standard_deck
from ..multiset import counted
from .hidden import shuffle_hidden  # the harness reads it here too
from .rules import Rules
from .state import ContinentalState

__all__ = ["expected_cards", "hand_size_ok", "move_bound", "shuffle_hidden", "results_add_up"]


def expected_cards(state: ContinentalState) -> dict[Card, int]:
    """Every physical card of the deal in play: ``state.decks`` decks (the deck grows between
    deals, option ``deck_schedule``) with ``jokers_per_deck`` jokers each. Compare with
    ``state.conservation()``."""
    return counted(standard_deck(state.decks, state.rules.jokers_per_deck))


def hand_size_ok(state: ContinentalState) -> bool:
    """Whether the hand sizes are ones the rules allow: while the deal runs every hand holds at
    least one card (an empty hand has gone out, which ends the deal); once someone went out, that
    hand is empty. (Claims, adds to other seats' combinations and joker exchanges change the sizes
    in ways the state does not record, so no tighter bound is checked.)"""
    sizes = [sum(h.values()) for h in state.hands]
    if state.hand_over:
        return state.out_seat is None or sizes[state.out_seat] == 0
    return all(n >= 1 for n in sizes)


def move_bound(rules: Rules) -> int:
    """Moves one deal lasts at most, for every way of playing:
    ``D * players + 2 * T + D + 3 * N`` with ``N`` cards in the largest deck of the match,
    ``D = N * (1 + max_reshuffles)`` draws and ``T = max_takes_in_a_row * (D + 1)`` takes
    (32,440 for eight players with four decks, 14,296 for two players with two decks, by default).

    Why: every draw takes a card from the main or the penalty stock, which only reshuffles refill
    (at most ``max_reshuffles`` times, at most ``N`` cards each), so there are at most ``D``
    draws, each followed by at most ``players - 1`` claim decisions (``D * players`` moves).
    Option ``max_takes_in_a_row``: at most that many turns in a row begin with a take, and each
    such run ends with a draw or the end of the deal, so at most ``T`` turns begin with a take.
    Every turn begins with a draw or a take and has at most one discard (``D + T`` discards).
    Cards never leave the table: sets, runs and adds of natural cards are at most ``N``; a joker
    exchange puts a natural card on the table for good (at most ``N`` exchanges), and each
    exchanged joker is added again once (at most ``N`` more adds): ``3 * N`` table moves."""
    n = max(rules.decks_for(d) for d in range(1, rules.deals + 1)) * (52 + rules.jokers_per_deck)
    draws = n * (1 + rules.max_reshuffles)
    takes = rules.max_takes_in_a_row * (draws + 1)
    return draws * rules.players + 2 * takes + draws + 3 * n


def results_add_up(state: ContinentalState) -> bool:
    """Whether the last finished deal's itemised result matches the table it was scored from:
    every seat's ``hand_cards`` is the value of the cards left in its hand (0 for the seat that
    went out), ``down_and_out`` only for the seat that went out, ``exhausted`` exactly when nobody
    went out, items add up to totals, and the cumulative scores are ``state.scores``."""
    if not state.results:
        return True
    res = state.results[-1]
    out = res.get("went_out")
    if res.get("exhausted") != (out is None):
        return False
    for s in res["sides"]:
        seat, items = s["side"], s["items"]
        if sum(items.values()) != s["total"]:
            return False
        if seat != out and items["down_and_out"]:
            return False
        if state.hand_over and res.get("hand") == state.hand_number:
            if items["hand_cards"] != sum(state.rules.value(c) * n for c, n in state.hands[seat].items()):
                return False
    if out is not None and res["sides"][out]["items"]["hand_cards"] != 0:
        return False
    return [s["cumulative"] for s in res["sides"]] == list(state.scores)


if TYPE_CHECKING:  # mypy --strict checks this module against the harness's contract
    from .. import family as _contract
    from . import testing as _this

    _CONTRACT: _contract.HarnessRoom[Rules, ContinentalState] = _this
