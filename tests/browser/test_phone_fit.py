"""The page fits a phone in both languages (issue #29): at 390x844 and 844x390, for every game at
every player count it offers (and Classic Canasta's six players in two and in three sides), in
German and in English, with melds on the table (saved positions, tests/browser/saved_positions.py):

* the page is no wider than the screen (no sideways scrolling: a partnership's long name in a
  side's head made Classic Canasta at 6 players 454 px wide on a 390 px phone);
* every side's head (name, points, points melded, canasta count; Continental's and 3 ist 50's
  seat heads) is whole: no part of it wider than its box (cut or ellipsised), none past the edge
  of the screen or of a box that clips it.

Set MELDTABLE_SHOTS=<folder> to save a screenshot of each case to look at."""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from pytest import FixtureRequest
from saved_positions import open_position

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

SIZES = [(390, 844), (844, 390)]
RANKS = "A K Q J T 9 8 7 6 5 4".split()
SUITS = "CDHS"


def canasta(variant: str, players: int, sides: int, option: str = "") -> str:
    """A canasta-family table where side 0 (the person's) has two melds, every other side four
    and side 1 a natural canasta: every part of each side's head is shown."""
    lines = [f"variant: {variant}", f"players: {players}", *([option] if option else []), "turn: 0 draw", "pile: 4C 6D"]
    k = 0
    for side in range(sides):
        for j in range(4 if side else 2):
            r = RANKS[k % len(RANKS)]
            k += 1
            lines.append(f"meld {side}: " + " ".join(r + SUITS[i % 4] for i in range(7 if side == 1 and j == 0 else 3)))
    return "\n".join(lines) + "\n"


def continental(players: int) -> str:
    """Continental's first deal (two sets): every second seat after the person has laid down."""
    lines = ["variant: continental", f"players: {players}", "turn: 0 draw", "pile: 9C"]
    k = 0
    for seat in range(1, players, 2):
        for _ in range(2):
            r = RANKS[k % len(RANKS)]
            k += 1
            lines.append(f"set {seat}: " + " ".join(r + s for s in "CDH"))
    return "\n".join(lines) + "\n"


def threefifty(players: int) -> str:
    """3 ist 50 at the start of a round (four cards each), a minus pile at seat 1."""
    deck = [r + s for s in SUITS for r in "A K Q J T 9 8 7 6 4 3 2".split()]
    pool = [c for c in deck if c not in {"5C", "5D", "9S", "KH", "4C", "4D", "7C", "7D", "7S"}]
    lines = ["variant: 3-ist-50", f"players: {players}", "turn: 0", "centre: 5C 5D 9S KH", "minus 1: 4C 4D 7C 7D 7S"]
    lines += [f"hand {s}: " + " ".join(pool[4 * s:4 * s + 4]) for s in range(players)]
    return "\n".join(lines) + "\n"


CASES = {
    "canasta-two-hand": canasta("canasta-two-hand", 2, 2),
    **{f"canasta-classic-{p}": canasta("canasta-classic", p, 3 if p == 3 else 2) for p in (2, 3, 4, 5, 6)},
    "canasta-classic-6-three-sides": canasta("canasta-classic", 6, 3, "option partnerships: three_sides"),
    **{f"kanaster-{p}": canasta("kanaster", p, 3 if p == 3 else 2) for p in (2, 3, 4, 5)},
    **{f"continental-{p}": continental(p) for p in range(2, 9)},
    **{f"3-ist-50-{p}": threefifty(p) for p in range(2, 7)},
}

MEASURE = """() => {
  const cut = (el) => {
    const r = el.getBoundingClientRect();
    if (el.scrollWidth > el.clientWidth + 1) return 'wider than its box: ' + el.scrollWidth + ' > ' + el.clientWidth;
    if (r.left < -1 || r.right > innerWidth + 1) return 'past the screen: ' + Math.round(r.left) + '..' + Math.round(r.right);
    for (let a = el.parentElement; a; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === 'visible') continue;
      const ar = a.getBoundingClientRect();
      if (r.left < ar.left - 1 || r.right > ar.right + 1) return 'clipped by .' + a.className + ' at ' + Math.round(ar.right);
    }
    return '';
  };
  const heads = [...document.querySelectorAll('#game:not([hidden]) :is(.side-head, .ct-seat-head)')]
    .filter((h) => h.getClientRects().length > 0);
  const bad = [];
  for (const head of heads) {
    for (const el of head.children) {
      if (!el.textContent.trim() || el.getClientRects().length === 0) continue;
      const why = cut(el);
      if (why) bad.push([el.className, el.textContent.trim(), why]);
    }
  }
  return {scrollWidth: document.documentElement.scrollWidth, bodyWidth: document.body.scrollWidth,
          innerWidth, heads: heads.length, bad};
}"""


@pytest.fixture()
def phone(browser: Browser, request: FixtureRequest) -> Iterator[tuple[Page, int, int]]:
    w, h = request.param
    ctx = browser.new_context(viewport={"width": w, "height": h}, has_touch=True, is_mobile=True)
    ctx.add_init_script("localStorage.setItem('meldtable.settings', JSON.stringify({speed: 'instant'}));"
                        "localStorage.setItem('meldtable.lang', 'de')")
    page = ctx.new_page()
    yield page, w, h
    ctx.close()


def settle(page: Page, lang: str) -> None:
    page.wait_for_function("""(lang) => document.documentElement.lang === lang && document.fonts.status === 'loaded'
        && document.getAnimations().every((a) => a.playState !== 'running' || !a.effect
             || a.effect.getComputedTiming().iterations === Infinity)""", arg=lang, timeout=30_000)


@pytest.mark.parametrize("phone", SIZES, indirect=True, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("case", list(CASES))
def test_page_and_side_heads_fit_the_phone(phone: tuple[Page, int, int], site_url: str, case: str) -> None:
    page, w, h = phone
    open_position(page, site_url, CASES[case])
    shots = os.environ.get("MELDTABLE_SHOTS")
    for lang in ("de", "en"):
        if lang == "en":
            page.select_option("#lang-select", "en")  # as a person switches the language
        settle(page, lang)
        m = page.evaluate(MEASURE)
        if shots:
            Path(shots).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(shots) / f"fit-{case}-{w}x{h}-{lang}.png"))
        # a phone's browser widens its layout to a wider page (innerWidth follows): the page must
        # stay as wide as the screen
        assert m["scrollWidth"] <= w and m["bodyWidth"] <= w and m["innerWidth"] == w, (case, lang, w, h, m)
        assert m["heads"] >= 2, (case, lang, m)
        assert not m["bad"], (case, lang, w, h, m["bad"])
