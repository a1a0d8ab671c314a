"""Who sits at the table (issues #27 and #28): each seat of the new-game dialog is a person or a
computer with its level (`easy`, `normal`, `strong`: hello's `levels`) and a name; the choice is
remembered per game and player count, sent to the engine (`human_seats` in `new`, `level` in each
`bot` request of that seat), saved with the game, shown beside the seat's name on the table, and
the statistics keep results per opponent level."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from a11y import format_violations, serious_violations  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

    from conftest import WatchedPage

pytestmark = pytest.mark.browser

# every request the page sends to the engine's worker and the seat of each computer move answered,
# kept for the test to read: window.__posted, window.__moved (request id -> seat)
RECORD_POSTS = """(() => {
  const orig = Worker.prototype.postMessage;
  const listen = Worker.prototype.addEventListener;
  window.__posted = [];
  window.__moved = {};
  Worker.prototype.postMessage = function (m, ...rest) {
    try { window.__posted.push(JSON.parse(JSON.stringify(m))); } catch (_) {}
    return orig.call(this, m, ...rest);
  };
  Worker.prototype.addEventListener = function (type, fn, ...rest) {
    if (type === "message") {
      listen.call(this, type, (e) => {
        const m = e.data;
        if (m && m.ok && m.result && m.result.move) window.__moved[m.id] = m.result.move.seat;
      });
    }
    return listen.call(this, type, fn, ...rest);
  };
})()"""


def open_dialog(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.wait_for_selector("#newgame-dialog[open]")


def seat_rows(page: Page) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = page.eval_on_selector_all("#ng-seats-list .seat-row", """rows => rows.map((r) => ({
        kind: r.querySelector('.seat-kind').value, level: r.querySelector('.seat-level').value,
        levelShown: !r.querySelector('.seat-level').hidden, name: r.querySelector('.seat-name').value,
        placeholder: r.querySelector('.seat-name').placeholder}))""")
    return rows


def test_each_seat_person_or_computer_with_level_and_name(context: BrowserContext, site_url: str) -> None:
    context.add_init_script(RECORD_POSTS)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_dialog(page, f"{site_url}?fast=1&seed=5&game=canasta-classic")
    page.select_option("#ng-players", "4")
    rows = seat_rows(page)
    # defaults: the person at seat 0 ("You"), computers at "normal" on the others
    assert [r["kind"] for r in rows] == ["person", "computer", "computer", "computer"]
    assert [r["level"] for r in rows[1:]] == ["normal"] * 3
    assert [r["levelShown"] for r in rows] == [False, True, True, True]
    assert rows[0]["placeholder"] == "You" and rows[2]["placeholder"] == "Computer 2"
    levels = page.eval_on_selector_all("#ng-seat-1-level option", "os => os.map((o) => o.value)")
    assert levels == ["easy", "normal", "strong"]
    page.click("#ng-seats > summary")
    # the person at the last seat, so that the three computers play first (seat 0 starts)
    page.select_option("#ng-seat-0-kind", "computer")
    page.select_option("#ng-seat-3-kind", "person")
    page.fill("#ng-seat-3-name", "Anna")
    page.select_option("#ng-seat-0-level", "easy")
    page.select_option("#ng-seat-2-level", "strong")
    assert "Anna" in (page.text_content("#ng-seats-summary") or "")
    found = serious_violations(page)  # every seat's controls labelled (axe-core)
    assert not found, format_violations(found)
    page.click("#ng-start")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    new = [m for m in page.evaluate("window.__posted") if m.get("op") == "new"][-1]
    assert new["human_seats"] == [3]
    # every bot request carries the level of the seat it plays for (0 easy, 1 normal, 2 strong)
    page.wait_for_function("() => new Set(Object.values(window.__moved)).size >= 3", timeout=120_000)
    moved = {int(k): v for k, v in page.evaluate("window.__moved").items()}
    bots = [m for m in page.evaluate("window.__posted") if m.get("op") == "bot" and m["id"] in moved]
    want = {0: "easy", 1: "normal", 2: "strong"}
    assert [m["level"] for m in bots] == [want[moved[m["id"]]] for m in bots]
    assert sorted({moved[m["id"]] for m in bots}) == [0, 1, 2]
    # the names on the table: the person's own, the level beside a computer's name (not "normal")
    page.wait_for_function("() => document.querySelector('#my-side-title').textContent.includes('Anna')")
    # Anna (seat 3) and her partner at seat 1 (normal: no level shown); seats 0 and 2 play easy, strong
    assert (page.text_content("#my-side-title") or "").strip() == "Computer 2 (partner) & Anna"
    felt = page.text_content("#felt") or ""
    assert "Computer 1 · easy" in felt and "Computer 3 · strong" in felt and "Computer 2 ·" not in felt
    # saved with the game, and remembered for the next new game of this game and count
    saved = page.evaluate("""() => { for (const k of Object.keys(localStorage)) if (k.startsWith('meldtable:saved-game'))
        return JSON.parse(localStorage.getItem(k)); return null; }""")
    assert saved["seats"][3] == {"kind": "person", "level": "normal", "name": "Anna"}
    assert saved["seats"][2]["level"] == "strong"
    remembered = json.loads(page.evaluate("localStorage.getItem('meldtable.seats')"))
    assert remembered["canasta-classic:4"][0] == {"kind": "computer", "level": "easy", "name": ""}
    assert not errors, errors


def test_seats_remembered_resumed_and_refused_without_a_person(page: WatchedPage, site_url: str) -> None:
    open_dialog(page, f"{site_url}?fast=1&seed=8&game=3-ist-50")
    page.select_option("#ng-players", "3")
    page.click("#ng-seats > summary")
    page.select_option("#ng-seat-1-level", "strong")
    page.fill("#ng-seat-2-name", "Robo")
    page.click("#ng-start")
    page.wait_for_selector("#game:not([hidden])")
    page.wait_for_function("() => document.body.textContent.includes('Computer 1 · strong')")
    assert "Robo" in (page.text_content("#felt") or "")
    # a reload resumes the game with its seats (once the autosave, which asks the engine for the
    # game's text, has stored it: on a busy machine the reload came first and nothing was saved)
    page.wait_for_function("""() => Object.keys(localStorage).some((k) => k.startsWith('meldtable:saved-game:')
        && (localStorage.getItem(k) || '').includes('Robo'))""")
    page.goto(f"{site_url}?fast=1")
    page.wait_for_selector("#btn-resume")
    page.click("#btn-resume")
    page.wait_for_selector("#game:not([hidden])")
    page.wait_for_function("() => document.body.textContent.includes('Computer 1 · strong')")
    assert "Robo" in (page.text_content("#felt") or "")
    # a new game of 3 ist 50 at 3 opens with the seats chosen last; with no person it refuses
    page.click("#btn-newgame")
    page.wait_for_selector("#newgame-dialog[open]")
    page.select_option("#ng-variant", "3-ist-50")
    page.select_option("#ng-players", "3")
    rows = seat_rows(page)
    assert rows[1]["level"] == "strong" and rows[2]["name"] == "Robo"
    if not page.is_visible("#ng-seat-0-kind"):
        page.click("#ng-seats > summary")
    page.select_option("#ng-seat-0-kind", "computer")
    page.click("#ng-start")
    assert page.text_content("#ng-error") == "At least one seat must be a person."
    assert page.evaluate("document.activeElement.id") == "ng-seat-0-kind"
    assert not page.console_errors, page.console_errors


def test_statistics_per_opponent_level(page: WatchedPage, site_url: str) -> None:
    open_dialog(page, f"{site_url}?fast=1")
    page.evaluate("""localStorage.setItem('meldtable.stats', JSON.stringify({kanaster: {played: 3, won: 1, best: 900, deals: 9,
        levels: {strong: {played: 1, won: 0, best: 200, deals: 3}, easy: {played: 2, won: 1, best: 900, deals: 6}}}}))""")
    page.click("#ng-cancel")
    page.click("#btn-settings")
    page.wait_for_selector("#stats-table tbody tr")
    rows = page.eval_on_selector_all("#stats-table tbody tr", "rs => rs.map((r) => [...r.cells].map((c) => c.textContent))")
    game = "Kanaster (Swiss house rules, 2 to 5 players)"
    assert rows[0][0] == game and rows[0][2] == "3"
    assert rows[1] == [f"{game} · against easy", "6", "2", "1", "900"]
    assert rows[2] == [f"{game} · against strong", "3", "1", "0", "200"]
