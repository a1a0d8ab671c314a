"""Computer levels (issue #27): ``easy``, ``normal``, ``strong`` in every game; an unknown level is
refused; each level plays legal moves and decides from its seat's information only."""

from __future__ import annotations

import random

import pytest

import meldtable
from meldtable.bot import LEVELS, choose_move, easy_move
from meldtable.errors import OptionError
from positions import seat_to_act

GAMES = [("canasta-two-hand", 2), ("canasta-classic", 4), ("kanaster", 2), ("kanaster", 4), ("continental", 3),
         ("3-ist-50", 3)]


def test_the_three_levels() -> None:
    assert LEVELS == ("easy", "normal", "strong")


@pytest.mark.parametrize("level", ["hard", "", None, 3, "Normal"])
def test_an_unknown_level_is_refused_with_its_reason(level: str) -> None:
    g = meldtable.new_game("canasta-two-hand", players=2, seed=1)
    with pytest.raises(OptionError) as e:
        choose_move(g, level=level)
    assert e.value.key == "bot_level"
    assert "easy, normal, strong" in e.value.texts["en"] and "easy, normal, strong" in e.value.texts["de"]


@pytest.mark.parametrize("variant,players", GAMES)
def test_easy_and_normal_play_a_whole_hand_legally(variant: str, players: int) -> None:
    """Every seat easy or normal in turn: each move is legal (``play`` would refuse it) and the hand
    ends within the family's move bound."""
    g = meldtable.new_game(variant, players=players, seed=11)
    rng = random.Random(3)
    moves = 0
    while not g.hand_over:
        level = "easy" if seat_to_act(g) % 2 == 0 else "normal"
        m = choose_move(g, level=level, rng=rng)
        assert m in g.legal_moves()
        g.play(m)
        moves += 1
        assert moves < 3000
    assert g.hand_over


def test_normal_is_the_family_player() -> None:
    g = meldtable.new_game("continental", players=3, seed=4)
    for _ in range(30):
        seat = seat_to_act(g)
        assert choose_move(g, level="normal") == g.family.choose_move(g.view(seat), g.legal_moves())
        g.play(choose_move(g))


def test_easy_is_repeatable_for_the_same_rng_and_sometimes_differs_from_normal() -> None:
    differs = 0
    for seed in range(6):
        g = meldtable.new_game("canasta-two-hand", players=2, seed=seed)
        while not g.hand_over:
            a = choose_move(g, level="easy", rng=random.Random(seed * 1000 + len(g.history[-1])))
            b = choose_move(g, level="easy", rng=random.Random(seed * 1000 + len(g.history[-1])))
            assert a == b
            differs += a != choose_move(g, level="normal")
            g.play(choose_move(g))
    assert differs > 20


def test_easy_misses_takes_and_discards_carelessly() -> None:
    """From the normal player's take the easy player draws in about EASY_MISS_TAKE of the cases;
    from its discard it picks a card at random (never a wild one) in EASY_CARELESS_DISCARD of them."""
    from meldtable.canasta.moves import Move
    from meldtable.cards import Card

    take, draw = Move("take", (Card.parse("QH"), Card.parse("QS"))), Move("draw")
    view = {"hand": ["QH", "QS", "4C"]}
    picks = [easy_move(view, [draw, take], take, random.Random(i)) for i in range(200)]
    assert 165 <= picks.count(draw) <= 195
    discards = [Move("discard", (Card.parse(t),)) for t in ("4C", "JK", "2D", "9H", "KS")]
    view = {"hand": ["4C", "JK", "2D", "9H", "KS"]}
    chosen = [easy_move(view, discards, discards[0], random.Random(i)) for i in range(200)]
    assert all(str(m.cards[0]) not in ("JK", "2D") for m in chosen)
    assert 95 <= sum(m != discards[0] for m in chosen) <= 145


def test_normal_kanaster_keeps_cards_without_a_canasta() -> None:
    """Issue #27: the normal player never melds or adds down to fewer than KEEP cards while its side
    lacks the canastas needed to go out, unless the move completes a canasta."""
    from meldtable.canasta import bot as cbot

    checked = 0
    for seed in range(8):
        g = meldtable.new_game("kanaster", players=2, seed=seed)
        while not g.hand_over:
            seat = seat_to_act(g)
            v = g.view(seat)
            me = v["sides"][v["side_of_seat"][seat]]
            m = choose_move(g)
            can_discard = any(x.kind == "discard" for x in g.legal_moves())
            if m.kind in ("meld", "add") and me["canastas"] < v["canastas_to_go_out"] and can_discard:
                left = len(v["hand"]) - len(m.cards)
                if left < cbot.KEEP:
                    meld = next(x for x in me["melds"] if m.kind == "add" and x["key"] == x["rank"] and
                                x["rank"] == str(m).split()[1])
                    assert len(meld["cards"]) + len(m.cards) >= 7
                checked += 1
            g.play(m)
    assert checked > 50


@pytest.mark.parametrize("variant,players", GAMES)
def test_strong_plays_legal_moves_with_a_fixed_iteration_count(variant: str, players: int) -> None:
    g = meldtable.new_game(variant, players=players, seed=5)
    for i in range(12):
        if g.hand_over:
            break
        m = choose_move(g, level="strong", rng=random.Random(i), iterations=2)
        assert m in g.legal_moves()
        assert m == choose_move(g, level="strong", rng=random.Random(i), iterations=2)
        g.play(m)
    assert len(g.history[-1]) >= 1
