"""Issue #29 leftovers on a phone, opened from positions (tests/browser/saved_positions.py).

1. The person's own melds are all on the table at 390x844 and 844x390, each with its rank and
   count visible, and their box does not scroll (as the other sides' melds in
   test_phone_table.py).
2. Continental in landscape: the caption "Ablagestapel" under the discard pile is whole."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from saved_positions import open_position
from test_phone_table import VISIBLE, not_visible, settle, sized  # noqa: F401 (fixture)

if TYPE_CHECKING:
    from conftest import WatchedPage

pytestmark = pytest.mark.browser

OWN8 = """meld 0: AC AD AH
meld 0: KC KD KH KS KC KD KH
meld 0: QC QD QH JK
meld 0: JC JD JH
meld 0: TC TD TH
meld 0: 9C 9D 9H
meld 0: 8C 8D 8H
meld 0: 7C 7D 7H 2S
meld 0: 6C 6D 6H
"""
OWN = {
    "canasta-two-hand": "variant: canasta-two-hand\nturn: 0 draw\npile: 4C 6D\n" + OWN8
    + "meld 1: 5C 5D 5H\nscore: 1200 2300\n",
    "canasta-classic-6": "variant: canasta-classic\nplayers: 6\noption partnerships: three_sides\n"
    "turn: 0 draw\npile: 4C 6D\n" + OWN8 + "meld 1: AS AS AC\nmeld 1: 6S 2D 6S\nmeld 2: QS QS QD\n"
    "meld 2: JS JS JD\nmeld 1: TS TS TD\nmeld 2: 9S 9S 9D\n",
    "kanaster-4": "variant: kanaster\nplayers: 4\nturn: 0 draw\npile: 4C 6D\n" + OWN8 + "meld 1: 5C 5D 5H\n",
}


@pytest.mark.parametrize("sized", [(390, 844), (844, 390)], indirect=True, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("case", list(OWN))
def test_every_own_meld_is_visible(sized: tuple[WatchedPage, int, int], site_url: str, case: str) -> None:
    """"Every meld must be visible on the table": each of the person's nine melds shows its rank
    and count on screen, the melds' box does not scroll, and the hand and actions stay visible."""
    page, w, h = sized
    open_position(page, site_url, OWN[case])
    settle(page)
    page.screenshot(path=f"/tmp/own-melds-{case}-{w}x{h}.png")
    assert page.locator("#my-melds .meld").count() == 9
    box = page.locator("#my-side")
    assert box.evaluate("(e) => e.scrollHeight <= e.clientHeight + 1"), (case, w, h)
    for part in (".meld-rank", ".meld-count"):
        hidden = not_visible(page, f"#my-melds .meld {part}")
        assert not hidden, (case, w, h, part, hidden)
    assert not not_visible(page, "#hand .hand-card"), (case, w, h)
    for b in page.locator("#actions .btn-action:visible").all():  # (a disabled one takes no pointer)
        r = b.bounding_box()
        assert r and r["y"] >= 0 and r["y"] + r["height"] <= h + 1 and r["x"] + r["width"] <= w + 1, (case, w, h, r)
    assert page.evaluate("() => window.scrollY") == 0


CONTINENTAL = ("variant: continental\nplayers: 4\nturn: 0 draw\npile: 9C KD\n"
               "set 1: 7C 7D JK\nset 1: 8C 8D 8H\n")


@pytest.mark.parametrize("sized", [(844, 390), (390, 844)], indirect=True, ids=lambda s: f"{s[0]}x{s[1]}")
def test_continental_pile_captions_whole_in_german(sized: tuple[WatchedPage, int, int], site_url: str) -> None:
    """Issue #29 item 4 (leftover): in German, "Ablagestapel" under Continental's discard pile
    (and the other pile captions) is whole, not clipped at its last letter."""
    page, w, h = sized
    page.add_init_script("localStorage.setItem('meldtable.lang', 'de')")
    open_position(page, site_url, CONTINENTAL)
    settle(page)
    page.screenshot(path=f"/tmp/ct-captions-{w}x{h}.png")
    assert page.get_attribute("html", "lang") == "de"
    caps = page.locator(".ct-pile .pile-caption:visible")
    assert caps.count() >= 2
    assert "Ablagestapel" in page.locator(".ct-pile .pile-caption:visible").all_text_contents()[-1] or any(
        "Ablagestapel" in t for t in caps.all_text_contents())
    for cap in caps.all():
        text = cap.text_content() or ""
        if not text.strip():
            continue
        assert cap.evaluate("(e) => e.scrollWidth <= e.clientWidth"), (w, h, text)
        # each word's box inside the caption's box (no overflow hidden by a clip either)
        spill = cap.evaluate("""(e) => { const r = e.getBoundingClientRect();
            return [...e.querySelectorAll('span')].filter((s) => { const b = s.getBoundingClientRect();
              return b.width > 0 && (b.right > r.right + 0.5 || b.left < r.left - 0.5); }).map((s) => s.textContent); }""")
        assert not spill, (w, h, text, spill)
        # and the caption inside its pile's box (the pile clips what spills over its edge)
        out = cap.evaluate("""(e) => { const p = e.closest('.ct-pile'), r = e.getBoundingClientRect(),
            q = p.getBoundingClientRect(); const range = document.createRange(); range.selectNodeContents(e);
            const t = range.getBoundingClientRect();
            return [p.scrollWidth - p.clientWidth, Math.max(r.right, t.right) - q.right, q.left - Math.min(r.left, t.left)]; }""")
        assert out[0] <= 0 and out[1] <= 0.5 and out[2] <= 0.5, (w, h, text, out)
