"""Dealing the cards one seat cannot see again at random (``shuffle_hidden``): the family's part of
determinization (:mod:`meldtable.search`, the strong computer player and the hint) and of the
harness's check that no view leaks a hidden card (tests/sim_harness.py). Reached through the
family protocol (``family.shuffle_hidden``); :mod:`.testing` re-exports it for the harness."""

from __future__ import annotations

import random
from typing import Any


def _run_len(xs: list[str]) -> int:
    if not xs:
        return 0
    rank = xs[-1] if xs[-1] == "JK" else xs[-1][0]
    k = 1
    while k < len(xs) and (xs[-1 - k] if xs[-1 - k] == "JK" else xs[-1 - k][0]) == rank:
        k += 1
    return k


def _copied(x: Any) -> Any:
    """A deep copy of saved-game data (dicts, lists and immutable values; ``copy.deepcopy`` for
    anything else): the same result, cheaper (the search's determinization, issue #27)."""
    if isinstance(x, list):
        if all(type(v) is str for v in x):
            return list(x)
        return [_copied(v) for v in x]
    if isinstance(x, dict):
        return {k: _copied(v) for k, v in x.items()}
    if x is None or type(x) in (str, int, bool, float):
        return x
    import copy

    return copy.deepcopy(x)


def _shuffle(rng: Any, xs: list[str]) -> None:
    """``rng.shuffle(xs)``; for a plain :class:`random.Random` its very steps inline (the same
    swaps from the same ``getrandbits`` numbers as ``shuffle`` and ``_randbelow`` of CPython
    3.11-3.13; tests/test_search_fast_threefifty.py compares the results and the generator's
    state), a Python call a card cheaper."""
    if type(rng) is not random.Random:
        rng.shuffle(xs)
        return
    bits = rng.getrandbits
    for i in range(len(xs) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        xs[i], xs[j] = xs[j], xs[i]


def _lists(v: list[list[str]]) -> list[list[str]]:
    return [list(x) for x in v]


_CARD_LISTS: dict[str, Any] = {"hands": _lists, "piles": _lists, "stock": list, "set_aside": list,
                               "discard_pile": list, "centre": list}
"""The saved state's card lists (lists of card texts, or lists of them): copied as such."""


def shuffle_hidden(data: dict[str, Any], seat: int, rng: Any, tries: int = 50) -> dict[str, Any] | None:
    """The ``state`` part of a saved game (``to_dict()``) with every card hidden from ``seat``
    shuffled among the hidden places (``rng.shuffle``): the other hands, the stock, the set-aside
    cards, and the cards below the top run of the discard pile and (while the game runs) of every
    minus pile. Sizes stay, and the card just below a top run never gets the run's rank, so the
    runs stay as they are. ``None`` if no such shuffle was found in ``tries`` attempts (rare)."""
    st: dict[str, Any] = {k: _CARD_LISTS[k](v) if k in _CARD_LISTS else _copied(v) for k, v in data.items()}
    parts: list[tuple[list[str], int]] = []  # (a place, how many of its first cards are hidden)
    guards: list[tuple[list[str], int, str]] = []
    for p, h in enumerate(st["hands"]):
        if p != seat:
            parts.append((h, len(h)))
    parts += [(st["stock"], len(st["stock"])), (st["set_aside"], len(st["set_aside"]))]
    covered = [st["discard_pile"]] + ([] if st["hand_over"] else st["piles"])
    for xs in covered:
        below = len(xs) - _run_len(xs)
        if below:
            parts.append((xs, below))
            guards.append((xs, below - 1, xs[-1] if xs[-1] == "JK" else xs[-1][0]))
    pool: list[str] = []
    for xs, k in parts:
        pool += xs[:k]
    pool.sort()  # canonical order: the deal depends on rng alone (meldtable.search)
    for _ in range(tries):
        _shuffle(rng, pool)
        o = 0
        for xs, k in parts:
            xs[:k] = pool[o:o + k]
            o += k
        if all((xs[i] if xs[i] == "JK" else xs[i][0]) != r for xs, i, r in guards):
            return st
    return None
