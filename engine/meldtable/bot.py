"""Computer players. Each decides from its seat's view and legal moves only (never hidden cards).

``choose_move(game, seat)`` returns the move of the game family's computer player (each family
module exposes ``choose_move(view, legal)``); the canasta family's is :class:`meldtable.canasta.bot.CanastaBot`.
"""

from __future__ import annotations

from typing import Any

from .moves import Move


def choose_move(game: Any, seat: int | None = None) -> Move:
    """The computer's move for ``seat`` (default: the seat to act) in ``game``, decided from
    ``game.view(seat)`` and ``game.legal_moves()`` only. Raises ``ValueError`` if the hand is over."""
    from .errors import IllegalMoveError

    if game.hand_over:
        raise IllegalMoveError("The hand is over.")
    seat = game.current_player if seat is None else seat
    if seat != game.current_player:
        raise IllegalMoveError(f"Seat {seat} is not to act.")
    return game.family.choose_move(game.view(seat), game.legal_moves())
