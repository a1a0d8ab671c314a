"""The ``explain`` op with an action (docs/protocol.md, "explain"; docs/guides.md, "Moves"): the
engine says which moves a page action makes, whether they are legal now, and whether they are the
moves of one of the actions a guided step expects, so the page compares no notation (issue #26
item 2). Written from the rules: seed 000 (two-hand canasta: draw two, a meld is three or more
cards of a rank, more cards are added to it) and seed 003 (3 ist 50: a card played onto the
middle takes the matching cards along)."""

from __future__ import annotations

import json
from typing import Any

from meldtable import api


def call(s: api.Session, op: str, **fields: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(api.handle(json.dumps({"id": 1, "op": op, **fields}), s))
    return answer


def ok(s: api.Session, op: str, **fields: Any) -> dict[str, Any]:
    answer = call(s, op, **fields)
    assert answer["ok"], answer
    result: dict[str, Any] = answer["result"]
    return result


TWO_HAND = "\n".join([
    "variant: canasta-two-hand", "seed: 1", "turn: 0 draw",
    "hand 0: QH QS QD QC QH KH KS 7D 5C 4D 9S 8H 6C 2S JK",
    "stock: 3C 6S", "",
])


def test_an_action_is_explained_by_its_moves_and_legality() -> None:
    s = api.Session()
    ok(s, "new", position=TWO_HAND, human_seats=[0])
    early = ok(s, "explain", action={"type": "meld", "cards": ["QH", "QS", "QD"]})["explain"]
    assert early["legal"] is False and early["key"] == "draw_first" and early["texts"]["de"]
    assert ok(s, "explain", action={"type": "draw"})["explain"] == {"seat": 0, "moves": ["draw"], "legal": True}
    before = ok(s, "save")
    ok(s, "act", action={"type": "draw"})
    five = ok(s, "explain", action={"type": "meld", "cards": ["QS", "QH", "QD", "QC", "QH"]})["explain"]
    # one action, three moves: a meld of three and two adds (seed 000: more cards are added)
    assert five["legal"] is True and five["moves"][0].startswith("meld ") and len(five["moves"]) == 3
    assert all(m.startswith("add Q ") for m in five["moves"][1:])
    assert ok(s, "save") != before  # (the draw changed it; explain itself changes nothing:)
    saved = ok(s, "save")
    ok(s, "explain", action={"type": "discard", "card": "5C"})
    assert ok(s, "save") == saved


def test_expect_compares_the_moves_not_the_order_of_the_cards() -> None:
    s = api.Session()
    ok(s, "new", position=TWO_HAND, human_seats=[0])
    ok(s, "act", action={"type": "draw"})
    step = [{"type": "meld", "cards": ["QH", "QS", "QD", "QC", "QH"]}]
    same = ok(s, "explain", action={"type": "meld", "cards": ["QC", "QH", "QH", "QD", "QS"]}, expect=step)["explain"]
    assert same["expected"] is True
    kings = ok(s, "explain", action={"type": "meld", "cards": ["KH", "KS", "JK"]}, expect=step)["explain"]
    assert kings["legal"] is True and kings["expected"] is False  # legal, but not the step's
    four = ok(s, "explain", action={"type": "meld", "cards": ["QH", "QS", "QD", "QC"]}, expect=step)["explain"]
    assert four["expected"] is False  # a card short is another move
    bad = call(s, "explain", action={"type": "draw"}, expect="draw")
    assert bad["ok"] is False and bad["error"]["code"] == "bad_request"
    assert call(s, "explain", action="draw")["error"]["code"] == "bad_request"


def test_three_fifty_middle_is_one_move_however_the_click_names_it() -> None:
    """Seed 003 with the default capture sources: a play onto the centre or the discard pile is one
    move ("middle"), so a step written with either name accepts both."""
    s = api.Session()
    table = ok(s, "new", variant="3-ist-50", players=3, seed=7, human_seats=[0])
    plays = [m for m in table["legal"] if m["kind"] == "play" and m["target"] == "middle"]
    assert plays, table["legal"]  # seed 7 deals seat 0 a card that matches the middle (TH)
    card = plays[0]["card"]
    by_centre = ok(s, "explain", action={"type": "play", "card": card, "target": "centre"},
                   expect=[{"type": "play", "card": card, "target": "middle"}])["explain"]
    by_discard = ok(s, "explain", action={"type": "play", "card": card, "target": "discard"},
                    expect=[{"type": "play", "card": card, "target": "middle"}])["explain"]
    assert by_centre["moves"] == by_discard["moves"]
    assert by_centre["expected"] is True and by_discard["expected"] is True
