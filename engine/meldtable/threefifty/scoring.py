"""End of a game of 3 ist 50: the minus piles counted (seed 003 "Abrechnung")."""

from __future__ import annotations

from typing import Any

from ..family import score_seats_lowest
from .base import StateBase
from .reasons import REASONS
from .rules import SCORE_ITEMS


class Scoring(StateBase):
    """End of a game and its itemised minus points (mixin of ``ThreeFiftyState``)."""

    # ------------------------------------------------------------------ end of game, scoring
    def _end_game(self) -> None:
        r = self.rules
        self.hand_over = True
        self.to_act = None
        self._legal = []
        self._legal_set = frozenset()
        self._search_masks = None
        leftovers_to = None
        if r.leftovers_scored and self.last_receiver is not None and (self.centre or self.discard):
            leftovers_to = self.last_receiver
            self.piles[leftovers_to].extend(self.discard + self.centre)
            self.discard = []
            self.centre = []
            self.discard_live = False
        result: dict[str, Any] = {
            "hand": self.hand_number,
            "went_out": None,
            "concealed": False,
            "rounds": self.round,
            "leftovers_to": leftovers_to,
            "sides": [],
        }
        score_seats_lowest(self, result, self.hand_number >= r.games)

    def score_seat(self, seat: int) -> dict[str, int]:
        """Minus points of ``seat``'s minus pile by kind of card (seed 'Abrechnung'):
        ``threes``, ``aces``, ``pictures``, ``numbers``, ``jokers``."""
        items = {k: 0 for k in SCORE_ITEMS}
        points = self.rules.points()
        for c in self.piles[seat]:
            k, v = points[c]
            items[k] += v
        return items

    def next_hand(self) -> None:
        """Start the next game of the match (only when this one is over and the match is not)."""
        if not self.hand_over:
            raise REASONS.error("hand_not_over")
        if self.match_over:
            raise REASONS.error("match_over")
        self.deal_game()
