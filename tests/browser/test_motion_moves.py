"""Cards that move (issue #13: "drawing, taking the pile, melding, adding, discarding, claims ...
move the cards on screen from where they were to where they go"), for the moves that came with
another: red threes laid out (and their replacements from the stock), the rest of the discard
pile going to the hand after a pile take, Continental's penalty card with a claim, and Kanaster's
blocking card laid under a canasta. Each from a position (the app continues it as its saved game),
by clicks, with motion on (`&motion=1`); the flying cards are watched as they are added to the page."""
from __future__ import annotations

import pytest

from saved_positions import open_position, select, serial, wait_serial

pytestmark = pytest.mark.browser

WATCH = """() => {
  window.__flights = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType === 1 && n.classList.contains('fly') && !n.classList.contains('drag-ghost')) {
        const b = n.getBoundingClientRect();
        window.__flights.push({card: n.dataset.card || 'back', what: n.dataset.what || '',
                               ms: parseFloat(n.style.transitionDuration) || 0, x: b.left, y: b.top});
      }
    }
  }).observe(document.body, {childList: true});
}"""


def start(page, site_url, position):
    open_position(page, site_url, position, query="fast=1&motion=1")
    page.evaluate(WATCH)


def flights_after(page, n, count):
    wait_serial(page, n)
    page.wait_for_function("(k) => window.__flights.length >= k", arg=count)
    page.wait_for_timeout(600)  # a second batch starts when the first has landed
    return page.evaluate("() => window.__flights")


def test_red_three_drawn_is_laid_out_and_replaced(page, site_url):
    start(page, site_url, """variant: canasta-two-hand
turn: 0 draw
hand 0: 4C 5D 6H 7S 8C 9D TS JC KS
stock: 3H 5S 6C
pile: 9H
""")
    n = serial(page)
    page.click("#btn-draw")
    flights = flights_after(page, n, 4)
    red = [f for f in flights if f["what"] == "red3"]
    assert [f["card"] for f in red] == ["3H"], flights  # face up, to the side's red threes
    assert [f["card"] for f in flights if f["what"] == "replacement"] == ["back"], flights
    assert page.locator("#my-red-threes [data-card='3H'], #my-red-threes .card").count() >= 1
    assert all(0 < f["ms"] <= 400 for f in flights)


def test_pile_take_moves_the_rest_of_the_pile_to_the_hand(page, site_url):
    start(page, site_url, """variant: canasta-two-hand
turn: 0 draw
hand 0: QH QS 4C 5D 6H 7S 8C 9D TS
meld 0: KC KD KH
pile: 4H 9C QD
""")
    select(page, ["QH", "QS"])
    n = serial(page)
    page.click("#btn-take")
    flights = flights_after(page, n, 5)
    moved = [f["card"] for f in flights if not f["what"]]
    assert sorted(moved) == ["QD", "QH", "QS"], flights  # the top card and the two queens to the meld
    assert sorted(f["card"] for f in flights if f["what"] == "pile") == ["4H", "9C"], flights
    assert page.locator("#hand .hand-card[data-card='4H']").count() == 1


def test_claim_brings_its_penalty_card_from_the_penalty_stock(page, site_url):
    start(page, site_url, """variant: continental
players: 3
turn: 2 play
hand 0: 4C 5D 6H 8S 9S JC
hand 1: 3C 4D 7H 8C TS QC
hand 2: 9H 9C 5S 6D KD AS 2C
pile: 9D
top from: 1
window: 0 1
penalty: 4S
""")
    page.wait_for_selector("#ct-claim:not([hidden])")
    # the prompt stands where the piles were (issue #29): its "+1 penalty card" stands for the stock
    penalty_box = page.locator("#ct-claim .ct-penalty-badge").bounding_box()
    n = serial(page)
    page.click("#ct-btn-claim")
    flights = flights_after(page, n, 2)
    assert [f["card"] for f in flights if not f["what"]][:1] == ["9D"], flights
    pen = [f for f in flights if f["what"] == "penalty"]
    assert len(pen) == 1 and pen[0]["card"] == "back", flights
    # it starts at the penalty card the prompt shows
    assert abs(pen[0]["x"] - penalty_box["x"]) < penalty_box["width"] + 40, (pen, penalty_box)


def test_kanaster_blocking_card_flies_under_the_canasta(page, site_url):
    start(page, site_url, """variant: kanaster
turn: 0 took
hand 0: QH 4C 5D 6H 7S 8C
meld 0: QC QD QS QC QD JK 2C
""")
    select(page, ["QH"])
    n = serial(page)
    page.click("#btn-bury")
    flights = flights_after(page, n, 1)
    assert [(f["card"], f["what"]) for f in flights] == [("QH", "bury")], flights
