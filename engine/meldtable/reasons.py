"""Refusal reasons as declared, closed catalogues: per family every key a refusal can carry, its
parameters and its text in English and German (docs/architecture.md, "Refusal reasons").

A text is a :meth:`str.format` template over the reason's own parameters. A placeholder may name a
**renderer** after a colon, which turns a language-neutral parameter into words of the language:

==================  ==========================================  ===================================
placeholder         parameter                                   English / German
==================  ==========================================  ===================================
``{card:card}``     card text ``"QH"``                          ``QH`` / ``Herz-Dame``
``{x:cards_or}``    list of card texts                          ``5H or 7H`` / ``Herz-Fünf oder ...``
``{rank:ranks}``    rank text ``"Q"``                           ``queens`` / ``Damen``
``{x:card_or_ranks}``  a card text or a rank text                ``9H`` or ``nines`` / ...
``{rank:rank_name}``  rank text                                 ``queen`` / ``Dame``
``{rank:a_rank}``   rank text                                   ``a queen`` / ``Dame``
``{c:contract}``    contract name (``contract_name``)           ``two sets and a run`` / ``zwei ...``
``{n:plural:a:b}``  whole number                                ``1 a`` / ``2 b`` (``a``/``b`` words)
``{x:or}``          list of words (two: "a or b", more: "a, b, c")  ``'draw' or 'discard 4C'`` / ``... oder ...``
``{x:and}``         list of words (two: "a and b", more: "a, b, c")  ``play and discard`` / ``play und discard``
``{x:list_or}``     list of words or numbers                    ``2, 3 or 4`` / ``2, 3 oder 4``
==================  ==========================================  ===================================

Python raises refusals with :meth:`Catalogue.error` (an :class:`~meldtable.errors.IllegalMoveError`
carrying ``key``, ``params`` and the texts of every language); the page shows the text of its
language from the error (docs/protocol.md, "Errors") and reads the catalogues from ``hello``.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .errors import IllegalMoveError, NotationError

LANGUAGES = ("en", "de")
"""The languages every reason has a text in."""

_RANKS = "A23456789TJQK"
_RANK_WORDS = {
    "en": ("ace aces", "two twos", "three threes", "four fours", "five fives", "six sixes", "seven sevens",
           "eight eights", "nine nines", "ten tens", "jack jacks", "queen queens", "king kings"),
    "de": ("Ass Asse", "Zwei Zweien", "Drei Dreien", "Vier Vieren", "Fünf Fünfen", "Sechs Sechsen",
           "Sieben Siebenen", "Acht Achten", "Neun Neunen", "Zehn Zehnen", "Bube Buben", "Dame Damen",
           "König Könige"),
}
_SUITS = {"de": {"C": "Kreuz", "D": "Karo", "H": "Herz", "S": "Pik"}}
_NUMBERS = {"en": {1: "a", 2: "two", 3: "three", 4: "four"}, "de": {1: "ein", 2: "zwei", 3: "drei", 4: "vier"}}


def _rank_word(rank: str, lang: str, plural: bool) -> str:
    if rank in ("JK", "0"):
        return ("jokers" if plural else "joker") if lang == "en" else "Joker"
    if len(rank) != 1 or rank not in _RANKS:
        return rank
    return _RANK_WORDS[lang][_RANKS.index(rank)].split()[1 if plural else 0]


def card_words(card: str, lang: str) -> str:
    """A card text (``"QH"``, ``"JK"``) in words of ``lang``: English keeps the text (``QH``), German
    names it (``Herz-Dame``, ``Joker``); an unknown text is returned as it is."""
    if lang == "en" or not isinstance(card, str):
        return str(card)
    if card == "JK":
        return "Joker"
    if len(card) == 2 and card[0] in _RANKS and card[1] in _SUITS["de"]:
        return f"{_SUITS['de'][card[1]]}-{_rank_word(card[0], lang, False)}"
    return card


def _contract_words(name: str, lang: str) -> str:
    """Continental's contract name (``"two sets and a run"``) in ``lang``."""
    if lang == "en":
        return name
    parts = []
    for part in name.split(" and "):
        words = part.split()
        if len(words) != 2:
            return name
        num = {"a": 1, "two": 2, "three": 3, "four": 4}.get(words[0])
        if num is None or words[1] not in ("set", "sets", "run", "runs"):
            return name
        if words[1].startswith("set"):
            parts.append("ein Satz" if num == 1 else f"{_NUMBERS['de'][num]} Sätze")
        else:
            parts.append("eine Straße" if num == 1 else f"{_NUMBERS['de'][num]} Straßen")
    return " und ".join(parts)


def _words(kind: str, value: Any, lang: str) -> str:
    """A list of words: ``or``/``and`` (move notation: two as "a or b", more as "a, b, c") and
    ``list_or`` (``2, 3 or 4`` / ``2, 3 oder 4``; a single value as it is)."""
    items = [str(x) for x in value] if isinstance(value, (list, tuple)) else [str(value)]
    if kind == "list_or":
        if len(items) < 2:
            return "".join(items)
        return ", ".join(items[:-1]) + (" or " if lang == "en" else " oder ") + items[-1]
    if len(items) == 2:
        word = {"or": {"en": " or ", "de": " oder "}, "and": {"en": " and ", "de": " und "}}[kind][lang]
        return word.join(items)
    return ", ".join(items)


class _Formatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        lang = self.lang
        kind, _, rest = format_spec.partition(":")
        if kind == "card":
            return card_words(value, lang)
        if kind == "cards_or":
            return (" or " if lang == "en" else " oder ").join(card_words(c, lang) for c in value)
        if kind == "card_or_ranks":
            text = str(value)
            return card_words(text, lang) if len(text) == 2 else _rank_word(text, lang, True)
        if kind == "rank_name":
            return _rank_word(str(value), lang, False)
        if kind == "ranks":
            return _rank_word(str(value), lang, True)
        if kind == "a_rank":
            word = _rank_word(str(value), lang, False)
            if lang == "en":
                return ("an " if word[0] in "aeiou" else "a ") + word
            return word
        if kind in ("or", "and", "list_or"):
            return _words(kind, value, lang)
        if kind == "contract":
            return _contract_words(str(value), lang)
        if kind == "plural":
            one, _, many = rest.partition(":")
            return f"{value} {one if value == 1 else many}"
        return str(super().format_field(value, format_spec))


_FORMATTERS = {lang: _Formatter(lang) for lang in LANGUAGES}
RENDERERS = ("card", "card_or_ranks", "cards_or", "rank_name", "ranks", "a_rank", "contract", "plural", "or", "and",
             "list_or")
"""The renderer names a placeholder may carry."""


def fields(template: str) -> list[tuple[str, str]]:
    """``(parameter, renderer)`` of every placeholder of ``template`` (for tests and tools)."""
    out: list[tuple[str, str]] = []
    for _, name, spec, _ in string.Formatter().parse(template):
        if name is not None:
            out.append((name, spec or ""))
    return out


Text = str | Mapping[str, str]
"""A reason's text in one language: a template, or (a reason with several phrasings) a mapping
from the value of the reason's first parameter, its *form*, to a template."""


class Reason:
    """One refusal reason: ``key``, the ``params`` its texts may use, and ``texts`` (language ->
    :data:`Text`). A reason whose texts are mappings has several phrasings, chosen by the value of
    its first parameter (e.g. canasta's ``pile_frozen`` by ``because``: ``initial`` or ``wild``)."""

    __slots__ = ("key", "params", "texts")

    def __init__(self, key: str, params: tuple[str, ...], texts: Mapping[str, Text]) -> None:
        self.key = key
        self.params = params
        self.texts = dict(texts)

    def templates(self, lang: str) -> list[str]:
        """Every template of ``lang`` (one, or one per form)."""
        text = self.texts[lang]
        return [text] if isinstance(text, str) else list(text.values())

    def text(self, params: Mapping[str, Any], lang: str = "en") -> str:
        """The reason in ``lang`` (English for a language without texts) with ``params`` filled."""
        template = self.texts.get(lang) or self.texts["en"]
        if not isinstance(template, str):
            template = template[params[self.params[0]]]
        return _FORMATTERS.get(lang, _FORMATTERS["en"]).vformat(template, (), dict(params))


class Catalogue:
    """The closed set of refusal reasons of one family (``family`` = ``Variant.family``, or
    ``"common"`` for the engine's own), falling back to ``base`` for keys it does not declare.

    ``entries``: key -> ``(params, english, german)``."""

    def __init__(self, family: str, entries: Mapping[str, tuple[tuple[str, ...], Text, Text]],
                 base: Catalogue | None = None) -> None:
        self.family = family
        self.base = base
        self.reasons = {k: Reason(k, p, {"en": en, "de": de}) for k, (p, en, de) in entries.items()}

    def reason(self, key: str) -> Reason:
        """The reason ``key`` (own or the base catalogue's); ``KeyError`` for an undeclared key."""
        found = self.reasons.get(key)
        if found is None:
            if self.base is None:
                raise KeyError(f"{key!r} is not a declared refusal reason of {self.family}")
            return self.base.reason(key)
        return found

    def keys(self) -> Iterable[str]:
        """Every key this catalogue answers (its own and the base catalogue's)."""
        own = list(self.reasons)
        return own + [k for k in (self.base.keys() if self.base else ()) if k not in self.reasons]

    def why(self, key: str, **params: Any) -> tuple[str, str, dict[str, Any]]:
        """``(key, English text, params)``: what a family's ``_why`` returns for a refusal."""
        return key, self.reason(key).text(params, "en"), params

    def texts(self, key: str, params: Mapping[str, Any]) -> dict[str, str]:
        """The reason's text in every language: ``{"en": ..., "de": ...}``."""
        r = self.reason(key)
        return {lang: r.text(params, lang) for lang in LANGUAGES}

    def error(self, key: str, **params: Any) -> IllegalMoveError:
        """An :class:`~meldtable.errors.IllegalMoveError` for reason ``key`` with ``params``."""
        from .errors import IllegalMoveError

        return IllegalMoveError.of(self, key, params)

    def notation(self, key: str, **params: Any) -> NotationError:
        """A :class:`~meldtable.errors.NotationError` (malformed notation or page action) for
        reason ``key`` with ``params``."""
        from .errors import NotationError

        return NotationError.of(self, key, params)

    def to_json(self) -> dict[str, Any]:
        """``{key: {"params": [...], "en": ..., "de": ...}}`` of the catalogue's own reasons (a text
        with forms is an object: form -> template)."""
        return {k: {"params": list(r.params), **{lang: t if isinstance(t, str) else dict(t) for lang, t in r.texts.items()}}
                for k, r in self.reasons.items()}


COMMON = Catalogue("common", {
    "hand_over": ((), "The hand is over.", "Die Runde ist vorbei."),
    "hand_over_next": ((), "The hand is over: deal the next hand.", "Die Runde ist vorbei: Gib die nächste Runde."),
    "match_over": ((), "The match is over.", "Die Partie ist vorbei."),
    "hand_not_over": ((), "The hand is not over yet.", "Die Runde ist noch nicht vorbei."),
    "not_your_turn": (("seat", "asked"), "It is seat {seat}'s turn, not seat {asked}'s.",
                      "Platz {seat} ist am Zug, nicht Platz {asked}."),
    "computer_playing": ((), "Wait for your turn: the computer is playing.",
                         "Warte, bis du dran bist: Der Computer spielt gerade."),
    "your_turn": ((), "It is your turn, not the computer's.", "Du bist am Zug, nicht der Computer."),
    "wrong_family": ((), "That is not a move of this game.", "Das ist kein Zug dieses Spiels."),
    "no_legal_move": (("seat",), "Seat {seat} has no legal move: this game cannot go on.",
                      "Platz {seat} hat keinen erlaubten Zug: Dieses Spiel kann nicht weitergehen."),
    "not_in_hand": (("card",), "You do not hold {card:card}.", "Du hast {card:card} nicht auf der Hand."),
    "too_many_cards": (("held", "named"), "You hold {held:plural:card:cards}, but this action names {named}.",
                       "Du hast {held:plural:Karte:Karten} auf der Hand, diese Aktion nennt aber {named}."),
    # malformed notation and page actions (NotationError; docs/notation.md, "Errors")
    "move_not_text": (("examples", "type"), "A move must be text like {examples:or}, not {type}.",
                      "Ein Zug wird als Text wie {examples:or} geschrieben, nicht als {type}."),
    "move_empty": (("examples",), "Empty move: write for example {examples:or}.",
                   "Leerer Zug: Schreibe zum Beispiel {examples:or}."),
    "move_only_commas": (("examples",), "A move cannot be only commas: write for example {examples:or}.",
                         "Ein Zug besteht nicht nur aus Kommas: Schreibe zum Beispiel {examples:or}."),
    "move_unknown": (("word", "known"), "Unknown move '{word}': moves are {known:and}.",
                     "Unbekannter Zug '{word}': Die Züge heißen {known:and}."),
    "move_double_comma": (("kind",), "Two commas with nothing between them in '{kind} ...': is a card missing? Separate "
                          "the cards by one comma or by spaces (QH,QS,JK or QH QS JK).",
                          "Zwei Kommas ohne etwas dazwischen in '{kind} ...': Fehlt eine Karte? Trenne die Karten "
                          "durch ein Komma oder durch Leerzeichen (QH,QS,JK oder QH QS JK)."),
    "move_trailing_comma": (("kind",), "'{kind}' is followed by a comma but no card: write '{kind}' alone or name the cards.",
                            "Nach '{kind}' steht ein Komma, aber keine Karte: Schreibe '{kind}' allein oder nenne die "
                            "Karten."),
    "not_ascii": (("char", "text"), "Moves are written in plain letters and digits (ASCII): {char} in '{text}' is not one.",
                  "Züge werden mit einfachen Buchstaben und Ziffern (ASCII) geschrieben: {char} in '{text}' gehört "
                  "nicht dazu."),
    "position_not_ascii": (("line", "char"), "Line {line}: a position is written in plain letters and digits (ASCII), "
                           "{char} is not one (comments after '#' may hold any text).",
                           "Zeile {line}: Eine Stellung wird mit einfachen Buchstaben und Ziffern (ASCII) geschrieben, "
                           "{char} gehört nicht dazu (Kommentare nach '#' dürfen jeden Text enthalten)."),
    "move_no_cards": (("kind",), "'{kind}' takes no cards.", "Zu '{kind}' gehören keine Karten."),
    "move_one_card": (("kind", "example"), "'{kind}' takes exactly one card, e.g. '{example}'.",
                      "Zu '{kind}' gehört genau eine Karte, z. B. '{example}'."),
    "move_nothing_after": (("kind",), "'{kind}' takes nothing after it.", "Nach '{kind}' folgt nichts mehr."),
    "meld_rank_first": (("kind", "word"), "'{kind}' needs the meld's rank first (A 2-9 T J Q K), e.g. '{kind} Q QH', "
                        "not '{word}'.",
                        "Zu '{kind}' gehört zuerst der Rang der Meldung (A 2-9 T J Q K), z. B. '{kind} Q QH', "
                        "nicht '{word}'."),
    "meld_number": (("kind", "word"), "A meld number is written after '#', from 1 to 9, e.g. '{kind} Q#2 QH', not '{word}'.",
                    "Die Nummer einer Meldung steht nach '#', von 1 bis 9, z. B. '{kind} Q#2 QH', nicht '{word}'."),
    "meld_and_card": (("kind",), "'{kind}' needs the meld's rank and a card, e.g. '{kind} Q QH'.",
                      "Zu '{kind}' gehören der Rang der Meldung und eine Karte, z. B. '{kind} Q QH'."),
    "meld_three_cards": ((), "'meld' needs at least three cards, e.g. 'meld QH QS JK'.",
                         "Zu 'meld' gehören mindestens drei Karten, z. B. 'meld QH QS JK'."),
    "take_shape": ((), "'take' is written 'take' (onto your meld) or with two hand cards, e.g. 'take QH QS'.",
                   "'take' schreibt man allein (auf deine Meldung) oder mit zwei Handkarten, z. B. 'take QH QS'."),
    "card_not_text": (("type",), "A card must be written as text like 'QH', not {type}.",
                      "Eine Karte wird als Text wie 'QH' geschrieben, nicht als {type}."),
    "not_a_card": (("text",), "'{text}' is not a card: write rank (A 2-9 T J Q K) and suit (C D H S), e.g. QH, "
                   "or JK for a joker.",
                   "'{text}' ist keine Karte: Schreibe Rang (A 2-9 T J Q K) und Farbe (C D H S), z. B. QH, "
                   "oder JK für einen Joker."),
    "no_such_card": (("rank", "suit"), "There is no card with rank {rank} and suit {suit}.",
                     "Es gibt keine Karte mit dem Rang {rank} und der Farbe {suit}."),
    "cards_not_list": ((), "Cards must be given as text like 'QH QS JK' or a list of card texts.",
                       "Karten werden als Text wie 'QH QS JK' oder als Liste von Kartentexten angegeben."),
    "action_text": (("name",), "The action needs '{name}' as text.", "Die Aktion braucht '{name}' als Text."),
    "action_cards": (("name",), "'{name}' must be a list of card texts.", "'{name}' muss eine Liste von Kartentexten sein."),
    "action_unknown": (("type",), "Unknown action type {type}.", "Unbekannte Art von Aktion: {type}."),
    "no_such_seat": (("seat", "players"), "There is no seat {seat} in this {players}-player game.",
                     "In diesem Spiel für {players} Spieler gibt es keinen Platz {seat}."),
    # rule options and variants (OptionError)
    "options_not_object": ((), "Rule options must be an object mapping option names to values.",
                           "Die Spielregeln werden als Objekt angegeben, das Namen auf Werte abbildet."),
    "option_unknown": (("name", "variant", "known"), "Unknown rule option '{name}' for {variant}; known options: {known}.",
                       "Unbekannte Spielregel '{name}' für {variant}; bekannte Regeln: {known}."),
    "option_bool": (("name", "value"), "Rule option '{name}' must be true or false, not {value}.",
                    "Die Spielregel '{name}' ist true oder false, nicht {value}."),
    "option_int": (("name", "value"), "Rule option '{name}' must be a whole number, not {value}.",
                   "Die Spielregel '{name}' ist eine ganze Zahl, nicht {value}."),
    "option_min": (("name", "minimum", "value"), "Rule option '{name}' must be at least {minimum}, not {value}.",
                   "Die Spielregel '{name}' ist mindestens {minimum}, nicht {value}."),
    "option_max": (("name", "maximum", "value"), "Rule option '{name}' must be at most {maximum}, not {value}.",
                   "Die Spielregel '{name}' ist höchstens {maximum}, nicht {value}."),
    "option_choice": (("name", "choices", "value"), "Rule option '{name}' must be one of {choices}, not {value}.",
                      "Die Spielregel '{name}' ist einer der Werte {choices}, nicht {value}."),
    "variant_unknown": (("variant", "known"), "Unknown variant {variant}; known: {known}.",
                        "Unbekanntes Spiel {variant}; bekannt sind: {known}."),
    "players_allowed": (("variant", "allowed", "players"),
                        "{variant} is played by {allowed:list_or} players, not {players}.",
                        "{variant} spielen {allowed:list_or} Personen, nicht {players}."),
    "option_range": (("name", "minimum", "maximum", "value"),
                     "Rule option '{name}' must be a whole number from {minimum} to {maximum}, not {value}.",
                     "Die Spielregel '{name}' ist eine ganze Zahl von {minimum} bis {maximum}, nicht {value}."),
    "option_table_shape": (("name", "rows", "value"),
                           "Rule option '{name}' must be a list of at most {rows} [from_score, minimum] pairs, not {value}.",
                           "Die Spielregel '{name}' ist eine Liste von höchstens {rows} Paaren [ab_Punktzahl, Mindestwert], "
                           "nicht {value}."),
    "option_table_values": (("name", "minimum", "maximum"),
                            "Rule option '{name}' must hold whole numbers from {minimum} to {maximum} only.",
                            "Die Spielregel '{name}' enthält nur ganze Zahlen von {minimum} bis {maximum}."),
    "option_table_order": (("name",),
                           "Rule option '{name}' must start at score 0 and list rising scores, e.g. [[0, 50], [1500, 90]].",
                           "Die Spielregel '{name}' beginnt bei der Punktzahl 0 und nennt steigende Punktzahlen, "
                           "z. B. [[0, 50], [1500, 90]]."),
    "option_table_negative": (("name",), "Rule option '{name}' cannot hold a negative minimum.",
                              "Die Spielregel '{name}' kann keinen negativen Mindestwert enthalten."),
    "option_layout_choice": (("variant", "players", "name", "choices", "value"),
                             "{variant} with {players} players: '{name}' must be {choices:list_or}, not {value}.",
                             "{variant} mit {players} Personen: '{name}' ist {choices:list_or}, nicht {value}."),
    "option_layout_missing": (("variant", "players"), "{variant} has no table layout for {players} players.",
                              "{variant} hat keine Tischaufstellung für {players} Personen."),
    "option_layout_value": (("name", "players"),
                            "Rule option '{name}' needs a value: the layout for {players} players has none.",
                            "Die Spielregel '{name}' braucht einen Wert: Die Aufstellung für {players} Personen nennt "
                            "keinen."),
    "seed_int": (("seed",), "The seed must be a whole number, not {seed}.",
                 "Der Startwert (seed) ist eine ganze Zahl, nicht {seed}."),
    # saved games (StateError)
    "state_not_text": ((), "A saved game must be JSON text.", "Ein gespeichertes Spiel ist JSON-Text."),
    "state_nonfinite": ((), "The saved game holds NaN, Infinity or a number too large: not valid JSON.",
                        "Das gespeicherte Spiel enthält NaN, Infinity oder eine zu große Zahl: kein gültiges JSON."),
    "state_not_json": ((), "The saved game is not valid JSON.", "Das gespeicherte Spiel ist kein gültiges JSON."),
    "state_foreign": ((), "This is not a meldtable saved game.", "Das ist kein gespeichertes Spiel von meldtable."),
    "state_version": (("version", "expected"), "Saved game format version {version} is not supported (expected {expected}).",
                      "Die Version {version} des Speicherformats wird nicht unterstützt (erwartet: {expected})."),
    "state_variant": (("variant",), "The saved game's variant {variant} is unknown.",
                      "Das Spiel {variant} des gespeicherten Spiels ist unbekannt."),
    "state_players": (("players", "variant"), "The saved game's player count {players} is not allowed for {variant}.",
                      "Die Spielerzahl {players} des gespeicherten Spiels ist für {variant} nicht erlaubt."),
    "state_seed": ((), "The saved game's seed must be a whole number.",
                   "Der Startwert (seed) des gespeicherten Spiels muss eine ganze Zahl sein."),
    "state_history": ((), "The saved game's move history is malformed: one list of move texts (at most 500 "
                          "characters each) per deal so far, the last one a move of the game.",
                      "Der Zugverlauf des gespeicherten Spiels ist fehlerhaft: eine Liste von Zugtexten (je höchstens "
                      "500 Zeichen) für jede bisherige Runde, der letzte ein Zug dieses Spiels."),
    "request_budget": ((), "This request would take too much work: it is refused (try fewer cards or moves at once).",
                       "Diese Anfrage bräuchte zu viel Rechenarbeit und wird abgelehnt (versuche es mit weniger "
                       "Karten oder Zügen auf einmal)."),
    "state_scores": ((), "The saved game's scores must be whole numbers from -1,000,000,000,000 to 1,000,000,000,000.",
                     "Die Punktstände des gespeicherten Spiels sind ganze Zahlen von -1.000.000.000.000 bis "
                     "1.000.000.000.000."),
    "save_too_large": ((), "This game has grown too large to be saved and loaded again.",
                       "Dieses Spiel ist zu groß geworden, um es zu speichern und wieder zu laden."),
    "state_stuck": (("seat",), "In the saved game seat {seat} has no legal move, so the game cannot go on.",
                    "Im gespeicherten Spiel hat Platz {seat} keinen erlaubten Zug, das Spiel kann also nicht "
                    "weitergehen."),
    # errors with a specific English detail (docs/notation.md, "Errors"; docs/state-format.md): the
    # English text is the detail itself, the German one says what happened and quotes it
    "bad_notation": (("detail",), "{detail}", "Eingabe nicht verstanden (Einzelheit auf Englisch: {detail})"),
    "bad_option": (("detail",), "{detail}", "Ungültige Spielregel-Einstellung (Einzelheit auf Englisch: {detail})"),
    "bad_state": (("detail",), "{detail}",
                  "Der gespeicherte Spielstand ist fehlerhaft und wird nicht geladen (Einzelheit auf Englisch: {detail})"),
})
"""Reasons the engine itself gives (``Game``, the api) and every family may give, and the reasons of
malformed notation, page actions, rule options and saved games (``NotationError``, ``OptionError``,
``StateError``: :class:`~meldtable.errors.MeldtableError`)."""
