"""The canasta family's annotations room (issue #26: what the engine tells the page, so that the
page knows no rule), reached through the family module's ``ANNOTATIONS`` by
:mod:`meldtable.annotations`: the warnings before costly mistakes (issue #13; worded here, the page
only filters them by the person's settings) and the table's ``take_cards``.

Warnings:

- ``discard_wild``: the discarded card is a wild card (seed 000: "2er und Joker sind wilde
  Karten"; a wild card on the pile freezes it and helps the next player's take).
- ``discard_addable``: the discarded card could still be added to one of the side's melds (a legal
  ``add`` of that card alone, before the discard).
- ``initial_meld_short``: the meld counts fewer points than the side's initial-meld minimum (seed
  000's table, ``initial_meld_counts``): the turn is then committed to reaching it (the engine's
  turn after the meld still ``needs_initial_meld``).

``take_cards`` (:func:`take_cards`; seeds 000/001/004 'Aufnehmen des Ablagestapels': the pile is
taken with a natural pair of the top card's rank, or a natural card and a wild card where the
options allow): the hand cards the page sends with "Take pile" when the person selected none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..annotations import DISCARD_WILD, Found
from ..cards import Card
from ..reasons import Catalogue
from .values import THREE, is_wild

if TYPE_CHECKING:
    from ..game import Game

CATALOGUE = Catalogue("canasta", {
    "discard_wild": DISCARD_WILD,
    "discard_addable": (
        ("card",), "This card ({card:card}) could still be added to one of your side's melds.",
        "Diese Karte ({card:card}) könntest du noch an eine Meldung deiner Seite anlegen."),
    "initial_meld_short": (
        ("have", "minimum"),
        "This meld counts {have} of the {minimum} points of your initial meld: once it is on the table you must "
        "reach {minimum} points this turn.",
        "Diese Meldung zählt {have} der {minimum} Punkte deiner Erstmeldung: Liegt sie, musst du in diesem Zug "
        "{minimum} Punkte erreichen."),
})
"""Every canasta warning: key -> parameters, English and German texts (:class:`~meldtable.reasons.Catalogue`)."""

SETTING: Mapping[str, str] = {
    "discard_wild": "warnWild", "discard_addable": "warnPlayable", "initial_meld_short": "warnInitial",
}
"""Warning key -> the page setting that turns it off (:data:`meldtable.annotations.SETTINGS`)."""



def discard(card: Any, legal: Sequence[Any]) -> Found:
    """A discard of ``card`` (a :class:`~meldtable.cards.Card`), ``legal`` the moves before it:
    ``discard_wild`` for a wild card, ``discard_addable`` when a legal ``add`` places it alone."""
    out: Found = []
    if is_wild(card):
        out.append(("discard_wild", {"card": card.text}))
    if any(m.kind == "add" and len(m.cards) == 1 and m.cards[0] == card for m in legal):
        out.append(("discard_addable", {"card": card.text}))
    return out


def _turn(g: Game, seat: int) -> dict[str, Any] | None:
    turn = g.view(seat).get("turn")
    return turn if isinstance(turn, dict) and turn.get("seat") == seat else None


def committed(before: Game, moves: Sequence[Any], after: Game, seat: int) -> Found:
    """``initial_meld_short`` (``have``, ``minimum``) for an action with a meld after which the
    turn still needs the initial meld with fewer points than its minimum."""
    turn = _turn(before, seat)
    if not (any(m.kind == "meld" for m in moves) and turn and turn.get("needs_initial_meld") and turn["minimum"] > 0):
        return []
    nxt = _turn(after, seat)
    if nxt and nxt.get("needs_initial_meld") and nxt["initial_meld_points"] < turn["minimum"]:
        return [("initial_meld_short", {"have": nxt["initial_meld_points"], "minimum": turn["minimum"]})]
    return []


def preview(g: Game, legal: Sequence[Any]) -> dict[str, Found]:
    """While the turn needs the initial meld and a meld is legal: ``initial_meld_short`` for the
    page's ``meld`` and ``move`` actions (``have`` not known before the meld is tried: ``"?"``)."""
    seat = g.current_player
    turn = _turn(g, seat) if seat is not None else None
    if turn and turn.get("needs_initial_meld") and turn["minimum"] > 0 and any(m.kind == "meld" for m in legal):
        found: Found = [("initial_meld_short", {"have": "?", "minimum": turn["minimum"]})]
        return {"meld": found, "move": found}
    return {}


def take_cards(g: Game, legal: list[Any]) -> list[str]:
    """The cards (texts, hand order) to send with a ``take`` action when none are selected: the
    simplest legal take (fewest cards, then fewest wild cards; ``[]`` for a take without hand
    cards), or, when no take is legal now, the cards a person would try (the natural cards of the
    top card's rank, with a wild card when only one is held, else two natural cards of another
    rank; ``[]`` when there are none), whose refusal says why the pile cannot be taken. ``g`` is a
    canasta game whose hand is not over; ``legal`` its legal moves for the seat to act (empty when
    it is not the person's turn)."""
    takes = [m for m in legal if m.kind == "take"]
    if takes:
        if any(not m.cards for m in takes):
            return []
        best = min(takes, key=lambda m: (len(m.cards), sum(1 for c in m.cards if is_wild(c))))
        return [c.text for c in best.cards]
    seat = g.current_player
    if seat is None:
        return []
    view = g.view(seat)
    top_text = (view.get("discard") or {}).get("top")
    if not top_text:
        return []
    top = Card.parse(top_text)
    hand = [Card.parse(t) for t in view.get("hand") or []]
    same = [c for c in hand if not is_wild(c) and c.rank == top.rank][:2]
    if len(same) == 2:
        return [c.text for c in same]
    wild = next((c for c in hand if is_wild(c)), None)
    if len(same) == 1 and wild is not None:
        return [same[0].text, wild.text]
    other = [c for c in hand if not is_wild(c) and c.rank != THREE]
    return [c.text for c in other[:2]] if len(other) >= 2 else []
