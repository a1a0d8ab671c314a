"""The table state of a canasta-family match and how moves change it: dealing, turns, applying
moves, the next hand, copies. Legality, scoring, the seat's view and saved games are mixins in
rooms of their own (:mod:`.legality`, :mod:`.scoring`, :mod:`.view`, :mod:`.saved`).

A turn is a sequence of moves by the seat to act:

1. ``draw`` (stock) or ``take`` (the discard pile), stage ``"draw"``;
2. any number of ``meld`` (a new 3-card meld, or 3-4 black threes when going out),
   ``add`` (one card onto one of the side's melds, named by its key: ``Q`` or ``Q#2``) and ``bury``
   (a card of a blocking rank under the side's canasta, counting nothing), stage ``"play"``;
3. ``discard`` ends the turn. Emptying the hand (by a meld, an add or the discard) is going out.

Legality lives in one place, :meth:`Legality.legal_moves`; :meth:`CanastaState.apply` trusts it.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, rank_name, standard_deck
from ..errors import IllegalMoveError
from ..multiset import add as ms_add
from ..multiset import remove as ms_remove
from ..rng import Rng
from .base import DRAWN_MAX, Turn
from .legality import Legality
from .melds import Meld
from .moves import Move
from .planner import Plan
from .reasons import REASONS
from .rules import Rules
from .saved import Saved
from .scoring import Scoring
from .search_steps import SearchSteps
from .values import CANASTA_SIZE, HISTORY_KEEP, KEY_STEP, THREE, WILD, card_value, is_red_three, is_wild
from .view import View

__all__ = ["CanastaState", "Turn", "play_order"]


class CanastaState(Legality, Scoring, View, Saved, SearchSteps):
    """Whole-match state of a canasta-family game (mutable; :class:`meldtable.game.Game` wraps it).

    Seats are ``0 .. players-1``; sides are lists of seats (one seat per side in two-hand play).
    """

    def __init__(self, rules: Rules, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        n = rules.players
        nsides = len(rules.sides)
        self.hand_number = 0
        self.dealer = n - 1  # the first deal is dealt by the last seat and seat 0 starts
        self.order: list[int] = list(range(n))  # seats in the order of play in this deal
        self.drawn: list[int] = [0] * n  # cards each seat drew from the stock in this hand (early_out_bonus)
        self.laid: list[bool] = [False] * n  # each seat has put cards on the table in this hand
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
        self.cut: dict[str, Any] | None = None  # this deal's cut: {"seat": cutter, "cards": [kept cards]} (option cut_wilds)
        self._legal: list[Move] | None = None
        self._plan_base: Plan | None = None  # set only while _generate checks an initial meld
        self._out_ok: set[tuple[tuple[str, Any], ...]] | None = None  # set only while _generate checks going out
        self._out_plan: Plan | None = None  # the going-out planner of the hand, while _out_ok is set
        self._shared: set[int] | None = None  # keys of melds shared with the undo base (see undo_copy)

    # ------------------------------------------------------------------ dealing
    def deal(self) -> None:
        """Deal the next hand (seed 000 "Das Ausgeben", seed 001 "Vorbereiten und Geben"): a fresh
        table, then the steps of ``rules.deal_steps``: shuffle with the engine's generator, deal
        ``hand_size`` cards each starting left of the dealer, turn the upcard (covered while it is
        one the ``upcard_cover`` option names), lay out dealt red threes and replace them from the
        stock; then the first player's turn begins."""
        r = self.rules
        self.hand_number += 1
        self.order = play_order(r, self.hand_number)
        first = self.order[(self.hand_number - 1) % len(self.order)]
        self.dealer = self.order[self.order.index(first) - 1]
        self.stock = []
        self.pile = []
        self.pile_wilds = 0
        self.hands = [{} for _ in range(r.players)]
        self.drawn = [0] * r.players
        self.laid = [False] * r.players
        nsides = len(r.sides)
        self.melds = [{} for _ in range(nsides)]
        self.red_threes = [[] for _ in range(nsides)]
        self.melded = [False] * nsides
        self.hand_over = False
        self.out_seat = None
        self.out_concealed = False
        self.last_moves = []
        self.cut = None
        i = self.order.index(first)
        seats = self.order[i:] + self.order[:i]  # from the first player round to the dealer
        for step in r.deal_steps:
            getattr(self, f"_deal_{step}")(seats)
        self._start_turn(first)

    def _deal_shuffle(self, seats: list[int]) -> None:
        """The whole deck, shuffled with the engine's own generator seeded by the game's seed and
        the hand number (the same deal on CPython and Pyodide), becomes the stock."""
        deck = standard_deck(self.rules.decks, self.rules.jokers_per_deck)
        Rng(self.seed, f"deal {self.hand_number}").shuffle(deck)
        self.stock = deck

    def _deal_cut(self, seats: list[int]) -> None:
        """Seed 004 (option ``cut_wilds``, research C28): the player before the dealer cuts; a two
        or joker turned up at the cut (the bottom card of the stock here) is kept, again while the
        next card is one too; with ``wilds_and_red_threes`` red threes are kept the same way. The
        cutter is dealt that many fewer cards (:meth:`_deal_deal_hands`)."""
        order = self.order
        cutter = order[order.index(self.dealer) - 1]
        keep_red = self.rules.cut_wilds == "wilds_and_red_threes"
        kept: list[Card] = []
        while self.stock and (is_wild(self.stock[0]) or (keep_red and is_red_three(self.stock[0]))):
            kept.append(self.stock.pop(0))
        ms_add(self.hands[cutter], kept)
        self.cut = {"seat": cutter, "cards": [c.text for c in kept]}
        label = "cut and kept " + " ".join(c.text for c in kept) if kept else "cut: no wild card"
        self.last_moves.append({"seat": cutter, "text": " ".join(["cut"] + [c.text for c in kept]), "label": label})

    def _deal_deal_hands(self, seats: list[int]) -> None:
        """``hand_size`` cards to each seat, one at a time, starting left of the dealer; a cutter
        who kept cards at the cut gets that many fewer (seed 004: 'dass dem Glücklichen mit dem
        (den) abgehobenen Joker(n) dementsprechend weniger Karten auszuteilen sind')."""
        size = self.rules.hand_size
        for _ in range(size):
            for seat in seats:
                hand = self.hands[seat]
                if sum(hand.values()) < size:
                    ms_add(hand, [self.stock.pop()])

    def _deal_upcard(self, seats: list[int]) -> None:
        """The upcard starts the discard pile; while it is one the ``upcard_cover`` option covers,
        the next card is turned onto it (research C6)."""
        first = True
        while self.stock:
            c = self.stock.pop()
            self._pile_push(c)
            if self.rules.upcard_cover == "red_three_first":
                # seed 000: a red three upcard starts the covering, which goes on 'bis eine Karte
                # aufgedeckt wird, die keine wilde Karte oder ein roter Dreier ist'
                if not (is_red_three(c) or (not first and is_wild(c))):
                    break
                first = False
                continue
            if not self._covers(c):
                break

    def _deal_red_threes(self, seats: list[int]) -> None:
        """Dealt red threes are laid out and replaced from the stock (seed 000; seed 001 'muss er
        auslegen und je eine Ersatzkarte nehmen')."""
        for seat in seats:
            self._lay_out_red_threes(seat)

    def _covers(self, c: Card) -> bool:
        """Whether upcard ``c`` is covered by the next card (option ``upcard_cover``, research C6)."""
        mode = self.rules.upcard_cover
        if mode == "none":
            return False
        if mode == "red_three_first":
            return is_red_three(c)  # (the first upcard; _deal_upcard covers on over wild cards)
        if mode == "joker_and_red_three":
            return c.rank == 0 or is_red_three(c)
        if is_wild(c):
            return True
        return mode == "wild_and_red_three" and is_red_three(c)

    def _pile_push(self, c: Card) -> None:
        self.pile.append(c)
        if is_wild(c):
            self.pile_wilds += 1

    def _lay_out_red_threes(self, seat: int) -> list[Card]:
        """Lay out the red threes in ``seat``'s hand, each replaced from the stock (again while a
        replacement is one); returns the red threes laid out."""
        hand = self.hands[seat]
        side = self.rules.side_of[seat]
        out: list[Card] = []
        while True:
            reds = [c for c in hand for _ in range(hand[c]) if is_red_three(c)]
            if not reds:
                return out
            ms_remove(hand, reds)
            self.red_threes[side].extend(reds)
            out.extend(reds)
            for _ in reds:
                if self.stock:
                    ms_add(hand, [self.stock.pop()])

    def _start_turn(self, seat: int) -> None:
        side = self.rules.side_of[seat]
        if self.rules.red_three_exposure == "first_turn" and any(is_red_three(c) for c in self.hands[seat]):
            # seed 004: 'Jede rote 3 muss sofort beim ersten Ausspielen des jeweiligen Spielers,
            # herausgelegt und durch eine Neue vom Talon ersetzt werden' (research C21)
            reds = self._lay_out_red_threes(seat)
            drew = "a replacement" if len(reds) == 1 else f"{len(reds)} replacements"
            self.last_moves.append({"seat": seat, "text": " ".join(["red3"] + [c.text for c in reds]),
                                    "label": "laid out " + " ".join(c.text for c in reds) + " and drew " + drew})
            if len(self.last_moves) > HISTORY_KEEP:
                del self.last_moves[0]
        self.turn = Turn(seat, not self.melded[side])
        self.turn.fresh = not self.laid[seat]
        self._legal = None
        self._shared = None
        if not self.stock:
            # seed 000: "falls ... der Kartenstapel aufgebraucht ist, ist das Spiel sofort zu Ende";
            # pagat (option play_on_discards): play goes on while the player can take the pile
            if self.rules.stock_exhausted != "play_on_discards" or not self._take_moves():
                self._end_hand(None)

    # ------------------------------------------------------------------ applying
    def apply(self, move: Move) -> None:
        """Apply a legal move (unchecked: call only with a move from :meth:`legal_moves`): a
        dispatcher to one step per move kind (``_apply_<kind>``). A step returns the move-log label
        of a move after which the turn goes on, or ``None`` when it has recorded the move itself
        (the turn passed, the hand ended or only the partner's permission changed)."""
        kind = move.kind
        seat = self.turn.seat
        label: str | None
        if kind == "draw":
            label = self._apply_draw(move)
        elif kind == "take":
            label = self._apply_take(move)
        elif kind == "bury":
            label = self._apply_bury(move)
        elif kind in ("meld", "add"):
            label = self._apply_lay(move)
        elif kind in ("ask", "yes", "no"):
            self._apply_ask(move)
            return
        elif kind == "pass":
            # the stock is used up and the player does not take the discard pile: the hand ends
            self._record(seat, move, "passed: the stock is used up, so the hand ends")
            self._end_hand(None)
            return
        elif kind == "discard":
            self._apply_discard(move)
            return
        else:  # pragma: no cover - legal_moves never yields another kind
            raise IllegalMoveError(f"Unknown move kind {kind!r}.")
        if label is not None:
            self._record(seat, move, label)
            self._legal = None

    def _apply_draw(self, move: Move) -> str | None:
        """``draw``: ``draw_count`` cards from the stock, each red three laid out and replaced; the
        hand ends when the last stock card is a red three (option ``last_red_three``)."""
        t = self.turn
        seat = t.seat
        side = self.rules.side_of[seat]
        hand = self.hands[seat]
        got = 0
        while got < self.rules.draw_count and self.stock:
            c = self.stock.pop()
            if is_red_three(c):
                self.red_threes[side].append(c)  # laid out; a replacement is drawn
                if not self.stock and self.rules.last_red_three == "ends_hand":
                    # seed 000 'ist das Spiel sofort zu Ende', pagat (research C23/C24): a red
                    # three as the last stock card ends the hand at once (option last_red_three)
                    self._record(seat, move, f"drew {got} card{'s' if got != 1 else ''} and the last red three")
                    self._end_hand(None)
                    return None
                continue
            hand[c] = hand.get(c, 0) + 1
            got += 1
        t.stage = "play"
        t.from_stock = True
        self.drawn[seat] = min(self.drawn[seat] + got, DRAWN_MAX)
        if self._initial_pending():
            t.countable = dict(hand)
        label = f"drew {got} card{'s' if got != 1 else ''}"
        if not self.stock:
            self._legal = None
            if not self.legal_moves():
                # option last_red_three = turn_goes_on: a red three as the last stock card left the
                # player without a legal move (e.g. one card and too few canastas): the hand ends
                self._record(seat, move, label + " and the last red three")
                self._end_hand(None)
                return None
        return label

    def _apply_take(self, move: Move) -> str | None:
        """``take``: the upcard melded with the named hand cards, the rest of the pile into the
        hand (red threes in it laid out, no replacement); going out when the hand is empty."""
        t = self.turn
        seat = t.seat
        side = self.rules.side_of[seat]
        hand = self.hands[seat]
        top = self.pile[-1]
        rest = self.pile[:-1]
        initial = self._initial_pending()
        ms_remove(hand, move.cards)
        if initial:
            t.countable = dict(hand)
            t.initial_points = card_value(top) + sum(card_value(c) for c in move.cards)
        rank = self._take_rank(top, move.cards)  # (a wild card on top: the rank of the naturals)
        key = self._take_key(side, rank, bool(move.cards))
        meld = self.melds[side].get(key)
        if meld is None:
            meld = self.melds[side][key] = Meld(rank, key=key)
            t.opened = t.opened | {key}  # (a meld this turn opened: option concealed_going_out_canasta)
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
        taken = len(rest) + 1
        label = f"took the discard pile ({taken} card{'s' if taken != 1 else ''})"
        self.laid[seat] = True
        if not hand:
            # the take melded the last hand cards with a one-card pile: with the canastas the
            # hand floor demanded, that is going out without a final discard (seed 000)
            self._went_out(move, label)
            return None
        return label

    def _apply_bury(self, move: Move) -> str:
        """``bury``: seed 004 'Sperrkarten ... zusätzlich (jedoch ohne Wirkung auf das Spiel) unter
        den evtl. passenden Kanaster angelegt': the card counts nothing."""
        seat = self.turn.seat
        side = self.rules.side_of[seat]
        c = move.cards[0]
        ms_remove(self.hands[seat], [c])
        assert move.rank is not None  # (a bury names its canasta)
        meld = self.melds[side][move.rank]
        if self._shared is not None and move.rank in self._shared:
            meld = self.melds[side][move.rank] = meld.copy()  # (as for meld and add)
            self._shared.discard(move.rank)
        meld.buried.append(c)
        return f"laid {c.text} under the canasta of {rank_name(c.rank, True)}"

    def _apply_lay(self, move: Move) -> str | None:
        """``meld`` (a new meld) and ``add`` (onto the side's meld named by its key): the cards
        counted towards the initial meld while it is pending (:meth:`_count_initial`), a hand
        canasta marked (option ``hand_canasta_bonus``); going out when the hand is empty."""
        t = self.turn
        seat = t.seat
        side = self.rules.side_of[seat]
        hand = self.hands[seat]
        kind = move.kind
        if kind == "add":
            assert move.rank is not None  # (an add names its meld)
            key = move.rank
            rank = key % KEY_STEP
        else:
            rank = next((c.rank for c in move.cards if not is_wild(c)), WILD)
            key = self._new_key(side, rank)
        if self._initial_pending():
            self._count_initial(move, rank, side)
        else:
            ms_remove(hand, move.cards)
        meld = self.melds[side].get(key)
        if meld is None:
            meld = self.melds[side][key] = Meld(rank, key=key)
            t.opened = t.opened | {key}
        elif self._shared is not None and key in self._shared:
            meld = self.melds[side][key] = meld.copy()  # the undo base keeps the meld as it was
            self._shared.discard(key)
        for c in move.cards:
            meld.put(c)
        if (self.rules.hand_canasta_bonus and meld.size >= CANASTA_SIZE and key in t.opened
                and not t.took_pile and rank != THREE and not meld.hand_canasta):
            meld.hand_canasta = True  # seed 001 'Hand-Canasta' (engine reading, research C3)
        self.laid[seat] = True
        label = ("melded " if kind == "meld" else f"added to the {rank_name(rank, True)}: ") + " ".join(
            [c.text for c in move.cards]
        )
        if not hand:
            self._went_out(move, label)
            return None
        return label

    def _count_initial(self, move: Move, rank: int, side: int) -> None:
        """A meld or add while the side's initial meld is pending: its cards leave the countable
        cards, its points count towards the minimum, and the side has melded once they reach it."""
        t = self.turn
        sig, pts, counts_after = self._usage(move.cards, rank, move.kind == "meld")
        cnt = t.countable
        for c, (_, flag) in zip(move.cards, sig):
            if flag:
                if cnt[c] == 1:
                    del cnt[c]
                else:
                    cnt[c] -= 1
        if not counts_after:
            t.uncounted = t.uncounted | {rank}
        t.initial_points += pts
        ms_remove(self.hands[t.seat], move.cards)
        if t.initial_points >= self.minimum(side):
            self._initial_met(side)

    def _apply_ask(self, move: Move) -> None:
        """``ask`` (may I go out?) and the partner's answer ``yes`` / ``no`` (option
        ``going_out_permission``)."""
        t = self.turn
        if move.kind == "ask":
            t.asked = "pending"
            self._record(t.seat, move, "asked the partner: may I go out?")
        else:
            t.asked = "yes" if move.kind == "yes" else "no"
            self._record(self.partner(t.seat), move,
                         "answered yes: go out" if move.kind == "yes" else "answered no: do not go out")
        self._legal = None

    def _apply_discard(self, move: Move) -> None:
        """``discard``: the card onto the pile; going out when the hand is empty, else the next
        seat's turn."""
        seat = self.turn.seat
        hand = self.hands[seat]
        c = move.cards[0]
        left = hand[c] - 1  # (the card leaves the hand: ms_remove, for one card)
        if left:
            hand[c] = left
        else:
            del hand[c]
        self._pile_push(c)
        label = f"discarded {c.text}"
        if not hand:
            self._went_out(move, label)
            return
        self._record(seat, move, label)
        self._start_turn(self.next_seat(seat))

    def _went_out(self, move: Move, label: str) -> None:
        """The seat to act emptied its hand with ``move``: its side has melded and the hand ends."""
        seat = self.turn.seat
        self.melded[self.rules.side_of[seat]] = True
        self._record(seat, move, label)
        self._end_hand(seat)

    def _initial_met(self, side: int) -> None:
        """The side has made its initial meld: later melds no longer count towards a minimum."""
        self.melded[side] = True
        self.turn.countable = {}

    def _record(self, seat: int, move: Move, label: str) -> None:
        self.last_moves.append({"seat": seat, "text": move._text, "label": label})
        if len(self.last_moves) > HISTORY_KEEP:
            del self.last_moves[0]


    def next_hand(self) -> None:
        """Deal the next hand of the match (only when the hand is over and the match is not)."""
        if not self.hand_over:
            raise REASONS.error("hand_not_over")
        if self.match_over:
            raise REASONS.error("match_over")
        self.deal()


    def copy(self) -> CanastaState:
        c = CanastaState.__new__(CanastaState)
        c.rules, c.seed = self.rules, self.seed
        c.hand_number, c.dealer, c.order, c.drawn = self.hand_number, self.dealer, self.order, list(self.drawn)
        c.laid = list(self.laid)
        c.scores, c.results = list(self.scores), [dict(x) for x in self.results]
        c.match_over, c.winners = self.match_over, list(self.winners)
        c.stock, c.pile, c.pile_wilds = list(self.stock), list(self.pile), self.pile_wilds
        c.hands = [dict(h) for h in self.hands]
        c.melds = [{k: m.copy() for k, m in side.items()} for side in self.melds]
        c.red_threes = [list(x) for x in self.red_threes]
        c.melded = list(self.melded)
        c.turn = self.turn.copy()
        c.hand_over, c.out_seat, c.out_concealed = self.hand_over, self.out_seat, self.out_concealed
        c.last_moves = list(self.last_moves)  # (its entries are never changed once recorded: shared)
        c.cut = None if self.cut is None else {"seat": self.cut["seat"], "cards": list(self.cut["cards"])}
        c._legal = None
        c._plan_base = None
        c._out_ok = None
        c._out_plan = None
        c._shared = None
        return c

    def undo_copy(self) -> CanastaState:
        """The state as it is now, for :class:`meldtable.undo.UndoRecord` (``base``): a copy of
        what a ``meld`` or ``add`` changes (the hand of the seat to act, the turn, ``laid``,
        ``melded``, ``last_moves``, and its side's table of melds, whose melds stay shared until
        :meth:`apply` changes one: it copies that meld first, ``_shared``), sharing everything
        else with this state. The
        record keeps it only while the turn's moves since it are melds and adds (any other move,
        or the hand's end, clears the record), so the shared parts stay as they were, and it is
        only ever read through :meth:`copy` (``UndoRecord.restore``; ``UndoRecord.copy`` copies it
        in full). Cheaper than :meth:`copy`: the other hands, the other sides' melds, the stock
        and the match's results are not copied (tests/test_undo.py checks the exact restore)."""
        c = CanastaState.__new__(CanastaState)  # (fields set one by one: reading self.__dict__
        # would turn this state's attributes into a plain dict, which slows every later lookup)
        c.rules, c.seed = self.rules, self.seed
        c.hand_number, c.dealer, c.order, c.drawn = self.hand_number, self.dealer, self.order, self.drawn
        c.laid = list(self.laid)
        c.scores, c.results = self.scores, self.results
        c.match_over, c.winners = self.match_over, self.winners
        c.stock, c.pile, c.pile_wilds = self.stock, self.pile, self.pile_wilds
        seat = self.turn.seat
        side = self.rules.side_of[seat]
        hands = c.hands = list(self.hands)
        hands[seat] = dict(hands[seat])
        melds = c.melds = list(self.melds)
        melds[side] = dict(melds[side])  # the same melds: this state copies one before changing it
        self._shared = set(melds[side])
        c.red_threes = self.red_threes
        c.melded = list(self.melded)
        c.turn = self.turn.copy()
        c.hand_over, c.out_seat, c.out_concealed = self.hand_over, self.out_seat, self.out_concealed
        c.last_moves = list(self.last_moves)
        c.cut = self.cut
        c._legal = None
        c._plan_base = None
        c._out_ok = None
        c._out_plan = None
        c._shared = None
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
                ms_add(allc, m.buried)
        for x in self.red_threes:
            ms_add(allc, x)
        return allc




def play_order(rules: Rules, hand_number: int) -> list[int]:
    """The seats that play deal ``hand_number`` (1, 2, ...), in the order of play.

    Everyone plays, in seat order, unless ``rules.sitters`` is set (5 players in two sides): then
    ``sitters[(hand_number - 1) % len(sitters)]`` sits out and the others play with the sides
    alternating (seed 001 'Bei fünf Spielern setzt jeweils einer aus'; research C29)."""
    if not rules.sitters:
        return list(range(rules.players))
    sitter = rules.sitters[(hand_number - 1) % len(rules.sitters)]
    a, b = ([s for s in seats if s != sitter] for seats in rules.sides)
    return [x for pair in zip(a, b) for x in pair]
