"""Checked access to untrusted data shared by every game family: fields of saved games (errors
are :class:`StateError`) and of the page's action objects (errors are :class:`NotationError`)."""

from __future__ import annotations

from typing import Any

from .cards import Card, parse_cards
from .errors import NotationError, StateError


def saved_field(obj: Any, key: str, typ: type | tuple[type, ...]) -> Any:
    """``obj[key]`` from a saved game, which must exist and be of type ``typ`` (``bool`` is not
    accepted where an ``int`` is wanted). Raises :class:`StateError` naming the field."""
    if not isinstance(obj, dict) or key not in obj:
        raise StateError(f"The saved game is missing '{key}'.")
    v = obj[key]
    if isinstance(v, bool) and typ is int:
        raise StateError(f"'{key}' in the saved game must be a number.")
    if not isinstance(v, typ):
        raise StateError(f"'{key}' in the saved game has the wrong type.")
    return v


def saved_cards(v: Any, what: str) -> list[Card]:
    """A list of card texts from a saved game, parsed; ``what`` names it in the error
    (:class:`StateError`)."""
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise StateError(f"{what} in the saved game must be a list of card texts.")
    try:
        return parse_cards(v)
    except ValueError as e:
        raise StateError(f"{what} in the saved game: {e}") from None


def action_text(action: dict[str, Any], name: str) -> str:
    """A text field of a page action. Raises :class:`NotationError` when it is missing or not text."""
    v = action.get(name)
    if not isinstance(v, str):
        raise NotationError(f"The action needs '{name}' as text.")
    return v


def action_cards(action: dict[str, Any], name: str = "cards", *, required: bool = True) -> list[Card]:
    """A list of card texts in a page action, parsed (``[]`` when absent and not ``required``).
    Raises :class:`NotationError`."""
    v = action.get(name, None if required else [])
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise NotationError(f"'{name}' must be a list of card texts.")
    return parse_cards(v)
