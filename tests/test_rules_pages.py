"""The rules pages (issue #12, "Rules pages in the app, built on the demos"; docs/rules-pages.md).

Written from the issue and the seed texts, not from the build tool:

* every variant has a rules page in German and English (web/rules/<variant>.<lang>.md);
* every worked example the issue names from the seeds is a demo on its variant's page, in both
  languages (``data-example`` names it), and each shows its rule: the demo's position loads with
  ``Game.from_position`` and every claim it carries (``data-try`` moves, ``data-expect`` legal or
  refused, ``data-reason`` the catalogue key of the refusal, ``data-then`` position lines after the
  moves) is played against the engine here, so a demo that no longer shows its rule fails; the text
  beside a refused move quotes the engine's answer in the page's language;
* German and English pages carry the same demos (same positions, same claims);
* the built pages (dist/rules/) exist for every variant and language, hold the demos as written,
  hold one option row per option of the engine's catalogue with its preset value, link to each
  other, to the app and to the guided first hand, and are precached by the service worker (its
  second tier: from the second start on).

The demos are read from the sources with html.parser (not with the build tool's own reader).
"""
from __future__ import annotations

import html
import json
import os
import re
import sys
from collections import Counter
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "engine"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import meldtable  # noqa: E402
from meldtable import Game  # noqa: E402
from meldtable.errors import IllegalMoveError  # noqa: E402

SOURCES = ROOT / "web" / "rules"
DIST = Path(os.environ.get("MELDTABLE_DIST", ROOT / "dist"))
LANGS = ("de", "en")
VARIANTS = tuple(meldtable.VARIANTS)
SECTIONS = ("game", "cards", "deal", "turn", "melds", "special", "going-out", "scoring", "options")


# --------------------------------------------------------------------------- reading demos

class DemoReader(HTMLParser):
    """Collects <meldtable-demo> elements (attributes, text) and every <a href> and id of a text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.demos: list[dict[str, Any]] = []
        self.links: list[str] = []
        self.ids: list[str | None] = []  # (an id without a value: None, as HTMLParser reads it)
        self.rows: list[dict[str, str | None]] = []
        self.scripts: list[str] = []
        self._demo: dict[str, Any] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "meldtable-demo":
            self._demo = {"attrs": a, "text": "", "line": self.getpos()[0]}
        elif tag == "a" and (href := a.get("href")):
            self.links.append(href)
        elif tag == "tr" and "data-option" in a:
            self.rows.append(a)
        elif tag == "script" and (src := a.get("src")):
            self.scripts.append(src)
        elif tag == "link" and (href := a.get("href")):
            self.links.append(href)

    def handle_data(self, data: str) -> None:
        if self._demo is not None:
            self._demo["text"] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "meldtable-demo" and self._demo is not None:
            self.demos.append(self._demo)
            self._demo = None


def read(text: str) -> DemoReader:
    reader = DemoReader()
    reader.feed(text)
    reader.close()
    return reader


def source(variant: str, lang: str) -> Path:
    return SOURCES / f"{variant}.{lang}.md"


# (variant, lang, demo): a demo of a rules page's source; a demo is {"attrs", "text", "line"}
Demo = tuple[str, str, dict[str, Any]]
# a check of a demo's claims (REQUIRED): does one of them show the rule?
Claimed = Callable[[list[dict[str, Any]]], bool]


def claims(attrs: dict[str, Any]) -> list[dict[str, Any]]:
    """The claims of a demo, numbered as written: data-try, data-try-2, ..."""
    out: list[dict[str, Any]] = []
    n = 1
    while True:
        suffix = "" if n == 1 else f"-{n}"
        if f"data-try{suffix}" not in attrs:
            break
        out.append({
            "moves": [m.strip() for m in attrs[f"data-try{suffix}"].split(";") if m.strip()],
            "expect": attrs.get(f"data-expect{suffix}"),
            "reason": attrs.get(f"data-reason{suffix}"),
            "then": [x.strip() for x in attrs.get(f"data-then{suffix}", "").split("|") if x.strip()],
        })
        n += 1
    return out


def all_demos() -> list[tuple[str, str, dict[str, Any]]]:
    out: list[tuple[str, str, dict[str, Any]]] = []
    for variant in VARIANTS:
        for lang in LANGS:
            path = source(variant, lang)
            if path.exists():
                for demo in read(path.read_text(encoding="utf-8")).demos:
                    if "record" not in demo["attrs"]:  # a recorded hand: tests/test_rules_pages_records.py
                        out.append((variant, lang, demo))
    return out


DEMOS = all_demos()


def demo_id(item: Demo) -> str:
    variant, lang, demo = item
    return f"{variant}.{lang}:{demo['attrs'].get('data-example', demo['line'])}"


def position_lines(text: str) -> dict[str, str]:
    """key -> value of a position text (comments dropped, keys lower-case)."""
    out = {}
    for raw in text.splitlines():
        line = re.split(r"(?:^|\s)#", raw, maxsplit=1)[0].strip()
        if line:
            key, _, value = line.partition(":")
            out[" ".join(key.lower().split())] = value.strip()
    return out


CARD = re.compile(r"^(JK|[2-9TJQKA][CDHS])$", re.I)


def same_value(a: str, b: str) -> bool:
    """Two position values: equal card multisets when both are card lists, else equal words."""
    wa, wb = a.replace(",", " ").split(), b.replace(",", " ").split()
    if wa and wb and all(CARD.match(w) for w in wa + wb):
        return Counter(w.upper() for w in wa) == Counter(w.upper() for w in wb)
    return [w.lower() for w in wa] == [w.lower() for w in wb]


def prose(text: str) -> str:
    """The page text with whitespace collapsed (for finding a quoted engine answer)."""
    return " ".join(html.unescape(text).split())


# --------------------------------------------------------------------------- the sources

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_has_a_rules_page_in_both_languages(variant: str, lang: str) -> None:
    path = source(variant, lang)
    assert path.exists(), f"missing {path.relative_to(ROOT)}"
    text = path.read_text(encoding="utf-8")
    for section in SECTIONS:  # what the game is, deal, turn, melds, special cards, going out, scoring, options
        assert "{#" + section + "}" in text, f"{path.name}: no section {{#{section}}}"
    assert "<!-- meldtable:options -->" in text


# The issue's list: "Every worked example in the seeds is a live demo on its rules page, including
# ...". Each entry: the example's data-example name and what its demo must claim (the rule it shows).
def _refuses(key: str) -> Claimed:
    return lambda cs: any(c["expect"] == "refused" and c["reason"] == key for c in cs)


def _allows(pattern: str) -> Claimed:
    rx = re.compile(pattern)
    return lambda cs: any(c["expect"] == "legal" and any(rx.fullmatch(m) for m in c["moves"]) for c in cs)


REQUIRED = {
    "canasta-two-hand": {
        # seed 000's queen example: one queen in hand cannot take the pile; two queens take it
        # and the fourth queen (from the pile) is added afterwards
        "seed000-one-queen": [_refuses("take_no_meld")],
        "seed000-two-queens": [_allows(r"take QH QS"), _allows(r"add Q QD")],
        # the frozen pile: a wild card in the pile, two natural cards needed
        "seed000-frozen": [_refuses("pile_frozen"), _allows(r"take JH JS")],
        # the first meld counts only the top card (with the two hand cards)
        "seed000-top-card-counts": [_refuses("initial_minimum")],
        # the black three blocks, and no longer once covered
        "seed000-black-three": [_refuses("pile_blocked"), _allows(r"take 8C 8D")],
    },
    "canasta-classic": {
        # seed 001: "zwei Vieren und ein echter Joker = 50 Augen"
        "seed001-fours-and-joker": [_allows(r"meld 4C 4D JK")],
    },
    "continental": {
        # seed 002's contracts (deal 1: two sets; deal 3: two runs, a set refused)
        "seed002-two-sets": [_allows(r"set 9D 9H 9S")],
        "seed002-two-runs": [_refuses("no_set_needed"), _allows(r"run 9D TD JD QD")],
        # a run Q K A 2
        "seed002-round-the-corner": [_allows(r"run QH KH AH 2H")],
        # taking a discard out of turn with a penalty card
        "seed002-claim": [_allows(r"claim")],
    },
    "3-ist-50": {
        # a 5 with two fives in the middle
        "seed003-fives": [_allows(r"play 5H middle")],
        # the minus pile 4 4 7 7 7 with a 7 and with a 4
        "seed003-minus-pile": [_allows(r"play 7H own"), _refuses("no_match_own")],
    },
    "kanaster": {
        # seed 004's blocking card
        "seed004-blocking": [_refuses("pile_blocking_rank")],
    },
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", list(REQUIRED))
def test_the_seed_examples_named_by_the_issue_are_demos(variant: str, lang: str) -> None:
    demos = {d["attrs"].get("data-example"): d for d in read(source(variant, lang).read_text(encoding="utf-8")).demos}
    for example, checks in REQUIRED[variant].items():
        assert example in demos, f"{variant}.{lang}: no demo data-example={example!r}"
        cs = claims(demos[example]["attrs"])
        for check in checks:
            assert check(cs), f"{variant}.{lang} {example}: its claims {cs} do not show the seed's rule"


def test_there_are_demos() -> None:
    assert len(DEMOS) >= 2 * sum(len(v) for v in REQUIRED.values())


@pytest.mark.parametrize("item", DEMOS, ids=demo_id)
def test_demo_loads_and_names_its_page(item: Demo) -> None:
    variant, lang, demo = item
    game = Game.from_position(demo["text"])  # no error
    assert game.variant.id == variant == demo["attrs"].get("variant")
    assert demo["attrs"].get("lang") == lang
    assert demo["attrs"].get("data-example"), "every demo names its example (data-example)"
    assert claims(demo["attrs"]), "every demo carries at least one claim (data-try ...)"


@pytest.mark.parametrize("item", DEMOS, ids=demo_id)
def test_demo_claims_hold_against_the_engine(item: Demo) -> None:
    variant, lang, demo = item
    page = prose(source(variant, lang).read_text(encoding="utf-8"))
    for claim in claims(demo["attrs"]):
        assert claim["expect"] in ("legal", "refused"), claim
        game = Game.from_position(demo["text"])
        *before, last = claim["moves"]
        for move in before:
            game.play(move)  # the steps before the claimed move are legal
        if claim["expect"] == "legal":
            assert claim["reason"] is None, claim
            game.play(last)
            after = position_lines(game.to_position()) if claim["then"] else {}
            for line in claim["then"]:
                key, _, value = line.partition(":")
                key = " ".join(key.lower().split())
                assert key in after, f"after {claim['moves']}: no line {key!r} in\n{game.to_position()}"
                assert same_value(after[key], value), f"after {claim['moves']}: {key}: {after[key]} != {value}"
        else:
            assert claim["reason"], f"a refused claim names its reason key: {claim}"
            assert not claim["then"]
            snapshot = game.to_json()
            with pytest.raises(IllegalMoveError) as info:
                game.play(last)
            assert info.value.key == claim["reason"], f"{last}: refused with {info.value.key}, not {claim['reason']}"
            assert game.to_json() == snapshot, "a refused move leaves the game unchanged"
            answer = " ".join(info.value.texts[lang].split())
            assert answer in page, f"the page should quote the engine's answer to {last!r}: {answer!r}"


@pytest.mark.parametrize("variant", VARIANTS)
def test_german_and_english_pages_have_the_same_demos(variant: str) -> None:
    def key(demo: dict[str, Any]) -> str:
        attrs = {k: v for k, v in demo["attrs"].items() if k != "lang"}
        return json.dumps([attrs, position_lines(demo["text"])], sort_keys=True)

    de = [key(d) for d in read(source(variant, "de").read_text(encoding="utf-8")).demos if "record" not in d["attrs"]]
    en = [key(d) for d in read(source(variant, "en").read_text(encoding="utf-8")).demos if "record" not in d["attrs"]]
    assert de == en


# --------------------------------------------------------------------------- the build tool

def test_markdown_passes_the_demo_tag_through_with_its_text_intact() -> None:
    pytest.importorskip("markdown")
    import rules_pages

    text = ("# t\n\nbefore *x*\n\n<meldtable-demo variant=\"kanaster\" lang=\"en\">\nvariant: kanaster\n"
            "hand 0: QH *QS* _x_ 2C  # a comment with <b> & __bold__\n\n\nturn: 0 draw\n</meldtable-demo>\n\nafter\n")
    out = rules_pages.markdown_to_html(text)
    inner = text.split('lang="en">', 1)[1].split("</meldtable-demo>", 1)[0]
    assert '<meldtable-demo variant="kanaster" lang="en">' + inner + "</meldtable-demo>" in out
    assert "<em>x</em>" in out  # Markdown still works around it


def test_a_broken_demo_fails_the_build_with_file_and_line(tmp_path: Path) -> None:
    import rules_pages

    bad = tmp_path / "kanaster.en.md"
    bad.write_text('# K\n\n<meldtable-demo variant="kanaster" lang="en">\nvariant: kanaster\n'
                   "hand 0: QH QH QH QH QH QH QH\n</meldtable-demo>\n", encoding="utf-8")
    with pytest.raises(rules_pages.RulesPageError, match=r"kanaster\.en\.md:3: the demo's position does not load"):
        rules_pages.check_demos("kanaster", "en", bad, bad.read_text())
    wrong_lang = bad.read_text().replace('lang="en"', 'lang="de"')
    with pytest.raises(rules_pages.RulesPageError, match='needs lang="en"'):
        rules_pages.check_demos("kanaster", "en", bad, wrong_lang)
    with pytest.raises(rules_pages.RulesPageError, match="data-reason"):
        rules_pages.demo_claims({"data-try": "draw", "data-expect": "refused"})


# --------------------------------------------------------------------------- the built pages

def built() -> Path:
    rules = DIST / "rules"
    if not rules.is_dir():
        if os.environ.get("CI"):
            pytest.fail(f"{rules} is missing: run `python3 build.py` first")
        pytest.skip(f"{rules} is missing: run `python3 build.py` first")
    return rules


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_built_page_holds_the_demos_the_options_and_the_links(variant: str, lang: str) -> None:
    rules = built()
    page = rules / f"{variant}.{lang}.html"
    assert page.exists(), page
    text = page.read_text(encoding="utf-8")
    r = read(text)
    assert f'<html lang="{lang}">' in text
    # the demos exactly as written in the source
    src = read(source(variant, lang).read_text(encoding="utf-8"))
    assert [(d["attrs"], d["text"]) for d in r.demos] == [(d["attrs"], d["text"]) for d in src.demos]
    assert "../embed.js" in r.scripts
    # one row per option of the catalogue, in its order, with the preset value
    options = meldtable.VARIANTS[variant].describe()["options"]
    assert [row["data-option"] for row in r.rows] == [o["name"] for o in options]
    for row, o in zip(r.rows, options):
        assert json.loads(row["data-default"] or "") == json.loads(json.dumps(o["default"])), o["name"]
        assert row.get("id") == f"option-{o['name']}"
    # the sections the app links to
    for section in SECTIONS:
        assert section in r.ids, f"no #{section}"
    # links: the other language, the index, the app, this game in the app, the guided first hand
    other = next(x for x in LANGS if x != lang)
    for href in (f"{variant}.{other}.html", f"index.{lang}.html", "../index.html",
                 f"../index.html?game={variant}", f"../index.html?guide={variant}", "../rules.css"):
        assert href in r.links, f"{page.name}: no link to {href}"
    for href in r.links:  # every relative link resolves in dist/
        target = href.split("#")[0].split("?")[0]
        if target and "://" not in target:
            assert (rules / target).resolve().exists(), f"{page.name}: broken link {href}"


@pytest.mark.parametrize("lang", LANGS)
def test_built_index_links_every_variant(lang: str) -> None:
    rules = built()
    r = read((rules / f"index.{lang}.html").read_text(encoding="utf-8"))
    for variant in VARIANTS:
        assert f"{variant}.{lang}.html" in r.links
    assert "../index.html" in r.links


def test_rules_pages_are_precached_and_sources_not_shipped() -> None:
    rules = built()
    import build

    # The documentation tier: stored from the second start on, or when read online (web/sw.js).
    files = {path for path, _ in build.read_precache(DIST)["later"]}
    for variant in VARIANTS:
        for lang in LANGS:
            assert f"rules/{variant}.{lang}.html" in files
    assert {"rules/index.de.html", "rules/index.en.html", "rules.css"} <= files
    assert not list(DIST.rglob("*.md")), "the Markdown sources are not shipped"
    assert (rules.parent / "rules.css").exists()
