"""Playing strength of the computer levels (issue #27; not a test: figures go to
docs/performance.md, "Playing strength").

    python bench/strength.py [--deals N] [--games G ...] [--pairs A:B ...] [--iterations K] [--quick]
                             [--set NAME=VALUE ...]

Plays level ``A`` against level ``B`` over ``N`` seeded deals per game and pairing (deal ``d``
uses seed ``d``, from ``--first``), one hand each (the first deal of a match), seats rotated:

- two-sided games (two-hand Canasta, Kanaster 2p, Classic 4p and Kanaster 4p in two
  partnerships): ``A`` holds side ``d % 2`` (both partners), ``B`` the other; a deal is won by the
  side with the higher hand score (a tie counts half). Reported: ``A``'s win rate with its 95%
  Wilson interval and the mean score margin ``A - B`` with its 95% interval (normal
  approximation).
- games of ``n`` seats (Continental 3p, 3 ist 50 3p): one ``A`` seat (seat ``d % n``) among
  ``B`` seats; a deal is won by the seat with the lowest hand score (shared ties count
  ``1/k``). Reported: ``A``'s win rate (target for a strong seat: at least ``1.5/n``) and the
  mean margin (``B`` seats' mean minus ``A``'s points: higher is better for ``A``).

``strong`` runs with a fixed number of search iterations (``--iterations``, default 6) so the
figures do not depend on the machine's load. ``random`` is a level of this bench only (uniform
over the legal moves). ``oracle`` is a bench-only yardstick, never a player of the engine or the
page: the strong player's search (:func:`meldtable.search.strong_move`, its candidates, playouts,
leaf value and evidence rule, settable with ``--set``) run on the TRUE state of the deal instead
of determinizations (it sees every hand and the stock: it cheats), in every family (also those of
``NORMAL_ONLY`` and ``POLICY_ONLY``): :func:`oracle_move`. What it wins bounds what a search of this kind could win
with perfect sampling. Session 14, one oracle seat among two normal ones, deals 0-399 (3 ist 50)
and 0-199 (Continental): 3 ist 50 0.44 at the default horizon (2 turns), 0.56 with playouts to
the end (``--set HORIZON_TURNS.threefifty=1000 --set MAX_PLAYOUT_MOVES=5000``), 0.59 with
``LEADER_WEIGHT.threefifty=1`` too; Continental 0.10 at 2 turns, 0.81 to the end (a normal seat:
0.32 of the same deals). ``--quick``: 2 deals of two games (the CI smoke test: it asserts only that
the bench runs).

``--set NAME=VALUE`` (repeatable) changes a setting of :mod:`meldtable.search` for the run, to
measure it before it becomes a default (:func:`apply_settings`): a number setting
(``--set NEED_POINTS=10``), one family's entry of a per-family table (``--set
WIN_SCALE.canasta=300``; an empty value removes the entry: ``--set WIN_SCALE.canasta=``) or a set
of families (``--set NORMAL_ONLY=`` for none, ``--set NORMAL_ONLY=continental,threefifty``). An
unknown name or a bad value ends the run with a message and exit code 2. The settings in force are
echoed in the output's first line.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "engine"))

import meldtable  # noqa: E402
from meldtable import search  # noqa: E402
from meldtable.bot import choose_move  # noqa: E402

GAMES = {
    "two-hand": ("canasta-two-hand", 2),
    "classic4": ("canasta-classic", 4),
    "kanaster2": ("kanaster", 2),
    "kanaster4": ("kanaster", 4),
    "continental3": ("continental", 3),
    "3ist50-3": ("3-ist-50", 3),
}
PAIRS = ("normal:easy", "normal:random", "strong:normal")
FAMILIES = ("canasta", "continental", "threefifty")
"""The families a per-family search setting may name (``WIN_SCALE.<family>``)."""


class SettingError(ValueError):
    """A ``--set`` the bench cannot apply (unknown name, family or bad value); its text says why."""


def _number(name: str, text: str, kind: type) -> float | int:
    try:
        value = kind(text)
    except ValueError:
        raise SettingError(f"--set {name}: {text!r} is not a{'n integer' if kind is int else ' number'}") from None
    if not math.isfinite(value) or value < 0:
        raise SettingError(f"--set {name}: {text!r} must be a finite number >= 0")
    return value  # type: ignore[no-any-return]


def apply_settings(specs: list[str]) -> list[str]:
    """Apply ``--set`` specs (``NAME=VALUE``, ``NAME.family=VALUE``) to :mod:`meldtable.search` in
    this process, in order; the settings as they now stand, one ``NAME=VALUE`` a changed name, for
    the output header. Only the upper-case settings of the module that hold a number, a set of
    families or a per-family table of numbers can be set; numbers must be finite and >= 0 (an
    ``int`` setting takes an integer). Raises :class:`SettingError` naming the spec otherwise."""
    changed: list[str] = []
    for spec in specs:
        name, eq, text = spec.partition("=")
        name, text = name.strip(), text.strip()
        base, dot, fam = name.partition(".")
        if not eq or not base:
            raise SettingError(f"--set {spec!r}: expected NAME=VALUE (e.g. WIN_SCALE.canasta=300)")
        current = getattr(search, base, None) if base.isupper() and not base.startswith("_") else None
        if isinstance(current, bool) or not isinstance(current, (int, float, dict, frozenset)):
            known = sorted(k for k, v in vars(search).items() if k.isupper() and not k.startswith("_")
                           and isinstance(v, (int, float, dict, frozenset)) and not isinstance(v, bool))
            raise SettingError(f"--set {spec!r}: unknown setting {base!r} (known: {', '.join(known)})")
        if isinstance(current, dict):
            if fam not in FAMILIES:
                raise SettingError(f"--set {spec!r}: {base} is per family: name one as {base}.<family> "
                                   f"({', '.join(FAMILIES)})")
            table = dict(current)
            kinds = {type(v) for v in current.values()}
            if not text:
                table.pop(fam, None)
            else:
                table[fam] = _number(name, text, int if kinds == {int} else float)
            setattr(search, base, table)
        elif dot:
            raise SettingError(f"--set {spec!r}: {base} is not per family (no .{fam})")
        elif isinstance(current, frozenset):
            fams = frozenset(f.strip() for f in text.split(",") if f.strip())
            bad = sorted(fams - set(FAMILIES))
            if bad:
                raise SettingError(f"--set {spec!r}: unknown families {bad} (known: {', '.join(FAMILIES)})")
            setattr(search, base, fams)
        else:
            setattr(search, base, _number(name, text, type(current)))
        if base not in changed:
            changed.append(base)
    out = []
    for base in changed:
        value = getattr(search, base)
        shown = ",".join(sorted(value)) if isinstance(value, frozenset) else value
        out.append(f"{base}={shown}")
    return out


ORACLE_ITERATIONS = 2
"""Search iterations of ``oracle`` (whatever ``--iterations`` says): from the true state the
playouts are deterministic (the normal player decides from its view alone, and the deal's stock
order is in the state), so every iteration gives the same values and any number from 2 on (the
evidence rule needs 2 paired samples; their standard error is 0 here) makes the same decision as
the strong player's search would at that number of perfect samples: more would only cost time.
tests/test_bench_oracle.py checks that the iterations agree."""


def _true_state(game: meldtable.Game, seat: int, rng: random.Random, known: Any = None) -> Any:
    """``oracle``'s stand-in for :func:`meldtable.search.determinize_state`: a copy of the game's
    real family state (nothing dealt again; ``seat``, ``rng`` and ``known`` unused)."""
    return game.state.copy()


SKIP_SEARCH = ("NORMAL_ONLY", "POLICY_ONLY")
"""The settings of :mod:`meldtable.search` naming families whose strong player does not search
(the normal move, or the family's own strong policy); ``oracle`` empties those the module has."""


@contextmanager
def oracle_search() -> Iterator[None]:
    """Within the block :func:`meldtable.search.search` plays its iterations on copies of the true
    state (:func:`_true_state`) and every family searches (the :data:`SKIP_SEARCH` settings
    empty); all are restored after it, also on an error."""
    saved_det = search.determinize_state
    saved = {name: getattr(search, name) for name in SKIP_SEARCH if hasattr(search, name)}
    search.determinize_state = _true_state
    for name in saved:
        setattr(search, name, frozenset())
    try:
        yield
    finally:
        search.determinize_state = saved_det
        for name, value in saved.items():
            setattr(search, name, value)


def oracle_move(g: meldtable.Game, rng: random.Random, iterations: int) -> object:
    """The ``oracle`` level's move for the seat to act in ``g``: :func:`meldtable.search.strong_move`
    on the true state (:func:`oracle_search`) with :data:`ORACLE_ITERATIONS` iterations (any
    number from 2 decides the same; ``iterations``, the strong player's, is not used). Bench
    only: it reads hidden cards."""
    with oracle_search():
        return search.strong_move(g, rng, budget_ms=None, iterations=ORACLE_ITERATIONS)


def move_of(g: meldtable.Game, level: str, rng: random.Random, iterations: int) -> object:
    if level == "random":
        return rng.choice(g.legal_moves())
    if level == "oracle":
        return oracle_move(g, rng, iterations)
    if level == "strong":
        return choose_move(g, level="strong", rng=rng, iterations=iterations)
    return choose_move(g, level=level, rng=rng)


def play_deal(variant: str, players: int, seed: int, levels: list[str], iterations: int) -> list[int]:
    """One hand with ``levels[seat]`` per seat; the hand's score per side (canasta) or seat."""
    g = meldtable.new_game(variant, players=players, seed=seed)
    rng = random.Random(seed * 7919 + 1)
    moves = 0
    while not g.hand_over:
        seat = g.current_player
        assert seat is not None  # the hand is not over
        g.play(move_of(g, levels[seat], rng, iterations))
        moves += 1
        if moves > 20_000:
            raise RuntimeError(f"{variant} seed {seed}: the hand does not end")
    return [s["total"] for s in g.results[-1]["sides"]]


def wilson(wins: float, n: int) -> tuple[float, float]:
    """95% Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half width of its 95% interval (normal approximation)."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, float("inf")
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return m, 1.96 * sd / math.sqrt(n)


def measure(game: str, a: str, b: str, deals: int, iterations: int, first: int = 0,
            progress: bool = False) -> dict[str, object]:
    variant, players = GAMES[game]
    two_sided = variant.startswith(("canasta", "kanaster")) and players in (2, 4)
    wins = 0.0
    margins: list[float] = []
    outcomes: list[tuple[int, float]] = []
    start = time.perf_counter()
    for d in range(first, first + deals):
        won = wins
        if two_sided:
            a_side = d % 2
            g0 = meldtable.new_game(variant, players=players, seed=d)
            side_of = g0.state.rules.side_of
            levels = [a if side_of[s] == a_side else b for s in range(players)]
            totals = play_deal(variant, players, d, levels, iterations)
            margin: float = totals[a_side] - totals[1 - a_side]
            wins += 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
        else:
            a_seat = d % players
            levels = [a if s == a_seat else b for s in range(players)]
            totals = play_deal(variant, players, d, levels, iterations)
            best = min(totals)
            winners = [s for s, t in enumerate(totals) if t == best]
            wins += 1.0 / len(winners) if a_seat in winners else 0.0
            others = [t for s, t in enumerate(totals) if s != a_seat]
            margin = sum(others) / len(others) - totals[a_seat]  # (float)
        margins.append(float(margin))
        outcomes.append((d, float(margin)))
        if progress:  # one line a deal, so a run cut short still gives its deals
            print(f"deal {game} {a}:{b} {d} {margin} {wins - won:g}", file=sys.stderr, flush=True)
    lo, hi = wilson(wins, deals)
    m, half = mean_ci(margins)
    return {"game": game, "pair": f"{a} vs {b}", "deals": deals, "win": wins / deals, "lo": lo, "hi": hi,
            "margin": m, "half": half, "seconds": time.perf_counter() - start, "two_sided": two_sided,
            "players": players, "outcomes": outcomes}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--games", nargs="*", default=list(GAMES), choices=list(GAMES))
    ap.add_argument("--pairs", nargs="*", default=list(PAIRS))
    ap.add_argument("--iterations", type=int, default=6)
    ap.add_argument("--first", type=int, default=0, help="seed of the first deal (to add deals to a sample)")
    ap.add_argument("--raw", action="store_true", help="per deal (seed, margin) on stderr")
    ap.add_argument("--progress", action="store_true", help="each deal's margin and win share on stderr as it ends")
    ap.add_argument("--quick", action="store_true", help="2 deals of two games (smoke test)")
    ap.add_argument("--set", dest="settings", action="append", default=[], metavar="NAME=VALUE",
                    help="change a meldtable.search setting for the run (repeatable): NEED_POINTS=10, "
                         "WIN_SCALE.canasta=300 (empty value: entry removed), NORMAL_ONLY= (no family)")
    args = ap.parse_args(argv)
    try:
        settings = apply_settings(args.settings)
    except SettingError as e:
        print(f"strength.py: error: {e}", file=sys.stderr)
        return 2
    games, deals, pairs = args.games, args.deals, args.pairs
    if args.quick:
        games, deals, pairs = ["two-hand", "3ist50-3"], 2, ["normal:easy", "strong:normal"]
    oracle = any("oracle" in p.split(":") for p in pairs)
    print(f"strength: {deals} deals per game and pairing, strong with {args.iterations} iterations, "
          + (f"oracle (true state) with {ORACLE_ITERATIONS}, " if oracle else "") +
          f"load average {os.getloadavg()[0]:.2f}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"
          + (f", search settings: {' '.join(settings)}" if settings else ""), flush=True)
    print("| game | pairing | deals | win rate A | 95% interval | mean margin A-B | 95% interval | target | s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for game in games:
        for pair in pairs:
            a, b = pair.split(":")
            r = measure(game, a, b, deals, args.iterations, args.first, args.progress)
            n = int(r["players"])  # type: ignore[call-overload]
            target = ("0.80" if a == "normal" else "0.60") if r["two_sided"] else f"{1.5 / n:.2f}"
            print(f"| {game} | {r['pair']} | {deals} | {r['win']:.2f} | {r['lo']:.2f}-{r['hi']:.2f} | "
                  f"{r['margin']:+.0f} | ±{r['half']:.0f} | {target} | {r['seconds']:.0f} |", flush=True)
            if args.raw:  # per deal: (seed, margin) to pool samples of several runs
                print(f"raw {game} {r['pair']} {r['outcomes']}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
