"""Dealing the cards one seat cannot see again at random (``shuffle_hidden``): the family's part of
determinization (:mod:`meldtable.search`, the strong computer player and the hint) and of the
harness's check that no view leaks a hidden card (tests/sim_harness.py). Reached through the
family protocol (``family.shuffle_hidden``); :mod:`.testing` re-exports it for the harness."""

from __future__ import annotations

from typing import Any

from ..multiset import counted


def shuffle_hidden(data: dict[str, Any], seat: int, rng: Any) -> dict[str, Any] | None:
    """The ``state`` part of a saved game (``to_dict()``) with every card hidden from ``seat``
    dealt out again at random (``rng.shuffle``): the other seats' hands and the stock order. Hand
    sizes stay; red threes keep their stock places (a red three never rests in a hand). ``None``
    when this cannot be done consistently: another seat is half-way through its turn (its plan,
    e.g. an initial meld under way, depends on the hand it holds), or another seat is to act with
    the stock used up (stock_exhausted = play_on_discards: the hand goes on only because that
    seat can take the discard pile, which depends on the hand it holds)."""
    import copy

    return deal_hidden(copy.deepcopy(data), seat, rng)


def deal_hidden(st: dict[str, Any], seat: int, rng: Any) -> dict[str, Any] | None:
    """:func:`shuffle_hidden` on ``st`` itself (changed in place and returned, or ``None``): for a
    caller that made ``st`` for this alone (the search's fast determinization,
    :meth:`~.search_steps.SearchSteps.search_shuffle`). ``st`` needs ``hands``, ``stock``,
    ``hand_over`` and ``turn`` (``seat``, ``stage``, ``countable``) as :meth:`to_dict` gives them."""
    hands = st["hands"]
    t = st["turn"]
    acting = None if st["hand_over"] else t["seat"]
    if acting is not None and acting != seat and (t["stage"] == "play" or not st["stock"]):
        return None
    others = [s for s in range(len(hands)) if s != seat and hands[s]]
    red = ("3D", "3H")
    pool = [c for c in st["stock"] if c not in red]
    for s in others:
        pool.extend(c for c in hands[s] if c not in red)
    pool.sort()  # a canonical order first: the deal depends on rng alone (meldtable.search)
    rng.shuffle(pool)
    for s in others:
        # red threes not yet laid out (red_three_exposure = first_turn) stay in their hands
        keep = [c for c in hands[s] if c in red]
        k = len(hands[s]) - len(keep)
        hands[s], pool = keep + pool[:k], pool[k:]
    st["stock"] = [c if c in red else pool.pop() for c in st["stock"]]
    if acting is not None and acting != seat:
        have = counted(hands[acting])
        kept: list[str] = []
        for c in t["countable"]:
            if have.get(c, 0) > 0:
                have[c] -= 1
                kept.append(c)
        t["countable"] = kept
    return st
