"""Engine benchmarks on CPython (not a test; figures go to docs/performance.md).

    python bench/engine_bench.py [--hands N] [--repeats R]

Measures, in one run:
- random playouts: moves per second (median over R repeats of N hands each);
- bot vs bot: moves per second;
- ``legal_moves()`` latency over every state of those playouts (fresh state each time, so the
  cache never helps): median, p99, max;
- the computer player's decision time (``choose_move``) over the same kind of states: median,
  p99, max, and its ratio to ``legal_moves()`` measured on the same states in the same run.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "engine"))

import meldtable  # noqa: E402
from meldtable.bot import choose_move  # noqa: E402

VARIANT = "canasta-two-hand"


def playouts(hands: int, seed0: int, bot: bool) -> tuple[int, float]:
    moves = 0
    t0 = time.perf_counter()
    for seed in range(seed0, seed0 + hands):
        g = meldtable.new_game(VARIANT, players=2, seed=seed)
        rnd = random.Random(seed)
        while not g.hand_over:
            m = choose_move(g) if bot else rnd.choice(g.legal_moves())
            g.play(m)
            moves += 1
    return moves, time.perf_counter() - t0


def latencies(hands: int) -> tuple[list[float], list[float]]:
    legal_t: list[float] = []
    bot_t: list[float] = []
    for seed in range(1000, 1000 + hands):
        g = meldtable.new_game(VARIANT, players=2, seed=seed)
        while not g.hand_over:
            a = g.copy()
            t0 = time.perf_counter()
            a.legal_moves()
            legal_t.append(time.perf_counter() - t0)
            b = g.copy()
            t0 = time.perf_counter()
            m = choose_move(b)
            bot_t.append(time.perf_counter() - t0)
            g.play(m)
    return legal_t, bot_t


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--repeats", type=int, default=5)
    a = ap.parse_args()
    rnd_rates, bot_rates = [], []
    for r in range(a.repeats):
        m, t = playouts(a.hands, r * a.hands, bot=False)
        rnd_rates.append(m / t)
        m, t = playouts(a.hands, r * a.hands, bot=True)
        bot_rates.append(m / t)
    legal_t, bot_t = latencies(a.hands)
    ms = 1000.0
    print(f"python {sys.version.split()[0]}, {a.repeats} x {a.hands} hands")
    print(f"random playouts: median {statistics.median(rnd_rates):,.0f} moves/s (min {min(rnd_rates):,.0f}, max {max(rnd_rates):,.0f})")
    print(f"bot vs bot:      median {statistics.median(bot_rates):,.0f} moves/s (min {min(bot_rates):,.0f}, max {max(bot_rates):,.0f})")
    print(f"legal_moves():   {len(legal_t)} states, median {statistics.median(legal_t) * ms:.3f} ms, p99 {pct(legal_t, 0.99) * ms:.3f} ms, max {max(legal_t) * ms:.3f} ms")
    print(f"choose_move():   median {statistics.median(bot_t) * ms:.3f} ms, p99 {pct(bot_t, 0.99) * ms:.3f} ms, max {max(bot_t) * ms:.3f} ms"
          f" (median ratio to legal_moves {statistics.median(bot_t) / statistics.median(legal_t):.2f}x)")


if __name__ == "__main__":
    main()
