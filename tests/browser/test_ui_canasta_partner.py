"""The page, driven like a person: Classic Canasta's "may I go out?" and the stock used up (issue
#10; pagat's rules as options of canasta-classic). A saved game is put into the browser's storage
(as the page itself saves one), continued from the new-game dialog, and played by clicks: the
computer partner asks the person, who answers with a button; and with the stock used up the
person passes, which ends the hand.
"""
from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import meldtable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from positions import position_state  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import WatchedPage

pytestmark = pytest.mark.browser

QUEENS = ["QC", "QD", "QH", "QS", "QC", "QD", "QH"]


def saved_game(hands: list[list[str]], melds: list[list[Any]], turn: dict[str, Any], pile: Sequence[str] = ("9D",),
               stock: list[str] | None = None, options: dict[str, Any] | None = None) -> str:
    d = json.loads(meldtable.new_game("canasta-classic", players=4, seed=3, options=options).to_json())
    d["state"] = position_state(hands=hands, melds=melds, pile=list(pile), turn=turn, stock=stock)
    d["history"] = [[]]
    meldtable.Game.from_json(json.dumps(d))  # the engine accepts it
    return json.dumps(d)


def continue_saved(page: Page, site_url: str, state_text: str) -> None:
    page.goto(f"{site_url}?fast=1")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.evaluate(
        """(state) => {
          const path = new URL("./", location.href).pathname;
          localStorage.setItem("meldtable:saved-game:" + path, JSON.stringify(
            {format: 1, savedAt: Date.now(), state, human_seats: [0], seed: 3, variant: "canasta-classic", hand: 1}));
        }""", state_text)
    page.reload()
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.click("#btn-resume")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")


def test_the_computer_partner_asks_and_the_person_answers_by_button(page: WatchedPage, site_url: str) -> None:
    # seat 2 (the person's partner, a computer) is to play after drawing and can go out:
    # the computer asks first, so the person sees the question with Yes / No buttons
    hands = [["4C", "5D", "6H", "7S"], ["4H", "5H", "6H", "7H"], ["KD", "KD", "4S"], ["8H", "9H", "TH", "JH"]]
    state = saved_game(hands, [[QUEENS, ["KC", "KH", "KS"]], []],
                       {"seat": 2, "stage": "play", "from_stock": True, "initial": False})
    continue_saved(page, site_url, state)
    page.wait_for_selector("#btn-yes:not([hidden])", timeout=60_000)
    assert "asks" in (page.text_content("#partner-question") or "")
    assert page.is_visible("#btn-no")
    page.click("#btn-yes")
    # the partner must go out now: the hand ends and the score sheet opens
    page.wait_for_selector("#score-dialog[open]", timeout=60_000)
    assert "went out" in (page.text_content("#score-dialog") or "")  # "<partner> went out."
    log = (page.text_content("#log") if page.locator("#log").count() else page.text_content("body")) or ""
    assert "answer: yes" in log.lower() or "yes, go out" in log.lower()


def test_with_the_stock_used_up_the_person_passes_and_the_hand_ends(page: WatchedPage, site_url: str) -> None:
    # the person (seat 0) could take the nines with a natural pair, but passes
    wilds = ["JK"] * 4 + ["2C", "2C", "2D", "2D", "2H", "2H", "2S", "2S"]
    hands = [["9H", "9S", "4C"], ["4H", "5H", "6H"] + wilds, ["4D", "5D", "6D"], ["8H", "TH", "JH"]]
    state = saved_game(hands, [[QUEENS], []], {"seat": 0, "stage": "draw"}, pile=["9C"], stock=[])
    continue_saved(page, site_url, state)
    page.wait_for_selector("#btn-pass:not([hidden])", timeout=60_000)
    assert "used up" in (page.text_content("#partner-question") or "")
    assert page.is_disabled("#btn-draw")
    page.click("#btn-pass")
    page.wait_for_selector("#score-dialog[open]", timeout=60_000)
