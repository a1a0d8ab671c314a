"""Where 3 ist 50's Hint button sits (issue #27's hint, issue #29's phone table): 3 ist 50 has no
action bar, so web/hint.js puts the button in the head of the person's own box (`.hint-slot`).
Under the status line, as before, a phone held sideways showed it in the row that the other
players' boxes ran into: on top of a seat's box, next to the minus pile a card is played on. At
a laptop size and a phone upright and sideways, with six players (five other boxes), the button
is shown inside the person's own box and covers no other player's box and no target of a play."""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from pytest import FixtureRequest
from saved_positions import open_position
from test_phone_fit import threefifty

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (390, 844), (844, 390)]

BOX = "(e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


@pytest.fixture()
def sized(browser: Browser, request: FixtureRequest) -> Iterator[Page]:
    w, h = request.param
    ctx = browser.new_context(viewport={"width": w, "height": h}, has_touch=w < h or h < 500,
                              is_mobile=w < h or h < 500, locale="de-DE")
    ctx.add_init_script("localStorage.setItem('meldtable.settings', JSON.stringify({speed: 'instant'}))")
    page = ctx.new_page()
    yield page
    ctx.close()


def overlaps(a: list[float], b: list[float]) -> bool:
    """Whether two boxes [left, top, right, bottom] share more than a pixel each way."""
    return min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1


@pytest.mark.parametrize("sized", SIZES, indirect=True, ids=lambda s: f"{s[0]}x{s[1]}")
def test_threefifty_hint_button_sits_in_the_own_box(sized: Page, site_url: str) -> None:
    page = sized
    open_position(page, site_url, threefifty(6))
    button = page.locator("#felt #btn-hint")
    button.wait_for(state="visible")
    own = page.locator("#tf-me").evaluate(BOX)
    box = button.evaluate(BOX)
    assert own[0] <= box[0] and box[2] <= own[2] and own[1] <= box[1] and box[3] <= own[3], (box, own)
    seats = page.locator(".tf-opponents .tf-seat").evaluate_all(f"(els) => els.map({BOX})")
    assert len(seats) == 5
    for seat in seats:
        assert not overlaps(box, seat), (box, seat)
    for target in page.locator(".tf-target").evaluate_all(f"(els) => els.map({BOX})"):
        assert not overlaps(box, target), (box, target)
    # the person's own hand is not covered either: each card can still be pressed
    for card in page.locator("#hand .hand-card").evaluate_all(f"(els) => els.map({BOX})"):
        assert not overlaps(box, card), (box, card)
