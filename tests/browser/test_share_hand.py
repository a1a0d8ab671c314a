"""'Share this hand' during a hand (issue #30, "Share": during a hand a link shows only what the
sharing seat may see): the link the button copies holds the engine's record for the person's seat,
a view record (no seed, no moves) naming none of the other seats' cards; opened in a fresh browser
context it shows the same table."""
from __future__ import annotations

import base64
import zlib
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlparse

from saved_positions import saved_record

from meldtable import Game

if TYPE_CHECKING:
    from playwright.sync_api import Browser


def decode(code: str) -> str:
    assert code[0] == "z"
    raw = base64.urlsafe_b64decode(code[1:] + "=" * (-len(code[1:]) % 4))
    return zlib.decompress(raw, -15).decode()


def test_share_this_hand_copies_a_link_with_only_the_persons_cards(browser: Browser, site_url: str) -> None:
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page = context.new_page()
    try:
        page.goto(f"{site_url}?fast=1&seed=3&game=canasta-two-hand")
        page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
        page.wait_for_selector("#newgame-dialog[open]")
        page.click("#ng-start")
        page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
        page.click("#btn-share")
        page.wait_for_function("() => /Link/.test(document.getElementById('status').textContent)")
        url = page.evaluate("() => navigator.clipboard.readText()")
        assert "/replay.html#r=" in url
        record = decode(parse_qs(urlparse(url).fragment)["r"][0])
        saved = saved_record(page)
        assert saved is not None
        game = Game.from_json(saved["state"])
        lines = dict(line.split(": ", 1) for line in record.splitlines() if ": " in line)
        assert lines["view"] == "0" and "seed" not in lines  # a view record: the table as seat 0 sees it
        assert sorted(lines["hand 0"].split()) == sorted(game.view(0)["hand"])
        # the other hand and the stock are stand-ins, not the real cards
        real_other = sorted(str(c) for c in game.state.hands[1])
        assert sorted(lines["hand 1"].split()) != real_other
        assert "[deal 1]" not in record.split("[position]", 1)[1].split("\n\n", 1)[0]
        # a fresh profile opens it: the replay page shows the position from seat 0
        other = browser.new_context()
        try:
            fresh = other.new_page()
            fresh.goto(url)
            fresh.wait_for_function("() => document.body.dataset.move !== undefined", timeout=120_000)
            hand = fresh.eval_on_selector_all("#hand .hand-card", "els => els.map(e => e.dataset.card)")
            assert sorted(hand) == sorted(game.view(0)["hand"])
        finally:
            other.close()
    finally:
        context.close()
