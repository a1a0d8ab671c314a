"""The canasta family's lazy pick, session 15 (issue #27: Kanaster's fast playouts at 5x):
``search_pick(kind, rng)`` is ``search_others(kind)[rng.randrange(len(...))]`` (the same move from
the same random numbers, with the generator left in the same state) at every position of many
quick playouts (test_search_fast_kanaster.py's walk), in every case the pick handles without a
listing (the play stage: adds, melds, burials, black threes, the discards alone; the draw stage:
the pile takes with two naturals, a natural and a wild card, onto the side's meld, or the draw
alone) and in those it leaves to the list; ``_draw_before`` (the black threes' verdicts deferred)
draws what ``randrange`` draws. tests/test_search_fast.py checks ``fast_playout`` (which plays
it) against ``quick_playout``."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from meldtable.canasta.search_pick import _LIST, _draw_before, play_pick, take_pick
from test_search_fast_kanaster import _walk

CANASTA = [("canasta-two-hand", 2), ("canasta-classic", 4), ("kanaster", 2), ("kanaster", 4)]


@pytest.mark.parametrize("variant,players", CANASTA)
def test_search_pick_is_the_listed_pick(variant: str, players: int) -> None:
    """At every position with a cheap kind, for several random streams: ``search_pick`` returns
    the move ``search_others`` gives the index ``randrange`` draws from the same generator state,
    and leaves the generator where that draw leaves it; the lazy play-stage pick answers (rather
    than leaving it to the list) in most play-stage positions, with adds, melds and the discards
    alone among its answers."""
    seen: Counter[str] = Counter()
    for i, state in enumerate(_walk(variant, players, 3, 12)):
        kind = state.search_kind()
        if kind is None:
            continue
        legal = state.search_others(kind)
        for s in range(3):
            ra, rb = random.Random(i * 7 + s), random.Random(i * 7 + s)
            want = legal[ra.randrange(len(legal))] if legal else None
            got = state.search_pick(kind, rb)
            assert got == want
            assert ra.getstate() == rb.getstate()
        lazy = play_pick(state, random.Random(0)) if kind == "discard" else take_pick(state, random.Random(0).randrange)
        seen[kind + (" listed" if lazy is _LIST else " lazy")] += 1
        if lazy is not _LIST:
            seen.update({m.kind + (" " + kind if m.kind == "draw" else "") for m in legal})
            hand = state.hands[state.turn.seat]
            blacks = sum(n for c, n in hand.items() if c.rank == 3 and not c.is_red)
            seen["black threes held"] += kind == "discard" and blacks >= 3
            seen["black threes meld"] += any(m.kind == "meld" and m.cards[0].rank == 3 for m in legal)
            seen["take onto"] += any(m.kind == "take" and not m.cards for m in legal)
            seen["take wild"] += any(m.kind == "take" and m.cards[-1].rank in (0, 2) for m in legal if m.cards)
    assert seen["discard lazy"] > seen["discard listed"] > 0
    assert seen["draw lazy"] > seen["draw listed"] > 0
    assert seen["meld"] > 20 and seen["add"] > 20 and seen["discard"] > 5
    assert seen["take"] > 20 and seen["draw draw"] > 20 and seen["take wild"] > 5
    assert (seen["black threes held"] > 50 and seen["black threes meld"] > 5) or variant != "kanaster"
    assert seen["take onto"] > 5 or variant == "canasta-classic"  # (classic: option take_pile_onto_own_meld off)


def test_draw_before_is_randrange() -> None:
    """``_draw_before`` and the redraws after it (as ``play_pick`` makes them: the count ``n``
    found only when the first draw is not below ``before``) give ``randrange(n)``'s number and
    leave the generator where ``randrange(n)`` leaves it, for every ``n`` in ``known .. known +
    extra``, with the bit lengths of the ends equal (a draw first) or not (``-1``: no draw)."""
    drawn = skipped = 0
    for before in (0, 1, 3, 8):
        for known in range(max(before, 1), 40):
            for extra in (1, 2, 5):
                for n in range(known, known + extra + 1):
                    for seed in range(4):
                        ra, rb = random.Random(seed), random.Random(seed)
                        want = ra.randrange(n)
                        i = _draw_before(rb, before, known, extra)
                        if i < 0:
                            skipped += 1
                            i = rb.randrange(n)
                        else:
                            drawn += 1
                            while i >= before and i >= n:
                                i = rb.getrandbits(n.bit_length())
                        assert i == want
                        assert ra.getstate() == rb.getstate()
    assert drawn > 1000 and skipped > 1000

    class Other(random.Random):  # (a generator whose randrange is not that loop: no draw)
        def _randbelow(self, n: int) -> int:
            return n - 1

    other = Other(1)
    state = other.getstate()
    assert _draw_before(other, 3, 20, 2) == -1 and other.getstate() == state
    assert _draw_before(random.Random(1), 3, 20, 2) >= 0
