"""The race estimate of Continental's strong player (meldtable.continental.race, issue #27): the
chance that a hand holds its contract of sets within a few stock draws, and the strong player's
moves it decides (deal 1, »zwei Sätze«: the first seat to hold two sets lays them and goes out)."""
from __future__ import annotations

import pytest

from meldtable.continental import strong
from meldtable.continental.race import ready_chance
from positions_continental import PLAY_STAGE, position


def test_a_hand_holding_its_sets_is_ready_and_one_without_draws_is_not() -> None:
    """Two sets of three (or a pair and a joker): chance 1 at any horizon; one card short with no
    draw left: 0."""
    live = {5: 4, 9: 4, 0: 4}
    assert ready_chance({5: 3, 9: 3}, 2, live, 0) == 1.0
    assert ready_chance({5: 3, 9: 2, 0: 1}, 2, live, 3) == 1.0
    assert ready_chance({5: 3, 9: 2, 2: 1}, 2, live, 0) == 0.0


def test_one_card_short_counts_the_unseen_copies_of_the_rank_and_the_jokers() -> None:
    """A set of fives, a pair of nines, a two; 10 unseen cards of which 2 nines and no joker:
    one draw brings a nine with chance 2/10, two draws with 1 - (8/10)^2 = 0.36 (the two's and the
    fives' copies would not complete two sets by then). A joker unseen counts like a nine."""
    live = {9: 2, 2: 3, 7: 5}
    assert ready_chance({5: 3, 9: 2, 2: 1}, 2, live, 1) == pytest.approx(0.2)
    assert ready_chance({5: 3, 9: 2, 2: 1}, 2, live, 2) == pytest.approx(0.36)
    assert ready_chance({5: 3, 9: 2, 2: 1}, 2, {9: 2, 0: 1, 2: 3, 7: 4}, 1) == pytest.approx(0.3)


def test_a_dead_pair_is_worth_less_than_a_live_one() -> None:
    """A set of fives and a pair of nines whose other copies are all seen: only the jokers or
    three draws of twos can complete it; with two nines unseen it is likelier."""
    dead = ready_chance({5: 3, 9: 2, 2: 1}, 2, {9: 0, 2: 4, 0: 1, 7: 20}, 3)
    alive = ready_chance({5: 3, 9: 2, 2: 1}, 2, {9: 2, 2: 4, 0: 1, 7: 18}, 3)
    assert 0.0 < dead < alive


def test_two_sets_of_one_rank_count() -> None:
    """Five nines and a four (several sets of one rank, option ``same_rank_sets``): one more nine
    or a joker makes two sets of nines."""
    assert ready_chance({9: 5, 4: 1}, 2, {9: 3, 0: 4, 4: 13}, 1) == pytest.approx(7 / 20)
    assert ready_chance({9: 6}, 2, {}, 0) == 1.0


def test_strong_keeps_five_nines_and_throws_a_single(monkeypatch: pytest.MonkeyPatch) -> None:
    """Five nines, 4H and 6H after the draw: kept with a single, the nines need one more nine or a
    joker (two sets of nines); the usefulness order (a fourth nine is worth little) throws a nine
    and keeps two singles. The strong player throws a single; with the race estimate off, a nine."""
    g = position(hands=[["9C", "9D", "9D", "4H", "6H", "9H", "9S"], ["4S", "6S", "7S", "8S", "TS", "JS"],
                        ["AC", "AD", "TD", "JH", "2S", "4C"]],
                 turn=PLAY_STAGE)
    assert str(strong.choose_move(g)) in ("discard 4H", "discard 6H")
    monkeypatch.setattr(strong, "RACE_H", 0)
    assert str(strong.choose_move(g)).startswith("discard 9")

