"""Engine benchmarks for every variant (not a test; figures go to docs/performance.md, "Engine").

    python bench/engine_bench.py [--hands N] [--moves M] [--repeats R] [--variants ID ...] [--clock cpu|wall]
                                 [--baseline GIT_REV] [--json FILE]

Measures per variant (and per player count: the smallest, a middle and the largest the variant
allows), in one run:

- random playouts: moves per second (``legal_moves`` + the random choice + ``play``; a new game
  every hand included), median over R repeats of N hands and at least M moves each;
- computer vs computer: moves per second (``choose_move`` + ``play``), median over R repeats (a
  quarter of the hands, a third of the moves);
- ``legal_moves()`` latency over every state of those playouts: each state's time is the best of
  three calls on fresh copies (no cache of the state helps, and a scheduler hiccup on this shared
  machine does not count), then median, p99 and max over the states; with a coarse clock (in the
  browser) each of the three is a batch of calls on as many fresh copies, divided;
- constructed worst cases (``WORST_CASES``): canasta hands after taking a 73-card discard pile
  (initial meld pending / made), a 44-card canasta hand holding all twelve wild cards before the
  initial meld, continental hands of 25-40 cards with up to eight jokers in the 16-card contract;
  each the best of five calls.

Module-level caches of the engine (interned moves, memoised melds) are warmed by a few hands
before the playouts are timed, as in any long session. ``--clock cpu`` (default) times with
``time.process_time`` (CPU time of this process: robust to other load on the machine), ``wall``
with ``time.perf_counter``.

``--baseline REV`` measures the engine of git revision REV the same way in a subprocess,
interleaved repeat by repeat with the current engine, and prints the ratios current/baseline
(medians of the per-repeat ratios): both see the same machine load.

The measuring code (everything above ``main``) uses only meldtable and the modules of the
standard library that the page's trimmed one holds (build.py keeps only what the engine imports:
no ``statistics``, hence ``median`` here), so bench/pyodide_bench.py runs the very same functions
inside Pyodide in headless Chromium on the build's own Pyodide files.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

if __name__ == "__main__":  # run as a script from a checkout: the engine next to it
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "engine"))

import meldtable
from meldtable.bot import choose_move

PLAYERS = {"canasta-two-hand": (2,), "3-ist-50": (2, 4, 6), "continental": (2, 4, 8)}
"""Player counts measured per variant (others: smallest, middle, largest allowed)."""


def player_counts(variant: str) -> tuple[int, ...]:
    if variant in PLAYERS:
        return PLAYERS[variant]
    p = meldtable.VARIANTS[variant].players
    return tuple(sorted({p[0], p[len(p) // 2], p[-1]}))


def _clock(kind: str) -> Callable[[], float]:
    return time.process_time if kind == "cpu" else time.perf_counter


def _random_move(g: Any, rng: random.Random) -> Any:
    return rng.choice(g.legal_moves())


def playouts(variant: str, players: int, hands: int, seed0: int, bot: bool, clock: str = "cpu",
             min_moves: int = 0) -> tuple[int, float]:
    """Moves played and seconds taken by ``hands`` hands (a new game each, seeds from ``seed0``)
    of random or computer players, and more hands until ``min_moves`` moves are played. A hand
    that reaches no end within 20,000 moves is cut off (its moves still count)."""
    tick = _clock(clock)
    moves = 0
    t0 = tick()
    seed = seed0
    while seed < seed0 + hands or moves < min_moves:
        seed += 1
        g = meldtable.new_game(variant, players=players, seed=seed)
        rng = random.Random(seed)
        n = 0
        while not g.hand_over and n < 20_000:
            legal = g.legal_moves()
            if not legal:  # an engine dead end (the harness reports it); the hand stops here
                break
            g.play(choose_move(g) if bot else rng.choice(legal))
            n += 1
        moves += n
    return moves, tick() - t0


def clock_resolution(clock: str = "cpu") -> float:
    """The smallest step of the clock (browsers coarsen ``performance.now``, which Pyodide's
    ``perf_counter`` reads, to 5-100 microseconds)."""
    tick = _clock(clock)
    best = 1.0
    for _ in range(20):
        t0 = tick()
        t1 = tick()
        while t1 == t0:
            t1 = tick()
        best = min(best, t1 - t0)
    return best


def time_legal(state: Any, tick: Callable[[], float], inner: int, tries: int = 3) -> tuple[float, int]:
    """``legal_moves()`` time of ``state``: the best of ``tries`` batches of ``inner`` calls, each
    on a fresh copy made before the batch is timed (no cache of the state helps); per call."""
    best = 1e9
    n = 0
    for _ in range(tries):
        copies = [state.copy() for _ in range(inner)]
        t0 = tick()
        for st in copies:
            n = len(st.legal_moves())
        best = min(best, (tick() - t0) / inner)
    return best, n


def _inner(clock: str) -> int:
    """Calls per timed batch: 1 with a fine clock, enough for about 2 % resolution at 0.1 ms otherwise."""
    res = clock_resolution(clock)
    return 1 if res < 2e-6 else max(1, min(50, int(res / 2e-6)))


def legal_latencies(variant: str, players: int, hands: int, seed0: int, clock: str = "cpu") -> list[float]:
    """``legal_moves()`` time of every state of ``hands`` random-player hands and as many
    computer-player hands: per state the best of three (batches of) calls on fresh copies."""
    tick = _clock(clock)
    inner = _inner(clock)
    out: list[float] = []
    for bot in (False, True):
        for seed in range(seed0, seed0 + hands):
            g = meldtable.new_game(variant, players=players, seed=seed)
            rng = random.Random(seed)
            n = 0
            while not g.hand_over and n < 20_000:
                out.append(time_legal(g.state, tick, inner)[0])
                legal = g.legal_moves()
                if not legal:
                    break
                g.play(choose_move(g) if bot else rng.choice(legal))
                n += 1
    return out


def median(xs: Any) -> float:
    """The median of an iterable of numbers (``statistics.median``, which the page's trimmed
    standard library does not hold)."""
    ys = sorted(xs)
    if not ys:
        raise ValueError("median of no values")
    mid = len(ys) // 2
    return float(ys[mid]) if len(ys) % 2 else (ys[mid - 1] + ys[mid]) / 2


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


# ---------------------------------------------------------------------------- worst cases


def _full_deck(decks: int, jokers: int) -> list[str]:
    from meldtable.cards import standard_deck

    return [c.text for c in standard_deck(decks, jokers)]


def _minus(deck: list[str], used: list[str]) -> list[str]:
    rest = list(deck)
    for c in used:
        rest.remove(c)
    return rest


def canasta_take_big_pile(melded: bool) -> Any:
    """Seat 0 takes a 73-card discard pile with a pair of kings: before its initial meld (the
    minimum is 120 at 3000 points; only the cards held before count) or after it."""
    g = meldtable.new_game("canasta-two-hand", players=2, seed=1)
    d = json.loads(g.to_json())
    h0 = ["KH", "KD", "JK", "JK", "2C", "2D", "AH", "AS", "QH", "QC", "9H", "9S", "8D", "7C", "6S"]
    h1 = ["4C", "4D", "5C", "5D", "6C", "6D", "7D", "7H", "8C", "8H", "9C", "9D", "TC", "TD", "JC"]
    stock = ["4H", "4S", "5H", "5S", "6H"]
    meld = ["QD", "QS", "QD"] if melded else []
    pile = _minus(_full_deck(2, 2), h0 + h1 + stock + meld + ["KS"])
    pile.sort(key=lambda c: c in ("3D", "3H"))  # red threes low in the pile, no matter
    d["state"].update({
        "scores": [0 if melded else 3000, 0], "stock": stock, "discard_pile": pile + ["KS"], "hands": [h0, h1],
        "melds": [[{"rank": "Q", "cards": meld}] if melded else [], []], "red_threes": [[], []],
        "melded": [melded, False], "last_moves": [],
        "turn": {"seat": 0, "stage": "draw", "took_pile": False, "from_stock": False, "initial": not melded,
                 "initial_points": 0, "countable": []},
    })
    g = meldtable.Game.from_json(json.dumps(d))
    g.play("take KD KH")
    return g.state


def canasta_all_wilds() -> Any:
    """A 44-card hand with all four jokers and eight twos, initial meld pending (minimum 120)
    after a stock draw: every natural rank can take wild cards."""
    g = meldtable.new_game("canasta-two-hand", players=2, seed=1)
    d = json.loads(g.to_json())
    wild = ["JK"] * 4 + [f"2{s}" for s in "CDHS" for _ in range(2)]
    nat = [r + s for r in "A456789TJQK" for s in "CDHS"][:32]
    h0 = wild + nat
    h1 = ["4C", "4D", "5C", "5D", "6C", "6D", "7D", "7H", "8C", "8H", "9C", "9D", "TC", "TD", "JC"]
    rest = _minus(_full_deck(2, 2), h0 + h1 + ["5H"])
    rest.sort(key=lambda c: c in ("3D", "3H"))
    d["state"].update({
        "scores": [3000, 0], "stock": rest, "discard_pile": ["5H"], "hands": [h0, h1], "melds": [[], []],
        "red_threes": [[], []], "melded": [False, False], "last_moves": [],
        "turn": {"seat": 0, "stage": "play", "took_pile": False, "from_stock": True, "initial": True,
                 "initial_points": 0, "countable": h0},
    })
    return meldtable.Game.from_json(json.dumps(d)).state


def continental_big_hand(size: int, jokers: int, seed: int) -> Any:
    """Continental, deal 11 of the extended game (four runs, 16 cards): the seat to act holds
    ``size`` cards with ``jokers`` jokers after its draw (a synthetic state: only legal_moves is
    timed)."""
    from meldtable.cards import JOKER, standard_deck
    from meldtable.continental import Turn
    from meldtable.multiset import counted

    g = meldtable.new_game("continental", players=2, seed=1, options={"game_length": "extended"})
    rng = random.Random(seed)
    deck = [c for c in standard_deck(4, 2) if not c.is_joker]
    st = g.state.copy()
    st.hand_number = 11
    st.turn = Turn(st.turn.seat)
    st.turn.stage, st.turn.drew = "play", "stock"
    st.hands[st.turn.seat] = counted(rng.sample(deck, size - jokers) + [JOKER] * jokers)
    return st


WORST_CASES: dict[str, list[tuple[str, Callable[[], Any]]]] = {
    "canasta-two-hand": [
        ("after taking a 73-card pile, initial meld pending (81 cards)", lambda: canasta_take_big_pile(False)),
        ("after taking a 73-card pile, melded (78 cards)", lambda: canasta_take_big_pile(True)),
        ("44 cards with all 12 wild cards, initial meld pending", canasta_all_wilds),
    ],
    "continental": [
        (f"{n}-card hand, {j} jokers, contract four runs", partial(continental_big_hand, n, j, n * 10 + j))
        for n, j in ((25, 2), (30, 4), (40, 8))
    ],
}


def worst_cases(variant: str, clock: str = "cpu") -> list[dict[str, Any]]:
    tick = _clock(clock)
    inner = max(1, _inner(clock) // 10)
    out = []
    for name, make in WORST_CASES.get(variant, []):
        best, n = time_legal(make(), tick, inner, tries=5)
        out.append({"case": name, "legal_moves": n, "ms": best * 1e3})
    return out


# ---------------------------------------------------------------------------- one repeat / all


def warm_up(variants: list[str]) -> None:
    for v in variants:
        for p in player_counts(v):
            playouts(v, p, 3, 10_000, bot=False)
            playouts(v, p, 1, 10_000, bot=True)


def repeat(variants: list[str], hands: int, r: int, clock: str = "cpu", min_moves: int = 3000) -> dict[str, dict[str, float]]:
    """One repeat: moves/s of random and computer playouts per (variant, players): ``hands``
    hands and at least ``min_moves`` moves (computer players: a quarter of the hands, a third of
    the moves); seeds differ per repeat (``r * 1000`` on)."""
    out: dict[str, dict[str, float]] = {}
    for v in variants:
        for p in player_counts(v):
            m, t = playouts(v, p, hands, r * 1000, bot=False, clock=clock, min_moves=min_moves)
            mb, tb = playouts(v, p, max(1, hands // 4), r * 1000, bot=True, clock=clock, min_moves=min_moves // 3)
            out[f"{v} {p}p"] = {"random": m / t, "bot": mb / tb, "random_moves": m, "bot_moves": mb}
    return out


def latency_summary(variants: list[str], hands: int, clock: str = "cpu") -> dict[str, dict[str, float]]:
    out = {}
    for v in variants:
        for p in player_counts(v):
            xs = legal_latencies(v, p, hands, 5000, clock=clock)
            out[f"{v} {p}p"] = {"states": len(xs), "median_ms": median(xs) * 1e3,
                                "p99_ms": pct(xs, 0.99) * 1e3, "max_ms": max(xs) * 1e3}
    return out


def run_all(variants: list[str] | None = None, hands: int = 20, repeats: int = 3, clock: str = "cpu",
            min_moves: int = 3000) -> dict[str, Any]:
    """Everything above for ``variants`` (default: all) as JSON-ready data."""
    variants = variants or list(meldtable.VARIANTS)
    warm_up(variants)
    reps = [repeat(variants, hands, r, clock, min_moves) for r in range(repeats)]
    rates = {k: {"random": median(x[k]["random"] for x in reps), "bot": median(x[k]["bot"] for x in reps),
                 "random_moves": sum(x[k]["random_moves"] for x in reps), "bot_moves": sum(x[k]["bot_moves"] for x in reps)}
             for k in reps[0]}
    return {"rates": rates, "repeats": reps, "latency": latency_summary(variants, max(1, hands // 4), clock),
            "worst": {v: worst_cases(v, clock) for v in variants}, "clock": clock}


def format_report(res: dict[str, Any], ratios: dict[str, dict[str, float]] | None = None, label: str = "") -> str:
    lines = ["| variant, players | random playouts (moves/s) | computer vs computer (moves/s) | legal_moves median "
             "| p99 | max | states |"
             + (" random vs baseline | bot vs baseline |" if ratios else ""),
             "|---|---:|---:|---:|---:|---:|---:|" + ("---:|---:|" if ratios else "")]
    for k, r in res["rates"].items():
        lat = res["latency"][k]
        row = (f"| {k} | {r['random']:,.0f} | {r['bot']:,.0f} | {lat['median_ms']:.3f} ms | {lat['p99_ms']:.3f} ms | "
               f"{lat['max_ms']:.3f} ms | {lat['states']} |")
        if ratios:
            row += f" {ratios[k]['random']:.2f}x | {ratios[k]['bot']:.2f}x |"
        lines.append(row)
    worst = [(v, w) for v, ws in res["worst"].items() for w in ws]
    if worst:
        lines += ["", "| worst case (constructed) | legal moves | legal_moves() |", "|---|---:|---:|"]
        lines += [f"| {v}: {w['case']} | {w['legal_moves']} | {w['ms']:.2f} ms |" for v, w in worst]
    return "\n".join(lines)


# ---------------------------------------------------------------------------- command line


def _baseline_engine(rev: str) -> str:
    import subprocess
    import tempfile

    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    out = tempfile.mkdtemp(prefix="meldtable-baseline-")
    archive = subprocess.run(["git", "-C", root, "archive", rev, "engine"], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", out], input=archive, check=True)
    return os.path.join(out, "engine")


_CHILD = """
import json, sys
sys.path.insert(0, sys.argv[1]); sys.path.insert(1, sys.argv[2])
import engine_bench as B
variants, hands, r, clock, min_moves = json.loads(sys.argv[3])
if r < 0:
    B.warm_up(variants)
    print(json.dumps({"latency": B.latency_summary(variants, max(1, hands // 4), clock),
                      "worst": {v: B.worst_cases(v, clock) for v in variants}}))
else:
    B.warm_up(variants)
    print(json.dumps(B.repeat(variants, hands, r, clock, min_moves)))
"""


def main() -> None:
    import argparse
    import subprocess

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=20, help="hands per repeat and player count (computer: a quarter)")
    ap.add_argument("--moves", type=int, default=3000, help="and at least this many moves (computer: a third)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--variants", nargs="*", default=None)
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    ap.add_argument("--baseline", metavar="GIT_REV", help="also measure the engine of this git revision, interleaved")
    ap.add_argument("--json", metavar="FILE", help="write the figures as JSON")
    a = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    current = os.path.join(here, "..", "engine")
    variants = a.variants or list(meldtable.VARIANTS)
    load0 = os.getloadavg()
    print(f"python {sys.version.split()[0]}, {a.repeats} x {a.hands} hands and {a.moves} moves per player count, "
          f"clock {a.clock}, "
          f"load average {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f}", flush=True)

    def child(engine: str, r: int) -> dict[str, Any]:
        out = subprocess.run([sys.executable, "-c", _CHILD, engine, here, json.dumps([variants, a.hands, r, a.clock, a.moves])],
                             check=True, capture_output=True, text=True).stdout
        answer: dict[str, Any] = json.loads(out)
        return answer

    if not a.baseline:
        res = run_all(variants, a.hands, a.repeats, a.clock, a.moves)
        print(format_report(res))
        ratios = None
        base = None
    else:
        engine = _baseline_engine(a.baseline)
        reps: list[dict[str, Any]] = []
        base_reps: list[dict[str, Any]] = []
        for r in range(a.repeats):  # interleaved: current, baseline, current, ...
            reps.append(child(current, r))
            base_reps.append(child(engine, r))
            print(f"repeat {r + 1}/{a.repeats} done", file=sys.stderr, flush=True)
        cur_lat, base_lat = child(current, -1), child(engine, -1)

        def fold(rs: list[dict[str, Any]], lat: dict[str, Any]) -> dict[str, Any]:
            rates = {k: {"random": median(x[k]["random"] for x in rs), "bot": median(x[k]["bot"] for x in rs),
                         "random_moves": sum(x[k]["random_moves"] for x in rs), "bot_moves": sum(x[k]["bot_moves"] for x in rs)}
                     for k in rs[0]}
            return {"rates": rates, "repeats": rs, **lat, "clock": a.clock}

        res, base = fold(reps, cur_lat), fold(base_reps, base_lat)
        ratios = {k: {m: median(x[k][m] / y[k][m] for x, y in zip(reps, base_reps)) for m in ("random", "bot")}
                  for k in reps[0]}
        print(f"\ncurrent engine (ratios: median over repeats of current / baseline {a.baseline}, measured interleaved)")
        print(format_report(res, ratios))
        print(f"\nbaseline engine ({a.baseline})")
        print(format_report(base))
    load1 = os.getloadavg()
    print(f"\nload average at the end {load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"current": res, "baseline": base, "baseline_rev": a.baseline, "ratios": ratios,
                       "load_start": load0, "load_end": load1, "python": sys.version}, f, indent=1)


if __name__ == "__main__":
    main()
