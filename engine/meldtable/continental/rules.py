"""Continental's rule constants, card values, contracts and ``Rules``: the resolved rule options as
attributes, with the combination rules (runs, jokers, the ace) they imply (seed 002; research
K1-K18; docs/rules/continental.md)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, Literal

from ..cards import SUITS, Card
from ..errors import OptionError
from .catalogue import (
    Ace,
    CardValues,
    ClaimBy,
    ClaimOrder,
    ClaimWindow,
    DealSizes,
    DeckSchedule,
    Direction,
    ExchangedJoker,
    FirstDealer,
    GameLength,
    GoingOutDiscard,
    JokerExchange,
    JokerExchangeFrom,
    LayoffFrom,
    PenaltyStockExhausted,
    StockExhausted,
)

SET: Final = "set"
RUN: Final = "run"
ComboKind = Literal["set", "run"]
"""A laid-down combination's kind (:data:`SET` or :data:`RUN`), as a type."""
SET_SIZE = 3
RUN_SIZE = 4
RUN_MAX = 13
HISTORY_KEEP = 16

SEVEN_CONTRACTS: tuple[tuple[int, int], ...] = ((2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3))
"""Seed 002: (sets, runs) of deals 1-7 (6, 7, ..., 12 cards)."""
EXTENDED_CONTRACTS: tuple[tuple[int, int], ...] = SEVEN_CONTRACTS + ((3, 1), (2, 2), (1, 3), (0, 4))
"""The longer game up to 16 cards, continuing the seed's pattern (one card more per deal)."""

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
_NUM = {1: "a", 2: "two", 3: "three", 4: "four"}


def contract_name(sets: int, runs: int) -> str:
    """``"two sets and a run"`` for (2, 1)."""
    parts = []
    if sets:
        parts.append("a set" if sets == 1 else f"{_NUM[sets]} sets")
    if runs:
        parts.append("a run" if runs == 1 else f"{_NUM[runs]} runs")
    return " and ".join(parts)


def card_value(c: Card, table: str = "seed") -> int:
    """Penalty points of a card left in hand. ``seed``: joker 50, ace 20, K-8 10, 7-2 5;
    ``face_value`` (es.wikipedia): joker 50, ace 20, K Q J T 10, 9-2 face value."""
    r = c.rank
    if r == 0:
        return 50
    if r == 1:
        return 20
    if table == "face_value":
        return 10 if r >= 10 else r
    return 10 if r >= 8 else 5


def pos_rank(p: int) -> int:
    """Rank at run position ``p`` (positions count on past the king: 14 = ace, 15 = two, ...)."""
    return (p - 1) % 13 + 1


def card_key(c: Card) -> tuple[bool, int, str]:
    """Canonical order of set cards: naturals by rank and suit, jokers last."""
    return (c.rank == 0, c.rank, c.suit)


def hand_key(c: Card) -> tuple[int, int, int]:
    """Order of a sorted hand: by suit (C D H S), then rank (ace first), jokers last."""
    if c.rank == 0:
        return (9, 0, 0)
    return (SUITS.index(c.suit), c.rank, 0)


# ---------------------------------------------------------------------- rules


class Rules:
    """The resolved rule options of one game as attributes (see :mod:`.catalogue`)."""

    def __init__(self, options: dict[str, Any], players: int) -> None:
        o = options
        self.options = dict(options)
        self.players = players
        self.deck_schedule: DeckSchedule = o["deck_schedule"]
        self.constant_decks: int = o["decks"]
        self.third_deck_after: int = o["third_deck_after_deal_4p"]
        self.jokers_per_deck: int = o["jokers_per_deck"]
        self.deal_sizes: DealSizes = o["deal_sizes"]
        self.game_length: GameLength = o["game_length"]
        self.contracts = SEVEN_CONTRACTS if self.game_length == "seven_deals" else EXTENDED_CONTRACTS
        self.deals = len(self.contracts)
        self.card_values: CardValues = o["card_values"]
        self.direction: Direction = o["direction"]
        self.first_dealer: FirstDealer = o["first_dealer"]
        self.penalty_percent: int = o["penalty_stock_percent"]
        self.stock_exhausted: StockExhausted = o["stock_exhausted"]
        self.max_reshuffles: int = o["max_reshuffles"]
        self.penalty_exhausted: PenaltyStockExhausted = o["penalty_stock_exhausted"]
        self.claim_by: ClaimBy = o["claim_by"]
        self.claim_order: ClaimOrder = o["claim_order"]
        self.claim_window: ClaimWindow = o["claim_window"]
        self.max_claims: int = o["max_claims_per_deal"]
        self.upcard_claimable: bool = o["upcard_claimable"]
        self.same_rank_sets: bool = o["same_rank_sets"]
        self.same_suit_runs: bool = o["same_suit_runs"]
        self.max_jokers_set: int = o["max_jokers_per_set"]
        self.max_jokers_run: int = o["max_jokers_per_run"]
        self.no_adjacent_jokers: bool = o["no_adjacent_jokers_in_run"]
        self.ace: Ace = o["ace"]
        self.extra_melds: bool = o["extra_melds_when_down"]
        self.layoff_from: LayoffFrom = o["layoff_from"]
        self.joker_exchange: JokerExchange = o["joker_exchange"]
        self.exchange_from: JokerExchangeFrom = o["joker_exchange_from"]
        self.exchanged_joker: ExchangedJoker = o["exchanged_joker"]
        self.forbid_playable_discard: bool = o["forbid_playable_discard"]
        self.forbid_discarding_taken: bool = o["forbid_discarding_taken_card"]
        self.max_takes_in_a_row: int = o["max_takes_in_a_row"]
        self.going_out_discard: GoingOutDiscard = o["going_out_discard"]
        self.down_and_out_bonus: int = o["down_and_out_bonus"]
        self.wrap = self.ace == "around_the_corner"
        self.sides = [[s] for s in range(players)]
        self.side_of = list(range(players))
        for deal in range(1, self.deals + 1):
            cards = self.decks_for(deal) * (52 + self.jokers_per_deck)
            dealt = players * self.hand_size(deal) + 1
            if cards - dealt < players:
                from .reasons import REASONS

                raise OptionError.of(REASONS, "deck_too_small", {"minimum": dealt + players, "players": players, "held": cards})

    def decks_for(self, deal: int) -> int:
        """Decks in play in ``deal`` (seed 002 'Kartenspiel'; research K4)."""
        if self.deck_schedule == "constant":
            return self.constant_decks
        n = self.players
        if n <= 3:
            return 2
        if n == 4:
            return 2 if deal <= self.third_deck_after else 3
        return 2 + (deal > 2) + (deal > 4)

    def contract(self, deal: int) -> tuple[int, int]:
        """``(sets, runs)`` of ``deal`` (1-based)."""
        return self.contracts[deal - 1]

    def hand_size(self, deal: int) -> int:
        sets, runs = self.contract(deal)
        return SET_SIZE * sets + RUN_SIZE * runs + (1 if self.deal_sizes == "plus_one" else 0)

    def value(self, c: Card) -> int:
        return card_value(c, self.card_values)

    # ---------------------------------------------------------------- combinations
    def window_ok(self, lo: int, length: int) -> bool:
        """Whether a run from position ``lo`` with ``length`` cards is allowed (research K10)."""
        if length > RUN_MAX:
            return False
        if self.wrap:
            return True
        return lo >= 1 and lo + length - 1 <= 14

    def run_starts(self) -> range:
        """Start positions of 4-card runs."""
        return range(1, 14) if self.wrap else range(1, 12)

    def jokers_ok_run(self, cards: Iterable[Card]) -> bool:
        """Joker limits of a run (research K9): at most ``max_jokers_per_run`` (0 = any number,
        but one natural card at least) and, as an option, never two jokers side by side."""
        cards = list(cards)
        j = sum(1 for c in cards if c.is_joker)
        if j >= len(cards):
            return False
        if self.max_jokers_run and j > self.max_jokers_run:
            return False
        if self.no_adjacent_jokers:
            for a, b in zip(cards, cards[1:]):
                if a.is_joker and b.is_joker:
                    return False
        return True

    def set_jokers_ok(self, jokers: int, naturals: int) -> bool:
        return naturals >= 1 and (not self.max_jokers_set or jokers <= self.max_jokers_set)

    def run_layout(self, cards: tuple[Card, ...] | list[Card]) -> tuple[int, str] | str:
        """``(lo, suit)`` of a run written from low to high, or the reason key it is not one."""
        naturals = [(i, c) for i, c in enumerate(cards) if not c.is_joker]
        if not naturals:
            return "all_jokers"
        suit = naturals[0][1].suit
        if any(c.suit != suit for _, c in naturals):
            return "run_suits"
        n = len(cards)
        if n > RUN_MAX:
            return "run_long"
        i0, c0 = naturals[0]
        if self.wrap:
            starts = [(c0.rank - i0 - 1) % 13 + 1]
        else:
            starts = [c0.rank - i0] + ([14 - i0] if c0.rank == 1 else [])
        for lo in starts:
            if not self.window_ok(lo, n):
                continue
            if all(pos_rank(lo + i) == c.rank for i, c in naturals):
                return (lo, suit)
        if not self.wrap and len({c.rank for _, c in naturals}) == len(naturals):
            # consecutive apart from the corner?
            for lo in range(-12, 15):
                if all(pos_rank(lo + i) == c.rank for i, c in naturals):
                    return "corner"
        return "run_order"
