"""Moves as frozen values with a canonical text form (see docs/notation.md).

A move is ``Move(kind, cards, rank)``: ``kind`` names the action, ``cards`` the hand cards it uses
(kept in canonical order), ``rank`` the target meld's rank where one is needed (``add``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .cards import ALL_CARDS, RANKS, Card, parse_cards
from .reasons import COMMON

KINDS = ("draw", "take", "meld", "add", "bury", "discard", "pass", "ask", "yes", "no")
"""Move kinds of the canasta family (``pass``: with the stock used up, decline the discard pile,
which ends the hand, option ``stock_exhausted`` = ``play_on_discards``; ``ask``: ask the partner
"may I go out?", answered by the partner's ``yes`` or ``no``, option ``going_out_permission``;
``bury``: lay a card of a blocking rank under the side's canasta of that rank, where it counts
nothing, option ``bury_blocking_cards``)."""

_NO_CARDS = ("draw", "pass", "ask", "yes", "no")
_TARGETED = ("add", "bury")
_KEY_STEP = 16  # as meldtable.canasta.values.KEY_STEP: the n-th meld of a rank has key rank + 16 * (n - 1)


def meld_key_text(key: int) -> str:
    """Notation of a meld key: ``Q`` for a side's first meld of queens, ``Q#2`` for its second."""
    rank, number = key % _KEY_STEP, key // _KEY_STEP + 1
    return RANKS[rank - 1] + (f"#{number}" if number > 1 else "")


def parse_meld_key(word: str, kind: str) -> int:
    """The meld key written ``Q`` or ``Q#2`` (see :func:`meld_key_text`). Raises
    :class:`~meldtable.errors.NotationError`."""
    r, _, number = word.upper().partition("#")
    if len(r) != 1 or r not in RANKS:
        raise COMMON.notation("meld_rank_first", kind=kind, word=word[:12])
    n = 1
    if _:
        if not (number.isascii() and number.isdigit()) or not 1 <= int(number) <= 9:
            raise COMMON.notation("meld_number", kind=kind, word=word[:12])
        n = int(number)
    return RANKS.index(r) + 1 + _KEY_STEP * (n - 1)
_ONE_CARD = ("discard",)
_KINDS_TEXT = ", ".join(KINDS)


_MADE: dict[tuple[str, tuple[Card, ...], int | None], "Move"] = {}


_EMPTY_BETWEEN_COMMAS = re.compile(r",\s*,")


def move_words(
    text: Any, kinds: tuple[str, ...], *, example: str, empty: str, known: str, commas: bool = True
) -> tuple[str, list[str]]:
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


def card_order(c: Card) -> tuple[bool, bool, int, str]:
    """Canonical order of cards inside a move: naturals by rank (ace first) and suit, then 2s, then jokers."""
    return (c.rank == 0, c.rank == 2, c.rank, c.suit)


_CARD_ORDER = {c: card_order(c) for c in ALL_CARDS}
"""Each card's :func:`card_order` (cards are interned: every card is one of ``ALL_CARDS``)."""


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


@dataclass(frozen=True, repr=False)
class Move(MoveValue):
    """One move of the canasta family.

    ``kind``: one of :data:`KINDS`; ``cards``: tuple of :class:`~meldtable.cards.Card` (canonical
    order, duplicates allowed when several decks are used); ``rank``: the target meld for ``add``
    and ``bury`` (its rank, 1 = ace ... 13 = king, for a side's first meld of that rank; ``rank +
    16 * (n - 1)`` for its n-th, written ``Q#2``: :func:`meld_key_text`), else ``None``.
    ``str(move)`` is the canonical notation and ``Move.parse(str(move)) == move``.
    """

    kind: str
    cards: tuple[Card, ...] = ()
    rank: int | None = None
    _text: str = field(default="", init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        cards = self.cards
        if len(cards) > 1:
            ordered = tuple(sorted(cards, key=_CARD_ORDER.__getitem__))  # (card_order, looked up)
            if ordered != cards:
                object.__setattr__(self, "cards", ordered)
                cards = ordered
        parts = [self.kind]
        if self.rank is not None:
            parts.append(meld_key_text(self.rank))
        if cards:
            parts.append(" ".join([c.text for c in cards]))  # (cards_text, without a generator)
        object.__setattr__(self, "_text", " ".join(parts))

    @staticmethod
    def make(kind: str, cards: tuple[Card, ...] = (), rank: int | None = None) -> "Move":
        """The interned move for ``(kind, cards, rank)``; ``cards`` must already be in canonical
        order (as the move generators produce them). Equal to ``Move(kind, cards, rank)``, without
        building it again: legal-move generation creates the same moves over and over."""
        key = (kind, cards, rank)
        m = _MADE.get(key)
        if m is None:
            m = _MADE[key] = Move(kind, cards, rank)
        return m

    def to_json(self) -> dict[str, object]:
        """JSON-ready form: ``{"text", "kind", "cards", "rank"}``."""
        return {
            "text": str(self),
            "kind": self.kind,
            "cards": [c.text for c in self.cards],
            "rank": meld_key_text(self.rank) if self.rank is not None else None,
        }

    @staticmethod
    def parse(text: str) -> "Move":
        """Parse notation such as ``"draw"``, ``"take QH QS"``, ``"meld QH QS JK"``, ``"add Q JK"``,
        ``"discard 4C"``, ``"add Q#2 QH"`` (onto the side's second meld of queens), ``"bury Q QH"``.

        Raises :class:`~meldtable.errors.NotationError` (a ``ValueError``) with the reason.
        """
        if isinstance(text, Move):
            return text
        kind, rest = move_words(
            text, KINDS, example="'discard 4C'", empty="'draw' or 'discard 4C'", known=_KINDS_TEXT
        )
        rank = None
        if kind in _TARGETED:
            if not rest:
                raise COMMON.notation("meld_and_card", kind=kind)
            rank = parse_meld_key(rest[0], kind)
            rest = rest[1:]
            if len(rest) != 1:
                raise COMMON.notation("move_one_card", kind=kind, example=f"{kind} Q QH")
        cards = tuple(parse_cards(rest))
        if kind in _NO_CARDS and cards:
            raise COMMON.notation("move_no_cards", kind=kind)
        if kind in _ONE_CARD and len(cards) != 1:
            raise COMMON.notation("move_one_card", kind=kind, example=f"{kind} 4C")
        if kind == "meld" and len(cards) < 3:
            raise COMMON.notation("meld_three_cards")
        if kind == "take" and len(cards) not in (0, 2):
            raise COMMON.notation("take_shape")
        return Move(kind, cards, rank)
