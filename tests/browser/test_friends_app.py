"""Playing with friends in the app itself (issue #28; docs/multiplayer.md "In the app").

Two browser contexts of one headless Chromium on loopback are two devices, both on the real
app page (index.html of dist/). The host chooses "Friend on another device" for a seat in the
new-game dialog and starts: the Players panel opens; the invitation is copied and opened on the
other device (index.html#join=…), whose join screen makes the reply code; the host pastes it and
connects. Then both people play by clicks: a whole hand of 4-player Classic Canasta (host at
seat 0, the friend at seat 2, partners; two computers) to the score sheet on both devices; the
friend's page reloads mid-hand and rejoins its seat with a new invitation; a Continental claim
made by the friend out of turn; every message the friend's page received is checked for cards
it must not see (test_multiplayer.leaks). Screenshots with MELDTABLE_SHOTS=<dir>.
"""
from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pytest
from friends_kit import KEEP_STATES, SAVED, app_url, device, messages, net_browser  # noqa: F401  (fixtures)
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_multiplayer import TIMEOUT, ev, leaks, net_url, vendor_dir  # noqa: F401  (fixtures)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

    class FriendPage(Page):
        """A page of watched(): a Playwright Page with its uncaught errors (strings)."""

        errors: list[str]

pytestmark = pytest.mark.browser

FRIEND = 2
FRIEND_NAME = "Anna"
CANASTA_SEED = 7
MAX_TURNS = 400
def watched(context: BrowserContext) -> FriendPage:
    page = cast("FriendPage", context.new_page())
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def start_with_friend(host: Page, app_url: str, variant: str, players: int, seed: int, friend: int = FRIEND, person: int = 0,  # noqa: F811
                      name: str = FRIEND_NAME, query: str = "") -> None:
    """In the new-game dialog: the game, the players, seat `friend` a friend on another device
    (named), seat `person` the person here, the others computers; Start. The Players panel opens."""
    host.goto(f"{app_url}?fast=1&seed={seed}{query}")
    host.wait_for_selector("html[data-engine-state=ready]", timeout=TIMEOUT)
    host.wait_for_selector("#newgame-dialog[open]")
    host.select_option("#ng-variant", variant)
    host.select_option("#ng-players", str(players))
    host.locator("#ng-seats summary").click()
    for s in range(players):
        kind = "friend" if s == friend else "person" if s == person else "computer"
        host.select_option(f"#ng-seat-{s}-kind", kind)
    assert host.is_hidden(f"#ng-seat-{friend}-level")
    host.fill(f"#ng-seat-{friend}-name", name)
    assert "on another device" in (host.text_content("#ng-seats-summary") or "")
    host.fill("#ng-seed", str(seed))
    host.click("#ng-start")
    host.wait_for_selector(".net-host[open]")
    assert host.is_visible("#game")
    assert host.is_visible("#btn-players")


def connect_friend(host: Page, guest: Page, friend: int = FRIEND) -> None:
    """Copy the invitation on the host, open it on the guest's device, Join, copy the reply
    code, paste it on the host, Connect; close the panel (Esc). The guest's table shows."""
    seat = host.locator(f".net-host .net-seat[data-seat='{friend}']")
    seat.locator(".net-copy").click()
    seat.locator(".net-note:text-matches('Copied|Kopiert')").wait_for()
    link = ev(host, "navigator.clipboard.readText()")
    assert "index.html" in link and "#join=M1" in link
    guest.goto(link)
    guest.locator(".net-guest .net-name").wait_for()
    guest.click(".net-guest .net-join-go")
    guest.locator(".net-guest .net-reply-code").wait_for()
    guest.click(".net-guest .net-copy")
    guest.locator(".net-guest .net-note:text-matches('Copied|Kopiert')").wait_for()
    reply = ev(guest, "navigator.clipboard.readText()")
    seat.locator(".net-reply").fill(reply)
    seat.locator(".net-connect").click()
    host.wait_for_selector(f".net-host .net-seat[data-seat='{friend}'][data-state='connected']")
    guest.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    host.keyboard.press("Escape")
    host.wait_for_selector(".net-host[open]", state="hidden")
    # the panel's "close" event (a task after the dialog closed) gives the focus back to the
    # Players button; until it runs the browser's own fix-up has put it on the body
    host.wait_for_function("() => document.activeElement && document.activeElement.id === 'btn-players'")
    assert ev(host, "document.activeElement.id") == "btn-players"


def my_turn_or_over(page: Page) -> bool:
    page.wait_for_function(
        """() => document.querySelector('#score-dialog[open]') ||
                 (document.querySelector('#felt').dataset.toActHuman === 'true' &&
                  document.querySelector('#felt').dataset.covered !== 'true' &&
                  document.querySelector('#felt').dataset.legal)""", timeout=TIMEOUT)
    return page.is_visible("#score-dialog[open]")


def act_and_wait(page: Page, click: Callable[[], object]) -> None:
    serial = page.get_attribute("#felt", "data-serial")
    click()
    page.wait_for_function(
        "(s) => document.querySelector('#score-dialog[open]') || document.querySelector('#status.error') || "
        "document.querySelector('#felt').dataset.serial !== s", arg=serial)
    assert not page.is_visible("#status.error"), page.text_content("#status")


def canasta_turn(page: Page) -> bool:
    """One turn by clicks (a simple legal policy): draw, then discard the first legal discard.
    False when the hand is over."""
    if my_turn_or_over(page):
        return False
    if page.get_attribute("#felt", "data-stage") == "draw":
        act_and_wait(page, lambda: page.click("#btn-draw"))
        if my_turn_or_over(page):
            return False
    card = (page.get_attribute("#hand", "data-legal-discards") or "").split()[0]
    page.locator(f'#hand .hand-card[data-card="{card}"][aria-pressed="false"]').first.click()
    act_and_wait(page, lambda: page.click("#btn-discard"))
    return True


def to_act(host: Page) -> int | None:
    """The seat to act as the host's table shows it (None when the hand is over)."""
    host.wait_for_function("() => document.querySelector('#score-dialog[open]') || "
                           "document.querySelector('#seat-map .seat-chip.to-act')")
    if host.is_visible("#score-dialog[open]"):
        return None
    return int(host.get_attribute("#seat-map .seat-chip.to-act", "data-seat") or "")


@pytest.fixture(scope="module")
def canasta(net_browser: Browser, app_url: str) -> Iterator[dict[str, Any]]:  # noqa: F811
    """4-player Classic Canasta: the host's page (seat 0) and the friend's (seat 2, German)."""
    host_ctx = device(net_browser, app_url)
    guest_ctx = device(net_browser, app_url, locale="de-DE")
    host, guest = watched(host_ctx), watched(guest_ctx)
    start_with_friend(host, app_url, "canasta-classic", 4, CANASTA_SEED)
    first = ev(host, KEEP_STATES)
    connect_friend(host, guest)
    yield {"host": host, "guest": guest, "guest_ctx": guest_ctx, "first": first}
    host_ctx.close()
    guest_ctx.close()


def play_turns(c: dict[str, Any], turns: int, stop: Callable[[], bool] | None = None) -> bool:
    """Play until the hand is over (True), or `turns` of the people's turns were played, or
    stop() says so (False)."""
    host, guest = c["host"], c["guest"]
    played = 0
    while played < turns:
        if stop and stop():
            return False
        seat = to_act(host)
        if seat is None:
            return True
        if seat == 0:
            if not canasta_turn(host):
                return True
            played += 1
        elif seat == FRIEND:
            if not canasta_turn(c["guest"]):
                return True
            played += 1
        else:
            host.wait_for_function("(s) => { const c = document.querySelector('#seat-map .seat-chip.to-act'); "
                                   "return document.querySelector('#score-dialog[open]') || !c"
                                   " || Number(c.dataset.seat) !== s; }",
                                   arg=seat)
    del guest
    return False


def test_the_dialog_offers_a_friend_seat_for_every_game(net_browser: Browser, app_url: str) -> None:  # noqa: F811
    ctx = device(net_browser, app_url)
    try:
        page = watched(ctx)
        page.goto(f"{app_url}?fast=1")
        page.wait_for_selector("html[data-engine-state=ready]", timeout=TIMEOUT)
        page.wait_for_selector("#newgame-dialog[open]")
        for variant in page.eval_on_selector_all("#ng-variant option", "els => els.map(e => e.value)"):
            page.select_option("#ng-variant", variant)
            for n in page.eval_on_selector_all("#ng-players option", "els => els.map(e => e.value)") or ["2"]:
                if page.is_visible("#ng-players"):
                    page.select_option("#ng-players", n)
                rows = page.locator("#ng-seats-list .seat-row").count()
                assert rows >= 2
                for s in range(rows):
                    kinds = page.eval_on_selector_all(f"#ng-seat-{s}-kind option", "els => els.map(e => e.value)")
                    assert kinds == ["person", "computer", "friend"], (variant, n, s)
        assert page.errors == []
        # the page's first load fetched nothing of the network code (it is imported when used)
        assert ev(page, "performance.getEntriesByType('resource').filter((e) => e.name.includes('/net/')).length") == 0
    finally:
        ctx.close()


def test_host_and_friend_see_their_own_tables(canasta: dict[str, Any]) -> None:
    host, guest = canasta["host"], canasta["guest"]
    # the friend's seat on the host: its badge says connected, its name is the one given
    chip = host.locator(f"#seat-map .seat-chip[data-seat='{FRIEND}']")
    host.wait_for_selector(f"#seat-map .seat-chip[data-seat='{FRIEND}'][data-net='connected']")
    assert FRIEND_NAME in chip.text_content() and "connected" in chip.get_attribute("aria-label")
    # the friend's page: its own seat at the bottom, the host's partner side, no saving, German
    assert guest.get_attribute("#my-side", "data-seats") == "0 2"
    assert guest.get_attribute("html", "data-role") == "guest"
    assert ev(guest, "Object.keys(localStorage).filter((k) => k.includes('saved') || k.includes('game'))") == []
    assert guest.text_content("#btn-newgame").strip() == "Neues Spiel"
    # the host never shows the friend's hand: the host's hand is seat 0's
    host_hand = host.eval_on_selector_all("#hand .hand-card", "els => els.map(e => e.dataset.card)")
    guest_hand = guest.eval_on_selector_all("#hand .hand-card", "els => els.map(e => e.dataset.card)")
    st = json.loads(ev(host, SAVED))
    assert sorted(host_hand) == sorted(st["state"]["hands"][0])
    assert sorted(guest_hand) == sorted(st["state"]["hands"][FRIEND])
    assert host.errors == [] and guest.errors == []


def test_a_guest_reload_mid_hand_rejoins_its_seat(canasta: dict[str, Any]) -> None:
    host, guest_ctx = canasta["host"], canasta["guest_ctx"]
    assert play_turns(canasta, 4) is False
    guest = canasta["guest"]
    # at a moment when nobody is asked anything of the friend
    hand = sorted(guest.eval_on_selector_all("#hand .hand-card", "els => els.map(e => e.dataset.card)"))
    received = messages(guest)
    guest.reload()
    # the reloaded tab says how to come back, then is a page of its own
    guest.locator(".net-remembered").wait_for()
    guest.click(".net-ok")
    host.wait_for_selector(f"#seat-map .seat-chip[data-seat='{FRIEND}'][data-net='gone']")
    host.click("#btn-players")
    seat = host.locator(f".net-host .net-seat[data-seat='{FRIEND}']")
    assert seat.get_attribute("data-state") == "gone"
    seat.locator(".net-reinvite").click()
    again = watched(guest_ctx)
    guest.close()
    canasta["guest"] = again
    connect_friend(host, again)
    after = sorted(again.eval_on_selector_all("#hand .hand-card", "els => els.map(e => e.dataset.card)"))
    st = json.loads(ev(host, SAVED))
    assert after == sorted(st["state"]["hands"][FRIEND])
    # nothing was lost: the hand is the one held before (unless the friend had to act meanwhile: it could not)
    assert after == hand
    canasta["received_before_reload"] = received
    assert host.errors == [] and again.errors == []


def test_a_whole_hand_to_the_score_sheet_on_both_devices(canasta: dict[str, Any]) -> None:
    host = canasta["host"]
    assert play_turns(canasta, MAX_TURNS) is True
    guest = canasta["guest"]
    host.wait_for_selector("#score-dialog[open]")
    guest.wait_for_selector("#score-dialog[open]")
    assert host.is_visible("#btn-replay-deal") and guest.is_hidden("#btn-replay-deal")
    # the score sheet names the friend on both devices
    assert FRIEND_NAME in host.text_content("#score-table")
    # the friend's moves are logged by name on the host, never as "you"
    log = host.eval_on_selector_all(f"#log li[data-seat='{FRIEND}']", "els => els.map(e => [e.className, e.textContent])")
    assert log and all(cls != "log-you" and text.startswith(FRIEND_NAME) for cls, text in log), log[:3]
    # the host deals the next hand; the friend's page follows
    hand = host.get_attribute("#felt", "data-hand-number")
    host.click("#btn-next")
    guest.wait_for_function("(h) => document.querySelector('#felt').dataset.handNumber !== h", arg=hand)
    assert host.errors == [] and guest.errors == []


def test_no_message_to_the_friend_shows_a_hidden_card(canasta: dict[str, Any]) -> None:
    host, guest = canasta["host"], canasta["guest"]
    received = canasta.get("received_before_reload", []) + messages(guest)
    tables = [m for m in received if json.loads(m).get("t") == "table"]
    assert len(tables) >= 10
    at = [json.loads(m)["at"] for m in tables]
    # the host keeps each state just after sending it: wait for the last one kept
    host.wait_for_function("(ats) => ats.every((a) => String(a) in window.__states)", arg=at)
    states = ev(host, "window.__states")
    missing = sorted({a for a in at if str(a) not in states})
    assert not missing, (missing, sorted(map(int, states))[:5], sorted(map(int, states))[-5:])
    assert leaks(received, states, FRIEND) == []


def test_a_host_reload_invites_the_friend_into_the_same_game(canasta: dict[str, Any]) -> None:
    host, guest_ctx = canasta["host"], canasta["guest_ctx"]
    host.reload()
    host.wait_for_selector("#btn-resume")
    host.click("#btn-resume")
    # the hosted game comes back with its friend's seat, and the Players panel re-invites
    host.wait_for_selector(f".net-host[open] .net-seat[data-seat='{FRIEND}'][data-state='waiting']")
    assert host.is_visible("#btn-players")
    again = watched(guest_ctx)
    canasta["guest"].close()
    canasta["guest"] = again
    connect_friend(host, again)
    st = json.loads(ev(host, SAVED))
    assert sorted(again.eval_on_selector_all("#hand .hand-card", "els => els.map(e => e.dataset.card)")) == \
        sorted(st["state"]["hands"][FRIEND])
    # the game goes on with the friend: their moves reach the host's log again
    count = f"() => document.querySelectorAll('#log li[data-seat=\"{FRIEND}\"]').length"
    before = ev(host, count)
    over = play_turns(canasta, 3)
    assert over or ev(host, count) > before
    assert host.errors == [] and again.errors == []


def test_a_continental_claim_by_the_friend_out_of_turn(net_browser: Browser, app_url: str) -> None:  # noqa: F811
    host_ctx = device(net_browser, app_url)
    guest_ctx = device(net_browser, app_url, locale="de-DE")
    try:
        host, guest = watched(host_ctx), watched(guest_ctx)
        # seed 5 (tests/browser/test_ui_continental.py): seat 0 is asked to claim before its first turn
        start_with_friend(host, app_url, "continental", 3, 5, friend=0, person=1, query="&claim-timeout=120")
        connect_friend(host, guest, friend=0)
        claimed = False
        for _ in range(40):
            who = person_or_claim(host, guest)
            if who == "guest-claim":
                count = int(guest.get_attribute("#hand", "data-count") or "")
                card = guest.get_attribute("#ct-claim", "data-card")
                guest.click("#ct-btn-claim")
                guest.wait_for_function("(n) => Number(document.querySelector('#hand').dataset.count) === n", arg=count + 2)
                assert card in guest.eval_on_selector_all("#hand .hand-card", "els => els.map(e => e.dataset.card)")
                claimed = True
                break
            continental_step(host if who.startswith("host") else guest, who.endswith("claim"))
        assert claimed
        # the host's engine took it: the friend's claim is in the host's move log, by name
        host.wait_for_function("() => [...document.querySelectorAll('#log li[data-seat=\"0\"]')]"
                               ".some((li) => /claim|out of turn/i.test(li.dataset.text + li.textContent))")
        assert not guest.is_visible("#status.error")
        assert host.errors == [] and guest.errors == []
    finally:
        host_ctx.close()
        guest_ctx.close()


PERSON = """() => { const f = document.querySelector('#felt');
  return Boolean(f && f.dataset.toActHuman === 'true' && f.dataset.legal && f.dataset.covered !== 'true' &&
    (f.dataset.phase !== 'claim' || !document.querySelector('#ct-claim').hidden)); }"""


def person_or_claim(host: Page, guest: Page) -> str:
    """Wait until a person on either device has something to do: "host", "host-claim",
    "guest", "guest-claim" (the claim prompt shown)."""
    for _ in range(200):
        for name, page in (("guest", guest), ("host", host)):
            try:
                page.wait_for_function(PERSON, timeout=1_500)
            except PlaywrightTimeout:
                continue
            return name + ("-claim" if page.get_attribute("#felt", "data-phase") == "claim" else "")
    raise AssertionError("nobody was asked to act")


def continental_step(page: Page, claim: bool) -> None:
    """One Continental step by clicks: pass a claim; draw; discard the first legal discard."""
    legal = [m for m in (page.get_attribute("#felt", "data-legal") or "").split(";") if m]
    serial = page.get_attribute("#felt", "data-serial")
    if claim:
        page.click("#ct-btn-pass")
    elif "draw" in legal:
        page.click("#ct-btn-draw")
    else:
        card = [m.split()[1] for m in legal if m.startswith("discard ")][0]
        if page.is_visible("#ct-btn-clear"):
            page.click("#ct-btn-clear")
        page.locator(f'#hand .hand-card[data-card="{card}"][aria-pressed="false"]').first.click()
        page.click("#ct-btn-discard")
    page.wait_for_function("(s) => document.querySelector('#felt').dataset.serial !== s", arg=serial)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_screenshots(net_browser: Browser, app_url: str, lang: str, size: tuple[int, int], tmp_path: Path) -> None:  # noqa: F811
    out = Path(os.environ.get("MELDTABLE_SHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    locale = "de-DE" if lang == "de" else "en-US"
    w, h = size
    host_ctx = device(net_browser, app_url, locale=locale, width=w, height=h)
    guest_ctx = device(net_browser, app_url, locale=locale, width=w, height=h)
    try:
        host, guest = watched(host_ctx), watched(guest_ctx)
        host.goto(f"{app_url}?fast=1&seed=3")
        host.wait_for_selector("html[data-engine-state=ready]", timeout=TIMEOUT)
        host.wait_for_selector("#newgame-dialog[open]")
        host.select_option("#ng-variant", "canasta-classic")
        host.select_option("#ng-players", "4")
        host.locator("#ng-seats summary").click()
        host.select_option(f"#ng-seat-{FRIEND}-kind", "friend")
        host.fill(f"#ng-seat-{FRIEND}-name", FRIEND_NAME)
        host.locator(f"#ng-seat-{FRIEND}-kind").scroll_into_view_if_needed()
        tag = f"{lang}-{w}x{h}"
        host.screenshot(path=str(out / f"friends-app-dialog-{tag}.png"))
        host.click("#ng-start")
        host.wait_for_selector(".net-host[open] .net-qr svg, .net-host[open] .net-qr img")
        host.screenshot(path=str(out / f"friends-app-host-panel-{tag}.png"))
        connect_friend(host, guest)
        guest.screenshot(path=str(out / f"friends-app-guest-table-{tag}.png"))
        host.screenshot(path=str(out / f"friends-app-host-table-{tag}.png"))
        assert host.errors == [] and guest.errors == []
    finally:
        host_ctx.close()
        guest_ctx.close()
