"""The search's fast path (issue #27): the families' ``search_draw``, ``search_discard_ok`` and
``search_discard`` change a state exactly as ``apply`` of the same move does (but for the move
log, ``last_moves``, which they skip), accept exactly the discards the family's verdict accepts,
and :func:`meldtable.search.rollout.fast_playout` plays the same moves as ``quick_playout``
(whose moves tests/test_search.py replays through ``Game.play``)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import meldtable
from meldtable.search import determinize_state, family_of
from meldtable.search.knowledge import known_cards
from meldtable.search.rollout import _accepts, _cheap_kind, _move, fast_determinize, fast_playout, quick_move, quick_playout
from played import played as _midhand

FAST = [("canasta-two-hand", 2), ("canasta-classic", 4), ("kanaster", 2), ("kanaster", 4), ("continental", 3),
        ("continental", 5)]
ALL = FAST + [("3-ist-50", 3)]


def _saved(state: Any) -> str:
    """The saved state without the move log (what the fast steps skip)."""
    d = state.to_dict()
    d.pop("last_moves", None)
    return json.dumps(d, sort_keys=True)


@pytest.mark.parametrize("variant,players", FAST)
def test_fast_steps_change_the_state_as_apply_does(variant: str, players: int) -> None:
    """Along quick playouts from several positions: every proposed draw by ``search_draw`` gives
    the state ``apply(draw)`` gives; for every card in hand after the draw, ``search_discard_ok``
    says what the family's verdict says, and ``search_discard`` of a legal one gives the state
    ``apply(discard)`` gives (to the end of the hand: going out and the stock's end included)."""
    draws = discards = refused = answers = 0
    for seed in range(3):
        g = _midhand(variant, players, seed, 6 * seed)  # (seed 0: the deal itself, red threes still in hands)
        family = g.family
        state = g.search_node().state
        rng = random.Random(seed)
        for _ in range(800):
            if state.hand_over:
                break
            kind = _cheap_kind(state)
            assert state.search_kind() == kind
            window = getattr(state, "search_window_moves", lambda: None)()
            assert window is None or window == state.legal_moves()
            for move in window or []:
                a, b = state.copy(), state.copy()
                a.search_answer(move)
                b.apply(move)
                assert _saved(a) == _saved(b)
                answers += 1
            if kind == "draw":
                a, b = state.copy(), state.copy()
                a.search_draw()
                b.apply(_move(family, "draw"))
                assert _saved(a) == _saved(b)
                draws += 1
            elif kind == "discard":
                for c in list(state.hands[state.current_player]):
                    move = _move(family, "discard " + c.text)
                    ok = state.search_discard_ok(c)
                    assert ok == _accepts(state, move) == (move in state.legal_moves())
                    if not ok:
                        refused += 1
                        continue
                    a, b = state.copy(), state.copy()
                    a.search_discard(c)
                    b.apply(move)
                    assert _saved(a) == _saved(b)
                    discards += 1
            state.apply(quick_move(family, state, rng))
    assert draws > 10 and discards > 50
    assert answers > 10 or not variant.startswith("continental")


@pytest.mark.parametrize("variant,players", ALL)
def test_fast_playout_plays_the_quick_playouts_moves(variant: str, players: int) -> None:
    """``fast_playout`` and ``quick_playout`` from the same position and random numbers: the same
    number of moves, the same saved state (but the move log) and the same random numbers used."""
    for seed in range(4):
        g = _midhand(variant, players, seed, 5 + 7 * seed)
        if g.hand_over:
            continue
        for k in range(3):
            a, b = g.search_node().state, g.search_node().state
            ra, rb = random.Random(100 * seed + k), random.Random(100 * seed + k)
            na = quick_playout(family_of(a), a, ra)
            nb = fast_playout(family_of(b), b, rb)
            assert na == nb > 0
            assert a.hand_over and b.hand_over
            assert _saved(a) == _saved(b)
            assert ra.getstate() == rb.getstate()
        assert g.to_json() == _midhand(variant, players, seed, 5 + 7 * seed).to_json()  # the game is untouched


@pytest.mark.parametrize("variant,players", ALL)
def test_fast_determinize_deals_what_determinize_state_deals(variant: str, players: int) -> None:
    """``fast_determinize`` and ``determinize_state`` for the seat to act from the same random
    numbers: the same saved state, every hand's cards in the same order (the order a quick
    playout draws its discards from) and so the same playout after it; the game is untouched."""
    dealt = 0
    for seed in range(5):
        g = _midhand(variant, players, seed, 3 + 9 * seed)
        if g.hand_over:
            continue
        before = g.to_json()
        seat = g.current_player
        assert seat is not None
        known = known_cards(g)
        for k in range(3):
            ra, rb = random.Random(k), random.Random(k)
            a = determinize_state(g, seat, ra, known)
            b = fast_determinize(g, seat, rb, known if k else None)
            assert (a is None) == (b is None)
            if a is None:
                continue
            dealt += 1
            assert json.dumps(a.to_dict()) == json.dumps(b.to_dict())
            assert [list(h.items()) for h in a.hands] == [list(h.items()) for h in b.hands]
            assert ra.getstate() == rb.getstate()
            assert fast_playout(family_of(a), a, ra) == fast_playout(family_of(b), b, rb)
            assert json.dumps(a.to_dict()) == json.dumps(b.to_dict())
        assert g.to_json() == before
    assert dealt >= 9


def test_threefifty_fast_moves_and_apply_are_the_public_ones() -> None:
    """3 ist 50 (no cheap kind: every position's moves listed): ``search_moves`` lists
    ``legal_moves`` in its order and ``search_apply`` changes the state as ``apply`` does (but the
    move log) at every position of random playouts, over every round's deal to the game's end,
    with default options and with the capture not mandatory, centre and discard top apart and every minus pile a target."""
    positions = 0
    for options in ({}, {"capture_mandatory": False, "capture_sources": "center_or_discard_top", "option4_targets": "any"}):
        for seed in range(3):
            g = meldtable.new_game("3-ist-50", players=3 + seed % 2, seed=seed, options=options)
            state = g.search_node().state
            rng = random.Random(seed)
            while not state.hand_over:
                legal = state.legal_moves()
                assert state.search_moves() == legal
                move = legal[rng.randrange(len(legal))]
                a = state.copy()
                a.search_apply(move)
                state.apply(move)
                assert _saved(a) == _saved(state)
                positions += 1
    assert positions > 200
