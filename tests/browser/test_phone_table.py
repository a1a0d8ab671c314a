"""The table on a phone and in German (issue #29 items 1, 3 and 4), at 1280x800, 390x844 and
844x390, opened from positions (tests/browser/saved_positions.py) as a person continues a saved
game. "Visible" means what a person sees: the point at the middle of the element is on screen
and the topmost element there is that element (not clipped by a scroll box, not covered).

1. Every meld of the other sides is on the table without scrolling: its face, rank and count.
3. While Continental's claim prompt counts down, every other player's seat (name, card count,
   laid-down badge) and the prompt's buttons are visible.
4. German on a phone: the action buttons show their whole label in text of at least 12 px, no
   word of a button or pile caption is broken across lines without a hyphen, and the app's name
   is shown in portrait too."""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, cast

import pytest
from pytest import FixtureRequest
from saved_positions import open_position

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

    from conftest import WatchedPage

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (390, 844), (844, 390)]

MELDS8 = """meld 1: AC AD AH
meld 1: KC KD KH KS KC KD KH
meld 1: QC QD QH JK
meld 1: JC JD JH
meld 1: TC TD TH
meld 1: 9C 9D 9H
meld 1: 8C 8D 8H
meld 1: 7C 7D 7H 2S
"""
CANASTA = {  # eight opposing melds (a natural canasta among them), as in the player's review
    "canasta-two-hand": "variant: canasta-two-hand\nturn: 0 draw\npile: 4C 6D\n" + MELDS8
    + "meld 0: 5C 5D 5H\nscore: 1200 2300\n",
    "canasta-classic-6": "variant: canasta-classic\nplayers: 6\noption partnerships: three_sides\n"
    "turn: 0 draw\npile: 4C 6D\n" + MELDS8 + "meld 2: AS AS AC\nmeld 2: 6S 2D 6S\nmeld 2: QS QS QD\n"
    "meld 2: JS JS JD\nmeld 2: TS TS TD\nmeld 2: 9S 9S 9D\nmeld 0: 5C 5D 5H\n",
    "kanaster-4": "variant: kanaster\nplayers: 4\nturn: 0 draw\npile: 4C 6D\n" + MELDS8 + "meld 0: 5C 5D 5H\n",
}
# Continental, 8 players: computer 6 discarded the king of diamonds, computer 7 drew from the
# stock; the person (seat 0) is asked first whether to take it out of turn.
CLAIM8 = ("variant: continental\nplayers: 8\nturn: 7 play\npile: 9C KD\ntop from: 6\n"
          "window: 0 1 2 3 4 5 6\nset 1: 7C 7D JK\nset 1: 8C 8D 8H\nset 2: 5H 5S 5D\nset 2: QC QD QS\n")

VISIBLE = """(el) => {
  const r = el.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0) return 'no box';
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return 'off screen ' + [x, y];
  const hit = document.elementFromPoint(x, y);
  return hit && (hit === el || el.contains(hit)) ? '' : 'covered or clipped by ' + (hit ? hit.outerHTML.slice(0, 60) : 'nothing');
}"""


@pytest.fixture()
def sized(browser: Browser, request: FixtureRequest) -> Iterator[tuple[WatchedPage, int, int]]:
    w, h = request.param
    ctx = browser.new_context(viewport={"width": w, "height": h}, has_touch=w < 900, is_mobile=w < 900)
    ctx.add_init_script("localStorage.setItem('meldtable.settings', JSON.stringify({speed: 'instant'}))")
    page = cast("WatchedPage", ctx.new_page())
    page.console_errors = []
    yield page, w, h
    ctx.close()


def settle(page: Page) -> None:
    page.wait_for_function("""() => document.fonts.status === 'loaded'
        && document.getAnimations().every((a) => a.playState !== 'running' || !a.effect
             || a.effect.getComputedTiming().iterations === Infinity  // a pulsing hint
             || (a.effect.target && a.effect.target.id === 'ct-claim-bar'))""", timeout=30_000)


def not_visible(page: Page, selector: str) -> list[tuple[int, str]]:
    """[(index, reason)] of the elements matching `selector` that a person does not see."""
    out: list[tuple[int, str]] = []
    for i, loc in enumerate(page.locator(selector).all()):
        why = loc.evaluate(VISIBLE)
        if why:
            out.append((i, why))
    return out


@pytest.mark.parametrize("sized", SIZES, indirect=True, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("case", list(CANASTA))
def test_every_opposing_meld_is_visible(sized: tuple[WatchedPage, int, int], site_url: str, case: str) -> None:
    """Item 1: "A player needs every meld on the table to choose a safe discard" — each meld of
    the other sides shows its rank and count on screen (with a small face where there is room),
    with no scrolling."""
    page, w, h = sized
    open_position(page, site_url, CANASTA[case])
    settle(page)
    melds = page.locator("#opponents .meld")
    assert melds.count() >= 8
    for part in (".meld-rank", ".meld-count"):
        hidden = not_visible(page, f"#opponents .meld {part}")
        assert not hidden, (case, w, h, part, hidden)
    assert page.evaluate("() => window.scrollY") == 0


@pytest.mark.parametrize("sized", SIZES, indirect=True, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["de", "en"])
def test_claim_prompt_leaves_every_seat_visible(sized: tuple[WatchedPage, int, int], site_url: str, lang: str) -> None:
    """Item 3 (seed 002: "kann jeder der folgenden Spieler sie nehmen, wobei er dann auch die
    oberste Karte des Strafstapels ziehen muss"): while the person is asked, every other seat's
    name, card count and badge stay visible, and so do the prompt's two buttons and the hand."""
    page, w, h = sized
    page.add_init_script(f"localStorage.setItem('meldtable.lang', '{lang}')")
    open_position(page, site_url, CLAIM8, query="fast=1&claim-timeout=600")
    page.wait_for_selector("#ct-claim:not([hidden])")
    settle(page)
    assert page.locator("#ct-seats .ct-seat").count() == 7
    for part in (".side-name", ".ct-count", ".ct-down-badge"):
        hidden = not_visible(page, f"#ct-seats .ct-seat {part}")
        assert not hidden, (w, h, part, hidden)
    for sel in ("#ct-btn-claim", "#ct-btn-pass", "#ct-claim-title", "#hand .hand-card"):
        hidden = not_visible(page, sel)
        assert not hidden, (w, h, sel, hidden)


BROKEN_WORDS = """(root) => {
  // words (between spaces) of the element's text drawn on more than one line without a hyphen
  const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const re = /[^\\s]+/g;
    let m;
    while ((m = re.exec(n.data))) {
      const range = document.createRange();
      range.setStart(n, m.index);
      range.setEnd(n, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1 && !m[0].includes('\\u00ad') && !m[0].includes('-')) out.push(m[0]);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("sized", [(390, 844), (844, 390)], indirect=True, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("case", ["canasta-two-hand", "canasta-classic-6"])
def test_german_labels_fit_on_a_phone(sized: tuple[WatchedPage, int, int], site_url: str, case: str) -> None:
    """Item 4: "Stapel aufnehmen" and "Abwerfen" whole on their buttons in text of at least
    12 px, "Ablagestapel" never broken mid-word, and the app's name shown."""
    page, w, h = sized
    page.add_init_script("localStorage.setItem('meldtable.lang', 'de')")
    open_position(page, site_url, CANASTA[case])
    settle(page)
    assert page.get_attribute("html", "lang") == "de"
    buttons = page.locator("#actions .btn-action:visible")
    assert buttons.count() >= 5
    for b in buttons.all():
        text = (b.text_content() or "").strip()
        size = b.evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 12, (text, size)
        clipped = b.evaluate("(e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1")
        assert not clipped, text
        assert not b.evaluate(BROKEN_WORDS), text
        r = b.bounding_box()  # (a disabled button takes no pointer: elementFromPoint passes it)
        assert r and r["x"] >= 0 and r["y"] >= 0 and r["x"] + r["width"] <= w + 1 and r["y"] + r["height"] <= h + 1, (text, r)
    for cap in page.locator(".pile-caption:visible").all():
        assert not cap.evaluate(BROKEN_WORDS), cap.text_content()
    # the app's name in the top bar
    name = page.locator(".brand [data-i18n='app.title']")
    assert name.text_content() == "Meldtable"
    assert not name.evaluate(VISIBLE)
    assert not name.evaluate("(e) => e.scrollWidth > e.clientWidth + 1")
    for sel in ("#btn-newgame", "#btn-settings", "#btn-help", "#lang-select"):
        assert not page.locator(sel).evaluate(VISIBLE), sel
