"""The continental computer player: better than random, decides from its seat's view only, and
does what a sensible player does in clear situations (lay down, add, claim or pass, keep jokers)."""
from __future__ import annotations

import importlib
import json
import random

import pytest

import meldtable
from meldtable.bot import choose_move
from meldtable.continental import choose_move as family_choose
from positions import seat_to_act
from positions_continental import PLAY_STAGE, position

V = "continental"
FILLER = ["5S", "6S", "8S", "9S", "TS", "QS"]


def test_bots_beat_random_players_clearly() -> None:
    """Two-player matches (seven deals), the bot on either seat: the bot ends lower in at least 9 of
    10 matches and far lower on average."""
    wins = margin = 0
    for seed in range(10):
        g = meldtable.new_game(V, players=2, seed=seed)
        rnd = random.Random(seed)
        bot = seed % 2
        while True:
            while not g.hand_over:
                g.play(choose_move(g) if g.current_player == bot else rnd.choice(g.legal_moves()))
            if g.match_over:
                break
            g.next_hand()
        wins += g.scores[bot] < g.scores[1 - bot]
        margin += g.scores[1 - bot] - g.scores[bot]
    assert wins >= 9 and margin / 10 > 200, (wins, margin / 10)


def _hidden_reshuffled(g: meldtable.Game, seat: int, rnd: random.Random) -> meldtable.Game:
    d = json.loads(g.to_json())
    st = d["state"]
    others = [s for s in range(len(st["hands"])) if s != seat]
    pool = st["stock"] + st["penalty_stock"] + st["discard_pile"][:-1]
    for s in others:
        pool = pool + st["hands"][s]
    rnd.shuffle(pool)
    for s in others:
        k = len(st["hands"][s])
        st["hands"][s], pool = pool[:k], pool[k:]
    k = len(st["stock"])
    st["stock"], pool = pool[:k], pool[k:]
    k = len(st["penalty_stock"])
    st["penalty_stock"], pool = pool[:k], pool[k:]
    st["discard_pile"] = pool + st["discard_pile"][-1:]
    return meldtable.Game.from_json(json.dumps(d))


def test_bot_decides_from_its_view_only() -> None:
    """The same view gives the same move whatever the hidden cards (other hands, stocks, buried
    discards) are."""
    rnd = random.Random(3)
    checked = 0
    for seed in range(3):
        g = meldtable.new_game(V, players=4, seed=seed)
        n = 0
        while not g.hand_over and n < 400:
            seat = seat_to_act(g)
            if n % 7 == 0 and not g.state.turn.joker_from:
                alt = _hidden_reshuffled(g, seat, rnd)
                assert alt.view(seat) == g.view(seat)
                assert str(choose_move(alt)) == str(choose_move(g))
                checked += 1
            g.play(choose_move(g))
            n += 1
    assert checked > 30


def test_bot_lays_down_its_contract_and_goes_out() -> None:
    g = position(hands=[["7C", "7D", "7H", "KC", "KD", "KH", "4S"], FILLER], turn=PLAY_STAGE)
    for _ in range(3):
        g.play(choose_move(g))
    assert g.hand_over and g.results[-1]["went_out"] == 0


def test_bot_adds_its_cards_and_keeps_jokers_for_the_table() -> None:
    g = position(hands=[["9S", "JK", "QC", "4D"], ["5D", "6D"]], hand_number=2, turn=PLAY_STAGE,
                 table=[[["9C", "9D", "9H"], ["2S", "3S", "4S", "5S"]], [["5H", "6H", "7H", "8H"], ["KC", "KD", "KH"]]])
    first = str(choose_move(g))
    assert first == "add 0.1 9S"
    g.play(first)
    assert choose_move(g).kind == "add" and choose_move(g).cards[0].text == "JK"
    g.play(choose_move(g))
    assert str(choose_move(g)) == "discard QC"  # the higher of two useless cards


def test_bot_claims_a_card_that_completes_its_contract_and_passes_otherwise() -> None:
    # seat 2 holds two sevens and two kings: the discarded 7S gives it the two sets (deal 1)
    hands = [["4C", "9D", "KS", "2H", "3H", "QC", "7S"], ["5D", "6D", "8C", "TC", "JC", "AS"],
             ["7C", "7D", "KC", "KD", "KH", "2S"]]
    g = position(hands=hands, pile=["TS"], stock_top=["8H"], penalty=["5S"], turn=PLAY_STAGE)
    g.play("discard 7S")
    g.play("draw")
    assert g.current_player == 2 and str(choose_move(g)) == "claim"
    g = position(hands=hands, pile=["TS"], stock_top=["8H"], penalty=["5S"], turn=PLAY_STAGE)
    g.play("discard 9D")
    g.play("draw")
    assert g.current_player == 2 and str(choose_move(g)) == "pass"
    g.play("pass")
    assert g.current_player == 0 and str(choose_move(g)) == "pass"


def test_bot_passes_when_already_down() -> None:
    hands = [["4C", "9D"], ["5D", "6D", "8C"], ["7C", "2S"]]
    g = position(hands=hands, pile=["TS"], stock_top=["8H"], penalty=["5S"], turn=PLAY_STAGE,
                 table=[[], [], [["7D", "7H", "7S"], ["KC", "KD", "KH"]]])
    g.play("discard 9D")
    g.play("draw")
    assert g.current_player == 2 and str(choose_move(g)) == "pass"


def test_bot_takes_a_discard_that_completes_its_contract() -> None:
    g = position(hands=[["5D", "6D", "8C", "TC", "JC", "AS"], ["7C", "7D", "KC", "KD", "KH", "2S"]],
                 pile=["7S"], stock_top=["8H"], turn={"seat": 1}, top_from=0)
    assert str(family_choose(g.view(1), g.legal_moves())) == "take"
    g = position(hands=[["5D", "6D", "8C", "TC", "JC", "AS"], ["7C", "7D", "KC", "KD", "KH", "2S"]],
                 pile=["4H"], stock_top=["8H"], turn={"seat": 1}, top_from=0)
    assert str(choose_move(g)) == "draw"


@pytest.mark.parametrize("forbid", [True, False])
def test_bot_never_takes_a_discard_only_to_throw_it_back(forbid: bool) -> None:
    """Computer players never discard the card they took from the discard pile in the same turn,
    also when option ``forbid_discarding_taken_card`` is off (issue #15: two of 148 two-player
    computer-only deals repeated take and discard for ever)."""
    takes = 0
    for seed in range(3):
        g = meldtable.new_game("continental", players=2, seed=seed, options={"forbid_discarding_taken_card": forbid})
        for _ in range(3):
            taken = None
            while not g.hand_over:
                m = choose_move(g)
                g.play(m)
                if m.kind == "take":
                    taken, takes = g.view(0)["turn"]["taken"], takes + 1
                elif m.kind == "discard":
                    assert taken is None or m.cards[0].text != taken, (seed, g.hand_number)
                    taken = None
            if g.match_over:
                break
            g.next_hand()
    assert takes >= 10


@pytest.mark.parametrize("seed", [549683695, 478503132])
def test_the_two_endless_computer_matches_of_the_issue_end(seed: int) -> None:
    """Seeds 549683695 and 478503132 of ``new_game('continental', players=2, seed=...)`` with
    computers on both seats never ended; every deal now ends within ``move_bound``."""
    g = meldtable.new_game("continental", players=2, seed=seed)
    bound = importlib.import_module(g.family.TESTING).move_bound(g.state.rules)  # the harness hooks
    while True:
        n = 0
        while not g.hand_over:
            g.play(choose_move(g))
            n += 1
            assert n <= bound
        if g.match_over:
            break
        g.next_hand()
    assert g.hand_number == 7 and g.winners
