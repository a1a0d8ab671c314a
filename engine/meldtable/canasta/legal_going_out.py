"""The end of a canasta turn: the hand floor (a move must leave a legal end: two cards, or the
canastas to go out), going out (black threes only in the turn of going out, seed 000 'Schwarze
Dreier'), the partner's permission ("may I go out?", option ``going_out_permission``), and the
shared tail of the meld and add checks (:meth:`TurnEnd._after_meld_check`).
"""

from __future__ import annotations

from ..cards import Card
from ..multiset import remove as ms_remove
from .legal_initial import InitialMeld
from .melds import Meld
from .moves import Move
from .planner import Plan
from .reasons import Refusal, Verdict, refuse
from .values import CANASTA_SIZE, THREE, WILD, is_wild


class TurnEnd(InitialMeld):
    """Whether the turn can still end legally after a move (a base of the move-kind rooms)."""

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

    def _floor_reason(self, hand_after: int, canastas_after: int) -> Refusal:
        """Why a move fails :meth:`_floor_ok`: a hand emptied without the final discard going out needs, or
        cards to keep (one to discard, one to keep) before the canastas needed to go out."""
        if canastas_after >= self.rules.canastas_to_go_out and hand_after == 0:
            return refuse("discard_to_go_out")
        return refuse("keep_a_card", canastas=self.rules.canastas_to_go_out)

    def _after_meld_check(self, side: int, cards: tuple[Card, ...], pending: dict[int, tuple[int, int]],  # noqa: C901
                          canastas_after: int, rank: int, new_meld: bool = True, key: int | None = None) -> Verdict:
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
            return refuse("partner_no")  # black threes commit the turn to going out, which the "no" forbids
        if hand_after > 0 and (rank == THREE or THREE in self.melds[side] or t.asked == "yes"):
            return self._going_out_check(side, cards, rank, new_meld, initial, key)
        if t.asked == "no":
            if rank == THREE or hand_after < 2:
                return refuse("partner_no")
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
                return refuse("discard_to_go_out")
            if canastas_after < self.rules.canastas_to_go_out:
                return refuse("keep_a_card", canastas=self.rules.canastas_to_go_out)
            return self._short_of_minimum()
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
            return self._short_of_minimum()
        return None

    def _going_out_check(self, side: int, cards: tuple[Card, ...], rank: int, new_meld: bool,
                         initial: bool, key: int | None = None) -> Verdict:
        """Black threes are melded only in the turn the player goes out (seed 000 'Schwarze
        Dreier', seed 001 'nur zur Meldung Ausmachen'), at any point of it: after melding them,
        and after every later move of that turn, the player must still be able to go out this
        turn (every other card melded but at most the final discard, the canastas needed, the
        initial meld if pending). ``None`` if so, else why not (``black_threes_out`` before the black
        threes are melded, ``black_threes_committed`` after)."""
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

        if plan._can_go_out(need, exempt, plausible):
            return None
        if THREE in self.melds[side]:
            return refuse("black_threes_committed", then="no_out")
        return refuse("black_threes_out", canastas=self.rules.canastas_to_go_out)

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

    def _plausible(self, side: int, naturals: dict[int, int], wilds: int, blacks: int,  # noqa: C901
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

    def _why_question(self, move: Move) -> Verdict:
        """``ask``, ``yes`` and ``no``: "Partner, may I go out?" (option ``going_out_permission`` =
        ``ask_partner``; pagat): while a question waits only its answer; the question once per turn,
        after drawing, with a partner in play, when going out is possible (:meth:`_may_ask`)."""
        t = self.turn
        if t.asked == "pending":
            if move.kind in ("yes", "no"):
                return None
            return refuse("answer_first", seat=t.seat)
        if move.kind != "ask":
            return refuse("no_question")
        side = self.side_of(t.seat)
        if self.rules.going_out_permission != "ask_partner" or self.partner(t.seat) == t.seat:
            return refuse("ask_no_partner")
        if t.asked is not None:
            return refuse("ask_once")
        if t.stage != "play":
            return refuse("draw_first")
        if self._may_ask(side):
            return None
        if THREE in self.melds[side]:
            return refuse("black_threes_ask")
        return refuse("ask_cannot_go_out")
