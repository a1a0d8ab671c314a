"""Small multiset helpers over ``dict[Card, int]`` (hands and piles hold duplicate cards)."""

from __future__ import annotations

from typing import Iterable, Iterator, TypeVar

K = TypeVar("K")


def counted(items: Iterable[K]) -> dict[K, int]:
    """Return a multiset ``{item: count}`` of ``items``."""
    out: dict[K, int] = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return out


def remove(ms: dict[K, int], items: Iterable[K]) -> None:
    """Remove ``items`` from ``ms`` in place (the caller has checked they are there)."""
    for x in items:
        n = ms[x] - 1
        if n:
            ms[x] = n
        else:
            del ms[x]


def add(ms: dict[K, int], items: Iterable[K]) -> None:
    """Add ``items`` to ``ms`` in place."""
    for x in items:
        ms[x] = ms.get(x, 0) + 1


def contains(ms: dict[K, int], items: Iterable[K]) -> bool:
    """True if the multiset ``ms`` holds all of ``items`` (with multiplicity)."""
    need = counted(items)
    return all(ms.get(x, 0) >= n for x, n in need.items())


def size(ms: dict[K, int]) -> int:
    """Number of items in ``ms`` counting duplicates."""
    return sum(ms.values())


def combinations(items: list[tuple[K, int]], k: int) -> Iterator[tuple[K, ...]]:
    """Yield every distinct multiset of size ``k`` drawn from ``items`` (a list of ``(item, count)``),
    as tuples in the order of ``items``. No duplicates are produced."""
    if k == 0:
        yield ()
        return
    if not items:
        return
    (x, n), rest = items[0], items[1:]
    for take in range(min(n, k), -1, -1):
        for tail in combinations(rest, k - take):
            yield (x,) * take + tail
