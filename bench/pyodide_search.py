"""The strong computer player's decision time in the page's engine worker: Pyodide in headless
Chromium (issue #27, "Time": p95 at most 250 ms, max at most 1 s). Not a test: figures go to
docs/performance.md, "Playing strength".

    python3 bench/pyodide_search.py [--decisions N] [--budget-ms B] [--games G ...] [--dist DIR] [--quick]

Needs a built dist/ (``python3 build.py``; ``--dist`` or ``$MELDTABLE_DIST`` names another, e.g.
the integrator's), Python Playwright and Chromium (``$CHROMIUM_PATH`` or Debian's
``/usr/bin/chromium``). A blank page served on dist/'s origin starts the site's own engine worker
through ``engine-client.js`` (``startEngine``, as the page does), starts a game of each variant with
seat 0 the person's (played by the normal player here, sent with ``play``) and the others
computers, and asks it for the computers' strong moves (``bot`` with
``level: "strong"`` and the budget, default: the engine's default, what the page sends) until
``N`` decisions with more than one legal move per game have been timed. The time is the page's:
from ``request("bot")`` to its answer (``performance.now()``), so it holds the search, the
table the answer carries and the message round trip. A CPython game beside it plays the same
moves to tell the decisions with one legal move (no search: reported apart) from the others.

Reported per game and over all: decisions, median, p95 and max in ms; the load average. With
``--playouts N``: also random playouts per second inside Pyodide (a second page loads Pyodide
from dist/ on the main thread with the working tree's engine sources and bench/search_bench.py,
and times the public API's uniform playouts against the quick policy's from the same mid-hand
positions, N playouts each, wall time).
``--quick``: 3 decisions of one game (a smoke run).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "engine"))

import build  # noqa: E402
import meldtable  # noqa: E402

PAGES = ROOT / "tests" / "browser" / "pages"
GAMES = {
    "two-hand": ("canasta-two-hand", 2),
    "classic4": ("canasta-classic", 4),
    "kanaster2": ("kanaster", 2),
    "continental3": ("continental", 3),
    "3ist50-3": ("3-ist-50", 3),
}

BOOT = """async () => {
  const t0 = performance.now();
  const { startEngine } = await import("/engine-client.js");
  window.__engine = await startEngine(() => {});
  return { bootMs: performance.now() - t0, version: window.__engine.version, python: window.__engine.python };
}"""

PLAY = """async (text) => { await window.__engine.request("play", { moves: [text] }); return true; }"""

NEW = """async ([variant, players, seed]) => {
  await window.__engine.request("new", { variant, players, seed, human_seats: [0] });
  return true;
}"""

BOT = """async (budget) => {
  const fields = { level: "strong" };
  if (budget !== null) fields.budget_ms = budget;
  const t0 = performance.now();
  const r = await window.__engine.request("bot", fields);
  return { ms: performance.now() - t0, text: r.move.text, over: !!(r.table && (r.table.hand_over || r.table.match_over)) };
}"""


PYBOOT = """async ({ files }) => {
  const t0 = performance.now();
  const { loadPyodide } = await import("/pyodide/pyodide.mjs");
  const base = new URL("/pyodide/", location.href).href;
  const py = await loadPyodide({ indexURL: base, lockFileURL: base + "app-lock.json" });
  for (const [name, text] of Object.entries(files)) {
    py.FS.mkdirTree("/bench/" + name.split("/").slice(0, -1).join("/"));
    py.FS.writeFile("/bench/" + name, text);
  }
  py.runPython("import sys, time; sys.path.insert(0, '/bench'); import search_bench, json, random; "
               + "search_bench.time.process_time = time.perf_counter");
  window.__py = py;
  return { bootMs: performance.now() - t0 };
}"""

PLAYOUTS = """async (code) => window.__py.runPython(code)"""


def sources() -> dict[str, str]:
    """{path under /bench: text}: the working tree's engine package and bench/search_bench.py."""
    engine = ROOT / "engine"
    files = {p.relative_to(engine).as_posix(): p.read_text() for p in sorted((engine / "meldtable").rglob("*.py"))}
    files["search_bench.py"] = (HERE / "search_bench.py").read_text()
    return files


def playout_rates(page: object, games: list[str], n: int) -> list[str]:
    """Rows of random playouts per second in Pyodide (main thread, wall time): the public API's
    uniform playouts against the quick policy's, from the same positions as bench/search_bench.py."""
    rows = ["| game (Pyodide, wall time) | public, copy only | fast, quick | ratio | public, with determinization "
            "| fast, quick | ratio |", "|---|---|---|---|---|---|---|"]
    for game in games:
        page.evaluate(PLAYOUTS, f"g = search_bench.position(*search_bench.GAMES[{game!r}]); "  # type: ignore[attr-defined]
                      "search_bench.public_playouts(g, 1, random.Random(9), True); "
                      "search_bench.fast_playouts(g, 1, random.Random(9), True, True)")  # warm-up: imports, replay
        code = (f"g = search_bench.position(*search_bench.GAMES[{game!r}]); "
                f"json.dumps([search_bench.public_playouts(g, {n}, random.Random(0), False), "
                f"search_bench.fast_playouts(g, {n}, random.Random(0), False, True), "
                f"search_bench.public_playouts(g, {n}, random.Random(0), True), "
                f"search_bench.fast_playouts(g, {n}, random.Random(0), True, True)])")
        pc, qc, pd, qd = json.loads(page.evaluate(PLAYOUTS, code))  # type: ignore[attr-defined]
        rows.append(f"| {game} | {pc:.0f} | {qc:.0f} | {qc / pc:.2f}x | {pd:.0f} | {qd:.0f} | {qd / pd:.2f}x |")
    return rows


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--decisions", type=int, default=30, help="decisions with more than one legal move per game")
    ap.add_argument("--budget-ms", type=float, default=None, help="bot's budget_ms (default: the engine's default)")
    ap.add_argument("--games", nargs="*", default=list(GAMES), choices=list(GAMES))
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--dist", default=os.environ.get("MELDTABLE_DIST") or str(ROOT / "dist"))
    ap.add_argument("--playouts", type=int, default=0,
                    help="also random playouts per second in Pyodide (this many a measurement; working tree's engine)")
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args(argv)
    games, decisions = a.games, a.decisions
    if a.quick:
        games, decisions = ["3ist50-3"], 3
    dist = Path(a.dist)
    if not (dist / "engine-worker.mjs").exists():
        print(f"{dist} is not a built site: run `python3 build.py` first (or pass --dist)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    from meldtable.bot import DEFAULT_BUDGET_MS, choose_move

    server = build.make_server(dist, port=0, mounts={"/__tests__/": PAGES}, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/__tests__/blank.html"
    load0 = os.getloadavg()
    budget = a.budget_ms
    print(f"strong decisions in the engine worker (Pyodide, headless Chromium), budget "
          f"{budget if budget is not None else f'default ({DEFAULT_BUDGET_MS} ms in this engine)'}, dist {dist}, "
          f"load average {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f}", flush=True)
    rows: list[tuple[str, list[float], list[float]]] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM_PATH") or build.find_chromium()
                                    or "/usr/bin/chromium",
                                    args=["--disable-gpu", "--no-first-run", "--disable-background-timer-throttling"])
        page = browser.new_page()
        page.set_default_timeout(0)
        page.goto(url)
        boot = page.evaluate(BOOT)
        print(f"engine {boot['version']} (Python {boot['python']}) booted in {boot['bootMs'] / 1000:.1f} s", flush=True)
        for game in games:
            variant, players = GAMES[game]
            seed = a.seed
            searched: list[float] = []
            single: list[float] = []
            first = None
            while len(searched) < decisions and seed < a.seed + 50:
                page.evaluate(NEW, [variant, players, seed])
                g = meldtable.new_game(variant, players=players, seed=seed)
                while not g.hand_over and len(searched) < decisions:
                    if g.current_player == 0:  # the person's seat: the normal player's move, by `play`
                        text = g.play(choose_move(g))
                        page.evaluate(PLAY, str(text))
                        continue
                    many = len(g.legal_moves()) > 1
                    r = page.evaluate(BOT, budget)
                    (searched if many else single).append(float(r["ms"]))
                    if first is None:
                        first = float(r["ms"])
                    g.play(r["text"])
                seed += 1
            rows.append((game, searched, single))
            print(f"{game}: {len(searched)} decisions, median {statistics.median(searched):.0f} ms, "
                  f"p95 {pct(searched, 0.95):.0f} ms, max {max(searched):.0f} ms; the game's first {first:.0f} ms; "
                  f"all: {' '.join(f'{x:.0f}' for x in searched)}", file=sys.stderr, flush=True)
        prows: list[str] = []
        if a.playouts:
            page.close()  # (the playouts' page is the only one: a background page may get less CPU)
            page2 = browser.new_page()
            page2.set_default_timeout(0)
            page2.goto(url)
            pb = page2.evaluate(PYBOOT, {"files": sources()})
            print(f"Pyodide (main thread) booted in {pb['bootMs'] / 1000:.1f} s", file=sys.stderr, flush=True)
            prows = playout_rates(page2, games, a.playouts)
        browser.close()
    server.shutdown()
    load1 = os.getloadavg()
    print("| game | decisions (more than one legal move) | median ms | p95 ms | max ms | one legal move: n, median ms |")
    print("|---|---|---|---|---|---|")
    every: list[float] = []
    for game, searched, single in rows:
        every += searched
        one = f"{len(single)}, {statistics.median(single):.0f}" if single else "0, -"
        print(f"| {game} | {len(searched)} | {statistics.median(searched):.0f} | {pct(searched, 0.95):.0f} | "
              f"{max(searched):.0f} | {one} |")
    print(f"| all | {len(every)} | {statistics.median(every):.0f} | {pct(every, 0.95):.0f} | {max(every):.0f} | |")
    if prows:
        print()
        print("\n".join(prows))
    print(f"load average at the end {load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
