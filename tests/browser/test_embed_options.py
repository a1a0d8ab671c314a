"""mountDemo's options for a host that leads the reader (docs/embedding.md; the guided first hands
of issue #12 use them): `claimTimeoutMs: 0` (Continental's claim prompt waits for the reader: no
countdown, no pass on its own, while a demo with a countdown passes when it runs out),
`resetButton: false` (no "Start again" in the demo: the host owns it) and the `onReset` hook with
its `meldtable-reset` event. Two demos of one claim window on a same-origin page."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:

    from conftest import WatchedPage

pytestmark = pytest.mark.browser

# seat 1 has drawn instead of taking the nine of diamonds: seat 2 (the reader) is asked to claim
CLAIM = """variant: continental
players: 3
turn: 1 play
hand 0: 4C 5D 6H 8S 9S JC
hand 1: 3C 4D 7H 8C TS QC KC
hand 2: 9H 9C 5S 6D KD AS
pile: 9D
top from: 0
window: 2 0
penalty: 4S
"""

MOUNT = """async ([position]) => {
  const { mountDemo } = await import("/embed.js");
  window.resets = [];
  const make = (id, opts) => {
    const el = document.createElement("div");
    el.id = id;
    document.body.append(el);
    el.addEventListener("meldtable-reset", (ev) => window.resets.push([id + ":event", ev.detail.table.view.phase]));
    return mountDemo(el, { position, seat: 2, lang: "en", start: "now", ...opts });
  };
  window.waiting = make("waiting", { claimTimeoutMs: 0, resetButton: false,
    hooks: { onReset: (tb) => window.resets.push(["waiting:hook", tb.view.phase]) } });
  window.counting = make("counting", { claimTimeoutMs: 1500 });
  await Promise.all([window.waiting.ready, window.counting.ready]);
}"""


def test_claim_prompt_without_countdown_and_host_owned_reset(page: WatchedPage, site_url: str) -> None:
    page.goto(f"{site_url}__tests__/blank.html")
    page.evaluate(MOUNT, [CLAIM])
    waiting, counting = page.locator("#waiting"), page.locator("#counting")
    for demo in (waiting, counting):
        demo.locator("#ct-claim").wait_for(state="visible", timeout=90_000)
    # the demo with a countdown shows it and passes on its own when it runs out ...
    assert counting.locator("#ct-claim-left").is_visible()
    assert not waiting.locator("#ct-claim-left").is_visible()
    assert not waiting.locator(".ct-claim-timer").is_visible()
    page.wait_for_function(
        "() => document.querySelector('#counting').shadowRoot.querySelector('.mt-stage').dataset.claimTimedOut === '1'",
        timeout=30_000)
    counting.locator("#ct-claim").wait_for(state="hidden")
    # ... while the one without waits for the reader, however long that takes
    assert waiting.locator("#ct-claim").is_visible()
    assert waiting.locator(".mt-stage").get_attribute("data-claim-timed-out") == "0"
    assert page.evaluate("() => window.waiting.table().view.phase") == "claim"
    # no "Start again" in the demo whose host owns it; the other keeps its own
    assert waiting.locator(".mt-reset").count() == 1 and not waiting.locator(".mt-reset").is_visible()
    assert counting.locator(".mt-reset").is_visible()
    # the reader claims; the host's reset brings the position back and tells the hook and the event
    waiting.locator("#ct-btn-claim").click()
    page.wait_for_function("() => window.waiting.table().view.phase !== 'claim'")
    assert "9D" in page.evaluate("() => window.waiting.table().view.hand")
    page.evaluate("() => window.waiting.reset()")
    assert page.evaluate("() => window.resets") == [["waiting:hook", "claim"], ["waiting:event", "claim"]]
    waiting.locator("#ct-claim").wait_for(state="visible")
    assert "9D" not in page.evaluate("() => window.waiting.table().view.hand")
    # the demo's own button resets too, with the same hook and event
    counting.locator(".mt-reset").click()
    page.wait_for_function("() => window.resets.some(([w]) => w === 'counting:event')")
    assert not page.console_errors, page.console_errors
