"""Game records (issue #30, docs/records.md): a match as compact text a person can read and edit,
replayed move by move to exactly the same game.

A record is ASCII text: a first line ``[meldtable record 1]``, header lines ``key: value``
(``variant``, ``players``, ``seed``, ``option NAME``, ``name N``, ``comment``, ``view``), an
optional ``[position]`` section (a position, docs/positions.md, as the start instead of the seed's
first deal), and one ``[deal N]`` section per deal with one move per line in the engine's notation
(docs/notation.md), each optionally followed by a comment in braces: ``discard 4C {keeps the
pairs}``.

- :func:`to_record` writes a game's record (checked: it replays to the same game), or a record
  limited to what one seat may see (``seat=N``, the sharing rule of docs/records.md).
- :func:`parse_record` reads the text into a :class:`Record` (names, comments, moves) without
  playing it; :func:`from_record` replays it into a :class:`~meldtable.game.Game`.
- :func:`api_record` and :func:`api_load_record` are the protocol ops ``record`` and
  ``load_record`` (docs/records.md, "Protocol"): plain JSON-able dicts in and out.

Work is bounded: at most :data:`MAX_RECORD` characters and :data:`MAX_RECORD_MOVES` moves, every
move played through ``Game.play`` (charged to the request's ``BUDGET`` inside the api). Every
refusal is an engine error (``NotationError`` for malformed text, ``StateError`` for a record that
does not load or replay, ``OptionError`` for bad arguments of :func:`to_record`) with a key of
:data:`REASONS` and its English and German texts.

Rooms: ``reasons.py`` (limits, the refusal catalogue ``REASONS`` and the line patterns),
``syntax.py`` (escapes, :class:`Record`, :func:`parse_record`), ``replay.py`` (replaying, writing,
the sharing rule, the protocol handlers). Imported on first use only, so that ``import meldtable``
stays light.
"""

from .reasons import FORMAT_VERSION, MAX_COMMENT, MAX_NAME, MAX_RECORD, MAX_RECORD_MOVES, REASONS
from .replay import (
                     api_load_record,
                     api_record,
                     from_record,
                     open_hands,
                     replay,
                     replay_log,
                     stand_in_position,
                     start_game,
                     to_record,
)
from .syntax import Record, escape, parse_record, unescape

__all__ = [
    "FORMAT_VERSION", "MAX_RECORD", "MAX_RECORD_MOVES", "MAX_NAME", "MAX_COMMENT", "REASONS", "Record",
    "parse_record", "from_record", "to_record", "replay", "start_game", "stand_in_position", "escape", "unescape",
    "api_record", "api_load_record", "replay_log", "open_hands",
]
