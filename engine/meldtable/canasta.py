"""The canasta family: melds of one rank, wild cards, red and black threes, the discard pile that
freezes, the initial-meld minimum, canastas, going out, and scoring.

Implements ``canasta-two-hand`` (seed ``000_61593a5ffdab7f94.txt``); every rule choice the seed
leaves open is a rule option (see :mod:`meldtable.variants` and ``docs/rules/canasta-two-hand.md``).
The code is written for sides (partnerships) and several decks from the start, so the other
canasta seeds reuse it with other options.

A turn is a sequence of moves by the seat to act:

1. ``draw`` (stock) or ``take`` (the discard pile), stage ``"draw"``;
2. any number of ``meld`` (a new 3-card meld, or 3-4 black threes when going out) and
   ``add`` (one card onto the side's meld of a rank), stage ``"play"``;
3. ``discard`` ends the turn. Emptying the hand (by a meld, an add or the discard) is going out.

Legality lives in one place, :meth:`CanastaState.legal_moves`; :meth:`CanastaState.apply` trusts it.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Iterable

from .cards import ALL_CARDS, RANKS, Card, Card as _Card, parse_cards, rank_name, standard_deck
from .errors import IllegalMoveError, NotationError, StateError
from .fields import (
    action_cards, action_text, check_saved_deck, saved_cards, saved_field, saved_hands, saved_last_moves,
    saved_outcome,
)
from .moves import Move, card_order
from .multiset import add as ms_add
from .multiset import combinations, counted, remove as ms_remove
from .rng import Rng

ACE = 1
THREE = 3
NATURAL_RANKS = (ACE,) + tuple(range(4, 14))
"""Ranks that form ordinary melds: ace and four to king (threes and wild cards do not)."""
CANASTA_SIZE = 7
HISTORY_KEEP = 12


def is_wild(c: Card) -> bool:
    """Jokers and twos are wild cards (seed 000: "2er und Joker sind wilde Karten")."""
    return c.rank == 0 or c.rank == 2


def is_red_three(c: Card) -> bool:
    """A red three (3D, 3H): a bonus card, laid out at once."""
    return c.rank == THREE and c.is_red


def is_black_three(c: Card) -> bool:
    """A black three (3C, 3S): a stop card."""
    return c.rank == THREE and not c.is_red


def card_value(c: Card) -> int:
    """Points of a card on the table or in hand (seed 000's damaged table, completed as pagat and
    the issue give it): joker 50; 2 and ace 20; king to eight 10; seven to four and black three 5.
    A red three is worth 100 only as a bonus (see scoring)."""
    r = c.rank
    if r == 0:
        return 50
    if r == 2 or r == ACE:
        return 20
    if r >= 8:
        return 10
    if r == THREE and c.is_red:
        return 100
    return 5


def hand_sort_key(c: Card) -> tuple[int, int, str]:
    """Order of a sorted hand: threes, four to king, ace, then twos and jokers."""
    if c.rank == 0:
        return (16, 0, "")
    if c.rank == 2:
        return (15, 0, c.suit)
    if c.rank == ACE:
        return (14, 0, c.suit)
    return (c.rank, 0, c.suit)


class Meld:
    """A side's meld: ``rank`` (1 = ace ... 13 = king, 3 for black threes), its ``cards``,
    counts of ``naturals`` and ``wilds``. A canasta has 7+ cards: natural when it holds no wild
    card, else mixed."""

    __slots__ = ("rank", "cards", "naturals", "wilds")

    def __init__(self, rank: int, cards: Iterable[Card] = ()) -> None:
        self.rank = rank
        self.cards: list[Card] = []
        self.naturals = 0
        self.wilds = 0
        for c in cards:
            self.put(c)

    def put(self, c: Card) -> None:
        """Add one card (no checks)."""
        self.cards.append(c)
        if is_wild(c):
            self.wilds += 1
        else:
            self.naturals += 1

    @property
    def size(self) -> int:
        return self.naturals + self.wilds

    @property
    def is_canasta(self) -> bool:
        return self.size >= CANASTA_SIZE and self.rank != THREE

    @property
    def canasta_kind(self) -> str | None:
        """``None``, ``"natural"`` or ``"mixed"``."""
        if not self.is_canasta:
            return None
        return "natural" if self.wilds == 0 else "mixed"

    def points(self) -> int:
        return sum(card_value(c) for c in self.cards)

    def copy(self) -> "Meld":
        m = Meld.__new__(Meld)
        m.rank, m.cards, m.naturals, m.wilds = self.rank, list(self.cards), self.naturals, self.wilds
        return m

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": RANKS[self.rank - 1],
            "cards": [c.text for c in sorted(self.cards, key=card_order)],
            "naturals": self.naturals,
            "wilds": self.wilds,
            "canasta": self.canasta_kind,
            "points": self.points(),
        }


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


class Turn:
    """What the seat to act has done in this turn so far."""

    __slots__ = ("seat", "stage", "took_pile", "from_stock", "initial", "initial_points", "countable")

    def __init__(self, seat: int, initial: bool) -> None:
        self.seat = seat
        self.stage = "draw"
        self.took_pile = False
        self.from_stock = False
        self.initial = initial  # the side had not made its initial meld when the turn began
        self.initial_points = 0  # points counted towards the minimum this turn
        self.countable: dict[Card, int] = {}  # hand cards whose value may count towards it

    def copy(self) -> "Turn":
        t = Turn(self.seat, self.initial)
        t.stage, t.took_pile, t.from_stock = self.stage, self.took_pile, self.from_stock
        t.initial_points, t.countable = self.initial_points, dict(self.countable)
        return t


class CanastaState:
    """Whole-match state of a canasta-family game (mutable; :class:`meldtable.game.Game` wraps it).

    Seats are ``0 .. players-1``; sides are lists of seats (one seat per side in two-hand play).
    """

    def __init__(self, rules: Rules, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        n = rules.players
        nsides = len(rules.sides)
        self.hand_number = 0
        self.dealer = (n - 2) % n  # so that the first deal is dealt by the last seat and seat 0 starts
        self.scores = [0] * nsides
        self.results: list[dict[str, Any]] = []
        self.match_over = False
        self.winners: list[int] = []
        # per hand
        self.stock: list[Card] = []
        self.pile: list[Card] = []
        self.pile_wilds = 0
        self.hands: list[dict[Card, int]] = [{} for _ in range(n)]
        self.melds: list[dict[int, Meld]] = [{} for _ in range(nsides)]
        self.red_threes: list[list[Card]] = [[] for _ in range(nsides)]
        self.melded = [False] * nsides
        self.turn = Turn(0, True)
        self.hand_over = False
        self.out_seat: int | None = None
        self.out_concealed = False
        self.last_moves: list[dict[str, Any]] = []
        self._legal: list[Move] | None = None
        self._legal_set: dict[str, Move] | None = None  # notation -> legal move, built by is_legal
        self._plan_base: _Plan | None = None  # set only while _generate checks an initial meld

    # ------------------------------------------------------------------ dealing
    def deal(self) -> None:
        """Deal the next hand (seed 000 "Das Ausgeben"): shuffle with the engine's generator, deal
        ``hand_size`` cards each starting left of the dealer, turn the upcard (covered while it is a
        red three or a wild card), lay out dealt red threes and replace them from the stock."""
        r = self.rules
        self.hand_number += 1
        self.dealer = (self.dealer + 1) % r.players
        deck = standard_deck(r.decks, r.jokers_per_deck)
        Rng(self.seed, f"deal {self.hand_number}").shuffle(deck)
        self.stock = deck
        self.pile = []
        self.pile_wilds = 0
        self.hands = [{} for _ in range(r.players)]
        nsides = len(r.sides)
        self.melds = [{} for _ in range(nsides)]
        self.red_threes = [[] for _ in range(nsides)]
        self.melded = [False] * nsides
        self.hand_over = False
        self.out_seat = None
        self.out_concealed = False
        self.last_moves = []
        first = (self.dealer + 1) % r.players
        order = [(first + i) % r.players for i in range(r.players)]
        for _ in range(r.hand_size):
            for seat in order:
                ms_add(self.hands[seat], [self.stock.pop()])
        # the upcard
        while self.stock:
            c = self.stock.pop()
            self._pile_push(c)
            if not self._covers(c):
                break
        # dealt red threes: laid out and replaced
        for seat in order:
            self._lay_out_red_threes(seat)
        self._start_turn(first)

    def _covers(self, c: Card) -> bool:
        mode = self.rules.upcard_cover
        if mode == "none":
            return False
        if is_wild(c):
            return True
        return mode == "wild_and_red_three" and is_red_three(c)

    def _pile_push(self, c: Card) -> None:
        self.pile.append(c)
        if is_wild(c):
            self.pile_wilds += 1

    def _lay_out_red_threes(self, seat: int) -> None:
        hand = self.hands[seat]
        side = self.rules.side_of[seat]
        while True:
            reds = [c for c in hand for _ in range(hand[c]) if is_red_three(c)]
            if not reds:
                return
            ms_remove(hand, reds)
            self.red_threes[side].extend(reds)
            for _ in reds:
                if self.stock:
                    ms_add(hand, [self.stock.pop()])

    def _start_turn(self, seat: int) -> None:
        side = self.rules.side_of[seat]
        self.turn = Turn(seat, not self.melded[side])
        self._legal = None
        if not self.stock:
            # seed 000: "falls ... der Kartenstapel aufgebraucht ist, ist das Spiel sofort zu Ende"
            self._end_hand(None)

    # ------------------------------------------------------------------ helpers
    def side_of(self, seat: int) -> int:
        return self.rules.side_of[seat]

    def canastas(self, side: int) -> int:
        return sum(1 for m in self.melds[side].values() if m.naturals + m.wilds >= CANASTA_SIZE and m.rank != THREE)

    def minimum(self, side: int) -> int:
        return self.rules.minimum_for(self.scores[side])

    @property
    def current_player(self) -> int | None:
        return None if self.hand_over else self.turn.seat

    def _initial_pending(self) -> bool:
        """True while this turn still has to reach the initial-meld minimum."""
        t = self.turn
        return t.initial and not self.melded[self.side_of(t.seat)]

    def _exempt(self) -> bool:
        """Concealed going out may ignore the minimum (seed 000: after a stock draw, no earlier meld)."""
        mode = self.rules.concealed_exemption
        if mode == "never" or not self.turn.initial:
            return False
        return mode == "always" or self.turn.from_stock

    def _count_points(self, cards: Iterable[Card]) -> int:
        """Points of ``cards`` that count towards the initial meld (consumes ``turn.countable``)."""
        cnt = self.turn.countable
        pts = 0
        for c in cards:
            k = cnt.get(c, 0)
            if k:
                pts += card_value(c)
                if k == 1:
                    del cnt[c]
                else:
                    cnt[c] = k - 1
        return pts

    def _peek_points(self, cards: Iterable[Card]) -> tuple[int, dict[Card, int]]:
        cnt = dict(self.turn.countable)
        pts = 0
        for c in cards:
            k = cnt.get(c, 0)
            if k:
                pts += card_value(c)
                cnt[c] = k - 1
        return pts, cnt

    # ------------------------------------------------------------------ legality
    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to act (empty when the hand is over), sorted by notation."""
        if self._legal is None:
            self._legal = [] if self.hand_over else self._generate()
            self._legal_set = None
        return list(self._legal)

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is one of :meth:`legal_moves`. Two moves are equal exactly when their
        canonical notations are, so the lookup is by notation (a dict of the legal moves' texts,
        built on first use)."""
        if self._legal is None:
            self.legal_moves()
        index = self._legal_set
        if index is None:
            index = self._legal_set = {m._text: m for m in self._legal}  # type: ignore[union-attr]
        return type(move) is Move and move._text in index

    def _generate(self) -> list[Move]:
        t = self.turn
        out: list[Move]
        if t.stage == "draw":
            out = [_DRAW] if self.stock else []
            out.extend(self._take_moves())
        else:
            hand = self.hands[t.seat]
            side = self.rules.side_of[t.seat]
            size = sum(hand.values())
            canastas = self.canastas(side)
            initial = self._initial_pending()
            # the hand grouped once: naturals by rank (in hand order) and the wild cards (in
            # canonical order); _meld_moves puts each rank's naturals in canonical order
            by_rank: dict[int, list[tuple[Card, int]]] = {}
            wilds: list[tuple[Card, int]] = []
            for item in hand.items():
                r = item[0].rank
                if r == 0 or r == 2:
                    wilds.append(item)
                else:
                    group = by_rank.get(r)
                    if group is None:
                        by_rank[r] = [item]
                    else:
                        group.append(item)
            if len(wilds) > 1:
                wilds.sort(key=_item_index)
            if initial:  # the planner's grouping of this hand, shared by every check below
                base = self._plan_base = _Plan(self.rules, hand, self.turn.countable, {})
                base.prepare_without(hand)
                base.prepare_quick(self.melds[side])
            try:
                out = self._meld_moves(side, size, canastas, initial, by_rank, wilds)
                out.extend(self._add_moves(side, size, canastas, initial, by_rank, wilds))
                out.extend(self._discard_moves(hand, size, canastas, initial))
            finally:
                self._plan_base = None
        out.sort(key=_move_text)
        return out

    def _take_moves(self) -> list[Move]:
        r = self.rules
        t = self.turn
        if not self.pile:
            return []
        top = self.pile[-1]
        if is_wild(top) or top.rank == THREE:
            return []  # seed 000: never when the top is a black three or a wild card
        initial = self._initial_pending()
        if initial and r.pile_before_initial == "forbidden":
            return []
        side = r.side_of[t.seat]
        frozen = self.pile_wilds > 0 or initial
        hand = self.hands[t.seat]
        rank = top.rank
        naturals = sorted(((c, n) for c, n in hand.items() if c.rank == rank), key=_item_index)
        candidates: list[tuple[Card, ...]] = list(_combos(tuple(naturals), 2))
        if not frozen and r.take_with_wild:
            wilds = sorted(((c, n) for c, n in hand.items() if c.rank == 0 or c.rank == 2), key=_item_index)
            for (nat, _) in naturals:
                for (w, _) in wilds:
                    candidates.append((nat, w))
        if not frozen and r.take_onto_meld and rank in self.melds[side]:
            candidates.append(())
        if not candidates:
            return []
        # outside a pending initial meld, a take that leaves two or more cards in hand is legal
        # exactly when the meld it makes is valid (see _take_ok); anything else asks _take_ok
        existing = self.melds[side].get(rank)
        nat0 = (existing.naturals if existing else 0) + 1
        wild0 = existing.wilds if existing else 0
        # (the top is no red three: those are never taken, and list.count runs in C)
        after = sum(hand.values()) + len(self.pile) - 1 - self.pile.count(_RED_3D) - self.pile.count(_RED_3H)
        out = []
        for used in candidates:
            if not initial and after - len(used) >= 2:
                w = sum(1 for c in used if c.rank == 0 or c.rank == 2)
                ok = r.meld_ok(nat0 + len(used) - w, wild0 + w)
            else:
                ok = self._take_ok(top, used) is None
            if ok:
                out.append(Move.make("take", used))
        return out

    def _take_ok(self, top: Card, used: tuple[Card, ...]) -> str | None:
        """``None`` if taking the pile with ``used`` hand cards is legal, else the reason."""
        r = self.rules
        t = self.turn
        side = self.side_of(t.seat)
        existing = self.melds[side].get(top.rank)
        nat = (existing.naturals if existing else 0) + 1 + sum(1 for c in used if not is_wild(c))
        wild = (existing.wilds if existing else 0) + sum(1 for c in used if is_wild(c))
        if not r.meld_ok(nat, wild):
            return "meld"
        incoming = [c for c in self.pile[:-1] if not is_red_three(c)]
        hand_after = sum(self.hands[t.seat].values()) - len(used) + len(incoming)
        size_after = nat + wild
        canastas_after = self.canastas(side) + (
            1 if size_after >= CANASTA_SIZE and not (existing and existing.is_canasta) else 0
        )
        initial = self._initial_pending()
        counted = 0
        if initial:
            counted = card_value(top) + sum(card_value(c) for c in used)
        min_ok = not initial or counted >= self.minimum(side)
        exempt_take = initial and r.concealed_exemption == "always"
        finisher = False
        if hand_after == 1:
            rest = dict(self.hands[t.seat])
            ms_remove(rest, used)
            ms_add(rest, incoming)
            (last,) = rest
            nat0 = existing.naturals if existing else 0
            wild0 = existing.wilds if existing else 0
            finisher = self._finisher(side, last, (top.rank, nat - nat0, wild - wild0), canastas_after)
        if not self._floor_ok(hand_after, canastas_after, min_ok, exempt_take, finisher):
            return self._floor_reason(hand_after, canastas_after)
        if initial and not min_ok:
            hand = dict(self.hands[t.seat])
            ms_remove(hand, used)
            countable = dict(hand)
            ms_add(hand, incoming)
            pending = {m.rank: (m.naturals, m.wilds) for m in self.melds[side].values()}
            pending[top.rank] = (nat, wild)
            exempt = r.concealed_exemption == "always"
            if not self._reachable(hand, countable, pending, self.minimum(side) - counted, exempt):
                return "minimum"
        return None

    def _floor_ok(self, hand_after: int, canastas_after: int, min_ok: bool, exempt: bool,
                  finisher: bool = False) -> bool:
        """Seed 000 "Ablegen": before two canastas no turn may end with an empty hand, so a move must
        leave the turn a legal end: two cards (one to discard, one to keep), or enough canastas to go
        out, or one card whose addition completes the last canasta needed (``finisher``). Going out
        needs the initial meld met (or the concealed exemption)."""
        r = self.rules
        if hand_after >= 2:
            return True
        if canastas_after < r.canastas_to_go_out:
            return hand_after == 1 and finisher and (min_ok or exempt)
        if not (min_ok or exempt):
            return False
        if hand_after == 0 and r.going_out_discard == "required":
            return False
        return True

    def _finisher(self, side: int, last: Card, change: tuple[int, int, int] | None, canastas_after: int) -> bool:
        """Would adding ``last`` (the one card left after a move that changes the side's meld of
        ``change[0]`` by ``change[1]`` naturals and ``change[2]`` wilds) complete the last canasta
        the side needs to go out, emptying the hand?"""
        r = self.rules
        if r.going_out_discard == "required" or canastas_after + 1 < r.canastas_to_go_out:
            return False
        for rank, meld in list(self.melds[side].items()) + ([(change[0], None)] if change and change[0] not in self.melds[side] else []):
            nat = meld.naturals if meld else 0
            wild = meld.wilds if meld else 0
            if change and change[0] == rank:
                nat += change[1]
                wild += change[2]
            if rank == THREE or nat + wild + 1 != CANASTA_SIZE:
                continue
            if last.rank == rank or (is_wild(last) and wild + 1 <= r.wild_capacity(nat)):
                return True
        return False

    def _floor_reason(self, hand_after: int, canastas_after: int) -> str:
        if canastas_after >= self.rules.canastas_to_go_out and hand_after == 0:
            return "discard_required"
        return "floor"

    def _meld_moves(self, side: int, size: int, canastas: int, initial: bool,
                    by_rank: dict[int, list[tuple[Card, int]]], wilds: list[tuple[Card, int]]) -> list[Move]:
        r = self.rules
        melds = self.melds[side]
        # outside a pending initial meld every new 3-card meld passes the same hand-floor test
        # (a hand left with one card is checked card by card: that card might finish a canasta)
        fast = not initial and size - 3 != 1
        if fast and not self._floor_ok(size - 3, canastas, True, False):
            by_rank = {THREE: by_rank[THREE]} if THREE in by_rank else {}
        # a new meld holds at most two wild cards: more copies of one make no other melds
        wild_key = tuple(item if item[1] <= 2 else (item[0], 2) for item in wilds)
        shapes = r.meld_shapes
        out: list[Move] = []
        for rank, naturals in by_rank.items():
            if rank == THREE:
                # black threes only when going out: never possible before enough canastas or
                # with more than one card left after them (see _meld_ok_now)
                if (r.black_three_meld == "going_out_only" and THREE not in melds
                        and canastas >= r.canastas_to_go_out and size - 4 <= 1):
                    blacks = [(c, n) for c, n in naturals if not c.is_red]
                    for n_cards in (3, 4):
                        for combo in _combos(tuple(blacks), n_cards):
                            if self._meld_ok_now(THREE, combo) is None:
                                out.append(Move.make("meld", combo))
                continue
            if rank in melds:
                continue
            nat_key = (naturals[0],) if len(naturals) == 1 else tuple(sorted(naturals, key=_item_index))
            found = _MELDS.get((shapes, nat_key, wild_key))
            if found is None:
                found = _new_melds(r, nat_key, wild_key)
            if fast:
                out.extend(found)
                continue
            # the check depends on each card's rank (or kind of wild card) and on whether its
            # value still counts towards the initial meld, not on its suit: ask once per signature
            countable = self.turn.countable
            verdict: dict[tuple[tuple[int, bool], ...], bool] = {}
            for combo in found:
                key = _signature(combo.cards, countable)
                ok = verdict.get(key)
                if ok is None:
                    ok = verdict[key] = self._meld_ok_now(rank, combo.cards) is None
                if ok:
                    out.append(combo)
        return out

    def _add_moves(self, side: int, size: int, canastas: int, initial: bool,
                   by_rank: dict[int, list[tuple[Card, int]]], wilds: list[tuple[Card, int]]) -> list[Move]:
        r = self.rules
        size_after = size - 1
        fast = not initial and size_after != 1
        out = []
        for rank, meld in self.melds[side].items():
            if rank == THREE:
                continue
            if fast and size_after < 2:  # (two or more cards left always pass the floor)
                completes = 1 if meld.naturals + meld.wilds + 1 == CANASTA_SIZE else 0
                if not self._floor_ok(size_after, canastas + completes, True, False):
                    continue
            cards = by_rank.get(rank, [])
            if wilds and meld.wilds + 1 <= r.wild_capacity(meld.naturals):
                cards = cards + wilds
            adds = _ADD[rank]
            if fast:
                out.extend([adds[c] for c, _ in cards])
                continue
            countable = self.turn.countable
            verdict: dict[tuple[tuple[int, bool], ...], bool] = {}
            for c, _ in cards:
                key = _signature((c,), countable)
                ok = verdict.get(key)
                if ok is None:
                    ok = verdict[key] = self._add_ok_now(rank, c) is None
                if ok:
                    out.append(adds[c])
        return out

    def _discard_moves(self, hand: dict[Card, int], size: int, canastas: int, initial: bool) -> list[Move]:
        if not initial:
            if size >= 2 or canastas >= self.rules.canastas_to_go_out:
                return [_DISCARD[c] for c in hand]
            return []
        # while the initial meld is pending the verdict is the same for every card (see
        # _discard_ok_now: it depends on the hand size, the turn and the canastas only)
        return [_DISCARD[c] for c in hand] if hand and self._discard_ok_now(next(iter(hand))) is None else []

    def _after_meld_check(self, side: int, cards: tuple[Card, ...], pending: dict[int, tuple[int, int]],
                          canastas_after: int, rank: int) -> str | None:
        """Shared tail of the meld/add checks: hand floor, going out and the initial-meld minimum."""
        t = self.turn
        hand_after = sum(self.hands[t.seat].values()) - len(cards)
        finisher = False
        if hand_after == 1:
            rest = dict(self.hands[t.seat])
            ms_remove(rest, cards)
            (last,) = rest
            nat = sum(1 for c in cards if not is_wild(c))
            finisher = self._finisher(side, last, (rank, nat, len(cards) - nat), canastas_after)
        initial = self._initial_pending()
        if not initial:
            if self._floor_ok(hand_after, canastas_after, True, False, finisher):
                return None
            return self._floor_reason(hand_after, canastas_after)
        base = self._plan_base
        sig = None
        if base is not None:  # during move generation: no copy of the countable cards needed
            sig = _signature(cards, t.countable)
            pts = sum(card_value(c) for c, (_, flag) in zip(cards, sig) if flag)
        else:
            pts, _ = self._peek_points(cards)
        counted = t.initial_points + pts
        need = self.minimum(side) - counted
        exempt = self._exempt()
        if not self._floor_ok(hand_after, canastas_after, need <= 0, exempt, finisher):
            if canastas_after >= self.rules.canastas_to_go_out and hand_after == 0 and (need <= 0 or exempt):
                return "discard_required"
            return "floor" if canastas_after < self.rules.canastas_to_go_out else "minimum"
        if need <= 0 or hand_after == 0:
            return None
        plan = None
        if base is not None:  # during move generation: the hand's grouping, minus these cards
            if base.quick_reachable(rank, cards, sig, need, hand_after):
                return None
            plan = base.without(cards, t.countable, pending, sig)
        if plan is None:
            hand = dict(self.hands[t.seat])
            ms_remove(hand, cards)
            _, countable = self._peek_points(cards)
            countable = {c: n for c, n in countable.items() if n > 0}
            plan = _Plan(self.rules, hand, countable, pending)
        if not plan.reachable(need, exempt):
            return "minimum"
        return None

    def _pending(self, side: int) -> dict[int, tuple[int, int]]:
        """The side's melds as ``rank -> (naturals, wilds)`` (only needed while an initial meld is pending)."""
        if not self._initial_pending():
            return {}
        return {m.rank: (m.naturals, m.wilds) for m in self.melds[side].values()}

    def _meld_ok_now(self, rank: int, combo: tuple[Card, ...]) -> str | None:
        t = self.turn
        side = self.side_of(t.seat)
        pending = self._pending(side)
        if rank == THREE:
            hand_after = sum(self.hands[t.seat].values()) - len(combo)
            if self.canastas(side) < self.rules.canastas_to_go_out or hand_after > 1:
                return "black_threes"
            return self._after_meld_check(side, combo, pending, self.canastas(side), THREE)
        if pending or self._initial_pending():
            nat = sum(1 for c in combo if not is_wild(c))
            pending[rank] = (nat, len(combo) - nat)
        return self._after_meld_check(side, combo, pending, self.canastas(side), rank)

    def _add_ok_now(self, rank: int, c: Card) -> str | None:
        side = self.side_of(self.turn.seat)
        meld = self.melds[side][rank]
        pending = self._pending(side)
        if pending:
            nat, wild = pending[rank]
            pending[rank] = (nat, wild + 1) if is_wild(c) else (nat + 1, wild)
        canastas_after = self.canastas(side) + (1 if meld.size + 1 == CANASTA_SIZE else 0)
        return self._after_meld_check(side, (c,), pending, canastas_after, rank)

    def _discard_ok_now(self, c: Card) -> str | None:
        t = self.turn
        side = self.side_of(t.seat)
        hand_after = sum(self.hands[t.seat].values()) - 1
        initial = self._initial_pending()
        if initial and (t.took_pile or self.melds[side]):
            pts, _ = self._peek_points((c,))
            min_ok = False  # a discard never counts towards the minimum
            if hand_after == 0 and self._exempt() and self.canastas(side) >= self.rules.canastas_to_go_out:
                return None
            if not min_ok:
                return "minimum"
        if hand_after >= 1:
            return None
        if self.canastas(side) < self.rules.canastas_to_go_out:
            return "floor"
        return None

    def _reachable(self, hand: dict[Card, int], countable: dict[Card, int],
                   pending: dict[int, tuple[int, int]], need: int, exempt: bool) -> bool:
        """Can this turn still reach ``need`` more initial-meld points (keeping two cards, one to
        discard and one to keep), or go out (with enough canastas, meeting ``need`` unless
        ``exempt``)? Exact: see docs/architecture.md, "initial meld"."""
        return _Plan(self.rules, hand, countable, pending).reachable(need, exempt)

    # ------------------------------------------------------------------ applying
    def apply(self, move: Move) -> None:
        """Apply a legal move (unchecked: call only with a move from :meth:`legal_moves`)."""
        t = self.turn
        seat = t.seat
        side = self.side_of(seat)
        hand = self.hands[seat]
        kind = move.kind
        label = ""
        if kind == "draw":
            got = 0
            while got < self.rules.draw_count and self.stock:
                c = self.stock.pop()
                if is_red_three(c):
                    self.red_threes[side].append(c)  # laid out; a replacement is drawn
                    if not self.stock:
                        # pagat (research C23/C24): a red three as the last stock card ends the hand at once
                        self._record(seat, move, f"drew {got} card{'s' if got != 1 else ''} and the last red three")
                        self._end_hand(None)
                        return
                    continue
                ms_add(hand, [c])
                got += 1
            t.stage = "play"
            t.from_stock = True
            if self._initial_pending():
                t.countable = dict(hand)
            label = f"drew {got} card{'s' if got != 1 else ''}"
        elif kind == "take":
            top = self.pile[-1]
            rest = self.pile[:-1]
            initial = self._initial_pending()
            ms_remove(hand, move.cards)
            if initial:
                t.countable = dict(hand)
                t.initial_points = card_value(top) + sum(card_value(c) for c in move.cards)
            meld = self.melds[side].get(top.rank)
            if meld is None:
                meld = self.melds[side][top.rank] = Meld(top.rank)
            for c in (top,) + move.cards:
                meld.put(c)
            for c in rest:
                if is_red_three(c):
                    self.red_threes[side].append(c)  # seed: laid out, no replacement
                else:
                    ms_add(hand, [c])
            self.pile = []
            self.pile_wilds = 0
            t.stage = "play"
            t.took_pile = True
            if initial and t.initial_points >= self.minimum(side):
                self._initial_met(side)
            label = f"took the discard pile ({len(rest) + 1} cards)"
            if not hand:
                # the take melded the last hand cards with a one-card pile: with the canastas the
                # hand floor demanded, that is going out without a final discard (seed 000)
                self.melded[side] = True
                self._record(seat, move, label)
                self._end_hand(seat)
                return
        elif kind in ("meld", "add"):
            rank = move.rank if kind == "add" else next(c.rank for c in move.cards if not is_wild(c))
            ms_remove(hand, move.cards)
            if self._initial_pending():
                t.initial_points += self._count_points(move.cards)
                if t.initial_points >= self.minimum(side):
                    self._initial_met(side)
            meld = self.melds[side].get(rank)
            if meld is None:
                meld = self.melds[side][rank] = Meld(rank)
            for c in move.cards:
                meld.put(c)
            label = ("melded " if kind == "meld" else f"added to the {rank_name(rank, True)}: ") + " ".join(
                c.text for c in move.cards
            )
            if not hand:
                self.melded[side] = True
                self._record(seat, move, label)
                self._end_hand(seat)
                return
        elif kind == "discard":
            c = move.cards[0]
            ms_remove(hand, [c])
            self._pile_push(c)
            label = f"discarded {c.text}"
            if not hand:
                self.melded[side] = True
                self._record(seat, move, label)
                self._end_hand(seat)
                return
            self._record(seat, move, label)
            self._start_turn((seat + 1) % self.rules.players)
            return
        else:  # pragma: no cover - legal_moves never yields another kind
            raise IllegalMoveError(f"Unknown move kind {kind!r}.")
        self._record(seat, move, label)
        self._legal = None

    def _initial_met(self, side: int) -> None:
        """The side has made its initial meld: later melds no longer count towards a minimum."""
        self.melded[side] = True
        self.turn.countable = {}

    def _record(self, seat: int, move: Move, label: str) -> None:
        self.last_moves.append({"seat": seat, "text": str(move), "label": label})
        if len(self.last_moves) > HISTORY_KEEP:
            del self.last_moves[0]

    # ------------------------------------------------------------------ end of hand and scoring
    def _end_hand(self, out_seat: int | None) -> None:
        self.hand_over = True
        self._legal = []
        self._legal_set = None
        self.turn.countable = {}
        self.out_seat = out_seat
        self.out_concealed = out_seat is not None and self.turn.initial
        result = {"hand": self.hand_number, "went_out": out_seat, "concealed": self.out_concealed, "sides": []}
        for side, seats in enumerate(self.rules.sides):
            items = self.score_side(side)
            total = sum(items.values())
            self.scores[side] += total
            result["sides"].append({"side": side, "items": items, "total": total, "cumulative": self.scores[side]})
        self.results.append(result)
        r = self.rules
        if r.match_end == "target":
            over = any(s >= r.target_score for s in self.scores)
        else:
            over = self.hand_number >= r.deals
        if over:
            self.match_over = True
            best = max(self.scores)
            self.winners = [s for s, v in enumerate(self.scores) if v == best]

    def score_side(self, side: int) -> dict[str, int]:
        """Itemised points of one side for the hand that just ended (seed 000 "Punktevergabe").

        Items (points): ``melded_cards`` (values of melded cards), ``hand_cards`` (minus the values
        left in the side's hands), ``going_out`` (100), ``concealed`` (extra for concealed going out,
        so that the two together make ``concealed_going_out_bonus``), ``natural_canastas`` (500
        each), ``mixed_canastas`` (300 each), ``red_threes`` (100 each or 800 for all four, negative
        when the side has not melded)."""
        r = self.rules
        melds = self.melds[side].values()
        items = {
            "melded_cards": sum(m.points() for m in melds),
            "hand_cards": -sum(card_value(c) * n for seat in r.sides[side] for c, n in self.hands[seat].items()),
            "going_out": 0,
            "concealed": 0,
            "natural_canastas": r.natural_canasta_bonus * sum(1 for m in melds if m.canasta_kind == "natural"),
            "mixed_canastas": r.mixed_canasta_bonus * sum(1 for m in melds if m.canasta_kind == "mixed"),
            "red_threes": 0,
        }
        if self.out_seat is not None and self.side_of(self.out_seat) == side:
            items["going_out"] = r.going_out_bonus
            if self.out_concealed:
                items["concealed"] = r.concealed_bonus - r.going_out_bonus
        reds = len(self.red_threes[side])
        if reds:
            all_four = reds >= 2 * r.decks  # every red three in play (4 with two decks)
            value = r.red_three_all_bonus if all_four else r.red_three_bonus * reds
            if r.red_three_positive_if == "canasta":
                positive = self.canastas(side) > 0
            elif r.red_three_positive_if == "always":
                positive = True
            else:
                positive = bool(self.melds[side])
            items["red_threes"] = value if positive else -value
        return items

    # ------------------------------------------------------------------ views
    def view(self, seat: int) -> dict[str, Any]:
        """JSON-ready view for ``seat``: its own hand, every other seat's card count, the stock size,
        the discard pile's top/size/frozen state, all melds, red threes and scores (docs/protocol.md)."""
        r = self.rules
        t = self.turn
        top = self.pile[-1] if self.pile else None
        frozen_by = next((c.text for c in self.pile if is_wild(c)), None)
        hand = sorted((c for c, n in self.hands[seat].items() for _ in range(n)), key=hand_sort_key)
        side = self.side_of(t.seat)
        if self.match_over:
            phase = "match_over"
        elif self.hand_over:
            phase = "hand_over"
        else:
            phase = t.stage
        return {
            "variant": None,  # filled in by Game.view
            "seat": seat,
            "players": r.players,
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "phase": phase,
            "current_player": self.current_player,
            "hand": [c.text for c in hand],
            "hand_counts": [sum(h.values()) for h in self.hands],
            "stock": len(self.stock),
            "discard": {
                "top": top.text if top else None,
                "size": len(self.pile),
                "frozen": self.pile_wilds > 0,
                "frozen_by": frozen_by,
                "blocked": bool(top and is_black_three(top)),
                "frozen_for_you": self.pile_wilds > 0 or not self.melded[self.side_of(seat)],
            },
            "sides": [
                {
                    "side": s,
                    "seats": list(seats),
                    "melds": [m.to_json() for m in sorted(self.melds[s].values(), key=lambda m: _meld_order(m.rank))],
                    "red_threes": [c.text for c in self.red_threes[s]],
                    "melded": self.melded[s],
                    "canastas": self.canastas(s),
                    "minimum": self.minimum(s),
                    "score": self.scores[s],
                }
                for s, seats in enumerate(r.sides)
            ],
            "side_of_seat": list(r.side_of),
            "turn": None if self.hand_over else {
                "seat": t.seat,
                "stage": t.stage,
                "took_pile": t.took_pile,
                "initial_meld_points": t.initial_points,
                "needs_initial_meld": self._initial_pending(),
                "minimum": self.minimum(side),
            },
            "scores": list(self.scores),
            "results": [dict(x) for x in self.results],
            "last_moves": [dict(m) for m in self.last_moves],
            "match": {
                "end": r.match_end,
                "target": r.target_score if r.match_end == "target" else None,
                "deals": r.deals if r.match_end == "deals" else None,
                "over": self.match_over,
                "winners": list(self.winners),
            },
        }

    # ------------------------------------------------------------------ explaining refusals
    def explain(self, move: Move, seat: int | None = None) -> tuple[str, str, dict[str, Any]]:
        """Why ``move`` is not legal now: ``(key, message, params)`` in a player's words."""
        t = self.turn
        if self.hand_over:
            return "hand_over", "The hand is over.", {}
        if seat is not None and seat != t.seat:
            return "not_your_turn", f"It is seat {t.seat}'s turn, not seat {seat}'s.", {"seat": t.seat}
        hand = self.hands[t.seat]
        side = self.side_of(t.seat)
        need_cards = counted(move.cards)
        if t.stage == "draw" and move.kind not in ("draw", "take"):
            return "draw_first", "First draw from the stock or take the discard pile.", {}
        if t.stage == "play" and move.kind in ("draw", "take"):
            return "already_drew", "You have already drawn this turn.", {}
        missing = [c for c, n in need_cards.items() if hand.get(c, 0) < n]
        if missing:
            return "not_in_hand", f"You do not hold {missing[0].text}.", {"card": missing[0].text}
        minimum = self.minimum(side)
        if move.kind == "draw":
            return "stock_empty", "The stock is empty.", {}
        if move.kind == "take":
            if not self.pile:
                return "pile_empty", "The discard pile is empty.", {}
            top = self.pile[-1]
            if is_red_three(top):
                return "pile_red_three", "A red three lies on top: the pile cannot be taken now.", {}
            if top.rank == THREE:
                return "pile_blocked", "A black three blocks the pile: draw from the stock.", {}
            if is_wild(top):
                return "pile_wild_top", "A wild card lies on top: the pile cannot be taken now.", {}
            initial = self._initial_pending()
            frozen = self.pile_wilds > 0 or initial
            rank = top.rank
            p = {"rank": RANKS[rank - 1]}
            if initial and self.rules.pile_before_initial == "forbidden":
                return "pile_before_initial", "You may take the pile only after your initial meld.", {}
            if any(c.rank != rank for c in move.cards if not is_wild(c)):
                return "take_rank", f"To take the pile you need {rank_name(rank, True)} to go with the top card.", p
            nat = sum(1 for c in move.cards if not is_wild(c))
            if frozen and nat < 2:
                why = "you have not made your initial meld" if initial and not self.pile_wilds else "a wild card is in it"
                return (
                    "pile_frozen",
                    f"The pile is frozen ({why}): you need two natural {rank_name(rank, True)}.",
                    {**p, "because": "initial" if "initial" in why else "wild"},
                )
            if nat < 2 and move.cards and not self.rules.take_with_wild:
                return (
                    "pile_needs_pair",
                    f"In this game the pile is taken with two natural {rank_name(rank, True)}, not with a wild card.",
                    p,
                )
            if not move.cards and rank not in self.melds[side]:
                return "take_no_meld", f"You have no meld of {rank_name(rank, True)} to put the top card on.", p
            reason = self._take_ok(top, move.cards)
            return self._reason(reason, minimum, rank)
        if move.kind == "meld":
            naturals = [c for c in move.cards if not is_wild(c)]
            ranks = {c.rank for c in naturals}
            if not naturals:
                return "all_wild", "A meld cannot be made of wild cards only.", {}
            if len(ranks) > 1:
                return "mixed_ranks", "A meld holds cards of one rank only (plus wild cards).", {}
            rank = naturals[0].rank
            p = {"rank": RANKS[rank - 1]}
            if rank == THREE:
                if any(c.is_red for c in naturals):
                    return "red_three", "Red threes are laid out by themselves and never melded.", {}
                if len(naturals) != len(move.cards) or len(move.cards) not in (3, 4):
                    return "black_threes", "Black threes are melded only as three or four black threes, without wild cards.", {}
                if self.rules.black_three_meld == "never":
                    return "black_threes_never", "Black threes cannot be melded in this game.", {}
                return "black_threes_out", "Black threes may be melded only in the turn you go out (with two canastas).", {}
            if rank in self.melds[side]:
                return "rank_melded", f"You already have a meld of {rank_name(rank, True)}: add to it instead.", p
            if len(move.cards) != 3:
                return "meld_three", "Lay a new meld as three cards, then add more cards one by one.", {}
            w = len(move.cards) - len(naturals)
            if not self.rules.meld_ok(len(naturals), w):
                if len(naturals) < self.rules.min_naturals:
                    return "few_naturals", f"A meld needs at least {self.rules.min_naturals} natural cards.", {}
                return "many_wilds", "That meld holds too many wild cards.", {}
            return self._reason(self._meld_ok_now(rank, move.cards), minimum, rank)
        if move.kind == "add":
            rank = move.rank or 0
            p = {"rank": RANKS[rank - 1] if rank else "?"}
            meld = self.melds[side].get(rank)
            if meld is None:
                return "no_meld", f"Your side has no meld of {rank_name(rank, True)}.", p
            c = move.cards[0]
            if not is_wild(c) and c.rank != rank:
                return "add_rank", f"Only {rank_name(rank, True)} or wild cards can be added to that meld.", p
            if rank == THREE:
                return "black_threes", "Nothing can be added to black threes.", {}
            if is_wild(c) and meld.wilds + 1 > self.rules.wild_capacity(meld.naturals):
                return "many_wilds", f"The {rank_name(rank, True)} already hold as many wild cards as allowed.", p
            return self._reason(self._add_ok_now(rank, c), minimum, rank)
        if move.kind == "discard":
            return self._reason(self._discard_ok_now(move.cards[0]), minimum, None)
        return "not_allowed", "That move is not allowed now.", {}

    def _reason(self, reason: str | None, minimum: int, rank: int | None) -> tuple[str, str, dict[str, Any]]:
        t = self.turn
        if reason == "minimum":
            return (
                "initial_minimum",
                f"Your initial meld must be worth at least {minimum} points "
                f"(this turn so far: {t.initial_points}).",
                {"minimum": minimum, "points": t.initial_points},
            )
        if reason == "floor":
            return (
                "keep_a_card",
                f"Until your side has {self.rules.canastas_to_go_out} canastas you must keep a card "
                "after your discard.",
                {"canastas": self.rules.canastas_to_go_out},
            )
        if reason == "discard_required":
            return "discard_to_go_out", "In this game you go out by discarding your last card: keep one card.", {}
        if reason == "meld":
            return "meld_invalid", "Those cards do not make a valid meld with the top card.", {}
        if reason == "black_threes":
            return "black_threes_out", "Black threes may be melded only in the turn you go out (with two canastas).", {}
        return "not_allowed", "That move is not allowed now.", {}

    # ------------------------------------------------------------------ next hand
    def next_hand(self) -> None:
        """Deal the next hand of the match (only when the hand is over and the match is not)."""
        if not self.hand_over:
            raise IllegalMoveError("The hand is not over yet.")
        if self.match_over:
            raise IllegalMoveError("The match is over.")
        self.deal()

    # ------------------------------------------------------------------ persistence
    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (docs/state-format.md)."""
        def cards(xs: Iterable[Card]) -> list[str]:
            return [c.text for c in xs]

        def msort(ms: dict[Card, int]) -> list[str]:
            return [c.text for c in sorted((c for c, n in ms.items() for _ in range(n)), key=hand_sort_key)]

        t = self.turn
        return {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "scores": list(self.scores),
            "results": self.results,
            "match_over": self.match_over,
            "winners": list(self.winners),
            "stock": cards(self.stock),
            "discard_pile": cards(self.pile),
            "hands": [msort(h) for h in self.hands],
            "melds": [
                [{"rank": RANKS[m.rank - 1], "cards": cards(m.cards)} for m in sorted(side.values(), key=lambda m: m.rank)]
                for side in self.melds
            ],
            "red_threes": [cards(x) for x in self.red_threes],
            "melded": list(self.melded),
            "turn": {
                "seat": t.seat,
                "stage": t.stage,
                "took_pile": t.took_pile,
                "from_stock": t.from_stock,
                "initial": t.initial,
                "initial_points": t.initial_points,
                "countable": msort(t.countable),
            },
            "hand_over": self.hand_over,
            "went_out": self.out_seat,
            "went_out_concealed": self.out_concealed,
            "last_moves": self.last_moves,
        }

    @classmethod
    def from_dict(cls, rules: Rules, seed: int, d: Any) -> "CanastaState":
        """Rebuild a state from :meth:`to_dict` data, checking types, card conservation and
        consistency. Raises :class:`StateError` with a clear message."""

        need = saved_field

        cardlist = saved_cards

        n = rules.players
        nsides = len(rules.sides)
        s = cls(rules, seed)
        s.hand_number = need(d, "hand_number", int)
        s.dealer = need(d, "dealer", int)
        if s.hand_number < 1 or not 0 <= s.dealer < n:
            raise StateError("The saved game has an impossible hand number or dealer.")
        scores = need(d, "scores", list)
        if len(scores) != nsides or any(isinstance(x, bool) or not isinstance(x, int) for x in scores):
            raise StateError("The saved game's scores must be one whole number per side.")
        s.scores = list(scores)
        s.results, s.match_over, s.winners = saved_outcome(d, nsides, "sides")
        s.stock = cardlist(need(d, "stock", list), "The stock")
        s.pile = cardlist(need(d, "discard_pile", list), "The discard pile")
        s.pile_wilds = sum(1 for c in s.pile if is_wild(c))
        s.hands = saved_hands(d, n)
        melds = need(d, "melds", list)
        reds = need(d, "red_threes", list)
        if len(melds) != nsides or len(reds) != nsides:
            raise StateError(f"The saved game must hold melds and red threes for {nsides} sides.")
        s.melds = []
        for i, side in enumerate(melds):
            if not isinstance(side, list):
                raise StateError("Each side's melds must be a list.")
            out: dict[int, Meld] = {}
            for m in side:
                rank_t = need(m, "rank", str)
                if rank_t not in RANKS:
                    raise StateError(f"'{rank_t}' is not a meld rank.")
                rank = RANKS.index(rank_t) + 1
                if rank in out:
                    raise StateError(f"Side {i} has two melds of {rank_name(rank, True)}.")
                meld = Meld(rank, cardlist(need(m, "cards", list), f"A meld of side {i}"))
                if rank == THREE:
                    ok = meld.size in (3, 4) and all(is_black_three(c) for c in meld.cards)
                else:
                    ok = all(c.rank == rank or is_wild(c) for c in meld.cards) and rules.meld_ok(meld.naturals, meld.wilds)
                if not ok:
                    raise StateError(f"Side {i}'s meld of {rank_name(rank, True)} is not a valid meld.")
                out[rank] = meld
            s.melds.append(out)
        s.red_threes = [cardlist(x, "Red threes") for x in reds]
        if any(not is_red_three(c) for x in s.red_threes for c in x):
            raise StateError("Only red threes can lie beside the melds as red threes.")
        if any(is_red_three(c) for h in s.hands for c in h):
            raise StateError("A red three cannot be in a hand: red threes are laid out at once.")
        melded = need(d, "melded", list)
        if len(melded) != nsides or not all(isinstance(x, bool) for x in melded):
            raise StateError("'melded' must be true/false per side.")
        s.melded = list(melded)
        td = need(d, "turn", dict)
        seat = need(td, "seat", int)
        if not 0 <= seat < n:
            raise StateError("The turn belongs to a seat that is not in the game.")
        t = Turn(seat, need(td, "initial", bool))
        t.stage = need(td, "stage", str)
        if t.stage not in ("draw", "play"):
            raise StateError("The turn stage must be 'draw' or 'play'.")
        t.took_pile = need(td, "took_pile", bool)
        t.from_stock = need(td, "from_stock", bool)
        t.initial_points = need(td, "initial_points", int)
        t.countable = counted(cardlist(need(td, "countable", list), "The countable cards"))
        hand = s.hands[seat]
        if any(hand.get(c, 0) < k for c, k in t.countable.items()):
            raise StateError("The countable cards must be in the hand of the seat to act.")
        s.turn = t
        s.hand_over = need(d, "hand_over", bool)
        out_seat = d.get("went_out")
        if out_seat is not None and (isinstance(out_seat, bool) or not isinstance(out_seat, int) or not 0 <= out_seat < n):
            raise StateError("'went_out' must be a seat or null.")
        s.out_seat = out_seat
        s.out_concealed = need(d, "went_out_concealed", bool)
        s.last_moves = saved_last_moves(d, HISTORY_KEEP)
        # card conservation: every physical card exactly once
        everything: list[Card] = list(s.stock) + list(s.pile)
        for h in s.hands:
            everything.extend(c for c, k in h.items() for _ in range(k))
        for side_melds in s.melds:
            for m in side_melds.values():
                everything.extend(m.cards)
        for x in s.red_threes:
            everything.extend(x)
        check_saved_deck(everything, standard_deck(rules.decks, rules.jokers_per_deck))
        if s.match_over and not s.hand_over:
            raise StateError("The match cannot be over while a hand is in play.")
        if s.hand_over and s.out_seat is not None and s.hands[s.out_seat]:
            raise StateError("The seat that went out must have an empty hand.")
        if not s.hand_over and any(not h for h in s.hands):
            raise StateError("A hand in play cannot be empty: that player would have gone out.")
        if not s.hand_over:
            if t.stage == "draw" and not s.stock:
                raise StateError("A hand in play needs cards in the stock when a turn begins.")
            for side_i, side_melds in enumerate(s.melds):
                if s.melded[side_i] and not side_melds:
                    raise StateError(f"Side {side_i} is marked as melded but has no meld.")
                if side_melds and not s.melded[side_i]:
                    ok = rules.side_of[t.seat] == side_i and t.initial and t.stage == "play"
                    if not ok:
                        raise StateError(f"Side {side_i} has melds but no initial meld: only possible during its own turn.")
            if t.initial and s.melded[rules.side_of[t.seat]] and t.countable:
                raise StateError("The countable cards must be empty once the initial meld is made.")
            if not s.legal_moves():
                raise StateError("The saved game cannot go on: the player to act would have no legal move.")
        return s

    def copy(self) -> "CanastaState":
        c = CanastaState.__new__(CanastaState)
        c.rules, c.seed = self.rules, self.seed
        c.hand_number, c.dealer = self.hand_number, self.dealer
        c.scores, c.results = list(self.scores), [dict(x) for x in self.results]
        c.match_over, c.winners = self.match_over, list(self.winners)
        c.stock, c.pile, c.pile_wilds = list(self.stock), list(self.pile), self.pile_wilds
        c.hands = [dict(h) for h in self.hands]
        c.melds = [{k: m.copy() for k, m in side.items()} for side in self.melds]
        c.red_threes = [list(x) for x in self.red_threes]
        c.melded = list(self.melded)
        c.turn = self.turn.copy()
        c.hand_over, c.out_seat, c.out_concealed = self.hand_over, self.out_seat, self.out_concealed
        c.last_moves = [dict(m) for m in self.last_moves]
        c._legal = None
        c._legal_set = None
        c._plan_base = None
        return c

    def conservation(self) -> dict[Card, int]:
        """Multiset of every card in play (stock, pile, hands, melds, red threes): for invariant tests."""
        allc: dict[Card, int] = {}
        ms_add(allc, self.stock)
        ms_add(allc, self.pile)
        for h in self.hands:
            for c, k in h.items():
                allc[c] = allc.get(c, 0) + k
        for side in self.melds:
            for m in side.values():
                ms_add(allc, m.cards)
        for x in self.red_threes:
            ms_add(allc, x)
        return allc


_move_text = attrgetter("_text")
_DRAW = Move.make("draw")
_RED_3D, _RED_3H = Card.parse("3D"), Card.parse("3H")
_DISCARD = {c: Move.make("discard", (c,)) for c in ALL_CARDS}
_ADD = {rank: {c: Move.make("add", (c,), rank) for c in ALL_CARDS} for rank in range(1, 14)}


def _item_index(item: tuple[Card, int]) -> int:
    """Sort key of ``(card, count)`` items: the card's index, which orders the cards of one natural
    rank by suit and the wild cards as twos by suit, then the joker, as :func:`card_order` does."""
    return item[0].index


def _signature(cards: tuple[Card, ...], countable: dict[Card, int]) -> tuple[tuple[int, bool], ...]:
    """What the initial-meld checks see of the hand cards a move uses: each card's rank (0 for a
    joker, 2 for a two) and whether its value still counts towards the minimum (``countable`` is
    consumed card by card, as :meth:`CanastaState._peek_points` does; equal cards are adjacent in
    canonical order). The planner groups cards the same way, so two moves with the same signature
    get the same verdict in one state."""
    out = []
    prev = None
    used = 0
    for c in cards:
        if c is prev:
            used += 1
        else:
            prev, used = c, 0
        out.append((c.rank, countable.get(c, 0) > used))
    return tuple(out)


_COMBOS: dict[tuple[tuple[tuple[Card, int], ...], int], tuple[tuple[Card, ...], ...]] = {}
_MELDS: dict[tuple[Any, ...], tuple[Move, ...]] = {}
_CACHE_LIMIT = 50_000


def _combos(items: tuple[tuple[Card, int], ...], k: int) -> tuple[tuple[Card, ...], ...]:
    """:func:`meldtable.multiset.combinations`, memoised: hands repeat the same few groups."""
    key = (items, k)
    found = _COMBOS.get(key)
    if found is None:
        if len(_COMBOS) > _CACHE_LIMIT:
            _COMBOS.clear()
        found = _COMBOS[key] = tuple(combinations(list(items), k))
    return found


def _new_melds(r: Rules, naturals: tuple[tuple[Card, int], ...], wilds: tuple[tuple[Card, int], ...]) -> tuple[Move, ...]:
    """Every new 3-card meld of one natural rank from these naturals and wild cards (each a tuple of
    ``(card, count)`` in canonical order) with a shape the rules allow, memoised by rule shapes and
    cards."""
    key = (r.meld_shapes, naturals, wilds)
    found = _MELDS.get(key)
    if found is None:
        out = []
        for k in range(min(3, sum(n for _, n in naturals)), 0, -1):
            if k not in r.meld_shapes:
                continue
            wild_combos = _combos(wilds, 3 - k)
            for nat_combo in _combos(naturals, k):
                for wild_combo in wild_combos:
                    out.append(Move.make("meld", nat_combo + wild_combo))
        if len(_MELDS) > _CACHE_LIMIT:
            _MELDS.clear()
        found = _MELDS[key] = tuple(out)
    return found


def _meld_order(rank: int) -> int:
    return 14 if rank == ACE else rank


class _Plan:
    """Exact answer to "can the initial meld still be completed this turn?" (see
    docs/architecture.md). Cards are grouped by what matters: natural rank, whether their value may
    count towards the minimum, wild cards (joker 50 / two 20) and black threes."""

    def __init__(self, rules: Rules, hand: dict[Card, int], countable: dict[Card, int],
                 pending: dict[int, tuple[int, int]]) -> None:
        self.r = rules
        self.pending = pending
        c: dict[int, int] = {}
        u: dict[int, int] = {}
        wild = {"jc": 0, "dc": 0, "ju": 0, "du": 0}
        blacks_c = blacks_u = 0
        for card, n in hand.items():
            k = min(n, countable.get(card, 0))
            if is_wild(card):
                j = "j" if card.rank == 0 else "d"
                wild[j + "c"] += k
                wild[j + "u"] += n - k
            elif card.rank == THREE:
                blacks_c += k
                blacks_u += n - k
            else:
                c[card.rank] = c.get(card.rank, 0) + k
                u[card.rank] = u.get(card.rank, 0) + n - k
        self.c, self.u, self.wild = c, u, wild
        self.blacks = (blacks_c, blacks_u)

    def prepare_quick(self, melded_ranks: Iterable[int]) -> None:
        """For :meth:`quick_reachable`: the countable points and the number of cards of this hand's
        natural groups that go onto the side's melds (``melded_ranks``) or form melds without wild
        cards."""
        r = self.r
        melded = set(melded_ranks)
        points = cards = 0
        self.plain: set[int] = set()
        for rank in set(self.c) | set(self.u):
            n = self.c.get(rank, 0) + self.u.get(rank, 0)
            if rank in melded or (n and r.meld_ok(n, 0)):
                points += self.c.get(rank, 0) * _VALUE[rank]
                cards += n
                self.plain.add(rank)
        self.quick = (points, cards)

    def quick_reachable(self, rank: int, cards: tuple[Card, ...], sig: tuple[tuple[int, bool], ...],
                        need: int, hand_after: int) -> bool:
        """A sufficient condition for :meth:`reachable` after a move that puts ``cards`` (with
        :func:`_signature` ``sig``) onto the side's meld of ``rank``: melding only the plain natural
        groups (see :meth:`prepare_quick`) and the rank's remaining naturals onto its meld already
        gains ``need`` points and keeps two cards. Such a plan exists, so the exact planner
        answers yes too (checked against it: tests/test_canasta_speed_paths.py, and 350,000
        cases in docs/performance.md); the planner runs only when this says no."""
        if rank == THREE:
            return False
        points, melded = self.quick
        c_r = self.c.get(rank, 0)
        n_r = c_r + self.u.get(rank, 0)
        if rank in self.plain:
            points -= c_r * _VALUE[rank]
            melded -= n_r
        for card, (_, flag) in zip(cards, sig):
            if card.rank == rank:
                n_r -= 1
                if flag:
                    c_r -= 1
        return points + c_r * _VALUE[rank] >= need and hand_after - melded - n_r >= 2

    def prepare_without(self, hand: dict[Card, int]) -> None:
        """Remember the hand this plan was built from, for :meth:`without`: the hand, each card's
        place in it, each rank's cards in hand order and first card."""
        self.hand = hand
        self.pos = {c: i for i, c in enumerate(hand)}
        self.cards_of: dict[int, list[Card]] = {}
        for c in hand:
            self.cards_of.setdefault(c.rank, []).append(c)
        self.first_of = {r: xs[0] for r, xs in self.cards_of.items()}

    def without(self, cards: tuple[Card, ...], countable: dict[Card, int],
                pending: dict[int, tuple[int, int]], sig: tuple[tuple[int, bool], ...] | None = None) -> "_Plan | None":
        """The plan for this hand less ``cards`` (whose values count while ``countable`` has them,
        consumed card by card as :meth:`CanastaState._peek_points` does; ``sig`` is their
        :func:`_signature` if known), with ``pending`` melds: equal to a plan built from the reduced
        hand, down to the order of its groups (each rank's first card in the hand), without grouping
        the hand again. Call :meth:`prepare_without` once first. (``None`` is returned never; the
        caller also accepts it as "build the plan from the reduced hand".)"""
        p = _Plan.__new__(_Plan)
        p.r, p.pending = self.r, pending
        c, u, wild = dict(self.c), dict(self.u), dict(self.wild)
        blacks_c, blacks_u = self.blacks
        hand = self.hand
        prev = None
        used = 0
        emptied: list[Card] = []  # natural cards whose last copy leaves
        for card, counts in zip(cards, sig or _signature(cards, countable)):
            flag = counts[1]
            r = card.rank
            if r == 0 or r == 2:
                wild[("j" if r == 0 else "d") + ("c" if flag else "u")] -= 1
                continue
            if r == THREE:
                if flag:
                    blacks_c -= 1
                else:
                    blacks_u -= 1
                continue
            if flag:
                c[r] -= 1
            else:
                u[r] -= 1
            used = used + 1 if card is prev else 1
            prev = card
            if hand[card] == used:  # the last copy of this card leaves
                emptied.append(card)
        moved = []
        for card in emptied:
            r = card.rank
            if r in c:
                if c[r] + u[r] == 0:
                    del c[r], u[r]  # no card of its rank stays: the group goes
                elif self.first_of[r] is card:
                    moved.append(r)  # its rank's group may now come later
        if moved:
            # the groups are in the order of each rank's first card in the hand
            pos = self.pos
            first = {r: pos[self.first_of[r]] for r in c}
            for r in moved:
                if r in c:
                    first[r] = min(pos[x] for x in self.cards_of[r] if x not in emptied)
            order = sorted(c, key=first.__getitem__)
            if order != list(c):
                c = {r: c[r] for r in order}
                u = {r: u[r] for r in order}
        p.c, p.u, p.wild, p.blacks = c, u, wild, (blacks_c, blacks_u)
        return p

    def _best(self, c: dict[int, int], u: dict[int, int], wild: dict[str, int], blacks: int) -> tuple[int, int]:
        """Most countable points meldable from this hand, and how many cards stay in hand."""
        r = self.r
        pts = cap = left = 0
        cands: list[tuple[int, int, int]] = []
        for rank in set(c) | set(u) | set(self.pending):
            n = c.get(rank, 0) + u.get(rank, 0)
            gain = c.get(rank, 0) * _VALUE[rank]
            if rank in self.pending:
                pn, pw = self.pending[rank]
                pts += gain
                cap += r.wild_capacity(pn + n) - pw
            elif n == 0:
                continue
            elif r.meld_ok(n, 0):
                pts += gain
                cap += r.wild_capacity(n)
            else:
                k = 3 - n
                if n >= r.min_naturals and r.meld_ok(n, k):
                    cands.append((gain, k, n))
                else:
                    left += n
        W = wild["jc"] + wild["dc"] + wild["ju"] + wild["du"]
        chosen = _choose(cands, W)
        for i, (gain, k, n) in enumerate(cands):
            if i in chosen:
                pts += gain
                cap += r.wild_capacity(n)
            else:
                left += n
        placed = min(W, cap)
        pc = min(placed, wild["jc"] + wild["dc"])
        pts += 50 * min(pc, wild["jc"]) + 20 * max(0, pc - wild["jc"])
        left += W - placed + blacks
        return pts, left

    def _kinds(self) -> list[tuple[str, Any]]:
        ks: list[tuple[str, Any]] = []
        for rank, n in self.c.items():
            if n:
                ks.append(("c", rank))
        for rank, n in self.u.items():
            if n:
                ks.append(("u", rank))
        for w, n in self.wild.items():
            if n:
                ks.append(("w", w))
        return ks

    def _without(self, picks: tuple[tuple[str, Any], ...]) -> tuple[dict[int, int], dict[int, int], dict[str, int]] | None:
        c, u, wild = dict(self.c), dict(self.u), dict(self.wild)
        for kind, key in picks:
            d: dict[Any, int] = c if kind == "c" else u if kind == "u" else wild  # type: ignore[assignment]
            if d.get(key, 0) <= 0:
                return None
            d[key] -= 1
        return c, u, wild

    def reachable(self, need: int, exempt: bool) -> bool:
        total = sum(self.c.values()) + sum(self.u.values()) + sum(self.wild.values()) + sum(self.blacks)
        if need <= 0 and total >= 2:
            return True
        if total >= 2:
            pts, left = self._best(self.c, self.u, self.wild, sum(self.blacks))
            if pts >= need and left >= 2:
                return True
            if pts >= need:
                kinds = self._kinds()
                want = 2 - left
                for i, a in enumerate(kinds):
                    picks_list = [(a,)] if want == 1 else [(a, b) for b in kinds[i:]]
                    for picks in picks_list:
                        reduced = self._without(picks)
                        if reduced is None:
                            continue
                        p2, left2 = self._best(*reduced, sum(self.blacks))
                        if p2 >= need and left2 + len(picks) >= 2:
                            return True
        return self._can_go_out(need, exempt)

    def _can_go_out(self, need: int, exempt: bool) -> bool:
        r = self.r
        options: list[tuple[tuple[str, Any], ...]] = [()] if r.going_out_discard != "required" else []
        options += [(k,) for k in self._kinds()]
        if sum(self.blacks):
            options.append((("b", None),))
        for picks in options:
            blacks = sum(self.blacks)
            bc = self.blacks[0]
            rest = tuple(p for p in picks if p[0] != "b")
            if len(rest) != len(picks):
                if blacks == 0:
                    continue
                blacks -= 1
                bc = min(bc, blacks)
            reduced = self._without(rest)
            if reduced is None:
                continue
            c, u, wild = reduced
            if blacks not in (0, 3, 4) or (blacks and r.black_three_meld == "never"):
                continue
            ok, pts, canastas = self._all_melded(c, u, wild)
            if not ok:
                continue
            pts += 5 * bc
            if canastas >= r.canastas_to_go_out and (exempt or pts >= need):
                return True
        return False

    def _all_melded(self, c: dict[int, int], u: dict[int, int], wild: dict[str, int]) -> tuple[bool, int, int]:
        r = self.r
        W = sum(wild.values())
        melds: list[tuple[int, int, int]] = []  # (size so far, remaining wild capacity, wilds required)
        need_w = 0
        pts = 0
        for rank in set(c) | set(u) | set(self.pending):
            n = c.get(rank, 0) + u.get(rank, 0)
            pts += c.get(rank, 0) * _VALUE[rank]
            if rank in self.pending:
                pn, pw = self.pending[rank]
                melds.append((pn + pw + n, r.wild_capacity(pn + n) - pw, 0))
            elif n == 0:
                continue
            elif r.meld_ok(n, 0):
                melds.append((n, r.wild_capacity(n), 0))
            else:
                k = 3 - n
                if n >= r.min_naturals and r.meld_ok(n, k):
                    melds.append((n, r.wild_capacity(n), k))
                    need_w += k
                else:
                    return False, 0, 0
        cap = sum(m[1] for m in melds)
        if need_w > W or W > cap:
            return False, 0, 0
        pts += 50 * wild["jc"] + 20 * wild["dc"]
        spare = W - need_w
        canastas = 0
        costs = []
        for size, capacity, k in melds:
            size += k
            deficit = max(0, CANASTA_SIZE - size)
            if deficit <= capacity - k:
                costs.append(deficit)
        for cost in sorted(costs):
            if cost <= spare:
                spare -= cost
                canastas += 1
        return True, pts, canastas


_VALUE = {rank: card_value(_Card(rank, "C")) for rank in range(1, 14)}


def _choose(cands: list[tuple[int, int, int]], wilds: int) -> set[int]:
    """Pick which short melds to complete with wild cards: a 0/1 knapsack over at most 11 ranks
    (capacity ``wilds``, weight ``k``, value ``gain``); ties prefer more melds."""
    if not cands or wilds <= 0:
        return set()
    if all(k == 1 for _, k, _ in cands):
        order = sorted(range(len(cands)), key=lambda i: -cands[i][0])
        return set(order[:wilds])
    best: dict[int, tuple[int, frozenset[int]]] = {0: (0, frozenset())}
    for i, (gain, k, _) in enumerate(cands):
        for used, (val, sel) in list(best.items()):
            nu = used + k
            if nu <= wilds and (nu not in best or best[nu][0] < val + gain):
                best[nu] = (val + gain, sel | {i})
    return set(max(best.values(), key=lambda x: (x[0], len(x[1])))[1])


def new_state(rules: Rules, seed: int) -> CanastaState:
    """A new match, first hand dealt."""
    s = CanastaState(rules, seed)
    s.deal()
    return s


# ---------------------------------------------------------------------- family protocol
State = CanastaState
parse_move = Move.parse


def choose_move(view: dict[str, Any], legal: list[Move]) -> Move:
    """The family's computer player (see :mod:`meldtable.bot`)."""
    from .bot import CanastaBot

    return CanastaBot().decide(view, legal)


_text_field = action_text


def _cards(action: dict[str, Any], name: str = "cards") -> list[Card]:
    return action_cards(action, name, required=False)


def compose_action(g: Any, action: dict[str, Any]) -> list[Move]:
    """Turn one UI action into the moves that carry it out (docs/protocol.md, "action")."""
    kind = action.get("type")
    if kind == "draw":
        return [Move("draw")]
    if kind == "move":
        return [Move.parse(_text_field(action, "text"))]
    if kind == "discard":
        return [Move("discard", tuple(parse_cards([_text_field(action, "card")])))]
    if kind == "take":
        cards = _cards(action)
        if len(cards) not in (0, 2):
            raise IllegalMoveError("To take the pile select two cards that go with its top card (or none to put it on your meld).")
        return [Move("take", tuple(cards))]
    if kind == "add":
        rank_t = _text_field(action, "rank").upper()
        if len(rank_t) != 1 or rank_t not in RANKS:
            raise NotationError("'rank' must be a rank such as 'Q'.")
        cards = _cards(action)
        if not cards:
            raise IllegalMoveError("Select the cards to add first.")
        cards.sort(key=lambda c: (c.rank in (0, 2),) + card_order(c))
        return [Move("add", (c,), RANKS.index(rank_t) + 1) for c in cards]
    if kind == "meld":
        cards = _cards(action)
        if len(cards) < 3:
            raise IllegalMoveError("A meld needs at least three cards.")
        return _meld_sequence(g, cards)
    raise NotationError(f"Unknown action type {kind!r}.")


def _meld_sequence(g: Any, cards: list[Any]) -> list[Move]:
    """Moves that lay ``cards`` as one new meld: a 3-card meld (or 3-4 black threes) then adds.
    Tries each way of choosing the first three cards; if none works, the first attempt's error."""
    from .multiset import combinations, counted

    naturals = [c for c in cards if c.rank not in (0, 2)]
    if naturals and all(c.rank == 3 for c in naturals) and len(naturals) == len(cards) and len(cards) <= 4:
        return [Move("meld", tuple(cards))]
    ranks = {c.rank for c in naturals}
    if len(ranks) != 1:
        first = Move("meld", tuple(cards[:3]))
        raise IllegalMoveError(g.explain(first) or "A meld holds cards of one rank only (plus wild cards).")
    rank = naturals[0].rank
    ordered = sorted(cards, key=lambda c: (c.rank in (0, 2),) + card_order(c))
    attempts: list[list[Move]] = []
    items = sorted(counted(ordered).items(), key=lambda x: (x[0].rank in (0, 2),) + card_order(x[0]))
    for first3 in combinations(items, 3):
        rest = list(ordered)
        for c in first3:
            rest.remove(c)
        attempts.append([Move("meld", first3)] + [Move("add", (c,), rank) for c in rest])
    first_error: str | None = None
    for seq in attempts:
        try:
            work = g.copy()
            for m in seq:
                work.play(m)
            return seq
        except ValueError as e:
            if first_error is None:
                first_error = str(e)
    raise IllegalMoveError(first_error or "Those cards do not make a meld.")


# ---------------------------------------------------------------------- harness hooks
# Game knowledge for the family-independent simulation harness (tests/sim_harness.py,
# bench/harness.py; docs/architecture.md, "harness hooks"). Read-only helpers: none of them
# changes a state, and the engine itself never calls them.


def expected_cards(state: CanastaState) -> dict[Card, int]:
    """Every physical card in play, as a multiset: ``decks`` x (52 cards + ``jokers_per_deck``
    jokers), the same in every hand of the match. Compare with ``state.conservation()``."""
    return counted(standard_deck(state.rules.decks, state.rules.jokers_per_deck))


def hand_size_ok(state: CanastaState) -> bool:
    """Whether the hand sizes are ones the rules allow: no red three in any hand (they are laid
    out at once); while the hand runs every hand holds at least one card (an empty hand has gone
    out, which ends the hand); once someone went out, that seat's hand is empty."""
    if any(is_red_three(c) for h in state.hands for c in h):
        return False
    sizes = [sum(h.values()) for h in state.hands]
    if not state.hand_over:
        return all(n >= 1 for n in sizes)
    return state.out_seat is None or sizes[state.out_seat] == 0


def move_bound(rules: Rules) -> int:
    """Most moves one hand can last: ``4 * N`` for a deck of ``N`` cards (432 with two decks).

    Why: cards never leave a meld and the stock is never refilled, so there are at most ``N``
    draws (each takes a stock card) and at most ``N`` takes, melds and adds together (each puts at
    least one card into a meld for good); a turn starts with a draw or a take and has at most one
    discard, so discards are at most ``2 * N``."""
    return 4 * rules.decks * (52 + rules.jokers_per_deck)


def shuffle_hidden(data: dict[str, Any], seat: int, rng: Any) -> dict[str, Any] | None:
    """The ``state`` part of a saved game (``to_dict()``) with every card hidden from ``seat``
    dealt out again at random (``rng.shuffle``): the other seats' hands and the stock order. Hand
    sizes stay; red threes keep their stock places (a red three never rests in a hand). ``None``
    when this cannot be done consistently: another seat is half-way through its turn (its plan,
    e.g. an initial meld under way, depends on the hand it holds)."""
    import copy

    st = copy.deepcopy(data)
    hands = st["hands"]
    t = st["turn"]
    acting = None if st["hand_over"] else t["seat"]
    if acting is not None and acting != seat and t["stage"] == "play":
        return None
    others = [s for s in range(len(hands)) if s != seat]
    red = ("3D", "3H")
    pool = [c for c in st["stock"] if c not in red]
    for s in others:
        pool.extend(hands[s])
    rng.shuffle(pool)
    for s in others:
        k = len(hands[s])
        hands[s], pool = pool[:k], pool[k:]
    st["stock"] = [c if c in red else pool.pop() for c in st["stock"]]
    if acting is not None and acting != seat:
        have = counted(hands[acting])
        keep: list[str] = []
        for c in t["countable"]:
            if have.get(c, 0) > 0:
                have[c] -= 1
                keep.append(c)
        t["countable"] = keep
    return st


def results_add_up(state: CanastaState) -> bool:
    """Whether the last finished hand's itemised result matches the table it was scored from:
    melded cards = the side's meld points, hand cards = minus the cards left in its hands, the
    going-out items only for the side that went out, canasta bonuses by the canastas on the
    table, items add up to totals, and the cumulative scores are ``state.scores``."""
    if not state.results:
        return True
    r = state.rules
    res = state.results[-1]
    if state.hand_over and res.get("hand") != state.hand_number:
        return False
    out_side = None if res.get("went_out") is None else r.side_of[res["went_out"]]
    for s in res["sides"]:
        side, items = s["side"], s["items"]
        if sum(items.values()) != s["total"]:
            return False
        if state.hand_over:
            melds = state.melds[side].values()
            if items["melded_cards"] != sum(m.points() for m in melds):
                return False
            if items["hand_cards"] != -sum(card_value(c) * n for seat in r.sides[side] for c, n in state.hands[seat].items()):
                return False
            if items["natural_canastas"] != r.natural_canasta_bonus * sum(1 for m in melds if m.canasta_kind == "natural"):
                return False
            if items["mixed_canastas"] != r.mixed_canasta_bonus * sum(1 for m in melds if m.canasta_kind == "mixed"):
                return False
        if side != out_side and (items["going_out"] or items["concealed"]):
            return False
        if side == out_side and items["going_out"] != r.going_out_bonus:
            return False
    return [s["cumulative"] for s in state.results[-1]["sides"]] == list(state.scores)
