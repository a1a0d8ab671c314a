"""Fits the screen (issue #13): at 1280x800, at a 390x844 phone and at 844x390 (phone held
sideways), for every game at its largest player count, the player's hand, the discard pile and
the action bar are inside the viewport together without scrolling, and no control covers a hand
card (each card's left edge is that card or another hand card: overlapping cards stay legible).

Set MELDTABLE_SHOTS=<folder> to save a screenshot of each case to look at."""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from pytest import FixtureRequest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (390, 844), (844, 390)]
GAMES = [  # variant, players, discard pile, action bar
    ("canasta-two-hand", 2, "#discard", "#actions"),
    ("canasta-classic", 6, "#discard", "#actions"),
    ("kanaster", 5, "#discard", "#actions"),
    ("continental", 8, "#ct-discard", "#ct-actions"),
    ("3-ist-50", 6, "#tf-discard", "#hand"),  # 3 ist 50 plays by touching a card and a target
]


@pytest.fixture()
def sized_page(browser: Browser, site_url: str, request: FixtureRequest) -> Iterator[tuple[Page, int, int]]:
    w, h = request.param
    ctx = browser.new_context(viewport={"width": w, "height": h}, has_touch=w < 900, is_mobile=w < 900)
    page = ctx.new_page()
    yield page, w, h
    ctx.close()


SETTLED = """(sels) => new Promise((resolve) => {
  const boxes = () => JSON.stringify([...sels.map((s) => document.querySelector(s)),
                                      ...document.querySelectorAll('#hand .hand-card')].map((el) => {
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height];
  }));
  const before = boxes();
  const shown = sels.every((s) => { const el = document.querySelector(s);
                                    const r = el && el.getBoundingClientRect(); return r && r.width > 0 && r.height > 0; });
  if (!shown) { resolve(false); return; }
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(document.fonts.status === 'loaded'
    && document.getAnimations().every((a) => a.playState !== 'running') && boxes() === before)));
})"""


def wait_layout_settled(page: Page, selectors: list[str]) -> None:
    """Wait (no fixed sleep) until the given elements are drawn (a non-empty box: Continental's
    action bar is empty while the computers before the player act), fonts are loaded, no
    animation runs and the boxes of those elements and of every hand card stay the same across
    two animation frames: the layout the player sees, whatever the machine's load."""
    page.wait_for_function(SETTLED, arg=selectors, timeout=60_000)


def boxes_inside(page: Page, selectors: list[str]) -> list[tuple[str, dict[str, float] | None]]:
    boxes: list[tuple[str, dict[str, float] | None]] = page.evaluate(
        """(sels) => sels.map((s) => {
             const el = document.querySelector(s);
             if (!el) return [s, null];
             const r = el.getBoundingClientRect();
             return [s, {x: r.left, y: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height}];
           })""", selectors)
    return boxes


@pytest.mark.parametrize("sized_page", SIZES, indirect=True, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant,players,discard,actions", GAMES, ids=lambda x: str(x))
def test_hand_pile_and_actions_visible_together(sized_page: tuple[Page, int, int], site_url: str, variant: str, players: int,
                                                discard: str,
                                                actions: str) -> None:
    page, w, h = sized_page
    page.goto(f"{site_url}?fast=1&seed=21&game={variant}")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.wait_for_selector("#newgame-dialog[open]")
    if page.locator("#ng-players option").count() > 1:
        page.select_option("#ng-players", str(players))
    page.click("#ng-start")
    page.wait_for_selector("#game:not([hidden]) #hand .hand-card")
    if actions != "#hand":  # the player's turn: the computers before them have played
        page.wait_for_selector(f"{actions} .btn-action:enabled", timeout=60_000)
    wait_layout_settled(page, ["#hand", discard, actions])
    shots = os.environ.get("MELDTABLE_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(shots) / f"{variant}-{players}-{w}x{h}.png"))
    assert page.evaluate("() => window.scrollY") == 0
    for sel, b in boxes_inside(page, ["#hand", discard, actions]):
        assert b is not None, sel
        assert b["w"] > 0 and b["h"] > 0, (sel, b)
        assert b["x"] >= -1 and b["y"] >= -1 and b["r"] <= w + 1 and b["b"] <= h + 1, (sel, b, (w, h))
    # every hand card is on screen and its left strip is not covered by a control
    covered = page.evaluate(
        """([w, h]) => [...document.querySelectorAll('#hand .hand-card')].flatMap((c) => {
             const r = c.getBoundingClientRect();
             if (r.left < -1 || r.top < -1 || r.right > w + 1 || r.bottom > h + 1) return [[c.dataset.card, 'off screen']];
             const hit = document.elementFromPoint(r.left + 5, r.top + r.height / 2);
             const card = hit && hit.closest('.hand-card');
             return card ? [] : [[c.dataset.card, hit ? hit.outerHTML.slice(0, 80) : 'nothing']];
           })""", [w, h])
    assert not covered, covered
    if actions != "#hand":  # no hand card reaches under the action bar
        bar = page.evaluate(
            """(s) => { const el = document.querySelector(s); const r = (el.closest('.action-bar') || el).getBoundingClientRect();
                       return {x: r.left, y: r.top, r: r.right, b: r.bottom}; }""", actions)
        under = page.evaluate(
            """(bar) => [...document.querySelectorAll('#hand .hand-card')].filter((c) => {
                 const r = c.getBoundingClientRect();
                 return r.bottom > bar.y + 1 && r.top < bar.b - 1 && r.right > bar.x + 1 && r.left < bar.r - 1;
               }).map((c) => c.dataset.card)""", bar)
        assert not under, (under, bar)
