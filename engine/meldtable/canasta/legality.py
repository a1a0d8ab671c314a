"""Legality of canasta moves and the reasons for refusals: move generation
(:meth:`Legality.legal_moves`), the per-move checks (pile take, meld, add, discard, the hand
floor and the initial-meld minimum with :class:`~meldtable.canasta.planner.Plan`) and
:meth:`Legality.explain`.

A mixin of :class:`~meldtable.canasta.state.CanastaState`: it reads the state's fields and never
changes them (only its caches ``_legal``, ``_plan_base``, ``_out_ok``).
"""

from __future__ import annotations

from bisect import bisect_left
from operator import attrgetter
from typing import Any

from ..cards import ALL_CARDS, RANKS, Card
from ..moves import Move, meld_key_text
from ..multiset import add as ms_add
from ..multiset import combinations, counted, remove as ms_remove
from .base import StateBase
from .melds import Meld
from .planner import _EXACT, Plan, signature, signature_uncounted_first
from .reasons import REASONS
from .rules import Rules
from .values import CANASTA_SIZE, KEY_STEP, THREE, WILD, card_value, is_red_three, is_wild


class Legality(StateBase):
    """Legal moves and refusal reasons of the seat to act (mixin of ``CanastaState``)."""

    # ------------------------------------------------------------------ legality
    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to act (empty when the hand is over), sorted by notation."""
        if self._legal is None:
            self._legal = [] if self.hand_over else self._generate()
        return list(self._legal)

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is one of :meth:`legal_moves`. Two moves are equal exactly when their
        canonical notations are, so the lookup is by notation: a binary search of the legal moves,
        which are sorted by it."""
        legal = self._legal
        if legal is None:
            self.legal_moves()
            legal = self._legal
            assert legal is not None
        if type(move) is not Move:
            return False
        text = move._text
        i = bisect_left(legal, text, key=_move_text)
        return i < len(legal) and legal[i]._text == text

    def _generate(self) -> list[Move]:
        t = self.turn
        out: list[Move]
        if t.asked == "pending":
            return [_NO, _YES]  # the partner answers "may I go out?"
        if t.stage == "draw":
            out = [_DRAW] if self.stock else []
            takes = self._take_moves()
            out.extend(takes)
            if not self.stock and takes and not self._take_forced(takes):
                out.append(_PASS)
        else:
            if _EXACT:
                _EXACT.clear()  # (answers are kept within one generation only)
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
                rk = item[0].rank
                if rk == 0 or rk == 2:
                    wilds.append(item)
                else:
                    group = by_rank.get(rk)
                    if group is None:
                        by_rank[rk] = [item]
                    else:
                        group.append(item)
            if len(wilds) > 1:
                wilds.sort(key=_item_index)
            if initial:  # the planner's grouping of this hand, shared by every check below
                base = self._plan_base = Plan(self.rules, hand, self.turn.countable, {}, self.turn.uncounted,
                                              wild_meld=self._wild_meld_open())
                base.prepare_without(hand)
                base.prepare_quick(self.melds[side], self._closed_risk(side, by_rank))
            # after melding black threes, or the partner's "yes", the turn must end by going out;
            # after the partner's "no" it must not: every move is checked
            blacks_down = THREE in self.melds[side]
            slow = initial or blacks_down or t.asked is not None
            r = self.rules
            if slow and not initial and size > 1 and (blacks_down or t.asked == "yes") and not r.closed_canastas:
                # the turn must end by going out: how it can, by final discard (see _out_ok_after;
                # two ways answer every question asked of them)
                plan = self._out_plan = self._going_out_now(side)
                self._out_ok = plan.going_out_discards(0, True, limit=2)
            try:
                if t.took_pile and not r.meld_after_pile_take:
                    out = []  # seed 004: 'Jetzt darf nicht mehr rausgelegt werden' (research C27)
                else:
                    out = self._meld_moves(side, size, canastas, slow, by_rank, wilds)
                    out.extend(self._add_moves(side, size, canastas, slow, by_rank, wilds))
                if r.bury_blocking_cards != "never" and (t.took_pile or r.bury_blocking_cards == "any_turn"):
                    out.extend(self._bury_moves(side, size, canastas, by_rank))
                out.extend(self._discard_moves(hand, size, canastas, slow))
                if self.rules.going_out_permission == "ask_partner" and self._may_ask(side):
                    out.append(_ASK)
            finally:
                self._plan_base = None
                self._out_ok = None
                self._out_plan = None
        out.sort(key=_move_text)
        return out

    def _take_moves(self) -> list[Move]:
        r = self.rules
        t = self.turn
        if not self.pile:
            return []
        top = self.pile[-1]
        if top.rank == THREE:
            return []  # seed 000: never when the top is a black three
        wild_top = top.rank == 0 or top.rank == 2
        if wild_top and r.wild_top_take != "two_naturals":
            return []  # seed 000: never when the top is a wild card
        initial = self._initial_pending()
        if initial and r.pile_before_initial_meld == "forbidden":
            return []
        side = r.side_of[t.seat]
        hand = self.hands[t.seat]
        if wild_top:
            # seed 001 'mit der obersten Karte und zwei natürlichen Handkarten gleichen Ranges eine
            # Meldung zu machen' (option wild_top_take): two naturals of one rank, checked in full
            pairs: dict[int, list[tuple[Card, int]]] = {}
            for item in hand.items():
                rk = item[0].rank
                if rk not in (0, 2, THREE):
                    pairs.setdefault(rk, []).append(item)
            out_w = []
            for items in pairs.values():
                if sum(n for _, n in items) >= 2:
                    for used_w in _combos(tuple(sorted(items, key=_item_index)), 2):
                        if self._take_ok(top, used_w) is None:
                            out_w.append(Move.make("take", used_w))
            return out_w
        if r.blocking_ranks != "none" and top.rank in self.blocking_ranks(side):
            return []  # seed 004 'Sperrkarten' (research C26)
        frozen = self._frozen(initial)
        rank = top.rank
        naturals: list[tuple[Card, int]] = []
        wilds: list[tuple[Card, int]] = []
        for item in hand.items():  # (one loop: cheaper than two generators)
            rk = item[0].rank
            if rk == rank:
                naturals.append(item)
            elif rk == 0 or rk == 2:
                wilds.append(item)
        if len(naturals) > 1:
            naturals.sort(key=_item_index)
        candidates: list[tuple[Card, ...]] = list(_combos(tuple(naturals), 2))
        if not frozen and r.take_pile_with_natural_and_wild:
            if len(wilds) > 1:
                wilds.sort(key=_item_index)
            for (nat, _) in naturals:
                for (w, _) in wilds:
                    candidates.append((nat, w))
        if not frozen and r.take_pile_onto_own_meld and rank in self.melds[side]:
            candidates.append(())
        if not candidates:
            return []
        # outside a pending initial meld, a take that leaves two or more cards in hand is legal
        # exactly when the meld it makes is valid (see _take_ok); anything else asks _take_ok
        melds = self.melds[side]
        if rank in melds:
            with_pair = melds.get(self._take_key(side, rank, True))
            onto = melds.get(self._take_key(side, rank, False))
        else:
            with_pair = onto = None  # (no meld of the rank: the take opens one)
        # (the top is no red three: those are never taken, and list.count runs in C)
        after = sum(hand.values()) + len(self.pile) - 1 - self.pile.count(_RED_3D) - self.pile.count(_RED_3H)
        out = []
        for used in candidates:
            if not initial and after - len(used) >= 2:
                existing = with_pair if used else onto
                nw = 0
                for c in used:
                    if c.rank == 0 or c.rank == 2:
                        nw += 1
                nat0 = existing.naturals if existing else 0
                wild0 = existing.wilds if existing else 0
                ok = r.meld_ok(nat0 + 1 + len(used) - nw, wild0 + nw)
            else:
                ok = self._take_ok(top, used) is None
            if ok:
                out.append(Move.make("take", used))
        return out

    def _may_ask(self, side: int) -> bool:
        """Whether the seat to act may ask its partner "may I go out?" now (option
        ``going_out_permission`` = ``ask_partner``; pagat): once per turn, after drawing, with a
        partner in play this deal, only when going out is still possible this turn, and only when
        either answer leaves a legal end of the turn: after a "no" the player must still be able to
        end it without going out (two cards in hand, one to discard and one to keep, and a pending
        initial meld still reachable that way)."""
        t = self.turn
        if self.rules.going_out_permission != "ask_partner" or t.asked is not None or t.stage != "play":
            return False
        if self.partner(t.seat) == t.seat or THREE in self.melds[side]:
            return False
        if sum(self.hands[t.seat].values()) < 2:
            return False
        if t.took_pile and not self.rules.meld_after_pile_take:
            # no meld may follow this take (seed 004, option meld_after_pile_take): with two cards
            # or more in hand the turn can only end by a discard that keeps some: no going out
            return False
        initial = self._initial_pending()
        if self._going_out_check(side, (), 0, False, initial) is not None:
            return False
        if initial and (t.took_pile or self.melds[side]):
            # after a "no" the minimum must still be reachable without going out
            pending = self._pending(side)
            plan = Plan(self.rules, dict(self.hands[t.seat]), dict(t.countable), pending, t.uncounted,
                        wild_meld=self._wild_meld_open())
            plan.going_out = False
            return plan.reachable(self.minimum(side) - t.initial_points, self._exempt())
        return True

    def _take_forced(self, takes: list[Move]) -> bool:
        """With the stock used up (``play_on_discards``), taking the pile is obligatory when its top
        card goes onto the side's meld of that rank (pagat: "must take the discard if it can be
        added to one of his side's melds"; research C24); ``takes``: the legal takes."""
        side = self.side_of(self.turn.seat)
        top = self.pile[-1]
        return bool(takes) and not is_wild(top) and top.rank in self.melds[side]

    def _take_ok(self, top: Card, used: tuple[Card, ...]) -> str | None:
        """``None`` if taking the pile with ``used`` hand cards is legal, else the reason."""
        r = self.rules
        t = self.turn
        side = self.side_of(t.seat)
        rank = self._take_rank(top, used)
        top_wild = 1 if is_wild(top) else 0
        existing = self.melds[side].get(self._take_key(side, rank, bool(used)))
        nat = (existing.naturals if existing else 0) + 1 - top_wild + sum(1 for c in used if not is_wild(c))
        wild = (existing.wilds if existing else 0) + top_wild + sum(1 for c in used if is_wild(c))
        if not r.meld_ok(nat, wild):
            return "meld"
        if r.closed_canastas and existing and existing.size >= CANASTA_SIZE and nat > existing.naturals:
            return "blocking_add"  # (a wild card on top taken with two naturals onto a finished canasta)
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
        exempt_take = initial and r.concealed_going_out_exemption == "always"
        finisher = False
        if hand_after == 1 and r.meld_after_pile_take:  # (else the last card cannot be added after the take)
            rest = dict(self.hands[t.seat])
            ms_remove(rest, used)
            ms_add(rest, incoming)
            (last,) = rest
            nat0 = existing.naturals if existing else 0
            wild0 = existing.wilds if existing else 0
            finisher = self._finisher(side, last, (rank, nat - nat0, wild - wild0), canastas_after)
        if not self._floor_ok(hand_after, canastas_after, min_ok, exempt_take, finisher):
            return self._floor_reason(hand_after, canastas_after)
        if initial and not min_ok:
            if not r.meld_after_pile_take or r.initial_take_minimum == "take_meld":
                return "minimum"  # seed 004 '(Achtung, minimale Punktzahl!)': the take itself must reach it
            hand = dict(self.hands[t.seat])
            ms_remove(hand, used)
            countable = dict(hand)
            ms_add(hand, incoming)
            pending = self._pending_melds(side)
            pending[self._take_key(side, rank, bool(used)) if r.closed_canastas else rank] = (nat, wild)
            exempt = r.concealed_going_out_exemption == "always"
            if not self._reachable(hand, countable, pending, self.minimum(side) - counted, exempt):
                return "minimum"
        return None

    def _floor_ok(self, hand_after: int, canastas_after: int, min_ok: bool, exempt: bool,
                  finisher: bool = False) -> bool:
        """Seed 000 "Ablegen": before the canastas needed to go out no turn may end with an empty hand, so a move must
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
        candidates: list[tuple[int, Meld | None]] = list(self.melds[side].items())
        if change and change[0] not in self.melds[side]:
            candidates.append((change[0], None))
        for rank, meld in candidates:
            nat = meld.naturals if meld else 0
            wild = meld.wilds if meld else 0
            if change and change[0] == rank:
                nat += change[1]
                wild += change[2]
            if rank == THREE or nat + wild + 1 != CANASTA_SIZE:
                continue
            if rank == WILD:
                if is_wild(last):
                    return True
                continue
            if last.rank == rank or (is_wild(last) and wild + 1 <= r.wild_caps[nat]):
                return True
        return False

    def _floor_reason(self, hand_after: int, canastas_after: int) -> str:
        if canastas_after >= self.rules.canastas_to_go_out and hand_after == 0:
            return "discard_required"
        return "floor"

    def _meld_moves(self, side: int, size: int, canastas: int, slow: bool,
                    by_rank: dict[int, list[tuple[Card, int]]], wilds: list[tuple[Card, int]]) -> list[Move]:
        """New melds (``slow``: each is checked, because an initial meld is pending or the turn
        must, or must not, end by going out; see :meth:`_generate`)."""
        r = self.rules
        melds = self.melds[side]
        # outside a pending initial meld (and the turn's duty to go out) every new 3-card meld
        # passes the same hand-floor test (a hand left with one card is checked card by card:
        # that card might finish a canasta)
        fast = not slow and size - 3 != 1
        if fast and not self._floor_ok(size - 3, canastas, True, False):
            by_rank = {THREE: by_rank[THREE]} if THREE in by_rank else {}
        # a new meld holds at most r.new_meld_wilds wild cards: more copies of one make no other
        # melds (the fewer kinds of key, the more often the melds of a hand are known already)
        most = r.new_meld_wilds
        wild_key = tuple([item if item[1] <= most else (item[0], most) for item in wilds]) if wilds and most else ()
        least = 3 - most  # (the fewest naturals a new meld holds)
        shapes = r.meld_shapes
        out: list[Move] = []
        card_keys = None  # see _card_keys, built when first needed (with hand_melds)
        hand_melds = False
        may_open = self._may_open if r.same_rank_melds == "after_canasta" else None  # (else: never)
        for rank, naturals in by_rank.items():
            if rank == THREE:
                # black threes only in the turn of going out (any time in it: _meld_ok_now asks
                # whether the player can still go out this turn after melding them)
                if r.black_three_meld == "going_out_only" and THREE not in melds and size >= 3:
                    n_threes = 0
                    for _, n in naturals:
                        n_threes += n
                    if n_threes < 3:
                        continue  # (fewer than three threes: fewer black ones)
                    blacks = [(c, n) for c, n in naturals if not c.is_red]
                    n_blacks = sum(n for _, n in blacks)
                    if n_blacks < 3:
                        continue
                    # going out this turn leaves at most one card (the final discard) that no meld
                    # takes: natural ranks short of a meld's naturals and not on the table are
                    # such cards; the other ranks not on the table need wild cards to open them
                    # up to three (a cheap first look at two of _plausible's conditions, which
                    # checks all of it)
                    stuck = n_blacks - 4 if n_blacks > 4 else 0
                    opening = 0
                    lone = 0  # (ranks of one card: opened with two wild cards, or the final discard)
                    min_nat = r.min_naturals_per_meld
                    for rk, items in by_rank.items():
                        if rk != THREE and rk not in melds:
                            n = items[0][1] if len(items) == 1 else sum(n for _, n in items)
                            if n < min_nat or (n < 3 and not r.meld_ok(n, 3 - n)):
                                stuck += n
                            elif n == 1:
                                lone += 1
                            elif n < 3:
                                opening += 3 - n
                    if lone:
                        opening += 2 * (lone - 1 if stuck == 0 else lone)
                    n_wilds = sum(n for _, n in wilds)
                    if stuck > 1 or opening > n_wilds:
                        continue
                    # what going out needs does not depend on which black threes are melded
                    counts = {rk: sum(n for _, n in items) for rk, items in by_rank.items() if rk != THREE}
                    # (the most black threes a meld takes: four)
                    if not self._plausible(side, counts, n_wilds, n_blacks - min(n_blacks, 4), (), THREE):
                        continue
                    # the verdict depends on the number of black threes and which of them still
                    # count towards a pending initial meld, not on their suits
                    countable = self.turn.countable
                    seen: dict[Any, bool] = {}
                    for n_cards in (3, 4):
                        for combo in _combos(tuple(blacks), n_cards):
                            key = self._usage_key(combo, THREE, True) if slow else signature(combo, countable)
                            ok = seen.get(key)
                            if ok is None:
                                ok = seen[key] = self._meld_ok_now(THREE, combo) is None
                            if ok:
                                out.append(Move.make("meld", combo))
                continue
            if rank in melds and (may_open is None or not may_open(side, rank)):
                continue
            if len(naturals) == 1:
                if naturals[0][1] < least:
                    continue  # (one card of the rank, fewer copies than a new meld's naturals: no meld)
                nat_key: tuple[tuple[Card, int], ...] = (naturals[0],)
            elif len(naturals) == 2:  # (two cards of the rank, the most common case: one comparison)
                a, b = naturals
                nat_key = (a, b) if a[0].index < b[0].index else (b, a)
            else:
                nat_key = tuple(sorted(naturals, key=_item_index))
            found = _MELDS.get((shapes, nat_key, wild_key))
            if found is None:
                found = _new_melds(r, nat_key, wild_key)
            if fast:
                out.extend(found)
                continue
            # the check depends on each card's rank (or kind of wild card) and on whether its
            # value still counts towards the initial meld, not on its suit: ask once per signature
            out_ok = self._out_ok
            if out_ok is not None and not out_ok and size > 3:
                continue  # the turn must end by going out, and no meld can make that possible (_out_ok)
            countable = self.turn.countable
            verdict: dict[Any, bool] = {}
            if slow and card_keys is None:
                card_keys = self._card_keys()
                hand_melds = r.initial_meld_counts == "hand_melds"
            for mv in found:
                cards = mv.cards
                if out_ok is not None:
                    # (going out after the meld: a joker or a two, the same verdict)
                    key = tuple(_ANY_WILD if c.rank == 0 or c.rank == 2 else c.rank for c in cards)
                elif not slow:
                    key = signature(cards, countable)
                elif cards[0] is not cards[2]:  # (not three copies of one card)
                    key = _combo_key(card_keys, cards, hand_melds)  # type: ignore[arg-type]
                else:
                    key = self._usage_key(cards, rank, True)
                ok = verdict.get(key)
                if ok is None:
                    if self._out_ok is not None and cards[2].rank == rank and size > 3 and rank not in melds:
                        ok = verdict[key] = self._out_ok_after(rank, sum(n for _, n in naturals) - 3)
                    else:
                        ok = verdict[key] = self._meld_ok_now(rank, cards) is None
                if ok:
                    out.append(mv)
        if r.wild_canasta == "allowed" and WILD not in melds and sum(n for _, n in wilds) >= 3 and self._wild_meld_open():
            # seed 001 'Joker-Canasta': a meld of wild cards only, opened with three
            wild_combos = [Move.make("meld", combo) for combo in _combos(tuple(wilds), 3)]
            if fast:
                if self._floor_ok(size - 3, canastas, True, False):
                    out.extend(wild_combos)
            else:
                for m in wild_combos:
                    if self._meld_ok_now(WILD, m.cards) is None:
                        out.append(m)
        return out

    def _add_moves(self, side: int, size: int, canastas: int, slow: bool,
                   by_rank: dict[int, list[tuple[Card, int]]], wilds: list[tuple[Card, int]]) -> list[Move]:
        r = self.rules
        size_after = size - 1
        fast = not slow and size_after != 1
        floor = fast and size_after < 2  # (two or more cards left always pass the floor)
        out = []
        for key, meld in self.melds[side].items():
            rank = meld.rank
            if rank == THREE:
                continue
            if floor:
                completes = 1 if meld.naturals + meld.wilds + 1 == CANASTA_SIZE else 0
                if not self._floor_ok(size_after, canastas + completes, True, False):
                    continue
            cards = by_rank.get(rank, []) if not (r.closed_canastas and meld.size >= CANASTA_SIZE) else []
            if wilds and (meld.room > 0 if rank == WILD else meld.wilds + 1 <= r.wild_caps[meld.naturals]):
                cards = cards + wilds
            adds = _ADD[key]
            if fast:
                out.extend([adds[c] for c, _ in cards])
                continue
            out_ok = self._out_ok
            if out_ok is not None and not out_ok:
                continue  # the turn must end by going out, and no add can make that possible (_out_ok)
            countable = self.turn.countable
            verdict: dict[Any, bool] = {}
            vkey: Any
            for c, _ in cards:
                if out_ok is not None and (c.rank == 0 or c.rank == 2):
                    vkey = _ANY_WILD  # (going out after the add: a joker or a two, the same verdict)
                elif slow:
                    vkey = self._usage_key((c,), rank, False)
                else:
                    vkey = signature((c,), countable)
                ok = verdict.get(vkey)
                if ok is None:
                    if (out_ok is not None and c.rank == rank and rank != WILD
                            and key == rank and rank + KEY_STEP not in self.melds[side]):
                        ok = verdict[vkey] = self._out_ok_after(rank, sum(n for _, n in by_rank[rank]) - 1)
                    elif vkey is _ANY_WILD:
                        ok = verdict[vkey] = self._out_after_wild_add(side, rank, c)
                    else:
                        ok = verdict[vkey] = self._add_ok_now(key, c) is None
                if ok:
                    out.append(adds[c])
        return out

    def _may_open(self, side: int, rank: int) -> bool:
        """Whether ``side`` may start another meld of ``rank``, having one already (option
        ``same_rank_melds`` = ``after_canasta``: when each of its melds of that rank is a canasta;
        seed 004 'von einer Spielkarte mehrere Kanaster', research C25)."""
        if self.rules.same_rank_melds != "after_canasta" or rank in (THREE, WILD):
            return False
        melds = self.melds[side]
        return all(melds[k].size >= CANASTA_SIZE for k in self._rank_keys(side, rank))

    def _bury_target(self, side: int, c: Card) -> int | None:
        """The key of ``side``'s canasta a card ``c`` of a blocking rank can be buried under: its
        first canasta of that rank, or ``None``."""
        if is_wild(c) or c.rank == THREE or c.rank not in self.blocking_ranks(side):
            return None
        melds = self.melds[side]
        for key in self._rank_keys(side, c.rank):
            if melds[key].size >= CANASTA_SIZE:
                return key
        return None

    def _bury_moves(self, side: int, size: int, canastas: int,
                    by_rank: dict[int, list[tuple[Card, int]]]) -> list[Move]:
        """``bury`` moves (option ``bury_blocking_cards``): every card of a blocking rank the side
        has a canasta of, while the turn can still end legally (a card is kept to discard, and a
        hand left with that one card goes out only with the canastas needed)."""
        t = self.turn
        if size - 1 < 1 or (size - 1 == 1 and canastas < self.rules.canastas_to_go_out):
            return []
        if t.asked is not None or THREE in self.melds[side]:
            return []  # the turn must (or must not) end by going out: no card is buried then
        if self._initial_pending():
            return []  # (engine decision: a buried card counts nothing, so not while the minimum is open)
        out = []
        for items in by_rank.values():
            for c, _ in items:
                key = self._bury_target(side, c)
                if key is not None:
                    out.append(Move.make("bury", (c,), key))
        return out

    def _discard_moves(self, hand: dict[Card, int], size: int, canastas: int, initial: bool) -> list[Move]:
        if not initial:
            if size >= 2 or canastas >= self.rules.canastas_to_go_out:
                return [_DISCARD[c] for c in hand]
            return []
        # while the initial meld is pending the verdict is the same for every card (see
        # _discard_ok_now: it depends on the hand size, the turn and the canastas only)
        return [_DISCARD[c] for c in hand] if hand and self._discard_ok_now(next(iter(hand))) is None else []

    def _usage(self, cards: tuple[Card, ...], rank: int, new_meld: bool
               ) -> tuple[tuple[tuple[int, bool], ...], int, bool]:
        """How a meld (``new_meld``) or an add of ``cards`` onto the side's meld of ``rank`` counts
        while the initial meld is pending: ``(sig, points, counts_after)``. ``sig`` says for each
        card whether a countable copy is used (:func:`~.planner.signature`), ``points`` what the
        move adds to the minimum, ``counts_after`` whether the rank's meld counts afterwards.

        Option ``initial_meld_counts`` (research C8; seed 000 'Erste Figur', seed 001 'zusammen
        mit ... Handkarten'): ``hand_melds`` - only melds made of hand cards count (and the pile's
        top card with the hand cards melded with it): a new meld holding a card from the discard
        pile counts nothing, nor do later adds to it (it spends its non-countable copies first);
        cards from the pile never count. ``hand_cards`` - every hand card counts wherever it is
        melded (the engine's earlier reading)."""
        t = self.turn
        countable = t.countable
        sig = signature(cards, countable)
        pts = 0
        tainted = False
        for c, (_, flag) in zip(cards, sig):  # (loops: cheaper than generators here)
            if flag:
                pts += card_value(c)
            else:
                tainted = True
        if self.rules.initial_meld_counts == "hand_melds":
            if (rank in t.uncounted) if not new_meld else tainted:
                return signature_uncounted_first(cards, self.hands[t.seat], countable), 0, False
        return sig, pts, True

    def _card_keys(self) -> tuple[_CardKeys, _CardKeys]:
        """Each hand card's entries in :meth:`_usage_key` when it is used once, and when a move
        uses a second copy of it: ``(rank, counts)`` of :func:`~.planner.signature` and of
        :func:`~.planner.signature_uncounted_first` (the first copy counts when a copy held is
        countable, the second when two are; spending the copies that do not count first, the
        first counts when every copy held is countable, the second when at most one is not), so
        that the key of a move of up to two copies of a card is put together without scanning it
        again (checked against _usage_key: tests/test_canasta_speed_paths.py)."""
        t = self.turn
        countable = t.countable
        first: _CardKeys = {}
        again: _CardKeys = {}
        for c, n in self.hands[t.seat].items():
            k = countable.get(c, 0)
            first[c] = ((c.rank, k > 0), (c.rank, k >= n))
            if n > 1:
                again[c] = ((c.rank, k > 1), (c.rank, k + 1 >= n))
        return first, again

    def _usage_key(self, cards: tuple[Card, ...], rank: int, new_meld: bool) -> Any:
        """What the checks of a meld or add of ``cards`` depend on (a key for caching verdicts):
        :meth:`_usage`'s ``sig`` and whether the meld counts afterwards, without the points."""
        t = self.turn
        sig = signature(cards, t.countable)
        if self.rules.initial_meld_counts == "hand_melds":
            if (rank in t.uncounted) if not new_meld else (False in {flag for _, flag in sig}):
                return signature_uncounted_first(cards, self.hands[t.seat], t.countable), False
        return sig

    def _after_meld_check(self, side: int, cards: tuple[Card, ...], pending: dict[int, tuple[int, int]],
                          canastas_after: int, rank: int, new_meld: bool = True, key: int | None = None) -> str | None:
        """Shared tail of the meld/add checks: hand floor, going out and the initial-meld minimum
        (``key``: the meld an add goes onto)."""
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
        if rank == THREE and t.asked == "no":
            return "partner_no"  # black threes commit the turn to going out, which the "no" forbids
        if hand_after > 0 and (rank == THREE or THREE in self.melds[side] or t.asked == "yes"):
            return self._going_out_check(side, cards, rank, new_meld, initial, key)
        if t.asked == "no":
            if rank == THREE or hand_after < 2:
                return "partner_no"
            canastas_after, finisher = -1, False  # going out is not allowed this turn
        if not initial:
            if self._floor_ok(hand_after, canastas_after, True, False, finisher):
                return None
            return self._floor_reason(hand_after, canastas_after)
        sig, pts, counts_after = self._usage(cards, rank, new_meld)
        uncounted = t.uncounted if counts_after or not new_meld else t.uncounted | {rank}
        counted = t.initial_points + pts
        need = self.minimum(side) - counted
        exempt = self._exempt()
        if not self._floor_ok(hand_after, canastas_after, need <= 0, exempt, finisher):
            if canastas_after >= self.rules.canastas_to_go_out and hand_after == 0 and (need <= 0 or exempt):
                return "discard_required"
            return "floor" if canastas_after < self.rules.canastas_to_go_out else "minimum"
        if need <= 0 or hand_after == 0:
            return None
        base = self._plan_base
        plan = None
        if base is not None:  # during move generation: the hand's grouping, minus these cards
            if base.quick_reachable(rank, cards, sig, need, hand_after, counts_after):
                return None
            plan = base.without(cards, t.countable, pending, sig, uncounted)
        if plan is None:
            hand = dict(self.hands[t.seat])
            ms_remove(hand, cards)
            countable = dict(t.countable)
            for c, (_, flag) in zip(cards, sig):
                if flag:
                    countable[c] -= 1
            countable = {c: n for c, n in countable.items() if n > 0}
            plan = Plan(self.rules, hand, countable, pending, uncounted, wild_meld=self._wild_meld_open())
        plan.going_out = t.asked != "no"
        if not plan.reachable(need, exempt):
            return "minimum"
        return None

    def _going_out_check(self, side: int, cards: tuple[Card, ...], rank: int, new_meld: bool,
                         initial: bool, key: int | None = None) -> str | None:
        """Black threes are melded only in the turn the player goes out (seed 000 'Schwarze
        Dreier', seed 001 'nur zur Meldung Ausmachen'), at any point of it: after melding them,
        and after every later move of that turn, the player must still be able to go out this
        turn (every other card melded but at most the final discard, the canastas needed, the
        initial meld if pending). ``None`` if so, else ``"black_threes_no_out"``."""
        t = self.turn
        hand = dict(self.hands[t.seat])
        ms_remove(hand, cards)
        pending = self._pending_melds(side)
        if rank != THREE and cards:
            nat = sum(1 for c in cards if not is_wild(c))
            target = rank
            if self.rules.closed_canastas:
                target = key if key is not None else self._new_key(side, rank) if new_meld else rank
            pn, pw = pending.get(target, (0, 0))
            pending[target] = (pn + nat, pw + len(cards) - nat)
        need, exempt, countable, uncounted = 0, True, {}, t.uncounted
        if initial:
            sig, pts, counts_after = self._usage(cards, rank, new_meld) if cards else ((), 0, True)
            need = self.minimum(side) - t.initial_points - pts
            exempt = self._exempt()
            countable = dict(t.countable)
            for c, (_, flag) in zip(cards, sig):
                if flag:
                    countable[c] -= 1
            countable = {c: n for c, n in countable.items() if n > 0}
            if not counts_after and new_meld:
                uncounted = uncounted | {rank}
        plan = Plan(self.rules, hand, countable, pending, uncounted, blacks_melded=rank == THREE or THREE in self.melds[side],
                    wild_meld=not initial or self.rules.wild_meld_initial == "counts")
        def plausible() -> bool:  # (cheap necessary conditions, asked when the first plan fails)
            return self._plan_plausible(side, plan, cards, rank)

        return None if plan._can_go_out(need, exempt, plausible) else "black_threes_no_out"

    def _going_out_now(self, side: int) -> Plan:
        """The planner for going out from the hand as it is (no initial meld pending), as
        :meth:`_going_out_check` builds it after a move."""
        t = self.turn
        pending = self._pending_melds(side)
        return Plan(self.rules, dict(self.hands[t.seat]), {}, pending, t.uncounted,
                    blacks_melded=THREE in self.melds[side])

    def _out_ok_after(self, rank: int, left: int) -> bool:
        """:meth:`_going_out_check`'s verdict, without a pending initial meld, on a move that puts
        only natural cards of ``rank`` onto the side's meld of that rank, or opens it with three of
        them when the hand holds three or more, leaving ``left`` of them and at least one card in
        hand. ``self._out_ok`` holds the final discards with which the player can go out before
        the move (:meth:`Plan.going_out_discards`), all of them or the first two found. The
        planner sees such a move as no change at all: those cards are melded there in any plan (a
        rank has one meld per side), the meld's size and wild-card room count them either way;
        only a discard of that rank is no longer possible once none is left. So going out stays
        possible exactly when one of those discards remains; two different ones found are enough
        to say so (checked against _going_out_check: tests/test_canasta_speed_paths.py)."""
        out_ok = self._out_ok
        assert out_ok is not None
        if left > 0:
            return bool(out_ok)
        return any(picks != (("u", rank),) for picks in out_ok)

    def _out_after_wild_add(self, side: int, rank: int, c: Card) -> bool:
        """:meth:`_going_out_check`'s verdict, without a pending initial meld, on adding the wild
        card ``c`` to the side's meld of ``rank`` when at least one card stays in hand: the
        going-out planner of the hand before the move (``self._out_plan``) with the wild card
        moved onto the meld (:meth:`Plan.after_wild_add`) instead of one built from the hand
        again, with the same cheap conditions (:meth:`_plan_plausible`) (checked against
        _going_out_check: tests/test_canasta_speed_paths.py)."""
        plan = self._out_plan
        assert plan is not None
        after = plan.after_wild_add(rank, "ju" if c.rank == 0 else "du")
        return after._can_go_out(0, True, lambda: self._plan_plausible(side, after, (c,), rank))

    def _plan_plausible(self, side: int, plan: Plan, cards: tuple[Card, ...], rank: int) -> bool:
        """Cheap necessary conditions for going out this turn with the hand of ``plan`` left
        after a move putting ``cards`` on the side's meld of ``rank`` (``plan`` then decides
        exactly): :meth:`_plausible` of the planner's counts."""
        c_, u_ = plan.c, plan.u
        naturals = {rk: c_[rk] + u_[rk] for rk in c_}
        return self._plausible(side, naturals, sum(plan.wild.values()), sum(plan.blacks), cards, rank)

    def _plausible(self, side: int, naturals: dict[int, int], wilds: int, blacks: int,
                   cards: tuple[Card, ...], rank: int) -> bool:
        """Cheap necessary conditions for going out this turn, from the hand's counts (natural
        cards by rank, wild cards, black threes) left after a move putting ``cards`` on the side's
        meld of ``rank``: at most one card that no meld can take (the final discard), wild cards
        enough to open the short ranks, and melds that could reach seven cards for the canastas
        needed, with the wild cards to complete them."""
        r = self.rules
        melds = self.melds[side]
        added = {rank: len(cards)} if cards and rank != THREE else {}
        if rank == THREE or THREE in melds or r.black_three_meld == "never":
            orphans = blacks  # (no black three can be melded any more: each is a final discard)
        else:
            orphans = blacks - 4 if blacks > 4 else (0 if blacks in (3, 4) else blacks)  # (a meld takes 3 or 4)
        canastas = 0
        need_w = 0  # wild cards that must open the short ranks (fewer than three naturals)
        lone = 0  # ranks of one natural card with no meld (see below)
        deficits: list[int] = []  # further wild cards each meld needs to become a canasta, if it can
        if r.wild_canasta == "allowed":
            wild_meld = melds.get(WILD)
            size = (wild_meld.size if wild_meld else 0) + added.get(WILD, 0)
            if size >= CANASTA_SIZE:
                canastas += 1
            elif size or wilds >= 3:
                deficits.append(CANASTA_SIZE - size)  # (a new one: all seven from the hand's wild cards)
        nat_added = 0  # (naturals among cards)
        if added:
            for c in cards:
                if c.rank != 0 and c.rank != 2:
                    nat_added += 1
        min_nat = r.min_naturals_per_meld
        for rk in naturals.keys() | melds.keys() | added.keys():
            if rk == THREE or rk == WILD:
                continue
            n = naturals.get(rk, 0)
            meld = melds.get(rk)
            if meld is None:
                nat = n
                size = 0
            else:
                nat = meld.naturals + n
                size = meld.naturals + meld.wilds
            if added and rk == rank:
                size += len(cards)
                nat += nat_added
            if not size and (n < min_nat or (n < 3 and not r.meld_ok(n, 3 - n))):
                orphans += n  # (no meld can take them: only as the final discard)
                continue
            held = size + n - nat  # wild cards already in the meld
            opening = 0 if size or n >= 3 else 3 - n
            if opening == 2:
                lone += 1  # (one card of a rank: opened with two wild cards, or the final discard)
            else:
                need_w += opening
            if size + n >= CANASTA_SIZE:
                # (with blocking_card_adds = bury_only cards beyond a canasta open further melds:
                # at most one canasta per seven cards, a bound)
                canastas += (size + n) // CANASTA_SIZE if r.closed_canastas else 1
            elif CANASTA_SIZE - size - n <= r.wild_caps[nat] - held:
                deficits.append(CANASTA_SIZE - size - n - opening)
        if lone:
            need_w += 2 * (lone - 1 if orphans == 0 else lone)  # (at most one of them is the discard)
        if orphans > 1 or need_w > wilds:
            return False
        missing = r.canastas_to_go_out - canastas
        if missing <= 0:
            return True
        deficits.sort()
        return len(deficits) >= missing and need_w + sum(deficits[:missing]) <= wilds

    def _wild_meld_open(self) -> bool:
        """Whether a meld of wild cards only may be laid (and planned) now: always with option
        ``wild_meld_initial`` = ``counts`` (seed 001 names no exception to »Für die Erstmeldung
        benötigt man mindestens 50 Augen«), else only once the side's initial meld is made."""
        return self.rules.wild_meld_initial == "counts" or not self._initial_pending()

    def _pending(self, side: int) -> dict[int, tuple[int, int]]:
        """The side's melds as ``rank -> (naturals, wilds)`` (only needed while an initial meld is pending)."""
        if not self._initial_pending():
            return {}
        return self._pending_melds(side)

    def _pending_melds(self, side: int) -> dict[int, tuple[int, int]]:
        """The side's melds but black threes as ``(naturals, wilds)`` for the planner: by rank
        (a rank's last meld), or with option ``blocking_card_adds`` = ``bury_only`` by meld key
        (see :meth:`Plan._split`)."""
        if self.rules.closed_canastas:
            return {k: (m.naturals, m.wilds) for k, m in self.melds[side].items() if m.rank != THREE}
        return {m.rank: (m.naturals, m.wilds) for m in self.melds[side].values() if m.rank != THREE}

    def _closed_risk(self, side: int, by_rank: dict[int, list[tuple[Card, int]]]) -> bool:
        """With option ``blocking_card_adds`` = ``bury_only``: whether some rank's natural cards in
        hand may not all go onto one meld of it (a finished canasta of the rank on the side, or
        more than seven cards with its meld): the planner's quick answer is off then."""
        if not self.rules.closed_canastas:
            return False
        melds = self.melds[side]
        for rank, items in by_rank.items():
            if rank == THREE:
                continue
            n = sum(k for _, k in items)
            size = 0
            key = rank
            while key in melds:
                size = melds[key].size
                key += KEY_STEP
            if size + n > CANASTA_SIZE or key != rank + KEY_STEP and key != rank:
                return True
        return False

    def _meld_ok_now(self, rank: int, combo: tuple[Card, ...]) -> str | None:
        t = self.turn
        side = self.side_of(t.seat)
        pending = self._pending(side)
        if rank == THREE:
            return self._after_meld_check(side, combo, pending, self.canastas(side), THREE)
        if pending or self._initial_pending():
            nat = 0
            for c in combo:
                if c.rank != 0 and c.rank != 2:  # (not is_wild(c), without the calls)
                    nat += 1
            pending[self._new_key(side, rank) if self.rules.closed_canastas else rank] = (nat, len(combo) - nat)
        return self._after_meld_check(side, combo, pending, self.canastas(side), rank)

    def _add_ok_now(self, key: int, c: Card) -> str | None:
        side = self.side_of(self.turn.seat)
        meld = self.melds[side][key]
        rank = meld.rank
        pending = self._pending(side)
        target = key if self.rules.closed_canastas else rank
        if pending:
            nat, wild = pending[target]
            pending[target] = (nat, wild + 1) if is_wild(c) else (nat + 1, wild)
        canastas_after = self.canastas(side) + (1 if meld.size + 1 == CANASTA_SIZE else 0)
        return self._after_meld_check(side, (c,), pending, canastas_after, rank, new_meld=False, key=key)

    def _discard_ok_now(self, c: Card) -> str | None:
        t = self.turn
        side = self.side_of(t.seat)
        hand_after = sum(self.hands[t.seat].values()) - 1
        if hand_after > 0 and (THREE in self.melds[side] or t.asked == "yes"):
            return "black_threes_committed" if THREE in self.melds[side] else "partner_yes"
        if hand_after == 0 and t.asked == "no":
            return "partner_no"
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
        return Plan(self.rules, hand, countable, pending, self.turn.uncounted,
                    wild_meld=self._wild_meld_open()).reachable(need, exempt)


    # ------------------------------------------------------------------ explaining refusals
    def verify(self, move: Move, seat: int | None = None) -> None:
        """Check ``move`` for ``seat`` (default: the seat to act); raise
        :class:`~meldtable.errors.IllegalMoveError` (with ``key`` and ``params``) saying why it is not
        legal now, else return. The one source of legality and its reasons (PokerKit's
        ``verify_x``): :meth:`legal_moves` is a fast enumeration of exactly the moves this accepts
        (tests/test_canasta_verify.py checks that on every move of many positions)."""
        reason = self._why(move, seat)
        if reason is not None:
            raise REASONS.error(reason[0], **reason[2])

    def explain(self, move: Move, seat: int | None = None) -> tuple[str, str, dict[str, Any]]:
        """Why ``move`` is not legal now: ``(key, message, params)`` in a player's words (from
        :meth:`_why`; a legal move gets ``("legal", "That move is legal.", {})``)."""
        return self._why(move, seat) or ("legal", "That move is legal.", {})

    def _why(self, move: Move, seat: int | None = None) -> tuple[str, str, dict[str, Any]] | None:
        """``None`` if ``move`` is legal now, else ``(key, message, params)``: every rule check in
        the order a player would look (turn, stage, cards held, then the move's own rules)."""
        no = REASONS.why
        t = self.turn
        if self.hand_over:
            return no("hand_over")
        to_act = self.current_player
        if seat is not None and seat != to_act:
            return no("not_your_turn", seat=to_act, asked=seat)
        if t.asked == "pending":
            if move.kind in ("yes", "no"):
                return None
            return no("answer_first", seat=t.seat)
        hand = self.hands[t.seat]
        side = self.side_of(t.seat)
        need_cards = counted(move.cards)
        if move.kind == "ask":
            if self.rules.going_out_permission != "ask_partner" or self.partner(t.seat) == t.seat:
                return no("ask_no_partner")
            if t.asked is not None:
                return no("ask_once")
            if t.stage != "play":
                return no("draw_first")
            if self._may_ask(side):
                return None
            if THREE in self.melds[side]:
                return no("black_threes_ask")
            return no("ask_cannot_go_out")
        if move.kind in ("yes", "no"):
            return no("no_question")
        if move.kind == "pass":
            if t.stage != "draw" or self.stock or self.rules.stock_exhausted != "play_on_discards":
                return no("pass_not_now")
            if not self._take_forced(self._take_moves()):
                return None
            return no("take_forced")
        if t.stage == "draw" and move.kind not in ("draw", "take"):
            return no("draw_first")
        if t.stage == "play" and move.kind in ("draw", "take"):
            if t.took_pile:
                return no("already_took")
            return no("already_drew")
        missing = [c for c, n in need_cards.items() if hand.get(c, 0) < n]
        if missing:
            return no("not_in_hand", card=missing[0].text)
        minimum = self.minimum(side)
        if move.kind == "draw":
            if self.stock:
                return None
            return no("stock_empty")
        if move.kind == "take":
            if not self.pile:
                return no("pile_empty")
            top = self.pile[-1]
            if is_red_three(top):
                return no("pile_red_three")
            if top.rank == THREE:
                return no("pile_blocked")
            initial = self._initial_pending()
            if is_wild(top):
                if self.rules.wild_top_take != "two_naturals":
                    return no("pile_wild_top")
                if initial and self.rules.pile_before_initial_meld == "forbidden":
                    return no("pile_before_initial")
                nats = [c for c in move.cards if not is_wild(c)]
                if len(move.cards) != 2 or len(nats) != 2 or nats[0].rank != nats[1].rank or nats[0].rank == THREE:
                    return no("wild_top_pair")
                points = card_value(top) + sum(card_value(c) for c in move.cards)
                if (initial and (not self.rules.meld_after_pile_take or self.rules.initial_take_minimum == "take_meld")
                        and points < minimum):
                    return no("initial_minimum_take", minimum=minimum, points=points)
                reason = self._take_ok(top, move.cards)
                if reason == "minimum":
                    return no("initial_minimum", counted="take", minimum=minimum, points=points)
                return self._reason(reason, minimum, nats[0].rank) if reason else None
            if top.rank in self.blocking_ranks(side):
                return no("pile_blocking_rank", rank=RANKS[top.rank - 1])
            frozen = self._frozen(initial)
            rank = top.rank
            p = {"rank": RANKS[rank - 1]}
            if initial and self.rules.pile_before_initial_meld == "forbidden":
                return no("pile_before_initial")
            if any(c.rank != rank for c in move.cards if not is_wild(c)):
                return no("take_rank", **p)
            nat = sum(1 for c in move.cards if not is_wild(c))
            if move.cards and nat == 0:
                return no("take_pair", **p)
            if not move.cards and not self.rules.take_pile_onto_own_meld:
                return no("take_onto_meld_off", **p)
            if frozen and nat < 2:
                return no("pile_frozen", because="initial" if initial and not self.pile_wilds else "wild", **p)
            if nat < 2 and move.cards and not self.rules.take_pile_with_natural_and_wild:
                return no("pile_needs_pair", **p)
            if not move.cards and rank not in self.melds[side]:
                return no("take_no_meld", **p)
            if (initial and (not self.rules.meld_after_pile_take or self.rules.initial_take_minimum == "take_meld")
                    and card_value(top) + sum(card_value(c) for c in move.cards) < minimum):
                points = card_value(top) + sum(card_value(c) for c in move.cards)
                return no("initial_minimum_take", minimum=minimum, points=points)
            if not move.cards and frozen:
                return no("pile_frozen", because="initial" if initial and not self.pile_wilds else "wild", **p)
            reason = self._take_ok(top, move.cards)
            if reason == "minimum":
                points = card_value(top) + sum(card_value(c) for c in move.cards)
                return no("initial_minimum", counted="take", minimum=minimum, points=points)
            return self._reason(reason, minimum, rank) if reason else None
        if move.kind in ("meld", "add") and t.took_pile and not self.rules.meld_after_pile_take:
            return no("no_meld_after_take")
        if move.kind == "meld":
            naturals = [c for c in move.cards if not is_wild(c)]
            ranks = {c.rank for c in naturals}
            if not naturals:
                if self.rules.wild_canasta != "allowed":
                    return no("all_wild")
                if WILD in self.melds[side]:
                    return no("wild_melded")
                if not self._wild_meld_open():
                    return no("wild_meld_after_initial", minimum=minimum)
                if len(move.cards) != 3:
                    return no("meld_three")
                return self._reason(self._meld_ok_now(WILD, move.cards), minimum, WILD)
            if len(ranks) > 1:
                return no("mixed_ranks")
            rank = naturals[0].rank
            p = {"rank": RANKS[rank - 1]}
            if rank == THREE:
                if any(c.is_red for c in naturals):
                    return no("red_three")
                if len(naturals) != len(move.cards) or len(move.cards) not in (3, 4):
                    return no("black_threes")
                if self.rules.black_three_meld == "never":
                    return no("black_threes_never")
                if THREE in self.melds[side]:
                    return no("black_threes_melded")
                return self._reason(self._meld_ok_now(THREE, move.cards), minimum, THREE)
            if rank in self.melds[side] and not self._may_open(side, rank):
                if self.rules.same_rank_melds == "after_canasta":
                    return no("rank_melded_open", **p)
                return no("rank_melded", **p)
            if len(move.cards) != 3:
                return no("meld_three")
            w = len(move.cards) - len(naturals)
            if not self.rules.meld_ok(len(naturals), w):
                if len(naturals) < self.rules.min_naturals_per_meld:
                    return no("few_naturals", minimum=self.rules.min_naturals_per_meld)
                return no("many_wilds", **p)
            return self._reason(self._meld_ok_now(rank, move.cards), minimum, rank)
        if move.kind == "bury":
            key = move.rank or 0
            rank = key % KEY_STEP
            p = {"rank": RANKS[rank - 1] if 1 <= rank <= 13 else "?"}
            mode = self.rules.bury_blocking_cards
            if mode == "never":
                return no("bury_off")
            if mode == "after_pile_take" and not t.took_pile:
                return no("bury_after_take")
            c = move.cards[0]
            meld = self.melds[side].get(key)
            if meld is None or meld.size < CANASTA_SIZE:
                return no("bury_no_canasta", **p)
            if is_wild(c) or c.rank != rank:
                return no("bury_rank", **p)
            if rank not in self.blocking_ranks(side):
                return no("bury_not_blocking", **p)
            if t.asked is not None or THREE in self.melds[side]:
                return no("bury_committed")
            if self._initial_pending():
                return no("bury_initial", minimum=minimum)
            left = sum(hand.values()) - 1
            if left < 1:
                return no("bury_keep_a_card")
            if left == 1 and self.canastas(side) < self.rules.canastas_to_go_out:
                return self._reason("floor", minimum, rank)
            return None
        if move.kind == "add":
            key = move.rank or 0
            rank = key % KEY_STEP
            p = {"rank": RANKS[rank - 1] if 1 <= rank <= 13 else "?"}
            meld = self.melds[side].get(key)
            if meld is None:
                if key >= KEY_STEP:
                    return no("no_meld_number", meld=meld_key_text(key), rank=RANKS[rank - 1])
                return no("no_meld", **p)
            c = move.cards[0]
            if rank == WILD:
                if not is_wild(c):
                    return no("add_wild_only")
                if meld.room <= 0:
                    return no("wild_meld_full")
                return self._reason(self._add_ok_now(key, c), minimum, rank)
            if not is_wild(c) and c.rank != rank:
                return no("add_rank", **p)
            if rank == THREE:
                return no("black_threes_add")
            if not is_wild(c) and self.rules.closed_canastas and meld.size >= CANASTA_SIZE:
                return no("add_blocking_canasta", **p)
            if is_wild(c) and meld.wilds + 1 > self.rules.wild_caps[meld.naturals]:
                return no("many_wilds", **p)
            return self._reason(self._add_ok_now(key, c), minimum, rank)
        if move.kind == "discard":
            return self._reason(self._discard_ok_now(move.cards[0]), minimum, None)
        raise AssertionError(move.kind)  # pragma: no cover - Move.parse knows no other kind

    def _reason(self, reason: str | None, minimum: int, rank: int | None) -> tuple[str, str, dict[str, Any]] | None:
        """The words for a deep check's verdict (``None``: the move is legal)."""
        no = REASONS.why
        t = self.turn
        if reason is None:
            return None
        if reason == "minimum":
            return no("initial_minimum", counted="turn", minimum=minimum, points=t.initial_points)
        if reason == "floor":
            return no("keep_a_card", canastas=self.rules.canastas_to_go_out)
        if reason == "discard_required":
            return no("discard_to_go_out")
        if reason == "meld":
            return no("meld_invalid")
        if reason == "blocking_add":
            return no("add_blocking_canasta", rank=RANKS[rank - 1] if rank and 1 <= rank <= 13 else "?")
        if reason == "black_threes_no_out" and THREE in self.melds[self.side_of(t.seat)]:
            return no("black_threes_committed", then="no_out")
        if reason in ("black_threes", "black_threes_no_out"):
            return no("black_threes_out", canastas=self.rules.canastas_to_go_out)
        if reason == "partner_no":
            return no("partner_no")
        if reason == "partner_yes":
            return no("partner_yes")
        if reason == "black_threes_committed":
            return no("black_threes_committed", then="finish")
        raise AssertionError(reason)  # pragma: no cover - every deep-check verdict has its words



_move_text = attrgetter("_text")
_ANY_WILD = "wild"
"""The verdict-cache key of a joker or a two when the only question is whether the player can still
go out this turn (no initial meld pending): the planner counts wild cards alike then."""
_DRAW = Move.make("draw")
_PASS = Move.make("pass")
_ASK, _YES, _NO = Move.make("ask"), Move.make("yes"), Move.make("no")
_RED_3D, _RED_3H = Card.parse("3D"), Card.parse("3H")
_DISCARD = {c: Move.make("discard", (c,)) for c in ALL_CARDS}


class _AddMoves(dict[int, dict[Card, Move]]):
    """The ``add`` moves onto the meld with each key, by card: those onto each rank's first meld
    made at import, onto a second or later meld of a rank when first asked for; kept."""

    def __missing__(self, key: int) -> dict[Card, Move]:
        table = self[key] = {c: Move.make("add", (c,), key) for c in ALL_CARDS}
        return table


_ADD = _AddMoves({rank: {c: Move.make("add", (c,), rank) for c in ALL_CARDS} for rank in range(1, 14)})


def _item_index(item: tuple[Card, int]) -> int:
    """Sort key of ``(card, count)`` items: the card's index, which orders the cards of one natural
    rank by suit and the wild cards as twos by suit, then the joker, as :func:`card_order` does."""
    return item[0].index


_COMBOS: dict[tuple[tuple[tuple[Card, int], ...], int], tuple[tuple[Card, ...], ...]] = {}
_MELDS: dict[tuple[Any, ...], tuple[Move, ...]] = {}
_MELD_OF: dict[tuple[Card, ...], Move] = {}
"""The ``meld`` move of each card tuple (in canonical order) :func:`_new_melds` has made: the
same object as ``Move.make("meld", cards)``, found without the call."""
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


_CardKeys = dict[Card, tuple[tuple[int, bool], tuple[int, bool]]]
"""Per card, its two entries in a verdict-cache key (see :meth:`Legality._card_keys`)."""


def _combo_key(card_keys: tuple[_CardKeys, _CardKeys], cards: tuple[Card, ...], hand_melds: bool) -> Any:
    """:meth:`Legality._usage_key` of a new meld of three ``cards`` (in canonical order, so copies
    of one card are next to each other; at most two of them) from each card's entries
    (:meth:`Legality._card_keys`: the first copy's and the second's; ``hand_melds``: option
    ``initial_meld_counts`` is ``hand_melds``)."""
    first, again = card_keys
    x, y, z = cards
    a = first[x]
    b = again[y] if y is x else first[y]
    c = again[z] if z is y else first[z]
    if hand_melds and not (a[0][1] and b[0][1] and c[0][1]):
        return (a[1], b[1], c[1]), False
    return a[0], b[0], c[0]


def _new_melds(r: Rules, naturals: tuple[tuple[Card, int], ...], wilds: tuple[tuple[Card, int], ...]) -> tuple[Move, ...]:
    """Every new 3-card meld of one natural rank from these naturals and wild cards (each a tuple of
    ``(card, count)`` in canonical order) with a shape the rules allow, memoised by rule shapes and
    cards."""
    key = (r.meld_shapes, naturals, wilds)
    found = _MELDS.get(key)
    if found is None:
        out = []
        meld_of = _MELD_OF
        n_naturals = 0
        for _, n in naturals:
            n_naturals += n
        for k in range(min(3, n_naturals), 0, -1):
            if k not in r.meld_shapes:
                continue
            wild_combos = _combos(wilds, 3 - k)
            for nat_combo in _combos(naturals, k):
                for wild_combo in wild_combos:
                    cards = nat_combo + wild_combo
                    mv = meld_of.get(cards)
                    if mv is None:
                        mv = meld_of[cards] = Move.make("meld", cards)
                    out.append(mv)
        if len(_MELDS) > _CACHE_LIMIT:
            _MELDS.clear()
        found = _MELDS[key] = tuple(out)
    return found

