"""The page, driven like a person: Kanaster (seed 004, issue #11).

A Kanaster hand is played by clicks to the score sheet (the computer plays the other seats); the
new-game dialog offers the game with 2 to 5 players and its own rule options with labels in
German and English; the cut is in the log; cards of a blocking rank are laid under a canasta with
the "Lay under canasta" button when that is legal. The moves to click are chosen from
#felt[data-legal], as in test_ui_canasta_classic.py.
"""
from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from saved_positions import open_position

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import WatchedPage

pytestmark = pytest.mark.browser

HAND_TIMEOUT_S = 480


def open_dialog(page: Page, site_url: str, seed: int, lang: str = "en") -> None:
    page.goto(f"{site_url}?fast=1&seed={seed}&game=kanaster")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.wait_for_selector("#newgame-dialog[open]")
    page.select_option("#lang-select", lang)
    assert page.input_value("#ng-variant") == "kanaster"


def start(page: Page, players: int) -> None:
    page.select_option("#ng-players", str(players))
    page.click("#ng-start")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    page.wait_for_selector(f"#felt[data-players='{players}']")


def wait_my_turn_or_hand_over(page: Page, timeout_s: int = 90) -> bool:
    page.wait_for_function(
        """() => document.querySelector('#score-dialog[open]') ||
                 (document.querySelector('#felt').dataset.toActHuman === 'true' &&
                  document.querySelector('#felt').dataset.legal)""",
        timeout=timeout_s * 1000)
    return page.is_visible("#score-dialog[open]")


def legal_moves(page: Page) -> list[str]:
    return [m for m in (page.get_attribute("#felt", "data-legal") or "").split(";") if m]


def select_cards(page: Page, cards: list[str]) -> None:
    for c in cards:
        page.locator(f'#hand .hand-card[data-card="{c}"][aria-pressed="false"]').first.click()


def act_and_wait(page: Page, click: Callable[[], None]) -> None:
    serial = page.get_attribute("#felt", "data-serial")
    click()
    page.wait_for_function(
        "(s) => document.querySelector('#score-dialog[open]') || document.querySelector('#status.error') || "
        "document.querySelector('#felt').dataset.serial !== s", arg=serial)
    assert not page.is_visible("#status.error"), page.text_content("#status")


def play_hand(page: Page) -> Counter[str]:
    """Play the person's seat to the score sheet: take the pile when legal, else draw; meld, add
    (clicking the meld, which may be a second meld of a rank, ``Q#2``), bury blocking cards, else
    discard (after a take too: »Natürlich kann man rauslegen und dann wegwerfen«)."""
    done: Counter[str] = Counter()
    deadline = time.monotonic() + HAND_TIMEOUT_S
    while True:
        assert time.monotonic() < deadline, f"the hand did not end in time ({done})"
        if wait_my_turn_or_hand_over(page):
            return done
        legal = legal_moves(page)
        stage = page.get_attribute("#felt", "data-stage")
        if stage == "draw":
            takes = [m.split()[1:] for m in legal if m.startswith("take ")]
            if takes and len(takes[0]) == 2:
                select_cards(page, takes[0])
                act_and_wait(page, lambda: page.click("#btn-take"))
                done["take"] += 1
            else:
                act_and_wait(page, lambda: page.click("#btn-draw"))
                done["draw"] += 1
            continue
        melds = [m.split()[1:] for m in legal if m.startswith("meld ")]
        adds = [m.split()[1:] for m in legal if m.startswith("add ")]
        buries = [m.split()[1:] for m in legal if m.startswith("bury ")]
        if buries:
            assert page.is_visible("#btn-bury")
            select_cards(page, [buries[0][1]])
            assert page.is_enabled("#btn-bury")
            act_and_wait(page, lambda: page.click("#btn-bury"))
            done["bury"] += 1
        elif melds:
            select_cards(page, melds[0])
            act_and_wait(page, lambda: page.click("#btn-meld"))
            done["meld"] += 1
        elif adds:
            key, card = adds[0][0], adds[0][1]
            select_cards(page, [card])
            meld = page.locator(f'#my-melds .meld[data-rank="{key}"]')
            assert "is-target" in (meld.get_attribute("class") or "")
            meld.click()
            act_and_wait(page, lambda: page.click("#btn-add"))
            done["add"] += 1
            done["add#"] += "#" in key
        else:
            assert not page.is_visible("#btn-bury")
            card = (page.get_attribute("#hand", "data-legal-discards") or "").split()[0]
            select_cards(page, [card])
            act_and_wait(page, lambda: page.click("#btn-discard"))
            done["discard"] += 1


def test_melds_follow_a_pile_take_before_the_discard(page: WatchedPage, site_url: str) -> None:
    """Seed 004: »Anschliessend muss er den Spielstapel einstecken und mit einer Karte, die er
    wegwirft, den neuen Spielstapel beginnen. ACHTUNG! Jetzt darf nicht mehr rausgelegt werden,
    denn der nächst Spieler ist nun an der Reihe. Natürlich kann man rauslegen und dann wegwerfen«
    (issue #24 item 4): by clicks, the pile is taken, a meld is laid, then a card is discarded."""
    open_position(page, site_url, """variant: kanaster
players: 2
turn: 0 draw
hand 0: QH QS 7C 7D 7H 4C 5D 9S
hand 1: 4D 5C 6H 8C 9D TS JC KS
meld 0: KC KD KH
pile: 8S QD
""")
    wait_my_turn_or_hand_over(page)
    select_cards(page, ["QH", "QS"])
    act_and_wait(page, lambda: page.click("#btn-take"))
    assert "meld 7C 7D 7H" in legal_moves(page)
    select_cards(page, ["7C", "7D", "7H"])
    assert page.is_enabled("#btn-meld")
    act_and_wait(page, lambda: page.click("#btn-meld"))
    assert page.locator('#my-melds .meld[data-rank="7"]').count() == 1
    select_cards(page, ["4C"])
    act_and_wait(page, lambda: page.click("#btn-discard"))
    assert page.locator('#hand .hand-card[data-card="8S"]').count() == 1  # the rest of the pile came along
    assert page.console_errors == []


@pytest.mark.parametrize("players,seed", [(2, 3), (4, 1)])
def test_a_kanaster_hand_by_clicks(page: WatchedPage, site_url: str, players: int, seed: int) -> None:
    open_dialog(page, site_url, seed)
    start(page, players)
    log = " ".join(page.eval_on_selector_all("#log li", "els => els.map(e => e.textContent)"))
    assert " cut" in log.lower() or "you cut" in log.lower(), log  # »darf der vorhergehende Spieler ... abheben«
    assert int(page.get_attribute("#hand", "data-count") or "-1") == 13
    done = play_hand(page)
    assert done["draw"] and done["discard"], done
    heads = page.eval_on_selector_all("#score-table thead th", "els => els.map(e => e.textContent)")
    assert len(heads) == (3 if players == 4 else players + 1)
    for item in ("melded_cards", "hand_cards", "red_threes", "total"):
        assert page.locator(f'#score-table tr[data-item="{item}"] td').count() == len(heads) - 1, item
    assert page.console_errors == []
    assert page.foreign_requests == []


def test_new_game_dialog_offers_kanaster_with_its_options_in_german(page: WatchedPage, site_url: str) -> None:
    open_dialog(page, site_url, 1, lang="de")
    counts = page.eval_on_selector_all("#ng-players option", "els => els.map(e => Number(e.value))")
    assert counts == [2, 3, 4, 5]
    text = page.text_content("#newgame-dialog") or ""
    for label in ("Abheben vor dem Geben", "Ränge mit Kanaster sperren den Ablagestapel", "Sperrkarten unter einen Kanaster",
                  "Auslegen nach dem Aufnehmen des Ablagestapels", "Mehrere Meldungen eines Rangs"):
        assert label in text, label
    for raw in ("cut_wilds", "blocking_ranks", "bury_blocking_cards", "same_rank_melds", "meld_after_pile_take"):
        assert raw not in text, raw
    assert page.console_errors == []
