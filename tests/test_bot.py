"""The computer opponent (issue #2 "Computer opponent"): better than random, decides from its
seat's view only, and does what a sensible canasta player does in clear situations."""

from __future__ import annotations

import json
import random

import pytest

import meldtable
from meldtable.bot import choose_move
from positions import position, seat_to_act

VARIANT = "canasta-two-hand"


def _play_hand(seed: int, bot_seat: int) -> list[int]:
    g = meldtable.new_game(VARIANT, players=2, seed=seed)
    rnd = random.Random(seed * 7 + bot_seat)
    while not g.hand_over:
        if g.current_player == bot_seat:
            g.play(choose_move(g))
        else:
            g.play(rnd.choice(g.legal_moves()))
    return g.scores


def test_bot_beats_a_random_player_clearly() -> None:
    """Over 40 seeded hands (the bot on either seat), the bot scores more than a random player in
    at least 90 % of them, and its average hand score is far higher."""
    wins = 0
    margin = 0
    n = 40
    for seed in range(n):
        bot_seat = seed % 2
        scores = _play_hand(seed, bot_seat)
        wins += scores[bot_seat] > scores[1 - bot_seat]
        margin += scores[bot_seat] - scores[1 - bot_seat]
    assert wins >= 0.9 * n, wins
    assert margin / n > 500, margin / n


def _hidden_reshuffled(g: meldtable.Game, seat: int, rnd: random.Random) -> meldtable.Game:
    """The same game with every card hidden from ``seat`` (other hands, the stock) redealt at random."""
    d = json.loads(g.to_json())
    st = d["state"]
    others = [i for i in range(len(st["hands"])) if i != seat]
    red = ("3D", "3H")  # red threes never rest in a hand: they keep their places in the stock
    pool = [c for c in st["stock"] if c not in red]
    for i in others:
        pool.extend(st["hands"][i])
    rnd.shuffle(pool)
    for i in others:
        k = len(st["hands"][i])
        st["hands"][i], pool = pool[:k], pool[k:]
    st["stock"] = [c if c in red else pool.pop() for c in st["stock"]]
    return meldtable.Game.from_json(json.dumps(d))


def test_bot_decides_from_its_view_only() -> None:
    """Redistributing the cards the bot cannot see (the opponent's hand and the stock order) never
    changes its decision."""
    rnd = random.Random(5)
    checked = 0
    for seed in range(6):
        g = meldtable.new_game(VARIANT, players=2, seed=seed)
        while not g.hand_over:
            seat = seat_to_act(g)
            move = choose_move(g)
            if rnd.random() < 0.3:
                other = _hidden_reshuffled(g, seat, rnd)
                assert other.view(seat) == g.view(seat)
                assert choose_move(other) == move
                checked += 1
            g.play(move)
    assert checked > 50


def test_bot_makes_its_initial_meld() -> None:
    """Unmelded with 50 needed and three kings plus three aces in hand after the draw: it melds."""
    hand = ["KH", "KS", "KD", "AH", "AS", "AD", "4C", "5D", "6H", "7S", "8C", "9D", "TH", "JS", "QC", "5C", "6C"]
    g = position(hands=[hand, ["4D"] * 2 + ["5H"] * 2 + ["6S"] * 2 + ["7C"] * 2 + ["8D"] * 2 + ["9H"] * 2 + ["TS", "TC", "JD"]],
                 pile=["4H"], turn={"seat": 0, "stage": "play"})
    m = choose_move(g)
    assert m.kind == "meld"
    g.play(m)
    # it keeps going until the minimum is met, then discards
    while g.current_player == 0 and not g.hand_over:
        g.play(choose_move(g))
    assert g.view(0)["sides"][0]["melded"]


def test_bot_takes_a_big_pile_when_it_can() -> None:
    """Melded, holding a natural pair of the top card's rank with a 6-card unfrozen pile: it takes."""
    hand = ["9H", "9S", "4C", "5D", "6H", "7S", "8C"]
    pile = ["4D", "5S", "6C", "7D", "8H", "9C"]
    g = position(hands=[hand, ["KC", "KD", "QC", "QD", "JC", "JD", "TC"]], pile=pile,
                 melds=[[["AH", "AS", "AD"]], [["KH", "KS", "KS"]]], turn={"seat": 0, "stage": "draw"})
    assert choose_move(g).kind == "take"


def test_bot_blocks_with_a_black_three() -> None:
    """The opponent holds melds and the pile is worth taking: the bot discards its black three."""
    hand = ["3C", "9H", "TD", "JS", "QC", "4C"]
    g = position(hands=[hand, ["KC", "KD", "QD", "JC", "JD", "TC", "8D"]],
                 pile=["4D", "5S", "6C", "7D", "8H"],
                 melds=[[["AH", "AS", "AD"]], [["KH", "KS", "KS"], ["8C", "8S", "8S"]]],
                 turn={"seat": 0, "stage": "play", "from_stock": True})
    assert str(choose_move(g)) == "discard 3C"


def test_bot_goes_out_when_it_can() -> None:
    """Two canastas on the table and one queen left that fits its meld of queens: it goes out."""
    q7 = ["QH", "QH", "QS", "QS", "QD", "QD", "QC"]
    k7 = ["KH", "KH", "KS", "KS", "KD", "KD", "KC"]
    g = position(hands=[["QC", "4D"], ["4C", "5D", "6H", "7S", "8C", "9D", "TH"]],
                 melds=[[q7, k7], []], turn={"seat": 0, "stage": "play", "from_stock": True})
    while not g.hand_over:
        assert g.current_player == 0
        g.play(choose_move(g))
    assert g.results[-1]["went_out"] == 0


def test_bot_keeps_its_wild_cards() -> None:
    """It never throws away a wild card while it holds another card it may discard."""
    hand = ["JK", "2C", "9H", "TD", "QS", "4C"]
    g = position(hands=[hand, ["KC", "KD", "QD", "JC", "JD", "TC", "8D"]],
                 melds=[[["AH", "AS", "AD"]], [["KH", "KS", "KS"]]],
                 turn={"seat": 0, "stage": "play", "from_stock": True})
    m = choose_move(g)
    assert m.kind != "discard" or m.cards[0].rank not in (0, 2)


def test_bot_refuses_when_not_its_turn() -> None:
    g = meldtable.new_game(VARIANT, players=2, seed=1)
    with pytest.raises(ValueError):
        choose_move(g, seat=1 - seat_to_act(g))
