"""Dealing the cards one seat cannot see again at random (``shuffle_hidden``): the family's part of
determinization (:mod:`meldtable.search`, the strong computer player and the hint) and of the
harness's check that no view leaks a hidden card (tests/sim_harness.py). Reached through the
family protocol (``family.shuffle_hidden``); :mod:`.testing` re-exports it for the harness."""

from __future__ import annotations

from typing import Any


def shuffle_hidden(data: dict[str, Any], seat: int, rng: Any) -> dict[str, Any] | None:
    """The ``state`` part of a saved game (``to_dict()``) with every card hidden from ``seat``
    dealt out again at random (``rng.shuffle``): the other seats' hands, the main and penalty
    stocks and the discards below the top card. Sizes stay; a seat that must place an exchanged
    joker keeps a joker. ``None`` when this cannot be done consistently: another seat is half-way
    through laying down its contract (the rest of the contract depends on the hand it holds)."""
    import copy

    st = copy.deepcopy(data)
    t = st["turn"]
    if not st["hand_over"] and t["seat"] != seat and t["pending"] is not None:
        return None
    keep_joker = not st["hand_over"] and t["joker_from"] is not None and t["seat"] != seat
    others = [s for s in range(len(st["hands"])) if s != seat]
    pool = list(st["stock"]) + list(st["penalty_stock"]) + list(st["discard_pile"][:-1])
    for s in others:
        pool.extend(st["hands"][s])
    if keep_joker:
        pool.remove("JK")
    pool.sort()  # a canonical order first: the deal depends on rng alone (meldtable.search)
    rng.shuffle(pool)
    for s in others:
        k = len(st["hands"][s])
        if keep_joker and s == t["seat"]:
            st["hands"][s], pool = ["JK"] + pool[:k - 1], pool[k - 1:]
        else:
            st["hands"][s], pool = pool[:k], pool[k:]
    ks, kp = len(st["stock"]), len(st["penalty_stock"])
    st["stock"], pool = pool[:ks], pool[ks:]
    st["penalty_stock"], pool = pool[:kp], pool[kp:]
    st["discard_pile"] = pool + st["discard_pile"][-1:]
    return st
