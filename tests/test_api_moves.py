"""Issue #26 item 2: the engine says what each move was, structured (docs/protocol.md, "Moves").

A table carries `moves`: the moves the request that made it applied, each `{seat, text, label,
data}` with `data` the family's own `Move.to_json()`; the `bot` answer's `move` has the same
shape; `undo` names the move taken back (`move`); `load_record`'s log gives each move's `data`;
the `events` op says what the last change did as one seat may see it (a host's guests); and a new
deal's events (`new` as `next_hand`) carry the cut (seed 004, also when nothing was kept:
`cut_none`) and the red threes laid out.
"""
from __future__ import annotations

import json
from typing import Any

from meldtable import new_game
from meldtable.api import Session, handle
from meldtable.events import deal_events


def ask(s: Session, op: str, **fields: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(handle(json.dumps({"op": op, **fields}), s))
    assert answer["ok"], answer
    result: dict[str, Any] = answer["result"]
    return result


def test_act_table_carries_the_moves_it_applied_as_the_engines_json() -> None:
    s = Session()
    t = ask(s, "new", variant="canasta-two-hand", players=2, seed=7)
    assert t["moves"] == []
    t = ask(s, "act", action={"type": "draw"})
    assert t["moves"] == [{"seat": 0, "text": "draw", "label": t["view"]["last_moves"][-1]["label"],
                           "data": {"text": "draw", "kind": "draw", "cards": [], "rank": None}}]
    card = t["view"]["hand"][0]
    t = ask(s, "act", action={"type": "discard", "card": card})
    (m,) = t["moves"]
    assert m["data"] == {"text": f"discard {card}", "kind": "discard", "cards": [card], "rank": None}
    assert m["label"].startswith("discarded") and m["seat"] == 0
    assert ask(s, "table")["moves"] == t["moves"]  # (table repeats the last change's moves)


def test_one_action_of_several_moves_names_each() -> None:
    """A meld of five cards is a meld and two adds (canasta actions.py): all three, in order."""
    s = Session()
    ask(s, "new", position="variant: canasta-two-hand\nturn: 0 play\nhand 0: QH QS QD QC JK 4C 5D\n", human_seats=[0])
    t = ask(s, "act", action={"type": "meld", "cards": ["QH", "QS", "QD", "QC", "JK"]})
    kinds = [m["data"]["kind"] for m in t["moves"]]
    assert kinds == ["meld", "add", "add"]
    assert sorted(c for m in t["moves"] for c in m["data"]["cards"]) == sorted(["QH", "QS", "QD", "QC", "JK"])
    assert all(m["data"]["rank"] == "Q" for m in t["moves"][1:])


def test_bot_answer_and_its_table_carry_the_move_data() -> None:
    s = Session()
    first = ask(s, "new", variant="continental", players=2, seed=3)["to_act"]
    ask(s, "new", variant="continental", players=2, seed=3, human_seats=[1 - first])
    r = ask(s, "bot", level="easy")
    assert r["move"]["seat"] == first and r["move"]["data"]["kind"] in ("draw", "take")
    assert r["move"]["data"]["text"] == r["move"]["text"]
    assert r["table"]["moves"] == [r["move"]]


def test_undo_names_the_move_taken_back() -> None:
    s = Session()
    ask(s, "new", position="variant: canasta-two-hand\nturn: 0 play\nhand 0: QH QS JK 4C 5D 9S\n", human_seats=[0])
    ask(s, "act", action={"type": "move", "text": "meld QH QS JK"})
    r = ask(s, "undo")
    assert r["undone"] == "meld QH QS JK"
    assert r["move"] == {"text": "meld QH QS JK", "kind": "meld", "cards": ["QH", "QS", "JK"], "rank": None}
    assert r["table"]["moves"] == []


def test_play_names_its_moves_and_3_ist_50_moves_carry_their_target() -> None:
    s = Session()
    t = ask(s, "new", variant="3-ist-50", players=3, seed=2, human_seats=[0, 1, 2])
    text = t["legal"][0]["text"]
    t = ask(s, "play", moves=[text])
    (m,) = t["moves"]
    assert m["text"] == text and m["data"]["card"] == m["data"]["cards"][0] and "target" in m["data"]


def test_new_carries_the_deals_events_with_the_cut() -> None:
    """Seed 004: the player before the dealer cuts; the log names the cut of every deal, the
    first one too (it comes with `new`, as a later one with `next_hand`)."""
    s = Session()
    t = ask(s, "new", variant="kanaster", players=4, seed=5)
    g = new_game("kanaster", players=4, seed=5)
    assert t["events"] == [e.to_json(0) for e in deal_events("canasta", g.state)]
    cut = [e for e in t["events"] if e["key"] in ("cut", "cut_none")]
    assert [(e["seat"], e["cards"]) for e in cut] == [(g.state.cut["seat"], g.state.cut["cards"])]
    # (a kept wild card is named to every seat; a cut without one is "cut_none", with no cards)
    for seed in range(1, 40):
        g = new_game("kanaster", players=4, seed=seed)
        keys = {e.key for e in deal_events("canasta", g.state)}
        assert ("cut" in keys) == bool(g.state.cut["cards"]) and ("cut_none" in keys) != bool(g.state.cut["cards"])


def test_events_op_gives_the_last_change_as_a_seat_sees_it() -> None:
    s = Session()
    ask(s, "new", variant="canasta-classic", players=4, seed=3, human_seats=[0, 2])
    t = ask(s, "act", action={"type": "draw"})
    mine = ask(s, "events", seat=0)
    other = ask(s, "events", seat=1)
    assert mine["events"] == t["events"] and mine["moves"] == t["moves"] == other["moves"]
    draw = [e for e in other["events"] if e["key"] == "draw"]
    assert draw and all(e["cards"] == [] and e["count"] > 0 for e in draw)  # (seat 0's cards, hidden from seat 1)
    bad = json.loads(handle(json.dumps({"op": "events", "seat": 9}), s))
    assert bad["ok"] is False and bad["error"]["code"] == "bad_request"


def test_load_record_log_gives_each_moves_data() -> None:
    s = Session()
    ask(s, "new", variant="canasta-two-hand", players=2, seed=7, human_seats=[0, 1])
    t = ask(s, "play", moves=["draw"])
    ask(s, "play", moves=[f"discard {t['view']['hand'][0]}"])
    record = ask(s, "record")["record"]
    r = ask(Session(), "load_record", record=record, log=True)
    assert [e["data"]["kind"] for e in r["log"]] == ["draw", "discard"]
    assert all(e["data"]["text"] == e["text"] for e in r["log"])
