"""The page, driven like a person: two-hand Canasta against the computer (issue #2).

Everything is done by clicking and pressing keys; the table's state is read only from the DOM
(data attributes the page renders, e.g. data-card on the hand's card buttons and
data-legal-discards on the hand).
"""
from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from conftest import WatchedPage

pytestmark = pytest.mark.browser

SEED = 20240611
HAND_TIMEOUT_S = 420


def open_game(page: Page, site_url: str, seed: int=SEED, query: str = "") -> None:
    """Load the page, wait for the engine and start a game from the new-game dialog."""
    page.goto(f"{site_url}?fast=1&seed={seed}{query}")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.wait_for_selector("#newgame-dialog[open]")
    assert page.input_value("#ng-seed") == str(seed)
    page.click("#ng-start")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")


def wait_my_turn_or_hand_over(page: Page, timeout_s: int = 60) -> bool:
    """Wait until the human is to act (buttons enabled) or the score sheet is shown."""
    page.wait_for_function(
        """() => document.querySelector('#score-dialog[open]') ||
                 (document.querySelector('#felt').dataset.toActHuman === 'true' &&
                  (!document.querySelector('#btn-draw').disabled || !document.querySelector('#btn-take').disabled ||
                   document.querySelector('#hand').dataset.legalDiscards))""",
        timeout=timeout_s * 1000)
    return page.is_visible("#score-dialog[open]")


def select_card(page: Page, card: str, use_keyboard: bool) -> Locator:
    """Select the first hand card showing `card`, by click or by focusing it and pressing a key."""
    button = page.locator(f'#hand .hand-card[data-card="{card}"]').first
    if use_keyboard:
        button.focus()
        button.press("Enter")
    else:
        button.click()
    return button


def play_hand(page: Page) -> int:
    """Play the human's side until the score sheet shows: draw (or take the pile when the stock
    is gone), then discard a card the page lists as legal, selected alternately by click and key.
    Returns the number of turns played."""
    turns = 0
    deadline = time.monotonic() + HAND_TIMEOUT_S
    while True:
        assert time.monotonic() < deadline, "the hand did not end in time"
        if wait_my_turn_or_hand_over(page):
            return turns
        turns += 1
        if page.is_enabled("#btn-draw"):
            page.click("#btn-draw")
        elif page.is_enabled("#btn-take"):
            page.click("#btn-take")  # stock empty: the page picks a legal way to take the pile
        page.wait_for_function(
            "() => document.querySelector('#score-dialog[open]') || "
            "document.querySelector('#felt').dataset.stage === 'play'")
        if page.is_visible("#score-dialog[open]"):
            return turns
        page.wait_for_function("() => document.querySelector('#hand').dataset.legalDiscards")
        card = (page.get_attribute("#hand", "data-legal-discards") or "").split()[0]
        button = select_card(page, card, use_keyboard=turns % 2 == 0)
        assert button.get_attribute("aria-pressed") == "true"
        assert page.is_enabled("#btn-discard")
        before = int(page.get_attribute("#discard", "data-size") or "-1")
        page.click("#btn-discard")
        page.wait_for_function(
            "(n) => document.querySelector('#score-dialog[open]') || "
            "document.querySelector('#felt').dataset.toActHuman === 'false' || "
            "Number(document.querySelector('#discard').dataset.size) !== n", arg=before)


def test_full_hand_by_clicks_and_keys(page: WatchedPage, site_url: str) -> None:
    open_game(page, site_url)
    assert page.get_attribute("html", "data-engine-state") == "ready"
    turns = play_hand(page)

    # The computer's moves appeared in the log, one entry per move.
    assert turns > 0
    assert page.locator("#log li.log-computer").count() >= turns
    # The score sheet: itemised rows per side, totals and cumulative scores.
    sheet = page.locator("#score-table")
    for item in ("melded_cards", "hand_cards", "going_out", "concealed", "natural_canastas",
                 "mixed_canastas", "red_threes", "total", "cumulative"):
        row = sheet.locator(f'tr[data-item="{item}"]')
        assert row.count() == 1, item
        assert row.locator("td").count() == 2, item
    assert page.is_visible("#btn-next") or page.is_visible("#btn-score-newgame")
    assert page.console_errors == []
    assert page.foreign_requests == []

    # Next deal starts hand 2 (unless the match is already over).
    if page.is_visible("#btn-next"):
        page.click("#btn-next")
        page.wait_for_selector("#felt[data-hand-number='2']")
        assert not page.is_visible("#score-dialog[open]")
    assert page.console_errors == []


def natural_cards_of_two_ranks(page: Page) -> list[str]:
    """Two hand cards of different natural ranks (no 2s, jokers or threes): not a meld."""
    cards: list[str] = page.eval_on_selector_all("#hand .hand-card", "els => els.map(e => e.dataset.card)")
    seen: dict[str, str] = {}
    for c in cards:
        rank = c[:-1]
        if c == "JK" or rank in ("2", "3"):
            continue
        seen.setdefault(rank, c)
        if len(seen) == 2:
            return list(seen.values())
    raise AssertionError(f"no two natural ranks in {cards}")


def test_illegal_meld_shows_the_engines_reason(page: WatchedPage, site_url: str) -> None:
    open_game(page, site_url)
    wait_my_turn_or_hand_over(page)
    page.click("#btn-draw")
    page.wait_for_selector("#felt[data-stage='play']")
    hand_before = page.get_attribute("#hand", "data-count")
    assert page.is_disabled("#btn-meld")  # nothing selected
    for card in natural_cards_of_two_ranks(page):
        page.locator(f'#hand .hand-card[data-card="{card}"]').first.click()
    assert page.is_enabled("#btn-meld")
    page.click("#btn-meld")
    page.wait_for_selector("#status.error")
    message = (page.text_content("#status") or "").strip()
    assert len(message) > 10, message
    assert page.get_attribute("#status", "role") == "status"
    # Nothing changed: same hand, still the human's turn.
    assert page.get_attribute("#hand", "data-count") == hand_before
    assert page.get_attribute("#felt", "data-to-act-human") == "true"
    assert page.console_errors == []


def test_language_switch_changes_the_ui_and_is_kept(page: WatchedPage, site_url: str) -> None:
    open_game(page, site_url)
    page.select_option("#lang-select", "en")
    assert (page.text_content("#btn-draw") or "").strip() == "Draw"
    assert (page.text_content("#my-side-title") or "").strip() == "You"
    label_en = page.get_attribute("#hand .hand-card >> nth=0", "aria-label")

    page.select_option("#lang-select", "de")
    assert page.get_attribute("html", "lang") == "de"
    assert (page.text_content("#btn-draw") or "").strip() == "Ziehen"
    # soft hyphen: two lines on a phone
    assert (page.text_content("#btn-take") or "").strip().replace("\u00ad", "") == "Aufnehmen"
    assert (page.text_content("#my-side-title") or "").strip() == "Du"
    label_de = page.get_attribute("#hand .hand-card >> nth=0", "aria-label")
    assert label_de != label_en  # card names are translated too

    # Kept across a reload (localStorage).
    page.reload()
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    assert (page.text_content("#ng-start") or "").strip() == "Los geht’s"
    assert page.input_value("#lang-select") == "de"
    page.click("#ng-start")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    assert (page.text_content("#btn-draw") or "").strip() == "Ziehen"
    page.select_option("#lang-select", "en")
    assert (page.text_content("#btn-draw") or "").strip() == "Draw"
    assert page.console_errors == []


def test_keyboard_tab_to_a_card_and_select_it(page: WatchedPage, site_url: str) -> None:
    open_game(page, site_url)
    page.locator("#btn-newgame").focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('hand-card')"):
            break
    else:
        raise AssertionError("Tab never reached a card in the hand")
    first = page.evaluate("() => document.activeElement.dataset.index")
    name = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert name and not name.isupper()  # a spoken name like "queen of hearts", not "QH"
    page.keyboard.press("Space")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "true"
    # Arrow keys move the focus along the hand; Enter toggles too.
    page.keyboard.press("ArrowRight")
    second = page.evaluate("() => document.activeElement.dataset.index")
    assert int(second) == int(first) + 1
    assert page.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "false"
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "true"
    page.keyboard.press("Space")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "false"
    # The hand is a single tab stop: Shift+Tab leaves it.
    page.keyboard.press("Shift+Tab")
    assert not page.evaluate("() => document.activeElement.classList.contains('hand-card')")
    assert page.console_errors == []


def test_match_of_one_deal_ends_with_result_and_new_game(page: WatchedPage, site_url: str) -> None:
    page.goto(f"{site_url}?fast=1&seed=99")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.wait_for_selector("#newgame-dialog[open]")
    assert page.input_value("#ng-opt-match_end") == "target"
    assert page.input_value("#ng-opt-target_score") == "5000"
    assert not page.is_visible("#ng-opt-deals")
    page.select_option("#ng-opt-match_end", "deals")
    assert not page.is_visible("#ng-opt-target_score")
    page.fill("#ng-opt-deals", "1")
    page.click("#ng-start")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    play_hand(page)
    page.wait_for_selector("#match-result:not([hidden])")
    assert (page.text_content("#match-result") or "").strip()
    assert page.is_visible("#btn-score-newgame")
    assert not page.is_visible("#btn-next")
    page.click("#btn-score-newgame")
    page.wait_for_selector("#newgame-dialog[open]")
    assert page.console_errors == []


def test_engine_that_does_not_start_is_reported(page: WatchedPage, site_url: str) -> None:
    page.goto(f"{site_url}?boot-timeout=0.05")
    page.wait_for_selector("html[data-engine-state=error]", timeout=30_000)
    assert page.is_visible("#boot-error")
    assert "did not start" in (page.text_content("#boot-error-message") or "")
    assert page.is_visible("#btn-reload")


def test_meld_then_add_to_it_by_clicks(page: WatchedPage, site_url: str) -> None:
    """Find a deal where a meld is legal right after drawing, lay it, then add a card to it
    by choosing the meld as target (the legal moves are read from #felt[data-legal])."""
    page.goto(f"{site_url}?fast=1")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    meld = None
    for seed in range(1, 60):
        if seed > 1:
            page.click("#btn-newgame")
        page.fill("#ng-seed", str(seed))
        page.click("#ng-start")
        page.wait_for_selector(f"#meta-seed:has-text('{seed}')")
        wait_my_turn_or_hand_over(page)
        page.click("#btn-draw")
        page.wait_for_selector("#felt[data-stage='play']")
        legal = (page.get_attribute("#felt", "data-legal") or "").split(";")
        melds = [m.split()[1:] for m in legal if m.startswith("meld ")]
        if melds:
            meld = melds[0]
            break
    assert meld, "no deal with a legal meld after the first draw"
    for card in meld:
        page.locator(f'#hand .hand-card[data-card="{card}"][aria-pressed="false"]').first.click()
    page.click("#btn-meld")
    page.wait_for_selector("#my-melds .meld")
    assert page.locator("#my-melds .meld").count() == 1
    assert page.get_attribute("#my-melds .meld", "data-count") == "3"
    assert page.locator("#log li.log-you").first.get_attribute("data-text") == "meld " + " ".join(meld)
    assert (page.text_content("#status") or "").strip() == ""
    rank = page.get_attribute("#my-melds .meld", "data-rank")

    legal = (page.get_attribute("#felt", "data-legal") or "").split(";")
    adds = [m.split()[2] for m in legal if m.startswith(f"add {rank} ")]
    if adds:
        page.locator(f'#hand .hand-card[data-card="{adds[0]}"]').first.click()
        page.click(f'#my-melds .meld[data-rank="{rank}"]')
        assert page.get_attribute(f'#my-melds .meld[data-rank="{rank}"]', "aria-pressed") == "true"
        page.click("#btn-add")
        page.wait_for_selector(f'#my-melds .meld[data-rank="{rank}"][data-count="4"]')
    assert page.console_errors == []


def test_catalogue_has_every_message_in_both_languages(page: WatchedPage, site_url: str) -> None:
    page.goto(site_url + "__tests__/blank.html")
    keys = page.evaluate("""async () => {
      const i18n = await import("/i18n.js");
      return { de: i18n.catalogueKeys("de"), en: i18n.catalogueKeys("en") };
    }""")
    de = {k for k in keys["de"] if not k.startswith("engine.")}  # engine.*: German texts for engine refusals
    en = set(keys["en"])
    assert sorted(en - de) == [], "missing in German"
    assert sorted(de - en) == [], "missing in English"
    # Every data-i18n key used in index.html exists.
    html = page.evaluate("async () => await (await fetch('/index.html')).text()")

    used = set(re.findall(r'data-i18n="([^"]+)"', html))
    used |= {pair.split(":")[1] for attr in re.findall(r'data-i18n-attr="([^"]+)"', html) for pair in attr.split(";")}
    assert sorted(used - en) == []
