"""The continental family: seven deals with fixed contracts of sets and runs, wild jokers, a
penalty stock, and taking a discard out of turn.

Implements ``continental`` (seed ``002_424f334b6be724ce.txt``, the Spanish "Continental" of
Fournier); every point the seed leaves open is a rule option (:mod:`meldtable.variants`,
``docs/rules/continental.md``, research rows K1-K18).

A deal is a sequence of moves; :attr:`ContinentalState.current_player` is always exactly one seat:

1. stage ``draw``: the seat whose turn it is plays ``draw`` (main stock) or ``take`` (the top
   discard);
2. after a ``draw``, while the top discard may still be claimed, the **claim window**: each later
   seat in turn order (ending with the seat that discarded it) is asked in turn and plays
   ``claim`` (the card plus a penalty card; the window closes) or ``pass``;
3. stage ``play`` of the seat whose turn it is: the contract is laid down one combination at a
   time (``set`` = 3 cards, ``run`` = 4 cards), each step only if the whole contract can still be
   completed in this turn; once down, ``add`` (one card onto any laid-down combination), ``swap``
   (a joker for the card it stands for); ``discard`` ends the turn.

Emptying the hand is going out. Legality lives in :meth:`ContinentalState.legal_moves`;
:meth:`ContinentalState.apply` trusts it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from .cards import JOKER, RANK_NAMES, RANKS, SUITS, Card, parse_cards, standard_deck
from .errors import IllegalMoveError, NotationError, OptionError, StateError
from .family import CachedLegalMoves, score_seats_lowest
from .fields import (
    action_cards, action_text, check_saved_deck, saved_cards, saved_field, saved_hands, saved_last_moves,
    saved_outcome,
)
from .moves import move_words
from .multiset import add as ms_add
from .multiset import combinations, counted
from .multiset import remove as ms_remove
from .rng import Rng

SET = "set"
RUN = "run"
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


# ---------------------------------------------------------------------- moves

KINDS = ("draw", "take", "claim", "pass", "set", "run", "add", "swap", "discard")
_NO_CARDS = ("draw", "take", "claim", "pass")
_KINDS_TEXT = ", ".join(KINDS)
_TARGET_RE = re.compile(r"^(\d{1,2})\.(\d{1,3})$")


@dataclass(frozen=True)
class ContinentalMove:
    """One move of the continental family (notation: docs/notation.md, "Continental").

    ``kind``: one of :data:`KINDS`; ``cards``: the hand cards it uses (a ``set`` in canonical
    order, a ``run`` from its low end to its high end with each joker where it stands);
    ``target``: the combination id ``"seat.k"`` (``add``, ``swap``); ``end``: ``"low"`` or
    ``"high"`` for an ``add`` to a run. ``str(m)`` is the canonical text and
    ``ContinentalMove.parse(str(m)) == m``.
    """

    kind: str
    cards: tuple[Card, ...] = ()
    target: str | None = None
    end: str | None = None
    _text: str = field(default="", init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.kind == SET and len(self.cards) > 1:
            ordered = tuple(sorted(self.cards, key=card_key))
            if ordered != self.cards:
                object.__setattr__(self, "cards", ordered)
        parts = [self.kind]
        if self.target is not None:
            parts.append(self.target)
        parts.extend(c.text for c in self.cards)
        if self.end is not None:
            parts.append(self.end)
        object.__setattr__(self, "_text", " ".join(parts))

    def __str__(self) -> str:
        return self._text

    def to_json(self) -> dict[str, object]:
        """``{"text", "kind", "cards", "target", "end"}``."""
        return {
            "text": self._text,
            "kind": self.kind,
            "cards": [c.text for c in self.cards],
            "target": self.target,
            "end": self.end,
        }

    @staticmethod
    def parse(text: str) -> "ContinentalMove":
        """Parse notation such as ``draw``, ``claim``, ``set 7C 7D JK``, ``run 5H JK 7H 8H``,
        ``add 1.2 9H high``, ``add 0.1 7S``, ``swap 1.2 6H``, ``discard 4C``.

        Raises :class:`~meldtable.errors.NotationError` with the reason."""
        if isinstance(text, ContinentalMove):
            return text
        kind, rest = move_words(text, KINDS, example="'discard 4C'", empty="'draw' or 'discard 4C'", known=_KINDS_TEXT)
        if kind in _NO_CARDS:
            if rest:
                raise NotationError(f"'{kind}' takes nothing after it.")
            return ContinentalMove(kind)
        target = end = None
        if kind in ("add", "swap"):
            if not rest:
                raise NotationError(f"'{kind}' needs a combination and a card, e.g. '{kind} 1.2 7H'.")
            m = _TARGET_RE.match(rest[0])
            if not m:
                shown = rest[0] if len(rest[0]) <= 12 else rest[0][:12] + "..."
                raise NotationError(
                    f"'{kind}' needs the combination first, written seat.number (e.g. 1.2), not '{shown}'."
                )
            seat, k = int(m.group(1)), int(m.group(2))
            if k < 1:
                raise NotationError("Combinations are numbered from 1 (e.g. 1.1 is seat 1's first).")
            target = f"{seat}.{k}"
            rest = rest[1:]
            if kind == "add" and rest and rest[-1].lower() in ("low", "high"):
                end = rest[-1].lower()
                rest = rest[:-1]
            if len(rest) != 1:
                raise NotationError(f"'{kind}' takes exactly one card, e.g. '{kind} 1.2 7H'.")
        cards = tuple(parse_cards(rest))
        if kind == "discard" and len(cards) != 1:
            raise NotationError("'discard' takes exactly one card, e.g. 'discard 4C'.")
        if kind == SET and len(cards) < SET_SIZE:
            raise NotationError("'set' needs three cards, e.g. 'set 7C 7D JK'.")
        if kind == RUN and len(cards) < RUN_SIZE:
            raise NotationError("'run' needs four cards from low to high, e.g. 'run 5H 6H JK 8H'.")
        return ContinentalMove(kind, cards, target, end)


parse_move = ContinentalMove.parse


# ---------------------------------------------------------------------- rules


class Rules:
    """The resolved rule options of one game as attributes (see :mod:`meldtable.variants`)."""

    def __init__(self, options: dict[str, Any], players: int) -> None:
        o = options
        self.options = dict(options)
        self.players = players
        self.deck_schedule: str = o["deck_schedule"]
        self.constant_decks: int = o["decks"]
        self.third_deck_after: int = o["third_deck_after_deal_4p"]
        self.jokers_per_deck: int = o["jokers_per_deck"]
        self.deal_sizes: str = o["deal_sizes"]
        self.game_length: str = o["game_length"]
        self.contracts = SEVEN_CONTRACTS if self.game_length == "seven_deals" else EXTENDED_CONTRACTS
        self.deals = len(self.contracts)
        self.card_values: str = o["card_values"]
        self.direction: str = o["direction"]
        self.first_dealer: str = o["first_dealer"]
        self.penalty_percent: int = o["penalty_stock_percent"]
        self.stock_exhausted: str = o["stock_exhausted"]
        self.max_reshuffles: int = o["max_reshuffles"]
        self.penalty_exhausted: str = o["penalty_stock_exhausted"]
        self.claim_by: str = o["claim_by"]
        self.claim_order: str = o["claim_order"]
        self.claim_window: str = o["claim_window"]
        self.max_claims: int = o["max_claims_per_deal"]
        self.upcard_claimable: bool = o["upcard_claimable"]
        self.same_rank_sets: bool = o["same_rank_sets"]
        self.same_suit_runs: bool = o["same_suit_runs"]
        self.max_jokers_set: int = o["max_jokers_per_set"]
        self.max_jokers_run: int = o["max_jokers_per_run"]
        self.no_adjacent_jokers: bool = o["no_adjacent_jokers_in_run"]
        self.ace: str = o["ace"]
        self.extra_melds: bool = o["extra_melds_when_down"]
        self.layoff_from: str = o["layoff_from"]
        self.joker_exchange: str = o["joker_exchange"]
        self.exchange_from: str = o["joker_exchange_from"]
        self.exchanged_joker: str = o["exchanged_joker"]
        self.forbid_playable_discard: bool = o["forbid_playable_discard"]
        self.forbid_discarding_taken: bool = o["forbid_discarding_taken_card"]
        self.max_takes_in_a_row: int = o["max_takes_in_a_row"]
        self.going_out_discard: str = o["going_out_discard"]
        self.down_and_out_bonus: int = o["down_and_out_bonus"]
        self.wrap = self.ace == "around_the_corner"
        self.sides = [[s] for s in range(players)]
        self.side_of = list(range(players))
        for deal in range(1, self.deals + 1):
            cards = self.decks_for(deal) * (52 + self.jokers_per_deck)
            dealt = players * self.hand_size(deal) + 1
            if cards - dealt < players:
                raise OptionError(
                    f"Deal {deal} needs {dealt + players} cards or more for {players} players, but "
                    f"{self.decks_for(deal)} deck(s) hold only {cards}: use more decks."
                )

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


class Combo:
    """A laid-down combination: a ``set`` (``rank``, cards in laying order) or a ``run``
    (``suit``, ``lo`` = position of its first card, cards from low to high; position ``p``
    holds rank :func:`pos_rank` ``(p)``, so a joker in a run stands for one definite card)."""

    __slots__ = ("kind", "cards", "lo", "rank", "suit")

    def __init__(self, kind: str, cards: Iterable[Card], lo: int = 0, rank: int = 0, suit: str = "") -> None:
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

    def copy(self) -> "Combo":
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


# ---------------------------------------------------------------------- the lay-down planner


class _Packer:
    """Exact answer to "can these hand cards still form ``k`` sets of three and ``m`` runs of
    four, disjointly, keeping ``spare`` cards?" (the rest of a contract being laid down).

    For feasibility a run of four is characterised by its suit and the natural cards it uses
    (the rest are jokers), so the candidates are those signatures; the search picks runs in a
    canonical order (fewest jokers first, each multiset of runs once) and checks the sets after
    every pick: ``t`` sets from a rank with ``n`` natural cards need ``max(0, 3t - n)`` jokers, a
    convex cost, so taking the cheapest marginal costs over all ranks is exact. Counts are kept
    in flat arrays (card index, rank) and changed and restored in place."""

    def __init__(self, rules: Rules, hand: dict[Card, int]) -> None:
        self.r = rules
        cnt = [0] * 53
        rank_cnt = [0] * 14
        for c, n in hand.items():
            cnt[c.index] += n
            if not c.is_joker:
                rank_cnt[c.rank] += n
        self.cnt = cnt
        self.rank_cnt = rank_cnt
        self.jokers = hand.get(JOKER, 0)
        self.total = sum(hand.values())
        cands: dict[tuple[str, tuple[Card, ...]], int] = {}
        jokers = self.jokers
        for suit in SUITS:
            held = {c.rank for c, n in hand.items() if n and c.suit == suit and not c.is_joker}
            if not held:
                continue
            for lo in rules.run_starts():
                ranks = [pos_rank(lo + i) for i in range(RUN_SIZE)]
                have = [i for i, rk in enumerate(ranks) if rk in held]
                if not have or len(have) + jokers < RUN_SIZE:
                    continue
                for mask in range(1, 1 << len(have)):
                    nat_pos = [have[b] for b in range(len(have)) if mask >> b & 1]
                    j = RUN_SIZE - len(nat_pos)
                    if j > jokers:
                        continue
                    sig = (suit, tuple(Card(ranks[i], suit) for i in nat_pos))
                    if sig in cands:
                        continue
                    layout = [JOKER] * RUN_SIZE
                    for i in nat_pos:
                        layout[i] = Card(ranks[i], suit)
                    if rules.jokers_ok_run(layout):
                        cands[sig] = j
        self.runs = sorted(
            ((j, suit, tuple(c.index for c in nats), tuple(c.rank for c in nats)) for (suit, nats), j in cands.items()),
            key=lambda x: (x[0], x[1], x[3]))
        self.suit_jokers: dict[str, int] = {}  # suit -> fewest jokers of a run candidate in it
        for j, suit, _, _ in self.runs:
            self.suit_jokers.setdefault(suit, j)

    def feasible(self, removed: Iterable[Card], sets: int, runs: int, spare: int,
                 used_ranks: frozenset[int] = frozenset(), used_suits: frozenset[str] = frozenset()) -> bool:
        """Whether the hand minus ``removed`` can form ``sets`` sets and ``runs`` runs and keep ``spare`` cards."""
        removed = list(removed)
        cnt, rank_cnt = self.cnt, self.rank_cnt
        jokers = self.jokers
        ok = True
        done = []
        for c in removed:
            if cnt[c.index] <= 0:
                ok = False
                break
            cnt[c.index] -= 1
            done.append(c)
            if c.is_joker:
                jokers -= 1
            else:
                rank_cnt[c.rank] -= 1
        try:
            if not ok or self.total - len(removed) - SET_SIZE * sets - RUN_SIZE * runs < spare:
                return False
            if not self._sets_ok(jokers, sets, used_ranks):
                return False
            if runs == 0:
                return True
            if not self.r.same_suit_runs:
                suits = {x for x, j in self.suit_jokers.items() if j <= jokers} - used_suits
                if len(suits) < runs:
                    return False
            return self._dfs(0, runs, jokers, sets, used_ranks, set(used_suits))
        finally:
            for c in done:
                cnt[c.index] += 1
                if not c.is_joker:
                    rank_cnt[c.rank] += 1

    def _dfs(self, start: int, runs: int, jokers: int, sets: int, used_ranks: frozenset[int], used_suits: set[str]) -> bool:
        cands = self.runs
        cnt, rank_cnt = self.cnt, self.rank_cnt
        distinct = not self.r.same_suit_runs
        for idx in range(start, len(cands)):
            j, suit, idxs, ranks = cands[idx]
            if j > jokers:
                break
            if distinct and suit in used_suits:
                continue
            for i in idxs:
                if cnt[i] <= 0:
                    break
            else:
                i = -1
            if i != -1:
                continue
            for i in idxs:
                cnt[i] -= 1
            for rk in ranks:
                rank_cnt[rk] -= 1
            if distinct:
                used_suits.add(suit)
            left = jokers - j
            if runs == 1:
                ok = self._sets_ok(left, sets, used_ranks)
            else:
                ok = (not sets or self._sets_ok(left, sets, used_ranks)) and self._dfs(
                    idx, runs - 1, left, sets, used_ranks, used_suits)
            for i in idxs:
                cnt[i] += 1
            for rk in ranks:
                rank_cnt[rk] += 1
            if distinct:
                used_suits.discard(suit)
            if ok:
                return True
        return False

    def _sets_ok(self, jokers: int, sets: int, used_ranks: frozenset[int]) -> bool:
        if sets == 0:
            return True
        rank_cnt = self.rank_cnt
        maxj = self.r.max_jokers_set
        costs: list[int] = []
        if not self.r.same_rank_sets:
            for rank in range(1, 14):
                n = rank_cnt[rank]
                if n and rank not in used_ranks:
                    cost = SET_SIZE - n if n < SET_SIZE else 0
                    if not maxj or cost <= maxj:
                        costs.append(cost)
        else:
            free = 0
            for n in rank_cnt:
                free += n // SET_SIZE
            if free >= sets:
                return True
            for rank in range(1, 14):
                n = rank_cnt[rank]
                prev = 0
                for t in range(1, min(n, sets) + 1):
                    cost = SET_SIZE * t - n
                    if cost < 0:
                        cost = 0
                    if maxj and t * max(1, SET_SIZE - maxj) > min(n, SET_SIZE * t):
                        break
                    costs.append(cost - prev)
                    prev = cost
        if len(costs) < sets:
            return False
        costs.sort()
        return sum(costs[:sets]) <= jokers


# ---------------------------------------------------------------------- state


class Turn:
    """The turn of the seat whose turn it is (the claim window is kept apart, see
    :attr:`ContinentalState.window`)."""

    __slots__ = ("seat", "stage", "drew", "taken", "pending", "laid_ranks", "laid_suits", "went_down", "joker_from")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.stage = "draw"  # "draw" or "play"
        self.drew: str | None = None  # "stock" or "discard" once the seat has drawn
        self.taken: Card | None = None  # the card taken from the discard pile this turn
        self.pending: tuple[int, int] | None = None  # (sets, runs) of the contract still to lay this turn
        self.laid_ranks: list[int] = []  # ranks of the contract's sets laid this turn
        self.laid_suits: list[str] = []  # suits of the contract's runs laid this turn
        self.went_down = False  # the contract was completed in this turn
        self.joker_from: str | None = None  # a joker exchanged from this combination must be placed now

    def copy(self) -> "Turn":
        t = Turn(self.seat)
        t.stage, t.drew, t.taken, t.pending = self.stage, self.drew, self.taken, self.pending
        t.laid_ranks, t.laid_suits = list(self.laid_ranks), list(self.laid_suits)
        t.went_down, t.joker_from = self.went_down, self.joker_from
        return t


class ContinentalState(CachedLegalMoves):
    """Whole-match state of a continental game (mutable; :class:`meldtable.game.Game` wraps it)."""

    def __init__(self, rules: Rules, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        n = rules.players
        self.hand_number = 0
        self.dealer = 0
        self.decks = 0
        self.scores = [0] * n
        self.results: list[dict[str, Any]] = []
        self.match_over = False
        self.winners: list[int] = []
        self.stock: list[Card] = []
        self.penalty: list[Card] = []
        self.pile: list[Card] = []
        self.top_from: int | None = None
        self.top_claimable = False
        self.hands: list[dict[Card, int]] = [{} for _ in range(n)]
        self.table: list[list[Combo]] = [[] for _ in range(n)]
        self.down = [False] * n
        self.claims = [0] * n
        self.reshuffles = 0
        self.takes_in_a_row = 0  # turns in a row that began with a take (option max_takes_in_a_row)
        self.turn = Turn(0)
        self.window: list[int] | None = None
        self.hand_over = False
        self.out_seat: int | None = None
        self.last_moves: list[dict[str, Any]] = []
        self._legal: list[ContinentalMove] | None = None
        self._legal_set: frozenset[ContinentalMove] = frozenset()

    # ------------------------------------------------------------------ dealing
    def deal(self) -> None:
        """Deal the next hand (seed 'Verteilung der Karten'): the deck of this deal shuffled by the
        engine's generator, ``hand_size`` cards one at a time starting after the dealer, the rest
        split into the main stock and the smaller penalty stock, the main stock's top card turned
        up as the first discard."""
        r = self.rules
        n = r.players
        self.hand_number += 1
        if self.hand_number == 1:
            self.dealer = Rng(self.seed, "first dealer").below(n) if r.first_dealer == "by_lot" else n - 1
        else:
            self.dealer = (self.dealer + 1) % n
        self.decks = r.decks_for(self.hand_number)
        deck = standard_deck(self.decks, r.jokers_per_deck)
        Rng(self.seed, f"deal {self.hand_number}").shuffle(deck)
        self.hands = [{} for _ in range(n)]
        first = (self.dealer + 1) % n
        for _ in range(r.hand_size(self.hand_number)):
            for i in range(n):
                ms_add(self.hands[(first + i) % n], [deck.pop()])
        p = len(deck) * r.penalty_percent // 100
        self.penalty = deck[:p]
        self.stock = deck[p:]
        self.pile = [self.stock.pop()]
        self.top_from = None
        self.top_claimable = r.upcard_claimable
        self.table = [[] for _ in range(n)]
        self.down = [False] * n
        self.claims = [0] * n
        self.reshuffles = 0
        self.takes_in_a_row = 0
        self.hand_over = False
        self.out_seat = None
        self.last_moves = []
        self._start_turn(first)

    def _start_turn(self, seat: int) -> str:
        """Begin ``seat``'s turn; refill an empty main stock or end the deal (option
        ``stock_exhausted``). Returns a note for the move record ("" if nothing happened)."""
        self.turn = Turn(seat)
        self.window = None
        self._legal = None
        note = ""
        r = self.rules
        if not self.stock and r.stock_exhausted == "reshuffle" and self.reshuffles < r.max_reshuffles and len(self.pile) >= 2:
            top = self.pile.pop()
            cards = self.pile
            self.reshuffles += 1
            Rng(self.seed, f"deal {self.hand_number} reshuffle {self.reshuffles}").shuffle(cards)
            self.stock = cards
            self.pile = [top]
            note = "; the discard pile was shuffled into a new stock"
        if not self._can_draw():
            self._end_hand(None)
            note += "; the stock is used up: the deal ends"
        return note

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

    # ------------------------------------------------------------------ legality
    def _generate(self) -> list[ContinentalMove]:
        out: list[ContinentalMove] = []
        if self.window:
            out.append(ContinentalMove("pass"))
            out.append(ContinentalMove("claim"))
        elif self.turn.stage == "draw":
            if self._can_draw():
                out.append(ContinentalMove("draw"))
            if self.pile and self._may_take():
                out.append(ContinentalMove("take"))
        else:
            out = self._play_moves()
        out = list(dict.fromkeys(out))
        out.sort(key=str)
        return out

    def _play_moves(self) -> list[ContinentalMove]:
        r = self.rules
        t = self.turn
        seat = t.seat
        hand = self.hands[seat]
        size = sum(hand.values())
        floor = self._floor()
        if t.joker_from is not None:
            return [m for m in self._add_moves([JOKER], self._targets()) if m.target != t.joker_from]
        if t.pending is not None:
            return self._laydown_moves(t.pending)
        out: list[ContinentalMove] = []
        if not self.down[seat]:
            out.extend(self._laydown_moves(self.contract()))
            out.extend(self._discards_not_down())
            return out
        if size - 1 >= floor:
            targets = self._targets() if self._may_layoff() else [
                (f"{seat}.{k + 1}", cb) for k, cb in enumerate(self.table[seat])]
            out.extend(self._add_moves([c for c in hand], targets))
            if r.joker_exchange == "after_own_down" and self._may_layoff():
                out.extend(self._swap_moves())
        if r.extra_melds:
            out.extend(m for m in self._meld_candidates(hand) if size - len(m.cards) >= floor)
        out.extend(ContinentalMove("discard", (c,)) for c in self._discardable(list(hand)))
        return out

    def _discardable(self, cards: list[Card]) -> list[Card]:
        """``cards`` (distinct hand cards) without the card taken from the discard pile this turn
        (option ``forbid_discarding_taken_card``), unless nothing else would be left."""
        taken = self.turn.taken
        if self.rules.forbid_discarding_taken and taken is not None and any(c is not taken for c in cards):
            return [c for c in cards if c is not taken]
        return cards

    def _discards_not_down(self) -> list[ContinentalMove]:
        hand = self.hands[self.turn.seat]
        cards = self._discardable(list(hand))
        if self.rules.forbid_playable_discard:
            playable = {m.cards[0] for m in self._add_moves(cards, self._targets())}
            if len(playable) < len(cards):
                cards = [c for c in cards if c not in playable]
        return [ContinentalMove("discard", (c,)) for c in cards]

    def _add_moves(self, cards: list[Card], targets: list[tuple[str, Combo]]) -> list[ContinentalMove]:
        """``add`` moves of ``cards`` onto ``targets`` (combination rules only, no hand floor)."""
        r = self.rules
        out = []
        for tid, cb in targets:
            if cb.kind == SET:
                for c in cards:
                    if c.is_joker:
                        if not r.max_jokers_set or cb.jokers < r.max_jokers_set:
                            out.append(ContinentalMove("add", (c,), tid))
                    elif c.rank == cb.rank:
                        out.append(ContinentalMove("add", (c,), tid))
                continue
            n = len(cb.cards)
            if n >= RUN_MAX:
                continue
            low_ok = r.window_ok(cb.lo - 1, n + 1)
            high_ok = r.window_ok(cb.lo, n + 1)
            low_card = Card(pos_rank(cb.lo - 1), cb.suit)
            high_card = Card(pos_rank(cb.lo + n), cb.suit)
            for c in cards:
                if c.is_joker:
                    if r.max_jokers_run and cb.jokers + 1 > r.max_jokers_run:
                        continue
                    if low_ok and not (r.no_adjacent_jokers and cb.cards[0].is_joker):
                        out.append(ContinentalMove("add", (c,), tid, "low"))
                    if high_ok and not (r.no_adjacent_jokers and cb.cards[-1].is_joker):
                        out.append(ContinentalMove("add", (c,), tid, "high"))
                else:
                    if low_ok and c is low_card:
                        out.append(ContinentalMove("add", (c,), tid, "low"))
                    if high_ok and c is high_card:
                        out.append(ContinentalMove("add", (c,), tid, "high"))
        return out

    def _swap_options(self) -> list[tuple[str, Card]]:
        """(combination, natural card) pairs of possible joker exchanges, by the combination rules."""
        hand = self.hands[self.turn.seat]
        out = []
        for tid, cb in self._targets():
            if not cb.jokers:
                continue
            if cb.kind == RUN:
                for i, c in enumerate(cb.cards):
                    if c.is_joker:
                        rep = cb.represents(i)
                        if hand.get(rep, 0):
                            out.append((tid, rep))
            elif self.rules.exchange_from == "runs_and_sets":
                for c in hand:
                    if not c.is_joker and c.rank == cb.rank:
                        out.append((tid, c))
        return out

    def _swap_moves(self) -> list[ContinentalMove]:
        r = self.rules
        size = sum(self.hands[self.turn.seat].values())
        opts = self._swap_options()
        if not opts:
            return []
        if r.exchanged_joker == "to_hand":
            return [ContinentalMove("swap", (c,), tid) for tid, c in opts]
        if size - 1 < self._floor():
            return []
        spots = {m.target for m in self._add_moves([JOKER], self._targets())}
        return [ContinentalMove("swap", (c,), tid) for tid, c in opts if spots - {tid}]

    def _meld_candidates(self, hand: dict[Card, int]) -> list[ContinentalMove]:
        """Every 3-card set and 4-card run the hand can lay (combination rules only)."""
        r = self.rules
        jokers = hand.get(JOKER, 0)
        out = []
        by_rank: dict[int, list[tuple[Card, int]]] = {}
        for c, n in hand.items():
            if not c.is_joker:
                by_rank.setdefault(c.rank, []).append((c, n))
        for rank, items in by_rank.items():
            items.sort(key=lambda x: card_key(x[0]))
            for a in (3, 2, 1):
                j = SET_SIZE - a
                if j > jokers or not r.set_jokers_ok(j, a):
                    continue
                for combo in combinations(items, a):
                    out.append(ContinentalMove(SET, combo + (JOKER,) * j))
        out.extend(self._run_candidates(hand))
        return out

    def _run_candidates(self, hand: dict[Card, int]) -> list[ContinentalMove]:
        r = self.rules
        jokers = hand.get(JOKER, 0)
        out = []
        for suit in SUITS:
            held = {c.rank for c, n in hand.items() if n and c.suit == suit and not c.is_joker}
            if not held:
                continue
            for lo in r.run_starts():
                ranks = [pos_rank(lo + i) for i in range(RUN_SIZE)]
                have = [i for i, rk in enumerate(ranks) if rk in held]
                if not have or len(have) + jokers < RUN_SIZE:
                    continue
                for mask in range(1, 1 << len(have)):
                    layout = [JOKER] * RUN_SIZE
                    k = 0
                    for b, i in enumerate(have):
                        if mask >> b & 1:
                            layout[i] = Card(ranks[i], suit)
                            k += 1
                    if RUN_SIZE - k > jokers or not r.jokers_ok_run(layout):
                        continue
                    out.append(ContinentalMove(RUN, tuple(layout)))
        return out

    def _laydown_moves(self, need: tuple[int, int]) -> list[ContinentalMove]:
        """Contract steps that keep the rest of the contract (``need`` = sets, runs still to lay)
        possible in this turn, keeping a card to discard when going out needs one."""
        r = self.rules
        t = self.turn
        hand = self.hands[t.seat]
        sets, runs = need
        packer = _Packer(r, hand)
        floor = self._floor()
        used_ranks = frozenset(t.laid_ranks) if not r.same_rank_sets else frozenset()
        used_suits = frozenset(t.laid_suits) if not r.same_suit_runs else frozenset()
        if not packer.feasible((), sets, runs, floor, used_ranks, used_suits):
            return []
        out = []
        cache: dict[tuple[Any, ...], bool] = {}
        for m in self._meld_candidates(hand):
            if m.kind == SET:
                if not sets:
                    continue
                rank = next(c.rank for c in m.cards if not c.is_joker)
                if rank in used_ranks:
                    continue
                key = (SET,) + m.cards
                if key not in cache:
                    cache[key] = packer.feasible(m.cards, sets - 1, runs, floor, used_ranks | {rank}, used_suits)
            else:
                if not runs:
                    continue
                suit = next(c.suit for c in m.cards if not c.is_joker)
                if suit in used_suits:
                    continue
                key = (RUN,) + tuple(sorted(m.cards, key=card_key))
                if key not in cache:
                    cache[key] = packer.feasible(m.cards, sets, runs - 1, floor, used_ranks, used_suits | {suit})
            if cache[key]:
                out.append(m)
        return out

    # ------------------------------------------------------------------ applying
    def apply(self, move: ContinentalMove) -> None:
        """Apply a legal move (unchecked: only moves from :meth:`legal_moves`)."""
        r = self.rules
        t = self.turn
        kind = move.kind
        actor = self.current_player
        assert actor is not None
        hand = self.hands[actor]
        self._legal = None
        if kind == "pass":
            assert self.window
            self.window.pop(0)
            if not self.window:
                self.window = None
            self._record(actor, move, "passed")
            return
        if kind == "claim":
            card = self.pile.pop()
            source = self._penalty_source()
            penalty = self.penalty.pop() if source == "penalty" else self.stock.pop()
            ms_add(hand, [card, penalty])
            self.claims[actor] += 1
            self.top_claimable = False
            self.window = None
            where = "penalty stock" if source == "penalty" else "main stock"
            self._record(actor, move, f"claimed {card.text} out of turn and took a penalty card from the {where}")
            return
        if kind == "draw":
            c = self.stock.pop() if self.stock else self.penalty.pop()
            ms_add(hand, [c])
            t.stage, t.drew = "play", "stock"
            self.takes_in_a_row = 0
            self._record(actor, move, "drew a card")
            queue = self._claim_queue()
            if queue:
                self.window = queue
            return
        if kind == "take":
            c = self.pile.pop()
            ms_add(hand, [c])
            t.stage, t.drew, t.taken = "play", "discard", c
            self.takes_in_a_row += 1
            self.top_claimable = False
            self._record(actor, move, f"took {c.text} from the discard pile")
            return
        if kind in (SET, RUN):
            ms_remove(hand, move.cards)
            if kind == SET:
                rank = next(c.rank for c in move.cards if not c.is_joker)
                cb = Combo(SET, move.cards, rank=rank)
            else:
                lay = r.run_layout(move.cards)
                assert isinstance(lay, tuple)
                cb = Combo(RUN, move.cards, lo=lay[0], suit=lay[1])
            self.table[actor].append(cb)
            label = f"laid down a {kind}: {' '.join(c.text for c in cb.cards)}"
            if not self.down[actor]:
                sets, runs = t.pending if t.pending is not None else self.contract()
                if kind == SET:
                    sets -= 1
                    t.laid_ranks.append(cb.rank)
                else:
                    runs -= 1
                    t.laid_suits.append(cb.suit)
                t.pending = (sets, runs)
                if t.pending == (0, 0):
                    t.pending = None
                    self.down[actor] = True
                    t.went_down = True
                    label += " (contract complete)"
            self._after_table_move(actor, move, label)
            return
        if kind == "add":
            cb = self.combo(move.target)
            assert cb is not None
            c = move.cards[0]
            ms_remove(hand, [c])
            if cb.kind == RUN and move.end == "low":
                cb.cards.insert(0, c)
                cb.lo -= 1
                if cb.lo < 1:
                    cb.lo += 13
            else:
                cb.cards.append(c)
            t.joker_from = None
            self._after_table_move(actor, move, f"added {c.text} to seat {move.target.split('.')[0]}'s {cb.describe()}")
            return
        if kind == "swap":
            cb = self.combo(move.target)
            assert cb is not None
            c = move.cards[0]
            if cb.kind == RUN:
                i = next(i for i, x in enumerate(cb.cards) if x.is_joker and cb.represents(i) is c)
            else:
                i = next(i for i, x in enumerate(cb.cards) if x.is_joker)
            cb.cards[i] = c
            ms_remove(hand, [c])
            ms_add(hand, [JOKER])
            if r.exchanged_joker == "place_at_once":
                t.joker_from = move.target
            self._record(actor, move, f"exchanged {c.text} for the joker in seat {move.target.split('.')[0]}'s {cb.describe()}")
            return
        if kind == "discard":
            c = move.cards[0]
            ms_remove(hand, [c])
            self.pile.append(c)
            self.top_from = actor
            self.top_claimable = True
            label = f"discarded {c.text}"
            if not hand:
                self._record(actor, move, label + " and went out")
                self._end_hand(actor)
                return
            rec = self._record(actor, move, label)
            rec["label"] += self._start_turn((actor + 1) % r.players)
            return
        raise IllegalMoveError(f"Unknown move kind {kind!r}.")  # pragma: no cover

    def _after_table_move(self, actor: int, move: ContinentalMove, label: str) -> None:
        if not self.hands[actor]:
            self._record(actor, move, label + " and went out")
            self._end_hand(actor)
        else:
            self._record(actor, move, label)

    def _record(self, seat: int, move: ContinentalMove, label: str) -> dict[str, Any]:
        rec = {"seat": seat, "text": str(move), "label": label}
        self.last_moves.append(rec)
        if len(self.last_moves) > HISTORY_KEEP:
            del self.last_moves[0]
        return rec

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
            raise IllegalMoveError("The hand is not over yet.")
        if self.match_over or self.hand_number >= self.rules.deals:
            raise IllegalMoveError("The match is over.")
        self.deal()

    # ------------------------------------------------------------------ views
    def view(self, seat: int) -> dict[str, Any]:
        """JSON-ready view for ``seat``: its own hand, the others' card counts, the stocks' sizes,
        the top discard (buried discards are hidden), every laid-down combination, the claim
        window, scores and results (docs/rules/continental.md, "Views")."""
        r = self.rules
        t = self.turn
        sets, runs = self.contract()
        if self.match_over:
            phase = "match_over"
        elif self.hand_over:
            phase = "hand_over"
        elif self.window:
            phase = "claim"
        else:
            phase = t.stage
        hand = sorted((c for c, n in self.hands[seat].items() for _ in range(n)), key=hand_key)
        claim = None
        if self.window:
            claim = {
                "card": self.pile[-1].text,
                "seat": self.window[0],
                "discarder": self.top_from,
                "queue": list(self.window),
                "penalty_from": "penalty_stock" if self._penalty_source() == "penalty" else "main_stock",
            }
        return {
            "variant": None,  # filled in by Game.view
            "family": "continental",
            "seat": seat,
            "players": r.players,
            "direction": r.direction,
            "hand_number": self.hand_number,
            "deals": r.deals,
            "dealer": self.dealer,
            "decks": self.decks,
            "phase": phase,
            "current_player": self.current_player,
            "contract": {"sets": sets, "runs": runs, "name": contract_name(sets, runs),
                         "hand_size": r.hand_size(self.hand_number)},
            "contracts": [
                {"deal": i + 1, "sets": s, "runs": u, "name": contract_name(s, u), "hand_size": r.hand_size(i + 1),
                 "decks": r.decks_for(i + 1)}
                for i, (s, u) in enumerate(r.contracts)
            ],
            "hand": [c.text for c in hand],
            "hand_counts": [sum(h.values()) for h in self.hands],
            "stock": len(self.stock),
            "penalty_stock": len(self.penalty),
            "reshuffles": self.reshuffles,
            "discard": {
                "top": self.pile[-1].text if self.pile else None,
                "size": len(self.pile),
                "claimable": self._top_claimable_now(),
                "discarded_by": self.top_from if self.top_claimable else None,
                "takes_in_a_row": self.takes_in_a_row,
            },
            "seats": [
                {
                    "seat": s,
                    "down": self.down[s],
                    "claims": self.claims[s],
                    "score": self.scores[s],
                    "hand_count": sum(self.hands[s].values()),
                    "combos": [self._combo_view(s, k, cb) for k, cb in enumerate(self.table[s])],
                }
                for s in range(r.players)
            ],
            "turn": None if self.hand_over else {
                "seat": t.seat,
                "stage": t.stage,
                "drew": t.drew,
                "taken": None if t.taken is None else t.taken.text,
                "laying_down": None if t.pending is None else {"sets": t.pending[0], "runs": t.pending[1]},
                "went_down": t.went_down,
                "place_joker_from": t.joker_from,
            },
            "claim": claim,
            "scores": list(self.scores),
            "results": [dict(x) for x in self.results],
            "last_moves": [dict(m) for m in self.last_moves],
            "options": dict(r.options),
            "match": {"deals": r.deals, "over": self.match_over, "winners": list(self.winners), "lowest_wins": True},
        }

    def _top_claimable_now(self) -> bool:
        """Whether the top discard can still be claimed out of turn: in an open claim window, or
        before the draw of the seat whose turn it is (a claim window may open after a stock draw);
        never once the window has closed or the card was taken, nor when nobody may claim."""
        if self.hand_over or not self.pile or not self.top_claimable or self.rules.claim_by == "nobody":
            return False
        return bool(self.window) or self.turn.stage == "draw"

    def _combo_view(self, seat: int, k: int, cb: Combo) -> dict[str, Any]:
        d: dict[str, Any] = {
            "id": f"{seat}.{k + 1}",
            "owner": seat,
            "kind": cb.kind,
            "cards": [c.text for c in cb.cards],
            "jokers": cb.jokers,
        }
        if cb.kind == RUN:
            d["suit"] = cb.suit
            d["represents"] = [cb.represents(i).text for i in range(len(cb.cards))]
            d["rank"] = None
        else:
            d["suit"] = None
            d["represents"] = None
            d["rank"] = RANKS[cb.rank - 1]
        return d

    # ------------------------------------------------------------------ explaining refusals
    def explain(self, move: Any, seat: int | None = None) -> tuple[str, str, dict[str, Any]]:
        """Why ``move`` is not legal now: ``(key, message, params)`` in a player's words."""
        if self.hand_over:
            return "hand_over", "The hand is over.", {}
        if not isinstance(move, ContinentalMove):
            return "not_allowed", "That is not a move of this game.", {}
        r = self.rules
        t = self.turn
        kind = move.kind
        actor = self.current_player
        assert actor is not None
        if seat is not None and seat != actor:
            return "not_your_turn", f"It is seat {actor}'s turn, not seat {seat}'s.", {"seat": actor}
        hand = self.hands[actor]
        if self.window:
            card = self.pile[-1].text
            p = {"card": card, "seat": actor}
            if kind not in ("claim", "pass"):
                return ("claim_window", f"Seat {actor} first decides whether to claim {card} out of turn: claim or pass.", p)
            return "not_allowed", "That move is not allowed now.", {}
        if kind in ("claim", "pass"):
            if r.claim_by == "nobody":
                return "no_claims", "In this game discards are never taken out of turn.", {}
            return "no_claim_window", "There is no discard to claim now: a discard can be claimed only after the next player has drawn from the stock.", {}
        if t.stage == "draw":
            if kind == "draw":
                return "stock_empty", "The stock is empty.", {}
            if kind == "take":
                if self.pile:
                    n = self.takes_in_a_row
                    return ("take_limit", f"The top discard has been taken {n} turns in a row: draw from the stock this time.",
                            {"count": n})
                return "pile_empty", "The discard pile is empty.", {}
            return "draw_first", "First take the top discard or draw from the stock.", {}
        if kind in ("draw", "take"):
            return "already_drew", "You have already drawn this turn.", {}
        need = counted(move.cards)
        missing = [c for c, k in need.items() if hand.get(c, 0) < k]
        if missing:
            return "not_in_hand", f"You do not hold {missing[0].text}.", {"card": missing[0].text}
        if t.joker_from is not None:
            if kind != "add" or move.cards != (JOKER,):
                return "place_joker", "Place the joker you exchanged first: add it to another combination.", {"from": t.joker_from}
            if move.target == t.joker_from:
                return "joker_elsewhere", "The exchanged joker goes into another combination, not back into the one it came from.", {}
            return self._explain_add(move)
        if t.pending is not None and kind not in (SET, RUN):
            ps, pr = t.pending
            return ("finish_contract", f"Finish laying down your contract first: {contract_name(ps, pr)} still to lay.",
                    {"sets": ps, "runs": pr})
        if kind in (SET, RUN):
            return self._explain_meld(move)
        if kind in ("add", "swap"):
            if not self.down[actor]:
                return "not_down", "Lay down your contract before adding cards to combinations or exchanging jokers.", {}
            if kind == "add":
                return self._explain_add(move)
            return self._explain_swap(move)
        if kind == "discard":
            if r.forbid_discarding_taken and t.taken is not None and move.cards[0] is t.taken:
                return ("discard_taken", f"You took {t.taken.text} from the discard pile in this turn: discard another card.",
                        {"card": t.taken.text})
            if not self.down[actor] and r.forbid_playable_discard:
                return ("playable_discard", f"You have not laid down your contract, so you may not discard {move.cards[0].text}: "
                        "it fits on a combination on the table.", {"card": move.cards[0].text})
        return "not_allowed", "That move is not allowed now.", {}

    def _explain_meld(self, move: ContinentalMove) -> tuple[str, str, dict[str, Any]]:
        r = self.rules
        t = self.turn
        seat = t.seat
        kind = move.kind
        naturals = [c for c in move.cards if not c.is_joker]
        jokers = len(move.cards) - len(naturals)
        if self.down[seat] and not r.extra_melds:
            return ("contract_done", "You have laid down your contract: now you can only add cards to combinations "
                    "(no new combinations in this game).", {})
        if kind == SET:
            if not naturals:
                return "all_jokers", "A set cannot be made of jokers only: it needs a natural card.", {}
            if len({c.rank for c in naturals}) > 1:
                return "set_ranks", "A set holds cards of one rank only (any suits) and jokers.", {}
            if len(move.cards) != SET_SIZE:
                return "set_size", "Lay a set as three cards, then add more cards one by one.", {}
            if not r.set_jokers_ok(jokers, len(naturals)):
                return "set_jokers", f"A set may hold at most {r.max_jokers_set} joker(s) in this game.", {"max": r.max_jokers_set}
        else:
            lay = r.run_layout(move.cards)
            if lay == "all_jokers":
                return "all_jokers", "A run cannot be made of jokers only: it needs a natural card.", {}
            if lay == "run_suits":
                return "run_suits", "A run holds cards of one suit only (and jokers).", {}
            if lay == "corner":
                return "run_corner", "In this game the ace is high or low, not between the king and the two.", {}
            if isinstance(lay, str):
                return ("run_order", "Write a run from its low end to its high end, consecutive cards of one suit, "
                        "each joker where it stands, e.g. 5H JK 7H 8H.", {})
            if len(move.cards) != RUN_SIZE:
                return "run_size", "Lay a run as four cards, then add more cards one by one.", {}
            if not r.jokers_ok_run(move.cards):
                if r.no_adjacent_jokers and any(a.is_joker and b.is_joker for a, b in zip(move.cards, move.cards[1:])):
                    return "adjacent_jokers", "Two jokers may not stand side by side in a run in this game.", {}
                return "run_jokers", f"A run may hold at most {r.max_jokers_run} joker(s) in this game.", {"max": r.max_jokers_run}
        if self.down[seat]:
            return "keep_a_card", "In this game you go out by discarding your last card: keep one card.", {}
        sets, runs = t.pending if t.pending is not None else self.contract()
        cname = contract_name(sets, runs)
        if kind == SET and not sets:
            return "no_set_needed", f"Your contract needs no more sets ({cname} to lay).", {"contract": cname}
        if kind == RUN and not runs:
            return "no_run_needed", f"Your contract needs no more runs ({cname} to lay).", {"contract": cname}
        if kind == SET and not r.same_rank_sets and naturals[0].rank in t.laid_ranks:
            return "same_rank_sets", "The sets of a contract must be of different ranks in this game.", {}
        if kind == RUN and not r.same_suit_runs and naturals[0].suit in t.laid_suits:
            return "same_suit_runs", "The runs of a contract must be of different suits in this game.", {}
        rest = (sets - 1, runs) if kind == SET else (sets, runs - 1)
        if rest == (0, 0):
            return "keep_a_card", "In this game you go out by discarding your last card: keep one card.", {}
        rname = contract_name(*rest)
        return ("contract_incomplete", f"With these cards the rest of your contract ({rname}) could not be laid down "
                "in this turn" + (" keeping a card to discard" if self._floor() else "") + ": choose other cards.",
                {"contract": rname})

    def _explain_add(self, move: ContinentalMove) -> tuple[str, str, dict[str, Any]]:
        r = self.rules
        cb = self.combo(move.target)
        if cb is None:
            return "no_combo", f"There is no combination {move.target} on the table.", {"target": move.target}
        c = move.cards[0]
        if self.turn.joker_from is None:
            if not self._may_layoff() and not move.target.startswith(f"{self.turn.seat}."):
                return ("layoff_next_turn", "In this game you add to other players' combinations from your next turn on.", {})
            if sum(self.hands[self.turn.seat].values()) - 1 < self._floor():
                return "keep_a_card", "In this game you go out by discarding your last card: keep one card.", {}
        if cb.kind == SET:
            if c.is_joker:
                return "set_jokers", f"A set may hold at most {r.max_jokers_set} joker(s) in this game.", {"max": r.max_jokers_set}
            if move.end is not None:
                return "set_no_end", "A set has no ends: write the move without 'low' or 'high'.", {}
            return "does_not_fit", f"Only {RANK_NAMES[cb.rank][1]} (or a joker) can be added to that set.", {"target": move.target}
        if len(cb.cards) >= RUN_MAX:
            return "run_full", "That run already holds 13 cards.", {}
        if move.end is None:
            return "run_end", "Say at which end of the run the card goes: 'low' or 'high'.", {}
        n = len(cb.cards)
        pos = cb.lo - 1 if move.end == "low" else cb.lo + n
        if not r.window_ok(min(pos, cb.lo), n + 1):
            return "run_corner", "In this game the ace is high or low, not between the king and the two.", {}
        if c.is_joker:
            if r.max_jokers_run and cb.jokers + 1 > r.max_jokers_run:
                return "run_jokers", f"A run may hold at most {r.max_jokers_run} joker(s) in this game.", {"max": r.max_jokers_run}
            return "adjacent_jokers", "Two jokers may not stand side by side in a run in this game.", {}
        want = Card(pos_rank(pos), cb.suit)
        return ("does_not_fit", f"Only {want.text} (or a joker) fits at the {move.end} end of that run.",
                {"target": move.target, "card": want.text})

    def _explain_swap(self, move: ContinentalMove) -> tuple[str, str, dict[str, Any]]:
        r = self.rules
        if r.joker_exchange == "never":
            return "no_exchange", "Jokers on the table cannot be exchanged in this game.", {}
        if not self._may_layoff():
            return "layoff_next_turn", "In this game you exchange jokers from your next turn on.", {}
        cb = self.combo(move.target)
        if cb is None:
            return "no_combo", f"There is no combination {move.target} on the table.", {"target": move.target}
        c = move.cards[0]
        if cb.kind == SET and r.exchange_from == "runs":
            return "exchange_runs_only", "Only jokers in runs can be exchanged in this game.", {}
        if not cb.jokers:
            return "no_joker", "That combination holds no joker.", {}
        if cb.kind == RUN:
            stands = [cb.represents(i).text for i, x in enumerate(cb.cards) if x.is_joker]
            if c.text not in stands:
                return ("joker_stands_for", f"The joker there stands for {' or '.join(stands)}, not {c.text}.",
                        {"stands_for": stands})
        elif c.rank != cb.rank:
            return "does_not_fit", f"Only {RANK_NAMES[cb.rank][1]} can replace a joker in that set.", {}
        if r.exchanged_joker == "place_at_once" and sum(self.hands[self.turn.seat].values()) - 1 < self._floor():
            return "keep_a_card", "In this game you go out by discarding your last card: keep one card.", {}
        return "joker_no_place", "The joker you would get has no other combination to go into.", {}

    # ------------------------------------------------------------------ persistence
    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (docs/rules/continental.md, "Saved games")."""
        def cards(xs: Iterable[Card]) -> list[str]:
            return [c.text for c in xs]

        t = self.turn
        return {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "decks": self.decks,
            "scores": list(self.scores),
            "results": self.results,
            "match_over": self.match_over,
            "winners": list(self.winners),
            "stock": cards(self.stock),
            "penalty_stock": cards(self.penalty),
            "discard_pile": cards(self.pile),
            "top_from": self.top_from,
            "top_claimable": self.top_claimable,
            "hands": [[c.text for c in sorted((c for c, n in h.items() for _ in range(n)), key=hand_key)] for h in self.hands],
            "table": [[cb.to_dict() for cb in combos] for combos in self.table],
            "down": list(self.down),
            "claims": list(self.claims),
            "reshuffles": self.reshuffles,
            "takes_in_a_row": self.takes_in_a_row,
            "turn": {
                "seat": t.seat,
                "stage": t.stage,
                "drew": t.drew,
                "taken": None if t.taken is None else t.taken.text,
                "pending": None if t.pending is None else list(t.pending),
                "laid_ranks": [RANKS[x - 1] for x in t.laid_ranks],
                "laid_suits": list(t.laid_suits),
                "went_down": t.went_down,
                "joker_from": t.joker_from,
            },
            "claim_queue": None if self.window is None else list(self.window),
            "hand_over": self.hand_over,
            "went_out": self.out_seat,
            "last_moves": self.last_moves,
        }

    @classmethod
    def from_dict(cls, rules: Rules, seed: int, d: Any) -> "ContinentalState":
        """Rebuild a state from :meth:`to_dict` data, checking types, the combinations, card
        conservation and the consistency of the turn. Raises :class:`StateError`."""
        n = rules.players

        need = saved_field

        def seat_or_none(v: Any, what: str) -> int | None:
            if v is None:
                return None
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < n:
                raise StateError(f"'{what}' must be a seat or null.")
            return v

        cardlist = saved_cards

        def per_seat(key: str, typ: type) -> list[Any]:
            v = need(d, key, list)
            if len(v) != n or any(not isinstance(x, typ) or (typ is int and isinstance(x, bool)) for x in v):
                raise StateError(f"'{key}' must hold one entry per seat.")
            return list(v)

        s = cls(rules, seed)
        s.hand_number = need(d, "hand_number", int)
        if not 1 <= s.hand_number <= rules.deals:
            raise StateError(f"The saved game's deal number must be 1 to {rules.deals}.")
        s.dealer = need(d, "dealer", int)
        if not 0 <= s.dealer < n:
            raise StateError("The saved game's dealer is not a seat of this game.")
        s.decks = need(d, "decks", int)
        if s.decks != rules.decks_for(s.hand_number):
            raise StateError(f"Deal {s.hand_number} is played with {rules.decks_for(s.hand_number)} deck(s), not {s.decks}.")
        s.scores = per_seat("scores", int)
        s.results, s.match_over, s.winners = saved_outcome(d, n, "seats", seats=n)
        s.stock = cardlist(need(d, "stock", list), "The stock")
        s.penalty = cardlist(need(d, "penalty_stock", list), "The penalty stock")
        s.pile = cardlist(need(d, "discard_pile", list), "The discard pile")
        s.top_from = seat_or_none(d.get("top_from"), "top_from")
        s.top_claimable = need(d, "top_claimable", bool)
        s.hands = saved_hands(d, n)
        table = need(d, "table", list)
        if len(table) != n or not all(isinstance(x, list) for x in table):
            raise StateError("'table' must hold one list of combinations per seat.")
        s.table = [[s._load_combo(x, i) for x in combos] for i, combos in enumerate(table)]
        s.down = per_seat("down", bool)
        s.claims = per_seat("claims", int)
        if any(x < 0 for x in s.claims) or (rules.max_claims and any(x > rules.max_claims for x in s.claims)):
            raise StateError("A seat has claimed more discards than this game allows.")
        s.reshuffles = need(d, "reshuffles", int)
        if not 0 <= s.reshuffles <= max(rules.max_reshuffles, 0):
            raise StateError("The saved game has more reshuffles than this game allows.")
        td = need(d, "turn", dict)
        if "takes_in_a_row" in d:
            s.takes_in_a_row = need(d, "takes_in_a_row", int)
        else:  # saved before the field existed: the take of the seat to act, if any
            s.takes_in_a_row = 1 if isinstance(td, dict) and td.get("drew") == "discard" else 0
        if not 0 <= s.takes_in_a_row <= rules.max_takes_in_a_row:
            raise StateError(f"'takes_in_a_row' must be 0 to {rules.max_takes_in_a_row} (option max_takes_in_a_row).")
        seat = need(td, "seat", int)
        if not 0 <= seat < n:
            raise StateError("The turn belongs to a seat that is not in the game.")
        t = Turn(seat)
        t.stage = need(td, "stage", str)
        if t.stage not in ("draw", "play"):
            raise StateError("The turn stage must be 'draw' or 'play'.")
        drew = td.get("drew")
        if drew not in (None, "stock", "discard") or (drew is None) != (t.stage == "draw"):
            raise StateError("'turn.drew' must be null before the draw and 'stock' or 'discard' after it.")
        t.drew = drew
        taken = td.get("taken")
        if taken is not None:
            if drew != "discard":
                raise StateError("'turn.taken' names a card only after a take from the discard pile.")
            t.taken = saved_cards([taken], "'turn.taken'")[0]
        pending = td.get("pending")
        if pending is not None:
            if (not isinstance(pending, list) or len(pending) != 2
                    or any(isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in pending) or sum(pending) == 0):
                raise StateError("'turn.pending' must be null or [sets, runs] still to lay.")
            t.pending = (pending[0], pending[1])
        lr = need(td, "laid_ranks", list)
        if not all(isinstance(x, str) and x in RANKS for x in lr):
            raise StateError("'turn.laid_ranks' must list ranks.")
        t.laid_ranks = [RANKS.index(x) + 1 for x in lr]
        ls = need(td, "laid_suits", list)
        if not all(isinstance(x, str) and x in SUITS for x in ls):
            raise StateError("'turn.laid_suits' must list suits.")
        t.laid_suits = list(ls)
        t.went_down = need(td, "went_down", bool)
        jf = td.get("joker_from")
        if jf is not None and (not isinstance(jf, str) or s.combo(jf) is None):
            raise StateError("'turn.joker_from' must be null or a combination on the table.")
        t.joker_from = jf
        s.turn = t
        queue = d.get("claim_queue")
        if queue is not None:
            if (not isinstance(queue, list) or not queue
                    or any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < n or x == seat for x in queue)
                    or len(set(queue)) != len(queue)):
                raise StateError("'claim_queue' must be null or a list of other seats.")
            s.window = list(queue)
        s.hand_over = need(d, "hand_over", bool)
        s.out_seat = seat_or_none(d.get("went_out"), "went_out")
        s.last_moves = saved_last_moves(d, HISTORY_KEEP, seats=n)
        # card conservation: every physical card of this deal's deck exactly once
        everything: list[Card] = list(s.stock) + list(s.penalty) + list(s.pile)
        for h in s.hands:
            everything.extend(c for c, k in h.items() for _ in range(k))
        for combos in s.table:
            for cb in combos:
                everything.extend(cb.cards)
        check_saved_deck(everything, standard_deck(s.decks, rules.jokers_per_deck))
        # consistency of the deal in play
        if s.match_over and not s.hand_over:
            raise StateError("The match cannot be over while a hand is in play.")
        if s.hand_over and s.hand_number == rules.deals and not s.match_over:
            raise StateError("The last deal is over, so the match must be over too.")
        if s.hand_over and s.out_seat is not None and s.hands[s.out_seat]:
            raise StateError("The seat that went out must have an empty hand.")
        for i in range(n):
            if s.table[i] and not s.down[i] and not (i == seat and t.pending is not None and not s.hand_over):
                raise StateError(f"Seat {i} has combinations on the table but has not laid down its contract.")
            if s.down[i] and not s.table[i]:
                raise StateError(f"Seat {i} is marked as down but has no combination on the table.")
            if s.down[i] and not s._holds_contract(i):
                cname = contract_name(*s.contract())
                raise StateError(f"Seat {i} is marked as down, but its combinations do not hold this deal's contract ({cname}).")
        if not s.hand_over:
            s._check_turn_flags()
            if t.pending is not None and (s.down[seat] or t.stage != "play" or not s.table[seat]):
                raise StateError("A contract can be half laid only by the seat to act, in its play stage.")
            if t.went_down and not s.down[seat]:
                raise StateError("'turn.went_down' is set but the seat is not down.")
            if t.joker_from is not None and (t.stage != "play" or not s.hands[seat].get(JOKER)):
                raise StateError("A joker to place needs the seat to act holding a joker.")
            if s.window is not None and t.stage != "play":
                raise StateError("A claim window opens only after the player to act has drawn.")
            if s.window is not None and not s.pile:
                raise StateError("A claim window needs a discard to claim.")
            if t.stage == "draw" and not s._can_draw():
                raise StateError("A turn cannot begin with nothing to draw: the deal would have ended.")
            if any(not h for i, h in enumerate(s.hands)):
                raise StateError("A hand in play cannot be empty: that player would have gone out.")
            if not s.legal_moves():
                raise StateError("The saved game cannot go on: the player to act would have no legal move.")
        return s

    def _holds_contract(self, seat: int) -> bool:
        """Whether ``seat``'s combinations contain this deal's contract: at least its number of
        sets and of runs (of different ranks and suits when the options ask for that)."""
        r = self.rules
        sets, runs = self.contract()
        combos = self.table[seat]
        set_ranks = [cb.rank for cb in combos if cb.kind == SET]
        run_suits = [cb.suit for cb in combos if cb.kind == RUN]
        have_sets = len(set_ranks) if r.same_rank_sets else len(set(set_ranks))
        have_runs = len(run_suits) if r.same_suit_runs else len(set(run_suits))
        return have_sets >= sets and have_runs >= runs

    def _check_turn_flags(self) -> None:
        """Consistency of the turn in play (``StateError``): a turn that has not drawn has done
        nothing else; a half-laid contract matches the combinations laid in this turn; the
        contract's ranks and suits laid this turn are recorded only while laying down or in the
        turn that went down; a take follows the limit of takes in a row."""
        t = self.turn
        seat = t.seat
        sets, runs = self.contract()
        if t.stage == "draw":
            if t.pending is not None or t.went_down or t.joker_from is not None or t.laid_ranks or t.laid_suits:
                raise StateError("A turn that has not drawn yet cannot have laid, exchanged or gone down.")
            if self.window is not None:
                raise StateError("A claim window opens only after the player to act has drawn.")
        elif t.drew == "discard" and self.takes_in_a_row < 1:
            raise StateError("'takes_in_a_row' must count the take of the seat to act.")
        elif t.drew == "stock" and self.takes_in_a_row:
            raise StateError("'takes_in_a_row' must be 0 after a draw from the stock.")
        if self.window is not None and t.drew != "stock":
            raise StateError("A claim window opens only after a draw from the stock.")
        if self.window is not None and not self.top_claimable:
            raise StateError("A claim window needs a top discard that may be claimed.")
        if t.pending is not None:
            ps, pr = t.pending
            if ps > sets or pr > runs or len(t.laid_ranks) != sets - ps or len(t.laid_suits) != runs - pr:
                raise StateError("'turn.pending' and the sets and runs laid in this turn do not add up to the contract.")
            combos = self.table[seat]
            if (sorted(cb.rank for cb in combos if cb.kind == SET) != sorted(t.laid_ranks)
                    or sorted(cb.suit for cb in combos if cb.kind == RUN) != sorted(t.laid_suits)
                    or any(len(cb.cards) != (SET_SIZE if cb.kind == SET else RUN_SIZE) for cb in combos)):
                raise StateError("The combinations of the seat laying down must be the sets and runs laid in this turn.")
        elif t.went_down:
            if len(t.laid_ranks) != sets or len(t.laid_suits) != runs:
                raise StateError("'turn.went_down' needs the contract's sets and runs in 'laid_ranks' and 'laid_suits'.")
        elif t.laid_ranks or t.laid_suits:
            raise StateError("'turn.laid_ranks' and 'laid_suits' are empty unless the contract is laid in this turn.")
        if not self.rules.same_rank_sets and len(set(t.laid_ranks)) != len(t.laid_ranks):
            raise StateError("The sets of a contract must be of different ranks in this game.")
        if not self.rules.same_suit_runs and len(set(t.laid_suits)) != len(t.laid_suits):
            raise StateError("The runs of a contract must be of different suits in this game.")

    def _load_combo(self, x: Any, seat: int) -> Combo:
        r = self.rules
        if not isinstance(x, dict) or x.get("kind") not in (SET, RUN):
            raise StateError(f"A combination of seat {seat} must be an object with kind 'set' or 'run'.")
        cards = x.get("cards")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise StateError(f"A combination of seat {seat} must list its cards.")
        try:
            cs = parse_cards(cards)
        except ValueError as e:
            raise StateError(f"A combination of seat {seat}: {e}") from None
        naturals = [c for c in cs if not c.is_joker]
        if x["kind"] == SET:
            if (len(cs) < SET_SIZE or not naturals or len({c.rank for c in naturals}) != 1
                    or not r.set_jokers_ok(len(cs) - len(naturals), len(naturals))):
                raise StateError(f"Seat {seat}'s set {' '.join(cards)} is not a valid set.")
            if x.get("rank") not in (None, naturals[0].rank_text):
                raise StateError(f"Seat {seat}'s set {' '.join(cards)} is not of rank {x.get('rank')}.")
            return Combo(SET, cs, rank=naturals[0].rank)
        lay = r.run_layout(cs)
        if len(cs) < RUN_SIZE or not isinstance(lay, tuple) or not r.jokers_ok_run(cs):
            raise StateError(f"Seat {seat}'s run {' '.join(cards)} is not a valid run.")
        lo, suit = lay
        if x.get("suit") not in (None, suit):
            raise StateError(f"Seat {seat}'s run {' '.join(cards)} is not of suit {x.get('suit')}.")
        low = x.get("low")
        if low is not None and (not isinstance(low, str) or low not in RANKS or pos_rank(lo) != RANKS.index(low) + 1):
            raise StateError(f"Seat {seat}'s run {' '.join(cards)} does not start at {low}.")
        return Combo(RUN, cs, lo=lo, suit=suit)

    def copy(self) -> "ContinentalState":
        c = ContinentalState.__new__(ContinentalState)
        c.rules, c.seed = self.rules, self.seed
        c.hand_number, c.dealer, c.decks = self.hand_number, self.dealer, self.decks
        c.scores, c.results = list(self.scores), [dict(x) for x in self.results]
        c.match_over, c.winners = self.match_over, list(self.winners)
        c.stock, c.penalty, c.pile = list(self.stock), list(self.penalty), list(self.pile)
        c.top_from, c.top_claimable = self.top_from, self.top_claimable
        c.hands = [dict(h) for h in self.hands]
        c.table = [[cb.copy() for cb in combos] for combos in self.table]
        c.down, c.claims, c.reshuffles = list(self.down), list(self.claims), self.reshuffles
        c.takes_in_a_row = self.takes_in_a_row
        c.turn = self.turn.copy()
        c.window = None if self.window is None else list(self.window)
        c.hand_over, c.out_seat = self.hand_over, self.out_seat
        c.last_moves = [dict(m) for m in self.last_moves]
        # the legal moves of this position (never changed in place, only replaced): a copy about
        # to try a move need not generate them again
        c._legal = self._legal
        c._legal_set = self._legal_set
        return c

    def conservation(self) -> dict[Card, int]:
        """Multiset of every card in play (stocks, pile, hands, table): for invariant tests."""
        allc: dict[Card, int] = {}
        ms_add(allc, self.stock)
        ms_add(allc, self.penalty)
        ms_add(allc, self.pile)
        for h in self.hands:
            for c, k in h.items():
                allc[c] = allc.get(c, 0) + k
        for combos in self.table:
            for cb in combos:
                ms_add(allc, cb.cards)
        return allc


def new_state(rules: Rules, seed: int) -> ContinentalState:
    """A new match, first hand dealt."""
    s = ContinentalState(rules, seed)
    s.deal()
    return s


State = ContinentalState


# ---------------------------------------------------------------------- computer player


class ContinentalBot:
    """Rule-based continental player. It decides from its seat's view and legal moves only:
    lays its contract down as soon as it can (natural cards before jokers), then adds every card
    it can and exchanges jokers; takes or claims a discard that completes its contract or
    clearly helps it; discards the least useful card, the highest in points first, but never the
    card it took from the discard pile in this turn (``view.turn.taken``), so it never takes a
    discard only to throw it back."""

    def decide(self, view: dict[str, Any], legal: list[ContinentalMove]) -> ContinentalMove:
        if len(legal) == 1:
            return legal[0]
        self.rules = Rules(view["options"], view["players"])
        self.view = view
        self.hand = counted(parse_cards(view["hand"]))
        c = view["contract"]
        self.contract = (c["sets"], c["runs"])
        me = view["seat"]
        self.down = view["seats"][me]["down"]
        by_kind: dict[str, list[ContinentalMove]] = {}
        for m in legal:
            by_kind.setdefault(m.kind, []).append(m)
        phase = view["phase"]
        top = Card.parse(view["discard"]["top"]) if view["discard"]["top"] else None
        if phase == "claim":
            return self._claim(top, by_kind)
        if phase == "draw":
            return self._draw(top, by_kind)
        return self._play(by_kind, legal)

    # ------------------------------------------------------------ helpers
    def _contract_ready(self, hand: dict[Card, int], spare: int) -> bool:
        sets, runs = self.contract
        return _Packer(self.rules, hand).feasible((), sets, runs, spare)

    def _fits_table(self, card: Card) -> bool:
        for s in self.view["seats"]:
            for cb in s["combos"]:
                if card.is_joker:
                    return True
                if cb["kind"] == SET:
                    if card.rank_text == cb["rank"]:
                        return True
                    continue
                reps = cb["represents"]
                if len(reps) >= RUN_MAX:
                    continue
                first, last = Card.parse(reps[0]), Card.parse(reps[-1])
                if card.suit != first.suit:
                    continue
                if pos_rank(first.rank - 1) == card.rank or pos_rank(last.rank + 1) == card.rank:
                    return True
        return False

    def usefulness(self, card: Card, hand: dict[Card, int]) -> float:
        """How much ``card`` helps towards this deal's contract (``hand`` without it)."""
        if card.is_joker:
            return 100.0
        sets, runs = self.contract
        score = 0.0
        if sets:
            same = sum(n for c, n in hand.items() if not c.is_joker and c.rank == card.rank)
            score = max(score, (0.0, 2.5, 4.5, 5.0)[min(same, 3)])
        if runs:
            near = 0.0
            seen: set[int] = set()
            for c, n in hand.items():
                if c.is_joker or c.suit != card.suit or c.rank == card.rank or c.rank in seen:
                    continue
                d = (c.rank - card.rank) % 13
                d = min(d, 13 - d)
                if not self.rules.wrap:
                    d = abs(c.rank - card.rank)
                    if card.rank == 1 or c.rank == 1:
                        d = min(d, 14 - max(c.rank, card.rank))
                if 1 <= d <= 3:
                    seen.add(c.rank)
                    near += (0, 2.0, 1.4, 0.8)[d]
            score = max(score, min(near, 5.0))
        if self._fits_table(card):
            score += 0.5
        return score

    def _hand_without(self, card: Card) -> dict[Card, int]:
        h = dict(self.hand)
        if h.get(card, 0) > 1:
            h[card] -= 1
        else:
            h.pop(card, None)
        return h

    # ------------------------------------------------------------ decisions
    def _claim(self, top: Card | None, by_kind: dict[str, list[ContinentalMove]]) -> ContinentalMove:
        passes = by_kind["pass"][0]
        if top is None or self.down or "claim" not in by_kind:
            return passes
        me = self.view["seats"][self.view["seat"]]
        size = sum(self.hand.values())
        need = self.rules.hand_size(self.view["hand_number"])
        with_top = dict(self.hand)
        ms_add(with_top, [top])
        if self._contract_ready(with_top, 0):
            return by_kind["claim"][0]
        if top.is_joker and size <= need + 2:
            return by_kind["claim"][0]
        if self.usefulness(top, self.hand) >= 4.5 and size <= need + 2 and me["claims"] < 3:
            return by_kind["claim"][0]
        return passes

    def _draw(self, top: Card | None, by_kind: dict[str, list[ContinentalMove]]) -> ContinentalMove:
        draw = by_kind.get("draw", [None])[0]
        take = by_kind.get("take", [None])[0]
        if take is None or top is None:
            return draw or next(iter(by_kind.values()))[0]
        if draw is None:
            return take
        if self.down:
            return take if self._fits_table(top) and not top.is_joker else draw
        if top.is_joker:
            return take
        with_top = dict(self.hand)
        ms_add(with_top, [top])
        spare = 1 if self.rules.going_out_discard == "required" else 0
        if self._contract_ready(with_top, max(spare, 1)):
            return take
        gain = self.usefulness(top, self.hand)
        worst = min(self.usefulness(c, self._hand_without(c)) for c in self.hand)
        return take if gain >= 2.5 and gain > worst + 1 else draw

    def _play(self, by_kind: dict[str, list[ContinentalMove]], legal: list[ContinentalMove]) -> ContinentalMove:
        lays = by_kind.get(SET, []) + by_kind.get(RUN, [])
        view = self.view
        turn = view["turn"] or {}
        if turn.get("place_joker_from"):
            adds = by_kind.get("add", legal)
            sets_first = sorted(adds, key=lambda m: (self._combo_kind(m.target) != SET, str(m)))
            return sets_first[0]
        if lays and (not self.down or turn.get("laying_down")):
            return min(lays, key=lambda m: (sum(c.is_joker for c in m.cards),
                                            -sum(self.rules.value(c) for c in m.cards), str(m)))
        adds = by_kind.get("add", [])
        natural_adds = [m for m in adds if not m.cards[0].is_joker]
        if natural_adds:
            return max(natural_adds, key=lambda m: (self.rules.value(m.cards[0]), str(m)))
        if by_kind.get("swap"):
            return by_kind["swap"][0]
        if adds:
            return min(adds, key=lambda m: (self._combo_kind(m.target) != SET, str(m)))
        if lays:  # extra melds once down (option)
            return min(lays, key=lambda m: (sum(c.is_joker for c in m.cards), str(m)))
        discards = by_kind.get("discard", legal)
        taken = turn.get("taken")
        if taken and any(m.cards[0].text != taken for m in discards):
            # never take a discard only to throw it back (whatever forbid_discarding_taken_card says)
            discards = [m for m in discards if m.cards[0].text != taken]

        def cost(m: ContinentalMove) -> tuple[float, int, str]:
            c = m.cards[0]
            use = 0.0 if self.down else self.usefulness(c, self._hand_without(c))
            if c.is_joker:
                use = 1000.0
            return (use, -self.rules.value(c), str(m))

        return min(discards, key=cost)

    def _combo_kind(self, target: str | None) -> str | None:
        for s in self.view["seats"]:
            for cb in s["combos"]:
                if cb["id"] == target:
                    return cb["kind"]
        return None


def choose_move(view: dict[str, Any], legal: list[ContinentalMove]) -> ContinentalMove:
    """The family's computer player (see :class:`ContinentalBot`)."""
    return ContinentalBot().decide(view, legal)


# ---------------------------------------------------------------------- UI actions


_text_field = action_text


_card_list = action_cards


ACTION_BUDGET = 300
"""Most moves one UI action plays (on copies of the game) while it looks for a way to carry the
action out; with the early refusals below this bounds the work of every action (docs/rules/
continental.md, "UI actions")."""


class _Budget:
    """Counts down the moves an action may still try (:data:`ACTION_BUDGET`)."""

    __slots__ = ("left",)

    def __init__(self, moves: int = ACTION_BUDGET) -> None:
        self.left = moves

    def spend(self, n: int = 1) -> bool:
        """Take ``n`` moves from the budget; ``False`` (and nothing taken) when not enough are left."""
        if self.left < n:
            return False
        self.left -= n
        return True


def _error(key: str, message: str, params: dict[str, Any] | None = None) -> IllegalMoveError:
    """An :class:`IllegalMoveError` with the page's translation ``key`` and ``params``."""
    err = IllegalMoveError(message)
    err.key, err.params = key, params or {}  # type: ignore[attr-defined]
    return err


def _try(g: Any, seqs: Iterable[list[ContinentalMove]], budget: _Budget | None = None) -> list[ContinentalMove]:
    """The first sequence of moves (``seqs`` is consumed lazily) that ``g`` accepts whole, each
    tried on a copy while the ``budget`` lasts; else the first refusal (raised as it was, with its
    ``key`` and ``params`` for the page's translations)."""
    budget = budget or _Budget()
    first: ValueError | None = None
    for seq in seqs:
        if not budget.spend(len(seq)):
            break
        work = g.copy()
        try:
            for m in seq:
                work.play(m)
            return seq
        except ValueError as e:
            if first is None:
                first = e
    if first is not None:
        raise first
    raise IllegalMoveError("Those cards do not make a combination.")


def _refusal(g: Any, move: ContinentalMove, fallback: str) -> IllegalMoveError:
    """The game's refusal of ``move`` (message, ``key``, ``params``), or ``fallback`` if it is legal."""
    if g.state.is_legal(move) or g.hand_over:
        return IllegalMoveError(fallback)
    key, message, params = g.state.explain(move)
    return _error(key, message, params)


def _check_play_stage(g: Any, probe: ContinentalMove) -> None:
    """Refuse (with the game's own reason for ``probe``) a table action outside the play stage
    of the seat whose turn it is: before its draw, in a claim window, once the hand is over."""
    st = g.state
    if g.hand_over or st.window or st.turn.stage != "play":
        raise _refusal(g, probe, "That is not possible now.")


def _check_held(g: Any, cards: list[Card]) -> None:
    """Refuse at once ``cards`` the seat to act does not hold (more cards than its hand, or a
    card it does not hold as often)."""
    hand = g.state.hands[g.current_player]
    held = sum(hand.values())
    if len(cards) > held:
        raise _error("too_many_cards", f"You hold {held} card{'s' if held != 1 else ''}, but this action names {len(cards)}.",
                     {"held": held, "named": len(cards)})
    for c, k in counted(cards).items():
        if hand.get(c, 0) < k:
            raise _error("not_in_hand", f"You do not hold {c.text}" + (f" {k} times." if hand.get(c, 0) else "."),
                         {"card": c.text})


def _check_combo_cards(kind: str, cards: list[Card]) -> None:
    """Refuse at once cards that can never form one ``kind`` (``set``/``run``), whatever their
    order: jokers only, mixed ranks (set), mixed suits, a repeated card or more than 13 cards (run)."""
    naturals = [c for c in cards if not c.is_joker]
    if not naturals:
        raise _error("all_jokers", "A combination cannot be made of jokers only: it needs a natural card.")
    if kind == SET:
        if len({c.rank for c in naturals}) > 1:
            raise _error("set_ranks", "A set holds cards of one rank only (any suits) and jokers.")
        return
    if len({c.suit for c in naturals}) > 1:
        raise _error("run_suits", "A run holds cards of one suit only (and jokers).")
    if len(cards) > RUN_MAX:
        raise _error("run_long", f"A run holds at most {RUN_MAX} cards.", {"max": RUN_MAX})
    if len({c.rank for c in naturals}) != len(naturals):
        raise _error("run_order", "A run holds each card once: consecutive cards of one suit, jokers filling gaps.")


def _run_layouts(rules: Rules, cards: list[Card]) -> list[list[Card]]:
    """Ways to lay ``cards`` (in any order, at most 13) as one run, from low to high: the given
    order first if it is one, then every window that holds the natural cards, jokers filling the
    gaps and then the ends (high end first)."""
    out: list[list[Card]] = []
    if isinstance(rules.run_layout(cards), tuple):
        out.append(list(cards))
    naturals = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(naturals)
    n = len(cards)
    if not naturals or n > RUN_MAX or len({c.rank for c in naturals}) != len(naturals):
        return out
    starts = range(1, 14) if rules.wrap else range(1, 15)
    for lo in sorted(starts, key=lambda lo: (lo != min(c.rank for c in naturals), lo)):
        if not rules.window_ok(lo, n):
            continue
        layout: list[Card | None] = [None] * n
        ok = True
        for c in naturals:
            idx = [i for i in range(n) if pos_rank(lo + i) == c.rank]
            if not idx:
                ok = False
                break
            layout[idx[0]] = c
        if not ok or sum(1 for x in layout if x is None) != jokers:
            continue
        full = [x if x is not None else JOKER for x in layout]
        if isinstance(rules.run_layout(full), tuple) and full not in out:
            out.append(full)
    return out


def _combo_steps(g: Any, kind: str, cards: list[Card], new_id: str) -> Iterable[list[ContinentalMove]]:
    """Candidate (first move, adds) sequences laying ``cards`` as one new combination ``new_id``,
    generated lazily (the caller has refused impossible card lists with :func:`_check_combo_cards`,
    so there are few: at most 35 for a set, 13 layouts of at most 10 windows for a run)."""
    rules = g.state.rules
    if kind == SET:
        ordered = sorted(cards, key=card_key)
        items = sorted(counted(ordered).items(), key=lambda x: card_key(x[0]))
        for first3 in combinations(items, SET_SIZE):
            rest = list(ordered)
            for c in first3:
                rest.remove(c)
            yield [ContinentalMove(SET, first3)] + [ContinentalMove("add", (c,), new_id) for c in rest]
        return
    for layout in _run_layouts(rules, cards):
        for a in range(0, len(layout) - RUN_SIZE + 1):
            first = ContinentalMove(RUN, tuple(layout[a:a + RUN_SIZE]))
            adds = [ContinentalMove("add", (c,), new_id, "high") for c in layout[a + RUN_SIZE:]]
            adds += [ContinentalMove("add", (c,), new_id, "low") for c in reversed(layout[:a])]
            yield [first] + adds


def _combos_allowed(g: Any) -> int:
    """How many new combinations the seat to act may still lay in this turn: the rest of its
    contract (or the whole contract) while not down; once down, none, or with
    ``extra_melds_when_down`` as many as its hand can form."""
    st = g.state
    t = st.turn
    if t.pending is not None:
        return sum(t.pending)
    if not st.down[t.seat]:
        return sum(st.contract())
    if st.rules.extra_melds:
        return sum(st.hands[t.seat].values()) // SET_SIZE
    return 0


def _lay_down(g: Any, parts: list[list[list[ContinentalMove]]], budget: _Budget) -> list[ContinentalMove]:
    """The first way to lay the combinations of ``parts`` (per combination, its candidate
    (first move, adds) sequences): every first move, combination by combination, then all the
    adds. A first move the game refuses cuts off every way that starts with it; each move tried
    costs one unit of ``budget``. The search is an explicit stack (no recursion)."""
    first_err: ValueError | None = None
    # stack entries: (index of the next combination, game after the first moves so far, moves so far, adds so far)
    stack: list[tuple[int, Any, list[ContinentalMove], list[ContinentalMove]]] = [(0, g, [], [])]
    while stack:
        i, work, firsts, adds = stack.pop()
        if i == len(parts):
            if not budget.spend(len(adds)):
                break
            done = work.copy()
            try:
                for m in adds:
                    done.play(m)
                return firsts + adds
            except ValueError as e:
                first_err = first_err or e
            continue
        children = []
        for seq in parts[i]:
            if not budget.spend():
                break
            nxt = work.copy()
            try:
                nxt.play(seq[0])
            except ValueError as e:
                first_err = first_err or e
                continue
            children.append((i + 1, nxt, firsts + seq[:1], adds + seq[1:]))
        stack.extend(reversed(children))
    if first_err is not None:
        raise first_err
    raise IllegalMoveError("Those cards do not make your contract.")


def compose_action(g: Any, action: dict[str, Any]) -> list[ContinentalMove]:
    """Turn one UI action into the moves that carry it out (docs/rules/continental.md, "UI actions").

    Bounded work: the cards named must be in the hand of the seat to act (as often as named),
    the combinations of a lay-down at most those the seat may still lay, a set of one rank, a
    run of one suit and at most 13 cards; only then are candidate move sequences generated,
    lazily, and tried on copies within :data:`ACTION_BUDGET` moves. Raises
    :class:`IllegalMoveError` (with ``key`` and ``params``) or :class:`NotationError`."""
    kind = action.get("type")
    if kind in ("draw", "take", "claim", "pass"):
        return [ContinentalMove(kind)]
    if kind == "move":
        return [ContinentalMove.parse(_text_field(action, "text"))]
    if kind == "discard":
        return [ContinentalMove("discard", tuple(parse_cards([_text_field(action, "card")])))]
    st = g.state
    seat = g.current_player
    if kind in (SET, RUN):
        cards = _card_list(action)
        size = SET_SIZE if kind == SET else RUN_SIZE
        if len(cards) < size:
            raise IllegalMoveError(f"A {kind} needs at least {size} cards.")
        _check_play_stage(g, ContinentalMove(kind, tuple(cards[:size])))
        _check_held(g, cards)
        _check_combo_cards(kind, cards)
        if not _combos_allowed(g):
            raise _refusal(g, ContinentalMove(kind, tuple(cards[:size])), f"You cannot lay a new {kind} now.")
        new_id = f"{seat}.{len(st.table[seat]) + 1}"
        seqs = list(_combo_steps(g, kind, cards, new_id))
        if not seqs:
            raise _refusal(g, ContinentalMove(kind, tuple(cards[:size])), f"Those cards do not make a {kind}.")
        return _try(g, seqs)
    if kind == "lay_down":
        groups = action.get("combos")
        if not isinstance(groups, list) or not groups or not all(isinstance(x, dict) for x in groups):
            raise NotationError("'combos' must be a list of {\"type\": \"set\"|\"run\", \"cards\": [...]}.")
        if any(grp.get("type") not in (SET, RUN) for grp in groups):
            raise NotationError("Each combination of a lay-down is {\"type\": \"set\"|\"run\", \"cards\": [...]}.")
        _check_play_stage(g, ContinentalMove(SET, (JOKER,) * SET_SIZE))
        allowed = _combos_allowed(g)
        if len(groups) > allowed:
            need = st.turn.pending if st.turn.pending is not None else st.contract()
            if not allowed:
                raise _error("contract_done", "You have laid down your contract: now you can only add cards to "
                             "combinations (no new combinations in this game).")
            raise _error("too_many_combos", f"This lay-down names {len(groups)} combinations, but you may lay "
                         f"{allowed} now ({contract_name(*need)}).",
                         {"named": len(groups), "allowed": allowed, "contract": contract_name(*need)})
        cards_of = [_card_list(grp) for grp in groups]
        _check_held(g, [c for cards in cards_of for c in cards])
        parts = []
        for i, (grp, cards) in enumerate(zip(groups, cards_of)):
            gk = grp["type"]
            size = SET_SIZE if gk == SET else RUN_SIZE
            if len(cards) < size:
                raise IllegalMoveError(f"A {gk} needs at least {size} cards.")
            _check_combo_cards(gk, cards)
            new_id = f"{seat}.{len(st.table[seat]) + i + 1}"
            steps = list(_combo_steps(g, gk, cards, new_id))
            if not steps:
                raise IllegalMoveError(f"Those cards do not make a {gk}: {' '.join(c.text for c in cards)}.")
            parts.append(steps)
        return _lay_down(g, parts, _Budget())
    if kind == "add":
        target = _text_field(action, "target")
        cards = _card_list(action)
        if not cards:
            raise IllegalMoveError("Select the cards to add first.")
        end = action.get("end")
        if end not in (None, "low", "high"):
            raise NotationError("'end' must be 'low' or 'high'.")
        _check_play_stage(g, ContinentalMove("add", (cards[0],), "0.1"))
        _check_held(g, cards)
        cb = st.combo(target)
        if cb is not None and cb.kind == SET:
            wrong = next((c for c in cards if not c.is_joker and c.rank != cb.rank), None)
            if wrong is not None:
                raise _error("does_not_fit", f"Only {RANK_NAMES[cb.rank][1]} (or a joker) can be added to that set.",
                             {"target": target})
        if cb is None or cb.kind == SET:
            return [ContinentalMove("add", (c,), target) for c in sorted(cards, key=card_key)]
        if len(cb.cards) + len(cards) > RUN_MAX:
            raise _error("run_long", f"A run holds at most {RUN_MAX} cards: this one holds {len(cb.cards)}, "
                         f"so at most {RUN_MAX - len(cb.cards)} more fit.", {"max": RUN_MAX})
        ends = [end] if end else ["high", "low"]
        # each card at the end where it fits; try the orders that place naturals before jokers
        seqs = (_run_add_order(st, target, cards, e) for e in ends)
        return _try(g, (s for s in seqs if s))
    if kind == "swap":
        target = _text_field(action, "target")
        card = parse_cards([_text_field(action, "card")])
        moves = [ContinentalMove("swap", tuple(card), target)]
        place = action.get("place")
        if place is not None:
            if not isinstance(place, dict):
                raise NotationError("'place' must be {\"target\": ..., \"end\": ...}.")
            pe = place.get("end")
            if pe not in (None, "low", "high"):
                raise NotationError("'end' must be 'low' or 'high'.")
            moves.append(ContinentalMove("add", (JOKER,), _text_field(place, "target"), pe))
        return moves
    raise NotationError(f"Unknown action type {kind!r}.")


def _run_add_order(st: ContinentalState, target: str, cards: list[Card], prefer: str) -> list[ContinentalMove]:
    """Adds of ``cards`` to the run ``target``, each natural card at the end where it fits
    (simulated on the run's ends), jokers at the ``prefer`` end when nothing else fits."""
    cb = st.combo(target)
    if cb is None:
        return []
    lo, n = cb.lo, len(cb.cards)
    left = list(cards)
    out = []
    while left:
        placed = False
        for c in [x for x in left if not x.is_joker]:
            for e in (prefer, "low" if prefer == "high" else "high"):
                pos = lo - 1 if e == "low" else lo + n
                if Card(pos_rank(pos), cb.suit) is c:
                    out.append(ContinentalMove("add", (c,), target, e))
                    left.remove(c)
                    lo, n = (lo - 1 if e == "low" else lo), n + 1
                    placed = True
                    break
            if placed:
                break
        if placed:
            continue
        if JOKER in left:
            # a joker goes where it lets a natural card follow, else at the preferred end
            e = prefer
            for x in left:
                if x.is_joker:
                    continue
                if Card(pos_rank(lo - 2), cb.suit) is x:
                    e = "low"
                elif Card(pos_rank(lo + n + 1), cb.suit) is x:
                    e = "high"
            out.append(ContinentalMove("add", (JOKER,), target, e))
            left.remove(JOKER)
            lo, n = (lo - 1 if e == "low" else lo), n + 1
            continue
        out.extend(ContinentalMove("add", (c,), target, prefer) for c in left)
        break
    return out


# ---------------------------------------------------------------------- harness hooks
# Game knowledge for the family-independent simulation harness (tests/sim_harness.py,
# bench/harness.py; docs/architecture.md, "harness hooks"). Read-only helpers: none of them
# changes a state, and the engine itself never calls them.


def expected_cards(state: ContinentalState) -> dict[Card, int]:
    """Every physical card of the deal in play: ``state.decks`` decks (the deck grows between
    deals, option ``deck_schedule``) with ``jokers_per_deck`` jokers each. Compare with
    ``state.conservation()``."""
    return counted(standard_deck(state.decks, state.rules.jokers_per_deck))


def hand_size_ok(state: ContinentalState) -> bool:
    """Whether the hand sizes are ones the rules allow: while the deal runs every hand holds at
    least one card (an empty hand has gone out, which ends the deal); once someone went out, that
    hand is empty. (Claims, adds to other seats' combinations and joker exchanges change the sizes
    in ways the state does not record, so no tighter bound is checked.)"""
    sizes = [sum(h.values()) for h in state.hands]
    if state.hand_over:
        return state.out_seat is None or sizes[state.out_seat] == 0
    return all(n >= 1 for n in sizes)


def move_bound(rules: Rules) -> int:
    """Moves one deal lasts at most, for every way of playing:
    ``D * players + 2 * T + D + 3 * N`` with ``N`` cards in the largest deck of the match,
    ``D = N * (1 + max_reshuffles)`` draws and ``T = max_takes_in_a_row * (D + 1)`` takes
    (32,440 for eight players with four decks, 14,296 for two players with two decks, by default).

    Why: every draw takes a card from the main or the penalty stock, which only reshuffles refill
    (at most ``max_reshuffles`` times, at most ``N`` cards each), so there are at most ``D``
    draws, each followed by at most ``players - 1`` claim decisions (``D * players`` moves).
    Option ``max_takes_in_a_row``: at most that many turns in a row begin with a take, and each
    such run ends with a draw or the end of the deal, so at most ``T`` turns begin with a take.
    Every turn begins with a draw or a take and has at most one discard (``D + T`` discards).
    Cards never leave the table: sets, runs and adds of natural cards are at most ``N``; a joker
    exchange puts a natural card on the table for good (at most ``N`` exchanges), and each
    exchanged joker is added again once (at most ``N`` more adds): ``3 * N`` table moves."""
    n = max(rules.decks_for(d) for d in range(1, rules.deals + 1)) * (52 + rules.jokers_per_deck)
    draws = n * (1 + rules.max_reshuffles)
    takes = rules.max_takes_in_a_row * (draws + 1)
    return draws * rules.players + 2 * takes + draws + 3 * n


def shuffle_hidden(data: dict[str, Any], seat: int, rng: Any) -> dict[str, Any] | None:
    """The ``state`` part of a saved game (``to_dict()``) with every card hidden from ``seat``
    dealt out again at random (``rng.shuffle``): the other seats' hands, the main and penalty
    stocks and the discards below the top card. Sizes stay; a seat that must place an exchanged
    joker keeps a joker. ``None`` when this cannot be done consistently: another seat is half-way
    through laying down its contract (the rest of the contract depends on the hand it holds)."""
    import copy

    st = copy.deepcopy(data)
    t = st["turn"]
    if not st["hand_over"] and t["seat"] != seat and t["pending"] is not None:
        return None
    keep_joker = not st["hand_over"] and t["joker_from"] is not None and t["seat"] != seat
    others = [s for s in range(len(st["hands"])) if s != seat]
    pool = list(st["stock"]) + list(st["penalty_stock"]) + list(st["discard_pile"][:-1])
    for s in others:
        pool.extend(st["hands"][s])
    if keep_joker:
        pool.remove("JK")
    rng.shuffle(pool)
    for s in others:
        k = len(st["hands"][s])
        if keep_joker and s == t["seat"]:
            st["hands"][s], pool = ["JK"] + pool[:k - 1], pool[k - 1:]
        else:
            st["hands"][s], pool = pool[:k], pool[k:]
    ks, kp = len(st["stock"]), len(st["penalty_stock"])
    st["stock"], pool = pool[:ks], pool[ks:]
    st["penalty_stock"], pool = pool[:kp], pool[kp:]
    st["discard_pile"] = pool + st["discard_pile"][-1:]
    return st


def results_add_up(state: ContinentalState) -> bool:
    """Whether the last finished deal's itemised result matches the table it was scored from:
    every seat's ``hand_cards`` is the value of the cards left in its hand (0 for the seat that
    went out), ``down_and_out`` only for the seat that went out, ``exhausted`` exactly when nobody
    went out, items add up to totals, and the cumulative scores are ``state.scores``."""
    if not state.results:
        return True
    res = state.results[-1]
    out = res.get("went_out")
    if res.get("exhausted") != (out is None):
        return False
    for s in res["sides"]:
        seat, items = s["side"], s["items"]
        if sum(items.values()) != s["total"]:
            return False
        if seat != out and items["down_and_out"]:
            return False
        if state.hand_over and res.get("hand") == state.hand_number:
            if items["hand_cards"] != sum(state.rules.value(c) * n for c, n in state.hands[seat].items()):
                return False
    if out is not None and res["sides"][out]["items"]["hand_cards"] != 0:
        return False
    return [s["cumulative"] for s in res["sides"]] == list(state.scores)
