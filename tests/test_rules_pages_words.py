"""The rules pages' option tables use a variant's own word where the app has one (docs/glossary.md:
seed 004 says "Kanaster" for the meld every other text calls "Canasta"): the German Kanaster
page names the blocking ranks by "Kanaster", the German Classic Canasta page never says "Kanaster"."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))
sys.path.insert(0, str(ROOT / "tools"))

from rules_pages import options_table, read_labels  # noqa: E402

LABELS = read_labels()


def test_kanaster_page_says_kanaster_in_its_option_texts() -> None:
    table = options_table("kanaster", "de", LABELS)
    row = table.split('id="option-blocking_ranks"', 1)[1].split("</tr>", 1)[0]
    assert "Kanaster" in row


def test_classic_canasta_page_never_says_kanaster() -> None:
    for variant in ("canasta-classic", "canasta-two-hand"):
        assert "Kanaster" not in options_table(variant, "de", LABELS), variant
