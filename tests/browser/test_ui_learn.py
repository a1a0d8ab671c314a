"""The app's ways to the rules pages and guided first hands (issue #12, "Reachable from the
new-game dialog ("How to play") and from the table ("Rules")"; "a guided first hand ... from the
rules page or the first time a game is chosen"; issue #13: a keyboard shortcut for the rules, in
the help overlay). Driven by clicks and keys as a person would: from the new-game dialog to the
rules page and back to the app with that game chosen, to the guided first hand and back; the
rules page's link to the guided hand; the first-time offer appears once per game; the table's
Rules link and key H open the current game's rules page."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

    from conftest import WatchedPage

pytestmark = pytest.mark.browser


def open_dialog(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.wait_for_selector("#newgame-dialog[open]")


def test_dialog_to_rules_page_and_guide_and_back(page: WatchedPage, site_url: str) -> None:
    open_dialog(page, f"{site_url}?fast=1")
    page.select_option("#ng-variant", "kanaster")
    # "How to play": the chosen game's rules page in the page's language
    page.click("#ng-rules")
    page.wait_for_url(re.compile(r"/rules/kanaster\.en\.html$"))
    assert page.locator("#turn").count() == 1  # a rules page with its sections
    # the rules page's "play" link: the app with Kanaster chosen in the new-game dialog
    page.click('a[href="../index.html?game=kanaster"] >> nth=0')
    page.wait_for_url(re.compile(r"/index\.html\?game=kanaster$"))
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.wait_for_selector("#newgame-dialog[open]")
    assert page.input_value("#ng-variant") == "kanaster"
    # "Guided first hand": guide.html for Kanaster in English, whose "Rules" and app links work
    page.select_option("#ng-variant", "continental")
    page.click("#ng-guide")
    page.wait_for_url(re.compile(r"/guide\.html\?variant=continental&lang=en$"))
    page.wait_for_selector("#g-panel[data-state]")
    assert page.get_attribute("#g-rules", "href") == "rules/continental.en.html"
    page.go_back()
    page.wait_for_selector("#newgame-dialog[open]", timeout=90_000)
    # the rules page's link to the guided hand (../index.html?guide=<variant>) from a German page
    page.goto(f"{site_url}rules/kanaster.de.html")
    page.click('a[href="../index.html?guide=kanaster"] >> nth=0')
    page.wait_for_url(re.compile(r"/guide\.html\?variant=kanaster&lang=de$"))
    page.wait_for_selector("#g-panel[data-state]")
    assert page.text_content("#g-next") == "Weiter"
    assert not page.console_errors, page.console_errors


def test_first_time_offer_appears_once_per_game(page: WatchedPage, site_url: str) -> None:
    open_dialog(page, f"{site_url}?fast=1&seed=5")
    page.select_option("#ng-variant", "continental")
    offer = page.locator("#ng-offer")
    assert offer.is_visible()
    assert page.text_content("#ng-offer-text") == (
        "New to Continental? A guided first hand shows you how to play in a few minutes.")
    assert page.get_attribute("#ng-offer-go", "href") == "guide.html?variant=continental&lang=en"
    page.click("#ng-start")  # the person plays instead: the offer has been made
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    page.click("#btn-newgame")
    page.wait_for_selector("#newgame-dialog[open]")
    page.select_option("#ng-variant", "continental")
    assert not offer.is_visible()
    # another game not chosen before: offered once (issue #29), in German after switching;
    # shown and left, it is not offered again; "Nein danke" hides it at once
    page.select_option("#ng-variant", "3-ist-50")
    assert offer.is_visible()
    page.click("#ng-cancel")
    page.click("#btn-newgame")
    page.wait_for_selector("#newgame-dialog[open]")
    page.select_option("#ng-variant", "3-ist-50")
    assert not offer.is_visible()
    page.select_option("#lang-select", "de")
    page.select_option("#ng-variant", "kanaster")
    assert page.text_content("#ng-offer-text") == (
        "Neu bei Kanaster? Eine geführte erste Runde zeigt dir das Spiel in ein paar Minuten.")
    page.click("#ng-offer-dismiss")
    assert not offer.is_visible()
    page.select_option("#ng-variant", "continental")
    page.select_option("#ng-variant", "kanaster")
    assert not offer.is_visible()
    # after a reload too: the flags are kept per game (a game never chosen is still offered)
    page.reload()
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.wait_for_selector("#newgame-dialog[open]")
    for variant, shown in [("3-ist-50", False), ("continental", False), ("kanaster", False), ("canasta-classic", True)]:
        page.select_option("#ng-variant", variant)
        assert offer.is_visible() is shown, variant
    # opening a guided hand counts as having found it
    page.goto(f"{site_url}guide.html?variant=canasta-classic&lang=en")
    page.wait_for_selector("#g-panel[data-state]")
    open_dialog(page, f"{site_url}?fast=1")
    page.select_option("#ng-variant", "canasta-classic")
    assert not offer.is_visible()


def test_table_rules_link_and_key(page: WatchedPage, site_url: str, context: BrowserContext) -> None:
    open_dialog(page, f"{site_url}?fast=1&seed=3&game=3-ist-50")
    assert not page.is_visible("#btn-rules")  # no game yet
    page.click("#ng-start")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    assert page.get_attribute("#btn-rules", "href") == "rules/3-ist-50.en.html"
    # the help overlay lists the key and links the rules
    page.locator("#game").click(position={"x": 2, "y": 2})
    page.keyboard.press("?")
    page.wait_for_selector("#help-dialog[open]")
    keys = page.locator("#help-keys dt").all_text_contents()
    names = page.locator("#help-keys dd").all_text_contents()
    assert names[keys.index("H")] == "The rules of this game"
    assert page.text_content("#help-rules") == "Rules of 3 ist 50"
    page.click("#help-close")
    # the Rules link opens the rules page beside the game (which stays as it is)
    with context.expect_page() as opened:
        page.click("#btn-rules")
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url.endswith("/rules/3-ist-50.en.html")
    rules.close()
    # key H (German now: the German rules page)
    page.select_option("#lang-select", "de")
    page.locator("#game").click(position={"x": 2, "y": 2})
    with context.expect_page() as opened:
        page.keyboard.press("h")
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url.endswith("/rules/3-ist-50.de.html")
    assert page.is_visible("#game #hand .hand-card")
