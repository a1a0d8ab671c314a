"""The rules pages speak to players (issue #29 item 5): "Players get the rules in player words,
in their language; sources and ids stay in docs/rules/."

Written from the issue, on pages built here with tools/rules_pages.py (not dist/):

* no page shows an option id (``deck_schedule``, ``draw_count``: any catalogue name with an
  underscore) in its visible text, nor the developer notes: "seed", "research", "engine
  decision", "app policy", "Engine-Entscheidung", the missing value table, a "Source"/"Quelle"
  column, move notation such as "Q#2";
* the option tables of German pages hold no English sentence;
* Kanaster's red-three rule (plus with a canasta, minus without) is stated in the page text
  itself, in both languages, not only in a table;
* every rule option still has its row (``id="option-<name>"``, for the app's links), so taking
  the ids out of the text lost no option.
"""
from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from pytest import TempPathFactory

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "engine"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import meldtable  # noqa: E402

LANGS = ("de", "en")
VARIANTS = tuple(meldtable.VARIANTS)
PAGES = [(v, lang) for v in VARIANTS for lang in LANGS] + [("index", lang) for lang in LANGS]


class Visible(HTMLParser):
    """The text a reader sees: everything but <script>, <style>, <head> and attributes; the text
    of each <table> cell collected separately, and each <h2 id> section's text."""

    SKIP = {"script", "style", "head", "title"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.cells: list[str] = []
        self.sections: dict[str, list[str]] = {}
        self.row_ids: list[str] = []
        self._skip = 0
        self._cell: list[str] | None = None
        self._section: str | None = None
        self._table = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag in self.SKIP:
            self._skip += 1
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "table":
            self._table += 1
        elif tag == "h2" and a.get("id"):
            self._section = a["id"] or ""
            self.sections[self._section] = []
        elif tag == "tr" and a.get("data-option"):
            self.row_ids.append(a.get("id") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIP:
            self._skip -= 1
        elif tag in ("td", "th") and self._cell is not None:
            self.cells.append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "table":
            self._table -= 1

    def handle_data(self, data: str) -> None:
        if self._skip:
            return
        self.parts.append(data)
        if self._cell is not None:
            self._cell.append(data)
        if self._section is not None and not self._table:
            self.sections[self._section].append(data)

    @property
    def text(self) -> str:
        return " ".join(" ".join(self.parts).split())

    def section(self, sid: str) -> str:
        return " ".join(" ".join(self.sections.get(sid, [])).split())


@pytest.fixture(scope="module")
def pages(tmp_path_factory: TempPathFactory) -> dict[tuple[str, str], Visible]:
    import rules_pages

    out = tmp_path_factory.mktemp("site")
    rules_pages.build_all(out)
    found = {}
    for page, lang in PAGES:
        reader = Visible()
        reader.feed((out / "rules" / f"{page}.{lang}.html").read_text(encoding="utf-8"))
        reader.close()
        found[(page, lang)] = reader
    return found


OPTION_IDS = sorted({o["name"] for v in meldtable.VARIANTS.values() for o in v.describe()["options"] if "_" in o["name"]})
DEVELOPER_NOTES = re.compile(
    r"\bseeds?\b|\bresearch\b|engine decision|app policy|Engine-Entscheidung|\bEngine\b"
    r"|value table that is missing|Wertetabelle, die fehlt|\bSource\b|\bQuelle\b|\bQuellen"
    r"|\b[2-9TJQKA]#\d\b",  # move notation of a second meld of a rank ("Q#2")
    re.I)


@pytest.mark.parametrize("page,lang", PAGES)
def test_no_option_ids_or_developer_notes_in_the_page(pages: dict[tuple[str, str], Visible], page: str, lang: str) -> None:
    text = pages[(page, lang)].text
    ids = [name for name in OPTION_IDS if re.search(rf"\b{re.escape(name)}\b", text)]
    assert not ids, f"{page}.{lang}: option ids shown to players: {ids}"
    notes = sorted({m.group(0) for m in DEVELOPER_NOTES.finditer(text)})
    assert not notes, f"{page}.{lang}: developer notes shown to players: {notes}"


ENGLISH = re.compile(r"\b(the|of|and|is|are|when|with|which|while|only|from|each|every|may|this|that|"
                     r"player|players|card|cards|seed)\b")


@pytest.mark.parametrize("page", VARIANTS)
def test_german_tables_hold_no_english(pages: dict[tuple[str, str], Visible], page: str) -> None:
    cells = pages[(page, "de")].cells
    assert len(cells) > 10, "the option table is on the page"
    english = [c for c in cells if ENGLISH.search(c)]
    assert not english, f"{page}.de: English in the tables: {english[:5]}"


@pytest.mark.parametrize("page", VARIANTS)
def test_every_option_keeps_its_row(pages: dict[tuple[str, str], Visible], page: str) -> None:
    names = [o["name"] for o in meldtable.VARIANTS[page].describe()["options"]]
    for lang in LANGS:
        assert pages[(page, lang)].row_ids == [f"option-{n}" for n in names]


def test_kanaster_red_threes_are_stated_in_the_page_text(pages: dict[tuple[str, str], Visible]) -> None:
    """Seed 004: »Liegt ein Kanaster auf dem Tisch, so geben rote 3er Pluspunkte. Wenn nicht,
    werden pro rote 3 100 Punkte abgezogen.«"""
    en = pages[("kanaster", "en")]
    de = pages[("kanaster", "de")]
    en_text = en.section("special") + " " + en.section("scoring")
    de_text = de.section("special") + " " + de.section("scoring")
    assert re.search(r"[Rr]ed threes?[^.]*\+100[^.]*canasta[^.]*−100", en_text), en_text
    assert re.search(r"[Rr]ote Dreie?n?[^.]*\+100[^.]*Kanaster[^.]*−100", de_text), de_text
    # the minus also for the sides that did not go out (»Bei den "Verlierern"«)
    assert re.search(r"not go out[^.]*red threes", en.section("scoring")), en.section("scoring")
    assert re.search(r"nicht ausgemacht[^.]*roten Dreien", de.section("scoring")), de.section("scoring")
