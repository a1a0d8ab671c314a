"""Positions a person can write (docs/positions.md): a short line-based text that names the
variant, whose turn it is, the hands, piles, melds and scores, and leaves every other card to the
stock in the engine's seeded order (``Rng(seed, "position")``).

``position_data(text)`` turns the text into saved-game data (docs/state-format.md), which
``Game.from_position`` hands to the family's validating loader exactly like a saved game;
``write_position(game)`` is the inverse (it names every card, so it loads back exactly).

This module holds what every family's positions share: the line format (:class:`Line`,
:func:`parse_lines`, :class:`Position`), the keys of every family (:data:`COMMON_KEYS`), the
refusals (:data:`REASONS`), the deck the named cards are taken from (:class:`Deck`), the helpers
the readers share, and the plumbing of ``Game.from_position`` (:func:`load`: naming the line a
loader's message is about) and ``Game.to_position``. Each family's keys, reader and writer are in
its position room, ``<family>/position.py`` (:class:`~meldtable.family.PositionRoom`, named by the
family module's ``POSITION``).

Imported on first use only (by ``Game.from_position`` / ``Game.to_position``), so that
``import meldtable`` stays light.
"""

from __future__ import annotations

import importlib
import json
import re
from typing import TYPE_CHECKING, Any, cast

from .cards import RANKS, Card, rank_name
from .errors import MeldtableError, NotationError, OptionError, StateError
from .fields import NonFiniteNumber, strict_json
from .reasons import COMMON, Catalogue
from .rng import Rng
from .variants import VARIANTS

if TYPE_CHECKING:
    from .family import PositionRoom
    from .game import Game

MAX_POSITION = 20_000
"""Longest position text (characters); a full position of the largest game is far below it."""

COMMON_KEYS = frozenset({"variant", "players", "seed", "option", "deal", "dealer", "turn", "score", "stock", "hand"})
"""The keys of every family's positions (docs/positions.md); a family's position room
(``<family>/position.py``, :class:`~meldtable.family.PositionRoom`) adds its own ``POSITION_KEYS``."""
_SEATED = {"hand", "meld", "red", "set", "run", "minus"}
"""Keys followed by a seat (or, for ``meld`` and ``red``, a side) number: ``hand 0:``."""
_REPEATED = {"option", "meld", "set", "run"}
"""Keys that may occur more than once with the same number."""
_WORD = re.compile(r"[a-z_]+")

_LINE = {  # reasons about one line: the texts get "Line 7 (hand 1): " / "Zeile 7 (hand 1): " in front
    "line_detail": (("en", "de"), "{en}", "{de}"),
    "ints": (("value",), "write whole numbers separated by spaces, e.g. '1500 0', not {value}.",
             "Schreibe ganze Zahlen, durch Leerzeichen getrennt, z. B. '1500 0', nicht {value}."),
    "number": (("low", "high", "value"), "write one whole number from {low} to {high}, not {value}.",
               "Schreibe eine ganze Zahl von {low} bis {high}, nicht {value}."),
    "seats_range": (("high",), "seats are numbered 0 to {high}.", "Die Plätze sind von 0 bis {high} nummeriert."),
    "count_numbers": (("count",), "write {count:plural:number:numbers}.", "Schreibe {count:plural:Zahl:Zahlen}."),
    "flag": (("value",), "write true or false, not {value}.", "Schreibe true oder false, nicht {value}."),
    "card_too_often": (("card", "decks", "held"), "{card} is named more often than the {decks:plural:deck holds:decks hold} "
                       "it ({held}).",
                       "{card:card} steht öfter in der Stellung, als die Karte in {decks:plural:Deck:Decks} vorkommt "
                       "({held}-mal)."),
    "variant_unknown": (("variant", "known"), "unknown variant {variant}; known: {known}.",
                        "Unbekanntes Spiel {variant}; bekannt sind: {known}."),
    "key_unknown": (("key", "variant", "keys"), "'{key}' is not a key of a {variant} position (keys: {keys}).",
                    "'{key}' ist kein Schlüssel einer Stellung von {variant} (Schlüssel: {keys})."),
    "seat_number": (("key",), "write '{key} 0: ...' with a seat number.",
                    "Schreibe '{key} 0: ...' mit einer Platznummer."),
    "no_number": (("key",), "'{key}' takes no number before the colon.",
                  "Vor dem Doppelpunkt von '{key}' steht keine Zahl."),
    "no_word": (("key",), "'{key}' takes no word before the colon.",
                "Vor dem Doppelpunkt von '{key}' steht kein weiteres Wort."),
    "twice": ((), "this line is given twice.", "Diese Zeile steht zweimal da."),
    "players_allowed": (("variant", "allowed"), "{variant} is played by {allowed:list_or} players.",
                        "{variant} spielen {allowed:list_or} Personen."),
    "seats_in_game": (("high",), "seats are numbered 0 to {high} in this game.",
                      "In diesem Spiel sind die Plätze von 0 bis {high} nummeriert."),
    "sides_in_game": (("high",), "sides are numbered 0 to {high} in this game.",
                      "In diesem Spiel sind die Parteien von 0 bis {high} nummeriert."),
    "seed_number": (("value",), "write one whole number, not {value}.", "Schreibe eine ganze Zahl, nicht {value}."),
    "scores_sides": (("count",), "write {count} scores, one per side.",
                     "Schreibe {count} Punktstände, einen für jede Partei."),
    "scores_seats": (("count",), "write {count} scores, one per seat.",
                     "Schreibe {count} Punktstände, einen für jeden Platz."),
    "turn_seat": (("high", "example"), "write the seat to act (0 to {high}) first, e.g. '{example}'.",
                  "Schreibe zuerst den Platz, der am Zug ist (0 bis {high}), z. B. '{example}'."),
    "turn_words": (("words",), "after the seat write {words:list_or}.", "Schreibe nach dem Platz {words:list_or}."),
    "turn_nothing": ((), "after the seat write nothing.", "Nach dem Platz folgt nichts."),
    "meld_rank_name": (("extra",), "a meld is named by its rank, e.g. 'meld 0 Q:' or 'meld 0 Q#2:', not {extra}.",
                       "Eine Meldung wird nach ihrem Rang benannt, z. B. 'meld 0 Q:' oder 'meld 0 Q#2:', nicht {extra}."),
    "meld_wild_rank": ((), "name the rank of a meld of wild cards, e.g. 'meld 0 2: 2C 2D JK'.",
                       "Nenne den Rang einer Meldung aus wilden Karten, z. B. 'meld 0 2: 2C 2D JK'."),
    "meld_cards": ((), "a meld needs its cards.", "Zu einer Meldung gehören ihre Karten."),
    "sits_out": (("seat", "deal"), "seat {seat} sits out deal {deal}.", "Platz {seat} setzt in Runde {deal} aus."),
    "took_pile": ((), "'took' (the discard pile) means the seat has drawn: write 'turn: 0 took'.",
                  "'took' (der Ablagestapel ist genommen) heißt, dass der Platz schon gezogen hat: "
                  "Schreibe 'turn: 0 took'."),
    "took_top": ((), "'took' (the top discard) means the seat has drawn: write 'turn: 0 took'.",
                 "'took' (die oberste abgeworfene Karte ist genommen) heißt, dass der Platz schon gezogen hat: "
                 "Schreibe 'turn: 0 took'."),
    "took_initial": (("seat",), "a pile taken before the side's initial meld is the middle of that meld: start the "
                     "position at the draw ('turn: {seat} draw').",
                     "Ein Ablagestapel, der vor der ersten Meldung der Partei genommen wurde, gehört mitten in diese "
                     "Meldung: Beginne die Stellung beim Ziehen ('turn: {seat} draw')."),
    "claims_count": (("players",), "write one number of claims (0 or more) per seat ({players}).",
                     "Schreibe für jeden der {players} Plätze eine Zahl (0 oder mehr): wie oft er außer der Reihe "
                     "genommen hat."),
}
REASONS = Catalogue("position", {
    **{k: (("line", "label") + params, "Line {line} ({label}): " + en, "Zeile {line} ({label}): " + de)
       for k, (params, en, de) in _LINE.items()},
    "position_not_text": (("type",), "A position must be text, not {type}.", "Eine Stellung ist Text, nicht {type}."),
    "position_too_long": (("limit", "length"), "A position holds at most {limit} characters, not {length}.",
                          "Eine Stellung hat höchstens {limit} Zeichen, nicht {length}."),
    "line_shape": (("line", "text"), "Line {line}: {text} is not 'key: value' (e.g. 'hand 0: QH QS JK').",
                   "Zeile {line}: {text} hat nicht die Form 'Schlüssel: Wert' (z. B. 'hand 0: QH QS JK')."),
    "line_option": (("line",), "Line {line}: write an option as 'option NAME: value', e.g. 'option draw_count: 1'.",
                    "Zeile {line}: Schreibe eine Spielregel als 'option NAME: Wert', z. B. 'option draw_count: 1'."),
    "line_key": (("line", "text"), "Line {line}: {text} is not a key such as 'hand 0' or 'meld 0 Q#2'.",
                 "Zeile {line}: {text} ist kein Schlüssel wie 'hand 0' oder 'meld 0 Q#2'."),
    "variant_first": ((), "A position starts with its variant, e.g. 'variant: canasta-two-hand'.",
                      "Eine Stellung beginnt mit ihrem Spiel, z. B. 'variant: canasta-two-hand'."),
    "options_invalid": (("en", "de"), "The position's rule options are invalid: {en}",
                        "Die Spielregeln der Stellung sind ungültig: {de}"),
    "hands_missing": (("seat",), "Name every seat's hand in 3 ist 50 (missing: hand {seat}).",
                      "Nenne in 3 ist 50 die Hand jedes Platzes (es fehlt: hand {seat})."),
    "position_invalid": (("en", "de"), "{en}", "{de}"),
    "write_hand_over": ((), "A position is a hand in play; this hand is over (start the next one first).",
                        "Eine Stellung ist eine laufende Runde; diese Runde ist vorbei (beginne zuerst die nächste)."),
    "write_mid_turn_canasta": ((), "This turn is in the middle of an initial meld or a question to the partner: "
                               "a position can start before it (at the draw), not inside it.",
                               "Dieser Zug ist mitten in einer ersten Meldung oder einer Frage an den Partner: Eine "
                               "Stellung kann davor beginnen (beim Ziehen), nicht mittendrin."),
    "write_mid_turn_continental": ((), "This turn is in the middle of laying down, placing a joker or using a taken "
                                   "card: a position can start before it (at the draw), not inside it.",
                                   "Dieser Zug ist mitten im Auslegen, im Anlegen eines Jokers oder im Verwenden einer "
                                   "genommenen Karte: Eine Stellung kann davor beginnen (beim Ziehen), nicht "
                                   "mittendrin."),
}, base=COMMON)
"""The refusals of positions (docs/positions.md, "Errors"), in English and German: malformed lines
(``NotationError``) and positions the game cannot hold (``StateError``), each naming its line."""


def _short(text: str, n: int = 40) -> str:
    return text if len(text) <= n else text[: n - 3] + "..."


class Line:
    """One line of a position: ``key`` (``"hand"``, ``"top from"``, ...), the seat/side ``num``
    (or ``None``), ``extra`` (a meld's key such as ``Q#2``, or an option's name), the ``value``
    text and the line number ``no`` (from 1)."""

    __slots__ = ("key", "num", "extra", "value", "no")

    def __init__(self, key: str, num: int | None, extra: str | None, value: str, no: int) -> None:
        self.key, self.num, self.extra, self.value, self.no = key, num, extra, value, no

    def label(self) -> str:
        """``hand 1``: the line's key, number and meld key or option name."""
        return " ".join(x for x in (self.key, None if self.num is None else str(self.num), self.extra) if x)

    def where(self) -> str:
        """``Line 7 (hand 1)``: how messages name this line."""
        return f"Line {self.no} ({self.label()})"

    def fail(self, reason: str, error: type[NotationError] | type[StateError] = NotationError, /,
             **params: Any) -> NotationError | StateError:
        """The error (``NotationError`` unless told) of reason ``reason`` of :data:`REASONS` about
        this line: its texts start with :meth:`where` (``Zeile 7 (hand 1)`` in German)."""
        return error.of(REASONS, reason, {"line": self.no, "label": self.label(), **params})

    def fail_with(self, e: MeldtableError, error: type[NotationError] | type[StateError] = NotationError
                  ) -> NotationError | StateError:
        """Error ``e`` (its texts in every language) as an error about this line."""
        return self.fail("line_detail", error, en=e.message("en"), de=e.message("de"))

    def cards(self, text: str | None = None) -> list[Card]:
        """The cards of the line's value (or of ``text``), spaces or commas between them."""
        out = []
        for word in (self.value if text is None else text).replace(",", " ").split():
            try:
                out.append(Card.parse(word))
            except NotationError as e:
                raise self.fail_with(e) from None
        return out

    def ints(self) -> list[int]:
        """The line's whole numbers (at most 13 digits each)."""
        words = self.value.replace(",", " ").split()
        if not words or any(not re.fullmatch(r"[-+]?\d{1,13}", w) for w in words):
            raise self.fail("ints", value=repr(_short(self.value)))
        return [int(w) for w in words]

    def number(self, low: int, high: int) -> int:
        """The line's one whole number, from ``low`` to ``high``."""
        v = self.ints()
        if len(v) != 1 or not low <= v[0] <= high:
            raise self.fail("number", low=low, high=high, value=repr(_short(self.value)))
        return v[0]

    def seats(self, players: int, count: int | None = None) -> list[int]:
        """The line's numbers as seats of a ``players``-seat game (exactly ``count`` if given)."""
        v = self.ints()
        if any(not 0 <= s < players for s in v):
            raise self.fail("seats_range", high=players - 1)
        if count is not None and len(v) != count:
            raise self.fail("count_numbers", count=count)
        return v

    def flag(self) -> bool:
        """The line's ``true``/``false`` (``yes``/``no``)."""
        v = self.value.strip().lower()
        if v not in ("true", "false", "yes", "no"):
            raise self.fail("flag", value=repr(_short(self.value)))
        return v in ("true", "yes")


def parse_lines(text: Any) -> list[Line]:
    """Split position text into :class:`Line` objects; ``#`` after a space (or at the start)
    begins a comment, blank lines are skipped. A line is ``key [number] [meld key]: value`` or
    ``option NAME: value``. Raises :class:`NotationError` naming the first malformed line."""
    if not isinstance(text, str):
        raise REASONS.notation("position_not_text", type=type(text).__name__)
    if len(text) > MAX_POSITION:
        raise REASONS.notation("position_too_long", limit=MAX_POSITION, length=len(text))
    out = []
    for no, raw in enumerate(text.splitlines(), 1):
        s = re.sub(r"(^|\s)#.*$", "", raw).strip()
        if not s:
            continue
        if not s.isascii():  # '²' passes str.isdigit and \d, 'ſ'.upper() is 'S': ASCII only (comments aside)
            ch = next(c for c in s if not c.isascii())
            raise COMMON.notation("position_not_ascii", line=no, char=f"U+{ord(ch):04X}")
        head, colon, value = s.partition(":")
        words = head.lower().split()
        if not colon or not words:
            raise REASONS.notation("line_shape", line=no, text=repr(_short(s)))
        if words[0] == "option":
            if len(words) != 2 or not _WORD.fullmatch(words[1]):
                raise REASONS.notation("line_option", line=no)
            out.append(Line("option", None, words[1], value.strip(), no))
            continue
        k = 0
        while k < len(words) and _WORD.fullmatch(words[k]):
            k += 1
        key, rest = " ".join(words[:k]), words[k:]
        num: int | None = None
        if rest and rest[0].isdigit() and len(rest[0]) <= 2:
            num = int(rest[0])
            rest = rest[1:]
        if not key or len(rest) > 1:
            raise REASONS.notation("line_key", line=no, text=repr(_short(head)))
        out.append(Line(key, num, rest[0].upper() if rest else None, value.strip(), no))
    return out


class Deck:
    """The cards of the game not yet named by a line; ``take`` refuses a card named more often
    than the deck holds, naming the line."""

    def __init__(self, cards: list[Card], decks: int) -> None:
        self.order = cards
        self.decks = decks
        self.left: dict[Card, int] = {}
        for c in cards:
            self.left[c] = self.left.get(c, 0) + 1
        self.total = dict(self.left)

    def take(self, line: Line, cards: list[Card]) -> list[Card]:
        for c in cards:
            if self.left.get(c, 0) <= 0:
                held = self.total.get(c, 0)
                raise line.fail("card_too_often", StateError, card=c.text, decks=self.decks, held=held)
            self.left[c] -= 1
        return cards

    def rest(self, seed: int) -> list[Card]:
        """The cards no line named, shuffled by ``Rng(seed, "position")``."""
        out = []
        left = dict(self.left)
        for c in self.order:
            if left[c] > 0:
                left[c] -= 1
                out.append(c)
        Rng(seed, "position").shuffle(out)
        return out


class Position:
    """The lines of a position, checked against its family's keys, with lookups."""

    def __init__(self, lines: list[Line]) -> None:
        self.lines = lines
        variant = [ln for ln in lines if ln.key == "variant"]
        if not variant:
            raise REASONS.notation("variant_first")
        vid = variant[0].value.strip().lower()
        if vid not in VARIANTS:
            raise variant[0].fail("variant_unknown", variant=repr(_short(vid)), known=", ".join(VARIANTS))
        self.variant = VARIANTS[vid]
        keys = COMMON_KEYS | position_room(self.variant.family).POSITION_KEYS
        seen: set[tuple[str, int | None, str | None]] = set()
        for ln in lines:
            if ln.key not in keys:
                raise ln.fail("key_unknown", key=ln.key, variant=self.variant.id, keys=", ".join(sorted(keys)))
            if (ln.key in _SEATED) != (ln.num is not None):
                raise ln.fail("seat_number" if ln.key in _SEATED else "no_number", key=ln.key)
            if ln.extra is not None and ln.key not in ("meld", "option"):
                raise ln.fail("no_word", key=ln.key)
            tag = (ln.key, ln.num, ln.extra if ln.key == "option" else None)
            if tag in seen and ln.key not in _REPEATED - {"option"}:
                raise ln.fail("twice")
            seen.add(tag)

    def one(self, key: str) -> Line | None:
        for ln in self.lines:
            if ln.key == key:
                return ln
        return None

    def all(self, key: str) -> list[Line]:
        return [ln for ln in self.lines if ln.key == key]


def _option_value(ln: Line) -> Any:
    """An option's value: JSON (numbers, true/false, lists) or else the text as it stands."""
    try:
        return strict_json(ln.value)
    except (ValueError, NonFiniteNumber, RecursionError):
        return ln.value


def position_data(text: Any) -> dict[str, Any]:
    """The saved-game data (docs/state-format.md, a dict ready for ``json.dumps``) of position
    ``text`` (docs/positions.md). Raises :class:`NotationError` for a malformed line and
    :class:`StateError` for one the game cannot hold (a card named too often, a seat or side that
    does not exist, invalid options), each naming the line. The family's loader checks the rest
    (``Game.from_position``)."""
    p = Position(parse_lines(text))
    v = p.variant
    named = [ln.num for ln in p.lines if ln.key in ("hand", "minus", "set", "run") and ln.num is not None]
    pl = p.one("players")
    if pl is not None:
        players = pl.number(1, 99)
        if players not in v.players:
            raise pl.fail("players_allowed", StateError, variant=v.short_name, allowed=list(v.players))
    else:
        need = max(named, default=-1) + 1
        fits = [n for n in v.players if n >= need]
        if not fits:
            far = next(ln for ln in p.lines if ln.num == need - 1 and ln.key in ("hand", "minus", "set", "run"))
            raise far.fail("seats_in_game", StateError, high=max(v.players) - 1)
        players = fits[0]
    sl = p.one("seed")
    seed = 0
    if sl is not None:  # any whole number, as in saved games (at most 4,300 digits)
        if not re.fullmatch(r"[-+]?\d{1,4300}", sl.value.strip()):
            raise sl.fail("seed_number", value=repr(_short(sl.value)))
        seed = int(sl.value.strip())
    given: dict[str, Any] = {}
    for ln in p.all("option"):
        assert ln.extra is not None
        given[ln.extra] = _option_value(ln)
        try:
            v.resolve({ln.extra: given[ln.extra]})
        except OptionError as e:
            raise ln.fail_with(e, StateError) from None
    try:
        options = v.with_layout(v.resolve(given), players)
    except OptionError as e:
        raise StateError.of(REASONS, "options_invalid", {"en": e.message("en"), "de": e.message("de")}) from None
    from .game import family_module

    fam = family_module(v.family)
    try:
        rules = fam.Rules(options, players)
    except OptionError as e:
        raise StateError.of(REASONS, "options_invalid", {"en": e.message("en"), "de": e.message("de")}) from None
    state = position_room(v.family).read_position(p, rules, players, seed)
    return {
        "format": "meldtable-game", "version": 1, "variant": v.id, "players": players, "seed": seed,
        "options": {k: [list(r) for r in x] if isinstance(x, tuple) else x for k, x in options.items()},
        "history": [[]], "state": state,
    }


def position_room(family: str) -> PositionRoom:
    """The position room of ``family`` (its module ``Family.POSITION``: keys, reader, writer),
    imported with the family on first use."""
    from .game import family_module

    return cast("PositionRoom", importlib.import_module(family_module(family).POSITION))


def texts(cards: list[Card]) -> list[str]:
    """The cards' texts (``["QH", "JK"]``), for saved-game data."""
    return [c.text for c in cards]


def scores(p: Position, count: int, what: str = "seat") -> list[int]:
    """The ``score`` line's ``count`` whole numbers (one per ``what``: ``"seat"`` or ``"side"``),
    all 0 without the line. Raises :class:`NotationError` naming the line."""
    ln = p.one("score")
    if ln is None:
        return [0] * count
    v = ln.ints()
    if len(v) != count:
        raise ln.fail(f"scores_{what}s", count=count)
    return v


def turn_line(p: Position, players: int, words_ok: tuple[str, ...], default: int) -> tuple[int, list[str], Line | None]:
    """The ``turn`` line: its seat and its words (of ``words_ok``: ``draw``, ``play``, ``took``) and
    the line, or ``(default, [], None)`` without one. Raises :class:`NotationError` naming the line."""
    ln = p.one("turn")
    if ln is None:
        return default, [], None
    words = ln.value.lower().replace(",", " ").split()
    if not words or not words[0].isdigit() or not 0 <= int(words[0]) < players:
        example = f"turn: 0 {words_ok[0]}" if words_ok else "turn: 0"
        raise ln.fail("turn_seat", high=players - 1, example=example)
    if any(w not in words_ok for w in words[1:]) or len(set(words[1:])) != len(words) - 1:
        if not words_ok:
            raise ln.fail("turn_nothing")
        raise ln.fail("turn_words", words=[repr(w) for w in words_ok])
    return int(words[0]), words[1:], ln


def stock_top(p: Position, deck: Deck) -> list[Card]:
    """The cards of the ``stock`` line (the top of the stock, top first), taken from ``deck``."""
    ln = p.one("stock")
    return deck.take(ln, ln.cards()) if ln is not None else []


def seat_lines(p: Position, key: str, count: int, what: str = "seat") -> dict[int, Line]:
    """The lines ``key N:`` by their number ``N``, a ``what`` (``"seat"`` or ``"side"``) below
    ``count``; raises :class:`StateError` naming a line with a number out of range."""
    out = {}
    for ln in p.all(key):
        assert ln.num is not None
        if ln.num >= count:
            raise ln.fail(f"{what}s_in_game", StateError, high=count - 1)
        out[ln.num] = ln
    return out


def deal_from(rest: list[Card], n: int, ok: Any = None) -> list[Card]:
    """Take ``n`` cards from the end of ``rest`` (only those ``ok`` accepts)."""
    out: list[Card] = []
    i = len(rest) - 1
    while len(out) < n and i >= 0:
        if ok is None or ok(rest[i]):
            out.append(rest.pop(i))
        i -= 1
    return out


# ---------------------------------------------------------------------------- loading


def _meld_names(ln: Line) -> set[str]:
    """How loader messages name the meld of line ``ln``: ``queens`` (and its key, ``Q#2``)."""
    rank_t = (ln.extra or "").partition("#")[0]
    names = {rank_name(RANKS.index(rank_t) + 1, True)} if len(rank_t) == 1 and rank_t in RANKS else set()
    if ln.extra:
        names.add(ln.extra)
    if not names:
        try:
            nat = [c for c in ln.cards(ln.value.lower().partition("buried")[0]) if c.rank not in (0, 2)]
        except NotationError:
            nat = []
        names = {rank_name(nat[0].rank, True)} if nat else set()
    return names


def _line_of(p: Position, message: str) -> Line | None:
    """The line a loader's message is about, when the message names one."""
    m = re.search(r"Side (\d+)(?:'s meld(?: of)?| has two melds of) ([A-Za-z0-9#]+)", message)
    if m:
        for ln in reversed(p.all("meld")):
            if str(ln.num) == m.group(1) and m.group(2) in _meld_names(ln):
                return ln
    m = re.search(r"Seat (\d+)'s (set|run) (.*?) is not", message)
    if m:
        for ln in p.all(m.group(2)):
            if str(ln.num) == m.group(1) and " ".join(c.text for c in ln.cards()) == m.group(3):
                return ln
    m = re.search(r"Seat (\d+) (?:is marked as down|has combinations)", message)
    if m:
        return next((ln for ln in p.lines if ln.key in ("set", "run") and str(ln.num) == m.group(1)), None)
    for pattern, key in ((r"claim window|claim_queue", "window"), (r"discard_live", "discard live"),
                         (r"in the centre", "centre"), (r"marked as melded|has melds but", "meld"),
                         (r"red three cannot be in a hand|laid out its red threes", "hand")):
        if re.search(pattern, message) and p.one(key) is not None:
            if key == "hand":  # the hand that holds a red three
                return next((ln for ln in p.all("hand") if re.search(r"(?i)\b3[hd]\b", ln.value)), None)
            return p.one(key)
    if re.search(r"cannot go on|turn order|turn belongs|sits out|'took'|turn says|turn that begins", message):
        return p.one("turn")
    return None


def load(game_cls: type[Game], text: Any) -> Game:
    """``Game.from_position``: build the saved-game data and load it with ``Game.from_json`` (the
    family's validating loader). Loader messages speak of "the position" and name the line they
    are about when they name a meld, a combination or the turn."""
    data = position_data(text)
    try:
        return game_cls.from_json(json.dumps(data))
    except StateError as e:
        msg = _as_position(str(e))
        de = _as_position_de(e)
        ln = _line_of(Position(parse_lines(text)), msg)
        if ln is not None:
            raise StateError.of(REASONS, "line_detail", {"line": ln.no, "label": ln.label(), "en": msg, "de": de}) from None
        raise StateError.of(REASONS, "position_invalid", {"en": msg, "de": de}) from None


def _as_position(msg: str) -> str:
    """A loader's English message about "the saved game" said of the position."""
    msg = msg.replace("The saved game's", "The position's").replace("The saved game", "The position")
    return msg.replace("the saved game", "the position")


_DE_NOUNS = (("Im gespeicherten Spiel", "In der Stellung"), ("im gespeicherten Spiel", "in der Stellung"),
             ("des gespeicherten Spiels", "der Stellung"), ("Das gespeicherte Spiel", "Die Stellung"),
             ("das gespeicherte Spiel", "die Stellung"))


def _as_position_de(e: StateError) -> str:
    """The German text of a loader's error said of the position: a reason with a German text of its
    own with the noun changed; a deep check with an English detail only (``bad_state``) as "the
    position cannot be played so", quoting the detail."""
    if e.key == "bad_state":
        return f"Die Stellung ist so nicht möglich (Einzelheit auf Englisch: {_as_position(str(e))})"
    de = e.message("de")
    for old, new in _DE_NOUNS:
        de = de.replace(old, new)
    return de


# ---------------------------------------------------------------------------- writing


def cards_text(cards: list[str]) -> str:
    """Card texts as a position line writes them: ``"QH QS JK"``."""
    return " ".join(cards)


def write_position(game: Game) -> str:
    """Position text (docs/positions.md) of ``game``: every card named (the stock in full, top
    first), so ``Game.from_position`` gives back the same table, turn and scores. Raises
    :class:`StateError` when the hand is over, or for a turn in a state no position line
    describes (canasta: after melding towards the initial meld, or waiting for a partner's answer;
    Continental: a contract half laid, a joker to place, a card taken from the pile)."""
    d = json.loads(game.to_json())
    s = d["state"]
    if s["hand_over"]:
        raise StateError.of(REASONS, "write_hand_over")
    v = game.variant
    out = [f"variant: {v.id}", f"players: {game.players}"]
    if game.seed:
        out.append(f"seed: {game.seed}")
    defaults = v.with_layout(v.resolve(None), game.players)
    for k, x in game.options.items():
        if defaults.get(k) != x:
            shown = json.dumps([list(r) for r in x] if isinstance(x, tuple) else x)
            bare = isinstance(x, str) and re.fullmatch(r"[a-z_][a-z_0-9]*", x) and x not in ("true", "false", "null")
            out.append(f"option {k}: {x if bare else shown}")
    if s["hand_number"] != 1:
        out.append(f"deal: {s['hand_number']}")
    out += position_room(v.family).write_position(s, game.players)
    if any(s["scores"]):
        out.append("score: " + " ".join(str(x) for x in s["scores"]))
    return "\n".join(out) + "\n"
