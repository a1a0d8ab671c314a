"""The canasta family's lazy pick, session 15 (issue #27: Kanaster's fast playouts at 5x):
``search_pick(kind, randrange)`` is ``search_others(kind)[randrange(len(...))]`` (the same move from
the same random numbers, with the generator left in the same state) at every position of many
quick playouts, in every case the pick handles without a listing (the play stage: adds, melds,
burials, the discards alone; the draw stage: the pile takes) and in those it leaves to the list.
tests/test_search_fast.py checks ``fast_playout`` (which plays it) against ``quick_playout``."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from meldtable.canasta.search_pick import _LIST, play_pick
from meldtable.search import family_of
from meldtable.search.rollout import quick_move
from played import played as _midhand

CANASTA = [("canasta-two-hand", 2), ("canasta-classic", 4), ("kanaster", 2), ("kanaster", 4)]


def _walk(variant: str, players: int, playouts: int) -> Any:
    """Every position (family state) of ``playouts`` quick playouts from each of three mid-hand
    positions; the state is changed after it is yielded."""
    for seed, moves in [(3, 20), (4, 2), (5, 9), (6, 30)]:
        g = _midhand(variant, players, seed, moves)
        rng = random.Random(seed)
        for _ in range(playouts):
            state = g.search_node().state
            family = family_of(state)
            while not state.hand_over:
                yield state
                state.apply(quick_move(family, state, rng))


@pytest.mark.parametrize("variant,players", CANASTA)
def test_search_pick_is_the_listed_pick(variant: str, players: int) -> None:
    """At every position with a cheap kind, for several random streams: ``search_pick`` returns
    the move ``search_others`` gives the index ``randrange`` draws from the same generator state,
    and leaves the generator where that draw leaves it; the lazy play-stage pick answers (rather
    than leaving it to the list) in most play-stage positions, with adds, melds and the discards
    alone among its answers."""
    seen: Counter[str] = Counter()
    for i, state in enumerate(_walk(variant, players, 10)):
        kind = state.search_kind()
        if kind is None:
            continue
        legal = state.search_others(kind)
        for s in range(3):
            ra, rb = random.Random(i * 7 + s), random.Random(i * 7 + s)
            want = legal[ra.randrange(len(legal))] if legal else None
            got = state.search_pick(kind, rb.randrange)
            assert got == want
            assert ra.getstate() == rb.getstate()
        if kind == "discard":
            lazy = play_pick(state, random.Random(0).randrange)
            if lazy is _LIST:
                seen["listed"] += 1
            else:
                seen["lazy"] += 1
                seen.update({m.kind for m in legal})
    assert seen["lazy"] > seen["listed"] > 0
    assert seen["meld"] > 20 and seen["add"] > 20 and seen["discard"] > 5
