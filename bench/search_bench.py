"""Search speed (issue #27; not a test: figures go to docs/performance.md, "Search speed").

    python bench/search_bench.py [--playouts N] [--repeats R] [--games G ...] [--baseline REV] [--quick]

From a mid-hand position of each game (seed 3, 20 moves of the normal player), random playouts
to the end of the hand, per second, two ways measured in the same run, repeat by repeat
interleaved (both see the same machine load):

- ``public``: what a search could do with the public API before issue #27: a determinization by
  ``to_json`` -> the family's ``shuffle_hidden`` -> ``Game.from_json`` (every check of a load),
  then ``Game.copy`` and ``legal_moves`` + ``Game.play`` per move (notation, undo record, history);
- ``fast, uniform``: ``meldtable.search.determinize_state`` (the state's own
  ``to_dict``/``from_dict``) and :class:`meldtable.search.Node` (``moves()`` + ``apply(index)``),
  the same uniform random policy;
- ``fast, quick``: the same, playing the cheap random policy of :mod:`meldtable.search.rollout`
  (:func:`meldtable.search.quick_playout`: a draw or a random discard proposed first and checked
  by the family's verdict, the legal moves listed only otherwise). Its playouts are not the same
  length as uniform ones: the table gives the mean moves a playout of both.
- ``fast path``: the same moves as ``fast, quick`` from the same random numbers
  (tests/test_search_fast.py), played by :func:`meldtable.search.rollout.fast_playout` (the
  families' ``search_*`` steps: a draw or a discard applied without notation, move object,
  verdict dispatch or move-log entry; a claim window's moves not generated) after
  :func:`meldtable.search.rollout.fast_determinize` (the same determinization as
  ``determinize_state``, the state copied and only its hidden parts dealt again; the seat's
  known cards found once per column, as the strong player finds them once a decision).

Also the playouts alone (no determinization): ``Game.copy`` + ``play`` against
``Node.copy`` + ``apply``; and the strong player's decision time at its default budget (wall
time: median, p95 and max over ``--decisions`` positions of one hand).
With ``--baseline REV`` (e.g. ``c7495b1^``, the engine as issue #27 found it, before the search
package): also the public API's columns (with determinization and copy only, the same steps as
``public``) run by the engine at ``REV`` (``git archive REV engine``, in a subprocess per repeat
and game, interleaved with the other columns; the old engine's own normal player plays the 20
moves, and the table says whether it reached today's position; where it did not, today's moves
are replayed in it by notation), and the fast path's ratio to it: the issue's "5x today's random
playouts per second" against the engine of the day it was filed. The columns against today's
public API stay as they are.

CPU time (``time.process_time``); medians over R repeats, the ratio fast/public from the same run,
and the load average. ``--quick``: 1 repeat of 3 playouts (the CI smoke test: it asserts only
that the bench runs).
"""

from __future__ import annotations

import importlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "engine"))

import meldtable  # noqa: E402
from meldtable.bot import DEFAULT_BUDGET_MS, choose_move  # noqa: E402
from meldtable.search import Node, determinize_state, family_of, quick_playout, random_playout  # noqa: E402
from meldtable.search.knowledge import known_cards  # noqa: E402
from meldtable.search.rollout import fast_determinize, fast_playout  # noqa: E402

GAMES = {
    "two-hand": ("canasta-two-hand", 2),
    "classic4": ("canasta-classic", 4),
    "kanaster2": ("kanaster", 2),
    "kanaster4": ("kanaster", 4),
    "continental3": ("continental", 3),
    "3ist50-3": ("3-ist-50", 3),
}


def median(xs: list[float]) -> float:
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def position(variant: str, players: int) -> meldtable.Game:
    g = meldtable.new_game(variant, players=players, seed=3)
    for _ in range(20):
        if g.hand_over:
            break
        g.play(choose_move(g))
    return g


def public_playouts(g: meldtable.Game, n: int, rng: random.Random, determinize: bool) -> float:
    testing = importlib.import_module(f"meldtable.{g.variant.family}.testing")
    seat = g.current_player
    t = time.process_time()
    for _ in range(n):
        if determinize:
            d = json.loads(g.to_json())
            d["state"] = testing.shuffle_hidden(d["state"], seat, rng)
            w = meldtable.Game.from_json(json.dumps(d))
        else:
            w = g.copy()
        while not w.hand_over:
            legal = w.legal_moves()
            w.play(legal[rng.randrange(len(legal))])
    return n / (time.process_time() - t)


def fast_playouts(g: meldtable.Game, n: int, rng: random.Random, determinize: bool, quick: bool = False,
                  moves: list[int] | None = None) -> float:
    seat = g.current_player
    assert seat is not None
    root = g.search_node()
    play = quick_playout if quick else random_playout
    count = 0
    t = time.process_time()
    for _ in range(n):
        node = Node(determinize_state(g, seat, rng)) if determinize else root.copy()
        count += play(node, rng)
    spent = time.process_time() - t
    if moves is not None:
        moves.append(count)
    return n / spent


def path_playouts(g: meldtable.Game, n: int, rng: random.Random, determinize: bool,
                  moves: list[int] | None = None) -> float:
    """Playouts per second of the fast path (:func:`fast_determinize` + :func:`fast_playout`)."""
    seat = g.current_player
    assert seat is not None
    root = g.state
    family = family_of(root)
    count = 0
    t = time.process_time()
    known = known_cards(g) if determinize else None
    for _ in range(n):
        state = fast_determinize(g, seat, rng, known) if determinize else root.copy()
        count += fast_playout(family, state, rng)
    spent = time.process_time() - t
    if moves is not None:
        moves.append(count)
    return n / spent


def budget_iterations(saved: str, seed: int, budget_ms: float) -> tuple[int, float, float]:
    """At the game saved in ``saved`` (:meth:`Game.to_json` text; a position with more than one
    legal move), one :func:`meldtable.search.search` with ``budget_ms`` milliseconds of wall time
    from ``random.Random(seed)``: ``(iterations, ms, cpu_ms)``, the iterations being the first
    candidate's values that are not ``None`` (the determinizations it was evaluated in before the
    time ran out), ``ms`` the search's wall time and ``cpu_ms`` its CPU time
    (``time.process_time``; in Pyodide, where bench/pyodide_search.py sets it to the wall clock,
    the same as ``ms``). bench/pyodide_search.py runs it in CPython and in Pyodide at the same
    positions."""
    from meldtable.search import search

    g = meldtable.Game.from_json(saved)
    t, c = time.perf_counter(), time.process_time()
    results = search(g, random.Random(seed), budget_ms=budget_ms)
    ms, cpu_ms = (time.perf_counter() - t) * 1000.0, (time.process_time() - c) * 1000.0
    return sum(v is not None for v in results[0][1]), ms, cpu_ms


BASELINE_SCRIPT = r"""
import importlib, json, random, sys, time
job = json.loads(sys.stdin.read())
sys.path.insert(0, job["engine"])
import meldtable
from meldtable.bot import choose_move
assert meldtable.__file__.startswith(job["engine"]), meldtable.__file__
g = meldtable.new_game(job["variant"], players=job["players"], seed=job["seed"])
for _ in range(job["moves"]):
    if g.hand_over:
        break
    g.play(choose_move(g))
own = g.history[-1]
same = own == job["today"]
if not same:  # the old normal player went another way: today's moves, by notation
    g = meldtable.new_game(job["variant"], players=job["players"], seed=job["seed"])
    for text in job["today"]:
        g.play(text)
testing = importlib.import_module("meldtable." + g.variant.family + ".testing")
seat = g.current_player
out = {"same": same, "own": own}
for key, determinize in (("d", True), ("c", False)):
    rng = random.Random(job["r"])
    n = job["n"]
    moves = 0
    t = time.process_time()
    for _ in range(n):
        if determinize:
            d = json.loads(g.to_json())
            d["state"] = testing.shuffle_hidden(d["state"], seat, rng)
            w = meldtable.Game.from_json(json.dumps(d))
        else:
            w = g.copy()
        while not w.hand_over:
            legal = w.legal_moves()
            w.play(legal[rng.randrange(len(legal))])
            moves += 1
    out[key] = n / (time.process_time() - t)
    out[key + "_moves"] = moves
print(json.dumps(out))
"""
"""The baseline column's measurement, run by the old engine in its own interpreter: reads a job
(JSON on stdin: engine path, variant, players, seed, moves, today's move texts, playouts ``n``,
repeat ``r``), prints ``{"d": rate with determinization, "c": rate copy only, "d_moves", "c_moves": the moves
played, "same": bool, "own": the old normal player's move texts}``; the same steps as :func:`public_playouts`
(a copy of its loop: this module imports :mod:`meldtable.search`, which the old engine lacks)."""


def export_engine(rev: str, into: str) -> str:
    """Export ``engine/`` of git revision ``rev`` into the directory ``into``; return the path of its
    ``engine`` directory (what goes on ``sys.path``). Raises ``SystemExit`` (with git's message)
    when ``rev`` is not a revision of this repository."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    archive = subprocess.run(["git", "-C", root, "archive", rev, "engine"], capture_output=True)
    if archive.returncode:
        raise SystemExit(f"--baseline {rev}: {archive.stderr.decode(errors='replace').strip()}")
    subprocess.run(["tar", "-x", "-C", into], input=archive.stdout, check=True)
    return os.path.join(into, "engine")


def baseline_playouts(engine: str, variant: str, players: int, today: list[str], n: int, r: int) -> dict[str, Any]:
    """One repeat of the baseline columns: the old engine at ``engine`` (a path) in a subprocess
    (this interpreter, no ``PYTHONPATH``), from seed 3 after ``len(today)`` moves of its normal
    player (or ``today``'s moves replayed where it went another way); ``n`` playouts each way
    from ``random.Random(r)``. Returns the script's answer (:data:`BASELINE_SCRIPT`); raises
    ``RuntimeError`` with its stderr if it fails."""
    job = {"engine": engine, "variant": variant, "players": players, "seed": 3, "moves": len(today),
           "today": today, "n": n, "r": r}
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    proc = subprocess.run([sys.executable, "-c", BASELINE_SCRIPT], input=json.dumps(job), capture_output=True,
                          text=True, env=env)
    if proc.returncode:
        raise RuntimeError(f"baseline engine {engine} failed:\n{proc.stderr}")
    answer: dict[str, Any] = json.loads(proc.stdout)
    return answer


def decision_table(games: list[str], decisions: int) -> None:
    """Print the strong player's decision times at the default budget (wall time) over the first
    ``decisions`` positions with more than one legal move of a hand (seed 5) of each game."""
    print()
    print(f"strong decisions at the default budget ({DEFAULT_BUDGET_MS} ms), wall time, every decision with more than "
          f"one legal move of the first {decisions} such positions of a hand (seed 5) the normal player plays")
    print("| game | decisions | median ms | p95 ms | max ms |")
    print("|---|---|---|---|---|")
    for game in games:
        variant, players = GAMES[game]
        g = meldtable.new_game(variant, players=players, seed=5)
        times: list[float] = []
        while not g.hand_over and len(times) < decisions:
            if len(g.legal_moves()) > 1:
                t = time.perf_counter()
                choose_move(g, level="strong")
                times.append((time.perf_counter() - t) * 1000)
            g.play(choose_move(g))
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0
        print(f"| {game} | {len(times)} | {median(times) if times else 0:.0f} | {p95:.0f} | {max(times or [0]):.0f} |",
              flush=True)


def main(argv: list[str] | None = None) -> int:
    import argparse  # (here: bench/pyodide_search.py imports this module in Pyodide, whose trimmed library has none)

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--playouts", type=int, default=60)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--games", nargs="*", default=list(GAMES), choices=list(GAMES))
    ap.add_argument("--decisions", type=int, default=40)
    ap.add_argument("--baseline", metavar="REV", default=None,
                    help="also the public API's playouts run by the engine at git revision REV (e.g. c7495b1^)")
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args(argv)
    n, repeats, games, decisions = args.playouts, args.repeats, args.games, args.decisions
    if args.quick:
        n, repeats, games, decisions = 3, 1, ["two-hand", "3ist50-3"], 1
    tmp = tempfile.TemporaryDirectory(prefix="search-bench-") if args.baseline else None
    old = export_engine(args.baseline, tmp.name) if tmp else None
    base_rows: list[str] = []
    load = os.getloadavg()[0]
    print(f"search speed: {repeats} repeats of {n} random playouts from a mid-hand position, CPU time, "
          f"load average {load:.2f}")
    print("| game | public, with determinization | fast, uniform | fast, quick | fast path | ratio uniform | ratio quick "
          "| ratio fast path | public, copy only | fast, uniform | fast, quick | fast path | ratio uniform | ratio quick "
          "| ratio fast path | moves a playout: uniform, quick, fast path |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for game in games:
        variant, players = GAMES[game]
        g = position(variant, players)
        today = [str(m) for m in g.history[-1]] if old else []
        cols: dict[str, list[float]] = {k: [] for k in ("pd", "fd", "qd", "xd", "pc", "fc", "qc", "xc", "bd", "bc")}
        same: set[bool] = set()
        mb: list[int] = []
        mu: list[int] = []
        mq: list[int] = []
        mx: list[int] = []
        for r in range(repeats):
            cols["pd"].append(public_playouts(g, n, random.Random(r), True))
            cols["fd"].append(fast_playouts(g, n, random.Random(r), True))
            cols["qd"].append(fast_playouts(g, n, random.Random(r), True, True))
            cols["xd"].append(path_playouts(g, n, random.Random(r), True))
            cols["pc"].append(public_playouts(g, n, random.Random(r), False))
            cols["fc"].append(fast_playouts(g, n, random.Random(r), False, False, mu))
            cols["qc"].append(fast_playouts(g, n, random.Random(r), False, True, mq))
            cols["xc"].append(path_playouts(g, n, random.Random(r), False, mx))
            if old:
                b = baseline_playouts(old, variant, players, today, n, r)
                cols["bd"].append(float(b["d"]))
                cols["bc"].append(float(b["c"]))
                same.add(bool(b["same"]))
                mb.append(int(b["c_moves"]))

        def ratio(a: str, b: str, cols: dict[str, list[float]] = cols) -> float:
            return median([x / y for x, y in zip(cols[a], cols[b])])

        m = {k: median(v) for k, v in cols.items() if v}
        print(f"| {game} | {m['pd']:.0f} | {m['fd']:.0f} | {m['qd']:.0f} | {m['xd']:.0f} | {ratio('fd', 'pd'):.2f}x "
              f"| {ratio('qd', 'pd'):.2f}x | {ratio('xd', 'pd'):.2f}x "
              f"| {m['pc']:.0f} | {m['fc']:.0f} | {m['qc']:.0f} | {m['xc']:.0f} | {ratio('fc', 'pc'):.2f}x "
              f"| {ratio('qc', 'pc'):.2f}x | {ratio('xc', 'pc'):.2f}x "
              f"| {sum(mu) / (n * repeats):.0f}, {sum(mq) / (n * repeats):.0f}, {sum(mx) / (n * repeats):.0f} |", flush=True)
        if old:
            where = "yes" if same == {True} else f"no: today's {len(today)} moves replayed"
            base_rows.append(
                f"| {game} | {m['bd']:.0f} | {m['pd']:.0f} | {m['xd']:.0f} | {ratio('pd', 'bd'):.2f}x "
                f"| **{ratio('xd', 'bd'):.2f}x** | {m['bc']:.0f} | {m['pc']:.0f} | {m['xc']:.0f} | {ratio('pc', 'bc'):.2f}x "
                f"| **{ratio('xc', 'bc'):.2f}x** | {sum(mb) / (n * repeats):.0f}, {sum(mu) / (n * repeats):.0f} | {where} |")
    if old:
        print()
        print(f"baseline engine ({args.baseline}): its public API's random playouts (a subprocess per repeat and game, "
              f"interleaved with the columns above, same position and random numbers), CPU time, medians of {repeats}, "
              f"ratios from the same run; load average {os.getloadavg()[0]:.2f}")
        print("| game | baseline public, with determinization | public today | fast path | ratio public today | "
              "ratio fast path | baseline public, copy only | public today | fast path | ratio public today "
              "| ratio fast path | moves a uniform playout: baseline, today | old normal player reaches the position |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        print("\n".join(base_rows), flush=True)
    if tmp:
        tmp.cleanup()
    if decisions > 0:  # (--decisions 0: no decision table)
        decision_table(games, decisions)
    print(f"load average at the end {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
