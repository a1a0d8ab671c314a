"""Which cards the page marks as wild cards comes from the engine (issue #26): web/cards.js marks a
card `wild` only when its rank is in the table's `view.wild_ranks` (cards.js setWildRanks), the
page knows no wild-card rule of its own. Written from the seeds:

- seed 000 (canasta-two-hand): "Wilde Karten: 2er und Joker sind wilde Karten": a two and a joker
  in the hand are marked;
- seed 002 (continental): "Der Joker ist eine besondere Karte, die jede andere Karte im Deck
  ersetzt": the joker is marked, a two is an ordinary card and is not;
- seed 003 (3 ist 50): no wild cards: a two is not marked.

The games are started from the new-game dialog like a person; the seeds deal the person a two
(and a joker where the game has them) in the first hand (found with meldtable.api.Session).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import WatchedPage

pytestmark = pytest.mark.browser

# variant, players, seed, the person's first hand holds (a two, and a joker where there are jokers)
CANASTA = ("canasta-two-hand", 2, 4)
CONTINENTAL = ("continental", 3, 7)
THREE_FIFTY = ("3-ist-50", 3, 7)


def open_game(page: Page, site_url: str, variant: str, players: int, seed: int) -> None:
    """Load the page, choose the variant and the number of players in the dialog, start."""
    page.goto(f"{site_url}?fast=1&seed={seed}")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.wait_for_selector("#newgame-dialog[open]")
    page.select_option("#ng-variant", variant)
    if page.is_visible("#ng-players"):
        page.select_option("#ng-players", str(players))
    page.click("#ng-start")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    assert page.get_attribute("#felt", "data-variant") == variant


def marks(page: Page, selector: str) -> list[dict[str, object]]:
    """Each matching hand card: its card text, whether it is marked wild and its background image
    (the wild mark as drawn: style.css `.card.wild`)."""
    found: list[dict[str, object]] = page.eval_on_selector_all(
        selector, """els => els.map(e => ({card: e.dataset.card, wild: e.classList.contains('wild'),
                                          background: getComputedStyle(e).backgroundImage}))""")
    assert found, f"no card {selector} in the hand"
    return found


def test_canasta_marks_twos_and_jokers_wild(page: WatchedPage, site_url: str) -> None:
    open_game(page, site_url, *CANASTA)
    for sel in ('#hand .hand-card[data-card^="2"]', '#hand .hand-card[data-card="JK"]'):
        for m in marks(page, sel):
            assert m["wild"] is True and "gradient" in str(m["background"]), m
    plain = marks(page, '#hand .hand-card[data-card^="A"]')
    assert all(m["wild"] is False and m["background"] == "none" for m in plain), plain


def test_continental_marks_the_joker_wild_and_not_a_two(page: WatchedPage, site_url: str) -> None:
    open_game(page, site_url, *CONTINENTAL)
    twos = marks(page, '#hand .hand-card[data-card^="2"]')
    assert all(m["wild"] is False and m["background"] == "none" for m in twos), twos
    jokers = marks(page, '#hand .hand-card[data-card="JK"]')
    assert all(m["wild"] is True and "gradient" in str(m["background"]) for m in jokers), jokers


def test_three_fifty_marks_no_two_wild(page: WatchedPage, site_url: str) -> None:
    open_game(page, site_url, *THREE_FIFTY)
    twos = marks(page, '#hand .hand-card[data-card^="2"], .tf-centre-card[data-card^="2"]')
    assert all(m["wild"] is False and m["background"] == "none" for m in twos), twos
