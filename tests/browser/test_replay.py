"""The replay page (replay.html, web/replay.js; issue #30) in Chromium, driven as a person drives
it: a record opened from a link (``#r=``), a file or pasted text; stepping with the buttons, the
keys (arrows, Home/End, space) and the move log; any seat's view or all hands; "Continue from here"
resumes in index.html at that move; a link made on the page opened in a fresh browser context shows
the same position; a mid-hand seat's link shows no card hidden from that seat; hostile records are
refused in the person's language."""
from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from meldtable import Game, new_game
from meldtable.bot import choose_move
from meldtable.records import parse_record, to_record

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

    from conftest import WatchedPage

BOOT_MS = 120_000


def bot_game(variant: str, players: int, seed: int, moves: int | None = None) -> Game:
    g = new_game(variant, players=players, seed=seed)
    n = 0
    while not g.hand_over and (moves is None or n < moves):
        s = g.current_player
        g.play(choose_move(g, s), seat=s)
        n += 1
    return g


def link_code(text: str) -> str:
    """The page's own link code (web/replay-link.js): "z" + base64url(deflate-raw(text))."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = c.compress(text.encode()) + c.flush()
    return "z" + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_code(code: str) -> str:
    assert code[0] == "z"
    raw = base64.urlsafe_b64decode(code[1:] + "=" * (-len(code[1:]) % 4))
    return zlib.decompress(raw, -15).decode()


@pytest.fixture(scope="module")
def full_record() -> str:
    g = bot_game("canasta-two-hand", 2, 7)
    n = sum(map(len, g.history))
    return to_record(g, names=["Anna", "Ben"],
                     comments={0: "A whole hand.", 1: "Anna draws <b>first</b>.", n: "The end."})


def open_replay(page: Page, site_url: str, text: str, fragment_extra: str = "", lang: str | None = None,
                wait: bool = True) -> None:
    q = f"?lang={lang}" if lang else ""
    page.goto(f"{site_url.rstrip('/')}/replay.html{q}#r={link_code(text)}{fragment_extra}")
    if wait:
        page.wait_for_function("() => document.body.dataset.move !== undefined", timeout=BOOT_MS)


def move_shown(page: Page) -> int:
    return int(page.evaluate("() => document.body.dataset.move"))


def wait_move(page: Page, k: int) -> None:
    page.wait_for_function(f"() => document.body.dataset.move === '{k}'", timeout=30_000)


def test_step_jump_keys_and_log(page: WatchedPage, site_url: str, full_record: str) -> None:
    total = parse_record(full_record).moves
    open_replay(page, site_url, full_record)
    assert move_shown(page) == total  # a record opens at its end
    assert page.locator("#r-comment").inner_text() == "The end."
    page.locator("#r-first").click()
    wait_move(page, 0)
    assert page.locator("#r-comment").inner_text() == "A whole hand."
    page.locator("#r-next").click()
    wait_move(page, 1)
    # the comment is text, never markup
    assert page.locator("#r-comment").inner_text() == "Anna draws <b>first</b>."
    assert page.locator("#r-comment b").count() == 0
    page.keyboard.press("ArrowRight")
    wait_move(page, 2)
    page.keyboard.press("ArrowLeft")
    wait_move(page, 1)
    page.keyboard.press("End")
    wait_move(page, total)
    page.keyboard.press("Home")
    wait_move(page, 0)
    page.locator('.r-log-move[data-move="5"]').click()
    wait_move(page, 5)
    assert page.locator('.r-log-move.current').get_attribute("data-move") == "5"
    page.locator("#r-slider").fill("9")
    wait_move(page, 9)
    # play with the space key, pause with it again: the moves go on by themselves in between
    page.locator("#r-slider").blur()
    page.keyboard.press("Space")
    wait_move(page, 10)
    page.keyboard.press("Space")
    assert page.locator("#r-play").get_attribute("aria-pressed") == "false"
    stopped = move_shown(page)
    page.locator("#r-play").click()
    wait_move(page, stopped + 1)
    page.locator("#r-play").click()
    assert page.locator("#r-play").get_attribute("aria-pressed") == "false"
    assert not page.console_errors


def test_views_all_hands_and_a_seat(page: WatchedPage, site_url: str, full_record: str) -> None:
    rec = parse_record(full_record)
    open_replay(page, site_url, full_record, "&m=4&s=a")
    wait_move(page, 4)
    from meldtable.records import replay
    g = replay(rec, moves=4)
    other = sorted(g.view(1)["hand"])
    shown = sorted(page.locator("#r-hands .r-hand-cards .card").evaluate_all("els => els.map(e => e.dataset.card)"))
    assert shown == other  # all hands open: Ben's hand beside Anna's table
    page.locator("#r-view").select_option("1")
    page.wait_for_function("() => document.querySelector('#r-hands').hidden")
    mine = sorted(g.view(1)["hand"])
    page.wait_for_function("() => document.querySelector('#r-demo > *').shadowRoot.querySelector('#hand .hand-card') !== null")
    hand = page.evaluate("() => [...document.querySelector('#r-demo > *').shadowRoot"
                         ".querySelectorAll('#hand .hand-card')].map(e => e.dataset.card)")
    assert sorted(hand) == mine


def test_continue_from_here_resumes_in_the_app(page: WatchedPage, site_url: str, full_record: str) -> None:
    open_replay(page, site_url, full_record, "&m=6&s=0")
    wait_move(page, 6)
    from meldtable.records import replay
    g = replay(parse_record(full_record), moves=6)
    page.locator("#r-continue").click()
    page.wait_for_url("**/?lang=*", timeout=30_000)
    page.wait_for_function("() => document.querySelector('#hand .hand-card') !== null", timeout=BOOT_MS)
    state = page.evaluate("async () => { const m = await import('./persist.js'); return m.savedGame(); }")
    hand = page.evaluate("() => [...document.querySelectorAll('#hand .hand-card')].map(e => e.dataset.card)")
    # Anna's hand as it was after move 6 (the computer's moves since, if any, do not change it)
    assert sorted(hand) == sorted(g.view(0)["hand"])
    assert state is not None and state["variant"] == "canasta-two-hand"
    assert json.loads(state["state"])["seed"] == 7


def test_a_link_made_on_the_page_opens_elsewhere_at_the_same_move(browser: Browser, page: WatchedPage, site_url: str,
                                                                  full_record: str) -> None:
    open_replay(page, site_url, full_record, "&m=8&s=a")
    wait_move(page, 8)
    page.locator("#r-link").click()
    page.wait_for_function("() => !document.querySelector('#r-link-out').hidden")
    url = page.locator("#r-link-out").input_value()
    assert "#r=z" in url and "&m=8" in url
    fresh = browser.new_context(locale="de-DE")
    try:
        other = fresh.new_page()
        other.goto(url)
        other.wait_for_function("() => document.body.dataset.move === '8'", timeout=BOOT_MS)
        assert other.locator("#r-move").inner_text() == page.locator("#r-move").inner_text()
        said = page.locator("#r-hands .card").evaluate_all("els => els.map(e => e.dataset.card)")
        assert other.locator("#r-hands .card").evaluate_all("els => els.map(e => e.dataset.card)") == said
    finally:
        fresh.close()


def test_a_mid_hand_seat_link_hides_the_other_hands(browser: Browser, page: WatchedPage, site_url: str) -> None:
    g = bot_game("continental", 3, 5, moves=14)
    text = to_record(g, names=["Ana", "Ben", "Cleo"])
    open_replay(page, site_url, text, "&m=14&s=1")
    wait_move(page, 14)
    page.locator("#r-link").click()
    page.wait_for_function("() => !document.querySelector('#r-link-out').hidden")
    url = page.locator("#r-link-out").input_value()
    code = url.split("#r=")[1].split("&")[0]
    shared = decode_code(code)
    assert "view: 1" in shared and "seed:" not in shared and parse_record(shared).moves == 0
    assert shared == to_record(g, names=["Ana", "Ben", "Cleo"], seat=1)
    seen = set(re.findall(r'"(JK|[2-9TJQKA][CDHS])"', json.dumps(g.view(1))))  # all seat 1 may see
    fresh = browser.new_context()
    try:
        other = fresh.new_page()
        other.goto(url)
        other.wait_for_function("() => document.body.dataset.move === '0'", timeout=BOOT_MS)
        assert other.locator("#r-view option").count() == 1
        assert other.locator("#r-hands").is_hidden()
        cards = other.evaluate("""() => {
            const out = [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card);
            for (const host of document.querySelectorAll('#r-demo > *'))
              if (host.shadowRoot) out.push(...[...host.shadowRoot.querySelectorAll('[data-card]')].map(e => e.dataset.card));
            return out; }""")
        assert cards and set(cards) <= seen  # every card face on the page is one seat 1 sees
    finally:
        fresh.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_hostile_records_are_refused_in_the_person_s_language(page: WatchedPage, site_url: str, lang: str) -> None:
    page.goto(f"{site_url.rstrip('/')}/replay.html?lang={lang}#r=z%%%%")
    page.wait_for_function("() => !document.querySelector('#r-error').hidden", timeout=BOOT_MS)
    expected = {"en": "no readable game record", "de": "keine lesbare Spielaufzeichnung"}[lang]
    assert expected in page.locator("#r-error").inner_text()
    bomb = ("[meldtable record 1]\nvariant: kanaster\nplayers: 4\nseed: 1\n[deal 1]\n"
            + "discard QX {<img src=x onerror=alert(1)>}\n" * 3)
    open_replay(page, site_url, bomb, lang=lang, wait=False)
    page.wait_for_function("() => /Move 1|Zug 1/.test(document.querySelector('#r-error').textContent)",
                           timeout=BOOT_MS)
    said = page.locator("#r-error").inner_text()
    assert ("does not replay" if lang == "en" else "nachspielen") in said
    assert page.locator("img").count() == 0
    # a link that inflates beyond the longest record is refused before it is read whole
    huge = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = huge.compress(b"a" * 2_000_000) + huge.flush()
    page.goto(f"{site_url.rstrip('/')}/replay.html?lang={lang}#r=z" + base64.urlsafe_b64encode(raw).decode().rstrip("="))
    page.wait_for_function("() => /long|lang/.test(document.querySelector('#r-error').textContent)", timeout=BOOT_MS)
    too_long = {"en": "This link or file is too long for a game record.",
                "de": "Dieser Link oder diese Datei ist zu lang für eine Spielaufzeichnung."}
    assert page.locator("#r-error").inner_text() == too_long[lang]


def test_a_file_chosen_and_text_pasted(page: WatchedPage, site_url: str, full_record: str, tmp_path: Path) -> None:
    f = tmp_path / "hand.txt"
    f.write_text(full_record)
    page.goto(f"{site_url.rstrip('/')}/replay.html?lang=en")
    page.locator("#r-file").set_input_files(str(f))
    page.wait_for_function("() => document.body.dataset.move !== undefined", timeout=BOOT_MS)
    assert move_shown(page) == parse_record(full_record).moves
    with page.expect_download() as dl:
        page.locator("#r-download").click()
    assert Path(dl.value.path()).read_text() == full_record
    page.locator("#r-another").click()
    page.locator("#r-paste").fill(full_record.replace("A whole hand.", "Pasted."))
    page.locator("#r-show").click()
    page.wait_for_function("() => document.querySelector('#r-player').hidden === false")
    page.locator("#r-first").click()
    wait_move(page, 0)
    assert page.locator("#r-comment").inner_text() == "Pasted."
