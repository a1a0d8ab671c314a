"""Kanaster (seed 004): cards of a blocking rank and the side's finished canasta (issue #24).

»Alle Karten, von denen bereits ein Kanaster rausgelegt ist, gelten als Sperrkarten. ... Diese
Sperrkarten dürfen jedoch von jenem Spieler, der den Spielstapel an sich nehmen kann, zusätzlich
(jedoch ohne Wirkung auf das Spiel) unter den evtl. passenden Kanaster angelegt werden!« and
»Selbstverständlich können von einer Spielkarte mehrere Kanaster rausgelegt werden.«

Reading (option ``blocking_card_adds`` = ``bury_only``, the preset's default): a natural card of a
blocking rank has no place on its finished canasta but underneath it (``bury``), counting
nothing; it may open another meld of the rank (``same_rank_melds`` = ``after_canasta``) or be
discarded. ``add`` keeps the earlier reading (added for its points).
"""
from __future__ import annotations

from positions import kinds, moves, refusal
from test_rules_kanaster import QUEENS7, kanaster

OTHER = ["4D"] * 2 + ["5C"] * 2 + ["6D", "7C", "8D", "9S", "TC", "JC"]


def test_a_blocking_card_is_not_added_to_its_finished_canasta() -> None:
    """»... unter den evtl. passenden Kanaster angelegt werden«: not onto it, for points."""
    g = kanaster(hands=[["QH", "QS", "4C", "5D", "6H", "2C"], OTHER], melds=[[QUEENS7], []],
                 turn={"stage": "play"})
    key, msg = refusal(g, "add Q QH")
    assert key == "add_blocking_canasta" and "queens" in msg.lower()
    assert not {m for m in kinds(g, "add") if m.endswith(("QH", "QS"))}
    assert "add Q 2C" in moves(g)  # a wild card still goes onto the canasta (it is no blocking card)
    # a meld short of seven still takes natural cards, and the seventh completes it
    g = kanaster(hands=[["QH", "QS", "4C", "5D", "6H", "2C"], OTHER], melds=[[QUEENS7[:6]], []],
                 turn={"stage": "play"})
    g.play("add Q QH")
    assert refusal(g, "add Q QS")[0] == "add_blocking_canasta"


def test_with_add_a_blocking_card_still_goes_onto_its_canasta() -> None:
    """Option ``blocking_card_adds`` = ``add`` (the earlier reading)."""
    g = kanaster(hands=[["QH", "QS", "4C", "5D", "6H", "2C"], OTHER], melds=[[QUEENS7], []],
                 turn={"stage": "play"}, options={"blocking_card_adds": "add"})
    assert {"add Q QH", "add Q QS"} <= moves(g)
    g.play("add Q QH")
    assert len(g.view(0)["sides"][0]["melds"][0]["cards"]) == 8


def test_after_taking_the_pile_blocking_cards_are_buried_not_added() -> None:
    """»von jenem Spieler, der den Spielstapel an sich nehmen kann, zusätzlich (jedoch ohne Wirkung
    auf das Spiel) unter den evtl. passenden Kanaster«."""
    g = kanaster(hands=[["QH", "QS", "KC", "KD", "4C", "5D", "6H"], OTHER], melds=[[QUEENS7], []],
                 pile=["QD", "5S", "KS"])
    g.play("take KC KD")
    assert kinds(g, "bury") == {"bury Q QH", "bury Q QS", "bury Q QD"}
    assert not {m for m in kinds(g, "add") if m.startswith("add Q ")}
    assert refusal(g, "add Q QD")[0] == "add_blocking_canasta"
    g.play("bury Q QD")
    assert g.view(0)["sides"][0]["melds"][0]["buried"] == ["QD"]


def test_blocking_cards_open_a_second_meld_of_the_rank() -> None:
    """»Selbstverständlich können von einer Spielkarte mehrere Kanaster rausgelegt werden.«"""
    g = kanaster(hands=[["QH", "QS", "QD", "4C", "5D", "6H"], OTHER], melds=[[QUEENS7], []],
                 turn={"stage": "play"})
    assert "meld QD QH QS" in moves(g) and refusal(g, "add Q QD")[0] == "add_blocking_canasta"
    g.play("meld QD QH QS")
    assert [m["key"] for m in g.view(0)["sides"][0]["melds"]] == ["Q", "Q#2"]


def test_going_out_plans_blocking_cards_into_another_meld_or_the_discard() -> None:
    """Black threes are melded only when going out (the planner must see the turn end): queens
    beyond a finished canasta need a meld of their own (two with a wild card) or the discard."""
    # two queens, no wild card: they can neither go onto the canasta nor open a meld
    g = kanaster(hands=[["QH", "QS", "3C", "3C", "3S", "9D"], OTHER], melds=[[QUEENS7], []],
                 turn={"stage": "play"})
    assert refusal(g, "meld 3C 3C 3S")[0] == "black_threes_out"
    # with a joker they open Q#2, and the turn goes out
    g = kanaster(hands=[["QH", "QS", "JK", "3C", "3C", "3S", "9D"], OTHER], melds=[[QUEENS7], []],
                 turn={"stage": "play"})
    g.play("meld 3C 3C 3S")
    assert "meld QH QS JK" in moves(g) and refusal(g, "add Q QH")[0] == "add_blocking_canasta"
    g.play("meld QH QS JK")
    g.play("discard 9D")
    assert g.hand_over and g.results[-1]["went_out"] == 0
    # one queen is the final discard
    g = kanaster(hands=[["QH", "3C", "3C", "3S"], OTHER], melds=[[QUEENS7], []], turn={"stage": "play"})
    g.play("meld 3C 3C 3S")
    assert moves(g) == {"discard QH"}


def test_with_one_meld_per_rank_blocking_cards_stay_out() -> None:
    """``same_rank_melds`` = ``one``: no second meld, so a card beyond the canasta is buried or
    discarded; a wild card on top is not taken with two of them onto the canasta."""
    opts = {"same_rank_melds": "one"}
    g = kanaster(hands=[["QH", "QS", "3C", "3C", "3S", "9D", "JK"], OTHER], melds=[[QUEENS7], []],
                 turn={"stage": "play"}, options=opts)
    assert refusal(g, "meld 3C 3C 3S")[0] == "black_threes_out"
    assert refusal(g, "meld QH QS JK")[0] == "rank_melded"
    g = kanaster(hands=[["QH", "QS", "4C", "5D", "6H", "7S"], OTHER], melds=[[QUEENS7], []],
                 pile=["5S", "JK"], options=opts)
    assert refusal(g, "take QH QS")[0] == "add_blocking_canasta"
    g = kanaster(hands=[["QH", "QS", "4C", "5D", "6H", "7S"], OTHER], melds=[[QUEENS7], []],
                 pile=["5S", "JK"], options={**opts, "blocking_card_adds": "add"})
    assert "take QH QS" in moves(g)


def test_the_page_lays_four_blocking_cards_as_a_second_meld() -> None:
    """The page's ``meld`` action of four queens beside a finished canasta of queens opens ``Q#2``
    and adds the fourth card to it, not to the canasta."""
    g = kanaster(hands=[["QH", "QS", "QD", "JK", "4C", "5D", "6H"], OTHER], melds=[[QUEENS7], []],
                 turn={"stage": "play"})
    seq = [str(m) for m in g.family.compose_action(g, {"type": "meld", "cards": ["QD", "QH", "QS", "JK"]})]
    assert seq == ["meld QD QH QS", "add Q#2 JK"]


def test_an_eighth_card_of_a_rank_stays_out_of_the_canasta_in_the_initial_meld_turn() -> None:
    """The initial meld (»mindestens 50 Punkte«) with eight queens: seven make the canasta, the
    eighth is no longer added (a blocking card now), so the turn ends with a discard and two
    cards left instead of going out with all eight on one meld."""
    g = kanaster(hands=[["QC", "QC", "QD", "QD", "QH", "QH", "QS", "QS", "4C"], OTHER], turn={"stage": "play"})
    for m in ("meld QC QC QD", "add Q QD", "add Q QH", "add Q QH", "add Q QS"):
        assert m in moves(g), m
        g.play(m)
    assert refusal(g, "add Q QS")[0] == "add_blocking_canasta"
    assert moves(g) == {"discard QS", "discard 4C"}
    g.play("discard 4C")
    assert not g.hand_over and g.view(0)["sides"][0]["melds"][0]["canasta"] == "natural"
