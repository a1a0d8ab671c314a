"""Undo survives a reload (issue #13, "Undo within a turn", on the page: the autosaved game is
loaded again after a reload). The protocol's `save` carries the turn's undo history (`undo`: the
game before the turn's first undoable move and the moves since) and `load` rebuilds it, so the
moves of the turn can be taken back one by one after the load exactly as before it; a record that
is missing, malformed or does not lead to the saved state leaves the loaded game as it was
(nothing to undo) and never makes a load fail (docs/protocol.md, "save", "load")."""
from __future__ import annotations

import json
from typing import Any, cast

import pytest

from meldtable import api, new_game
from meldtable.undo import UNDOABLE


def call(session: api.Session, op: str, **fields: object) -> dict[str, Any]:
    return cast("dict[str, Any]", json.loads(api.handle(json.dumps({"id": 1, "op": op, **fields}), session)))


def turn_with_undoable_moves(vid: str, players: int, want: int = 2) -> tuple[api.Session, list[str]]:
    """A session whose person (seat 0) has made `want` undoable moves this turn (computer seats
    played by the bot op), with the state texts before each of them."""
    for seed in range(60):
        s = api.Session()
        t = call(s, "new", variant=vid, players=players, seed=seed)["result"]
        family = t["view"].get("family") or ("continental" if vid == "continental" else "canasta")
        texts: list[str] = []
        for _ in range(400):
            if t["hand_over"]:
                break
            if not t["to_act_is_human"]:
                t = call(s, "bot")["result"]["table"]
                continue
            undoable = [m for m in t["legal"] if m["kind"] in UNDOABLE[family]]
            if undoable and len(texts) < want:
                texts.append(call(s, "save")["result"]["state"])
                r = call(s, "act", action={"type": "move", "text": undoable[0]["text"]})
                if not r["ok"] or r["result"]["hand_over"]:
                    break
                t = r["result"]
                if len(texts) == want:
                    return s, texts
                continue
            if texts:
                break  # the turn ended before enough undoable moves
            m = next((m for m in t["legal"] if m["kind"] in ("draw", "take")), t["legal"][0])
            t = call(s, "act", action={"type": "move", "text": m["text"]})["result"]
    pytest.fail(f"no turn with {want} undoable moves in {vid}")


@pytest.mark.parametrize("vid,players", [("canasta-two-hand", 2), ("kanaster", 3), ("continental", 3)])
def test_undo_after_save_and_load_takes_the_turn_back_move_by_move(vid: str, players: int) -> None:
    s, texts = turn_with_undoable_moves(vid, players)
    saved = call(s, "save")["result"]
    assert saved["undo"]["moves"] and json.loads(saved["undo"]["base"])  # the record goes along
    fresh = api.Session()
    t = call(fresh, "load", state=saved["state"], human_seats=saved["human_seats"], undo=saved["undo"])["result"]
    assert t["can_undo"] is True
    assert call(fresh, "save")["result"]["state"] == saved["state"]  # loaded exactly as saved
    for before in reversed(texts):
        r = call(fresh, "undo")
        assert r["ok"], r
        assert r == call(s, "undo")  # as in the session that was saved
        assert call(fresh, "save")["result"]["state"] == before
    r = call(fresh, "undo")  # back at the turn's start: refused, for the same reason as before
    assert not r["ok"] and r["error"]["key"] in ("undo_revealed", "undo_nothing")
    assert r == call(s, "undo")
    # without the record: nothing to undo (as before this change)
    plain = api.Session()
    t = call(plain, "load", state=saved["state"], human_seats=saved["human_seats"])["result"]
    assert t["can_undo"] is False


def test_save_has_no_undo_record_when_nothing_can_be_taken_back() -> None:
    s = api.Session()
    call(s, "new", variant="canasta-two-hand", players=2, seed=3)
    assert "undo" not in call(s, "save")["result"]
    call(s, "act", action={"type": "draw"})
    assert "undo" not in call(s, "save")["result"]  # the draw showed hidden cards


def test_a_broken_undo_record_loads_the_game_with_nothing_to_undo() -> None:
    s, _ = turn_with_undoable_moves("canasta-two-hand", 2)
    saved = call(s, "save")["result"]
    other = new_game("canasta-two-hand", players=2, seed=999).to_json()
    record = saved["undo"]
    bad_records = [
        "x", 7, [], {}, {"base": record["base"]}, {"moves": record["moves"]},
        {"base": "{not json", "moves": record["moves"]},
        {"base": record["base"], "moves": ["meld QX QY QZ"]},
        {"base": record["base"], "moves": record["moves"][:-1]},  # does not reach the saved state
        {"base": other, "moves": record["moves"]},
        {"base": record["base"], "moves": [7]},
        {"base": record["base"], "moves": ["draw"] * 20_000},
    ]
    for bad in bad_records:
        fresh = api.Session()
        r = call(fresh, "load", state=saved["state"], human_seats=saved["human_seats"], undo=bad)
        assert r["ok"], (bad, r)
        assert r["result"]["can_undo"] is False, bad
        assert call(fresh, "save")["result"]["state"] == saved["state"]
