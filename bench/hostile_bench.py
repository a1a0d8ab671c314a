"""Hostile requests on CPython (not a test): how long the worker takes to answer the examples of
issue #15 and the worst requests the boundary fuzzers generate. Figures: docs/performance.md,
"Hostile requests".

    python bench/hostile_bench.py [--examples N] [--repeats R] [--clock cpu|wall] [--json FILE] [--quick]

1. **The issues' examples** (#15 and #25; a 53-card Continental set and lay-down, 1,000 and 20,000 cards,
   1,000 combinations, a canasta meld of 20,000 cards, saved games with NaN, `[1]` results,
   4,300-digit scores, `"players": 2.0`, a half-laid contract that nothing completes, a NaN
   id): each request's median over R repeats, on a fresh copy of its session, next to the
   median of a plain `table` request (the baseline, measured in the same run) and their ratio.
2. **The fuzzers' worst requests**: the strategies of tests/test_fuzz_boundary.py (hostile
   messages on every variant and kind of session, oversized actions from 60-card hands,
   mutated, rewritten and non-finite saved games sent as `load`, Continental positions built
   card by card) generate N examples each (hypothesis, derandomized); every answer is timed
   once, and the 12 slowest are timed again R times: their medians are the figures. The
   maximum of those medians is the "worst request of the fuzzers".

Only ``api.handle`` is timed (the session is prepared before). ``--clock cpu`` (default) times
CPU time of this process (robust to other load on this shared machine), ``wall`` the clock.
Needs the test dependencies (hypothesis, pytest): run it with ``.venv/bin/python``.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "engine"))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

import meldtable  # noqa: E402
from meldtable import Game, api  # noqa: E402

Session = Callable[[], api.Session]


def _clock(kind: str) -> Callable[[], float]:
    return time.process_time if kind == "cpu" else time.perf_counter


def answer_time(make: Session, text: str, clock: Callable[[], float]) -> tuple[float, dict[str, Any]]:
    """Seconds ``api.handle(text)`` takes on a fresh session from ``make``, and the answer."""
    s = make()
    t0 = clock()
    out = api.handle(text, s)
    dt = clock() - t0
    answer: dict[str, Any] = json.loads(out)
    return dt, answer


def median_time(make: Session, text: str, clock: Callable[[], float], repeats: int) -> tuple[float, dict[str, Any]]:
    times = []
    resp: dict[str, Any] = {}
    for _ in range(repeats):
        dt, resp = answer_time(make, text, clock)
        times.append(dt)
    return statistics.median(times), resp


def parse_time(text: str, clock: Callable[[], float], repeats: int) -> float:
    """Median seconds of parsing ``text`` as the engine does before any work: the request's JSON
    and, for a ``load``, its saved game's JSON (0 for text that is not JSON or too long)."""
    from meldtable.fields import strict_json

    times = []
    for _ in range(repeats):
        t0 = clock()
        try:
            if len(text) <= api.MAX_REQUEST:
                req = strict_json(text)
                if isinstance(req, dict) and req.get("op") == "load" and isinstance(req.get("state"), str):
                    strict_json(req["state"])
        except (ValueError, RecursionError):
            pass
        times.append(clock() - t0)
    return statistics.median(times)


# ---------------------------------------------------------------------------- 1. the issue's examples


def issue_examples() -> list[tuple[str, Session, str]]:
    """(name, session factory, request text) for each example of issue #15."""
    from positions_continental import position_json
    from test_hostile_input import continental_big_hand

    big_game = continental_big_hand(53)[0].game
    assert big_game is not None
    big_text = big_game.to_json()
    seat = Game.from_json(big_text).current_player
    assert seat is not None  # the seat to act holds the big hand

    def big() -> api.Session:
        s = api.Session()
        s.game, s.human_seats = Game.from_json(big_text), [seat]
        return s

    hand = Game.from_json(big_text).view(seat)["hand"]
    canasta_text = meldtable.new_game("canasta-two-hand", players=2, seed=1).to_json()

    def canasta() -> api.Session:
        s = api.Session()
        s.game = Game.from_json(canasta_text)
        return s

    def act(action: dict[str, Any]) -> str:
        return json.dumps({"id": 1, "op": "act", "action": action})

    def load(text: str) -> str:
        return json.dumps({"id": 1, "op": "load", "state": text})

    g = meldtable.new_game("continental", players=2, seed=3)
    from meldtable.bot import choose_move
    while not g.hand_over:
        g.play(choose_move(g))
    ended = json.loads(g.to_json())
    results_one = json.loads(json.dumps(ended))
    results_one["state"]["results"] = [1]
    results_nan = json.dumps(ended).replace('"total":', '"total":NaN,"x":', 1)
    digits = json.loads(json.dumps(ended))
    digits["state"]["scores"][0] = int("9" * 4299)
    players_float = json.loads(canasta_text)
    players_float["players"] = 2.0
    half_laid = position_json(hands=[["2C", "5D", "9H", "KS"], ["3C", "4C"]], table=[[["7C", "7D", "7H"]], []],
                              down=[False, False], turn={"stage": "play", "pending": [1, 0], "laid_ranks": ["7"]})
    return [
        ("table (baseline)", big, json.dumps({"id": 1, "op": "table"})),
        ("Continental set, all 53 cards of the hand", big, act({"type": "set", "cards": hand})),
        ("Continental lay_down, one set of 53 cards", big, act({"type": "lay_down", "combos": [{"type": "set", "cards": hand}]})),
        ("Continental set of 159 cards", big, act({"type": "set", "cards": (hand * 4)[:159]})),
        ("Continental set of 1,000 cards", big, act({"type": "set", "cards": (hand * 20)[:1000]})),
        ("Continental add of 20,000 jokers", big, act({"type": "add", "target": "0.1", "cards": ["JK"] * 20000})),
        ("Continental lay_down of 1,000 combinations", big,
         act({"type": "lay_down", "combos": [{"type": "set", "cards": hand[:3]}] * 1000})),
        ("canasta meld of 20,000 cards", canasta, act({"type": "meld", "cards": ["QH"] * 20000})),
        ("load: results [1]", canasta, load(json.dumps(results_one))),
        ("load: NaN in results", canasta, load(results_nan)),
        ("load: a score of 4,299 digits", canasta, load(json.dumps(digits))),
        ('load: "players": 2.0', canasta, load(json.dumps(players_float))),
        ("load: half-laid contract, nothing completes it", canasta, load(half_laid)),
        ("load: 164-card hand, 14 jokers (constructed)", canasta, load(_monster_hand())),
        ("a NaN request id", canasta, '{"id": NaN, "op": "hello"}'),
        ("a request of 1,000,001 characters", canasta, "x" * (api.MAX_REQUEST + 1)),
    ] + round_two_examples(canasta)


def round_two_examples(canasta: Session) -> list[tuple[str, Session, str]]:
    """The examples of issue #25 ("Hostile input, round 2") that reach the generic engine."""
    import test_hostile_round2 as R

    def act(action: dict[str, Any]) -> str:
        return json.dumps({"id": 1, "op": "act", "action": action})

    largest = R.largest_save()
    near = json.loads(meldtable.new_game("canasta-two-hand", players=2, seed=1).to_json())
    near["state"]["scores"] = [10**12 - 50, 10**12 - 50]
    g = meldtable.new_game("canasta-two-hand", players=2, seed=1)
    d = json.loads(g.to_json())
    st = d["state"]
    seat = st["turn"]["seat"]
    want = ["QH", "QS", "QD", "QC", "2C", "2D", "2H", "2S", "JK", "JK"]
    for c in want:
        (st["stock"] if c in st["stock"] else st["hands"][1 - seat]).remove(c)
        st["hands"][seat].append(c)
    extra = [c for c in st["stock"] if c not in ("3H", "3D")][:40]
    for c in extra:
        st["stock"].remove(c)
    st["hands"][seat] += extra
    big_hand = Game.from_json(json.dumps(d))
    big_hand.play("draw")
    big_text = big_hand.to_json()

    def composer() -> api.Session:
        s = api.Session()
        s.game, s.human_seats = Game.from_json(big_text), [seat]
        return s

    def largest_loaded() -> api.Session:
        s = api.Session()
        s.game = Game.from_json(largest)
        return s

    return [
        ("act: action type of 900,000 characters", canasta, act({"type": "x" * 900_000})),
        ("new: variant of 900,000 characters", canasta,
         json.dumps({"id": 1, "op": "new", "variant": "x" * 900_000, "players": 2, "seed": 1})),
        ("a request id of 401 digits", canasta, '{"id": ' + "9" * 401 + ', "op": "hello"}'),
        ("act: move 'add Q#\u00b2 QH'", canasta, act({"type": "move", "text": "add Q#\u00b2 QH"})),
        ("act: move 'meld' naming 20,000 cards", canasta, act({"type": "move", "text": "meld " + " QH" * 20_000})),
        ("new: initial_meld_table of 90,000 rows", canasta,
         json.dumps({"id": 1, "op": "new", "variant": "canasta-classic", "players": 4, "seed": 1,
                     "options": {"initial_meld_table": [[0, 50]] * 90_000}})),
        ("canasta meld composer: 7 cards, no way legal", composer,
         act({"type": "meld", "cards": ["QH"] + want[4:]})),
        ("load: the largest accepted save (history)", canasta,
         json.dumps({"id": 1, "op": "load", "state": largest})),
        ("save: the largest accepted save", largest_loaded, json.dumps({"id": 1, "op": "save"})),
        ("undo on the largest accepted save (refused)", largest_loaded, json.dumps({"id": 1, "op": "undo"})),
        ("load: scores of 999,999,999,950", canasta, json.dumps({"id": 1, "op": "load", "state": json.dumps(near)})),
    ]


def _monster_hand() -> str:
    """Not from the fuzzers: the costliest legal position found by hand, a Continental seat in
    its play stage, not down, holding 150 random natural cards of four decks and 14 jokers, deal
    10 (two sets and two runs) with runs of different suits: its legal moves are 1,200 contract
    steps, each checked by the lay-down planner."""
    import random

    from positions_continental import full_deck, position_json

    opts = {"game_length": "extended", "deck_schedule": "constant", "decks": 4, "jokers_per_deck": 4,
            "same_suit_runs": False}
    deck = [c for c in full_deck(4, 4).elements() if c != "JK"]
    deck.remove("2C")
    hand = random.Random(5).sample(deck, 150) + ["JK"] * 14
    return position_json(hands=[hand, ["JK"]], hand_number=10, turn={"stage": "play"}, options=opts, penalty=[])


# ---------------------------------------------------------------------------- 2. the fuzzers' worst


def fuzzer_requests(examples: int) -> list[tuple[str, Session, str]]:  # noqa: C901 - see pyproject.toml
    """(description, session factory, request text) of every request the fuzzers' strategies
    generate with ``examples`` examples per strategy and case."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    import test_fuzz_boundary as F

    out: list[tuple[str, Session, str]] = []
    cfg = settings(max_examples=examples, derandomize=True, database=None, deadline=None,
                   suppress_health_check=list(HealthCheck))

    def factory(variant: str | None, kind: str) -> Session:
        return lambda: F.session_of(variant, kind)

    for variant in F.VARIANTS + [None]:
        for kind in F.SESSION_KINDS if variant else ["dealt"]:
            @cfg
            @given(message=F.MESSAGE)
            def messages(message: str) -> None:
                out.append((f"message, {variant} {kind}", factory(variant, kind), message))
            messages()
    for variant in F.VARIANTS:
        def big(v: str = variant) -> api.Session:
            return F.big_session(v)
        game = big().game
        assert game is not None and game.current_player is not None
        hand = game.view(game.current_player)["hand"]

        @cfg
        @given(action=F.oversized_action(hand))
        def oversized(action: dict) -> None:
            out.append((f"oversized {action.get('type')}, {variant}", big,
                        json.dumps({"id": 7, "op": "act", "action": action})))
        oversized()

        games = F.saved_games(variant)

        @cfg
        @given(data=st.data())
        def mutated(data: Any) -> None:
            text = games[data.draw(st.sampled_from(sorted(games)))]
            bad = F.mutate(json.loads(text), text, data)
            out.append((f"load mutated save, {variant}", factory(variant, "mid_hand"),
                        json.dumps({"id": 4, "op": "load", "state": bad})))
        mutated()

        @cfg
        @given(data=st.data())
        def non_finite(data: Any) -> None:
            text = games[data.draw(st.sampled_from(sorted(games)))]
            a, b = data.draw(st.sampled_from([m.span() for m in F.NUMBER.finditer(text)]))
            bad = text[:a] + data.draw(st.sampled_from(F.NOT_WHOLE)) + text[b:]
            out.append((f"load non-finite save, {variant}", factory(variant, "mid_hand"),
                        json.dumps({"id": 4, "op": "load", "state": bad})))
        non_finite()

        if variant in F.TURN_MUTATIONS:
            @cfg
            @given(data=st.data())
            def rewritten(data: Any) -> None:
                names = sorted(k for k in games if not k.startswith("match_over"))
                doc = json.loads(games[data.draw(st.sampled_from(names))])
                for _ in range(data.draw(st.integers(1, 3))):
                    F.TURN_MUTATIONS[variant](doc, data)
                out.append((f"load rewritten turn, {variant}", factory(variant, "mid_hand"),
                            json.dumps({"id": 4, "op": "load", "state": json.dumps(doc)})))
            rewritten()

    @cfg
    @given(text=F.continental_turn_position())
    def positions(text: str) -> None:
        out.append(("load Continental position", factory("continental", "mid_hand"),
                    json.dumps({"id": 4, "op": "load", "state": text})))
    positions()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--examples", type=int, default=60, help="examples per fuzzer strategy and case (default 60)")
    ap.add_argument("--repeats", type=int, default=15, help="timings per request for a median (default 15)")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    ap.add_argument("--json", help="write the figures to this file")
    ap.add_argument("--quick", action="store_true",
                    help="a small sample that runs in seconds (smoke test): 1 example per strategy, 1 repeat")
    args = ap.parse_args()
    if args.quick:
        args.examples, args.repeats = 1, 1
    clock = _clock(args.clock)
    load0 = os.getloadavg()
    print(f"meldtable {meldtable.__version__}, Python {sys.version.split()[0]}, clock {args.clock}, "
          f"load average {load0[0]:.2f} at the start", flush=True)

    report: dict[str, Any] = {"clock": args.clock, "examples": [], "fuzzers": {}}
    print(f"\n1. The issues' examples (median of {args.repeats} answers; parse = the request's JSON and a load's saved game, "
          "after = the work after parsing)")
    rows = issue_examples()
    base, _ = median_time(rows[0][1], rows[0][2], clock, args.repeats)
    print(f"{'request':52s} {'median ms':>10s} {'parse ms':>9s} {'after':>7s} {'x table':>8s}  answer")
    for i, (name, make, text) in enumerate(rows):
        resp: dict[str, Any] = {"ok": True}
        med = base
        if i:
            med, resp = median_time(make, text, clock, args.repeats)
        parse = parse_time(text, clock, args.repeats)
        answer = "ok" if resp["ok"] else f"{resp['error']['code']}: {resp['error']['message'][:60]}"
        print(f"{name:52s} {med * 1000:10.2f} {parse * 1000:9.2f} {max(0.0, med - parse) * 1000:7.2f} "
              f"{med / base:8.1f}  {answer}", flush=True)
        report["examples"].append({"request": name, "median_ms": med * 1000, "parse_ms": parse * 1000,
                                   "after_parsing_ms": max(0.0, med - parse) * 1000, "ratio_to_table": med / base,
                                   "bytes": len(text), "answer": answer})
    after = max(report["examples"], key=lambda x: x["after_parsing_ms"])
    print(f"worst example after parsing: {after['after_parsing_ms']:.1f} ms ({after['request']})")

    print(f"\n2. The fuzzers' worst requests ({args.examples} examples per strategy and case)", flush=True)
    started = time.perf_counter()
    reqs = fuzzer_requests(args.examples)
    timed = []
    for desc, make, text in reqs:
        dt, resp = answer_time(make, text, clock)
        timed.append((dt, desc, make, text))
    timed.sort(key=lambda x: -x[0])
    print(f"{len(reqs)} requests generated and answered in {time.perf_counter() - started:.0f} s; "
          f"median {statistics.median(t[0] for t in timed) * 1000:.2f} ms")
    print(f"{'request':52s} {'median ms':>10s} {'x table':>8s} {'bytes':>8s}  answer")
    worst: list[dict[str, Any]] = []
    for _, desc, make, text in timed[:12]:
        med, resp = median_time(make, text, clock, args.repeats)
        answer = "ok" if resp["ok"] else resp["error"]["code"]
        worst.append({"request": desc, "median_ms": med * 1000, "ratio_to_table": med / base, "bytes": len(text),
                      "answer": answer})
    worst.sort(key=lambda x: -x["median_ms"])
    for w in worst:
        print(f"{w['request']:52s} {w['median_ms']:10.2f} {w['ratio_to_table']:8.1f} {w['bytes']:8d}  {w['answer']}")
    report["fuzzers"] = {"requests": len(reqs), "worst": worst, "max_ms": worst[0]["median_ms"] if worst else 0}
    load1 = os.getloadavg()
    print(f"\nworst request of the fuzzers: {report['fuzzers']['max_ms']:.1f} ms (median of {args.repeats}); "
          f"load average {load1[0]:.2f} at the end")
    report["load_average"] = [load0[0], load1[0]]
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
