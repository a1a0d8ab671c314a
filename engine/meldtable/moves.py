"""What the move values of every family share (see docs/notation.md): :class:`MoveValue`, their
base type, and :func:`move_words`, the first step of every family's move parser.

Each family's move type lives in its package: the canasta family's ``Move`` in
:mod:`meldtable.canasta.moves`, ``ContinentalMove`` in :mod:`meldtable.continental.moves`,
``ThreeFiftyMove`` in :mod:`meldtable.threefifty.moves`. The canasta names that lived here before
(``Move``, ``KINDS``, ``card_order``, ``meld_key_text``, ``parse_meld_key``) are still found
here, imported from there on first use.
"""

from __future__ import annotations

import importlib
import re
from typing import TYPE_CHECKING, Any, TypeVar

from .cards import Card
from .reasons import COMMON

if TYPE_CHECKING:
    from .canasta.moves import KINDS as KINDS
    from .canasta.moves import Move as Move
    from .canasta.moves import card_order as card_order
    from .canasta.moves import meld_key_text as meld_key_text
    from .canasta.moves import parse_meld_key as parse_meld_key

_EMPTY_BETWEEN_COMMAS = re.compile(r",\s*,")

K = TypeVar("K", bound=str)
"""A family's move kinds (its ``Literal`` type, e.g. ``meldtable.canasta.moves.Kind``)."""


def move_words(
    text: Any, kinds: tuple[K, ...], *, example: str, empty: str, known: str, commas: bool = True
) -> tuple[K, list[str]]:
    """Split move notation of any family into its kind (lower case, one of ``kinds``) and the list
    of words after it. Notation is ASCII only: any other character is refused (``not_ascii``).
    Words are separated by spaces or commas (docs/notation.md, "Spaces and
    commas": ``meld QH,QS,JK`` is ``meld QH QS JK``), but two commas with nothing between them
    (``take ,,``) and commas with no word after the kind (``take ,``) are refused: they look like
    a card left out. The texts name the family's moves in the errors: ``example``
    (``"'discard 4C'"``) for a value that is not text, ``empty`` for an empty one, ``known`` (the
    kinds, listed: ``"a, b, c"`` or ``"a and b"``) for an unknown kind (an error's ``params`` hold
    them as lists, so that its German text joins them with "oder"/"und"). ``commas=False`` reads
    commas as part of a word. Raises
    :class:`~meldtable.errors.NotationError` with the reason."""
    if not isinstance(text, str):
        raise COMMON.notation("move_not_text", examples=example.split(" or "), type=type(text).__name__)
    if not text.isascii():  # ASCII only: '²' passes str.isdigit, 'ſ'.upper() is 'S' (issue #25)
        at = next(i for i, ch in enumerate(text) if not ch.isascii())
        raise COMMON.notation("not_ascii", char=f"U+{ord(text[at]):04X}", text=text[max(0, at - 12):at + 1])
    has_commas = commas and "," in text
    words = (text.replace(",", " ") if has_commas else text).split()
    if not words:
        if has_commas:
            raise COMMON.notation("move_only_commas", examples=empty.split(" or "))
        raise COMMON.notation("move_empty", examples=empty.split(" or "))
    kind = words[0].lower()
    if kind not in kinds:
        shown = words[0] if len(words[0]) <= 12 else words[0][:12] + "..."
        raise COMMON.notation("move_unknown", word=shown, known=known.replace(" and ", ", ").split(", "))
    if has_commas:
        if _EMPTY_BETWEEN_COMMAS.search(text):
            raise COMMON.notation("move_double_comma", kind=kind)
        if len(words) == 1:
            raise COMMON.notation("move_trailing_comma", kind=kind)
    return kind, words[1:]


class MoveValue:
    """The base type of every family's move values (canasta :class:`Move`, ``ContinentalMove``,
    ``ThreeFiftyMove``): frozen, hashable, ``kind`` (``str``), ``cards`` (the hand cards it uses,
    a ``tuple`` of :class:`~meldtable.cards.Card`), ``str(m)`` the canonical notation
    (docs/notation.md), ``to_json()`` and the family's ``parse``; ``repr(m)`` is code that
    recreates the move, e.g. ``Move.parse('draw')``."""

    __slots__ = ()
    kind: str
    _text: str

    @property
    def cards(self) -> tuple[Card, ...]:  # pragma: no cover - every family defines it
        """The hand cards the move uses."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({self._text!r})"

    def to_json(self) -> dict[str, object]:  # pragma: no cover - every family defines it
        """JSON-ready form with at least ``text``, ``kind`` and ``cards``."""
        raise NotImplementedError


_CANASTA = ("Move", "KINDS", "card_order", "meld_key_text", "parse_meld_key")


def __getattr__(name: str) -> Any:
    """The canasta family's move names, formerly defined here: imported from
    :mod:`meldtable.canasta.moves` on first use (PEP 562)."""
    if name in _CANASTA:
        return getattr(importlib.import_module(".canasta.moves", __package__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
