"""The order of a start's work (web/engine-worker.mjs; docs/architecture.md "Start-up").

On a phone network the first visit is mostly download time (docs/performance.md, "Page load"),
so the worker orders its requests: pyodide.asm.mjs is requested with pyodide.mjs as the worker
starts (handed to loadPyodide as createPyodideModule) instead of one round trip after
loadPyodide starts; loadPyodide does not wait for app-lock.json when no snapshot is stored; and
the engine's wheel
is requested only once the standard library is in, so that it does not take bandwidth from the
files Python needs first (it then shares the network with the rest of the .wasm). The requests are watched as Chromium
reports them (Playwright events, in
the order the browser sent them), on a fresh profile (no snapshot, no service worker yet).
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Request


def test_a_first_visit_requests_pyodide_first_and_the_wheel_last(context: BrowserContext, site_url: str,
                                                                 site_version: dict[str, Any]) -> None:
    events: list[tuple[str, str, str]] = []  # ("request" | "finished", file name, method)

    def seen(kind: str) -> Callable[[Request], None]:
        def add(request: Request) -> None:
            if request.service_worker is None:  # the precache, once the engine is ready, aside
                events.append((kind, urlsplit(request.url).path.rsplit("/", 1)[-1], request.method))
        return add

    context.on("request", seen("request"))
    context.on("requestfinished", seen("finished"))
    page = context.new_page()
    page.goto(site_url)
    page.wait_for_selector("html[data-engine-state=ready]", state="attached", timeout=120_000)
    assert page.evaluate("document.documentElement.dataset.engineStart") == "fresh"

    def first(kind: str, name: str) -> int:
        for i, (k, n, method) in enumerate(events):
            if k == kind and n == name and method == "GET":
                return i
        raise AssertionError(f"no {kind} of {name} in {events}")

    wheel = site_version["wheel"]
    # Pyodide's runtime script is requested as the worker starts, before the .wasm and the
    # stdlib (which loadPyodide requests at once). The loader is bundled into the built worker
    # (build.py WORKER): not requested at all; an unminified build imports it.
    assert first("request", "pyodide.asm.mjs") < first("request", "pyodide.asm.wasm")
    assert first("request", "pyodide.asm.mjs") < first("request", "python_stdlib.zip")
    loader = [e for e in events if e[0] == "request" and e[1] == "pyodide.mjs"]
    if site_version.get("minified", True):
        assert loader == [], "the loader is bundled into the worker"
    # The wheel waits for the standard library, and is asked for before Python has started (so
    # it is in by then): the engine is imported after it was sent.
    assert first("finished", "python_stdlib.zip") < first("request", wheel)
    # Each file once (the worker's HEAD of the .wasm aside).
    for name in ("pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "app-lock.json", wheel):
        gets = [e for e in events if e[0] == "request" and e[1] == name and e[2] == "GET"]
        assert len(gets) == 1, (name, gets)


STORED = """async () => {
  const out = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith("meldtable-snapshot:")) continue;
    for (const request of await (await caches.open(name)).keys()) out.push(request.url);
  }
  return out;
}"""


def test_a_snapshot_of_another_build_is_not_restored_and_is_replaced(browser: Browser, dist_dir: Path, tmp_path: Path) -> None:
    """The worker starts restoring the stored snapshot before app-lock.json is read; when the
    lock then names another key (a new build), the start goes on as a fresh one and the new
    build's snapshot replaces the old one. No service worker here, so each visit reads the
    files as they are on the server."""
    import json
    import shutil
    import threading
    import time

    import build

    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    server = build.make_server(site, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/?fast=1"
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()

        def start() -> str:
            page.goto(url)
            page.wait_for_selector("html[data-engine-state=ready]", state="attached", timeout=120_000)
            return cast("str", page.evaluate("document.documentElement.dataset.engineStart"))

        def stored(other_than: list[str] | None = None) -> list[str]:
            """The one stored snapshot, once it is not `other_than` (it is stored after "ready")."""
            for _ in range(300):
                found = page.evaluate(STORED)
                if len(found) == 1 and found != other_than:
                    return cast("list[str]", found)
                time.sleep(0.1)
            raise AssertionError(f"stored snapshots: {page.evaluate(STORED)}")

        assert start() == "fresh"
        old = stored()
        assert start() == "snapshot"
        # "A new build": the lock file changes, so its key does.
        lock_path = site / "pyodide" / "app-lock.json"
        lock = json.loads(lock_path.read_text())
        lock["build_note"] = "another build"
        lock_path.write_text(json.dumps(lock, indent=1) + "\n")
        assert start() == "fresh"
        new = stored(other_than=old)
        assert start() == "snapshot"
        assert stored() == new
        assert page.evaluate("document.documentElement.dataset.engineState") == "ready"
    finally:
        context.close()
        server.shutdown()
        server.server_close()


def test_pyodide_runtime_script_carries_the_compile_hint_and_is_otherwise_npms(dist_dir: Path, tmp_path: Path) -> None:
    """build.py puts V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, a first-line
    comment) in front of Pyodide's runtime script, so that the worker's code cache for it holds
    every function (docs/performance.md, issue #16); the rest of the file, and Pyodide's other
    files, are npm's byte for byte (only the standard library is rebuilt)."""
    import tarfile

    import build

    with tarfile.open(build.pyodide_tarball(), "r:gz") as tar:
        def npm(name: str) -> bytes:
            member = tar.extractfile(f"package/{name}")
            assert member is not None, name
            return member.read()

        shipped = (dist_dir / "pyodide" / "pyodide.asm.mjs").read_bytes()
        assert build.COMPILE_HINTED == ("pyodide.asm.mjs",)
        assert shipped.startswith(b"//# allFunctionsCalledOnLoad\n")
        assert shipped == build.COMPILE_HINT + npm("pyodide.asm.mjs")
        for name in ("pyodide.asm.wasm", "pyodide.mjs"):
            assert (dist_dir / "pyodide" / name).read_bytes() == npm(name), name
    # A second build step over the same file leaves one hint.
    again = tmp_path / "pyodide.asm.mjs"
    again.write_bytes(shipped)
    build.add_compile_hint(again)
    assert again.read_bytes() == shipped
