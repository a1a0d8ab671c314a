"""Hosting and joining as people do it (issue #28; web/net/lobby.js, docs/multiplayer.md "In the app").

Two browser contexts of one headless Chromium on loopback are two devices. The host's page
(tests/browser/net_pages/lobby-host.html: the real engine of dist/, startHosting, the toolbar's
"Players" button and seat badges) hosts 4-player Classic Canasta with friends at seats 2 and 3;
the guest's page (lobby-guest.html, German) boots as the app does when opened with "#join=…"
(joinFromFragment). Everything is done by clicks and keys: copy the invitation, open it, type a
name, copy the reply code, paste it on the host, Connect; Esc closes the panel and the focus
goes back to the Players button; a guest whose page closes shows as gone, a new invitation
brings it back to the same seat; a seat nobody joined is handed to the computer.
Screenshots of the panel and the join screen: test_screenshots (MELDTABLE_SHOTS=<dir> keeps them).
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Playwright
from test_multiplayer import LOOPBACK_ARGS, PAGE_ERRORS, TIMEOUT, ev, net_url, vendor_dir  # noqa: F401  (fixtures)

from conftest import CHROMIUM_ARGS

GUEST_NAME = "<b>Anna</b>"
CLIP = ["clipboard-read", "clipboard-write"]


@pytest.fixture(scope="module")
def net_browser(playwright_instance: Playwright, chromium_path: str) -> Iterator[Browser]:
    browser = playwright_instance.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS + LOOPBACK_ARGS)
    yield browser
    browser.close()


def device(browser: Browser, origin: str, locale: str = "en-US", width: int = 1280, height: int = 800) -> BrowserContext:
    context = browser.new_context(locale=locale, viewport={"width": width, "height": height})
    context.grant_permissions(CLIP, origin=origin)
    context.set_default_timeout(TIMEOUT)
    return context


def watched(context: BrowserContext) -> Page:
    page = context.new_page()
    errors: list[str] = PAGE_ERRORS.setdefault(page, [])
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def open_host(context: BrowserContext, net_url: str, query: str = "remote=2,3") -> Page:  # noqa: F811
    host = watched(context)
    host.goto(net_url + f"lobby-host.html?{query}")
    host.wait_for_selector("#status:text('ready')", timeout=TIMEOUT)
    return host


def seat(page: Page, n: int) -> Locator:
    return page.locator(f".net-host .net-seat[data-seat='{n}']")


def copy_invitation(host: Page, n: int) -> str:
    """Click "Copy the invitation" of seat n; the link, as the clipboard holds it."""
    seat(host, n).locator(".net-copy").click()
    seat(host, n).locator(".net-note:text-matches('Copied|Kopiert')").wait_for()
    return str(ev(host, "navigator.clipboard.readText()"))


def join(guest: Page, link: str, name: str | None = None) -> str:
    """Open the invitation, (type a name,) press Join, copy the reply code; the reply code."""
    guest.goto(link)
    guest.locator(".net-guest .net-name").wait_for()
    if name is not None:
        guest.fill(".net-guest .net-name", name)
    guest.click(".net-guest .net-join-go")
    guest.locator(".net-guest .net-reply-code").wait_for()
    guest.click(".net-guest .net-copy")
    guest.locator(".net-guest .net-note:text-matches('Copied|Kopiert')").wait_for()
    return str(ev(guest, "navigator.clipboard.readText()"))


def paste_reply(host: Page, n: int, reply: str) -> None:
    box = seat(host, n).locator(".net-reply")
    box.fill(reply)
    seat(host, n).locator(".net-connect").click()


def wait_connected(host: Page, n: int = 2) -> None:
    """Wait until seat n shows as connected on the host's panel; on a timeout print what the
    host's connections were doing (a loaded machine can make WebRTC slow)."""
    try:
        host.wait_for_selector(f".net-host .net-seat[data-seat='{n}'][data-state='connected']", timeout=TIMEOUT)
    except Exception:
        print("DEBUG seat", seat(host, n).text_content())
        print("DEBUG host", ev(host, "[...L.hosting.host.conns.values()].map((c) => [c.seat, c.joined, "
                                     "c.peer.pc.connectionState, c.peer.pc.iceConnectionState, c.peer.channel.readyState, "
                                     "c.peer.closed])"), ev(host, "L.hosting.host.errors"))
        print("DEBUG invites", ev(host, "[...L.hosting.host.invites.values()].map((i) => [i.seat, i.used])"))
        raise


@pytest.fixture(scope="module")
def devices(net_browser: Browser, net_url: str) -> Iterator[dict[str, Any]]:  # noqa: F811
    origin = net_url.split("/__net__/")[0]
    host_ctx = device(net_browser, origin)
    guest_ctx = device(net_browser, origin, locale="de-DE")
    yield {"host": open_host(host_ctx, net_url), "guest_ctx": guest_ctx, "net_url": net_url}
    host_ctx.close()
    guest_ctx.close()


def test_a_friend_joins_by_link_and_reply_code(devices: dict[str, Any]) -> None:
    host, guest_ctx = devices["host"], devices["guest_ctx"]
    players = host.locator("#btn-players")
    players.focus()
    host.keyboard.press("Enter")
    panel = host.locator(".net-host")
    panel.wait_for()
    assert ev(host, "document.querySelector('.net-host').open && "
                    "document.querySelector('.net-host').contains(document.activeElement)")
    assert seat(host, 2).locator("h3").text_content() == "Seat 2: Anna"
    assert seat(host, 2).get_attribute("data-state") == "waiting"
    # an empty or a wrong reply is refused in words, and nothing connects
    seat(host, 2).locator(".net-copy").wait_for()
    seat(host, 2).locator(".net-connect").click()
    assert seat(host, 2).locator(".net-error").text_content() == "Paste the reply code first."
    link = copy_invitation(host, 2)
    assert "lobby-guest.html#join=M1" in link
    assert link == seat(host, 2).locator(".net-invite-link").input_value()
    assert seat(host, 2).locator(".net-qr svg[role='img']").get_attribute("aria-label") == "QR code of the invitation for Seat 2"
    paste_reply(host, 2, link)
    seat(host, 2).locator(".net-error:text('This is an invitation, not a reply code.')").wait_for()

    guest = watched(guest_ctx)
    guest.goto(link)
    dialog = guest.locator(".net-guest")
    dialog.wait_for()
    assert dialog.locator("h2").text_content() == "Bei einem Spiel mitspielen"
    assert "Platz 2" in (dialog.locator(".net-offer").text_content() or "")
    assert ev(guest, "document.activeElement.classList.contains('net-name')")
    reply = join(guest, link, GUEST_NAME)
    assert reply.startswith("M1") and reply == guest.locator(".net-reply-code").input_value()
    assert guest.locator(".net-waiting").text_content() == "Warte auf den Gastgeber…"
    assert "#join=" not in guest.url  # a spent invitation is not answered again on a reload
    paste_reply(host, 2, reply)
    wait_connected(host)
    guest.wait_for_selector("#status:text('playing')")
    assert guest.text_content("#seat") == "2"
    assert guest.locator(".net-guest").count() == 0
    # the name the guest typed, as text
    assert seat(host, 2).locator("h3").text_content() == "Seat 2: " + GUEST_NAME
    assert host.locator(".net-host b").count() == 0
    assert host.locator("#badges li[data-seat='2']").get_attribute("data-state") == "connected"
    assert host.locator(".net-host .net-live[role='status']").text_content() == f"Seat 2: {GUEST_NAME}: connected"
    # Esc closes the panel, the focus is back on the Players button
    host.keyboard.press("Escape")
    panel.wait_for(state="hidden")
    assert ev(host, "document.activeElement.id") == "btn-players"
    assert PAGE_ERRORS[host] == [] and PAGE_ERRORS[guest] == []
    devices["guest"] = guest


def test_a_dropped_guest_is_gone_and_a_new_invitation_brings_it_back(devices: dict[str, Any]) -> None:
    host, guest_ctx = devices["host"], devices["guest_ctx"]
    guest = devices["guest"]
    hand = guest.text_content("#hand")
    guest.close()
    host.wait_for_selector("#badges li[data-seat='2'][data-state='gone']")
    host.click("#btn-players")
    assert seat(host, 2).get_attribute("data-state") == "gone"
    assert seat(host, 2).locator(".net-state").text_content() == "connection lost"
    seat(host, 2).locator(".net-reinvite").click()
    link = copy_invitation(host, 2)
    again = watched(guest_ctx)
    reply = join(again, link)  # the name is remembered on that device
    assert (again.locator(".net-offer").text_content() or "").startswith("Du bist zu Platz 2")
    paste_reply(host, 2, reply)
    wait_connected(host)
    again.wait_for_selector("#status:text('playing')")
    assert again.text_content("#seat") == "2" and again.text_content("#hand") == hand
    assert seat(host, 2).locator("h3").text_content() == "Seat 2: " + GUEST_NAME
    assert PAGE_ERRORS[host] == [] and PAGE_ERRORS[again] == []
    devices["guest"] = again


def test_a_seat_nobody_joined_is_handed_to_the_computer(devices: dict[str, Any]) -> None:
    host = devices["host"]
    if not ev(host, "document.querySelector('.net-host').open"):
        host.click("#btn-players")
    assert seat(host, 3).get_attribute("data-state") == "waiting"
    seat(host, 3).locator(".net-release").click()
    host.wait_for_selector(".net-host .net-seat[data-seat='3'][data-state='computer']")
    assert seat(host, 3).locator(".net-state").text_content() == "played by the computer"
    assert seat(host, 3).locator(".net-copy, .net-release").count() == 0
    assert ev(host, "L.hosting.host.remote.has(3)") is False
    assert host.locator("#badges li[data-seat='3']").get_attribute("data-state") == "computer"
    host.keyboard.press("Escape")


def test_a_lost_connection_says_how_to_rejoin_and_takes_a_new_invitation(devices: dict[str, Any]) -> None:
    host, guest = devices["host"], devices["guest"]
    ev(host, "L.hosting.host.conns.get(2).peer.close()")  # the network breaks
    dialog = guest.locator(".net-guest")
    dialog.wait_for()
    assert dialog.locator(".net-lost-reason").text_content() == "Die Verbindung zum Gastgeber ist unterbrochen."
    assert "neue Einladung" in dialog.text_content()
    assert ev(guest, "document.activeElement.classList.contains('net-paste')")
    host.click("#btn-players")
    seat(host, 2).locator(".net-reinvite").click()
    link = copy_invitation(host, 2)
    guest.fill(".net-guest .net-paste", "M1kaputt")
    guest.click(".net-guest .net-rejoin")
    guest.locator(".net-guest .net-error:text('Das ist kein vollständiger Code: kopiere ihn noch einmal, ganz.')").wait_for()
    guest.fill(".net-guest .net-paste", link)
    guest.click(".net-guest .net-rejoin")
    reply = guest.locator(".net-guest .net-reply-code").input_value()
    paste_reply(host, 2, reply)
    try:
        guest.wait_for_function("() => G.changes.includes('rejoined')")
    except Exception:
        print("DEBUG guest changes", ev(guest, "G.changes"),
              ev(guest, "[G.session.guest.closedReason, G.session.guest.peer.pc.connectionState, "
                        "G.session.guest.peer.channel.readyState, G.session.guest.seat]"))
        print("DEBUG guest dialog", guest.locator(".net-guest").all_text_contents())
        print("DEBUG host", ev(host, "[...L.hosting.host.conns.values()].map((c) => [c.joined, "
                                     "c.peer.pc.connectionState, c.peer.channel.readyState, c.peer.closed])"),
              ev(host, "L.hosting.host.errors"), seat(host, 2).text_content())
        raise
    guest.locator(".net-guest").wait_for(state="detached")
    wait_connected(host)
    assert guest.text_content("#status") == "playing" and guest.text_content("#seat") == "2"
    assert PAGE_ERRORS[host] == [] and PAGE_ERRORS[guest] == []


def test_a_host_that_reloads_invites_the_same_seats_into_the_same_game(devices: dict[str, Any]) -> None:
    host, guest = devices["host"], devices["guest"]
    game = ev(host, "L.hosting.game")
    host.goto(devices["net_url"] + "lobby-host.html?resume=1")  # the page opened again on this device
    host.wait_for_selector("#status:text('ready')", timeout=TIMEOUT)
    assert ev(host, "L.hosting.game") == game
    assert ev(host, "[...L.hosting.host.remote]") == [2]  # seat 3 went to the computer before
    guest.locator(".net-guest .net-lost-reason").wait_for()  # the guest's connection went with the page
    host.click("#btn-players")
    assert seat(host, 2).get_attribute("data-state") == "waiting"
    assert seat(host, 2).locator("h3").text_content() == "Seat 2: Anna"  # as the host named the seat
    link = copy_invitation(host, 2)
    guest.fill(".net-guest .net-paste", link)
    guest.click(".net-guest .net-rejoin")
    paste_reply(host, 2, guest.locator(".net-guest .net-reply-code").input_value())
    wait_connected(host)
    guest.locator(".net-guest").wait_for(state="detached")
    assert guest.text_content("#seat") == "2"
    assert PAGE_ERRORS[host] == [] and PAGE_ERRORS[guest] == []


SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_screenshots(net_browser: Browser, net_url: str, lang: str, tmp_path: Path) -> None:  # noqa: F811
    """The panel and the join screen at 1280x800 and 390x844 fit their width (no sideways
    scrolling); saved under MELDTABLE_SHOTS when set, to be looked at."""
    out = Path(os.environ.get("MELDTABLE_SHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    origin = net_url.split("/__net__/")[0]
    locale = "de-DE" if lang == "de" else "en-US"
    host_ctx = device(net_browser, origin, locale)
    host = open_host(host_ctx, net_url, "remote=2")
    link = ""
    for name, (w, h) in SIZES.items():
        host.set_viewport_size({"width": w, "height": h})
        if not ev(host, "document.querySelector('.net-host') && document.querySelector('.net-host').open"):
            host.click("#btn-players")
        seat(host, 2).locator(".net-qr svg").wait_for()
        link = seat(host, 2).locator(".net-invite-link").input_value()
        assert ev(host, "() => { const d = document.querySelector('.net-host'); return d.scrollWidth <= d.clientWidth; }")
        host.screenshot(path=str(out / f"friends-host-{lang}-{name}.png"))
    host_ctx.close()
    for name, (w, h) in SIZES.items():
        ctx = device(net_browser, origin, locale, w, h)
        guest = ctx.new_page()
        guest.goto(link)
        guest.locator(".net-guest .net-name").wait_for()
        guest.screenshot(path=str(out / f"friends-join-{lang}-{name}.png"))
        guest.click(".net-guest .net-join-go")
        guest.locator(".net-guest .net-reply-code").wait_for()
        assert ev(guest, "() => { const d = document.querySelector('.net-guest'); return d.scrollWidth <= d.clientWidth; }")
        guest.screenshot(path=str(out / f"friends-reply-{lang}-{name}.png"))
        ctx.close()
    assert len(list(out.glob(f"friends-*-{lang}-*.png"))) == 6
