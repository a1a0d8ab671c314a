"""What the engine tells the page about moves, so the page knows no rule (issue #26 item 2).

- :func:`explain`: the api op ``explain`` (docs/protocol.md, "explain"): whether a move in
  notation is legal now for the person's seat to act and, if not, the refusal ``act`` would give
  (key, params, texts in English and German), without changing the game.
- :func:`take_cards`: the table's ``take_cards`` (docs/protocol.md, "table"), the hand cards the
  page sends with "Take pile" when the person selected none, from the family's annotations room
  (:mod:`meldtable.canasta.annotate`); ``None`` for a family whose room has none.
- :func:`warnings` and :func:`may_warn`: the warnings an action of the person deserves before a
  costly mistake (a wild card discarded, a card discarded that could still be added, a meld that
  commits the turn to the initial-meld minimum or to the rest of a contract; issue #13), from
  the family's annotations room (a family module's ``ANNOTATIONS``: e.g.
  :mod:`meldtable.canasta.annotate`), as keyed annotations with English and German texts
  (:class:`~meldtable.reasons.Catalogue`). The ``act`` answer carries the applied action's
  ``warnings``; every table carries ``may_warn``, the warnings the person's next action may
  deserve (the page tries such an action on a scratch copy first, docs/protocol.md, "act").

The variant-level facts (``undo``, options' ``shown_when``) are in the ``hello`` descriptors
(:meth:`meldtable.options.Variant.describe`).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, cast

from .errors import IllegalMoveError
from .game import Game
from .reasons import Catalogue

SETTINGS = ("warnWild", "warnPlayable", "warnInitial")
"""The page's settings a warning can belong to (web/tablekit.js DEFAULTS): a person who turned one
off is not warned of that kind."""


class WarningRoom(Protocol):
    """A family's annotations room, the module its family module's ``ANNOTATIONS`` names (a
    module with ``take_cards(game, legal) -> list[str]`` too gives the tables ``take_cards``)."""

    CATALOGUE: Catalogue
    """Every warning key with its parameters and English and German texts."""

    SETTING: Mapping[str, str]
    """Warning key -> the page setting (one of :data:`SETTINGS`) that turns it off."""

    def discard(self, card: Any, legal: Sequence[Any]) -> Found:
        """``(key, params)`` of the warnings a discard of ``card`` deserves, ``legal`` the legal
        moves before it."""

    def committed(self, before: Game, moves: Sequence[Any], after: Game, seat: int) -> Found:
        """``(key, params)`` of the warnings of an action (``moves`` applied to ``before`` giving
        ``after``) that commits ``seat``'s turn (an initial meld short of its minimum, the first
        part of a contract)."""

    def preview(self, g: Game, legal: Sequence[Any]) -> dict[str, Found]:
        """``{action type: [(key, params)]}``: the warnings an action of that type (other than a
        discard) may deserve now (see :func:`may_warn`)."""


Found = list[tuple[str, dict[str, Any]]]
"""``(key, params)`` of warnings, as a warning room finds them."""

DISCARD_WILD = (("card",), "You are about to discard a wild card ({card:card}): the next player may take it.",
                "Du willst eine wilde Karte ({card:card}) abwerfen: Der nächste Spieler kann sie nehmen.")
"""The warning ``discard_wild`` of every family with wild cards: parameters, English, German."""


def explain(g: Game, text: str) -> dict[str, Any]:
    """The ``explain`` op's answer for notation ``text`` in game ``g`` (the seat to act, which the
    caller checked is the person's and that the hand is not over, as ``act`` does):
    ``{"move", "seat", "legal": true}`` or ``{"move", "seat", "legal": false, "key", "params",
    "texts": {"en", "de"}, "message"}`` with the reason :meth:`Game.play` refuses the move with
    (the family's reason catalogue, docs/reasons). The move is tried on a copy: ``g`` is not
    changed. Raises :class:`~meldtable.errors.NotationError` (``bad_request`` with a key) for
    malformed notation."""
    move = g.parse_move(text)
    seat = g.current_player
    try:
        g.copy().play(move)
    except IllegalMoveError as e:
        return {"move": text, "seat": seat, "legal": False, "key": e.key, "params": dict(e.params),
                "texts": dict(getattr(e, "texts", {}) or {}), "message": str(e)}
    return {"move": str(move), "seat": seat, "legal": True}


def _room(g: Game) -> Any:
    module = getattr(g.family, "ANNOTATIONS", None)
    return importlib.import_module(module) if isinstance(module, str) else None


def has_take(g: Game) -> bool:
    """Whether ``g``'s family's annotations room has ``take_cards`` (its tables carry them)."""
    return hasattr(_room(g), "take_cards")


def take_cards(g: Game, legal: list[Any]) -> list[str] | None:
    """The cards (texts, hand order) the page sends with a ``take`` action when the person
    selected none: the family's take room's answer (``None`` for a family without one and when
    the hand is over). ``legal`` is ``g.legal_moves()`` for the seat to act (empty when not the
    person's turn). The canasta family's rule: :func:`meldtable.canasta.annotate.take_cards`."""
    room = _room(g)
    if not hasattr(room, "take_cards") or g.hand_over or g.current_player is None:
        return None
    return cast("list[str]", room.take_cards(g, legal))


def warning(room: WarningRoom, key: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """One warning as the page gets it: ``{"key", "setting", "params", "texts": {"en", "de"}}``;
    ``KeyError`` for a key the room's catalogue does not declare."""
    return {"key": key, "setting": room.SETTING[key], "params": dict(params),
            "texts": room.CATALOGUE.texts(key, params)}


def warnings(before: Game, moves: Sequence[Any], after: Game) -> list[dict[str, Any]]:
    """The warnings (:func:`warning` dicts) the person's action deserved: ``moves`` (its moves)
    applied to ``before`` gave ``after`` (``before`` unchanged): each discard's (judged on the
    legal moves just before it) and the room's ``committed``. Empty for a family without a
    warning room (3 ist 50)."""
    room = cast("WarningRoom | None", _room(before))
    seat = before.current_player
    if room is None or seat is None:
        return []
    found: Found = []
    work = before
    for i, m in enumerate(moves):
        if m.kind == "discard" and m.cards:
            found += room.discard(m.cards[0], work.legal_moves())
        if i + 1 < len(moves):
            work = work.copy() if work is before else work
            work.play(m)
    found += room.committed(before, moves, after, seat)
    return [warning(room, k, p) for k, p in found]


def may_warn(g: Game, legal: Sequence[Any]) -> dict[str, Any]:
    """The table's ``may_warn``: the warnings the person's next action may deserve, by the page's
    action type: ``{"discard": {card text: [warning]}, "meld" | "set" | "run" | "move": [warning]}``
    (only types that may warn are named; ``legal`` is the seat to act's legal moves, empty when it
    is not the person's turn, which gives ``{}``). A discard's are final; the others' may depend on
    the action's cards (the page then tries the action first and reads the answer's
    ``warnings``); their parameters not known before are ``"?"``."""
    room = cast("WarningRoom | None", _room(g))
    if room is None or not legal:
        return {}
    out: dict[str, Any] = {}
    discards = {m.cards[0].text: [warning(room, k, p) for k, p in room.discard(m.cards[0], legal)]
                for m in legal if m.kind == "discard" and m.cards}
    if any(discards.values()):
        out["discard"] = {card: found for card, found in discards.items() if found}
    for kind, found in room.preview(g, legal).items():
        out[kind] = [warning(room, k, p) for k, p in found]
    return out
