"""Friends on their own devices, the parts beyond playing (issue #28; docs/multiplayer.md), in
real Chromium: two browser contexts on loopback are two devices on the real app page.

- The friend's Hint (key I and the Hint button) asks the host, whose engine answers for the
  friend's seat from its information only: the marked cards are the friend's own, the reason is
  in the friend's language, one engine hint per table, a hint off turn is refused, and the host's
  own hint is never one for the friend's seat.
- Camera scanning where BarcodeDetector exists, with a fake BarcodeDetector and a fake camera
  stream injected by add_init_script: the host scans the friend's reply code; after the host's
  page reloads, the friend scans the new invitation and the host scans the new reply. Paste stays.
- Pass-and-play and a friend in one game: while the friend is to act, the host's device shows the
  person who held it last (not the first person's hand).
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from friends_kit import SAVED, app_url, device, net_browser  # noqa: F401  (fixtures)
from playwright.sync_api import Browser
from test_friends_games import (
    Devices,
    connect_friend,
    hand,
    invitation,
    reply_code,
    start_with_friend,
    step,
    wait_person,
)
from test_multiplayer import ev, net_url, vendor_dir  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

# the host's engine requests of op "hint", counted (window.__hints)
COUNT_HINTS = """async () => {
  const host = (await import('./net/lobby.js')).currentHosting().host;
  window.__hints = 0;
  const request = host.raw.request.bind(host.raw);
  host.raw.request = (op, fields) => { if (op === 'hint') window.__hints++; return request(op, fields); };
}"""
HOST_HINT = """async () => {
  const hosting = (await import('./net/lobby.js')).currentHosting();
  try { await hosting.engine.request('hint', {}); return 'answered'; } catch (err) { return err.key || err.code; }
}"""


def guest_turn(d: Devices, fam: str) -> None:
    """The host plays its turns until the friend is to act."""
    for turn in range(60):
        if wait_person(d) == "guest":
            return
        step(d.host, fam, turn)
    raise AssertionError("the friend was never to act")


def test_a_friends_hint_is_answered_by_the_host_for_its_seat(net_browser: Browser, app_url: str) -> None:  # noqa: F811
    host_ctx = device(net_browser, app_url)
    guest_ctx = device(net_browser, app_url, locale="de-DE")
    try:
        d = Devices(host_ctx.new_page(), guest_ctx.new_page())
        start_with_friend(d.host, app_url, "canasta-two-hand", 2, 5, 1)
        connect_friend(d.host, d.guest, 1)
        ev(d.host, COUNT_HINTS)
        guest_turn(d, "canasta")
        guest = d.guest
        # while the friend is to act the host's own hint is refused (it would be the friend's)
        assert ev(d.host, HOST_HINT) == "not_your_turn"
        assert d.host.is_hidden("#btn-hint")
        # the friend presses I: the host's engine answers; the move is one of the friend's legal
        # moves, its cards are in the friend's hand, the reason in German in the status line
        assert guest.is_visible("#btn-hint")
        guest.locator("body").press("i")
        guest.wait_for_selector("[data-hint]:not([data-hint=''])", state="attached")
        root = guest.locator("[data-hint]:not([data-hint=''])").first
        move = root.get_attribute("data-hint") or ""
        cards = (root.get_attribute("data-hint-cards") or "").split()
        legal = (guest.get_attribute("#felt", "data-legal") or "").split(";")
        assert move in legal, (move, legal)
        mine = hand(guest)
        for c in cards:
            assert c in mine
            mine.remove(c)
        answers = [json.loads(m) for m in ev(guest, "window.__received") if m.startswith('{"v":2,"t":"hint"')]
        assert len(answers) == 1 and answers[0]["hint"]["seat"] == 1 and answers[0]["hint"]["move"] == move
        assert guest.text_content("#status") == answers[0]["hint"]["texts"]["de"]
        assert guest.get_attribute("#btn-hint", "aria-pressed") == "true"
        assert ev(d.host, "window.__hints") == 1
        # Esc drops it; the button asks again: the same answer, not asked of the engine again
        guest.keyboard.press("Escape")
        guest.wait_for_selector("[data-hint]:not([data-hint=''])", state="detached")
        guest.click("#btn-hint")
        guest.wait_for_selector("[data-hint]:not([data-hint=''])", state="attached")
        assert guest.locator("[data-hint]:not([data-hint=''])").first.get_attribute("data-hint") == move
        assert ev(d.host, "window.__hints") == 1
        # the friend plays its turn; off turn the key is refused by the host, in German
        step(guest, "canasta", 0)
        if wait_person(d) == "guest":
            step(guest, "canasta", 1)
        guest.wait_for_function("() => document.querySelector('#felt').dataset.toActHuman !== 'true'")
        assert guest.is_hidden("#btn-hint")
        guest.locator("body").press("i")
        guest.wait_for_selector("#status.error")
        assert guest.text_content("#status") == "Du bist nicht am Zug."
        assert ev(d.host, "window.__hints") == 1
        assert d.errors == {"host": [], "guest": []}
    finally:
        host_ctx.close()
        guest_ctx.close()


def test_scanning_codes_with_the_camera(net_browser: Browser, app_url: str) -> None:  # noqa: F811
    host_ctx = device(net_browser, app_url, camera=True)
    guest_ctx = device(net_browser, app_url, camera=True)
    try:
        d = Devices(host_ctx.new_page(), guest_ctx.new_page())
        host, guest = d.host, d.guest
        start_with_friend(host, app_url, "canasta-two-hand", 2, 5, 1)
        seat = host.locator(".net-host .net-seat[data-seat='1']")
        seat.locator(".net-scan").wait_for()
        assert seat.locator(".net-reply").is_visible()  # paste stays
        guest.goto(invitation(host, 1))
        guest.click(".net-guest .net-join-go")
        reply = reply_code(guest)
        # the host scans the friend's reply code: the camera opens, the code is read, it connects
        ev(host, "(code) => { window.__qr = code; }", reply)
        seat.locator(".net-scan").click()
        host.wait_for_selector(".net-host .net-seat[data-seat='1'][data-state='connected']")
        assert ev(host, "window.__camera") == {"video": {"facingMode": "environment"}}
        assert ev(host, "window.__scans") >= 1
        assert host.locator(".net-scanbox").count() == 0  # the camera view is gone
        guest.wait_for_selector("#game:not([hidden]) #hand .hand-card")
        host.keyboard.press("Escape")
        # the host's page reloads: the friend loses the host and is asked for a new invitation
        host.reload()
        lost = guest.locator("dialog[open] .net-lost")
        lost.wait_for()
        assert lost.locator(".net-scan").is_visible() and lost.locator(".net-paste").is_visible()
        if os.environ.get("MELDTABLE_SHOTS"):
            guest.set_viewport_size({"width": 390, "height": 844})
            guest.screenshot(path=str(Path(os.environ["MELDTABLE_SHOTS"]) / "friends-guest-lost-scan-390x844.png"))
        host.click("#btn-resume")
        host.wait_for_selector(".net-host[open] .net-seat[data-seat='1'][data-state='waiting']")
        link = invitation(host, 1)
        # the friend scans the new invitation in its "connection lost" dialog
        ev(guest, "(code) => { window.__qr = code; }", link)
        lost.locator(".net-scan").click()
        again = reply_code(guest, "dialog[open]")
        ev(host, "(code) => { window.__qr = code; }", again)
        host.locator(".net-host .net-seat[data-seat='1'] .net-scan").click()
        host.wait_for_selector(".net-host .net-seat[data-seat='1'][data-state='connected']")
        guest.wait_for_selector("dialog[open] .net-lost", state="detached")
        state = json.loads(ev(host, SAVED))
        guest.wait_for_function("(n) => document.querySelectorAll('#hand .hand-card').length === n",
                                arg=len(state["state"]["hands"][1]))
        assert hand(guest) == sorted(state["state"]["hands"][1])
        assert d.errors == {"host": [], "guest": []}
    finally:
        host_ctx.close()
        guest_ctx.close()


def test_without_a_qr_reader_there_is_no_scan_button(net_browser: Browser, app_url: str) -> None:  # noqa: F811
    host_ctx = device(net_browser, app_url)
    try:
        host = host_ctx.new_page()
        start_with_friend(host, app_url, "canasta-two-hand", 2, 5, 1)
        seat = host.locator(".net-host .net-seat[data-seat='1']")
        seat.locator(".net-reply").wait_for()
        assert ev(host, "typeof window.BarcodeDetector") == "undefined"
        assert seat.locator(".net-scan").is_hidden()
    finally:
        host_ctx.close()


def test_pass_and_play_with_a_friend_keeps_the_last_persons_view(net_browser: Browser, app_url: str) -> None:  # noqa: F811
    host_ctx = device(net_browser, app_url)
    guest_ctx = device(net_browser, app_url)
    try:
        d = Devices(host_ctx.new_page(), guest_ctx.new_page())
        host = d.host
        # 3 ist 50: Anna (seat 0) and Ben (seat 1) share the host's device, Cleo (seat 2) is a friend
        start_with_friend(host, app_url, "3-ist-50", 3, 11, 2, people={0: "Anna", 1: "Ben"}, name="Cleo")
        connect_friend(host, d.guest, 2)
        holder = None
        checked = {0: 0, 1: 0}
        for turn in range(40):
            who = wait_person(d)
            if host.is_visible("#score-dialog[open]") or d.guest.is_visible("#score-dialog[open]"):
                break
            if who == "host" and host.is_visible("#pass-cover[open]"):
                holder = int(host.get_attribute("#pass-cover", "data-seat") or "-1")
                host.click("#pass-go")
                host.wait_for_selector("#pass-cover", state="hidden")
                continue
            if who == "host":  # the person the cover was last lifted for
                step(host, "threefifty", turn)
                continue
            # the friend is to act: the host's device shows the hand of the person who held it last
            if holder is not None and not host.is_visible("#pass-cover[open]"):
                hands = json.loads(ev(host, SAVED))["state"]["hands"]
                assert hand(host) == sorted(hands[holder]), (holder, hand(host), hands)
                checked[holder] += 1
            step(d.guest, "threefifty", turn)
            if checked[1] >= 2:
                break
        assert checked[1] >= 1, checked  # after Ben's turn, while Cleo plays, Ben's hand (not Anna's)
        assert d.errors == {"host": [], "guest": []}
    finally:
        host_ctx.close()
        guest_ctx.close()
