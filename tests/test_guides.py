"""The guided first hands (web/guides/<variant>.json, format in docs/guides.md), replayed through the
same JSON protocol the page uses (meldtable.api.handle): every position loads, every step's move is
legal at its step and makes exactly the moves the step names, the computer's replies are exactly
the moves its step explains, the hand ends where the guide ends (with the totals the last step
states), every text is there in English and German, and each guide's refusals are refused with
the reason key its explanation relies on, leaving the game unchanged.

Issue #12, "A guided first hand for every game": "Each step says what to do now and why, waits for
the player's move (a wrong move gets the engine's reason and a nudge), and explains the computer's
replies, to the end of a short hand. German and English."
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, cast

import pytest

from meldtable import VARIANTS, api

GUIDES = Path(__file__).resolve().parent.parent / "web" / "guides"
LANGS = ("en", "de")

GUIDE_KEYS = {"variant", "title", "position", "human_seats", "steps"}
STEP_KEYS = {"say", "ask", "do", "moves", "nudge", "refusals", "computer", "end", "totals"}
REFUSAL_KEYS = {"do", "key", "say"}


def load(variant: str) -> dict[str, Any]:
    return cast("dict[str, Any]", json.loads((GUIDES / f"{variant}.json").read_text(encoding="utf-8")))


def position_text(guide: dict[str, Any]) -> str:
    pos = guide["position"]
    return pos if isinstance(pos, str) else "\n".join(pos) + "\n"


class Client:
    """A fresh api.Session driven with JSON text, as the page's worker drives it."""

    def __init__(self) -> None:
        self.session = api.Session()
        self.n = 0

    def call(self, op: str, **fields: object) -> dict[str, Any]:
        self.n += 1
        answer = json.loads(api.handle(json.dumps({"id": self.n, "op": op, **fields}), self.session))
        assert answer["id"] == self.n
        return cast("dict[str, Any]", answer)

    def ok(self, op: str, **fields: object) -> dict[str, Any]:
        answer = self.call(op, **fields)
        assert answer["ok"], (op, fields, answer)
        return cast("dict[str, Any]", answer["result"])

    def history(self) -> list[str]:
        return cast("list[str]", json.loads(self.ok("export")["state"])["history"][-1])


def start(guide: dict[str, Any]) -> Client:
    c = Client()
    c.ok("new", position=position_text(guide), human_seats=guide.get("human_seats", [0]))
    return c


def kind(step: dict[str, Any]) -> str:
    if "do" in step:
        return "human"
    if "computer" in step:
        return "computer"
    return "end" if step.get("end") else "say"


VARIANT_IDS = sorted(VARIANTS)
PRESENT = sorted(p.stem for p in GUIDES.glob("*.json"))


def test_every_variant_has_a_guide() -> None:
    """Issue #12: 'every game has ... a guided first hand in German and English'."""
    assert PRESENT == VARIANT_IDS


@pytest.mark.parametrize("variant", PRESENT)
def test_guide_shape_and_languages(variant: str) -> None:
    g = load(variant)
    assert set(g) <= GUIDE_KEYS, set(g) - GUIDE_KEYS
    assert g["variant"] == variant
    texts = [g["title"]]
    steps = g["steps"]
    assert 4 <= len(steps) <= 30
    for i, step in enumerate(steps):
        assert set(step) <= STEP_KEYS, (i, set(step) - STEP_KEYS)
        texts.append(step["say"])
        k = kind(step)
        if k == "human":
            assert step["do"] and all(isinstance(d, dict) and isinstance(d.get("type"), str) for d in step["do"]), i
            assert step["moves"], i
            texts.append(step["nudge"])
            for r in step.get("refusals", []):
                assert set(r) <= REFUSAL_KEYS and r["key"], (i, r)
                if "say" in r:
                    texts.append(r["say"])
        elif k == "computer":
            assert step["computer"], i
        assert not (step.get("end") and k != "end"), i
        assert not (step.get("ask") and k != "human"), (i, "only the player's move asks 'what would you do?'")
    assert kind(steps[-1]) == "end", "the guide ends with the end of the hand"
    assert sum(kind(s) == "end" for s in steps) == 1
    assert sum(kind(s) == "human" for s in steps) >= 3, "the player makes the moves"
    assert any(kind(s) == "computer" for s in steps), "the computer's replies are explained"
    for t in texts:
        assert set(t) == set(LANGS), t
        for lang in LANGS:
            assert isinstance(t[lang], str) and len(t[lang].strip()) >= 10, (lang, t)
        assert t["en"] != t["de"], t


@pytest.mark.parametrize("variant", PRESENT)
def test_guide_replays_to_the_end_of_the_hand(variant: str) -> None:
    g = load(variant)
    c = start(g)
    human = set(g.get("human_seats", [0]))
    for i, step in enumerate(g["steps"]):
        table = c.ok("table")
        k = kind(step)
        where = f"{variant} step {i + 1}"
        if k == "say":
            continue
        if k == "end":
            assert table["hand_over"], f"{where}: the guide ends but the hand does not"
            assert table["to_act"] is None
            if "totals" in step:
                result = table["view"]["results"][-1]
                got = [r["total"] for r in result.get("sides", result.get("seats", []))]
                assert got == step["totals"], (where, got)
            continue
        assert not table["hand_over"], f"{where}: the hand ended early"
        if k == "computer":
            assert not table["to_act_is_human"], f"{where}: the person is to act, not the computer"
            played = []
            while not table["hand_over"] and not table["to_act_is_human"]:
                move = c.ok("bot")["move"]
                assert move["seat"] not in human
                played.append(move["text"])
                table = c.ok("table")
                assert len(played) <= 50
            assert played == step["computer"], f"{where}: the computer played {played}"
            continue
        # the person's step
        assert table["to_act_is_human"], f"{where}: the computer is to act"
        saved = c.ok("save")
        before = c.history()
        for r in step.get("refusals", []):
            answer = c.call("act", action=r["do"])
            assert not answer["ok"], f"{where}: {r['do']!r} was accepted"
            assert answer["error"].get("key") == r["key"], (where, r["do"], answer["error"])
            assert set(answer["error"]["texts"]) == set(LANGS)
            assert c.ok("save") == saved, f"{where}: a refused move changed the game"
        for alt in step["do"]:
            c.ok("load", state=saved["state"], human_seats=saved["human_seats"])
            c.ok("act", action=alt)
            assert c.history()[len(before):] == step["moves"], (where, alt, c.history()[len(before):])
    assert c.ok("table")["hand_over"]


@pytest.mark.parametrize("variant", PRESENT)
def test_each_guide_asks_what_the_player_would_do_and_its_hint_is_the_steps_move(variant: str) -> None:
    """Issue #27: the guided hands ask "what would you do?" and offer a hint there. Every guide
    has such a step (``ask``: a question in both languages that names the Hint button); the
    engine's hint at that step (the `hint` op the page sends, the strong player from the seat's
    information only) is the step's move, at short and at the page's time budget."""
    g = load(variant)
    c = start(g)
    asked = 0
    for i, step in enumerate(g["steps"]):
        k = kind(step)
        if k == "computer":
            while not c.ok("table")["to_act_is_human"] and not c.ok("table")["hand_over"]:
                c.ok("bot")
        if k != "human":
            continue
        if step.get("ask"):
            asked += 1
            assert "?" in step["say"]["en"] and "?" in step["say"]["de"], i
            assert "“Hint”" in step["say"]["en"] and "„Tipp“" in step["say"]["de"], i
            assert len(step["moves"]) == 1, (i, "a hint names one move")
            for budget in (30, 200):
                h = c.ok("hint", budget_ms=budget)["hint"]
                assert h["move"] == step["moves"][0], (variant, i + 1, budget, h["move"])
                assert h["texts"]["en"] and h["texts"]["de"]
        c.ok("act", action=step["do"][0])
    assert asked >= 1


@pytest.mark.parametrize("variant", PRESENT)
def test_each_guide_shows_a_refusal(variant: str) -> None:
    """At least one step of every guide checks a wrong move and the engine's reason for it (issue:
    'a wrong move gets the engine's reason and a nudge'); the replay test plays each of them."""
    g = load(variant)
    assert any(s.get("refusals") for s in g["steps"])
