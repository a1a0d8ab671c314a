"""The JSON boundary ``meldtable.api.handle(text, session)`` (docs/protocol.md): every op works, and
every bad request gives ``{"ok": false, "error": {"code", "message"}}`` with a documented code and
leaves the session's game unchanged (compared by ``export`` before and after)."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, cast

import pytest

import meldtable
from meldtable import api
from positions import position_json

V = "canasta-two-hand"
CODES = {"bad_request", "illegal_move", "not_your_turn", "no_game", "bad_state", "bad_option", "internal"}


class Client:
    """A fresh ``api.Session`` driven through ``api.handle`` with JSON text only."""

    def __init__(self) -> None:
        self.session = api.Session()
        self.next_id = 0

    def raw(self, text: str) -> dict[str, Any]:
        out = api.handle(text, self.session)
        assert isinstance(out, str)
        return cast("dict[str, Any]", json.loads(out))

    def call(self, op: str, **fields: object) -> dict[str, Any]:
        self.next_id += 1
        req = {"id": self.next_id, "op": op, **fields}
        resp = self.raw(json.dumps(req))
        assert resp["id"] == self.next_id
        return resp

    def ok(self, op: str, **fields: object) -> dict[str, Any]:
        resp = self.call(op, **fields)
        assert resp["ok"] is True, resp
        return cast("dict[str, Any]", resp["result"])

    def export(self) -> str | None:
        resp = self.call("export")
        return resp["result"]["state"] if resp["ok"] else None

    def save(self) -> dict[str, Any] | None:
        resp = self.call("save")
        return resp["result"] if resp["ok"] else None

    def assert_fails(self, op: str | None, code: str, raw: str | None = None, **fields: object) -> dict[str, Any]:
        """Send a bad request; check the error shape and code and that nothing changed."""
        before = self.save()
        if raw is not None:
            resp = self.raw(raw)
        else:
            assert op is not None
            resp = self.call(op, **fields)
        assert resp["ok"] is False, resp
        assert set(resp) == {"id", "ok", "error"}
        err = resp["error"]
        assert err["code"] in CODES and err["code"] == code, err
        assert isinstance(err["message"], str) and len(err["message"]) > 5
        assert "Traceback" not in err["message"]
        assert self.save() == before, "a failed request changed the session"
        return cast("dict[str, Any]", err)


def new_client(seed: int = 3, **fields: object) -> tuple[Client, dict[str, Any]]:
    c = Client()
    t = c.ok("new", variant=V, players=2, seed=seed, **fields)
    return c, t


# ---------------------------------------------------------------------------- ops that work


def test_hello_lists_the_variant_and_its_options() -> None:
    c = Client()
    r = c.ok("hello")
    assert r["version"] == meldtable.__version__
    ids = [v["id"] for v in r["variants"]]
    assert V in ids
    v = next(v for v in r["variants"] if v["id"] == V)
    assert v["players"] == [2]
    opts = {o["name"]: o for o in v["options"]}
    assert opts["match_end"]["default"] == "target" and set(opts["match_end"]["choices"]) == {"target", "deals"}
    assert opts["max_wilds_per_meld"]["default"] == 3
    assert opts["going_out_discard"]["choices"] == ["optional", "required"]
    assert opts["initial_meld_table"]["default"] == [[0, 50], [1500, 90], [3000, 120]]
    assert all(o["source"] and o["doc"] for o in v["options"])


def test_hello_names_the_usual_player_count_with_its_source() -> None:
    """The count a new game starts with is the engine's (issue #29 item 7: every game opened at 2,
    also the partnership games); the page does not decide it. Classic Canasta: seed 001 »Bei vier
    Spielern werden zwei Parteien gebildet. Die Partner sitzen sich jeweils gegenüber.«"""
    r = Client().ok("hello")
    usual = {v["id"]: v["usual_players"] for v in r["variants"]}
    assert usual == {"canasta-two-hand": 2, "canasta-classic": 4, "kanaster": 4, "3-ist-50": 4, "continental": 4}
    for v in r["variants"]:
        assert v["usual_players"] in v["players"]
        assert v["usual_players_source"] or v["players"] == [2], v["id"]


def test_new_and_table() -> None:
    c, t = new_client(seed=3)
    assert t["seat"] == 0 and t["human_seats"] == [0]
    assert t["to_act"] == 0 and t["to_act_is_human"] is True
    assert t["hand_over"] is False and t["match_over"] is False
    assert t["view"]["variant"] == V and len(t["view"]["hand"]) == 15
    assert isinstance(t["view"]["stock"], int)
    assert {m["text"] for m in t["legal"]} >= {"draw"}
    for m in t["legal"]:
        assert set(m) >= {"text", "kind", "cards", "rank"}
    assert c.ok("table") == t
    g = meldtable.new_game(V, players=2, seed=3)
    assert t["view"] == g.view(0)
    assert [m["text"] for m in t["legal"]] == [str(m) for m in g.legal_moves()]


def test_new_with_options_and_seats() -> None:
    c, t = new_client(seed=5, options={"match_end": "deals", "deals": 2}, human_seats=[1])
    assert t["human_seats"] == [1]
    assert t["view"]["match"]["end"] == "deals" and t["view"]["match"]["deals"] == 2
    assert t["to_act"] == 0 and t["to_act_is_human"] is False and t["legal"] == []
    assert t["seat"] == 1 and t["view"]["seat"] == 1


def test_act_draw_discard_then_bot_plays() -> None:
    c, t = new_client(seed=3)
    t = c.ok("act", action={"type": "draw"})
    assert t["view"]["phase"] == "play" and len(t["view"]["hand"]) == 17
    card = next(m["cards"][0] for m in t["legal"] if m["kind"] == "discard")
    t = c.ok("act", action={"type": "discard", "card": card})
    assert t["to_act"] == 1 and t["to_act_is_human"] is False and t["legal"] == []
    assert t["view"]["discard"]["top"] == card
    # the human may not act now, the computer may
    c.assert_fails("act", "not_your_turn", action={"type": "draw"})
    moves = 0
    while True:
        r = c.ok("bot")
        assert r["move"]["seat"] == 1 and isinstance(r["move"]["text"], str) and r["move"]["label"]
        moves += 1
        if r["table"]["to_act"] != 1:
            break
    assert moves >= 2 and r["table"]["to_act"] == 0 and r["table"]["to_act_is_human"] is True
    c.assert_fails("bot", "not_your_turn")


def test_act_move_text_and_add_and_meld_actions() -> None:
    c = Client()
    state = position_json(
        hands=[["QH", "QS", "QD", "QC", "JK", "KC", "KD", "KH", "5C", "9D"], ["4C", "4D"]],
        melds=[[["AC", "AD", "AH"]], []],
        turn={"stage": "play"},
    )
    t = c.ok("load", state=state)
    assert t["view"]["phase"] == "play"
    t = c.ok("act", action={"type": "meld", "cards": ["QH", "QS", "QD", "QC"]})
    q = next(m for m in t["view"]["sides"][0]["melds"] if m["rank"] == "Q")
    assert sorted(q["cards"]) == ["QC", "QD", "QH", "QS"]
    t = c.ok("act", action={"type": "add", "rank": "Q", "cards": ["JK"]})
    q = next(m for m in t["view"]["sides"][0]["melds"] if m["rank"] == "Q")
    assert q["wilds"] == 1 and len(q["cards"]) == 5
    t = c.ok("act", action={"type": "move", "text": "meld KC KD KH"})
    assert len(t["view"]["sides"][0]["melds"]) == 3
    assert sorted(t["view"]["hand"]) == ["5C", "9D"]
    # an illegal meld action is refused all or nothing
    c.assert_fails("act", "illegal_move", action={"type": "meld", "cards": ["5C", "9D", "JK"]})
    c.assert_fails("act", "illegal_move", action={"type": "add", "rank": "Q", "cards": ["5C"]})


def test_act_take_action() -> None:
    c = Client()
    state = position_json(hands=[["QH", "QS", "5C", "6D", "7H", "9C"], ["4C", "4D"]],
                          pile=["7C", "QC", "8D", "QD"], melds=[[["KC", "KD", "KH"]], []])
    c.ok("load", state=state)
    c.assert_fails("act", "illegal_move", action={"type": "take", "cards": ["QH"]})
    c.assert_fails("act", "illegal_move", action={"type": "take", "cards": []})
    t = c.ok("act", action={"type": "take", "cards": ["QH", "QS"]})
    assert t["view"]["discard"]["size"] == 0
    assert "QC" in t["view"]["hand"] and "add Q QC" in {m["text"] for m in t["legal"]}


def test_play_applies_all_or_nothing() -> None:
    c, _ = new_client(seed=3)
    g = meldtable.new_game(V, players=2, seed=3)
    g.play("draw")
    d = str(next(m for m in g.legal_moves() if m.kind == "discard"))
    before = c.export()
    c.assert_fails("play", "bad_request", moves=["draw", d, "draw", "discard QX"])  # malformed card text
    c.assert_fails("play", "illegal_move", moves=["draw", d, "discard " + d.split()[1]])
    c.assert_fails("play", "illegal_move", moves=["draw", "draw"])
    assert c.export() == before
    t = c.ok("play", moves=["draw", d])
    assert t["to_act"] == 1
    g.play(d)
    assert c.export() == g.to_json()
    c.assert_fails("play", "bad_request", moves="draw")
    c.assert_fails("play", "bad_request", moves=["draw", 3])


def test_next_hand_save_load_export() -> None:
    c = Client()
    # seat 0 goes out with its last card
    state = position_json(
        hands=[["QS"], ["4C", "4D"]],
        melds=[[["KC", "KC", "KD", "KD", "KH", "KH", "KS"], ["QC", "QC", "QD", "QD", "QH", "QH"]], []],
        turn={"stage": "play"},
    )
    c.ok("load", state=state)
    c.assert_fails("next_hand", "illegal_move")
    t = c.ok("act", action={"type": "move", "text": "add Q QS"})
    assert t["hand_over"] is True and t["to_act"] is None and t["legal"] == []
    assert t["view"]["phase"] == "hand_over"
    c.assert_fails("act", "illegal_move", action={"type": "draw"})
    c.assert_fails("bot", "illegal_move")
    saved = c.save()
    assert saved is not None and saved["human_seats"] == [0]
    t = c.ok("next_hand")
    assert t["view"]["hand_number"] == 2 and len(t["view"]["hand"]) == 15
    assert t["view"]["scores"] == [s["cumulative"] for s in t["view"]["results"][0]["sides"]]
    # load the saved (hand over) game into a fresh session, with other human seats
    c2 = Client()
    t2 = c2.ok("load", state=saved["state"], human_seats=[1])
    assert t2["human_seats"] == [1] and t2["hand_over"] is True
    assert c2.export() == saved["state"]
    exp = c2.ok("export")
    assert exp["state"] == saved["state"]


def test_match_over_refuses_next_hand() -> None:
    c = Client()
    state = position_json(
        hands=[["QS"], ["4C", "4D"]],
        melds=[[["KC", "KC", "KD", "KD", "KH", "KH", "KS"], ["QC", "QC", "QD", "QD", "QH", "QH"]], []],
        turn={"stage": "play"}, options={"match_end": "deals", "deals": 1},
    )
    c.ok("load", state=state)
    t = c.ok("act", action={"type": "move", "text": "add Q QS"})
    assert t["match_over"] is True and t["view"]["phase"] == "match_over"
    c.assert_fails("next_hand", "illegal_move")
    c.assert_fails("act", "illegal_move", action={"type": "draw"})


# ---------------------------------------------------------------------------- bad requests


@pytest.mark.parametrize("raw", ["{", "", "nope", "[1, 2]", '"text"', "null", "42", '{"op": "hello"', "\x00"])
def test_malformed_json(raw: str) -> None:
    c, _ = new_client()
    c.assert_fails(None, "bad_request", raw=raw)


def test_handle_never_raises_on_non_text() -> None:
    s = api.Session()
    for bad in (None, 42, b'{"op": "hello"}', ["op"], {"op": "hello"}):
        resp = json.loads(api.handle(bad, s))  # type: ignore[arg-type]
        assert resp["ok"] is False and resp["error"]["code"] == "bad_request"


def test_oversized_request() -> None:
    c, _ = new_client()
    c.assert_fails(None, "bad_request", raw=json.dumps({"op": "table", "pad": "x" * 1_100_000}))


@pytest.mark.parametrize("op", ["fly", "", "__init__", "_game", "table ", 5, None, ["new"]])
def test_unknown_op(op: str) -> None:
    c, _ = new_client()
    raw = json.dumps({"id": 1, "op": op}) if op is not None else json.dumps({"id": 1})
    err = c.assert_fails(None, "bad_request", raw=raw)
    assert "op" in err["message"].lower()


def test_id_is_echoed_even_on_errors() -> None:
    c = Client()
    assert c.raw(json.dumps({"id": "abc", "op": "hello"}))["id"] == "abc"
    assert c.raw(json.dumps({"id": 9, "op": "fly"}))["id"] == 9
    assert c.raw(json.dumps({"id": 10, "op": "table"}))["id"] == 10


@pytest.mark.parametrize(
    "fields",
    [
        {"variant": V, "players": 2, "seed": "7"},
        {"variant": V, "players": True, "seed": 7},
        {"variant": V, "players": 2.0, "seed": 7},
        {"variant": 5, "players": 2, "seed": 7},
        {"players": 2, "seed": 7},
        {"variant": V, "seed": 7},
        {"variant": V, "players": 2},
        {"variant": V, "players": 2, "seed": 7, "options": []},
        {"variant": V, "players": 2, "seed": 7, "options": "x"},
        {"variant": V, "players": 2, "seed": 7, "human_seats": [2]},
        {"variant": V, "players": 2, "seed": 7, "human_seats": []},
        {"variant": V, "players": 2, "seed": 7, "human_seats": 0},
        {"variant": V, "players": 2, "seed": 7, "human_seats": [True]},
    ],
)
def test_new_with_wrong_field_types(fields: dict[str, Any]) -> None:
    c, _ = new_client()
    c.assert_fails("new", "bad_request", **fields)


@pytest.mark.parametrize(
    "fields",
    [
        {"variant": "chess", "players": 2, "seed": 7},
        {"variant": V, "players": 3, "seed": 7},
        {"variant": V, "players": 2, "seed": 7, "options": {"nope": 1}},
        {"variant": V, "players": 2, "seed": 7, "options": {"max_wilds_per_meld": "3"}},
        {"variant": V, "players": 2, "seed": 7, "options": {"match_end": "never"}},
    ],
)
def test_new_with_bad_variant_or_option(fields: dict[str, Any]) -> None:
    c, _ = new_client()
    c.assert_fails("new", "bad_option", **fields)


def test_no_game_yet() -> None:
    c = Client()
    for op in ("table", "act", "bot", "next_hand", "save", "export", "play"):
        err = c.assert_fails(op, "no_game", action={"type": "draw"}, moves=["draw"])
        assert "game" in err["message"].lower()


@pytest.mark.parametrize(
    "action,code",
    [
        ("draw", "bad_request"),
        ({"type": "fly"}, "bad_request"),
        ({"type": "discard"}, "bad_request"),
        ({"type": "discard", "card": 5}, "bad_request"),
        ({"type": "discard", "card": "QX"}, "bad_request"),
        ({"type": "move"}, "bad_request"),
        ({"type": "move", "text": "dance"}, "bad_request"),
        ({"type": "move", "text": "meld QH"}, "bad_request"),
        ({"type": "meld", "cards": "QH QS JK"}, "bad_request"),
        ({"type": "meld", "cards": ["QH", 1, "JK"]}, "bad_request"),
        ({"type": "add", "rank": "Z", "cards": ["QH"]}, "bad_request"),
        ({"type": "discard", "card": "4C"}, "illegal_move"),  # in the draw stage
        ({"type": "move", "text": "meld 4C 4D 4H"}, "illegal_move"),
        ({"type": "take", "cards": ["QH", "QS"]}, "illegal_move"),
        ({"type": "take", "cards": ["QH", "QS", "QD"]}, "illegal_move"),
    ],
)
def test_bad_and_illegal_actions(action: dict[str, Any], code: str) -> None:
    c, _ = new_client(seed=3)
    err = c.assert_fails("act", code, action=action)
    if code == "illegal_move":
        assert err["message"][0].isupper()


def test_illegal_action_message_in_players_words() -> None:
    c, _ = new_client(seed=3)
    err = c.assert_fails("act", "illegal_move", action={"type": "discard", "card": c.ok("table")["view"]["hand"][0]})
    assert "draw" in err["message"].lower()
    assert err.get("key") == "draw_first"


def _damaged_states() -> dict[str, str]:
    good = meldtable.new_game(V, players=2, seed=11)
    good.play("draw")
    text = good.to_json()
    out = {"truncated": text[: len(text) // 2], "empty": "", "not_json": "meldtable!", "list": "[]"}

    def variant(name: str, fn: Callable[[dict[str, Any]], None]) -> None:
        dd = json.loads(text)
        fn(dd)
        out[name] = json.dumps(dd)

    def dup(dd: dict[str, Any]) -> None:  # a stock card replaced by a copy of a hand card: that card now 3 times
        st = dd["state"]
        c = st["hands"][0][0]
        st["stock"][0] = c
        st["stock"][1] = c

    variant("cards_duplicated", dup)
    variant("card_missing", lambda dd: dd["state"]["stock"].pop())
    variant("bad_card_text", lambda dd: dd["state"]["hands"][1].__setitem__(0, "QX"))
    variant("hand_number_text", lambda dd: dd["state"].__setitem__("hand_number", "1"))
    variant("scores_wrong_type", lambda dd: dd["state"].__setitem__("scores", "0,0"))
    variant("hands_not_list", lambda dd: dd["state"].__setitem__("hands", {"0": []}))
    variant("turn_missing", lambda dd: dd["state"].pop("turn"))
    variant("turn_seat_out_of_range", lambda dd: dd["state"]["turn"].__setitem__("seat", 5))
    variant("stage_unknown", lambda dd: dd["state"]["turn"].__setitem__("stage", "dance"))
    variant("state_null", lambda dd: dd.__setitem__("state", None))
    variant("wrong_format", lambda dd: dd.__setitem__("format", "chess"))
    variant("wrong_version", lambda dd: dd.__setitem__("version", 99))
    variant("unknown_variant", lambda dd: dd.__setitem__("variant", "chess"))
    variant("bad_options", lambda dd: dd["options"].__setitem__("max_wilds_per_meld", "x"))
    variant("players_3", lambda dd: dd.__setitem__("players", 3))
    variant("seed_text", lambda dd: dd.__setitem__("seed", "11"))
    variant("history_wrong", lambda dd: dd.__setitem__("history", "draw"))
    variant("red_three_in_hand", lambda dd: _swap_red_three_into_hand(dd))
    variant("meld_invalid", lambda dd: _bad_meld(dd))
    variant("melds_as_text", lambda dd: dd["state"].__setitem__("melds", "none"))
    return out


def _swap_red_three_into_hand(dd: dict[str, Any]) -> None:
    st = dd["state"]
    i = next(i for i, c in enumerate(st["stock"]) if c in ("3D", "3H"))
    st["stock"][i], st["hands"][0][0] = st["hands"][0][0], st["stock"][i]


def _bad_meld(dd: dict[str, Any]) -> None:
    st = dd["state"]
    # three different ranks taken from the stock as a "meld" of queens
    cards = [st["stock"].pop(), st["stock"].pop(), st["stock"].pop()]
    st["melds"][0] = [{"rank": "Q", "cards": cards}]


DAMAGED = _damaged_states()


@pytest.mark.parametrize("name", sorted(DAMAGED))
def test_damaged_saved_game(name: str) -> None:
    c, _ = new_client(seed=3)
    c.ok("act", action={"type": "draw"})
    err = c.assert_fails("load", "bad_state", state=DAMAGED[name])
    assert "Traceback" not in err["message"]


def test_damaged_saved_game_direct_api_raises_state_error() -> None:
    for text in DAMAGED.values():
        with pytest.raises(meldtable.StateError):
            meldtable.Game.from_json(text)


@pytest.mark.parametrize("state", [5, None, ["x"], {"format": "meldtable-game"}])
def test_load_with_wrong_field_type(state: object) -> None:
    c, _ = new_client()
    c.assert_fails("load", "bad_request", state=state)


def test_load_with_bad_human_seats_keeps_session() -> None:
    c, _ = new_client(seed=3)
    good = meldtable.new_game(V, players=2, seed=8).to_json()
    c.assert_fails("load", "bad_request", state=good, human_seats=[7])


def _stuck_candidates() -> dict[str, str]:
    hand = ["4C", "4C", "4D", "4D", "4H", "4H", "4S", "5C", "5C", "5D", "5D", "5H", "5H", "5S", "9C"]
    return {
        # a play-stage turn "after taking the pile" although the side has no meld (a take always makes one)
        "took_pile_without_meld": position_json(
            hands=[hand, ["KC", "8D"]], scores=[3000, 0],
            turn={"stage": "play", "took_pile": True, "from_stock": False}),
        # a meld made this turn from countable cards, yet no point counted for it
        "meld_without_points": position_json(
            hands=[["QH", "5C", "6D"], ["KC", "8D"]], melds=[[["AC", "AD", "AH"]], []], melded=[False, False],
            turn={"stage": "play"}),
    }


@pytest.mark.parametrize("name", sorted(_stuck_candidates()))
def test_loader_never_accepts_a_stuck_game(name: str) -> None:
    """Game.from_json "raises StateError ... for malformed, inconsistent ... data": a saved game it
    accepts must be playable - while the hand runs, the seat to act has a legal move."""
    text = _stuck_candidates()[name]
    try:
        g = meldtable.Game.from_json(text)
    except meldtable.StateError:
        return
    assert g.hand_over or g.legal_moves(), f"{name}: loaded, but the seat to act has no legal move"


def test_a_brief_hello_leaves_out_only_the_documentation() -> None:
    """The page's hello (brief: its start and dist/hello.json) is the full one without the texts a
    page does not show: options' and layout rows' sources, docs and research rows."""
    c = Client()
    full, brief = c.ok("hello"), c.ok("hello", brief=True)
    assert brief["version"] == full["version"] and brief["levels"] == full["levels"]
    assert len(json.dumps(brief)) * 2 < len(json.dumps(full))

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in ("doc", "source", "row", "usual_players_source")}
        return [strip(v) for v in value] if isinstance(value, list) else value

    assert brief["variants"] == strip(full["variants"])
    assert "shown_when" in json.dumps(brief) and "seatings" in brief["variants"][0]
    assert c.call("hello", brief="yes")["error"]["code"] == "bad_request"
