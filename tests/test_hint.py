"""Hints (issue #27): the suggested move for the seat to act with a one-line reason in English and
German, from the seat's information only; the hint catalogue is complete in both languages."""

from __future__ import annotations

import random
import re

import pytest

import meldtable
from meldtable.bot import choose_move, hint
from meldtable.reasons import LANGUAGES, fields
from meldtable.search.hints import HINTS, card_phrase, explain
from positions import seat_to_act

GAMES = [("canasta-two-hand", 2), ("canasta-classic", 4), ("kanaster", 2), ("continental", 3), ("3-ist-50", 3)]
SAMPLE = {"level": "'hard'", "levels": "easy, normal, strong", "seat": 1, "size": 14, "rank": "Q", "points": 60,
          "minimum": 50, "more": 2, "canastas": 1, "card": "9H", "keep": "9", "contract": "two sets and a run",
          "move": "draw"}


def test_every_hint_reason_has_both_texts_over_its_own_parameters() -> None:
    for key, reason in HINTS.reasons.items():
        assert set(reason.texts) == set(LANGUAGES), key
        for lang in LANGUAGES:
            for template in reason.templates(lang):
                assert {name for name, _ in fields(template)} <= set(reason.params), (key, lang)
        texts = HINTS.texts(key, {p: SAMPLE[p] for p in reason.params})
        assert texts["en"] and texts["de"] and texts["en"] != texts["de"], key


def test_the_example_reasons_of_the_issue() -> None:
    assert HINTS.texts("take_pile", {"size": 14, "rank": "Q"})["en"] == "Take the pile: 14 cards and a meld of queens."
    assert HINTS.texts("keep_opponent", {"card": "4C", "keep": "9"})["en"] == \
        "Discard the four of clubs. Keep your nines: your opponent collects them."
    assert "Neunen" in HINTS.texts("keep_opponent", {"card": "4C", "keep": "9"})["de"]


def test_hints_name_cards_in_the_players_words_never_in_notation() -> None:
    """"Discard the king of spades." / "Wirf den Pik-König ab." (docs/glossary.md: the German card
    names of the refusal reasons, with the article of the rank's gender and case)."""
    assert HINTS.texts("discard_safe", {"card": "KS"}) == {
        "en": "Discard the king of spades: nobody has melded that rank.",
        "de": "Wirf den Pik-König ab: Niemand hat diesen Rang gemeldet."}
    assert card_phrase("TH", "en") == "the ten of hearts" and card_phrase("JK", "en") == "the joker"
    assert card_phrase("TH", "de") == "die Herz-Zehn" and card_phrase("AC", "de") == "das Kreuz-Ass"
    assert card_phrase("JC", "de") == "den Kreuz-Buben" and card_phrase("JC", "de", nominative=True) == "der Kreuz-Bube"
    assert HINTS.texts("draw_card", {"card": "QD"})["de"] == "Zieh vom Talon: Dir hilft die Karo-Dame nicht."
    assert HINTS.texts("draw_card", {"card": "KD"})["de"] == "Zieh vom Talon: Dir hilft der Karo-König nicht."
    notation = re.compile(r"\b(JK|[A2-9TJQK][CDHS])\b")
    for key, reason in HINTS.reasons.items():
        if "card" in reason.params:
            texts = HINTS.texts(key, {p: SAMPLE[p] for p in reason.params})
            assert not notation.search(texts["en"]) and not notation.search(texts["de"]), (key, texts)
            assert "the nine of hearts" in texts["en"] and "Herz-Neun" in texts["de"], (key, texts)


@pytest.mark.parametrize("variant,players", GAMES)
def test_hint_texts_in_played_games_show_no_card_notation(variant: str, players: int) -> None:
    g = meldtable.new_game(variant, players=players, seed=11)
    notation = re.compile(r"\b(JK|[A2-9TJQK][CDHS])\b")
    for i in range(30):
        if g.hand_over:
            break
        h = hint(g, rng=random.Random(i), iterations=1)
        if h["key"] != "play":
            assert not notation.search(h["texts"]["en"]) and not notation.search(h["texts"]["de"]), h
        g.play(h["move"])
    assert i > 0


@pytest.mark.parametrize("variant,players", GAMES)
def test_a_hint_is_the_strong_move_with_a_reason_in_both_languages(variant: str, players: int) -> None:
    g = meldtable.new_game(variant, players=players, seed=6)
    seen = set()
    for i in range(40):
        if g.hand_over:
            break
        h = hint(g, rng=random.Random(i), iterations=1)
        assert h["seat"] == g.current_player
        assert h["move"] == str(choose_move(g, level="strong", rng=random.Random(i), iterations=1))
        assert h["key"] in HINTS.reasons and set(h["texts"]) == {"en", "de"}
        assert h["texts"] == HINTS.texts(h["key"], h["params"])
        assert all(isinstance(c, str) for c in h["cards"])
        seen.add(h["key"])
        g.play(h["move"])
    assert len(seen) >= 2


def test_a_reason_reads_only_the_seats_view() -> None:
    """The same table with the hidden cards dealt again gives the same hint."""
    for seed in range(3):
        g = meldtable.new_game("canasta-two-hand", players=2, seed=seed)
        for _ in range(25):
            g.play(choose_move(g))
        if g.hand_over:
            continue
        seat = seat_to_act(g)
        other = g.determinize(seat, random.Random(seed + 50))
        assert hint(g, rng=random.Random(1), iterations=1) == hint(other, rng=random.Random(1), iterations=1)
        for m in g.legal_moves()[:6]:
            assert explain(g, seat, m) == explain(other, seat, m)


def test_canasta_reasons_for_take_draw_and_discards() -> None:
    g = meldtable.new_game("canasta-two-hand", players=2, seed=2)
    seat = seat_to_act(g)
    draw = next(m for m in g.legal_moves() if m.kind == "draw")
    r = explain(g, seat, draw)
    assert r["key"] in ("draw", "draw_not_take") and r["move"] == "draw"
    g.play("draw")
    while g.current_player == seat and not g.hand_over:
        discards = [m for m in g.legal_moves() if m.kind == "discard"]
        if discards:
            r = explain(g, seat, discards[0])
            assert r["key"] in ("discard_safe", "discard_single", "keep_opponent", "black_three", "keep_cards", "go_out")
            assert r["cards"] == [str(discards[0].cards[0])]
            break
        g.play(choose_move(g))
    assert r["texts"]["de"]


def test_hint_refuses_when_the_hand_is_over() -> None:
    g = meldtable.new_game("3-ist-50", players=3, seed=1)
    while not g.hand_over:
        g.play(choose_move(g))
    with pytest.raises(ValueError):
        hint(g)
