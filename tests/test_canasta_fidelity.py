"""Rules fidelity of the canasta family, round 3 (issue #24): each test quotes the seed sentence
it checks (»...«) and names the rule option of docs/rules/<variant>.md that carries the reading.
Positions are built as in tests/test_rules_canasta_classic.py (``classic``) and
tests/test_rules_kanaster.py."""
from __future__ import annotations

from typing import Any, cast

import pytest

from meldtable import Game
from positions import moves, refusal
from test_rules_canasta_classic import QUEENS7, classic, finish_by_discard, items

# ============================================================================ item 1: »aus der Hand«

def test_going_out_from_the_hand_needs_a_canasta_of_the_players_own() -> None:
    """»„Aus der Hand aus-machen“ kann ein Spieler, der alle Handkarten auf einmal auslegt, obwohl er
    noch keine Meldung gemacht hat. Auch er muss mindestens ein vollständiges Canasta mit auslegen
    und bekommt 200 Pluspunkte.« (option ``concealed_going_out_canasta`` = ``own``). Seat 0 has laid
    nothing; its partner's canasta of queens lets it go out with ``meld 5C 5D 5H`` and ``discard
    9D``, but it lays no canasta of its own: an ordinary going out (100), not 200."""
    hands = [["5C", "5D", "5H"], ["7C", "8D"], ["6C", "TD"], ["7D", "JD"]]
    g = classic(4, hands=hands, melds=[[QUEENS7], []], stock_top=["9D"], laid=[False, False, True, False])
    g.play("draw")
    g.play("meld 5C 5D 5H")
    res = finish_by_discard(g, "9D")
    assert res["went_out"] == 0 and res["concealed"] is False
    assert items(res, 0)["going_out"] == 100 and items(res, 0)["concealed"] == 0
    # the side's canasta suffices with the other value (the engine's earlier reading)
    g = classic(4, hands=hands, melds=[[QUEENS7], []], stock_top=["9D"], laid=[False, False, True, False],
                options={"concealed_going_out_canasta": "side"})
    g.play("draw")
    g.play("meld 5C 5D 5H")
    res = finish_by_discard(g, "9D")
    assert res["concealed"] is True and items(res, 0)["going_out"] + items(res, 0)["concealed"] == 200


# ============================================================================ item 2: wild melds and the initial meld

HAND_1920 = ["4H", "5D", "6S", "9C", "9C", "TC", "QD", "KD", "KH", "AD", "2C", "2H", "2H", "2S"]


def test_initial_meld_legality_does_not_depend_on_the_order_of_melds() -> None:
    """»Hat ein Spieler jedoch in den vorhergehenden Runden bereits 1 500 Pluspunkte gesammelt,
    benötigt er für die Erstmeldung 90 Augen« and »Joker-Canasta (sieben echte und unechte Joker) =
    1000 Punkte« (option ``wild_meld_initial`` = ``counts``: a meld of wild cards only opens like any
    meld and counts its points). Score 1920: ``meld 2H 2H 2S`` (60) and ``meld 9C 9C 2C`` (40) make
    100; so ``meld 9C 9C 2C`` first must be legal too, the wild meld following."""
    def game(**options: Any) -> Game:
        return classic(2, hands=[HAND_1920, ["4C", "8D"]], scores=[1920, 0], turn={"stage": "play"},
                       options=options)
    g = game()
    assert "meld 2H 2H 2S" in moves(g) and "meld 9C 9C 2C" in moves(g)
    g.play("meld 9C 9C 2C")
    g.play("meld 2H 2H 2S")
    assert state_melded(g)
    g = game()
    g.play("meld 2H 2H 2S")
    g.play("meld 9C 9C 2C")
    assert state_melded(g)


def test_a_meld_of_wild_cards_only_after_the_initial_meld_as_an_option() -> None:
    """»Für die Erstmeldung benötigt man mindestens 50 Augen (Punkte).« With option
    ``wild_meld_initial`` = ``after_initial`` a meld of wild cards only neither opens nor counts:
    at 1920 (90 needed) ``meld 2H 2H 2S`` is refused with its own reason while the initial meld is
    pending, and ``meld 9C 9C 2C`` (40) cannot reach 90 any more."""
    g = classic(2, hands=[HAND_1920, ["4C", "8D"]], scores=[1920, 0], turn={"stage": "play"},
                options={"wild_meld_initial": "after_initial"})
    assert "meld 2H 2H 2S" not in moves(g)
    assert refusal(g, "meld 2H 2H 2S")[0] == "wild_meld_after_initial"
    assert "meld 9C 9C 2C" not in moves(g)
    # with 50 needed (score 0) the aces open it, and then the wild meld may follow in that turn
    g = classic(2, hands=[["AC", "AD", "AH", "2C", "2H", "2S", "5D", "6S", "7H"], ["4C", "8D"]],
                turn={"stage": "play"}, options={"wild_meld_initial": "after_initial"})
    assert "meld 2C 2H 2S" not in moves(g)
    g.play("meld AC AD AH")
    assert "meld 2C 2H 2S" in moves(g)


def state_melded(g: Game) -> bool:
    import json
    return cast("bool", json.loads(g.to_json())["state"]["melded"][0])


# ============================================================================ item 3: "may I go out?" and games that get stuck

def _after_take(meld_after_pile_take: bool) -> Game:
    hands = [["5C", "5D", "KC", "KD", "KH"], ["7C", "8D"], ["6C", "TD"], ["7D", "JD"]]
    g = classic(4, hands=hands, melds=[[QUEENS7], []], pile=["9C", "5H"],
                options={"meld_after_pile_take": meld_after_pile_take})
    g.play("take 5C 5D")
    return g


def test_ask_only_when_going_out_is_possible_after_a_pile_take_without_melds() -> None:
    """»Das Spiel kann beenden, wer mindestens ein vollständiges Canasta und alle Handkarten, bis auf
    eine Karte, die noch auf den Poso gelegt werden muss, in Sätzen aus- und angelegt hat.« With
    option ``meld_after_pile_take`` = false no meld follows the take, so a player left with
    KC KD KH 9C cannot go out this turn: "may I go out?" is refused (issue #25: after "yes" the
    seat had no legal move at all). With melds allowed the question is offered, and after "yes"
    going out is possible (meld the kings, discard the nine)."""
    g = _after_take(False)
    assert "ask" not in moves(g)
    assert refusal(g, "ask")[0] == "ask_cannot_go_out"
    assert moves(g) and all(m.startswith("discard") for m in moves(g))
    g = _after_take(True)
    assert "ask" in moves(g)
    g.play("ask")
    g.play("yes")
    assert "meld KC KD KH" in moves(g)
    g.play("meld KC KD KH")
    g.play("discard 9C")
    assert g.hand_over and g.results[-1]["went_out"] == 0


def test_a_take_that_leaves_one_card_needs_the_canasta_when_no_meld_may_follow() -> None:
    """Seed 004 »ACHTUNG! Jetzt darf nicht mehr rausgelegt werden« read as option
    ``meld_after_pile_take`` = false: a take that leaves one card, which would complete a canasta
    only by an add after the take, is refused (the hand would have no legal move: without a
    canasta the last card cannot be discarded). Found by the stall hunt (Kanaster, 2 players)."""
    from test_rules_kanaster import kanaster
    g = kanaster(2, hands=[["4C", "8D", "9S"], ["2S"]],
                 melds=[[], [["7H", "7H", "2C", "7C", "JK"]]], pile=["7D"], turn={"seat": 1},
                 options={"meld_after_pile_take": False, "blocking_ranks": "none", "bury_blocking_cards": "never",
                          "going_out_discard": "optional"})
    assert "take" not in moves(g)
    assert refusal(g, "take")[0] == "keep_a_card"
    g = kanaster(2, hands=[["4C", "8D", "9S"], ["2S"]],
                 melds=[[], [["7H", "7H", "2C", "7C", "JK"]]], pile=["7D"], turn={"seat": 1},
                 options={"meld_after_pile_take": True, "blocking_ranks": "none", "bury_blocking_cards": "never",
                          "going_out_discard": "optional"})
    assert "take" in moves(g)


def test_loaders_refuse_turn_flags_that_play_cannot_reach() -> None:
    """A saved game must go on (issue #25): the canasta loader refuses a turn at the ``draw``
    stage that has taken the pile (the player would draw and then have no legal move), a question
    "may I go out?" waiting for an answer in a 2-player Classic game (no partner to answer), and
    other flags that contradict each other."""
    import json

    from meldtable import Game, StateError
    g = classic(2, hands=[["KC", "KD", "9H"], ["4C", "8D"]], melds=[[QUEENS7], []])
    good = json.loads(g.to_json())
    Game.from_json(json.dumps(good))
    for change in ({"took_pile": True}, {"from_stock": True}, {"initial_points": 30},
                   {"stage": "play", "took_pile": True, "from_stock": True},
                   {"stage": "play", "from_stock": True, "asked": "pending"},
                   {"stage": "play", "from_stock": True, "asked": "yes"}):
        d = json.loads(json.dumps(good))
        d["state"]["turn"].update(change)
        with pytest.raises(StateError):
            Game.from_json(json.dumps(d))
    d = json.loads(json.dumps(good))
    d["state"]["turn"].update({"stage": "play", "from_stock": True})
    Game.from_json(json.dumps(d))  # (the same turn after drawing loads)


# ============================================================================ item 4: Kanaster melds after a take

def test_kanaster_computer_player_melds_after_taking_the_pile() -> None:
    """Seed 004 »Natürlich kann man rauslegen und dann wegwerfen« (option ``meld_after_pile_take``
    = true for the preset): after a pile take the computer lays its meld before the discard."""
    import meldtable
    from meldtable.bot import choose_move
    from test_rules_kanaster import kanaster
    assert meldtable.VARIANTS["kanaster"].options["meld_after_pile_take"].default is True
    hand = ["KC", "KD", "2H", "9C", "9D", "9H", "4C", "5D", "6H", "7S", "8C"]
    other = ["4D"] * 2 + ["5C"] * 2 + ["6D", "7C", "8D", "9S", "TC", "JC", "JD"]
    g = kanaster(hands=[hand, other], melds=[[["AC", "AD", "AH"]], []], pile=["5S", "4S", "KS"])
    g.play("take KC KD")
    played = []
    while g.current_player == 0 and not g.hand_over:
        played.append(str(g.play(choose_move(g))))
    assert "meld 9C 9D 9H" in played and played[-1].startswith("discard")


def test_ask_is_allowed_whenever_the_player_can_go_out_this_turn() -> None:
    """»Fertigmachen bedeutet, dass man alle Karten auf den Tisch legen kann, bis auf eine und die
    muss noch auf den Spielstapel geworfen werden können.« (seed 004) with options
    ``going_out_permission`` = ``ask_partner`` and ``min_naturals_per_meld`` = 1: holding 7S and TH
    with the side's canasta of sevens, the player goes out by ``add 7 7S`` and ``discard TH``, so
    "may I go out?" must be allowed (the cheap pre-check counted the lone ten as a meld still to
    open with two wild cards instead of the final discard: issue #24 item 3)."""
    from test_rules_kanaster import kanaster
    sevens = ["7C", "7C", "7D", "7D", "7H", "7H", "7S"]
    g = kanaster(4, hands=[["7S", "TH"], ["4C", "8D"], ["5C", "9D"], ["6C", "JD"]], melds=[[sevens], []],
                 turn={"stage": "play"},
                 options={"going_out_permission": "ask_partner", "min_naturals_per_meld": 1,
                          "blocking_card_adds": "add"})  # (7S onto the finished canasta: issue #24's 'add')
    assert "ask" in moves(g)
    g.play("ask")
    g.play("yes")
    g.play("add 7 7S")
    g.play("discard TH")
    assert g.hand_over and g.results[-1]["went_out"] == 0


def test_ask_with_five_black_threes_four_melded_and_one_discarded() -> None:
    """»Die Schwarzen Dreien ... dürfen nur zur Meldung „Ausmachen“ ausgelegt werden.« and »Das
    Spiel kann beenden, wer ... alle Handkarten, bis auf eine Karte, die noch auf den Poso gelegt
    werden muss, in Sätzen aus- und angelegt hat.« With three decks a hand can hold five black
    threes: four are melded and the fifth is the final discard, so "may I go out?" must be allowed
    (the pre-check counted all five as cards no meld takes: found with a 22-card hand after a pile
    take at six players, issue #24 item 3)."""
    import json

    from meldtable import Game
    hand = ["3C", "3C", "3S", "3S", "KS"]
    g = classic(4, hands=[hand, ["4C", "8D"], ["5C", "9D"], ["6C", "JD"]], melds=[[QUEENS7, ["KC", "KD", "KH"]], []],
                turn={"stage": "play"}, options={"decks": 3})
    d = json.loads(g.to_json())
    d["state"]["stock"].remove("3C")  # (the third deck's: its cards lie in the stock)
    d["state"]["hands"][0].append("3C")
    g = Game.from_json(json.dumps(d))
    assert "ask" in moves(g)
    g.play("ask")
    g.play("yes")
    g.play("add K KS")
    g.play("meld 3C 3C 3C 3S")
    g.play("discard 3S")
    assert g.hand_over and g.results[-1]["went_out"] == 0


# ============================================================================ item 5: Kanaster knows no frozen pile

def test_kanaster_pile_is_never_frozen_and_a_wild_top_goes_with_two_naturals() -> None:
    """»Wer eine Karte vom Spielstapel nimmt, muss sie mit zwei anderen rauslegen können, (Achtung,
    minimale Punktzahl! siehe unten) oder an den Rausgelegten anlegen können.« and »Es dürfen nie
    gleichviel oder mehr Joker sein als normale Spielkarten.« The text knows no frozen pile
    (options ``pile_freezing`` = ``none``, ``wild_top_take`` = ``two_naturals``): ``take QH JK``
    with QD on top and a two inside the pile; ``take AH JK`` on AD before the initial meld at 1500
    (90 points: 20 + 20 + 50); a wild card on top taken with two naturals of one rank."""
    from test_rules_kanaster import kanaster
    other = ["4D", "4D", "5C", "5C", "6D", "7C", "8D", "9S", "TC", "JC", "JD"]
    g = kanaster(hands=[["QH", "JK", "5D", "6H", "7S"], other], melds=[[["KC", "KD", "KH"]], []],
                 pile=["8C", "2C", "QD"])
    assert "take QH JK" in moves(g)
    g = kanaster(hands=[["AH", "JK", "5D", "6H", "7S"], other], pile=["8C", "AD"], scores=[1500, 0])
    assert "take AH JK" in moves(g)
    g.play("take AH JK")
    assert g.view(0)["sides"][0]["melded"] is True
    assert refusal(kanaster(hands=[["AH", "2C", "5D", "6H", "7S"], other], pile=["8C", "AD"], scores=[1500, 0]),
                   "take AH 2C")[0] == "initial_minimum_take"  # (60 < 90)
    g = kanaster(hands=[["9H", "9S", "5D", "6H", "7S"], other], melds=[[["KC", "KD", "KH"]], []], pile=["8C", "2D"])
    assert "take 9H 9S" in moves(g)
    # pagat's freezing as the other values
    g = kanaster(hands=[["QH", "JK", "5D", "6H", "7S"], other], melds=[[["KC", "KD", "KH"]], []],
                 pile=["8C", "2C", "QD"], options={"pile_freezing": "wild_or_initial", "wild_top_take": "never"})
    assert "take QH JK" not in moves(g) and refusal(g, "take QH JK")[0] == "pile_frozen"


# ============================================================================ item 7: silent readings as options

def test_kanaster_losers_score_no_canasta_bonus() -> None:
    """»Der Gewinner zählt alle Kartenpunkte gemäss obiger Tabelle. Dazu kommen Kanasterpunkte, rote
    3er und das Fertigmachen. Bei den "Verlierern" wird alles, was auf dem Tisch liegt positiv und
    was in den Händen ist, negativ gewertet.« (option ``loser_canasta_bonus`` = false): side 1's
    canasta of kings counts its cards, not the 500."""
    from test_rules_kanaster import kanaster
    kings7 = ["KC", "KC", "KD", "KD", "KH", "KH", "KS"]
    def play(**options: Any) -> list[dict[str, Any]]:
        g = kanaster(hands=[["QS", "9H"], ["4C", "8D"]], melds=[[["QC", "QD", "QH", "QC", "QD", "QH", "QS"][:6]], [kings7]],
                     turn={"stage": "play"}, options=options)
        g.play("add Q QS")
        g.play("discard 9H")
        return cast("list[dict[str, Any]]", g.results[-1]["sides"])
    sides = play()
    assert sides[0]["items"]["natural_canastas"] == 500 and sides[1]["items"]["natural_canastas"] == 0
    assert sides[1]["items"]["melded_cards"] == 70
    sides = play(loser_canasta_bonus=True)
    assert sides[1]["items"]["natural_canastas"] == 500


def test_two_hand_wild_first_upcard_stays_and_last_red_three_option() -> None:
    """Seed 000 »Falls ein roter Dreier als Anfangskarte aufgedeckt wird, wird eine weitere Karte
    gezogen und darauf abgelegt. Dieser Vorgang wird wiederholt, bis eine Karte aufgedeckt wird,
    die keine wilde Karte oder ein roter Dreier ist.« (option ``upcard_cover`` = ``red_three_first``:
    a wild card as the first upcard stays on top) and »falls kein Spieler alle Karten ablegen konnte
    und der Kartenstapel aufgebraucht ist, ist das Spiel sofort zu Ende« (option ``last_red_three``
    = ``ends_hand``; ``turn_goes_on`` lets the player finish the turn)."""
    import meldtable
    from positions import position
    wild_first = 0
    for seed in range(300):
        g = meldtable.new_game("canasta-two-hand", players=2, seed=seed)
        pile = [c for c in json_state(g)["discard_pile"]]
        if len(pile) == 1 and (pile[0] == "JK" or pile[0][0] == "2"):
            wild_first += 1
            assert g.view(0)["discard"]["frozen"] is True
    assert wild_first >= 3
    opp = ["4C", "4D", "5C", "6D", "7H", "8S", "9C", "TD", "JH", "QS", "KC", "AD", "5H", "6S", "7D"]
    def last_red(**options: Any) -> Game:
        g = position(hands=[["QH", "QS", "QD", "5C", "6D", "7H"], opp], stock=["3D"], melds=[[["KC", "KD", "KH"]], []],
                     options=options)
        g.play("draw")
        return g
    assert last_red().hand_over
    g = last_red(last_red_three="turn_goes_on")
    assert not g.hand_over and "meld QD QH QS" in moves(g)


def json_state(g: Game) -> dict[str, Any]:
    import json
    return cast("dict[str, Any]", json.loads(g.to_json())["state"])
