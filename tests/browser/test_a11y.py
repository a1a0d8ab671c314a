"""Accessibility of the app (issue #29): axe-core (npm, tests/browser/a11y.py) finds no serious or
critical violation on the new-game dialog, each game's table (two-hand, classic Canasta at four,
Kanaster, Continental, 3 ist 50) in English and German, the score sheet, the settings and a
guided hand; every card and pile is a control with a spoken name."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from a11y import format_violations, serious_violations
from saved_positions import open_position, serial

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import WatchedPage

pytestmark = pytest.mark.browser

GAMES = [("canasta-two-hand", "2"), ("canasta-classic", "4"), ("kanaster", "4"), ("continental", "3"),
         ("3-ist-50", "3")]


def start(page: Page, site_url: str, variant: str, players: str, lang: str) -> None:
    page.add_init_script(f"localStorage.setItem('meldtable.lang', '{lang}')")
    page.goto(f"{site_url}?fast=1&seed=4&game={variant}")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.wait_for_selector("#newgame-dialog[open]")
    if page.is_visible("#ng-players"):
        page.select_option("#ng-players", players)
    page.click("#ng-start")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    page.wait_for_function("() => !document.querySelector('#newgame-dialog[open]')")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_new_game_dialog_has_no_serious_violations(page: WatchedPage, site_url: str, lang: str) -> None:
    page.add_init_script(f"localStorage.setItem('meldtable.lang', '{lang}')")
    page.goto(f"{site_url}?fast=1&game=canasta-classic")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.wait_for_selector("#newgame-dialog[open]")
    found = serious_violations(page)
    assert not found, format_violations(found)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("variant,players", GAMES)
def test_each_table_has_no_serious_violations(page: WatchedPage, site_url: str, variant: str, players: str, lang: str) -> None:
    start(page, site_url, variant, players, lang)
    found = serious_violations(page)
    assert not found, format_violations(found)


GOING_OUT = ("variant: canasta-classic\nplayers: 2\nturn: 0 play\nhand 0: 9C\n"
             "meld 0: KC KD KH KS KC KD KH\nmeld 0: 5C 5D 5H\npile: 4C\n")


def test_score_sheet_and_settings_have_no_serious_violations(page: WatchedPage, site_url: str) -> None:
    """The score sheet as it opens when the person goes out (by keys: select, X), and the
    settings; focus is on a control of the open dialog, not lost on the page."""
    page.add_init_script("localStorage.setItem('meldtable.lang', 'de')")
    open_position(page, site_url, GOING_OUT)
    page.locator("#hand .hand-card").first.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("x")
    page.wait_for_selector("#score-dialog[open]")
    assert page.evaluate("() => document.querySelector('#score-dialog').contains(document.activeElement)")
    found = serious_violations(page)
    assert not found, "score sheet:\n" + format_violations(found)
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#score-dialog[open]')")
    page.click("#btn-settings")
    page.wait_for_selector("#settings-dialog[open]")
    found = serious_violations(page)
    assert not found, "settings:\n" + format_violations(found)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_guide_page_has_no_serious_violations(page: WatchedPage, site_url: str, lang: str) -> None:
    page.goto(f"{site_url}guide.html?variant=canasta-two-hand&lang={lang}")
    page.wait_for_function("() => document.querySelector('#g-table')?.shadowRoot?.querySelector('#hand .hand-card')"
                           " && document.querySelector('#g-panel').dataset.step", timeout=90_000)
    found = serious_violations(page)
    assert not found, format_violations(found)


FROZEN = ("variant: canasta-two-hand\nturn: 0 draw\nhand 0: QH QS 5C 7D 9H KS\n"
          "pile: 4C 2D 6C 8H 7C\nmeld 1: JC JD JH\n")


def test_cards_and_piles_are_controls_with_spoken_names(page: WatchedPage, site_url: str) -> None:
    """Every hand card is a button named by its card ("queen of hearts"); the discard pile is a
    button whose name starts with what is seen on it and says its size, its state from the
    engine's view (frozen: a wild card in it, seed 000) and the top card."""
    open_position(page, site_url, FROZEN)
    names = page.eval_on_selector_all("#hand .hand-card", "els => els.map(e => [e.tagName, e.getAttribute('aria-label')])")
    assert ["BUTTON", "queen of hearts"] in names and all(tag == "BUTTON" and name for tag, name in names)
    pile = page.get_attribute("#discard", "aria-label") or ""
    assert pile.startswith("Discard pile, 5 cards"), pile
    assert "Frozen" in pile and "top: seven of clubs" in pile, pile
    assert page.evaluate("() => document.querySelector('#discard').tagName") == "BUTTON"
    # the name follows the language
    page.select_option("#lang-select", "de")
    pile = page.get_attribute("#discard", "aria-label") or ""
    assert pile.startswith("Ablagestapel, 5 Karten") and "Eingefroren" in pile and "Kreuz-Sieben" in pile, pile


def test_keyboard_alone_draws_and_focus_stays_on_the_table(page: WatchedPage, site_url: str) -> None:
    """Draw by the key D with focus in the hand: the move is announced in the polite ticker and
    focus is still on a control of the table, never lost to the page's body."""
    open_position(page, site_url, FROZEN)
    page.locator("#hand .hand-card").first.focus()
    n = serial(page)
    page.keyboard.press("d")
    page.wait_for_function("(s) => Number(document.querySelector('#felt').dataset.serial) > s", arg=n)
    assert page.get_attribute("#ticker", "aria-live") == "polite"
    assert (page.text_content("#ticker") or "").strip()
    assert page.evaluate("() => document.activeElement && document.activeElement !== document.body"
                         " && document.querySelector('#game').contains(document.activeElement)")
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"


def test_four_colour_suits_option(page: WatchedPage, site_url: str) -> None:
    """Settings: four-colour suits paint clubs green and diamonds blue (hearts stay red, spades
    black); the choice is kept."""
    open_position(page, site_url, FROZEN)
    colour = "(sel) => getComputedStyle(document.querySelector(sel)).color"
    before = page.evaluate(colour, '#hand .hand-card[data-card="7D"]')
    page.click("#btn-settings")
    page.check('#settings-form input[name="fourColour"]')
    page.keyboard.press("Escape")
    assert page.get_attribute("html", "data-suits") == "four"
    assert page.evaluate(colour, '#hand .hand-card[data-card="7D"]') == "rgb(31, 87, 176)" != before
    assert page.evaluate(colour, '#hand .hand-card[data-card="5C"]') == "rgb(27, 110, 42)"
    assert page.evaluate(colour, '#hand .hand-card[data-card="QH"]') == before
    page.reload()
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    assert page.get_attribute("html", "data-suits") == "four"


def test_focus_comes_back_after_a_dialog(page: WatchedPage, site_url: str) -> None:
    """Settings opened from its button and closed with Escape: focus is back on the button; a
    new game started from the dialog puts focus on the table's first card."""
    start(page, site_url, "canasta-two-hand", "2", "en")
    assert page.evaluate("() => document.activeElement.closest('#hand') !== null")
    page.focus("#btn-settings")
    page.keyboard.press("Enter")
    page.wait_for_selector("#settings-dialog[open]")
    assert page.evaluate("() => document.querySelector('#settings-dialog').contains(document.activeElement)")
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#settings-dialog[open]')")
    assert page.evaluate("() => document.activeElement.id") == "btn-settings"
