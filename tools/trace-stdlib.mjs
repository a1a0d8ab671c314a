// Which standard-library modules the page's Python really imports, found by running it: Pyodide
// under Node boots the way web/engine-worker.mjs does, imports the engine from the wheel being
// built, takes the memory snapshot, then plays through the JSON protocol (meldtable.api.handle):
// `hello`; for every variant in meldtable.VARIANTS and every player count it allows, a game with
// the default options and one with every option changed, driven by a seeded random person and
// the computer, with `act` (every legal move as notation and as the page's structured action),
// `bot`, `next_hand`, `table`, `save`/`load`, `export` and `play`, and the error answers (bad
// JSON, unknown op, bad variant and options, illegal and out-of-turn moves, broken saved games).
// Then a second Python is restored from the snapshot and does the same. Last, it imports the
// modules build.py names (every module the engine's sources name in an import statement, also
// inside functions, and its explicit list STDLIB_LAZY), so that what they import comes along.
// Run by build.py:
//
//   node tools/trace-stdlib.mjs <pyodide dir (pyodide.mjs, pyodide.asm.*, python_stdlib.zip)>
//        <engine wheel> <JSON {"engine imports": [...], "STDLIB_LAZY": [...]}> <output json>
//
// Writes {"modules": [every module name in sys.modules at any point, sorted], "frozen":
// [those of them Python took from its frozen or built-in modules, which it never reads from the
// stdlib zip: os, site, codecs, importlib._bootstrap, zipimport, ...], "phases": {phase:
// [modules it added]}, "games": n, "moves": n, "requests": n, "internal_errors": n}.
// Exits with status 1 when a step that must work fails (the build then stops).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, wheelPath, namedJson, out] = process.argv.slice(2);
if (!dir || !wheelPath || !namedJson || !out) {
  console.error("usage: node trace-stdlib.mjs <pyodide dir> <wheel> <named modules JSON> <output json>");
  process.exit(2);
}
const named = JSON.parse(namedJson);
const { loadPyodide } = await import(pathToFileURL(path.resolve(dir, "pyodide.mjs")).href);
const indexURL = path.resolve(dir) + path.sep;
const wheelName = path.basename(wheelPath);
const wheel = new Uint8Array(fs.readFileSync(wheelPath));

const phases = {};
let seen = new Set();
const notFromZip = new Map(); // module -> "frozen" | "built-in": never read from the stdlib zip
const LOADED = `
import sys
def _origin(module):
    spec = getattr(module, "__spec__", None)
    return getattr(spec, "origin", None) if spec is not None else None
"\\n".join(f"{name} {_origin(module) if _origin(module) in ('frozen', 'built-in') else '-'}"
           for name, module in sorted(sys.modules.items()))
`;
function record(pyodide, phase) {
  const now = [];
  for (const line of pyodide.runPython(LOADED).split("\n")) {
    const [name, origin] = line.split(" ");
    now.push(name);
    if (origin !== "-") notFromZip.set(name, origin);
  }
  phases[phase] = (phases[phase] || []).concat(now.filter((m) => !seen.has(m)));
  for (const m of now) seen.add(m);
}

// What the worker does after loadPyodide (web/engine-worker.mjs, boot()).
function startEngine(pyodide) {
  const where = `/home/pyodide/${wheelName}`;
  pyodide.FS.writeFile(where, wheel);
  pyodide.runPython(`import sys\nif ${JSON.stringify(where)} not in sys.path: sys.path.insert(0, ${JSON.stringify(where)})`);
  const api = pyodide.pyimport("meldtable.api");
  // PRELOAD of web/engine-worker.mjs (every family and the position format, before the
  // snapshot; the worker runs it after answering `hello`, which the exercise below covers)
  pyodide.runPython(`from meldtable.game import FAMILIES, family_module
for _name in FAMILIES: family_module(_name)
import meldtable.positions, meldtable.bot
del _name`);
  pyodide.runPython("import meldtable; meldtable.__version__");
  pyodide.runPython("import sys; sys.version.split()[0]");
  return api;
}

// A Python error that reaches JavaScript is formatted by Pyodide (the worker reports such errors).
function errorPaths(pyodide) {
  for (const code of ["raise ValueError('traced')", "import meldtable_no_such_module"]) {
    try {
      pyodide.runPython(code);
      throw new Error(`${code} did not raise`);
    } catch (err) {
      if (!/traced|No module named/.test(String(err.message))) throw err;
    }
  }
  try {
    pyodide.pyimport("meldtable_no_such_module");
  } catch (err) {
    if (!/No module named/.test(String(err.message))) throw err;
  }
}

// Runs in Pyodide; uses only modules that Pyodide's start has imported already (checked below).
const EXERCISE = `
import json, random
import meldtable
from meldtable import api

_stats = {"games": 0, "moves": 0, "requests": 0}

def _call(op, **fields):
    _stats["requests"] += 1
    return json.loads(api.handle(json.dumps({"id": _stats["requests"], "op": op, **fields})))

def _ok(op, **fields):
    reply = _call(op, **fields)
    if not reply.get("ok"):
        raise RuntimeError(f"{op} {json.dumps(fields)[:200]} failed: {reply.get('error')}")
    return reply["result"]

def _refused(op, **fields):
    # A refusal the engine gets wrong is its bug, for its tests to find: counted and reported
    # here, not fatal (the trace is about which modules load).
    reply = _call(op, **fields)
    if reply.get("ok") or reply["error"]["code"] == "internal":
        _stats["internal"] = _stats.get("internal", 0) + 1
        print(f"unexpected answer to {op} {json.dumps(fields)[:120]}: {json.dumps(reply)[:300]}")

def _actions(move):
    # The page's structured actions for a legal move (docs/protocol.md); families that do not
    # know one refuse it, which is fine here: the refusal path is exercised too.
    cards = move.get("cards") or []
    yield {"type": "move", "text": move["text"]}
    if move.get("kind") in ("draw", "take", "meld", "add", "discard"):
        yield {"type": move["kind"], "cards": cards, "rank": move.get("rank"), "card": cards[0] if cards else None}

def _play_game(variant, players, seed, options, moves, hands=2):
    fields = {"variant": variant, "players": players, "seed": seed, "human_seats": [0]}
    if options:
        fields["options"] = options
    reply = _call("new", **fields)
    if not reply["ok"]:
        if options and reply["error"]["code"] == "bad_option":
            return False
        raise RuntimeError(f"new {fields} failed: {reply['error']}")
    table = reply["result"]
    _stats["games"] += 1
    rng = random.Random(seed)
    for hand in range(hands):
        played = 0
        while not table["hand_over"] and played < moves:
            if table["to_act_is_human"]:
                if not table["legal"]:
                    raise RuntimeError(f"{variant}: no legal move for the person")
                move = rng.choice(table["legal"])
                actions = list(_actions(move))
                reply = _call("act", action=rng.choice(actions))
                if not reply["ok"]:
                    if reply["error"]["code"] == "internal":
                        _stats["internal"] = _stats.get("internal", 0) + 1
                    table = _ok("act", action=actions[0])
                else:
                    table = reply["result"]
            else:
                if played == 0:
                    _refused("act", action={"type": "move", "text": "draw"})  # not the person's turn
                table = _ok("bot")["table"]
            played += 1
            _stats["moves"] += 1
            if played % 25 == 0:
                saved = _ok("save")
                table = _ok("load", state=saved["state"], human_seats=saved["human_seats"])
                _ok("table")
        if not table["hand_over"] or table["match_over"]:
            break
        table = _ok("next_hand")
    _ok("export")
    return True

def _changed_options(descriptor):
    for option in descriptor["options"]:
        kind, default = option.get("kind"), option.get("default")
        if option.get("choices"):
            values = [c for c in option["choices"] if c != default]
        elif kind == "bool" or isinstance(default, bool):
            values = [not default]
        elif kind == "int":
            values = [v for v in (option.get("maximum"), option.get("minimum")) if v is not None and v != default][:1]
        else:
            values = []
        for value in values:
            yield option["name"], value

def exercise(moves_per_game):
    hello = _ok("hello")
    for descriptor in hello["variants"]:
        variant = descriptor["id"]
        for players in meldtable.VARIANTS[variant].players:
            _play_game(variant, players, 100 + players, None, moves_per_game)
        players = meldtable.VARIANTS[variant].players[0]
        changed = dict(_changed_options(descriptor))
        if not _play_game(variant, players, 7, changed, moves_per_game // 2):
            for name, value in changed.items():  # all at once were refused: one at a time
                _play_game(variant, players, 8, {name: value}, 30, hands=1)
        # play: any seat's moves in notation, all or nothing
        game = meldtable.new_game(variant, players=players, seed=11)
        texts = []
        for _ in range(12):
            if game.hand_over:
                break
            move = game.legal_moves()[0]
            texts.append(str(move))
            game.play(move)
        _ok("new", variant=variant, players=players, seed=11)
        _ok("play", moves=texts)
        _refused("play", moves=texts + ["this is no move"])
        _refused("act", action={"type": "move", "text": "discard XX"})
        _refused("act", action={"type": "no-such-action"})
        _refused("load", state="{}")
        saved = _ok("save")["state"]
        _refused("load", state=saved[: len(saved) // 2])
        _refused("new", variant=variant, players=99, seed=1)
        _refused("new", variant=variant, players=players, seed=1, options={"no_such_option": 1})
    _refused("new", variant="no-such-variant", players=2, seed=1)
    _refused("no_such_op")
    _refused("new")
    for text in ("not json", "[]", '{"id": 1}', "x" * (api.MAX_REQUEST + 1)):
        reply = json.loads(api.handle(text))
        if reply.get("ok") or reply["error"]["code"] != "bad_request":
            _stats["internal"] = _stats.get("internal", 0) + 1
            print(f"unexpected answer to {text[:20]!r}: {json.dumps(reply)[:300]}")
    return json.dumps(_stats)
`;

async function run() {
  // 1. A fresh start, as the worker makes it when it can store a snapshot.
  const first = await loadPyodide({ indexURL, _makeSnapshot: true });
  record(first, "pyodide start");
  const before = new Set(seen);
  first.runPython("import importlib, json, random");
  const own = [...first.runPython("import sys\n'\\n'.join(sorted(sys.modules))").split("\n")].filter((m) => !before.has(m));
  if (own.length) console.warn(`the tracer itself imported ${own.join(", ")} (they are kept)`);
  startEngine(first);
  record(first, "engine import");
  const snapshot = first.makeMemorySnapshot();
  record(first, "memory snapshot");
  errorPaths(first);
  record(first, "errors reaching JavaScript");
  first.runPython(EXERCISE);
  const stats = JSON.parse(first.runPython("exercise(160)"));
  record(first, "every variant and op");

  // 2. The modules build.py names.
  for (const [phase, names] of Object.entries(named)) {
    first.globals.set("NAMES", first.toPy(names));
    first.runPython("for name in NAMES: importlib.import_module(name)");
    record(first, phase);
  }

  // 3. A start that restores the snapshot.
  const second = await loadPyodide({ indexURL, _loadSnapshot: snapshot });
  seen = new Set(seen); // union over both interpreters
  record(second, "snapshot restore");
  startEngine(second);
  errorPaths(second);
  second.runPython(EXERCISE);
  const stats2 = JSON.parse(second.runPython("exercise(60)"));
  record(second, "every variant and op, after a restore");

  const result = {
    modules: [...seen].sort(),
    frozen: [...notFromZip.keys()].sort(),
    phases,
    named,
    games: stats.games + stats2.games,
    moves: stats.moves + stats2.moves,
    requests: stats.requests + stats2.requests,
    internal_errors: (stats.internal || 0) + (stats2.internal || 0),
  };
  if (result.internal_errors) {
    console.warn(`${result.internal_errors} requests got an unexpected answer ("internal", or a refusal ` +
      "accepted): an engine bug? The trace itself is complete.");
  }
  fs.writeFileSync(out, JSON.stringify(result, null, 1) + "\n");
  console.log(`traced ${result.modules.length} modules: ${result.games} games, ${result.moves} moves, ` +
    `${result.requests} requests`);
}

try {
  await run();
} catch (err) {
  console.error(`trace-stdlib: ${err && err.stack || err}`);
  process.exit(1);
}
