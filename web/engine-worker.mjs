// The engine's module Web Worker: boots Pyodide with the meldtable wheel and answers
// requests by passing them, as JSON text, to meldtable.api.handle (docs/protocol.md).
//
// Posts while booting:  {type: "progress", stage: "pyodide" | "engine", message}
// then either           {type: "ready", version, python, hello, start} (hello: the `hello` op's
//                       result; start: "snapshot" if a stored memory snapshot was restored, else "fresh")
// or                    {type: "boot-error", message}
// Requests {id, op, ...fields} are answered with {id, ok: true, result} or
// {id, ok: false, error: {code, message}}; requests sent while booting wait for the boot.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const PYODIDE_DIR = new URL("./pyodide/", import.meta.url).href;
// Start-up snapshots need Cache Storage and crypto.subtle (secure contexts only: HTTPS, localhost).
const canSnapshot = typeof caches !== "undefined" && !!globalThis.crypto?.subtle;
const ENGINE = "meldtable";

let booted = false;
let handle = null; // the Python function meldtable.api.handle
let bootFailure = null; // message of the boot error, if boot failed
const bootLog = []; // stderr lines written while booting, for the boot-error message

const post = (message) => self.postMessage(message);
const progress = (stage, message) => post({ type: "progress", stage, message });

/**
 * The engine's lock entry (name, file_name, sha256) and Pyodide's info block, read from
 * app-lock.json, and the key of the memory snapshot made with exactly these files (a hash of
 * the lock file's text, which names the wheel's and the standard library's sha256).
 */
async function lockEntry() {
  const response = await fetch(PYODIDE_DIR + "app-lock.json");
  if (!response.ok) throw new Error(`app-lock.json: HTTP ${response.status}`);
  const text = await response.text();
  const lock = JSON.parse(text);
  const entry = lock && lock.packages && lock.packages[ENGINE];
  if (!entry || typeof entry.file_name !== "string" || !/^[0-9a-f]{64}$/.test(entry.sha256)) {
    throw new Error(`app-lock.json has no valid entry for ${ENGINE}`);
  }
  let snapshotKey = null; // no snapshots where Cache Storage and crypto.subtle are missing (plain HTTP)
  if (canSnapshot) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
    const hex = Array.from(digest.subarray(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
    snapshotKey = new URL(`snapshot-${SNAPSHOT_FORMAT}-${hex}.bin`, PYODIDE_DIR).href;
  }
  return { info: lock.info, entry, snapshotKey };
}

// ---------------------------------------------------------------- the memory snapshot
// After the first boot in a browser, the worker keeps a copy of Pyodide's memory taken right
// after `import meldtable.api` (Pyodide's `makeMemorySnapshot`) in Cache Storage; later boots
// restore it instead of starting Python and importing the engine again (docs/performance.md:
// engine ready about 1.6x sooner). The snapshot is named by the lock file's hash (wheel and
// standard library) and Pyodide refuses one made by another Pyodide build; a snapshot that
// cannot be read or restored is deleted and the boot goes on without it. Pyodide marks these
// loadPyodide options (_makeSnapshot, _loadSnapshot) as private: Pyodide is pinned (build.py),
// and tests/browser/test_boot.py checks both kinds of boot against each other.

const SNAPSHOT_FORMAT = 1; // raise when the Python set-up in boot() changes
const SNAPSHOT_CACHE = `meldtable-snapshot:${new URL(PYODIDE_DIR).pathname}`;

/** The stored snapshot for this key as bytes, or null (none, or Cache Storage unavailable). */
async function readSnapshot(key) {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    const response = await cache.match(key);
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch (err) {
    return null;
  }
}

/** Store the snapshot under its key and delete the snapshots of other builds. */
async function storeSnapshot(key, bytes) {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    for (const request of await cache.keys()) {
      if (request.url !== key) await cache.delete(request);
    }
    await cache.put(key, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch (err) {
    console.warn(`The engine's start-up snapshot was not stored (${lastLine(err)}); the next start is slower.`);
  }
}

async function dropSnapshot(key) {
  try {
    await (await caches.open(SNAPSHOT_CACHE)).delete(key);
  } catch (err) {
    // nothing stored, nothing to delete
  }
}


/** The wheel's bytes; the browser checks them against the lock's sha256 (subresource integrity). */
async function fetchWheel(entry) {
  const bytes = entry.sha256.match(/../g).map((h) => parseInt(h, 16));
  const integrity = "sha256-" + btoa(String.fromCharCode(...bytes));
  const url = new URL(entry.file_name, PYODIDE_DIR);
  let response;
  try {
    response = await fetch(url, { integrity });
  } catch (err) {
    throw new Error(`${url.pathname} could not be loaded, or its sha256 does not match ` +
      `app-lock.json (${err.message})`);
  }
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return { name: url.pathname.split("/").pop(), data: new Uint8Array(await response.arrayBuffer()) };
}

/**
 * Check how the server sends Pyodide's WebAssembly binary. Browsers only compile it when it is
 * sent as application/wasm, and Pyodide then waits forever, so a wrong type is reported at
 * once as a boot error. A failed check (offline, no HEAD support) says nothing.
 */
async function checkWasmType() {
  let type;
  try {
    const response = await fetch(PYODIDE_DIR + "pyodide.asm.wasm", { method: "HEAD", cache: "no-store" });
    if (!response.ok) return;
    type = (response.headers.get("content-type") || "").split(";")[0].trim().toLowerCase();
  } catch (err) {
    return;
  }
  if (type && type !== "application/wasm" && !booted && !bootFailure) {
    bootFailure = `The web server sends pyodide/pyodide.asm.wasm with content type "${type}", but ` +
      `browsers only run WebAssembly sent as "application/wasm". Fix the server's MIME types ` +
      `(\`python build.py serve\` sets them correctly).`;
    post({ type: "boot-error", message: bootFailure });
  }
}

/**
 * Boot Pyodide and import the engine. The wheel is fetched (integrity-checked) while Pyodide
 * boots and put on sys.path as it is: a pure-Python wheel is a zip archive that Python's
 * zipimport reads directly, so nothing is unpacked (PEP 427 allows this for pure wheels; the
 * engine reads no files of its own). With a stored memory snapshot, Pyodide restores it
 * instead (the engine is imported already). Measured: docs/performance.md, "Startup work".
 */
async function boot() {
  try {
    progress("pyodide", "Loading the Python runtime");
    checkWasmType();
    const lock = lockEntry();
    const wheel = lock.then(({ entry }) => fetchWheel(entry));
    wheel.catch(() => {}); // awaited below; no unhandled rejection while Pyodide boots
    const { info, snapshotKey } = await lock;
    const options = {
      indexURL: PYODIDE_DIR,
      lockFileContents: { info, packages: {} },
      stdout: (line) => (booted ? console.log(line) : progress("engine", line)),
      stderr: (line) => {
        if (!booted) bootLog.push(line);
        console.warn(line);
      },
    };
    let pyodide = null;
    let restored = false;
    const snapshot = snapshotKey ? await readSnapshot(snapshotKey) : null;
    if (snapshot) {
      try {
        pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
        restored = true;
      } catch (err) {
        console.warn(`The engine's start-up snapshot could not be restored (${lastLine(err)}); starting without it.`);
        bootLog.length = 0;
        await dropSnapshot(snapshotKey);
      }
    }
    if (!pyodide) pyodide = await loadPyodide({ ...options, _makeSnapshot: !!snapshotKey });
    progress("engine", "Starting the rules engine");
    let api;
    let made = null; // the snapshot to store, taken before the engine answers anything
    try {
      const { name, data } = await wheel;
      const path = `/home/pyodide/${name}`;
      pyodide.FS.writeFile(path, data); // a restored Python has the path on sys.path already
      pyodide.runPython(`import sys\nif ${JSON.stringify(path)} not in sys.path: sys.path.insert(0, ${JSON.stringify(path)})`);
      api = pyodide.pyimport(`${ENGINE}.api`);
      if (!restored && snapshotKey) {
        try {
          made = pyodide.makeMemorySnapshot();
        } catch (err) {
          console.warn(`No start-up snapshot: ${lastLine(err)}`);
        }
      }
    } catch (err) {
      const detail = bootLog.length ? bootLog.join(" ") : lastLine(err);
      if (restored) await dropSnapshot(snapshotKey);
      throw new Error(`the ${ENGINE} package could not be loaded or imported: ${detail}`);
    }
    handle = api.handle;
    const version = pyodide.runPython(`import ${ENGINE}; ${ENGINE}.__version__`);
    const python = pyodide.runPython("import sys; sys.version.split()[0]");
    // The answer to `hello` comes with "ready": the page needs it first, and saves a round trip.
    const greeting = JSON.parse(handle(JSON.stringify({ id: 0, op: "hello" })));
    if (bootFailure) return; // the wasm check already failed the boot
    booted = true;
    post({ type: "ready", version, python, hello: greeting.ok ? greeting.result : null,
           start: restored ? "snapshot" : "fresh" });
    if (made) storeSnapshot(snapshotKey, made);
  } catch (err) {
    if (bootFailure) return; // already reported
    bootFailure = `The game engine failed to start: ${lastLine(err)}`;
    console.error(err);
    post({ type: "boot-error", message: bootFailure });
  }
}

/** The last non-empty line of an error message (a Python traceback ends with the summary). */
function lastLine(err) {
  const text = String((err && err.message) || err || "unknown error").trim();
  const lines = text.split("\n").filter((l) => l.trim());
  return lines.length ? lines[lines.length - 1].trim() : text;
}

const failure = (id, code, message) => ({ id, ok: false, error: { code, message } });

/** Answer one request (already validated to have an integer id). */
function answer(request) {
  if (!handle) return failure(request.id, "internal", bootFailure || "The game engine is not running.");
  let text;
  try {
    text = JSON.stringify(request);
  } catch (err) {
    return failure(request.id, "bad_request", `The request is not JSON-serialisable: ${lastLine(err)}`);
  }
  try {
    const reply = JSON.parse(handle(text));
    if (reply === null || typeof reply !== "object" || typeof reply.ok !== "boolean") {
      return failure(request.id, "internal", "The engine returned a malformed answer.");
    }
    reply.id = request.id;
    return reply;
  } catch (err) {
    console.error(err);
    return failure(request.id, "internal", lastLine(err));
  }
}

const booting = boot();

self.addEventListener("message", async (event) => {
  const request = event.data;
  if (request === null || typeof request !== "object" || Array.isArray(request) || !Number.isInteger(request.id)) {
    post(failure(null, "bad_request", "A request must be an object with an integer id."));
    return;
  }
  await booting; // never rejects; requests keep their order
  post(answer(request));
});
