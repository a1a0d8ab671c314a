"""Errors raised by the engine. All are ``ValueError`` subclasses with a message in a player's words."""

from __future__ import annotations

from typing import Any


class MeldtableError(ValueError):
    """Base class of every error the engine raises on bad input (a ``ValueError``)."""

    code = "bad_request"


class NotationError(MeldtableError):
    """Malformed card or move text (``"QX"``, ``"meld"`` without cards, ...)."""

    code = "bad_request"


class IllegalMoveError(MeldtableError):
    """A well-formed move the rules do not allow now; the message says why. The game is unchanged.

    ``key`` (``str``) names the reason in its family's catalogue (:mod:`meldtable.reasons`),
    ``params`` (``dict``) are the reason's parameters and ``texts`` (``dict``: language -> text)
    its message in every language; :meth:`message` picks one. An error made without a catalogue
    has ``key`` ``None`` and its one English text."""

    code = "illegal_move"

    def __init__(self, message: str, key: str | None = None, params: dict[str, Any] | None = None,
                 texts: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.key = key
        self.params: dict[str, Any] = dict(params or {})
        self.texts: dict[str, str] = dict(texts or {"en": message})

    @classmethod
    def of(cls, catalogue: Any, key: str, params: dict[str, Any]) -> "IllegalMoveError":
        """The refusal ``key`` of ``catalogue`` (:class:`meldtable.reasons.Catalogue`) with ``params``;
        ``KeyError`` for a key the catalogue does not declare."""
        texts = catalogue.texts(key, params)
        return cls(texts["en"], key, params, texts)

    def message(self, lang: str = "en") -> str:
        """The reason in ``lang`` (``"en"``, ``"de"``); English when there is no text in ``lang``."""
        return self.texts.get(lang) or str(self)


class NotYourTurnError(IllegalMoveError):
    """A move for a seat that is not the one to act."""

    code = "not_your_turn"


class OptionError(MeldtableError):
    """An unknown variant, or a rule option that is unknown, of the wrong type or out of range."""

    code = "bad_option"


class StateError(MeldtableError):
    """A saved game (``Game.from_json``) that is malformed or inconsistent."""

    code = "bad_state"
