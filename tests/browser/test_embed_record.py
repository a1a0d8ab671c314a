"""<meldtable-demo record="..."> (web/embed.js; docs/embedding.md, "A recorded hand"; issue #30)
on the rules pages, driven by a reader: each page's example hand replays move by move in the
browser with its comments (step, jump to the end, play/pause), in German and English; a hostile
record is refused in the page's language and its text is never markup."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import meldtable  # noqa: E402
from meldtable.records import parse_record  # noqa: E402
from test_rules_pages_records import example  # noqa: E402  (tests/ is on sys.path: tests/conftest.py)

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

    from conftest import WatchedPage

BOOT_MS = 120_000
DEMO = 'meldtable-demo[data-example="example-hand"]'


def sh(page: Page, sel: str) -> Locator:
    return page.locator(DEMO).locator(sel)  # Playwright's locators pierce open shadow roots


def open_example(page: Page, site_url: str, variant: str, lang: str) -> dict[str, Any]:
    page.goto(f"{site_url.rstrip('/')}/rules/{variant}.{lang}.html")
    page.locator(DEMO).scroll_into_view_if_needed()
    page.wait_for_selector(f"{DEMO}[data-state=ready]", state="attached", timeout=BOOT_MS)
    page.wait_for_selector(f"{DEMO}[data-move]", state="attached", timeout=BOOT_MS)
    return example(variant, lang)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("variant", list(meldtable.VARIANTS))
def test_the_rules_page_example_hand_replays_with_its_comments(page: WatchedPage, site_url: str, variant: str, lang: str) -> None:
    demo = open_example(page, site_url, variant, lang)
    rec = parse_record(demo["attrs"]["record"])
    assert page.get_attribute(DEMO, "data-move") == "0"
    assert sh(page, ".mt-comment").inner_text() == rec.comment
    first = min(rec.comments)
    for _ in range(first):
        sh(page, ".mt-next").click()
    page.wait_for_selector(f"{DEMO}[data-move='{first}']", state="attached")
    assert sh(page, ".mt-comment").inner_text() == rec.comments[first]
    sh(page, ".mt-last").click()
    page.wait_for_selector(f"{DEMO}[data-move='{rec.moves}']", state="attached", timeout=60_000)
    assert sh(page, ".mt-comment").inner_text() == rec.comments.get(rec.moves, "")
    over = {"en": ("The deal is over", "The match is over"),
            "de": ("Die Runde ist vorbei", "Die Partie ist vorbei")}[lang]
    assert sh(page, ".turn-text").inner_text() in over
    assert sh(page, ".mt-next").is_disabled()
    sh(page, ".mt-first").click()
    page.wait_for_selector(f"{DEMO}[data-move='0']", state="attached")
    assert not page.locator(DEMO).get_attribute("data-state") == "error"


def test_play_and_pause_and_a_hostile_record(page: WatchedPage, site_url: str) -> None:
    open_example(page, site_url, "kanaster", "de")
    sh(page, ".mt-play").click()
    page.wait_for_selector(f"{DEMO}[data-move='2']", state="attached", timeout=30_000)
    sh(page, ".mt-play").click()
    assert sh(page, ".mt-play").get_attribute("aria-label") == "Abspielen"
    stopped = int(page.get_attribute(DEMO, "data-move") or "-1")
    assert stopped >= 2
    # a record whose second move does not replay, with markup in a comment: refused in German
    page.evaluate("""() => {
        const el = document.createElement('meldtable-demo');
        el.id = 'bad'; el.setAttribute('lang', 'de'); el.setAttribute('start', 'now');
        el.setAttribute('record', '[meldtable record 1]\\nvariant: kanaster\\nplayers: 4\\nseed: 1\\n'
          + '[deal 1]\\ndraw {<img src=x onerror=alert(1)>}\\ndiscard QX\\n');
        document.querySelector('main, body').append(el);
    }""")
    page.wait_for_selector("#bad[data-state=error]", state="attached", timeout=60_000)
    said = page.locator("#bad .mt-error").inner_text()
    assert said.startswith("Diese Aufzeichnung lässt sich nicht nachspielen: Zug 2")
    assert page.locator("#bad img").count() == 0
    assert int(page.get_attribute(DEMO, "data-move") or "-1") == stopped
