"""``ContinentalState``: dealing, turns, the claim window, applying moves, copies (seed 002,
docs/rules/continental.md). Legality, scoring, views and saved games are mixins in rooms of their
own (:mod:`.legality`, :mod:`.scoring`, :mod:`.view`, :mod:`.saved`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import JOKER, Card, parse_cards, standard_deck
from ..errors import IllegalMoveError
from ..multiset import add as ms_add
from ..multiset import counted
from ..multiset import remove as ms_remove
from ..rng import Rng
from .combos import Combo
from .legality import Legality
from .moves import ContinentalMove
from .planner import Packer
from .rules import HISTORY_KEEP, RUN, SET, Rules
from .saved import Saved
from .scoring import Scoring
from .turn import Turn
from .view import Viewing


class ContinentalState(Legality, Scoring, Viewing, Saved):
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
        self._plan: tuple[int, dict[Card, int], Packer] | None = None

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

    # ------------------------------------------------------------------ applying
    def apply(self, move: ContinentalMove) -> None:
        """Apply a legal move (unchecked: only moves from :meth:`legal_moves`): a dispatcher to one
        step per move kind (``_apply_<kind>``), each recording the move."""
        kind = move.kind
        actor = self.current_player
        assert actor is not None
        self._legal = None
        if kind == "pass":
            self._apply_pass(move, actor)
        elif kind == "claim":
            self._apply_claim(move, actor)
        elif kind in ("draw", "take"):
            self._apply_draw(move, actor)
        elif kind in (SET, RUN):
            self._apply_combo(move, actor)
        elif kind == "add":
            self._apply_add(move, actor)
        elif kind == "swap":
            self._apply_swap(move, actor)
        elif kind == "discard":
            self._apply_discard(move, actor)
        else:  # pragma: no cover
            raise IllegalMoveError(f"Unknown move kind {kind!r}.")

    def _apply_pass(self, move: ContinentalMove, actor: int) -> None:
        """``pass``: the seat asked in the claim window does not claim; the next one is asked."""
        assert self.window
        self.window.pop(0)
        if not self.window:
            self.window = None
        self._record(actor, move, "passed")

    def _apply_claim(self, move: ContinentalMove, actor: int) -> None:
        """``claim``: the upcard out of turn, with a penalty card (from the penalty stock when the
        options keep one); the claim window closes."""
        hand = self.hands[actor]
        card = self.pile.pop()
        source = self._penalty_source()
        penalty = self.penalty.pop() if source == "penalty" else self.stock.pop()
        ms_add(hand, [card, penalty])
        self.claims[actor] += 1
        self.top_claimable = False
        self.window = None
        where = "penalty stock" if source == "penalty" else "main stock"
        self._record(actor, move, f"claimed {card.text} out of turn and took a penalty card from the {where}")

    def _apply_draw(self, move: ContinentalMove, actor: int) -> None:
        """``draw`` (from the stock; the claim window opens for the others) and ``take`` (the
        upcard, counted among the takes in a row)."""
        t = self.turn
        hand = self.hands[actor]
        if move.kind == "draw":
            c = self.stock.pop() if self.stock else self.penalty.pop()
            ms_add(hand, [c])
            t.stage, t.drew = "play", "stock"
            self.takes_in_a_row = 0
            self._record(actor, move, "drew a card")
            queue = self._claim_queue()
            if queue:
                self.window = queue
            return
        c = self.pile.pop()
        ms_add(hand, [c])
        t.stage, t.drew, t.taken = "play", "discard", c
        self.takes_in_a_row += 1
        self.top_claimable = False
        self._record(actor, move, f"took {c.text} from the discard pile")

    def _apply_combo(self, move: ContinentalMove, actor: int) -> None:
        """A new ``set`` or ``run``; before going down it counts towards the contract, and the seat
        is down when the contract is complete."""
        t = self.turn
        kind = move.kind
        ms_remove(self.hands[actor], move.cards)
        if kind == SET:
            rank = next(c.rank for c in move.cards if not c.is_joker)
            cb = Combo(SET, move.cards, rank=rank)
        else:
            lay = self.rules.run_layout(move.cards)
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

    def _apply_add(self, move: ContinentalMove, actor: int) -> None:
        """``add``: one card onto a combination (a run at the named end; a place for an exchanged
        joker)."""
        found = self.combo(move.target)
        assert found is not None
        cb = found
        c = move.cards[0]
        ms_remove(self.hands[actor], [c])
        if cb.kind == RUN and move.end == "low":
            cb.cards.insert(0, c)
            cb.lo -= 1
            if cb.lo < 1:
                cb.lo += 13
        else:
            cb.cards.append(c)
        self.turn.joker_from = None
        self._after_table_move(actor, move, f"added {c.text} to seat {str(move.target).split('.')[0]}'s {cb.describe()}")

    def _apply_swap(self, move: ContinentalMove, actor: int) -> None:
        """``swap``: a natural card for the joker it stands for; the joker into the hand (to be
        placed at once with option ``exchanged_joker`` = ``place_at_once``)."""
        hand = self.hands[actor]
        found = self.combo(move.target)
        assert found is not None
        cb = found
        c = move.cards[0]
        if cb.kind == RUN:
            i = next(i for i, x in enumerate(cb.cards) if x.is_joker and cb.represents(i) is c)
        else:
            i = next(i for i, x in enumerate(cb.cards) if x.is_joker)
        cb.cards[i] = c
        ms_remove(hand, [c])
        ms_add(hand, [JOKER])
        if self.rules.exchanged_joker == "place_at_once":
            self.turn.joker_from = move.target
        owner = str(move.target).split(".")[0]
        self._record(actor, move, f"exchanged {c.text} for the joker in seat {owner}'s {cb.describe()}")

    def _apply_discard(self, move: ContinentalMove, actor: int) -> None:
        """``discard``: the card onto the pile (claimable); going out with the last card, else the
        next seat's turn."""
        hand = self.hands[actor]
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
        rec["label"] += self._start_turn((actor + 1) % self.rules.players)

    # ------------------------------------------------------------------ the search's fast path
    SEARCH_HIDDEN = ("hands", "stock", "penalty_stock", "discard_pile", "hand_over", "turn")
    """The parts of the saved state (:meth:`to_dict`) the family's ``shuffle_hidden`` reads and
    deals again (the search's fast determinization, :func:`meldtable.search.rollout.fast_determinize`)."""

    def search_redeal(self, st: dict[str, Any]) -> None:
        """Take the hands, the main and penalty stocks and the discard pile of ``st`` (the
        :data:`SEARCH_HIDDEN` parts of a saved state, dealt again by ``shuffle_hidden``) as
        :meth:`from_dict` reads them (each hand's cards in the saved order); the rest of this state
        stays (the search's fast determinization)."""
        self.hands = [counted(parse_cards(h)) for h in st["hands"]]
        self.stock = parse_cards(st["stock"])
        self.penalty = parse_cards(st["penalty_stock"])
        self.pile = parse_cards(st["discard_pile"])
        self._legal = None

    def search_kind(self) -> str | None:
        """The cheap move kind the search's quick playouts propose now (:mod:`meldtable.search.rollout`):
        ``"draw"`` in the draw stage while the main stock lasts, ``"discard"`` after it, ``None``
        while the claim window is open or the main stock is used up."""
        if self.window:
            return None
        if self.turn.stage == "draw":
            return "draw" if self.stock else None
        return "discard"

    def search_window_moves(self) -> list[ContinentalMove] | None:
        """While the claim window is open, its legal moves as :meth:`legal_moves` lists them
        (``claim``, ``pass``: a shared list, not to be changed) without generating them; else
        ``None`` (the search's fast path)."""
        return _WINDOW if self.window else None

    def search_answer(self, move: ContinentalMove) -> None:
        """``claim`` or ``pass`` in the open claim window (one of :meth:`search_window_moves`) as
        :meth:`apply` plays it, without its move-log entry (the search's fast path)."""
        self._legal = None
        window = self.window
        assert window
        actor = window[0]
        if move.kind == "pass":
            window.pop(0)
            if not window:
                self.window = None
            return
        hand = self.hands[actor]
        c = self.pile.pop()
        penalty = self.penalty.pop() if self._penalty_source() == "penalty" else self.stock.pop()
        hand[c] = hand.get(c, 0) + 1
        hand[penalty] = hand.get(penalty, 0) + 1
        self.claims[actor] += 1
        self.top_claimable = False
        self.window = None

    def search_draw(self) -> None:
        """``draw`` from the main stock as :meth:`apply` plays it, without its move-log entry
        (``last_moves``): the fast path of the search's playouts (issue #27,
        :mod:`meldtable.search.rollout`). The caller knows the draw is legal (the draw stage, no
        claim window, the main stock not empty; tests/test_search_fast.py: the same states as
        ``apply``)."""
        self._legal = None
        t = self.turn
        c = self.stock.pop()
        hand = self.hands[t.seat]
        hand[c] = hand.get(c, 0) + 1
        t.stage, t.drew = "play", "stock"
        self.takes_in_a_row = 0
        queue = self._claim_queue()
        if queue:
            self.window = queue

    def search_discard_ok(self, c: Card) -> bool:
        """Whether discarding hand card ``c`` is legal now, after the draw with no claim window
        open (the verdict ``verify`` gives, without its shared checks: the fast path)."""
        t = self.turn
        if t.joker_from is not None or t.pending is not None:
            return False
        return self._why_discard(_discard_move(c), t.seat) is None

    def search_discard(self, c: Card) -> None:
        """``discard`` of hand card ``c`` (legal: :meth:`search_discard_ok`) as :meth:`apply` plays
        it, without its move-log entry; going out is :meth:`apply` itself."""
        actor = self.turn.seat
        hand = self.hands[actor]
        left = hand[c] - 1
        if not left and len(hand) == 1:
            self.apply(_discard_move(c))
            return
        self._legal = None
        if left:
            hand[c] = left
        else:
            del hand[c]
        self.pile.append(c)
        self.top_from = actor
        self.top_claimable = True
        self._start_turn((actor + 1) % self.rules.players)

    def apply_undoable(self, move: ContinentalMove) -> Callable[[], None]:
        """Apply a legal ``set``, ``run`` or ``add`` of the seat to act that leaves a card in its
        hand (so the deal goes on), and return a function that takes it back exactly: the
        composer of UI actions (:mod:`.actions`) tries its candidate moves on one scratch copy
        of the game this way instead of copying the game per attempt. Only the parts such a move
        changes are kept: the seat's hand, the combination it lays or adds to, whether the seat
        is down, the turn, the last moves and the cached legal moves. Raises ``ValueError`` for
        another kind or a move that would empty the hand (the caller checks legality first)."""
        actor = self.turn.seat
        hand = self.hands[actor]
        if move.kind not in (SET, RUN, "add") or self.window or sum(hand.values()) <= len(move.cards):
            raise ValueError(f"apply_undoable takes a set, run or add that leaves a card in hand, not {move}")
        saved_hand, turn, down = dict(hand), self.turn.copy(), self.down[actor]
        last, legal, legal_set = list(self.last_moves), self._legal, self._legal_set
        cb = self.combo(move.target) if move.kind == "add" else None
        combo_cards, combo_lo = (list(cb.cards), cb.lo) if cb is not None else ([], 0)
        laid = len(self.table[actor])
        self.apply(move)

        def undo() -> None:
            self.hands[actor] = saved_hand
            self.turn, self.down[actor] = turn, down
            self.last_moves, self._legal, self._legal_set = last, legal, legal_set
            if cb is not None:
                cb.cards, cb.lo = combo_cards, combo_lo
            del self.table[actor][laid:]

        return undo

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

    def copy(self) -> ContinentalState:
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
        c._plan = self._plan  # (never changed in place, only replaced)
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


_DISCARDS: dict[Card, ContinentalMove] = {}
_WINDOW = sorted([ContinentalMove("pass"), ContinentalMove("claim")], key=str)


def _discard_move(c: Card) -> ContinentalMove:
    """The move ``discard c`` (made once per card: the search's fast path)."""
    m = _DISCARDS.get(c)
    if m is None:
        m = _DISCARDS[c] = ContinentalMove("discard", (c,))
    return m
