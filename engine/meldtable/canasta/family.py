"""The canasta family as the engine's :class:`~meldtable.game.Game` sees it (docs/architecture.md,
"family protocol"): ``Rules``, ``State``, ``new_state``, ``parse_move``, ``choose_move``,
``compose_action``, the undo tables, ``shuffle_hidden``
(:mod:`.hidden`) and the name of the harness hooks' module (:data:`TESTING`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import compose_action
from .hidden import shuffle_hidden
from .moves import Kind, Move
from .reasons import REASONS
from .rules import Rules
from .state import CanastaState

__all__ = [
    "POSITION", "REASONS", "UNDOABLE", "REVEALING", "Rules", "State", "CanastaState", "new_state",
    "parse_move", "choose_move", "compose_action", "TESTING", "shuffle_hidden", "ANNOTATIONS",
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

ANNOTATIONS = "meldtable.canasta.annotate"
"""The family's annotations room (:mod:`.annotate`: the warnings before costly mistakes with
their texts, the cards "Take pile" sends when none are selected), imported on first use by
:mod:`meldtable.annotations`."""

TESTING = "meldtable.canasta.testing"
"""The family's harness hooks (:mod:`.testing`), imported only by the test harness
(tests/sim_harness.py, bench/harness.py): the page's wheel leaves the module out (build.py)."""

UNDOABLE: frozenset[Kind] = frozenset({"meld", "add"})
"""The move kinds that can be taken back within the turn (:mod:`meldtable.undo`): melds and adds after
the draw or the pile take (issue #13)."""

REVEALING: frozenset[Kind] = frozenset({"draw", "take"})
"""The move kinds that showed a hidden card: an undo right after one is refused with the key
``undo_revealed`` (after the other kinds that cannot be taken back: ``undo_nothing``)."""

if TYPE_CHECKING:  # mypy --strict checks this module against the contract, with the family's types
    from .. import family as _contract
    from . import family as _this

    _CONTRACT: _contract.FamilyOf[Rules, CanastaState, Move] = _this
