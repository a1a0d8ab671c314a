"""3 ist 50's end of a game for the search's fast path (issue #27): what ``_end_game``
(:mod:`.scoring`, seed 003 "Abrechnung") does to the state, with every minus pile counted in one
pass (:func:`end_game`). tests/test_search_fast_threefifty_playout.py compares the saved states."""

from __future__ import annotations

from typing import Any

from .rules import SCORE_ITEMS

_PACKED: dict[tuple[int, int, int, int], tuple[dict[Any, int], tuple[tuple[str, int, int], ...]] | None] = {}
"""Per (decks, jokers a deck, joker value, three value), what the cards and their points depend
on: :func:`_packed`'s table and fields."""


def _packed(r: Any) -> tuple[dict[Any, int], tuple[tuple[str, int, int], ...]] | None:
    """For rules ``r``: card -> its minus points shifted into its item's bit field, and per item
    of :data:`SCORE_ITEMS` its name, shift and mask. Each field is as wide as the points of all
    the deck's cards of that item, so a minus pile's sum of these holds every item's sum in its
    own field; the fields together fit in 62 bits (``sum`` adds them as machine integers).
    ``None`` when they do not fit or a value is negative (counted the public way)."""
    key = (r.decks, r.jokers_per_deck, r.joker_value, r.three_value)
    if key in _PACKED:
        return _PACKED[key]
    points = r.points()
    most = dict.fromkeys(SCORE_ITEMS, 0)
    for c in r.deck():
        k, v = points[c]
        most[k] += v
    fields: list[tuple[str, int, int]] = []
    at = 0
    for k in SCORE_ITEMS:
        width = max(1, most[k].bit_length())
        fields.append((k, at, (1 << width) - 1))
        at += width
    out: tuple[dict[Any, int], tuple[tuple[str, int, int], ...]] | None = None
    if at <= 62 and all(v >= 0 for _, v in points.values()):
        shift = {k: sh for k, sh, _ in fields}
        out = {c: v << shift[k] for c, (k, v) in points.items()}, tuple(fields)
    _PACKED[key] = out
    return out


def end_game(state: Any) -> None:
    """``state._end_game()`` (:class:`~.scoring.Scoring`: the leftovers to the last receiver with
    option ``leftovers_scored``, the result row of every seat appended, the match's end and its
    winners) the same, each minus pile counted by one ``sum`` of :func:`_packed` values."""
    r = state.rules
    packed = _packed(r)
    if packed is None:
        state._end_game()
        return
    table, fields = packed
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
        got = sum(map(get, pile))
        items = {k: got >> at & mask for k, at, mask in fields}
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
