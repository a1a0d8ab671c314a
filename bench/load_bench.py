"""Page-load benchmark in headless Chromium (not a test; figures go to docs/performance.md).

    .venv/bin/python bench/load_bench.py [--runs N] [--warmups W] [--dist DIR] [--json FILE] [--no-ablations]

Needs a built dist/ (`python3 build.py`), Playwright (in .venv/) and Chromium (/usr/bin/chromium
or $CHROMIUM_PATH). Serves the site on loopback with gzip (like an ordinary web host) and
measures, in one run, medians of N runs:

- the app: shell first paint (first-contentful-paint), engine ready (<html
  data-engine-state="ready">), first legal move shown (the page's own script presses "Start"
  the moment the dialog opens; #felt[data-legal] becomes non-empty), the longest main-thread
  task before ready; on a first visit (fresh profile), a warm visit (service worker + caches)
  and offline;
- the baseline: a bare page that only calls loadPyodide() with the same Pyodide files
  (main thread), first visit, and warm in the app's profile (the same Cache Storage), its
  visits interleaved with the app's so both see the same machine load;
- the ratio engine ready / bare loadPyodide, warm and first visit;
- bytes precached (the service worker's list) and bytes over the wire with gzip (counted by
  the server): first visit including the service worker's precache, a warm visit, offline;
- ablations of the startup work, each variant side by side with the shipped site (two
  origins, visits interleaved): the stock (not byte-compiled) stdlib, the engine wheel as
  .py sources, no start-up memory snapshot (so every start boots Python and imports the
  engine), the worker created late (by app.js), the boot screen animated from the start, and
  a <link rel=modulepreload> of pyodide.mjs.

Loopback has no network latency: first-visit figures show CPU and protocol costs, not
download time; the byte counts give the download size.
"""
from __future__ import annotations

import argparse
import email.utils
import gzip
import http.server
import io
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

CHROMIUM_ARGS = ["--disable-gpu", "--disable-background-networking", "--no-first-run",
                 "--disable-component-update", "--disable-sync", "--disable-quic"]
SEED = 20240611
NOT_GZIPPED = (".png", ".zip", ".whl")

# Runs before the page's scripts: when things happened, in ms since navigation start. It also
# presses "Start" in the new-game dialog the moment it opens (as a player who knows the
# button would), so "first legal move shown" has no test-driver latency in it.
PROBE = """(() => {
  const marks = window.__marks = { ready: null, start: null, move: null, tasks: [] };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) marks.tasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (err) {}
  new MutationObserver(() => {
    const root = document.documentElement;
    if (marks.ready === null && root && root.dataset.engineState === "ready") marks.ready = performance.now();
    const felt = document.getElementById("felt");
    if (marks.move === null && felt && felt.dataset.legal) marks.move = performance.now();
    const dialog = document.getElementById("newgame-dialog"), start = document.getElementById("ng-start");
    if (marks.start === null && marks.ready !== null && dialog && dialog.open && start && !start.disabled) {
      marks.start = performance.now();
      start.click();
    }
  }).observe(document, { subtree: true, attributes: true,
                         attributeFilter: ["data-engine-state", "data-legal", "open", "disabled"] });
})();"""

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare loadPyodide</title><link rel="icon" href="data:,">
<script type="module">
  import { loadPyodide } from "./pyodide/pyodide.mjs";
  const base = new URL("./pyodide/", location.href).href;
  window.__bare = loadPyodide({ indexURL: base, lockFileURL: base + "app-lock.json" })
    .then(() => performance.now());
</script></head><body><p>bare loadPyodide()</p></body></html>
"""

# The same in a module worker (the app boots Pyodide in one): resolves with the time the
# worker reported, in the page's clock.
BARE_WORKER_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare loadPyodide in a worker</title><link rel="icon" href="data:,">
<script type="module">
  const worker = new Worker("./bare-worker.mjs", { type: "module" });
  window.__bare = new Promise((resolve) => { worker.onmessage = () => resolve(performance.now()); });
</script></head><body><p>bare loadPyodide() in a module worker</p></body></html>
"""
BARE_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
const base = new URL("./pyodide/", import.meta.url).href;
await loadPyodide({ indexURL: base, lockFileURL: base + "app-lock.json" });
postMessage("ready");
"""

# The engine's import and first game in Pyodide, as a real start sees them: each time a fresh
# module worker boots Pyodide, unpacks one of the two wheels (the page's byte-compiled one or
# the universal .py one) and times `import meldtable.api`, then `hello` + a first `new` game.
IMPORT_WORKER = r"""
import { loadPyodide } from "./pyodide/pyodide.mjs";
const kind = new URL(import.meta.url).searchParams.get("kind");
const base = new URL("./pyodide/", import.meta.url).href;
const py = await loadPyodide({ indexURL: base, lockFileURL: base + "app-lock.json" });
const v = await (await fetch("./version.json")).json();
const wheel = kind === "pyc" ? v.wheel : v.embed_wheel;
py.FS.writeFile("/tmp/engine.whl", new Uint8Array(await (await fetch("./wheels/" + wheel)).arrayBuffer()));
postMessage(py.runPython(`
import json, sys, time, zipfile
zipfile.ZipFile("/tmp/engine.whl").extractall("/engine")
sys.path.insert(0, "/engine")
t0 = time.perf_counter()
import meldtable.api
t1 = time.perf_counter()
meldtable.api.handle(json.dumps({"id": 1, "op": "hello"}))
meldtable.api.handle(json.dumps({"id": 2, "op": "new", "variant": "canasta-two-hand", "players": 2, "seed": 1}))
t2 = time.perf_counter()
json.dumps({"import": (t1 - t0) * 1000, "hello_new": (t2 - t1) * 1000})
`));
"""
IMPORT_PAGE = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module">
window.__run = (kind) => new Promise((resolve) => {
  const w = new Worker("./import-bench.mjs?kind=" + kind, { type: "module" });
  w.onmessage = (e) => { w.terminate(); resolve(JSON.parse(e.data)); };
});
</script>"""


# --------------------------------------------------------------------------- the server

class Counter:
    def __init__(self):
        self.bytes = 0
        self.lock = threading.Lock()

    def add(self, n: int):
        with self.lock:
            self.bytes += n

    def take(self) -> int:
        with self.lock:
            n, self.bytes = self.bytes, 0
            return n


class CountingWriter:
    def __init__(self, raw, counter: Counter):
        self.raw, self.counter = raw, counter

    def write(self, data):
        self.counter.add(len(data))
        return self.raw.write(data)

    def __getattr__(self, name):
        return getattr(self.raw, name)


class BenchHandler(build.SiteHandler):
    """build.py's handler, plus gzip (for clients that accept it) and byte counting."""

    quiet = True
    counter = Counter()
    gz_cache: dict = {}

    def setup(self):
        super().setup()
        self.wfile = CountingWriter(self.wfile, self.counter)

    def send_head(self):
        path = self.translate_path(self.path)
        if (not os.path.isfile(path) or path.endswith(NOT_GZIPPED)
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        st = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                if int(st.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, OverflowError):
                pass
        key = (path, st.st_mtime_ns)
        body = self.gz_cache.get(key)
        if body is None:
            body = self.gz_cache[key] = gzip.compress(Path(path).read_bytes(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(st.st_mtime))
        self.end_headers()
        return io.BytesIO(body)


def serve(directory: Path):
    handler = type("Handler", (BenchHandler,), {"directory": str(directory)})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), lambda *a, **k: handler(*a, directory=str(directory), **k))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


# --------------------------------------------------------------------------- site variants

def replace_once(path: Path, kind: str, old: str, new: str) -> None:
    """Replace the one occurrence of old in the file; stop the benchmark if the file changed."""
    text = path.read_text()
    if text.count(old) != 1:
        raise SystemExit(f"{path.name} changed: update the {kind} variant of bench/load_bench.py")
    path.write_text(text.replace(old, new))


def variant(src: Path, dst: Path, kind: str) -> Path:
    """A copy of the built site with one startup optimisation removed (or added)."""
    shutil.copytree(src, dst)
    if kind == "stock-stdlib":
        build.extract_pyodide(build.pyodide_tarball(), dst / "pyodide", ("python_stdlib.zip",))
    elif kind == "no-snapshot":
        # No start-up memory snapshot: every start boots Python and imports the engine.
        replace_once(dst / "engine-worker.mjs", kind,
                     'const canSnapshot = typeof caches !== "undefined" && !!globalThis.crypto?.subtle;',
                     "const canSnapshot = false;")
    elif kind == "late-worker":
        # No early start: the worker is created by app.js once the page's modules have loaded.
        replace_once(dst / "index.html", kind, '  <script type="module" async src="engine-early.js"></script>\n', "")
    elif kind == "boot-animations":
        # The boot screen's animations running from the start (fan, pulsing bar, animated width).
        with (dst / "style.css").open("a") as css:
            css.write("\n.boot-fan span { animation-delay: 0s; }\n"
                      ".progress.indeterminate .progress-bar { animation-delay: 0s; }\n"
                      ".progress-bar { transition: width 0.4s ease; }\n")
    elif kind == "source-wheel":
        version = json.loads((dst / "version.json").read_text())
        if version["wheel"] == version["embed_wheel"]:
            raise SystemExit("the site already loads the source wheel (built with --source-wheel?)")
        wheel = dst / "wheels" / version["embed_wheel"]
        lock_path = dst / "pyodide" / "app-lock.json"
        lock = json.loads(lock_path.read_text())
        lock["packages"]["meldtable"].update(file_name=f"../wheels/{wheel.name}", sha256=build.sha256_file(wheel))
        lock_path.write_text(json.dumps(lock, indent=1) + "\n")
        (dst / "wheels" / version["wheel"]).unlink()
        version["wheel"] = wheel.name
        (dst / "version.json").write_text(json.dumps(version, indent=1) + "\n")
    elif kind == "modulepreload":
        anchor = '  <link rel="stylesheet" href="style.css">\n'
        replace_once(dst / "index.html", kind, anchor, anchor + '  <link rel="modulepreload" href="pyodide/pyodide.mjs">\n')
    else:
        raise ValueError(kind)
    build.write_service_worker(dst)
    return dst


# --------------------------------------------------------------------------- measuring

def app_visit(page, url: str, timeout_ms: int = 120_000) -> dict:
    """Load the app, start a game as soon as possible; the page's own timings in ms."""
    page.goto(url)
    page.wait_for_selector("html[data-engine-state=ready]", state="attached", timeout=timeout_ms)
    page.wait_for_function("() => window.__marks.move !== null", timeout=timeout_ms)
    return page.evaluate("""() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const m = window.__marks;
      const boot = m.tasks.filter(([s, d]) => s + d <= m.ready).map(([s, d]) => d);
      const atReady = m.tasks.filter(([s, d]) => s <= m.ready && m.ready < s + d).map(([s, d]) => d);
      return { fcp: paint ? paint.startTime : null, ready: m.ready, start: m.start, move: m.move,
               longest: Math.max(0, ...boot), readyTask: Math.max(0, ...atReady) };
    }""")


def bare_visit(page, url: str) -> float:
    """The bare page's loadPyodide() resolution time in ms since navigation start."""
    page.goto(url)
    return page.evaluate("() => window.__bare")


def offline_capable(page, timeout_ms: int = 120_000):
    page.wait_for_selector("html[data-pwa=ready]", state="attached", timeout=timeout_ms)
    time.sleep(0.3)


def fresh(browser):
    context = browser.new_context()
    context.add_init_script(PROBE)
    return context, context.new_page()


def measure(browser, directory: Path, runs: int, warmups: int) -> dict:
    """First visits (fresh profiles) of the app and of the bare page; then, in the app's
    profile, warm visits of both interleaved (after warm-up visits, so V8's code caches are
    in place), and offline visits of the app. The bare page is served from the same origin,
    so on warm visits its Pyodide files come from the same Cache Storage as the app's."""
    (directory / "bare.html").write_text(BARE_PAGE)
    (directory / "bare-worker.html").write_text(BARE_WORKER_PAGE)
    (directory / "bare-worker.mjs").write_text(BARE_WORKER)
    server, base = serve(directory)
    app_url, bare_url, worker_url = base + f"?fast=1&seed={SEED}", base + "bare.html", base + "bare-worker.html"
    out = {key: [] for key in ("first", "warm", "offline", "bare_first", "bare_warm", "bare_worker_warm",
                               "bytes_first", "bytes_warm", "bytes_offline")}
    counter = BenchHandler.counter
    try:
        context = page = None
        for i in range(runs):
            if context:
                context.close()
            bare_context, bare_page = fresh(browser)
            out["bare_first"].append(bare_visit(bare_page, bare_url))
            bare_context.close()
            context, page = fresh(browser)
            counter.take()
            out["first"].append(app_visit(page, app_url))
            offline_capable(page)
            out["bytes_first"].append(counter.take())
        out["storage"] = page.evaluate("() => navigator.storage.estimate().then((e) => e.usage)")
        for i in range(warmups):
            app_visit(page, app_url)
            bare_visit(page, bare_url)
            bare_visit(page, worker_url)
        for i in range(runs):
            counter.take()
            out["warm"].append(app_visit(page, app_url))
            time.sleep(0.2)
            out["bytes_warm"].append(counter.take())
            out["bare_warm"].append(bare_visit(page, bare_url))
            out["bare_worker_warm"].append(bare_visit(page, worker_url))
        context.set_offline(True)
        for i in range(runs):
            counter.take()
            out["offline"].append(app_visit(page, app_url))
            out["bytes_offline"].append(counter.take())
        context.close()
    finally:
        server.shutdown()
        server.server_close()
        for name in ("bare.html", "bare-worker.html", "bare-worker.mjs"):
            (directory / name).unlink()
    return out


def measure_import(browser, directory: Path, rounds: int) -> dict:
    """{"src_import": [...], "pyc_import": [...], "src_hello_new": [...], "pyc_hello_new": [...]}
    in ms, fresh workers, the two wheels alternately."""
    version = json.loads((directory / "version.json").read_text())
    if version["wheel"] == version["embed_wheel"]:
        return {}
    (directory / "import-bench.mjs").write_text(IMPORT_WORKER)
    (directory / "import-bench.html").write_text(IMPORT_PAGE)
    server, base = serve(directory)
    out = {f"{kind}_{step}": [] for kind in ("src", "pyc") for step in ("import", "hello_new")}
    page = browser.new_page()
    try:
        page.goto(base + "import-bench.html")
        for i in range(rounds):
            for kind in (("src", "pyc") if i % 2 == 0 else ("pyc", "src")):
                r = page.evaluate("(kind) => window.__run(kind)", kind)
                out[f"{kind}_import"].append(r["import"])
                out[f"{kind}_hello_new"].append(r["hello_new"])
        return out
    finally:
        page.close()
        server.shutdown()
        server.server_close()
        for name in ("import-bench.mjs", "import-bench.html"):
            (directory / name).unlink()


def measure_pair(browser, shipped: Path, changed: Path, runs: int, warmups: int) -> dict:
    """The shipped site and a variant side by side (two origins, visits interleaved, so both
    see the same machine load): first visits in fresh profiles, then warm visits."""
    servers = [serve(shipped), serve(changed)]
    urls = [base + f"?fast=1&seed={SEED}" for _, base in servers]
    out = {"first": [[], []], "warm": [[], []], "bytes_first": [[], []]}
    counter = BenchHandler.counter
    try:
        pages, contexts = [None, None], [None, None]
        for i in range(max(3, runs // 2)):
            for k in (0, 1):
                if contexts[k]:
                    contexts[k].close()
                contexts[k], pages[k] = fresh(browser)
                counter.take()
                out["first"][k].append(app_visit(pages[k], urls[k])["ready"])
                offline_capable(pages[k])
                out["bytes_first"][k].append(counter.take())
        for i in range(warmups):
            for k in (0, 1):
                app_visit(pages[k], urls[k])
        for i in range(runs):
            for k in ((0, 1) if i % 2 == 0 else (1, 0)):  # alternate who goes first
                out["warm"][k].append(app_visit(pages[k], urls[k])["ready"])
        for context in contexts:
            context.close()
    finally:
        for server, _ in servers:
            server.shutdown()
            server.server_close()
    return out


def med(values) -> float:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else float("nan")


def col(visits: list[dict], key: str) -> float:
    return med([v[key] for v in visits])


# --------------------------------------------------------------------------- report

def precached_bytes(directory: Path) -> tuple[int, int, int]:
    """(all precached bytes, the app's own bytes = all but pyodide/, the own bytes gzipped)."""
    entries = build.read_precache(directory)["files"]
    total = own = own_gz = 0
    for rel, _ in entries:
        path = directory / ("index.html" if rel == "./" else rel)
        size = path.stat().st_size
        total += size
        if not rel.startswith("pyodide/"):
            own += size
            own_gz += size if path.suffix in NOT_GZIPPED else len(gzip.compress(path.read_bytes(), 6))
    sw = directory / "sw.js"
    return total + sw.stat().st_size, own + sw.stat().st_size, own_gz + len(gzip.compress(sw.read_bytes(), 6))


ABLATIONS = {
    "stock-stdlib": "stock stdlib (not byte-compiled)",
    "source-wheel": "engine wheel as .py sources (not byte-compiled)",
    "no-snapshot": "no start-up memory snapshot (every start boots Python and imports the engine)",
    "late-worker": "worker created by app.js after the page's modules load, not by engine-early.js",
    "boot-animations": "boot screen animated from the start (no 1.5 s delay, animated progress width)",
    "modulepreload": "plus `<link rel=modulepreload href=pyodide/pyodide.mjs>` in the page",
}


def report(results: dict, runs: int, warmups: int, directory: Path) -> str:
    r = results["main"]
    version = json.loads((directory / "version.json").read_text())
    lines = [f"Medians of {runs} runs (warm: after {warmups} warm-up visits; app and bare page "
             f"interleaved); build {version['build_id']}, Pyodide {version['pyodide']}, stdlib "
             f"{version['stdlib']}; headless Chromium, loopback server with gzip; {os.cpu_count()} CPUs, "
             f"load average {os.getloadavg()[0]:.1f} at the end.", ""]
    lines.append("| visit | shell first paint | engine ready | first legal move shown | longest main-thread task before ready | bytes over the wire (gzip) |")
    lines.append("|---|---|---|---|---|---|")
    for key, label in (("first", "first visit"), ("warm", "warm visit (service worker)"), ("offline", "offline")):
        visits = r[key]
        lines.append(f"| {label} | {col(visits, 'fcp'):.0f} ms | {col(visits, 'ready'):.0f} ms | "
                     f"{col(visits, 'move'):.0f} ms | {col(visits, 'longest'):.0f} ms | "
                     f"{med(r['bytes_' + key]) / 1e6:.2f} MB |")
    lines.append(f"| bare `loadPyodide()` page, first visit | – | {med(r['bare_first']):.0f} ms | – | – | – |")
    lines.append(f"| bare `loadPyodide()` page, warm (same cache) | – | {med(r['bare_warm']):.0f} ms | – | – | – |")
    lines.append(f"| bare `loadPyodide()` in a module worker, warm (same cache) | – | {med(r['bare_worker_warm']):.0f} ms | – | – | – |")
    lines.append("")
    ratio_warm = col(r["warm"], "ready") / med(r["bare_warm"])
    ratio_first = col(r["first"], "ready") / med(r["bare_first"])
    lines.append(f"- engine ready / bare loadPyodide: **{ratio_warm:.2f}x warm** (target ≤ 1.3x), "
                 f"{ratio_first:.2f}x on a first visit; warm / bare loadPyodide in a module worker: "
                 f"{col(r['warm'], 'ready') / med(r['bare_worker_warm']):.2f}x.")
    lines.append(f"- the page's task that shows the ready table (after the engine is ready): median "
                 f"{col(r['warm'], 'readyTask'):.0f} ms warm, {col(r['first'], 'readyTask'):.0f} ms first visit "
                 f"(0 = under 50 ms).")
    total, own, own_gz = precached_bytes(directory)
    lines.append(f"- precached: {total / 1e6:.2f} MB in {len(build.read_precache(directory)['files'])} files "
                 f"(Cache Storage reports {r.get('storage', 0) / 1e6:.1f} MB used); the app's own "
                 f"files (all but Pyodide): {own / 1e3:.0f} KB raw, {own_gz / 1e3:.0f} KB with gzip "
                 f"(target < 300 KB).")
    imp = results.get("import")
    if imp:
        lines += ["", "The engine's start in Pyodide, each time in a fresh module worker, `.py` wheel vs the "
                  "shipped byte-compiled wheel, alternately (medians):", "",
                  "| step | .py sources | byte-compiled |", "|---|---|---|"]
        for step, label in (("import", "`import meldtable.api`"), ("hello_new", "`hello` + first `new` game")):
            lines.append(f"| {label} | {med(imp[f'src_{step}']):.0f} ms | {med(imp[f'pyc_{step}']):.0f} ms |")
    if results.get("ablations"):
        lines += ["", "Startup work, each removed (or added) alone, measured side by side with the shipped "
                  "site (engine ready, medians; paired difference = median over the interleaved pairs "
                  "of changed minus shipped):", "",
                  "| change | warm: shipped → changed | ratio | paired difference | first visit: shipped → changed | bytes, first visit |",
                  "|---|---|---|---|---|---|"]
        for kind, label in ABLATIONS.items():
            a = results["ablations"].get(kind)
            if not a:
                continue
            ws, wc = med(a["warm"][0]), med(a["warm"][1])
            fs, fc = med(a["first"][0]), med(a["first"][1])
            paired = med([c - s for s, c in zip(a["warm"][0], a["warm"][1])])
            lines.append(f"| {label} | {ws:.0f} → {wc:.0f} ms | {wc / ws:.2f}x | {paired:+.0f} ms | {fs:.0f} → {fc:.0f} ms | "
                         f"{med(a['bytes_first'][0]) / 1e6:.2f} → {med(a['bytes_first'][1]) / 1e6:.2f} MB |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--warmups", type=int, default=2, help="warm visits not counted")
    parser.add_argument("--dist", type=Path, default=build.DIST)
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    parser.add_argument("--no-ablations", action="store_true")
    args = parser.parse_args(argv)
    if not (args.dist / "version.json").exists():
        print(f"{args.dist} is not built: run python3 build.py", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="meldtable-bench-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(args.dist, site)  # a rebuild of dist/ during the run cannot disturb it
        results = {}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=build.find_chromium() or "/usr/bin/chromium",
                                        args=CHROMIUM_ARGS)
            try:
                print("app and bare loadPyodide page ...", file=sys.stderr, flush=True)
                results["main"] = measure(browser, site, args.runs, args.warmups)
                print("engine import ...", file=sys.stderr, flush=True)
                results["import"] = measure_import(browser, site, max(5, args.runs))
                if not args.no_ablations:
                    results["ablations"] = {}
                    for kind in ABLATIONS:
                        print(f"side by side: {kind} ...", file=sys.stderr, flush=True)
                        changed = variant(site, Path(tmp) / kind, kind)
                        results["ablations"][kind] = measure_pair(browser, site, changed, args.runs, args.warmups)
            finally:
                browser.close()
        text = report(results, args.runs, args.warmups, site)
    print(text)
    print(f"\n(benchmark took {time.monotonic() - started:.0f} s)", file=sys.stderr)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
