"""Small multiset helpers over ``dict[Card, int]`` (hands and piles hold duplicate cards)."""

from __future__ import annotations

import itertools as _it
from collections.abc import Iterable
from typing import TypeVar

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


def combinations(items: list[tuple[K, int]], k: int) -> list[tuple[K, ...]]:
    """Every distinct multiset of size ``k`` drawn from ``items`` (a list of ``(item, count)``),
    as tuples in the order of ``items``, without duplicates."""
    if k == 0:
        return [()]
    flat = [x for x, n in items for _ in range(min(n, k))]
    if len(flat) < k:
        return []
    return list(dict.fromkeys(_it.combinations(flat, k)))
