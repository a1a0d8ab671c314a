"""The canasta family as the engine's :class:`~meldtable.game.Game` sees it (docs/architecture.md,
"family protocol"): ``Rules``, ``State``, ``new_state``, ``parse_move``, ``choose_move``,
``compose_action`` and the harness hooks (from :mod:`.testing`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .moves import Move
from .actions import compose_action
from .reasons import REASONS
from .rules import Rules
from .state import CanastaState
from .testing import expected_cards, hand_size_ok, move_bound, results_add_up, shuffle_hidden

__all__ = [
    "POSITION", "REASONS", "Rules", "State", "CanastaState", "new_state", "parse_move", "choose_move", "compose_action",
    "expected_cards", "hand_size_ok", "move_bound", "shuffle_hidden", "results_add_up",
]

State = CanastaState
parse_move = Move.parse


def new_state(rules: Rules, seed: int) -> CanastaState:
    """A new match, first hand dealt."""
    s = CanastaState(rules, seed)
    s.deal()
    return s


def choose_move(view: dict[str, Any], legal: list[Move]) -> Move:
    """The family's computer player (:class:`meldtable.canasta.bot.CanastaBot`)."""
    from .bot import CanastaBot

    return CanastaBot().decide(view, legal)

POSITION = "meldtable.canasta.position"
"""The family's position room (:mod:`.position`: keys, reader, writer), imported on first use."""

if TYPE_CHECKING:  # mypy --strict checks this module against the contract, with the family's types
    from .. import family as _contract
    from . import family as _this

    _CONTRACT: _contract.FamilyOf[Rules, CanastaState, Move] = _this
