"""Issue #29 item 8, as a person on a phone or a keyboard meets it.

3 ist 50: no one-tap play. A card with a single legal play is only chosen by a tap (its target
lights up); tapping the card again takes the choice back, tapping the target plays it. (A play
cannot be undone: it ends the turn and the next player moves at once; docs/architecture.md.)

Continental: a key pressed at the wrong time says why instead of doing nothing: X before drawing
gets the engine's reason (draw first), R when the contract holds no run says so."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from saved_positions import open_position, select, serial, wait_serial

if TYPE_CHECKING:

    from conftest import WatchedPage

pytestmark = pytest.mark.browser

TF = "variant: 3-ist-50\nplayers: 3\nturn: 0\nhand 0: KD 9C\nhand 1: 2D 5S\nhand 2: 6D 8H\ncentre: 9S 4H 5C 6S\n"
CT_DRAW = "variant: continental\nplayers: 3\nturn: 0 draw\nhand 0: 7C 7D 7H 9S 9H KC\npile: 4H\n"
CT_PLAY = "variant: continental\nplayers: 3\nturn: 0 play\nhand 0: 5H 6H 7H 8H 9S 9H KC\npile: 4H\n"


def test_threefifty_a_single_play_waits_for_its_target(page: WatchedPage, site_url: str) -> None:
    open_position(page, site_url, TF)
    moves = (page.get_attribute('#hand .hand-card[data-card="9C"]', "data-legal") or "").split(";")
    assert len([m for m in moves if m]) == 1, moves  # the nine of clubs has one play: onto the nine
    n = serial(page)
    page.click('#hand .hand-card[data-card="9C"]')
    assert page.get_attribute('#hand .hand-card[data-card="9C"]', "aria-pressed") == "true"
    assert serial(page) == n and page.locator("#hand .hand-card").count() == 2  # nothing played yet
    page.click('#hand .hand-card[data-card="9C"]')  # the mis-tap taken back
    assert page.get_attribute('#hand .hand-card[data-card="9C"]', "aria-pressed") == "false"
    assert serial(page) == n
    page.click('#hand .hand-card[data-card="9C"]')
    page.locator("#felt .tf-target.tf-is-target").first.click()
    wait_serial(page, n)
    assert page.locator('#hand .hand-card[data-card="9C"]').count() == 0


def test_continental_x_before_drawing_says_draw_first(page: WatchedPage, site_url: str) -> None:
    open_position(page, site_url, CT_DRAW)
    select(page, ["KC"])
    page.locator('#hand .hand-card[data-card="KC"]').focus()
    page.keyboard.press("x")
    page.wait_for_selector("#status.error")
    assert "draw from the stock" in (page.text_content("#status") or "")


def test_continental_r_without_a_run_in_the_contract_says_so(page: WatchedPage, site_url: str) -> None:
    open_position(page, site_url, CT_PLAY)
    select(page, ["5H", "6H", "7H", "8H"])
    page.locator('#hand .hand-card[data-card="5H"]').focus()
    page.keyboard.press("r")
    page.wait_for_selector("#status.error")
    assert "needs no run" in (page.text_content("#status") or "") and "two sets" in (page.text_content("#status") or "")
