"""The embedding path: a page that already runs a stock Pyodide installs the engine wheel with
micropip.install(<wheel URL>) (README "Embedding with micropip").

The stock page uses Pyodide 314.0.7 exactly as npm ships it (stock stdlib, stock
pyodide-lock.json), and micropip from its PyPI wheel, fetched at test time with `pip download`
into .cache/test-wheels/ (never committed). That wheel's sha256 differs from the one in
Pyodide's lock file, so loading micropip by name would fail the integrity check: the page loads
it by URL, as the README tells embedders to do.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

import build

MICROPIP = "micropip-0.11.1-py3-none-any.whl"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"  # PyPI's file
WHEEL_CACHE = build.CACHE / "test-wheels"

STOCK_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>a documentation page running stock Pyodide</title>
  <link rel="icon" href="data:,">
  <script type="module">
    import { loadPyodide } from "./pyodide.mjs";
    window.pyodideReady = loadPyodide();  // stock defaults: indexURL = this folder
  </script>
</head>
<body><p>stock Pyodide 314.0.7</p></body>
</html>
"""

INSTALL_AND_PLAY = """async ({ micropipUrl, wheelUrl }) => {
  const pyodide = await window.pyodideReady;
  const loaded = await pyodide.loadPackage(micropipUrl);
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(wheelUrl);
  const out = pyodide.runPython(`
import json, meldtable
game = meldtable.new_game("canasta-two-hand", players=2, seed=7)
moves = [str(m) for m in game.legal_moves()]
game.play(moves[0])
json.dumps({"version": meldtable.__version__, "moves": moves,
            "after": [str(m) for m in game.legal_moves()], "hand": game.view(0)["hand"]})
`);
  return { loaded: loaded.map((p) => p.name), result: JSON.parse(out) };
}"""


def fetch_micropip() -> Path:
    """The PyPI micropip wheel in .cache/test-wheels/ (downloaded once with pip)."""
    path = WHEEL_CACHE / MICROPIP
    if not path.exists():
        WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
               "--python-version", "3.14", "--disable-pip-version-check", "-d", str(WHEEL_CACHE),
               "micropip==0.11.1"]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0 or not path.exists():
            message = f"could not download {MICROPIP} from PyPI: {done.stderr.strip()[-500:]}"
            if os.environ.get("CI"):
                pytest.fail(message)
            pytest.skip(message)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == MICROPIP_SHA256, f"{path} is not PyPI's file"
    return path


@pytest.fixture(scope="module")
def stock_pyodide(tmp_path_factory) -> Path:
    """A folder with Pyodide 314.0.7 as npm ships it, the stock page, and micropip's PyPI wheel."""
    folder = tmp_path_factory.mktemp("stock-pyodide")
    build.extract_pyodide(build.pyodide_tarball(), folder, build.PYODIDE_FILES + ("pyodide-lock.json",))
    (folder / "index.html").write_text(STOCK_PAGE)
    wheels = folder / "pypi"
    wheels.mkdir()
    (wheels / MICROPIP).write_bytes(fetch_micropip().read_bytes())
    return folder


def test_micropip_installs_the_wheel_in_a_stock_pyodide_page(page, serve_site, stock_pyodide, site_version,
                                                             record_timing):
    import json
    import time

    import meldtable

    base = serve_site(mounts={"/stock/": stock_pyodide})
    page.goto(base + "stock/index.html")
    started = time.monotonic()
    out = page.evaluate(INSTALL_AND_PLAY, {
        "micropipUrl": f"{base}stock/pypi/{MICROPIP}",
        "wheelUrl": f"{base}wheels/{site_version['embed_wheel']}",  # the universal py3 wheel
    })
    record_timing("stock Pyodide page: loadPyodide + micropip + install + first move", time.monotonic() - started)
    assert out["loaded"] == ["micropip"]
    result = out["result"]
    assert result["version"] == site_version["embed_wheel"].split("-")[1]

    # Same moves as CPython for the same seed.
    game = meldtable.new_game("canasta-two-hand", players=2, seed=7)
    moves = [str(m) for m in game.legal_moves()]
    game.play(moves[0])
    assert result["moves"] == moves
    assert result["after"] == [str(m) for m in game.legal_moves()]
    assert result["hand"] == json.loads(json.dumps(game.view(0)["hand"]))

    # Everything came from this server: the stock lock file, micropip by URL, the wheel.
    assert page.content_types.get(f"/wheels/{site_version['embed_wheel']}")
    assert f"/stock/pypi/{MICROPIP}" in page.content_types
    assert page.foreign_requests == []
    assert page.console_errors == []
