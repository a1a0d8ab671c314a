"""The warnings before costly mistakes, worded by the engine (issue #13 "Warnings before costly
mistakes", issue #26 item 2: the page derives no rule): the ``act`` answer's ``warnings`` and the
table's ``may_warn`` (docs/protocol.md, "Warnings"), for every key of every family's warning room
(meldtable.canasta.annotate, meldtable.continental.annotate), in English and German."""

from __future__ import annotations

import json
from typing import Any

import pytest

from meldtable.annotations import SETTINGS
from meldtable.api import Session, handle
from meldtable.canasta import annotate as canasta_warnings
from meldtable.continental import annotate as continental_warnings
from meldtable.reasons import LANGUAGES, fields

ROOMS = {"canasta": canasta_warnings, "continental": continental_warnings}

# one position per family; seat 0 to act, after the draw
CANASTA = ("variant: canasta-two-hand\nturn: 0 play\n"
           "hand 0: 2C JK QH 9D 9S 9H 4C 5D 6H 7S TC\nmeld 0: QC QD QS\nmeld 0: KC KD KH\npile: 4D\n")
CANASTA_FIRST = ("variant: canasta-two-hand\nturn: 0 play\nhand 0: 2C 9D 9S 9H AD AS AH 4C 5D 6H 7S\npile: 4D\n")
CONTINENTAL = "variant: continental\nplayers: 3\nturn: 0 play\nhand 0: 7C 7D 7H 7S 9C 9D 9S KH JK\npile: 4D\n"

SAMPLE: dict[str, dict[str, Any]] = {
    "discard_wild": {"card": "2C"}, "discard_addable": {"card": "QH"}, "discard_lays_off": {"card": "7S"},
    "initial_meld_short": {"have": 30, "minimum": 50}, "contract_commits": {"contract": "two sets", "rest": "a set"},
}


def ask(session: Session, **req: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(handle(json.dumps(req), session))
    assert answer["ok"], answer
    result: dict[str, Any] = answer["result"]
    return result


def start(position: str) -> tuple[Session, dict[str, Any]]:
    s = Session()
    return s, ask(s, op="new", position=position)


def keys(found: list[dict[str, Any]]) -> list[str]:
    return [w["key"] for w in found]


@pytest.mark.parametrize("family", sorted(ROOMS))
def test_every_warning_key_has_a_setting_and_texts_in_every_language(family: str) -> None:
    room = ROOMS[family]
    assert set(room.SETTING) == set(room.CATALOGUE.reasons), family
    for key, reason in room.CATALOGUE.reasons.items():
        assert room.SETTING[key] in SETTINGS, key
        assert key in SAMPLE, key
        for lang in LANGUAGES:
            text = reason.text(SAMPLE[key], lang)
            assert text and "{" not in text, (key, lang)
            assert {name for name, _ in fields(reason.texts[lang])} <= set(reason.params), (key, lang)


def test_canasta_discarding_a_wild_card_warns_and_a_plain_card_does_not() -> None:
    s, table = start(CANASTA)
    # a wild card can also be added to a meld of the side: both warnings
    assert keys(table["may_warn"]["discard"]["2C"]) == ["discard_wild", "discard_addable"]
    assert keys(table["may_warn"]["discard"]["JK"]) == ["discard_wild", "discard_addable"]
    assert "4C" not in table["may_warn"]["discard"]
    answer = ask(s, op="act", action={"type": "discard", "card": "2C"})
    assert keys(answer["warnings"]) == ["discard_wild", "discard_addable"]
    w = answer["warnings"][0]
    assert w["setting"] == "warnWild" and w["params"] == {"card": "2C"}
    assert "wild card" in w["texts"]["en"] and "wilde Karte (Kreuz-Zwei)" in w["texts"]["de"]
    s, _ = start(CANASTA)
    assert ask(s, op="act", action={"type": "discard", "card": "4C"})["warnings"] == []


def test_canasta_discarding_a_card_that_could_be_added_warns() -> None:
    s, table = start(CANASTA)
    assert keys(table["may_warn"]["discard"]["QH"]) == ["discard_addable"]
    answer = ask(s, op="act", action={"type": "discard", "card": "QH"})
    assert keys(answer["warnings"]) == ["discard_addable"]
    assert answer["warnings"][0]["setting"] == "warnPlayable"


def test_canasta_a_meld_short_of_the_initial_minimum_warns_with_its_points() -> None:
    s, table = start(CANASTA_FIRST)
    (pre,) = table["may_warn"]["meld"]
    assert pre["key"] == "initial_meld_short" and pre["params"] == {"have": "?", "minimum": 50}
    answer = ask(s, op="act", action={"type": "move", "text": "meld 9D 9S 9H"})
    (w,) = answer["warnings"]
    assert w["params"] == {"have": 30, "minimum": 50} and w["setting"] == "warnInitial"
    assert "30 of the 50 points" in w["texts"]["en"]
    # a meld that reaches the minimum on its own commits to nothing
    s, _ = start(CANASTA_FIRST)
    answer = ask(s, op="act", action={"type": "meld", "cards": ["AD", "AS", "AH", "2C"]})
    assert answer["warnings"] == []


def test_canasta_after_the_initial_meld_no_meld_warning() -> None:
    _, table = start(CANASTA)
    assert "meld" not in table["may_warn"] and "move" not in table["may_warn"]


def test_continental_first_part_of_a_contract_warns_and_the_rest_does_not() -> None:
    s, table = start(CONTINENTAL)
    (pre,) = table["may_warn"]["set"]
    assert pre["params"] == {"contract": "two sets", "rest": "a set"}
    answer = ask(s, op="act", action={"type": "set", "cards": ["7C", "7D", "7H"]})
    (w,) = answer["warnings"]
    assert w["key"] == "contract_commits" and w["setting"] == "warnInitial"
    assert w["texts"]["de"] == ("Das ist der erste Teil deines Vertrags (zwei Sätze): Liegt er, musst du den Rest "
                                "(ein Satz) noch in diesem Zug auslegen, bevor du abwerfen darfst.")
    assert "set" not in answer["may_warn"]  # laying down now: the rest commits to nothing more
    answer = ask(s, op="act", action={"type": "set", "cards": ["9C", "9D", "9S"]})
    assert answer["warnings"] == []


def test_continental_discarding_a_joker_or_a_card_that_lays_off() -> None:
    s, _ = start(CONTINENTAL)
    ask(s, op="act", action={"type": "set", "cards": ["7C", "7D", "7H"]})
    table = ask(s, op="act", action={"type": "set", "cards": ["9C", "9D", "9S"]})
    assert keys(table["may_warn"]["discard"]["JK"]) == ["discard_wild", "discard_lays_off"]
    assert keys(table["may_warn"]["discard"]["7S"]) == ["discard_lays_off"]
    assert "KH" not in table["may_warn"]["discard"]
    answer = ask(s, op="act", action={"type": "discard", "card": "7S"})
    (w,) = answer["warnings"]
    assert w["key"] == "discard_lays_off" and w["setting"] == "warnPlayable"
    assert "laid off" in w["texts"]["en"]


def test_three_fifty_has_no_warnings() -> None:
    s, table = start("variant: 3-ist-50\nplayers: 3\nturn: 0\nhand 0: 5H 8C 9D JC\nhand 1: 4S 6H TD KC\n"
                     "hand 2: 4D 6S TH KS\ncentre: 5C 5D 9S KH\n")
    assert table["may_warn"] == {}
    answer = ask(s, op="act", action={"type": "move", "text": table["legal"][0]["text"]})
    assert answer["warnings"] == []


def test_no_warnings_when_it_is_not_the_persons_turn() -> None:
    s = Session()
    table = ask(s, op="new", variant="canasta-two-hand", players=2, seed=5, human_seats=[1])
    assert table["to_act_is_human"] is False and table["may_warn"] == {}


def test_canasta_view_names_the_hands_wild_cards() -> None:
    """The page reads which selected cards are wild from the view (``hand_wild``), knowing no
    wild-card rule (seed 000: jokers and twos are wild)."""
    _, table = start(CANASTA)
    assert table["view"]["hand_wild"] == ["2C", "JK"]
    assert set(table["view"]["hand_wild"]) <= set(table["view"]["hand"])
