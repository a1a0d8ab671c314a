"""The view's ``wild_ranks`` (issue #26: the page knows no wild-card rule, it marks a card wild only
by the ranks the table names), written from the seed texts in ``shared/seeds/``:

- seed 000 (canasta-two-hand): "Wilde Karten: 2er und Joker sind wilde Karten";
- seed 001 (canasta-classic): "Die Joker und Zweien werden ,unnatürliche' oder ,wilde' Karten genannt";
- seed 004 (kanaster): "Hebt er einen 2er oder Joker ab" (the cut for wild cards: twos and jokers);
- seed 002 (continental): "Der Joker ist eine besondere Karte, die jede andere Karte im Deck
  ersetzt" (the twos are ordinary cards: "das Ass kann die Zwischenkarte zwischen der Zwei und
  dem König sein");
- seed 003 (3 ist 50): no wild cards; a joker, when option ``jokers_per_deck`` brings them in,
  matches only jokers (research T1).
"""
from __future__ import annotations

import json
from typing import Any

import pytest

import meldtable
from meldtable.api import Session, handle

CASES = [
    ("canasta-two-hand", 2, {}, ["JK", "2"]),
    ("canasta-classic", 4, {}, ["JK", "2"]),
    ("kanaster", 3, {}, ["JK", "2"]),
    ("canasta-classic", 2, {"jokers_per_deck": 0}, ["JK", "2"]),  # no jokers dealt; twos still wild
    ("continental", 3, {}, ["JK"]),
    ("continental", 2, {"jokers_per_deck": 3}, ["JK"]),
    ("3-ist-50", 3, {}, []),
    ("3-ist-50", 2, {"jokers_per_deck": 2}, []),  # jokers match only jokers: not wild
]


@pytest.mark.parametrize(("variant", "players", "options", "ranks"), CASES)
def test_view_names_the_wild_ranks_of_the_variants_rules(
        variant: str, players: int, options: dict[str, Any], ranks: list[str]) -> None:
    g = meldtable.new_game(variant, players=players, seed=3, options=options or None)
    for seat in range(players):
        assert sorted(g.view(seat)["wild_ranks"]) == sorted(ranks), (variant, seat)


@pytest.mark.parametrize("variant", ["canasta-two-hand", "kanaster"])
def test_canasta_wild_ranks_agree_with_the_hands_wild_cards(variant: str) -> None:
    """Every card the engine calls wild in a hand (``hand_wild``) has a rank of ``wild_ranks``, and
    every hand card of such a rank is in ``hand_wild``: the page's mark and the rules agree."""
    seen = 0
    for seed in range(12):
        g = meldtable.new_game(variant, players=2, seed=seed)
        v = g.view(0)
        ranks = set(v["wild_ranks"])

        def rank(c: str) -> str:
            return c if c == "JK" else c[0]
        assert {c for c in v["hand"] if rank(c) in ranks} == set(v["hand_wild"])
        seen += len(v["hand_wild"])
    assert seen > 0  # some deal did hold wild cards


def test_wild_ranks_reach_the_page_in_the_table() -> None:
    """The page reads ``table.view.wild_ranks`` (web/cards.js setWildRanks): the protocol's table
    carries it for every family."""
    for variant, ranks in (("canasta-two-hand", ["JK", "2"]), ("continental", ["JK"]), ("3-ist-50", [])):
        answer: dict[str, Any] = json.loads(handle(json.dumps(
            {"op": "new", "variant": variant, "players": 2, "seed": 5}), Session()))
        assert answer["ok"], answer
        assert sorted(answer["result"]["view"]["wild_ranks"]) == sorted(ranks), variant


def test_a_canasta_meld_says_what_kind_it_is() -> None:
    """Seed 000: black threes are laid out only when going out, and a meld of wild cards only
    (option wild_canasta) is its own kind: the page words them from the view's meld ``kind``,
    never from ranks or cards."""
    from meldtable.canasta.melds import Meld
    from meldtable.canasta.values import THREE, WILD
    from meldtable.cards import parse_cards

    assert Meld(THREE, parse_cards(["3C", "3S", "3C"])).to_json()["kind"] == "black_threes"
    assert Meld(WILD, parse_cards(["2C", "JK", "2H"])).to_json()["kind"] == "wild"
    natural = Meld(12, parse_cards(["QH", "QS", "JK"])).to_json()
    assert natural["kind"] == "natural" and natural["rank"] == "Q"
