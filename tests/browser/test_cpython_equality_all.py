"""For every variant (and two player counts where it allows several), a seeded game played in the
page through the worker (engine in Pyodide) ends in exactly the same saved game as the same game
on CPython.

CPython plays first: seat 0 (the person in the page) chooses uniformly at random among its legal
moves with a seeded generator, the other seats are the computer player. In the page, seat 0's
moves are sent as ``act`` requests and the others are played by the worker's own computer player
(``bot``), whose every move must equal CPython's. After the first hand (or a move limit) the
page also deals the next hand with ``play`` (all CPython moves at once). The final ``export`` must
equal CPython's ``to_json()``, character for character. One page (one engine boot) per variant.
"""
from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING

import pytest

import meldtable
from meldtable.bot import choose_move

if TYPE_CHECKING:

    from conftest import WatchedPage

BLANK = "__tests__/blank.html"
MOVES_PER_HAND = 160  # keeps each game quick in the browser
SECOND_HAND = 40  # moves of the next hand sent in one `play` request


def player_counts(variant: str) -> list[int]:
    p = meldtable.VARIANTS[variant].players
    return sorted({p[0], p[-1]})


def cpython_game(variant: str, players: int, seed: int) -> tuple[list[str], list[str], str]:
    """(moves of hand 1, moves of hand 2 sent with `play`, final saved game)."""
    g = meldtable.new_game(variant, players=players, seed=seed)
    rng = random.Random(seed)
    first: list[str] = []
    while not g.hand_over and len(first) < MOVES_PER_HAND:
        m = rng.choice(g.legal_moves()) if g.current_player == 0 else choose_move(g)
        g.play(m)
        first.append(str(m))
    second: list[str] = []
    if g.hand_over and not g.match_over:
        g.next_hand()
        second.append("next_hand")
        while not g.hand_over and len(second) <= SECOND_HAND:
            m = rng.choice(g.legal_moves()) if g.current_player == 0 else choose_move(g)
            g.play(m)
            second.append(str(m))
    return first, second, g.to_json()


DRIVE = """async ({ games }) => {
  const { startEngine } = await import("/engine-client.js");
  const engine = await startEngine(() => {});
  const out = [];
  for (const { variant, players, seed, moves, second } of games) {
    let table = await engine.request("new", { variant, players, seed, human_seats: [0] });
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
    if (second.length) await engine.request("play", { moves: second });
    const exported = await engine.request("export");
    out.push({ variant, players, played, state: exported.state, start: engine.start });
  }
  engine.terminate();
  return out;
}"""


@pytest.mark.parametrize("variant", sorted(meldtable.VARIANTS))
def test_seeded_games_in_the_page_equal_cpython(page: WatchedPage, site_url: str, variant: str) -> None:
    games, expected = [], {}
    for players in player_counts(variant):
        seed = 20261122 + players
        first, second, final = cpython_game(variant, players, seed)
        games.append({"variant": variant, "players": players, "seed": seed, "moves": first, "second": second})
        expected[players] = (first, final)
    page.goto(site_url + BLANK)
    results = page.evaluate(DRIVE, {"games": games})
    for r in results:
        first, final = expected[r["players"]]
        assert r["played"] == first, f"{variant} {r['players']}p: the worker's computer moves differ"
        assert json.loads(r["state"]) == json.loads(final), f"{variant} {r['players']}p: final state differs"
        assert r["state"] == final
    assert page.console_errors == []
