"""One source of legality for 3 ist 50 (issue #14): ``ThreeFiftyState.verify`` / ``_why`` decides
whether a move is legal and why not; ``legal_moves()`` must list exactly the moves it accepts.
Checked on every move of every hand card to every target (middle, centre, discard, own, every
seat's pile and a seat that does not exist) and every discard, in positions of played games under
the option sets that change legality; every refusal has a declared, specific key and both texts.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

import meldtable
from meldtable.bot import choose_move
from meldtable.threefifty import ThreeFiftyMove
from meldtable.threefifty.reasons import REASONS
from meldtable.threefifty.state import ThreeFiftyState


def candidates(state: ThreeFiftyState) -> list[ThreeFiftyMove]:
    seat = state.current_player
    assert seat is not None  # a position in the middle of a hand
    out = []
    cards = sorted(state.hands[seat], key=lambda c: c.text) + [meldtable.cards.Card.parse("KS")]
    for c in cards:
        out.append(ThreeFiftyMove("discard", c))
        for t in ("middle", "centre", "discard", "own"):
            out.append(ThreeFiftyMove("play", c, t))
        for p in range(len(state.piles) + 1):
            out.append(ThreeFiftyMove("play", c, "pile", p))
    return out


GAMES = [
    (3, {}),
    (2, {"capture_sources": "center_or_discard_top", "option4_targets": "others_only"}),
    (4, {"capture_mandatory": False}),
    (5, {"capture_sources": "center_or_discard_top", "capture_mandatory": False, "discard_reveal_next": "never"}),
]


@pytest.mark.parametrize("players,options", GAMES)
def test_legal_moves_are_exactly_what_verify_accepts(players: int, options: dict[str, Any]) -> None:
    rng = random.Random(f"threefifty{players}{sorted(options.items())}")
    checked = refused = 0
    keys = set()
    for seed in range(3):
        g = meldtable.new_game("3-ist-50", players=players, seed=seed, options=options)
        while not g.hand_over:
            st = g.state
            legal = {str(m) for m in st.legal_moves()}
            for m in candidates(st):
                why = st._why(m)
                assert (str(m) in legal) == (why is None), (str(m), why, sorted(legal))
                checked += 1
                if why is not None:
                    refused += 1
                    keys.add(why[0])
                    assert why[0] in REASONS.keys() and why[1], why
                    assert why[1] == REASONS.reason(why[0]).text(why[2], "en")
            g.play(choose_move(g) if rng.random() < 0.7 else rng.choice(g.legal_moves()))
    assert checked > 2000 and refused > 1000, (checked, refused)
    assert len(keys) >= 6, keys
