"""The api's ``bot`` op with ``level`` and the ``hint`` op (issue #27; docs/protocol.md)."""

from __future__ import annotations

import json
from typing import Any, cast

import pytest

from meldtable import api


def req(session: api.Session, **fields: object) -> dict[str, Any]:
    return cast("dict[str, Any]", json.loads(api._handle(json.dumps(fields), session)))


@pytest.fixture
def s() -> api.Session:
    session = api.Session()
    r = req(session, op="new", variant="3-ist-50", players=3, seed=4, human_seats=[0])
    assert r["ok"]
    return session


def _computer_to_act(s: api.Session) -> None:
    assert s.game is not None
    while s.game.current_player == 0:
        legal = s.game.legal_moves()
        assert req(s, op="play", moves=[str(legal[0])])["ok"]


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_bot_plays_one_move_at_each_level(s: api.Session, level: str) -> None:
    assert s.game is not None
    _computer_to_act(s)
    before = len(s.game.history[-1])
    r = req(s, op="bot", level=level, budget_ms=20)
    assert r["ok"], r
    assert len(s.game.history[-1]) == before + 1 and r["result"]["move"]["text"] == s.game.history[-1][-1]


@pytest.mark.parametrize("level", ["hard", 2, None, ""])
def test_an_unknown_level_is_a_bad_request_and_changes_nothing(s: api.Session, level: str) -> None:
    assert s.game is not None
    _computer_to_act(s)
    before = s.game.to_json()
    r = req(s, op="bot", level=level) if level is not None else req(s, op="bot", level=None)
    if level is None:  # null: the default level
        assert r["ok"]
        return
    assert not r["ok"] and r["error"]["code"] == "bad_request" and "easy, normal, strong" in r["error"]["message"]
    assert s.game.to_json() == before


@pytest.mark.parametrize("budget", [0, -5, 5000, "fast", True])
def test_a_bad_budget_is_a_bad_request(s: api.Session, budget: object) -> None:
    assert s.game is not None
    r = req(s, op="hint", budget_ms=budget)
    assert not r["ok"] and r["error"]["code"] == "bad_request"


def test_hint_answers_the_move_and_its_reason_without_changing_the_game(s: api.Session) -> None:
    assert s.game is not None
    before = s.game.to_json()
    r = req(s, op="hint", budget_ms=20)
    assert r["ok"], r
    h = r["result"]["hint"]
    assert set(h) == {"seat", "move", "kind", "cards", "key", "params", "texts"}
    assert h["seat"] == 0 and set(h["texts"]) == {"en", "de"}
    assert h["move"] in [str(m) for m in s.game.legal_moves()]
    assert s.game.to_json() == before
    assert req(s, op="play", moves=[h["move"]])["ok"]


def test_hint_is_refused_while_the_computer_plays(s: api.Session) -> None:
    assert s.game is not None
    _computer_to_act(s)
    r = req(s, op="hint")
    assert not r["ok"] and r["error"]["key"] == "computer_playing"


def test_hello_names_the_levels() -> None:
    r = req(api.Session(), op="hello")
    assert r["ok"] and r["result"]["levels"] == ["easy", "normal", "strong"]
