"""A seeded game played in the page (engine in Pyodide, in the worker) ends in exactly the same
state as the same game on CPython: same deal (the engine's own shuffle), same rules, same bot.

In CPython the computer player plays both seats. In the page, seat 0's moves are sent as the
person's actions (the CPython moves) and seat 1 is played by the worker's own computer player,
whose every move must equal CPython's; the final saved game must be identical, character for
character.
"""
from __future__ import annotations

import json

import pytest

import meldtable
from meldtable.bot import choose_move

BLANK = "__tests__/blank.html"

DRIVE = """async ({ seed, moves }) => {
  const { startEngine } = await import("/engine-client.js");
  const engine = await startEngine(() => {});
  let table = await engine.request("new", { variant: "canasta-two-hand", players: 2, seed, human_seats: [0] });
  const played = [];
  let i = 0;
  while (!table.hand_over && i < moves.length) {
    if (table.to_act_is_human) {
      table = await engine.request("act", { action: { type: "move", text: moves[i] } });
      played.push(moves[i]);
    } else {
      const answer = await engine.request("bot");
      played.push(answer.move.text);
      table = answer.table;
    }
    i += 1;
  }
  const exported = await engine.request("export");
  return { played, state: exported.state, handOver: table.hand_over };
}"""


def cpython_game(seed: int) -> tuple[list[str], str]:
    g = meldtable.new_game("canasta-two-hand", players=2, seed=seed)
    moves = []
    while not g.hand_over:
        m = choose_move(g)
        g.play(m)
        moves.append(str(m))
    return moves, g.to_json()


@pytest.mark.parametrize("seed", [3, 20261122])
def test_seeded_game_in_the_page_equals_cpython(page, site_url, seed):
    moves, final = cpython_game(seed)
    page.goto(site_url + BLANK)
    result = page.evaluate(DRIVE, {"seed": seed, "moves": moves})
    assert result["played"] == moves
    assert result["handOver"] is True
    assert json.loads(result["state"]) == json.loads(final)
    assert result["state"] == final
    assert page.console_errors == []
