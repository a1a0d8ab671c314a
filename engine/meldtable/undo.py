"""Undo within a turn: which moves a player may take back, and the record that makes it exact.

The rule (issue #13, "Undo within a turn", as the browser card sites people know do it): every
move the seat to act made since its turn's draw or pile take (melds, adds, lay-downs, lay-offs,
joker exchanges) can be taken back, one by one, until the turn ends with the discard. Nothing
that revealed a hidden card can be taken back: not the draw, not the pile take, not a penalty
card or a claim (Continental), not a discard (it ends the turn and the next player may have acted
on it), nor anything once the hand is over. A question to the partner ("may I go out?") and its
answer involve another seat and cannot be taken back either.

Which move kinds are undoable is declared by each game family, in its package: ``UNDOABLE`` and
``REVEALING`` of its family module (the :class:`~meldtable.family.FamilyOf` protocol; data, not
code), so a new family touches only its package. :data:`UNDOABLE` and :data:`REVEALING` here read
them by family name. Every other kind ends the undo record: after it there is nothing to take
back until the next undoable move. A family whose ``UNDOABLE`` is empty (3 ist 50) has no undo at
all: that declaration is the one place the fact lives (the api's table says ``can_undo`` false
throughout such a game).

An undo restores the state exactly as it was before the move (a copy taken before the move was
applied) and removes the move from the game's history, so ``Game.to_json()`` after an undo equals
the text before the move. No view after an undo holds anything its seat had not seen: the
restored state is one every seat already saw. The record lives with the :class:`~meldtable.game.Game`
object only; a saved and reloaded game starts with an empty record (nothing to undo).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .errors import IllegalMoveError
from .reasons import COMMON, Catalogue

REASONS = Catalogue("undo", {
    "undo_hand_over": ((), "The hand is over: nothing can be taken back.",
                       "Die Runde ist vorbei: Nichts kann zurückgenommen werden."),
    "undo_not_yours": ((), "Only the player whose turn it is can take back a move.",
                       "Nur wer am Zug ist, kann einen Zug zurücknehmen."),
    "undo_revealed": (("move",), {
        "draw": "You cannot take back drawing: it showed cards that were hidden.",
        "take": "You cannot take back taking the pile: it showed cards that were hidden.",
        "claim": "You cannot take back a claim: it showed cards that were hidden.",
    }, {
        "draw": "Das Ziehen kann nicht zurückgenommen werden: Es hat verdeckte Karten gezeigt.",
        "take": "Das Aufnehmen des Ablagestapels kann nicht zurückgenommen werden: Es hat verdeckte Karten gezeigt.",
        "claim": "Das Nehmen außer der Reihe kann nicht zurückgenommen werden: Es hat verdeckte Karten gezeigt.",
    }),
    "undo_nothing": ((), "There is nothing to take back in this turn: only melds, lay-offs and exchanges "
                         "since the draw can be taken back, until the discard.",
                     "In diesem Zug gibt es nichts zurückzunehmen: Zurücknehmen lassen sich nur Meldungen, "
                     "Anlegen und Austauschen seit dem Ziehen, bis zum Abwerfen."),
}, base=COMMON)
"""The refusals of :meth:`meldtable.game.Game.undo`, in English and German (:mod:`meldtable.reasons`)."""

class _FamilyTable(Mapping[str, frozenset[str]]):
    """Family name (``Variant.family``) -> one of the family module's move-kind tables (its
    attribute ``attr``), read from the family on first use (:func:`meldtable.game.family_module`)."""

    def __init__(self, attr: str) -> None:
        self._attr = attr

    def __getitem__(self, family: str) -> frozenset[str]:
        from .game import FAMILIES, family_module

        if family not in FAMILIES:
            raise KeyError(family)
        table: frozenset[str] = getattr(family_module(family), self._attr)
        return table

    def __iter__(self) -> Iterator[str]:
        from .game import FAMILIES

        return iter(FAMILIES)

    def __len__(self) -> int:
        from .game import FAMILIES

        return len(FAMILIES)


UNDOABLE: Mapping[str, frozenset[str]] = _FamilyTable("UNDOABLE")
"""Move kinds per game family (``Variant.family``) that can be taken back within the turn: each
family module's ``UNDOABLE`` (e.g. canasta: ``meld``, ``add``; 3 ist 50: none)."""

REVEALING: Mapping[str, frozenset[str]] = _FamilyTable("REVEALING")
"""Move kinds per game family that showed a hidden card (each family module's ``REVEALING``); an
undo right after one is refused with key ``undo_revealed`` (the other non-undoable kinds give
``undo_nothing``)."""


class UndoRecord:
    """The moves of the current turn that can still be taken back: ``steps``, a stack of ``(seat,
    move)``, and ``base``, a copy of the state before the first of them. An undo restores ``base``
    and applies the remaining steps again (they were legal then and are the same moves), so a turn
    costs one state copy however many moves it has (measured: a copy per move made two-hand
    Canasta's random playouts about a third slower; docs/performance.md). Empty after any move
    that is not undoable (:data:`UNDOABLE`) and after a move that ended the hand."""

    __slots__ = ("family", "steps", "base", "undoable", "revealing")

    def __init__(self, family: str) -> None:
        self.family = family
        self.steps: list[tuple[int, Any]] = []
        self.base: Any = None
        # the family's own tables (its module: UNDOABLE, REVEALING); none for an unknown name
        self.undoable = UNDOABLE.get(family, frozenset())
        self.revealing = REVEALING.get(family, frozenset())

    def copy(self) -> UndoRecord:
        """An independent record (the moves are never changed, so they are shared; the stored
        state is copied)."""
        r = UndoRecord.__new__(UndoRecord)
        r.family, r.undoable, r.revealing = self.family, self.undoable, self.revealing
        r.steps = list(self.steps)
        # a family's cheaper ``undo_copy`` shares parts with the live state it was taken from,
        # which the other game goes on changing: the copy gets a base of its own
        r.base = None if self.base is None else self.base.copy()
        return r

    def before(self, kind: str, seat: int | None, state: Any) -> Any:
        """Called by ``Game.play`` before applying a move of ``kind`` by ``seat``: ``True`` if the
        move is undoable (the first one of a turn also keeps a copy of ``state`` as ``base``),
        else ``None``."""
        if seat is not None and kind in self.undoable:
            if not self.steps:
                # a family state may offer ``undo_copy``: a cheaper copy that is exact as long as
                # only undoable moves follow (canasta: CanastaState.undo_copy)
                undo_copy = getattr(state, "undo_copy", None)
                self.base = state.copy() if undo_copy is None else undo_copy()
            return True
        return None

    def after(self, kept: Any, seat: int | None, state: Any, move: Any = None) -> None:
        """Called by ``Game.play`` after ``move``: push it (when :meth:`before` said it is
        undoable), or clear the record when it is not or the hand is over."""
        if kept is None or state.hand_over or seat is None:
            if self.steps or self.base is not None:
                self.clear()
        else:
            self.steps.append((seat, move))

    def restore(self) -> Any:
        """Pop the last step and return the state before it: a copy of ``base`` with the steps
        before it applied again."""
        self.steps.pop()
        state = self.base.copy()
        for _, move in self.steps:
            state.apply(move)
        if not self.steps:
            self.base = None
        return state

    def clear(self) -> None:
        """Forget every step (a new hand, a loaded game)."""
        self.steps.clear()
        self.base = None

    def refusal(self, game: Any, seat: int | None = None) -> IllegalMoveError | None:
        """``None`` if the last move can be taken back now (by ``seat``, when given), else the
        error that says why (an :class:`IllegalMoveError` with ``key`` and ``params``)."""
        if game.hand_over:
            return REASONS.error("undo_hand_over")
        if self.steps:
            owner = self.steps[-1][0]
            if seat is not None and seat != owner:
                return REASONS.error("undo_not_yours")
            return None
        move = game.last_move()
        last = move.split(" ", 1)[0].lower() if move else ""
        if last in self.revealing:
            return REASONS.error("undo_revealed", move=last)
        return REASONS.error("undo_nothing")
