"""Accessibility of the rules pages (issue #29, "Accessibility"): "Checked with axe-core (npm) in
the Playwright tests on ... the rules pages ...: no serious or critical violations"; "visible
focus, contrast at WCAG 2.2 AA".

Every rules page in both languages (and the index) is checked with axe-core (tests/browser/a11y.py:
WCAG 2.0/2.1/2.2 A and AA rules, best practices; serious and critical only) twice: as it loads
(the demos drawn from their text) and with every demo started (the game's own tables in the
demos' shadow roots). Contrast is checked in the light and the dark colour scheme. Focus: a
keyboard user tabbing through the page sees where the focus is (an outline of at least 2 px on
every link and button reached, also inside a started demo).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import pytest
from a11y import format_violations, inject_axe, serious_violations

import meldtable

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import WatchedPage

VARIANTS = tuple(meldtable.VARIANTS)
LANGS = ("de", "en")
PAGES = [f"{v}.{lang}" for v in VARIANTS for lang in LANGS]


def open_page(page: Page, site_url: str, name: str, scheme: Literal["light", "dark"] = "light") -> None:
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{site_url}rules/{name}.html")
    page.wait_for_selector("main h1")


def start_demos(page: Page) -> int:
    """Start every demo of the page (as scrolling each into view would) and wait for its table."""
    count = page.locator("meldtable-demo").count()
    page.wait_for_function("[...document.querySelectorAll('meldtable-demo')].every((d) => d.demo)")
    page.evaluate("() => Promise.all([...document.querySelectorAll('meldtable-demo')].map((d) => d.demo.start()))")
    page.wait_for_function(
        "[...document.querySelectorAll('meldtable-demo')].every((d) => d.dataset.state === 'ready')", timeout=120_000)
    return count


AXE_SPLIT = """async () => {
  // every serious/critical violation, each node marked by where it is: in a demo's game table
  // (.mt-stage: the app's renderers, web/games/*.js, cards.js, style.css) or elsewhere
  // (the page, and the demos' own frame from embed.js / embed.css)
  const r = await window.axe.run(document, {resultTypes: ['violations']});
  const find = (path) => {
    let root = document, el = null;
    for (const sel of path) { el = root.querySelector(sel); if (!el) return null; root = el.shadowRoot || el; }
    return el;
  };
  const out = [];
  for (const v of r.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    for (const n of v.nodes) {
      const path = Array.isArray(n.target[0]) ? n.target[0] : n.target;
      const el = find(path);
      out.push({id: v.id, impact: v.impact, inTable: Boolean(el && el.closest && el.closest('.mt-stage')),
                where: path.join(' >> '), why: (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 200)});
    }
  }
  return out;
}"""


def split_violations(page: Page) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(outside the game tables, inside them): serious/critical axe violations, one per node."""
    inject_axe(page)
    found: list[dict[str, Any]] = page.evaluate(AXE_SPLIT)
    return [f for f in found if not f["inTable"]], [f for f in found if f["inTable"]]


def listing(found: list[dict[str, Any]]) -> str:
    return "\n".join(f"[{f['impact']}] {f['id']}: {f['where']} :: {f['why']}" for f in found)


@pytest.mark.parametrize("name", PAGES + ["index.de", "index.en"])
def test_rules_page_has_no_serious_axe_violations(page: WatchedPage, site_url: str, name: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, site_url, name)
    found = serious_violations(page)
    assert not found, f"{name} (before the engine):\n" + format_violations(found)
    if not name.startswith("index"):
        assert start_demos(page) >= 1
        outside, _ = split_violations(page)
        assert not outside, f"{name} (demos started):\n" + listing(outside)
    # axe-core's own probes set inline styles, which the pages' policy refuses (and logs): no error besides
    assert [e for e in page.console_errors if "Applying inline style violates" not in e] == []


@pytest.mark.parametrize("name", ["kanaster.de", "continental.en"])
def test_rules_page_dark_scheme_and_phone_have_no_serious_axe_violations(page: WatchedPage, site_url: str, name: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, site_url, name, scheme="dark")
    found = serious_violations(page)
    assert not found, f"{name} (dark, 390x844, before the engine):\n" + format_violations(found)
    start_demos(page)
    outside, _ = split_violations(page)
    assert not outside, f"{name} (dark, 390x844):\n" + listing(outside)


@pytest.mark.parametrize("name", PAGES)
def test_the_demos_game_tables_have_no_serious_axe_violations(page: WatchedPage, site_url: str, name: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, site_url, name)
    start_demos(page)
    _, inside = split_violations(page)
    assert not inside, f"{name} (the demos' tables):\n" + listing(inside)


FOCUS_OUTLINE = """() => {
  let el = document.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
  if (!el || el === document.body) return null;
  const s = getComputedStyle(el);
  return {tag: el.tagName, text: (el.textContent || '').trim().slice(0, 40),
          outline: s.outlineStyle !== 'none' ? parseFloat(s.outlineWidth) : 0,
          shadow: s.boxShadow !== 'none'};
}"""


@pytest.mark.parametrize("name", ["canasta-two-hand.de", "3-ist-50.en"])
def test_keyboard_focus_is_visible_on_the_rules_page(page: WatchedPage, site_url: str, name: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, site_url, name)
    start_demos(page)
    seen = []
    for _ in range(40):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUS_OUTLINE)
        if focused is None:
            continue
        seen.append(focused)
        assert focused["outline"] >= 2 or focused["shadow"], f"no visible focus on {focused}"
    assert len(seen) >= 20, seen
    assert any(f["tag"] == "A" for f in seen) and any(f["tag"] == "BUTTON" for f in seen), seen
