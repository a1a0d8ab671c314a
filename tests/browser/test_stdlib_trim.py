"""The trimmed standard library (build.py: STDLIB_LAZY, traced_modules, trim_stdlib; issue #16).

The page ships only the standard-library modules that Pyodide's start, the worker, the engine and
its JSON protocol import, as found at build time by tools/trace-stdlib.mjs, plus the engine's
import statements and an explicit list. These tests check that

- the shipped zip is that trimmed, byte-compiled library, and holds every module the engine's
  sources name and every module of the explicit list;
- every variant, at every player count it allows, and every op of the protocol (and its
  refusals) work in the browser with it, move for move as on CPython;
- a module missing at run time is not a silent failure: the worker names it, in a boot error
  when Pyodide or the engine cannot start without it, and in the answer to the request that
  needed it (here `new`, whose family module needs hashlib), which the page shows.

Built with --full-stdlib or --stock-stdlib, the tests about the trimmed zip are skipped.
"""
from __future__ import annotations

import http.server
import json
import shutil
import threading
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from test_cpython_equality_all import cpython_game
from test_load_order import STORED  # the stored start-up snapshots' URLs

import build
import meldtable
from conftest import PAGES, TEST_PAGES_PREFIX, RecordTiming

if TYPE_CHECKING:
    from playwright.sync_api import Browser

    from conftest import WatchedPage

BLANK = "__tests__/blank.html"


def trimmed_only(site_version: dict[str, Any]) -> None:
    if site_version.get("stdlib") != "pyc-trimmed":
        pytest.skip(f"dist/ ships the {site_version.get('stdlib')} standard library (built with "
                    "--full-stdlib or --stock-stdlib)")


def module_files(names: list[str]) -> set[str]:
    """Dotted module names of the .py/.pyc members of a stdlib zip."""
    out = set()
    for name in names:
        if name.endswith((".py", ".pyc")):
            base = name.rsplit(".", 1)[0]
            out.add(base[: -len("/__init__")].replace("/", ".") if base.endswith("/__init__") else base.replace("/", "."))
    return out


# --------------------------------------------------------------------------- the zip itself

def test_the_shipped_stdlib_is_trimmed_and_holds_what_the_engine_names(dist_dir: Path, site_version: dict[str, Any],
                                                                       tmp_path: Path) -> None:
    trimmed_only(site_version)
    shipped = dist_dir / "pyodide" / "python_stdlib.zip"
    with zipfile.ZipFile(shipped) as zf:
        assert zf.testzip() is None
        names = zf.namelist()
    files = [n for n in names if not n.endswith("/")]
    assert files and all(n.endswith(".pyc") for n in files), "every module byte-compiled"
    shipped_modules = module_files(names)

    build.extract_pyodide(build.pyodide_tarball(), tmp_path, ("python_stdlib.zip",))
    with zipfile.ZipFile(tmp_path / "python_stdlib.zip") as zf:
        stock_modules = module_files(zf.namelist())
    assert shipped_modules <= stock_modules
    assert len(shipped_modules) < len(stock_modules) / 2, (len(shipped_modules), len(stock_modules))

    # What Pyodide's start needs (a few that any start imports) ...
    for name in ("encodings", "encodings.utf_8", "_pyodide._base", "pyodide.ffi", "asyncio", "typing", "json"):
        assert name in shipped_modules, name
    # ... every module the engine's sources name in an import statement (also inside functions) ...
    engine = build.engine_imports(dist_dir / "wheels" / site_version["embed_wheel"])
    assert "hashlib" in engine and "copy" in engine  # imported when a game starts / inside a function
    for name in engine + list(build.STDLIB_LAZY):
        if name in stock_modules:
            assert name in shipped_modules, f"{name} is named by the engine or STDLIB_LAZY but not shipped"
    # ... and not what nothing imports, nor the modules frozen into the interpreter (Python
    # never reads their copies; the trace reports them).
    for name in ("tkinter", "unittest", "pydoc", "doctest", "xml.dom.minidom", "sqlite3", "http.server",
                 "os", "site", "codecs", "zipimport", "importlib._bootstrap"):
        assert name not in shipped_modules, name

    lock = json.loads((dist_dir / "pyodide" / "app-lock.json").read_text())
    assert lock["stdlib"] == "pyc-trimmed"
    assert lock["stdlib_sha256"] == build.sha256_file(shipped)


def test_stdlib_members_keeps_modules_packages_and_their_folders() -> None:
    names = ["json/", "json/__init__.pyc", "json/decoder.pyc", "json/tool.pyc", "typing.pyc", "tkinter/",
             "tkinter/__init__.pyc", "a/", "a/b/", "a/b/c/", "a/b/c/d.pyc", "a/b/e.pyc"]
    kept = build.stdlib_members(names, ["json", "json.decoder", "typing", "a.b.c.d", "builtins", "sys"])
    assert kept == ["json/", "json/__init__.pyc", "json/decoder.pyc", "typing.pyc", "a/", "a/b/", "a/b/c/",
                    "a/b/c/d.pyc"]


# --------------------------------------------------------------------------- in the browser

EVERY_OP = """async ({ games }) => {
  const { startEngine } = await import("/engine-client.js");
  const engine = await startEngine(() => {});
  const call = async (op, fields = {}) => {
    try {
      return { ok: true, result: await engine.request(op, fields) };
    } catch (err) {
      return { ok: false, code: err.code, message: err.message };
    }
  };
  const must = async (op, fields) => {
    const answer = await call(op, fields);
    if (!answer.ok) throw new Error(`${op}: ${answer.code}: ${answer.message}`);
    return answer.result;
  };
  const out = { games: [], refusals: {}, start: engine.start };
  const hello = await must("hello");
  out.variants = hello.variants.map((v) => v.id);
  for (const { variant, players, seed, moves, second } of games) {
    let table = await must("new", { variant, players, seed, human_seats: [0] });
    const played = [];
    let i = 0;
    while (!table.hand_over && i < moves.length) {
      if (i % 20 === 10) {  // save and load mid-hand, and read the table again
        const saved = await must("save");
        table = await must("load", { state: saved.state, human_seats: saved.human_seats });
        const again = await must("table");
        if (JSON.stringify(again) !== JSON.stringify(table)) throw new Error(`${variant}: table after load differs`);
      }
      if (table.to_act_is_human) {
        table = await must("act", { action: { type: "move", text: moves[i] } });
        played.push(moves[i]);
      } else {
        if (i === 0 || i % 7 === 0) {  // the person may not act for another seat
          const wrong = await call("act", { action: { type: "move", text: moves[i] } });
          out.refusals[`${variant} ${players}p not your turn`] = wrong.ok ? "accepted" : wrong.code;
        }
        const answer = await must("bot");
        played.push(answer.move.text);
        table = answer.table;
      }
      i += 1;
    }
    if (second.length) table = await must("play", { moves: second });
    const exported = await must("export");
    out.games.push({ variant, players, played, state: exported.state });
  }
  for (const [name, op, fields] of [
    ["unknown op", "no_such_op", {}],
    ["unknown variant", "new", { variant: "no-such-variant", players: 2, seed: 1 }],
    ["bad option", "new", { variant: out.variants[0], players: 2, seed: 1, options: { no_such_option: 1 } }],
    ["broken saved game", "load", { state: "{\\"not\\": \\"a game\\"}" }],
    ["malformed move", "act", { action: { type: "move", text: "this is no move" } }],
    ["illegal play", "play", { moves: ["discard XX"] }],
  ]) {
    const answer = await call(op, fields);
    out.refusals[name] = answer.ok ? "accepted" : answer.code;
  }
  engine.terminate();
  return out;
}"""


def all_games() -> tuple[list[dict[str, Any]], dict[tuple[str, int], tuple[list[str], str]]]:
    """Seeded games for every variant and every player count it allows, decided on CPython."""
    games: list[dict[str, Any]] = []
    expected: dict[tuple[str, int], tuple[list[str], str]] = {}
    for variant in sorted(meldtable.VARIANTS):
        for players in meldtable.VARIANTS[variant].players:
            seed = 1600 + players
            first, second, final = cpython_game(variant, players, seed)
            games.append({"variant": variant, "players": players, "seed": seed, "moves": first, "second": second})
            expected[(variant, players)] = (first, final)
    return games, expected


def test_every_variant_player_count_and_op_in_the_browser(page: WatchedPage, site_url: str, site_version: dict[str, Any],
                                                          record_timing: RecordTiming) -> None:
    import time

    games, expected = all_games()
    page.goto(site_url + BLANK)
    started = time.monotonic()
    out = page.evaluate(EVERY_OP, {"games": games})
    record_timing(f"every variant and player count ({len(games)} games), stdlib {site_version['stdlib']}",
                  time.monotonic() - started)
    assert sorted(out["variants"]) == sorted(meldtable.VARIANTS)
    assert len(out["games"]) == len(games)
    for g in out["games"]:
        first, final = expected[(g["variant"], g["players"])]
        assert g["played"] == first, f"{g['variant']} {g['players']}p: the worker's computer moves differ"
        assert g["state"] == final, f"{g['variant']} {g['players']}p: final state differs from CPython's"
    refusals = out["refusals"]
    assert {k: v for k, v in refusals.items() if "not your turn" in k}, "no out-of-turn act was tried"
    for name, code in refusals.items():
        assert code not in ("accepted", "internal"), f"{name}: {code}"
    assert refusals["unknown op"] == "bad_request"
    assert refusals["unknown variant"] == "bad_option"
    assert refusals["broken saved game"] == "bad_state"
    assert page.console_errors == []


# --------------------------------------------------------------------------- a module missing

def site_without(dist_dir: Path, tmp_path: Path, member: str) -> Path:
    """A copy of dist/ whose stdlib zip lacks one member (its lock names the new zip's sha256)."""
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    zip_path = site / "pyodide" / "python_stdlib.zip"
    with zipfile.ZipFile(dist_dir / "pyodide" / "python_stdlib.zip") as zin, \
            zipfile.ZipFile(zip_path, "w", zipfile.ZIP_DEFLATED) as zout:
        assert member in zin.namelist(), member
        for info in zin.infolist():
            if info.filename != member:
                zout.writestr(info, zin.read(info))
    lock_path = site / "pyodide" / "app-lock.json"
    lock = json.loads(lock_path.read_text())
    lock["stdlib_sha256"] = build.sha256_file(zip_path)
    lock_path.write_text(json.dumps(lock, indent=1) + "\n")
    build.write_service_worker(site)
    return site


@pytest.fixture
def serve_dir() -> Iterator[Callable[[Path], str]]:
    """serve_dir(path) -> base URL of a loopback server over that folder (test pages mounted)."""
    servers: list[http.server.ThreadingHTTPServer] = []

    def start(directory: Path) -> str:
        server = build.make_server(directory, mounts={TEST_PAGES_PREFIX: PAGES}, quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


START_AND_NEW = """async (variant) => {
  const { startEngine } = await import("/engine-client.js");
  let engine;
  try {
    engine = await startEngine(() => {});
  } catch (err) {
    return { boot: { code: err.code, message: err.message } };
  }
  try {
    await engine.request("new", { variant, players: 2, seed: 1 });
    return { new: "ok" };
  } catch (err) {
    return { new: { code: err.code, message: err.message } };
  } finally {
    engine.terminate();
  }
}"""


def test_a_module_the_engine_needs_is_named_when_a_game_starts_and_on_the_page(
        browser: Browser, dist_dir: Path, site_version: dict[str, Any], tmp_path: Path,
        serve_dir: Callable[[Path], str]) -> None:
    """hashlib is not needed by Pyodide's start or `import meldtable.api`, only by the engine's
    generator (meldtable.rng), which the worker imports with every family after "ready" and
    before the start-up snapshot (PRELOAD in web/engine-worker.mjs): missing, the engine starts,
    and the first game's answer names it, with what to do; the page shows it when Start is
    pressed. No snapshot is stored from such a start."""
    trimmed_only(site_version)
    base = serve_dir(site_without(dist_dir, tmp_path, "hashlib.pyc"))
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(base + BLANK)
        out = page.evaluate(START_AND_NEW, "canasta-two-hand")
        assert "boot" not in out, out
        error = out["new"]
        assert "No module named 'hashlib'" in error["message"], out
        assert 'The Python module "hashlib" is not in this build\'s standard library' in error["message"]
        assert "--full-stdlib" in error["message"]
        assert page.evaluate(STORED) == []

        # The page's new-game dialog shows it when the player presses Start.
        page.goto(base + "?fast=1&seed=1")
        page.wait_for_selector("#newgame-dialog[open]")
        page.click("#ng-start")
        page.wait_for_function("() => document.getElementById('ng-error').textContent.includes('hashlib')")
        assert "--full-stdlib" in (page.text_content("#ng-error") or "")
    finally:
        context.close()


def test_a_module_missing_at_the_start_is_named_in_the_boot_error(browser: Browser, dist_dir: Path, site_version: dict[str, Any],
                                                                  tmp_path: Path, serve_dir: Callable[[Path], str]) -> None:
    trimmed_only(site_version)
    base = serve_dir(site_without(dist_dir, tmp_path, "dataclasses.pyc"))  # Pyodide's start imports it
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(base + BLANK)
        out = page.evaluate(START_AND_NEW, "canasta-two-hand")
        assert out["boot"]["code"] == "boot_failed", out
        assert "dataclasses" in out["boot"]["message"]
        assert 'The Python module "dataclasses" is not in this build\'s standard library' in out["boot"]["message"]
    finally:
        context.close()
