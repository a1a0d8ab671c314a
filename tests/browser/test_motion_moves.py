"""Cards that move (issue #13: "drawing, taking the pile, melding, adding, discarding, claims ...
move the cards on screen from where they were to where they go"), drawn from what the engine says
each move did (issue #26 item 2: the table answer's `events`, docs/protocol.md "Events").

Each test opens a position (the app continues it as its saved game), makes one move by clicks with
motion on (`&motion=1`), and compares the cards that fly with the engine's own events for that move
(worked out here on CPython from the same position: `Game.record_events`): one flying card per
card of each event, in the events' order, face up when the event names the card and face down when
it only counts it; each starting on the page element that stood for the event's `from` place
before the move and aimed at the element standing for its `to` place after it. For every family:
the canasta family's draw (with a red three laid out), pile take (onto a meld, the rest into the
hand), meld, add and discard; Continental's claim with its penalty card; 3 ist 50's play that
captures centre cards or the own minus pile onto the left neighbour's minus pile; Kanaster's card
laid under a canasta. Flights are watched as they are added to the page; the tests wait on the
page's state (its serial, `html[data-flying]`), never on time."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest
from saved_positions import open_position, select, serial, wait_serial

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import WatchedPage
    from meldtable import Game

pytestmark = pytest.mark.browser

# where(place, card): the CSS selector of the element that stands for an event's place
Where = Callable[[dict[str, Any], str | None], str]

MAX_PER_EVENT = 8  # web/motion.js: at most this many cards of one event fly

# Records every flying card as it is added: its card, event key, the page places it flies between,
# its start (the box it was put at) and its aim, and, for the test's expectation
# `window.__expect["<key>:<card>"]` ({from, to}: CSS selectors), the boxes of the `to` elements at
# that moment (the new table drawn).
WATCH = """() => {
  window.__flights = [];
  window.__expect = {};
  const boxes = (sel) => sel ? [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect())
    .filter((b) => b.width && b.height).map((b) => ({x: b.left, y: b.top, w: b.width, h: b.height})) : [];
  window.__boxes = boxes;
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType !== 1 || !n.classList.contains('fly') || n.classList.contains('drag-ghost')) continue;
      const b = n.getBoundingClientRect();
      const want = window.__expect[(n.dataset.key || '') + ':' + (n.dataset.card || 'back')] || {};
      window.__flights.push({card: n.dataset.card || 'back', key: n.dataset.key || '', from: n.dataset.from || '',
        to: n.dataset.to || '', ms: parseFloat(n.style.transitionDuration) || 0,
        cx: b.left + b.width / 2, cy: b.top + b.height / 2,
        tx: Number(n.dataset.toX), ty: Number(n.dataset.toY),
        serial: document.querySelector('#felt').dataset.serial, toBoxes: boxes(want.to)});
    }
  }).observe(document.body, {childList: true});
}"""


def start(page: Page, site_url: str, position: str) -> Game:
    game = open_position(page, site_url, position, query="fast=1&motion=1")
    page.evaluate(WATCH)
    return game


def engine_events(game: Game, move: str, viewer: int = 0) -> list[dict[str, Any]]:
    """The events of `move` (notation) on a copy of `game`, as `viewer` sees them (to_json)."""
    g = game.copy()
    g.record_events = True
    g.play(move)
    return [e.to_json(viewer) for e in g.last_events]


def expected_flights(events: list[dict[str, Any]], where: Where) -> list[tuple[str, str, str, str]]:
    """[(key, card or 'back', from selector, to selector)] for `events`; `where(place, card)` gives
    the CSS selector of the element that stands for a place (as the person sees the table)."""
    out: list[tuple[str, str, str, str]] = []
    for ev in events:
        cards = ev["cards"] or ["back"] * ev["count"]
        for c in cards[:MAX_PER_EVENT]:
            card = None if c == "back" else c
            out.append((ev["key"], c, where(ev["from"], card), where(ev["to"], card)))
    return out


def canasta_place(place: dict[str, Any], card: str | None) -> str:
    """Where a canasta-family place is drawn for seat 0 (side 0)."""
    p = place["place"]
    if p == "hand":
        if place["seat"] == 0 and card:
            return f'#hand .hand-card[data-card="{card}"]'
        return f'#seat-map [data-seat="{place["seat"]}"]'
    if p in ("meld", "under"):
        box = "#my-melds" if place["side"] == 0 else f'#opponents [data-side="{place["side"]}"]'
        return f'{box} .meld[data-rank="{place["meld"]}"]'
    if p == "red_threes":
        return "#my-red-threes" if place["side"] == 0 else f'#opponents [data-side="{place["side"]}"] .red-threes'
    return {"stock": "#stock", "pile": "#discard"}[p]


def continental_place(place: dict[str, Any], card: str | None) -> str:
    p = place["place"]
    if p == "hand":
        if place["seat"] == 0 and card:
            return f'#hand .hand-card[data-card="{card}"]'
        return f'.ct-seat[data-seat="{place["seat"]}"]'
    if p == "meld":
        return f'.ct-combo[data-id="{place["meld"]}"]'
    # the claim prompt stands where the piles were (issue #29): the card asked about and its badge
    return {"stock": "#ct-stock", "pile": "#ct-discard:not([hidden]), #ct-claim-card",
            "penalty_stock": "#ct-penalty, #ct-claim .ct-penalty-badge"}[p]


def threefifty_place(place: dict[str, Any], card: str | None) -> str:
    p = place["place"]
    if p == "hand":
        if place["seat"] == 0 and card:
            return f'#hand .hand-card[data-card="{card}"]'
        return f'.tf-seat[data-seat="{place["seat"]}"] .opp-hand'
    if p == "minus_pile":
        return f'.tf-pile[data-seat="{place["seat"]}"]'
    if p == "centre":
        return f'#tf-centre [data-card="{card}"]'
    return {"stock": "#tf-stock", "pile": "#tf-discard"}[p]


def inside(x: float, y: float, boxes: list[dict[str, float]], slack: float = 1.5) -> bool:
    return any(b["x"] - slack <= x <= b["x"] + b["w"] + slack and b["y"] - slack <= y <= b["y"] + b["h"] + slack
               for b in boxes)


def play_and_check(page: Page, game: Game, move: str, where: Where, act: Callable[[], object]) -> list[dict[str, Any]]:
    """Make `move` by `act()` (clicks) and check its flights against the engine's events; returns them."""
    events = engine_events(game, move)
    want = expected_flights(events, where)
    assert want, events
    expect = {f"{k}:{c}": {"from": f, "to": t} for k, c, f, t in want}
    page.evaluate("(w) => { window.__expect = w; window.__flights = []; }", expect)
    from_boxes = page.evaluate(
        "(w) => Object.fromEntries(Object.entries(w).map(([k, v]) => [k, window.__boxes(v.from)]))", expect)
    n = serial(page)
    act()
    wait_serial(page, n)
    page.wait_for_function("(k) => window.__flights.length >= k && !document.documentElement.dataset.flying", arg=len(want))
    got: list[dict[str, Any]] = [f for f in page.evaluate("() => window.__flights") if int(f["serial"]) == n + 1]
    # the events' order (the order of the cards within one event is the engine's, not asserted)
    assert [f["key"] for f in got] == [k for k, _, _, _ in want], (got, events)
    assert sorted((f["key"], f["card"]) for f in got) == sorted((k, c) for k, c, _, _ in want), (got, events)
    for f in got:
        name = f"{f['key']}:{f['card']}"
        assert inside(f["cx"], f["cy"], from_boxes[name]), (name, "starts outside", expect[name]["from"], f, from_boxes[name])
        assert inside(f["tx"], f["ty"], f["toBoxes"]), (name, "lands outside", expect[name]["to"], f)
        assert 0 < f["ms"] <= 400
    return got


def test_canasta_draw_with_a_red_three_laid_out(page: WatchedPage, site_url: str) -> None:
    game = start(page, site_url, """variant: canasta-two-hand
turn: 0 draw
hand 0: 4C 5D 6H 7S 8C 9D TS JC KS
stock: 3H 5S 6C
pile: 9H
""")
    got = play_and_check(page, game, "draw", canasta_place, lambda: page.click("#btn-draw"))
    # the engine: two cards drawn into the hand (named to the person), the red three laid out
    assert {(f["key"], f["card"]) for f in got} == {("draw", "5S"), ("draw", "6C"), ("red_three", "3H")}
    assert page.locator("#my-red-threes .card").count() >= 1


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_canasta_pile_take_onto_a_meld_and_the_rest_into_the_hand(page: WatchedPage, site_url: str,
                                                                  size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    game = start(page, site_url, """variant: canasta-two-hand
turn: 0 draw
hand 0: QH QS 4C 5D 6H 7S 8C 9D TS
meld 0: KC KD KH
pile: 4H 9C QD
""")
    select(page, ["QH", "QS"])
    got = play_and_check(page, game, "take QH QS", canasta_place, lambda: page.click("#btn-take"))
    assert [f["to"] for f in got if f["key"] == "take_to_meld"] == ["meld:mine:Q"], got
    assert sorted(f["card"] for f in got if f["key"] == "take") == ["4H", "9C"], got
    assert page.locator("#hand .hand-card[data-card='4H']").count() == 1


def test_canasta_meld_add_and_discard(page: WatchedPage, site_url: str) -> None:
    game = start(page, site_url, """variant: canasta-two-hand
turn: 0 took
hand 0: QH QS QD KS 4C 5D 6H 7S
meld 0: KC KD KH
""")
    select(page, ["QH", "QS", "QD"])
    play_and_check(page, game, "meld QH QS QD", canasta_place, lambda: page.click("#btn-meld"))
    game.play("meld QH QS QD")

    def add() -> None:
        select(page, ["KS"])
        page.click('#my-melds .meld[data-rank="K"]')
        page.click("#btn-add")
    got = play_and_check(page, game, "add K KS", canasta_place, add)
    assert [(f["key"], f["to"]) for f in got] == [("add", "meld:mine:K")], got
    game.play("add K KS")

    def discard() -> None:
        select(page, ["4C"])
        page.click("#btn-discard")
    got = play_and_check(page, game, "discard 4C", canasta_place, discard)
    assert [(f["key"], f["from"], f["to"]) for f in got] == [("discard", "card:4C", "pile")], got


def test_continental_claim_brings_its_penalty_card(page: WatchedPage, site_url: str) -> None:
    game = start(page, site_url, """variant: continental
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
    got = play_and_check(page, game, "claim", continental_place, lambda: page.click("#ct-btn-claim"))
    # the claimed card, then its penalty card (named to the person: it lands in the own hand)
    assert [(f["key"], f["card"]) for f in got] == [("claim", "9D"), ("penalty_card", "4S")], got
    assert got[1]["from"] in ("penalty_stock", "stock"), got


@pytest.mark.parametrize("position, move, target", [
    ("""variant: 3-ist-50
players: 3
turn: 0
hand 0: 5H 8C 9D JC
hand 1: 4S 6H TD KC
hand 2: 4D 6S TH KS
centre: 5C 5D 9S KH
""", "play 5H middle", '#tf-centre [data-card="5C"]'),
    ("""variant: 3-ist-50
players: 3
turn: 0
hand 0: 7H 4H 9C JD
hand 1: 5S 6H TD KC
hand 2: 5D 6S TH KS
minus 0: 4C 4D 7C 7D 7S
centre: 8C 8D QS 2C
""", "play 7H own", '.tf-pile[data-seat="0"]'),
])
def test_threefifty_capture_onto_a_minus_pile(page: WatchedPage, site_url: str, position: str, move: str, target: str) -> None:
    game = start(page, site_url, position)

    def act() -> None:
        page.locator(f'#hand .hand-card[data-card="{move.split()[1]}"]').click()
        page.click(target)
        if page.locator("#tf-choices:not([hidden])").count():  # more than one way: choose the move
            page.click(f'#tf-choices button[data-move="{move}"]')
    got = play_and_check(page, game, move, threefifty_place, act)
    assert {f["to"] for f in got} == {"minus_pile:1"}, got  # all onto the left neighbour's minus pile
    assert [f["key"] for f in got][0] == "play" and "capture" in [f["key"] for f in got], got


def test_kanaster_card_laid_under_the_canasta(page: WatchedPage, site_url: str) -> None:
    game = start(page, site_url, """variant: kanaster
turn: 0 took
hand 0: QH 4C 5D 6H 7S 8C
meld 0: QC QD QS QC QD JK 2C
""")
    select(page, ["QH"])
    got = play_and_check(page, game, "bury Q QH", canasta_place, lambda: page.click("#btn-bury"))
    assert [(f["key"], f["card"], f["to"]) for f in got] == [("bury", "QH", "meld:mine:Q")], got
