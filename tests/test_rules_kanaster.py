"""Rule tests for ``kanaster``, written from the seed text (shared/seeds/004_024209a4d770d6b5.txt,
the Swiss "Kanaster" house rules), not from the code.

Every test's docstring quotes the seed sentence it checks (»...«). Positions are built with
``positions.position_state`` and loaded through ``Game.from_json`` of a real ``new_game(...)``
skeleton (:func:`kanaster`); moves are played in notation (docs/notation.md). Where the seed is
silent or needs a reading, the test names the rule option of docs/rules/kanaster.md. The last tests
run every player count through the simulation harness (tests/sim_harness.py).
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from pytest import MonkeyPatch

import meldtable
import sim_harness as H
from meldtable import Game
from meldtable.cards import standard_deck
from meldtable.rng import Rng
from positions import kinds, moves, position_state, refusal

V = "kanaster"
QUEENS7 = ["QC", "QC", "QD", "QH", "QS", "2D", "JK"]  # mixed canasta: one QD, QH, QS left in the decks
KINGS7_MIXED = ["KC", "KC", "KD", "KD", "KH", "2C", "JK"]  # mixed canasta (5 naturals, 2 wild)


def new(players: int, seed: int = 1, **options: Any) -> Game:
    return meldtable.new_game(V, players=players, seed=seed, options=options or None)


def full_deck(decks: int, jokers_per_deck: int = 2) -> Counter[str]:
    c: Counter[str] = Counter()
    for r in "A23456789TJQK":
        for s in "CDHS":
            c[r + s] = decks
    c["JK"] = decks * jokers_per_deck
    return c


def kanaster(players: int = 2, *, hands: Sequence[Sequence[str]], options: dict[str, Any] | None = None,
             melds: Sequence[Sequence[Any]] | None = None, scores: Sequence[int] | None = None,
             turn: dict[str, Any] | None = None, **kw: Any) -> Game:
    """A ``kanaster`` position (as ``canasta-classic``'s helper in test_rules_canasta_classic.py):
    ``hands`` one list per seat, ``melds``/``scores`` one entry per side, ``turn`` as in
    ``positions.position_state``; cards of a third deck go to the bottom of the stock."""
    d = json.loads(new(players, seed=0, **(options or {})).to_json())
    v = Game.from_json(json.dumps(d)).view(0)
    nsides = len(v["sides"])
    melds = [list(m) for m in melds] if melds is not None else [[] for _ in range(nsides)]
    melded = kw.pop("melded", [bool(m) for m in melds])
    t = dict(turn or {})
    t.setdefault("seat", v["order"][0])
    t.setdefault("initial", not melded[v["side_of_seat"][t["seat"]]])
    t.setdefault("fresh", not melded[v["side_of_seat"][t["seat"]]])
    st = position_state(hands, melds=melds, red_threes=[[] for _ in range(nsides)], melded=melded, turn=t,
                        scores=list(scores) if scores is not None else [0] * nsides,
                        dealer=d["state"]["dealer"], **kw)
    extra = full_deck(d["options"]["decks"]) - full_deck(2)
    st["stock"] = sorted(extra.elements()) + st["stock"]
    st["drawn"] = [5] * players
    st["laid"] = [melded[side] for side in v["side_of_seat"]]
    d["state"] = st
    d["history"] = [[]]
    return Game.from_json(json.dumps(d))


def shuffled_deck(players: int, seed: int) -> list[str]:
    """The deck of deal 1 as the engine's generator shuffles it (the stock is drawn from the end)."""
    decks = meldtable.new_game(V, players=players, seed=seed).options["decks"]
    deck = standard_deck(decks, 2)
    Rng(seed, "deal 1").shuffle(deck)
    return [c.text for c in deck]


# ============================================================================ players, deal, cut


@pytest.mark.parametrize("players,decks", [(2, 2), (3, 2), (4, 3), (5, 3)])
def test_decks_by_player_count(players: int, decks: int) -> None:
    """»Faustregel für 2-3 Spieler: 2 Kartenspiele, 4-5 Spieler: 3 Spiele.« Every card of that
    many decks (with two jokers each) is in play."""
    g = new(players)
    assert g.options["decks"] == decks
    st = g.state
    assert Counter({c.text: n for c, n in st.conservation().items()}) == full_deck(decks)


def test_sides_by_player_count() -> None:
    """The seed names no sides (research C29): two sides of two partners opposite at four players
    (option ``partnerships``), each for themselves at 2, 3 and 5 players."""
    assert [s["seats"] for s in new(4).view(0)["sides"]] == [[0, 2], [1, 3]]
    for players in (2, 3, 5):
        assert [s["seats"] for s in new(players).view(0)["sides"]] == [[p] for p in range(players)]


def test_the_cut_keeps_twos_and_jokers_and_the_cutter_gets_fewer_cards() -> None:
    """»Nach dem Mischen der Karten durch Spieler 1, darf der vorhergehende Spieler 4 in der
    Spielrunde abheben. Hebt er einen 2er oder Joker ab, darf er ihn behalten. Ist die nächste Karte
    wieder ein Volltreffer so gilt dasselbe usw.« and »Ausgeteilt ... werden 13 Karten, was
    natürlich heisst, dass dem Glücklichen mit dem (den) abgehobenen Joker(n) 4 dementsprechend
    weniger Karten auszuteilen sind.« The engine turns up the bottom card of the shuffled deck."""
    seen_kept = 0
    for players in (2, 4):
        for seed in range(60):
            g = new(players, seed=seed)
            st = g.state
            deck = shuffled_deck(players, seed)
            expect = []
            for c in deck:  # the wild cards at the bottom, one after another, are kept
                if c == "JK" or c[0] == "2":
                    expect.append(c)
                else:
                    break
            cut = g.view(0)["cut"]
            order = st.order
            assert cut["seat"] == order[order.index(st.dealer) - 1]  # »der vorhergehende Spieler«
            assert cut["cards"] == expect
            if expect:
                seen_kept += 1
                assert Counter(expect) <= Counter(c.text for c, n in st.hands[cut["seat"]].items() for _ in range(n)) or any(
                    r for r in st.red_threes)
            # every hand starts with 13 cards (red threes are laid out and replaced: next tests)
            assert [sum(h.values()) + 0 for h in st.hands] == [13] * players
    assert seen_kept >= 3


def test_a_red_three_at_the_cut_is_not_kept_by_default() -> None:
    """The seed names only »einen 2er oder Joker« (option ``cut_wilds`` = ``wilds``; research C28):
    a red three turned up ends the cut. With ``wilds_and_red_threes`` (de.wikibooks) it is kept too."""
    found = 0
    for seed in range(400):
        deck = shuffled_deck(2, seed)
        i = 0
        while deck[i] == "JK" or deck[i][0] == "2":
            i += 1
        if deck[i] not in ("3D", "3H"):
            continue
        found += 1
        assert new(2, seed=seed).view(0)["cut"]["cards"] == deck[:i]
        kept = new(2, seed=seed, cut_wilds="wilds_and_red_threes").view(0)["cut"]["cards"]
        assert kept[: i + 1] == deck[: i + 1]
    assert found >= 2


def test_no_cut_without_the_option() -> None:
    """The other presets deal without a cut (option ``cut_wilds`` = ``none``)."""
    assert meldtable.new_game("canasta-classic", players=4, seed=3).view(0)["cut"] is None
    assert new(2, seed=3, cut_wilds="none").view(0)["cut"] is None


def test_upcard_two_or_joker_is_covered_but_not_a_red_three() -> None:
    """»Wird hier ein 2er oder Joker frei, so wird diese Karte mit der nächsten des Talons
    zugedeckt.« A red three is not named: it stays (option ``upcard_cover`` = ``wild``, research
    C6) and blocks the pile (engine decision C7)."""
    covered = red = 0
    for seed in range(300):
        st = new(2, seed=seed).state
        pile = [c.text for c in st.pile]
        assert all(c == "JK" or c[0] == "2" for c in pile[:-1])
        assert not (pile[-1] == "JK" or pile[-1][0] == "2")
        covered += len(pile) > 1
        if pile[-1] in ("3D", "3H"):
            red += 1
            g = Game.from_json(new(2, seed=seed).to_json())
            assert "take" not in {m.kind for m in g.legal_moves()}
    assert covered >= 5 and red >= 1


def test_red_threes_are_laid_out_at_the_players_first_turn() -> None:
    """»Jede rote 3 muss sofort beim ersten Ausspielen des jeweiligen Spielers, herausgelegt und
    durch eine Neue vom Talon (verdeckter Stapel) ersetzt werden. Auch hier gilt nochmals: Es müssen
    bei Spielbeginn 13 Karten sein.« (option ``red_three_exposure`` = ``first_turn``)"""
    checked = 0
    for seed in range(80):
        g = new(3, seed=seed)
        st = g.state
        first = st.turn.seat
        later = [s for s in st.order if s != first]
        holders = [s for s in later if any(c.rank == 3 and c.is_red for c in st.hands[s])]
        if not holders:
            continue
        seat = holders[0]
        reds = sum(n for c, n in st.hands[seat].items() if c.rank == 3 and c.is_red)
        while g.current_player != seat:  # play until that seat's turn begins
            g.play(meldtable.bot.choose_move(g))
            if g.hand_over:
                break
        if g.hand_over:
            continue
        st = g.state
        assert not any(c.rank == 3 and c.is_red for c in st.hands[seat])
        assert sum(st.hands[seat].values()) == 13
        assert len(st.red_threes[st.side_of(seat)]) >= reds
        assert any("laid out" in m["label"] for m in g.view(seat)["last_moves"] if m["seat"] == seat)
        checked += 1
    assert checked >= 3


# ============================================================================ the turn


def test_a_drawn_card_may_be_kept_or_discarded_at_once_and_every_turn_discards() -> None:
    """»Wird eine Karte vom Talon genommen, kann sie eingesteckt, oder gleich wieder auf den
    Spielstapel geworfen werden. Man muss auf jeden Fall eine Karte auf den Spielstapel werfen.«"""
    hand = ["4C", "5D", "6H", "7S", "8C", "9D", "TH", "JS", "KC", "AD", "4H", "5S", "6C"]
    g = kanaster(hands=[hand, ["4D"] * 2 + ["5C"] * 2 + ["6D", "7C", "8D", "9C", "TC", "JC", "KD", "AH", "7D"]],
                 stock_top=["QH"], pile=["8S"])
    g.play("draw")
    assert "discard QH" in moves(g)
    g.play("discard QH")
    assert g.current_player == 1 and g.state.pile[-1].text == "QH"
    assert refusal(g, "discard 4D")[0] == "draw_first"


def test_taking_the_pile_needs_the_top_card_with_two_others_or_onto_a_meld_then_melds_and_discard() -> None:
    """»Wer eine Karte vom Spielstapel nimmt, muss sie mit zwei anderen rauslegen können ... oder an
    den Rausgelegten anlegen können. Anschliessend muss er den Spielstapel eingestecken und mit einer
    Karte, die er wegwirft, den neuen Spielstapel beginnen. ACHTUNG! Jetzt darf nicht mehr
    rausgelegt werden, denn der nächst Spieler ist nun an der Reihe. Natürlich kann man rauslegen
    und dann wegwerfen« (options ``take_pile_with_natural_and_wild``, ``take_pile_onto_own_meld``,
    ``meld_after_pile_take`` = true: »Jetzt« is after the discard, melds may come before it; issue
    #24 item 4 changed this test, which encoded the earlier reading ``false``)."""
    hand = ["KC", "KD", "2H", "9C", "9D", "9H", "4C", "5D", "6H", "7S", "8C"]
    other = ["4D"] * 2 + ["5C"] * 2 + ["6D", "7C", "8D", "9S", "TC", "JC", "JD"]
    g = kanaster(hands=[hand, other], melds=[[["AC", "AD", "AH"]], []], pile=["5S", "4S", "KS"])
    takes = kinds(g, "take")
    assert "take KC KD" in takes and "take KC 2H" in takes  # two naturals, or a natural and a wild card
    g.play("take KC KD")
    assert "meld 9C 9D 9H" in moves(g) and "add A 2H" in moves(g)
    g.play("meld 9C 9D 9H")
    g.play("discard 4S")
    assert g.current_player == 1  # after the discard the next player is on turn
    # onto the side's meld of that rank: a lone ace on top goes onto the aces
    g2 = kanaster(hands=[hand, other], melds=[[["AC", "AD", "AH"]], []], pile=["5S", "AS"])
    assert "take" in kinds(g2, "take")
    g2.play("take")
    assert [m["cards"] for m in g2.view(0)["sides"][0]["melds"]] == [["AC", "AD", "AH", "AS"]]
    # with meld_after_pile_take = false (the earlier reading) only a discard follows the take
    g3 = kanaster(hands=[hand, other], melds=[[["AC", "AD", "AH"]], []], pile=["5S", "4S", "KS"],
                  options={"meld_after_pile_take": False})
    g3.play("take KC KD")
    assert {m.kind for m in g3.legal_moves()} == {"discard"}
    key, msg = refusal(g3, "meld 9C 9D 9H")
    assert key == "no_meld_after_take" and "discard" in msg
    assert refusal(g3, "add A 2H")[0] == "no_meld_after_take"


def test_initial_meld_minimum_50_90_120_and_three_cards() -> None:
    """»Um das Erstemal rauslegen zu können, braucht es mindestens 50 Punkte. Ab 1'500 Punkten beim
    Aufschreiben, braucht man 90 Punkte und ab 3'000 Punkten 120 Punkte. Es müssen mindestens drei
    zusammengehörige Karten sein, z.B. 3 Asse (60 Pt.) oder 2 Könige und ein Joker (70 Pt.).«"""
    hand = ["AC", "AD", "AH", "KC", "KD", "JK", "4C", "5D", "6H", "7S", "8C", "9D"]
    other = ["4D"] * 2 + ["5C"] * 2 + ["6D", "7C", "8D", "9S", "TC", "JC", "JD", "QC"]
    g = kanaster(hands=[hand, other], turn={"stage": "play"})
    assert "meld AC AD AH" in moves(g)  # 60
    assert "meld KC KD JK" in moves(g)  # 70
    g = kanaster(hands=[hand, other], turn={"stage": "play"}, scores=[1500, 0])
    g.play("meld AC AD AH")  # 60 < 90: the turn must go on to the minimum ...
    assert refusal(g, "discard 9D")[0] == "initial_minimum"
    g.play("meld KC KD JK")  # ... 60 + 70 = 130 >= 90, melds of one turn added up
    assert g.view(0)["sides"][0]["melded"]
    g = kanaster(hands=[hand[:3] + ["KC", "KD", "8D"] + hand[6:], other], turn={"stage": "play"}, scores=[3000, 0])
    assert refusal(g, "meld AC AD AH")[0] == "initial_minimum"  # 60, and nothing else to reach 120
    g = kanaster(hands=[["AC", "AD", "4C", "5D", "6H", "7S"], other], turn={"stage": "play"})
    assert not kinds(g, "meld")  # at least three cards belong together


def test_initial_meld_with_the_pile_counts_the_top_card_and_the_two_cards_only() -> None:
    """»Wer eine Karte vom Spielstapel nimmt, muss sie mit zwei anderen rauslegen können, (Achtung,
    minimale Punktzahl! siehe unten)« with »Jetzt darf nicht mehr rausgelegt werden«: before the
    initial meld the take itself must reach the minimum."""
    other = ["4D"] * 2 + ["5C"] * 2 + ["6D", "7C", "8D", "9S", "TC", "JC", "JD", "QC"]
    hand = ["KC", "KD", "AC", "AD", "QH", "QS", "QD", "4C", "5D", "6H", "7S"]
    g = kanaster(hands=[hand, other], pile=["9H", "KS"])
    key, msg = refusal(g, "take KC KD")  # 30 < 50; the queens in hand cannot help after the take
    assert key == "initial_minimum_take" and "50" in msg and "30" in msg
    g = kanaster(hands=[hand, other], pile=["9H", "AS"])
    assert "take AC AD" in kinds(g, "take")  # 60 >= 50
    g.play("take AC AD")
    assert g.view(0)["sides"][0]["melded"]


def test_naturals_always_outnumber_wild_cards() -> None:
    """»Es dürfen nie gleichviel oder mehr Joker sein als normale Spielkarten.«"""
    g = kanaster(hands=[["KC", "KD", "KH", "JK", "2C", "2D", "4C", "5D", "6H", "7S"],
                        ["4D"] * 2 + ["5C"] * 2 + ["6D", "7C", "8D", "9S", "TC", "JC"]],
                 melds=[[["AC", "AD", "AH"]], []], turn={"stage": "play"})
    assert "meld KC KD JK" in moves(g)
    assert not any(m.startswith("meld") and m.count("K") - m.count("JK") == 1 for m in moves(g))  # K + two wilds
    key, _ = refusal(g, "meld 2C JK KC")
    assert key in ("few_naturals", "many_wilds")
    assert "add A JK" in moves(g) and "add A 2C" in moves(g)  # 3 naturals + 1 wild
    g.play("add A JK")
    g.play("add A 2C")
    assert refusal(g, "add A 2D")[0] == "many_wilds"  # 3 naturals, 2 wilds: a third would be 3 + 3


# ============================================================================ blocking cards, several canastas


def test_a_rank_with_a_canasta_on_the_table_blocks_the_pile() -> None:
    """»Alle Karten, von denen bereits ein Kanaster rausgelegt ist, gelten als Sperrkarten. D.h.
    liegt auf dem Spielstapel eine Sperrkarte, so darf der Spielstapel vom nächsten Spieler nicht
    genommen werden (die selbe Regel gilt für schwarze 3er).« Any side's canasta (option
    ``blocking_ranks`` = ``any_canasta``)."""
    hand = ["QH", "QS", "KC", "KD", "4C", "5D", "6H", "7S", "8C"]
    other = ["4D"] * 2 + ["5C"] * 2 + ["6D", "7C", "8D", "9S", "TC", "JC"]
    g = kanaster(hands=[hand, other], melds=[[["AC", "AD", "AH"]], [QUEENS7]], pile=["5S", "QD"])
    assert "take" not in {m.kind for m in g.legal_moves()}
    key, msg = refusal(g, "take QH QS")
    assert key == "pile_blocking_rank" and "queens" in msg.lower()
    d = g.view(0)["discard"]
    assert d["blocked"] and d["blocked_by"] == "blocking_rank" and d["blocking_ranks"] == ["Q"]
    # a rank without a canasta does not block
    g = kanaster(hands=[hand, other], melds=[[["AC", "AD", "AH"]], [QUEENS7]], pile=["5S", "KS"])
    assert "take KC KD" in moves(g)
    # own_canasta: only the side with the canasta is blocked
    g = kanaster(hands=[hand, other], melds=[[["AC", "AD", "AH"]], [QUEENS7]], pile=["5S", "QD"],
                 options={"blocking_ranks": "own_canasta"})
    assert "take QH QS" in moves(g)


def test_blocking_cards_may_be_buried_under_the_canasta_after_taking_the_pile_for_nothing() -> None:
    """»Diese Sperrkarten dürfen jedoch von jenem Spieler, der den Spielstapel an sich nehmen kann,
    zusätzlich (jedoch ohne Wirkung auf das Spiel) unter den evtl. passenden Kanaster angelegt
    werden!« (option ``bury_blocking_cards`` = ``after_pile_take``)."""
    hand = ["QH", "QS", "KC", "KD", "4C", "5D", "6H"]
    other = ["4D"] * 2 + ["5C"] * 2 + ["6D", "7C", "8D", "9S", "TC", "JC"]
    g = kanaster(hands=[hand, other], melds=[[QUEENS7], []], pile=["QD", "5S", "KS"])
    assert refusal(g, "bury Q QH")[0] == "draw_first"
    g.play("take KC KD")
    bury = kinds(g, "bury")
    assert bury == {"bury Q QH", "bury Q QS", "bury Q QD"}  # QD came with the pile
    before = g.state.score_side(0)
    g.play("bury Q QH")
    g.play("bury Q QD")
    after = g.state.score_side(0)
    assert after["melded_cards"] == before["melded_cards"]  # »ohne Wirkung«: no points ...
    assert after["hand_cards"] == before["hand_cards"] + 20  # ... and no longer minus in hand
    meld = g.view(0)["sides"][0]["melds"][0]
    assert sorted(meld["cards"]) == sorted(QUEENS7) and meld["buried"] == ["QD", "QH"]
    # not in a turn with a stock draw
    g2 = kanaster(hands=[hand, other], melds=[[QUEENS7], []], pile=["5S"], turn={"stage": "play"})
    assert refusal(g2, "bury Q QH")[0] == "bury_after_take"
    # no canasta of that rank on the side: nothing to bury under
    g3 = kanaster(hands=[["KH", "KS", "QH", "4C", "5D", "6H"], other], melds=[[["AC", "AD", "AH"]], [QUEENS7]],
                  pile=["5S", "KD"])
    g3.play("take KH KS")
    assert not kinds(g3, "bury") and refusal(g3, "bury Q QH")[0] == "bury_no_canasta"


def test_several_canastas_of_one_rank() -> None:
    """»Selbstverständlich können von einer Spielkarte mehrere Kanaster rausgelegt werden.« Reading
    (option ``same_rank_melds`` = ``after_canasta``): another meld of a rank once the side's melds of
    that rank are canastas; it is named ``Q#2``."""
    other = ["4D"] * 2 + ["5C"] * 2 + ["6D", "7C", "8D", "9S", "TC", "JC"]
    g = kanaster(hands=[["QH", "QS", "QD", "4C", "5D", "6H", "2C"], other],
                 melds=[[["QC", "QC", "QD", "JK"]], []], turn={"stage": "play"})
    key, _ = refusal(g, "meld QD QH QS")
    assert key == "rank_melded_open"  # the first meld of queens is no canasta yet
    g = kanaster(hands=[["QH", "QS", "QD", "4C", "5D", "6H", "2C"], other],
                 melds=[[QUEENS7], []], turn={"stage": "play"})
    assert "meld QD QH QS" in moves(g)
    g.play("meld QD QH QS")
    keys = [m["key"] for m in g.view(0)["sides"][0]["melds"]]
    assert keys == ["Q", "Q#2"]
    assert "add Q#2 2C" in moves(g) and "add Q 2C" in moves(g)
    g.play("add Q#2 2C")
    assert [len(m["cards"]) for m in g.view(0)["sides"][0]["melds"]] == [7, 4]
    # the saved game keeps the identity and loads again
    again = Game.from_json(g.to_json())
    assert [m["key"] for m in again.view(0)["sides"][0]["melds"]] == ["Q", "Q#2"]
    assert refusal(again, "add Q#3 4C")[0] == "no_meld_number"
    # with same_rank_melds = one (pagat), never a second meld of a rank
    g = kanaster(hands=[["QH", "QS", "QD", "4C", "5D", "6H", "2C"], other],
                 melds=[[QUEENS7], []], turn={"stage": "play"}, options={"same_rank_melds": "one"})
    assert refusal(g, "meld QD QH QS")[0] == "rank_melded"


def test_old_saved_games_without_meld_keys_still_load() -> None:
    """The meld identity is new in the saved-game format (``key``, ``buried``): a saved game of the
    other presets written before (no such fields) loads and plays on unchanged."""
    g = meldtable.new_game("canasta-two-hand", players=2, seed=4)
    for _ in range(30):
        if g.hand_over:
            break
        g.play(meldtable.bot.choose_move(g))
    d = json.loads(g.to_json())
    for side in d["state"]["melds"]:
        for m in side:
            assert "key" not in m and "buried" not in m
    assert Game.from_json(json.dumps(d)).to_json() == g.to_json()


# ============================================================================ going out, scoring


def test_going_out_needs_a_canasta_and_a_final_discard() -> None:
    """»Fertigmachen bedeutet, dass man alle Karten auf den Tisch legen kann, bis auf eine und die
    muss noch auf den Spielstapel geworfen werden können.« »Bei beiden Varianten braucht man
    mindesten einen unechten Kanaster.«"""
    other = ["4D"] * 2 + ["5C"] * 2 + ["6D", "7C", "8D", "9S", "TC", "JC"]
    g = kanaster(hands=[["AS", "9C"], other], melds=[[["AC", "AD", "AH"]], []], turn={"stage": "play"})
    assert "add A AS" not in moves(g)  # one card left and no canasta: the discard could not go out
    assert refusal(g, "add A AS")[0] == "keep_a_card"
    g = kanaster(hands=[["QS", "9C"], other], melds=[[["QC", "QD", "QH", "QH", "QD", "2C"]], []],
                 turn={"stage": "play"})
    g.play("add Q QS")  # completes a canasta, one card left
    result_before = g.hand_over
    g.play("discard 9C")
    assert not result_before and g.hand_over
    g = kanaster(hands=[["9C"], other], melds=[[QUEENS7], []], turn={"stage": "play"})
    assert moves(g) == {"discard 9C"}  # going out always ends with a discard


def test_going_out_bonus_200_in_the_first_meld_turn_else_100() -> None:
    """»Man kann auch das Erstemal rauslegen und gleich fertig machen. Dafür kassiert man 200 Pt.
    Wenn man (einige Runden) später seine letzte Karte abwirft, 100 Pt.«"""
    other = ["4D"] * 2 + ["5C"] * 2 + ["6D", "7C", "8D", "9S", "TC", "JC"]
    g = kanaster(hands=[["QC", "QC", "QD", "QD", "QH", "QH", "QS", "9C"], other], turn={"stage": "play"})
    g.play("meld QC QC QD")
    for c in ("QD", "QH", "QH", "QS"):
        g.play(f"add Q {c}")
    g.play("discard 9C")
    items = g.results[-1]["sides"][0]["items"]
    assert items["going_out"] + items["concealed"] == 200
    g = kanaster(hands=[["QS", "9C"], other], melds=[[["QC", "QC", "QD", "QD", "QH", "QH"]], []], turn={"stage": "play"})
    g.play("add Q QS")
    g.play("discard 9C")
    items = g.results[-1]["sides"][0]["items"]
    assert items["going_out"] + items["concealed"] == 100


def test_scoring_table_plus_hand_minus_and_red_threes_by_canasta() -> None:
    """»Der Gewinner zählt alle Kartenpunkte ... Dazu kommen Kanasterpunkte, rote 3er und das
    Fertigmachen. Bei den "Verlierern" wird alles, was auf dem Tisch liegt positiv und was in den
    Händen ist, negativ gewertet. Liegt ein Kanaster auf dem Tisch, so geben rote 3er Pluspunkte.
    Wenn nicht, werden pro rote 3 100 Punkte abgezogen.«"""
    g = kanaster(hands=[["QS", "9C"], ["KC", "KD", "JK", "4D"]],
                 melds=[[["QC", "QC", "QD", "QD", "QH", "QH"]], [["AC", "AD", "AH"]]], turn={"stage": "play"})
    d = json.loads(g.to_json())
    d["state"]["red_threes"] = [["3D"], ["3H"]]
    for r in ("3D", "3H"):
        d["state"]["stock"].remove(r)
    g = Game.from_json(json.dumps(d))
    g.play("add Q QS")
    g.play("discard 9C")
    winner, loser = g.results[-1]["sides"][0]["items"], g.results[-1]["sides"][1]["items"]
    assert winner["melded_cards"] == 70 and winner["natural_canastas"] == 500 and winner["red_threes"] == 100
    assert winner["going_out"] == 100 and winner["hand_cards"] == 0
    assert loser["melded_cards"] == 60 and loser["hand_cards"] == -(10 + 10 + 50 + 5)
    assert loser["red_threes"] == -100  # no canasta on the table


# ============================================================================ every player count


@pytest.mark.parametrize("players,options", [
    (2, {}), (3, {"decks": 3}), (4, {}), (4, {"decks": 2, "partnerships": "none"}), (5, {})])
def test_simulation_harness_every_player_count_two_and_three_decks(players: int, options: dict[str, Any],
                                                                   monkeypatch: MonkeyPatch) -> None:
    """Random and computer players through the simulation harness (conservation, hand sizes, the
    legal moves' notation, refusals, hidden cards) at every player count, with 2 and 3 decks."""
    monkeypatch.setattr(H, "random_options", lambda variant, n, rng, tries=20: dict(options))
    rep = H.run(V, players, "mixed", moves=300, seed0=1, deep_every=9, illegal_per_move=1, illegal_per_deep=10,
                max_apply=25, max_hands=2)
    assert not rep.violations, rep.summary()
    assert rep.counts["moves"] >= 300 and rep.counts["hands"] >= 1
