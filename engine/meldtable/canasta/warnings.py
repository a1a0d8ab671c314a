"""The canasta family's warnings before costly mistakes (issue #13, "Warnings before costly
mistakes"; issue #26: worded by the engine, the page only filters them by the person's settings).
Reached through the family module's ``WARNINGS`` (:mod:`meldtable.annotations`).

- ``discard_wild``: the discarded card is a wild card (seed 000: "2er und Joker sind wilde
  Karten"; a wild card on the pile freezes it and helps the next player's take).
- ``discard_addable``: the discarded card could still be added to one of the side's melds (a legal
  ``add`` of that card alone, before the discard).
- ``initial_meld_short``: the meld counts fewer points than the side's initial-meld minimum (seed
  000's table, ``initial_meld_counts``): the turn is then committed to reaching it (the engine's
  turn after the meld still ``needs_initial_meld``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..annotations import Found
from ..reasons import Catalogue
from .values import is_wild

if TYPE_CHECKING:
    from ..game import Game

CATALOGUE = Catalogue("canasta", {
    "discard_wild": (
        ("card",), "You are about to discard a wild card ({card:card}): the next player may take it.",
        "Du willst eine wilde Karte ({card:card}) abwerfen: Der nächste Spieler kann sie nehmen."),
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
