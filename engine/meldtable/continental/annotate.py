"""The continental family's annotations room (issue #26), reached through the family module's
``ANNOTATIONS`` by :mod:`meldtable.annotations`: the warnings before costly mistakes (issue #13;
worded here, the page only filters them by the person's settings).

- ``discard_wild``: the discarded card is a joker (seed 002: the jokers are the wild cards).
- ``discard_lays_off``: the discarded card could still be laid off on a combination on the table
  (a legal ``add`` of that card alone, before the discard).
- ``contract_commits``: the combination is the first part of a contract of more than one
  (docs/rules/continental.md §8.2: the contract is laid down all in one turn, so its first
  combination commits the player to laying the rest, ``rest``, this turn before discarding).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..annotations import DISCARD_WILD, Found
from ..reasons import Catalogue
from .rules import contract_name

if TYPE_CHECKING:
    from ..game import Game

CATALOGUE = Catalogue("continental", {
    "discard_wild": DISCARD_WILD,
    "discard_lays_off": (
        ("card",), "This card ({card:card}) could still be laid off on a combination on the table.",
        "Diese Karte ({card:card}) könntest du noch an eine Kombination auf dem Tisch anlegen."),
    "contract_commits": (
        ("contract", "rest"),
        "This is the first part of your contract ({contract}): once it is on the table you must lay down the rest "
        "({rest}) in this turn, before you may discard.",
        "Das ist der erste Teil deines Vertrags ({contract:contract}): Liegt er, musst du den Rest ({rest:contract}) "
        "noch in diesem Zug auslegen, bevor du abwerfen darfst."),
})
"""Every continental warning: key -> parameters, English and German texts (:class:`~meldtable.reasons.Catalogue`)."""

SETTING: Mapping[str, str] = {
    "discard_wild": "warnWild", "discard_lays_off": "warnPlayable", "contract_commits": "warnInitial",
}
"""Warning key -> the page setting that turns it off (:data:`meldtable.annotations.SETTINGS`)."""

LAYS = ("set", "run")
"""The move kinds (and page action types) that lay a combination of the contract down."""


def discard(card: Any, legal: Sequence[Any]) -> Found:
    """A discard of ``card`` (a :class:`~meldtable.cards.Card`), ``legal`` the moves before it:
    ``discard_wild`` for a joker, ``discard_lays_off`` when a legal ``add`` lays it off alone."""
    out: Found = []
    if card.is_joker:
        out.append(("discard_wild", {"card": card.text}))
    if any(m.kind == "add" and len(m.cards) == 1 and m.cards[0] == card for m in legal):
        out.append(("discard_lays_off", {"card": card.text}))
    return out


def _contract(g: Game, seat: int) -> tuple[int, int] | None:
    """The contract ``(sets, runs)`` of more than one combination that ``seat``, not down and not
    laying down, would start with its next combination; else ``None``."""
    v = g.view(seat)
    turn, contract = v.get("turn"), v.get("contract")
    if not isinstance(turn, dict) or turn.get("seat") != seat or turn.get("laying_down") or not contract:
        return None
    if any(s["seat"] == seat and s["down"] for s in v["seats"]):
        return None
    sets, runs = contract["sets"], contract["runs"]
    return (sets, runs) if sets + runs >= 2 else None


def committed(before: Game, moves: Sequence[Any], after: Game, seat: int) -> Found:
    """``contract_commits`` (``contract``, ``rest``: contract names,
    :func:`~meldtable.continental.rules.contract_name`) for a first combination of a contract
    after which the rest is still to lay this turn."""
    need = _contract(before, seat) if any(m.kind in LAYS for m in moves) else None
    turn = after.view(seat).get("turn") if need else None
    rest = turn.get("laying_down") if isinstance(turn, dict) and turn.get("seat") == seat else None
    if need and rest:
        return [("contract_commits", {"contract": contract_name(*need), "rest": contract_name(rest["sets"], rest["runs"])})]
    return []


def preview(g: Game, legal: Sequence[Any]) -> dict[str, Found]:
    """When a legal set or run would start a contract of more than one combination:
    ``contract_commits`` for the page's ``set``/``run`` actions (and ``move``: the first), with
    the rest after one combination of that kind."""
    seat = g.current_player
    need = _contract(g, seat) if seat is not None else None
    out: dict[str, Found] = {}
    if need:
        sets, runs = need
        for kind in LAYS:
            if any(m.kind == kind for m in legal):
                rest = contract_name(sets - (kind == "set"), runs - (kind == "run"))
                out[kind] = [("contract_commits", {"contract": contract_name(sets, runs), "rest": rest})]
        if out:
            out["move"] = next(iter(out.values()))
    return out
