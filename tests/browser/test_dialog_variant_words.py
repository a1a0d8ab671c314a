"""The new-game dialog's option texts use the variant's own word (docs/glossary.md, seed 004:
"Kanaster"): in German, Kanaster's blocking-ranks option says "Kanaster", Classic Canasta's the
same option says "Canasta" (web/app.js textKeys: `<key>.<variant>` first)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import WatchedPage



def label_of(page: Page, name: str) -> str:
    """The text of the option's field in the dialog: its label, explanation and values."""
    label: str = page.evaluate(
        """(name) => {
            const ctl = document.querySelector(`#ng-options [data-option="${name}"], #ng-options [data-radio-for="${name}"]`);
            let el = ctl;
            while (el && el.parentElement && !el.parentElement.matches("#ng-options, details, .opt-group-body")) {
                el = el.parentElement;
            }
            return el ? el.textContent : "";
        }""", name)
    return label


def test_kanaster_dialog_says_kanaster_and_classic_says_canasta(page: WatchedPage, site_url: str) -> None:
    page.add_init_script("localStorage.setItem('meldtable.lang', 'de')")
    page.goto(f"{site_url}?fast=1&game=kanaster")
    page.wait_for_selector("#newgame-dialog[open]", timeout=90_000)
    page.wait_for_selector("#ng-opt-blocking_ranks, [data-option=blocking_ranks]", state="attached")
    kanaster = label_of(page, "blocking_ranks")
    assert "Kanaster" in kanaster, kanaster
    page.select_option("#ng-variant", "canasta-classic")
    page.wait_for_function("() => document.querySelector('#ng-variant').value === 'canasta-classic'")
    classic = label_of(page, "blocking_ranks")
    assert classic and "Kanaster" not in classic, classic
