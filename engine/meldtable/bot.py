"""Computer players. Each decides from its seat's view and legal moves only (never hidden cards).

``choose_move(game, seat)`` returns the move of the game family's computer player (each family
module exposes ``choose_move(view, legal)``); the canasta family's is :class:`meldtable.canasta.bot.CanastaBot`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .moves import MoveValue

if TYPE_CHECKING:
    from .game import Game


def choose_move(game: Game, seat: int | None = None) -> MoveValue:
    """The computer's move for ``seat`` (default: the seat to act) in ``game``, decided from
    ``game.view(seat)`` and ``game.legal_moves()`` only. Raises
    :class:`~meldtable.errors.IllegalMoveError` (a ``ValueError``) if the hand is over, for a seat
    that is not to act, and (key ``no_legal_move``) when the seat to act has no legal move: a game
    that can no longer go on is a refusal, never an internal error (issue #25)."""
    from .reasons import COMMON

    if game.hand_over:
        raise COMMON.error("hand_over")
    to_act = game.current_player
    if seat is not None and seat != to_act:
        raise COMMON.error("not_your_turn", seat=to_act, asked=seat)
    assert to_act is not None
    legal = game.legal_moves()
    if not legal:
        raise COMMON.error("no_legal_move", seat=to_act)
    move: MoveValue = game.family.choose_move(game.view(to_act), legal)
    return move
