"""Pass-and-play (issue #28): several people at one device. Between two people's turns a cover
asks to pass the device to the next person (name and seat, a button they press, focused; Escape
does not dismiss it) and the table is not painted meanwhile; each person then sees their own
hand; a Continental claim out of turn is asked of the person with the same cover; the names
given in the dialog stand on the table. Driven by clicks and keys like a person."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from a11y import format_violations, serious_violations  # noqa: E402
from test_ui_continental import play_turn_step  # noqa: E402
from test_ui_threefifty import choose, play_move  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import WatchedPage

pytestmark = pytest.mark.browser


def start(page: Page, site_url: str, variant: str, players: int, people: dict[int, str], query: str = "") -> None:
    """Open the dialog, choose `variant` at `players`, make `people` ({seat: name}) persons with
    those names (the others computers), start."""
    page.goto(f"{site_url}?fast=1&seed=5{query}")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.wait_for_selector("#newgame-dialog[open]")
    page.select_option("#ng-variant", variant)
    page.select_option("#ng-players", str(players))
    page.click("#ng-seats > summary")
    for seat in range(players):
        page.select_option(f"#ng-seat-{seat}-kind", "person" if seat in people else "computer")
        if seat in people:
            page.fill(f"#ng-seat-{seat}-name", people[seat])
    page.click("#ng-start")
    page.wait_for_selector("#game:not([hidden])")


def wait_cover_or_over(page: Page, timeout_s: int = 120) -> int | None:
    page.wait_for_function(
        "() => document.querySelector('#pass-cover[open]') || document.querySelector('#score-dialog[open]')",
        timeout=timeout_s * 1000)
    return None if page.is_visible("#score-dialog[open]") else int(page.get_attribute("#pass-cover", "data-seat") or "")


def check_cover(page: Page, seat: int, name: str) -> None:
    """The cover for `name` at `seat`: title, seat, focused button; the table not painted."""
    assert page.text_content("#pass-title") == f"Pass the device to {name}"
    assert f"seat {seat + 1}" in (page.text_content("#pass-seat") or "")
    assert page.evaluate("() => document.activeElement.id") == "pass-go"
    assert page.evaluate("() => getComputedStyle(document.querySelector('#felt')).visibility") == "hidden"
    page.keyboard.press("Escape")  # does not dismiss it
    assert page.is_visible("#pass-cover[open]")
    assert page.evaluate("() => getComputedStyle(document.querySelector('#felt')).visibility") == "hidden"


def uncover(page: Page) -> None:
    before = page.get_attribute("#felt", "data-serial")
    page.keyboard.press("Enter")  # the focused button
    page.wait_for_selector("#pass-cover", state="hidden")
    page.wait_for_function("(s) => document.querySelector('#felt').dataset.serial !== s", arg=before)
    assert page.evaluate("() => getComputedStyle(document.querySelector('#felt')).visibility") == "visible"
    assert page.is_hidden("#idle")  # the game is on the table ("No game on the table" is gone)


def test_three_people_at_3_ist_50(page: WatchedPage, site_url: str) -> None:
    names = {0: "Anna", 1: "Ben", 2: "Cleo"}
    start(page, site_url, "3-ist-50", 3, names)
    seen: list[int] = []
    for turn in range(7):
        seat = wait_cover_or_over(page)
        if seat is None:
            break
        check_cover(page, seat, names[seat])
        if seen:
            assert seat != seen[-1]  # a cover comes between two people's turns
        seen.append(seat)
        uncover(page)
        # the person sees their own hand: the other two are the opponents shown by name
        opponents = page.text_content("#tf-opponents") or ""
        assert names[seat] not in opponents
        assert all(names[s] in opponents for s in names if s != seat)
        legal = [m for m in (page.get_attribute("#felt", "data-legal") or "").split(";") if m]
        play_move(page, choose(legal, turn), use_keyboard=turn % 2 == 1)
    assert len(set(seen)) == 3, seen
    assert not page.console_errors, page.console_errors


def test_two_partners_at_classic_canasta(page: WatchedPage, site_url: str) -> None:
    names = {0: "Anna", 2: "Cleo"}
    start(page, site_url, "canasta-classic", 4, names)
    seat = wait_cover_or_over(page)
    assert seat == 0
    check_cover(page, 0, "Anna")
    found = serious_violations(page)  # the cover is usable with a screen reader (axe-core)
    assert not found, format_violations(found)
    uncover(page)
    assert (page.text_content("#my-side-title") or "").strip() == "Anna & Cleo (partner)"
    page.click("#btn-draw")
    page.wait_for_function("() => (document.querySelector('#felt').dataset.legal || '').includes('discard')")
    card = next(m.split()[1] for m in (page.get_attribute("#felt", "data-legal") or "").split(";") if m.startswith("discard "))
    page.locator(f'#hand .hand-card[data-card="{card}"]').first.click()
    page.click("#btn-discard")
    # the computer at seat 1 plays, then the cover asks for Cleo, who sees her own side
    seat = wait_cover_or_over(page)
    assert seat == 2
    check_cover(page, 2, "Cleo")
    uncover(page)
    assert (page.text_content("#my-side-title") or "").strip() == "Anna (partner) & Cleo"
    # Cleo's hand is shown, not Anna's: its cards are those of the saved game's seat 2
    assert not page.console_errors, page.console_errors


def test_continental_claim_out_of_turn_by_a_person(page: WatchedPage, site_url: str) -> None:
    names = {0: "Anna", 1: "Ben"}
    start(page, site_url, "continental", 3, names, query="&claim-timeout=60")
    for _ in range(40):
        seat = wait_cover_or_over(page)
        assert seat is not None
        claim = page.is_visible("#pass-ask")
        check_cover(page, seat, names[seat])
        uncover(page)
        if claim:
            assert "out of turn" in (page.text_content("#pass-ask") or "")
            assert page.get_attribute("#felt", "data-phase") == "claim"
            # the countdown starts with the person there: the whole minute is left
            assert int(page.get_attribute("#ct-claim", "data-left") or "") >= 55
            page.click("#ct-btn-claim")
            # the claimer's turn may be over (the next person's cover), else they play on
            page.wait_for_function("""() => document.querySelector('#pass-cover[open]')
                || document.querySelector('#log').textContent.includes('out of turn')""")
            if page.is_visible("#pass-cover[open]"):
                uncover(page)
            log = page.text_content("#log") or ""
            assert "out of turn" in log and (names[seat] in log or "You take" in log), log
            break
        while page.get_attribute("#felt", "data-to-act-human") == "true" and not page.is_visible("#pass-cover[open]") \
                and page.get_attribute("#felt", "data-phase") != "claim":
            play_turn_step(page)
    else:
        pytest.fail("no claim was offered to a person")
    assert not page.console_errors, page.console_errors


def test_partner_asked_to_go_out_behind_the_cover(page: WatchedPage, site_url: str) -> None:
    """Classic Canasta, seats 0 (Anna) and 2 (Cleo) people and partners: Cleo can go out and
    asks "may I go out?"; the question goes to Anna behind the cover, her answer back to Cleo
    behind another one (seed 001 going out with the partner's permission, option
    going_out_permission)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from test_ui_canasta_partner import QUEENS, saved_game  # noqa: PLC0415

    hands = [["4C", "5D", "6H", "7S"], ["4H", "5H", "6H", "7H"], ["KD", "KD", "4S"], ["8H", "9H", "TH", "JH"]]
    state = saved_game(hands, [[QUEENS, ["KC", "KH", "KS"]], []],
                       {"seat": 2, "stage": "play", "from_stock": True, "initial": False})
    page.goto(f"{site_url}?fast=1")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.evaluate(
        """(state) => {
          const path = new URL("./", location.href).pathname;
          const seats = [{kind: "person", level: "normal", name: "Anna"}, {kind: "computer", level: "normal", name: ""},
                         {kind: "person", level: "normal", name: "Cleo"}, {kind: "computer", level: "normal", name: ""}];
          localStorage.setItem("meldtable:saved-game:" + path, JSON.stringify({format: 1, savedAt: Date.now(), state,
            human_seats: [0, 2], seats, seed: 3, variant: "canasta-classic", hand: 1}));
        }""", state)
    page.reload()
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.click("#btn-resume")
    assert wait_cover_or_over(page) == 2
    check_cover(page, 2, "Cleo")
    uncover(page)
    page.click("#btn-ask")
    assert wait_cover_or_over(page) == 0
    assert page.text_content("#pass-ask") == "Anna, your partner Cleo asks whether they may go out."
    check_cover(page, 0, "Anna")
    uncover(page)
    assert page.is_visible("#btn-yes") and "asks" in (page.text_content("#partner-question") or "")
    page.click("#btn-yes")
    assert wait_cover_or_over(page) == 2
    check_cover(page, 2, "Cleo")
    assert page.is_hidden("#pass-ask")
    uncover(page)
    assert not page.console_errors, page.console_errors
