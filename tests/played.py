"""A game a few moves into its first hand, played by the normal computer player (the search
tests' mid-hand positions: tests/test_search.py, test_search_fast.py, test_search_leaf.py)."""

from __future__ import annotations

import meldtable
from meldtable.bot import choose_move


def played(variant: str, players: int, seed: int, moves: int) -> meldtable.Game:
    """``variant`` for ``players`` seats dealt with ``seed``, after at most ``moves`` moves of the
    normal player (fewer if the hand ends first)."""
    g = meldtable.new_game(variant, players=players, seed=seed)
    for _ in range(moves):
        if g.hand_over:
            break
        g.play(choose_move(g))
    return g
