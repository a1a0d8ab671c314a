"""Seed 001's bonuses that pagat does not have, as options of the canasta catalogue with their
documented meaning: the early-out bonus (research C16) and the "Hand-Canasta" (research C3).
Also: without an all-four bonus (seed 001 names none) four red threes count 4 x 100."""
from __future__ import annotations

import json
from typing import Any, cast

import meldtable
from meldtable import Game
from positions import position_state

_QUEENS = ["QC", "QD", "QH", "QS", "QC", "QD", "QH"]


def _classic_two(hands: list[list[str]], melds: list[list[Any]], *, drawn: tuple[int, int] = (1, 0), turn: dict[str,
                 Any] | None = None,
                 red_threes: list[list[str]] | None = None, options: dict[str, Any] | None = None) -> Game:
    d = json.loads(meldtable.new_game("canasta-classic", players=2, seed=1, options=options).to_json())
    d["state"] = position_state(hands=hands, melds=melds, pile=["9D"], red_threes=red_threes,
                                turn=turn or {"stage": "play", "from_stock": True, "initial": False})
    d["state"]["drawn"] = list(drawn)
    d["history"] = [[]]
    return meldtable.Game.from_json(json.dumps(d))


def _side0(g: Game) -> dict[str, int]:
    return cast("dict[str, int]", g.results[-1]["sides"][0]["items"])


def test_early_out_bonus_after_drawing_one_card() -> None:
    """Seed 001: »Kann ein Spieler schon kurz nach Spielbeginn ausmachen, ohne mehr als eine Karte
    vom Talon gezogen zu haben, erhält er 300 Pluspunkte.« Going out after one stock card: the
    going-out bonus is 300 in total (100 + an early_out item of 200)."""
    g = _classic_two([["KD", "KD", "4C"], ["4H", "5H", "6H"]], [[_QUEENS, ["KC", "KH", "KS"]], []], drawn=(1, 0))
    for m in ("add K KD", "add K KD", "discard 4C"):
        g.play(m)
    items = _side0(g)
    assert items["going_out"] == 100 and items["early_out"] == 200


def test_no_early_out_bonus_after_two_stock_cards() -> None:
    g = _classic_two([["KD", "KD", "4C"], ["4H", "5H", "6H"]], [[_QUEENS, ["KC", "KH", "KS"]], []], drawn=(2, 0))
    for m in ("add K KD", "add K KD", "discard 4C"):
        g.play(m)
    items = _side0(g)
    assert items["going_out"] == 100 and items["early_out"] == 0


def test_hand_canasta_opened_and_completed_in_one_turn() -> None:
    """Seed 001 »Hand-Canasta = 1000 Punkte« (undefined in the seed; engine reading, research C3):
    a canasta opened and completed from the hand in one turn without a pile take scores 1000
    instead of 500. Seven kings melded in one turn; the queens canasta (older) scores 500."""
    kings = ["KC", "KC", "KD", "KD", "KH", "KH", "KS"]
    g = _classic_two([kings + ["4C"], ["4H", "5H", "6H"]], [[_QUEENS], []], drawn=(3, 0))
    g.play("meld KC KC KD")
    for c in ("KD", "KH", "KH", "KS"):
        g.play(f"add K {c}")
    view_meld = next(m for m in g.view(0)["sides"][0]["melds"] if m["rank"] == "K")
    assert view_meld["hand_canasta"] is True
    g2 = meldtable.Game.from_json(g.to_json())  # the flag survives a saved game
    assert next(m for m in g2.view(0)["sides"][0]["melds"] if m["rank"] == "K")["hand_canasta"] is True
    g.play("discard 4C")  # going out
    items = _side0(g)
    assert items["hand_canastas"] == 1000 and items["natural_canastas"] == 500


def test_a_canasta_completed_in_a_later_turn_is_not_a_hand_canasta() -> None:
    """Opened in an earlier turn (five kings on the table), completed now: an ordinary canasta."""
    g = _classic_two([["KD", "KD", "4C", "5C"], ["4H", "5H", "6H"]], [[_QUEENS, ["KC", "KC", "KH", "KH", "KS"]], []])
    g.play("add K KD")
    g.play("add K KD")
    assert next(m for m in g.view(0)["sides"][0]["melds"] if m["rank"] == "K")["hand_canasta"] is False


def test_four_red_threes_count_four_times_100_without_an_all_four_bonus() -> None:
    """Seed 001 »Rote Drei = 100 Punkte« and no bonus for all four (research C20): 400."""
    g = _classic_two([["KD", "KD", "4C"], ["4H", "5H", "6H"]], [[_QUEENS, ["KC", "KH", "KS"]], []],
                     red_threes=[["3D", "3D", "3H", "3H"], []], drawn=(4, 0))
    for m in ("add K KD", "add K KD", "discard 4C"):
        g.play(m)
    assert _side0(g)["red_threes"] == 400


# ---------------------------------------------------------------------------- the joker canasta (C2)

def test_wild_canasta_of_seven_wild_cards_scores_1000() -> None:
    """Seed 001 »Joker-Canasta (sieben echte und unechte Joker) = 1000 Punkte« (option
    wild_canasta = allowed, the classic default; research C2): a meld of wild cards only, opened
    with three and added to one by one, seven of them a wild canasta worth 1000."""
    wild7 = ["JK", "JK", "JK", "2C", "2D", "2H", "2S"]
    g = _classic_two([wild7 + ["4C"], ["4H", "5H", "6H"]], [[_QUEENS], []], drawn=(3, 0))
    assert "meld JK JK JK" in {str(m) for m in g.legal_moves()}
    g.play("meld 2C JK JK")
    for c in ("JK", "2D", "2H", "2S"):
        g.play(f"add 2 {c}")
    meld = next(m for m in g.view(0)["sides"][0]["melds"] if m["rank"] == "2")
    assert meld["canasta"] == "wild" and len(meld["cards"]) == 7
    assert "add 2 JK" not in {str(m) for m in g.legal_moves()}
    g.play("discard 4C")
    items = _side0(g)
    assert items["wild_canastas"] == 1000 and items["natural_canastas"] == 500
    assert items["melded_cards"] == 3 * 50 + 4 * 20 + 70


def test_wild_melds_are_forbidden_in_two_hand_canasta() -> None:
    """Seed 000 'Figuren': never a meld of wild cards only (option wild_canasta = forbidden)."""
    from positions import position, refusal

    g = position(hands=[["JK", "JK", "2C", "4C", "5D"], ["4H", "5H", "6H"]], melds=[[_QUEENS], []],
                 turn={"stage": "play", "from_stock": True, "initial": False})
    assert not any(str(m).startswith("meld") for m in g.legal_moves())
    key, _ = refusal(g, "meld 2C JK JK")
    assert key == "all_wild"


def test_a_meld_of_three_jokers_can_be_the_initial_meld() -> None:
    """Three jokers are 150 points: with wild_canasta allowed they can open the side's initial meld
    (minimum 50), and the planner knows it: the meld is offered before any other meld."""
    g = _classic_two([["JK", "JK", "JK", "4C", "5D"], ["4H", "5H", "6H"]], [[], []],
                     turn={"stage": "play", "from_stock": True, "initial": True})
    assert "meld JK JK JK" in {str(m) for m in g.legal_moves()}
    g.play("meld JK JK JK")
    assert g.view(0)["sides"][0]["melded"] is True
