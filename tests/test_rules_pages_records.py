"""The commented example hand of each rules page (issue #30: "one rules page per game shows a
commented example hand"; docs/rules-pages.md, "Example hands"): a ``<meldtable-demo record=...>``
whose record (docs/records.md) replays with the engine, is the seeded deal the engine's computer
players play out to the end of the hand (tools/rules_pages.py, EXAMPLE_HANDS), carries comments in
the page's language, and shows the same moves on the German and the English page."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "engine"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import meldtable  # noqa: E402
from meldtable.records import from_record, parse_record  # noqa: E402
from test_rules_pages import read, source  # noqa: E402

VARIANTS = tuple(meldtable.VARIANTS)


def example(variant: str, lang: str) -> dict[str, Any]:
    demos = [d for d in read(source(variant, lang).read_text(encoding="utf-8")).demos if "record" in d["attrs"]]
    assert len(demos) == 1, f"{variant}.{lang}: one example hand, not {len(demos)}"
    return demos[0]


@pytest.mark.parametrize("lang", ("en", "de"))
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_example_hand_replays_to_the_end_of_a_hand(variant: str, lang: str) -> None:
    demo = example(variant, lang)
    assert demo["attrs"]["variant"] == variant and demo["attrs"]["lang"] == lang
    game = from_record(demo["attrs"]["record"])
    assert game.variant.id == variant
    assert game.hand_over, "the example is a whole hand, played out"
    rec = parse_record(demo["attrs"]["record"])
    assert rec.comment and len(rec.comments) >= 3, "a commented hand: an introduction and comments on moves"


@pytest.mark.parametrize("lang", ("en", "de"))
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_example_hand_is_the_engine_s_own(variant: str, lang: str) -> None:
    """The record on the page is what the build tool writes from the seeded deal played by the
    computer players: a change of the engine's play shows here (rewrite the pages' records)."""
    pytest.importorskip("markdown")
    import rules_pages

    assert example(variant, lang)["attrs"]["record"] == rules_pages.example_record(variant, lang)


@pytest.mark.parametrize("variant", VARIANTS)
def test_german_and_english_show_the_same_hand_with_comments_in_their_language(variant: str) -> None:
    en = parse_record(example(variant, "en")["attrs"]["record"])
    de = parse_record(example(variant, "de")["attrs"]["record"])
    assert en.deals == de.deals and en.seed == de.seed and en.names == de.names
    assert set(en.comments) == set(de.comments)
    assert all(en.comments[k] != de.comments[k] for k in en.comments), "each comment in its page's language"
