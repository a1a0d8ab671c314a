"""The refusal-reason catalogues (issue #14): one declared, closed catalogue per family with key,
parameters, English and German text; ``IllegalMoveError`` carries key, parameters and texts;
``Game.explain(move, lang="de")`` answers in German; the api sends every text to the page.
"""
from __future__ import annotations

import importlib
import json
import random

import pytest

import meldtable
from meldtable import IllegalMoveError, api
from meldtable.game import FAMILIES
from meldtable.reasons import COMMON, LANGUAGES, RENDERERS, Catalogue, fields
from positions import seat_to_act

SAMPLE = {
    "card": "QH", "top": "7S", "rank": "Q", "fits": "9H", "stands_for": ["5H", "7H"], "contract": "two sets and a run",
    "seat": 1, "asked": 2, "pile": 2, "players": 4, "count": 2, "max": 1, "minimum": 50, "points": 30,
    "canastas": 2, "held": 3, "named": 5, "times": 2, "target": "1.2", "from": "0.1", "move": "play 7H middle",
    "moves": "'play 7H middle', 'play 7H own'", "sets": 2, "runs": 1, "allowed": 1, "room": 2, "size": 3,
    "kind": "set", "cards": "7C 7D", "end": "low", "meld": "Q#2",
    # malformed notation, page actions, rule options, saved games (NotationError, OptionError, StateError)
    "examples": ["'draw'", "'discard 4C'"], "known": ["play", "discard"], "word": "go", "example": "discard 4C",
    "type": "int", "text": "10H", "suit": "'X'", "name": "draw_count", "value": "'x'", "maximum": 3,
    "choices": "none, wild", "variant": "canasta-two-hand", "version": "7", "expected": 1,
    "detail": "'melded' must be true/false per side.", "seed": "'x'", "char": "U+00B2", "line": 3, "rows": 50,
    "label": "hand 1", "en": "x", "de": "x", "low": 0,
    "high": 3, "deal": 2, "extra": "'X'", "keys": "hand, seed", "key": "hand", "words": ["draw", "play"], "limit": 20000,
    "length": 20001, "most": 4, "first": 1, "games": 5, "hand_size": 9, "need": 2, "decks": 1,
}
FORMS = {"because": ("initial", "wild"), "counted": ("take", "turn"), "then": ("no_out", "finish")}


def catalogues() -> dict[str, Catalogue]:
    out = {"common": COMMON}
    for family, module in FAMILIES.items():
        out[family] = importlib.import_module(module).REASONS
    from meldtable import positions, records, undo
    from meldtable.search import hints

    out["position"], out["undo"] = positions.REASONS, undo.REASONS
    out["record"], out["hints"] = records.REASONS, hints.HINTS
    return out


def test_every_family_declares_its_catalogue() -> None:
    cats = catalogues()
    assert set(cats) == {"common", "canasta", "continental", "threefifty", "position", "undo", "record", "hints"}
    for name, cat in cats.items():
        assert cat.family == name and len(cat.reasons) >= (4 if name == "undo" else 8), name


# "record" and "hints" have their own parameter samples (tests/test_records.py, tests/test_hint.py)
@pytest.mark.parametrize("family", ["common", "canasta", "continental", "threefifty"])
def test_every_key_has_both_texts_using_only_its_own_parameters(family: str) -> None:
    cat = catalogues()[family]
    for key, reason in cat.reasons.items():
        assert set(reason.texts) == set(LANGUAGES), key
        assert len(set(reason.params)) == len(reason.params), key
        for lang in LANGUAGES:
            templates = reason.templates(lang)
            assert templates and all(t.strip() for t in templates), (key, lang)
            if not isinstance(reason.texts[lang], str):  # a reason with forms: the same forms in every language
                assert set(reason.texts[lang]) == set(reason.texts["en"]) == set(FORMS[reason.params[0]]), key
            for template in templates:
                for name, spec in fields(template):
                    assert name in reason.params, (key, lang, name)
                    assert not spec or spec.split(":")[0] in RENDERERS, (key, lang, spec)
        params = {p: SAMPLE[p] if p in SAMPLE else FORMS[p][0] for p in reason.params}
        for form in FORMS.get(reason.params[0], [None]) if reason.params else [None]:
            if form is not None:
                params[reason.params[0]] = form
            en, de = reason.text(params, "en"), reason.text(params, "de")
            assert en and de and "{" not in en + de, (key, en, de)
            assert en != de, (key, en)


def test_renderers_in_both_languages() -> None:
    cat = catalogues()["continental"]
    assert cat.reason("joker_stands_for").text({"stands_for": ["5H", "7H"], "card": "6S"}, "en") == \
        "The joker there stands for 5H or 7H, not 6S."
    assert cat.reason("joker_stands_for").text({"stands_for": ["5H", "7H"], "card": "6S"}, "de") == \
        "Der Joker dort steht für Herz-Fünf oder Herz-Sieben, nicht für Pik-Sechs."
    assert "zwei Sätze und eine Straße" in cat.reason("contract_incomplete").text({"contract": "two sets and a run"}, "de")
    assert "Damen" in catalogues()["canasta"].reason("take_rank").text({"rank": "Q"}, "de")
    assert catalogues()["canasta"].reason("keep_a_card").text({"canastas": 1}, "en").startswith(
        "Until your side has 1 canasta you")


def test_an_undeclared_key_is_an_error() -> None:
    with pytest.raises(KeyError):
        catalogues()["canasta"].why("not_allowed")


GERMAN_WORDS = ("du ", "Du ", "der ", "die ", "Der ", "Die ", "ist", "nicht", "kein", "Platz", "Stapel", "Joker",
                "Karte", "Straße", "Satz", "Meldung", "Minushaufen", "Eine ", "Ein ", "Lege ", "Wähle", "Dort ",
                "An ", "Diese", "Das ", "In diesem", "Um ", "Bis ", "Schwarze", "Rote", "Den ", "Niemand", "Passen")


@pytest.mark.parametrize("variant,players", [("canasta-two-hand", 2), ("canasta-classic", 4), ("kanaster", 4), ("continental", 3),
                                             ("3-ist-50", 3)])
def test_a_german_user_gets_german_reasons_for_every_refusal(variant: str, players: int) -> None:
    """A CPython user asking in German: every refusal of random wrong moves in played games comes as
    ``IllegalMoveError`` with a declared key and a German text, and ``Game.explain(move, "de")``
    gives the same German text."""
    rng = random.Random(variant)
    g = meldtable.new_game(variant, players=players, seed=3)
    family = importlib.import_module(FAMILIES[g.variant.family])
    seen: set[str] = set()
    for _ in range(120):
        if g.hand_over:
            break
        legal = g.legal_moves()
        texts = sorted({str(m) for m in legal})
        hand = g.view(g.current_player)["hand"] if g.current_player is not None else []
        tries = [rng.choice(texts).rsplit(" ", 1)[0] + " " + rng.choice(hand + ["KS", "JK"]) for _ in range(6)]
        tries += ["draw", "take", "discard JK", "pass", "claim", "play KS middle", "discard KS"]
        for text in tries:
            try:
                m = g.parse_move(text)
            except meldtable.NotationError:
                continue
            if m in legal:
                continue
            with pytest.raises(IllegalMoveError) as e:
                g.play(m)
            err = e.value
            assert err.key in set(family.REASONS.keys()), (text, err.key)
            de = err.message("de")
            assert de and de != str(err) and any(w in de for w in GERMAN_WORDS), (text, err.key, de)
            assert g.explain(m, lang="de") == de
            assert g.explain(m) == str(err)
            seen.add(str(err.key))
        g.play(rng.choice(legal))
    assert len(seen) >= 3, seen


def test_game_level_refusals_are_german_too() -> None:
    g = meldtable.new_game("3-ist-50", players=2, seed=1)
    with pytest.raises(meldtable.NotYourTurnError) as e:
        g.play(g.legal_moves()[0], seat=1 - seat_to_act(g))
    assert e.value.key == "not_your_turn" and "am Zug" in e.value.message("de")
    with pytest.raises(IllegalMoveError) as e2:
        g.next_hand()
    assert e2.value.key == "hand_not_over" and e2.value.message("de") == "Das Spiel ist noch nicht vorbei."


def test_the_api_sends_the_texts_of_every_language() -> None:
    s = api.Session()
    r = json.loads(api.handle(json.dumps({"op": "new", "variant": "continental", "players": 3, "seed": 1,
                                               "human_seats": [0, 1, 2]}), s))
    assert r["ok"]
    r = json.loads(api.handle(json.dumps({"op": "act", "action": {"type": "move", "text": "discard 4C"}}), s))
    err = r["error"]
    assert err["code"] == "illegal_move" and err["key"] == "draw_first" and err["params"] == {}
    assert err["texts"] == {"en": err["message"],
                            "de": "Nimm zuerst die oberste Karte des Ablagestapels oder ziehe vom Talon."}
    r = json.loads(api.handle(json.dumps({"op": "new", "variant": "canasta-two-hand", "players": 2, "seed": 1,
                                               "human_seats": [0, 1]}), s))
    r = json.loads(api.handle(json.dumps({"op": "act", "action": {"type": "draw"}}), s))
    r = json.loads(api.handle(json.dumps({"op": "act", "action": {"type": "meld", "cards": r["result"]["view"]["hand"][:2]}}), s))
    assert r["error"]["key"] == "meld_size"
    assert r["error"]["texts"]["de"] == "Eine Meldung braucht mindestens drei Karten."
