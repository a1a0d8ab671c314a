"""A side's meld: cards of one rank plus wild cards; canastas (seven or more cards)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..cards import ALL_CARDS, RANKS, Card
from .moves import card_order, meld_key_text
from .values import ACE, CANASTA_SIZE, THREE, WILD, card_value, is_wild


class Meld:
    """A side's meld: ``rank`` (1 = ace ... 13 = king, 3 for black threes, 2 for wild cards only),
    its ``key`` (the rank for the side's first meld of that rank, ``rank + 16 * (n - 1)`` for its
    n-th: option ``same_rank_melds``), its ``cards``, counts of ``naturals`` and ``wilds``, and the
    ``buried`` cards laid under it that count nothing (option ``bury_blocking_cards``, seed 004). A
    canasta has 7+ cards: natural when it holds no wild card, else mixed."""

    __slots__ = ("rank", "key", "cards", "naturals", "wilds", "hand_canasta", "buried")

    def __init__(self, rank: int, cards: Iterable[Card] = (), key: int | None = None) -> None:
        self.rank = rank
        self.key = rank if key is None else key
        self.cards: list[Card] = []
        self.naturals = 0
        self.wilds = 0
        self.hand_canasta = False  # opened and completed from the hand in one turn (option hand_canasta_bonus)
        self.buried: list[Card] = []
        for c in cards:
            self.put(c)

    def put(self, c: Card) -> None:
        """Add one card (no checks)."""
        self.cards.append(c)
        if is_wild(c):
            self.wilds += 1
        else:
            self.naturals += 1

    @property
    def size(self) -> int:
        return self.naturals + self.wilds

    @property
    def is_canasta(self) -> bool:
        return self.size >= CANASTA_SIZE and self.rank != THREE

    @property
    def canasta_kind(self) -> str | None:
        """``None``, ``"natural"``, ``"mixed"`` or ``"wild"`` (seven wild cards, seed 001 'Joker-Canasta')."""
        if not self.is_canasta:
            return None
        if self.rank == WILD:
            return "wild"
        return "natural" if self.wilds == 0 else "mixed"

    @property
    def room(self) -> int:
        """How many more cards a meld of wild cards only may take (seven at most)."""
        return CANASTA_SIZE - self.size

    def points(self) -> int:
        return sum(map(_VALUE.__getitem__, self.cards))

    def copy(self) -> Meld:
        m = Meld.__new__(Meld)
        m.rank, m.key, m.cards, m.naturals, m.wilds = self.rank, self.key, list(self.cards), self.naturals, self.wilds
        m.hand_canasta = self.hand_canasta
        m.buried = list(self.buried)
        return m

    def to_json(self) -> dict[str, Any]:
        """The meld as the view shows it: ``rank`` (``"Q"``; ``"2"`` for a meld of wild cards),
        ``kind`` (``"natural"``, ``"wild"``: wild cards only, ``"black_threes"``: black threes laid
        out when going out, seed 000), ``key`` (``"Q"``, ``"Q#2"``), ``cards`` and ``buried`` (texts),
        ``naturals``/``wilds`` (counts), ``canasta`` (its kind or ``None``), ``hand_canasta`` and
        ``points`` (the cards' values)."""
        return {
            "rank": RANKS[self.rank - 1],
            "kind": "wild" if self.rank == WILD else "black_threes" if self.rank == THREE else "natural",
            "key": meld_key_text(self.key),
            "cards": [c.text for c in sorted(self.cards, key=_ORDER.__getitem__)],
            "buried": [c.text for c in sorted(self.buried, key=_ORDER.__getitem__)] if self.buried else [],
            "naturals": self.naturals,
            "wilds": self.wilds,
            "canasta": self.canasta_kind,
            "hand_canasta": self.hand_canasta,
            "points": self.points(),
        }

_ORDER = {c: card_order(c) for c in ALL_CARDS}
"""Each card's :func:`~meldtable.canasta.moves.card_order` (cards are interned: looked up, not computed)."""
_VALUE = {c: card_value(c) for c in ALL_CARDS}
"""Each card's :func:`~.values.card_value`."""


def meld_order(rank: int, key: int | None = None) -> tuple[int, int]:
    """Display order of a side's melds: four to king, ace, then wild cards only; melds of one rank
    in the order they were made (``key``)."""
    return (15 if rank == WILD else 14 if rank == ACE else rank, key or 0)

