"""A friend's device (web/net/guest.js) gives its page every table the host sent, in order, even
when two come while the page is between requests: the page asks for the next change ("bot")
only after its pause, and a host whose computers move quickly may have sent two by then. Before
session 14 the second was kept only as the latest table and the page waited for a third that
never came (test_friends_games, canasta-classic-6, under load: the friend's turn never shown)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

FEED = """async () => {
  const { Guest } = await import("./net/guest.js");
  const { encode } = await import("./net/protocol.js");
  const g = new Guest({ lang: "en" });
  g._joined = () => {};                        // (no connection: its join hook is not set up)
  const table = (at, seat) => ({ to_act: seat, moves: [{ seat, text: `move ${at}` }],
                                 view: { hand_number: 1, last_moves: [] } });
  const send = (at, seat, extra = {}) => g._receive(encode("table", { at, table: table(at, seat), ...extra }));
  // a request's answer once the tasks already queued have run (null: it is still waiting); the
  // order of promise jobs and a zero timer is fixed, so this is no race
  const settled = async (p) => {
    let v = null;
    p.then((r) => { v = r.move.text; });
    await new Promise((r) => setTimeout(r, 0));
    return v;
  };
  const out = {};
  send(1, 0);                                  // the first table: the page reads it
  out.first = (await g.request("table")).moves[0].text;
  send(2, 1);                                  // two changes while the page pauses
  send(3, 2);
  out.bot1 = await settled(g.request("bot"));
  out.bot2 = await settled(g.request("bot"));
  let third = null;
  g.request("bot").then((r) => { third = r.move.text; });
  await new Promise((r) => setTimeout(r, 0));
  out.waiting = third;                         // nothing new yet: it waits
  send(4, 3);
  await new Promise((r) => setTimeout(r, 0));
  out.bot3 = third;
  send(5, 0);                                  // then the page asks for the whole table:
  send(6, 1);                                  // what came before is behind it
  out.latest = (await g.request("table")).moves[0].text;
  send(7, 2);
  out.after = await settled(g.request("bot"));
  return out;
}"""


def test_two_tables_between_requests_are_both_given(page: Page, site_url: str) -> None:
    page.goto(site_url)
    out: dict[str, Any] = page.evaluate(FEED)
    assert out == {"first": "move 1", "bot1": "move 2", "bot2": "move 3", "waiting": None, "bot3": "move 4",
                   "latest": "move 6", "after": "move 7"}
