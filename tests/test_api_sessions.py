"""Several games in one worker (issue #12: the live demos of one page share one engine): the
``"session"`` field of docs/protocol.md, "Sessions". Named sessions are independent of each other
and of the default session, their number is limited, and a bad or unknown id is a clear error
that changes nothing."""
from __future__ import annotations

import json
from typing import Any, cast

import pytest

from meldtable import api

POSITION = ("variant: canasta-two-hand\nturn: 0 draw\n"
            "hand 0: QH QS AH AS AC 5C 6D 7S 8H 9C TD JD KC KS\npile: 2C 9D QD\n")
THREE = ("variant: 3-ist-50\nplayers: 3\nturn: 0\nhand 0: 5H 8C 9D JC\nhand 1: 4S 6H TD KC\n"
         "hand 2: 4D 6S TH KS\ncentre: 5C 5D 9S KH\n")


class Worker:
    """One default session (as the worker has) and the requests sent to it as JSON text."""

    def __init__(self) -> None:
        self.default = api.Session()
        self.next_id = 0

    def call(self, op: str, **fields: object) -> dict[str, Any]:
        self.next_id += 1
        answer = json.loads(api.handle(json.dumps({"id": self.next_id, "op": op, **fields}), self.default))
        assert answer["id"] == self.next_id
        return cast("dict[str, Any]", answer)

    def ok(self, op: str, **fields: object) -> dict[str, Any]:
        answer = self.call(op, **fields)
        assert answer["ok"] is True, answer
        return cast("dict[str, Any]", answer["result"])

    def error(self, op: str, **fields: object) -> dict[str, Any]:
        answer = self.call(op, **fields)
        assert answer["ok"] is False, answer
        return cast("dict[str, Any]", answer["error"])


def test_named_sessions_hold_their_own_games() -> None:
    w = Worker()
    a = w.ok("new", session="demo-1", position=POSITION)
    b = w.ok("new", session="demo-2", position=THREE)
    assert a["view"]["variant"] == "canasta-two-hand" and b["view"]["variant"] == "3-ist-50"
    # the default session has no game: the named ones are not it
    assert w.error("table")["code"] == "no_game"
    after = w.ok("act", session="demo-1", action={"type": "draw"})
    assert after["view"]["phase"] == "play"
    # demo-2 did not move; demo-1 kept its move
    assert w.ok("table", session="demo-2") == b
    assert w.ok("table", session="demo-1") == after
    # the default session starts its own game, the named ones keep theirs
    w.ok("new", variant="continental", players=3, seed=1)
    assert w.ok("table")["view"]["variant"] == "continental"
    assert w.ok("table", session="demo-1") == after


def test_a_refusal_in_one_session_leaves_every_session_as_it_was() -> None:
    w = Worker()
    w.ok("new", session="a", position=POSITION)
    w.ok("new", session="b", position=POSITION)
    err = w.error("act", session="a", action={"type": "discard", "card": "QH"})
    assert err["code"] == "illegal_move" and err["key"] == "draw_first"
    assert err["texts"]["de"] == "Ziehe zuerst vom Talon oder nimm den Ablagestapel auf."
    assert w.ok("table", session="a") == w.ok("table", session="b")


def test_a_failed_new_starts_no_session() -> None:
    w = Worker()
    assert w.error("new", session="x", position="variant: canasta-two-hand\nhand 0: QH QH QH\n")["code"] == "bad_state"
    assert w.error("table", session="x")["code"] == "no_game"
    # a failed new of a running session keeps its game
    w.ok("new", session="x", position=POSITION)
    before = w.ok("table", session="x")
    assert w.error("new", session="x", variant="no-such-game", players=2, seed=1)["code"] == "bad_option"
    assert w.ok("table", session="x") == before


@pytest.mark.parametrize("sid", [7, True, "", "a" * 65, "has space", "ä", ["a"], {"a": 1}, "a/b"])
def test_a_malformed_session_id_is_a_bad_request(sid: object) -> None:
    w = Worker()
    w.ok("new", variant="canasta-two-hand", players=2, seed=1)
    before = w.ok("export")
    err = w.error("new", session=sid, position=POSITION)
    assert err["code"] == "bad_request"
    assert err["message"] == "'session' must be text of 1 to 64 letters, digits, '_', '.', ':' or '-'."
    assert w.ok("export") == before
    assert w.default.named == {}


@pytest.mark.parametrize("op,fields", [("table", {}), ("act", {"action": {"type": "draw"}}), ("bot", {}),
                                       ("undo", {}), ("save", {}), ("end", {})])
def test_an_unknown_session_is_no_game(op: str, fields: dict[str, Any]) -> None:
    w = Worker()
    w.ok("new", session="known", position=POSITION)
    err = w.error(op, session="unknown", **fields)
    assert err["code"] == "no_game"
    assert err["message"] == "No game is running in session 'unknown': start one with 'new'."
    assert set(w.default.named) == {"known"}


def test_at_most_max_sessions_and_end_frees_one() -> None:
    w = Worker()
    for i in range(api.MAX_SESSIONS):
        w.ok("new", session=f"s{i}", position=POSITION)
    err = w.error("new", session="one-more", position=POSITION)
    assert err["code"] == "bad_request"
    assert err["message"].startswith(f"At most {api.MAX_SESSIONS} sessions can run at once")
    assert len(w.default.named) == api.MAX_SESSIONS
    # a running session can still start a new game
    w.ok("new", session="s0", position=THREE)
    assert w.ok("end", session="s1") == {"ended": "s1"}
    assert w.error("table", session="s1")["code"] == "no_game"
    w.ok("new", session="one-more", position=POSITION)
    assert len(w.default.named) == api.MAX_SESSIONS


def test_the_default_session_cannot_end() -> None:
    w = Worker()
    w.ok("new", variant="canasta-two-hand", players=2, seed=1)
    assert w.error("end")["code"] == "bad_request"
    assert w.ok("table")["view"]["variant"] == "canasta-two-hand"


def test_load_starts_a_named_session_and_bot_plays_in_it() -> None:
    w = Worker()
    w.ok("new", variant="canasta-two-hand", players=2, seed=5)
    saved = w.ok("save")
    t = w.ok("load", session="copy", state=saved["state"])
    assert t == {**w.ok("table"), "events": []}  # (the default session's table repeats its deal's events)
    w.ok("act", session="copy", action={"type": "draw"})
    w.ok("act", session="copy", action={"type": "discard", "card": w.ok("table", session="copy")["view"]["hand"][0]})
    moved = w.ok("bot", session="copy")
    assert moved["move"]["seat"] == 1
    assert {**w.ok("table"), "events": []} == t  # the default session did not move


def test_hello_with_a_session_starts_nothing() -> None:
    w = Worker()
    assert w.ok("hello", session="page")["variants"]
    assert w.default.named == {}
