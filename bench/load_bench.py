"""Page-load benchmark in headless Chromium (not a test; figures go to docs/performance.md).

    .venv/bin/python bench/load_bench.py [--profiles none,fast4g,slow4g] [--runs N] [--repeat R] [--runs-slow N]
        [--warmups W] [--host gzip|precompressed] [--dist DIR] [--json FILE]
        [--no-ablations | --ablations KIND,... [--ablation-profile PROFILE] [--import-runs N]] [--against DIR]

Smallest run (what tests/test_bench_smoke.py does): `--profiles none --runs 1 --warmups 0
--import-runs 1 --ablations no-snapshot`.

Needs a built dist/ (`python3 build.py`), Playwright (in .venv/) and Chromium (/usr/bin/chromium
or $CHROMIUM_PATH). Serves the site on loopback like an ordinary web host (gzip on the fly; with
`--host precompressed` it sends a file's .br/.gz copy when there is one, writing them first as
`build.py --precompress` does) and measures, per network profile, medians of N runs (with
`--repeat R`, of the R x N visits of R measurements in fresh profiles, each repeat's ratios
listed too: on 2 shared cores one measurement's ratios scatter by about ±0.1):

- the app: shell first paint (first-contentful-paint), engine ready (<html
  data-engine-state="ready">), first legal move shown (the page's own script presses "Start"
  the moment the dialog opens; #felt[data-legal] becomes non-empty), the longest main-thread
  task before ready and the bytes over the wire (counted by the server: headers and bodies,
  the service worker's precache included); on a first visit (fresh profile), a warm visit
  (service worker + caches) and offline;
- two baselines measured in the same run, their visits interleaved with the app's so that all
  see the same machine load and the same throttling:
  - stock: a bare page that only calls `loadPyodide()` with Pyodide 314.0.7 exactly as npm
    ships it (its own origin; the whole stdlib as .py sources, pyodide-lock.json): first visit
    (fresh profile) and a second visit (the browser's HTTP cache, revalidated: the server sends
    no-cache). Stock Pyodide cannot start offline.
  - bare: the same bare page on the app's own Pyodide files (the trimmed, byte-compiled stdlib,
    app-lock.json), precached with the app, so warm and offline visits read the same Cache
    Storage as the app: first visit, warm, offline. A bare boot in a module worker, warm, too.
- ablations (unthrottled unless --ablation-profile): one startup optimisation removed (or added)
  at a time, side by side with the shipped site (two origins, visits interleaved). The
  no-snapshot variant rebuilds the worker from this checkout's web/engine-worker.mjs (minified
  by build.minify_web when the site was built minified, the default) and refuses when the site's
  worker is not the one that source builds (rebuild dist/ first).
- --against DIR: the site in --dist side by side with another build (e.g. an older commit's
  dist/, copied first): first, warm and offline visits interleaved, each pair alternating which
  goes first, with the paired differences (what a change is worth, under the same load and
  network profile: on 2 shared cores the ratios to the bare page scatter by about ±0.15 between
  runs, more than one change is worth). `--profiles ""` skips the main measurement.

Network profiles (`--profiles`), applied with the Chrome DevTools protocol
(Network.emulateNetworkConditions) to the page and its dedicated worker, where every download
before "engine ready" happens; Chromium does not apply it to the service worker, whose precache
starts only after the engine is ready (web/pwa.js) and then mostly revalidates:
- none: loopback, no throttling (CPU and protocol costs only);
- fast4g: Chrome DevTools' "Fast 4G" preset: 9 Mbit/s x 0.9 down (1,012,500 B/s), 1.5 Mbit/s x
  0.9 up (168,750 B/s), 60 ms x 2.75 = 165 ms latency per request;
- slow4g: DevTools' "Slow 4G" preset (called "Fast 3G" before 2024): 1.6 Mbit/s x 0.9 down
  (180,000 B/s), 0.75 Mbit/s x 0.9 up (84,375 B/s), 150 ms x 3.75 = 562.5 ms latency.
(Source: front_end/core/sdk/NetworkManager.ts in ChromeDevTools/devtools-frontend. DevTools
throttling works per request, not per packet: latency is added once per response.)
The page gets `?boot-timeout=900`: its 45 s boot watchdog would otherwise stop slow first visits.
"""
from __future__ import annotations

import argparse
import contextlib
import email.utils
import gzip
import http.server
import io
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, TypeVar, cast

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

T = TypeVar("T")
CHROMIUM_ARGS = ["--disable-gpu", "--disable-background-networking", "--no-first-run",
                 "--disable-component-update", "--disable-sync", "--disable-quic"]
SEED = 20240611
NOT_GZIPPED = (".png", ".zip", ".whl", ".br", ".gz", ".gzip")  # .gzip: the page's wheel (build.gzipped_wheel)
BOOT_TIMEOUT_S = 900

# Chrome DevTools' presets (front_end/core/sdk/NetworkManager.ts): bytes/s and ms.
PROFILES = {
    "none": None,
    "fast4g": {"downloadThroughput": 9e6 / 8 * 0.9, "uploadThroughput": 1.5e6 / 8 * 0.9, "latency": 60 * 2.75},
    "slow4g": {"downloadThroughput": 1.6e6 / 8 * 0.9, "uploadThroughput": 0.75e6 / 8 * 0.9, "latency": 150 * 3.75},
}
PROFILE_LABELS = {
    "none": "no throttling (loopback)",
    "fast4g": "DevTools \"Fast 4G\" (8.1 Mbit/s down, 165 ms)",
    "slow4g": "DevTools \"Slow 4G\" (1.44 Mbit/s down, 562.5 ms)",
}

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

# Stock Pyodide: npm's files as they are, stock defaults (indexURL = this folder, its lock file).
STOCK_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>stock loadPyodide</title><link rel="icon" href="data:,">
<script type="module">
  import { loadPyodide } from "./pyodide.mjs";
  window.__bare = loadPyodide().then(() => performance.now());
</script></head><body><p>stock loadPyodide()</p></body></html>
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
const response = await fetch("./wheels/" + wheel); // the page's wheel is one gzip stream (build.gzipped_wheel)
const body = wheel.endsWith(".gzip") ? response.body.pipeThrough(new DecompressionStream("gzip")) : response.body;
py.FS.writeFile("/tmp/engine.whl", new Uint8Array(await new Response(body).arrayBuffer()));
try {
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
} catch (err) {
  postMessage(JSON.stringify({ error: String(err.message || err) }));
}
"""
IMPORT_PAGE = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module">
window.__run = (kind) => new Promise((resolve) => {
  const w = new Worker("./import-bench.mjs?kind=" + kind, { type: "module" });
  w.onmessage = (e) => { w.terminate(); resolve(JSON.parse(e.data)); };
});
</script>"""


# --------------------------------------------------------------------------- the server

class Counter:
    def __init__(self) -> None:
        self.bytes = 0
        self.lock = threading.Lock()

    def add(self, n: int) -> None:
        with self.lock:
            self.bytes += n

    def take(self) -> int:
        with self.lock:
            n, self.bytes = self.bytes, 0
            return n


class CountingWriter:
    def __init__(self, raw: io.BufferedIOBase, counter: Counter) -> None:
        self.raw, self.counter = raw, counter

    def write(self, data: bytes) -> int:
        self.counter.add(len(data))
        return self.raw.write(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


class BenchHandler(build.SiteHandler):
    """build.py's handler, plus gzip (for clients that accept it) and byte counting."""

    quiet = True
    counter = Counter()
    gz_cache: dict[tuple[str, int], bytes] = {}

    def setup(self) -> None:
        super().setup()
        # a stand-in with the write the handler uses (the rest passed through): typed as the stream it wraps
        self.wfile = cast("io.BufferedIOBase", CountingWriter(self.wfile, self.counter))

    def send_head(self) -> BinaryIO | None:
        path = self.translate_path(self.path)
        precompressed = self.send_precompressed(path)  # <file>.br / .gz, if --host precompressed wrote them
        if precompressed:
            return precompressed
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


def serve(directory: Path, base: type[BenchHandler] | None = None) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve directory on a free loopback port with BenchHandler (or its subclass base); (server,
    base URL)."""
    handler = type("Handler", (base or BenchHandler,), {"directory": str(directory)})
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


def built_worker(site: Path, source: str) -> str:
    """The engine's worker as build.py writes it into `site` from this worker source: the source
    itself in a build made with --no-minify, else bundled and minified by build.minify_web (in a
    scratch folder holding only the worker and the site's Pyodide loader, which it bundles in)."""
    if not json.loads((site / "version.json").read_text()).get("minified"):
        return source
    with tempfile.TemporaryDirectory(prefix="meldtable-worker-") as tmp:
        scratch = Path(tmp)
        (scratch / "pyodide").mkdir()
        shutil.copyfile(site / "pyodide" / "pyodide.mjs", scratch / "pyodide" / "pyodide.mjs")
        (scratch / build.WORKER).write_text(source)
        with contextlib.redirect_stdout(sys.stderr):  # build.py's log lines: not part of the report
            build.minify_web(scratch)
        return (scratch / build.WORKER).read_text()


def patch_worker(site: Path, kind: str, old: str, new: str) -> None:
    """Replace the one occurrence of old in web/engine-worker.mjs (this checkout's source) and
    write the worker built from it into `site`, minified or not as the site was built. Stops the
    benchmark when the source has no such line, or when the site's worker is not the one this
    checkout's source builds (dist/ older than web/: run python3 build.py)."""
    source = (build.WEB / build.WORKER).read_text()
    if built_worker(site, source) != (site / build.WORKER).read_text():
        raise SystemExit(f"{site.name}/{build.WORKER} is not built from this checkout's web/{build.WORKER}: "
                         f"run python3 build.py (the {kind} variant rebuilds the worker from web/)")
    if source.count(old) != 1:
        raise SystemExit(f"web/{build.WORKER} changed: update the {kind} variant of bench/load_bench.py")
    (site / build.WORKER).write_text(built_worker(site, source.replace(old, new)))


# The variants that put Pyodide's files back as npm ships them: the stdlib zip (whole, as .py
# sources); the runtime script without V8's compile hint (build.py COMPILE_HINT).
AS_NPM_SHIPS = {"stock-stdlib": ("python_stdlib.zip",), "no-compile-hint": build.COMPILE_HINTED}


def variant(src: Path, dst: Path, kind: str) -> Path:
    """A copy of the built site with one startup optimisation removed (or added)."""
    shutil.copytree(src, dst)
    if kind in AS_NPM_SHIPS:
        build.extract_pyodide(build.pyodide_tarball(), dst / "pyodide", AS_NPM_SHIPS[kind])
    elif kind == "full-stdlib":
        # The whole byte-compiled stdlib (build.py --full-stdlib) instead of the trimmed one.
        shutil.copyfile(build.compiled_stdlib(build.pyodide_tarball()), dst / "pyodide" / "python_stdlib.zip")
    elif kind == "no-snapshot":
        # No start-up memory snapshot: every start boots Python and imports the engine.
        patch_worker(dst, kind, 'const canSnapshot = typeof caches !== "undefined" && !!globalThis.crypto?.subtle;',
                     "const canSnapshot = false;")
    elif kind == "late-worker":
        # No early start: the worker is created by app.js once the page's modules have loaded.
        page = dst / "index.html"
        text, count = build.EARLY_SCRIPT.subn("", page.read_text())
        if count != 1:
            raise SystemExit(f"index.html changed: update the {kind} variant of bench/load_bench.py")
        page.write_text(text)
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
        lock["packages"]["meldtable"].pop("unpacked_sha256", None)  # a plain .whl, not gzipped
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
    copies = [c for c in dst.rglob("*") if c.suffix in build.PRECOMPRESSED]
    if copies:  # --host precompressed: copies of the files as changed
        for c in copies:
            c.unlink()
        build.write_precompressed(dst)
    return dst


# --------------------------------------------------------------------------- measuring

def app_visit(page: Page, url: str, timeout_ms: int = BOOT_TIMEOUT_S * 1000) -> dict[str, Any]:
    """Load the app, start a game as soon as possible; the page's own timings in ms."""
    page.goto(url, timeout=timeout_ms)
    page.wait_for_selector("html[data-engine-state=ready]", state="attached", timeout=timeout_ms)
    page.wait_for_function("() => window.__marks.move !== null", timeout=timeout_ms)
    timings: dict[str, Any] = page.evaluate("""() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const m = window.__marks;
      const boot = m.tasks.filter(([s, d]) => s + d <= m.ready).map(([s, d]) => d);
      const atReady = m.tasks.filter(([s, d]) => s <= m.ready && m.ready < s + d).map(([s, d]) => d);
      return { fcp: paint ? paint.startTime : null, ready: m.ready, start: m.start, move: m.move,
               longest: Math.max(0, ...boot), readyTask: Math.max(0, ...atReady) };
    }""")
    return timings


def bare_visit(page: Page, url: str) -> float:
    """The bare page's loadPyodide() resolution time in ms since navigation start."""
    page.goto(url, timeout=BOOT_TIMEOUT_S * 1000)
    return cast("float", page.evaluate("() => window.__bare"))


def offline_capable(page: Page, timeout_ms: int = BOOT_TIMEOUT_S * 1000) -> None:
    page.wait_for_selector("html[data-pwa=ready]", state="attached", timeout=timeout_ms)
    time.sleep(0.3)


def fresh(browser: Browser, profile: str | None = None) -> tuple[BrowserContext, Page]:
    """A new context (empty profile) and page, with the probe script and the network profile."""
    context = browser.new_context()
    context.add_init_script(PROBE)
    return context, new_page(context, profile)


def new_page(context: BrowserContext, profile: str | None) -> Page:
    """A page of the context, throttled with the DevTools protocol when profile names one."""
    page = context.new_page()
    page.set_default_timeout(BOOT_TIMEOUT_S * 1000)
    conditions = PROFILES.get(profile or "none")
    if conditions:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {"offline": False, **conditions})
    return page


def stock_site(directory: Path) -> Path:
    """A folder with Pyodide exactly as npm ships it and the stock page (stock.html)."""
    build.extract_pyodide(build.pyodide_tarball(), directory, build.PYODIDE_FILES + ("pyodide-lock.json",))
    (directory / "stock.html").write_text(STOCK_PAGE)
    return directory


def add_bare_pages(directory: Path) -> None:
    """The bare pages next to the app, precached with it (sw.js rewritten): warm and offline
    visits of the bare page then read the same Cache Storage as the app."""
    (directory / "bare.html").write_text(BARE_PAGE)
    (directory / "bare-worker.html").write_text(BARE_WORKER_PAGE)
    (directory / "bare-worker.mjs").write_text(BARE_WORKER)
    # the bare pages load Pyodide's own loader, which the app's worker has bundled in
    build.write_service_worker(directory, tuple(f for f in build.precache_exclusions(directory)
                                                if f != "pyodide/pyodide.mjs"))


def visit(counter: Counter, fn: Callable[..., T], *args: Any) -> tuple[T, int]:
    """(fn's result, bytes the servers sent meanwhile)."""
    counter.take()
    result = fn(*args)
    return result, counter.take()


def first_visits(browser: Browser, profile: str, runs: int, out: dict[str, Any], urls: tuple[str, str, str]
                 ) -> tuple[BrowserContext, Page, BrowserContext, Page]:
    """:func:`measure`'s first visits: ``runs`` rounds of a fresh profile's visit to the app, the
    bare page and the stock page (``urls``), in rotating order, into ``out``; returns the last app
    context and page and the last stock context and page (the warm visits go on in them)."""
    app_url, bare_url, stock_url = urls
    counter = BenchHandler.counter
    context: BrowserContext | None = None
    page: Page | None = None
    stock_context: BrowserContext | None = None
    stock_page: Page | None = None
    for i in range(runs):
        for step in range(3):
            kind = ("app", "bare", "stock")[(i + step) % 3]
            if kind == "app":
                if context:
                    context.close()
                context, page = fresh(browser, profile)
                counter.take()
                out["first"].append(app_visit(page, app_url))
                offline_capable(page)
                out["bytes_first"].append(counter.take())
            elif kind == "bare":
                bare_context, bare_page = fresh(browser, profile)
                result, sent = visit(counter, bare_visit, bare_page, bare_url)
                out["bare_first"].append(result)
                out["bytes_bare_first"].append(sent)
                bare_context.close()
            else:
                if stock_context:
                    stock_context.close()
                stock_context, stock_page = fresh(browser, profile)
                result, sent = visit(counter, bare_visit, stock_page, stock_url)
                out["stock_first"].append(result)
                out["bytes_stock_first"].append(sent)
    assert context and page and stock_context and stock_page, "no first visits (runs >= 1)"
    return context, page, stock_context, stock_page


def measure(browser: Browser, directory: Path, stock: Path, profile: str, runs: int, warmups: int) -> dict[str, Any]:
    """For one network profile: first visits (fresh profiles) of the app, the bare page and the
    stock page, in rotating order; then, in the app's profile, warm visits of the app and the
    bare page (after warm-up visits, so V8's code caches are in place) interleaved with second
    visits of the stock page (in its own profile); then offline visits of the app and the bare
    page. Times in ms since navigation start; bytes as counted by the servers."""
    server, base = serve(directory)
    stock_server, stock_base = serve(stock)
    app_url = base + f"?fast=1&seed={SEED}&boot-timeout={BOOT_TIMEOUT_S}"
    bare_url, worker_url, stock_url = base + "bare.html", base + "bare-worker.html", stock_base + "stock.html"
    keys = ("first", "warm", "offline", "bare_first", "bare_warm", "bare_offline", "bare_worker_warm",
            "stock_first", "stock_warm")
    out: dict[str, Any] = {key: [] for key in keys} | {"bytes_" + key: [] for key in keys}
    counter = BenchHandler.counter
    contexts: list[BrowserContext] = []
    try:
        context, page, stock_context, stock_page = first_visits(browser, profile, runs, out, (app_url, bare_url, stock_url))
        contexts = [context, stock_context]
        out["storage"] = page.evaluate("() => navigator.storage.estimate().then((e) => e.usage)")
        for _ in range(warmups):
            app_visit(page, app_url)
            bare_visit(page, bare_url)
            bare_visit(page, worker_url)
            bare_visit(stock_page, stock_url)
        for _ in range(runs):
            counter.take()
            out["warm"].append(app_visit(page, app_url))
            time.sleep(0.2)
            out["bytes_warm"].append(counter.take())
            for key, pg, url in (("bare_warm", page, bare_url), ("bare_worker_warm", page, worker_url),
                                 ("stock_warm", stock_page, stock_url)):
                result, sent = visit(counter, bare_visit, pg, url)
                out[key].append(result)
                out["bytes_" + key].append(sent)
        context.set_offline(True)
        for _ in range(runs):
            counter.take()
            out["offline"].append(app_visit(page, app_url))
            out["bytes_offline"].append(counter.take())
            result, sent = visit(counter, bare_visit, page, bare_url)
            out["bare_offline"].append(result)
            out["bytes_bare_offline"].append(sent)
    finally:
        for c in contexts:
            if c:
                c.close()
        for s in (server, stock_server):
            s.shutdown()
            s.server_close()
    return out


def measure_import(browser: Browser, directory: Path, rounds: int) -> dict[str, Any]:
    """{"src_import": [...], "pyc_import": [...], "src_hello_new": [...], "pyc_hello_new": [...]}
    in ms, fresh workers, the two wheels alternately."""
    version = json.loads((directory / "version.json").read_text())
    if version["wheel"] == version["embed_wheel"]:
        return {}
    (directory / "import-bench.mjs").write_text(IMPORT_WORKER)
    (directory / "import-bench.html").write_text(IMPORT_PAGE)
    server, base = serve(directory)
    out: dict[str, list[float]] = {f"{kind}_{step}": [] for kind in ("src", "pyc") for step in ("import", "hello_new")}
    page = browser.new_page()
    try:
        page.goto(base + "import-bench.html")
        for i in range(rounds):
            for kind in (("src", "pyc") if i % 2 == 0 else ("pyc", "src")):
                r = page.evaluate("(kind) => window.__run(kind)", kind)
                if "error" in r:
                    raise SystemExit(f"the engine import test failed in Pyodide: {r['error'][-500:]}")
                out[f"{kind}_import"].append(r["import"])
                out[f"{kind}_hello_new"].append(r["hello_new"])
        return out
    finally:
        page.close()
        server.shutdown()
        server.server_close()
        for name in ("import-bench.mjs", "import-bench.html"):
            (directory / name).unlink()


def interleaved(out: list[list[float]], pages: list[Page], urls: list[str], runs: int) -> None:
    """`runs` visits of each of the two sites, alternating which goes first; engine-ready times
    appended to out[0] and out[1]."""
    for i in range(runs):
        for k in ((0, 1) if i % 2 == 0 else (1, 0)):
            out[k].append(app_visit(pages[k], urls[k])["ready"])


def measure_pair(browser: Browser, shipped: Path, changed: Path, runs: int, warmups: int, profile: str = "none",
                 offline: bool = False) -> dict[str, Any]:
    """The shipped site and a variant side by side (two origins, visits interleaved, so both
    see the same machine load and network profile): first visits in fresh profiles, then warm
    visits, then (offline=True) offline visits, each pair alternating which goes first."""
    servers = [serve(shipped), serve(changed)]
    urls = [base + f"?fast=1&seed={SEED}&boot-timeout={BOOT_TIMEOUT_S}" for _, base in servers]
    out: dict[str, list[list[float]]] = {"first": [[], []], "warm": [[], []], "offline": [[], []], "bytes_first": [[], []]}
    counter = BenchHandler.counter
    try:
        pages: list[Page | None] = [None, None]
        contexts: list[BrowserContext | None] = [None, None]
        for _ in range(max(min(3, runs), runs // 2)):  # at least 3 unless fewer runs are asked for
            for k in (0, 1):
                if old := contexts[k]:
                    old.close()
                context, page = fresh(browser, profile)
                contexts[k], pages[k] = context, page
                counter.take()
                out["first"][k].append(app_visit(page, urls[k])["ready"])
                offline_capable(page)
                out["bytes_first"][k].append(counter.take())
        # (every slot is filled now: the loop above runs at least once)
        opened, visited = cast("list[BrowserContext]", contexts), cast("list[Page]", pages)
        for _ in range(warmups):
            for k in (0, 1):
                app_visit(visited[k], urls[k])
        interleaved(out["warm"], visited, urls, runs)
        if offline:
            for context in opened:
                context.set_offline(True)
            interleaved(out["offline"], visited, urls, runs)
        for context in opened:
            context.close()
    finally:
        for server, _ in servers:
            server.shutdown()
            server.server_close()
    return out


def med(values: Iterable[float | None]) -> float:
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else float("nan")


def col(visits: list[dict[str, Any]], key: str) -> float:
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
    "full-stdlib": "the whole byte-compiled stdlib, not only the modules the page imports",
    "stock-stdlib": "stock stdlib (whole, not byte-compiled)",
    "source-wheel": "engine wheel: the universal one (.py sources as written), not the shipped one (minified or byte-compiled)",
    "no-snapshot": "no start-up memory snapshot (every start boots Python and imports the engine)",
    "no-compile-hint": "Pyodide's runtime script without V8's compile hint (`//# allFunctionsCalledOnLoad`)",
    "late-worker": "worker created by app.js after the page's modules load, not by index.html's inline script",
    "boot-animations": "boot screen animated from the start (no 1.5 s delay, animated progress width)",
    "modulepreload": "plus `<link rel=modulepreload href=pyodide/pyodide.mjs>` in the page",
}


def ms(value: float) -> str:
    return "–" if value != value else f"{value:.0f} ms"


def mb(values: Iterable[float | None]) -> str:
    value = med(values)
    return "–" if value != value else f"{value / 1e6:.2f} MB"


def ratio(a: float, b: float) -> str:
    return "–" if a != a or b != b or not b else f"{a / b:.2f}x"


def pooled(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The visits of several measure() results of one profile in one result (lists joined, the
    last Cache Storage figure), with each part's warm and offline ratios to the bare page in
    "repeats"."""
    out: dict[str, Any] = {"repeats": []}
    for part in parts:
        for key, value in part.items():
            if isinstance(value, list):
                out.setdefault(key, []).extend(value)
            else:
                out[key] = value
        out["repeats"].append({key: col(part[key], "ready") / med(part["bare_" + key]) for key in ("warm", "offline")})
    return out


def report_profile(profile: str, r: dict[str, Any], runs: int) -> list[str]:
    """The table of one network profile."""
    repeats = r.get("repeats", [])
    pooled_from = f" (pooled from {len(repeats)} repeats, each in fresh profiles)" if len(repeats) > 1 else ""
    lines = [f"**{PROFILE_LABELS[profile]}**, medians of {runs}{pooled_from}:", "",
             "| visit | shell first paint | engine ready | first legal move shown | longest task before ready "
             "| bytes over the wire | stock `loadPyodide()`: ready, bytes | ready ÷ stock | bare `loadPyodide()` "
             "on the app's files: ready, bytes | ready ÷ bare |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for key, label in (("first", "first visit"), ("warm", "warm (service worker)"), ("offline", "offline")):
        visits = r[key]
        ready = col(visits, "ready")
        stock = med(r.get("stock_" + key, []))
        bare = med(r.get("bare_" + key, []))
        stock_cell = "cannot start offline" if key == "offline" else f"{ms(stock)}, {mb(r['bytes_stock_' + key])}"
        lines.append(f"| {label} | {ms(col(visits, 'fcp'))} | **{ms(ready)}** | {ms(col(visits, 'move'))} | "
                     f"{ms(col(visits, 'longest'))} | {mb(r['bytes_' + key])} | {stock_cell} | "
                     f"{'–' if key == 'offline' else ratio(ready, stock)} | {ms(bare)}, {mb(r['bytes_bare_' + key])} | "
                     f"{ratio(ready, bare)} |")
    lines.append("")
    lines.append(f"- warm, bare `loadPyodide()` in a module worker: {ms(med(r['bare_worker_warm']))} "
                 f"(engine ready ÷ that: {ratio(col(r['warm'], 'ready'), med(r['bare_worker_warm']))}); "
                 f"first legal move ÷ stock ready, first visit: {ratio(col(r['first'], 'move'), med(r['stock_first']))}.")
    if len(repeats) > 1:
        lines.append("- engine ready ÷ bare in each repeat: warm " + ", ".join(f"{x['warm']:.2f}x" for x in repeats)
                     + "; offline " + ", ".join(f"{x['offline']:.2f}x" for x in repeats) + ".")
    return lines


def report(results: dict[str, Any], args: argparse.Namespace, directory: Path, load: tuple[float, float]) -> str:
    version = json.loads((directory / "version.json").read_text())
    host = "gzip on the fly (level 6)" if args.host == "gzip" else "precompressed .br/.gz copies, else gzip"
    lines = [f"Build {version['build_id']}, Pyodide {version['pyodide']}, stdlib {version['stdlib']}, engine "
             f"{version['engine']}; host: {host}; "
             f"headless Chromium; warm: after {args.warmups} warm-up visits; {os.cpu_count()} CPUs, "
             f"load average {load[0]:.2f} at the start, {load[1]:.2f} at the end.", ""]
    for profile, r in results["profiles"].items():
        lines += report_profile(profile, r, len(r["first"])) + [""]
    total, own, own_gz = precached_bytes(directory)
    any_profile: dict[str, Any] = next(iter(results["profiles"].values()), {})
    used = (f"Cache Storage reports {any_profile['storage'] / 1e6:.1f} MB used" if "storage" in any_profile
            else "no profile run")
    lines.append(f"- precached: {total / 1e6:.2f} MB in {len(build.read_precache(directory)['files'])} files "
                 f"({used}); the app's own "
                 f"files (all but Pyodide): {own / 1e3:.0f} KB raw, {own_gz / 1e3:.0f} KB with gzip "
                 f"(target < 300 KB).")
    imp = results.get("import")
    if imp:
        shipped = {"min": "minified sources", "pyc": "byte-compiled"}.get(version["engine"], version["engine"])
        lines += ["", "The engine's start in Pyodide, each time in a fresh module worker, the universal wheel "
                  f"(.py sources as written) vs the shipped wheel ({shipped}), alternately (medians of "
                  f"{len(imp['src_import'])}):", "",
                  f"| step | .py sources | shipped: {shipped} |", "|---|---|---|"]
        for step, label in (("import", "`import meldtable.api`"), ("hello_new", "`hello` + first `new` game")):
            lines.append(f"| {label} | {med(imp[f'src_{step}']):.0f} ms | {med(imp[f'pyc_{step}']):.0f} ms |")
    if results.get("ablations"):
        lines += ["", f"Startup work, each removed (or added) alone, measured side by side with the shipped "
                  f"site ({PROFILE_LABELS[args.ablation_profile]}; engine ready, medians; paired difference = "
                  f"median over the interleaved pairs of changed minus shipped):", "",
                  "| change | warm: shipped → changed | ratio | paired difference "
                  "| first visit: shipped → changed | bytes, first visit |",
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
    pair = results.get("against")
    if pair:
        lines += ["", f"Side by side with {pair['dir']} ({PROFILE_LABELS[args.ablation_profile]}; two "
                  f"origins, visits interleaved, each pair alternating which goes first; engine ready, medians "
                  f"of {len(pair['warm'][0])}; paired difference = median over the pairs of this build minus "
                  f"that one):",
                  "", "| visit | that build | this build | paired difference | this build faster |", "|---|---|---|---|---|"]
        for kind in ("first", "warm", "offline"):
            other, this = pair[kind][1], pair[kind][0]
            diffs = [a - b for a, b in zip(this, other)]
            lines.append(f"| {kind.replace('first', 'first visit')} | {med(other):.0f} ms | {med(this):.0f} ms | "
                         f"{med(diffs):+.0f} ms | {sum(d < 0 for d in diffs)} of {len(diffs)} |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--profiles", default="none,fast4g,slow4g",
                        help=f"network profiles, comma-separated, of {', '.join(PROFILES)}")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--runs-slow", type=int, default=3, help="runs under slow4g (a first visit takes ~30 s)")
    parser.add_argument("--warmups", type=int, default=2, help="warm visits not counted")
    parser.add_argument("--repeat", type=int, default=1,
                        help="measure each profile this many times, each in fresh browser profiles, and "
                             "report the medians of all their visits (and each repeat's ratios)")
    parser.add_argument("--host", choices=("gzip", "precompressed"), default="gzip")
    parser.add_argument("--dist", type=Path, default=build.DIST)
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    parser.add_argument("--no-ablations", action="store_true", help="neither the engine import nor the ablations")
    parser.add_argument("--import-runs", type=int, default=0,
                        help="fresh workers per wheel for the engine import (default: --runs, at least 5)")
    parser.add_argument("--ablations", default=",".join(ABLATIONS),
                        help=f"which, comma-separated, of {', '.join(ABLATIONS)}")
    parser.add_argument("--ablation-profile", choices=tuple(PROFILES), default="none")
    parser.add_argument("--against", type=Path, metavar="DIR",
                        help="another built site (e.g. an older commit's dist/): first, warm and offline "
                             "visits side by side with --dist, paired (under --ablation-profile)")
    args = parser.parse_args(argv)
    profiles = [p.strip() for p in args.profiles.split(",") if p.strip()]
    if any(p not in PROFILES for p in profiles):
        parser.error(f"--profiles: choose from {', '.join(PROFILES)}")
    if not (args.dist / "version.json").exists():
        print(f"{args.dist} is not built: run python3 build.py", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    started = time.monotonic()
    load_start = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="meldtable-bench-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(args.dist, site)  # a rebuild of dist/ during the run cannot disturb it
        add_bare_pages(site)
        stock = stock_site(Path(tmp) / "stock")
        if args.host == "precompressed":
            build.write_precompressed(site)
            build.write_precompressed(stock)
        results: dict[str, Any] = {"profiles": {}}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=build.find_chromium() or "/usr/bin/chromium",
                                        args=CHROMIUM_ARGS)
            try:
                for profile in profiles:
                    runs = args.runs_slow if profile == "slow4g" else args.runs
                    print(f"{profile}: app, bare and stock loadPyodide pages ...", file=sys.stderr, flush=True)
                    results["profiles"][profile] = pooled([measure(browser, site, stock, profile, runs, args.warmups)
                                                           for _ in range(max(1, args.repeat))])
                if args.against:
                    print(f"side by side with {args.against} ...", file=sys.stderr, flush=True)
                    other = Path(tmp) / "against"
                    shutil.copytree(args.against, other)
                    results["against"] = measure_pair(browser, site, other, args.runs, args.warmups,
                                                      args.ablation_profile, offline=True)
                    results["against"]["dir"] = str(args.against)
                if not args.no_ablations:
                    print("engine import ...", file=sys.stderr, flush=True)
                    results["import"] = measure_import(browser, site, args.import_runs or max(5, args.runs))
                    results["ablations"] = {}
                    for kind in [k.strip() for k in args.ablations.split(",") if k.strip() in ABLATIONS]:
                        print(f"side by side: {kind} ...", file=sys.stderr, flush=True)
                        changed = variant(site, Path(tmp) / kind, kind)
                        results["ablations"][kind] = measure_pair(browser, site, changed, args.runs, args.warmups,
                                                                  args.ablation_profile)
            finally:
                browser.close()
        text = report(results, args, site, (load_start, os.getloadavg()[0]))
    print(text)
    print(f"\n(benchmark took {time.monotonic() - started:.0f} s)", file=sys.stderr)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
