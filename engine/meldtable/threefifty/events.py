"""The places of a 3 ist 50 table for :mod:`meldtable.events` (issue #26 item 2): computed from
the state, so :mod:`.state` needs no change; ``Game.play`` works out a move's events from the
places before and after it."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..events import Places
    from .state import ThreeFiftyState


def places(state: ThreeFiftyState) -> Places:
    """Every place of ``state`` with its cards as a multiset: ``stock``, ``centre``, ``pile`` (the
    discard pile), ``set_aside``, each seat's ``hand`` and ``minus_pile``."""
    from ..events import _ms

    out: Places = {
        ("stock", None, None): _ms(state.stock),
        ("centre", None, None): _ms(state.centre),
        ("pile", None, None): _ms(state.discard),
        ("set_aside", None, None): _ms(state.set_aside),
    }
    for seat, pile in enumerate(state.piles):
        out[("minus_pile", seat, None)] = _ms(pile)
    for seat, hand in enumerate(state.hands):
        out[("hand", seat, None)] = dict(hand)
    return out
