"""Instructions per move of two-hand Canasta, for callgrind (not a test; docs/performance.md).

Plays the same 40 seeded random hands (``N``) with the engine at ``ENGINE_DIR``; with ``K=0`` it only
imports the engine and starts one game (so the canasta family is imported in both runs), with
``K=1`` it also plays the hands. Instructions per move = (Ir of K=1 - Ir of K=0) / moves printed:

    export PYTHONHASHSEED=0
    K=0 valgrind --tool=callgrind --callgrind-out-file=/tmp/a python3.11 bench/canasta_instructions.py engine
    K=1 valgrind --tool=callgrind --callgrind-out-file=/tmp/b python3.11 bench/canasta_instructions.py engine

``OPTS`` (JSON) sets rule options, e.g. ``OPTS='{"initial_meld_counts": "hand_cards"}'``. Use the
real interpreter (not a venv launcher) under valgrind.
"""
import json
import os
import random
import sys

sys.path.insert(0, sys.argv[1])
import meldtable  # noqa: E402

OPTS = json.loads(os.environ.get("OPTS", "{}")) or None
K = int(os.environ.get("K", "1"))
N = int(os.environ.get("N", "40"))
meldtable.new_game("canasta-two-hand", players=2, seed=1, options=OPTS)  # imports the family in the K=0 run too
rng = random.Random(5)
n = 0
for seed in range(100, 100 + N * K):
    g = meldtable.new_game("canasta-two-hand", players=2, seed=seed, options=OPTS)
    while not g.hand_over:
        g.play(rng.choice(g.legal_moves()))
        n += 1
print(n)
