"""Issue #29 item 6 (leftover): the glossary (docs/glossary.md) gives Kanaster's canasta its
seed's word, "Kanaster" (seed 004: "Kanaster"); the Kanaster table in German says Kanaster
(side heads, the line above the hand, meld names), other canasta games keep "Canasta", and English
keeps "canasta". Opened from positions (tests/browser/saved_positions.py)."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from saved_positions import open_position

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import WatchedPage

pytestmark = pytest.mark.browser

MELDS = "meld 0: KC KD KH KS KC KD KH\nmeld 0: 5C 5D 5H\nmeld 1: QC QD QH\n"
POS = {
    "kanaster": "variant: kanaster\nplayers: 4\nturn: 0 draw\npile: 4C 6D\n" + MELDS,
    "canasta-two-hand": "variant: canasta-two-hand\nturn: 0 draw\npile: 4C 6D\n" + MELDS,
}


def table_words(page: Page) -> tuple[str, list[str], list[str]]:
    """The table's text and the spoken names of its melds."""
    text = page.locator("#felt").inner_text()
    labels = page.eval_on_selector_all("#felt .meld[aria-label]", "(els) => els.map((e) => e.getAttribute('aria-label'))")
    titles = page.eval_on_selector_all("#felt [title]", "(els) => els.map((e) => e.title)")
    return text, labels, titles


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("variant", list(POS))
def test_kanaster_says_kanaster_in_german(page: WatchedPage, site_url: str, variant: str, lang: str) -> None:
    page.add_init_script(f"localStorage.setItem('meldtable.lang', '{lang}')")
    open_position(page, site_url, POS[variant])
    page.wait_for_selector("#my-canastas:not(:empty)")
    text, labels, titles = table_words(page)
    heads = page.locator(".side-canastas").all_text_contents()
    assert heads, variant
    king = page.get_attribute('#my-melds .meld[data-rank="K"]', "aria-label") or ""
    if variant == "kanaster" and lang == "de":
        assert not re.search(r"canasta", text + " ".join(labels + titles), re.I), (text, labels, titles)
        assert all(h.startswith("Kanaster:") for h in heads), heads
        assert "Reiner Kanaster Könige" in king, king
    elif lang == "de":
        assert all(h.startswith("Canastas:") for h in heads), heads
        assert "Reiner Canasta Könige" in king, king
    else:
        assert all(h.startswith("Canastas:") for h in heads), heads
        assert "Natural canasta of kings" in king, king
        assert "Kanaster" not in " ".join(heads + labels)
