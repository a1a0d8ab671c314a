"""Shared fixtures for the browser tests: the built site on loopback and headless Chromium.

Nothing is built here: `python build.py test` builds dist/ before running pytest.

Fixtures
  dist_dir      Path of the built site (env MELDTABLE_DIST, default <repo>/dist)
  site_version  dist/version.json as a dict
  serve_site    factory: serve_site(mime_overrides=None, mounts=None) -> base URL
                ("http://127.0.0.1:<port>/") of another server over dist/, e.g. with
                {".wasm": "application/octet-stream"} or mounts {"/wheels/": some_dir}
  site_url      base URL of the correctly configured server (session-wide)
  browser       Playwright Browser: Debian's chromium via executable_path (session-wide)
  context       a fresh BrowserContext per test; the page's warnings before costly mistakes
                (web/tablekit.js) start turned off, so that a test about something else is not
                stopped by an "Are you sure?"; tests marked `warnings` keep them on
  record_timing record_timing(name, seconds): printed in the "browser timings" summary
  page          a Page in that context, watched:
                  page.console_errors   console errors and uncaught page errors (strings)
                  page.foreign_requests URLs of requests to anything but the test servers
                  page.content_types    {url path: Content-Type} of every response seen
Test pages under tests/browser/pages/ are served at <site_url>__tests__/<name>.

Every test in tests/browser/ is marked `browser`. When Chromium, Playwright or dist/ is
missing, browser tests are skipped with the reason, or fail if the env variable CI is set.
"""
from __future__ import annotations

import json
import os
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, Protocol, cast
from urllib.parse import urlsplit

import pytest
from pytest import FixtureRequest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PAGES = HERE / "pages"
sys.path.insert(0, str(ROOT))
import build  # noqa: E402  (the repo's build.py: its server sets the right MIME types)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Playwright, Request, Response

    class WatchedPage(Page):
        """The type of the `page` fixture: a Playwright Page with the lists the fixture keeps
        (see the module docstring). Tests import it under ``TYPE_CHECKING``."""

        console_errors: list[str]
        foreign_requests: list[str]
        content_types: dict[str, str]


class ServeSite(Protocol):
    """The type of the `serve_site` fixture (see the module docstring)."""

    def __call__(self, mime_overrides: dict[str, str] | None = None, mounts: dict[str, Path] | None = None) -> str: ...


RecordTiming = Callable[[str, float], None]
"""The type of the `record_timing` fixture: record_timing(name, seconds)."""

CHROMIUM_ARGS = [
    "--disable-gpu",
    "--disable-background-networking",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
]
TEST_PAGES_PREFIX = "/__tests__/"


def unavailable(reason: str) -> NoReturn:
    """Skip (locally) or fail (in CI) because a prerequisite of the browser tests is missing."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (failing instead of skipping because CI is set)", pytrace=False)
    pytest.skip(reason)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test in this directory as a browser test."""
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)


_timings: dict[str, float] = {}


@pytest.fixture(scope="session")
def record_timing() -> RecordTiming:
    """record_timing(name, seconds): remember a duration for the terminal summary."""
    return _timings.__setitem__


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print the measured browser timings (boot time etc.)."""
    if _timings:
        terminalreporter.section("browser timings")
        for name, seconds in _timings.items():
            terminalreporter.write_line(f"{name}: {seconds:.2f} s")


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    path = Path(os.environ.get("MELDTABLE_DIST") or ROOT / "dist")
    if not (path / "version.json").exists():
        unavailable(f"{path} is not built; run `python build.py` (`python build.py test` does it)")
    return path


@pytest.fixture(scope="session")
def site_version(dist_dir: Path) -> dict[str, Any]:
    version: dict[str, Any] = json.loads((dist_dir / "version.json").read_text())
    return version


_test_origins: set[str] = set()


@pytest.fixture(scope="session")
def serve_site(dist_dir: Path) -> Iterator[ServeSite]:
    """Factory starting a loopback server over dist/ on a free port; returns its base URL."""
    servers = []

    def start(mime_overrides: dict[str, str] | None = None, mounts: dict[str, Path] | None = None) -> str:
        server = build.make_server(dist_dir, port=0, mime_overrides=mime_overrides,
                                   mounts={TEST_PAGES_PREFIX: PAGES, **(mounts or {})}, quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        _test_origins.add(base.rstrip("/"))
        return base

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url(serve_site: ServeSite) -> str:
    return serve_site()


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = build.find_chromium()
    if not path:
        unavailable("Chromium not found: install Debian's `chromium` (apt-get install chromium) "
                    "or set CHROMIUM_PATH")
    return path


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("playwright is not installed; run the tests with `python build.py test`")
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright, chromium_path: str) -> Iterator[Browser]:
    browser = playwright_instance.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


WARNINGS_OFF = """(() => { try { if (!localStorage.getItem('meldtable.settings')) localStorage.setItem('meldtable.settings',
  JSON.stringify({warnWild: false, warnPlayable: false, warnInitial: false, warnNewGame: false})); } catch (_) {} })()"""


@pytest.fixture(scope="session")
def warnings_off_script() -> str:
    """The init script that turns the page's warnings off, for a test's own extra contexts."""
    return WARNINGS_OFF


@pytest.fixture
def context(browser: Browser, request: FixtureRequest) -> Iterator[BrowserContext]:
    context = browser.new_context()
    context.set_default_timeout(60_000)
    if request.node.get_closest_marker("warnings") is None:
        context.add_init_script(WARNINGS_OFF)
    yield context
    context.close()


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@pytest.fixture
def page(context: BrowserContext, site_url: str) -> Iterator[WatchedPage]:
    """A watched page (see the module docstring); page and worker events are both seen."""
    page = cast("WatchedPage", context.new_page())
    page.console_errors = []
    page.foreign_requests = []
    page.content_types = {}

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            page.console_errors.append(f"console: {message.text} ({message.location.get('url', '')})")

    def on_request(request: Request) -> None:
        if urlsplit(request.url).scheme in ("data", "blob", "about"):
            return
        if _origin(request.url) not in _test_origins:
            page.foreign_requests.append(request.url)

    def on_response(response: Response) -> None:
        page.content_types[urlsplit(response.url).path] = response.headers.get("content-type", "")

    page.on("console", on_console)
    page.on("pageerror", lambda error: page.console_errors.append(f"pageerror: {error}"))
    context.on("request", on_request)
    context.on("response", on_response)
    yield page
    page.close()
