"""The table a player expects (issue #13), driven like a person: undo (button and key) and its
refusal after a draw, the warnings (wild card discard, initial meld, new game over a running one)
and turning one off, the keyboard shortcuts and their help overlay, focus after an action, and
a disabled action that says why. The game's state is compared through the page's autosave
(localStorage: the engine's saved-game text)."""
from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page

if TYPE_CHECKING:
    from conftest import WatchedPage

pytestmark = [pytest.mark.browser, pytest.mark.warnings]

SAVE_KEY = "meldtable:saved-game:/"


def open_game(page: Page, site_url: str, game: str = "canasta-two-hand", seed: int = 7, players: int | None = None) -> None:
    page.goto(f"{site_url}?fast=1&seed={seed}&game={game}")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.wait_for_selector("#newgame-dialog[open]")
    if players:
        page.select_option("#ng-players", str(players))
    page.click("#ng-start")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")


def saved_state(page: Page) -> str | None:
    rec = page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})")
    state: str | None = json.loads(rec)["state"] if rec else None
    return state


def wait_saved(page: Page, serial: int) -> str | None:
    """Wait until the autosave holds the table of #felt[data-serial] >= serial (the save runs
    after the table is shown; its text is the engine's Game.to_json())."""
    page.wait_for_function("(s) => Number(document.querySelector('#felt').dataset.serial) >= s", arg=serial)
    deadline = time.monotonic() + 10
    last = None
    while time.monotonic() < deadline:  # the autosave chain settles: the text stops changing
        text = saved_state(page)
        if text is not None and text == last:
            return text
        last = text
        page.wait_for_timeout(150)
    return last


def my_turn(page: Page, timeout_s: int = 90) -> bool:
    page.wait_for_function(
        """() => document.querySelector('#score-dialog[open]') ||
                 (document.querySelector('#felt').dataset.toActHuman === 'true' &&
                  !document.querySelector('#btn-draw').disabled)""", timeout=timeout_s * 1000)
    return not page.is_visible("#score-dialog[open]")


def legal(page: Page) -> list[str]:
    return [m for m in (page.get_attribute("#felt", "data-legal") or "").split(";") if m]


def serial(page: Page) -> int:
    return int(page.get_attribute("#felt", "data-serial") or "")


def select(page: Page, cards: list[str]) -> None:
    for c in cards:
        loc = page.locator(f'#hand .hand-card[data-card="{c}"][aria-pressed="false"]').first
        loc.click()


def go_through_warning(page: Page, n: int) -> None:
    """After an action sent at serial n: wait until the table moved on, a warning asks (the action
    is tried on a scratch copy first, so a warning comes after a moment) or a reason shows; go
    ahead if a warning asks."""
    page.wait_for_function("""(s) => Number(document.querySelector('#felt').dataset.serial) > s
        || document.querySelector('#warn-dialog[open]') || document.querySelector('#status.error')""", arg=n)
    if page.is_visible("#warn-dialog[open]"):
        page.click("#warn-go")


def discard_something(page: Page) -> None:
    page.wait_for_function("() => document.querySelector('#hand').dataset.legalDiscards")
    card = (page.get_attribute("#hand", "data-legal-discards") or "").split()[0]
    n = serial(page)
    select(page, [card])
    page.click("#btn-discard")
    go_through_warning(page, n)
    page.wait_for_function("(s) => Number(document.querySelector('#felt').dataset.serial) > s", arg=n)


def test_undo_a_meld_restores_the_state_and_is_refused_after_a_draw(page: WatchedPage, site_url: str) -> None:
    """Draw (key D), Undo refused with the engine's reason (hidden cards); meld (warning about
    the initial meld confirmed), Undo (key U) gives back the exact saved-game text and hand."""
    open_game(page, site_url, seed=7)
    for _turn in range(25):
        assert my_turn(page), "the hand ended before a meld was possible"
        page.locator("#hand .hand-card").first.focus()
        n = serial(page)
        page.keyboard.press("d")
        page.wait_for_function("(s) => Number(document.querySelector('#felt').dataset.serial) > s", arg=n)
        assert page.evaluate("() => document.activeElement !== document.body")
        assert page.get_attribute("#btn-undo", "aria-disabled") == "true"
        page.keyboard.press("u")
        page.wait_for_function("() => document.querySelector('#status').textContent.includes('hidden')")
        assert page.is_visible("#status.error")
        melds = [m for m in legal(page) if m.startswith("meld ")]
        if not melds:
            discard_something(page)
            continue
        before = wait_saved(page, serial(page))
        hand_before = page.eval_on_selector_all("#hand .hand-card", "els => els.map(e => e.dataset.card)")
        cards = melds[0].split()[1:]
        select(page, cards)
        n = serial(page)
        page.click("#btn-meld")
        page.wait_for_function("""(s) => Number(document.querySelector('#felt').dataset.serial) > s
            || document.querySelector('#warn-dialog[open]')""", arg=n)
        if page.is_visible("#warn-dialog[open]"):
            assert "initial meld" in page.inner_text("#warn-text")
            page.click("#warn-go")
        page.wait_for_function("(s) => Number(document.querySelector('#felt').dataset.serial) > s", arg=n)
        assert page.get_attribute("#btn-undo", "aria-disabled") == "false"
        after_meld = wait_saved(page, serial(page))
        assert after_meld != before
        n = serial(page)
        page.keyboard.press("u")
        page.wait_for_function("(s) => Number(document.querySelector('#felt').dataset.serial) > s", arg=n)
        assert wait_saved(page, serial(page)) == before
        assert page.eval_on_selector_all("#hand .hand-card", "els => els.map(e => e.dataset.card)") == hand_before
        assert "Taken back" in page.inner_text("#log")
        assert page.get_attribute("#btn-undo", "aria-disabled") == "true"
        return
    pytest.fail("no meld became legal in 25 turns")


def test_discarding_a_wild_card_warns_and_the_warning_can_be_turned_off(page: WatchedPage, site_url: str) -> None:
    open_game(page, site_url, seed=11)
    for _turn in range(30):
        assert my_turn(page)
        n = serial(page)
        page.click("#btn-draw")
        page.wait_for_function("(s) => Number(document.querySelector('#felt').dataset.serial) > s", arg=n)
        page.wait_for_function("() => document.querySelector('#hand').dataset.legalDiscards")
        wilds = [c for c in (page.get_attribute("#hand", "data-legal-discards") or "").split() if c == "JK" or c.startswith("2")]
        if not wilds:
            discard_something(page)
            continue
        size = page.get_attribute("#discard", "data-size")
        select(page, [wilds[0]])
        page.click("#btn-discard")
        page.wait_for_selector("#warn-dialog[open]")
        assert "wild card" in page.inner_text("#warn-text")
        page.click("#warn-cancel")
        assert not page.is_visible("#warn-dialog[open]")
        assert page.get_attribute("#discard", "data-size") == size  # nothing was discarded
        # turn the warning off in the settings; the discard then goes through at once
        page.click("#btn-settings")
        page.uncheck('#settings-form input[name="warnWild"]')
        page.uncheck('#settings-form input[name="warnPlayable"]')
        page.keyboard.press("Escape")
        n = serial(page)
        page.click("#btn-discard")
        page.wait_for_function("(s) => Number(document.querySelector('#felt').dataset.serial) > s", arg=n)
        assert not page.is_visible("#warn-dialog[open]")
        stored = json.loads(page.evaluate("() => localStorage.getItem('meldtable.settings')"))
        assert stored["warnWild"] is False
        return
    pytest.fail("no wild card to discard in 30 turns")


def test_new_game_over_a_running_one_warns(page: WatchedPage, site_url: str) -> None:
    open_game(page, site_url, seed=5)
    page.click("#btn-newgame")
    page.fill("#ng-seed", "6")
    page.click("#ng-start")
    page.wait_for_selector("#warn-dialog[open]")
    assert "replaces the running one" in page.inner_text("#warn-text")
    page.click("#warn-cancel")
    assert "5" in page.inner_text("#meta-seed")
    page.click("#ng-start")
    page.wait_for_selector("#warn-dialog[open]")
    page.check("#warn-off")
    page.click("#warn-go")
    page.wait_for_function("() => document.querySelector('#meta-seed').textContent.includes('6')")
    stored = json.loads(page.evaluate("() => localStorage.getItem('meldtable.settings')"))
    assert stored["warnNewGame"] is False


@pytest.mark.parametrize("game,keys,undo", [("canasta-two-hand", ["D", "T", "M", "A", "X", "U"], True),
                                            ("continental", ["D", "T", "E", "R", "X", "C", "P", "U"], True),
                                            ("3-ist-50", ["X"], False)])
def test_help_overlay_lists_every_shortcut(page: WatchedPage, site_url: str, game: str, keys: list[str], undo: bool) -> None:
    """Every shortcut of the table is in the help; the undo keys (U, Ctrl+Z) exactly when the
    engine says the game has undo (the table's ``undoable``, from the family's ``UNDOABLE``:
    3 ist 50 has none)."""
    from meldtable import VARIANTS

    assert VARIANTS[game].undo is undo  # the engine's fact the page reads
    open_game(page, site_url, game=game, seed=3)
    page.locator("#hand .hand-card").first.focus()
    page.keyboard.press("?")
    page.wait_for_selector("#help-dialog[open]")
    shown = page.eval_on_selector_all("#help-keys kbd", "els => els.map(e => e.textContent)")
    for k in keys:
        assert k in shown, (k, shown)
    assert ("U" in shown) is undo and ("Ctrl+Z" in shown) is undo, shown
    page.keyboard.press("Escape")
    assert not page.is_visible("#help-dialog[open]")


def test_continental_disabled_action_says_why(page: WatchedPage, site_url: str) -> None:
    open_game(page, site_url, game="continental", seed=4)
    page.wait_for_function(
        "() => document.querySelector('#felt').dataset.toActHuman === 'true' && !document.querySelector('#ct-btn-draw').hidden",
        timeout=90_000)
    n = serial(page)
    page.keyboard.press("d")
    page.wait_for_function("(s) => Number(document.querySelector('#felt').dataset.serial) > s", arg=n)
    assert page.evaluate("() => document.activeElement !== document.body")
    # after the draw with nothing selected, Discard is disabled: touching it says why
    page.wait_for_selector("#ct-btn-discard:not([hidden])")
    assert page.is_disabled("#ct-btn-discard")
    box = page.locator("#ct-btn-discard").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("() => document.querySelector('#status').textContent.length > 0")


def drag(page: Page, source: str, target: str) -> None:
    """Drag with the mouse as a person does: press on `source`, move in steps, release on `target`."""
    a = page.locator(source).first.bounding_box()
    b = page.locator(target).first.bounding_box()
    assert a is not None and b is not None, (source, target)
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(a["x"] + a["width"] / 2 + 15, a["y"] + a["height"] / 2 - 15, steps=3)
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()


def confirm_if_warned(page: Page, n: int) -> None:
    go_through_warning(page, n)


def test_drag_and_drop_a_meld_and_a_discard(page: WatchedPage, site_url: str) -> None:
    """Select a legal meld's cards and drag one of them onto the own side: the meld is laid;
    drag an unselected card onto the discard pile: it alone is discarded."""
    open_game(page, site_url, seed=7)
    for _turn in range(25):
        assert my_turn(page), "the hand ended before a meld was possible"
        n = serial(page)
        page.click("#btn-draw")
        page.wait_for_function("(s) => Number(document.querySelector('#felt').dataset.serial) > s", arg=n)
        melds = [m for m in legal(page) if m.startswith("meld ")]
        if not melds:
            discard_something(page)
            continue
        cards = melds[0].split()[1:]
        select(page, cards)
        before = page.locator("#my-melds .meld").count()
        n = serial(page)
        drag(page, f'#hand .hand-card[data-card="{cards[-1]}"][aria-pressed="true"]', "#my-side .side-head")
        confirm_if_warned(page, n)
        page.wait_for_function("(s) => Number(document.querySelector('#felt').dataset.serial) > s", arg=n)
        assert page.locator("#my-melds .meld").count() == before + 1
        assert page.inner_text("#log li:first-child").startswith("You meld")
        if not page.get_attribute("#hand", "data-legal-discards"):
            # the meld did not reach the initial-meld minimum: no discard before it is; take it back
            n = serial(page)
            page.click("#btn-undo")
            page.wait_for_function("(s) => Number(document.querySelector('#felt').dataset.serial) > s", arg=n)
            assert page.locator("#my-melds .meld").count() == before
        page.wait_for_function("() => document.querySelector('#hand').dataset.legalDiscards")
        card = (page.get_attribute("#hand", "data-legal-discards") or "").split()[0]
        same = f'#hand .hand-card[data-card="{card}"]'
        k = page.locator(same).count()
        n = serial(page)
        drag(page, same, "#discard")
        confirm_if_warned(page, n)
        page.wait_for_function("(s) => Number(document.querySelector('#felt').dataset.serial) > s", arg=n)
        assert page.locator(same).count() == k - 1  # that card, and only it, left the hand
        assert page.inner_text("#log li:first-child").startswith("You discard") or \
            "You discard" in page.inner_text("#log")
        return
    pytest.fail("no meld became legal in 25 turns")


def test_warnings_are_the_engines_filtered_by_the_settings(page: Page, site_url: str) -> None:
    """web/tablekit.js warningsFor shows the engine's warnings (docs/protocol.md, "Warnings"; the
    page derives no rule, issue #26): before the action the table's may_warn (a discard's by its
    card, a meld's by the action type), after it was tried the answer's warnings; in the page's
    language; a warning whose setting is off is left out."""
    page.goto(f"{site_url}?fast=1")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    got = page.evaluate("""async () => {
      const k = await import('./tablekit.js');
      const w = (key, setting) => ({key, setting, params: {}, texts: {en: key + ' en', de: key + ' de'}});
      const table = {may_warn: {discard: {'2C': [w('discard_wild', 'warnWild'), w('discard_addable', 'warnPlayable')]},
                                meld: [w('initial_meld_short', 'warnInitial')], move: [w('initial_meld_short', 'warnInitial')]}};
      const keys = (a, tb, after) => k.warningsFor(a, tb, after).map((x) => x.key).join(',');
      const out = {
        wild: keys({type: 'discard', card: '2C'}, table),
        plain: keys({type: 'discard', card: '9D'}, table),
        untried: keys({type: 'meld', cards: ['AD', 'AS', 'AH']}, table),
        move: keys({type: 'move', text: 'meld 9D 9S 9H'}, table),
        draw: keys({type: 'draw'}, table),
        none: keys({type: 'discard', card: '2C'}, {}),
        tried: keys({type: 'meld', cards: ['AD', 'AS', 'AH']}, table, {warnings: []}),
        short: keys({type: 'meld', cards: ['9D', '9S', '9H']}, table, {warnings: [w('initial_meld_short', 'warnInitial')]}),
        text: k.warningsFor({type: 'discard', card: '2C'}, table)[0].text,
      };
      k.saveSetting('warnWild', false);
      out.off = keys({type: 'discard', card: '2C'}, table);
      k.saveSetting('warnWild', true);
      return out;
    }""")
    assert got == {"wild": "discard_wild,discard_addable", "plain": "", "untried": "initial_meld_short",
                   "move": "initial_meld_short", "draw": "", "none": "", "tried": "", "short": "initial_meld_short",
                   "text": "discard_wild en", "off": "discard_addable"}


def test_plurals_by_intl_plural_rules(page: WatchedPage, site_url: str) -> None:
    """'1 card', not '1 cards', in both languages, also in messages that count with {n}."""
    page.goto(f"{site_url}?fast=1")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    got = page.evaluate("""async () => {
      const i = await import('./i18n.js');
      const out = {};
      for (const lang of ['en', 'de']) {
        i.setLang(lang);
        out[lang] = [i.t('move.computer.takeN', {n: 1}), i.t('move.computer.takeN', {n: 2}),
                     i.t('tf.pile.size', {n: 1}), i.t('table.scoreValue', {n: 1}), i.tp('kit.melded', 1),
                     i.tp('kit.melded', 0), i.tp('table.cardsInHand', 1)];
      }
      return out;
    }""")
    assert got["en"] == ["Computer takes the discard pile (1 card)", "Computer takes the discard pile (2 cards)",
                         "1 card", "1 point", "1 point melded", "0 points melded", "1 card in hand"]
    assert got["de"][0] == "Computer nimmt den Ablagestapel (1 Karte) auf"
    assert got["de"][1] == "Computer nimmt den Ablagestapel (2 Karten) auf"
    assert got["de"][2:5] == ["1 Karte", "1 Punkt", "1 Punkt gemeldet"]


def test_statistics_per_game_are_kept_and_reset(page: WatchedPage, site_url: str) -> None:
    """A finished hand counts for its game, so does a finished match (played, won, best score;
    Continental's best is the lowest); the settings dialog shows them and "Reset statistics" empties them."""
    page.goto(f"{site_url}?fast=1")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.evaluate("""async () => {
      const s = await import('./stats.js');
      const done = (variant, scores, winners, extra = {}) => ({match_over: true, seat: 0,
        view: {variant, scores, match: {winners}, ...extra}});
      s.recordMatch(done('canasta-two-hand', [5200, 3100], [0], {side_of_seat: [0, 1]}), 'canasta');
      s.recordMatch(done('canasta-two-hand', [2100, 5050], [1], {side_of_seat: [0, 1]}), 'canasta');
      s.recordMatch(done('continental', [40, 12, 90], [1]), 'continental');
      s.recordMatch(done('continental', [25, 60, 90], [0]), 'continental');
      for (let i = 0; i < 3; i++) s.recordDeal({hand_over: true, view: {variant: 'canasta-two-hand'}});
      s.recordDeal({hand_over: false, view: {variant: 'canasta-two-hand'}});  // not finished: not counted
    }""")
    page.wait_for_selector("#newgame-dialog[open]")
    page.evaluate("() => document.getElementById('newgame-dialog').close()")  # no game needed here
    page.click("#btn-settings")
    rows = page.eval_on_selector_all(
        "#stats-table tbody tr",
        "trs => trs.map(tr => [tr.dataset.variant, ...[...tr.cells].slice(1).map(td => td.textContent)])")
    # hands (every finished deal, #29 item 9), matches played, won, best score
    assert ["canasta-two-hand", "3", "2", "1", "5200"] in rows
    assert ["continental", "0", "2", "1", "25"] in rows
    page.click("#btn-stats-reset")
    assert "No match finished yet" in page.inner_text("#stats-table")
    assert page.evaluate("() => localStorage.getItem('meldtable.stats')") is None


def test_three_ist_50_drag_a_card_onto_a_target(page: WatchedPage, site_url: str) -> None:
    """3 ist 50: drag a hand card onto the target of its play: the play is made onto the target
    it was dropped on (choosing a card alone plays nothing: #29 item 8)."""
    open_game(page, site_url, game="3-ist-50", seed=5, players=3)
    page.wait_for_function("() => document.querySelector('#felt').dataset.toActHuman === 'true'", timeout=90_000)
    playable = page.locator('#hand .hand-card.tf-playable')
    assert playable.count()
    card = playable.first.get_attribute("data-card")
    moves = (playable.first.get_attribute("data-legal") or "").split(";")
    same = f'#hand .hand-card[data-card="{card}"]'
    page.locator(same).first.click()  # chosen: its targets light up (no one-tap play, #29 item 8)
    target = page.evaluate("""(move) => {
      const els = [...document.querySelectorAll('#felt .tf-target')];
      const el = els.find((e) => (e.dataset.moves || '').split(';').includes(move));
      if (!el) return null;
      el.setAttribute('data-test-drop', '1');
      return '[data-test-drop="1"]';
    }""", moves[0])
    assert target, f"no target offers {moves[0]}"
    k = page.locator(same).count()
    n = serial(page)
    a = page.locator(same).first.bounding_box()
    box = page.locator(target).first.bounding_box()
    assert a is not None and box is not None, (same, target)
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(a["x"] + 30, a["y"] - 20, steps=3)
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=8)
    page.mouse.up()
    if len(moves) > 1 and page.is_visible("#tf-choices button[data-move]"):
        page.locator("#tf-choices button[data-move]").first.click()
    page.wait_for_function("(s) => Number(document.querySelector('#felt').dataset.serial) > s", arg=n)
    assert page.locator(same).count() == k - 1
