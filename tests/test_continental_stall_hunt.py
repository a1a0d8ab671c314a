"""Continental games that cannot get stuck and deals that always end (issues #24 item 6, #25).

Seed 002, "Beginn und Verlauf des Spiels": »Man beendet den Zug, indem man eine der Handkarten
abwirft.« By default any hand card may be discarded, also the card just taken from the discard
pile, so a player can take the top discard and throw it straight back. Every deal still ends:
after ``max_takes_in_a_row`` turns in a row that began with a take the next player must draw
from the stock, and the stocks are finite (docs/rules/continental.md, "Every deal ends";
``move_bound(rules)``).

The stall hunt plays games with the defaults and with random valid options at every player count
to their end: every position in play has a legal move, the computer player always answers, and
every save reloads (and the reloaded game plays on).
"""
from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any

import pytest

import meldtable
import sim_harness as H
from meldtable import Game
from meldtable.bot import choose_move
from meldtable.game import family_module
from meldtable.moves import MoveValue

V = "continental"
PLAYERS = meldtable.VARIANTS[V].players
FAM = importlib.import_module(family_module(V).TESTING)  # the family's harness hooks


def _take_and_throw_back(rng: random.Random) -> Callable[[Game], MoveValue]:
    """The player the default allows and a deal must survive: takes the top discard whenever it
    may and throws that very card back whenever it may, else plays at random."""
    def choose(g: Game) -> MoveValue:
        legal = g.legal_moves()
        take = [m for m in legal if m.kind == "take"]
        if take:
            return take[0]
        taken = g.state.turn.taken
        back = [m for m in legal if m.kind == "discard" and m.cards[0] is taken]
        if back:
            return back[0]
        return rng.choice(legal)
    return choose


@pytest.mark.parametrize("players", PLAYERS)
def test_every_deal_ends_under_the_default_with_random_legal_play(players: int) -> None:
    """»Man beendet den Zug, indem man eine der Handkarten abwirft.« With the default (any hand
    card, also the one just taken) uniformly random legal play ends every deal within
    ``move_bound(rules)`` moves, and random players do throw back cards they took."""
    rng = random.Random(f"default {players}")
    g = meldtable.new_game(V, players=players, seed=300 + players)
    assert g.options["forbid_discarding_taken_card"] is False
    bound = FAM.move_bound(g.state.rules)
    thrown_back = 0
    for _ in range(2):
        n = 0
        while not g.hand_over:
            legal = g.legal_moves()
            assert legal, "a position in play without a legal move"
            m = rng.choice(legal)
            taken = g.state.turn.taken
            if m.kind == "discard" and taken is not None and m.cards[0] is taken:
                thrown_back += 1
            g.play(m)
            n += 1
            assert n <= bound
        g.next_hand()
    assert thrown_back > 0


@pytest.mark.parametrize("players", [2, 5, 8])
def test_every_deal_ends_when_players_always_take_and_throw_back(players: int) -> None:
    """The default lets a player take the discard and throw it straight back, which repeats the
    position; option ``max_takes_in_a_row`` (default 20, app policy: keeps every deal finite)
    makes the next player draw after 20 such turns, so the deal still ends within the bound."""
    g = meldtable.new_game(V, players=players, seed=7)
    rules = g.state.rules
    assert rules.max_takes_in_a_row == 20 and not rules.forbid_discarding_taken
    bound = FAM.move_bound(rules)
    player = _take_and_throw_back(random.Random(players))
    n = most = 0
    while not g.hand_over:
        g.play(player(g))
        most = max(most, g.state.takes_in_a_row)
        n += 1
        assert n <= bound
    assert most == 20


def _stall_hunt(players: int, seed: int, options: dict[str, Any], max_moves: int, every: int) -> int:
    """Play one match (random and computer seats) until it ends or ``max_moves``; at every move
    the seat to act has a legal move and the computer player's choice is legal; every ``every``
    moves the save reloads to the same game, and the reloaded game plays on for a few moves.
    Returns the moves played."""
    rng = random.Random(f"hunt {players} {seed}")
    g = meldtable.new_game(V, players=players, seed=seed, options=options)
    bots = {s for s in range(players) if rng.random() < 0.5}
    n = 0
    while n < max_moves and not g.match_over:
        if g.hand_over:
            g.next_hand()
            continue
        legal = g.legal_moves()
        assert legal, (options, g.to_json()[:300])
        m = choose_move(g) if g.current_player in bots else rng.choice(legal)
        assert m in legal
        g.play(m)
        n += 1
        if n % every == 0 or g.hand_over:
            text = g.to_json()
            again = Game.from_json(text)
            assert again.to_json() == text
            for _ in range(3):
                if again.hand_over:
                    break
                again.play(rng.choice(again.legal_moves()))
                assert Game.from_json(again.to_json()).to_json() == again.to_json()
    return n


@pytest.mark.parametrize("players", PLAYERS)
def test_stall_hunt_with_default_and_random_valid_options(players: int) -> None:
    """Issue #25 "no game that can get stuck": with the defaults and with random valid options
    (sim_harness.random_options) at every player count, games played on never reach a position
    without a legal move, and every save reloads and plays on."""
    played = _stall_hunt(players, 1, {}, 900, 37)
    for k in range(3):
        opts = H.random_options(V, players, random.Random(f"options {players} {k}"))
        played += _stall_hunt(players, 10 + k, opts, 500, 29)
    assert played >= 1500


def test_a_computer_player_never_throws_back_what_it_took() -> None:
    """Issue #24: the computer players know the default. A computer seat takes the top discard
    only to keep it: it never discards, in the same turn, the card it took or a copy of it,
    although the rules allow it, and it does take discards (takes that pay) and claim them."""
    takes = claims = could = 0
    for players in (2, 4):
        for seed in range(3):
            g = meldtable.new_game(V, players=players, seed=seed)
            while not g.match_over and g.hand_number <= 2:
                if g.hand_over:
                    g.next_hand()
                    continue
                m = choose_move(g)
                taken = g.state.turn.taken
                if m.kind == "discard":
                    assert taken is None or m.cards[0].text != taken.text, (players, seed, str(m))
                    could += taken is not None and any(
                        x.kind == "discard" and x.cards[0] is taken for x in g.legal_moves())
                takes += m.kind == "take"
                claims += m.kind == "claim"
                g.play(m)
    assert takes > 10 and claims > 0 and could > 0  # throwing back was legal, and not done
