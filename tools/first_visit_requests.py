"""Which requests a first visit makes, and how many bytes each (not a test; figures go to
docs/performance.md, "Page load").

    /work/main/.venv/bin/python tools/first_visit_requests.py [--dist DIR] [--second] [--json FILE]

Serves the built site (dist/ by default) with bench/load_bench.py's host (gzip level 6 on the
fly; .zip, .whl, .png and the page's .whl.gzip as they are; headers counted), opens it in a fresh headless Chromium
profile, waits for the engine and the first legal move as load_bench's first visit does, then
for the service worker's precache (<html data-pwa=ready>), and prints one line per request:
status, bytes over the wire (headers and body), path, grouped by who asked (the page and its
worker, or the service worker's precache, told apart by the request's order: the precache starts
after "ready"). With --second it also makes the second start (a reload, the page already
controlled) and lists what that start downloads: the later tier (build.PRECACHED_LATER).
"""
from __future__ import annotations

import argparse
import http.server
import io
import json
import os
import sys
import threading
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

import load_bench  # noqa: E402


class Log:
    """Requests seen by the server, in the order they finished: (path, status, bytes)."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, int, int]] = []
        self.lock = threading.Lock()

    def add(self, row: tuple[str, int, int]) -> None:
        with self.lock:
            self.rows.append(row)

    def take(self) -> list[tuple[str, int, int]]:
        with self.lock:
            rows, self.rows = self.rows, []
            return rows


class Writer:
    """The handler's output stream, counting what passes."""

    def __init__(self, raw: io.BufferedIOBase) -> None:
        self.raw, self.count = raw, 0

    def write(self, data: bytes) -> int:
        self.count += len(data)
        return self.raw.write(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


LOG = Log()


class Handler(load_bench.BenchHandler):
    """load_bench's host; one request per connection (HTTP/1.0), logged when it finishes."""

    status = 0

    def setup(self) -> None:
        super().setup()
        self.writer = Writer(self.wfile)
        self.wfile = cast("io.BufferedIOBase", self.writer)

    def send_response(self, code: int, message: str | None = None) -> None:
        self.status = code
        super().send_response(code, message)

    def finish(self) -> None:
        super().finish()
        LOG.add((getattr(self, "path", "?"), self.status, self.writer.count))


def serve(directory: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve directory with Handler on a free loopback port; (server, base URL)."""
    return load_bench.serve(directory, Handler)


def table(title: str, rows: list[tuple[str, int, int]]) -> list[str]:
    """Lines: the title with the total, then one line per request, largest first."""
    lines = [f"{title}: {len(rows)} requests, {sum(r[2] for r in rows):,} bytes"]
    lines += [f"  {status} {size:>10,} {path}" for path, status, size in sorted(rows, key=lambda r: -r[2])]
    return lines


def main(argv: list[str]) -> int:
    """Measure one first visit (and with --second the second start); print the requests."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--second", action="store_true", help="also the second start (the later tier)")
    parser.add_argument("--json", type=Path, help="write the rows as JSON too")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server, url = serve(args.dist.resolve())
    out: dict[str, Any] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"))
        context, page = load_bench.fresh(browser)
        page.goto(url + "?boot-timeout=900")
        page.wait_for_selector("html[data-engine-state=ready]", state="attached")
        before_ready = LOG.take()
        page.wait_for_function("() => window.__marks.move !== null")
        page.wait_for_selector("html[data-pwa=ready]", state="attached")
        page.wait_for_timeout(500)  # the precache's last responses reach the log
        after_ready = LOG.take()
        out["ready"], out["after"] = before_ready, after_ready
        lines = table("until engine ready", before_ready) + table("after ready (game, precache)", after_ready)
        total = sum(r[2] for r in before_ready + after_ready)
        lines.append(f"first visit in all: {total:,} bytes")
        if args.second:
            page.reload()
            page.wait_for_selector("html[data-engine-state=ready]", state="attached")
            page.wait_for_function("""async () => {
              const reg = await navigator.serviceWorker.ready;
              const channel = new MessageChannel();
              const answer = new Promise((resolve) => { channel.port1.onmessage = (e) => resolve(e.data); });
              reg.active.postMessage({ type: "version" }, [channel.port2]);
              return (await answer).later === 0;
            }""", polling=500)
            page.wait_for_timeout(500)
            out["second"] = second = LOG.take()
            lines += table("second start (later tier)", second)
        context.close()
        browser.close()
    server.shutdown()
    print("\n".join(lines))
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
