"""Going out, for the planner (:class:`~meldtable.canasta.planner.Plan`): can every card but the
final discard still be melded this turn, with the canastas needed (and the initial-meld points)?
The searches over the hand's groups (``_all_melded`` greedy and exact, the final discards of
``going_out_discards``), and the split of a rank's cards over its melds with option
``blocking_card_adds`` = ``bury_only`` (:meth:`GoingOutPlan._split`). A base class of ``Plan``:
it reads the plan's groups (``c``, ``u``, ``wild``, ``blacks``, ``pending``) and never changes them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from copy import copy
from typing import Any, Self

from ..cards import Card as _Card
from .rules import Rules
from .values import CANASTA_SIZE, KEY_STEP, WILD, card_value


class GoingOutPlan:
    """The going-out half of :class:`~meldtable.canasta.planner.Plan` (see the module)."""

    r: Rules
    c: dict[int, int]  # natural rank -> cards whose value still counts towards the initial meld
    u: dict[int, int]  # natural rank -> the other cards of the rank
    wild: dict[str, int]  # "jc" / "dc" (countable joker / two), "ju" / "du" (the others)
    blacks: tuple[int, int]  # black threes: countable, others
    pending: dict[int, tuple[int, int]]  # the side's melds: rank (or meld key) -> (naturals, wilds)
    uncounted: frozenset[int]
    hand_melds: bool
    wild_meld: bool
    going_out: bool
    blacks_melded: bool
    closed: bool


    def _split(self, c: dict[int, int], u: dict[int, int]) -> tuple[dict[int, int], dict[int, int], Self] | None:  # noqa: C901
        """Option ``blocking_card_adds`` = ``bury_only`` (seed 004 'Sperrkarten ... unter den evtl.
        passenden Kanaster angelegt', research C26): a natural card is never added to a meld of
        seven cards or more, so a rank's natural cards fill its last meld up to seven (the
        countable ones first where that meld counts towards the initial meld, else the others
        first) and the rest open further melds of the rank, seven at most each, under keys
        ``rank + 16``, ... with no pending meld (where option ``same_rank_melds`` = ``one`` allows
        none, under a key ``rank + 1024`` that no meld takes: only a final discard or the hand
        holds them). ``pending`` is keyed by meld key (the rank's earlier melds, all canastas,
        keep wild-card room and count as canastas). Returns ``(c, u, plan)`` with ``plan`` a copy
        of this plan over those keys (which does not split again), or ``None`` when every rank's
        cards go onto one meld as without the option. The plans searched are those that add
        natural cards to a meld before wild cards; every move of such a plan leaves a position
        whose plans include the rest of it, so "the turn can still end legally" stays consistent
        from move to move (the stall hunt, tests/test_canasta_stall_hunt.py)."""
        pending = self.pending
        split = False
        for rank, ci in c.items():
            n = ci + u[rank]
            if n == 0:
                continue
            if rank + KEY_STEP in pending:
                split = True
                break
            meld = pending.get(rank)
            if (sum(meld) if meld else 0) + n > CANASTA_SIZE:
                split = True
                break
        if not split:
            return None
        r = self.r
        one = r.same_rank_melds == "one"
        c2: dict[int, int] = {}
        u2: dict[int, int] = {}
        uncounted = set(self.uncounted)
        for key in pending:
            if key % KEY_STEP in self.uncounted:
                uncounted.add(key)
        for rank, ci in c.items():
            ui = u[rank]
            last = None
            key = rank
            while key in pending:
                last = key
                key += KEY_STEP
            size = sum(pending[last]) if last is not None else 0
            if last is not None and size < CANASTA_SIZE:
                room = CANASTA_SIZE - size
                if ci + ui <= room:
                    c2[last], u2[last] = ci, ui
                    continue
                if last not in uncounted:
                    tc = min(ci, room)
                    tu = room - tc
                else:
                    tu = min(ui, room)
                    tc = room - tu
                c2[last], u2[last] = tc, tu
                ci, ui = ci - tc, ui - tu
            if one:  # (no further meld of the rank: the cards beyond its one meld stay out)
                if last is None:
                    tc = min(ci, CANASTA_SIZE)
                    tu = min(ui, CANASTA_SIZE - tc)
                    c2[rank], u2[rank] = tc, tu
                    ci, ui = ci - tc, ui - tu
                c2[rank + _DEAD], u2[rank + _DEAD] = ci, ui
                continue
            if self.hand_melds and rank in self.uncounted:
                ci, ui = 0, ci + ui  # (adds to a rank whose meld counts nothing count nothing)
            nxt = key
            while ci + ui > CANASTA_SIZE:
                tc = min(ci, CANASTA_SIZE)
                tu = CANASTA_SIZE - tc
                c2[nxt], u2[nxt] = tc, tu
                ci, ui = ci - tc, ui - tu
                nxt += KEY_STEP
            c2[nxt], u2[nxt] = ci, ui
        p = copy(self)
        p.closed = False
        p.uncounted = frozenset(uncounted)
        return c2, u2, p

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
            d: dict[Any, int] = c if kind == "c" else u if kind == "u" else wild
            if d.get(key, 0) <= 0:
                return None
            d[key] -= 1
        return c, u, wild

    def _can_go_out(self, need: int, exempt: bool, plausible: Callable[[], bool] | None = None) -> bool:
        """Can the turn end by going out: with any of the final discards of :meth:`_out_options`
        (:meth:`_goes_out_with`)? Going out with no discard, where the rules allow it and the
        black threes in hand could be melded, is tried before the other options are worked out:
        it is the first of them when it is one, and where :meth:`_out_options` leaves it out
        for a rank that cannot be melded it fails too (checked against every option:
        tests/test_canasta_speed_paths.py). ``plausible``: cheap necessary conditions for going
        out (e.g. :meth:`Legality._plan_plausible`), asked only when that first try fails:
        false means no option can succeed."""
        if not self.going_out:
            return False
        blacks = sum(self.blacks)
        first = self.r.going_out_discard != "required" and (
            blacks == 0 or (blacks in (3, 4) and not (self.r.black_three_meld == "never" or self.blacks_melded)))
        if first and self._goes_out_with((), need, exempt):
            return True
        if plausible is not None and not plausible():
            return False
        for picks in self._out_options():
            if (picks or not first) and self._goes_out_with(picks, need, exempt):
                return True
        return False

    def going_out_discards(self, need: int, exempt: bool, limit: int = 0) -> set[tuple[tuple[str, Any], ...]]:
        """Every way of going out this turn that :meth:`_can_go_out` tries and finds possible, by
        the final discard: ``()`` (none), ``(("c" or "u", rank),)`` (a natural card of ``rank``
        whose value counts or not), ``(("w", "jc"/"dc"/"ju"/"du"),)`` (a wild card) or
        ``(("b", None),)`` (a black three). :meth:`_can_go_out` is true exactly when this is not
        empty. With ``limit`` > 0 the search stops once ``limit`` ways are found (the first ones
        :meth:`_can_go_out` would try): a set of fewer than ``limit`` is still every way."""
        if not self.going_out:
            return set()
        options = self._out_options()
        if (exempt or need <= 0) and not (self.closed and self._split(self.c, self.u) is not None):
            verdicts = self._out_verdicts(options)
        else:
            verdicts = (self._goes_out_with(picks, need, exempt) for picks in options)
        found = set()
        for picks, ok in zip(options, verdicts):
            if ok:
                found.add(picks)
                if len(found) == limit:
                    break
        return found

    def _out_verdicts(self, options: list[tuple[tuple[str, Any], ...]]) -> Iterator[bool]:  # noqa: C901
        """:meth:`_goes_out_with` of each of ``options`` when the points do not matter (``exempt``
        or ``need <= 0``: :meth:`_all_melded_greedy` decides): the melds the greedy plan makes are
        worked out once for the whole hand, and each final discard changes one rank's meld, the
        number of wild cards or of black threes (checked against :meth:`_goes_out_with`:
        tests/test_canasta_speed_paths.py)."""
        r = self.r
        pending = self.pending
        c, u = self.c, self.u
        W0 = sum(self.wild.values())
        blacks0 = sum(self.blacks)
        blacks_closed = r.black_three_meld == "never" or self.blacks_melded
        counts: dict[int, int] = {}
        entries: dict[int, tuple[int, int, int] | None] = {}  # rank -> greedy meld (None: cannot be melded)
        failing = 0
        for rank in c.keys() | u.keys() | pending.keys():
            n = c.get(rank, 0) + u.get(rank, 0)
            counts[rank] = n
            e = _greedy_meld(r, pending, rank, n)
            if e is not None or n:
                entries[rank] = e
                if e is None:
                    failing += 1
        wild_meld = self.wild_meld and WILD not in pending
        goal = r.canastas_to_go_out
        for picks in options:
            if len(picks) > 1:  # (not among the final discards: one card at most)
                yield self._goes_out_with(picks, 0, True)
                continue
            W, blacks = W0, blacks0
            dropped: int | None = None  # the natural rank of the final discard
            held = True
            for kind, key in picks:
                if kind == "b":
                    blacks -= 1
                elif kind == "w":
                    W -= 1
                    held = self.wild[key] > 0
                else:
                    dropped = key
                    held = (c if kind == "c" else u).get(key, 0) > 0
            if not held or blacks not in (0, 3, 4) or (blacks and blacks_closed):
                yield False
                continue
            if dropped is None:
                if failing:
                    yield False
                    continue
                melds = [e for e in entries.values() if e is not None]
            else:
                e = _greedy_meld(r, pending, dropped, counts[dropped] - 1)
                if (e is None and counts[dropped] > 1) or failing > (entries.get(dropped, 0) is None):
                    yield False  # (a rank other than the discard's that cannot be melded)
                    continue
                melds = [x for rk, x in entries.items() if rk != dropped and x is not None]
                if e is not None:
                    melds.append(e)
            need_w = 0
            for m in melds:
                need_w += m[2]
            best = self._place_wilds(melds, need_w, W)
            if wild_meld and W - need_w >= 3:
                with_wild = self._place_wilds(melds + [(0, CANASTA_SIZE, 3)], need_w + 3, W)
                if with_wild is not None and (best is None or with_wild > best):
                    best = with_wild
            yield best is not None and best >= goal

    def _out_options(self) -> list[tuple[tuple[str, Any], ...]]:
        """The final discards going out may end with (see :meth:`going_out_discards`)."""
        r = self.r
        blacks = sum(self.blacks)
        # the black threes left in hand after the discard: none, or a meld of three or four if
        # black threes may still be melded (as _goes_out_with checks; only those options stay)
        closed = r.black_three_meld == "never" or self.blacks_melded
        options: list[tuple[tuple[str, Any], ...]] = []
        if blacks == 0 or (blacks in (3, 4) and not closed):
            options = [()] if r.going_out_discard != "required" else []
            options += [(k,) for k in self._kinds()]
        if blacks and (blacks == 1 or (blacks in (4, 5) and not closed)):
            options.append((("b", None),))
        # a natural rank with no meld that its cards cannot open even with wild cards makes every
        # plan fail (_all_melded_greedy, which _all_melded asks first) unless the final discard
        # is one of its cards: with two such ranks no option can succeed, with one only the
        # discards of that rank are worth trying (the others would give False: same set)
        pending = self.pending
        min_nat = r.min_naturals_per_meld
        u = self.u
        stuck = None
        for rank, k in self.c.items():
            if rank in pending:
                continue
            n = k + u[rank]
            if n and not r.meld_ok(n, 0) and not (n >= min_nat and r.meld_ok(n, 3 - n)):
                if stuck is not None:
                    return []
                stuck = rank
        if stuck is not None:
            return [o for o in options if len(o) == 1 and o[0][1] == stuck and o[0][0] in ("c", "u")]
        return options

    def _goes_out_with(self, picks: tuple[tuple[str, Any], ...], need: int, exempt: bool) -> bool:
        """Can every card but the final discard ``picks`` be melded, with the canastas needed to
        go out and ``need`` points unless ``exempt``?"""
        r = self.r
        blacks = sum(self.blacks)
        bc = self.blacks[0]
        rest = tuple([p for p in picks if p[0] != "b"])
        if len(rest) != len(picks):
            if blacks == 0:
                return False
            blacks -= 1
            bc = min(bc, blacks)
        reduced = self._without(rest)
        if reduced is None:
            return False
        c, u, wild = reduced
        if blacks not in (0, 3, 4) or (blacks and (r.black_three_meld == "never" or self.blacks_melded)):
            return False
        if self.hand_melds:
            bonus = 5 * blacks if bc >= blacks else 0  # a meld of black threes counts only if all do
        else:
            bonus = 5 * bc
        ok, pts, canastas = self._all_melded(c, u, wild, points_matter=not exempt and need > 0, need=need - bonus)
        if not ok:
            return False
        return canastas >= r.canastas_to_go_out and (exempt or pts + bonus >= need)

    def _all_melded(self, c: dict[int, int], u: dict[int, int], wild: dict[str, int],
                    points_matter: bool = True, need: int | None = None) -> tuple[bool, int, int]:
        """Can every one of these cards be melded (onto the pending melds or into new ones)? If
        so, also the countable points of the best such plan and the canastas it can reach
        (``points_matter`` false: the points are not needed, only whether and how many canastas).
        With ``need`` the caller only asks whether those points reach ``need``: the points given
        back may then be a bound that lies on the same side of ``need`` as the exact figure."""
        if self.closed:
            split = self._split(c, u)
            if split is not None:
                return split[2]._all_melded(split[0], split[1], wild, points_matter, need)
        if points_matter and self.hand_melds and (self.uncounted or wild["ju"] or wild["du"] or any(u.values())):
            ok, top, canastas = self._all_melded_greedy(c, u, wild)
            if not ok or canastas < self.r.canastas_to_go_out:
                return ok, 0, canastas  # melding everything as it comes is the most permissive plan
            if need is not None:
                # before the dynamic programme: the greedy plan counts every countable card (no
                # plan counts more), and _counting_floor is what one plan surely counts
                if top < need:
                    return True, top, canastas
                floor = self._counting_floor(c, u)
                if floor is not None and floor >= need:
                    return True, floor, canastas
            # the same question comes back within one legal_moves (e.g. melding three or four
            # black threes leaves the same other cards): answers are kept by what they depend on
            key = (self.r, tuple(c.items()), tuple(u.items()), tuple(wild.items()), tuple(self.pending.items()),
                   self.uncounted, self.wild_meld)
            found = _EXACT.get(key)
            if found is None:
                if len(_EXACT) > 2_000:
                    _EXACT.clear()
                found = _EXACT[key] = self._all_melded_exact(c, u, wild)
            return found
        return self._all_melded_greedy(c, u, wild)

    def _all_melded_greedy(self, c: dict[int, int], u: dict[int, int], wild: dict[str, int]) -> tuple[bool, int, int]:
        """:meth:`_all_melded` when every card's value counts wherever it is melded: each rank
        is melded with all its naturals; wild cards complete short ranks, then the canastas
        closest to seven."""
        r = self.r
        caps = r.wild_caps
        pending = self.pending
        W = sum(wild.values())
        melds: list[tuple[int, int, int]] = []  # (size so far, remaining wild capacity, wilds required)
        need_w = 0
        pts = 0
        for rank in c.keys() | u.keys() | pending.keys():  # (any order: sums and sorted costs)
            if rank == WILD:
                pn, pw = pending[rank]
                melds.append((pw, CANASTA_SIZE - pw, 0))
                continue
            ci = c.get(rank, 0)
            n = ci + u.get(rank, 0)
            if rank >= _DEAD:
                if n:
                    return False, 0, 0  # (cards no meld takes: see _split)
                continue
            pts += ci * _VALUE[rank]
            if rank in pending:
                pn, pw = pending[rank]
                melds.append((pn + pw + n, caps[pn + n] - pw, 0))
            elif n == 0:
                continue
            elif r.meld_ok(n, 0):
                melds.append((n, caps[n], 0))
            else:
                k = 3 - n
                if n >= r.min_naturals_per_meld and r.meld_ok(n, k):
                    melds.append((n, caps[n], k))
                    need_w += k
                else:
                    return False, 0, 0
        pts += 50 * wild["jc"] + 20 * wild["dc"]
        best = self._place_wilds(melds, need_w, W)
        if self.wild_meld and WILD not in pending and W - need_w >= 3:
            # or a new meld of wild cards only (three to seven of them)
            with_wild = self._place_wilds(melds + [(0, CANASTA_SIZE, 3)], need_w + 3, W)
            if with_wild is not None and (best is None or with_wild > best):
                best = with_wild
        if best is None:
            return False, 0, 0
        return True, pts, best

    @staticmethod
    def _place_wilds(melds: list[tuple[int, int, int]], need_w: int, W: int) -> int | None:
        """Most canastas reachable when ``W`` wild cards go into ``melds`` (each ``(size so far,
        wild capacity, wild cards it requires)``), or ``None`` if they cannot all be placed."""
        cap = 0
        for m in melds:  # (loops and comparisons: cheaper than sum() of a generator and max())
            cap += m[1]
        if need_w > W or W > cap:
            return None
        spare = W - need_w
        canastas = 0
        costs = []
        for size, capacity, k in melds:
            deficit = CANASTA_SIZE - size - k
            if deficit < 0:
                deficit = 0
            if deficit <= capacity - k:
                costs.append(deficit)
        costs.sort()
        for cost in costs:
            if cost <= spare:
                spare -= cost
                canastas += 1
        return canastas

    def _counting_floor(self, c: dict[int, int], u: dict[int, int]) -> int | None:
        """Points that :meth:`_all_melded_exact` surely reaches when :meth:`_all_melded_greedy`
        found every card meldable with the canastas needed to go out, or ``None`` when a new meld
        would need wild cards to open (then no bound is given). Then every new rank has three or
        more naturals, and the greedy plan (each rank melded with all its naturals, the wild cards
        where it put them) is one the programme also considers, with each new rank of three or
        more countable naturals opened by them (it counts those) and the pending melds that count:
        the programme's best plan among those with the canastas needed counts at least that."""
        r = self.r
        pending = self.pending
        pts = 0
        for rank, ci in c.items():
            if rank in pending:
                if rank not in self.uncounted:
                    pts += ci * _VALUE[rank]
                continue
            n = ci + u[rank]
            if n == 0:
                continue
            if n < 3:
                return None
            if ci >= 3 and r.meld_ok(ci, 0):
                pts += ci * _VALUE[rank]
        return pts

    def _all_melded_exact(self, c: dict[int, int], u: dict[int, int], wild: dict[str, int]) -> tuple[bool, int, int]:  # noqa: C901
        """:meth:`_all_melded` when some cards or melds do not count (``hand_melds`` reading):
        each new meld either counts (opened with countable cards alone) or not, and every wild
        card goes into some meld. A small dynamic programme over the melds with the state (wild
        cards in melds that count, wild cards in melds that do not, canastas so far) -> most
        natural points; the best countable wild cards (jokers first) fill the slots of melds that
        count. Returns ``(ok, points of the plan with the most canastas needed ... )``: points are
        maximised among plans reaching the canastas needed to go out if any, else among all."""
        r = self.r
        need_c = r.canastas_to_go_out
        options: list[list[tuple[bool, int, int, int, int]]] = []  # (counts, points, size, lo, hi)
        if self.wild_meld and WILD not in self.pending:
            # a new meld of wild cards only: counting (opened with countable ones) or not, or none
            options.append([(True, 0, 0, 0, 0), (True, 0, 0, 3, CANASTA_SIZE), (False, 0, 0, 3, CANASTA_SIZE)])
        for rank in set(c) | set(u) | set(self.pending):
            if rank == WILD:
                pn, pw = self.pending[rank]
                options.append([(rank not in self.uncounted, 0, pw, 0, CANASTA_SIZE - pw)])
                continue
            ci = c.get(rank, 0)
            n = ci + u.get(rank, 0)
            if rank >= _DEAD:
                if n:
                    return False, 0, 0  # (cards no meld takes: see _split)
                continue
            if rank in self.pending:
                pn, pw = self.pending[rank]
                counts = rank not in self.uncounted
                options.append([(counts, ci * _VALUE[rank] if counts else 0, pn + pw + n, 0, r.wild_caps[pn + n] - pw)])
                continue
            if n == 0:
                continue
            opts = []
            hi = r.wild_caps[n]
            kc = max(0, 3 - ci)
            if ci >= 1 and r.meld_ok(ci, kc) and kc <= hi:
                opts.append((True, ci * _VALUE[rank], n, kc, hi))
            kt = max(0, 3 - n)
            if r.meld_ok(n, kt) and not (opts and kc == kt):
                opts.append((False, 0, n, kt, hi))
            if not opts:
                return False, 0, 0
            options.append(opts)
        W = sum(wild.values())
        Wc = wild["jc"] + wild["dc"]
        # state (wild slots in melds that count, capped at the countable wild cards; wild cards
        # placed in all; canastas so far, capped at the number needed; countable wild cards
        # needed to open melds that count) -> most natural points. A meld that counts is opened
        # with countable cards only, so its opening wild cards must be countable ones.
        states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
        for opts in options:
            nxt: dict[tuple[int, int, int, int], int] = {}
            for (cs, tot, k, kcs), p in states.items():
                room = W - tot
                for counts, pts, size, lo, hi in opts:
                    kcs2 = kcs + lo if counts else kcs  # (lo: the opening wild cards of a new meld)
                    if kcs2 > Wc:
                        continue
                    for e in range(lo, min(hi, room) + 1):
                        k2 = min(need_c, k + (1 if size + e >= CANASTA_SIZE else 0))
                        if counts:
                            key = (min(Wc, cs + e), tot + e, k2, kcs2)
                        else:
                            key = (cs, tot + e, k2, kcs)
                        if nxt.get(key, -1) < p + pts:
                            nxt[key] = p + pts
            if not nxt:
                return False, 0, 0
            states = _pareto(nxt)
        best: tuple[int, int] | None = None  # (canastas, points)
        jc, dc = wild["jc"], wild["dc"]
        for (cs, tot, k, _kcs), p in states.items():
            if tot != W:
                continue
            pts = p + 50 * min(cs, jc) + 20 * min(max(0, cs - jc), dc)
            if best is None or (k, pts) > best:
                best = (k, pts)
        if best is None:
            return False, 0, 0
        return True, best[1], best[0]


def _pareto(states: dict[tuple[int, int, int, int], int]) -> dict[tuple[int, int, int, int], int]:
    """The states of :meth:`Plan._all_melded_exact`'s programme, ``(cs, tot, k, kcs) -> points``,
    without those another state with the same wild cards placed (``tot``), canastas (``k``) and
    countable opening wild cards (``kcs``) dominates: as many countable slots (``cs``) or more and
    as many points or more. Every later step open to the dominated state is open to the other
    one with an outcome at least as good (the steps add to ``cs`` and the points alike, and a
    larger ``cs`` never closes one), so the best plan is the same (checked against the programme
    without this: tests/test_canasta_speed_paths.py)."""
    groups: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
    for (cs, tot, k, kcs), p in states.items():
        group = groups.get((tot, k, kcs))
        if group is None:
            groups[(tot, k, kcs)] = [(cs, p)]
        else:
            group.append((cs, p))
    if len(groups) == len(states):
        return states  # (one state per group: nothing to compare)
    out: dict[tuple[int, int, int, int], int] = {}
    for (tot, k, kcs), group in groups.items():
        group.sort(reverse=True)  # (most slots first: a state is dominated by one before it)
        most = -1
        for cs, p in group:
            if p > most:  # (fewer slots than those before it: kept only with more points)
                most = p
                out[(cs, tot, k, kcs)] = p
    return out


def _greedy_meld(r: Rules, pending: dict[int, tuple[int, int]], rank: int, n: int) -> tuple[int, int, int] | None:
    """The meld :meth:`Plan._all_melded_greedy` makes of ``n`` natural cards of ``rank`` (onto
    the pending meld of that rank, if any): ``(size so far, wild capacity left, wild cards it
    requires)``, or ``None`` when there is none (no card and no meld) or it cannot be made."""
    if rank == WILD:
        pw = pending[rank][1]
        return (pw, CANASTA_SIZE - pw, 0)
    if rank in pending:
        pn, pw = pending[rank]
        return (pn + pw + n, r.wild_caps[pn + n] - pw, 0)
    if n == 0:
        return None
    if r.meld_ok(n, 0):
        return (n, r.wild_caps[n], 0)
    k = 3 - n
    if n >= r.min_naturals_per_meld and r.meld_ok(n, k):
        return (n, r.wild_caps[n], k)
    return None


_DEAD = 1024
"""Keys ``rank + _DEAD`` of :meth:`Plan._split`: natural cards that no meld takes."""
_VALUE = {rank + KEY_STEP * i: card_value(_Card(rank, "C")) for rank in range(1, 14) for i in range(12)}
"""Card value by rank, also under the meld keys of a rank's further melds (``rank + 16``, ...)."""
_EXACT: dict[tuple[Any, ...], tuple[bool, int, int]] = {}
"""Answers of :meth:`Plan._all_melded_exact` by rules and inputs (a pure function of them)."""
