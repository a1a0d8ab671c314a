"""Cards as values: ``Card`` (rank + suit, or the joker), text forms and decks.

Text form: rank ``A 2 3 4 5 6 7 8 9 T J Q K`` followed by suit ``C D H S`` (``QH``, ``TS``,
``2C``); the joker is ``JK``. Two physical cards of the same rank and suit (several decks) are the
same value: piles and hands are multisets of ``Card``.
"""

from __future__ import annotations

from collections.abc import Iterable

from .reasons import COMMON

RANKS = "A23456789TJQK"
"""Rank characters; index + 1 is the rank number (ace = 1 ... king = 13). The joker has rank 0."""
SUITS = "CDHS"
"""Suit characters: clubs, diamonds, hearts, spades."""
JOKER_TEXT = "JK"
RANK_NAMES: dict[int, tuple[str, str]] = {
    1: ("ace", "aces"), 2: ("two", "twos"), 3: ("three", "threes"), 4: ("four", "fours"),
    5: ("five", "fives"), 6: ("six", "sixes"), 7: ("seven", "sevens"), 8: ("eight", "eights"),
    9: ("nine", "nines"), 10: ("ten", "tens"), 11: ("jack", "jacks"), 12: ("queen", "queens"),
    13: ("king", "kings"), 0: ("joker", "jokers"),
}
"""English names of the rank numbers, ``(singular, plural)``, for messages and log lines."""


def rank_name(rank: int, plural: bool = False) -> str:
    """English name of rank number ``rank`` (1 = ace ... 13 = king, 0 = joker): ``"queen"``, or
    with ``plural`` ``"queens"``. Raises ``KeyError`` for any other number."""
    return RANK_NAMES[rank][1 if plural else 0]

_notation = COMMON.notation  # malformed card text: NotationError with a COMMON key


class Card:
    """One card value: ``rank`` (int, 1 = ace ... 13 = king, 0 = joker) and ``suit`` (``"C"``,
    ``"D"``, ``"H"``, ``"S"``, or ``""`` for the joker).

    Cards are interned: ``Card.parse("QH") is Card.parse("QH")``; they are immutable, hashable and
    compare by identity. Use :func:`card` / :meth:`Card.parse` to get one; ``str(card)`` is its text.
    """

    __slots__ = ("rank", "suit", "text", "index", "__weakref__")
    rank: int
    suit: str
    text: str
    index: int

    def __new__(cls, rank: int, suit: str) -> Card:
        key = (rank, suit)
        found = _INTERNED.get(key)
        if found is not None:
            return found
        if not _BUILDING:
            raise _notation("no_such_card", rank=repr(rank), suit=repr(suit))
        self = object.__new__(cls)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "text", JOKER_TEXT if rank == 0 else RANKS[rank - 1] + suit)
        object.__setattr__(self, "index", len(_INTERNED))
        _INTERNED[key] = self
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[int, str]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.parse({self.text!r})"

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return self.rank == 0

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self.suit in ("D", "H")

    @property
    def rank_text(self) -> str:
        """The rank character (``"Q"``), or ``"JK"`` for the joker."""
        return JOKER_TEXT if self.rank == 0 else RANKS[self.rank - 1]

    @staticmethod
    def parse(text: str) -> Card:
        """Return the card for ``text`` (``"QH"``, ``"th"`` and ``" QH "`` work too; ``"JK"`` is the joker).

        Raises :class:`~meldtable.errors.NotationError` (a ``ValueError``) for anything else.
        """
        if not isinstance(text, str):
            raise _notation("card_not_text", type=type(text).__name__)
        t = text.strip().upper() if text.isascii() else ""  # 'ſ'.upper() is 'S': ASCII only
        found = _BY_TEXT.get(t)
        if found is None:
            shown = text if len(text) <= 12 else text[:12] + "..."
            raise _notation("not_a_card", text=shown)
        return found


_INTERNED: dict[tuple[int, str], Card] = {}
_BUILDING = True
for _s in SUITS:
    for _r in range(1, 14):
        Card(_r, _s)
JOKER = Card(0, "")
_BUILDING = False
_BY_TEXT: dict[str, Card] = {c.text: c for c in _INTERNED.values()}
ALL_CARDS: tuple[Card, ...] = tuple(_INTERNED.values())
"""The 53 card values (52 suited cards, then the joker), in index order."""


def card(text: str) -> Card:
    """Shorthand for :meth:`Card.parse`."""
    return Card.parse(text)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse ``"QH QS JK"`` (or a list of card texts) into a list of cards.

    Raises :class:`~meldtable.errors.NotationError` for a malformed card.
    """
    if isinstance(text, str):
        parts = text.replace(",", " ").split()
    else:
        try:
            parts = list(text)
        except TypeError:
            raise _notation("cards_not_list") from None
    return [Card.parse(p) for p in parts]


def cards_text(cards: Iterable[Card]) -> str:
    """``"QH QS JK"`` for a sequence of cards."""
    return " ".join(c.text for c in cards)


def standard_deck(decks: int, jokers_per_deck: int) -> list[Card]:
    """Return ``decks`` x (52 cards + ``jokers_per_deck`` jokers) in a fixed order (unshuffled)."""
    one = [c for c in ALL_CARDS if not c.is_joker] + [JOKER] * jokers_per_deck
    return one * decks
