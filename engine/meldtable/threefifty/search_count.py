"""3 ist 50's end of a game for the search's fast path (issue #27): what ``_end_game``
(:mod:`.scoring`, seed 003 "Abrechnung") does to the state, with every minus pile counted in one
pass (:func:`end_game`). tests/test_search_fast_threefifty.py compares the saved states."""

from __future__ import annotations

from typing import Any

from .rules import SCORE_ITEMS

_FIELD = 48
"""Bits of one score item in a packed count (:func:`_packed`)."""
_MASK = (1 << _FIELD) - 1
_PACKED: dict[int, tuple[Any, dict[Any, int] | None]] = {}
"""Per points table (``Rules.points()``, kept alive here with its id): every card's minus points
shifted into its item's field (``None``: a negative value, counted the public way)."""


def _packed(points: dict[Any, tuple[str, int]]) -> dict[Any, int] | None:
    """Card -> its value ``<< (_FIELD * i)`` for its item ``SCORE_ITEMS[i]``: a pile's sum of these
    holds every item's sum in its own field (a pile of fewer than ``2**16`` cards of values below
    ``2**32`` cannot carry into the next field); ``None`` when a value is negative or too big."""
    found = _PACKED.get(id(points))
    if found is not None and found[0] is points:
        return found[1]
    at = {k: i * _FIELD for i, k in enumerate(SCORE_ITEMS)}
    table: dict[Any, int] | None = {c: v << at[k] for c, (k, v) in points.items()}
    if any(not 0 <= v < 1 << 32 for _, v in points.values()):
        table = None
    _PACKED[id(points)] = (points, table)
    return table


def end_game(state: Any) -> None:
    """``state._end_game()`` (:class:`~.scoring.Scoring`: the leftovers to the last receiver with
    option ``leftovers_scored``, the result row of every seat appended, the match's end and its
    winners) the same, each minus pile counted by one ``sum`` of :func:`_packed` values."""
    r = state.rules
    points = r.points()
    table = _packed(points)
    if table is None:
        state._end_game()
        return
    state.hand_over = True
    state.to_act = None
    state._legal = []
    state._legal_set = frozenset()
    state._search_masks = None
    leftovers_to = None
    if r.leftovers_scored and state.last_receiver is not None and (state.centre or state.discard):
        leftovers_to = state.last_receiver
        state.piles[leftovers_to].extend(state.discard + state.centre)
        state.discard = []
        state.centre = []
        state.discard_live = False
    sides = []
    scores = state.scores
    get = table.__getitem__
    for seat, pile in enumerate(state.piles):
        packed = sum(map(get, pile))
        items = {}
        for k in SCORE_ITEMS:
            items[k] = packed & _MASK
            packed >>= _FIELD
        total = sum(items.values())
        scores[seat] += total
        sides.append({"side": seat, "items": items, "total": total, "cumulative": scores[seat]})
    state.results.append({
        "hand": state.hand_number,
        "went_out": None,
        "concealed": False,
        "rounds": state.round,
        "leftovers_to": leftovers_to,
        "sides": sides,
    })
    if state.hand_number >= r.games:
        state.match_over = True
        best = min(scores)
        state.winners = [s for s, v in enumerate(scores) if v == best]
