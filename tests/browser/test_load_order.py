"""The order of a first visit's downloads (web/engine-worker.mjs; docs/architecture.md "Start-up").

On a phone network the first visit is mostly download time (docs/performance.md, "Page load"),
so the worker orders its requests: pyodide.asm.mjs is requested with pyodide.mjs as the worker
starts (handed to loadPyodide as createPyodideModule) instead of one round trip after
loadPyodide starts; loadPyodide does not wait for app-lock.json when no snapshot is stored; and
the engine's wheel
is requested only once the .wasm and the standard library are in, so that it does not take
bandwidth from them. The requests are watched as Chromium reports them (Playwright events, in
the order the browser sent them), on a fresh profile (no snapshot, no service worker yet).
"""
from __future__ import annotations

from urllib.parse import urlsplit


def test_a_first_visit_requests_pyodide_first_and_the_wheel_last(context, site_url, site_version):
    events: list[tuple[str, str, str]] = []  # ("request" | "finished", file name, method)

    def seen(kind):
        def add(request):
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
    # Pyodide's runtime script is requested as the worker starts, with the loader, before the
    # .wasm and the stdlib (which loadPyodide requests once the loader is in).
    assert first("request", "pyodide.asm.mjs") < first("request", "pyodide.asm.wasm")
    assert first("request", "pyodide.mjs") < first("request", "python_stdlib.zip")
    # The wheel waits for the two large downloads.
    assert first("finished", "pyodide.asm.wasm") < first("request", wheel)
    assert first("finished", "python_stdlib.zip") < first("request", wheel)
    # Each file once (the worker's HEAD of the .wasm aside).
    for name in ("pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "app-lock.json", wheel):
        gets = [e for e in events if e[0] == "request" and e[1] == name and e[2] == "GET"]
        assert len(gets) == 1, (name, gets)
