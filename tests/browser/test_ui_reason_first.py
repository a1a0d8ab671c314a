"""Issue #29 item 2: a refused action never shows a warning first. The person's action is tried on
a scratch copy of the game (web/app.js probeAction); a refusal shows the engine's reason at once,
and the warnings before costly mistakes (web/tablekit.js) come only for an action the engine takes.
Opened from positions (tests/browser/saved_positions.py) with the warnings on."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from saved_positions import open_position, select, serial, wait_serial

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import WatchedPage

pytestmark = [pytest.mark.browser, pytest.mark.warnings]

DRAW = "variant: canasta-two-hand\nturn: 0 draw\nhand 0: JK 2C 5C 7D 9H KS QH QS QD 8C 8D\npile: 4C 6D\n"
PLAY = "variant: canasta-two-hand\nturn: 0 play\nhand 0: JK 2C 5C 7D 9H KS QH QS QD 8C 8D\npile: 4C 6D\n"


def refused_without_warning(page: Page) -> str:
    page.wait_for_selector("#status.error, #status[data-kind=error]", timeout=15_000)
    assert not page.is_visible("#warn-dialog[open]")
    return page.text_content("#status") or ""


def test_wild_discard_before_the_draw_says_draw_first(page: WatchedPage, site_url: str) -> None:
    """Seed 000: a turn starts with drawing. Discarding the joker before is refused with that
    reason, not first met with "you are about to discard a wild card"."""
    open_position(page, site_url, DRAW)
    select(page, ["JK"])
    page.locator("#btn-discard").click(force=True)
    text = refused_without_warning(page)
    assert "draw" in text.lower(), text
    assert page.locator("#hand .hand-card[data-card=JK]").count() == 1


def test_mixed_meld_below_the_minimum_gets_the_reason_not_a_points_warning(page: WatchedPage, site_url: str) -> None:
    """A meld of mixed ranks is refused for what it is (seed 000: a meld is of one rank), without
    the initial-meld points warning first."""
    open_position(page, site_url, PLAY)
    select(page, ["5C", "7D", "9H"])  # 15 points: the old page warned about the minimum first
    page.locator("#btn-meld").click(force=True)
    text = refused_without_warning(page)
    assert text.strip(), "no reason shown"
    assert page.locator("#hand .hand-card").count() == 11


def test_a_legal_meld_below_the_minimum_still_warns_with_the_engines_points(page: WatchedPage, site_url: str) -> None:
    """The warning stays for an action the engine takes: three queens (30 points, seed 000's
    minimum 50 at score 0) ask first; the text gives the points the engine counted."""
    open_position(page, site_url, PLAY)
    select(page, ["QH", "QS", "QD"])
    page.click("#btn-meld")
    page.wait_for_selector("#warn-dialog[open]")
    assert "30" in page.inner_text("#warn-text") and "50" in page.inner_text("#warn-text")
    page.click("#warn-cancel")
    assert page.locator("#hand .hand-card").count() == 11  # nothing was melded
    n = serial(page)
    page.click("#btn-meld")
    page.wait_for_selector("#warn-dialog[open]")
    page.click("#warn-go")
    wait_serial(page, n)
    assert page.locator("#hand .hand-card").count() == 8
