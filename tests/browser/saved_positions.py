"""Helper of the browser tests: open the app on a position (docs/positions.md) as the saved game
it continues (web/persist.js), so a test starts from the cards it needs. The saved game is the
engine's own text (`Game.from_position(...).to_json()` on CPython); the page loads it as it loads
any autosaved game, by the person's click on "Continue the saved game"."""
from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import meldtable

if TYPE_CHECKING:
    from playwright.sync_api import Page

SAVE_KEY = "meldtable:saved-game:/"


def open_position(page: Page, site_url: str, text: str, query: str = "fast=1") -> meldtable.Game:
    """Put the position `text` into the page's saved game and continue it by a click; returns
    the Game the test can compare with."""
    game = meldtable.Game.from_position(text)
    record = {"format": 1, "savedAt": 0, "state": game.to_json(), "human_seats": [0], "seed": game.seed,
              "variant": game.variant.id, "hand": 1}
    page.goto(f"{site_url}__tests__/blank.html")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, json.dumps(record)])
    page.goto(f"{site_url}?{query}")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.click("#btn-resume")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    return game


def saved_record(page: Page) -> dict[str, Any] | None:
    """The page's autosaved record (web/persist.js; JSON), or None."""
    text = page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})")
    record: dict[str, Any] | None = json.loads(text) if text else None
    return record


def wait_saved(page: Page, predicate: Callable[[dict[str, Any]], object], timeout_s: int = 15) -> dict[str, Any]:
    """Wait until the autosaved record satisfies `predicate(record)`; returns it."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        rec = saved_record(page)
        if rec and predicate(rec):
            return rec
        page.wait_for_timeout(100)
    raise AssertionError(f"the autosave never matched: {saved_record(page)}")


def serial(page: Page) -> int:
    value = page.get_attribute("#felt", "data-serial")
    assert value is not None, "#felt has no data-serial"
    return int(value)


def wait_serial(page: Page, n: int) -> None:
    page.wait_for_function("(s) => Number(document.querySelector('#felt').dataset.serial) > s", arg=n)


def hand(page: Page) -> list[str]:
    cards: list[str] = page.eval_on_selector_all("#hand .hand-card", "els => els.map(e => e.dataset.card)")
    return cards


def select(page: Page, cards: Iterable[str]) -> None:
    for c in cards:
        page.locator(f'#hand .hand-card[data-card="{c}"][aria-pressed="false"]').first.click()
