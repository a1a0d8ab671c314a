"""German reasons for every refusal, not only for illegal moves (issue #14: "a German CPython user
and the German page get German reasons for every refusal"): malformed notation and page actions
(``NotationError``), a seat that is not in the game (``NotYourTurnError``), bad rule options
(``OptionError``) and broken saved games (``StateError``) carry a key of a declared catalogue
(``COMMON`` in meldtable/reasons.py or the family's ``REASONS``), its parameters and its texts in
English and German, as ``IllegalMoveError`` does; the api forwards them to the page.

The malformed inputs are the error tables of docs/notation.md (read by tests/test_docs_examples.py,
which checks their English messages), more edge cases of each family's notation and the page's
action objects, and text fuzzed from notation pieces with hypothesis.
"""
from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meldtable
from meldtable import Move, NotationError, OptionError, StateError, api
from meldtable.cards import Card, parse_cards
from meldtable.continental import ContinentalMove
from meldtable.errors import MeldtableError, NotYourTurnError
from meldtable.game import FAMILIES
from meldtable.reasons import COMMON, LANGUAGES, Catalogue, fields
from meldtable.threefifty import ThreeFiftyMove
from test_docs_examples import Parser, code_spans, notation_cases

GENERIC = {"bad_notation", "bad_option", "bad_state"}
"""The fallback reasons of errors made without a key (a German frame around the English detail)."""


def catalogue_of(key: str) -> Catalogue:
    """The catalogue (COMMON or a family's) that declares ``key``."""
    if key in COMMON.reasons:
        return COMMON
    for module in FAMILIES.values():
        cat: Catalogue = importlib.import_module(module).REASONS
        if key in cat.reasons:
            return cat
    raise AssertionError(f"{key!r} is declared in no catalogue")


def assert_declared_german(e: MeldtableError, specific: bool = True) -> None:
    """``e`` carries a declared key with exactly its parameters, and texts in every language that
    are the catalogue's: English = ``str(e)``, German different from English."""
    assert e.key is not None, str(e)
    if specific:
        assert e.key not in GENERIC, (e.key, str(e))
    cat = catalogue_of(e.key)
    reason = cat.reason(e.key)
    assert set(e.params) == set(reason.params), (e.key, e.params)
    assert set(e.texts) == set(LANGUAGES)
    assert e.texts == cat.texts(e.key, e.params)
    assert e.texts["en"] == str(e) == e.message("en")
    assert e.message("de") == e.texts["de"] != e.texts["en"], e.key
    assert "{" not in e.texts["de"] or "{" in json.dumps(e.params), e.texts["de"]


# ---------------------------------------------------------------------- docs/notation.md's tables
@pytest.mark.parametrize("section,parse,cell,message", notation_cases("input"))
def test_every_error_row_of_the_notation_docs_has_a_german_reason(section: str, parse: Parser, cell: str, message: str) -> None:
    inputs: list[object] = [c for c in code_spans(cell)] if "non-string" not in cell else [5]
    for text in ["" if x == '""' else x for x in inputs]:
        with pytest.raises(NotationError) as e:
            parse(text)  # type: ignore[arg-type]  # the "non-string" row passes 5
        assert_declared_german(e.value)


@pytest.mark.parametrize("section,parse,cell,read_as", [c for c in notation_cases("written") if "refused" in c[3]])
def test_every_refused_spelling_of_the_notation_docs_has_a_german_reason(section: str, parse: Parser, cell: str,
                                                                         read_as: str) -> None:
    (text,) = code_spans(cell)
    with pytest.raises(NotationError) as e:
        parse(text)
    assert_declared_german(e.value)


# ---------------------------------------------------------------------- more edge cases
EDGE = [
    (Move.parse, ",", "move_only_commas"), (Move.parse, "take ,", "move_trailing_comma"),
    (Move.parse, "meld QH,,QS,JK", "move_double_comma"), (Move.parse, "add Q#x QH", "meld_number"),
    (Move.parse, "bury", "meld_and_card"), (Move.parse, "yes QH", "move_no_cards"),
    (Move.parse, "meld QH QS QX", "not_a_card"), (Move.parse, ["draw"], "move_not_text"),
    (Move.parse, "xxxxxxxxxxxxxxxxxxxxxxxx", "move_unknown"),
    (ContinentalMove.parse, "claim 7H", "move_nothing_after"), (ContinentalMove.parse, "swap", "combo_and_card"),
    (ContinentalMove.parse, "add x 7H", "combo_first"), (ContinentalMove.parse, "add 0.0 7H", "combo_number"),
    (ContinentalMove.parse, "set 7C", "set_cards"), (ContinentalMove.parse, "run 5H", "run_cards"),
    (ContinentalMove.parse, "add 1.1 7H 8H", "move_one_card"), (ContinentalMove.parse, None, "move_not_text"),
    (ThreeFiftyMove.parse, "play", "play_shape"), (ThreeFiftyMove.parse, "play 7H pile 1234", "pile_seat"),
    (ThreeFiftyMove.parse, "discard", "move_one_card"), (ThreeFiftyMove.parse, "draw", "move_unknown"),
    (Card.parse, 7, "card_not_text"), (Card.parse, "Q", "not_a_card"), (parse_cards, 7, "cards_not_list"),
    (lambda _: Card(14, "H"), None, "no_such_card"),
]


@pytest.mark.parametrize("parse,text,key", EDGE)
def test_edge_cases_of_the_notation_name_their_reason(parse: Parser, text: str, key: str) -> None:
    with pytest.raises(NotationError) as e:
        parse(text)
    assert e.value.key == key
    assert_declared_german(e.value)


def test_the_german_texts_join_lists_in_german() -> None:
    with pytest.raises(NotationError) as e:
        Move.parse("")
    assert e.value.params == {"examples": ["'draw'", "'discard 4C'"]}
    assert e.value.message("de") == "Leerer Zug: Schreibe zum Beispiel 'draw' oder 'discard 4C'."
    with pytest.raises(NotationError) as e:
        ThreeFiftyMove.parse("draw")
    assert e.value.message("en") == "Unknown move 'draw': moves are play and discard."
    assert e.value.message("de") == "Unbekannter Zug 'draw': Die Züge heißen play und discard."


NOTATION_WORDS = ["draw", "take", "meld", "add", "bury", "discard", "pass", "ask", "yes", "no", "set", "run", "claim",
                  "swap", "play", "pile", "middle", "own", "QH", "QS", "JK", "7H", "10H", "QX", "Q", "Q#2", "Q#0", "1.2",
                  "0.0", "x", "high", ",", ",,", " ", "#", "2", "low"]


@settings(max_examples=300, derandomize=True, deadline=None)
@given(words=st.lists(st.sampled_from(NOTATION_WORDS), max_size=6), sep=st.sampled_from([" ", ",", ""]))
def test_fuzzed_notation_is_refused_with_a_specific_german_reason(words: list[str], sep: str) -> None:
    text = sep.join(words)
    for parse in (Move.parse, ContinentalMove.parse, ThreeFiftyMove.parse):
        try:
            parse(text)
        except NotationError as e:
            assert_declared_german(e)


# ---------------------------------------------------------------------- page actions
CANASTA_ACTIONS = [
    ({"type": "dance"}, "action_unknown"), ({"type": "move"}, "action_text"), ({"type": "move", "text": 5}, "action_text"),
    ({"type": "move", "text": "meld QH"}, "meld_three_cards"), ({"type": "meld", "cards": "QH QS JK"}, "action_cards"),
    ({"type": "add", "rank": "X", "cards": ["QH"]}, "action_meld"), ({"type": "discard", "card": "QX"}, "not_a_card"),
]


@pytest.mark.parametrize("action,key", CANASTA_ACTIONS)
def test_malformed_canasta_actions_name_their_reason(action: dict[str, Any], key: str) -> None:
    g = meldtable.new_game("canasta-two-hand", players=2, seed=3)
    with pytest.raises(NotationError) as e:
        g.family.compose_action(g, action)
    assert e.value.key == key
    assert_declared_german(e.value)


def test_the_api_answers_malformed_notation_with_the_german_text() -> None:
    s = api.Session()
    json.loads(api.handle(json.dumps({"op": "new", "variant": "canasta-two-hand", "players": 2, "seed": 1}), s))
    r = json.loads(api.handle(json.dumps({"id": 2, "op": "act", "action": {"type": "move", "text": "take ,,"}}), s))
    assert r["ok"] is False and r["error"]["code"] == "bad_request"
    err = r["error"]
    assert err["key"] == "move_double_comma" and err["params"] == {"kind": "take"}
    assert err["texts"]["de"].startswith("Zwei Kommas ohne etwas dazwischen in 'take ...'")


# ---------------------------------------------------------------------- seats, options, saved games
def test_a_seat_not_in_the_game() -> None:
    g = meldtable.new_game("canasta-two-hand", players=2, seed=1)
    with pytest.raises(NotYourTurnError) as e:
        g.view(7)
    assert e.value.key == "no_such_seat" and e.value.params == {"seat": "7", "players": 2}
    assert e.value.message("de") == "In diesem Spiel für 2 Spieler gibt es keinen Platz 7."


@pytest.mark.parametrize("call,key", [
    (lambda: meldtable.new_game("canasta-four-hand", players=2, seed=1), "variant_unknown"),
    (lambda: meldtable.new_game("canasta-two-hand", players=7, seed=1), "players_allowed"),
    (lambda: meldtable.new_game("canasta-two-hand", players=2, seed="x"), "seed_int"),  # type: ignore[arg-type]  # a wrong type on purpose
    (lambda: meldtable.new_game("canasta-two-hand", players=2, seed=1, options=[1]), "options_not_object"),  # type: ignore[arg-type]  # on purpose
    (lambda: meldtable.new_game("canasta-two-hand", players=2, seed=1, options={"speed": 1}), "option_unknown"),
    (lambda: meldtable.new_game("canasta-two-hand", players=2, seed=1, options={"draw_count": "two"}), "option_int"),
    (lambda: meldtable.new_game("canasta-two-hand", players=2, seed=1, options={"draw_count": 99}), "option_max"),
    (lambda: meldtable.new_game("canasta-two-hand", players=2, seed=1, options={"take_pile_onto_own_meld": 1}), "option_bool"),
    (lambda: meldtable.new_game("canasta-two-hand", players=2, seed=1, options={"stock_exhausted": "x"}), "option_choice"),
])
def test_bad_options_name_their_reason(call: Callable[[], object], key: str) -> None:
    with pytest.raises(OptionError) as e:
        call()
    assert e.value.key == key
    assert_declared_german(e.value)


@pytest.mark.parametrize("players,options,key", [
    (6, {"decks": 1}, "option_decks_too_few"),  # 6 x 9 cards need two decks (seed 001: 108 cards)
    (2, {"partnerships": "two_sides"}, "seating_two_sides"),
    (4, {"partnerships": "three_sides"}, "seating_three_sides"),
])
def test_impossible_canasta_option_combinations_have_their_own_german_reason(players: int, options: dict[str, Any],
                                                                              key: str) -> None:
    """Combinations of rule options that cannot be played (issue #25: "every refusal a player can
    cause has a key and a German text written in German"): a key of their own, no English detail
    inside the German text."""
    with pytest.raises(OptionError) as e:
        meldtable.new_game("canasta-classic", players=players, seed=1, options=options)
    assert e.value.key == key
    assert_declared_german(e.value)
    assert e.value.texts["en"] not in e.value.texts["de"]


def test_burying_needs_blocking_ranks_in_german() -> None:
    with pytest.raises(OptionError) as e:
        meldtable.new_game("kanaster", players=4, seed=1, options={"blocking_ranks": "none"})
    assert e.value.key == "option_bury_needs_blocking"
    assert_declared_german(e.value)


@pytest.mark.parametrize("text,key", [
    (5, "state_not_text"), ("{", "state_not_json"), ("[NaN]", "state_nonfinite"), ("{}", "state_foreign"),
])
def test_broken_saved_games_name_their_reason(text: object, key: str) -> None:
    with pytest.raises(StateError) as e:
        meldtable.Game.from_json(text)  # type: ignore[arg-type]  # 5: not text, on purpose
    assert e.value.key == key
    assert_declared_german(e.value)


def test_a_saved_game_error_with_a_json_detail_has_a_german_text() -> None:
    """A check deep in a family's loader names JSON fields (``'melded' must be true/false per
    side.``): it carries ``bad_state``, whose German text says the saved game is broken and quotes
    the English detail."""
    g = meldtable.new_game("canasta-two-hand", players=2, seed=1)
    d = json.loads(g.to_json())
    d["state"]["melded"] = "yes"
    with pytest.raises(StateError) as e:
        meldtable.Game.from_json(json.dumps(d))
    assert e.value.key == "bad_state" and e.value.params == {"detail": str(e.value)}
    assert e.value.message("de").startswith("Der gespeicherte Spielstand ist fehlerhaft")
    assert str(e.value) in e.value.message("de")
    assert_declared_german(e.value, specific=False)


def test_fallback_reasons_take_only_the_detail() -> None:
    for key in GENERIC:
        reason = COMMON.reason(key)
        assert reason.params == ("detail",)
        text = reason.texts["en"]
        assert isinstance(text, str)  # (the fallback reasons have one text per language)
        assert [name for name, _ in fields(text)] == ["detail"]


def test_the_key_column_of_the_notation_docs() -> None:
    """docs/notation.md's error tables name each row's key; the parser gives exactly that key."""
    from test_docs_examples import DOCS, PARSERS, sections, tables

    rows = 0
    for title, lines in sections(DOCS / "notation.md"):
        for head, body in tables(lines):
            if title not in PARSERS or head != ["input", "message", "key"]:
                continue
            for cells in body:
                inputs: list[object] = [*code_spans(cells[0])] if "non-string" not in cells[0] else [5]
                (key,) = code_spans(cells[2])
                for text in inputs:
                    with pytest.raises(NotationError) as e:
                        PARSERS[title]("" if text == '""' else text)  # type: ignore[arg-type]  # the "non-string" row: 5
                    assert e.value.key == key, (title, text)
                rows += 1
    assert rows >= 25
