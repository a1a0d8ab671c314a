"""What a request to the engine's JSON protocol may hold (docs/protocol.md; issues #15 and #25):
the fields it names and their types, the computer level and time budget, actions no bigger than
the hand, the bounds of what an answer echoes (request ids, error texts) and what a brief
``hello`` leaves out. Each check raises :class:`BadRequest` (``bad_request``) or a catalogue reason, so a bad request gets a clear
answer and leaves the game unchanged (:mod:`meldtable.api` calls them before any work).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .bot import LEVELS
from .cards import ALL_CARDS
from .errors import MeldtableError
from .reasons import COMMON

if TYPE_CHECKING:
    from .game import Game

__all__ = ["BRIEF_LEFT_OUT", "CARD_TEXTS", "ERROR_TEXT", "ID_INT", "ID_TEXT", "MAX_BUDGET_MS", "BadRequest", "budget_ms",
           "check_action_size", "clipped", "field", "level", "named_in_text", "request_id", "without"]


class BadRequest(MeldtableError):
    code = "bad_request"


MAX_BUDGET_MS = 2000
"""Longest time budget (milliseconds) a ``bot`` or ``hint`` request may give the strong player."""


def level(req: dict[str, Any]) -> str:
    """The request's ``level`` (absent or ``null``: ``"normal"``); ``bad_request`` naming the
    levels for anything but one of :data:`meldtable.bot.LEVELS`."""
    level = req.get("level")
    if level is None:
        return "normal"
    if not isinstance(level, str) or level not in LEVELS:
        shown = repr(level) if len(repr(level)) <= 40 else repr(level)[:37] + "..."
        raise BadRequest(f"Unknown computer level {shown}: the levels are {', '.join(LEVELS)}.")
    return level


def budget_ms(req: dict[str, Any]) -> float | None:
    """The request's ``budget_ms`` (optional, a number from 1 to :data:`MAX_BUDGET_MS`), else
    ``None`` (the strong player's default); ``bad_request`` else."""
    v = req.get("budget_ms")
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not 1 <= v <= MAX_BUDGET_MS:
        raise BadRequest(f"'budget_ms' must be a number of milliseconds from 1 to {MAX_BUDGET_MS}.")
    return float(v)


def field(req: dict[str, Any], name: str, typ: type) -> Any:
    v = req.get(name)
    if v is None:
        raise BadRequest(f"The request needs '{name}'.")
    if (typ is int and isinstance(v, bool)) or not isinstance(v, typ):
        raise BadRequest(f"'{name}' must be {'a whole number' if typ is int else 'text' if typ is str else typ.__name__}.")
    return v


def check_action_size(g: Game, action: dict[str, Any]) -> None:
    """Refuse an action that names more cards (its ``cards`` and the ``cards`` of its ``combos``)
    or more combinations than the hand of the seat to act holds cards (for a ``move`` action: the
    card words of its ``text``), before any family looks at them: such an action can never be
    carried out, and refusing it early keeps the work of a request small. Raises
    :class:`~meldtable.errors.IllegalMoveError` (key ``too_many_cards``)."""
    named = 0
    text = action.get("text") if action.get("type") == "move" else None
    if isinstance(text, str):
        named += named_in_text(text)
    cards = action.get("cards")
    if isinstance(cards, list):
        named += len(cards)
    combos = action.get("combos")
    if isinstance(combos, list):
        named += sum(len(c["cards"]) if isinstance(c, dict) and isinstance(c.get("cards"), list) else 1
                     for c in combos)
    if not named:
        return
    seat = g.current_player
    held = len(g.view(seat)["hand"]) if seat is not None else 0
    if named > held:
        raise COMMON.error("too_many_cards", held=held, named=named)


def named_in_text(text: str) -> int:
    """How many words of move notation ``text`` are card texts (``QH``, ``jk``): the cards a
    ``{"type": "move", "text": ...}`` action names, counted without parsing the move (words are
    separated by spaces or commas, docs/notation.md)."""
    return sum(map(CARD_TEXTS.__contains__, text.upper().replace(",", " ").split()))  # C-speed steps


CARD_TEXTS = frozenset(c.text for c in ALL_CARDS)


ID_TEXT = 64
"""Longest request id (text) that is echoed."""
ID_INT = 2**53 - 1
"""Largest absolute value of a request id (whole number) that is echoed: JavaScript reads every
such number exactly."""


def request_id(rid: Any) -> Any:
    """The id to echo: text of at most :data:`ID_TEXT` characters or a whole number within
    +-:data:`ID_INT` (a "safe integer" of JavaScript); anything else (longer text, a larger number,
    a fraction, true/false, a list) is answered with ``None`` (``"id": null``), so an answer never
    echoes an id the page cannot read back exactly (issue #25)."""
    if isinstance(rid, str):
        return rid if len(rid) <= ID_TEXT else None
    if isinstance(rid, int) and not isinstance(rid, bool) and -ID_INT <= rid <= ID_INT:
        return rid
    return None


ERROR_TEXT = 2_000
"""Longest text of an error answer's ``message``, ``texts`` and text ``params`` (characters)."""


def clipped(value: Any, depth: int = 0) -> Any:
    """``value`` (an error's params or texts) with every text cut to :data:`ERROR_TEXT`
    characters and lists to 64 items: the last guard that an error never echoes untrusted text
    at length (the errors themselves quote short prefixes, :func:`meldtable.fields.shown`)."""
    if isinstance(value, str):
        return value if len(value) <= ERROR_TEXT else value[:ERROR_TEXT - 3] + "..."
    if depth > 3:
        return None
    if isinstance(value, dict):
        return {str(k)[:64]: clipped(v, depth + 1) for k, v in list(value.items())[:64]}
    if isinstance(value, (list, tuple)):
        return [clipped(v, depth + 1) for v in value[:64]]
    return value


BRIEF_LEFT_OUT = frozenset({"doc", "source", "row", "usual_players_source"})
"""The keys a ``brief`` ``hello`` leaves out of the variant descriptors, at any depth."""


def without(value: Any, keys: frozenset[str]) -> Any:
    """``value`` (JSON data) without the object keys in ``keys``, at any depth."""
    if isinstance(value, dict):
        return {k: without(v, keys) for k, v in value.items() if k not in keys}
    if isinstance(value, list):
        return [without(v, keys) for v in value]
    return value
