"""The simulation harness at scale (not a test): the checks of tests/sim_harness.py over at least
``--moves`` moves per variant (default 100,000), split evenly over every player count the variant
allows and the three tables (random players, computer players, mixed), half of the matches with
random rule options. Prints per variant the moves, hands, matches, checks and violations (with
examples); exits 1 if any violation was found.

    python bench/harness.py                         # every variant, 100,000 moves each
    python bench/harness.py --moves 5000 --variants continental --jobs 2
    python bench/harness.py --deep-every 5 --seed0 1000

Figures of a full run: docs/performance.md, "Engine" / "Simulation harness".
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "engine"))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

import meldtable  # noqa: E402
import sim_harness as H  # noqa: E402


def _case(args: tuple[str, int, str, int, int, int, int]) -> tuple[str, int, str, H.Report, float]:
    variant, players, pairing, moves, seed0, deep_every, max_hands = args
    t0 = time.perf_counter()
    rep = H.run(variant, players, pairing, moves=moves, seed0=seed0, deep_every=deep_every, max_hands=max_hands)
    return variant, players, pairing, rep, time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--moves", type=int, default=100_000, help="moves per variant (default 100000)")
    ap.add_argument("--variants", nargs="*", default=list(meldtable.VARIANTS), help="variant ids (default: all)")
    ap.add_argument("--deep-every", type=int, default=10, help="expensive checks every N moves (default 10)")
    ap.add_argument("--max-hands", type=int, default=3, help="hands per match at most (default 3)")
    ap.add_argument("--seed0", type=int, default=0, help="first seed (default 0)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    a = ap.parse_args()
    jobs = []
    for vid in a.variants:
        players = meldtable.VARIANTS[vid].players
        n = len(players) * len(H.PAIRINGS)
        per = -(-a.moves // n)
        for p in players:
            for pairing in H.PAIRINGS:
                jobs.append((vid, p, pairing, per, a.seed0, a.deep_every, a.max_hands))
    print(f"python {sys.version.split()[0]}, {a.moves} moves per variant, deep checks every {a.deep_every} moves, "
          f"load average at start {os.getloadavg()[0]:.2f}", flush=True)
    totals: dict[str, H.Report] = {vid: H.Report() for vid in a.variants}
    seconds: dict[str, float] = {vid: 0.0 for vid in a.variants}
    started = time.perf_counter()
    if a.jobs > 1:
        with ProcessPoolExecutor(a.jobs) as ex:
            results = ex.map(_case, jobs)
            for vid, p, pairing, rep, dt in results:
                _line(vid, p, pairing, rep, dt)
                totals[vid].merge(rep)
                seconds[vid] += dt
    else:
        for job in jobs:
            vid, p, pairing, rep, dt = _case(job)
            _line(vid, p, pairing, rep, dt)
            totals[vid].merge(rep)
            seconds[vid] += dt
    print(f"\nwall time {time.perf_counter() - started:.0f} s, load average at end {os.getloadavg()[0]:.2f}")
    print(f"{'variant':<18} {'moves':>8} {'hands':>6} {'matches':>7} {'deep':>6} {'refusals':>9} {'leak':>6} "
          f"{'longest':>7} {'violations':>10} {'cpu s':>7}")
    bad = 0
    for vid, rep in totals.items():
        c = rep.counts
        v = sum(rep.violations.values())
        bad += v
        print(f"{vid:<18} {c['moves']:>8} {c['hands']:>6} {c['matches']:>7} {c['deep_checks']:>6} "
              f"{c['refusals_checked']:>9} {c['leak_checked']:>6} {rep.maxima['moves_per_hand']:>7} {v:>10} {seconds[vid]:>7.0f}")
        for name, n in sorted(rep.violations.items()):
            print(f"    {name}: {n}")
            for example in rep.examples.get(name, []):
                print(f"        e.g. {example}")
    return 1 if bad else 0


def _line(vid: str, p: int, pairing: str, rep: H.Report, dt: float) -> None:
    c = rep.counts
    v = sum(rep.violations.values())
    print(f"  {vid} {p}p {pairing:<6} {c['moves']:>7} moves {c['hands']:>5} hands {c['matches']:>4} matches "
          f"({c['matches_random_options']} with random options) {v} violations, {dt:.0f} s", flush=True)


if __name__ == "__main__":
    sys.exit(main())
