"""3 ist 50's playout in one loop (``search_playout``, engine/meldtable/threefifty/search_steps.py,
issue #27) plays every move inline and counts the end of a game by
``search_count.end_game``: from many positions under every option that changes a capture, a
deal, a target or the count, it plays the moves the public API's uniform playout plays (through
``legal_moves`` and ``apply``) from the same random numbers and leaves the same saved state."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import meldtable
from meldtable.cards import Card
from meldtable.search.rollout import _uniform_playout
from meldtable.threefifty.search_count import end_game
from meldtable.threefifty.search_shuffle import shuffle_cards

OPTIONS: list[dict[str, Any]] = [
    {},
    {"take_all_matches": False, "discard_capture_depth": "run", "discard_reveal_next": "never"},
    {"take_all_matches": False, "discard_capture_depth": "top", "discard_reveal_next": "later_turns"},
    {"capture_sources": "center_or_discard_top", "option4_targets": "others_only", "refill_order": "center_then_hands"},
    {"capture_mandatory": False, "decks": 1, "jokers_per_deck": 2, "leftovers_scored": True, "games": 2},
    {"capture_mandatory": False, "discard_capture_depth": "run", "three_value": 30, "joker_value": 25},
]


def _saved(state: Any) -> str:
    """The saved state without the move log (what the fast steps skip)."""
    d = state.to_dict()
    d.pop("last_moves", None)
    return json.dumps(d, sort_keys=True)


def _public_playout(state: Any, rng: random.Random, limit: int) -> int:
    """The public API's uniform playout: ``legal_moves`` and ``apply``, ``randrange``."""
    n = 0
    while not state.hand_over and n < limit:
        legal = state.legal_moves()
        if not legal:
            break
        state.apply(legal[rng.randrange(len(legal))])
        n += 1
    return n


@pytest.mark.parametrize("options", OPTIONS)
def test_search_playout_plays_the_public_uniform_playout(options: dict[str, Any]) -> None:
    """From positions all along a game (2 to 6 seats): ``search_playout`` and the public uniform
    playout from the same random numbers play as many moves, leave the same saved state (the
    results of the count too) and the generator in the same state; also cut off by ``limit``."""
    compared = ended = 0
    for seed in range(5):
        g = meldtable.new_game("3-ist-50", players=2 + seed, seed=seed, options=options)
        walk = random.Random(100 + seed)
        step = 0
        while not g.hand_over:
            if step % 9 == 0:
                for k, limit in ((0, 10_000), (1, 7)):
                    a, b = g.search_node().state, g.search_node().state
                    ra, rb = random.Random(1000 * seed + step + k), random.Random(1000 * seed + step + k)
                    na = _public_playout(a, ra, limit)
                    nb = b.search_playout(rb, limit)
                    assert na == nb
                    assert _saved(a) == _saved(b)
                    assert ra.getstate() == rb.getstate()
                    assert b.hand_over or b._search_masks == b._search_places()
                    compared += 1
                    ended += b.hand_over
            legal = g.legal_moves()
            g.play(legal[walk.randrange(len(legal))])
            step += 1
    assert compared > 40 and ended > 20


def test_search_playout_with_a_random_generator_of_its_own() -> None:
    """A generator that is not a plain ``random.Random`` (its own ``random``): ``search_playout``
    draws through its ``_randbelow`` and still plays the public playout's moves."""

    class Other(random.Random):
        def random(self) -> float:
            return super().random()

    g = meldtable.new_game("3-ist-50", players=3, seed=4)
    a, b = g.search_node().state, g.search_node().state
    ra, rb = Other(3), Other(3)
    assert _public_playout(a, ra, 10_000) == b.search_playout(rb) > 10
    assert _saved(a) == _saved(b) and ra.getstate() == rb.getstate()


def test_discard_top_taken_leaves_a_card_of_its_rank_live() -> None:
    """Seed 003 with ``discard_capture_depth`` = ``top`` and ``discard_reveal_next`` =
    ``later_turns``: taking the discard pile's top 7 uncovers another 7, which is then live (the
    next seat holding a 7 must take it); ``search_playout`` and ``apply`` agree on it."""
    g = meldtable.new_game("3-ist-50", players=2, seed=1, options={"capture_mandatory": True})
    state = g.search_node().state
    c = Card.parse
    state.centre = [c("2C"), c("4C"), c("5C"), c("6C")]
    state.discard = [c("9D"), c("7S"), c("7H")]
    state.discard_live = True
    state.hands = [{c("7D"): 1, c("KS"): 1}, {c("7C"): 1, c("QS"): 1}]
    state.piles = [[], []]
    state.to_act = 0
    state._search_masks = None
    state._legal = None
    moves = [str(m) for m in state.legal_moves()]
    assert moves == ["play 7D middle"]
    a, b = state.copy(), state.copy()
    ra, rb = random.Random(5), random.Random(5)
    assert _public_playout(a, ra, 1) == b.search_playout(rb, 1) == 1
    assert _saved(a) == _saved(b) and b.discard_live and [x.text for x in b.discard] == ["9D", "7S"]
    assert b._search_masks == b._search_places()
    assert "play 7C middle" in [str(m) for m in b.search_moves()] and b.search_moves() == a.legal_moves()
    assert _public_playout(a, ra, 10_000) == b.search_playout(rb) > 0
    assert _saved(a) == _saved(b) and ra.getstate() == rb.getstate()


@pytest.mark.parametrize("options", OPTIONS)
def test_end_game_counts_as_end_game(options: dict[str, Any]) -> None:
    """``search_count.end_game`` leaves the saved state ``_end_game`` leaves (each item's minus
    points, totals, the match's end, the leftovers) at every point of a game played out."""
    compared = 0
    for seed in range(3):
        g = meldtable.new_game("3-ist-50", players=3 + seed, seed=seed, options=options)
        state = g.search_node().state
        rng = random.Random(seed)
        while not state.hand_over:
            a, b = state.copy(), state.copy()
            a._end_game()
            end_game(b)
            assert _saved(a) == _saved(b)
            assert b._search_masks is None and b._legal == [] and b.to_act is None
            compared += 1
            legal = state.legal_moves()
            state.apply(legal[rng.randrange(len(legal))])
    assert compared > 60


def test_uniform_playout_of_the_rollout_is_search_playout() -> None:
    """The rollout's uniform playout through ``search_moves``/``search_apply`` and
    ``search_playout`` stay the same playout (the first is what ``fast_playout`` used to play)."""
    g = meldtable.new_game("3-ist-50", players=4, seed=9)
    for k in range(5):
        a, b = g.search_node().state, g.search_node().state
        ra, rb = random.Random(k), random.Random(k)
        assert _uniform_playout(a.search_moves, a.search_apply, a, ra, 10_000) == b.search_playout(rb)
        assert _saved(a) == _saved(b) and ra.getstate() == rb.getstate()


def test_shuffle_cards_is_random_shuffle() -> None:
    """``search_shuffle.shuffle_cards`` (the fast determinization's shuffle, its steps from a
    table) leaves every list as ``random.shuffle`` does from the same seed, and the generator in
    the same state, for every length from 0 to 120; a generator of another class goes through
    its own ``shuffle``."""
    for size in range(121):
        a, b = random.Random(size), random.Random(size)
        xs, ys = list(range(size)), list(range(size))
        for _ in range(3):
            shuffle_cards(a, xs)
            b.shuffle(ys)
        assert xs == ys and a.getstate() == b.getstate()

    class Other(random.Random):
        def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
            x.reverse()

    zs = [1, 2, 3]
    shuffle_cards(Other(1), zs)
    assert zs == [3, 2, 1]


def _run(xs: list[Card]) -> int:
    """The length of the top run of one rank of a pile (0 if empty)."""
    k = 0
    while k < len(xs) and xs[-1 - k].rank == xs[-1].rank:
        k += 1
    return k


@pytest.mark.parametrize("options", OPTIONS[:3])
def test_fast_determinization_keeps_what_the_seat_sees(options: dict[str, Any]) -> None:
    """Seed 003 shows the centre, the discard pile's top and every minus pile's top: the fast
    determinization (``search_shuffle`` + ``search_redeal``) for the seat to act keeps them, the
    seat's hand, every hand's size and the stock's, the whole deck of cards, and each visible top
    run as long as it was (the card below it never of its rank), along games of 3 and 4 seats."""
    dealt = 0
    for seed in range(2):
        g = meldtable.new_game("3-ist-50", players=3 + seed, seed=seed, options=options)
        walk = random.Random(seed)
        rng = random.Random(50 + seed)
        while not g.hand_over:
            state = g.state
            seat = state.to_act
            assert seat is not None
            st = state.search_shuffle(seat, rng)
            if st is not None:
                d = state.copy()
                d.search_redeal(st)
                dealt += 1
                assert d.hands[seat] == state.hands[seat] and d.centre == state.centre
                assert [sum(h.values()) for h in d.hands] == [sum(h.values()) for h in state.hands]
                assert len(d.stock) == len(state.stock) and d.conservation() == state.conservation()
                for a, b in zip([d.discard, *d.piles], [state.discard, *state.piles]):
                    k = _run(b)
                    assert len(a) == len(b) and a[len(a) - k:] == b[len(b) - k:] and _run(a) == k
            legal = g.legal_moves()
            g.play(legal[walk.randrange(len(legal))])
    assert dealt > 80
