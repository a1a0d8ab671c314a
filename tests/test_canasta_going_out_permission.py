"""Asking the partner "may I go out?" (option ``going_out_permission`` = ``ask_partner``, the
``canasta-classic`` preset's default). Source: pagat, Classic Canasta (research section 1.1: "ask-
partner permission optional but binding"): before going out a player may ask a partner; a "yes"
obliges the player to go out this turn, a "no" forbids going out this turn. Seed 001 is silent.
"""
from __future__ import annotations

import json
from typing import Any

import meldtable
from meldtable import Game
from positions import position_state

_QUEENS = ["QC", "QD", "QH", "QS", "QC", "QD", "QH"]


def _four(hand0: list[str], options: dict[str, Any] | None = None) -> Game:
    """canasta-classic, 4 players: seat 0 (side 0 with seat 2) to act after drawing; side 0 has a
    canasta of queens and three kings; the other hands are plain."""
    d = json.loads(meldtable.new_game("canasta-classic", players=4, seed=1, options=options).to_json())
    hands = [hand0, ["4H", "5H", "6H", "7H"], ["4D", "5D", "6D", "7D"], ["8H", "9H", "TH", "JH"]]
    d["state"] = position_state(hands=hands, melds=[[_QUEENS, ["KC", "KH", "KS"]], []], pile=["9D"],
                                turn={"stage": "play", "from_stock": True, "initial": False})
    d["history"] = [[]]
    return meldtable.Game.from_json(json.dumps(d))


def _moves(g: Game) -> set[str]:
    return {str(m) for m in g.legal_moves()}


def test_a_player_who_could_go_out_may_ask_and_the_partner_answers() -> None:
    g = _four(["KD", "KD", "4C"])
    assert "ask" in _moves(g)
    g.play("ask")
    assert g.current_player == 2  # the partner, opposite
    assert _moves(g) == {"yes", "no"}
    assert g.view(2)["turn"]["asked"] == "pending"


def test_yes_obliges_the_player_to_go_out_this_turn() -> None:
    g = _four(["KD", "KD", "4C"])
    g.play("ask")
    g.play("yes")
    assert g.current_player == 0
    assert "discard 4C" not in _moves(g)
    assert "answered yes" in (g.explain("discard 4C") or "")
    g.play("add K KD")
    g.play("add K KD")  # kings: five on the table; one canasta (the queens) is enough in this preset
    g.play("discard 4C")
    assert g.hand_over and g.results[-1]["went_out"] == 0


def test_no_forbids_going_out_this_turn() -> None:
    g = _four(["KD", "KD", "4C"])
    g.play("ask")
    g.play("no")
    g.play("add K KD")  # two cards stay: one to discard, one to keep
    legal = _moves(g)
    assert "add K KD" not in legal  # it would leave one card, whose discard would go out
    assert "answered no" in (g.explain("add K KD") or "")
    assert "discard 4C" in legal and "discard KD" in legal
    g.play("discard 4C")
    assert not g.hand_over and g.current_player == 1


def test_asking_is_optional_and_offered_only_when_going_out_is_possible() -> None:
    g = _four(["KD", "KD", "4C"])
    g.play("add K KD")
    g.play("add K KD")
    g.play("discard 4C")  # going out without asking
    assert g.hand_over
    g = _four(["KD", "5C", "4C"])  # one king, no way to meld 5C and 4C: cannot go out this turn
    assert "ask" not in _moves(g)


def test_without_the_option_nobody_asks() -> None:
    g = _four(["KD", "KD", "4C"], options={"going_out_permission": "none"})
    assert "ask" not in _moves(g)
    assert "nobody asks" in (g.explain("ask") or "")


def test_asking_is_not_offered_when_a_no_would_leave_no_way_to_end_the_turn() -> None:
    """Found by the simulation harness: with one card left (after 'add 9 9S', holding AS), a "no"
    would forbid going out while the only card cannot be discarded without going out. So the
    question is offered only when both answers leave a legal end of the turn."""
    d = json.loads(meldtable.new_game("canasta-classic", players=4, seed=1).to_json())
    hands = [["AS", "9S"], ["4H", "5H", "6H", "7H"], ["4D", "5D", "6D", "7D"], ["8H", "9H", "TH", "JH"]]
    d["state"] = position_state(hands=hands, melds=[[_QUEENS, ["9C", "9D", "9H"]], []], pile=["8D"],
                                turn={"stage": "play", "from_stock": True, "initial": False})
    d["history"] = [[]]
    g = meldtable.Game.from_json(json.dumps(d))
    g.play("add 9 9S")
    assert "ask" not in _moves(g)
    assert g.legal_moves()  # going out by discarding AS


def test_four_black_threes_and_a_last_card_go_out_after_a_yes() -> None:
    """Found by the page-vs-CPython test (6 players, seed 20261128): after the partner's yes the
    player held 3C 3C 3S 3S 4S; going out is melding the four black threes and discarding 4S, but
    a shortcut assumed a meld of three black threes and left the player without a move."""
    d = json.loads(meldtable.new_game("canasta-classic", players=4, seed=1).to_json())
    hands = [["3C", "3C", "3S", "3S", "4S", "KD"], ["4H", "5H", "6H", "7H"], ["4D", "5D", "6D", "7D"], ["8H", "9H", "TH", "JH"]]
    d["state"] = position_state(hands=hands, melds=[[_QUEENS, ["KC", "KH", "KS"]], []], pile=["8D"],
                                turn={"stage": "play", "from_stock": True, "initial": False})
    d["history"] = [[]]
    g = meldtable.Game.from_json(json.dumps(d))
    g.play("add K KD")
    g.play("ask")
    g.play("yes")
    assert "meld 3C 3C 3S 3S" in _moves(g)
    g.play("meld 3C 3C 3S 3S")
    g.play("discard 4S")
    assert g.hand_over and g.results[-1]["went_out"] == 0


def test_no_also_forbids_black_threes_which_would_commit_the_turn_to_going_out() -> None:
    """Black threes are melded only in the turn the player goes out (seed 001 'dürfen nur zur
    Meldung Ausmachen ausgelegt werden'); after the partner's "no" the player may not go out this
    turn, so black threes cannot be melded either (else no move could end the turn)."""
    hand = ["KD", "KD", "3C", "3C", "3S", "4C"]
    g = _four(hand)
    assert "meld 3C 3C 3S" in _moves(g)  # going out is possible: kings, black threes, discard 4C
    g.play("ask")
    g.play("no")
    legal = _moves(g)
    assert not any(m.startswith("meld 3") for m in legal), legal
    assert "answered no" in (g.explain("meld 3C 3C 3S") or "")
    assert any(m.startswith("discard") for m in legal)  # the turn can still end
