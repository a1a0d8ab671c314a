"""The canasta table's ``take_cards`` (docs/protocol.md, "table"): the hand cards the page sends
with "Take pile" when the person selected none, so that the page picks no cards by a rule of its
own (issue #26). Reached through the family module's ``TAKE`` (:func:`meldtable.annotations.take_cards`).

Seeds 000/001/004 'Aufnehmen des Ablagestapels': the pile is taken with a natural pair of the top
card's rank (or a natural card and a wild card where the options allow).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import Card
from .values import THREE, is_wild

if TYPE_CHECKING:
    from ..game import Game


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
