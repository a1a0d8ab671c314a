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

Imported on first use only, so that ``import meldtable`` stays light.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping

from .errors import MeldtableError, NotationError, OptionError, StateError
from .fields import NonFiniteNumber, shown, strict_json
from .reasons import COMMON, Catalogue
from .rng import Rng
from .variants import VARIANTS

if TYPE_CHECKING:
    from .game import Game

FORMAT_VERSION = 1
"""The record format's version: the number in the first line ``[meldtable record 1]``."""
MAX_RECORD = 250_000
"""Longest record text (characters), checked before anything else. The longest matches the
computer players and random play make (Continental, about 3,200 moves) take about 30,000."""
MAX_RECORD_MOVES = 10_000
"""Most moves in one record (as ``meldtable.api.MAX_PLAY_MOVES``): replaying them fits the api's
request budget twice (``to_record`` checks its record by replaying it)."""
MAX_NAME = 40
"""Longest player name (characters, after the escapes are read)."""
MAX_COMMENT = 2_000
"""Longest comment (characters, after the escapes are read)."""
MAX_MOVE = 500
"""Longest move text (as a saved game's history, ``meldtable.game.HISTORY_TEXT``)."""
MAX_OPTION = 2_000
"""Longest value of an ``option`` line (characters of JSON or a word)."""
MAX_SEED_DIGITS = 4_300
"""Most digits of a ``seed`` line (Python's own limit for turning text into a whole number)."""

HIDDEN_KEYS = ("stock", "penalty", "aside")
"""Position lines a seat never sees (besides the other seats' ``hand N``): the stock, Continental's
penalty stock and 3 ist 50's cards set aside. Every other line of a position names cards that lie
face up or were laid face up (the discard pile, melds, combinations, red threes, minus piles)."""

_RECORD_LINES = {  # reasons about one line of a record: "Line 7: " / "Zeile 7: " in front
    "line_shape": (("text",), "{text} is not 'key: value' (e.g. 'seed: 7').",
                   "{text} hat nicht die Form 'Schlüssel: Wert' (z. B. 'seed: 7')."),
    "key_unknown": (("word", "keys"), "{word} is not a key of a record's header (keys: {keys}).",
                    "{word} ist kein Schlüssel im Kopf einer Aufzeichnung (Schlüssel: {keys})."),
    "twice": (("item",), "'{item}' is given twice.", "'{item}' steht zweimal da."),
    "section_unknown": (("text",), "{text} is not a section: write '[position]' or '[deal 1]'.",
                        "{text} ist kein Abschnitt: Schreibe '[position]' oder '[deal 1]'."),
    "section_order": (("text",), "{text} comes too late: the header, then '[position]', then the deals.",
                      "{text} steht zu spät: erst der Kopf, dann '[position]', dann die Runden."),
    "deal_order": (("deal", "expected"), "the record goes on with deal {expected}, not deal {deal}.",
                   "Die Aufzeichnung geht mit Runde {expected} weiter, nicht mit Runde {deal}."),
    "number": (("value",), "write one whole number, not {value}.", "Schreibe eine ganze Zahl, nicht {value}."),
    "seat_range": (("high",), "seats are numbered 0 to {high} in this game.",
                   "In diesem Spiel sind die Plätze von 0 bis {high} nummeriert."),
    "name_long": (("limit",), "a name holds at most {limit} characters.", "Ein Name hat höchstens {limit} Zeichen."),
    "name_empty": ((), "write a name after the colon.", "Schreibe nach dem Doppelpunkt einen Namen."),
    "comment_long": (("limit",), "a comment holds at most {limit} characters.",
                     "Ein Kommentar hat höchstens {limit} Zeichen."),
    "comment_shape": ((), "a comment is written in braces at the end of a move line: "
                      "'discard 4C {{keeps the pairs}}'; write a brace inside it as \\{{ or \\}}.",
                      "Ein Kommentar steht in geschweiften Klammern am Ende einer Zugzeile: "
                      "'discard 4C {{behält die Paare}}'; eine Klammer darin schreibt man \\{{ oder \\}}."),
    "escape": (("text",), "{text} is not an escape: write \\\\, \\{{, \\}}, \\n or \\u followed by four hex "
               "digits (\\U and eight for characters beyond).",
               "{text} ist keine Ersatzschreibung: Schreibe \\\\, \\{{, \\}}, \\n oder \\u mit vier Hex-Ziffern "
               "(\\U mit acht für Zeichen darüber hinaus)."),
    "text_char": (("char",), "the character {char} cannot be part of a name or comment (a control character).",
                  "Das Zeichen {char} kann nicht in einem Namen oder Kommentar stehen (ein Steuerzeichen)."),
    "move_long": (("limit",), "a move holds at most {limit} characters.", "Ein Zug hat höchstens {limit} Zeichen."),
    "option_long": (("limit",), "an option's value holds at most {limit} characters.",
                    "Der Wert einer Spielregel hat höchstens {limit} Zeichen."),
    "option_invalid": (("en", "de"), "{en}", "{de}"),
    "variant_unknown": (("variant", "known"), "unknown variant {variant}; known: {known}.",
                        "Unbekanntes Spiel {variant}; bekannt sind: {known}."),
    "players_allowed": (("variant", "allowed"), "{variant} is played by {allowed:list_or} players.",
                        "{variant} spielen {allowed:list_or} Personen."),
    "before_deal": ((), "a move stands inside a '[deal N]' section.",
                    "Ein Zug steht in einem Abschnitt '[deal N]'."),
}

REASONS = Catalogue("record", {
    **{f"record_{k}": (("line",) + params, "Line {line}: " + en, "Zeile {line}: " + de)
       for k, (params, en, de) in _RECORD_LINES.items()},
    "record_not_text": (("type",), "A game record must be text, not {type}.",
                        "Eine Spielaufzeichnung ist Text, nicht {type}."),
    "record_too_long": (("limit", "length"), "A game record holds at most {limit} characters, not {length}.",
                        "Eine Spielaufzeichnung hat höchstens {limit} Zeichen, nicht {length}."),
    "record_not_ascii": (("line", "char"), "Line {line}: a game record is written in plain ASCII ({char} is not); "
                         "write other characters in names and comments as \\u followed by four hex digits.",
                         "Zeile {line}: Eine Spielaufzeichnung besteht aus ASCII-Zeichen ({char} ist keines); "
                         "andere Zeichen in Namen und Kommentaren schreibt man als \\u mit vier Hex-Ziffern."),
    "record_first_line": (("expected",), "A game record starts with the line {expected}.",
                          "Eine Spielaufzeichnung beginnt mit der Zeile {expected}."),
    "record_version": (("version", "expected"), "This is a game record of format version {version}; "
                       "this program reads version {expected}.",
                       "Diese Spielaufzeichnung hat die Formatversion {version}; "
                       "dieses Programm liest Version {expected}."),
    "record_missing": (("item",), "The record's header needs a line '{item}: ...' (or a '[position]' section).",
                       "Der Kopf der Aufzeichnung braucht eine Zeile '{item}: ...' (oder einen Abschnitt "
                       "'[position]')."),
    "record_start_twice": (("item",), "A record with a '[position]' takes its {item} from the position: "
                           "leave out the header line '{item}'.",
                           "Eine Aufzeichnung mit '[position]' nimmt {item} aus der Stellung: Lass die "
                           "Kopfzeile '{item}' weg."),
    "record_too_many_moves": (("limit", "count"), "A game record holds at most {limit} moves, not {count}.",
                              "Eine Spielaufzeichnung hat höchstens {limit} Züge, nicht {count}."),
    "record_options": (("en", "de"), "The record's rule options are invalid: {en}",
                       "Die Spielregeln der Aufzeichnung sind ungültig: {de}"),
    "record_start": (("en", "de"), "The record's position does not load: {en}",
                     "Die Stellung der Aufzeichnung lässt sich nicht laden: {de}"),
    "record_first_deal": (("deal", "expected"), "The record's position is deal {expected}: its moves start "
                          "with '[deal {expected}]', not deal {deal}.",
                          "Die Stellung der Aufzeichnung ist Runde {expected}: Ihre Züge beginnen mit "
                          "'[deal {expected}]', nicht mit Runde {deal}."),
    "record_replay": (("move", "deal", "text", "reason", "en", "de"),
                      "Move {move} (deal {deal}: {text}) does not replay: {en}",
                      "Zug {move} (Runde {deal}: {text}) lässt sich nicht nachspielen: {de}"),
    "record_next_deal": (("deal", "reason", "en", "de"), "Deal {deal} cannot start: {en}",
                         "Runde {deal} kann nicht beginnen: {de}"),
    "record_view_seat": (("seat", "players"), "The record shows seat {seat}'s view, but there is no seat "
                         "{seat} in this {players}-player game.",
                         "Die Aufzeichnung zeigt die Sicht von Platz {seat}, aber in diesem Spiel mit "
                         "{players} Personen gibt es keinen Platz {seat}."),
    "record_view_start": ((), "'view' marks a record whose position shows one seat's view: it needs a "
                          "'[position]' section.",
                          "'view' kennzeichnet eine Aufzeichnung, deren Stellung die Sicht eines Platzes "
                          "zeigt: Dazu gehört ein Abschnitt '[position]'."),
    # refusals of to_record (the caller's arguments, or a game the record cannot start)
    "record_names": (("players",), "Names are a list of at most {players} texts (or null), one per seat.",
                     "Namen sind eine Liste von höchstens {players} Texten (oder null), einer je Platz."),
    "record_name_text": (("seat", "limit"), "The name of seat {seat} must be text of 1 to {limit} characters "
                         "without line breaks.",
                         "Der Name von Platz {seat} muss Text mit 1 bis {limit} Zeichen ohne Zeilenumbruch sein."),
    "record_comments": ((), "Comments are an object: move number (0 for the whole record) -> text.",
                        "Kommentare sind ein Objekt: Zugnummer (0 für die ganze Aufzeichnung) -> Text."),
    "record_comment_move": (("move", "moves"), "There is no move {move} to comment on: the record has "
                            "{moves:plural:move:moves}.",
                            "Es gibt keinen Zug {move} für einen Kommentar: Die Aufzeichnung hat "
                            "{moves:plural:Zug:Züge}."),
    "record_comment_text": (("move", "limit"), "The comment on move {move} must be text of 1 to {limit} "
                            "characters without control characters.",
                            "Der Kommentar zu Zug {move} muss Text mit 1 bis {limit} Zeichen ohne "
                            "Steuerzeichen sein."),
    "record_start_unknown": ((), "This game did not start from its seed's first deal (it began from a position "
                             "or a save without its past deals): give the position it started from.",
                             "Dieses Spiel begann nicht mit der ersten Runde seines Startwerts (sondern mit "
                             "einer Stellung oder einem Spielstand ohne die früheren Runden): Gib die "
                             "Stellung an, mit der es begann."),
    "record_position_text": ((), "The starting position must be ASCII text (comments aside) with no line "
                             "starting with '['.",
                             "Die Anfangsstellung muss ASCII-Text sein (außer in Kommentaren), und keine "
                             "Zeile darf mit '[' beginnen."),
    "record_mid_turn": (("seat", "en", "de"), "Seat {seat}'s view cannot be shared at this point of the turn: "
                        "{en}",
                        "Die Sicht von Platz {seat} kann an dieser Stelle des Zuges nicht geteilt werden: {de}"),
    "record_between_deals": (("seat",), "Seat {seat} can share this deal once the match is over: its moves do "
                             "not replay from the table as dealt without the seed (the stock was reshuffled), and "
                             "the seed would deal the hands still to come.",
                             "Platz {seat} kann diese Runde teilen, sobald die Partie vorbei ist: Ihre Züge lassen "
                             "sich ohne den Startwert nicht vom ausgeteilten Tisch nachspielen (der Talon wurde "
                             "neu gemischt), und der Startwert teilte die kommenden Hände aus."),
    "record_request": (("field",), "The request's '{field}' is not as docs/records.md describes.",
                       "Das Feld '{field}' der Anfrage ist nicht so, wie docs/records.md es beschreibt."),
}, base=COMMON)
"""The refusals of game records (docs/records.md, "Errors"), in English and German: malformed
text (``NotationError``, naming the line), records that do not load or replay (``StateError``,
naming the move and the engine's reason) and bad arguments of :func:`to_record` (``OptionError``)."""

_HEADER_KEYS = ("variant", "players", "seed", "option", "name", "comment", "view")
_FIRST = f"[meldtable record {FORMAT_VERSION}]"
_FIRST_RE = re.compile(r"\[\s*meldtable\s+record\s+(\S{1,20})\s*\]", re.IGNORECASE)
_DEAL_RE = re.compile(r"\[\s*deal\s+(\d{1,5})\s*\]", re.IGNORECASE)
_POSITION_RE = re.compile(r"\[\s*position\s*\]", re.IGNORECASE)
_INT_RE = re.compile(r"[-+]?\d{1,%d}" % MAX_SEED_DIGITS)
_SEAT_RE = re.compile(r"\d{1,2}")
_OPTION_RE = re.compile(r"[a-z_][a-z0-9_]{0,63}")


def _short(text: str, n: int = 40) -> str:
    return repr(text if len(text) <= n else text[: n - 3] + "...")


# ---------------------------------------------------------------------------- escapes


def _bad_char(ch: str) -> bool:
    """A character no name or comment may hold: control characters (line breaks aside, which
    comments write as ``\\n``) and lone surrogates."""
    o = ord(ch)
    return o < 0x20 or 0x7F <= o < 0xA0 or 0xD800 <= o < 0xE000


def escape(text: str) -> str:
    """``text`` (a name or comment) as ASCII for a record: ``\\`` -> ``\\\\``, braces -> ``\\{``
    ``\\}``, a line break -> ``\\n``, any other character outside printable ASCII -> ``\\u00fc``
    (``\\U0001f600`` beyond the BMP). :func:`unescape` is its inverse."""
    out = []
    for ch in text:
        o = ord(ch)
        if ch in "\\{}":
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif 0x20 <= o < 0x7F:
            out.append(ch)
        elif o <= 0xFFFF:
            out.append(f"\\u{o:04x}")
        else:
            out.append(f"\\U{o:08x}")
    return "".join(out)


_ESCAPE_RE = re.compile(r"\\(?:([\\{}n])|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|(.?))", re.DOTALL)


def unescape(text: str, line: int) -> str:
    """The name or comment written as ``text`` (:func:`escape`) on record line ``line``. Raises
    :class:`NotationError` (``record_escape``, ``record_text_char``) for an unknown escape or a
    control character."""

    def one(m: re.Match[str]) -> str:
        simple, u4, u8, bad = m.groups()
        if simple is not None:
            return "\n" if simple == "n" else simple
        hexa = u4 or u8
        if hexa is None or int(hexa, 16) > 0x10FFFF:
            raise REASONS.notation("record_escape", line=line, text=_short(m.group(0)))
        return chr(int(hexa, 16))

    out = _ESCAPE_RE.sub(one, text)
    for ch in out:
        if ch != "\n" and _bad_char(ch):
            raise REASONS.notation("record_text_char", line=line, char=f"U+{ord(ch):04X}")
    return out


# ---------------------------------------------------------------------------- the record


@dataclass(frozen=True)
class Record:
    """A parsed game record (docs/records.md). ``variant`` (id), ``players``, and the start: the
    ``seed`` of the match's first deal with the rule ``options`` that differ from the variant's
    defaults, or a ``position`` text (docs/positions.md; ``seed`` ``None``, ``options`` empty);
    ``view``: the seat whose view a position shows (its other cards stand-ins), else ``None``.
    ``players`` is 0 for a position without a ``players`` line until it is loaded (the position's
    loader decides; :func:`api_load_record` answers the loaded count). ``names``: one entry per
    seat up to the last named one (``None`` for an unnamed seat); ``comment``: on the whole
    record; ``first_deal``: the number of the first deal of ``deals`` (1 for a seed start);
    ``deals``: the moves of each deal in notation; ``comments``: move number (from 1, counting
    every move of every deal) -> text. :meth:`text` writes it; :func:`parse_record` reads it."""

    variant: str
    players: int
    seed: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    position: str | None = None
    view: int | None = None
    names: tuple[str | None, ...] = ()
    comment: str | None = None
    first_deal: int = 1
    deals: tuple[tuple[str, ...], ...] = ((),)
    comments: Mapping[int, str] = field(default_factory=dict)

    @property
    def moves(self) -> int:
        """How many moves the record holds (every deal's)."""
        return sum(map(len, self.deals))

    def text(self) -> str:
        """The record as text (docs/records.md): ASCII, one item per line, ending in a newline."""
        out = [_FIRST]
        if self.position is None:
            out += [f"variant: {self.variant}", f"players: {self.players}", f"seed: {self.seed}"]
            for k, x in self.options.items():
                out.append(f"option {k}: {_option_text(x)}")
        for i, name in enumerate(self.names):
            if name is not None:
                out.append(f"name {i}: {escape(name)}")
        if self.comment is not None:
            out.append(f"comment: {escape(self.comment)}")
        if self.view is not None:
            out.append(f"view: {self.view}")
        if self.position is not None:
            out += ["", "[position]", *self.position.splitlines()]
        n = 0
        for j, deal in enumerate(self.deals):
            out += ["", f"[deal {self.first_deal + j}]"]
            for move in deal:
                n += 1
                c = self.comments.get(n)
                out.append(move if c is None else f"{move} {{{escape(c)}}}")
        return "\n".join(out) + "\n"

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-able data: ``{"variant", "players", "seed" (text, or null), "options",
        "position", "view", "names", "comment", "first_deal", "deals": [[move, ...], ...],
        "comments": {"<move number>": text}, "moves"}`` (the seed as text: it may be longer than a
        JavaScript number holds)."""
        return {
            "variant": self.variant, "players": self.players,
            "seed": None if self.seed is None else str(self.seed),
            "options": {k: _json_value(v) for k, v in self.options.items()},
            "position": self.position, "view": self.view, "names": list(self.names), "comment": self.comment,
            "first_deal": self.first_deal, "deals": [list(d) for d in self.deals],
            "comments": {str(k): v for k, v in sorted(self.comments.items())}, "moves": self.moves,
        }


def _json_value(x: Any) -> Any:
    return [list(r) for r in x] if isinstance(x, tuple) else x


def _option_text(x: Any) -> str:
    """An option's value as positions write it: a bare word for a choice, else JSON."""
    v = _json_value(x)
    if isinstance(v, str) and re.fullmatch(r"[a-z_][a-z_0-9]*", v) and v not in ("true", "false", "null"):
        return v
    return json.dumps(v, separators=(", ", ": "))


# ---------------------------------------------------------------------------- reading


def _check_text(text: Any, limit: int = MAX_RECORD) -> str:
    if not isinstance(text, str):
        raise REASONS.notation("record_not_text", type=type(text).__name__)
    if len(text) > limit:
        raise REASONS.notation("record_too_long", limit=limit, length=len(text))
    if not text.isascii():
        for no, raw in enumerate(text.split("\n"), 1):
            if not raw.isascii():
                ch = next(c for c in raw if not c.isascii())
                raise REASONS.notation("record_not_ascii", line=no, char=f"U+{ord(ch):04X}")
    return text


def _fail(key: str, line: int, **params: Any) -> NotationError:
    return REASONS.notation("record_" + key, line=line, **params)


def parse_record(text: Any) -> Record:
    """The :class:`Record` written as ``text`` (docs/records.md), checked line by line but not
    played: a record that parses may still not replay (:func:`from_record` plays it). Raises
    :class:`NotationError` naming the first malformed line (text over :data:`MAX_RECORD`
    characters, not ASCII, an unknown key or section, a bad escape, a name or comment too long,
    deals out of order, more than :data:`MAX_RECORD_MOVES` moves) and :class:`StateError` for
    rule options the variant refuses or another format version. Work is linear in the text's
    length."""
    lines = _check_text(text).split("\n")
    no = 0
    while no < len(lines) and not lines[no].strip():
        no += 1
    m = _FIRST_RE.fullmatch(lines[no].strip()) if no < len(lines) else None
    if m is None:
        raise REASONS.notation("record_first_line", expected=_FIRST)
    if m.group(1) != str(FORMAT_VERSION):
        raise StateError.of(REASONS, "record_version", {"version": _short(m.group(1)), "expected": FORMAT_VERSION})
    p = _Parser()
    for i in range(no + 1, len(lines)):
        p.line(lines[i].rstrip(), i + 1)
    return p.record()


class _Parser:
    """The lines of a record after its first, read one by one (:func:`parse_record`)."""

    def __init__(self) -> None:
        self.header: dict[str, tuple[int, str]] = {}
        self.options: list[tuple[int, str, str]] = []
        self.names: dict[int, tuple[int, str]] = {}
        self.position: list[str] | None = None
        self.deals: list[list[str]] = []
        self.comments: dict[int, str] = {}
        self.first_deal: int | None = None
        self.section = "header"
        self.count = 0

    def line(self, raw: str, line: int) -> None:
        s = raw.strip()
        if s.startswith("["):
            self.section_line(s, line)
        elif self.section == "position":
            assert self.position is not None
            self.position.append(raw)
        elif not s:
            return
        elif self.section == "header":
            self.header_line(s, line)
        else:
            move, comment = _move_line(s, line)
            self.count += 1
            if self.count > MAX_RECORD_MOVES:
                raise REASONS.notation("record_too_many_moves", limit=MAX_RECORD_MOVES, count=f"{self.count}+")
            self.deals[-1].append(move)
            if comment is not None:
                self.comments[self.count] = comment

    def section_line(self, s: str, line: int) -> None:
        dm = _DEAL_RE.fullmatch(s)
        if dm is not None:
            deal = int(dm.group(1))
            expected = deal if self.first_deal is None else self.first_deal + len(self.deals)
            if deal != expected or deal < 1:
                raise _fail("deal_order", line, deal=deal, expected=max(1, expected))
            if self.first_deal is None:
                self.first_deal = deal
            self.deals.append([])
            self.section = "deal"
        elif _POSITION_RE.fullmatch(s):
            if self.section != "header":
                raise _fail("section_order", line, text=_short(s))
            self.position, self.section = [], "position"
        else:
            raise _fail("section_unknown", line, text=_short(s))

    def header_line(self, s: str, line: int) -> None:
        head, colon, value = s.partition(":")
        words = head.lower().split()
        if not colon or not words:
            raise _fail("before_deal" if _move_like(s) else "line_shape", line, **({} if _move_like(s) else
                                                                                 {"text": _short(s)}))
        key, value = words[0], value.strip()
        if key not in _HEADER_KEYS or len(words) != (2 if key in ("option", "name") else 1):
            raise _fail("key_unknown", line, word=_short(head.strip(), 30), keys=", ".join(_HEADER_KEYS))
        if key == "option":
            self.option_line(words[1], value, line, head)
        elif key == "name":
            self.name_line(words[1], value, line, head)
        elif key in self.header:
            raise _fail("twice", line, item=key)
        else:
            self.header[key] = (line, value)

    def option_line(self, name: str, value: str, line: int, head: str) -> None:
        if not _OPTION_RE.fullmatch(name):
            raise _fail("key_unknown", line, word=_short(head.strip(), 30), keys=", ".join(_HEADER_KEYS))
        if any(o[1] == name for o in self.options):
            raise _fail("twice", line, item=f"option {name}")
        if len(value) > MAX_OPTION:
            raise _fail("option_long", line, limit=MAX_OPTION)
        self.options.append((line, name, value))

    def name_line(self, word: str, value: str, line: int, head: str) -> None:
        if not _SEAT_RE.fullmatch(word):
            raise _fail("key_unknown", line, word=_short(head.strip(), 30), keys=", ".join(_HEADER_KEYS))
        seat = int(word)
        if seat in self.names:
            raise _fail("twice", line, item=f"name {seat}")
        name = unescape(value, line)
        if not name.strip() or "\n" in name:
            raise _fail("name_empty", line)
        if len(name) > MAX_NAME:
            raise _fail("name_long", line, limit=MAX_NAME)
        self.names[seat] = (line, name)

    def record(self) -> Record:
        header = self.header
        comment = unescape(header["comment"][1], header["comment"][0]) if "comment" in header else None
        if comment is not None and len(comment) > MAX_COMMENT:
            raise _fail("comment_long", header["comment"][0], limit=MAX_COMMENT)
        view: int | None = None
        if "view" in header:
            if self.position is None:
                raise REASONS.notation("record_view_start")
            view = _int(header["view"][1], header["view"][0], _SEAT_RE)
        deals = tuple(map(tuple, self.deals or [[]]))
        if self.position is not None:
            rec = self.position_record(deals, view, comment)
        else:
            rec = self.seed_record(deals, comment)
        return _finish(rec, self.names)

    def position_record(self, deals: tuple[tuple[str, ...], ...], view: int | None, comment: str | None) -> Record:
        assert self.position is not None
        for key in ("variant", "players", "seed"):
            if key in self.header:
                raise REASONS.notation("record_start_twice", item=key)
        if self.options:
            raise REASONS.notation("record_start_twice", item="option")
        from .positions import Position, parse_lines

        ptext = "\n".join(self.position).strip("\n") + "\n"
        try:
            p = Position(parse_lines(ptext))
            pl = p.one("players")
            players = pl.number(1, 99) if pl else 0  # 0: the position's loader decides
        except MeldtableError as e:
            raise StateError.of(REASONS, "record_start", {"en": e.message("en"), "de": e.message("de")}) from None
        return Record(p.variant.id, players, None, {}, ptext, view, (), comment, self.first_deal or 1, deals,
                      self.comments)

    def seed_record(self, deals: tuple[tuple[str, ...], ...], comment: str | None) -> Record:
        header = self.header
        for key in ("variant", "players", "seed"):
            if key not in header:
                raise REASONS.notation("record_missing", item=key)
        vline, vid = header["variant"]
        vid = vid.lower()
        if vid not in VARIANTS:
            raise _fail("variant_unknown", vline, variant=_short(vid), known=", ".join(VARIANTS))
        variant = VARIANTS[vid]
        pline, ptext = header["players"]
        players = _int(ptext, pline, _SEAT_RE)
        if players not in variant.players:
            raise _fail("players_allowed", pline, variant=variant.short_name, allowed=list(variant.players))
        seed = _int(header["seed"][1], header["seed"][0])
        given: dict[str, Any] = {}
        for line, name, value in self.options:
            try:
                given[name] = strict_json(value)
            except (ValueError, NonFiniteNumber, RecursionError):
                given[name] = value
            try:
                variant.resolve({name: given[name]})
            except OptionError as e:
                raise StateError.of(REASONS, "record_option_invalid",
                                    {"line": line, "en": e.message("en"), "de": e.message("de")}) from None
        try:
            variant.with_layout(variant.resolve(given), players)
        except OptionError as e:
            raise StateError.of(REASONS, "record_options", {"en": e.message("en"), "de": e.message("de")}) from None
        if (self.first_deal or 1) != 1:
            raise StateError.of(REASONS, "record_first_deal", {"deal": self.first_deal, "expected": 1})
        return Record(vid, players, seed, given, None, None, (), comment, 1, deals, self.comments)


def _move_like(s: str) -> bool:
    return bool(re.match(r"[a-z]", s)) and ":" not in s


def _move_line(s: str, line: int) -> tuple[str, str | None]:
    """A body line: the move and its comment (or ``None``)."""
    brace = s.find("{")
    comment = None
    if brace >= 0:
        body = s[brace + 1:]
        if not body.endswith("}") or _unescaped(body[:-1], "{}"):
            raise _fail("comment_shape", line)
        comment = unescape(body[:-1], line)
        if len(comment) > MAX_COMMENT:
            raise _fail("comment_long", line, limit=MAX_COMMENT)
        s = s[:brace].rstrip()
    elif "}" in s:
        raise _fail("comment_shape", line)
    if len(s) > MAX_MOVE:
        raise _fail("move_long", line, limit=MAX_MOVE)
    if not s:
        raise _fail("comment_shape", line)
    return s, comment


def _unescaped(text: str, chars: str) -> bool:
    """Whether ``text`` holds one of ``chars`` not preceded by an escaping backslash."""
    k = 0
    while k < len(text):
        if text[k] == "\\":
            k += 2
            continue
        if text[k] in chars:
            return True
        k += 1
    return False


def _int(value: str, line: int, pattern: re.Pattern[str] = _INT_RE) -> int:
    if not pattern.fullmatch(value):
        raise _fail("number", line, value=_short(value))
    return int(value)


def _finish(rec: Record, names: dict[int, tuple[int, str]]) -> Record:
    """``rec`` with its names (one entry per seat), checked against its player count (a position's
    count is known once it loads: :func:`from_record` checks again)."""
    if not names:
        return rec
    high = max(names)
    if rec.players and high >= rec.players:
        raise _fail("seat_range", names[high][0], high=rec.players - 1)
    return _replace(rec, names=tuple(names[s][1] if s in names else None for s in range(high + 1)))


def _replace(rec: Record, **changes: Any) -> Record:
    from dataclasses import replace

    return replace(rec, **changes)


# ---------------------------------------------------------------------------- replaying


def start_game(rec: Record) -> "Game":
    """The game a record starts from: ``new_game`` with its seed and options, or its position
    loaded (``Game.from_position``). Raises :class:`StateError` (``record_start``,
    ``record_options``, ``record_first_deal``, ``record_view_seat``) when it does not load."""
    from .game import Game, new_game

    if rec.position is None:
        assert rec.seed is not None
        try:
            return new_game(rec.variant, players=rec.players, seed=rec.seed, options=dict(rec.options))
        except OptionError as e:
            raise StateError.of(REASONS, "record_options", {"en": e.message("en"), "de": e.message("de")}) from None
    try:
        g = Game.from_position(rec.position)
    except MeldtableError as e:
        raise StateError.of(REASONS, "record_start", {"en": e.message("en"), "de": e.message("de")}) from None
    if g.hand_number != rec.first_deal:
        raise StateError.of(REASONS, "record_first_deal", {"deal": rec.first_deal, "expected": g.hand_number})
    if rec.view is not None and not 0 <= rec.view < g.players:
        raise StateError.of(REASONS, "record_view_seat", {"seat": rec.view, "players": g.players})
    if len(rec.names) > g.players:
        raise StateError.of(REASONS, "record_names", {"players": g.players})
    return g


def replay(rec: Record, *, moves: int | None = None) -> "Game":
    """The game of record ``rec`` after its first ``moves`` moves (all by default): its start
    (:func:`start_game`), each move played with ``Game.play`` and each later deal begun with
    ``Game.next_hand``. Raises :class:`StateError` with key ``record_replay`` (params ``move``: its
    number from 1, ``deal``, ``text``: the move as written, ``reason``: the engine's key, ``en``,
    ``de``: the engine's reason) for the first move that does not replay, ``record_next_deal`` for
    a deal that cannot begin; the api's request budget (``request_budget``) passes through."""
    g = start_game(rec)
    limit = rec.moves if moves is None else moves
    n = 0
    for k, deal in enumerate(rec.deals):
        if moves is not None and n >= limit and k:
            break
        number = rec.first_deal + k
        if k:
            try:
                g.next_hand()
            except MeldtableError as e:
                if e.key == "request_budget":
                    raise
                raise StateError.of(REASONS, "record_next_deal", {"deal": number, "reason": e.key,
                                                                  "en": e.message("en"), "de": e.message("de")}) from None
        for text in deal:
            if n >= limit:
                break
            n += 1
            try:
                g.play(text)
            except MeldtableError as e:
                if e.key == "request_budget":
                    raise
                raise StateError.of(REASONS, "record_replay", {
                    "move": n, "deal": number, "text": _short(text), "reason": e.key,
                    "en": e.message("en"), "de": e.message("de")}) from None
    return g


def from_record(text: Any) -> "Game":
    """The game written as record ``text`` (docs/records.md), replayed move by move: equal
    (``Game.__eq__``, ``to_json`` equal) to the game :func:`to_record` wrote it from. Raises
    :class:`NotationError` for malformed text and :class:`StateError` for a record that does not
    load or replay (naming the move, its text and the engine's reason); see :func:`replay`."""
    return replay(parse_record(text))


# ---------------------------------------------------------------------------- writing


def _names(names: Any, players: int) -> tuple[str | None, ...]:
    if names is None:
        return ()
    if isinstance(names, Mapping):
        try:
            items = {int(k): v for k, v in names.items()}
        except (TypeError, ValueError):
            raise OptionError.of(REASONS, "record_names", {"players": players}) from None
        if any(not 0 <= k < players for k in items):
            raise OptionError.of(REASONS, "record_names", {"players": players})
        names = [items.get(s) for s in range(players)]
    if not isinstance(names, (list, tuple)) or len(names) > players:
        raise OptionError.of(REASONS, "record_names", {"players": players})
    out: list[str | None] = []
    for seat, name in enumerate(names):
        if name is not None and (not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME
                                 or any(_bad_char(c) or c == "\n" for c in name)):
            raise OptionError.of(REASONS, "record_name_text", {"seat": seat, "limit": MAX_NAME})
        out.append(name)
    while out and out[-1] is None:
        out.pop()
    return tuple(out)


def _comments(comments: Any, moves: int) -> tuple[str | None, dict[int, str]]:
    if comments is None:
        return None, {}
    if not isinstance(comments, Mapping):
        raise OptionError.of(REASONS, "record_comments")
    out: dict[int, str] = {}
    for k, v in comments.items():
        if isinstance(k, str) and re.fullmatch(r"\d{1,6}", k):
            k = int(k)
        if isinstance(k, bool) or not isinstance(k, int):
            raise OptionError.of(REASONS, "record_comments")
        if not 0 <= k <= moves:
            raise OptionError.of(REASONS, "record_comment_move", {"move": k, "moves": moves})
        if not isinstance(v, str) or not v or len(v) > MAX_COMMENT or any(c != "\n" and _bad_char(c) for c in v):
            raise OptionError.of(REASONS, "record_comment_text", {"move": k, "limit": MAX_COMMENT})
        out[k] = v
    return out.pop(0, None), out


def _position_text(position: Any) -> str:
    """A starting position as a record holds it: ASCII lines (comments holding other characters
    dropped), no line starting with ``[``."""
    if not isinstance(position, str):
        raise OptionError.of(REASONS, "record_position_text")
    out = []
    for raw in position.splitlines():
        line = raw.rstrip()
        if not line.isascii():
            line = re.sub(r"(^|\s)#.*$", "", line).rstrip()
        if not line.strip():
            continue
        if not line.isascii() or line.lstrip().startswith("["):
            raise OptionError.of(REASONS, "record_position_text")
        out.append(line)
    return "\n".join(out) + "\n"


def to_record(game: "Game", *, names: Any = None, comments: Any = None, seat: int | None = None,
              position: str | None = None) -> str:
    """The record (docs/records.md) of ``game``: ASCII text that :func:`from_record` replays to a
    game equal to ``game`` (checked here, by replaying it).

    ``names``: a list (or ``{seat: name}``) of player names, ``None`` for an unnamed seat (1 to
    :data:`MAX_NAME` characters each, no line breaks); ``comments``: ``{move number: text}``, moves
    counted from 1 over the whole record, 0 for a comment on the whole record (at most
    :data:`MAX_COMMENT` characters each). ``position``: the position text the game started from
    (``Game.from_position``), for a game that did not start from its seed's first deal.

    ``seat``: a record to share from that seat (the sharing rule, docs/records.md): the whole
    record once the match is over; during a hand the table as that seat sees it, as a position
    whose cards hidden from the seat are stand-ins (``view: N``, no seed, no moves); between two
    deals of a match that goes on the record of the deal just finished, from the table as dealt
    (a position naming every card, no seed: the seed deals the hands still to come), refused
    (``record_between_deals``) when its moves do not replay from there to the same result.
    ``comments`` then count the moves of the record written.

    Raises :class:`OptionError` for bad ``names``, ``comments``, ``seat`` or ``position``;
    :class:`StateError` (``record_start_unknown``) for a game whose start the record cannot name,
    ``record_mid_turn`` for a seat's view inside a step a position cannot express,
    ``record_between_deals``; :class:`NotationError` (``record_too_long``,
    ``record_too_many_moves``) for a game beyond the record's limits."""
    players = game.players
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
        raise OptionError.of(COMMON, "no_such_seat", {"seat": shown(seat), "players": players})
    name_list = _names(names, players)
    if seat is not None and not game.match_over:
        return _seat_record(game, seat, name_list, comments, position)
    history = game.history
    count = sum(map(len, history))
    if count > MAX_RECORD_MOVES:
        raise REASONS.notation("record_too_many_moves", limit=MAX_RECORD_MOVES, count=count)
    intro, notes = _comments(comments, count)
    deals = tuple(map(tuple, history))
    first = game.hand_number - len(history) + 1
    if position is not None:
        rec = Record(game.variant.id, players, None, {}, _position_text(position), None, name_list, intro,
                     first, deals, notes)
    else:
        defaults = game.variant.with_layout(game.variant.resolve(None), players)
        diff = {k: v for k, v in game.options.items() if defaults.get(k) != v}
        rec = Record(game.variant.id, players, game.seed, diff, None, None, name_list, intro, 1, deals, notes)
    text = rec.text()
    if len(text) > MAX_RECORD:  # many long comments, or a game played far beyond any real match
        raise REASONS.notation("record_too_long", limit=MAX_RECORD, length=len(text))
    if not _replays_to(text, game):
        if position is None and count == 0 and len(history) == 1 and not game.hand_over:
            return to_record(game, names=names, comments=comments, position=game.to_position())
        raise StateError.of(REASONS, "record_start_unknown")
    return text


def _replays_to(text: str, game: "Game") -> bool:
    try:
        return from_record(text) == game
    except MeldtableError as e:
        if e.key == "request_budget":
            raise
        return False


def _seat_record(game: "Game", seat: int, names: tuple[str | None, ...], comments: Any,
                 position: str | None) -> str:
    """A record of the table as ``seat`` sees it now (docs/records.md, "Sharing from a seat")."""
    if game.hand_over:
        return _deal_record(game, seat, names, comments, position)
    intro, _ = _comments(comments, 0)
    try:
        full = game.to_position()
    except StateError as e:
        raise StateError.of(REASONS, "record_mid_turn", {"seat": seat, "en": e.message("en"),
                                                          "de": e.message("de")}) from None
    text = stand_in_position(full, seat, game.variant.family)
    rec = Record(game.variant.id, game.players, None, {}, text, seat, names, intro, game.hand_number, ((),), {})
    out = rec.text()
    try:
        from_record(out)
    except MeldtableError as e:  # a stand-in table the loader refuses: said as a refusal, never wrong
        if e.key == "request_budget":
            raise
        raise StateError.of(REASONS, "record_mid_turn", {"seat": seat, "en": e.message("en"),
                                                          "de": e.message("de")}) from None
    return out


def _deal_record(game: "Game", seat: int, names: tuple[str | None, ...], comments: Any,
                 position: str | None) -> str:
    """The record of the deal just finished, from the table as dealt (a position naming every card,
    without the seed), for a match that goes on (docs/records.md, "Sharing from a seat"); refused
    (``record_between_deals``) when its moves do not replay from that position (a Continental deal
    whose stock was reshuffled: the reshuffle follows the seed)."""
    full = parse_record(to_record(game, position=position))
    before = Record(full.variant, full.players, full.seed, full.options, full.position, None, (), None,
                    full.first_deal, full.deals[:-1] + ((),), {})
    start = replay(before)
    moves = full.deals[-1]
    intro, notes = _comments(comments, len(moves))
    try:
        text = "\n".join(ln for ln in start.to_position().splitlines() if not ln.startswith("seed:")) + "\n"
        rec = Record(full.variant, full.players, None, {}, text, None, names, intro, start.hand_number, (moves,),
                     notes)
        out = rec.text()
        replayed = from_record(out)
    except MeldtableError as e:
        if e.key == "request_budget":
            raise
        raise StateError.of(REASONS, "record_between_deals", {"seat": seat}) from None
    if not _same_deal(replayed, game):
        raise StateError.of(REASONS, "record_between_deals", {"seat": seat})
    return out


def _same_deal(replayed: "Game", game: "Game") -> bool:
    """Whether the deal record's game ended its deal as ``game`` did: over, with the same hands and
    the same result (who went out, every side's items and total; not the cumulative scores, which
    a position carries, nor the results of earlier deals, which it does not)."""
    if not replayed.hand_over or not replayed.results or not game.results:
        return False
    if any(replayed.view(s)["hand"] != game.view(s)["hand"] for s in range(game.players)):
        return False
    mine, real = replayed.results[-1], game.results[-1]
    return bool(mine.get("went_out") == real.get("went_out")
                and [(x["items"], x["total"]) for x in mine["sides"]] == [(x["items"], x["total"]) for x in real["sides"]])


def stand_in_position(position: str, seat: int, family: str) -> str:
    """Position text (as ``Game.to_position`` writes it, every card named) with every card hidden
    from ``seat`` replaced by a stand-in: the cards of the other seats' hands, the stock, the
    penalty stock and the cards set aside (:data:`HIDDEN_KEYS`) are pooled, shuffled and dealt back
    in the same counts, and the ``seed`` line is dropped. The shuffle is seeded by the lines
    ``seat`` sees only (so the stand-ins say nothing about the real cards: their multiset is the
    deck less what the seat sees, which the seat knows). Canasta family: red threes go to the
    stock only (a hand never holds one, seed 000/001)."""
    lines = [ln for ln in position.splitlines() if ln.strip() and not ln.startswith("seed:")]
    hidden: list[int] = []
    pool: list[str] = []
    for i, ln in enumerate(lines):
        key, _, value = ln.partition(":")
        k = key.strip()
        if k in HIDDEN_KEYS or (k.startswith("hand ") and k != f"hand {seat}"):
            hidden.append(i)
            pool += value.split()
    public = "\n".join(ln for i, ln in enumerate(lines) if i not in hidden)
    salt = hashlib.sha256(public.encode()).hexdigest()
    pool.sort()  # the real order says where the hidden cards lie: only the multiset may go in
    Rng(0, "stand-ins " + salt).shuffle(pool)
    if family == "canasta":  # red threes to the end of the pool: the stock, never a hand
        pool = [c for c in pool if c not in ("3H", "3D")] + [c for c in pool if c in ("3H", "3D")]
        stock = next((i for i in hidden if lines[i].startswith("stock:")), None)
        if stock is not None:  # the stock last, so the hands take from the front
            hidden = [i for i in hidden if i != stock] + [stock]
    for i in hidden:
        key, _, value = lines[i].partition(":")
        n = len(value.split())
        part, pool = pool[:n], pool[n:]
        if key.strip() == "stock" and family == "canasta":
            Rng(0, "stand-in stock " + salt).shuffle(part)
        lines[i] = f"{key}: {' '.join(part)}"
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------- protocol ops


def api_record(game: "Game", req: Mapping[str, Any]) -> dict[str, Any]:
    """The protocol op ``record`` (docs/records.md, "Protocol") for the session's ``game``:
    request fields ``names`` (list or null), ``comments`` (object: move number -> text), ``seat``
    (int or null: share from that seat), ``position`` (the start position text, or null); answer
    ``{"record": text, "moves": count, "view": seat or null}``. Raises the errors of
    :func:`to_record`."""
    seat = req.get("seat")
    position = req.get("position")
    if position is not None and not isinstance(position, str):
        raise OptionError.of(REASONS, "record_request", {"field": "position"})
    text = to_record(game, names=req.get("names"), comments=req.get("comments"), seat=seat, position=position)
    rec = parse_record(text)
    return {"record": text, "moves": rec.moves, "view": rec.view}


def api_load_record(req: Mapping[str, Any]) -> tuple["Game", dict[str, Any]]:
    """The protocol op ``load_record`` (docs/records.md, "Protocol"): request field ``record``
    (text), optional ``moves`` (int: replay only the first so many, for a replay view that jumps to
    a move); returns the replayed game (the session takes it) and the answer's fields
    ``{"record": Record.to_json()}`` (the api adds the table). Raises :class:`NotationError` /
    :class:`StateError` as :func:`from_record`."""
    text = req.get("record")
    rec = parse_record(text)
    moves = req.get("moves")
    if moves is not None and (isinstance(moves, bool) or not isinstance(moves, int) or not 0 <= moves <= rec.moves):
        raise OptionError.of(REASONS, "record_request", {"field": "moves"})
    game = replay(rec, moves=moves)
    if rec.players != game.players:  # a position without a 'players' line: known once loaded
        rec = _replace(rec, players=game.players)
    return game, {"record": rec.to_json()}


__all__ = [
    "FORMAT_VERSION", "MAX_RECORD", "MAX_RECORD_MOVES", "MAX_NAME", "MAX_COMMENT", "REASONS", "Record",
    "parse_record", "from_record", "to_record", "replay", "start_game", "stand_in_position", "escape", "unescape",
    "api_record", "api_load_record",
]
