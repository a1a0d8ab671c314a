"""The resolved rule options of one canasta game, as typed attributes."""

from __future__ import annotations

from typing import Any

from ..errors import OptionError
from .catalogue import (
    SPEC,
    BlackThreeMeld,
    BlockingCardAdds,
    BlockingRanks,
    BuryBlockingCards,
    ConcealedGoingOutCanasta,
    ConcealedGoingOutExemption,
    CutWilds,
    GoingOutDiscard,
    GoingOutPermission,
    InitialMeldCounts,
    InitialTakeMinimum,
    LastRedThree,
    MatchEnd,
    Partnerships,
    PileBeforeInitialMeld,
    PileFreezing,
    RedThreeExposure,
    RedThreePositiveIf,
    SameRankMelds,
    StockExhausted,
    ThreePlayerMode,
    UpcardCover,
    WildCanasta,
    WildMeldInitial,
    WildTopTake,
)
from .reasons import REASONS


class Rules:
    """The resolved rule options of one canasta game (:mod:`.catalogue`), as attributes named
    exactly like the options, plus what follows from them for ``players`` seats:

    - ``sides``: the seats of each side (list of lists of seat numbers), ``side_of``: seat -> side;
    - ``sitters``: the seats that take turns sitting out a deal (5 players in two sides: the larger
      side's seats), empty when everyone plays every deal (seed 001 'Bei fünf Spielern setzt
      jeweils einer aus');
    - ``meld_shapes``: the natural-card counts a new 3-card meld may hold.

    ``options`` must hold every option of the catalogue with no ``None`` left (``Variant.with_layout``
    fills the layout's values). Raises :class:`~meldtable.errors.OptionError` for a combination that
    cannot be played: partnerships the player count cannot seat, or too few cards for the hands
    (the stock must start with at least as many cards as all hands hold: app policy, so that a
    hand lasts more than about one round; it refuses e.g. 6 players with 2 decks).
    """

    partnerships: Partnerships
    decks: int
    jokers_per_deck: int
    hand_size: int
    draw_count: int
    three_player_mode: ThreePlayerMode
    cut_wilds: CutWilds
    red_three_exposure: RedThreeExposure
    upcard_cover: UpcardCover
    max_wilds_per_meld: int
    min_naturals_per_meld: int
    naturals_must_outnumber_wilds: bool
    wild_canasta: WildCanasta
    wild_meld_initial: WildMeldInitial
    same_rank_melds: SameRankMelds
    black_three_meld: BlackThreeMeld
    pile_before_initial_meld: PileBeforeInitialMeld
    pile_freezing: PileFreezing
    wild_top_take: WildTopTake
    take_pile_onto_own_meld: bool
    meld_after_pile_take: bool
    blocking_ranks: BlockingRanks
    bury_blocking_cards: BuryBlockingCards
    blocking_card_adds: BlockingCardAdds
    take_pile_with_natural_and_wild: bool
    initial_take_minimum: InitialTakeMinimum
    initial_meld_table: tuple[tuple[int, int], ...]
    initial_meld_negative_score: int
    initial_meld_counts: InitialMeldCounts
    concealed_going_out_exemption: ConcealedGoingOutExemption
    concealed_going_out_canasta: ConcealedGoingOutCanasta
    canastas_to_go_out: int
    going_out_discard: GoingOutDiscard
    going_out_permission: GoingOutPermission
    going_out_bonus: int
    concealed_going_out_bonus: int
    wild_canasta_bonus: int
    early_out_bonus: int
    hand_canasta_bonus: int
    natural_canasta_bonus: int
    mixed_canasta_bonus: int
    loser_canasta_bonus: bool
    red_three_bonus: int
    red_three_all_four_bonus: int
    red_three_positive_if: RedThreePositiveIf
    stock_exhausted: StockExhausted
    last_red_three: LastRedThree
    match_end: MatchEnd
    target_score: int
    deals: int

    def __init__(self, options: dict[str, Any], players: int) -> None:
        self.options = dict(options)
        self.players = players
        for name in SPEC:
            value = options[name]
            if value is None:
                raise OptionError.of(REASONS, "option_needs_value", {"name": name, "players": players})
            setattr(self, name, value)
        self.sides, self.sitters = _seating(self.partnerships, players)
        self.side_of: list[int] = [0] * players
        for side, seats in enumerate(self.sides):
            for seat in seats:
                self.side_of[seat] = side
        active = players - (1 if self.sitters else 0)
        dealt = active * self.hand_size
        deck = self.decks * (52 + self.jokers_per_deck)
        if 2 * dealt > deck:
            need = -(-2 * dealt // (52 + self.jokers_per_deck))
            raise OptionError.of(REASONS, "option_decks_too_few",
                                 {"players": active, "hand_size": self.hand_size, "need": need, "decks": self.decks})
        if self.bury_blocking_cards != "never" and self.blocking_ranks == "none":
            raise OptionError.of(REASONS, "option_bury_needs_blocking", {})
        self.closed_canastas = self.blocking_ranks != "none" and self.blocking_card_adds == "bury_only"
        """A natural card is never added to the side's canasta of its rank once it has seven cards
        (option ``blocking_card_adds`` = ``bury_only`` with blocking ranks; seed 004 'Sperrkarten ...
        unter den evtl. passenden Kanaster', research C26): cards beyond the seventh are buried,
        open another meld of the rank (``same_rank_melds``) or are discarded."""
        steps = ["shuffle"]
        if self.cut_wilds != "none":
            steps.append("cut")  # seed 004: the player before the dealer cuts and keeps wild cards (research C28)
        steps += ["deal_hands", "upcard"]
        if self.red_three_exposure == "at_deal":
            steps.append("red_threes")  # else laid out at each player's first turn (seed 004, research C21)
        self.deal_steps: tuple[str, ...] = tuple(steps)
        """The deal as ordered steps (``CanastaState._deal_<step>``): shuffle, the cut (option
        ``cut_wilds``), deal the hands, the upcard, red threes (option ``red_three_exposure``)."""
        self.wild_caps: tuple[int, ...] = tuple(self._wild_capacity(n) for n in range(self.decks * 54 + 1))
        """:meth:`wild_capacity` of every number of naturals a meld can hold (up to every card
        of the decks), looked up by the checks that run per move instead of called."""
        self.meld_shapes: tuple[int, ...] = tuple(k for k in (3, 2, 1) if self.meld_ok(k, 3 - k))
        """Natural cards a new 3-card meld may hold (the rest wild), by :meth:`meld_ok`."""
        self.new_meld_wilds = 3 - min(self.meld_shapes)
        """Most wild cards a new 3-card meld may hold (one with the two natural cards a meld
        needs under seeds 000 and 001)."""

    def _wild_capacity(self, naturals: int) -> int:
        cap = self.max_wilds_per_meld if self.max_wilds_per_meld > 0 else 99
        if self.naturals_must_outnumber_wilds:
            cap = min(cap, naturals - 1)
        return cap

    def wild_capacity(self, naturals: int) -> int:
        """Most wild cards a meld with ``naturals`` natural cards may hold (option
        ``max_wilds_per_meld``, 0 for no limit; option ``naturals_must_outnumber_wilds``; seed
        000: at most three): ``wild_caps[naturals]``."""
        return self.wild_caps[naturals]

    def meld_ok(self, naturals: int, wilds: int) -> bool:
        """Whether a meld of one natural rank with these counts is valid (seed 000: 3+ cards,
        at most 3 wild cards, never all wild; option ``min_naturals_per_meld``)."""
        return (
            naturals >= self.min_naturals_per_meld
            and naturals >= 1
            and naturals + wilds >= 3
            and wilds <= self.wild_caps[naturals]
        )

    def minimum_for(self, score: int) -> int:
        """Initial-meld minimum (points) for a cumulative ``score`` (seed 000's table)."""
        if score < 0:
            return self.initial_meld_negative_score
        need = 0
        for start, minimum in self.initial_meld_table:
            if score >= start:
                need = minimum
        return need


def _seating(partnerships: str, players: int) -> tuple[list[list[int]], list[int]]:
    """Sides (lists of seats) and the seats that take turns sitting out, for ``players`` seats.

    Seats are numbered in the order of play. ``none``: every seat its own side. ``two_sides``:
    partners sit alternately (4: seats 0 2 / 1 3, seed 001 'Die Partner sitzen sich jeweils
    gegenüber'; 6: 0 2 4 / 1 3 5); with 5 players sides 0 2 / 1 3 4 and one seat of the second
    side sits out each deal (research C29). ``three_sides`` (6 players): 0 3 / 1 4 / 2 5.
    Raises :class:`OptionError` when the player count cannot be seated that way."""
    if partnerships == "none":
        return [[s] for s in range(players)], []
    if partnerships == "two_sides":
        if players == 4:
            return [[0, 2], [1, 3]], []
        if players == 5:
            return [[0, 2], [1, 3, 4]], [1, 3, 4]
        if players == 6:
            return [[0, 2, 4], [1, 3, 5]], []
        raise OptionError.of(REASONS, "seating_two_sides", {"players": players})
    if partnerships == "three_sides":
        if players == 6:
            return [[0, 3], [1, 4], [2, 5]], []
        raise OptionError.of(REASONS, "seating_three_sides", {"players": players})
    raise OptionError(f"Unknown partnerships {partnerships!r}.")  # pragma: no cover - checked by Option
