"""The page, driven like a person: Classic Canasta (seed 001) for 2 to 6 players (issue #10).

A four-player partnership hand is played by clicks to the score sheet (the computer plays the
other three seats, the person's partner included); the new-game dialog offers the game with 2 to 6
players, the sides at 6, grouped rule options with explanations, and shows the engine's refusal of
an impossible combination; the table fits a 1280x800 window and a 390x844 phone with 4, 5 and 6
players; a disabled action says why when it is touched. The table's state is read from the DOM
(data attributes the page renders) and the moves to click are chosen from #felt[data-legal].
"""
from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest

from meldtable import new_game
from meldtable.api import Session, handle
from meldtable.errors import OptionError

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, ViewportSize

    from conftest import WatchedPage

pytestmark = pytest.mark.browser
# the page's warnings before costly mistakes (web/tablekit.js) off, as conftest's `context` does
WARNINGS_OFF = """(() => { try { if (!localStorage.getItem('meldtable.settings')) localStorage.setItem('meldtable.settings',
  JSON.stringify({warnWild: false, warnPlayable: false, warnInitial: false, warnNewGame: false})); } catch (_) {} })()"""

SEED = 1            # a deal where the person takes the pile, melds, adds and goes out (4 players)
HAND_TIMEOUT_S = 480
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}


def open_dialog(page: Page, site_url: str, seed: int=SEED, lang: str = "en") -> None:
    """Load the page with canasta-classic preselected and wait for the new-game dialog."""
    page.goto(f"{site_url}?fast=1&seed={seed}&game=canasta-classic")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.wait_for_selector("#newgame-dialog[open]")
    page.select_option("#lang-select", lang)
    assert page.input_value("#ng-variant") == "canasta-classic"


def start(page: Page, players: int, sides: str | None = None) -> None:
    """Choose the number of players (and sides) in the open dialog and start."""
    page.select_option("#ng-players", str(players))
    if sides:
        page.check(f"#ng-opt-partnerships-{sides}")
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


def act_and_wait(page: Page, click: Callable[[], object]) -> None:
    """Click, then wait for the next table (or the score sheet); fail on a refusal."""
    serial = page.get_attribute("#felt", "data-serial")
    click()
    page.wait_for_function(
        "(s) => document.querySelector('#score-dialog[open]') || document.querySelector('#status.error') || "
        "document.querySelector('#felt').dataset.serial !== s", arg=serial)
    assert not page.is_visible("#status.error"), page.text_content("#status")


def assert_seats_match_the_engine(page: Page, players: int, partner_seats: list[int], opponent_seats: list[int]) -> None:
    chips = page.locator("#seat-map .seat-chip")
    assert chips.count() == players
    for seat in partner_seats:
        assert "partner" in (page.get_attribute(f'#seat-map .seat-chip[data-seat="{seat}"]', "class") or "")
    for seat in opponent_seats:
        assert "partner" not in (page.get_attribute(f'#seat-map .seat-chip[data-seat="{seat}"]', "class") or "")
    # every seat's card count, the person's partner too; the person's own equals the hand
    hand = int(page.get_attribute("#hand", "data-count") or "")
    assert int(page.get_attribute('#seat-map .seat-chip[data-seat="0"]', "data-count") or "") == hand


def play_partnership_hand(page: Page) -> Counter[str]:
    """Play the person's seat until the score sheet shows, as a person would: take the pile
    (selecting the cards that go with it) when that is legal, else draw (by the button or the
    stock); then lay a legal meld (select its cards, Meld), else add a card to a meld (select
    the card, click the meld, Add), else discard a legal card. Returns what was done (Counter)."""
    done: Counter[str] = Counter()
    deadline = time.monotonic() + HAND_TIMEOUT_S
    progress_seen = False
    while True:
        assert time.monotonic() < deadline, f"the hand did not end in time ({done})"
        if wait_my_turn_or_hand_over(page):
            return done
        legal = legal_moves(page)
        stage = page.get_attribute("#felt", "data-stage")
        if stage == "draw":
            takes = [m.split()[1:] for m in legal if m.startswith("take ")]
            if takes and len(takes[0]) == 2:
                for c in takes[0]:  # the cards that take the pile are marked
                    assert "can-use" in (page.locator(f'#hand .hand-card[data-card="{c}"]').first.get_attribute("class") or "")
                select_cards(page, takes[0])
                act_and_wait(page, lambda: page.click("#btn-take"))
                done["take"] += 1
            else:
                act_and_wait(page, lambda: page.click("#stock" if done["draw"] % 2 else "#btn-draw"))
                done["draw"] += 1
            continue
        melds = [m.split()[1:] for m in legal if m.startswith("meld ")]
        adds = [m.split()[1:] for m in legal if m.startswith("add ")]
        if melds:
            cards = melds[0]
            for c in cards:  # guidance: the cards of a legal meld are marked
                assert "can-use" in (page.locator(f'#hand .hand-card[data-card="{c}"]').first.get_attribute("class") or "")
            melded_before = page.locator("#meld-progress .meld-made").count() > 0
            select_cards(page, cards)
            assert page.is_enabled("#btn-meld")
            assert "btn-primary" in (page.get_attribute("#btn-meld", "class") or "")
            act_and_wait(page, lambda: page.click("#btn-meld"))
            done["meld"] += 1
            if not melded_before and not page.is_visible("#score-dialog[open]"):
                # the initial meld's progress stays in view above the hand
                assert page.is_visible("#meld-progress")
                have = page.get_attribute("#meld-progress", "data-have")
                assert page.locator("#meld-progress .meld-made").count() or (have and int(have) > 0)
                progress_seen = True
        elif adds:
            rank, card = adds[0][0], adds[0][1]
            select_cards(page, [card])
            meld = page.locator(f'#my-melds .meld[data-rank="{rank}"]')
            assert "is-target" in (meld.get_attribute("class") or "")  # the meld the card fits is marked
            meld.click()
            assert meld.get_attribute("aria-pressed") == "true"
            act_and_wait(page, lambda: page.click("#btn-add"))
            done["add"] += 1
        else:
            card = (page.get_attribute("#hand", "data-legal-discards") or "").split()[0]
            select_cards(page, [card])
            assert page.is_enabled("#btn-discard")
            act_and_wait(page, lambda: page.click("#btn-discard"))
            done["discard"] += 1
        done["progress_seen"] = int(progress_seen)


def test_four_player_partnership_hand_by_clicks(page: WatchedPage, site_url: str) -> None:
    open_dialog(page, site_url)
    start(page, 4)
    assert page.get_attribute("#felt", "data-partnerships") == "two_sides"
    # partners sit opposite: the person (0) and Computer 2 against Computer 1 and Computer 3
    assert page.get_attribute("#my-side", "data-seats") == "0 2"
    assert page.get_attribute("#opponents .side-opponent", "data-seats") == "1 3"
    assert (page.text_content("#my-side-title") or "").strip() == "You & Computer 2 (partner)"
    assert_seats_match_the_engine(page, 4, [2], [1, 3])
    engine = new_game("canasta-classic", players=4, seed=SEED).view(0)
    assert page.get_attribute("#my-side", "data-counts") == " ".join(str(engine["hand_counts"][s]) for s in (0, 2))

    done = play_partnership_hand(page)
    # seed 1 was picked (CPython playout of the same choices) so that every action is clicked
    assert done["take"] and done["meld"] and done["add"] and done["draw"] and done["discard"], done
    assert done["progress_seen"], done

    # the computer's moves are logged with the seat's name
    log = page.eval_on_selector_all("#log li.log-computer", "els => els.map(e => e.textContent)")
    for name in ("Computer 1", "Computer 2", "Computer 3"):
        assert any(line.startswith(name + " ") for line in log), name
    # the score sheet: one column per side, named by its seats
    heads = page.eval_on_selector_all("#score-table thead th", "els => els.map(e => e.textContent)")
    assert heads[1:] == ["You & Computer 2", "Computer 1 & Computer 3"]
    for item in ("melded_cards", "hand_cards", "going_out", "red_threes", "total", "cumulative"):
        assert page.locator(f'#score-table tr[data-item="{item}"] td').count() == 2, item
    assert (page.text_content("#went-out") or "").strip()
    assert page.console_errors == []
    assert page.foreign_requests == []


def test_new_game_dialog_offers_players_sides_and_grouped_options(page: WatchedPage, site_url: str) -> None:
    open_dialog(page, site_url)
    counts = page.eval_on_selector_all("#ng-players option", "els => els.map(e => Number(e.value))")
    assert counts == [2, 3, 4, 5, 6]
    texts = page.eval_on_selector_all("#ng-players option", "els => els.map(e => e.textContent)")
    assert texts[0] == "2 (you and one computer)" and texts[4] == "6 (you and 5 computers)"

    # 6 players: two sides of three or three sides of two, chosen before the match
    page.select_option("#ng-players", "6")
    radios = page.eval_on_selector_all("[data-radio-for=partnerships]", "els => els.map(e => e.value)")
    assert radios == ["", "three_sides"]  # only the sides the engine's layout seats at 6 (issue #29)
    auto = page.text_content("label:has(#ng-opt-partnerships-auto)") or ""
    assert "two sides of three" in auto and "by player count" in auto
    assert (page.text_content("label:has(#ng-opt-partnerships-three_sides)") or "").strip() == "three sides of two"
    # the seed's numbers at every count (»als Erster 5 000 Punkte«, »108 Karten«, issue #24 item 7)
    assert page.input_value("#ng-opt-target_score") == "5000"   # the layout's target for two sides
    page.check("#ng-opt-partnerships-three_sides")
    assert page.input_value("#ng-opt-target_score") == "5000"   # ... and for three sides
    assert page.is_checked("#ng-opt-partnerships-three_sides")
    # the other player counts show their layout's sides and values
    # (one seating at 5: shown as text, no choice; at 4 two sides or each for themselves)
    page.select_option("#ng-players", "5")
    assert page.locator("[data-radio-for=partnerships]").count() == 0
    assert "sits out" in (page.text_content("output#ng-opt-partnerships") or "")
    page.select_option("#ng-players", "4")
    assert "two sides of two" in (page.text_content("label:has(#ng-opt-partnerships-auto)") or "")

    # rule options in groups; the match group is open, the others fold
    titles = page.eval_on_selector_all("#ng-options details.opt-group > summary .opt-group-title",
                                       "els => els.map(e => e.textContent)")
    assert titles == ["Match", "Players and cards", "Melds", "Discard pile", "Initial meld",
                      "Going out and end of the deal", "Scoring"]
    for group in page.locator("#ng-options details.opt-group").all():
        group.evaluate("d => d.open = true")
    fields = page.locator("#ng-options details .field")
    assert fields.count() >= 25
    for i in range(fields.count()):
        f = fields.nth(i)
        if not f.is_visible():
            continue  # e.g. the number of deals while the match ends at a target score
        label = f.locator("label").first.text_content() or ""
        assert label.strip() and "_" not in label, label
        doc = f.locator(".opt-doc")
        assert doc.is_visible() and len((doc.text_content() or "").strip()) > 10, label  # not only a hover title
        for text in f.locator("option").all_text_contents():
            assert "_" not in text, (label, text)
    # nullable options: "by player count" with the layout's value, marked as the standard
    assert page.locator("#ng-opt-hand_size option").first.text_content() == "by player count: 11 (standard)"
    assert page.locator("#ng-opt-decks option").first.text_content() == "by player count: 2 (standard)"
    assert page.locator("#ng-opt-pile_before_initial_meld option[data-standard]").text_content() == "may not be taken (standard)"
    assert "Standard: no" in (page.text_content('.field[data-field="take_pile_onto_own_meld"] .opt-doc') or "")
    # a changed option is marked, and counted on its group
    assert page.get_attribute('.field[data-field="going_out_bonus"]', "data-changed") == "false"
    page.fill("#ng-opt-going_out_bonus", "300")
    assert page.get_attribute('.field[data-field="going_out_bonus"]', "data-changed") == "true"
    assert page.text_content('details[data-group="going_out"] .opt-group-changed') == "1 changed"
    page.select_option("#ng-players", "6")
    # the seed's series 15, 13, 11 continued (#24 item 7)
    assert page.locator("#ng-opt-hand_size option").first.text_content() == "by player count: 9 (standard)"
    assert page.input_value("#ng-opt-going_out_bonus") == "300"  # kept while the player count changes

    # German everywhere
    page.select_option("#lang-select", "de")
    titles = page.eval_on_selector_all("#ng-options details.opt-group > summary .opt-group-title",
                                       "els => els.map(e => e.textContent)")
    assert titles[:3] == ["Partie", "Spieler und Karten", "Meldungen"]
    assert (page.text_content('.field[data-field="partnerships"] > label') or "").startswith("Parteien")
    assert "zwei Parteien zu dritt" in (page.text_content("label:has(#ng-opt-partnerships-auto)") or "")
    assert page.locator("#ng-opt-hand_size option").first.text_content() == "nach Spielerzahl: 9 (Standard)"
    assert page.text_content('details[data-group="going_out"] .opt-group-changed') == "1 geändert"
    assert page.locator("#ng-players option").first.text_content() == "2 (du und ein Computer)"
    assert page.console_errors == []


def engine_refusal(players: int, options: dict[str, Any]) -> str:
    try:
        new_game("canasta-classic", players=players, seed=SEED, options=options)
    except OptionError as e:
        return str(e)
    raise AssertionError(f"the engine accepts {players} players with {options}")


def test_a_refused_combination_shows_the_engines_message(page: WatchedPage, site_url: str) -> None:
    open_dialog(page, site_url)
    page.select_option("#ng-players", "4")
    page.locator('details[data-group="players"]').evaluate("d => d.open = true")
    page.select_option("#ng-opt-decks", "1")
    page.click("#ng-start")
    message = engine_refusal(4, {"decks": 1})
    page.wait_for_function("(m) => document.querySelector('#ng-error').textContent.includes(m)", arg=message)
    assert (page.text_content("#ng-error") or "").startswith("These rules cannot be played:")
    assert page.is_visible("#newgame-dialog[open]")
    assert page.is_hidden("#game")
    # six players with one deck: too few cards; in German the page's words lead in
    page.select_option("#lang-select", "de")
    page.select_option("#ng-players", "6")
    page.locator('details[data-group="players"]').evaluate("d => d.open = true")
    page.select_option("#ng-opt-decks", "1")
    page.click("#ng-start")
    message = engine_refusal(6, {"decks": 1})
    page.wait_for_function("(m) => document.querySelector('#ng-error').textContent.includes(m)", arg=message)
    assert (page.text_content("#ng-error") or "").startswith("Diese Regeln lassen sich nicht spielen:")
    # a possible one starts
    page.select_option("#ng-opt-decks", "")
    page.check("#ng-opt-partnerships-three_sides")
    page.click("#ng-start")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    assert page.get_attribute("#felt", "data-partnerships") == "three_sides"
    assert page.locator("#opponents .side-opponent").count() == 2
    assert page.get_attribute("#my-side", "data-seats") == "0 3"
    assert page.console_errors == []


def assert_in_view(page: Page, selector: str, viewport: ViewportSize) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    assert box["x"] >= -0.5 and box["y"] >= -0.5, (selector, box, viewport)
    assert box["x"] + box["width"] <= viewport["width"] + 0.5, (selector, box, viewport)
    assert box["y"] + box["height"] <= viewport["height"] + 0.5, (selector, box, viewport)


def check_fits(page: Page, viewport: ViewportSize, label: str) -> None:
    for selector in ("#hand", "#discard", "#cn-table .action-bar", "#meld-progress"):
        assert_in_view(page, selector, viewport)
    assert page.evaluate("() => window.scrollY") == 0, label


def play_turns(page: Page, n: int) -> None:
    """n turns of draw and discard (the table fills with the computers' melds meanwhile)."""
    for _ in range(n):
        if wait_my_turn_or_hand_over(page):
            return
        act_and_wait(page, lambda: page.click("#btn-draw"))
        if page.is_visible("#score-dialog[open]"):
            return
        card = (page.get_attribute("#hand", "data-legal-discards") or "").split()[0]
        select_cards(page, [card])
        act_and_wait(page, lambda: page.click("#btn-discard"))


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_four_five_and_six_seats_fit_the_screen(browser: Browser, site_url: str, viewport: ViewportSize) -> None:
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(60_000)
    context.add_init_script(WARNINGS_OFF)  # new games over running ones, without "Are you sure?"
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        open_dialog(page, site_url, seed=7)
        first = True
        for players, sides in ((4, None), (5, None), (6, None), (6, "three_sides")):
            if not first:
                page.click("#btn-newgame")
                page.wait_for_selector("#newgame-dialog[open]")
            first = False
            start(page, players, sides)
            wait_my_turn_or_hand_over(page)
            check_fits(page, viewport, f"{players} {sides} at the start")
            assert page.locator("#seat-map .seat-chip").count() == players
            play_turns(page, 4)
            if page.is_visible("#score-dialog[open]"):
                page.click("#score-dialog .dialog-buttons button:visible")
            wait_my_turn_or_hand_over(page)
            if not page.is_visible("#score-dialog[open]"):
                check_fits(page, viewport, f"{players} {sides} after four turns")
        assert errors == []
    finally:
        context.close()


def test_five_players_show_the_seat_that_sits_out(page: WatchedPage, site_url: str) -> None:
    open_dialog(page, site_url)
    start(page, 5)
    engine = new_game("canasta-classic", players=5, seed=SEED).view(0)
    out = engine["sitting_out"]
    assert out is not None and page.get_attribute("#felt", "data-sitting-out") == str(out)
    chip = page.locator(f'#seat-map .seat-chip[data-seat="{out}"]')
    assert "sits-out" in (chip.get_attribute("class") or "")
    assert chip.get_attribute("data-count") == "0"
    assert "sits out" in (chip.text_content() or "")
    assert "sits out this deal" in (chip.get_attribute("aria-label") or "")
    assert page.locator("#seat-map .seat-chip.sits-out").count() == 1
    side = page.locator("#opponents .side-opponent")
    assert side.get_attribute("data-seats") == "1 3 4"
    assert f"Computer {out} (sits out)" in (side.locator(".side-name").text_content() or "")
    assert page.get_attribute("#my-side", "data-seats") == "0 2"
    assert page.console_errors == []


def test_a_disabled_action_says_why_when_touched(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.add_init_script(WARNINGS_OFF)
    context.set_default_timeout(60_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_dialog(page, site_url)
        start(page, 4)
        wait_my_turn_or_hand_over(page)
        assert page.get_attribute("#felt", "data-stage") == "draw"
        hand_before = page.get_attribute("#hand", "data-selected"), page.get_attribute("#hand", "data-count")

        def touch(selector: str) -> str:
            assert page.is_disabled(selector)
            # a language switch re-renders the last message: clear it, so the answer read is this touch's
            page.evaluate("() => { const s = document.querySelector('#status'); s.textContent = '';"
                          " s.classList.remove('error'); }")
            page.tap(selector, force=True)  # the finger lands on the disabled button
            page.wait_for_selector("#status.error")
            text = (page.text_content("#status") or "").strip()
            page.evaluate("() => { const s = document.querySelector('#status'); s.textContent = '';"
                          " s.classList.remove('error'); }")
            return text

        # the page's own hints
        assert touch("#btn-meld") == "Select at least three cards of one rank (wild cards allowed), then Meld."
        assert touch("#btn-discard") == "Select one card to discard."
        # the engine's reasons, as the engine gives them for the same action
        view = new_game("canasta-classic", players=4, seed=SEED).view(0)
        top = view["discard"]["top"]
        probe = [c for c in view["hand"] if c != "JK" and c[:-1] == top[:-1] and c[:-1] != "2"][:2]
        assert len(probe) == 2, (top, view["hand"])
        session = Session()
        handle(json.dumps({"op": "new", "variant": "canasta-classic", "players": 4, "seed": SEED}), session)
        reason = json.loads(handle(json.dumps({"op": "act", "action": {"type": "take", "cards": probe}}), session))["error"]
        assert touch("#btn-take") == reason["message"]
        page.locator("#hand .hand-card").first.tap()
        assert touch("#btn-discard") == "First draw from the stock or take the discard pile."
        # in German: the catalogue's text for the engine's reason
        page.select_option("#lang-select", "de")
        assert touch("#btn-take") == "Den Ablagestapel darfst du erst nach deiner ersten Meldung aufnehmen."
        assert reason["key"] == "pile_before_initial"
        # nothing changed
        assert page.get_attribute("#felt", "data-stage") == "draw"
        assert page.get_attribute("#hand", "data-count") == hand_before[1]
        assert errors == []
    finally:
        context.close()
