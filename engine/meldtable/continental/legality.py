"""Legality of continental moves: the fast enumeration :meth:`Legality.legal_moves` and the one
check of a move with its reason, :meth:`Legality.verify` / :meth:`Legality._why`
(tests/test_continental_verify.py checks that they agree). A mixin of
:class:`~meldtable.continental.state.ContinentalState`: it reads the state and never changes it
(only its caches ``_legal`` and ``_legal_set``)."""

from __future__ import annotations

from typing import Any

from ..cards import JOKER, RANKS, SUITS, Card
from ..multiset import combinations, counted
from .base import StateBase
from .combos import Combo
from .moves import _TARGET_RE, ContinentalMove
from .planner import Packer
from .reasons import REASONS
from .rules import (
    RUN,
    RUN_MAX,
    RUN_SIZE,
    SET,
    SET_SIZE,
    card_key,
    contract_name,
    pos_rank,
)


class Legality(StateBase):
    """Legal moves and refusal reasons of the seat to act (mixin of ``ContinentalState``)."""

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
        out: list[ContinentalMove] = []
        for tid, cb in targets:
            if cb.kind == SET:
                for c in cards:
                    if c.is_joker:
                        if not r.max_jokers_set or cb.jokers < r.max_jokers_set:
                            out.append(ContinentalMove("add", (c,), tid))
                    elif c.rank == cb.rank:
                        out.append(ContinentalMove("add", (c,), tid))
            elif len(cb.cards) < RUN_MAX:
                self._run_adds(cards, tid, cb, out)
        return out

    def _run_adds(self, cards: list[Card], tid: str, cb: Combo, out: list[ContinentalMove]) -> None:
        """The ``add`` moves of ``cards`` at either end of the run ``cb`` (id ``tid``, not full),
        appended to ``out``: the natural card next in the suit, or a joker within the options'
        limits."""
        r = self.rules
        n = len(cb.cards)
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
        for items in by_rank.values():
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

    def _packer(self) -> tuple[Packer, tuple[Card, ...]]:
        """The lay-down planner for the hand of the seat to act and the cards to pass as removed
        with every question: a :class:`~.planner.Packer` built once for a hand this hand is part
        of (in a turn the hand only shrinks while a contract is laid), with the cards laid since.
        A planner built for a larger hand answers exactly for any part of it: its run candidates
        are a superset, and those needing cards or jokers no longer there are skipped."""
        seat = self.turn.seat
        hand = self.hands[seat]
        plan = self._plan
        if plan is not None and plan[0] == seat:
            base = plan[1]
            removed: list[Card] = []
            for c, k in base.items():
                left = hand.get(c, 0)
                if left < k:
                    removed.extend([c] * (k - left))
            if all(base.get(c, 0) >= k for c, k in hand.items()):
                return plan[2], tuple(removed)
        packer = Packer(self.rules, hand)
        self._plan = (seat, dict(hand), packer)
        return packer, ()

    def _laydown_moves(self, need: tuple[int, int]) -> list[ContinentalMove]:
        """Contract steps that keep the rest of the contract (``need`` = sets, runs still to lay)
        possible in this turn, keeping a card to discard when going out needs one."""
        r = self.rules
        t = self.turn
        hand = self.hands[t.seat]
        sets, runs = need
        packer, gone = self._packer()
        floor = self._floor()
        used_ranks = frozenset(t.laid_ranks) if not r.same_rank_sets else frozenset()
        used_suits = frozenset(t.laid_suits) if not r.same_suit_runs else frozenset()
        if not packer.feasible(gone, sets, runs, floor, used_ranks, used_suits):
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
                    cache[key] = packer.feasible(gone + m.cards, sets - 1, runs, floor, used_ranks | {rank}, used_suits)
            else:
                if not runs:
                    continue
                suit = next(c.suit for c in m.cards if not c.is_joker)
                if suit in used_suits:
                    continue
                key = (RUN, *sorted(m.cards, key=card_key))
                if key not in cache:
                    cache[key] = packer.feasible(gone + m.cards, sets, runs - 1, floor, used_ranks, used_suits | {suit})
            if cache[key]:
                out.append(m)
        return out

    def is_legal(self, move: Any) -> bool:
        """Whether ``move`` (any value) is one of :meth:`legal_moves`. Once they are generated for
        this position, by membership; before, by the one check (:meth:`_why`) of a well-formed
        move, which accepts exactly the moves :meth:`legal_moves` lists
        (tests/test_continental_verify.py), so that playing a move never needs every legal move
        of a large hand (a lay-down of four combinations in one action, issue #25)."""
        if self._legal is not None:
            try:
                return move in self._legal_set
            except TypeError:
                return False
        if self.hand_over or not isinstance(move, ContinentalMove) or not _well_formed(move):
            return False
        return self._why(move) is None

    # ------------------------------------------------------------------ the one check and its reason
    def verify(self, move: Any, seat: int | None = None) -> None:
        """Check ``move`` for ``seat`` (default: the seat to act): raise
        :class:`~meldtable.errors.IllegalMoveError` (``key``, ``params`` and the texts of
        :data:`~meldtable.continental.reasons.REASONS`) saying why it is not legal now, else return.
        The one source of legality and its reasons: :meth:`legal_moves` is a fast enumeration of
        exactly the moves this accepts (tests/test_continental_verify.py)."""
        reason = self._why(move, seat)
        if reason is not None:
            raise REASONS.error(reason[0], **reason[2])

    def explain(self, move: Any, seat: int | None = None) -> tuple[str, str, dict[str, Any]]:
        """Why ``move`` is not legal now: ``(key, English message, params)`` from :meth:`_why`; a
        legal move gets ``("legal", "That move is legal.", {})``."""
        return self._why(move, seat) or ("legal", "That move is legal.", {})

    def _why(self, move: Any, seat: int | None = None) -> tuple[str, str, dict[str, Any]] | None:
        """``None`` if ``move`` is legal now, else ``(key, English message, params)``: every rule
        check in the order a player would look (turn, claim window, stage, cards held, then the
        move's own rules; seed 002 and docs/rules/continental.md). A dispatcher: the claim window
        (:meth:`_why_claim`), the draw (:meth:`_why_draw`), then the play (:meth:`_why_play`)."""
        no = REASONS.why
        if self.hand_over:
            return no("hand_over")
        if not isinstance(move, ContinentalMove):
            return no("wrong_family")
        kind = move.kind
        actor = self.current_player
        assert actor is not None
        if seat is not None and seat != actor:
            return no("not_your_turn", seat=actor, asked=seat)
        if self.window or kind in ("claim", "pass"):
            return self._why_claim(kind, actor)
        if self.turn.stage == "draw":
            return self._why_draw(kind)
        if kind in ("draw", "take"):
            return no("already_drew")
        return self._why_play(move, actor)

    def _why_claim(self, kind: str, actor: int) -> tuple[str, str, dict[str, Any]] | None:
        """The claim window: only ``claim`` and ``pass`` while it is open, and only then
        (option ``claim_by``)."""
        no = REASONS.why
        if self.window:
            if kind in ("claim", "pass"):
                return None
            return no("claim_window", seat=actor, card=self.pile[-1].text)
        if self.rules.claim_by == "nobody":
            return no("no_claims")
        return no("no_claim_window")

    def _why_draw(self, kind: str) -> tuple[str, str, dict[str, Any]] | None:
        """The draw: from the stock while it (or a reshuffle) has cards, or the upcard within the
        limit of takes in a row; nothing else first."""
        no = REASONS.why
        if kind == "draw":
            return None if self._can_draw() else no("stock_empty")
        if kind == "take":
            if not self.pile:
                return no("pile_empty")
            return None if self._may_take() else no("take_limit", count=self.takes_in_a_row)
        return no("draw_first")

    def _why_play(self, move: ContinentalMove, actor: int) -> tuple[str, str, dict[str, Any]] | None:
        """After the draw: the cards held, an exchanged joker placed first (option
        ``exchanged_joker``), a half-laid contract finished first, then the rules of the move's
        kind."""
        no = REASONS.why
        t = self.turn
        kind = move.kind
        hand = self.hands[actor]
        need = counted(move.cards)
        missing = [c for c, k in need.items() if hand.get(c, 0) < k]
        if missing:
            return no("not_in_hand", card=missing[0].text)
        if t.joker_from is not None:
            if kind != "add" or move.cards != (JOKER,):
                return no("place_joker", **{"from": t.joker_from})
            if move.target == t.joker_from:
                return no("joker_elsewhere")
            return self._why_add(move)
        if t.pending is not None and kind not in (SET, RUN):
            ps, pr = t.pending
            return no("finish_contract", sets=ps, runs=pr, contract=contract_name(ps, pr))
        if kind in (SET, RUN):
            return self._why_meld(move)
        if kind in ("add", "swap"):
            if not self.down[actor]:
                return no("not_down")
            if kind == "add":
                return self._why_add(move)
            return self._why_swap(move)
        assert kind == "discard"
        return self._why_discard(move, actor)

    def _why_discard(self, move: ContinentalMove, actor: int) -> tuple[str, str, dict[str, Any]] | None:
        """A discard: not the card just taken (option ``forbid_discarding_taken``), and before
        going down not a card that fits a combination (option ``forbid_playable_discard``)."""
        no = REASONS.why
        r = self.rules
        t = self.turn
        hand = self.hands[actor]
        c = move.cards[0]
        if r.forbid_discarding_taken and t.taken is not None and c is t.taken and any(x is not c for x in hand):
            return no("discard_taken", card=c.text)
        if not self.down[actor] and r.forbid_playable_discard:
            cards = self._discardable(list(hand))
            playable = {m.cards[0] for m in self._add_moves(cards, self._targets())}
            if c in playable and len(playable) < len(cards):
                return no("playable_discard", card=c.text)
        return None

    def _why_shape(self, move: ContinentalMove) -> tuple[str, str, dict[str, Any]] | None:
        """The combination rules of a new set or run (its cards alone)."""
        if move.kind == SET:
            return self._why_set_shape(move)
        return self._why_run_shape(move)

    def _why_set_shape(self, move: ContinentalMove) -> tuple[str, str, dict[str, Any]] | None:
        """A new set: naturals of one rank, its size, its jokers (option ``max_jokers_set``)."""
        no = REASONS.why
        r = self.rules
        naturals = [c for c in move.cards if not c.is_joker]
        jokers = len(move.cards) - len(naturals)
        if not naturals:
            return no("all_jokers")
        if len({c.rank for c in naturals}) > 1:
            return no("set_ranks")
        if len(move.cards) != SET_SIZE:
            return no("set_size")
        if not r.set_jokers_ok(jokers, len(naturals)):
            return no("set_jokers", max=r.max_jokers_set)
        return None

    def _why_run_shape(self, move: ContinentalMove) -> tuple[str, str, dict[str, Any]] | None:
        """A new run: one suit in order (around the corner only when the options allow), its size,
        its jokers (options ``max_jokers_run``, ``no_adjacent_jokers``)."""
        no = REASONS.why
        r = self.rules
        lay = r.run_layout(move.cards)
        if lay == "all_jokers":
            return no("all_jokers")
        if lay == "run_suits":
            return no("run_suits")
        if lay == "corner":
            return no("run_corner")
        if isinstance(lay, str):
            return no("run_order")
        if len(move.cards) != RUN_SIZE:
            return no("run_size")
        if not r.jokers_ok_run(move.cards):
            if r.no_adjacent_jokers and any(a.is_joker and b.is_joker for a, b in zip(move.cards, move.cards[1:])):
                return no("adjacent_jokers")
            return no("run_jokers", max=r.max_jokers_run)
        return None

    def _why_meld(self, move: ContinentalMove) -> tuple[str, str, dict[str, Any]] | None:
        """A new set or run: its shape, then (while laying the contract) whether the rest of the
        contract can still be laid in this turn (:class:`~.planner.Packer`), or (once down, option
        ``extra_melds_when_down``) the card to keep."""
        no = REASONS.why
        r = self.rules
        t = self.turn
        seat = t.seat
        kind = move.kind
        if self.down[seat] and not r.extra_melds:
            return no("contract_done")
        shape = self._why_shape(move)
        if shape is not None:
            return shape
        hand = self.hands[seat]
        floor = self._floor()
        if self.down[seat]:
            return None if sum(hand.values()) - len(move.cards) >= floor else no("keep_a_card")
        sets, runs = t.pending if t.pending is not None else self.contract()
        cname = contract_name(sets, runs)
        natural = next(c for c in move.cards if not c.is_joker)
        if kind == SET and not sets:
            return no("no_set_needed", contract=cname)
        if kind == RUN and not runs:
            return no("no_run_needed", contract=cname)
        used_ranks = frozenset(t.laid_ranks) if not r.same_rank_sets else frozenset()
        used_suits = frozenset(t.laid_suits) if not r.same_suit_runs else frozenset()
        if kind == SET and natural.rank in used_ranks:
            return no("same_rank_sets")
        if kind == RUN and natural.suit in used_suits:
            return no("same_suit_runs")
        packer, gone = self._packer()
        if kind == SET:
            rest = (sets - 1, runs)
            ok = packer.feasible(gone + move.cards, sets - 1, runs, floor, used_ranks | {natural.rank}, used_suits)
        else:
            rest = (sets, runs - 1)
            ok = packer.feasible(gone + move.cards, sets, runs - 1, floor, used_ranks, used_suits | {natural.suit})
        if ok:
            return None
        if rest == (0, 0):
            return no("keep_a_card")
        return no("contract_incomplete_keep" if floor else "contract_incomplete", contract=contract_name(*rest))

    def _why_add(self, move: ContinentalMove) -> tuple[str, str, dict[str, Any]] | None:
        """One card onto a laid-down combination (:meth:`_add_moves` enumerates the same): the
        turn may lay off and keep a card, then the set's or run's rules."""
        no = REASONS.why
        t = self.turn
        cb = self.combo(move.target)
        if cb is None:
            return no("no_combo", target=move.target)
        if t.joker_from is None:
            if not self._may_layoff() and not str(move.target).startswith(f"{t.seat}."):
                return no("layoff_next_turn")
            if sum(self.hands[t.seat].values()) - 1 < self._floor():
                return no("keep_a_card")
        if cb.kind == SET:
            return self._why_add_set(move, cb)
        return self._why_add_run(move, cb)

    def _why_add_set(self, move: ContinentalMove, cb: Combo) -> tuple[str, str, dict[str, Any]] | None:
        """One card onto a set: no end named, a natural of its rank or a joker within the limit."""
        no = REASONS.why
        r = self.rules
        c = move.cards[0]
        if move.end is not None:
            return no("set_no_end")
        if c.is_joker:
            if r.max_jokers_set and cb.jokers >= r.max_jokers_set:
                return no("set_jokers", max=r.max_jokers_set)
            return None
        if c.rank != cb.rank:
            return no("does_not_fit", target=move.target, fits=RANKS[cb.rank - 1])
        return None

    def _why_add_run(self, move: ContinentalMove, cb: Combo) -> tuple[str, str, dict[str, Any]] | None:
        """One card at a named end of a run that is not full and may grow there: the natural card
        next in the suit, or a joker within the options' limits."""
        no = REASONS.why
        r = self.rules
        c = move.cards[0]
        n = len(cb.cards)
        if n >= RUN_MAX:
            return no("run_full")
        if move.end is None:
            return no("run_end")
        low = move.end == "low"
        pos = cb.lo - 1 if low else cb.lo + n
        if not r.window_ok(cb.lo - 1 if low else cb.lo, n + 1):
            return no("run_corner")
        if c.is_joker:
            if r.max_jokers_run and cb.jokers + 1 > r.max_jokers_run:
                return no("run_jokers", max=r.max_jokers_run)
            if r.no_adjacent_jokers and (cb.cards[0] if low else cb.cards[-1]).is_joker:
                return no("adjacent_jokers")
            return None
        want = Card(pos_rank(pos), cb.suit)
        if c is not want:
            return no("does_not_fit", target=move.target, fits=want.text)
        return None

    def _why_swap(self, move: ContinentalMove) -> tuple[str, str, dict[str, Any]] | None:
        """A natural card for a joker on the table (:meth:`_swap_moves` enumerates the same)."""
        no = REASONS.why
        r = self.rules
        t = self.turn
        if r.joker_exchange != "after_own_down":
            return no("no_exchange")
        if not self._may_layoff():
            return no("exchange_next_turn")
        cb = self.combo(move.target)
        if cb is None:
            return no("no_combo", target=move.target)
        c = move.cards[0]
        if cb.kind == SET and r.exchange_from == "runs":
            return no("exchange_runs_only")
        if not cb.jokers:
            return no("no_joker")
        if cb.kind == RUN:
            stands = [cb.represents(i).text for i, x in enumerate(cb.cards) if x.is_joker]
            if c.text not in stands:
                return no("joker_stands_for", stands_for=stands, card=c.text)
        elif c.is_joker or c.rank != cb.rank:
            return no("exchange_rank", rank=RANKS[cb.rank - 1])
        if sum(self.hands[t.seat].values()) - 1 < self._floor():
            return no("keep_a_card")
        if r.exchanged_joker == "to_hand":
            return None
        spots = {m.target for m in self._add_moves([JOKER], self._targets())}
        return None if spots - {move.target} else no("joker_no_place")


_CARDS_OF_KIND = {"draw": 0, "take": 0, "claim": 0, "pass": 0, "discard": 1, SET: SET_SIZE, RUN: RUN_SIZE, "add": 1, "swap": 1}


def _well_formed(move: ContinentalMove) -> bool:
    """Whether ``move`` has the shape of a move :meth:`Legality.legal_moves` can list: a known kind
    with its number of cards (``Card`` values), a combination id ``"seat.k"`` written as the
    engine writes it for ``add`` and ``swap`` only, an end (``low``/``high``) for ``add`` only."""
    n = _CARDS_OF_KIND.get(move.kind) if isinstance(move.kind, str) else None
    if n is None or not isinstance(move.cards, tuple) or len(move.cards) != n:
        return False
    if not all(isinstance(c, Card) for c in move.cards):
        return False
    if move.kind in ("add", "swap"):
        t = move.target
        m = _TARGET_RE.match(t) if isinstance(t, str) else None
        if m is None or t != f"{int(m.group(1))}.{int(m.group(2))}":
            return False
    elif move.target is not None:
        return False
    return move.end is None or (move.kind == "add" and move.end in ("low", "high"))
