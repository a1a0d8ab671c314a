"""The new-game dialog (issue #29 item 7), driven as a person does: each game opens at its
natural number of players; the sides offered are only those the engine's layout (its `hello`
descriptor) seats at the chosen number of players, so that Start never objects to them; Start is
on screen at 1280x800 without scrolling; without a game to go back to, Cancel and Esc still close
the dialog so that settings, help and statistics are reachable; the guided first hand of a game is
offered once, not at every opening."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

    from conftest import WatchedPage

pytestmark = pytest.mark.browser


def open_dialog(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.wait_for_selector("#newgame-dialog[open]")


def sides_offered(page: Page) -> list[str]:
    """The explicit sides among the radio buttons (the "by player count" radio has value "")."""
    sides: list[str] = page.eval_on_selector_all(
        '#ng-options [data-radio-for="partnerships"]', "els => els.map((e) => e.value).filter(Boolean)")
    return sides


@pytest.mark.parametrize("variant,players", [
    ("canasta-two-hand", "2"),  # seed 000: two players only
    ("canasta-classic", "4"),   # seed 001: "Bei vier Spielern werden zwei Parteien gebildet"
    ("kanaster", "4"),          # seed 004: four with partners, the canasta family's usual table
    ("continental", "4"),       # seed 002: "Bei vier Spielern beginnt man mit zwei Decks"
])
def test_each_game_opens_at_its_natural_player_count(page: WatchedPage, site_url: str, variant: str, players: str) -> None:
    open_dialog(page, f"{site_url}?fast=1&game={variant}")
    assert page.input_value("#ng-variant") == variant
    assert page.input_value("#ng-players") == players
    # choosing the game in the dialog gives the same count
    other = "3-ist-50"
    page.select_option("#ng-variant", other)
    page.select_option("#ng-variant", variant)
    assert page.input_value("#ng-players") == players


def test_sides_offered_are_those_the_player_count_seats(page: WatchedPage, site_url: str) -> None:
    """Seed 001 'Spielverlauf und Taktik': "Bei zwei oder drei Spielern spielt jeder gegen jeden.
    Bei vier Spielern werden zwei Parteien gebildet. ... Bei fünf Spielern setzt jeweils einer aus.
    Zu sechst spielen entweder zwei oder drei Parteien gegeneinander." Seed 004 (Kanaster) names
    no sides: each for themselves or, at 4 and 5, two sides (option `partnerships`). The dialog
    offers exactly the seatings the engine accepts (hello's `seatings`), the player count's own
    one as "by player count": no choice where a count is seated one way (shown as text: "two
    sides" never at 2, "three sides of two" never at 4), "each for themselves" beside two sides
    at 4 (Classic and Kanaster; main offered only two sides there) and two sides beside each for
    themselves at Kanaster 5; Start then starts the game without an objection."""
    open_dialog(page, f"{site_url}?fast=1&seed=3&game=canasta-classic")
    fixed = {"2": "each for themselves", "3": "each for themselves", "5": "two sides of two and three"}
    for n, text in fixed.items():
        page.select_option("#ng-players", n)
        assert sides_offered(page) == [], n
        assert page.locator('#ng-options [data-radio-for="partnerships"]').count() == 0, n
        assert text in (page.text_content("output#ng-opt-partnerships") or ""), n
    for n, auto, others in [("4", "two sides of two", ["none"]), ("6", "two sides of three", ["three_sides"])]:
        page.select_option("#ng-players", n)
        assert sides_offered(page) == others, n
        assert auto in (page.text_content("label:has(#ng-opt-partnerships-auto)") or ""), n
    for variant, counts in [("kanaster", {"2": "each for themselves", "3": "each for themselves"}),
                            ("canasta-two-hand", {"2": "each for themselves"})]:
        page.select_option("#ng-variant", variant)
        for n, text in counts.items():
            if page.locator("#ng-players option").count() > 1:
                page.select_option("#ng-players", n)
            assert page.locator('#ng-options [data-radio-for="partnerships"]').count() == 0, (variant, n)
            assert page.locator('#ng-options select[data-option="partnerships"]').count() == 0, (variant, n)
            assert text in (page.locator("output#ng-opt-partnerships").text_content() or ""), (variant, n)
    page.select_option("#ng-variant", "kanaster")
    page.select_option("#ng-players", "5")
    assert sides_offered(page) == ["two_sides"]
    assert "each for themselves" in (page.text_content("label:has(#ng-opt-partnerships-auto)") or "")
    page.select_option("#ng-players", "4")
    assert sides_offered(page) == ["none"]
    assert "two sides of two" in (page.text_content("label:has(#ng-opt-partnerships-auto)") or "")
    page.check('#ng-options [data-radio-for="partnerships"][value="none"]')
    page.click("#ng-start")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    assert page.get_attribute("#felt", "data-partnerships") == "none"
    open_dialog(page, f"{site_url}?fast=1&seed=3&game=canasta-classic")
    page.select_option("#ng-players", "6")
    page.check('#ng-options [data-radio-for="partnerships"][value="three_sides"]')
    page.click("#ng-start")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    assert page.get_attribute("#felt", "data-partnerships") == "three_sides"
    assert not page.console_errors, page.console_errors


@pytest.mark.parametrize("variant", ["canasta-two-hand", "canasta-classic", "kanaster", "continental", "3-ist-50"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_start_is_on_screen_at_1280x800(browser: Browser, site_url: str, variant: str, lang: str) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale=lang)
    try:
        page = ctx.new_page()
        open_dialog(page, f"{site_url}?fast=1&game={variant}&lang={lang}")
        page.select_option("#lang-select", lang)
        page.wait_for_function("() => document.querySelector('#ng-start').getBoundingClientRect().height > 0")
        box = page.eval_on_selector("#ng-start", "e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; }")
        assert 0 <= box[0] and box[1] <= 800, box
        # and it is the element there (not under another part of the dialog)
        assert page.evaluate("""() => { const r = document.querySelector('#ng-start').getBoundingClientRect();
            return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
                === document.querySelector('#ng-start'); }""")
    finally:
        ctx.close()


def test_without_a_game_cancel_and_escape_close_the_dialog(page: WatchedPage, site_url: str) -> None:
    open_dialog(page, f"{site_url}?fast=1")
    assert page.locator("#ng-cancel").is_visible()
    page.keyboard.press("Escape")
    page.wait_for_selector("#newgame-dialog:not([open])", state="attached")
    # the settings (with the statistics) and the help are reachable now
    page.click("#btn-settings")
    page.wait_for_selector("#settings-dialog[open]")
    page.keyboard.press("Escape")
    page.wait_for_selector("#settings-dialog:not([open])", state="attached")
    # and a new game is one click away: the top bar's button or the table's empty place
    page.click("#btn-newgame")
    page.wait_for_selector("#newgame-dialog[open]")
    page.click("#ng-cancel")
    page.wait_for_selector("#newgame-dialog:not([open])", state="attached")
    page.click("#idle-newgame")
    page.wait_for_selector("#newgame-dialog[open]")
    page.click("#ng-start")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    assert not page.console_errors, page.console_errors


def test_guided_hand_offered_once(page: WatchedPage, site_url: str) -> None:
    open_dialog(page, f"{site_url}?fast=1&game=canasta-two-hand")
    assert page.locator("#ng-offer").is_visible()
    # the person looks at the dialog and closes it without answering the offer
    page.keyboard.press("Escape")
    page.wait_for_selector("#newgame-dialog:not([open])", state="attached")
    page.reload()
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.wait_for_selector("#newgame-dialog[open]")
    assert page.input_value("#ng-variant") == "canasta-two-hand"
    assert not page.locator("#ng-offer").is_visible()
    # while the dialog is open, changing the number of players does not take the offer away
    page.select_option("#ng-variant", "continental")
    assert page.locator("#ng-offer").is_visible()
    page.select_option("#ng-players", "6")
    assert page.locator("#ng-offer").is_visible()
