"""The strong computer player in Pyodide in headless Chromium (issue #27): its decision time in
the page's engine worker ("Time": p95 at most 250 ms, max at most 1 s), the search iterations its
time budget buys, and the search interface's playouts per second ("and the figure in Pyodide").
Not a test: figures go to docs/performance.md ("Search speed", "Decision time in the browser").

    python3 bench/pyodide_search.py [--decisions N] [--budget-ms B] [--games G ...] [--dist DIR]
        [--positions P] [--warm-up S] [--playouts N] [--repeats R] [--quick]

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

Reported per game and over all: decisions, median, p95 and max in ms; the load average
(``--decisions 0``: this part left out).

A second page loads Pyodide from dist/ on the main thread with the working tree's engine sources
and bench/search_bench.py (wall time there: the browser has no CPU clock) for two more tables:

- ``--positions P`` (default 20; 0: none): **the iterations the budget buys.** At the first ``P``
  positions with more than one legal move of a hand (seed ``--seed``, the next seeds if the hand
  ends first) the normal player plays, one ``meldtable.search.search`` with the budget
  (``--budget-ms``, default the engine's ``bot.DEFAULT_BUDGET_MS``) from ``random.Random(k)`` at
  the ``k``-th position, in Pyodide and in this CPython process, position by position
  interleaved: median, p10 and min of the iterations (the first candidate's values that are not
  ``None``) per game, for each, and the median over the positions of Pyodide's iterations over
  CPython's at the same position (wall-time budgets: under load both get less; the ratio is what
  carries over to an idle machine, roughly); then CPython's iterations scaled to a core of its
  own (each search's iterations x its wall time / its CPU time) and that times the ratio: an
  estimate of the browser's iterations on an idle machine. Before a game's counts, ``--warm-up S`` seconds
  (default 5) of untimed searches at its positions in Pyodide (:data:`WARM_UP_S`).
  bench/strength.py plays the strong player at a fixed number of iterations: this says which
  number stands for the browser's strong player. Continental is in ``search.NORMAL_ONLY`` (its
  strong player does not search): its row is marked.
- ``--playouts N``: random playouts per second from bench/search_bench.py's mid-hand positions, N
  a measurement, ``--repeats R`` (default 3) repeats interleaved column by column, medians and
  the median of the repeats' ratios: the public API (``to_json`` -> ``shuffle_hidden`` ->
  ``from_json``, or ``Game.copy``, then ``legal_moves`` + ``play``) against the quick policy
  (``fast, quick``) and the fast path (``search.rollout.fast_determinize`` + ``fast_playout``),
  with determinization and copy only, as search_bench's columns of those names.

``--quick``: 3 decisions of one game, 2 positions, 1 repeat (a smoke run).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "engine"))
sys.path.insert(0, str(HERE))

import build  # noqa: E402
import meldtable  # noqa: E402

PAGES = ROOT / "tests" / "browser" / "pages"
GAMES = {
    "two-hand": ("canasta-two-hand", 2),
    "classic4": ("canasta-classic", 4),
    "kanaster2": ("kanaster", 2),
    "kanaster4": ("kanaster", 4),
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


WARM_UP_S = 5.0
"""Seconds of searches at a game's positions in the fresh Pyodide before its iterations are
counted (``--warm-up``); the playout columns likewise run one untimed repeat of every column
first. Why: Chromium compiles WebAssembly with its baseline compiler first and the optimizing
tier only for the functions found hot, in the background: right after the boot (and for a
game's own code, the first seconds of that game) a search did a third to half of the iterations
it does a few seconds later (3 ist 50, load 5: 17-25 against 42-66 of 160 ms). The engine
worker of the page is warm the same way once a match is under way."""

PLAYOUT_COLUMNS = {
    "pd": "search_bench.public_playouts(g, {n}, random.Random({r}), True)",
    "qd": "search_bench.fast_playouts(g, {n}, random.Random({r}), True, True)",
    "xd": "search_bench.path_playouts(g, {n}, random.Random({r}), True)",
    "pc": "search_bench.public_playouts(g, {n}, random.Random({r}), False)",
    "qc": "search_bench.fast_playouts(g, {n}, random.Random({r}), False, True)",
    "xc": "search_bench.path_playouts(g, {n}, random.Random({r}), False)",
}
"""The playout columns (bench/search_bench.py's functions, run in Pyodide on the game ``g``)."""


def playout_rates(page: Any, games: list[str], n: int, repeats: int) -> list[str]:
    """Rows of random playouts per second in Pyodide (main thread, wall time) from the same
    positions as bench/search_bench.py: the public API against the quick policy and the fast path,
    with determinization and copy only; ``repeats`` repeats, the columns interleaved within each;
    medians, and the ratios as the median of the repeats' ratios."""
    rows = ["| game (Pyodide, wall time) | public, with determinization | fast, quick | fast path | ratio quick "
            "| ratio fast path | public, copy only | fast, quick | fast path | ratio quick | ratio fast path |",
            "|---|---|---|---|---|---|---|---|---|---|---|"]
    for game in games:
        variant, players = GAMES[game]
        page.evaluate(PLAYOUTS, f"g = search_bench.position({variant!r}, {players}); "  # warm-up (see WARM_UP)
                      + "; ".join(code.format(n=n, r=99) for code in PLAYOUT_COLUMNS.values()))
        cols: dict[str, list[float]] = {k: [] for k in PLAYOUT_COLUMNS}
        for r in range(repeats):
            for key, code in PLAYOUT_COLUMNS.items():
                cols[key].append(float(page.evaluate(PLAYOUTS, code.format(n=n, r=r))))

        def ratio(a: str, b: str, cols: dict[str, list[float]] = cols) -> float:
            return statistics.median([x / y for x, y in zip(cols[a], cols[b])])

        m = {k: statistics.median(v) for k, v in cols.items()}
        rows.append(f"| {game} | {m['pd']:.0f} | {m['qd']:.0f} | {m['xd']:.0f} | {ratio('qd', 'pd'):.2f}x "
                    f"| **{ratio('xd', 'pd'):.2f}x** | {m['pc']:.0f} | {m['qc']:.0f} | {m['xc']:.0f} "
                    f"| {ratio('qc', 'pc'):.2f}x | **{ratio('xc', 'pc'):.2f}x** |")
        print(rows[-1], file=sys.stderr, flush=True)
    return rows


def decision_positions(variant: str, players: int, seed: int, count: int) -> list[str]:
    """The first ``count`` positions with more than one legal move (saved games, ``to_json``) of the
    hands the normal player plays from ``seed`` (the next seeds while a hand ends first)."""
    from meldtable.bot import choose_move

    saved: list[str] = []
    for s in range(seed, seed + 50):
        g = meldtable.new_game(variant, players=players, seed=s)
        while not g.hand_over and len(saved) < count:
            if len(g.legal_moves()) > 1:
                saved.append(g.to_json())
            g.play(choose_move(g))
        if len(saved) >= count:
            break
    return saved


ITERATIONS = """async ([saved, seed, budget]) => window.__py.globals.get("search_bench")
  .budget_iterations(saved, seed, budget).toJs()"""


def budget_iterations(page: Any, games: list[str], count: int, seed: int, budget_ms: float,
                      warm_up_s: float = WARM_UP_S) -> list[str]:
    """Rows of the search iterations ``budget_ms`` buys, in Pyodide (``page``) and in CPython, at
    the same positions (:func:`decision_positions`), position by position interleaved: median, p10
    and min per game, the searches' median wall time, the median over the positions of Pyodide's
    iterations over CPython's; then CPython's iterations scaled to a core of its own (iterations x
    wall time / CPU time of each search: what an idle machine would give), and that times the
    ratio: an estimate of the browser's on an idle machine."""
    import search_bench
    from meldtable.search import NORMAL_ONLY

    rows = ["| game | positions | Pyodide iterations: median | p10 | min | search ms median | CPython iterations: "
            "median | p10 | min | search ms median | Pyodide / CPython | CPython, a core of its own: median | p10 | min "
            "| browser estimate, idle: median | p10 | min |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for game in games:
        variant, players = GAMES[game]
        saved = decision_positions(variant, players, seed, count)
        search_bench.budget_iterations(saved[0], 99, budget_ms)  # (the first imports)
        start = time.perf_counter()  # warm-up (see WARM_UP)
        while time.perf_counter() - start < warm_up_s:
            page.evaluate(ITERATIONS, [saved[int(time.perf_counter() * 1000) % len(saved)], 99, budget_ms])
        py: list[tuple[int, float]] = []
        cp: list[tuple[int, float]] = []
        idle: list[float] = []
        for k, text in enumerate(saved):
            it, ms, _ = page.evaluate(ITERATIONS, [text, k, budget_ms])
            py.append((int(it), float(ms)))
            i, ms, cpu_ms = search_bench.budget_iterations(text, k, budget_ms)
            cp.append((i, ms))
            idle.append(i * ms / cpu_ms if cpu_ms > 0 else float(i))
        name = game + (" (NORMAL_ONLY: no search in play)" if variant_family(variant) in NORMAL_ONLY else "")
        cells = []
        for xs in (py, cp):
            its = [float(i) for i, _ in xs]
            cells.append(f"{statistics.median(its):.0f} | {pct(its, 0.1):.0f} | {min(its):.0f} | "
                         f"{statistics.median([ms for _, ms in xs]):.0f}")
        per = statistics.median([a / b for (a, _), (b, _) in zip(py, cp) if b]) if any(b for b, _ in cp) else 0.0
        est = [x * per for x in idle]
        rows.append(f"| {name} | {len(saved)} | {cells[0]} | {cells[1]} | {per:.2f} | {statistics.median(idle):.0f} "
                    f"| {pct(idle, 0.1):.0f} | {min(idle):.0f} | **{statistics.median(est):.0f}** | {pct(est, 0.1):.0f} "
                    f"| {min(est):.0f} |")
        print(rows[-1] + f" Pyodide: {' '.join(str(i) for i, _ in py)}; CPython: {' '.join(str(i) for i, _ in cp)}",
              file=sys.stderr, flush=True)
    return rows


def variant_family(variant: str) -> str:
    return str(meldtable.VARIANTS[variant].family)


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def decision_times(page: Any, games: list[str], decisions: int, seed0: int, budget: float | None
                   ) -> list[tuple[str, list[float], list[float]]]:
    """Per game: the worker's strong decisions' times (ms) with more than one legal move, and
    with one (see the module's docstring)."""
    from meldtable.bot import choose_move

    rows: list[tuple[str, list[float], list[float]]] = []
    for game in games:
        variant, players = GAMES[game]
        seed = seed0
        searched: list[float] = []
        single: list[float] = []
        first = None
        while len(searched) < decisions and seed < seed0 + 50:
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
    return rows


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--decisions", type=int, default=30,
                    help="decisions with more than one legal move per game (0: no decision times)")
    ap.add_argument("--budget-ms", type=float, default=None, help="bot's budget_ms (default: the engine's default)")
    ap.add_argument("--games", nargs="*", default=list(GAMES), choices=list(GAMES))
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--dist", default=os.environ.get("MELDTABLE_DIST") or str(ROOT / "dist"))
    ap.add_argument("--playouts", type=int, default=0,
                    help="also random playouts per second in Pyodide (this many a measurement; working tree's engine)")
    ap.add_argument("--repeats", type=int, default=3, help="repeats of the playout measurements (medians)")
    ap.add_argument("--positions", type=int, default=20,
                    help="positions per game for the search iterations the budget buys (0: not measured)")
    ap.add_argument("--warm-up", type=float, default=WARM_UP_S,
                    help="seconds of untimed searches per game in Pyodide before its iterations are counted")
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args(argv)
    games, decisions, positions, repeats = a.games, a.decisions, a.positions, a.repeats
    if a.quick:
        games, decisions, positions, repeats, a.warm_up = ["3ist50-3"], 3, min(positions, 2), 1, 0.0
    dist = Path(a.dist)
    if not (dist / "engine-worker.mjs").exists():
        print(f"{dist} is not a built site: run `python3 build.py` first (or pass --dist)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    from meldtable.bot import DEFAULT_BUDGET_MS

    server = build.make_server(dist, port=0, mounts={"/__tests__/": PAGES}, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/__tests__/blank.html"
    budget = a.budget_ms
    rows: list[tuple[str, list[float], list[float]]] = []
    irows: list[str] = []
    prows: list[str] = []
    loads: dict[str, tuple[str, str]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM_PATH") or build.find_chromium()
                                    or "/usr/bin/chromium",
                                    args=["--disable-gpu", "--no-first-run", "--disable-background-timer-throttling"])
        if decisions > 0:
            print(f"strong decisions in the engine worker (Pyodide, headless Chromium), budget "
                  f"{budget if budget is not None else f'default ({DEFAULT_BUDGET_MS} ms in this engine)'}, "
                  f"dist {dist}, load average {load()}", flush=True)
            page = browser.new_page()
            page.set_default_timeout(0)
            page.goto(url)
            load0 = load()
            boot = page.evaluate(BOOT)
            print(f"engine {boot['version']} (Python {boot['python']}) booted in {boot['bootMs'] / 1000:.1f} s",
                  flush=True)
            rows = decision_times(page, games, decisions, a.seed, budget)
            loads["decisions"] = (load0, load())
            page.close()  # (the next page is the only one: a background page may get less CPU)
        if a.playouts > 0 or positions > 0:
            page2 = browser.new_page()
            page2.set_default_timeout(0)
            page2.goto(url)
            pb = page2.evaluate(PYBOOT, {"files": sources()})
            print(f"Pyodide (main thread) booted in {pb['bootMs'] / 1000:.1f} s", file=sys.stderr, flush=True)
            if positions > 0:
                load0 = load()
                irows = budget_iterations(page2, games, positions, a.seed,
                                          float(budget if budget is not None else DEFAULT_BUDGET_MS), a.warm_up)
                loads["iterations"] = (load0, load())
            if a.playouts > 0:
                load0 = load()
                prows = playout_rates(page2, games, a.playouts, repeats)
                loads["playouts"] = (load0, load())
        browser.close()
    server.shutdown()
    if rows:
        print(f"strong decisions in the worker (wall time from the page), load average {loads['decisions'][0]} at the "
              f"start, {loads['decisions'][1]} at the end")
        print("| game | decisions (more than one legal move) | median ms | p95 ms | max ms | one legal move: n, median ms |")
        print("|---|---|---|---|---|---|")
        every: list[float] = []
        for game, searched, single in rows:
            every += searched
            one = f"{len(single)}, {statistics.median(single):.0f}" if single else "0, -"
            print(f"| {game} | {len(searched)} | {statistics.median(searched):.0f} | {pct(searched, 0.95):.0f} | "
                  f"{max(searched):.0f} | {one} |")
        print(f"| all | {len(every)} | {statistics.median(every):.0f} | {pct(every, 0.95):.0f} | {max(every):.0f} | |")
        print()
    if irows:
        b = budget if budget is not None else DEFAULT_BUDGET_MS
        print(f"search iterations in a {b:g} ms budget (meldtable.search.search, wall time), the first {positions} "
              f"positions with more than one legal move of the normal player's hand (seed {a.seed}), Pyodide (main "
              f"thread, after {a.warm_up:g} s of untimed searches per game) and CPython ({sys.version.split()[0]}) "
              f"interleaved, load average {loads['iterations'][0]} at the start, {loads['iterations'][1]} at the end")
        print("\n".join(irows))
        print()
    if prows:
        print(f"random playouts per second in Pyodide (main thread, wall time: the browser has no CPU clock), "
              f"{repeats} repeats of {a.playouts} playouts, medians, ratios to the public API from the same repeat, "
              f"load average {loads['playouts'][0]} at the start, {loads['playouts'][1]} at the end")
        print("\n".join(prows))
        print()
    print(f"load average at the end {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
