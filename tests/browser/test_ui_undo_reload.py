"""Undo survives a reload (issue #13, "Undo within a turn": "on the page (button and key)"; the
page autosaves the game after every move, web/persist.js): a meld laid after the draw is taken
back by Undo after the page was reloaded and the saved game continued, exactly (the engine's
saved-game text of before the meld, the same hand); the draw before it still cannot be undone."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from saved_positions import hand, open_position, select, serial, wait_saved, wait_serial

if TYPE_CHECKING:

    from conftest import WatchedPage

pytestmark = pytest.mark.browser

POSITION = """variant: canasta-two-hand
turn: 0 draw
hand 0: AH AS AD 4C 5D 6H 7S 8C 9D TS JC QH KS 3C
stock: 5S
pile: 9H
"""


def test_undo_a_meld_after_a_reload(page: WatchedPage, site_url: str) -> None:
    open_position(page, site_url, POSITION)
    n = serial(page)
    page.click("#btn-draw")
    wait_serial(page, n)
    after_draw = wait_saved(page, lambda r: '"draw"' in r["state"])["state"]
    hand_after_draw = hand(page)
    assert "5S" in hand_after_draw
    select(page, ["AH", "AS", "AD"])
    n = serial(page)
    page.click("#btn-meld")
    wait_serial(page, n)
    assert "AH" not in hand(page)
    melded = wait_saved(page, lambda r: r["state"] != after_draw and r.get("undo"))
    # reload: the page starts again and the person continues the saved game
    page.reload()
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.click("#btn-resume")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    assert sorted(hand(page)) == sorted(c for c in hand_after_draw if c not in ("AH", "AS", "AD"))
    assert page.get_attribute("#btn-undo", "aria-disabled") == "false"
    page.locator("#hand .hand-card").first.focus()
    n = serial(page)
    page.keyboard.press("u")  # Undo by its key
    wait_serial(page, n)
    assert sorted(hand(page)) == sorted(hand_after_draw)
    assert wait_saved(page, lambda r: r["state"] != melded["state"])["state"] == after_draw
    assert page.get_attribute("#btn-undo", "aria-disabled") == "true"
    # the draw showed a hidden card: not undoable, after the reload as before
    page.click("#btn-undo", force=True)  # aria-disabled: a touch still asks the engine, which says why
    page.wait_for_selector("#status.error")
    assert "hidden" in (page.text_content("#status") or "")
    assert sorted(hand(page)) == sorted(hand_after_draw)
    assert not page.console_errors, page.console_errors
