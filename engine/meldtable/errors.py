"""Errors raised by the engine. All are ``ValueError`` subclasses with a message in a player's words."""

from __future__ import annotations


class MeldtableError(ValueError):
    """Base class of every error the engine raises on bad input (a ``ValueError``)."""

    code = "bad_request"


class NotationError(MeldtableError):
    """Malformed card or move text (``"QX"``, ``"meld"`` without cards, ...)."""

    code = "bad_request"


class IllegalMoveError(MeldtableError):
    """A well-formed move the rules do not allow now; the message says why. The game is unchanged."""

    code = "illegal_move"


class NotYourTurnError(IllegalMoveError):
    """A move for a seat that is not the one to act."""

    code = "not_your_turn"


class OptionError(MeldtableError):
    """An unknown variant, or a rule option that is unknown, of the wrong type or out of range."""

    code = "bad_option"


class StateError(MeldtableError):
    """A saved game (``Game.from_json``) that is malformed or inconsistent."""

    code = "bad_state"
