"""The score sheet's "Replay this deal" (issue #30): with a deal played to its end, the button
opens the replay page in a new tab with that deal, at its last move, with the seats' names."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING

from saved_positions import SAVE_KEY

from meldtable import new_game
from meldtable.bot import choose_move

if TYPE_CHECKING:

    from conftest import WatchedPage


def test_replay_this_deal_opens_the_deal_in_the_replay_page(page: WatchedPage, site_url: str) -> None:
    g = new_game("canasta-two-hand", players=2, seed=11)
    while not g.hand_over:
        g.play(choose_move(g, g.current_player), seat=g.current_player)
    moves = sum(map(len, g.history))
    saved = {"format": 1, "savedAt": 0, "state": g.to_json(), "human_seats": [0], "seed": g.seed,
             "variant": g.variant.id, "hand": 1}
    page.goto(f"{site_url}__tests__/blank.html")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, json.dumps(saved)])
    page.goto(f"{site_url}?fast=1")
    page.wait_for_selector("html[data-engine-state=ready]", timeout=90_000)
    page.click("#btn-resume")
    page.wait_for_selector("#score-dialog[open]")
    button = page.locator("#btn-replay-deal")
    assert button.is_visible()
    with page.context.expect_page() as popup:
        button.click()
    replay = popup.value
    replay.wait_for_function("() => document.body.dataset.move !== undefined", timeout=120_000)
    assert "/replay.html" in replay.url and "#r=" in replay.url
    assert int(replay.evaluate("() => document.body.dataset.move")) == moves  # at the deal's last move
    # the game it came from is unchanged: still the score sheet of the same deal
    assert page.is_visible("#score-dialog[open]")
