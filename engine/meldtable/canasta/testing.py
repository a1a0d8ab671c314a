"""Harness hooks of the canasta family: game knowledge for the family-independent simulation
harness (tests/sim_harness.py, bench/harness.py; docs/architecture.md, "harness hooks").
Read-only helpers: none of them changes a state, and the engine itself never calls them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card, standard_deck
from ..multiset import counted
from .hidden import shuffle_hidden  # the harness reads it here too
from .melds import Meld
from .rules import Rules
from .state import CanastaState
from .values import card_value, is_red_three


def expected_cards(state: CanastaState) -> dict[Card, int]:
    """Every physical card in play, as a multiset: ``decks`` x (52 cards + ``jokers_per_deck``
    jokers), the same in every hand of the match. Compare with ``state.conservation()``."""
    return counted(standard_deck(state.rules.decks, state.rules.jokers_per_deck))

__all__ = ["expected_cards", "hand_size_ok", "move_bound", "shuffle_hidden", "results_add_up"]


def hand_size_ok(state: CanastaState) -> bool:
    """Whether the hand sizes are ones the rules allow: no red three in any hand (they are laid
    out at once; with ``red_three_exposure`` = ``first_turn`` none in the hand of the seat to act,
    which has laid them out when its turn began); while the hand runs every hand holds at least one card (an empty hand has gone
    out, which ends the hand); once someone went out, that seat's hand is empty."""
    if state.rules.red_three_exposure == "at_deal":
        if any(is_red_three(c) for h in state.hands for c in h):
            return False
    elif not state.hand_over and any(is_red_three(c) for c in state.hands[state.turn.seat]):
        return False
    sizes = [sum(h.values()) for h in state.hands]
    if any(sizes[seat] for seat in range(len(sizes)) if seat not in state.order):
        return False  # the seat that sits out this deal holds no cards
    if not state.hand_over:
        return all(sizes[seat] >= 1 for seat in state.order)
    return state.out_seat is None or sizes[state.out_seat] == 0


def move_bound(rules: Rules) -> int:
    """Most moves one hand can last: ``4 * N + 1`` for a deck of ``N`` cards (433 with two decks).

    Why: cards never leave a meld and the stock is never refilled, so there are at most ``N``
    draws (each takes a stock card) and at most ``N`` takes, melds and adds together (each puts at
    least one card into a meld for good); a turn starts with a draw or a take and has at most one
    discard, so discards are at most ``2 * N``; a ``pass`` (stock used up, play on discards)
    ends the hand, so there is at most one."""
    return 4 * rules.decks * (52 + rules.jokers_per_deck) + 1


def results_add_up(state: CanastaState) -> bool:
    """Whether the last finished hand's itemised result matches the table it was scored from:
    melded cards = the side's meld points, hand cards = minus the cards left in its hands, the
    going-out items only for the side that went out, canasta bonuses by the canastas on the
    table, items add up to totals, and the cumulative scores are ``state.scores``."""
    if not state.results:
        return True
    r = state.rules
    res = state.results[-1]
    if state.hand_over and res.get("hand") != state.hand_number:
        return False
    out_side = None if res.get("went_out") is None else r.side_of[res["went_out"]]
    for s in res["sides"]:
        side, items = s["side"], s["items"]
        if sum(items.values()) != s["total"]:
            return False
        if state.hand_over and not _table_items_add_up(state, side, items, out_side):
            return False
        if side != out_side and (items["going_out"] or items["concealed"] or items.get("early_out")):
            return False
        if side == out_side and items["going_out"] != r.going_out_bonus:
            return False
    return [s["cumulative"] for s in state.results[-1]["sides"]] == list(state.scores)


def _table_items_add_up(state: CanastaState, side: int, items: dict[str, int], out_side: int | None) -> bool:
    """A finished hand's items of ``side`` that the table shows: melded cards, hand cards and the
    canasta bonuses (:func:`_canasta_items_add_up`)."""
    r = state.rules
    melds = list(state.melds[side].values())
    if items["melded_cards"] != sum(m.points() for m in melds):
        return False
    if items["hand_cards"] != -sum(card_value(c) * n for seat in r.sides[side] for c, n in state.hands[seat].items()):
        return False
    bonus = r.loser_canasta_bonus or out_side is None or out_side == side  # (option loser_canasta_bonus)
    return _canasta_items_add_up(r, melds, items, bonus)


def _canasta_items_add_up(r: Rules, melds: list[Meld], items: dict[str, int], bonus: bool) -> bool:
    """The canasta bonus items of a side's ``melds`` (``bonus``: whether its canastas earn one):
    wild, natural, mixed and hand canastas."""
    hand_c = [m for m in melds if r.hand_canasta_bonus and m.hand_canasta and m.canasta_kind in ("natural", "mixed")]
    wild_canastas = sum(1 for m in melds if m.canasta_kind == "wild")
    if items.get("wild_canastas", 0) != bonus * r.wild_canasta_bonus * wild_canastas and r.wild_canasta == "allowed":
        return False
    if items["natural_canastas"] != bonus * r.natural_canasta_bonus * sum(
            1 for m in melds if m.canasta_kind == "natural" and m not in hand_c):
        return False
    if items["mixed_canastas"] != bonus * r.mixed_canasta_bonus * sum(
            1 for m in melds if m.canasta_kind == "mixed" and m not in hand_c):
        return False
    return bool(items.get("hand_canastas", 0) == bonus * r.hand_canasta_bonus * len(hand_c))


if TYPE_CHECKING:  # mypy --strict checks this module against the harness's contract
    from .. import family as _contract
    from . import testing as _this

    _CONTRACT: _contract.HarnessRoom[Rules, CanastaState] = _this
