"""The new-game dialog is drawn while the engine starts (issue #16: warm and offline starts
within 1.1x a bare loadPyodide() page; docs/performance.md). The page draws it from the
engine's `hello` answer written at build time (dist/hello.json, build.py write_hello), with
Start disabled and the start-up progress in the dialog; when the engine is ready Start works,
and a built answer that differs from the engine's own is replaced by the engine's. Without a
usable hello.json the dialog opens when the engine is ready, as before.

The engine is held back by holding its standard library's download (the worker cannot start
Python without it), so "before ready" is a state the test controls, not a race."""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Page, Route, expect

if TYPE_CHECKING:
    from conftest import WatchedPage

from meldtable import api

pytestmark = pytest.mark.browser

STDLIB = "**/pyodide/python_stdlib.zip"
# The engine's own answer to `hello` (CPython, the same sources as the wheel).
HELLO = json.loads(api.handle(json.dumps({"id": 0, "op": "hello", "brief": True})))["result"]
GAMES = [v["id"] for v in HELLO["variants"]]


def hold(page: Page, pattern: str) -> tuple[list[Route], Callable[[], None]]:
    """Hold every request matching `pattern` (page and its worker) until release() is called."""
    held: list[Route] = []
    released: list[bool] = []

    def handle(route: Route) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)
    page.context.route(pattern, handle)

    def release() -> None:
        released.append(True)
        for route in held:
            route.continue_()
    return held, release


def variant_ids(page: Page) -> list[str]:
    ids: list[str] = page.eval_on_selector_all("#ng-variant option", "os => os.map((o) => o.value)")
    return ids


def test_dialog_is_usable_before_the_engine_is_ready_and_start_waits_for_it(page: WatchedPage, site_url: str,
                                                                            dist_dir: Path) -> None:
    assert json.loads((dist_dir / "hello.json").read_text()) == HELLO  # written by the build from the engine
    assert len(GAMES) == 5
    held, release = hold(page, STDLIB)
    page.goto(f"{site_url}?fast=1&seed=3")
    expect(page.locator("#newgame-dialog")).to_be_visible()
    page.wait_for_function("() => true")
    assert held, "the worker did not ask for the standard library"  # held: the engine cannot be ready
    assert page.get_attribute("html", "data-engine-state") == "loading"
    # the whole dialog is there: every game, its players and rule options; Start waits
    assert variant_ids(page) == GAMES
    expect(page.locator("#ng-start")).to_be_disabled()
    expect(page.locator("#ng-boot")).to_be_visible()
    assert (page.text_content("#ng-boot-message") or "").strip()  # "Starting…" / "Loading Python…"
    # the player chooses meanwhile: Continental, then one of its options
    page.select_option("#ng-variant", "continental")
    expect(page.locator("#ng-players option")).not_to_have_count(0)
    page.keyboard.press("Enter")  # no start before the engine is ready (Start is the default button)
    assert page.get_attribute("html", "data-engine-state") == "loading"
    release()
    page.wait_for_selector("html[data-engine-state=ready]", state="attached", timeout=90_000)
    expect(page.locator("#ng-start")).to_be_enabled()
    expect(page.locator("#ng-boot")).to_be_hidden()
    assert page.input_value("#ng-variant") == "continental"  # the choice made while loading is kept
    page.click("#ng-start")
    page.wait_for_selector("#felt[data-legal]:not([data-legal=''])", timeout=30_000)
    assert page.get_attribute("#newgame-dialog", "open") is None
    assert page.get_attribute("#felt", "data-variant") == "continental"
    assert page.console_errors == []


def test_a_built_answer_that_differs_from_the_engine_is_replaced_when_it_is_ready(page: WatchedPage, site_url: str,
                                                                                  dist_dir: Path) -> None:
    """Built hello.json out of step with the engine (e.g. a cached page of another build): the
    dialog drawn from it is redrawn from the engine's own answer when the engine is ready."""
    stale = json.loads((dist_dir / "hello.json").read_text())
    stale["variants"] = [v for v in stale["variants"] if v["id"] != "kanaster"]
    assert stale["variants"][0]["id"] == "canasta-two-hand" and stale["variants"][0]["players"] == [2]
    stale["variants"][0]["players"] = [2, 3]
    page.context.route("**/hello.json", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(stale)))
    held, release = hold(page, STDLIB)
    page.goto(f"{site_url}?fast=1&seed=3")
    expect(page.locator("#newgame-dialog")).to_be_visible()
    assert "kanaster" not in variant_ids(page)
    assert page.input_value("#ng-variant") == "canasta-two-hand"
    expect(page.locator("#ng-players option")).to_have_count(2)
    release()
    page.wait_for_selector("html[data-engine-state=ready]", state="attached", timeout=90_000)
    expect(page.locator("#ng-start")).to_be_enabled()
    assert variant_ids(page) == GAMES
    expect(page.locator("#ng-players option")).to_have_count(1)  # the engine's: two players only
    page.click("#ng-start")
    page.wait_for_selector("#felt[data-legal]:not([data-legal=''])", timeout=30_000)
    assert page.console_errors == []


@pytest.mark.parametrize("answer", [{"status": 404, "body": "not found"},
                                    {"status": 200, "body": "{\"variants\": [tr"},
                                    {"status": 200, "body": "{\"variants\": [{\"id\": 7}]}"}],
                         ids=["missing", "broken", "no-playable-variant"])
def test_without_a_usable_built_answer_the_dialog_opens_when_the_engine_is_ready(page: WatchedPage, site_url: str,
                                                                                 answer: dict[str, Any]) -> None:
    page.context.route("**/hello.json", lambda route: route.fulfill(content_type="application/json", **answer))
    held, release = hold(page, STDLIB)
    page.goto(f"{site_url}?fast=1&seed=3")
    page.wait_for_function("() => document.documentElement.dataset.engineState === 'loading'")
    page.wait_for_timeout(300)  # time enough to draw it (a drawn dialog appears within ~0.1 s)
    assert held
    expect(page.locator("#newgame-dialog")).to_be_hidden()
    release()
    page.wait_for_selector("html[data-engine-state=ready]", state="attached", timeout=90_000)
    expect(page.locator("#newgame-dialog")).to_be_visible()
    expect(page.locator("#ng-start")).to_be_enabled()
    assert variant_ids(page) == GAMES
    # only the browser's own line for the 404, no error of the page
    assert [e for e in page.console_errors if "404 (Not Found) (" not in e or "/hello.json" not in e] == []


@pytest.mark.parametrize("hello_first", [True, False], ids=["dialog-drawn-first", "error-first"])
def test_a_boot_error_is_shown_instead_of_the_dialog(page: WatchedPage, site_url: str, hello_first: bool) -> None:
    """The engine cannot start (its worker script is missing): the boot error is shown and the
    dialog is not, whether the built answer arrived before the error (the dialog is closed) or
    after it (nothing is drawn)."""
    page.context.route("**/engine-worker.mjs", lambda route: route.fulfill(status=404, body="not found"))
    held, release = hold(page, "**/hello.json")
    if hello_first:
        release()
    page.goto(f"{site_url}?fast=1&seed=3")
    page.wait_for_selector("html[data-engine-state=error]", state="attached", timeout=30_000)
    release()
    page.wait_for_timeout(500)  # time enough to draw a dialog (it would appear within ~0.1 s)
    expect(page.locator("#boot-error")).to_be_visible()
    expect(page.locator("#newgame-dialog")).to_be_hidden()
    assert "could not be loaded" in (page.text_content("#boot-error-message") or "")
