"""The record as text (docs/records.md, "Syntax"): escapes, the frozen :class:`Record` with its
text form, and :func:`parse_record`, which reads a record without playing it."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import MeldtableError, NotationError, OptionError, StateError
from ..fields import NonFiniteNumber, strict_json
from ..variants import VARIANTS

if TYPE_CHECKING:
    pass

from .reasons import (
    _DEAL_RE,
    _FIRST,
    _FIRST_RE,
    _HEADER_KEYS,
    _INT_RE,
    _OPTION_RE,
    _POSITION_RE,
    _SEAT_RE,
    FORMAT_VERSION,
    MAX_COMMENT,
    MAX_MOVE,
    MAX_NAME,
    MAX_OPTION,
    MAX_RECORD,
    MAX_RECORD_MOVES,
    REASONS,
    _short,
)

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
        from ..positions import Position, parse_lines

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


