"""Embedding from another origin says what is wrong (issue #29 item 10).

"Embedding from another origin fails silently when the host does not send
Access-Control-Allow-Origin: the reader sees the raw position text." Two loopback servers on
different ports: the documentation page on one, dist/ on the other (under a sub-path), the page
using the two-line embed of docs/embedding.md (the classic script embed-loader.js and the
elements). Without CORS headers on dist/'s server every demo shows a clear message in its
language (naming the header and the server) above its position as text, and the console has
the same in English; with `Access-Control-Allow-Origin: *` the same page plays.
"""
from __future__ import annotations

import html
import http.server
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, cast

import pytest

import build

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import ServeSite, WatchedPage

POSITION = """variant: canasta-two-hand
turn: 0 draw
hand 0: JH JS JK 4C 5D 6H 7S
meld 0: KC KD KH
pile: 4D 2D 9H JC
"""
SETS = "variant: continental\nturn: 0 play\nplayers: 3\nhand 0: 7C 7D 7H 9S 9D 9H KC\n"

PAGE = """<!doctype html>
<html lang="de">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Dokumentation auf einem anderen Server</title>
  <link rel="icon" href="data:,">
  <script src="{dist}embed-loader.js" async></script>
</head>
<body>
  <h1>Zwei Beispiele</h1>
  <meldtable-demo id="de-demo" variant="canasta-two-hand">{position}</meldtable-demo>
  <meldtable-demo id="en-demo" lang="en" position="{sets}"></meldtable-demo>
</body>
</html>
"""


DistServer = Callable[[dict[str, str]], str]
"""The `dist_server` fixture: dist_server(headers) -> base URL of dist/ sending those headers."""


def start_dist(dist_dir: Path, tmp_path: Path, headers: dict[str, str]) -> tuple[http.server.ThreadingHTTPServer, str]:
    empty = tmp_path / f"cdn-{len(headers)}"
    empty.mkdir()
    server = build.make_server(empty, port=0, quiet=True, mounts={"/games/meldtable/": dist_dir}, headers=headers)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/games/meldtable/"


@pytest.fixture
def dist_server(dist_dir: Path, tmp_path: Path) -> Iterator[DistServer]:
    """Factory: dist/ on its own loopback port with the given response headers; its base URL."""
    servers: list[http.server.ThreadingHTTPServer] = []

    def start(headers: dict[str, str]) -> str:
        server, url = start_dist(dist_dir, tmp_path, headers)
        servers.append(server)
        return url

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def host_page(tmp_path: Path, serve_site: ServeSite, dist_url: str) -> str:
    docs = tmp_path / f"docs-{abs(hash(dist_url))}"
    docs.mkdir()
    (docs / "page.html").write_text(PAGE.format(
        dist=dist_url, position=html.escape(POSITION), sets=html.escape(SETS, quote=True).replace("\n", "&#10;")))
    return serve_site(mounts={"/docs/": docs}) + "docs/page.html"


def shadow_text(page: Page, demo_id: str, selector: str) -> str:
    script = f"document.getElementById('{demo_id}').shadowRoot.querySelector('{selector}')?.innerText || ''"
    return cast("str", page.evaluate(script))


def test_without_cors_headers_every_demo_says_what_is_wrong(page: WatchedPage, serve_site: ServeSite, dist_server: DistServer,
                                                            tmp_path: Path) -> None:
    dist = dist_server({})  # a plain static server: no Access-Control-Allow-Origin
    dist_origin = "/".join(dist.split("/")[:3])
    url = host_page(tmp_path, serve_site, dist)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(url)
    page.wait_for_selector("#de-demo[data-state=error]", state="attached")
    page.wait_for_selector("#en-demo[data-state=error]", state="attached")

    # the German demo in German, the English one in English; both name the header and the server
    german = shadow_text(page, "de-demo", ".mt-fail")
    english = shadow_text(page, "en-demo", ".mt-fail")
    assert german.startswith("Dieses Beispiel kann nicht starten."), german
    assert english.startswith("This live example cannot start."), english
    for text in (german, english):
        assert "Access-Control-Allow-Origin: *" in text and dist_origin in text, text
    assert page.get_attribute("#de-demo", "data-error") == "cors"

    # the message is visible, above the position, which stays readable line by line
    box = page.locator("#de-demo .mt-fail")
    assert box.is_visible()
    assert page.locator("#de-demo .mt-pos").is_visible()
    fail, pos = page.locator("#de-demo .mt-fail").bounding_box(), page.locator("#de-demo .mt-pos").bounding_box()
    assert fail is not None and pos is not None and fail["y"] < pos["y"]
    shown = shadow_text(page, "de-demo", ".mt-pos").strip().splitlines()
    assert shown[:3] == ["variant: canasta-two-hand", "turn: 0 draw", "hand 0: JH JS JK 4C 5D 6H 7S"], shown
    assert shadow_text(page, "en-demo", ".mt-pos").strip().splitlines()[0] == "variant: continental"

    # ... and the console says it too, in English
    ours = [e for e in page.console_errors if "meldtable: the live examples cannot start" in e]
    assert len(ours) == 1, page.console_errors
    assert "Access-Control-Allow-Origin" in ours[0] and dist_origin in ours[0]
    page.console_errors.clear()  # the browser's own CORS errors are expected here


def test_a_wrong_address_is_named_as_such(page: WatchedPage, serve_site: ServeSite, dist_server: DistServer,
                                          tmp_path: Path) -> None:
    dist = dist_server({"Access-Control-Allow-Origin": "*"}).replace("/games/meldtable/", "/games/missing/")
    url = host_page(tmp_path, serve_site, dist)
    # the loader itself is found at the wrong address only if it exists there: serve it from the
    # right place but let it look for embed.js in a folder that is not there
    page.route(dist + "embed-loader.js", lambda route: route.fulfill(
        status=200, content_type="text/javascript", headers={"Access-Control-Allow-Origin": "*"},
        body=(build.ROOT / "web" / "embed-loader.js").read_text(encoding="utf-8")))
    page.goto(url)
    page.wait_for_selector("#en-demo[data-state=error]", state="attached")
    assert page.get_attribute("#en-demo", "data-error") == "http"
    text = shadow_text(page, "en-demo", ".mt-fail")
    assert "HTTP status 404" in text and dist + "embed.js" in text, text
    assert any("meldtable: the live examples cannot start" in e for e in page.console_errors)
    page.console_errors.clear()


def test_with_cors_headers_the_same_page_plays(page: WatchedPage, serve_site: ServeSite, dist_server: DistServer,
                                               tmp_path: Path) -> None:
    dist = dist_server({"Access-Control-Allow-Origin": "*"})
    url = host_page(tmp_path, serve_site, dist)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_function("document.getElementById('de-demo').dataset.state === 'ready'", timeout=120_000)
    assert page.get_attribute("#de-demo", "data-error") is None
    assert page.locator("#de-demo .mt-fail").count() == 0
    # the reader plays: the two natural jacks take the pile
    page.locator('#de-demo #hand .hand-card[data-card="JH"]').click()
    page.locator('#de-demo #hand .hand-card[data-card="JS"]').click()
    page.click("#de-demo #btn-take")
    page.wait_for_function("!document.querySelector('#de-demo').shadowRoot.querySelector('#hand .hand-card[data-card=\"JH\"]')")
    hand = page.eval_on_selector_all("#de-demo .felt #hand .hand-card", "els => els.map(e => e.dataset.card)")
    assert {"4D", "2D", "9H"} <= set(hand)
    assert page.console_errors == []
