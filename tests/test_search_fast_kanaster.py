"""The canasta family's fast path, session 14 (issue #27: Kanaster's fast playouts): what the
quick policy lists when it does not play the cheap move (``search_others``) is exactly the legal
moves of another kind in ``legal_moves``' order, and the fast determinization's deal
(``search_shuffle``) is the family's ``shuffle_hidden`` of the saved state's hidden parts. Together
with tests/test_search_fast.py (``fast_playout`` against ``quick_playout`` move for move)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import meldtable
from meldtable.canasta.hidden import shuffle_hidden
from meldtable.search import family_of
from meldtable.search.rollout import fast_determinize, fast_playout, quick_move
from played import played as _midhand

CANASTA = [("canasta-two-hand", 2), ("canasta-classic", 4), ("kanaster", 2), ("kanaster", 4)]


def _walk(variant: str, players: int, seeds: int, playouts: int) -> Any:
    """Every position (family state) of ``playouts`` quick playouts (one random stream) from a
    position of each of the first ``seeds`` deals below; the state is changed after it is yielded."""
    for seed, moves in [(3, 20), (4, 2), (5, 9)][:seeds]:  # (seed 3, 20 moves: bench/search_bench.py's)
        g = _midhand(variant, players, seed, moves)
        rng = random.Random(1)
        for _ in range(playouts):
            state = g.search_node().state
            family = family_of(state)
            while not state.hand_over:
                yield state
                state.apply(quick_move(family, state, rng))


@pytest.mark.parametrize("variant,players", CANASTA)
def test_search_others_is_the_legal_moves_of_another_kind(variant: str, players: int) -> None:
    """At every position of the walk with a cheap kind: ``search_others(kind)`` is ``[m for m in
    legal_moves() if m.kind != kind]`` (the same moves in the same order), or ``legal_moves()``
    when that is empty: before the draw with and without pile takes (many of the latter seen
    without listing them: ``_search_no_take``), after it with melds or adds and with the
    discards alone, while an initial meld is pending and after black threes."""
    seen: Counter[str] = Counter()
    for state in _walk(variant, players, 3, 12):
        kind = state.search_kind()
        if kind is None:
            continue
        legal = state.legal_moves()
        want = [m for m in legal if m.kind != kind] or legal
        got = state.search_others(kind)
        assert [m.to_json() for m in got] == [m.to_json() for m in want]
        assert got == want
        assert state.legal_moves() == legal  # (the state's listing is unchanged by it)
        if kind == "draw" and state._search_no_take():  # (its shortcut: a sufficient condition)
            assert state._take_moves() == []
            seen["no take seen"] += 1
        side = state.rules.side_of[state.turn.seat]
        seen[kind + (" others" if want is not legal else " alone")] += 1
        if kind == "discard" and state.turn.initial and not state.melded[side]:
            seen["initial pending"] += 1
        if kind == "discard" and 3 in state.melds[side]:
            seen["black threes"] += 1
    assert seen["draw others"] > 10 and seen["draw alone"] > 10
    assert seen["draw alone"] >= seen["no take seen"] > 10
    assert seen["discard others"] > 10 and seen["discard alone"] > 0
    assert seen["initial pending"] > (10 if variant == "kanaster" else 0)
    assert seen["black threes"] > 10 or (variant, players) != ("kanaster", 2)


@pytest.mark.parametrize("variant,players", CANASTA)
def test_search_shuffle_deals_what_shuffle_hidden_deals(variant: str, players: int) -> None:
    """For every seat at positions of the walk: ``search_shuffle(seat, rng)`` gives the hands and
    the stock that ``shuffle_hidden`` gives for the saved state's hidden parts from the same
    random numbers (or ``None`` both), using the same random numbers, and leaves the state as
    it was."""
    dealt = refused = 0
    for i, state in enumerate(_walk(variant, players, 2, 2)):
        if i % 5:
            continue
        before = state.to_dict()
        keys = state.SEARCH_HIDDEN
        for seat in range(players):
            ra, rb = random.Random(i), random.Random(i)
            want = shuffle_hidden({k: before[k] for k in keys}, seat, ra)
            got = state.search_shuffle(seat, rb)
            assert ra.getstate() == rb.getstate()
            assert (want is None) == (got is None)
            if want is None or got is None:
                refused += 1
                continue
            assert got["hands"] == want["hands"] and got["stock"] == want["stock"]
            dealt += 1
        assert state.to_dict() == before
    assert dealt > 20 and refused > 0


@pytest.mark.parametrize("last_red_three", ["ends_hand", "turn_goes_on"])
@pytest.mark.parametrize("keep", [1, 3])
def test_search_draw_at_the_stocks_end_is_apply(last_red_three: str, keep: int) -> None:
    """The draw that uses the stock up: its last card a red three (laid out, no replacement
    left) drawn by a player holding ``keep`` cards and no canasta. With option
    ``last_red_three`` = ``ends_hand`` the hand ends at once; with ``turn_goes_on`` it ends
    when the player is left without a legal move (one card that may not be discarded), else the
    player plays on; ``search_draw`` leaves the state ``apply(draw)`` leaves (but the move log)."""
    from meldtable.canasta.legal_take import _DRAW
    from meldtable.cards import parse_cards

    g = meldtable.new_game("kanaster", players=2, seed=3, options={"last_red_three": last_red_three})
    state = g.search_node().state
    assert state.turn.stage == "draw" and not state.canastas(state.rules.side_of[state.turn.seat])
    seat = state.turn.seat
    state.stock = parse_cards(["3H"])
    state.hands[seat] = dict(zip(parse_cards(["4C", "7D", "9S"][:keep]), [1] * keep))
    a, b = state.copy(), state.copy()
    a.search_draw()
    b.apply(_DRAW)
    assert a.hand_over == b.hand_over == (keep == 1 or last_red_three == "ends_hand")
    assert a.stock == b.stock == [] and a.red_threes == b.red_threes
    assert a.hands == b.hands and a.turn.stage == b.turn.stage
    assert a.to_dict()["scores"] == b.to_dict()["scores"]


def test_fast_playout_leaves_the_garbage_collector_as_it_found_it() -> None:
    """``fast_playout`` (and ``fast_determinize``) pause Python's cyclic garbage collector while
    they run and leave it as it was: enabled after a playout started with it enabled (also when
    the playout fails), still disabled after one started with it disabled."""
    import gc

    g = _midhand("kanaster", 2, 3, 20)
    family = family_of(g.state)
    assert gc.isenabled()
    assert fast_playout(family, g.search_node().state, random.Random(1)) > 0
    assert gc.isenabled()
    seat = g.current_player
    assert seat is not None
    assert fast_determinize(g, seat, random.Random(1)) is not None
    assert gc.isenabled()
    with pytest.raises(AttributeError):
        fast_playout(family, None, random.Random(1))
    assert gc.isenabled()
    gc.disable()
    try:
        assert fast_playout(family, g.search_node().state, random.Random(2)) > 0
        assert not gc.isenabled()
    finally:
        gc.enable()
