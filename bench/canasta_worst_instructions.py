"""Instructions per `legal_moves()` in the pile-take worst case of two-hand Canasta, for callgrind
(not a test; docs/performance.md, issue #10).

The state is `engine_bench.canasta_take_big_pile`: seat 0 has just taken a 73-card discard pile
(its initial meld pending, minimum 120, unless ``MELDED=1``). ``W`` fresh copies of it are asked
for their legal moves; the cost of one warm call is (Ir of W=4 - Ir of W=1) / 3:

    export PYTHONHASHSEED=0
    W=1 valgrind --tool=callgrind --callgrind-out-file=/tmp/a python3.11 bench/canasta_worst_instructions.py engine
    W=4 valgrind --tool=callgrind --callgrind-out-file=/tmp/b python3.11 bench/canasta_worst_instructions.py engine

``ENGINE_DIR`` (the argument) may be another revision's ``engine/`` (e.g. ``git archive 76d790d
engine | tar -x -C /tmp/base``). ``OPTS`` (JSON) sets rule options of the reworked engine, e.g.
``OPTS='{"initial_meld_counts": "hand_cards"}'`` (the pre-rework engine's reading of what counts
towards the initial meld) or ``OPTS='{"black_three_meld": "never"}'``. Prints the number of legal
moves. Use the real interpreter (not a venv launcher) under valgrind.
"""
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, sys.argv[1])
sys.path.insert(0, str(Path(__file__).resolve().parent))
import engine_bench  # noqa: E402
import meldtable  # noqa: E402

assert Path(meldtable.__file__).resolve().is_relative_to(Path(sys.argv[1]).resolve()), meldtable.__file__
W = int(os.environ.get("W", "1"))
OPTS = json.loads(os.environ.get("OPTS", "null"))
if OPTS:
    _new_game = meldtable.new_game
    # engine_bench's games start from meldtable.new_game (the same module object as here)
    meldtable.new_game = lambda *a, **k: _new_game(*a, **k, options=OPTS)
state = engine_bench.canasta_take_big_pile(os.environ.get("MELDED") == "1")
copies = [state.copy() for _ in range(4)]
n = 0
for c in copies[:W]:
    n = len(c.legal_moves())
print(n)
