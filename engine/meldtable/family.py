"""Pieces of a family's state that the continental and 3 ist 50 families share word for word.

Core module: it imports no family module (those are imported lazily by
:func:`meldtable.game.family_module`), and adds no step to a move: :class:`CachedLegalMoves`
is a base class, so its methods are found like the state's own.
"""

from __future__ import annotations

from typing import Any


class CachedLegalMoves:
    """Base of a family state whose legal moves are generated once per position.

    The subclass sets ``self._legal = None`` (a ``list`` of moves, or ``None`` while not generated)
    and ``self._legal_set`` (a ``frozenset`` of the same moves) in ``__init__``, resets ``_legal``
    to ``None`` whenever the position changes, keeps ``hand_over`` (``bool``) and provides
    ``_generate()``: every legal move of the seat to act, sorted by notation."""

    _legal: list[Any] | None
    _legal_set: frozenset[Any]
    hand_over: bool

    def _generate(self) -> list[Any]:  # pragma: no cover - each family provides it
        raise NotImplementedError

    def legal_moves(self) -> list[Any]:
        """Every legal move of the seat to act (the family's move objects; empty when the hand, a
        deal or a game, is over), sorted by notation. A new list on each call."""
        if self._legal is None:
            self._legal = [] if self.hand_over else self._generate()
            self._legal_set = frozenset(self._legal)
        return list(self._legal)

    def is_legal(self, move: Any) -> bool:
        """Whether ``move`` (any value) is one of :meth:`legal_moves`; ``False`` for an unhashable
        value."""
        if self._legal is None:
            self.legal_moves()
        try:
            return move in self._legal_set
        except TypeError:
            return False


def score_seats_lowest(state: Any, result: dict[str, Any], last: bool) -> None:
    """Score a finished hand for every seat where the lowest total wins (seed 002, Continental,
    "Punkte"; seed 003, 3 ist 50: the fewest minus points win).

    ``state`` has ``scores`` (``list[int]``, one per seat, updated in place), ``results`` (the
    list ``result`` is appended to), ``score_seat(seat) -> dict[str, int]`` (itemised points of
    the hand), ``match_over`` and ``winners``. Appends one ``{"side", "items", "total",
    "cumulative"}`` row per seat to ``result["sides"]``; when ``last`` (the match's last hand) sets
    ``match_over`` and ``winners`` (every seat with the lowest score, as ``list[int]``)."""
    scores = state.scores
    for seat in range(len(scores)):
        items = state.score_seat(seat)
        total = sum(items.values())
        scores[seat] += total
        result["sides"].append({"side": seat, "items": items, "total": total, "cumulative": scores[seat]})
    state.results.append(result)
    if last:
        state.match_over = True
        best = min(scores)
        state.winners = [s for s, v in enumerate(scores) if v == best]
