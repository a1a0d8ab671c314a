"""Continental's warning before a costly lay-down (issue #13, "Warnings before costly mistakes":
"a meld that commits you to finishing the initial-meld minimum this turn"; in Continental the
contract is laid one combination at a time, all in one turn (docs/rules/continental.md §8.2), so
its first combination commits the player to laying the rest before discarding). Clicks: the
first set of "two sets" asks first (Cancel changes nothing), the second set does not; the warning
can be turned off with the initial-meld warning, whose setting names both."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from saved_positions import hand, open_position, select, serial, wait_serial

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import WatchedPage

pytestmark = [pytest.mark.browser, pytest.mark.warnings]

POSITION = """variant: continental
players: 3
turn: 0 play
hand 0: 7C 7D 7H 9C 9D 9S KH
pile: 4D
"""


def lay_set(page: Page, cards: list[str]) -> None:
    select(page, cards)
    page.click("#ct-btn-set")


def test_first_part_of_a_contract_warns_and_cancel_changes_nothing(page: WatchedPage, site_url: str) -> None:
    open_position(page, site_url, POSITION)
    before = hand(page)
    lay_set(page, ["7C", "7D", "7H"])
    page.wait_for_selector("#warn-dialog[open]")
    text = page.inner_text("#warn-text")
    assert text == ("This is the first part of your contract (two sets): once it is on the table you must "
                    "lay down the rest (a set) in this turn, before you may discard.")
    page.click("#warn-cancel")
    assert not page.is_visible("#warn-dialog[open]")
    assert hand(page) == before
    # again, and go ahead: the set is laid; the rest of the contract comes without a warning
    n = serial(page)
    page.click("#ct-btn-set")  # the three sevens are still selected
    page.wait_for_selector("#warn-dialog[open]")
    page.click("#warn-go")
    wait_serial(page, n)
    assert "7C" not in hand(page)
    n = serial(page)
    lay_set(page, ["9C", "9D", "9S"])
    wait_serial(page, n)
    assert not page.is_visible("#warn-dialog[open]")
    assert hand(page) == ["KH"]
    assert not page.console_errors, page.console_errors


def test_contract_warning_in_german_and_turned_off(page: WatchedPage, site_url: str) -> None:
    open_position(page, site_url, POSITION)
    page.select_option("#lang-select", "de")
    lay_set(page, ["9C", "9D", "9S"])
    page.wait_for_selector("#warn-dialog[open]")
    assert page.inner_text("#warn-text") == (
        "Das ist der erste Teil deines Vertrags (zwei Sätze): Liegt er, musst du den Rest (ein Satz) "
        "noch in diesem Zug auslegen, bevor du abwerfen darfst.")
    page.check("#warn-off")  # "don't warn me again"
    n = serial(page)
    page.click("#warn-go")
    wait_serial(page, n)
    page.click("#btn-settings")
    assert not page.is_checked('#settings-form input[name="warnInitial"]')
    page.click("#settings-dialog button[type=submit]")
    # a new lay-down of the same position: no warning now
    open_position(page, site_url, POSITION)
    n = serial(page)
    lay_set(page, ["7C", "7D", "7H"])
    wait_serial(page, n)
    assert not page.is_visible("#warn-dialog[open]")
    assert "7C" not in hand(page)
