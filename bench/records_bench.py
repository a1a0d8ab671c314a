"""Game records on CPython (not a test): what writing and replaying a record costs next to playing
the same moves (docs/records.md; issue #30).

    python bench/records_bench.py [--repeats R] [--clock cpu|wall] [--quick]

For each variant at its most players, one whole computer match (seed 1) is recorded. Timed, each as
the median of R runs:

- **baseline**: the match's moves played again with ``Game.play`` on a fresh ``new_game`` (what
  any replay must do);
- **from_record**: ``records.from_record(text)`` (read, check and replay the record);
- **to_record**: ``records.to_record(game)`` (write, and check by replaying, the record);
- **seat record**: ``to_record(game, seat=0)`` at the match's 30th move (a view record with
  stand-ins; no replay).

The table gives the medians in milliseconds, the ratios ``from_record / baseline`` and
``to_record / baseline``, the record's size and its moves, and the load average.
``--quick``: R = 1, two variants (the smoke-test size).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "engine"))

from meldtable import VARIANTS, Game, new_game  # noqa: E402
from meldtable.bot import choose_move  # noqa: E402
from meldtable.records import from_record, to_record  # noqa: E402


def match(vid: str, players: int, seed: int = 1) -> Game:
    g = new_game(vid, players=players, seed=seed)
    while not g.match_over:
        if g.hand_over:
            g.next_hand()
        else:
            g.play(choose_move(g))
    return g


def early(vid: str, players: int, moves: int = 30) -> Game:
    g = new_game(vid, players=players, seed=1)
    for _ in range(moves):
        if g.hand_over:
            break
        g.play(choose_move(g))
    return g


def replay_plain(g: Game) -> Game:
    work = new_game(g.variant.id, players=g.players, seed=g.seed, options=g.options)
    for k, deal in enumerate(g.history):
        if k:
            work.next_hand()
        for m in deal:
            work.play(m)
    return work


def median_ms(fn: Callable[[], object], repeats: int, clock: Callable[[], float]) -> float:
    times = []
    for _ in range(repeats):
        t0 = clock()
        fn()
        times.append(clock() - t0)
    return statistics.median(times) * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args()
    repeats = 1 if a.quick else a.repeats
    clock = time.process_time if a.clock == "cpu" else time.perf_counter
    variants = ["canasta-two-hand", "3-ist-50"] if a.quick else list(VARIANTS)
    print(f"load average {os.getloadavg()[0]:.2f}, {repeats} repeats, {a.clock} clock")
    print("| variant | moves | record chars | baseline ms | from_record ms | ratio | to_record ms | ratio | seat record ms |")
    print("|---|---|---|---|---|---|---|---|---|")
    for vid in variants:
        players = max(VARIANTS[vid].players)
        g = match(vid, players)
        text = to_record(g)
        assert from_record(text) == g
        moves = sum(map(len, g.history))
        base = median_ms(partial(replay_plain, g), repeats, clock)
        load = median_ms(partial(from_record, text), repeats, clock)
        write = median_ms(partial(to_record, g), repeats, clock)
        e = early(vid, players)
        try:
            seat = f"{median_ms(partial(to_record, e, seat=0), repeats, clock):.1f}"
        except ValueError:  # a point of the turn a position cannot express
            seat = "refused"
        print(f"| {vid} {players}p | {moves} | {len(text):,} | {base:.1f} | {load:.1f} | {load / base:.2f} | "
              f"{write:.1f} | {write / base:.2f} | {seat} |")


if __name__ == "__main__":
    main()
