"""meldtable: rules engine for rummy-family card games (Canasta, Kanaster, Continental, 3 ist 50).

Public API::

    import meldtable
    game = meldtable.new_game("canasta-two-hand", players=2, seed=7)
    moves = game.legal_moves()          # every legal move of the seat to act
    game.play("draw")                   # or a Move; illegal input raises a ValueError subclass
    game.view(0)                        # what seat 0 may see, as JSON-ready data
    text = game.to_json(); same = meldtable.Game.from_json(text)
    demo = meldtable.Game.from_position("variant: kanaster\\nturn: 0 draw\\nhand 0: QH QS JK")

See README.md, docs/notation.md, docs/state-format.md and docs/positions.md.
"""

from .canasta.moves import Move
from .cards import JOKER, Card, card, parse_cards
from .errors import (
    IllegalMoveError,
    MeldtableError,
    NotationError,
    NotYourTurnError,
    OptionError,
    StateError,
)
from .game import Game, new_game
from .variants import VARIANTS

__version__ = "0.1.0"

__all__ = [
    "Card", "JOKER", "card", "parse_cards", "Move", "Game", "new_game", "VARIANTS",
    "MeldtableError", "NotationError", "IllegalMoveError", "NotYourTurnError", "OptionError", "StateError",
    "__version__",
]
