"""End of a continental deal: scoring (seed 002 "Punkte") and the next deal."""

from __future__ import annotations

from typing import Any

from ..family import score_seats_lowest
from ..reasons import COMMON
from .base import StateBase
from .rules import contract_name


class Scoring(StateBase):
    """End of a deal and its itemised score (mixin of ``ContinentalState``)."""

    # ------------------------------------------------------------------ end of a deal
    def _end_hand(self, out_seat: int | None) -> None:
        """Score the deal (seed 'Punkte'): every other player writes down the value of the cards
        left in hand; the lowest total after the last deal wins."""
        r = self.rules
        self.hand_over = True
        self.window = None
        self._legal = []
        self._legal_set = frozenset()
        self.out_seat = out_seat
        sets, runs = self.contract()
        result: dict[str, Any] = {
            "hand": self.hand_number,
            "contract": contract_name(sets, runs),
            "went_out": out_seat,
            "exhausted": out_seat is None,
            "sides": [],
        }
        score_seats_lowest(self, result, self.hand_number >= r.deals)

    def score_seat(self, seat: int) -> dict[str, int]:
        """Itemised points of ``seat`` for the deal that just ended: ``hand_cards`` (value of the
        cards left in hand) and ``down_and_out`` (option ``down_and_out_bonus`` when the seat laid
        its contract down and went out in the same turn)."""
        r = self.rules
        items = {
            "hand_cards": sum(r.value(c) * n for c, n in self.hands[seat].items()),
            "down_and_out": 0,
        }
        if seat == self.out_seat and self.turn.seat == seat and self.turn.went_down:
            items["down_and_out"] = r.down_and_out_bonus
        return items

    def next_hand(self) -> None:
        """Deal the next hand (only when the hand is over and the match is not)."""
        if not self.hand_over:
            raise COMMON.error("hand_not_over")
        if self.match_over or self.hand_number >= self.rules.deals:
            raise COMMON.error("match_over")
        self.deal()
