"""``StateBase``: the fields of a canasta-family match state and the queries every room of the state
(:mod:`.state`, :mod:`.legality`, :mod:`.scoring`, :mod:`.view`, :mod:`.saved`) reads, and
:class:`Turn`, what the seat to act has done in its turn. The base class of those mixins, so that
each is typed against the same fields (as ``continental/base.py`` and ``threefifty/base.py``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal, get_args

from ..cards import Card
from .melds import Meld
from .moves import Move
from .planner import Plan
from .rules import Rules
from .values import CANASTA_SIZE, KEY_STEP, THREE, WILD, card_value

DRAWN_MAX = 1000
"""Most stock cards counted per seat and hand in ``drawn`` (the loader's bound): only "at most one"
matters (seed 001's early-out bonus), so play holds the count here and a saved game always reloads
(issue #25, "ranges that play cannot leave")."""

Stage = Literal["draw", "play"]
"""A turn's stage: before the draw (or the pile take), or after it."""
STAGES: tuple[Stage, ...] = get_args(Stage)
Asked = Literal["pending", "yes", "no"]
"""The partner's permission to go out in this turn (option ``going_out_permission``): asked and
not answered yet, or the answer."""
ASKED: tuple[Asked, ...] = get_args(Asked)


class Turn:
    """What the seat to act has done in this turn so far."""

    __slots__ = ("seat", "stage", "took_pile", "from_stock", "initial", "initial_points", "countable", "uncounted",
                 "asked", "opened", "fresh")

    def __init__(self, seat: int, initial: bool) -> None:
        self.seat = seat
        self.stage: Stage = "draw"
        self.took_pile = False
        self.from_stock = False
        self.initial = initial  # the side had not made its initial meld when the turn began
        self.initial_points = 0  # points counted towards the minimum this turn
        self.countable: dict[Card, int] = {}  # hand cards whose value may count towards it
        self.uncounted: frozenset[int] = frozenset()  # ranks of melds made this turn that count nothing
        self.asked: Asked | None = None  # "may I go out?": None, "pending" (partner to answer), "yes", "no"
        self.opened: frozenset[int] = frozenset()  # ranks of the melds this turn opened (hand canastas)
        self.fresh = initial  # the seat had laid no card on the table before this turn (concealed going out)

    def copy(self) -> Turn:
        t = Turn.__new__(Turn)  # (each field set once)
        t.seat, t.initial, t.stage = self.seat, self.initial, self.stage
        t.took_pile, t.from_stock = self.took_pile, self.from_stock
        t.initial_points, t.countable, t.uncounted = self.initial_points, dict(self.countable), self.uncounted
        t.asked, t.opened, t.fresh = self.asked, self.opened, self.fresh
        return t


class StateBase:
    """The fields of :class:`~.state.CanastaState` (set in its ``__init__``) and its queries.

    Seats are ``0 .. players-1``; sides are lists of seats (``rules.sides``), melds are kept per
    side by key (the rank, or ``rank + 16 * k`` for a further meld of that rank)."""

    rules: Rules
    seed: int
    hand_number: int
    dealer: int
    order: list[int]  # seats in the order of play in this deal
    drawn: list[int]  # cards each seat drew from the stock in this hand, held at DRAWN_MAX (early_out_bonus)
    laid: list[bool]  # each seat has put cards on the table in this hand
    scores: list[int]  # per side
    results: list[dict[str, Any]]
    match_over: bool
    winners: list[int]
    stock: list[Card]
    pile: list[Card]
    pile_wilds: int  # wild cards in the discard pile (frozen while > 0)
    hands: list[dict[Card, int]]
    melds: list[dict[int, Meld]]  # per side: key -> meld
    red_threes: list[list[Card]]  # per side
    melded: list[bool]  # per side: the initial meld is made
    turn: Turn
    hand_over: bool
    out_seat: int | None
    out_concealed: bool
    last_moves: list[dict[str, Any]]
    cut: dict[str, Any] | None  # this deal's cut: {"seat": cutter, "cards": [kept cards]} (option cut_wilds)
    _legal: list[Move] | None
    _plan_base: Plan | None  # set only while _generate checks an initial meld
    _out_ok: set[tuple[tuple[str, Any], ...]] | None  # set only while _generate checks going out
    _out_plan: Plan | None  # the going-out planner of the hand, while _out_ok is set
    _shared: set[int] | None  # keys of the side's melds the undo base shares (copied before a change)

    if TYPE_CHECKING:
        def deal(self) -> None:
            """Deal the next hand (:class:`~.state.CanastaState`)."""

        def _end_hand(self, out_seat: int | None) -> None:
            """Score the hand (:class:`~.scoring.Scoring`)."""

        def legal_moves(self) -> list[Move]:
            """Every legal move of the seat to act (:class:`~.legality.Legality`)."""

        def _take_moves(self) -> list[Move]:
            """The legal pile takes (:class:`~.legal_take.TakeRoom`)."""

    # ------------------------------------------------------------------ queries
    def next_seat(self, seat: int) -> int:
        """The seat that plays after ``seat`` in this deal (skipping a seat that sits out)."""
        order = self.order
        return order[(order.index(seat) + 1) % len(order)]

    @property
    def sitting_out(self) -> int | None:
        """The seat that sits out this deal (5 players in two sides), else ``None``."""
        return next((s for s in range(self.rules.players) if s not in self.order), None)

    def side_of(self, seat: int) -> int:
        return self.rules.side_of[seat]

    def _new_key(self, side: int, rank: int) -> int:
        """The key a new meld of ``rank`` gets on ``side``: the rank itself for the first, then
        ``rank + 16``, ``rank + 32``, ... (option ``same_rank_melds``)."""
        melds = self.melds[side]
        key = rank
        while key in melds:
            key += KEY_STEP
        return key

    def _rank_keys(self, side: int, rank: int) -> list[int]:
        """Keys of ``side``'s melds of ``rank``, in the order they were made."""
        melds = self.melds[side]
        out = []
        key = rank
        while key in melds:
            out.append(key)
            key += KEY_STEP
        return out

    def _take_key(self, side: int, rank: int, with_cards: bool) -> int:
        """The meld a pile take with top-card rank ``rank`` puts its cards on: the side's last meld
        of that rank; with hand cards, a new one when every meld of the rank is a canasta and the
        option ``same_rank_melds`` = ``after_canasta`` allows another (or there is none)."""
        if rank + KEY_STEP not in self.melds[side] and (not with_cards or self.rules.same_rank_melds != "after_canasta"):
            return rank  # (no second meld of the rank, and the take makes none: onto the first, or a new one)
        keys = self._rank_keys(side, rank)
        if not keys:
            return rank
        last = self.melds[side][keys[-1]]
        if with_cards and self.rules.same_rank_melds == "after_canasta" and last.size >= CANASTA_SIZE:
            return keys[-1] + KEY_STEP
        return keys[-1]

    def canastas(self, side: int) -> int:
        """The number of canastas (seven cards or more; black threes never) ``side`` has."""
        n = 0
        for m in self.melds[side].values():  # (a loop: cheaper than a generator here)
            if m.naturals + m.wilds >= CANASTA_SIZE and m.rank != THREE:
                n += 1
        return n

    def minimum(self, side: int) -> int:
        """The initial-meld minimum of ``side`` by its score (``Rules.minimum_for``)."""
        return self.rules.minimum_for(self.scores[side])

    @property
    def current_player(self) -> int | None:
        """The seat to act: the turn's seat, or its partner while "may I go out?" waits for an
        answer; ``None`` when the hand is over."""
        if self.hand_over:
            return None
        t = self.turn
        return self.partner(t.seat) if t.asked == "pending" else t.seat

    def partner(self, seat: int) -> int:
        """The partner who answers ``seat``'s "may I go out?": the next seat of its side in the
        order of play (pagat; with three seats a side, the next one who plays this deal)."""
        order = self.order
        i = order.index(seat)
        side = self.rules.side_of[seat]
        for k in range(1, len(order)):
            other = order[(i + k) % len(order)]
            if self.rules.side_of[other] == side:
                return other
        return seat

    def _frozen(self, initial: bool) -> bool:
        """Whether the discard pile is frozen for the seat to act (its top card then taken only with
        two natural cards): option ``pile_freezing`` (``wild_or_initial``: pagat, a wild card in the
        pile or the side's initial meld pending; ``none``: never, seeds 001 and 004)."""
        if self.rules.pile_freezing == "none":
            return False
        return self.pile_wilds > 0 or initial

    @staticmethod
    def _take_rank(top: Card, used: tuple[Card, ...]) -> int:
        """The rank of the meld a pile take makes: the top card's, or with a wild card on top
        (option ``wild_top_take``) that of the natural hand cards taken with it."""
        if top.rank != 0 and top.rank != 2:
            return top.rank
        return next((c.rank for c in used if c.rank != 0 and c.rank != 2), top.rank)

    def _initial_pending(self) -> bool:
        """True while this turn still has to reach the initial-meld minimum."""
        t = self.turn
        return t.initial and not self.melded[self.rules.side_of[t.seat]]

    def _exempt(self) -> bool:
        """Concealed going out may ignore the minimum (seed 000: after a stock draw, no earlier meld)."""
        mode = self.rules.concealed_going_out_exemption
        if mode == "never" or not self.turn.initial:
            return False
        return mode == "always" or self.turn.from_stock

    def _peek_points(self, cards: Iterable[Card]) -> tuple[int, dict[Card, int]]:
        """The points ``cards`` would count towards the initial meld now (their countable copies),
        and the countable cards left after them."""
        cnt = dict(self.turn.countable)
        pts = 0
        for c in cards:
            k = cnt.get(c, 0)
            if k:
                pts += card_value(c)
                cnt[c] = k - 1
        return pts, cnt

    def blocking_ranks(self, side: int) -> set[int]:
        """The natural ranks that block the discard pile for a player of ``side`` when on top
        (option ``blocking_ranks``; seed 004 'Alle Karten, von denen bereits ein Kanaster
        rausgelegt ist, gelten als Sperrkarten', research C26): ranks with a canasta on the table
        (any side's, or with ``own_canasta`` only ``side``'s). Empty when the option is ``none``."""
        mode = self.rules.blocking_ranks
        if mode == "none":
            return set()
        sides = range(len(self.melds)) if mode == "any_canasta" else (side,)
        return {m.rank for s in sides for m in self.melds[s].values()
                if m.rank not in (THREE, WILD) and m.naturals + m.wilds >= CANASTA_SIZE}
