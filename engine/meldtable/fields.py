"""Checked access to untrusted data shared by every game family: fields of saved games (errors
are :class:`StateError`) and of the page's action objects (errors are :class:`NotationError`)."""

from __future__ import annotations

from typing import Any, Iterable

from .cards import Card, parse_cards
from .errors import NotationError, StateError
from .multiset import counted


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


def saved_outcome(obj: Any, count: int, unit: str) -> tuple[list[Any], bool, list[int]]:
    """``(results, match_over, winners)`` of a saved game: ``results`` a list, ``match_over`` a
    bool, ``winners`` a list of whole numbers ``0 .. count-1`` (seats or sides; ``unit`` names them
    in the error, e.g. ``"seats"``). Raises :class:`StateError`."""
    results = saved_field(obj, "results", list)
    match_over = saved_field(obj, "match_over", bool)
    winners = saved_field(obj, "winners", list)
    if any(isinstance(w, bool) or not isinstance(w, int) or not 0 <= w < count for w in winners):
        raise StateError(f"The saved game's winners are not {unit} of this game.")
    return results, match_over, list(winners)


def saved_hands(obj: Any, players: int) -> list[dict[Card, int]]:
    """The saved game's ``hands``: one list of card texts per seat (``players`` of them), each
    returned as a multiset ``{Card: count}``. Raises :class:`StateError`."""
    hands = saved_field(obj, "hands", list)
    if len(hands) != players:
        raise StateError(f"The saved game must hold {players} hands.")
    return [counted(saved_cards(h, f"Hand {i}")) for i, h in enumerate(hands)]


def saved_last_moves(obj: Any, keep: int) -> list[dict[str, Any]]:
    """The saved game's ``last_moves`` list: its dict entries only (others are dropped), the last
    ``keep`` of them. Raises :class:`StateError` when it is missing or not a list."""
    lm = saved_field(obj, "last_moves", list)
    return [m for m in lm if isinstance(m, dict)][-keep:]


def check_saved_deck(everything: Iterable[Card], deck: Iterable[Card]) -> None:
    """Card conservation of a saved game: ``everything`` (every card the saved state holds, in any
    order) must be exactly the multiset of ``deck`` (the cards of the game's decks). Raises
    :class:`StateError` naming up to five surplus and five missing cards."""
    expected = counted(deck)
    got = counted(everything)
    if got != expected:
        extra = sorted(c.text for c in got if got[c] > expected.get(c, 0))
        lacking = sorted(c.text for c in expected if expected[c] > got.get(c, 0))
        detail = []
        if extra:
            detail.append("too many " + ", ".join(extra[:5]))
        if lacking:
            detail.append("missing " + ", ".join(lacking[:5]))
        raise StateError("The saved game's cards do not add up to the deck: " + "; ".join(detail) + ".")


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
