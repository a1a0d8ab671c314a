"""Errors raised by the engine. All are ``ValueError`` subclasses with a message in a player's words."""

from __future__ import annotations

from typing import Any, Self


class MeldtableError(ValueError):
    """Base class of every error the engine raises on bad input (a ``ValueError``).

    Every such error can name its reason in a declared catalogue (:mod:`meldtable.reasons`):
    ``key`` (``str``), ``params`` (``dict``: the reason's parameters) and ``texts`` (``dict``:
    language -> text, English and German); :meth:`message` picks one, ``str(e)`` is the English.
    Made without a key, an error of a class with a ``fallback`` reason (``NotationError``:
    ``bad_notation``, ``OptionError``: ``bad_option``, ``StateError``: ``bad_state``) carries that
    reason with ``params`` ``{"detail": message}``: its German text says what went wrong in
    general and quotes the English detail (the saved game's checks name JSON fields, which read
    the same in every language). Without a fallback (``IllegalMoveError``), ``key`` is ``None``
    and ``texts`` holds the one English text."""

    code = "bad_request"
    fallback: str | None = None

    def __init__(self, message: str, key: str | None = None, params: dict[str, Any] | None = None,
                 texts: dict[str, str] | None = None) -> None:
        super().__init__(message)
        if key is None and self.fallback is not None:
            from .reasons import COMMON

            key, params = self.fallback, {"detail": message}
            texts = COMMON.texts(key, params)
        self.key = key
        self.params: dict[str, Any] = dict(params or {})
        self.texts: dict[str, str] = dict(texts or {"en": message})

    @classmethod
    def of(cls, catalogue: Any, key: str, params: dict[str, Any] | None = None) -> Self:
        """The reason ``key`` of ``catalogue`` (:class:`meldtable.reasons.Catalogue`) with
        ``params``, as an error of this class; ``KeyError`` for a key the catalogue does not
        declare."""
        params = dict(params or {})
        texts = catalogue.texts(key, params)
        return cls(texts["en"], key, params, texts)

    def message(self, lang: str = "en") -> str:
        """The reason in ``lang`` (``"en"``, ``"de"``); English when there is no text in ``lang``."""
        return self.texts.get(lang) or str(self)


class NotationError(MeldtableError):
    """Malformed card or move text (``"QX"``, ``"meld"`` without cards, ...) or a malformed action
    object of the page. Raised with a key of ``COMMON`` or of the family's catalogue."""

    code = "bad_request"
    fallback = "bad_notation"


class IllegalMoveError(MeldtableError):
    """A well-formed move the rules do not allow now; the message says why. The game is unchanged.

    ``key`` (``str``) names the reason in its family's catalogue (:mod:`meldtable.reasons`),
    ``params`` (``dict``) are the reason's parameters and ``texts`` (``dict``: language -> text)
    its message in every language; :meth:`message` picks one. An error made without a catalogue
    has ``key`` ``None`` and its one English text."""

    code = "illegal_move"


class NotYourTurnError(IllegalMoveError):
    """A move for a seat that is not the one to act (``not_your_turn``), or a seat that is not in
    the game (``no_such_seat``)."""

    code = "not_your_turn"


class OptionError(MeldtableError):
    """An unknown variant, or a rule option that is unknown, of the wrong type or out of range."""

    code = "bad_option"
    fallback = "bad_option"


class StateError(MeldtableError):
    """A saved game (``Game.from_json``) that is malformed or inconsistent."""

    code = "bad_state"
    fallback = "bad_state"
