"""The engine's start-up memory snapshot (web/engine-worker.mjs, docs/architecture.md "Start-up").

The first start in a browser profile boots Python and imports the engine ("fresh") and stores a
copy of Pyodide's memory in Cache Storage; the next start restores it ("snapshot"). Both kinds
of start must play exactly the same games as CPython, and a snapshot that cannot be restored
must be thrown away without hurting the start.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest
from test_cpython_equality_all import DRIVE, cpython_game, player_counts

import meldtable

if TYPE_CHECKING:

    from conftest import WatchedPage

BLANK = "__tests__/blank.html"

STORED_SNAPSHOTS = """async () => {
  for (let i = 0; i < 300; i++) {
    for (const name of await caches.keys()) {
      if (!name.startsWith("meldtable-snapshot:")) continue;
      const cache = await caches.open(name);
      const found = [];
      for (const request of await cache.keys()) {
        const size = (await (await cache.match(request)).arrayBuffer()).byteLength;
        found.push({ cache: name, url: request.url, size });
      }
      if (found.length && found.every((f) => f.size > 1000000)) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return [];
}"""

START = """async () => {
  const { startEngine } = await import("/engine-client.js");
  const engine = await startEngine(() => {});
  const table = await engine.request("new", { variant: "canasta-two-hand", players: 2, seed: 5 });
  return { start: engine.start, hello: engine.hello, legal: table.legal.length };
}"""


def seeded_games() -> tuple[list[dict[str, Any]], dict[str, tuple[list[str], str]]]:
    games: list[dict[str, Any]] = []
    expected: dict[str, tuple[list[str], str]] = {}
    for variant in sorted(meldtable.VARIANTS):
        players = player_counts(variant)[-1]
        seed = 20261122 + players
        first, second, final = cpython_game(variant, players, seed)
        games.append({"variant": variant, "players": players, "seed": seed, "moves": first, "second": second})
        expected[variant] = (first, final)
    return games, expected


def test_the_second_start_restores_the_snapshot_and_plays_the_same_games(page: WatchedPage, site_url: str) -> None:
    games, expected = seeded_games()
    for visit, start in ((1, "fresh"), (2, "snapshot")):
        page.goto(site_url + BLANK)
        results = page.evaluate(DRIVE, {"games": games})
        for r in results:
            first, final = expected[r["variant"]]
            assert r["start"] == start, f"visit {visit}: {r['variant']} started {r['start']}, expected {start}"
            assert r["played"] == first, f"visit {visit} ({start}): {r['variant']}: computer moves differ"
            assert json.loads(r["state"]) == json.loads(final), f"visit {visit} ({start}): {r['variant']}"
            assert r["state"] == final
        if visit == 1:
            stored = page.evaluate(STORED_SNAPSHOTS)
            assert len(stored) == 1, stored  # one snapshot, named by the lock file's hash
            assert "/pyodide/snapshot-" in stored[0]["url"]
    assert page.console_errors == []
    assert page.foreign_requests == []


DAMAGE = {
    # same key, bytes that are no snapshot (as a corrupted store would be)
    "garbage": "async ({ cache, url }) => {"
               " await (await caches.open(cache)).put(url, new Response(new Uint8Array(4096).fill(7))); }",
    # the stored form (pages that are not all zeros, web/engine-worker.mjs) cut short by one byte
    "truncated": "async ({ cache, url }) => { const c = await caches.open(cache);"
                 " const bytes = await (await c.match(url)).arrayBuffer();"
                 " await c.put(url, new Response(bytes.slice(0, bytes.byteLength - 1))); }",
    # ... and with one byte too many (the copy streams into Pyodide's memory while it starts)
    "overlong": "async ({ cache, url }) => { const c = await caches.open(cache);"
                " const bytes = new Uint8Array(await (await c.match(url)).arrayBuffer());"
                " const longer = new Uint8Array(bytes.length + 1); longer.set(bytes);"
                " await c.put(url, new Response(longer)); }",
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_snapshot_that_cannot_be_restored_is_replaced(page: WatchedPage, site_url: str, damage: str) -> None:
    page.goto(site_url + BLANK)
    assert page.evaluate(START)["start"] == "fresh"
    stored = page.evaluate(STORED_SNAPSHOTS)
    assert len(stored) == 1, stored
    page.evaluate(DAMAGE[damage], stored[0])
    page.goto(site_url + BLANK)
    result = page.evaluate(START)
    assert result["start"] == "fresh", result  # restoring failed, so it booted normally
    assert result["legal"] > 0 and result["hello"]["variants"]
    replaced = page.evaluate(STORED_SNAPSHOTS)
    assert [r["url"] for r in replaced] == [stored[0]["url"]] and replaced[0]["size"] > 1000000, replaced
    page.goto(site_url + BLANK)
    assert page.evaluate(START)["start"] == "snapshot"
    assert page.console_errors == []
