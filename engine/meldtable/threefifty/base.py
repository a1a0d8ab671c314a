"""``StateBase``: the fields of a 3 ist 50 match state and the queries every room of the state
(:mod:`.state`, :mod:`.legality`, :mod:`.scoring`, :mod:`.view`, :mod:`.saved`) reads: the base
class of those mixins, so that each is typed against the same fields."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..family import CachedLegalMoves
from .moves import ThreeFiftyMove
from .rules import Rules


class StateBase(CachedLegalMoves):
    """The fields of :class:`~.state.ThreeFiftyState` (set in its ``__init__``) and its queries."""

    rules: Rules
    seed: int
    hand_number: int
    first_dealer: int
    dealer: int
    round: int
    round_cards: int
    scores: list[int]
    results: list[dict[str, Any]]
    match_over: bool
    winners: list[int]
    stock: list[Card]
    centre: list[Card]
    discard: list[Card]
    discard_live: bool
    piles: list[list[Card]]
    hands: list[dict[Card, int]]
    set_aside: list[Card]
    to_act: int | None
    hand_over: bool
    last_receiver: int | None
    last_moves: list[dict[str, Any]]
    _legal: list[ThreeFiftyMove] | None
    _legal_set: frozenset[ThreeFiftyMove]
    _search_masks: list[int] | None

    if TYPE_CHECKING:
        def deal_game(self) -> None:
            """Start the next game (:class:`~.state.ThreeFiftyState`)."""

    # ------------------------------------------------------------------ basics
    @property
    def current_player(self) -> int | None:
        return None if self.hand_over else self.to_act

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.rules.players

    def _live_top(self) -> Card | None:
        return self.discard[-1] if self.discard and self.discard_live else None

