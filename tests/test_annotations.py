"""What the engine tells the page so the page knows no rule (issue #26 item 2): options'
``shown_when`` and each variant's ``undo`` in ``hello``, the table's ``undoable`` and canasta's
``take_cards``, and the ``explain`` op (docs/protocol.md)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from meldtable import VARIANTS, new_game
from meldtable.api import Session, handle
from meldtable.options import Option, Variant


def ask(session: Session, **req: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(handle(json.dumps(req), session))
    return answer


def started(variant: str, players: int, seed: int) -> Session:
    s = Session()
    assert ask(s, op="new", variant=variant, players=players, seed=seed, human_seats=list(range(players)))["ok"]
    return s


# ---------------------------------------------------------------- shown_when


def test_every_declared_dependency_names_another_option_and_one_of_its_values() -> None:
    declared = 0
    for v in VARIANTS.values():
        for o in v.options.values():
            if o.shown_when is None:
                continue
            declared += 1
            name, value = o.shown_when
            assert name in v.options and name != o.name, (v.id, o.name)
            assert v.options[name].check(value) == value, (v.id, o.name, value)
    assert declared >= 6  # target_score and deals in each canasta preset


def test_canasta_match_end_options_declare_their_dependency_in_hello() -> None:
    hello = ask(Session(), op="hello")["result"]
    for d in hello["variants"]:
        opts = {o["name"]: o for o in d["options"]}
        if d["family"] == "canasta":
            assert opts["target_score"]["shown_when"] == {"option": "match_end", "value": "target"}
            assert opts["deals"]["shown_when"] == {"option": "match_end", "value": "deals"}
            assert "shown_when" not in opts["match_end"]
        else:
            assert all("shown_when" not in o for o in d["options"]), d["id"]


def test_a_dependency_on_a_missing_option_or_value_is_refused() -> None:
    base = VARIANTS["canasta-classic"]
    opts = dict(base.options)
    opts["deals"] = replace(opts["deals"], shown_when=("no_such_option", "deals"))
    with pytest.raises(ValueError, match="no_such_option"):
        replace(base, options=opts)
    opts["deals"] = replace(opts["deals"], shown_when=("match_end", "forever"))
    with pytest.raises(ValueError, match="forever"):
        replace(base, options=opts)
    lone = Option("x", "bool", True, "test", "test", shown_when=("x", True))
    with pytest.raises(ValueError, match="not another option"):
        Variant("t", "T", "", "canasta", (2,), {"x": lone})


# ---------------------------------------------------------------- undo


def test_undo_is_declared_per_variant_from_the_family() -> None:
    # Variant.undo (the library's question; hello does not carry it: answering it imports the
    # whole family, and hello stays light for the page's start); the page reads table.undoable
    undo = {v: VARIANTS[v].undo for v in VARIANTS}
    assert undo == {v: v != "3-ist-50" for v in VARIANTS}
    for variant, players in (("3-ist-50", 3), ("canasta-two-hand", 2), ("continental", 4)):
        table = ask(started(variant, players, 5), op="table")["result"]
        assert table["undoable"] is (variant != "3-ist-50"), variant


# ---------------------------------------------------------------- take_cards


def test_take_cards_probe_gets_the_refusal_for_the_pile() -> None:
    """Seed 001: the pile only after the initial meld; the natural pair of the top card's rank is
    what a person would try, and the engine refuses it with that rule's key."""
    s = started("canasta-classic", 4, 1)
    table = ask(s, op="table")["result"]
    assert not [m for m in table["legal"] if m["kind"] == "take"]
    cards = table["take_cards"]
    top = table["view"]["discard"]["top"]
    assert len(cards) == 2 and all(c[:-1] == top[:-1] for c in cards), (cards, top)
    refused = ask(s, op="act", action={"type": "take", "cards": cards})
    assert refused["error"]["key"] == "pile_before_initial"


def test_take_cards_is_a_legal_take_when_one_exists() -> None:
    found = 0
    for seed in range(40):
        s = started("canasta-two-hand", 2, seed)
        table = ask(s, op="table")["result"]
        takes = [m["cards"] for m in table["legal"] if m["kind"] == "take"]
        if not takes:
            continue
        found += 1
        cards = table["take_cards"]
        assert cards in takes, (seed, cards, takes)
        assert len(cards) == min(len(c) for c in takes)
    assert found


def test_take_cards_only_for_the_persons_turn_and_only_in_canasta() -> None:
    s = Session()
    assert ask(s, op="new", variant="canasta-two-hand", players=2, seed=3, human_seats=[1])["ok"]
    assert ask(s, op="table")["result"]["take_cards"] is None  # a computer's hand stays hidden
    assert "take_cards" not in ask(started("continental", 4, 3), op="table")["result"]


# ---------------------------------------------------------------- explain


def test_explain_a_legal_move_changes_nothing() -> None:
    s = started("canasta-two-hand", 2, 7)
    before = ask(s, op="export")["result"]["state"]
    answer = ask(s, op="explain", move="draw")
    assert answer["ok"] and answer["result"]["explain"] == {"move": "draw", "seat": 0, "legal": True}
    assert ask(s, op="export")["result"]["state"] == before


@pytest.mark.parametrize("variant,players,seed,move", [
    ("canasta-classic", 4, 1, None),  # the take probe: pile_before_initial
    ("canasta-two-hand", 2, 7, "discard 4C"),  # before drawing
    ("continental", 4, 2, "discard 4C"),
    ("3-ist-50", 3, 2, "discard KD"),  # not in the hand
])
def test_explain_an_illegal_move_gives_the_refusal_act_gives(variant: str, players: int, seed: int,
                                                             move: str | None) -> None:
    s = started(variant, players, seed)
    if move is None:
        move = "take " + " ".join(ask(s, op="table")["result"]["take_cards"])
    before = ask(s, op="export")["result"]["state"]
    got = ask(s, op="explain", move=move)["result"]["explain"]
    refused = ask(s, op="act", action={"type": "move", "text": move})["error"]
    assert got["legal"] is False and got["key"] == refused["key"] and got["key"], (got, refused)
    assert got["params"] == refused["params"] and got["texts"] == refused["texts"]
    assert set(got["texts"]) == {"en", "de"} and got["message"] == refused["message"]
    assert ask(s, op="export")["result"]["state"] == before


def test_explain_matches_the_engine_for_every_legal_move() -> None:
    g = new_game("canasta-two-hand", players=2, seed=11)
    s = started("canasta-two-hand", 2, 11)
    for m in g.legal_moves():
        assert ask(s, op="explain", move=str(m))["result"]["explain"]["legal"] is True


@pytest.mark.parametrize("req,code,key", [
    ({"move": "frobnicate"}, "bad_request", "move_unknown"),
    ({"move": "meld QH"}, "bad_request", "meld_three_cards"),
    ({}, "bad_request", None),
    ({"move": 5}, "bad_request", None),
    ({"move": "x" * 3000}, "bad_request", None),
])
def test_explain_refuses_malformed_requests(req: dict[str, Any], code: str, key: str | None) -> None:
    s = started("canasta-two-hand", 2, 7)
    before = ask(s, op="export")["result"]["state"]
    answer = ask(s, op="explain", **req)
    assert answer["ok"] is False and answer["error"]["code"] == code
    assert answer["error"].get("key") == key
    assert ask(s, op="export")["result"]["state"] == before


def test_explain_while_a_computer_plays_or_after_the_hand() -> None:
    s = Session()
    assert ask(s, op="new", variant="canasta-two-hand", players=2, seed=3, human_seats=[1])["ok"]
    answer = ask(s, op="explain", move="draw")
    assert answer["error"]["key"] == "computer_playing"
    assert ask(Session(), op="explain", move="draw")["error"]["code"] == "no_game"
