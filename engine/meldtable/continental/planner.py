"""The lay-down planner: can the rest of a contract still be laid down this turn?"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import JOKER, SUITS, Card
from .rules import RUN_SIZE, SET_SIZE, Rules, pos_rank


class Packer:
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
        cands = _run_candidates(rules, hand, self.jokers)
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
        """Whether ``runs`` more runs (candidates from index ``start`` on, within ``jokers``) and
        then ``sets`` sets can be formed."""
        cands = self.runs
        cnt = self.cnt
        distinct = not self.r.same_suit_runs
        for idx in range(start, len(cands)):
            cand = cands[idx]
            if cand[0] > jokers:
                break
            if distinct and cand[1] in used_suits:
                continue
            for i in cand[2]:
                if cnt[i] <= 0:
                    break  # a card of this run is no longer held
            else:
                if self._with_run(idx, runs, jokers - cand[0], sets, used_ranks, used_suits):
                    return True
        return False

    def _with_run(self, idx: int, runs: int, left: int, sets: int, used_ranks: frozenset[int],
                  used_suits: set[str]) -> bool:
        """Run candidate ``idx`` taken (its cards out of the counts, ``left`` jokers after it):
        whether the sets and the other runs still fit; the counts are restored."""
        _, suit, idxs, ranks = self.runs[idx]
        cnt, rank_cnt = self.cnt, self.rank_cnt
        distinct = not self.r.same_suit_runs
        for i in idxs:
            cnt[i] -= 1
        for rk in ranks:
            rank_cnt[rk] -= 1
        if distinct:
            used_suits.add(suit)
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
        return ok

    def _sets_ok(self, jokers: int, sets: int, used_ranks: frozenset[int]) -> bool:
        """Whether ``sets`` sets fit the hand's natural cards with ``jokers`` jokers: the cheapest
        marginal joker costs (:meth:`_distinct_set_costs`, :meth:`_same_rank_set_costs`)."""
        if sets == 0:
            return True
        if not self.r.same_rank_sets:
            costs = self._distinct_set_costs(used_ranks)
        else:
            same = self._same_rank_set_costs(sets)
            if same is None:
                return True
            costs = same
        if len(costs) < sets:
            return False
        costs.sort()
        return sum(costs[:sets]) <= jokers

    def _distinct_set_costs(self, used_ranks: frozenset[int]) -> list[int]:
        """Sets of different ranks: the jokers a set of each held rank not yet laid needs (within
        ``max_jokers_set``)."""
        rank_cnt = self.rank_cnt
        maxj = self.r.max_jokers_set
        costs: list[int] = []
        for rank in range(1, 14):
            n = rank_cnt[rank]
            if n and rank not in used_ranks:
                cost = SET_SIZE - n if n < SET_SIZE else 0
                if not maxj or cost <= maxj:
                    costs.append(cost)
        return costs

    def _same_rank_set_costs(self, sets: int) -> list[int] | None:
        """Sets of one rank allowed: ``None`` when natural cards alone make ``sets`` sets, else the
        marginal joker costs of a rank's t-th set (convex per rank, within ``max_jokers_set``)."""
        rank_cnt = self.rank_cnt
        maxj = self.r.max_jokers_set
        free = 0
        for n in rank_cnt:
            free += n // SET_SIZE
        if free >= sets:
            return None
        costs: list[int] = []
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
        return costs


def _run_candidates(rules: Rules, hand: dict[Card, int], jokers: int) -> dict[tuple[str, tuple[Card, ...]], int]:
    """The run signatures of ``hand`` (suit, the natural cards used) with the jokers each needs
    (at most ``jokers``), over every run window the rules allow: every non-empty subset of the
    window's held ranks, the rest jokers the rules allow."""
    cands: dict[tuple[str, tuple[Card, ...]], int] = {}
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
    return cands
