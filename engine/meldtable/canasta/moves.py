"""The canasta family's moves as frozen values with a canonical text form (see docs/notation.md).

A move is ``Move(kind, cards, rank)``: ``kind`` names the action, ``cards`` the hand cards it uses
(kept in canonical order), ``rank`` the target meld's key where one is needed (``add``, ``bury``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, get_args

from ..cards import ALL_CARDS, RANKS, Card, parse_cards
from ..moves import MoveValue, move_words
from ..reasons import COMMON
from .values import KEY_STEP

Kind = Literal["draw", "take", "meld", "add", "bury", "discard", "pass", "ask", "yes", "no"]
"""A canasta move's kind, as a type: mypy refuses a comparison of a move's ``kind`` with any
other text (``move.kind == "drow"``)."""
KINDS: tuple[Kind, ...] = get_args(Kind)
"""Move kinds of the canasta family (``pass``: with the stock used up, decline the discard pile,
which ends the hand, option ``stock_exhausted`` = ``play_on_discards``; ``ask``: ask the partner
"may I go out?", answered by the partner's ``yes`` or ``no``, option ``going_out_permission``;
``bury``: lay a card of a blocking rank under the side's canasta of that rank, where it counts
nothing, option ``bury_blocking_cards``)."""

_NO_CARDS: tuple[Kind, ...] = ("draw", "pass", "ask", "yes", "no")
_TARGETED: tuple[Kind, ...] = ("add", "bury")
_ONE_CARD: tuple[Kind, ...] = ("discard",)
_KINDS_TEXT = ", ".join(KINDS)


def meld_key_text(key: int) -> str:
    """Notation of a meld key: ``Q`` for a side's first meld of queens, ``Q#2`` for its second."""
    rank, number = key % KEY_STEP, key // KEY_STEP + 1
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
    return RANKS.index(r) + 1 + KEY_STEP * (n - 1)


_MADE: dict[tuple[Kind, tuple[Card, ...], int | None], Move] = {}


def card_order(c: Card) -> tuple[bool, bool, int, str]:
    """Canonical order of cards inside a move: naturals by rank (ace first) and suit, then 2s, then jokers."""
    return (c.rank == 0, c.rank == 2, c.rank, c.suit)


_CARD_ORDER = {c: card_order(c) for c in ALL_CARDS}
"""Each card's :func:`card_order` (cards are interned: every card is one of ``ALL_CARDS``)."""


@dataclass(frozen=True, repr=False)
class Move(MoveValue):
    """One move of the canasta family.

    ``kind``: one of :data:`KINDS`; ``cards``: tuple of :class:`~meldtable.cards.Card` (canonical
    order, duplicates allowed when several decks are used); ``rank``: the target meld for ``add``
    and ``bury`` (its rank, 1 = ace ... 13 = king, for a side's first meld of that rank; ``rank +
    16 * (n - 1)`` for its n-th, written ``Q#2``: :func:`meld_key_text`), else ``None``.
    ``str(move)`` is the canonical notation and ``Move.parse(str(move)) == move``.
    """

    kind: Kind
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
        parts: list[str] = [self.kind]
        if self.rank is not None:
            parts.append(meld_key_text(self.rank))
        if cards:
            parts.append(" ".join([c.text for c in cards]))  # (cards_text, without a generator)
        object.__setattr__(self, "_text", " ".join(parts))

    @staticmethod
    def make(kind: Kind, cards: tuple[Card, ...] = (), rank: int | None = None) -> Move:
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
    def parse(text: str) -> Move:
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
