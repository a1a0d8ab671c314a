"""Two phones on one Wi-Fi, as docs/multiplayer.md "Two phones on one Wi-Fi" tells people to do it
(issue #28), emulated: the site served on this machine's network address (not loopback) over
plain http, and two Playwright contexts with phone device emulation (touch, phone screen and
user agent) opening it there. Each page is then not a "secure context" (no clipboard API, no
camera), as on real phones reaching a computer on the home network by its address; the codes are
taken from their text fields, as a person would select and share them.

Not real devices: two contexts of one headless Chromium on one machine (Chromium's mDNS hiding of
local addresses turned off, as in the other friends tests). Skipped when this machine has no
network address besides loopback.
"""
from __future__ import annotations

import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from friends_kit import WARNINGS_OFF
from playwright.sync_api import Browser, Page, Playwright
from test_friends_games import serial, wait_changed
from test_multiplayer import TIMEOUT

import build
from conftest import CHROMIUM_ARGS

pytestmark = pytest.mark.browser

PHONES = ("Pixel 7", "Galaxy S9+")


def lan_address() -> str | None:
    """This machine's address on its network (the one a phone on the same Wi-Fi would use), or None."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # no packet is sent: only picks the outgoing interface
            address: str = s.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("", 0))
        port: int = s.getsockname()[1]
    return port


@pytest.fixture(scope="module", params=["build-server", "http.server"])
def lan_url(request: pytest.FixtureRequest, dist_dir: Path) -> Iterator[str]:
    """The site on this machine's network address: through build.py's server (what `build.py serve`
    runs, with the CSP header) or `python3 -m http.server --bind 0.0.0.0 --directory dist` as the
    docs say (the pages' own CSP meta tag only)."""
    address = lan_address()
    if address is None:
        pytest.skip("no network address besides loopback")
    if request.param == "build-server":
        server = build.make_server(dist_dir, host="0.0.0.0", port=0,
                                   headers={"Content-Security-Policy": build.CSP}, quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        yield f"http://{address}:{server.server_address[1]}/index.html"
        server.shutdown()
        server.server_close()
        return
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-u", "-m", "http.server", str(port), "--bind", "0.0.0.0",
                             "--directory", str(dist_dir)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        assert "Serving HTTP" in proc.stdout.readline()  # it listens
        yield f"http://{address}:{port}/index.html"
    finally:
        proc.terminate()
        proc.wait()


@pytest.fixture(scope="module")
def lan_browser(playwright_instance: Playwright, chromium_path: str) -> Iterator[Browser]:
    browser = playwright_instance.chromium.launch(
        executable_path=chromium_path, args=[*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"])
    yield browser
    browser.close()


def phone(playwright_instance: Playwright, browser: Browser, name: str, errors: list[str]) -> Page:
    context = browser.new_context(**playwright_instance.devices[name])
    context.set_default_timeout(TIMEOUT)
    context.add_init_script(WARNINGS_OFF)
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(f"{name}: {e}"))
    return page


def test_two_phones_on_one_wifi(playwright_instance: Playwright, lan_browser: Browser, lan_url: str) -> None:
    errors: list[str] = []
    host = phone(playwright_instance, lan_browser, PHONES[0], errors)
    guest = phone(playwright_instance, lan_browser, PHONES[1], errors)
    try:
        # the first phone opens the address, chooses Classic Canasta for two, the other seat a friend
        host.goto(f"{lan_url}?fast=1")
        host.wait_for_selector("html[data-engine-state=ready]", timeout=TIMEOUT)
        assert host.evaluate("isSecureContext") is False
        host.wait_for_selector("#newgame-dialog[open]")
        host.select_option("#ng-variant", "canasta-classic")
        host.select_option("#ng-players", "2")
        host.locator("#ng-seats summary").tap()
        host.select_option("#ng-seat-1-kind", "friend")
        host.fill("#ng-seat-1-name", "Ben")
        host.fill("#ng-seed", "5")
        host.locator("#ng-start").tap()
        # the invitation link, as a person copies it out of its field
        field = host.locator(".net-host .net-seat[data-seat='1'] .net-code").first
        host.wait_for_function("(el) => el.value.includes('#join=M1')", arg=field.element_handle())
        link = field.input_value()
        assert link.startswith(lan_url.split("?")[0].rsplit("/", 1)[0])
        # the second phone opens it, joins, and shows its reply code
        guest.goto(link)
        guest.locator(".net-guest .net-join-go").tap()
        reply_field = guest.locator(".net-guest .net-reply-code")
        guest.wait_for_function("(el) => el.value.startsWith('M1')", arg=reply_field.element_handle())
        reply = reply_field.input_value()
        assert guest.evaluate("isSecureContext") is False
        # the host's offer names it by its network address (a host candidate), not loopback
        sdp = guest.evaluate("async (code) => (await (await import('./net/signal.js')).unpackInvite(code)).sdp",
                             link.split("#join=")[1])
        address = lan_url.split("//")[1].split(":")[0]
        candidates = [line for line in sdp.splitlines() if line.startswith("a=candidate")]
        assert any(f" {address} " in c for c in candidates), candidates
        assert not any(" 127.0.0.1 " in c for c in candidates), candidates
        # the first phone pastes it and connects
        seat = host.locator(".net-host .net-seat[data-seat='1']")
        seat.locator(".net-reply").fill(reply)
        seat.locator(".net-connect").tap()
        host.wait_for_selector(".net-host .net-seat[data-seat='1'][data-state='connected']")
        guest.wait_for_selector("#game:not([hidden]) #hand .hand-card")
        host.locator(".net-host[open] .net-close").first.tap()
        # whoever is to act first plays a draw by a tap; the other phone sees the move
        host.wait_for_function("() => document.querySelector('#felt').dataset.toActHuman === 'true' || "
                               "document.querySelector('#seat-map .seat-chip.to-act[data-seat=\"1\"]')")
        for page, other in ((host, guest), (guest, host)):
            if page.get_attribute("#felt", "data-to-act-human") == "true":
                before, seen = serial(page), serial(other)
                page.locator("#btn-draw").tap()
                wait_changed(page, before)
                other.wait_for_function("(s) => document.querySelector('#felt').dataset.serial !== s", arg=seen)
                break
        else:
            raise AssertionError("nobody was to act")
        assert errors == []
    finally:
        host.context.close()
        guest.context.close()
