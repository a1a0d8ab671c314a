"""Cards that move come from the engine's events (issue #26 item 2: "motion.js ... read them: no
rule, card value or notation parsing in JS"): web/motion.js reads no move notation; the computer's
moves fly from its events too, its hidden cards (a draw from the stock into its hand: only a count)
as card backs onto its seat; answers that replace the table without a move (`new`, `load`, `undo`:
`events: []`, docs/protocol.md "Events") make nothing fly."""
from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from saved_positions import open_position, select, serial, wait_serial

if TYPE_CHECKING:
    from conftest import WatchedPage

pytestmark = pytest.mark.browser

MOTION = Path(__file__).resolve().parents[2] / "web" / "motion.js"

WATCH = """() => {
  window.__flights = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType !== 1 || !n.classList.contains('fly') || n.classList.contains('drag-ghost')) continue;
      const b = n.getBoundingClientRect();
      const seat = (s) => [...document.querySelectorAll(`#seat-map [data-seat="${s}"]`)].map((e) => e.getBoundingClientRect());
      const stock = document.querySelector('#stock').getBoundingClientRect();
      window.__flights.push({card: n.dataset.card || 'back', key: n.dataset.key || '', from: n.dataset.from || '',
        to: n.dataset.to || '', cx: b.left + b.width / 2, cy: b.top + b.height / 2,
        tx: Number(n.dataset.toX), ty: Number(n.dataset.toY),
        serial: Number(document.querySelector('#felt').dataset.serial),
        human: document.querySelector('#felt').dataset.toActHuman,
        stock: {x: stock.left, y: stock.top, w: stock.width, h: stock.height},
        seat1: seat(1).map((r) => ({x: r.left, y: r.top, w: r.width, h: r.height}))});
    }
  }).observe(document.body, {childList: true});
}"""


def inside(x: float, y: float, b: dict[str, float], slack: float = 1.5) -> bool:
    return b["x"] - slack <= x <= b["x"] + b["w"] + slack and b["y"] - slack <= y <= b["y"] + b["h"] + slack


def test_motion_js_reads_no_notation_and_no_rule() -> None:
    src = MOTION.read_text(encoding="utf-8")
    code = re.sub(r"//[^\n]*|/\*.*?\*/", "", src, flags=re.S)  # comments may name things
    # no move text split into words, no card pattern, no rank/suit reading, no hand diffing
    for banned in [r"split\(", r"\.text\b", r"\[A2-9", r"JK\|", r"last_moves", r"view\.hand\b", r"view\.discard",
                   r"view\.piles", r"view\.claim", r"view\.centre", r"rankOf", r"suitOf", r"isWild",
                   r"\"(draw|take|meld|add|bury|discard|claim|play)\"\s*\)", r"kind\s*===", r"\bwords\("]:
        assert not re.search(banned, code), f"web/motion.js matches {banned!r}"
    assert "next.events" in code  # the flights come from the table answer's events
    # the interface web/app.js uses stays
    for name in ["motionMs", "snapshot", "flights", "extraFlights", "play"]:
        assert re.search(rf"export function {name}\(", code), name
    assert re.search(r"export const DURATION\b", code)


def test_load_new_and_undo_make_nothing_fly(page: WatchedPage, site_url: str) -> None:
    open_position(page, site_url, """variant: canasta-two-hand
turn: 0 took
hand 0: QH QS QD KS 4C 5D 6H 7S
meld 0: KC KD KH
""", query="fast=1&motion=1")
    page.evaluate(WATCH)
    assert page.get_attribute("html", "data-motion-ms") in (None, "260")
    select(page, ["QH", "QS", "QD"])
    n = serial(page)
    page.click("#btn-meld")
    wait_serial(page, n)
    page.wait_for_function("() => window.__flights.length >= 3 && !document.documentElement.dataset.flying")
    flown = page.evaluate("() => window.__flights")
    assert [f["key"] for f in flown] == ["meld"] * 3, flown  # the move flies (a load before it did not)
    # Undo: the engine answers `events: []`; the cards go back without flying
    page.evaluate("() => { window.__flights = []; }")
    n = serial(page)
    page.click("#btn-undo")
    wait_serial(page, n)
    page.wait_for_selector('#hand .hand-card[data-card="QD"]')
    assert page.locator("#my-melds .meld[data-rank='Q']").count() == 0
    assert page.evaluate("() => window.__flights") == []
    # A new game: nothing flies either
    n = serial(page)
    page.click("#btn-newgame")
    page.click("#ng-start")
    wait_serial(page, n)
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    assert page.evaluate("() => window.__flights") == []


def test_the_computers_hidden_draw_flies_as_backs_onto_its_seat(page: WatchedPage, site_url: str) -> None:
    open_position(page, site_url, """variant: canasta-two-hand
turn: 0 play
hand 0: QH QS QD KS 4C 5D 6H 7S
hand 1: 8H 8S 9C TD JH 4D 5S 6C AC AD
meld 0: KC KD KH
pile: 9H
""", query="fast=1&motion=1")
    page.evaluate(WATCH)
    select(page, ["4C"])
    n = serial(page)
    page.click("#btn-discard")
    wait_serial(page, n + 1)  # the computer's first move (its draw) is shown
    page.wait_for_function(
        "(s) => window.__flights.some((f) => f.serial > s) && !document.documentElement.dataset.flying", arg=n + 1)
    computer = [f for f in page.evaluate("() => window.__flights") if f["serial"] == n + 2]
    draws = [f for f in computer if f["key"] == "draw"]
    assert draws, computer
    for f in draws:
        assert f["card"] == "back", f  # the engine names no card of another seat's draw
        assert f["from"] == "stock" and inside(f["cx"], f["cy"], f["stock"]), f
        assert f["to"] in ("seat-hand:1", "seat:1") and any(inside(f["tx"], f["ty"], b) for b in f["seat1"]), f
