"""3 ist 50's search fast path (issue #27, engine/meldtable/threefifty/search_steps.py) gives what
the public API gives: ``search_moves`` lists ``legal_moves`` (same moves, same order) and
``search_apply`` changes the state as ``apply`` does (but for the move log) under every rule
option that changes a capture, a deal or a target; ``fast_determinize`` (through
``SEARCH_HIDDEN`` and ``search_redeal``) deals exactly ``determinize_state``'s state from the same
random numbers; the cheaper copy in ``shuffle_hidden`` and the score table change nothing."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import meldtable
from meldtable.search import determinize_state, family_of
from meldtable.search.rollout import _uniform_playout, fast_determinize, fast_playout
from meldtable.threefifty.hidden import shuffle_hidden
from meldtable.threefifty.rules import SCORE_ITEMS, _category
from played import played

OPTIONS: list[dict[str, Any]] = [
    {},
    {"take_all_matches": False, "discard_capture_depth": "run", "discard_reveal_next": "never"},
    {"capture_sources": "center_or_discard_top", "option4_targets": "others_only", "refill_order": "center_then_hands"},
    {"capture_mandatory": False, "decks": 1, "jokers_per_deck": 2, "leftovers_scored": True, "games": 2},
]


def _saved(state: Any) -> str:
    """The saved state without the move log (what the fast steps skip)."""
    d = state.to_dict()
    d.pop("last_moves", None)
    return json.dumps(d, sort_keys=True)


@pytest.mark.parametrize("options", OPTIONS)
def test_search_moves_and_apply_are_legal_moves_and_apply(options: dict[str, Any]) -> None:
    """At every position of random playouts over whole games (every round's deal, the stock's end
    and the count, every game of a match): ``search_moves() == legal_moves()`` (the order too) and, for every legal move,
    ``search_apply`` gives the saved state ``apply`` gives."""
    positions = captures = 0
    for seed in range(3):
        g = meldtable.new_game("3-ist-50", players=3 + seed % 3, seed=seed, options=options)
        state = g.search_node().state
        rng = random.Random(seed)
        while not state.hand_over or not state.match_over:
            if state.hand_over:
                state.next_hand()  # (option games: the next game's deal)
            legal = state.legal_moves()
            assert state.search_moves() == legal
            for move in legal:
                a, b = state.copy(), state.copy()
                a.search_apply(move)
                b.apply(move)
                assert _saved(a) == _saved(b)
                captures += move.kind == "play"
            state.apply(legal[rng.randrange(len(legal))])
            positions += 1
    assert positions > 100 and captures > 50


@pytest.mark.parametrize("options", OPTIONS)
def test_fast_determinize_deals_determinize_states_state(options: dict[str, Any]) -> None:
    """``fast_determinize`` goes through ``SEARCH_HIDDEN``/``search_redeal`` and gives, from the
    same random numbers, ``determinize_state``'s saved state with every hand's cards in the same
    order, and the same fast playout after it; the game is untouched."""
    dealt = 0
    for seed in range(4):
        g = meldtable.new_game("3-ist-50", players=3 + seed % 2, seed=seed, options=options)
        for _ in range(4 + 5 * seed):
            g.play(g.legal_moves()[0])
        assert hasattr(g.state, "SEARCH_HIDDEN") and hasattr(g.state, "search_redeal")
        before = g.to_json()
        seat = g.current_player
        assert seat is not None
        for k in range(3):
            ra, rb = random.Random(k), random.Random(k)
            a = determinize_state(g, seat, ra)
            b = fast_determinize(g, seat, rb)
            assert (a is None) == (b is None)
            if a is None or b is None:
                continue
            dealt += 1
            assert json.dumps(a.to_dict()) == json.dumps(b.to_dict())
            assert [list(h.items()) for h in a.hands] == [list(h.items()) for h in b.hands]
            assert ra.getstate() == rb.getstate()
            assert fast_playout(family_of(a), a, ra) == fast_playout(family_of(b), b, rb)
            assert _saved(a) == _saved(b)
        assert g.to_json() == before
    assert dealt >= 9


def test_fast_determinize_of_the_mid_hand_game() -> None:
    """The search tests' mid-hand game (tests/played.py): the same determinization both ways, and
    the hidden cards really dealt again (some other hand or the stock differs from the game's)."""
    g = played("3-ist-50", 3, 1, 14)
    seat = g.current_player
    assert seat is not None
    moved = 0
    for k in range(5):
        a = determinize_state(g, seat, random.Random(k))
        b = fast_determinize(g, seat, random.Random(k))
        assert a is not None and b is not None
        assert json.dumps(a.to_dict()) == json.dumps(b.to_dict())
        assert b.hands[seat] == g.state.hands[seat]
        moved += b.stock != g.state.stock
    assert moved == 5


def test_shuffle_hidden_leaves_its_input_alone() -> None:
    """``shuffle_hidden`` (its copy no longer ``copy.deepcopy``): the input data is unchanged and
    shares no list with the result; a result with no cards to shuffle is an equal copy."""
    g = played("3-ist-50", 3, 2, 10)
    d = g.state.to_dict()
    kept = copy.deepcopy(d)
    st = shuffle_hidden(d, 0, random.Random(1))
    assert st is not None
    assert d == kept
    assert st["stock"] is not d["stock"] and st["results"] is not d["results"]
    assert all(x is not y for x, y in zip(st["hands"], d["hands"]))
    def every(x: dict[str, Any]) -> list[str]:
        lists = [x["stock"], x["set_aside"], x["discard_pile"], x["centre"], *x["hands"], *x["piles"]]
        return sorted(c for xs in lists for c in xs)

    assert every(st) == every(d) and st["hands"][0] == d["hands"][0] and st["stock"] != d["stock"]
    empty: dict[str, Any] = {"hands": [[], []], "stock": [], "set_aside": [], "discard_pile": [], "piles": [[], []],
             "hand_over": False, "extra": {"x": [1, (2, [3])]}}
    out = shuffle_hidden(empty, 0, random.Random(0))
    assert out == empty and out is not None and out["extra"]["x"][1][1] is not empty["extra"]["x"][1][1]


def test_score_table_is_the_seeds_values() -> None:
    """``Rules.points`` (the count's table): every card's item and minus points as ``value`` and
    the seed's categories give them (a three 50 or ``three_value``, an ace 11, a picture 10, a
    number its face, a joker ``joker_value``)."""
    for options in ({}, {"three_value": 30, "jokers_per_deck": 1, "joker_value": 25}):
        g = meldtable.new_game("3-ist-50", players=3, seed=0, options=options)
        rules = g.state.rules
        table = rules.points()
        assert table is rules.points()
        for c, (item, v) in table.items():
            assert item in SCORE_ITEMS and item == _category(c) and v == rules.value(c)
        three = [c for c in table if c.rank == 3][0]
        assert table[three] == ("threes", options.get("three_value", 50))


def _shuffle_by_slots(data: dict[str, Any], seat: int, rng: random.Random, tries: int = 50) -> dict[str, Any] | None:
    """``shuffle_hidden`` as it was before the fast path (a deep copy, the hidden places slot by
    slot): the reference the faster one must deal exactly."""
    st = copy.deepcopy(data)
    slots: list[tuple[list[str], int]] = []
    guards: list[tuple[list[str], int, str]] = []
    for p, h in enumerate(st["hands"]):
        if p != seat:
            slots += [(h, i) for i in range(len(h))]
    slots += [(st["stock"], i) for i in range(len(st["stock"]))]
    slots += [(st["set_aside"], i) for i in range(len(st["set_aside"]))]
    for xs in [st["discard_pile"]] + ([] if st["hand_over"] else st["piles"]):
        rank = [x if x == "JK" else x[0] for x in xs]
        run = 0
        while run < len(xs) and rank[-1 - run] == rank[-1]:
            run += 1
        below = len(xs) - run
        slots += [(xs, i) for i in range(below)]
        if below:
            guards.append((xs, below - 1, rank[-1]))
    pool = sorted(xs[i] for xs, i in slots)
    for _ in range(tries):
        rng.shuffle(pool)
        for (xs, i), c in zip(slots, pool):
            xs[i] = c
        if all((xs[i] if xs[i] == "JK" else xs[i][0]) != r for xs, i, r in guards):
            return st
    return None


@pytest.mark.parametrize("options", OPTIONS)
def test_shuffle_hidden_deals_what_the_slot_by_slot_shuffle_dealt(options: dict[str, Any]) -> None:
    """Along a random game (every round, the finished game too), for every seat: the faster
    ``shuffle_hidden`` gives the reference's saved state from the same random numbers (and
    ``None`` where it gives ``None``), with the few tries that make runs fail their guard."""
    g = meldtable.new_game("3-ist-50", players=4, seed=7, options=options)
    rng = random.Random(7)
    compared = 0
    while True:
        d = g.state.to_dict()
        for seat in range(4):
            for tries in (50, 1):
                ra, rb = random.Random(compared), random.Random(compared)
                assert shuffle_hidden(d, seat, ra, tries) == _shuffle_by_slots(d, seat, rb, tries)
                assert ra.getstate() == rb.getstate()
                compared += 1
        if g.hand_over:
            break
        legal = g.legal_moves()
        g.play(legal[rng.randrange(len(legal))])
    assert compared > 300


@pytest.mark.parametrize("options", OPTIONS)
def test_search_places_follow_the_search_steps(options: dict[str, Any]) -> None:
    """Playouts through ``search_apply`` alone (the places ``search_moves`` reads kept up to date
    move by move, new rounds dealt by the fast deal): at every position ``search_moves()`` is
    ``legal_moves()`` and the kept places are the ones found afresh; a copy keeps them, a public
    ``apply`` in between drops them, and the state at the end is ``apply``'s."""
    positions = 0
    for seed in range(4):
        g = meldtable.new_game("3-ist-50", players=2 + seed, seed=seed, options=options)
        state, public = g.search_node().state, g.search_node().state
        rng = random.Random(seed)
        while not state.hand_over:
            moves = state.search_moves()
            assert moves == state.legal_moves() == public.legal_moves()
            assert state._search_masks == state._search_places()
            move = moves[rng.randrange(len(moves))]
            if positions % 7 == 3:
                state = state.copy()
                assert state._search_masks == state._search_places()
            if positions % 11 == 5:
                state.apply(move)
                assert state._search_masks is None
            else:
                state.search_apply(move)
            public.apply(move)
            assert _saved(state) == _saved(public)
            positions += 1
    assert positions > 150


@pytest.mark.parametrize("options", OPTIONS)
def test_search_playout_is_the_fast_playout(options: dict[str, Any]) -> None:
    """``search_playout`` (the playout in one loop) and the rollout's uniform playout through
    ``search_moves`` + ``search_apply`` (what ``fast_playout`` plays when the capture is
    mandatory) from the same positions and random numbers: the same
    number of moves, the same saved state (but the move log) and the same random numbers used,
    also when ``limit`` stops them half-way; the kept places stay right."""
    played_out = 0
    for seed in range(4):
        g = meldtable.new_game("3-ist-50", players=3 + seed % 3, seed=seed, options=options)
        for _ in range(2 + 3 * seed):
            g.play(g.legal_moves()[-1])
        for k, limit in ((0, 10_000), (1, 10_000), (2, 9)):
            a, b = g.search_node().state, g.search_node().state
            ra, rb = random.Random(10 * seed + k), random.Random(10 * seed + k)
            na = _uniform_playout(a.search_moves, a.search_apply, a, ra, limit)
            nb = b.search_playout(rb, limit)
            assert na == nb > 0 and (nb == 9) == (limit == 9)
            assert _saved(a) == _saved(b) and ra.getstate() == rb.getstate()
            assert b.hand_over or b._search_masks == b._search_places()
            played_out += 1
    assert played_out == 12
