"""Stall hunt for the canasta family (issues #24 and #25, "Games that get stuck").

Every canasta variant at every player count (and both six-player partnerships of Classic) plays
seeded matches with the preset's options and with random valid options
(``sim_harness.random_options``), moved on by random legal moves (melds, adds, takes and the
question "may I go out?" preferred, so that the rare turns are reached). Every position of a hand
in play must offer a legal move; after a partner's "yes" the turn must end by going out (seed 001
»Das Spiel kann beenden, wer mindestens ein vollständiges Canasta und alle Handkarten, bis auf eine
Karte, ... in Sätzen aus- und angelegt hat«, with pagat's binding answer, option
``going_out_permission``); every few moves the game is saved and reloaded (``to_json`` /
``from_json``) and played on from the reloaded copy, and now and then the computer player chooses
the move. Bounded: a fixed number of matches and moves per case (well under a minute in all).
"""
from __future__ import annotations

import random
from typing import Any

import pytest

import meldtable
import sim_harness as H
from meldtable import Game
from meldtable.bot import choose_move

CASES: list[tuple[str, int, dict[str, Any]]] = [("canasta-two-hand", 2, {})]
CASES += [("canasta-classic", p, {}) for p in (2, 3, 4, 5, 6)]
CASES += [("canasta-classic", 6, {"partnerships": "three_sides"})]
CASES += [("kanaster", p, {}) for p in (2, 3, 4, 5)]

MATCHES = 25  # per case: one with the preset's options, the rest with random valid options
MOVES = 500  # per match
PREFERRED = ("meld", "add", "take", "ask", "yes", "bury")


def _hunt(variant: str, players: int, base: dict[str, Any], seed: int) -> int:
    """Play one match of the hunt (assertions inside); return the moves played."""
    rng = random.Random(f"stall hunt {variant} {players} {base} {seed}")
    opts = dict(base)
    if seed:
        opts = {**H.random_options(variant, players, rng), **base}
    try:
        g = meldtable.new_game(variant, players=players, seed=seed, options=opts)
    except meldtable.OptionError:
        g = meldtable.new_game(variant, players=players, seed=seed, options=base)
    where = f"{variant} {players}p seed {seed} options {opts}"
    must_go_out: int | None = None  # the seat a partner answered "yes"
    for n in range(MOVES):
        if g.hand_over:
            if must_go_out is not None:
                assert g.results[-1]["went_out"] == must_go_out, f"{where}: 'yes' but the hand ended otherwise"
                must_go_out = None
            if g.match_over:
                return n
            g.next_hand()
            continue
        legal = g.legal_moves()
        assert legal, f"{where}: no legal move after {n} moves\n{g.to_json()}"
        if n % 17 == 16:
            g = Game.from_json(g.to_json())  # every save reloads, and play goes on from the copy
            assert [str(m) for m in g.legal_moves()] == [str(m) for m in legal], where
        seat = g.current_player
        if n % 23 == 22:
            move = choose_move(g)
        else:
            good = [m for m in legal if str(m).split()[0] in PREFERRED]
            move = rng.choice(good) if good and rng.random() < 0.7 else rng.choice(legal)
        if str(move) == "yes":
            must_go_out = g.state.turn.seat
        elif must_go_out is not None and seat == must_go_out and str(move).startswith("discard"):
            pass  # (the final discard; checked when the hand is over)
        g.play(move)
        if must_go_out is not None and not g.hand_over:
            assert g.current_player == must_go_out, f"{where}: the turn after 'yes' ended without going out"
    return MOVES


@pytest.mark.parametrize("variant,players,base", CASES,
                         ids=[f"{v}-{p}p{'-' + '-'.join(b.values()) if b else ''}" for v, p, b in CASES])
def test_no_canasta_game_gets_stuck(variant: str, players: int, base: dict[str, Any]) -> None:
    """Every position of a hand in play has a legal move, a "yes" is followed by going out, and
    every save reloads and plays on (issue #25)."""
    played = [_hunt(variant, players, base, seed) for seed in range(MATCHES)]
    assert all(played), played  # every match got going (a new game always has a legal move)
