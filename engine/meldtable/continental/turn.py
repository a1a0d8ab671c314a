"""``Turn``: the turn of the seat whose turn it is."""

from __future__ import annotations

from typing import Literal, get_args

from ..cards import Card

Stage = Literal["draw", "play"]
"""A turn's stage: before the draw (or the take), or after it."""
STAGES: tuple[Stage, ...] = get_args(Stage)
Drew = Literal["stock", "discard"]
"""Where the seat to act drew from this turn."""


class Turn:
    """The turn of the seat whose turn it is (the claim window is kept apart, see
    :attr:`ContinentalState.window`)."""

    __slots__ = ("seat", "stage", "drew", "taken", "pending", "laid_ranks", "laid_suits", "went_down", "joker_from")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.stage: Stage = "draw"
        self.drew: Drew | None = None  # once the seat has drawn
        self.taken: Card | None = None  # the card taken from the discard pile this turn
        self.pending: tuple[int, int] | None = None  # (sets, runs) of the contract still to lay this turn
        self.laid_ranks: list[int] = []  # ranks of the contract's sets laid this turn
        self.laid_suits: list[str] = []  # suits of the contract's runs laid this turn
        self.went_down = False  # the contract was completed in this turn
        self.joker_from: str | None = None  # a joker exchanged from this combination must be placed now

    def copy(self) -> Turn:
        t = Turn(self.seat)
        t.stage, t.drew, t.taken, t.pending = self.stage, self.drew, self.taken, self.pending
        t.laid_ranks, t.laid_suits = list(self.laid_ranks), list(self.laid_suits)
        t.went_down, t.joker_from = self.went_down, self.joker_from
        return t
