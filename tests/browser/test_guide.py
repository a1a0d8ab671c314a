"""The guided first hands in Chromium (guide.html, web/guide.js on web/embed.js), driven as a
person drives them: select cards in the hand and press the table's buttons, read each step and
press "Next". Issue #12: "The guided first hand of two-hand Canasta is completed by clicks."

The steps and their moves come from web/guides/<variant>.json (the same file the page reads);
tests/test_guides.py checks that file against the engine, this test checks the page.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from conftest import WatchedPage

ROOT = Path(__file__).resolve().parents[2]
GUIDES = ROOT / "web" / "guides"
BOOT_MS = 120_000
STEP_MS = 20_000
CANASTA = ("canasta-two-hand", "canasta-classic", "kanaster")


def guide(variant: str) -> dict[str, Any]:
    return cast("dict[str, Any]", json.loads((GUIDES / f"{variant}.json").read_text(encoding="utf-8")))


def kind(step: dict[str, Any]) -> str:
    return "human" if "do" in step else "computer" if "computer" in step else "end" if step.get("end") else "say"


def panel_step(page: Page) -> int:
    return int(page.locator("#g-panel").get_attribute("data-step") or 0)


def wait_step(page: Page, n: int) -> None:
    page.wait_for_function(f"() => document.querySelector('#g-panel').dataset.step === '{n}'", timeout=STEP_MS)


def select(page: Page, cards: list[str]) -> None:
    """Click each card in the hand (a card held twice: the copy not selected yet)."""
    for card in cards:
        page.locator(f'#g-table #hand .hand-card[data-card="{card}"][aria-pressed="false"]').first.click()


def button(page: Page, name: str) -> Locator:
    return page.locator(f"#g-table #btn-{name}")


def do_canasta(page: Page, action: dict[str, Any]) -> None:
    """Carry out a step's move (an action object, docs/guides.md "Moves") with the clicks a person
    makes on the canasta table."""
    verb = action["type"]
    if verb == "draw":
        button(page, "draw").click()
    elif verb in ("take", "meld"):
        select(page, action["cards"])
        button(page, verb).click()
    elif verb == "discard":
        select(page, [action["card"]])
        button(page, verb).click()
    elif verb == "add":
        select(page, action["cards"])
        if button(page, "add").is_disabled():  # the page could not tell which meld: tap it
            page.locator(f'#g-table #my-melds .meld[data-rank="{action["rank"]}"]').click()
        button(page, "add").click()
    else:
        raise AssertionError(f"no clicks for {action!r}")


def open_guide(page: Page, site_url: str, variant: str, lang: str) -> None:
    page.goto(f"{site_url}guide.html?variant={variant}&lang={lang}")
    page.wait_for_function("() => document.querySelector('#g-table')?.shadowRoot?.querySelector('#hand .hand-card')"
                           " && document.querySelector('#g-panel').dataset.step", timeout=BOOT_MS)


def play_through(page: Page, variant: str, lang: str) -> list[str]:
    """Complete the guide by clicks; returns the panel's texts, step by step."""
    g = guide(variant)
    seen = []
    for i, step in enumerate(g["steps"], start=1):
        wait_step(page, i)
        k = kind(step)
        if k == "computer":  # the computer plays, then its moves are explained
            page.wait_for_function("() => document.querySelector('#g-panel').dataset.state === 'computer'", timeout=STEP_MS)
        say = page.locator("#g-say").inner_text()
        assert step["say"][lang][:40] in say, (i, say)
        seen.append(say)
        if k in ("say", "computer"):
            page.locator("#g-next").click()
        elif k == "human":
            page.wait_for_function("() => document.querySelector('#g-table').shadowRoot.querySelector('.felt')"
                                   ".dataset.toActHuman === 'true'", timeout=STEP_MS)
            do_canasta(page, step["do"][0])
            page.wait_for_function(f"() => Number(document.querySelector('#g-panel').dataset.step) > {i}", timeout=STEP_MS)
    return seen


def test_two_hand_canasta_guide_is_completed_by_clicks(page: WatchedPage, site_url: str) -> None:
    """Issue #12's test: the whole two-hand guide, in English, by clicks; a legal move that is not
    the step's is held back with the step's nudge; an illegal one gets the engine's reason and
    the guide's explanation of it; the page loads nothing from another host, logs no error."""
    open_guide(page, site_url, "canasta-two-hand", "en")
    g = guide("canasta-two-hand")
    assert page.locator("#g-progress").inner_text() == f"Step 1 of {len(g['steps'])}"
    page.locator("#g-next").click()
    wait_step(page, 2)

    # an illegal move: a seven and a wild card for the frozen pile -> the engine's reason + why
    select(page, ["7C", "2H"])
    button(page, "take").click(force=True)  # disabled: a tap on it asks the engine why
    fb = page.locator("#g-feedback")
    fb.wait_for(state="visible", timeout=STEP_MS)
    text = fb.inner_text()
    assert "The game says:" in text and "frozen" in text, text
    assert "only two natural sevens open the pile" in text, text
    assert panel_step(page) == 2
    page.locator("#g-table #btn-clear").click()

    do_canasta(page, {"type": "draw"})
    wait_step(page, 3)
    # a legal move that is not the step's: the kings instead of the queens -> the nudge, no move
    hand_before = page.locator("#g-table #hand .hand-card").count()
    select(page, ["KH", "KS", "KD"])
    button(page, "meld").click()
    fb.wait_for(state="visible", timeout=STEP_MS)
    assert "five queens as one meld" in fb.inner_text()
    assert page.locator("#g-table #hand .hand-card").count() == hand_before
    assert page.locator("#g-table #my-melds .meld").count() == 0
    page.locator("#g-table #btn-clear").click()

    # "Start again" returns to step 1 and the prepared deal
    page.locator("#g-restart").click()
    wait_step(page, 1)
    page.wait_for_function("() => document.querySelector('#g-table').shadowRoot"
                           ".querySelectorAll('#hand .hand-card').length === 15",
                           timeout=STEP_MS)

    play_through(page, "canasta-two-hand", "en")
    assert page.locator("#g-panel").get_attribute("data-state") == "end"
    assert page.locator("#g-table .felt").get_attribute("data-hand-over") == "true"
    assert page.locator("#g-play").is_visible()
    assert "1150" in page.locator("#g-say").inner_text()
    assert page.console_errors == []
    assert page.foreign_requests == []


@pytest.mark.parametrize("variant", [v for v in CANASTA if v != "canasta-two-hand"])
def test_canasta_family_guides_in_german(page: WatchedPage, site_url: str, variant: str) -> None:
    """The other canasta guides, in German, by clicks to the end of the hand."""
    open_guide(page, site_url, variant, "de")
    assert re.fullmatch(r"Schritt 1 von \d+", page.locator("#g-progress").inner_text())
    assert page.locator("#g-next").inner_text() == "Weiter"
    play_through(page, variant, "de")
    assert page.locator("#g-panel").get_attribute("data-state") == "end"
    assert page.console_errors == []


def test_unknown_variant_says_which_guides_exist(page: WatchedPage, site_url: str) -> None:
    page.goto(f"{site_url}guide.html?variant=poker&lang=en")
    page.wait_for_function("() => document.querySelector('#g-panel').dataset.state === 'error'")
    assert "canasta-two-hand" in page.locator("#g-say").inner_text()


@pytest.mark.parametrize("variant", ["continental", "3-ist-50"])
def test_other_guides_open_on_their_table(page: WatchedPage, site_url: str, variant: str) -> None:
    """The guides not yet driven by clicks here: the page opens on the game's live table, the
    first step is shown in English with its progress, "Next" leads to the player's first move."""
    page.goto(f"{site_url}guide.html?variant={variant}&lang=en")
    page.wait_for_function("() => document.querySelector('#g-table')?.shadowRoot?.querySelector('#hand .hand-card')",
                           timeout=BOOT_MS)
    g = guide(variant)
    assert page.locator("#g-progress").inner_text() == f"Step 1 of {len(g['steps'])}"
    assert g["steps"][0]["say"]["en"][:40] in page.locator("#g-say").inner_text()
    page.locator("#g-next").click()
    wait_step(page, 2)
    page.wait_for_function("() => document.querySelector('#g-panel').dataset.state === 'human'", timeout=STEP_MS)
    assert page.console_errors == []
