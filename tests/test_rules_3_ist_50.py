"""Rule tests for ``3-ist-50``, written from the seed text ``shared/seeds/003_ec1406dbe3488249.txt``
(German house rules; the seed is the whole spec) and the options of research rows T1-T13.

Each test names the seed section it checks (``Karten``, ``Werte der Karten``, ``Austeilen der
Karten``, ``Ausspielen von Karten`` with its four possibilities, ``Abrechnung``, ``Allgemeine
Regeln``) and quotes the sentence. Positions are built through ``Game.from_json``
(tests/positions_3_ist_50.py).
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest

import meldtable
from meldtable import Game, IllegalMoveError, NotationError, NotYourTurnError, OptionError, StateError, api
from meldtable.threefifty import ThreeFiftyMove
from positions_3_ist_50 import deck_count, full_deck, moves, position, position_json, refusal, state_of

V = "3-ist-50"


def pile(g: Game, seat: int) -> list[str]:
    return cast("list[str]", state_of(g)["piles"][seat])


# ============================================================================ Karten


def test_karten_canastakarten_two_decks_jokers_left_out_by_default() -> None:
    """'Karten: Canastakarten' -- two 52-card decks; the jokers get no value in the seed, so by
    default (option jokers_per_deck = 0, research T1) they are left out: 104 cards."""
    g = meldtable.new_game(V, players=2, seed=1)
    assert deck_count(g) == full_deck(2, 0)
    assert sum(deck_count(g).values()) == 104
    assert "JK" not in deck_count(g)


def test_karten_jokers_option_adds_jokers_that_match_only_jokers() -> None:
    """Option jokers_per_deck = 2 (research T1): 108 cards; a joker matches only a joker (its
    'Bild'), and it costs joker_value."""
    opts = {"jokers_per_deck": 2, "joker_value": 25}
    g = meldtable.new_game(V, players=3, seed=1, options=opts)
    assert sum(deck_count(g).values()) == 108 and deck_count(g)["JK"] == 4
    g = position(options=opts, hands=[["JK", "5C"], ["6C", "7C"]], centre=["JK", "5D"])
    assert moves(g) == {"play JK middle", "play 5C middle"}
    g.play("play JK middle")
    assert pile(g, 1) == ["JK", "JK"]
    assert g.view(0)["piles"][1]["top_run_points"] == 50
    assert g.view(0)["values"]["JK"] == 25


def test_karten_decks_option_and_player_counts() -> None:
    """Player count (research T2): 2 to 6 players; other counts are refused. Option decks 1-3."""
    assert meldtable.VARIANTS[V].players == (2, 3, 4, 5, 6)
    for n in (1, 7):
        with pytest.raises(OptionError):
            meldtable.new_game(V, players=n, seed=0)
    g = meldtable.new_game(V, players=6, seed=0, options={"decks": 1})
    assert sum(deck_count(g).values()) == 52
    assert g.view(0)["stock"] == 52 - 6 * 4 - 4


# ============================================================================ Werte der Karten


def finished(piles: list[list[str]], options: dict[str, Any] | None = None, **kw: Any) -> Game:
    """A game one move before its end: two players, seat 0 to act with 9C, seat 1 has played its
    last card; the stock is used up. ``play``ing 9C onto the discard pile ends it."""
    n = len(piles)
    hands = [["9C"]] + [[] for _ in range(n - 1)]
    g = position(options=options, hands=hands, piles=piles, stock=[], to_act=0, dealer=0, round=1, **kw)
    # to_act 0 with dealer 0 means the lap started at seat 1: seats 1.. have played
    return g


def test_werte_der_karten_each_three_50_ace_11_pictures_10_numbers_face_value() -> None:
    """'3 - 50, Asse - 11, Bilder - 10, Zahl (außer der 3) - Zahlenwert': the minus points of a pile,
    itemised. Both colours of three cost 50 (research T9)."""
    g = finished([["3C", "3D", "AS", "KH", "QH", "JH", "TH", "9C", "2D"], ["4S", "5S"]])
    g.play("discard 9C")
    assert g.hand_over and g.match_over
    r = g.results[-1]
    assert r["sides"][0]["items"] == {"threes": 100, "aces": 11, "pictures": 30, "numbers": 21, "jokers": 0}
    assert r["sides"][0]["total"] == 162
    assert r["sides"][1]["total"] == 9
    assert g.scores == [162, 9]


def test_werte_der_karten_three_value_option() -> None:
    """Option three_value (research T9): what a three costs."""
    g = finished([["3C", "3H"], ["4S"]], options={"three_value": 30})
    g.play("discard 9C")
    assert g.scores == [60, 4]
    assert g.view(1)["values"]["3"] == 30


# ============================================================================ Austeilen der Karten


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_austeilen_four_cards_each_four_open_in_the_centre(players: int) -> None:
    """'Jeder Spieler erhält 4 Karten auf die Hand ... Offen auf den Tisch werden 4 Karten
    ausgelegt. Die restlichen Karten werden an die Seite gelegt (Kartenstapel)'; 'Der Spieler links
    neben dem Kartengeber darf anfangen.'"""
    g = meldtable.new_game(V, players=players, seed=players)
    v = g.view(0)
    assert v["hand_counts"] == [4] * players and len(v["hand"]) == 4
    assert len(v["centre"]) == 4
    assert v["stock"] == 104 - 4 * players - 4
    assert v["discard"] == {"top": None, "size": 0, "live": False, "top_run": []}
    assert all(p["size"] == 0 for p in v["piles"])
    assert v["round"] == 1 and v["dealer"] == players - 1 and v["first_player"] == 0
    assert g.current_player == 0


def test_austeilen_next_round_dealt_by_left_of_last_dealer_from_the_stock() -> None:
    """'Ist eine Runde zu Ende (Kein Spieler hat mehr eine Karte auf der Hand) so verteilt der
    Spieler links neben den letzten Kartengeber die Karten vom Kartenstapel. Jeder Spieler erhält
    wieder 4 Handkarten und die Karten in der Mitte werden wieder auf 4 ausgelegte Karten aufgefüllt
    (Hierbei wird der Ablagehaufen nicht gezählt). Der Spieler links neben dem neuen Kartengeber
    fängt an mit ausspielen.' Cards are dealt one at a time from the new first player on, then the
    centre is refilled (option refill_order = hands_then_center, research T10)."""
    # three players, round 2 dealt by seat 1 (so seat 2 began); seat 1 plays the round's last card
    g = position(
        hands=[[], ["8D"], []], to_act=1, dealer=1, round=2, centre=["KC"], discard=["6S"],
        stock_top=["AC", "AD", "AH", "2C", "2D", "2H", "4C", "4D", "4H", "5C", "5D", "5H", "7C", "7D", "7H", "TC"],
    )
    assert g.view(0)["first_player"] == 2
    g.play("discard 8D")
    v = g.view(0)
    assert v["round"] == 3 and v["dealer"] == 2 and v["first_player"] == 0 and g.current_player == 0
    st = state_of(g)
    # dealt one by one from seat 0 (left of the new dealer): A, 2, 4, 5 to seat 0 ...
    assert st["hands"] == [["AC", "2C", "4C", "5C"], ["AD", "2D", "4D", "5D"], ["AH", "2H", "4H", "5H"]]
    # ... then the centre refilled to four; the discard pile (6S 8D) does not count
    assert st["centre"] == ["KC", "7C", "7D", "7H"]
    assert st["discard_pile"] == ["6S", "8D"]
    assert v["stock"] == 104 - 3 - 12 - 3  # 3 cards were in play (8D, KC, 6S); 12 dealt, 3 laid
    assert "round 3 dealt by seat 2" in v["last_moves"][-1]["label"]


def test_austeilen_last_round_nobody_holds_more_cards_extras_set_aside() -> None:
    """'Bei der Letzten Runde ist darauf zu achten, dass kein Spieler mehr Karten auf der Hand hat,
    als ein anderer. GGF sind Karten die zu viel sind an die Seite zu legen und werden nicht
    gespielt.' Two players, 5 cards left, full centre: 2 cards each, 1 set aside."""
    g = position(hands=[[], ["8D"]], to_act=1, dealer=1, centre=["KC", "KD", "KH", "KS"],
                 stock=["AC", "AD", "2C", "2D", "4C"])
    g.play("discard 8D")
    v = g.view(0)
    assert v["hand_counts"] == [2, 2] and v["round_cards"] == 2
    st = state_of(g)
    # the position helper keeps the 94 cards not in play aside; the deal adds the surplus 4C
    assert v["stock"] == 0 and v["set_aside"] == 94 + 1 and st["set_aside"][-1] == "4C"
    assert st["hands"] == [["AD", "2D"], ["AC", "2C"]]  # seat 1 (left of the new dealer 0) first
    assert g.current_player == 1


def test_austeilen_refill_order_option_when_the_stock_runs_short() -> None:
    """Research T10: with 7 cards left, three players and two centre cards missing,
    hands_then_center deals 2 each and puts the last card in the centre; center_then_hands fills the
    centre first, deals 1 each and sets 2 aside."""
    kw: dict[str, Any] = dict(hands=[[], [], ["8D"]], to_act=2, dealer=2, centre=["KC", "KD"],
              stock=["AC", "AD", "AH", "2C", "2D", "2H", "4C"])
    g = position(**kw)
    aside = g.view(0)["set_aside"]
    g.play("discard 8D")
    st = state_of(g)
    assert st["hands"] == [["AH", "2H"], ["AC", "2C"], ["AD", "2D"]]  # from seat 1, left of dealer 0
    assert st["centre"] == ["KC", "KD", "4C"] and st["stock"] == [] and len(st["set_aside"]) == aside
    g = position(options={"refill_order": "center_then_hands"}, **kw)
    g.play("discard 8D")
    st = state_of(g)
    assert st["centre"] == ["KC", "KD", "AC", "AD"]
    assert st["hands"] == [["2D"], ["AH"], ["2C"]]
    assert st["set_aside"][-2:] == ["2H", "4C"] and len(st["set_aside"]) == aside + 2


def test_austeilen_repeated_until_the_stock_is_used_up_then_the_game_ends() -> None:
    """'Das wird solange wiederholt, bis keine Karten mehr im Kartenstapel sind.' and 'Sind alle
    Handkarten ausgespielt und keine Karten mehr zum Verteilen übrig' -> Abrechnung. A stock that
    cannot give every player a card is set aside and the game ends (one game = one core hand)."""
    g = position(hands=[[], ["8D"]], to_act=1, dealer=1, stock=["AC"])
    g.play("discard 8D")
    assert g.hand_over and g.match_over and g.current_player is None
    assert g.legal_moves() == []
    v = g.view(0)
    # 102 cards were aside in this hand-made position; AC, too few for two players, joins them
    assert v["stock"] == 0 and v["set_aside"] == 103 and state_of(g)["set_aside"][-1] == "AC"
    assert v["phase"] == "match_over"
    assert "game over" in v["last_moves"][-1]["label"]
    with pytest.raises(IllegalMoveError):
        g.play("discard AC")


def test_austeilen_whole_game_deals_rounds_until_stock_is_empty() -> None:
    """A full two-player game: rounds of 4 cards each until the stock is empty; every round is
    dealt by the left neighbour of the last dealer."""
    g = meldtable.new_game(V, players=2, seed=5)
    dealers: list[tuple[int, int, list[int]]] = []
    while not g.hand_over:
        v = g.view(0)
        if not dealers or dealers[-1][0] != v["round"]:
            dealers.append((v["round"], v["dealer"], v["hand_counts"]))
        g.play(g.legal_moves()[0])
    assert [d for _, d, _ in dealers] == [(1 + i) % 2 for i in range(len(dealers))]
    assert all(c[0] == c[1] for _, _, c in dealers)
    assert g.view(0)["stock"] == 0 and g.results[-1]["rounds"] == len(dealers)


# ============================================================================ Ausspielen von Karten


def test_ausspielen_only_the_player_to_act_one_card_then_the_left_neighbour() -> None:
    """'Es darf dann immer reihum ein Spieler eine Karte ausspielen. Zwischenwerfen ist nicht
    erlaubt. Nur der Spieler, der gerade dran ist, darf ausspielen.' and 'Von den Handkarten darf
    immer nur eine Karte abgelegt werden.'"""
    g = meldtable.new_game(V, players=3, seed=11)
    before = g.to_json()
    with pytest.raises(NotYourTurnError):
        g.play(g.legal_moves()[0], seat=1)
    assert g.to_json() == before
    for expected in (0, 1, 2, 0, 1):
        assert g.current_player == expected
        counts = g.view(0)["hand_counts"]
        m = g.legal_moves()[0]
        assert len(m.cards) == 1
        g.play(m, seat=expected)
        after = g.view(0)["hand_counts"]
        assert after[expected] == counts[expected] - 1
        assert all(after[s] == counts[s] for s in range(3) if s != expected)


# ---------------------------------------------------------------------------- 1. Mitte


def test_mitte_beispiel_a_five_and_two_fives_in_the_centre_all_three_to_the_left_neighbour() -> None:
    """'Beispiel. Ich habe eine 5 und in der Mitte liegen zwei 5er bei den vier ausgelegten Karten,
    dann lege ich alle drei Karten vor meinen linken Nachbarn.' -- 'Hierbei zählt nicht die Farbe,
    sondern das Bild oder die Zahl.'"""
    g = position(hands=[["5H", "9C"], ["6C", "7C"], ["8C", "TC"]], centre=["5C", "KD", "5S", "2H"])
    assert "play 5H middle" in moves(g)
    g.play("play 5H middle")
    assert pile(g, 1) == ["5H", "5C", "5S"]  # the left neighbour's minus pile
    assert pile(g, 0) == [] and pile(g, 2) == []
    assert state_of(g)["centre"] == ["KD", "2H"]
    assert g.current_player == 1  # 'der linke Nachbar ist an der Reihe'
    v = g.view(2)
    assert v["piles"][1] == {"seat": 1, "size": 3, "top": "5S", "top_run": ["5H", "5C", "5S"],
                             "top_run_points": 15, "cards": None, "points": None}
    assert v["last_moves"][-1]["label"] == "played 5H with 5C 5S from the centre: 3 cards to seat 1's minus pile"


def test_mitte_discard_top_counts_as_a_middle_card() -> None:
    """'(Die vier offenen Startkarten, plus die oberste Karte des Ablagehaufens)': the discard pile's
    top card is matched like a centre card; the card below becomes the top (option
    discard_reveal_next = later_turns, research T6)."""
    g = position(hands=[["8C", "9C"], ["6C", "7C"]], centre=["KD"], discard=["4D", "8H"])
    assert moves(g) == {"play 8C middle"}
    g.play("play 8C middle")
    assert pile(g, 1) == ["8C", "8H"]
    assert g.view(1)["discard"] == {"top": "4D", "size": 1, "live": True, "top_run": ["4D"]}


def test_mitte_capture_sources_together_by_default_and_either_as_option() -> None:
    """'alle Karten der gleichen Zahl/ Bildes aus den vier Mittelkarten oder die oberste Karte des
    Ablagehaufens' (research T3). Default center_and_discard_top: the matching centre cards and the
    matching discard top go together; option center_or_discard_top: the player takes from one."""
    kw: dict[str, Any] = dict(hands=[["9C", "4S"], ["6C", "7C"]], centre=["9S", "KD"], discard=["9D"])
    g = position(**kw)
    assert moves(g) == {"play 9C middle"}
    assert refusal(g, "play 9C centre")[0] == "use_middle"
    g.play("play 9C middle")
    assert pile(g, 1) == ["9C", "9S", "9D"]
    g = position(options={"capture_sources": "center_or_discard_top"}, **kw)
    assert moves(g) == {"play 9C centre", "play 9C discard"}
    key, msg = refusal(g, "play 9C middle")
    assert key == "choose_source" and "play 9C centre" in msg
    g.play("play 9C discard")
    assert pile(g, 1) == ["9C", "9D"] and state_of(g)["centre"] == ["9S", "KD"]


def test_mitte_take_all_matches_option() -> None:
    """'alle Karten der gleichen Zahl/ Bildes aus den vier Mittelkarten' (research T5): all by
    default; option take_all_matches = false takes one of them."""
    kw: dict[str, Any] = dict(hands=[["QC", "4S"], ["6C", "7C"]], centre=["QD", "QS", "QH", "KD"])
    g = position(**kw)
    g.play("play QC middle")
    assert pile(g, 1) == ["QC", "QD", "QS", "QH"] and state_of(g)["centre"] == ["KD"]
    g = position(options={"take_all_matches": False}, **kw)
    g.play("play QC middle")
    assert pile(g, 1) == ["QC", "QD"] and state_of(g)["centre"] == ["QS", "QH", "KD"]


def test_mitte_discard_reveal_next_never_option() -> None:
    """Research T6, option discard_reveal_next = never: after the discard top was taken, the card
    below cannot be matched until a new card is discarded."""
    opts = {"discard_reveal_next": "never"}
    g = position(options=opts, hands=[["8C", "4C"], ["4D", "7C"]], discard=["4H", "8H"])
    g.play("play 8C middle")
    v = g.view(1)
    assert v["discard"] == {"top": "4H", "size": 1, "live": False, "top_run": ["4H"]}
    assert moves(g) == {"discard 4D", "discard 7C"}
    assert refusal(g, "play 4D middle") == (
        "discard_dead", "The discard pile's top card can be matched only after a new card is discarded.")
    g.play("discard 7C")
    assert g.view(0)["discard"]["live"] is True


def test_mitte_discard_capture_depth_option() -> None:
    """Research T13: only the top card of the discard pile by default; option
    discard_capture_depth = run takes the unbroken run of that rank from its top."""
    kw: dict[str, Any] = dict(hands=[["6C", "4S"], ["5C", "7C"]], discard=["KD", "6D", "6H"])
    g = position(**kw)
    assert g.view(1)["discard"]["top_run"] == ["6D", "6H"]
    g.play("play 6C middle")
    assert pile(g, 1) == ["6C", "6H"] and state_of(g)["discard_pile"] == ["KD", "6D"]
    g = position(options={"discard_capture_depth": "run"}, **kw)
    g.play("play 6C middle")
    assert pile(g, 1) == ["6C", "6D", "6H"] and state_of(g)["discard_pile"] == ["KD"]


def test_mitte_centre_cards_taken_are_not_replaced_until_the_next_deal() -> None:
    """Allgemeine Regeln: 'Wenn eine Karte von den vier in der Mitte ausgelegten Karten ... genommen
    wird ..., werden diese während dieser Runde nicht ersetzt. Erst wenn alle Handkarten ausgespielt
    sind und neue Handkarten an die Spieler verteilt werden, dann werden auch die vier ausgelegten
    Mittelkarten wieder auf vier Ausgelegte aufgefüllt.'"""
    g = position(hands=[["5H", "9C"], ["6C", "KC"]], centre=["5C", "KD", "5S", "2H"],
                 stock_top=["AC", "AD", "AH", "AS", "2C", "2D", "2S", "4C", "4D", "4H"])
    g.play("play 5H middle")
    stock = g.view(0)["stock"]
    assert g.view(0)["centre"] == ["KD", "2H"] and stock == 104 - 4 - 4  # hands and centre as given
    g.play("play KC middle")
    assert g.view(0)["centre"] == ["2H"] and g.view(0)["stock"] == stock
    g.play("discard 9C")
    assert g.view(0)["centre"] == ["2H"] and g.view(0)["stock"] == stock
    g.play("discard 6C")  # the round ends: new hands, then the centre is refilled to four
    st = state_of(g)
    assert st["hands"] == [["AD", "AS", "2D", "4C"], ["AC", "AH", "2C", "2S"]]
    assert st["centre"] == ["2H", "4D", "4H", "AC"]  # AC: the first spare card below the given ones
    assert g.view(0)["stock"] == stock - 8 - 3


# ---------------------------------------------------------------------------- 2. eigener Minushaufen


def test_eigener_minushaufen_beispiel_4_4_7_7_7_with_a_seven() -> None:
    """'Beispiel: In meinem Minushaufen liegen von unten nach oben: 4, 4, 7,7,7. Habe ich eine 7 und
    bin an der Reihe mit dem Ausspielen, dann darf ich meine Handkarte 7 und die drei 7er aus meinem
    Minushaufen meinem linken Nachbarn oben auf dessen Minushaufen legen.'"""
    g = position(hands=[["7H", "KC"], ["6C", "9C"]],
                 piles=[["4C", "4D", "7C", "7D", "7S"], ["QH"]])
    assert "play 7H own" in moves(g)
    g.play("play 7H own")
    assert pile(g, 0) == ["4C", "4D"]
    assert pile(g, 1) == ["QH", "7H", "7C", "7D", "7S"]
    v = g.view(1)
    assert v["piles"][0]["top"] == "4D" and v["piles"][0]["top_run"] == ["4C", "4D"]
    assert v["piles"][1]["top_run"] == ["7H", "7C", "7D", "7S"] and v["piles"][1]["size"] == 5
    assert v["last_moves"][-1]["label"] == "played 7H with 3 sevens from own minus pile: 4 cards to seat 1's minus pile"


def test_eigener_minushaufen_beispiel_2_covered_fours_stay() -> None:
    """'Beispiel 2: In meinem Minushaufen liegen von unten nach oben: 4, 4, 7,7,7. Habe ich eine 4
    auf der Hand und bin an der Reihe, darf ich die 4er nicht zu meinem linken Nachbarn legen, weil
    sie „abgedeckt“ von den 7ern sind.'"""
    g = position(hands=[["4H", "KC"], ["6C", "9C"]],
                 piles=[["4C", "4D", "7C", "7D", "7S"], []])
    assert not any(m.card.text == "4H" and m.kind == "play" for m in cast("list[ThreeFiftyMove]", g.legal_moves()))
    key, msg = refusal(g, "play 4H own")
    assert key == "no_match_own" and msg == "The top of your minus pile is 7S, not a four."
    assert moves(g) == {"discard 4H", "discard KC"}
    assert pile(g, 0) == ["4C", "4D", "7C", "7D", "7S"]


def test_eigener_minushaufen_two_players_give_back_and_forth() -> None:
    """With two players the left neighbour is the only other player: the run goes to him."""
    g = position(hands=[["KH", "2C"], ["KS", "9C"]], piles=[["KC"], []])
    g.play("play KH own")
    assert pile(g, 0) == [] and pile(g, 1) == ["KH", "KC"]
    g.play("play KS own")
    assert pile(g, 1) == [] and pile(g, 0) == ["KS", "KH", "KC"]


# ---------------------------------------------------------------------------- 3. beliebiger Minushaufen


def test_beliebiger_minushaufen_any_pile_whose_top_matches() -> None:
    """'Ist eine Handkarte identisch mit irgendeiner obersten Karte eines Minushaufens (also nicht
    nur der meines linken Nachbarn oder meines eigenen) so kann ich diese Karte oben auf den
    Minushaufens legen, der eben die gleiche Zahl/ Bild meiner Handkarte hat.' One card only."""
    g = position(hands=[["JH", "2C"], ["5C", "6C"], ["5D", "6D"], ["5H", "6H"]],
                 piles=[["JC"], ["JD"], ["4S", "JS"], ["8S"]])
    assert moves(g) == {"play JH own", "play JH pile 0", "play JH pile 1", "play JH pile 2"}
    g.play("play JH pile 2")
    assert pile(g, 2) == ["4S", "JS", "JH"]
    assert pile(g, 1) == ["JD"] and pile(g, 0) == ["JC"]
    assert g.view(0)["last_moves"][-1]["label"] == "put JH on seat 2's minus pile"


def test_beliebiger_minushaufen_own_pile_option() -> None:
    """Research T7: by default (option4_targets = any, from 'nicht nur ... meines eigenen') the own
    pile is a target too; with others_only it is refused (rule 2 still passes the pile on)."""
    kw: dict[str, Any] = dict(hands=[["JH", "2C"], ["5C", "6C"]], piles=[["JC"], ["JD"]])
    g = position(**kw)
    g.play("play JH pile 0")
    assert pile(g, 0) == ["JC", "JH"]
    g = position(options={"option4_targets": "others_only"}, **kw)
    assert moves(g) == {"play JH own", "play JH pile 1"}
    key, msg = refusal(g, "play JH pile 0")
    assert key == "own_pile" and "own minus pile" in msg


def test_beliebiger_minushaufen_refusals_name_the_top_card() -> None:
    g = position(hands=[["JH", "2C"], ["5C", "6C"], ["5D", "6D"]], piles=[[], ["QC"], []])
    assert refusal(g, "play JH pile 1") == ("no_match_pile", "The top of seat 1's minus pile is QC, not a jack.")
    assert refusal(g, "play JH pile 2") == ("pile_empty", "Seat 2's minus pile is empty.")
    assert refusal(g, "play JH pile 5") == ("no_seat", "There is no seat 5 in this 3-player game.")
    assert refusal(g, "play JH own") == ("own_empty", "Your minus pile is empty.")
    assert refusal(g, "play JH middle") == (
        "no_match_middle", "No jack lies in the middle (the centre cards and the discard pile's top).")
    assert refusal(g, "play QH pile 1") == ("not_in_hand", "You do not hold QH.")


# ---------------------------------------------------------------------------- 4. Ablagehaufen


def test_ablagehaufen_no_match_means_a_discard() -> None:
    """'Habe ich keine Karte auf der Hand, die identisch ist mit einer der bis zu fünf Mittelkarten
    oder der obersten Karte eines Minushaufens, so muss ich eine Karte oben auf den Ablagehaufen in
    der Mitte des Spieltisches legen.'"""
    g = position(hands=[["8C", "9C"], ["6C", "7C"]], centre=["KD", "QD"], discard=["2S"], piles=[["AS"], ["5D"]])
    assert moves(g) == {"discard 8C", "discard 9C"}
    g.play("discard 9C")
    assert state_of(g)["discard_pile"] == ["2S", "9C"]
    assert g.view(1)["discard"] == {"top": "9C", "size": 2, "live": True, "top_run": ["9C"]}


def test_ablagehaufen_must_match_when_a_card_matches() -> None:
    """The same sentence read literally (research T4, option capture_mandatory = true): while a
    hand card matches a middle card or a pile top, no card may be discarded -- not even another one.
    With capture_mandatory = false a discard is always allowed."""
    kw: dict[str, Any] = dict(hands=[["8C", "9C"], ["6C", "7C"]], piles=[[], ["9D"]])
    g = position(**kw)
    assert moves(g) == {"play 9C pile 1"}
    key, msg = refusal(g, "discard 8C")
    assert key == "must_match"
    assert msg == "You may discard only when no card in your hand matches: 9C can be played ('play 9C pile 1')."
    g = position(options={"capture_mandatory": False}, **kw)
    assert moves(g) == {"play 9C pile 1", "discard 8C", "discard 9C"}
    g.play("discard 8C")
    assert state_of(g)["discard_pile"] == ["8C"]


def test_ablagehaufen_discard_top_is_one_of_the_five_middle_cards() -> None:
    """'einer der bis zu fünf Mittelkarten': a match with the discard top alone forbids discarding."""
    g = position(hands=[["8C", "9C"], ["6C", "7C"]], discard=["9H"])
    assert moves(g) == {"play 9C middle"}


# ============================================================================ Abrechnung


def test_abrechnung_fewest_minus_points_wins_and_ties_share() -> None:
    """'zählt jede Spieler sie Minuspunkte seines Minushaufens. Wer am wenigsten hat, ist der
    Sieger.' Ties: every seat with the fewest points wins (engine decision)."""
    g = finished([["KC"], ["QC"], ["3C"]])
    g.play("discard 9C")
    assert g.scores == [10, 10, 50] and g.winners == [0, 1]
    assert g.view(0)["match"] == {"games": 1, "over": True, "winners": [0, 1], "low_score_wins": True}
    r = g.results[-1]
    assert r["hand"] == 1 and r["went_out"] is None and r["leftovers_to"] is None
    assert [s["total"] for s in r["sides"]] == [10, 10, 50]
    assert all(sum(s["items"].values()) == s["total"] == s["cumulative"] for s in r["sides"])


def test_abrechnung_whole_piles_are_shown_at_the_end() -> None:
    g = finished([["4C", "KC"], ["QC"]])
    assert g.view(1)["piles"][0]["cards"] is None
    g.play("discard 9C")
    v = g.view(1)
    assert v["piles"][0]["cards"] == ["4C", "KC"] and v["piles"][0]["points"] == 14
    assert v["phase"] == "match_over"


def test_abrechnung_leftovers_unscored_by_default_option_to_last_receiver() -> None:
    """Research T11: cards left in the centre and on the discard pile are not counted (only 'die
    Minuspunkte seines Minushaufens'); option leftovers_scored puts them on the pile of the player
    who last received cards."""
    kw: dict[str, Any] = dict(centre=["3C"], discard=["AS"], last_receiver=1)
    g = finished([["KC"], ["QC"]], **kw)
    g.play("discard 9C")
    assert g.scores == [10, 10]
    g = finished([["KC"], ["QC"]], options={"leftovers_scored": True}, **kw)
    g.play("discard 9C")
    assert g.results[-1]["leftovers_to"] == 1
    assert g.scores == [10, 10 + 11 + 9 + 50]
    assert g.view(0)["piles"][1]["cards"] == ["QC", "AS", "9C", "3C"]
    assert g.view(0)["centre"] == [] and g.view(0)["discard"]["size"] == 0


def test_abrechnung_match_of_several_games_option() -> None:
    """Option games (app policy; the seed plays one game): minus points add up over the games, the
    first dealer moves one seat to the left each game, the fewest points in total win."""
    g = meldtable.new_game(V, players=3, seed=21, options={"games": 2})
    firsts = []
    while True:
        firsts.append(g.view(0)["first_player"])
        while not g.hand_over:
            g.play(g.legal_moves()[-1])
        if g.match_over:
            break
        assert g.winners == [] and g.view(0)["phase"] == "hand_over"
        g.next_hand()
        assert g.hand_number == 2 and g.view(0)["round"] == 1 and g.view(0)["hand_counts"] == [4, 4, 4]
    assert firsts == [0, 1]
    assert len(g.results) == 2
    assert g.scores == [g.results[0]["sides"][s]["total"] + g.results[1]["sides"][s]["total"] for s in range(3)]
    assert g.winners == [s for s in range(3) if g.scores[s] == min(g.scores)]
    with pytest.raises(IllegalMoveError):
        g.next_hand()


def test_next_hand_refused_while_the_game_runs() -> None:
    g = meldtable.new_game(V, players=2, seed=0, options={"games": 3})
    with pytest.raises(IllegalMoveError):
        g.next_hand()


# ============================================================================ notation, errors, views


def test_notation_round_trip_and_aliases() -> None:
    for text in ("play 7H middle", "play 7H centre", "play 7H discard", "play 7H own", "play 7H pile 2",
                 "discard 7H", "play TS pile 0"):
        m = cast(ThreeFiftyMove, meldtable.Game.parse_move(meldtable.new_game(V, players=2, seed=0), text))
        assert str(m) == text
        assert str(type(m).parse(text.upper())) == text
    g = meldtable.new_game(V, players=2, seed=0)
    assert str(g.parse_move("Play 7h Center")) == "play 7H centre"
    m = g.parse_move("play 7H pile 2")
    assert m.to_json() == {"text": "play 7H pile 2", "kind": "play", "cards": ["7H"], "card": "7H",
                           "target": "pile", "pile": 2, "rule": 3}
    assert g.parse_move("discard 7H").to_json()["rule"] == 4
    own, middle = cast(ThreeFiftyMove, g.parse_move("play 7H own")), cast(ThreeFiftyMove, g.parse_move("play 7H middle"))
    assert own.rule == 2 and middle.rule == 1


PLAY_FORM = ("'play' is written 'play <card> <target>' with target middle, centre, discard, own or 'pile <seat>', "
             "e.g. 'play 7H middle'.")


@pytest.mark.parametrize("text,message", [
    ("", "Empty move: write for example 'play 7H middle' or 'discard 7H'."),
    ("draw", "Unknown move 'draw': moves are play and discard."),
    ("discard", "'discard' takes exactly one card, e.g. 'discard 7H'."),
    ("discard 7H 8H", "'discard' takes exactly one card, e.g. 'discard 7H'."),
    ("play 7H", PLAY_FORM),
    ("play 7H table", PLAY_FORM),
    ("play 7H own 2", PLAY_FORM),
    ("play 7H pile", "'pile' needs the seat whose minus pile it is, e.g. 'play 7H pile 2'."),
    ("play 7H pile x", "'pile' needs the seat whose minus pile it is, e.g. 'play 7H pile 2'."),
    ("play 7X middle", "'7X' is not a card: write rank (A 2-9 T J Q K) and suit (C D H S), e.g. QH, or JK for a joker."),
])
def test_notation_errors(text: str, message: str) -> None:
    g = meldtable.new_game(V, players=2, seed=0)
    before = g.to_json()
    with pytest.raises(NotationError) as e:
        g.play(text)
    assert str(e.value) == message
    assert g.to_json() == before


def test_view_hides_other_hands_stock_and_cards_below_the_top_run() -> None:
    """Public: own hand, others' counts, centre, discard top and size, each pile's size, top card
    and top run; hidden: other hands, the stock, the set-aside cards, cards below a pile's top run
    ('abgedeckt', Beispiel 2) and below the discard top."""
    g = position(hands=[["7H", "KC"], ["6C", "9C"]], piles=[["AS", "4C", "4D", "7C", "7D"], ["QH"]],
                 discard=["2C", "2D", "JD"])
    v = g.view(1)
    text = json.dumps(v)
    for hidden in ("7H", "KC", "AS", "4C", "4D", "2C", "2D"):
        assert f'"{hidden}"' not in text, hidden
    assert v["hand"] == ["6C", "9C"] and v["hand_counts"] == [2, 2]
    assert v["piles"][0]["size"] == 5 and v["piles"][0]["top_run"] == ["7C", "7D"]
    assert v["discard"]["top"] == "JD"


def test_damaged_saved_games_are_refused() -> None:
    good = json.loads(position_json(hands=[["7H", "KC"], ["6C", "9C"]]))
    Game.from_json(json.dumps(good))

    def bad(change: Callable[[dict[str, Any]], object]) -> str:
        d = json.loads(json.dumps(good))
        change(d["state"])
        with pytest.raises(StateError) as e:
            Game.from_json(json.dumps(d))
        return str(e.value)

    assert "turn order" in bad(lambda s: s["stock"].append(s["hands"][1].pop()))
    # the seat to act with an empty hand
    assert "turn order" in bad(lambda s: s["stock"].extend(s["hands"][0]) or s["hands"][0].clear())
    assert "do not add up" in bad(lambda s: s["hands"][0].__setitem__(0, "KC"))
    assert "centre" in bad(lambda s: s["centre"].extend(s["stock"][-5:]) or s["stock"].__delitem__(slice(-5, None)))
    assert "dealer" in bad(lambda s: s.__setitem__("dealer", 0))
    assert "discard_live" in bad(lambda s: s.__setitem__("discard_live", True))
    assert "missing 'piles'" in bad(lambda s: s.pop("piles"))
    assert "to_act" in bad(lambda s: s.__setitem__("to_act", None))


def test_importing_meldtable_does_not_import_the_family_module() -> None:
    code = "import sys, meldtable; print('meldtable.threefifty' in sys.modules)"
    engine = Path(__file__).resolve().parent.parent / "engine"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(engine)})
    assert out.stdout.strip() == "False"


def test_variant_options_have_defaults_sources_and_research_rows() -> None:
    desc = meldtable.VARIANTS[V].describe()
    assert desc["players"] == [2, 3, 4, 5, 6] and desc["seed_file"] == "003_ec1406dbe3488249.txt"
    defaults = {o["name"]: o["default"] for o in desc["options"]}
    assert defaults == {
        "decks": 2, "jokers_per_deck": 0, "joker_value": 50, "three_value": 50,
        "capture_sources": "center_and_discard_top", "capture_mandatory": True, "take_all_matches": True,
        "discard_reveal_next": "later_turns", "option4_targets": "any", "refill_order": "hands_then_center",
        "leftovers_scored": False, "discard_capture_depth": "top", "games": 1,
    }
    assert all(o["source"] and o["doc"] for o in desc["options"])
    with pytest.raises(OptionError):
        meldtable.new_game(V, players=2, seed=0, options={"capture_sources": "both"})


# ============================================================================ the JSON API


def call(session: api.Session, op: str, **fields: object) -> dict[str, Any]:
    resp: dict[str, Any] = json.loads(api.handle(json.dumps({"id": 1, "op": op, **fields}), session))
    return resp


def test_api_new_table_act_bot_for_3_ist_50() -> None:
    """The worker protocol works for this variant: new, table, act (play/discard/move actions),
    bot, save/load, next_hand."""
    s = api.Session()
    r = call(s, "hello")
    assert any(v["id"] == V for v in r["result"]["variants"])
    r = call(s, "new", variant=V, players=3, seed=4, human_seats=[0])
    assert r["ok"], r
    t = r["result"]
    assert t["to_act"] == 0 and t["to_act_is_human"] and t["legal"]
    assert {"text", "kind", "card", "target", "pile", "rule"} <= set(t["legal"][0])
    first = t["legal"][0]
    action = {"type": first["kind"], "card": first["card"]}
    if first["kind"] == "play":
        action["target"] = first["target"] if first["target"] != "pile" else f"pile:{first['pile']}"
    r = call(s, "act", action=action)
    assert r["ok"], r
    assert r["result"]["to_act"] == 1 and not r["result"]["to_act_is_human"]
    r = call(s, "act", action=action)
    assert r["ok"] is False and r["error"]["code"] == "not_your_turn"
    for _ in range(2):
        r = call(s, "bot")
        assert r["ok"], r
        assert r["result"]["move"]["label"]
    saved = call(s, "save")["result"]
    r = call(s, "load", state=saved["state"], human_seats=[0])
    assert r["ok"] and r["result"]["to_act"] == 0
    # play to the end through the API (the human seat plays its first legal move)
    for _ in range(200):
        t = call(s, "table")["result"]
        if t["hand_over"]:
            break
        if t["to_act_is_human"]:
            r = call(s, "act", action={"type": "move", "text": t["legal"][0]["text"]})
        else:
            r = call(s, "bot")
        assert r["ok"], r
    assert t["match_over"] and t["view"]["phase"] == "match_over"
    r = call(s, "next_hand")
    assert r["ok"] is False and r["error"]["code"] == "illegal_move"


def test_api_compose_action_targets() -> None:
    """UI actions: target centre/discard mean middle by default; 'pile:2' and a separate 'pile'
    field; no target uses the card's only play; illegal and malformed actions are refused."""
    g = position(hands=[["9C", "4S", "JH"], ["6C", "7C", "8C"], ["6D", "7D", "8D"]],
                 centre=["9S", "KD"], discard=["9D"], piles=[[], [], ["JS"]])
    from meldtable import threefifty as tf
    assert [str(m) for m in tf.compose_action(g, {"type": "play", "card": "9C", "target": "discard"})] == ["play 9C middle"]
    assert [str(m) for m in tf.compose_action(g, {"type": "play", "card": "9C", "target": "centre"})] == ["play 9C middle"]
    assert [str(m) for m in tf.compose_action(g, {"type": "play", "card": "JH", "target": "pile:2"})] == ["play JH pile 2"]
    moves = tf.compose_action(g, {"type": "play", "card": "JH", "target": "pile", "pile": 2})
    assert [str(m) for m in moves] == ["play JH pile 2"]
    assert [str(m) for m in tf.compose_action(g, {"type": "play", "card": "9C"})] == ["play 9C middle"]
    assert [str(m) for m in tf.compose_action(g, {"type": "discard", "card": "4S"})] == ["discard 4S"]
    with pytest.raises(IllegalMoveError):
        tf.compose_action(g, {"type": "play", "card": "4S"})
    for bad in ({"type": "play"}, {"type": "dance", "card": "4S"}, {"type": "play", "card": "4S", "target": 3},
                {"type": "play", "card": "4S", "target": "pile:x"}, {"type": "play", "card": "4S", "target": "table"}):
        with pytest.raises(NotationError):
            tf.compose_action(g, bad)
    g2 = position(options={"capture_sources": "center_or_discard_top"},
                  hands=[["9C", "4S"], ["6C", "7C"]], centre=["9S", "KD"], discard=["9D"])
    with pytest.raises(IllegalMoveError):
        tf.compose_action(g2, {"type": "play", "card": "9C", "target": "middle"})
    assert [str(m) for m in tf.compose_action(g2, {"type": "play", "card": "9C", "target": "discard"})] == ["play 9C discard"]


# ============================================================================ the computer player


def test_bot_passes_its_own_run_on_and_never_feeds_its_own_pile() -> None:
    """The bot (threefifty.choose_move, from the view and legal moves only) takes the chance to pass
    its own top run on, and does not put a card on its own pile while another play exists."""
    from meldtable.bot import choose_move
    g = position(hands=[["7H", "KC"], ["6C", "9C"]], piles=[["4C", "7C", "7D"], ["KS"]], centre=["KD"])
    assert moves(g) == {"play 7H own", "play 7H pile 0", "play KC middle", "play KC pile 1"}
    assert str(choose_move(g)) == "play 7H own"
    g = position(hands=[["7H", "5C"], ["6C", "9C"], ["8D", "8H"]], piles=[["7C"], [], ["5D"]])
    assert moves(g) == {"play 7H own", "play 7H pile 0", "play 5C pile 2"}
    assert str(choose_move(g)) == "play 7H own"
    g = position(options={"option4_targets": "any"}, hands=[["5C", "9H"], ["6C", "9C"], ["8D", "8H"]],
                 piles=[["5D"], [], ["9D"]], centre=[])
    assert moves(g) == {"play 5C own", "play 5C pile 0", "play 9H pile 2"}
    assert str(choose_move(g)) == "play 5C own"  # 5 points off its own pile beat 9 on another


def test_bot_discards_its_cheapest_card_when_nothing_matches() -> None:
    from meldtable.bot import choose_move
    g = position(hands=[["3C", "KC", "2D"], ["6C", "9C", "8C"]])
    assert moves(g) == {"discard 3C", "discard KC", "discard 2D"}
    assert str(choose_move(g)) == "discard 2D"
