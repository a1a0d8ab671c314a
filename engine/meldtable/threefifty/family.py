"""The 3 ist 50 family as the engine's :class:`~meldtable.game.Game` sees it (docs/architecture.md,
"family protocol"): ``Rules``, ``State``, ``new_state``, ``parse_move``, ``choose_move``,
``compose_action``, ``REASONS`` and the harness hooks (from :mod:`.testing`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import compose_action
from .bot import choose_move
from .moves import ThreeFiftyMove, parse_move
from .reasons import REASONS
from .rules import Rules
from .state import State, ThreeFiftyState, new_state
from .testing import (
    expected_cards,
    hand_size_ok,
    move_bound,
    results_add_up,
    shuffle_hidden,
)

__all__ = [
    "POSITION", "REASONS", "Rules", "State", "ThreeFiftyState", "new_state", "parse_move", "choose_move", "compose_action",
    "expected_cards", "hand_size_ok", "move_bound", "shuffle_hidden", "results_add_up",
]

POSITION = "meldtable.threefifty.position"
"""The family's position room (:mod:`.position`: keys, reader, writer), imported on first use."""

if TYPE_CHECKING:  # mypy --strict checks this module against the contract, with the family's types
    from .. import family as _contract
    from . import family as _this

    _CONTRACT: _contract.FamilyOf[Rules, ThreeFiftyState, ThreeFiftyMove] = _this
