"""Search speed (issue #27; not a test: figures go to docs/performance.md, "Search speed").

    python bench/search_bench.py [--playouts N] [--repeats R] [--games G ...] [--quick]

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
CPU time (``time.process_time``); medians over R repeats, the ratio fast/public from the same run,
and the load average. ``--quick``: 1 repeat of 3 playouts (the CI smoke test: it asserts only
that the bench runs).
"""

from __future__ import annotations

import importlib
import json
import os
import random
import sys
import time

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


def main(argv: list[str] | None = None) -> int:
    import argparse  # (here: bench/pyodide_search.py imports this module in Pyodide, whose trimmed library has none)

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--playouts", type=int, default=60)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--games", nargs="*", default=list(GAMES), choices=list(GAMES))
    ap.add_argument("--decisions", type=int, default=40)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args(argv)
    n, repeats, games, decisions = args.playouts, args.repeats, args.games, args.decisions
    if args.quick:
        n, repeats, games, decisions = 3, 1, ["two-hand", "3ist50-3"], 1
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
        cols: dict[str, list[float]] = {k: [] for k in ("pd", "fd", "qd", "xd", "pc", "fc", "qc", "xc")}
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

        def ratio(a: str, b: str, cols: dict[str, list[float]] = cols) -> float:
            return median([x / y for x, y in zip(cols[a], cols[b])])

        m = {k: median(v) for k, v in cols.items()}
        print(f"| {game} | {m['pd']:.0f} | {m['fd']:.0f} | {m['qd']:.0f} | {m['xd']:.0f} | {ratio('fd', 'pd'):.2f}x "
              f"| {ratio('qd', 'pd'):.2f}x | {ratio('xd', 'pd'):.2f}x "
              f"| {m['pc']:.0f} | {m['fc']:.0f} | {m['qc']:.0f} | {m['xc']:.0f} | {ratio('fc', 'pc'):.2f}x "
              f"| {ratio('qc', 'pc'):.2f}x | {ratio('xc', 'pc'):.2f}x "
              f"| {sum(mu) / (n * repeats):.0f}, {sum(mq) / (n * repeats):.0f}, {sum(mx) / (n * repeats):.0f} |", flush=True)
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
    print(f"load average at the end {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
