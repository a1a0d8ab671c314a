"""A side's meld: cards of one rank plus wild cards; canastas (seven or more cards)."""

from __future__ import annotations

from typing import Any, Iterable

from ..cards import RANKS, Card
from ..moves import card_order
from .values import ACE, CANASTA_SIZE, THREE, card_value, is_wild

class Meld:
    """A side's meld: ``rank`` (1 = ace ... 13 = king, 3 for black threes), its ``cards``,
    counts of ``naturals`` and ``wilds``. A canasta has 7+ cards: natural when it holds no wild
    card, else mixed."""

    __slots__ = ("rank", "cards", "naturals", "wilds", "hand_canasta")

    def __init__(self, rank: int, cards: Iterable[Card] = ()) -> None:
        self.rank = rank
        self.cards: list[Card] = []
        self.naturals = 0
        self.wilds = 0
        self.hand_canasta = False  # opened and completed from the hand in one turn (option hand_canasta_bonus)
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
        """``None``, ``"natural"`` or ``"mixed"``."""
        if not self.is_canasta:
            return None
        return "natural" if self.wilds == 0 else "mixed"

    def points(self) -> int:
        return sum(card_value(c) for c in self.cards)

    def copy(self) -> "Meld":
        m = Meld.__new__(Meld)
        m.rank, m.cards, m.naturals, m.wilds = self.rank, list(self.cards), self.naturals, self.wilds
        m.hand_canasta = self.hand_canasta
        return m

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": RANKS[self.rank - 1],
            "cards": [c.text for c in sorted(self.cards, key=card_order)],
            "naturals": self.naturals,
            "wilds": self.wilds,
            "canasta": self.canasta_kind,
            "hand_canasta": self.hand_canasta,
            "points": self.points(),
        }

def meld_order(rank: int) -> int:
    return 14 if rank == ACE else rank

