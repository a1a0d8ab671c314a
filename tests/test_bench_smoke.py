"""Smoke test of the benchmarks in bench/ (issue #31: "a smoke test in the suite runs each bench
with the smallest sample (asserting that it runs and prints its table, never a time), so a bench
that breaks fails CI").

Each script runs in a subprocess from this checkout, with its smallest sample, and must exit 0
(bench/same_moves.py: 0 or 1, its "differences found" answer) and print its table: the header
and a row per variant (or case) it measures. No figure is checked: timings belong in
docs/performance.md, never in a test.

The browser benches (bench/pyodide_bench.py, bench/load_bench.py, bench/pyodide_search.py) need the built site (env
MELDTABLE_DIST, default dist/, built by `python build.py`) and Chromium; they are marked
`browser` and skipped when either is missing (failed instead when the env variable CI is set),
as tests/browser/ does.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import meldtable

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(BENCH))
import build  # noqa: E402  (find_chromium, as the browser tests use it)
import engine_bench  # noqa: E402  (its player counts: the rows its tables must have)

TIMEOUT_S = 600  # a hung bench fails instead of blocking the suite


def run_bench(*args: str, env: dict[str, str] | None = None, python: str = sys.executable,
              ok: tuple[int, ...] = (0,)) -> str:
    """Run a bench/ script (args[0], relative to bench/) with this interpreter from the
    repository root; return its stdout. Fails with the script's output when it exits with a
    code not in ``ok``, or writes a traceback."""
    cmd = [python, str(BENCH / args[0]), *args[1:]]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT_S,
                          env={**os.environ, "PYTHONHASHSEED": "0", **(env or {})})
    out = f"$ {' '.join(cmd)}\n--- stdout\n{proc.stdout[-4000:]}\n--- stderr\n{proc.stderr[-4000:]}"
    assert proc.returncode in ok, f"exit code {proc.returncode}\n{out}"
    assert "Traceback" not in proc.stderr, out
    return proc.stdout


def rows(variants: list[str] | None = None) -> list[str]:
    """The table rows engine_bench-style reports start with: "| <variant> <players>p |"."""
    return [f"| {v} {p}p |" for v in variants or list(meldtable.VARIANTS) for p in engine_bench.player_counts(v)]


def assert_lines(out: str, *wanted: str) -> None:
    missing = [w for w in wanted if w not in out]
    assert not missing, f"missing from the output: {missing}\n{out[-4000:]}"


def test_engine_bench() -> None:
    out = run_bench("engine_bench.py", "--hands", "1", "--moves", "0", "--repeats", "1")
    assert_lines(out, "| variant, players | random playouts (moves/s) |", "| worst case (constructed) |",
                 *rows(), *(f"| {v}: {case} |" for v, cases in engine_bench.WORST_CASES.items() for case, _ in cases))


@pytest.fixture(scope="module")
def git_checkout() -> None:
    """The benches that compare with another revision read it with `git archive`."""
    if subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True).returncode:
        pytest.skip("not a git checkout: --baseline needs the repository's history")


def test_engine_bench_against_a_baseline(git_checkout: None) -> None:
    out = run_bench("engine_bench.py", "--hands", "1", "--moves", "0", "--repeats", "1",
                    "--variants", "canasta-two-hand", "--baseline", "HEAD")
    assert_lines(out, "random vs baseline", "baseline engine (HEAD)", *rows(["canasta-two-hand"]))


def test_continental_bench() -> None:
    out = run_bench("continental_bench.py", "--matches", "1", "--big-hands", "3")
    assert_lines(out, "random playouts:", "legal_moves (random playouts):", "bot playouts:",
                 "bot decision + play:", "legal_moves on 25-40-card hands:")


def test_harness() -> None:
    variants = ["canasta-two-hand"]  # one hand per player count and table: tests/test_harness.py covers the variants
    out = run_bench("harness.py", "--moves", "1", "--max-hands", "1", "--variants", *variants)
    assert_lines(out, "violations", *(f"\n{v} " for v in variants))


def test_same_moves(git_checkout: None) -> None:
    out = run_bench("same_moves.py", "--baseline", "HEAD", "--hands", "1", "--variants", "3-ist-50", ok=(0, 1))
    assert_lines(out, "differ from HEAD", "digest of all hands:")


def test_strength_bench() -> None:
    out = run_bench("strength.py", "--quick", "--iterations", "1")
    assert_lines(out, "| game | pairing |", "| two-hand | normal vs easy |", "| 3ist50-3 | strong vs normal |")


def test_strength_bench_set() -> None:
    """``--set NAME=VALUE`` changes a search setting for the run and echoes it in the header; an
    unknown name or a bad value is refused with exit code 2 and a message naming it."""
    out = run_bench("strength.py", "--games", "two-hand", "--pairs", "strong:normal", "--deals", "1",
                    "--iterations", "1", "--set", "WIN_SCALE.canasta=300", "--set", "NORMAL_ONLY=")
    assert_lines(out, "search settings: WIN_SCALE={'canasta': 300.0} NORMAL_ONLY=", "| two-hand | strong vs normal | 1 |")
    for bad, why in (("NO_SUCH=1", "unknown setting 'NO_SUCH'"), ("NEED_POINTS=ten", "is not a number"),
                     ("WIN_SCALE=300", "is per family"), ("NORMAL_ONLY=chess", "unknown families")):
        proc = subprocess.run([sys.executable, str(BENCH / "strength.py"), "--deals", "1", "--set", bad], cwd=ROOT,
                              capture_output=True, text=True, timeout=TIMEOUT_S)
        assert proc.returncode == 2 and why in proc.stderr and not proc.stdout, (bad, proc.returncode, proc.stderr)


def test_search_bench() -> None:
    out = run_bench("search_bench.py", "--quick")
    assert_lines(out, "| game | public, with determinization | fast, uniform | fast, quick", "| two-hand |", "| 3ist50-3 |")


def test_search_bench_against_a_baseline(git_checkout: None) -> None:
    """``--baseline REV``: the public API's playouts run by the engine at REV in a subprocess (here
    HEAD, one playout), its table with the fast path's ratio, and whether REV's normal player
    reached the same position (HEAD's does: "yes")."""
    out = run_bench("search_bench.py", "--playouts", "1", "--repeats", "1", "--decisions", "0",
                    "--games", "two-hand", "--baseline", "HEAD")
    assert_lines(out, "baseline engine (HEAD)", "| game | baseline public, with determinization |")
    row = next(line for line in out.splitlines() if line.startswith("| two-hand |") and line.endswith("| yes |"))
    assert row.count("|") == 14, row


def test_records_bench() -> None:
    out = run_bench("records_bench.py", "--quick", "--repeats", "1")
    assert "from_record" in out and "ms" in out, out


def test_hostile_bench() -> None:
    out = run_bench("hostile_bench.py", "--quick")
    assert_lines(out, "worst request of the fuzzers:")


def test_instruction_count_scripts() -> None:
    """The callgrind drivers (run here without valgrind): each prints its count."""
    engine = str(ROOT / "engine")
    moves = run_bench("canasta_instructions.py", engine, env={"K": "1", "N": "1"})
    assert int(moves) > 0
    for melded in ("0", "1"):
        legal = run_bench("canasta_worst_instructions.py", engine, env={"W": "1", "MELDED": melded})
        assert int(legal) > 0


def unavailable(reason: str) -> None:
    """Skip (locally) or fail (in CI) because a prerequisite of the browser benches is missing."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (failing instead of skipping because CI is set)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def dist_dir() -> Path:
    path = Path(os.environ.get("MELDTABLE_DIST") or ROOT / "dist")
    if not (path / "version.json").exists() or not (path / "pyodide" / "pyodide.mjs").exists():
        unavailable(f"{path} is not built; run `python build.py` (`python build.py test` does it)")
    if not build.find_chromium():
        unavailable("Chromium not found: install Debian's `chromium` or set CHROMIUM_PATH")
    try:
        import playwright  # noqa: F401
    except ImportError:
        unavailable("playwright is not installed; run the tests with `python build.py test`")
    return path


@pytest.mark.browser
def test_pyodide_bench(dist_dir: Path) -> None:
    """Runs on the build's own Pyodide files (trimmed standard library): the engine's every
    module, subpackages included, and engine_bench's measuring functions import there."""
    variants = ["canasta-two-hand", "continental"]
    out = run_bench("pyodide_bench.py", "--hands", "1", "--moves", "10", "--repeats", "1",
                    "--variants", *variants, "--dist", str(dist_dir))
    assert_lines(out, "| variant, players | CPython random (moves/s) |", "| worst case (constructed) |",
                 "engine from /bench/meldtable/__init__.py", *rows(variants))


@pytest.mark.browser
def test_load_bench(dist_dir: Path) -> None:
    """The main table (unthrottled), the engine import and the no-snapshot ablation, which
    rebuilds the worker as the site was built (minified by default)."""
    out = run_bench("load_bench.py", "--profiles", "none", "--runs", "1", "--warmups", "0", "--import-runs", "1",
                    "--ablations", "no-snapshot", "--dist", str(dist_dir))
    assert_lines(out, "| first visit |", "| warm (service worker) |", "| offline |", "| `import meldtable.api` |",
                 "| no start-up memory snapshot")


@pytest.mark.browser
def test_pyodide_search_bench(dist_dir: Path) -> None:
    """The strong player's decisions in the engine worker, the search iterations the budget buys
    (Pyodide on the main thread and CPython) and the playout columns (public, quick, fast path),
    each with its smallest sample (``--quick``: one game, 3 decisions, 2 positions, no warm-up)."""
    out = run_bench("pyodide_search.py", "--quick", "--playouts", "1", "--dist", str(dist_dir))
    assert_lines(out, "| game | decisions (more than one legal move) |", "| all | 3 |",
                 "| game | positions | Pyodide iterations: median |", "| 3ist50-3 | 2 |",
                 "| game (Pyodide, wall time) | public, with determinization | fast, quick | fast path |")
