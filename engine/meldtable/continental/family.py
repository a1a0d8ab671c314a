"""The continental family as the engine's :class:`~meldtable.game.Game` sees it (docs/architecture.md,
"family protocol"): ``Rules``, ``State``, ``new_state``, ``parse_move``, ``choose_move``,
``compose_action``, the undo tables, ``shuffle_hidden``
(:mod:`.hidden`) and the name of the harness hooks' module (:data:`TESTING`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import compose_action
from .bot import choose_move
from .hidden import shuffle_hidden
from .moves import ContinentalMove, Kind, parse_move
from .reasons import REASONS
from .rules import Rules
from .state import ContinentalState, State, new_state

__all__ = [
    "POSITION", "REASONS", "UNDOABLE", "REVEALING", "Rules", "State", "ContinentalState", "new_state",
    "parse_move", "choose_move", "compose_action", "TESTING", "shuffle_hidden", "ANNOTATIONS",
]

POSITION = "meldtable.continental.position"
"""The family's position room (:mod:`.position`: keys, reader, writer), imported on first use."""

ANNOTATIONS = "meldtable.continental.annotate"
"""The family's annotations room (:mod:`.annotate`: the warnings before costly mistakes with
their texts), imported on first use by
:mod:`meldtable.annotations`."""

TESTING = "meldtable.continental.testing"
"""The family's harness hooks (:mod:`.testing`), imported only by the test harness
(tests/sim_harness.py, bench/harness.py): the page's wheel leaves the module out (build.py)."""

UNDOABLE: frozenset[Kind] = frozenset({"set", "run", "add", "swap"})
"""The move kinds that can be taken back within the turn (:mod:`meldtable.undo`): sets and runs laid
down, lay-offs and joker exchanges after the draw (issue #13)."""

REVEALING: frozenset[Kind] = frozenset({"draw", "take", "claim"})
"""The move kinds that showed a hidden card: an undo right after one is refused with the key
``undo_revealed`` (after the other kinds that cannot be taken back: ``undo_nothing``)."""

if TYPE_CHECKING:  # mypy --strict checks this module against the contract, with the family's types
    from .. import family as _contract
    from . import family as _this

    _CONTRACT: _contract.FamilyOf[Rules, ContinentalState, ContinentalMove] = _this
