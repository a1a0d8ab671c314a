"""The engine benchmarks of bench/engine_bench.py inside Pyodide in headless Chromium, against
CPython in the same run (not a test; figures go to docs/performance.md, "Engine").

    .venv/bin/python bench/pyodide_bench.py [--hands N] [--moves M] [--repeats R] [--variants ID ...] [--json FILE]

Needs a built dist/ (for its Pyodide runtime: ``python3 build.py``), Playwright (in .venv/) and
Chromium (``$CHROMIUM_PATH`` or Debian's chromium). The page is a blank page served next to
dist/; it loads Pyodide from dist/pyodide/ with the site's lock file (so with the build's own
trimmed standard library), writes the engine's sources (every .py file under engine/meldtable/,
subpackages included: the same files CPython imports) and bench/engine_bench.py into Pyodide's
file system, and calls the very same measuring functions as CPython does (``repeat``,
``latency_summary``, ``worst_cases``). Any build of dist/ will do (minified or not, trimmed or
full standard library): the engine is the working tree's, not the build's wheel.

Both sides time with the wall clock (``time.perf_counter``; the browser has no per-process CPU
clock), the same code, the same seeds. CPython runs in this process; every measurement (one
variant, player count and kind of player) is taken on CPython and then at once in Pyodide, so
both see the same load on this shared machine; the ratio Pyodide / CPython is the median over
the repeats of the per-measurement ratios (for latencies: of the two sides' figures). Module
caches are warmed on both sides before timing.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "engine"))
sys.path.insert(0, str(HERE))

import build  # noqa: E402
import engine_bench as B  # noqa: E402
import meldtable  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Page

PAGES = ROOT / "tests" / "browser" / "pages"

BOOT = """async ({ files }) => {
  const t0 = performance.now();
  const { loadPyodide } = await import("/pyodide/pyodide.mjs");
  const base = new URL("/pyodide/", location.href).href;
  const py = await loadPyodide({ indexURL: base, lockFileURL: base + "app-lock.json" });
  for (const [name, text] of Object.entries(files)) {
    py.FS.mkdirTree("/bench/" + name.split("/").slice(0, -1).join("/"));
    py.FS.writeFile("/bench/" + name, text);
  }
  py.runPython("import sys; sys.path.insert(0, '/bench'); import engine_bench, meldtable, json");
  window.__py = py;
  return { bootMs: performance.now() - t0, python: py.runPython("sys.version.split()[0]"),
           where: py.runPython("meldtable.__file__") };
}"""

CALL = """async (code) => window.__py.runPython(code)"""

def sources() -> dict[str, str]:
    """{path under /bench: text}: every .py file of the engine package (subpackages included)
    and bench/engine_bench.py."""
    engine = ROOT / "engine"
    files = {p.relative_to(engine).as_posix(): p.read_text() for p in sorted((engine / "meldtable").rglob("*.py"))}
    files["engine_bench.py"] = (HERE / "engine_bench.py").read_text()
    return files


def rates(page: Page, a: argparse.Namespace, variants: list[str]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Moves per second of random and computer playouts, per variant and player count, on CPython
    and in Pyodide (``page``), each measurement on both sides back to back: one dict per repeat
    and side."""
    cp_reps: list[dict[str, Any]] = []
    py_reps: list[dict[str, Any]] = []
    for r in range(a.repeats):
        cp_rep: dict[str, Any] = {}
        py_rep: dict[str, Any] = {}
        for v in variants:
            for players in B.player_counts(v):
                k = f"{v} {players}p"
                cp_rep[k], py_rep[k] = {}, {}
                for mode, hands, moves in (("random", a.hands, a.moves), ("bot", max(1, a.hands // 4), a.moves // 3)):
                    args = (v, players, hands, r * 1000, mode == "bot", "wall", moves)
                    m, t = B.playouts(*args)
                    pm, pt = json.loads(page.evaluate(CALL, f"json.dumps(engine_bench.playouts(*{args!r}))"))
                    cp_rep[k][mode], cp_rep[k][mode + "_moves"] = m / t, m
                    py_rep[k][mode], py_rep[k][mode + "_moves"] = pm / pt, pm
        cp_reps.append(cp_rep)
        py_reps.append(py_rep)
        print(f"repeat {r + 1}/{a.repeats} done", file=sys.stderr, flush=True)
    return cp_reps, py_reps


def latencies(page: Page, variants: list[str], lat_hands: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """``legal_moves`` latency summaries and the constructed worst cases per variant, on CPython
    and in Pyodide (``page``): ``{"latency": {...}, "worst": {variant: [...]}}`` per side."""
    cp_lat: dict[str, Any] = {"latency": {}, "worst": {}}
    py_lat: dict[str, Any] = {"latency": {}, "worst": {}}
    for v in variants:
        cp_lat["latency"].update(B.latency_summary([v], lat_hands, "wall"))
        cp_lat["worst"][v] = B.worst_cases(v, "wall")
        got = json.loads(page.evaluate(CALL, (
            f"json.dumps([engine_bench.latency_summary([{json.dumps(v)}], {lat_hands}, 'wall'), "
            f"engine_bench.worst_cases({json.dumps(v)}, 'wall')])")))
        py_lat["latency"].update(got[0])
        py_lat["worst"][v] = got[1]
    return cp_lat, py_lat


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=8)
    ap.add_argument("--moves", type=int, default=3000, help="at least this many moves per measurement (computer: a third)")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--variants", nargs="*", default=list(meldtable.VARIANTS))
    ap.add_argument("--dist", default=os.environ.get("MELDTABLE_DIST") or str(ROOT / "dist"))
    ap.add_argument("--json", metavar="FILE")
    a = ap.parse_args()
    dist = Path(a.dist)
    if not (dist / "pyodide" / "pyodide.mjs").exists():
        print(f"{dist} has no Pyodide runtime: run `python3 build.py` first", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    server = build.make_server(dist, port=0, mounts={"/__tests__/": PAGES}, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/__tests__/blank.html"
    load0 = os.getloadavg()
    print(f"CPython {sys.version.split()[0]} vs Pyodide in Chromium; {a.repeats} x {a.hands} hands and {a.moves} moves "
          "per player count; "
          f"load average {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f}", flush=True)
    variants = a.variants
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=build.find_chromium() or "/usr/bin/chromium",
                                    args=["--disable-gpu", "--no-first-run", "--disable-background-timer-throttling"])
        page = browser.new_page()
        page.set_default_timeout(0)
        page.goto(url)
        boot = page.evaluate(BOOT, {"files": sources()})
        print(f"Pyodide Python {boot['python']} booted in {boot['bootMs'] / 1000:.1f} s; engine from {boot['where']}",
              flush=True)
        page.evaluate(CALL, f"engine_bench.warm_up({json.dumps(variants)})")
        B.warm_up(variants)
        cp_reps, py_reps = rates(page, a, variants)
        cp_lat, py_lat = latencies(page, variants, max(1, a.hands // 4))
        browser.close()
    server.shutdown()
    load1 = os.getloadavg()

    keys = list(cp_reps[0])
    rows = ["| variant, players | CPython random (moves/s) | Pyodide random | ratio | CPython computer (moves/s) "
            "| Pyodide computer | ratio | "
            "legal_moves median CPython / Pyodide | p99 CPython / Pyodide | max CPython / Pyodide |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    result: dict[str, Any] = {"rates": {}, "latency": {"cpython": cp_lat["latency"], "pyodide": py_lat["latency"]},
                    "worst": {"cpython": cp_lat["worst"], "pyodide": py_lat["worst"]}}
    for k in keys:
        cr = statistics.median(x[k]["random"] for x in cp_reps)
        pr = statistics.median(x[k]["random"] for x in py_reps)
        cb = statistics.median(x[k]["bot"] for x in cp_reps)
        pb = statistics.median(x[k]["bot"] for x in py_reps)
        rr = statistics.median(y[k]["random"] / x[k]["random"] for x, y in zip(cp_reps, py_reps))
        rb = statistics.median(y[k]["bot"] / x[k]["bot"] for x, y in zip(cp_reps, py_reps))
        cl, pl = cp_lat["latency"][k], py_lat["latency"][k]
        result["rates"][k] = {"cpython_random": cr, "pyodide_random": pr, "cpython_bot": cb, "pyodide_bot": pb,
                              "ratio_random": rr, "ratio_bot": rb}
        rows.append(f"| {k} | {cr:,.0f} | {pr:,.0f} | {rr:.2f} | {cb:,.0f} | {pb:,.0f} | {rb:.2f} | "
                    f"{cl['median_ms']:.3f} / {pl['median_ms']:.3f} ms | {cl['p99_ms']:.3f} / {pl['p99_ms']:.3f} ms | "
                    f"{cl['max_ms']:.2f} / {pl['max_ms']:.2f} ms |")
    rows += ["", "| worst case (constructed) | legal moves | CPython | Pyodide | ratio |", "|---|---:|---:|---:|---:|"]
    for v in variants:
        for cw, pw in zip(cp_lat["worst"][v], py_lat["worst"][v]):
            rows.append(f"| {v}: {cw['case']} | {cw['legal_moves']} | {cw['ms']:.2f} ms | {pw['ms']:.2f} ms "
                        f"| {pw['ms'] / cw['ms']:.2f} |")
    print("\n".join(rows))
    print(f"\nload average at the end {load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f}")
    if a.json:
        Path(a.json).write_text(json.dumps({**result, "cpython_repeats": cp_reps, "pyodide_repeats": py_reps,
                                            "boot": boot, "load_start": load0, "load_end": load1}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
