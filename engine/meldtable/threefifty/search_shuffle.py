"""3 ist 50's determinization for the search's fast path (issue #27,
:func:`meldtable.search.rollout.fast_determinize`): ``shuffle_hidden`` (:mod:`.hidden`) of a
state's hidden cards dealt straight from the state's cards, without a saved state (``to_dict``)
or card texts.

:func:`hidden_deal` gives, from the same random numbers, exactly the cards ``shuffle_hidden``
deals for the same seat (the same pool of hidden cards in the same canonical order, the same
shuffle, the same guards of the visible runs tried as often), so ``fast_determinize`` still
deals ``determinize_state``'s state (tests/test_search_fast.py,
tests/test_search_fast_threefifty.py, tests/test_search_fast_threefifty_shuffle.py).
"""

from __future__ import annotations

import random
from operator import attrgetter
from typing import Any

from ..cards import ALL_CARDS, Card

_TEXT = attrgetter("text")
_BY_TEXT = {c: i for i, c in enumerate(sorted(ALL_CARDS, key=_TEXT))}.__getitem__
"""A card's place among all cards sorted by text (a sort key: the order of the texts)."""


_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
"""Per list length: the steps of ``shuffle``, ``(i, i + 1, (i + 1).bit_length())`` for ``i``
from the last index down to 1, made once."""


def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    found = _STEPS.get(size)
    if found is None:
        found = _STEPS[size] = tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    return found


def shuffle_cards(rng: Any, xs: list[Any]) -> None:
    """``rng.shuffle(xs)``; for a plain :class:`random.Random` its steps inline, as
    :func:`.hidden._shuffle` (the same swaps from the same ``getrandbits`` numbers as
    ``shuffle`` and ``_randbelow`` of CPython 3.11-3.13: ``j = getrandbits(k)`` drawn again while
    ``j > i``), each step's bound and bit count read from a table (:func:`_steps`;
    tests/test_search_fast_threefifty_playout.py compares the results and the generator's
    state)."""
    if type(rng) is not random.Random:
        rng.shuffle(xs)
        return
    bits = rng.getrandbits
    for i, n, k in _steps(len(xs)):
        j = bits(k)
        while j >= n:
            j = bits(k)
        xs[i], xs[j] = xs[j], xs[i]


def _pool(state: Any, seat: int, covered: list[list[Card]]) -> tuple[list[Card], list[int], list[int], list[tuple[int, int]]]:
    """The hidden cards of ``state`` for ``seat`` (other hands, stock, set-aside cards, then the
    cards below each ``covered`` pile's top run) in that order; the other hands' sizes; per
    covered pile how many of its first cards are hidden; the guards (a pool index, the rank its
    card must not have: the card just below a top run)."""
    pool: list[Card] = []
    sizes: list[int] = []
    for p, h in enumerate(state.hands):
        if p != seat:
            k = 0
            for c, m in h.items():
                if m == 1:
                    pool.append(c)
                else:
                    pool += [c] * m
                k += m
            sizes.append(k)
    pool += state.stock
    pool += state.set_aside
    belows: list[int] = []
    guards: list[tuple[int, int]] = []
    for xs in covered:
        below = len(xs)
        if below:
            rank = xs[-1].rank
            below -= 1
            while below and xs[below - 1].rank == rank:
                below -= 1
            if below:
                pool += xs[:below]
                guards.append((len(pool) - 1, rank))
        belows.append(below)
    return pool, sizes, belows, guards


def hidden_deal(state: Any, seat: int, rng: Any, tries: int = 50) -> dict[str, Any] | None:
    """The cards ``shuffle_hidden(state.to_dict(), seat, rng, tries)`` deals (:mod:`.hidden`), as
    cards: ``{"search_cards": True, "hands": [dict card -> count, per seat], "stock",
    "set_aside", "discard_pile", "piles"}`` (lists of cards, all new), what
    :meth:`~.search_steps.SearchSteps.search_redeal` takes back. Every hand is counted in the
    order the saved state lists it (the seat's own hand in the saved order of cards, the others
    in the order dealt). ``None`` where ``shuffle_hidden`` gives ``None`` (no shuffle in ``tries``
    kept every visible run). Pooled in the canonical order (card texts sorted), shuffled by
    :func:`shuffle_cards`, the guards (the card below a visible top run is never of its rank)
    looked at in the pool before the cards are placed."""
    from .saved import _SORT_KEY

    hands = state.hands
    covered = [state.discard] + ([] if state.hand_over else state.piles)
    pool, sizes, belows, guards = _pool(state, seat, covered)
    pool.sort(key=_BY_TEXT)  # (shuffle_hidden's canonical order: the card texts sorted)
    for _ in range(tries):
        shuffle_cards(rng, pool)
        for i, rank in guards:
            if pool[i].rank == rank:
                break
        else:
            break
    else:
        return None
    out_hands: list[dict[Card, int]] = []
    o = 0
    sizes.reverse()
    key = _SORT_KEY.__getitem__
    for p, h in enumerate(hands):
        if p == seat:
            out_hands.append({c: h[c] for c in sorted(h, key=key)})
            continue
        k = sizes.pop()
        cards = pool[o:o + k]
        o += k
        ms = dict.fromkeys(cards, 1)
        if len(ms) < k:  # (two decks: a card twice in one hand)
            ms = {}
            for c in cards:
                ms[c] = ms.get(c, 0) + 1
        out_hands.append(ms)
    stock, aside = state.stock, state.set_aside
    k = len(stock)
    new_stock = pool[o:o + k]
    o += k
    k = len(aside)
    new_aside = pool[o:o + k]
    o += k
    placed = []
    for xs, below in zip(covered, belows):
        placed.append(pool[o:o + below] + xs[below:])
        o += below
    return {
        "search_cards": True,
        "hands": out_hands,
        "stock": new_stock,
        "set_aside": new_aside,
        "discard_pile": placed[0],
        "piles": placed[1:] if len(placed) > 1 else [list(p) for p in state.piles],
    }
