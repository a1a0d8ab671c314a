"""Cards that move (issue #13): the person's and the computer's moves fly from where they were
to where they go (from the engine's events, issue #26), at most about 400 ms each; the computer's
moves are shown one by one when the last one's cards have landed (no flying card of one is left
when the next is drawn); with prefers-reduced-motion nothing moves. (`?fast=1` turns motion off
for the other tests; `&motion=1` turns it back on here.)"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import WatchedPage

pytestmark = pytest.mark.browser

WATCH = """() => {
  window.__flights = [];
  window.__tables = [];
  const felt = document.querySelector('#felt');
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType === 1 && n.classList.contains('fly') && !n.classList.contains('drag-ghost')) {
        n.dataset.seenSerial = felt.dataset.serial;  // the table it flies for
        window.__flights.push({ms: parseFloat(n.style.transitionDuration) || 0, face: n.dataset.card || 'back',
                               key: n.dataset.key || '', serial: felt.dataset.serial});
      }
    }
  }).observe(document.body, {childList: true});
  // each new table: are cards of an earlier table's flights still in the air?
  new MutationObserver(() => window.__tables.push({serial: felt.dataset.serial, human: felt.dataset.toActHuman,
      lingering: [...document.querySelectorAll('.fly[data-seen-serial]')]
        .filter((e) => e.dataset.seenSerial !== felt.dataset.serial).length}))
    .observe(felt, {attributes: true, attributeFilter: ['data-serial']});
}"""


def start(page: Page, site_url: str, query: str) -> None:
    page.goto(f"{site_url}?fast=1&seed=7&game=canasta-two-hand{query}")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.click("#ng-start")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    page.evaluate(WATCH)


def one_turn(page: Page) -> str:
    """Draw, discard a legal card, and wait until the computer has played and it is our turn."""
    page.wait_for_function("() => document.querySelector('#felt').dataset.toActHuman === 'true'"
                           " && !document.querySelector('#btn-draw').disabled",
                           timeout=60_000)
    page.click("#btn-draw")
    page.wait_for_function(
        "() => document.querySelector('#hand').dataset.legalDiscards && !document.documentElement.dataset.flying")
    card = (page.get_attribute("#hand", "data-legal-discards") or "").split()[0]
    page.locator(f'#hand .hand-card[data-card="{card}"]').first.click()
    page.click("#btn-discard")
    page.wait_for_function("() => document.querySelector('#felt').dataset.toActHuman === 'true'"
                           " && !document.querySelector('#btn-draw').disabled",
                           timeout=60_000)
    return card


def test_moves_fly_and_the_computer_is_paced_by_them(page: WatchedPage, site_url: str) -> None:
    start(page, site_url, "&motion=1")
    card = one_turn(page)
    flights = page.evaluate("() => window.__flights")
    tables = page.evaluate("() => window.__tables")
    assert page.get_attribute("html", "data-motion-ms") == "260"  # the default speed, "normal"
    assert flights, "no card moved"
    assert all(0 < f["ms"] <= 400 for f in flights), flights
    assert any(f["face"] == card for f in flights), (card, flights)  # the discard flew face up
    assert any(f["face"] == "back" for f in flights)  # a draw flies face down
    assert {f["key"] for f in flights} >= {"draw", "discard"}, flights  # the engine's event keys
    # the computer's moves (draw, ..., discard) are shown one after another, each when the cards
    # of the one before have landed: no card of an earlier table is still flying when one is drawn
    computer = [t for t in tables if t["human"] == "false"]
    assert len(computer) >= 2, tables
    assert all(t["lingering"] == 0 for t in computer), tables
    assert {f["serial"] for f in flights} >= {t["serial"] for t in computer}, (flights, tables)  # each move flew


def test_the_speed_setting_and_instant(page: WatchedPage, site_url: str) -> None:
    start(page, site_url, "&motion=1")
    page.click("#btn-settings")
    page.check('#settings-form input[name="speed"][value="fast"]')
    page.keyboard.press("Escape")
    one_turn(page)
    assert page.get_attribute("html", "data-motion-ms") == "140"
    assert all(f["ms"] == 140 for f in page.evaluate("() => window.__flights"))
    page.click("#btn-settings")
    page.check('#settings-form input[name="speed"][value="instant"]')
    page.keyboard.press("Escape")
    page.evaluate("() => { window.__flights = []; }")
    one_turn(page)
    assert page.evaluate("() => window.__flights") == []


def test_no_motion_with_prefers_reduced_motion(page: WatchedPage, site_url: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    start(page, site_url, "&motion=1")
    one_turn(page)
    one_turn(page)
    assert page.evaluate("() => window.__flights") == []
    assert page.get_attribute("html", "data-motion-ms") == "0"
