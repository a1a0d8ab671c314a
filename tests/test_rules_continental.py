"""Rule tests for ``continental``, written from the seed text
(shared/seeds/002_424f334b6be724ce.txt, "Spielregeln: Kontinental"), one or more per rule.

Every test's docstring quotes (or names) the seed rule it checks; where the seed is silent the
engine's documented rule option (research rows K1-K18) is named. Positions are built with
``positions_continental.position`` (public JSON path only) and the tests assert exact legal-move
sets, exact card movements, exact scores and exact refusal keys.
"""
from __future__ import annotations

import importlib
import json
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

import pytest

import meldtable
from meldtable import Game, IllegalMoveError, NotationError, OptionError, StateError
from meldtable.cards import standard_deck
from meldtable.moves import MoveValue
from meldtable.rng import Rng
from positions_continental import full_deck, kinds, moves, play, position, refusal, state_of

V = "continental"
PLAY = {"stage": "play"}

THREE_RUNS = [["9C", "TC", "JC", "QC"], ["4H", "5H", "6H", "7H"], ["TS", "JS", "QS", "KS"]]
"""Seat 0's three runs of four (the last deal's contract laid down)."""


def new(players: int = 2, seed: int = 1, **options: Any) -> Game:
    return meldtable.new_game(V, players=players, seed=seed, options=options or None)


def conservation(g: Game) -> Counter[str]:
    return Counter({c.text: n for c, n in g.state.conservation().items()})


def finish_deal(g: Game) -> Game:
    """End the current deal at once by loading the same position with the hand over (for deal transitions)."""
    d = json.loads(g.to_json())
    d["state"]["hand_over"] = True
    return Game.from_json(json.dumps(d))


def deal_number(players: int, deal: int, **options: Any) -> Game:
    """A game whose deal ``deal`` has just been dealt (previous deals ended through a saved game)."""
    g = new(players, seed=5, **options)
    for _ in range(deal - 1):
        g = finish_deal(g)
        g.next_hand()
    return g


# ============================================================================ players and cards


def test_two_to_eight_players_each_for_themselves() -> None:
    """Seed "Anzahl der Spieler": "Zwei bis acht Spieler, wobei das Spiel immer einzeln gespielt
    wird"."""
    assert meldtable.VARIANTS[V].players == (2, 3, 4, 5, 6, 7, 8)
    for bad in (1, 9):
        with pytest.raises(OptionError):
            new(bad)
    g = new(5)
    v = g.view(0)
    assert [s["seat"] for s in v["seats"]] == [0, 1, 2, 3, 4]
    assert len(v["scores"]) == 5  # one score per player, no partnerships


def test_deck_is_52_cards_plus_two_jokers_per_deck() -> None:
    """Seed "Kartenspiel": "mit mehreren ... Decks mit je 52 Karten ... Pro Deck werden zwei Joker
    benötigt"."""
    g = new(2)
    assert conservation(g) == full_deck(2)
    assert sum(conservation(g).values()) == 108
    g3 = new(2, jokers_per_deck=3)
    assert conservation(g3)["JK"] == 6


@pytest.mark.parametrize(
    "players,schedule",
    [
        (2, [2, 2, 2, 2, 2, 2, 2]),
        (3, [2, 2, 2, 2, 2, 2, 2]),
        (4, [2, 2, 2, 2, 3, 3, 3]),
        (5, [2, 2, 3, 3, 4, 4, 4]),
        (8, [2, 2, 3, 3, 4, 4, 4]),
    ],
)
def test_deck_schedule(players: int, schedule: list[int]) -> None:
    """Seed "Kartenspiel": "Bei vier Spielern beginnt man mit zwei Decks und beendet das Spiel mit
    drei Decks. Bei fünf bis acht Spielern ... mit zwei Decks zu beginnen und nach den ersten beiden
    Teilspielen ein Deck und nach den nächsten beiden Spielen noch ein Deck hinzuzufügen." 2-3
    players: two decks (es.wikipedia); 4 players: the third deck after deal 4 (research K4). The
    deck really changes between deals."""
    g = new(players)
    assert [c["decks"] for c in g.view(0)["contracts"]] == schedule
    for deal in range(1, 8):
        assert g.view(0)["decks"] == schedule[deal - 1]
        assert conservation(g) == full_deck(schedule[deal - 1])
        if deal < 7:
            g = finish_deal(g)
            g.next_hand()


def test_deck_schedule_options() -> None:
    """Options ``third_deck_after_deal_4p`` (K4) and ``deck_schedule = constant`` with ``decks``."""
    assert [c["decks"] for c in new(4, third_deck_after_deal_4p=2).view(0)["contracts"]] == [2, 2, 3, 3, 3, 3, 3]
    assert [c["decks"] for c in new(6, deck_schedule="constant", decks=4).view(0)["contracts"]] == [4] * 7
    assert conservation(new(2, deck_schedule="constant", decks=1)) == full_deck(1)
    with pytest.raises(OptionError, match="use more decks"):
        new(8, deck_schedule="constant", decks=1)


# ============================================================================ contracts


CONTRACTS = [
    (6, 2, 0, "two sets"),
    (7, 1, 1, "a set and a run"),
    (8, 0, 2, "two runs"),
    (9, 3, 0, "three sets"),
    (10, 2, 1, "two sets and a run"),
    (11, 1, 2, "a set and two runs"),
    (12, 0, 3, "three runs"),
]


def test_seven_deals_with_fixed_contracts_and_hand_sizes() -> None:
    """Seed: "Erstes Spiel -> Es werden sechs Karten ausgeteilt und es müssen zwei Sätze erstellt
    werden. Zweites Spiel -> Sieben Karten ... einen Satz und eine Straße ... Drittes Spiel -> Acht
    Karten, zwei Straßen. Viertes Spiel -> Neun Karten, drei Sätze. Fünftes Spiel -> Zehn Karten,
    zwei Sätze und eine Straße. Sechstes Spiel -> Elf Karten, ein Satz und zwei Straßen. Siebtes
    Spiel -> Zwölf Karten, drei Straßen." Cards are really dealt in those numbers."""
    g = new(3)
    assert [(c["hand_size"], c["sets"], c["runs"], c["name"]) for c in g.view(0)["contracts"]] == CONTRACTS
    for deal in range(1, 8):
        v = g.view(1)
        size, sets, runs, name = CONTRACTS[deal - 1]
        assert v["hand_number"] == deal
        assert v["contract"] == {"sets": sets, "runs": runs, "name": name, "hand_size": size}
        assert v["hand_counts"] == [size] * 3
        if deal < 7:
            g = finish_deal(g)
            g.next_hand()
    with pytest.raises(StateError, match="the match must be over"):
        finish_deal(g)


def test_match_ends_after_the_seventh_deal() -> None:
    """Seed "Punkte": "Am Ende der letzten Runde gewinnt der Spieler mit den wenigsten gesammelten
    Punkten das Spiel" — the match ends after deal 7."""
    g = position(hands=[["5C"], ["KC", "KD", "7S"]], table=[THREE_RUNS, []],
                 hand_number=7, turn=PLAY, scores=[100, 90], options={"first_dealer": "last_seat"})
    play(g, "discard 5C")
    assert g.hand_over and g.match_over
    assert g.results[-1]["sides"][1]["items"] == {"hand_cards": 25, "down_and_out": 0}
    assert g.scores == [100, 115]
    assert g.winners == [0]
    with pytest.raises(IllegalMoveError):
        g.next_hand()


def test_extended_game_up_to_sixteen_cards() -> None:
    """Seed: "Wenn man das Spiel verlängern möchte ... kann man die Anzahl der ausgeteilten Karten
    bis zu sechzehn erhöhen und nach dem angegebenen Muster vorgehen." Option ``game_length =
    extended`` (K17): four more deals, one card more each, the pattern continued."""
    g = new(3, game_length="extended")
    c = g.view(0)["contracts"]
    assert len(c) == 11 and g.view(0)["deals"] == 11
    assert [(x["hand_size"], x["sets"], x["runs"]) for x in c[7:]] == [(13, 3, 1), (14, 2, 2), (15, 1, 3), (16, 0, 4)]
    assert [x["decks"] for x in new(4, game_length="extended").view(0)["contracts"]] == [2] * 4 + [3] * 7
    g = deal_number(8, 11, game_length="extended")
    assert g.view(0)["hand_counts"] == [16] * 8 and g.view(0)["decks"] == 4


def test_deal_sizes_plus_one_option() -> None:
    """Option ``deal_sizes = plus_one`` (K1, es.wikipedia): one card more than the contract needs."""
    g = new(2, deal_sizes="plus_one")
    assert [c["hand_size"] for c in g.view(0)["contracts"]] == [7, 8, 9, 10, 11, 12, 13]
    assert g.view(0)["hand_counts"] == [7, 7]


# ============================================================================ the deal


@pytest.mark.parametrize("players,seed", [(2, 3), (4, 11), (7, 2)])
def test_deal_one_at_a_time_from_the_seat_after_the_dealer(players: int, seed: int) -> None:
    """Seed "Verteilung der Karten": "verteilt sechs Karten an jeden Spieler, eine nach der anderen,
    gegen den Uhrzeigersinn. Dann teilt er den Rest des Decks in zwei Stapel auf ... Der Hauptstapel
    enthält in der Regel mehr Karten als der Strafstapel. Die oberste Karte des ersten Stapels wird
    aufgedeckt". Seats are numbered in the direction of play (option ``direction``, K5); the
    penalty stock is a third of the rest (option ``penalty_stock_percent`` = 33, K6)."""
    g = new(players, seed=seed)
    st = state_of(g)
    dealer = st["dealer"]
    deck = standard_deck(2, 2)
    Rng(seed, "deal 1").shuffle(deck)
    expect: list[list[str]] = [[] for _ in range(players)]
    for _ in range(6):
        for i in range(players):
            expect[(dealer + 1 + i) % players].append(deck.pop().text)
    assert [sorted(h) for h in st["hands"]] == [sorted(h) for h in expect]
    rest = [c.text for c in deck]
    p = len(rest) * 33 // 100
    assert st["penalty_stock"] == rest[:p]
    assert st["stock"] + st["discard_pile"] == rest[p:]
    assert len(st["discard_pile"]) == 1 and len(st["stock"]) > len(st["penalty_stock"])
    v = g.view(0)
    assert g.current_player == (dealer + 1) % players and v["phase"] == "draw"
    assert v["stock"] == len(st["stock"]) and v["penalty_stock"] == p
    assert v["discard"]["top"] == st["discard_pile"][0]
    assert v["direction"] == "counter_clockwise"


def test_first_dealer_by_lot_then_the_next_player_deals() -> None:
    """Seed: "Der Spieler, der als erster die Karten austeilen wird, wird ausgelost" and "der
    nächste Spieler ist an der Reihe, die entsprechenden Karten auszugeben". Option
    ``first_dealer = last_seat`` makes seat 0 play first."""
    dealers = {new(4, seed=s).view(0)["dealer"] for s in range(30)}
    assert dealers == {0, 1, 2, 3}
    g = new(4, seed=8)
    d0 = g.view(0)["dealer"]
    g = finish_deal(g)
    g.next_hand()
    assert g.view(0)["dealer"] == (d0 + 1) % 4 and g.current_player == (d0 + 2) % 4
    g = new(3, first_dealer="last_seat")
    assert g.view(0)["dealer"] == 2 and g.current_player == 0


def test_penalty_stock_percent_option() -> None:
    """Option ``penalty_stock_percent`` (K6): 0 = no penalty stock (es.wikipedia)."""
    st = state_of(new(2, penalty_stock_percent=0))
    assert st["penalty_stock"] == [] and len(st["stock"]) == 108 - 12 - 1
    st = state_of(new(2, penalty_stock_percent=50))
    assert len(st["penalty_stock"]) == (108 - 12) // 2


# ============================================================================ combinations

SEAT1_FILLER = ["5S", "6S", "8S", "9S", "TS", "QS"]  # 50 points in hand (seed values)


def test_set_three_of_a_rank_any_suits_and_exact_laydown_steps() -> None:
    """Seed "Spielzüge": "Satz -> Drei Karten desselben Wertes, unabhängig von der Farbe" (two decks:
    7C 7C is allowed). Deal 1's contract is two sets; each step lays one set and is listed only if
    the rest of the contract can still be laid in this turn (7C 7D JK would strand the kings)."""
    g = position(hands=[["7C", "7C", "7D", "KS", "KH", "JK", "4D"], SEAT1_FILLER], turn=PLAY)
    assert kinds(g, "set", "run") == {"set 7C 7C 7D", "set KH KS JK"}
    assert kinds(g, "discard") == {"discard 7C", "discard 7D", "discard KS", "discard KH", "discard JK", "discard 4D"}
    assert refusal(g, "set 7C 7D JK")[0] == "contract_incomplete"
    play(g, "set 7C 7C 7D")
    assert moves(g) == {"set KH KS JK"}
    assert g.view(0)["turn"]["laying_down"] == {"sets": 1, "runs": 0}
    assert refusal(g, "discard 4D")[0] == "finish_contract"
    play(g, "set KH KS JK")
    v = g.view(1)
    assert v["seats"][0]["down"] and [c["cards"] for c in v["seats"][0]["combos"]] == [["7C", "7C", "7D"], ["KH", "KS", "JK"]]
    assert [c["id"] for c in v["seats"][0]["combos"]] == ["0.1", "0.2"]
    assert moves(g) == {"discard 4D"}
    play(g, "discard 4D")
    assert g.hand_over and g.results[-1]["went_out"] == 0
    assert [s["items"]["hand_cards"] for s in g.results[-1]["sides"]] == [0, 50]


def test_set_of_two_jokers_and_one_natural_never_all_jokers() -> None:
    """Seed: "Ein Satz kann mit zwei Jokern und einer natürlichen Karte gebildet werden, aber nicht
    mit einem Satz aus Jokern." (Option ``max_jokers_per_set`` = 0: no limit beyond that, K9.)"""
    g = position(hands=[["QH", "JK", "JK", "JK", "5C", "5D", "5H"], SEAT1_FILLER], turn=PLAY)
    laid = kinds(g, "set")
    assert "set QH JK JK" in laid and "set 5C JK JK" in laid
    assert not any(m == "set JK JK JK" for m in laid)
    assert refusal(g, "set JK JK JK")[0] == "all_jokers"
    g1 = position(hands=[["QH", "QD", "JK", "JK", "JK", "5C", "5D", "5H"], SEAT1_FILLER], turn=PLAY,
                  options={"max_jokers_per_set": 1})
    assert kinds(g1, "set") == {"set QD QH JK", "set 5C 5D 5H", "set 5C 5D JK", "set 5C 5H JK", "set 5D 5H JK"}
    assert refusal(g1, "set QH JK JK")[0] == "set_jokers"


def test_run_four_in_suit_and_queen_king_ace_two() -> None:
    """Seed: "Straße -> Vier aufeinanderfolgende Karten der gleichen Farbe" and "das Ass kann die
    Zwischenkarte zwischen der Zwei und dem König sein" (Q K A 2 is a run; option ``ace =
    around_the_corner``, K10). Deal 3's contract is two runs."""
    hand = ["QH", "KH", "AH", "2H", "5S", "6S", "7S", "8S", "9C"]
    g = position(hands=[hand, SEAT1_FILLER], hand_number=3, turn=PLAY)
    assert kinds(g, "set", "run") == {"run QH KH AH 2H", "run 5S 6S 7S 8S"}
    play(g, "run QH KH AH 2H", "run 5S 6S 7S 8S")
    combo = g.view(0)["seats"][0]["combos"][0]
    assert combo["kind"] == "run" and combo["suit"] == "H" and combo["represents"] == ["QH", "KH", "AH", "2H"]


def test_ace_high_or_low_option() -> None:
    """Option ``ace = high_or_low`` (K10, pagat/en.wikipedia): A 2 3 4 and J Q K A, never K A 2."""
    hand = ["JK", "QH", "KH", "AH", "2H", "3H", "5S", "6S", "7S", "8S"]
    g = position(hands=[hand, SEAT1_FILLER], hand_number=3, turn=PLAY, options={"ace": "high_or_low"})
    assert kinds(g, "run") == {"run JK QH KH AH", "run AH 2H 3H JK", "run 5S 6S 7S 8S"}
    assert refusal(g, "run QH KH AH 2H")[0] == "run_corner"
    w = position(hands=[hand, SEAT1_FILLER], hand_number=3, turn=PLAY)
    assert {"run QH KH AH 2H", "run KH AH 2H 3H", "run JK QH KH AH", "run AH 2H 3H JK"} <= kinds(w, "run")


def test_run_refusals_name_the_reason() -> None:
    """A run is one suit, consecutive, written from low to high, at most 13 cards (seed: "Bei der
    Straße ist die Höchstzahl dreizehn")."""
    g = position(hands=[["5H", "6H", "7H", "8H", "8S", "JK", "9C", "2D", "3D"], SEAT1_FILLER], hand_number=3, turn=PLAY)
    assert refusal(g, "run 5H 6H 7H 8S")[0] == "run_suits"
    assert refusal(g, "run 8H 7H 6H 5H")[0] == "run_order"
    assert refusal(g, "run JK JK JK JK")[0] in ("not_in_hand", "all_jokers")
    assert refusal(g, "run 5H 6H 7H 8H JK")[0] == "run_size"
    assert refusal(g, "set 5H 6H 7H")[0] == "set_ranks"


def test_joker_in_a_run_stands_for_a_definite_card() -> None:
    """Seed: "Der Joker ist eine besondere Karte, die jede andere Karte im Deck ersetzt." In a run
    each joker stands where it was laid: 5H JK 7H 8H has it as 6H; a joker added at the low or high
    end stands for 4H or 9H."""
    g = position(hands=[["JK", "4C", "QS"], ["9C", "9D"]], hand_number=2, turn=PLAY,
                 table=[[["9S", "9D", "9H"], ["3S", "4S", "5S", "6S"]], [["5H", "JK", "7H", "8H"], ["KC", "KD", "KH"]]])
    run = g.view(0)["seats"][1]["combos"][0]
    assert run["represents"] == ["5H", "6H", "7H", "8H"] and run["cards"] == ["5H", "JK", "7H", "8H"]
    assert kinds(g, "add") == {"add 0.1 JK", "add 0.2 JK low", "add 0.2 JK high", "add 1.1 JK low", "add 1.1 JK high",
                               "add 1.2 JK"}
    assert refusal(g, "add 1.1 JK")[0] == "run_end"
    play(g, "add 1.1 JK low")
    assert g.view(0)["seats"][1]["combos"][0]["represents"] == ["4H", "5H", "6H", "7H", "8H"]


def test_run_joker_limit_options() -> None:
    """Options ``max_jokers_per_run`` and ``no_adjacent_jokers_in_run`` (K9; seed silent)."""
    hand = ["5H", "7H", "8H", "JK", "JK", "2C", "3C", "4C", "5C", "KD"]
    g = position(hands=[hand, SEAT1_FILLER], hand_number=3, turn=PLAY)
    assert "run 5H JK JK 8H" in kinds(g, "run")
    g1 = position(hands=[hand, SEAT1_FILLER], hand_number=3, turn=PLAY, options={"max_jokers_per_run": 1})
    assert "run 5H JK JK 8H" not in kinds(g1, "run") and refusal(g1, "run 5H JK JK 8H")[0] == "run_jokers"
    g2 = position(hands=[hand, SEAT1_FILLER], hand_number=3, turn=PLAY, options={"no_adjacent_jokers_in_run": True})
    assert "run 5H JK JK 8H" not in kinds(g2, "run") and refusal(g2, "run 5H JK JK 8H")[0] == "adjacent_jokers"
    assert {"run JK 3C 4C 5C", "run 5H JK 7H 8H", "run JK 5H JK 7H"} <= kinds(g2, "run")


def test_thirteen_cards_at_most_and_the_missing_ace_at_either_end() -> None:
    """Seed: "Bei der Straße ist die Höchstzahl dreizehn (alle Karten einer Farbe), auch wenn einige
    durch Joker ersetzt werden. Sie kann mit jeder Karte beginnen und enden". A run 2H..KH takes the
    ace at both ends (around the corner); then it is full."""
    run = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH"]
    g = position(hands=[["AH", "JK", "4C"], ["9C", "9D"]], hand_number=2, turn=PLAY,
                 table=[[["9S", "9D", "9H"], ["3S", "4S", "5S", "6S"]], [run, ["KC", "KD", "KS"]]])
    other_jokers = {"add 0.1 JK", "add 0.2 JK low", "add 0.2 JK high", "add 1.2 JK"}
    assert kinds(g, "add") == {"add 1.1 AH low", "add 1.1 AH high", "add 1.1 JK low", "add 1.1 JK high"} | other_jokers
    play(g, "add 1.1 AH high")
    assert g.view(0)["seats"][1]["combos"][0]["represents"][-1] == "AH"
    assert kinds(g, "add") == other_jokers
    assert refusal(g, "add 1.1 JK high")[0] == "run_full"


def test_only_the_contract_is_laid_down_not_more() -> None:
    """Seed: "kann der Spieler dann seine Kombinationen ablegen, vorausgesetzt sie entsprechen der
    aktuellen Spielanforderung" — once down, no new combinations (option ``extra_melds_when_down``
    = false, K11; true allows them)."""
    kw = dict(hands=[["4C", "4D", "4H", "9S", "TS"], ["9C", "8D"]], table=[[["KS", "KD", "KH"], ["QS", "QD", "QH"]], []],
              turn=PLAY)
    g = position(**kw)
    assert kinds(g, "set", "run") == set()
    assert refusal(g, "set 4C 4D 4H")[0] == "contract_done"
    g1 = position(options={"extra_melds_when_down": True}, **kw)
    assert kinds(g1, "set") == {"set 4C 4D 4H"}
    play(g1, "set 4C 4D 4H")
    assert len(g1.view(0)["seats"][0]["combos"]) == 3


def test_contract_parts_may_repeat_rank_or_suit_unless_the_options_say_otherwise() -> None:
    """Options ``same_rank_sets`` / ``same_suit_runs`` (K8; es.wikipedia allows both)."""
    sevens = ["7C", "7D", "7H", "7S", "7C", "7D", "KS"]
    g = position(hands=[sevens, SEAT1_FILLER], turn=PLAY)
    assert "set 7C 7D 7H" in kinds(g, "set")
    g1 = position(hands=[sevens, SEAT1_FILLER], turn=PLAY, options={"same_rank_sets": False})
    assert kinds(g1, "set") == set()
    hearts = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "KC"]
    g2 = position(hands=[hearts, SEAT1_FILLER], hand_number=3, turn=PLAY)
    assert kinds(g2, "run") == {"run 2H 3H 4H 5H", "run 6H 7H 8H 9H"}
    g3 = position(hands=[hearts, SEAT1_FILLER], hand_number=3, turn=PLAY, options={"same_suit_runs": False})
    assert kinds(g3, "run") == set()


def test_a_started_laydown_can_always_be_finished() -> None:
    """A set that takes a card the run needs is not offered: 7C 7D 7H would leave 4H 5H 6H without
    7H; 7C 7D 7S keeps it (deal 2: a set and a run)."""
    g = position(hands=[["7C", "7D", "7H", "4H", "5H", "6H", "7S", "9S"], SEAT1_FILLER], hand_number=2, turn=PLAY)
    assert kinds(g, "set", "run") == {"set 7C 7D 7S", "run 4H 5H 6H 7H"}
    assert refusal(g, "set 7C 7D 7H")[0] == "contract_incomplete"
    play(g, "set 7C 7D 7S")
    assert moves(g) == {"run 4H 5H 6H 7H"}


# ============================================================================ a turn


def test_turn_take_the_discard_or_the_main_stock_then_discard() -> None:
    """Seed "Beginn und Verlauf": "kann die abgeworfene Karte oder die oberste Karte vom Hauptstapel
    nehmen. Man beendet den Zug, indem man eine der Handkarten abwirft." Taking the discard as
    the next player costs nothing ("wird normal weitergespielt")."""
    g = position(hands=[["4C", "9D", "KS", "2H", "3H", "QC"], ["5D", "6D", "8C", "TC", "JC", "AS"]],
                 pile=["7S"], stock_top=["8H"], turn={"seat": 0}, top_from=1)
    assert moves(g) == {"draw", "take"}
    assert refusal(g, "discard 4C")[0] == "draw_first"
    before = state_of(g)
    play(g, "take")
    st = state_of(g)
    assert "7S" in st["hands"][0] and st["discard_pile"] == before["discard_pile"][:-1]
    assert st["penalty_stock"] == before["penalty_stock"] and g.view(0)["phase"] == "play"
    assert refusal(g, "draw")[0] == "already_drew"
    play(g, "discard QC")
    assert g.current_player == 1 and g.view(1)["discard"]["top"] == "QC" and g.view(1)["phase"] == "draw"
    play(g, "draw")
    assert "8H" in state_of(g)["hands"][1]


def test_any_hand_card_may_be_discarded_also_the_card_just_taken() -> None:
    """Seed "Beginn und Verlauf des Spiels": »Man beendet den Zug, indem man eine der Handkarten
    abwirft.« Any hand card, also the card taken from the discard pile in this turn (issue #24
    item 6; the default of option ``forbid_discarding_taken_card`` is off). Every deal still
    ends through option ``max_takes_in_a_row`` (test_every_deal_ends_... below)."""
    kw = dict(hands=[["4C", "9D", "KS"], ["5D", "6D"]], pile=["7S"], turn={"seat": 0}, top_from=1)
    g = position(**kw)
    assert g.options["forbid_discarding_taken_card"] is False
    play(g, "take")
    assert g.view(0)["turn"]["taken"] == "7S"
    assert kinds(g, "discard") == {"discard 4C", "discard 9D", "discard KS", "discard 7S"}
    play(g, "discard 7S")
    assert g.current_player == 1 and g.view(1)["discard"]["top"] == "7S"
    assert state_of(g)["hands"][0] == ["4C", "9D", "KS"]


def test_option_forbids_discarding_the_card_taken_from_the_discard_pile() -> None:
    """Option ``forbid_discarding_taken_card`` = true (common rummy practice, rummigame.com
    "Discard pile": "It is never allowed to play a card to the discard pile that came from the
    discard pile in the same turn"; the seed's »eine der Handkarten« is the default). A copy of
    the card counts as the card; when the hand holds nothing else, it may be discarded."""
    on = {"forbid_discarding_taken_card": True}
    kw = dict(hands=[["4C", "9D", "KS"], ["5D", "6D"]], pile=["7S"], turn={"seat": 0}, top_from=1, options=on)
    g = position(**kw)
    play(g, "take")
    assert kinds(g, "discard") == {"discard 4C", "discard 9D", "discard KS"}
    key, msg = refusal(g, "discard 7S")
    assert key == "discard_taken" and "7S" in msg
    g = position(**{**kw, "hands": [["7S"], ["5D", "6D"]]})
    play(g, "take")
    assert kinds(g, "discard") == {"discard 7S"}  # nothing else in hand
    g = position(**{**kw, "hands": [["7S", "4C"], ["5D", "6D"]]})
    play(g, "take")
    assert kinds(g, "discard") == {"discard 4C"}  # the copy of 7S counts as the card taken


def test_takes_in_a_row_are_limited() -> None:
    """Option ``max_takes_in_a_row`` (default 20; app policy so that every deal ends, like the
    move limits of OpenSpiel and RLCard, research section 5): after that many turns in a row
    began with a take, the next player draws from the stock."""
    g = position(hands=[["4C", "9D", "KS"], ["5D", "6D", "8C"]], pile=["7S"], turn={"seat": 0}, top_from=1,
                 options={"max_takes_in_a_row": 2})
    play(g, "take", "discard 4C", "take", "discard 5D")
    assert g.view(0)["discard"]["takes_in_a_row"] == 2
    assert moves(g) == {"draw"}
    key, msg = refusal(g, "take")
    assert key == "take_limit" and "2 turns in a row" in msg
    play(g, "draw")
    assert g.view(0)["discard"]["takes_in_a_row"] == 0
    d = json.loads(g.to_json())
    assert d["state"]["takes_in_a_row"] == 0 and Game.from_json(g.to_json()).to_json() == g.to_json()
    for bad in (3, -1, True, 1.5):
        d["state"]["takes_in_a_row"] = bad
        with pytest.raises(StateError):
            Game.from_json(json.dumps(d))


def _looper(rng: Random) -> Callable[[Game], MoveValue]:
    """A player that takes the top discard whenever it may and then discards at random: the
    way a deal could go on for ever."""
    def choose(g: Game) -> MoveValue:
        legal = g.legal_moves()
        take = [m for m in legal if m.kind == "take"]
        if take:
            return take[0]
        discards = [m for m in legal if m.kind == "discard"]
        return rng.choice(discards or legal)
    return choose


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("forbid", [True, False])
def test_every_deal_ends_within_the_move_bound_even_when_players_loop(players: int, forbid: bool) -> None:
    """docs/rules/continental.md "every deal ends": players who always take the discard (and,
    with the option off, may throw it straight back) still end every deal, within
    ``move_bound(rules)`` moves, because at most ``max_takes_in_a_row`` turns in a row begin
    with a take and the stocks are finite."""
    import random

    fam = importlib.import_module(meldtable.game.family_module(V).TESTING)  # the harness hooks
    g = new(players, seed=11, forbid_discarding_taken_card=forbid, max_takes_in_a_row=5)
    bound = fam.move_bound(g.state.rules)
    player = _looper(random.Random(players))
    n = 0
    while not g.hand_over:
        g.play(player(g))
        n += 1
        assert n <= bound
    assert g.results[-1]["exhausted"] and n > 100  # the stocks ran out: nobody went out


def test_the_claim_window_closed_the_discard_is_not_claimable() -> None:
    """``view.discard.claimable`` says whether the top card can still be claimed: before the draw
    and in the claim window, never once the window has closed."""
    g = claim_position()
    play(g, "discard 9D")
    assert g.view(1)["discard"]["claimable"] is True  # seat 1 has not drawn yet
    play(g, "draw")
    assert g.view(0)["discard"]["claimable"] is True  # the window is open
    play(g, "pass", "pass")
    assert g.view(1)["phase"] == "play" and g.view(1)["discard"]["claimable"] is False
    g = claim_position(options={"claim_by": "nobody"})
    play(g, "discard 9D")
    assert g.view(1)["discard"]["claimable"] is False


def test_add_to_any_players_combinations_without_splitting_or_repeating() -> None:
    """Seed: "Die restlichen Handkarten zu den aufgedeckten Kombinationen der anderen Spieler
    hinzufügen zu können, ohne diese aufzuteilen und ohne dieselben Karten nochmal hinzuzufügen."
    Adds go onto a set of the rank or an end of a run; a card already in a run does not fit again."""
    g = position(hands=[["9H", "4H", "6H", "9C", "KC"], ["2C", "3C"]], hand_number=2, turn=PLAY,
                 table=[[["9S", "9D", "9H"], ["3S", "4S", "5S", "6S"]], [["5H", "6H", "7H", "8H"], ["QC", "QD", "QS"]]])
    assert kinds(g, "add") == {"add 0.1 9H", "add 0.1 9C", "add 1.1 9H high", "add 1.1 4H low"}
    k, msg = refusal(g, "add 1.1 6H high")
    assert k == "does_not_fit" and "9H" in msg
    assert refusal(g, "add 0.1 KC")[0] == "does_not_fit"
    assert refusal(g, "add 2.1 KC")[0] == "no_combo"
    play(g, "add 1.1 4H low", "add 1.1 9H high")
    assert g.view(1)["seats"][1]["combos"][0]["cards"] == ["4H", "5H", "6H", "7H", "8H", "9H"]


def test_no_adds_before_laying_down() -> None:
    """Seed: the advantages of laying down include adding to others' combinations — so only after
    laying down."""
    g = position(hands=[["9H", "4C", "6C", "8C", "QC", "KC", "AS"], ["2C", "3C"]], hand_number=2, turn=PLAY,
                 table=[[], [["5H", "6H", "7H", "8H"], ["JC", "JD", "JS"]]])
    assert kinds(g, "add", "swap") == set()
    assert refusal(g, "add 1.1 9H high")[0] == "not_down"


def test_layoff_from_next_turn_option() -> None:
    """Option ``layoff_from = next_turn`` (K12): in the turn it goes down a player adds only to its
    own combinations."""
    kw = dict(hands=[["9C", "4H", "5C"], ["2C", "3C"]],
              table=[[["9S", "9D", "9H"], ["KS", "KD", "KH"]],
                     [["5H", "6H", "7H", "8H"], ["QC", "QD", "QS"], ["JC", "JD", "JS"]]],
              turn={"stage": "play", "went_down": True, "laid_ranks": ["9", "K"]})
    assert kinds(position(**kw), "add") == {"add 0.1 9C", "add 1.1 4H low"}
    g = position(options={"layoff_from": "next_turn"}, **kw)
    assert kinds(g, "add") == {"add 0.1 9C"}
    assert refusal(g, "add 1.1 4H low")[0] == "layoff_next_turn"
    g2 = position(options={"layoff_from": "next_turn"}, **{**kw, "turn": PLAY})
    assert kinds(g2, "add") == {"add 0.1 9C", "add 1.1 4H low"}


# ============================================================================ taking a discard out of turn

H3 = [["4C", "9D", "KS", "2H", "3H", "QC", "7D"], ["5D", "6D", "8C", "TC", "JC", "AS"], ["2S", "3S", "4S", "6C", "7C", "9H"]]


def claim_position(**kw: Any) -> Game:
    """Three players; seat 0 (in its play stage) is about to discard 9D; seat 1 will draw 8H."""
    base = dict(hands=H3, pile=["TS"], stock_top=["8H", "KH", "QH"], penalty=["5S", "6H", "JD"], turn=PLAY)
    base.update(kw)
    return position(**base)


def test_discard_not_taken_by_the_next_player_may_be_claimed_with_a_penalty_card() -> None:
    """Seed: "Wenn eine abgeworfene Karte nicht vom darauf folgenden Spieler genommen wurde, kann
    jeder der folgenden Spieler sie nehmen, wobei er dann auch die oberste Karte des Strafstapels
    ziehen muss." The claim window opens when the next player draws from the stock instead; the
    later seats are asked in turn order (option ``claim_window = after_next_draw``, ``claim_order =
    turn_order``, K7); the claimant takes the card and the top penalty card and does not discard;
    the player whose turn it is then plays on."""
    g = claim_position()
    play(g, "discard 9D", "draw")
    v = g.view(2)
    assert g.current_player == 2 and v["phase"] == "claim"
    assert v["claim"] == {"card": "9D", "seat": 2, "discarder": 0, "queue": [2, 0], "penalty_from": "penalty_stock"}
    assert moves(g) == {"claim", "pass"}
    assert refusal(g, "discard 2S")[0] == "claim_window"
    play(g, "claim")
    st = state_of(g)
    assert sorted(st["hands"][2]) == sorted(H3[2] + ["9D", "5S"])
    assert st["penalty_stock"] == ["JD", "6H"] and st["discard_pile"][-1] == "TS"
    assert sorted(st["hands"][1]) == sorted(H3[1] + ["8H"])
    assert g.current_player == 1 and g.view(1)["phase"] == "play" and g.view(1)["claim"] is None
    assert g.view(0)["seats"][2]["claims"] == 1
    assert refusal(g, "claim")[0] == "no_claim_window"


def test_retaking_ones_own_discard_also_costs_a_penalty_card() -> None:
    """Seed: "Entscheidet sich ein Spieler dafür, eine Karte zu nehmen, die er selbst vorher
    abgeworfen hat, muss er ebenfalls eine Strafkarte nehmen." The discarder is asked last."""
    g = claim_position()
    play(g, "discard 9D", "draw", "pass")
    assert g.current_player == 0 and g.view(0)["claim"]["queue"] == [0]
    play(g, "claim")
    st = state_of(g)
    assert sorted(st["hands"][0]) == sorted([c for c in H3[0] if c != "9D"] + ["9D", "5S"])
    assert len(st["penalty_stock"]) == 2
    assert g.current_player == 1


def test_two_players_the_discarder_alone_may_retake() -> None:
    """With two players the only later player is the discarder."""
    g = position(hands=H3[:2], pile=["TS"], stock_top=["8H"], penalty=["5S"], turn=PLAY)
    play(g, "discard 9D", "draw")
    assert g.current_player == 0 and g.view(0)["claim"]["queue"] == [0]
    play(g, "pass")
    assert g.current_player == 1 and g.view(0)["phase"] == "play"


def test_taking_the_discard_in_turn_costs_nothing_and_opens_no_window() -> None:
    """Seed: "Wenn der Spieler, der die abgeworfene Karte nimmt, der Spieler ist, der am Zug ist,
    wird normal weitergespielt."""
    g = claim_position()
    play(g, "discard 9D", "take")
    st = state_of(g)
    assert g.current_player == 1 and g.view(1)["phase"] == "play"
    assert st["penalty_stock"] == ["JD", "6H", "5S"] and "9D" in st["hands"][1]


def test_all_pass_and_the_card_is_then_buried() -> None:
    """If nobody claims, the player to act plays on; its discard covers the card for good."""
    g = claim_position()
    play(g, "discard 9D", "draw", "pass", "pass")
    assert g.current_player == 1 and g.view(1)["phase"] == "play"
    play(g, "discard 8H", "draw")
    assert g.view(0)["claim"]["card"] == "8H" and g.view(0)["claim"]["queue"] == [0, 1]
    assert g.view(0)["discard"] == {"top": "8H", "size": 3, "claimable": True, "discarded_by": 1, "takes_in_a_row": 0}


def test_claim_options_who_and_how_often() -> None:
    """Options ``claim_by`` (others_only / nobody) and ``max_claims_per_deal`` (K7)."""
    g = claim_position(options={"claim_by": "others_only"})
    play(g, "discard 9D", "draw")
    assert g.view(0)["claim"]["queue"] == [2]
    g = claim_position(options={"claim_by": "nobody"})
    play(g, "discard 9D", "draw")
    assert g.current_player == 1 and g.view(0)["claim"] is None
    assert refusal(g, "claim")[0] == "no_claims"
    g = claim_position(options={"max_claims_per_deal": 1}, claims=[0, 0, 1])
    play(g, "discard 9D", "draw")
    assert g.view(0)["claim"]["queue"] == [0]


def test_penalty_stock_used_up() -> None:
    """Option ``penalty_stock_exhausted`` (K6): penalty cards then come from the main stock
    (default) or nobody may claim."""
    g = claim_position(penalty=[])
    play(g, "discard 9D", "draw")
    assert g.view(2)["claim"]["penalty_from"] == "main_stock"
    play(g, "claim")
    assert sorted(state_of(g)["hands"][2]) == sorted(H3[2] + ["9D", "KH"])
    g = claim_position(penalty=[], options={"penalty_stock_exhausted": "no_claims"})
    play(g, "discard 9D", "draw")
    assert g.view(0)["claim"] is None and g.current_player == 1


def test_upcard_may_be_claimed_unless_the_option_says_no() -> None:
    """Option ``upcard_claimable`` (K7): the upcard is the card the first player did not take."""
    g = new(3, seed=4, first_dealer="last_seat")
    play(g, "draw")
    assert g.view(1)["claim"]["queue"] == [1, 2] and g.view(1)["claim"]["discarder"] is None
    g = new(3, seed=4, first_dealer="last_seat", upcard_claimable=False)
    play(g, "draw")
    assert g.view(1)["claim"] is None and g.current_player == 0


# ============================================================================ joker exchange

DOWN = dict(table=[[["9C", "9D", "9H"], ["KC", "KD", "KS"]], [["5H", "JK", "7H", "8H"], ["TC", "TD", "TH"], ["3C", "3D", "3H"]]],
            turn=PLAY)
"""Deal 1 (two sets): both seats are down; seat 1's run holds a joker (for 6H)."""


def test_exchange_a_joker_after_laying_down_and_place_it_at_once() -> None:
    """Seed: "Die aufgedeckten Joker verwenden zu können ... einen aufgedeckten Joker durch die Karte,
    die er repräsentiert, ersetzen und ihn in einer beliebigen anderen Straße verwenden" — after
    having laid down (research section 0: "después de abrir"; options ``joker_exchange =
    after_own_down``, ``exchanged_joker = place_at_once``, K13)."""
    g = position(hands=[["6H", "4C", "QS"], ["9S", "2D"]], **DOWN)
    assert moves(g) == {"swap 1.1 6H", "discard 4C", "discard 6H", "discard QS"}
    assert refusal(g, "swap 1.1 5H")[0] == "not_in_hand"
    play(g, "swap 1.1 6H")
    assert g.view(0)["seats"][1]["combos"][0]["cards"] == ["5H", "6H", "7H", "8H"]
    assert g.view(0)["turn"]["place_joker_from"] == "1.1"
    assert moves(g) == {"add 0.1 JK", "add 0.2 JK", "add 1.2 JK", "add 1.3 JK"}
    assert refusal(g, "discard 4C")[0] == "place_joker"
    assert refusal(g, "add 1.1 JK high")[0] == "joker_elsewhere"
    play(g, "add 0.2 JK")
    assert g.view(1)["seats"][0]["combos"][1]["cards"] == ["KC", "KD", "KS", "JK"]
    assert moves(g) == {"discard 4C", "discard QS"}


def test_joker_exchange_only_after_laying_down() -> None:
    g = position(hands=[["6H", "4C", "QS", "2C", "3C", "KH", "8D"], ["9S", "2D"]], hand_number=2, turn=PLAY,
                 table=[[], [["5H", "JK", "7H", "8H"], ["TC", "TD", "TH"]]])
    assert kinds(g, "swap") == set()
    assert refusal(g, "swap 1.1 6H")[0] == "not_down"


def test_joker_exchange_options() -> None:
    """Options ``joker_exchange = never``, ``joker_exchange_from`` (runs / runs_and_sets) and
    ``exchanged_joker = to_hand`` (K13)."""
    g = position(hands=[["6H", "4C", "QS"], ["9S", "2D"]], options={"joker_exchange": "never"}, **DOWN)
    assert kinds(g, "swap") == set() and refusal(g, "swap 1.1 6H")[0] == "no_exchange"
    sets = dict(table=[[["9C", "9D", "9H"], ["KC", "KD", "KH"]], [["7C", "7D", "JK"], ["QC", "QD", "QH"]]], turn=PLAY)
    g = position(hands=[["7S", "4C"], ["9S", "2D"]], **sets)
    assert kinds(g, "swap") == set() and refusal(g, "swap 1.1 7S")[0] == "exchange_runs_only"
    g = position(hands=[["7S", "4C"], ["9S", "2D"]], options={"joker_exchange_from": "runs_and_sets"}, **sets)
    assert kinds(g, "swap") == {"swap 1.1 7S"}
    g = position(hands=[["6H", "4C", "QS"], ["9S", "2D"]], options={"exchanged_joker": "to_hand"}, **DOWN)
    play(g, "swap 1.1 6H")
    assert sorted(state_of(g)["hands"][0]) == ["4C", "JK", "QS"]
    assert {"discard JK", "discard 4C", "add 0.1 JK"} <= moves(g)


# ============================================================================ stocks used up


def exhausted_position(**kw: Any) -> Game:
    """Seat 0 about to discard with an empty main stock (the spare cards lie under the pile)."""
    base = dict(hands=[["4C", "9D", "KS", "2H", "3H", "QC", "7D"], ["5D", "6D", "8C", "TC", "JC", "AS"]],
                pile=["TS"], stock=[], penalty=["5S", "6H"], turn=PLAY)
    base.update(kw)
    return position(**base)


def test_empty_main_stock_reshuffles_the_discards() -> None:
    """Option ``stock_exhausted = reshuffle`` (K6; seed silent): at the start of a turn with an empty
    main stock the discard pile but its top card becomes the new stock, at most ``max_reshuffles``
    times; then the deal ends and everybody scores the cards in hand."""
    g = exhausted_position()
    pile = len(state_of(g)["discard_pile"])
    play(g, "discard 9D")
    st = state_of(g)
    assert st["discard_pile"] == ["9D"] and len(st["stock"]) == pile and st["reshuffles"] == 1
    assert "shuffled" in g.view(0)["last_moves"][-1]["label"]
    g = exhausted_position(reshuffles=2)
    play(g, "discard 9D")
    assert g.hand_over and not g.match_over
    r = g.results[-1]
    assert r["went_out"] is None and r["exhausted"] is True
    assert [s["items"]["hand_cards"] for s in r["sides"]] == [5 + 10 + 5 + 5 + 10 + 5, 5 + 5 + 10 + 10 + 10 + 20]


def test_stock_exhausted_options() -> None:
    """``stock_exhausted = penalty_stock``: draw from the penalty stock; ``end_deal``: the deal ends."""
    g = exhausted_position(options={"stock_exhausted": "penalty_stock"})
    play(g, "discard 9D", "draw")
    assert "5S" in state_of(g)["hands"][1] and g.view(0)["penalty_stock"] == 1
    g = exhausted_position(options={"stock_exhausted": "end_deal"})
    play(g, "discard 9D")
    assert g.hand_over and g.results[-1]["exhausted"]


# ============================================================================ going out and points


def test_going_out_and_the_others_score_their_hands() -> None:
    """Seed "Punkte": "Wenn ein Spieler das Spiel beendet, weil er alle seine Karten als
    Kombinationen abgelegt hat, schreiben sich die anderen Spieler den Punktwert ihrer Handkarten
    auf" with "Joker -> 50, Ass -> 20, K, Q, J, 10, 9 und 8 -> 10, 7, 6, 5, 4, 3 und 2 -> 5"."""
    hands = [["9S"], ["JK", "AS", "KD", "8C", "7H", "2S"], ["TC", "9C", "3D"]]
    g = position(hands=hands, table=[[["9C", "9D", "9H"], ["KS", "KH", "KC"]], [], []], turn=PLAY, scores=[10, 20, 30])
    assert kinds(g, "add") == {"add 0.1 9S"}
    play(g, "add 0.1 9S")  # the last card laid: going out without a discard (going_out_discard = optional)
    r = g.results[-1]
    assert g.hand_over and r["went_out"] == 0 and r["contract"] == "two sets"
    assert [s["items"] for s in r["sides"]] == [
        {"hand_cards": 0, "down_and_out": 0}, {"hand_cards": 100, "down_and_out": 0}, {"hand_cards": 25, "down_and_out": 0}]
    assert g.scores == [10, 120, 55]
    g = position(hands=hands, table=[[["9C", "9D", "9H"], ["KS", "KH", "KC"]], [], []], turn=PLAY,
                 options={"card_values": "face_value"})
    play(g, "discard 9S")
    assert [s["total"] for s in g.results[-1]["sides"]] == [0, 50 + 20 + 10 + 8 + 7 + 2, 10 + 9 + 3]


def test_going_out_discard_required_option() -> None:
    """Option ``going_out_discard = required`` (K15, es.wikipedia): the last card is discarded, so
    no move may empty the hand otherwise."""
    kw = dict(hands=[["9S"], ["5D", "6D"]], table=[[["9C", "9D", "9H"], ["KS", "KH", "KC"]], []], turn=PLAY)
    g = position(options={"going_out_discard": "required"}, **kw)
    assert moves(g) == {"discard 9S"}
    assert refusal(g, "add 0.1 9S")[0] == "keep_a_card"
    exact = [["7C", "7D", "7H", "KC", "KD", "KH"], ["5D", "6D"]]
    g = position(hands=exact, turn=PLAY)
    assert kinds(g, "set") == {"set 7C 7D 7H", "set KC KD KH"}
    g = position(hands=exact, turn=PLAY, options={"going_out_discard": "required"})
    assert kinds(g, "set") == set()


def test_down_and_out_in_one_turn_bonus_option() -> None:
    """Option ``down_and_out_bonus`` (K16, es.wikipedia: -10): laying the contract down and going
    out in the same turn."""
    hand = ["7C", "7D", "7H", "KC", "KD", "KH", "4S"]
    for bonus in (0, -10):
        g = position(hands=[hand, SEAT1_FILLER], turn=PLAY, options={"down_and_out_bonus": bonus})
        play(g, "set 7C 7D 7H", "set KC KD KH", "discard 4S")
        assert g.results[-1]["sides"][0]["items"] == {"hand_cards": 0, "down_and_out": bonus}
        assert g.scores[0] == bonus


def test_lowest_total_wins_ties_share() -> None:
    """Seed "Ziel des Spiels": "Gewinner des Spiels ist derjenige, der am Ende des Spiels die wenigsten
    Punkte hat." Ties (K18): every seat with the lowest total wins."""
    g = position(hands=[["5C"], ["KC"], ["7S"]], table=[THREE_RUNS, [], []],
                 hand_number=7, turn=PLAY, scores=[100, 95, 90])
    play(g, "discard 5C")
    assert g.scores == [100, 105, 95] and g.winners == [2]
    g = position(hands=[["5C"], ["KC"], ["7S"]], table=[THREE_RUNS, [], []],
                 hand_number=7, turn=PLAY, scores=[100, 90, 95])
    play(g, "discard 5C")
    assert g.scores == [100, 100, 100] and g.winners == [0, 1, 2]
    assert g.view(0)["phase"] == "match_over" and g.view(0)["match"]["lowest_wins"] is True


def test_forbid_playable_discard_option() -> None:
    """Option ``forbid_playable_discard`` (K14, Fournier/acanomas): a player who has not laid down
    may not discard a card that fits a combination on the table (unless every card does)."""
    kw = dict(hands=[["9H", "4H", "KC", "2C", "3S", "7S", "JD"], ["5D", "6D"]], hand_number=2, turn=PLAY,
              table=[[], [["5H", "6H", "7H", "8H"], ["QC", "QD", "QS"]]])
    assert "discard 9H" in kinds(position(**kw), "discard")
    g = position(options={"forbid_playable_discard": True}, **kw)
    assert kinds(g, "discard") == {"discard KC", "discard 2C", "discard 3S", "discard 7S", "discard JD"}
    assert refusal(g, "discard 9H")[0] == "playable_discard"
    g = position(options={"forbid_playable_discard": True}, **{**kw, "hands": [["9H", "4H"], ["5D", "6D"]]})
    assert kinds(g, "discard") == {"discard 9H", "discard 4H"}


# ============================================================================ notation, views, saved games, api

from meldtable.continental import ContinentalMove, parse_move  # noqa: E402


@pytest.mark.parametrize(
    "text,canonical",
    [
        ("draw", "draw"), ("TAKE", "take"), ("claim", "claim"), ("Pass", "pass"),
        ("set jk 7d 7c", "set 7C 7D JK"), ("run qh kh ah 2h", "run QH KH AH 2H"), ("run JK 6H 7H JK", "run JK 6H 7H JK"),
        ("add 1.2 9h HIGH", "add 1.2 9H high"), ("add 01.1 7s", "add 1.1 7S"), ("swap 3.1 6h", "swap 3.1 6H"),
        ("discard 4c", "discard 4C"),
    ],
)
def test_notation_round_trip(text: str, canonical: str) -> None:
    m = parse_move(text)
    assert str(m) == canonical and parse_move(str(m)) == m and isinstance(m, ContinentalMove)
    j = m.to_json()
    assert j["text"] == canonical and j["kind"] == canonical.split()[0]


@pytest.mark.parametrize(
    "text,fragment",
    [
        ("", "Empty move"), ("meld 7C 7D 7H", "Unknown move"), ("draw 4C", "takes nothing"), ("set 7C 7D", "three cards"),
        ("run 5H 6H 7H", "four cards"), ("add 7H", "seat.number"), ("add 1.2", "exactly one card"), ("add 1.0 7H", "from 1"),
        ("swap 1.1 6H 7H", "exactly one card"), ("discard", "exactly one card"), ("discard 10H", "is not a card"),
    ],
)
def test_notation_errors(text: str, fragment: str) -> None:
    with pytest.raises(NotationError, match=fragment):
        parse_move(text)
    g = new(2)
    before = g.to_json()
    with pytest.raises(NotationError):
        g.play(text)
    assert g.to_json() == before


def test_view_hides_other_hands_the_stock_order_and_buried_discards() -> None:
    """Views: own hand only, counts for the others and the stocks; of the discard pile only the top
    card (es.wikipedia: "Las cartas del pozo no se pueden ver, salvo la superior")."""
    g = position(hands=[["4C", "9D", "KS", "2H", "3H", "QC", "7D"], ["5D", "6D", "8C", "TC", "JC", "AS"]],
                 pile=["QD", "JH", "TS"], turn=PLAY)
    v = g.view(0)
    assert v["hand_counts"] == [7, 6] and v["discard"]["top"] == "TS" and v["discard"]["size"] == 3
    text = json.dumps(v)
    for hidden in ("5D", "6D", "8C", "TC", "JC", "AS", "QD", "JH"):
        assert f'"{hidden}"' not in text
    assert isinstance(v["stock"], int) and isinstance(v["penalty_stock"], int)
    assert json.dumps(g.view(1)).count('"4C"') == 0


def test_saved_game_round_trip_and_damage_is_refused() -> None:
    g = new(4, seed=9)
    play(g, "draw")
    text = g.to_json()
    assert Game.from_json(text).to_json() == text
    d = json.loads(text)
    bad = json.loads(text)
    bad["state"]["stock"].pop()
    with pytest.raises(StateError, match="do not add up"):
        Game.from_json(json.dumps(bad))
    bad = json.loads(text)
    bad["state"]["table"][0] = [{"kind": "run", "cards": ["5H", "6H", "8H", "9H"]}]
    with pytest.raises(StateError):
        Game.from_json(json.dumps(bad))
    bad = json.loads(text)
    bad["state"]["decks"] = 3
    with pytest.raises(StateError, match="deck"):
        Game.from_json(json.dumps(bad))
    bad = json.loads(text)
    bad["state"]["claim_queue"] = [d["state"]["turn"]["seat"]]
    with pytest.raises(StateError, match="claim_queue"):
        Game.from_json(json.dumps(bad))
    with pytest.raises(StateError, match="valid set"):
        position(hands=[["4C"], ["5C"]], table=[[["JK", "JK", "JK"]], []], turn=PLAY)


def test_importing_meldtable_does_not_import_continental() -> None:
    """Family modules load lazily (game.family_module)."""
    engine = Path(__file__).resolve().parent.parent / "engine"
    code = (f"import sys; sys.path.insert(0, {str(engine)!r}); import meldtable; "
            "print('meldtable.continental' in sys.modules); meldtable.new_game('continental', players=3, seed=1); "
            "print('meldtable.continental' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "True"]


def test_json_api_new_table_act_bot() -> None:
    """``meldtable.api.handle`` serves the page for continental: new, table, act (UI actions), bot."""
    from meldtable.api import Session, handle

    s = Session()

    def call(**req: Any) -> Any:
        r = json.loads(handle(json.dumps(req), s))
        assert r["ok"], r
        return r["result"]

    t = call(op="new", variant=V, players=3, seed=2, options={"first_dealer": "last_seat"}, human_seats=[0])
    assert t["to_act"] == 0 and {m["text"] for m in t["legal"]} == {"draw", "take"}
    assert t["view"]["contract"]["name"] == "two sets"
    t = call(op="act", action={"type": "draw"})
    while not t["to_act_is_human"] and not t["hand_over"]:
        t = call(op="bot")["table"]
    assert t["to_act"] == 0 and t["view"]["phase"] == "play"
    card = t["view"]["hand"][0]
    t = call(op="act", action={"type": "discard", "card": card})
    assert t["view"]["discard"]["top"] == card or t["view"]["claim"] is not None or t["to_act"] != 0
    r = json.loads(handle(json.dumps({"op": "act", "action": {"type": "claim"}}), s))
    assert not r["ok"] and r["error"]["code"] in ("not_your_turn", "illegal_move")


def test_compose_lay_down_and_add_actions() -> None:
    """UI actions: a whole lay-down in one action (minimal combinations first, then adds), adds
    to a run at the end where each card fits, and a joker exchange with its placement."""
    from meldtable.continental import compose_action

    g = position(hands=[["7C", "7D", "7H", "7S", "KC", "KD", "JK", "4S"], SEAT1_FILLER], turn=PLAY)
    seq = compose_action(g, {"type": "lay_down", "combos": [{"type": "set", "cards": ["7C", "7D", "7H", "7S"]},
                                                              {"type": "set", "cards": ["KC", "KD", "JK"]}]})
    assert [str(m) for m in seq] == ["set 7C 7D 7H", "set KC KD JK", "add 0.1 7S"]
    g = position(hands=[["3H", "4H", "9H", "JK", "TH", "2S"], ["9S", "2D"]], hand_number=2, turn=PLAY,
                 table=[[["9C", "9D", "9H"], ["4S", "5S", "6S", "7S"]], [["5H", "6H", "7H", "8H"], ["KC", "KD", "KH"]]])
    seq = compose_action(g, {"type": "add", "target": "1.1", "cards": ["9H", "3H", "JK", "TH", "4H"]})
    play(g, *[str(m) for m in seq])
    assert g.view(0)["seats"][1]["combos"][0]["represents"][0] == "3H"
    assert g.view(0)["seats"][1]["combos"][0]["represents"][-1] in ("TH", "JH")
    g = position(hands=[["6H", "4C", "QS"], ["9S", "2D"]], **DOWN)
    seq = compose_action(g, {"type": "swap", "target": "1.1", "card": "6H", "place": {"target": "0.2"}})
    assert [str(m) for m in seq] == ["swap 1.1 6H", "add 0.2 JK"]
    g = position(hands=[["9S", "8S", "JK", "6S", "5S", "2H", "3H", "4H", "5H", "KC"], SEAT1_FILLER], hand_number=3, turn=PLAY)
    seq = compose_action(g, {"type": "lay_down", "combos": [{"type": "run", "cards": ["9S", "8S", "JK", "6S", "5S"]},
                                                              {"type": "run", "cards": ["5H", "4H", "3H", "2H"]}]})
    assert [str(m) for m in seq] == ["run 5S 6S JK 8S", "run 2H 3H 4H 5H", "add 0.1 9S high"]
    with pytest.raises(IllegalMoveError):
        compose_action(g, {"type": "run", "cards": ["5S", "6S", "8S", "KC"]})


def test_compose_refusals_keep_their_key() -> None:
    """A refused UI action carries the engine's reason key and parameters (the page translates
    them), also when the action is composed of several moves."""
    from meldtable.api import Session, handle

    g = position(hands=[["7C", "7D", "KH", "KS", "JK", "4S", "9C"], SEAT1_FILLER], turn=PLAY)
    s = Session()
    s.game = g

    def refused(action: dict[str, Any]) -> dict[str, Any]:
        r = json.loads(handle(json.dumps({"op": "act", "action": action}), s))
        assert not r["ok"] and r["error"]["code"] == "illegal_move", r
        error: dict[str, Any] = r["error"]
        return error

    assert refused({"type": "set", "cards": ["7C", "KH", "4S"]})["key"] == "set_ranks"
    assert refused({"type": "set", "cards": ["7C", "7D", "JK", "9C"]})["key"] == "set_ranks"
    err = refused({"type": "set", "cards": ["7C", "7D", "JK"]})
    assert err["key"] == "contract_incomplete" and err["params"] == {"contract": "a set"}
    assert refused({"type": "run", "cards": ["7C", "KH", "4S", "9C"]})["key"] == "run_suits"


def contract_hand(sets: int, runs: int) -> tuple[list[str], list[str]]:
    """A hand holding exactly the contract plus 4C, and the planned combinations' first moves."""
    set_cards = [["KC", "KD", "KS"], ["QC", "QD", "QS"], ["JC", "JD", "JS"]][:sets]
    run_cards = [["2H", "3H", "4H", "5H"], ["6H", "7H", "8H", "9H"], ["TH", "JH", "QH", "KH"], ["2D", "3D", "4D", "5D"]][:runs]
    hand = [c for x in set_cards + run_cards for c in x] + ["4C"]
    planned = ["set " + " ".join(x) for x in set_cards] + ["run " + " ".join(x) for x in run_cards]
    return hand, planned


@pytest.mark.parametrize("deal", range(1, 12))
def test_each_contract_can_be_laid_down_and_played_out(deal: int) -> None:
    """Each deal's contract (the seed's seven and the four of ``game_length = extended``): laying
    it down takes one move per combination, the player is then down, and discarding the last card
    goes out."""
    options = {"game_length": "extended"}
    g0 = position(hands=[["4C"], ["5C"]], turn=PLAY, options=options)
    sets, runs = g0.state.rules.contract(deal)
    hand, planned = contract_hand(sets, runs)
    g = position(hands=[hand, SEAT1_FILLER], hand_number=deal, turn=PLAY, options=options)
    assert set(planned) <= kinds(g, "set", "run")
    for i, m in enumerate(planned):
        assert not g.view(0)["seats"][0]["down"]
        g.play(m)
        if i < len(planned) - 1:
            assert g.view(0)["turn"]["laying_down"] is not None
    assert g.view(0)["seats"][0]["down"] and len(g.view(0)["seats"][0]["combos"]) == sets + runs
    assert moves(g) == {"discard 4C"}
    g.play("discard 4C")
    assert g.hand_over and g.results[-1]["went_out"] == 0 and g.results[-1]["sides"][1]["total"] == 50


def test_games_saved_before_the_termination_options_still_load() -> None:
    """A game saved by the engine before issue #15 (no ``takes_in_a_row``, no ``turn.taken``, no
    options ``forbid_discarding_taken_card`` / ``max_takes_in_a_row``) loads with the defaults,
    also in the middle of a turn that began with a take, so an update never loses a game."""
    g = position(hands=[["4C", "9D", "KS"], ["5D", "6D"]], pile=["7S"], turn={"seat": 0}, top_from=1)
    play(g, "take")
    d = json.loads(g.to_json())
    del d["state"]["takes_in_a_row"], d["state"]["turn"]["taken"]
    del d["options"]["forbid_discarding_taken_card"], d["options"]["max_takes_in_a_row"]
    old = Game.from_json(json.dumps(d))
    assert old.view(0)["discard"]["takes_in_a_row"] == 1 and old.view(0)["turn"]["taken"] is None
    assert "discard 7S" in kinds(old, "discard")  # the card taken is not known: no restriction
    assert old.options["forbid_discarding_taken_card"] is False  # the default (seed 002)
