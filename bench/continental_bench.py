"""Continental benchmarks on CPython (not a test).

    python bench/continental_bench.py [--matches N] [--big-hands B]

Measures: random playouts (claiming a quarter of the time) and bot playouts in moves per second
over whole matches of 2, 4, 6 and 8 players; ``legal_moves()`` latency on every state of those
playouts (a fresh copy each time, so no cache helps): median, p99, max (CPU time); the computer
player's decision time; and ``legal_moves()`` on synthetic big hands (25-40 cards, up to 8 jokers,
the 16-card four-run contract; B of them, default 300).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "engine"))

import meldtable  # noqa: E402
from meldtable.bot import choose_move  # noqa: E402
from meldtable.cards import JOKER, standard_deck  # noqa: E402
from meldtable.continental import Turn  # noqa: E402
from meldtable.multiset import counted  # noqa: E402

V = "continental"


def random_move(g: meldtable.Game, rng: random.Random) -> Any:
    legal = g.legal_moves()
    if legal[0].kind in ("claim", "pass"):
        want = "claim" if rng.random() < 0.25 else "pass"
        return next(m for m in legal if m.kind == want)
    return rng.choice(legal)


def playouts(matches: int, bot: bool) -> tuple[int, float, list[float], list[float]]:
    moves = 0
    legal_t: list[float] = []
    bot_t: list[float] = []
    elapsed = 0.0
    for players in (2, 4, 6, 8):
        for seed in range(matches):
            g = meldtable.new_game(V, players=players, seed=seed)
            rng = random.Random(seed)
            while True:
                while not g.hand_over:
                    fresh = g.state.copy()
                    t = time.process_time()
                    fresh.legal_moves()
                    legal_t.append(time.process_time() - t)
                    t = time.process_time()
                    m = choose_move(g) if bot else random_move(g, rng)
                    g.play(m)
                    dt = time.process_time() - t
                    elapsed += dt
                    if bot:
                        bot_t.append(dt)
                    moves += 1
                if g.match_over:
                    break
                g.next_hand()
    return moves, elapsed, legal_t, bot_t


def big_hands(n: int) -> list[float]:
    g = meldtable.new_game(V, players=2, seed=1, options={"game_length": "extended"})
    rng = random.Random(5)
    deck = [c for c in standard_deck(4, 2) if not c.is_joker]
    out = []
    for _ in range(n):
        size = rng.choice([25, 30, 40])
        jokers = rng.choice([2, 4, 6, 8])
        st = g.state.copy()
        st.hand_number = rng.choice(range(1, 12))
        st.turn = Turn(st.turn.seat)
        st.turn.stage, st.turn.drew = "play", "stock"
        st.hands[st.turn.seat] = counted(rng.sample(deck, size - jokers) + [JOKER] * jokers)
        t = time.process_time()
        st.legal_moves()
        out.append(time.process_time() - t)
    return out


def summary(xs: list[float]) -> str:
    xs = sorted(xs)
    return (f"median {statistics.median(xs) * 1e3:.3f} ms, p99 {xs[int(len(xs) * 0.99)] * 1e3:.3f} ms, "
            f"max {xs[-1] * 1e3:.3f} ms over {len(xs)} states")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matches", type=int, default=2, help="matches per player count (default 2)")
    ap.add_argument("--big-hands", type=int, default=300, help="synthetic big hands timed (default 300)")
    a = ap.parse_args()
    load = os.getloadavg()
    print(f"python {sys.version.split()[0]}, {a.matches} matches per player count, CPU clock, "
          f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}", flush=True)
    n, t, lt, _ = playouts(a.matches, bot=False)
    print(f"random playouts: {n} moves, {n / t:.0f} moves/s (play + the random choice)")
    print(f"legal_moves (random playouts): {summary(lt)}")
    n, t, lt, bt = playouts(a.matches, bot=True)
    print(f"bot playouts: {n} moves, {n / t:.0f} moves/s")
    print(f"legal_moves (bot playouts): {summary(lt)}")
    print(f"bot decision + play: {summary(bt)}")
    print(f"legal_moves on 25-40-card hands: {summary(big_hands(a.big_hands))}")
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
