"""Exact answer to "can the initial meld still be completed this turn?" (docs/architecture.md,
"initial meld"), used by the legality checks while a side's initial meld is pending: ``Plan``
(its initial-meld searches here; going out, which it also answers, in its base class
:class:`~meldtable.canasta.planner_out.GoingOutPlan`).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card
from .planner_out import _DEAD, _EXACT, _VALUE, GoingOutPlan
from .rules import Rules
from .values import CANASTA_SIZE, THREE, WILD

__all__ = ["Plan", "signature", "signature_uncounted_first", "_EXACT"]


def signature(cards: tuple[Card, ...], countable: dict[Card, int]) -> tuple[tuple[int, bool], ...]:
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


def signature_uncounted_first(cards: tuple[Card, ...], hand: dict[Card, int],
                              countable: dict[Card, int]) -> tuple[tuple[int, bool], ...]:
    """As :func:`signature`, but the copies of a card that do *not* count are used first: how a
    move that counts nothing anyway (a meld holding a card from the discard pile, or an add to such
    a meld) spends the hand, keeping the countable copies for later melds."""
    out = []
    prev = None
    used = 0
    for c in cards:
        if c is prev:
            used += 1
        else:
            prev, used = c, 0
        out.append((c.rank, used >= hand.get(c, 0) - countable.get(c, 0)))
    return tuple(out)


class Plan(GoingOutPlan):
    """Exact answer to "can the initial meld still be completed this turn?" (see
    docs/architecture.md). Cards are grouped by what matters: natural rank, whether their value may
    count towards the minimum, wild cards (joker 50 / two 20) and black threes."""

    def __init__(self, rules: Rules, hand: dict[Card, int], countable: dict[Card, int],
                 pending: dict[int, tuple[int, int]], uncounted: frozenset[int] = frozenset(),
                 blacks_melded: bool = False, wild_meld: bool = True) -> None:
        self.r = rules
        self.wild_meld = wild_meld and rules.wild_canasta == "allowed"
        """A new meld of wild cards only may be part of the plan (option ``wild_canasta``; false
        while an initial meld is pending with ``wild_meld_initial`` = ``after_initial``)."""
        self.going_out = True
        """False after the partner answered "no" to "may I go out?": the turn cannot end by going out."""
        self.blacks_melded = blacks_melded
        """The side has melded black threes this turn: the turn must end by going out, and no
        further black three can be melded (only discarded as the last card)."""
        self.pending = pending
        self.uncounted = uncounted
        """Ranks of ``pending`` melds that count nothing towards the minimum (made with a card
        from the discard pile: option ``initial_meld_counts`` = ``hand_melds``)."""
        self.hand_melds = rules.initial_meld_counts == "hand_melds"
        self.closed = rules.closed_canastas
        """Option ``blocking_card_adds`` = ``bury_only`` (see :meth:`_split`): ``pending`` is then
        keyed by meld key (a rank's second meld ``rank + 16``, ...), not by rank."""
        c: dict[int, int] = {}
        u: dict[int, int] = {}
        jc = dc = ju = du = 0
        blacks_c = blacks_u = 0
        for card, n in hand.items():
            k = countable.get(card, 0) if countable else 0
            if k > n:
                k = n
            rank = card.rank
            if rank == 0:  # joker
                jc += k
                ju += n - k
            elif rank == 2:
                dc += k
                du += n - k
            elif rank == THREE:
                blacks_c += k
                blacks_u += n - k
            elif rank in c:
                c[rank] += k
                u[rank] += n - k
            else:
                c[rank] = k
                u[rank] = n - k
        self.c, self.u, self.wild = c, u, {"jc": jc, "dc": dc, "ju": ju, "du": du}
        self.blacks = (blacks_c, blacks_u)

    def prepare_quick(self, melded_ranks: Iterable[int], closed_risk: bool = False) -> None:
        """For :meth:`quick_reachable`: the countable points and the number of cards of this hand's
        natural groups that go onto the side's melds (``melded_ranks``, those that count) or form
        melds without wild cards (with the ``hand_melds`` reading: of their countable cards).
        ``closed_risk``: with option ``blocking_card_adds`` = ``bury_only``, some rank's natural
        cards may not all fit onto one meld (see :meth:`_split`): :meth:`quick_reachable` then
        always answers no (the exact planner decides)."""
        r = self.r
        on_table = set(melded_ranks)
        melded = on_table - self.uncounted - {WILD}
        points = cards = 0
        self.plain: set[int] = set()
        hand_melds = self.hand_melds
        for rank in set(self.c) | set(self.u):
            n = self.c.get(rank, 0) + self.u.get(rank, 0)
            k = self.c.get(rank, 0) if hand_melds else n
            # (a rank whose meld counts nothing is no new meld that counts: its cards go onto it)
            if rank in melded or (k and rank not in on_table and r.meld_ok(k, 0)):
                points += self.c.get(rank, 0) * _VALUE[rank]
                cards += n
                self.plain.add(rank)
        self.quick = (points, cards)
        self.quick_off = self.closed and closed_risk

    def quick_reachable(self, rank: int, cards: tuple[Card, ...], sig: tuple[tuple[int, bool], ...],
                        need: int, hand_after: int, counts_after: bool = True) -> bool:
        """A sufficient condition for :meth:`reachable` after a move that puts ``cards`` (with
        :func:`signature` ``sig``) onto the side's meld of ``rank``: melding only the plain natural
        groups (see :meth:`prepare_quick`) and the rank's remaining naturals onto its meld already
        gains ``need`` points and keeps two cards. Such a plan exists, so the exact planner
        answers yes too (checked against it: tests/test_canasta_speed_paths.py, and 350,000
        cases in docs/performance.md); the planner runs only when this says no. ``counts_after``:
        whether the rank's meld still counts towards the minimum after the move."""
        if rank == THREE or rank == WILD or self.quick_off:
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
        if not counts_after:
            c_r = 0
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
                pending: dict[int, tuple[int, int]], sig: tuple[tuple[int, bool], ...] | None = None,
                uncounted: frozenset[int] = frozenset()) -> Plan | None:
        """The plan for this hand less ``cards`` (whose values count while ``countable`` has them,
        consumed card by card as :meth:`CanastaState._peek_points` does; ``sig`` is their
        :func:`signature` if known), with ``pending`` melds: equal to a plan built from the reduced
        hand, down to the order of its groups (each rank's first card in the hand), without grouping
        the hand again. Call :meth:`prepare_without` once first. (``None`` is returned never; the
        caller also accepts it as "build the plan from the reduced hand".)"""
        p = Plan.__new__(Plan)
        p.r, p.pending, p.uncounted, p.hand_melds = self.r, pending, uncounted, self.hand_melds
        p.blacks_melded, p.going_out, p.wild_meld = self.blacks_melded, self.going_out, self.wild_meld
        p.closed = self.closed
        c, u, wild = dict(self.c), dict(self.u), dict(self.wild)
        blacks_c, blacks_u = self.blacks
        out_c, out_u, emptied = self._take_out(cards, sig or signature(cards, countable), c, u, wild)
        c, u = self._regroup(c, u, emptied)
        p.c, p.u, p.wild, p.blacks = c, u, wild, (blacks_c - out_c, blacks_u - out_u)
        return p

    def _take_out(self, cards: tuple[Card, ...], sig: Iterable[tuple[int, bool]], c: dict[int, int],
                  u: dict[int, int], wild: dict[str, int]) -> tuple[int, int, list[Card]]:
        """:meth:`without`'s first step: ``cards`` (counting or not as ``sig`` says) out of the
        natural groups ``c``/``u`` and the wild counts ``wild`` (changed in place). Returns the
        countable and uncountable black threes taken out and the natural cards whose last copy
        left the hand."""
        hand = self.hand
        out_c = out_u = 0
        prev = None
        used = 0
        emptied: list[Card] = []  # natural cards whose last copy leaves
        for card, counts in zip(cards, sig):
            flag = counts[1]
            r = card.rank
            if r == 0 or r == 2:
                wild[("j" if r == 0 else "d") + ("c" if flag else "u")] -= 1
                continue
            if r == THREE:
                if flag:
                    out_c += 1
                else:
                    out_u += 1
                continue
            if flag:
                c[r] -= 1
            else:
                u[r] -= 1
            used = used + 1 if card is prev else 1
            prev = card
            if hand[card] == used:  # the last copy of this card leaves
                emptied.append(card)
        return out_c, out_u, emptied

    def _regroup(self, c: dict[int, int], u: dict[int, int], emptied: list[Card]) -> tuple[dict[int, int], dict[int, int]]:
        """:meth:`without`'s second step: the groups of ranks with no card left dropped, and the
        groups put in the order of each rank's first card left in the hand (only a rank whose
        first card left can move)."""
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
        return c, u

    def after_wild_add(self, rank: int, wild_key: str) -> Plan:
        """This plan after a wild card of kind ``wild_key`` (``"ju"``, ``"du"``, ``"jc"``,
        ``"dc"``) from the hand went onto the pending meld of ``rank``: equal to a plan built from
        the hand less that card with that meld one wild card bigger (the natural groups are
        shared: the checks never change them)."""
        p = Plan.__new__(Plan)
        p.r, p.going_out, p.blacks_melded, p.uncounted, p.hand_melds, p.wild_meld = (
            self.r, self.going_out, self.blacks_melded, self.uncounted, self.hand_melds, self.wild_meld)
        p.c, p.u, p.blacks = self.c, self.u, self.blacks
        p.closed = self.closed
        wild = p.wild = dict(self.wild)
        wild[wild_key] -= 1
        pending = p.pending = dict(self.pending)
        pn, pw = pending[rank]
        pending[rank] = (pn, pw + 1)
        return p


    def _best(self, c: dict[int, int], u: dict[int, int], wild: dict[str, int], blacks: int) -> tuple[int, int]:
        """Most countable points meldable from this hand, and how many cards stay in hand.

        With the ``hand_melds`` reading (seed 000 'Erste Figur', seed 001: only melds made of hand
        cards count) a rank counts only through a meld opened with countable cards alone (its
        countable naturals, completed to three by countable wild cards); its other cards are added
        afterwards. Melds that would count nothing are not made here (they only shrink the hand);
        :meth:`_all_melded` makes them when going out."""
        if self.closed:
            split = self._split(c, u)
            if split is not None:
                return split[2]._best(split[0], split[1], wild, blacks)
        cands: list[tuple[int, int, int]] = []
        pts, cap, left, wild_room = self._tally_pending(c, u)
        more_pts, more_cap, more_left = self._tally_free(c, u, cands)
        pts += more_pts
        cap += more_cap
        left += more_left
        hand_melds = self.hand_melds
        countable_wilds = wild["jc"] + wild["dc"]
        W = countable_wilds + wild["ju"] + wild["du"]
        # with hand_melds a meld that counts is opened with countable wild cards only
        openers = countable_wilds if hand_melds else W
        best = self._best_with(cands, openers, 0, pts, cap, left, wild_room, W, countable_wilds, wild["jc"], blacks)
        if self.wild_meld and WILD not in self.pending and openers >= 3:
            # a new meld of wild cards only, opened with three (countable ones, to count): the
            # three are kept for it before the short ranks get theirs, so the plan does not
            # depend on the order the melds are laid in (issue #24: meld 2H 2H 2S, then 9C 9C 2C)
            other = self._best_with(cands, openers - 3, 3, pts, cap, left, CANASTA_SIZE, W, countable_wilds,
                                    wild["jc"], blacks)
            if other > best:
                best = other
        return best

    def _tally_pending(self, c: dict[int, int], u: dict[int, int]) -> tuple[int, int, int, int]:
        """:meth:`_best`'s count of the ranks with a pending meld (laid this turn): the points of
        their countable cards and the room for wild cards they add (none for a rank whose meld
        counts nothing), the cards left in hand (dead ranks, see :meth:`_split`), and the room in a
        pending meld of wild cards only that counts (option ``wild_canasta``)."""
        r = self.r
        pts = cap = left = wild_room = 0
        for rank, (pn, pw) in self.pending.items():
            if rank == WILD:
                if rank not in self.uncounted:
                    wild_room = CANASTA_SIZE - pw
                continue
            ci = c.get(rank, 0)
            n = ci + u.get(rank, 0)
            if rank >= _DEAD or rank in self.uncounted:
                left += n  # (cards of a rank that no meld takes: see _split)
                continue
            pts += ci * _VALUE[rank]
            cap += r.wild_caps[pn + n] - pw
        return pts, cap, left, wild_room

    def _tally_free(self, c: dict[int, int], u: dict[int, int], cands: list[tuple[int, int, int]]) -> tuple[int, int, int]:
        """:meth:`_best`'s count of the ranks in hand without a pending meld: the points and wild
        room of those that make a meld without wild cards, the cards left of those that cannot,
        and (appended to ``cands``: points, wild cards needed, cards) those a wild card completes."""
        r = self.r
        hand_melds = self.hand_melds
        pending = self.pending
        pts = cap = left = 0
        for rank in set(c) | set(u) | set(pending):
            if rank in pending:
                continue
            ci = c.get(rank, 0)
            n = ci + u.get(rank, 0)
            if rank >= _DEAD:
                left += n  # (cards of a rank that no meld takes: see _split)
                continue
            if n == 0:
                continue
            gain = ci * _VALUE[rank]
            base = ci if hand_melds else n
            if base and r.meld_ok(base, 0):
                pts += gain
                cap += r.wild_caps[n]
                continue
            k = 3 - base
            if base >= r.min_naturals_per_meld and base >= 1 and r.meld_ok(base, k):
                cands.append((gain, k, n))
            else:
                left += n
        return pts, cap, left

    def _best_with(self, cands: list[tuple[int, int, int]], openers: int, reserved: int, pts: int, cap: int,
                   left: int, wild_room: int, W: int, countable_wilds: int, jc: int, blacks: int) -> tuple[int, int]:
        """:meth:`_best`'s plan once the ranks that need no wild card are counted (``pts``, ``cap``,
        ``left``): the short ranks ``cands`` completed with up to ``openers`` wild cards (a
        knapsack), ``reserved`` wild cards kept for a new meld of wild cards only (whose room is
        ``wild_room``), every other wild card placed where there is room."""
        r = self.r
        chosen = _choose(cands, openers)
        opening = 0
        for i, (gain, k, n) in enumerate(cands):
            if i in chosen:
                pts += gain
                cap += r.wild_caps[n]
                opening += k
            else:
                left += n
        if not reserved and self.wild_meld and WILD not in self.pending and openers - opening >= 3:
            wild_room = CANASTA_SIZE  # (a meld of wild cards only from the wild cards left over)
        cap += wild_room
        placed = min(W, cap)
        pc = min(placed, countable_wilds)
        pts += 50 * min(pc, jc) + 20 * max(0, pc - jc)
        left += W - placed + blacks
        return pts, left


    def reachable(self, need: int, exempt: bool) -> bool:
        """Can the turn still end legally: the initial meld reached (``need`` more points) keeping
        two cards, or by going out (:meth:`_can_go_out`)? With black threes melded only going out."""
        if self.blacks_melded:
            return self._can_go_out(need, exempt)
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
