"""Behaviour check for engine speed work (not a test): the current engine and the engine of a git
revision play the same seeded hands and must agree move for move.

    python bench/same_moves.py --baseline GIT_REV [--hands 200] [--variants ID ...] [--refusals 8]

For every variant and player count, ``--hands`` seeded hands are played by random players, by
computer players and by mixed tables, with default rule options and (every other hand) random
ones (tests/sim_harness.py ``random_options``). For each hand the digest of every state's legal
moves (in order), the moves played and the final saved game are compared between the two engines
(each runs in its own process). With ``--refusals K`` each state also asks the engine why K
near-miss moves are refused (``state.explain``: the reason key, its parameters and its message;
candidates made from the state's legal moves with a card, the kind or the meld changed, and moves
of earlier states), so that refactoring the checks keeps every reason too. Prints the number of
hands, moves, reasons asked and differences; exits 1 on any difference.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from typing import Any, cast

HERE = os.path.dirname(os.path.abspath(__file__))

_CHILD = r"""
import hashlib, json, random, sys
sys.path.insert(0, sys.argv[1]); sys.path.insert(1, sys.argv[2])
import meldtable
from meldtable.bot import choose_move
import sim_harness
variants, hands, refusals = json.loads(sys.argv[3])
KINDS = ("draw", "take", "meld", "add", "bury", "discard", "pass", "ask", "yes", "no", "play", "claim")
asked = 0


def reasons(g, legal, pool, rng, h):
    # the verdicts on `refusals` near-miss moves of this state, hashed into h
    global asked
    texts = [str(m) for m in legal]
    words_all = sorted({w for t in texts + pool[-50:] for w in t.split()[1:]})
    for _ in range(refusals):
        pick = rng.random()
        if pick < 0.35 and texts:
            words = rng.choice(texts).split()
            if len(words) > 1 and words_all:
                words[rng.randrange(1, len(words))] = rng.choice(words_all)
        elif pick < 0.55 and texts:
            words = rng.choice(texts).split()
            words[0] = rng.choice(KINDS)
        elif pick < 0.85 and pool:
            words = rng.choice(pool).split()
        elif words_all:
            words = ["meld"] + [rng.choice(words_all) for _ in range(3)]
        else:
            continue
        cand = " ".join(words)
        try:
            m = g.parse_move(cand)
        except meldtable.MeldtableError as e:
            h.update(("notation " + cand + " " + str(e)).encode())
            continue
        key, msg, params = g._state.explain(m)
        h.update(json.dumps([cand, key, msg, params], sort_keys=True, default=str).encode())
        asked += 1


out = {}
for vid in variants:
    for players in meldtable.VARIANTS[vid].players:
        for mode in ("random", "bot", "mixed"):
            for seed in range(hands if mode == "random" else max(1, hands // 4)):
                opts = None
                if seed % 2:
                    opts = sim_harness.random_options(vid, players, random.Random(f"same {vid} {players} {seed}"))
                g = meldtable.new_game(vid, players=players, seed=seed, options=opts)
                rng = random.Random(seed)
                rrng = random.Random(f"refusals {seed}")
                pool = []
                h = hashlib.sha256()
                n = 0
                while not g.hand_over and n < 5000:
                    legal = g.legal_moves()
                    h.update("|".join(map(str, legal)).encode())
                    if not legal:
                        break
                    if refusals:
                        reasons(g, legal, pool, rrng, h)
                        pool.extend(str(m) for m in legal[:5])
                    if mode == "random" or (mode == "mixed" and g.current_player % 2):
                        m = rng.choice(legal)
                    else:
                        m = choose_move(g)
                    g.play(m)
                    n += 1
                out[f"{vid} {players}p {mode} seed {seed}"] = [h.hexdigest(), hashlib.sha256(g.to_json().encode()).hexdigest(), n]
out["_asked"] = ["", "", asked]
print(json.dumps(out))
"""


def run(engine: str, variants: list[str], hands: int, refusals: int = 0) -> dict[str, Any]:
    tests = os.path.join(HERE, "..", "tests")
    res = subprocess.run([sys.executable, "-c", _CHILD, engine, tests, json.dumps([variants, hands, refusals])],
                         check=True, capture_output=True, text=True)
    return cast("dict[str, Any]", json.loads(res.stdout))


def main() -> int:
    sys.path.insert(0, os.path.join(HERE, "..", "engine"))
    import meldtable
    from engine_bench import _baseline_engine

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", required=True, metavar="GIT_REV")
    ap.add_argument("--hands", type=int, default=200, help="random-player hands per player count (bots: a quarter)")
    ap.add_argument("--variants", nargs="*", default=list(meldtable.VARIANTS))
    ap.add_argument("--refusals", type=int, default=0, help="near-miss moves whose refusal reason is compared, per state")
    a = ap.parse_args()
    current = run(os.path.join(HERE, "..", "engine"), a.variants, a.hands, a.refusals)
    base = run(_baseline_engine(a.baseline), a.variants, a.hands, a.refusals)
    diff = sorted(k for k in current if current[k] != base.get(k))
    asked = current.pop("_asked")[2]
    base.pop("_asked", None)
    moves = sum(v[2] for v in current.values())
    print(f"{len(current)} hands, {moves} moves, {asked} reasons asked; {len(diff)} differ from {a.baseline}")
    for k in diff[:20]:
        print("  differs:", k)
    digest = hashlib.sha256(json.dumps(current, sort_keys=True).encode()).hexdigest()[:16]
    print(f"digest of all hands: {digest}")
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())
