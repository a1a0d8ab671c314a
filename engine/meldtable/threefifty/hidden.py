"""Dealing the cards one seat cannot see again at random (``shuffle_hidden``): the family's part of
determinization (:mod:`meldtable.search`, the strong computer player and the hint) and of the
harness's check that no view leaks a hidden card (tests/sim_harness.py). Reached through the
family protocol (``family.shuffle_hidden``); :mod:`.testing` re-exports it for the harness."""

from __future__ import annotations

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


def shuffle_hidden(data: dict[str, Any], seat: int, rng: Any, tries: int = 50) -> dict[str, Any] | None:
    """The ``state`` part of a saved game (``to_dict()``) with every card hidden from ``seat``
    shuffled among the hidden places (``rng.shuffle``): the other hands, the stock, the set-aside
    cards, and the cards below the top run of the discard pile and (while the game runs) of every
    minus pile. Sizes stay, and the card just below a top run never gets the run's rank, so the
    runs stay as they are. ``None`` if no such shuffle was found in ``tries`` attempts (rare)."""
    st: dict[str, Any] = _copied(data)
    slots: list[tuple[list[str], int]] = []
    guards: list[tuple[list[str], int, str]] = []
    for p, h in enumerate(st["hands"]):
        if p != seat:
            slots += [(h, i) for i in range(len(h))]
    slots += [(st["stock"], i) for i in range(len(st["stock"]))]
    slots += [(st["set_aside"], i) for i in range(len(st["set_aside"]))]
    covered = [st["discard_pile"]] + ([] if st["hand_over"] else st["piles"])
    for xs in covered:
        below = len(xs) - _run_len(xs)
        slots += [(xs, i) for i in range(below)]
        if below:
            guards.append((xs, below - 1, xs[-1] if xs[-1] == "JK" else xs[-1][0]))
    pool = sorted(xs[i] for xs, i in slots)  # canonical order: the deal depends on rng alone (meldtable.search)
    for _ in range(tries):
        rng.shuffle(pool)
        for (xs, i), c in zip(slots, pool):
            xs[i] = c
        if all((xs[i] if xs[i] == "JK" else xs[i][0]) != r for xs, i, r in guards):
            return st
    return None
