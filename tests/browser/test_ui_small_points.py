"""Issue #29 item 9, the smaller points, as a player meets them (positions from
tests/browser/saved_positions.py, continued as a saved game).

- the move log is there after resuming a saved game;
- the turn line offers only what can be done: not the discard pile while it is "closed for you";
- the canasta count says "Canastas: 1 ✓" once a side has enough, not "1/1" or "2/1";
- the hint on a usable card (dashed outline) and a selected card (solid ring, lifted) differ;
  (the statistics counting hands: test_ui_table_kit.py; "Click" in hints: tests/test_glossary.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from saved_positions import open_position, select, serial, wait_saved, wait_serial

if TYPE_CHECKING:
    from playwright.sync_api import Browser

    from conftest import WatchedPage

pytestmark = pytest.mark.browser

CLOSED = "variant: canasta-two-hand\nturn: 0 draw\nhand 0: QH QS QD 5C 8D 9H KS\npile: 4C 6D 7C\n"
ENOUGH = ("variant: canasta-classic\nplayers: 2\nturn: 0 draw\nhand 0: 9C 4D 6H\n"
          "meld 0: KC KD KH KS KC KD KH\nmeld 0: 5C 5D 5H\npile: 4C\n")


def test_move_log_is_there_after_resuming(page: WatchedPage, site_url: str) -> None:
    open_position(page, site_url, CLOSED)
    n = serial(page)
    page.click("#btn-draw")
    wait_serial(page, n)
    page.wait_for_function("() => document.querySelectorAll('#log li:not(.log-sep)').length > 0")
    shown = page.eval_on_selector_all("#log li:not(.log-sep)", "els => els.map(e => e.textContent)")
    wait_saved(page, lambda rec: rec.get("log") and any(e.get("who") == "you" for e in rec["log"]))
    page.reload()
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.click("#btn-resume")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    again = page.eval_on_selector_all("#log li:not(.log-sep)", "els => els.map(e => e.textContent)")
    assert again[-len(shown):] == shown or again[:len(shown)] == shown, (shown, again)


def test_turn_line_does_not_offer_a_closed_pile(page: WatchedPage, site_url: str) -> None:
    """Seed 000: before its initial meld a side takes the pile only with a natural pair of its top
    card; the pile shows "Closed for you" and the turn line says only: draw from the stock."""
    open_position(page, site_url, CLOSED)
    assert page.is_visible("#closed-marker")
    assert (page.text_content("#turn-text") or "").strip() == "Your turn: draw from the stock"


def test_canasta_count_once_enough(page: WatchedPage, site_url: str) -> None:
    open_position(page, site_url, ENOUGH)
    text = (page.text_content("#my-side .side-canastas") or "").strip()
    assert text == "Canastas: 1 ✓", text


def test_hint_and_selected_look_different(page: WatchedPage, site_url: str) -> None:
    open_position(page, site_url, CLOSED)
    n = serial(page)
    page.click("#btn-draw")
    wait_serial(page, n)
    page.wait_for_selector("#hand .hand-card.can-use")
    hinted = page.locator("#hand .hand-card.can-use").first
    card = hinted.get_attribute("data-card")
    plain = page.locator("#hand .hand-card:not(.can-use)").first
    select(page, [plain.get_attribute("data-card") or ""])
    page.mouse.click(5, 5)  # no focus ring on either
    style = """(e) => { const s = getComputedStyle(e); return [s.outlineStyle, s.boxShadow !== 'none', s.transform]; }"""
    h = page.locator(f'#hand .hand-card.can-use[data-card="{card}"]').first.evaluate(style)
    s = page.locator('#hand .hand-card[aria-pressed="true"]').first.evaluate(style)
    assert h[0] == "dashed" and s[0] != "dashed", (h, s)
    assert h[2] != s[2], (h, s)  # the selected card is lifted, the hinted one is not


def test_german_action_row_stays_on_the_felt_at_390(browser: Browser, site_url: str) -> None:
    """With "Rückgängig" (the glossary's word for undo, longer than "Zurück") the row of actions
    at 390x844 stays inside the table's felt: the long labels break at their soft hyphens."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    ctx.add_init_script("localStorage.setItem('meldtable.settings', JSON.stringify({speed: 'instant'}));"
                        "localStorage.setItem('meldtable.lang', 'de')")
    page = ctx.new_page()
    try:
        open_position(page, site_url, CLOSED.replace("turn: 0 draw", "turn: 0 play"))
        select(page, ["5C"])
        felt = page.locator("#felt").bounding_box()
        assert felt is not None
        for b in page.locator("#actions .btn-action:visible").all():
            r = b.bounding_box()
            assert r is not None
            assert r["x"] >= felt["x"] - 1 and r["x"] + r["width"] <= felt["x"] + felt["width"] + 1, (b.text_content(), r, felt)
    finally:
        ctx.close()
