"""The seatings `hello` lists per variant and player count (issue #29 item 7, docs/protocol.md
"hello"): each listed seating is accepted by `new`, each other one refused.

The expected table is written from the rule texts and the option's documentation, not read
from the code:
- seed 000 (Canasta for two): two players, each for themselves;
- seed 001 (Classic): 'Bei zwei oder drei Spielern spielt jeder gegen jeden'; 'Bei vier Spielern
  werden zwei Parteien gebildet' (the option also lets four play each for themselves: 4 x 11
  cards from two decks leave a stock); 'Bei fünf Spielern setzt jeweils einer aus' (two sides;
  five for themselves would need 5 x 11 cards twice over, more than two decks hold); 'Zu sechst
  spielen entweder zwei oder drei Parteien gegeneinander' (not each for themselves);
- seed 004 (Kanaster) names no sides: each for themselves at every count, two sides where the
  option seats them (4 and 5: one seat of the larger side sits out at 5);
- 'two_sides' needs 4 to 6 players, 'three_sides' exactly 6 (option doc of `partnerships`);
- 3 ist 50 and Continental have no partnership option: nothing to choose.
"""

from __future__ import annotations

import json
from typing import Any, cast

import pytest

from meldtable import VARIANTS
from meldtable.api import handle

EXPECTED = {
    "canasta-two-hand": {2: (["none"], "none")},
    "canasta-classic": {2: (["none"], "none"), 3: (["none"], "none"), 4: (["none", "two_sides"], "two_sides"),
                        5: (["two_sides"], "two_sides"), 6: (["two_sides", "three_sides"], "two_sides")},
    "kanaster": {2: (["none"], "none"), 3: (["none"], "none"), 4: (["none", "two_sides"], "two_sides"),
                 5: (["none", "two_sides"], "none")},
}
ALL = ("none", "two_sides", "three_sides")


def _hello() -> dict[str, Any]:
    return cast("dict[str, Any]", json.loads(handle(json.dumps({"id": 1, "op": "hello"})))["result"])


def _new(variant: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(handle(json.dumps({"id": 2, "op": "new", "variant": variant, "players": players,
                                         "seed": 7, "options": options})))
    return answer


def test_hello_lists_the_seatings_of_the_rule_texts() -> None:
    got = {v["id"]: {r["players"]: (r["choices"], r["default"]) for r in v["seatings"]} for v in _hello()["variants"]}
    for vid, table in EXPECTED.items():
        assert got[vid] == table, vid
    for vid in ("3-ist-50", "continental"):
        assert set(got[vid]) == set(VARIANTS[vid].players)
        assert all(c == [] and d is None for c, d in got[vid].values()), vid


@pytest.mark.parametrize("vid", sorted(EXPECTED))
def test_listed_seatings_start_and_others_are_refused(vid: str) -> None:
    for players, (choices, default) in EXPECTED[vid].items():
        for value in ALL:
            answer = _new(vid, players, {"partnerships": value})
            if value in choices:
                assert "result" in answer, (vid, players, value, answer)
            else:
                assert answer["error"]["code"] == "bad_option", (vid, players, value, answer)
        plain = _new(vid, players, {})
        assert "result" in plain, (vid, players)
        sides = plain["result"]["view"].get("sides")
        assert sides is None or len(sides) == {"none": players, "two_sides": 2, "three_sides": 3}[default], (vid, players, sides)
