"""The one table session (web/session.js, issue #26 item 3): the app (web/app.js) and the live
demos (web/embed.js) hold their table, send the person's actions, keep the log and ticker and
give the renderers their shell through the same module.

- The module's shell is the contract web/games/registry.js lists, every name of it, and a
  session without a table takes no action and sends nothing.
- The same position, the same click, in the app and in a demo on the same page: the same table
  (legal moves, hand, red threes laid out, turn line), the same log entries for the person's
  moves (the app's move log, the demo's `meldtable-table` events); the ticker tells the move in
  the app and, in a demo, also what came with it (the red three laid out).
"""
from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Locator, Page

import meldtable

pytestmark = pytest.mark.browser

SAVE_KEY = "meldtable:saved-game:/"  # web/persist.js: the app's saved game

# seat 0 draws: two cards, the first a red three laid out at once and replaced
POSITION = """variant: canasta-two-hand
turn: 0 draw
hand 0: 4C 5D 6H 7S 8C 9D TS JC KS
stock: 3H 5S 6C
pile: 9H
"""

# registry.js: "shell (what a renderer may use)"
SHELL_FUNCTIONS = ["table", "view", "legal", "isMyTurn", "busy", "humanSeats", "seatName", "act",
                   "setStatus", "clearError", "render", "openScoreSheet"]

CONTRACT = """async () => {
  const { createSession } = await import("/session.js");
  const el = (tag) => document.createElement(tag);
  const parts = { turnInfo: el("div"), status: el("p"), turnText: el("p"), ticker: el("p") };
  const sent = [];
  const engine = { request: async (op, fields) => { sent.push(op); throw new Error("no engine here"); } };
  const session = createSession({ engine: () => engine, felt: el("div"), parts, humanSeat: 2 });
  const shell = session.shell;
  const kinds = Object.fromEntries(Object.entries(shell).map(([k, v]) => [k, typeof v]));
  const acted = await shell.act({ type: "draw" }, {});
  await session.undo();
  shell.setStatus({ text: "a status line" }, "error");
  const shown = [parts.status.textContent, parts.status.classList.contains("error")];
  shell.clearError();
  return { kinds, acted, sent, shown, cleared: parts.status.textContent, humanSeat: shell.humanSeat,
           humanSeats: shell.humanSeats(), table: shell.table(), busy: shell.busy(),
           partsGiven: [shell.parts.turnInfo === parts.turnInfo, shell.parts.status === parts.status] };
}"""

MOUNT_DEMO = """async (position) => {
  const { mountDemo } = await import("/embed.js");
  const host = document.createElement("div");
  host.id = "demo";
  document.body.append(host);
  window.__demoEntries = [];
  host.addEventListener("meldtable-table", (ev) => {
    for (const e of ev.detail.entries) window.__demoEntries.push({ who: e.who, seat: e.seat, text: e.text });
  });
  window.__demo = mountDemo(host, { position, seat: 0, lang: "en", start: "now" });
  await window.__demo.ready;
}"""


def console_errors(page: Page) -> list[str]:
    """The console errors the `page` fixture (conftest.py) collected."""
    errors: list[str] = getattr(page, "console_errors")  # noqa: B009 (set by the fixture, not typed)
    return errors


def open_app_on(page: Page, site_url: str, text: str) -> None:
    """The app continues `text` (docs/positions.md) as its saved game (as saved_positions.py does)."""
    game = meldtable.Game.from_position(text)
    record = {"format": 1, "savedAt": 0, "state": game.to_json(), "human_seats": [0], "seed": game.seed,
              "variant": game.variant.id, "hand": 1}
    page.goto(f"{site_url}__tests__/blank.html")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, json.dumps(record)])
    page.goto(f"{site_url}?fast=1")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.click("#btn-resume")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")


def table_of(felt: Locator) -> dict[str, Any]:
    """What a person sees of the table drawn in `felt`: legal moves, hand, red threes, turn line, ticker."""
    out: dict[str, Any] = felt.evaluate("""(f) => {
      const root = f.getRootNode();
      const q = (sel) => root.querySelector(sel);
      return {
        legal: f.dataset.legal, phase: f.dataset.phase, toActHuman: f.dataset.toActHuman,
        hand: [...f.querySelectorAll('#hand .hand-card')].map((e) => e.dataset.card),
        redThrees: [...f.querySelectorAll('#my-red-threes .card')].length,
        turn: q('.turn-text').textContent, ticker: q('.ticker').textContent,
      };
    }""")
    return out


def test_the_shell_is_registry_contract_and_idle_without_a_table(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}__tests__/blank.html")
    got = page.evaluate(CONTRACT)
    for name in SHELL_FUNCTIONS:
        assert got["kinds"].get(name) == "function", (name, got["kinds"])
    assert got["kinds"]["parts"] == "object" and got["partsGiven"] == [True, True]
    assert got["humanSeat"] == 2 and got["humanSeats"] == [2]
    # no table: nothing to act on, nothing to undo, nothing sent to the engine
    assert got["acted"] is False
    assert got["sent"] == []
    assert got["table"] is None and got["busy"] is False
    assert got["shown"] == ["a status line", True]
    assert got["cleared"] == ""
    assert not console_errors(page), console_errors(page)


def test_the_same_click_in_the_app_and_in_a_demo_gives_the_same_table_and_log(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app_on(page, site_url, POSITION)
    page.evaluate(MOUNT_DEMO, POSITION)
    app, demo = page.locator("#felt"), page.locator("#demo .mt-stage")
    demo.locator("#hand .hand-card").first.wait_for()
    before_app, before_demo = table_of(app), table_of(demo)
    assert before_app["legal"] == before_demo["legal"] and "draw" in before_app["legal"].split(";")
    assert before_app["hand"] == before_demo["hand"]

    # the same click in both: draw (the red three is laid out and replaced)
    serials = [app.get_attribute("data-serial"), demo.get_attribute("data-serial")]
    app.locator("#btn-draw").click()
    demo.locator("#btn-draw").click()
    page.wait_for_function(
        "([a, d]) => document.querySelector('#felt').dataset.serial !== a"
        " && document.querySelector('#demo').shadowRoot.querySelector('.mt-stage').dataset.serial !== d",
        arg=serials)
    after_app, after_demo = table_of(app), table_of(demo)
    # the ticker: the app's tells the move, a demo's also what the renderer logs of the new table
    # (createSession's tickerFollowsTable), here the red three laid out after the draw
    tickers = after_app.pop("ticker"), after_demo.pop("ticker")
    assert after_app == after_demo, (after_app, after_demo)
    assert "5S" in after_app["hand"] and "6C" in after_app["hand"] and after_app["redThrees"] >= 1
    assert tickers == ("You draw from the stock", "You lay out three of hearts"), tickers
    assert after_app["toActHuman"] == "true"

    # the same discard: the person's log entries are the same in both (the app's move log, newest
    # first; the demo's meldtable-table events, in order)
    app.locator('#hand .hand-card[data-card="KS"]').click()
    app.locator("#btn-discard").click()
    demo.locator('#hand .hand-card[data-card="KS"]').click()
    demo.locator("#btn-discard").click()
    page.wait_for_function("() => window.__demoEntries.some((e) => e.text === 'discard KS')")
    page.wait_for_selector('#log li[data-seat="0"][data-text="discard KS"]', state="attached")
    app_log = page.eval_on_selector_all(
        '#log li[data-seat="0"]', "els => els.reverse().map((e) => ({text: e.dataset.text, who: e.className}))")
    demo_log = [{"text": e["text"], "who": "log-" + e["who"]}
                for e in page.evaluate("() => window.__demoEntries") if e["seat"] == 0]
    assert app_log == demo_log, (app_log, demo_log)
    assert [e["text"] for e in app_log][-1] == "discard KS"
    assert not console_errors(page), console_errors(page)
