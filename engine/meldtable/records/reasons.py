"""The limits of a game record and its refusals (``REASONS``, catalogue ``record``, English and
German), with the patterns its lines are read by (docs/records.md, "Limits", "Refusals")."""

from __future__ import annotations

import re

from ..reasons import COMMON, Catalogue

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
_INT_RE = re.compile(rf"[-+]?\d{{1,{MAX_SEED_DIGITS}}}")
_SEAT_RE = re.compile(r"\d{1,2}")
_OPTION_RE = re.compile(r"[a-z_][a-z0-9_]{0,63}")


def _short(text: str, n: int = 40) -> str:
    return repr(text if len(text) <= n else text[: n - 3] + "...")


