"""``StateBase``: the fields of a continental match state and the queries every room of the state
(:mod:`.state`, :mod:`.legality`, :mod:`.scoring`, :mod:`.view`, :mod:`.saved`) reads: the base
class of those mixins, so that each is typed against the same fields."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..family import CachedLegalMoves
from .combos import Combo
from .moves import _TARGET_RE, ContinentalMove
from .planner import Packer
from .rules import Rules
from .turn import Turn


class StateBase(CachedLegalMoves):
    """The fields of :class:`~.state.ContinentalState` (set in its ``__init__``) and its queries."""

    rules: Rules
    seed: int
    hand_number: int
    dealer: int
    decks: int
    scores: list[int]
    results: list[dict[str, Any]]
    match_over: bool
    winners: list[int]
    stock: list[Card]
    penalty: list[Card]
    pile: list[Card]
    top_from: int | None
    top_claimable: bool
    hands: list[dict[Card, int]]
    table: list[list[Combo]]
    down: list[bool]
    claims: list[int]
    reshuffles: int
    takes_in_a_row: int
    turn: Turn
    window: list[int] | None
    hand_over: bool
    out_seat: int | None
    last_moves: list[dict[str, Any]]
    _legal: list[ContinentalMove] | None
    _legal_set: frozenset[ContinentalMove]
    _plan: tuple[int, dict[Card, int], Packer] | None
    """The lay-down planner of the seat to act: ``(seat, hand it was built for, Packer)``, reused
    while the seat's hand is part of that hand (:meth:`Legality._packer`)."""

    if TYPE_CHECKING:
        def deal(self) -> None:
            """Deal the next hand (:class:`~.state.ContinentalState`)."""

        def _end_hand(self, out_seat: int | None) -> None:
            """Score the deal (:class:`~.scoring.Scoring`)."""

    # ------------------------------------------------------------------ queries
    def _can_draw(self) -> bool:
        return bool(self.stock) or (self.rules.stock_exhausted == "penalty_stock" and bool(self.penalty))

    def _may_take(self) -> bool:
        """Whether the seat to act may take the top discard instead of drawing: not after
        ``max_takes_in_a_row`` turns in a row began with a take (while a stock can be drawn)."""
        return self.takes_in_a_row < self.rules.max_takes_in_a_row or not self._can_draw()

    def _penalty_source(self) -> str | None:
        """Where a penalty card would come from now: ``"penalty"``, ``"main"`` or ``None``."""
        if self.penalty:
            return "penalty"
        r = self.rules
        if (r.penalty_percent == 0 or r.penalty_exhausted == "main_stock") and self.stock:
            return "main"
        return None

    def _claim_queue(self) -> list[int]:
        """Seats that may claim the top discard after the player to act drew from the stock, in
        the order they are asked (option ``claim_by``; research K7)."""
        r = self.rules
        if r.claim_by == "nobody" or not self.pile or not self.top_claimable or self._penalty_source() is None:
            return []
        n = r.players
        me = self.turn.seat
        queue = []
        for d in range(1, n):
            s = (me + d) % n
            queue.append(s)
            if s == self.top_from:
                break
        if r.claim_by == "others_only" and self.top_from is not None:
            queue = [s for s in queue if s != self.top_from]
        if r.max_claims:
            queue = [s for s in queue if self.claims[s] < r.max_claims]
        return queue

    # ------------------------------------------------------------------ queries
    @property
    def current_player(self) -> int | None:
        if self.hand_over:
            return None
        if self.window:
            return self.window[0]
        return self.turn.seat

    def contract(self) -> tuple[int, int]:
        return self.rules.contract(self.hand_number)

    def combo(self, target: str | None) -> Combo | None:
        """The combination with id ``"seat.k"`` (k from 1), or ``None``."""
        if not target:
            return None
        m = _TARGET_RE.match(target)
        if not m:
            return None
        seat, k = int(m.group(1)), int(m.group(2))
        if not 0 <= seat < self.rules.players or not 1 <= k <= len(self.table[seat]):
            return None
        return self.table[seat][k - 1]

    def _targets(self) -> list[tuple[str, Combo]]:
        return [(f"{s}.{k + 1}", cb) for s in range(self.rules.players) for k, cb in enumerate(self.table[s])]

    def _floor(self) -> int:
        """Cards a move must leave in hand: 1 if going out needs a final discard, else 0."""
        return 1 if self.rules.going_out_discard == "required" else 0

    def _may_layoff(self) -> bool:
        """Whether the seat (down) may add to every combination and exchange jokers now (option
        ``layoff_from``: not in the turn it went down when that is ``next_turn``)."""
        return not (self.rules.layoff_from == "next_turn" and self.turn.went_down)

