"""The stall hunt (issue #25, "Games that get stuck"): games of every variant at every player count
with random valid rule options, played on by a mix of random and computer moves, every position
saved, reloaded and played on from the reloaded game. Nothing may get stuck: while a hand goes on
the seat to act always has a legal move, every save loads again (also through the JSON protocol,
``save`` then ``load``), and ``bot`` never answers ``internal``.

Bounded to about a minute on CPython (about 30 s of CPU here): :data:`GAMES` games per variant and player count, at most
:data:`MOVES` moves each. A failure names the variant, players, seed and options, so the stall can
be replayed; run with ``STALL_HUNT_GAMES=20`` for a longer hunt.
"""
from __future__ import annotations

import json
import os
import random

import pytest

import meldtable
from meldtable import Game, api
from meldtable.bot import choose_move
from sim_harness import random_options

GAMES = int(os.environ.get("STALL_HUNT_GAMES", "6"))
"""Games per variant and player count."""
MOVES = 500
"""Most moves of one game (a deal ends long before in nearly every game; the hunt moves on)."""
API_EVERY = 97
"""Every so many moves the save goes through the JSON protocol (``save``, ``load``, ``bot``)."""

CASES = [(v.id, p) for v in meldtable.VARIANTS.values() for p in v.players]


def hunt(variant: str, players: int, seed: int) -> str | None:
    """Play one game; ``None`` if nothing got stuck, else what happened (with the game's text)."""
    rng = random.Random(f"stall {variant} {players} {seed}")
    options = random_options(variant, players, rng)
    g = meldtable.new_game(variant, players=players, seed=seed, options=options)
    where = f"{variant} players={players} seed={seed} options={json.dumps(options)}"
    for n in range(MOVES):
        if g.match_over:
            return None
        if g.hand_over:
            g.next_hand()
            continue
        legal = g.legal_moves()
        if not legal:
            return f"{where}: seat {g.current_player} has no legal move after {n} moves: {g.to_json()[:3000]}"
        move = rng.choice(legal) if rng.random() < 0.5 else choose_move(g)
        g.play(move)
        text = g.to_json()
        try:
            g = Game.from_json(text)  # every save reloads, and play goes on from the reloaded game
        except meldtable.StateError as e:
            return f"{where}: the save after {n + 1} moves ({move}) does not load: {e}"
        if n % API_EVERY == 0:
            problem = through_api(g)
            if problem:
                return f"{where}, after {n + 1} moves: {problem}"
    return None


def through_api(g: Game) -> str | None:
    """The game's ``save`` answer loads again, and a computer move on it is never ``internal``."""
    s = api.Session()
    s.game, s.human_seats = g, []
    saved = json.loads(api.handle(json.dumps({"id": 1, "op": "save"}), s))
    if not saved["ok"]:
        return f"save refused: {saved['error']}"
    back = json.loads(api.handle(json.dumps({"id": 2, "op": "load", **saved["result"], "human_seats": [0]}), api.Session()))
    if not back["ok"]:
        return f"the save answer does not load: {back['error']['message']}"
    if not g.hand_over:
        s.game = g.copy()
        s.human_seats = [x for x in range(g.players) if x != g.current_player]  # the seat to act is the computer
        bot = json.loads(api.handle(json.dumps({"id": 3, "op": "bot"}), s))
        if not bot["ok"] and bot["error"]["code"] == "internal":
            return f"bot answered internal: {bot['error']['message']}"
    return None


@pytest.mark.parametrize("variant, players", CASES)
def test_no_game_gets_stuck(variant: str, players: int) -> None:
    """Issue #25: "No reachable or loadable game without a legal move ... A stall hunt joins the
    tests: games with random valid options for every variant and player count played to the end,
    every save reloaded and played on"."""
    problems = [p for seed in range(GAMES) if (p := hunt(variant, players, seed))]
    assert not problems, "\n".join(problems)
