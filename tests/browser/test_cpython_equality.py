"""A seeded game played in the page (engine in Pyodide, in the worker) ends in exactly the same
state as the same game on CPython: same deal (the engine's own shuffle), same rules, same bot.

In CPython the computer player plays both seats. In the page, seat 0's moves are sent as the
person's actions (the CPython moves) and seat 1 is played by the worker's own computer player,
whose every move must equal CPython's; the final saved game must be identical, character for
character.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest
from test_cpython_equality_all import DRIVE  # plays a list of seeded games in the page

import meldtable
from meldtable.bot import choose_move

if TYPE_CHECKING:

    from conftest import WatchedPage

BLANK = "__tests__/blank.html"

def cpython_game(seed: int) -> tuple[list[str], str]:
    g = meldtable.new_game("canasta-two-hand", players=2, seed=seed)
    moves = []
    while not g.hand_over:
        m = choose_move(g)
        g.play(m)
        moves.append(str(m))
    return moves, g.to_json()


@pytest.mark.parametrize("seed", [3, 20261122])
def test_seeded_game_in_the_page_equals_cpython(page: WatchedPage, site_url: str, seed: int) -> None:
    moves, final = cpython_game(seed)
    assert meldtable.Game.from_json(final).hand_over  # CPython played the whole hand
    page.goto(site_url + BLANK)
    [result] = page.evaluate(DRIVE, {"games": [{"variant": "canasta-two-hand", "players": 2, "seed": seed,
                                                "moves": moves, "second": []}]})
    assert result["played"] == moves
    assert json.loads(result["state"]) == json.loads(final)
    assert result["state"] == final
    assert page.console_errors == []
