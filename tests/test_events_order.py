"""The order of a move's events (docs/protocol.md, "Events") is the same in every run: the page
flies the cards in this order, and CPython and Pyodide must agree. 3 ist 50's refill of the hands
(seed 005: after each play the hands are filled up again from the stock) comes after the play."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import cast

from meldtable.game import new_game

ENGINE = Path(__file__).resolve().parent.parent / "engine"

SCRIPT = """
import json, random, sys
from meldtable.game import new_game
out = []
for v, p in [("canasta-two-hand", 2), ("canasta-classic", 4), ("kanaster", 4), ("continental", 3), ("3-ist-50", 3)]:
    g = new_game(v, players=p, seed=7)
    g.record_events = True
    r = random.Random(1)
    for _ in range(150):
        if g.hand_over:
            break
        g.play(r.choice(g.legal_moves()))
        out.append([e.to_json() for e in g.last_events])
sys.stdout.write(json.dumps(out))
"""


def _events_with_hash_seed(seed: str) -> list[list[dict[str, object]]]:
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ENGINE)}
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
    return cast("list[list[dict[str, object]]]", json.loads(done.stdout))


def test_events_do_not_depend_on_the_hash_seed() -> None:
    first, second = _events_with_hash_seed("0"), _events_with_hash_seed("11")
    assert len(first) > 100
    assert first == second


def test_three_fifty_refill_comes_after_the_play() -> None:
    g = new_game("3-ist-50", players=3, seed=3)
    g.record_events = True
    r = random.Random(5)
    seen = 0
    for _ in range(200):
        if g.hand_over:
            break
        g.play(r.choice(g.legal_moves()))
        keys = [e.key for e in g.last_events]
        if "deal" in keys:
            seen += 1
            first_deal = keys.index("deal")
            assert all(k not in ("play", "capture", "discard") for k in keys[first_deal:]), keys
    assert seen > 0
