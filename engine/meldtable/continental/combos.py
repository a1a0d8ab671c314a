"""``Combo``: a laid-down set or run on the table."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..cards import RANK_NAMES, RANKS, Card
from .rules import RUN, SET, ComboKind, pos_rank


class Combo:
    """A laid-down combination: a ``set`` (``rank``, cards in laying order) or a ``run``
    (``suit``, ``lo`` = position of its first card, cards from low to high; position ``p``
    holds rank :func:`pos_rank` ``(p)``, so a joker in a run stands for one definite card)."""

    __slots__ = ("kind", "cards", "lo", "rank", "suit")

    def __init__(self, kind: ComboKind, cards: Iterable[Card], lo: int = 0, rank: int = 0, suit: str = "") -> None:
        self.kind = kind
        self.cards: list[Card] = list(cards)
        self.lo = lo
        self.rank = rank
        self.suit = suit

    @property
    def jokers(self) -> int:
        return sum(1 for c in self.cards if c.is_joker)

    @property
    def hi(self) -> int:
        return self.lo + len(self.cards) - 1

    def represents(self, i: int) -> Card:
        """The card that position ``i`` (0-based) of a run stands for."""
        return Card(pos_rank(self.lo + i), self.suit)

    def copy(self) -> Combo:
        return Combo(self.kind, self.cards, self.lo, self.rank, self.suit)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "cards": [c.text for c in self.cards]}
        if self.kind == RUN:
            d["suit"] = self.suit
            d["low"] = RANKS[pos_rank(self.lo) - 1]
        else:
            d["rank"] = RANKS[self.rank - 1]
        return d

    def describe(self) -> str:
        """``"set of sevens"`` / ``"run 5H-8H"``."""
        if self.kind == SET:
            return f"set of {RANK_NAMES[self.rank][1]}"
        first, last = self.represents(0), self.represents(len(self.cards) - 1)
        return f"run {first.text}-{last.text}"
