"""The resolved rule options of one canasta game, as typed attributes."""

from __future__ import annotations

from typing import Any

class Rules:
    """The resolved rule options of one game, as attributes (see :mod:`meldtable.variants`)."""

    def __init__(self, options: dict[str, Any], players: int) -> None:
        self.options = dict(options)
        o = options
        self.players = players
        self.decks: int = o["decks"]
        self.jokers_per_deck: int = o["jokers_per_deck"]
        self.hand_size: int = o["hand_size"]
        self.draw_count: int = o["draw_count"]
        self.max_wilds: int = o["max_wilds_per_meld"]  # 0 means no fixed cap
        self.min_naturals: int = o["min_naturals_per_meld"]
        self.wild_majority: bool = o["naturals_must_outnumber_wilds"]
        self.black_three_meld: str = o["black_three_meld"]
        self.upcard_cover: str = o["upcard_cover"]
        self.pile_before_initial: str = o["pile_before_initial_meld"]
        self.take_onto_meld: bool = o["take_pile_onto_own_meld"]
        self.take_with_wild: bool = o["take_pile_with_natural_and_wild"]
        self.initial_table: tuple[tuple[int, int], ...] = o["initial_meld_table"]
        self.negative_minimum: int = o["initial_meld_negative_score"]
        self.concealed_exemption: str = o["concealed_going_out_exemption"]
        self.concealed_bonus: int = o["concealed_going_out_bonus"]
        self.going_out_bonus: int = o["going_out_bonus"]
        self.canastas_to_go_out: int = o["canastas_to_go_out"]
        self.going_out_discard: str = o["going_out_discard"]
        self.natural_canasta_bonus: int = o["natural_canasta_bonus"]
        self.mixed_canasta_bonus: int = o["mixed_canasta_bonus"]
        self.red_three_bonus: int = o["red_three_bonus"]
        self.red_three_all_bonus: int = o["red_three_all_four_bonus"]
        self.red_three_positive_if: str = o["red_three_positive_if"]
        self.stock_exhausted: str = o["stock_exhausted"]
        self.match_end: str = o["match_end"]
        self.target_score: int = o["target_score"]
        self.deals: int = o["deals"]
        self.sides: list[list[int]] = [[s] for s in range(players)]  # each seat its own side (two-hand)
        self.side_of: list[int] = list(range(players))
        self.meld_shapes: tuple[int, ...] = tuple(k for k in (3, 2, 1) if self.meld_ok(k, 3 - k))
        """Natural cards a new 3-card meld may hold (the rest wild), by :meth:`meld_ok`."""

    def wild_capacity(self, naturals: int) -> int:
        """Most wild cards a meld with ``naturals`` natural cards may hold."""
        cap = self.max_wilds if self.max_wilds > 0 else 99
        if self.wild_majority:
            cap = min(cap, naturals - 1)
        return cap

    def meld_ok(self, naturals: int, wilds: int) -> bool:
        """Whether a meld of one natural rank with these counts is valid (seed 000: 3+ cards,
        at most 3 wild cards, never all wild; option ``min_naturals_per_meld``)."""
        return (
            naturals >= self.min_naturals
            and naturals >= 1
            and naturals + wilds >= 3
            and wilds <= self.wild_capacity(naturals)
        )

    def minimum_for(self, score: int) -> int:
        """Initial-meld minimum (points) for a cumulative ``score`` (seed 000's table)."""
        if score < 0:
            return self.negative_minimum
        need = 0
        for start, minimum in self.initial_table:
            if score >= start:
                need = minimum
        return need
