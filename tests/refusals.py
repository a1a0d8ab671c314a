"""The refusal checks the per-family playout tests share (tests/test_playouts*.py): every move
that is not legal -- a candidate of the family's own, another seat's move, malformed notation or
a value that is no move at all -- is refused with a ``MeldtableError`` (a ``ValueError``) that
says why, and leaves the game exactly as it was (its ``to_json()``); ``explain`` gives a reason.
Standard: docs/architecture.md, "bad input never crashes, never corrupts and never blocks".
"""
from __future__ import annotations

from collections.abc import Iterable

import pytest

from meldtable import Game, MeldtableError, NotYourTurnError
from positions import seat_to_act

NOT_MOVES: tuple[object, ...] = ("", "dance", 42, None)
"""Values that are no move in any game."""


def check_refused(g: Game, illegal: Iterable[str], malformed: Iterable[object], text: str) -> int:
    """Play each of ``illegal`` (notation of moves that are not legal now), a legal move for a seat
    not to act, and each of ``malformed`` plus :data:`NOT_MOVES`; each must raise and leave the game
    at ``text`` (``g.to_json()`` before). Returns the number of ``illegal`` moves tried."""
    n = 0
    for m in illegal:
        with pytest.raises(MeldtableError) as e:
            g.play(m)
        assert isinstance(e.value, ValueError) and str(e.value)
        assert g.to_json() == text, f"refused move {m!r} changed the game"
        why = g.explain(m)
        assert isinstance(why, str) and why
        n += 1
    if not g.hand_over:  # the next seat may not move, even with a legal move
        other = (seat_to_act(g) + 1) % g.players
        with pytest.raises(NotYourTurnError):
            g.play(g.legal_moves()[0], seat=other)
        assert g.to_json() == text
    for bad in (*malformed, *NOT_MOVES):
        with pytest.raises(MeldtableError):
            g.play(bad)
    assert g.to_json() == text
    return n
