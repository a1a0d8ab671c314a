"""Several people at one device (issue #28, pass-and-play): the table answer shows the view of
the person's seat to act, and while computers play, the view of the person who acted last (the
device stays in their hands), never another person's; undo is offered only within the turn of
the person to act (docs/protocol.md, "table")."""

from __future__ import annotations

import json
from typing import Any, cast

from meldtable.api import Session, handle


def _ask(s: Session, op: str, **fields: object) -> dict[str, Any]:
    answer = json.loads(handle(json.dumps({"id": 1, "op": op, **fields}), s))
    assert "result" in answer, answer
    return cast("dict[str, Any]", answer["result"])


def test_view_follows_the_person_who_played_last() -> None:
    s = Session()
    tb = _ask(s, "new", variant="3-ist-50", players=3, seed=11, human_seats=[1, 2])
    assert tb["human_seats"] == [1, 2]
    last = None
    seen_after = {1: 0, 2: 0}  # computer turns shown after each person's move
    for _ in range(200):
        if tb["hand_over"]:
            break
        if tb["to_act_is_human"]:
            assert tb["seat"] == tb["to_act"]
            assert tb["view"]["seat"] == tb["to_act"]
            last = tb["to_act"]
            tb = _ask(s, "play", moves=[tb["legal"][0]["text"]])
        else:
            assert tb["legal"] == [] and not tb["can_undo"]
            if last is not None:
                assert tb["seat"] == last  # the person who just played, not human_seats[0]
                seen_after[last] += 1
            tb = _ask(s, "bot", level="easy")["table"]
    assert seen_after[2] > 0 and seen_after[1] > 0, seen_after


def test_undo_only_for_the_person_to_act() -> None:
    """Seat 0 and seat 2 are people (partners in Classic Canasta at 4): when seat 2's turn comes,
    nothing of seat 0's turn can be taken back (undo stays within one person's turn)."""
    s = Session()
    tb = _ask(s, "new", variant="canasta-classic", players=4, seed=3, human_seats=[0, 2])
    assert tb["to_act"] == 0 and tb["seat"] == 0
    tb = _ask(s, "act", action={"type": "draw"})
    while tb["to_act"] == 0:  # seat 0 ends its turn with a discard
        texts = [m["text"] for m in tb["legal"]]
        tb = _ask(s, "play", moves=[next((x for x in texts if x.startswith("discard")), texts[0])])
    while not tb["to_act_is_human"]:
        assert tb["seat"] == 0  # the computer's turn is shown to seat 0, who played last
        tb = _ask(s, "bot", level="normal")["table"]
    assert tb["to_act"] == 2 and tb["seat"] == 2
    assert not tb["can_undo"]
    answer = json.loads(handle(json.dumps({"id": 2, "op": "undo"}), s))
    assert "error" in answer and answer["error"]["code"] != "bad_request", answer
