"""The page, driven like a person: "3 ist 50" with three players (issue #5).

Everything is done by clicking and pressing keys. The table's state is read only from data
attributes the page renders: #felt[data-legal] (the person's legal moves), each hand card's
data-card and data-legal, each target's data-moves (the legal moves a click on it stands for)
and #felt[data-serial], which changes whenever a new table is shown.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from conftest import WatchedPage

pytestmark = pytest.mark.browser

SEED = 20261122
GAME_TIMEOUT_S = 420
SCORE_ITEMS = ("cards", "threes", "aces", "pictures", "numbers", "total")


def open_game(page: Page, site_url: str, players: int = 3, seed: int=SEED, lang: str = "en") -> None:
    """Load the page, choose 3 ist 50 and the number of players in the dialog, start."""
    page.goto(f"{site_url}?fast=1&seed={seed}")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.wait_for_selector("#newgame-dialog[open]")
    page.select_option("#lang-select", lang)
    page.select_option("#ng-variant", "3-ist-50")
    assert page.is_visible("#ng-players")
    counts = page.eval_on_selector_all("#ng-players option", "els => els.map(e => Number(e.value))")
    assert counts == [2, 3, 4, 5, 6]
    page.select_option("#ng-players", str(players))
    page.click("#ng-start")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    assert page.get_attribute("#felt", "data-variant") == "3-ist-50"
    assert page.locator("#tf-opponents .tf-seat").count() == players - 1


def wait_my_turn_or_over(page: Page, timeout_s: int = 60) -> bool:
    """Wait until the person is to act (legal moves offered) or the score sheet is open."""
    page.wait_for_function(
        """() => document.querySelector('#score-dialog[open]') ||
                 (document.querySelector('#felt').dataset.toActHuman === 'true' &&
                  document.querySelector('#felt').dataset.legal)""",
        timeout=timeout_s * 1000)
    return page.is_visible("#score-dialog[open]")


def serial(page: Page) -> str | None:
    return page.get_attribute("#felt", "data-serial")


def press(locator: Locator, use_keyboard: bool) -> None:
    if use_keyboard:
        locator.focus()
        locator.press("Enter")
    else:
        locator.click()


def hand_cards(page: Page) -> list[tuple[str, list[str]]]:
    """[(card, [legal move texts])] of the hand, in order."""
    return [(c, [m for m in (legal or "").split(";") if m])
            for c, legal in page.eval_on_selector_all(
                "#hand .hand-card", "els => els.map(e => [e.dataset.card, e.dataset.legal])")]


def target_for(page: Page, move: str) -> str | None:
    """The selector of a highlighted target standing for `move`, or None."""
    sel: str | None = page.evaluate("""(move) => {
      const els = [...document.querySelectorAll('#felt .tf-target')];
      const i = els.findIndex((e) => (e.dataset.moves || '').split(';').includes(move));
      if (i < 0) return null;
      els.forEach((e) => e.removeAttribute('data-test-pick'));
      els[i].setAttribute('data-test-pick', '1');
      return '[data-test-pick="1"]';
    }""", move)
    return sel


def play_move(page: Page, move: str, use_keyboard: bool) -> None:
    """Play `move` like a person: its card; if the card has several plays, the target the move
    goes to; if that target stands for several moves, the matching button of the choice bar."""
    before = serial(page)
    card = move.split()[1]
    plays = dict(hand_cards(page))[card]
    assert move in plays
    press(page.locator(f'#hand .hand-card[data-card="{card}"]').first, use_keyboard)
    if plays:  # no one-tap play (#29 item 8): the card is chosen, its target plays it
        assert serial(page) == before
        sel = target_for(page, move)
        assert sel, f"no target offers {move}"
        target = page.locator(sel)
        assert "tf-is-target" in (target.get_attribute("class") or "")
        several = len((target.get_attribute("data-moves") or "").split(";")) > 1
        press(target, use_keyboard)
        if several:
            page.wait_for_selector("#tf-choices:not([hidden])")
            press(page.locator(f'#tf-choices button[data-move="{move}"]'), use_keyboard)
    page.wait_for_function("(s) => document.querySelector('#felt').dataset.serial !== s", arg=before)
    assert not page.is_visible("#status.error"), page.text_content("#status")


def choose(legal: list[str], turn: int) -> str:
    """Vary the plays: prefer a card with several plays (so targets get clicked), else rotate."""
    by_card: dict[str, list[str]] = {}
    for m in legal:
        by_card.setdefault(m.split()[1], []).append(m)
    multi = [ms for ms in by_card.values() if len(ms) > 1]
    if multi:
        ms = multi[turn % len(multi)]
        return ms[turn % len(ms)]
    return legal[turn % len(legal)]


def test_whole_game_by_clicks_and_keys(page: WatchedPage, site_url: str) -> None:
    open_game(page, site_url, players=3)
    turns = 0
    targeted = 0
    deadline = time.monotonic() + GAME_TIMEOUT_S
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        if wait_my_turn_or_over(page):
            break
        legal = (page.get_attribute("#felt", "data-legal") or "").split(";")
        # only legal plays are offered: every hand card lists exactly its own legal moves
        offered = sorted(m for _, ms in hand_cards(page) for m in set(ms))
        assert offered == sorted(set(legal))
        move = choose(legal, turns)
        if len(dict(hand_cards(page))[move.split()[1]]) > 1:
            targeted += 1
        play_move(page, move, use_keyboard=turns % 3 == 2)
        turns += 1

    # A whole game: every round was played, and the computers' moves came one by one.
    assert turns >= 20, turns
    assert targeted > 0, "no play needed a target"
    assert page.locator("#log li.log-you").count() == turns
    assert page.locator("#log li.log-computer").count() >= 2 * turns - 2
    assert page.get_attribute("#felt", "data-match-over") == "true"

    # The end screen: every player's minus points by kind of card, and the winner.
    sheet = page.locator("#score-table")
    assert sheet.locator("thead th").count() == 4
    totals = []
    for item in SCORE_ITEMS:
        row = sheet.locator(f'tr[data-item="{item}"]')
        assert row.count() == 1, item
        assert row.locator("td").count() == 3, item
    for td in sheet.locator('tr[data-item="total"] td').all():
        totals.append(int(td.text_content() or ""))
    result = page.locator("#match-result")
    assert result.is_visible()
    winners = [int(s) for s in (result.get_attribute("data-winners") or "").split()]
    assert winners and all(totals[w] == min(totals) for w in winners)
    assert str(min(totals)) in (result.text_content() or "")
    assert page.is_visible("#btn-score-newgame")
    # Behind the sheet, every minus pile shows all its cards and points.
    page.keyboard.press("Escape")
    for seat in range(3):
        pile = page.locator(f'.tf-pile[data-seat="{seat}"]')
        assert pile.locator(".card").count() == max(1, int(pile.get_attribute("data-size") or ""))
        assert str(totals[seat]) in (pile.get_attribute("aria-label") or "")
    assert page.console_errors == []
    assert page.foreign_requests == []


def stuck_turn(page: Page, max_turns: int = 40) -> str:
    """Play until the person holds a card that matches nothing while another card matches
    (so discarding is not allowed); return that card."""
    for turn in range(max_turns):
        assert not wait_my_turn_or_over(page), "the game ended before an illegal attempt was possible"
        cards = hand_cards(page)
        legal = (page.get_attribute("#felt", "data-legal") or "").split(";")
        stuck = [c for c, ms in cards if not ms]
        if stuck and any(m.startswith("play ") for m in legal):
            return stuck[0]
        play_move(page, choose(legal, turn), use_keyboard=False)
    raise AssertionError("no turn with a card that cannot be played")


def test_illegal_attempts_show_the_engines_reason(page: WatchedPage, site_url: str) -> None:
    open_game(page, site_url, players=3)
    card = stuck_turn(page)
    before = serial(page)
    hand_before = page.get_attribute("#hand", "data-count")
    button = page.locator(f'#hand .hand-card[data-card="{card}"]').first
    button.click()
    assert button.get_attribute("aria-pressed") == "true"
    assert serial(page) == before  # nothing was played
    assert not page.is_visible("#status.error")
    # No target is offered for it ...
    assert page.locator("#felt .tf-is-target").count() == 0
    # ... but the discard pile can still be tried: the engine says why not.
    page.click("#tf-discard")
    page.wait_for_selector("#status.error")
    message = (page.text_content("#status") or "").strip()
    assert "discard only" in message and "can be played" in message, message
    assert page.get_attribute("#status", "role") == "status"
    assert serial(page) == before
    assert page.get_attribute("#hand", "data-count") == hand_before
    assert page.get_attribute("#felt", "data-to-act-human") == "true"

    # In German the reason comes from the catalogue (the engine's key and parameters).
    page.select_option("#lang-select", "de")
    assert "Abwerfen darfst du nur" in (page.text_content("#status") or "")
    # A centre card of another rank: "no such rank in the middle".
    centre = page.eval_on_selector_all("#tf-centre .tf-centre-card", "els => els.map(e => e.dataset.card)")
    other = [i for i, c in enumerate(centre) if c[:-1] != card[:-1]]
    if other:
        old = page.text_content("#status")
        page.locator("#tf-centre .tf-centre-card").nth(other[0]).click()
        page.wait_for_function("(old) => document.querySelector('#status').textContent !== old", arg=old)
        assert "In der Mitte" in (page.text_content("#status") or ""), page.text_content("#status")
    assert serial(page) == before
    # A legal play still works afterwards and clears the message.
    legal = (page.get_attribute("#felt", "data-legal") or "").split(";")
    play_move(page, legal[0], use_keyboard=True)
    assert (page.text_content("#status") or "").strip() == ""
    assert page.console_errors == []


def test_targets_and_cards_are_named_buttons(page: WatchedPage, site_url: str) -> None:
    open_game(page, site_url, players=4, lang="de")
    assert page.locator("#tf-opponents .tf-seat").count() == 3
    # every target is a button with a spoken name
    for sel in ("#tf-discard", ".tf-pile", "#tf-centre .tf-centre-card", "#hand .hand-card"):
        for el in page.locator(sel).all():
            assert el.evaluate("e => e.tagName") == "BUTTON", sel
            name = el.get_attribute("aria-label")
            assert name and not name.isupper(), (sel, name)
    assert (page.get_attribute('.tf-pile[data-seat="0"]', "aria-label") or "").startswith("Dein Minushaufen")
    # the hand is one tab stop: arrows move inside it
    page.locator("#hand .hand-card").first.focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.index") == "1"
    assert page.console_errors == []
