// The engine's module Web Worker: boots Pyodide with the meldtable wheel and answers
// requests by passing them, as JSON text, to meldtable.api.handle (docs/protocol.md).
//
// Posts while booting:  {type: "progress", stage: "pyodide" | "engine", message}
// then either           {type: "ready", version, python, hello, start} (hello: the `hello` op's
//                       result; start: "snapshot" if a stored memory snapshot was restored, else "fresh")
// or                    {type: "boot-error", message}
// Requests {id, op, ...fields} are answered with {id, ok: true, result} or
// {id, ok: false, error: {code, message}}; requests sent while booting wait for the boot.

// Pyodide's loader and its runtime script, both requested as soon as this script runs (the
// runtime is handed to loadPyodide as its documented `createPyodideModule` option instead of
// being imported by loadPyodide once it runs: one round trip less before the downloads of the
// .wasm and the standard library start). Dynamic imports, not static ones, so that the lock
// file and a stored snapshot are read meanwhile instead of after them. The built site has the
// loader bundled into this file (build.py, WORKER): no request for it at all there.
// (tsc: web/pyodide/ is copied from Pyodide's npm package at build time, so it is not there to check.)
// @ts-ignore
const pyodideLoader = import("./pyodide/pyodide.mjs");
// @ts-ignore
const pyodideRuntime = import("./pyodide/pyodide.asm.mjs");
pyodideLoader.catch(() => {}); // awaited in boot()
pyodideRuntime.catch(() => {});

const PYODIDE_DIR = new URL("./pyodide/", import.meta.url).href;
// Start-up snapshots need Cache Storage and crypto.subtle (secure contexts only: HTTPS, localhost).
const canSnapshot = typeof caches !== "undefined" && !!globalThis.crypto?.subtle;
const ENGINE = "meldtable";

let booted = false;
let handle = null; // the Python function meldtable.api.handle
let runtime = null; // the booted Pyodide (for diagnosing a failed family import)
let bootFailure = null; // message of the boot error, if boot failed
let trimmedStdlib = false; // app-lock.json says the standard library holds only the modules in use
/** @type {Promise<unknown>} */
let lockRead = Promise.resolve(); // settles once app-lock.json has been read (or could not be)
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
  trimmedStdlib = lock.stdlib === "pyc-trimmed";
  return { info: lock.info, entry, snapshotKey };
}

// ---------------------------------------------------------------- the memory snapshot
// After the first boot in a browser, the worker keeps a copy of Pyodide's memory taken right
// after `import meldtable.api`, `hello` (kept in BOOT_INFO) and PRELOAD (Pyodide's `makeMemorySnapshot`) in Cache Storage; later boots
// restore it instead of starting Python and importing the engine again (docs/performance.md:
// engine ready about 1.6x sooner). The snapshot is named by the lock file's hash (wheel and
// standard library) and Pyodide refuses one made by another Pyodide build; a snapshot that
// cannot be read or restored is deleted and the boot goes on without it. Pyodide marks these
// loadPyodide options (_makeSnapshot, _loadSnapshot) as private: Pyodide is pinned (build.py),
// and tests/browser/test_boot.py checks both kinds of boot against each other.

const SNAPSHOT_FORMAT = 3; // raise when the Python set-up in boot() or the stored form changes
// The name under which a fresh start keeps its version and `hello` answer in Python's
// globals for the snapshot (boot()).
const BOOT_INFO = "_meldtable_boot_info";
// What boot() imports after the engine's api and before the snapshot (tools/trace-stdlib.mjs
// does the same, so the trimmed standard library holds what these imports need).
const PRELOAD = `from ${ENGINE}.game import FAMILIES, family_module
for _name in FAMILIES: family_module(_name)
import ${ENGINE}.positions, ${ENGINE}.bot
del _name`;
const SNAPSHOT_CACHE = `meldtable-snapshot:${new URL(PYODIDE_DIR).pathname}`;

/** The stored snapshot (there is at most one: storeSnapshot deletes the others) as {url,
 * response} with the body not read yet, or null (none, or Cache Storage unavailable). */
async function storedSnapshot() {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    const [request] = await cache.keys();
    const response = request ? await cache.match(request) : null;
    return response ? { url: request.url, response } : null;
  } catch (err) {
    return null;
  }
}

/** The stored snapshot is another build's (its name is not this lock file's key). */
class OtherBuildsSnapshot extends Error {}

// The stored form of a snapshot: about half of Pyodide's memory after the start is zeros, in
// whole pages, and the start reads the snapshot from Cache Storage while it waits for it
// (docs/performance.md, issue #16). So only the pages that are not all zeros are stored:
//   "MTZ1" | u32 length of the snapshot | u32 page size | u32 page count | one byte per page
//   (1: stored, 0: zeros) | the stored pages in order (the last one may be shorter)
// little-endian. unpackSnapshot rebuilds the snapshot byte for byte.
const PAGE = 65536;
const PACKED_MAGIC = 0x315a544d; // "MTZ1"

/** The stored form of `bytes` (a Uint8Array), see above. */
function packSnapshot(bytes) {
  const count = Math.ceil(bytes.length / PAGE);
  const kept = new Uint8Array(count);
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4));
  let size = 16 + count;
  for (let page = 0; page < count; page++) {
    const end = Math.min((page + 1) * PAGE, bytes.length);
    let zero = true;
    for (let i = (page * PAGE) / 4, stop = Math.floor(end / 4); i < stop; i++) {
      if (words[i] !== 0) { zero = false; break; }
    }
    for (let i = Math.floor(end / 4) * 4; zero && i < end; i++) if (bytes[i] !== 0) zero = false;
    if (!zero) { kept[page] = 1; size += end - page * PAGE; }
  }
  const out = new Uint8Array(size);
  const head = new DataView(out.buffer);
  head.setUint32(0, PACKED_MAGIC, true);
  head.setUint32(4, bytes.length, true);
  head.setUint32(8, PAGE, true);
  head.setUint32(12, count, true);
  out.set(kept, 16);
  let at = 16 + count;
  for (let page = 0; page < count; page++) {
    if (!kept[page]) continue;
    const chunk = bytes.subarray(page * PAGE, Math.min((page + 1) * PAGE, bytes.length));
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * Read a stored snapshot (the form above) from a Response as its body streams in.
 * Returns {bytes, filled}:
 * - bytes: a Promise of the snapshot's Uint8Array (its length from the header, zeros), which
 *   resolves as soon as the header is read, so that Pyodide sizes its memory and compiles its
 *   .wasm while the rest is read (docs/performance.md, issue #16);
 * - filled: a Promise that resolves once every stored page has been copied into that array.
 * Both reject (Error) on anything but a whole stored snapshot: another magic, a damaged
 * header, a truncated or overlong copy.
 */
function streamSnapshot(response) {
  /** @type {(bytes: Uint8Array) => void} */
  let give;
  /** @type {(reason: Error) => void} */
  let refuse;
  const bytes = new Promise((resolve, reject) => { give = resolve; refuse = reject; });
  const filled = (async () => {
    const reader = response.body.getReader();
    let head = new Uint8Array(0); // the header, gathered from the first chunks
    let out = null, order = null, length = 0, page = 0, total = 0;
    let seen = 0; // bytes of stored pages copied so far
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      let chunk = value;
      if (!out) {
        const joined = new Uint8Array(head.length + chunk.length);
        joined.set(head);
        joined.set(chunk, head.length);
        head = joined;
        if (head.length < 16) continue;
        const view = new DataView(head.buffer);
        if (view.getUint32(0, true) !== PACKED_MAGIC) throw new Error("not a stored snapshot");
        length = view.getUint32(4, true);
        page = view.getUint32(8, true);
        const count = view.getUint32(12, true);
        if (!page || count !== Math.ceil(length / page)) throw new Error("damaged snapshot header");
        if (head.length < 16 + count) continue;
        order = [];
        for (let i = 0; i < count; i++) {
          if (!head[16 + i]) continue;
          order.push(i);
          total += Math.min(page, length - i * page);
        }
        out = new Uint8Array(length); // zeros: the pages that were not stored
        give(out);
        chunk = head.subarray(16 + count);
      }
      // Every stored page but the snapshot's last is a whole page, so the n-th stored page
      // starts at n * page in the stored pages' bytes.
      for (let at = 0; at < chunk.length;) {
        const n = Math.floor(seen / page);
        const within = seen - n * page;
        const size = n < order.length ? Math.min(page, length - order[n] * page) : 0;
        if (within >= size) throw new Error("damaged snapshot"); // more bytes than stored pages
        const take = Math.min(size - within, chunk.length - at);
        out.set(chunk.subarray(at, at + take), order[n] * page + within);
        at += take;
        seen += take;
      }
    }
    if (!out) throw new Error(head.length < 4 || new DataView(head.buffer).getUint32(0, true) !== PACKED_MAGIC
      ? "not a stored snapshot" : "damaged snapshot header");
    if (seen !== total) throw new Error("truncated snapshot");
  })();
  filled.catch((err) => refuse(err)); // a failure before the header was read
  return { bytes, filled };
}

/** Store the snapshot (packed) under its key and delete the snapshots of other builds. */
async function storeSnapshot(key, bytes) {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    for (const request of await cache.keys()) {
      if (request.url !== key) await cache.delete(request);
    }
    const packed = packSnapshot(bytes);
    await cache.put(key, new Response(packed, { headers: { "Content-Type": "application/octet-stream" } }));
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


/** Hex sha256 of `bytes` (crypto.subtle: secure contexts only). */
async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The wheel's name and bytes (a zip). build.py ships the page's wheel as one gzip stream,
 * `<wheel>.gzip` (gzipped_wheel): it is checked against the lock's sha256 as fetched, then
 * unpacked with DecompressionStream and named without the suffix. Bytes without the gzip magic
 * (1f 8b) are the zip itself (a host that decoded the file on the way, or a plain .whl in the
 * lock) and must match the lock's `unpacked_sha256` (or its `sha256`). Where crypto.subtle is
 * missing (plain http off localhost) the browser checks the shipped file as subresource
 * integrity instead.
 */
async function fetchWheel(entry) {
  const url = new URL(entry.file_name, PYODIDE_DIR);
  const subtle = globalThis.crypto && crypto.subtle;
  const options = {};
  if (!subtle) {
    const hash = entry.sha256.match(/../g).map((h) => parseInt(h, 16));
    options.integrity = "sha256-" + btoa(String.fromCharCode(...hash));
  }
  let response;
  try {
    response = await fetch(url, options);
  } catch (err) {
    throw new Error(`${url.pathname} could not be loaded, or its sha256 does not match ` +
      `app-lock.json (${err.message})`);
  }
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  let data = new Uint8Array(await response.arrayBuffer());
  const gzipped = data.length > 2 && data[0] === 0x1f && data[1] === 0x8b;
  if (subtle) {
    const expected = gzipped ? [entry.sha256] : [entry.unpacked_sha256, entry.sha256];
    if (!expected.includes(await sha256Hex(data))) {
      throw new Error(`${url.pathname}: its sha256 does not match app-lock.json`);
    }
  }
  if (gzipped) {
    try {
      const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
      data = new Uint8Array(await new Response(stream).arrayBuffer());
    } catch (err) {
      throw new Error(`${url.pathname} could not be decompressed (${err.message})`);
    }
  }
  const name = url.pathname.split("/").pop().replace(/\.gzip$/, "");
  return { name, data };
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
 * Call `release` once Pyodide's standard library has been downloaded, as the worker's resource
 * timing entries show it (or at once where there are none). The wheel's download waits for it
 * on a fresh start, so that it does not take bandwidth from the files Python needs first; it
 * then shares the network with the rest of the .wasm and is in before Python has started.
 * (Waiting for the .wasm as well made it later: its timing entry reaches the worker only after
 * Python's start-up, which keeps the worker busy, and the wheel's round trip then came on top;
 * docs/performance.md.) Returns a function that stops watching.
 */
function whenPyodideDownloaded(release) {
  const big = ["python_stdlib.zip"];
  const finished = new Set();
  let observer = null;
  try {
    observer = new PerformanceObserver((list) => {
      for (const e of /** @type {PerformanceResourceTiming[]} */ (list.getEntries())) {
        const name = e.name.split("?")[0].split("/").pop();
        // decodedBodySize: a download with a body (not a HEAD)
        if (big.includes(name) && e.responseEnd > 0 && e.decodedBodySize > 0) finished.add(name);
      }
      if (finished.size === big.length) release();
    });
    observer.observe({ type: "resource", buffered: true });
  } catch (err) {
    release(); // no resource timing here
  }
  return () => observer && observer.disconnect();
}

/**
 * Boot Pyodide and import the engine. The wheel is fetched (integrity-checked) while Pyodide
 * boots and put on sys.path as it is: a pure-Python wheel is a zip archive that Python's
 * zipimport reads directly, so nothing is unpacked (PEP 427 allows this for pure wheels; the
 * engine reads no files of its own). With a stored memory snapshot, Pyodide restores it
 * instead (the engine is imported already). Without one (a first visit), Pyodide starts at
 * once and reads the lock file when it needs it, so that the lock's round trip is not spent
 * before the large downloads begin. Measured: docs/performance.md, "Startup work".
 */
async function boot() {
  try {
    progress("pyodide", "Loading the Python runtime");
    const lock = lockEntry();
    lockRead = lock.catch(() => {}); // awaited below; no unhandled rejection while Pyodide boots
    /** @type {(value?: unknown) => void} */
    let releaseWheel = null; // starts the wheel's download (see whenPyodideDownloaded)
    const wheel = new Promise((resolve) => { releaseWheel = resolve; })
      .then(() => lock).then(({ entry }) => fetchWheel(entry));
    wheel.catch(() => {});
    const stored = canSnapshot ? storedSnapshot() : Promise.resolve(null); // looked up meanwhile
    // The .wasm's content type is checked when there is no stored snapshot: a stored one means
    // that a start with these files has worked in this browser (and the service worker, which
    // serves them then, checked the type when it stored them). Offline, the check's failing
    // request cost about 150 ms of every start (docs/performance.md, issue #16).
    stored.then((found) => found || checkWasmType());
    const { loadPyodide } = await pyodideLoader;
    const options = {
      indexURL: PYODIDE_DIR,
      // called by loadPyodide once it has started the downloads of the .wasm and the stdlib
      createPyodideModule: async (settings) => (await pyodideRuntime).default(settings),
      lockFileContents: lock.then(({ info }) => ({ info, packages: {} })),
      stdout: (line) => (booted ? console.log(line) : progress("engine", line)),
      stderr: (line) => {
        if (!booted) bootLog.push(line);
        console.warn(line);
      },
    };
    let pyodide = null;
    let restored = false;
    let snapshotKey = null;
    const snapshot = await stored;
    if (snapshot) {
      releaseWheel(); // from Cache Storage, like everything else of this start
      // Its 14 MB (stored form) are read while Pyodide fetches and compiles the .wasm (loadPyodide awaits a
      // promise here), and the lock file, read meanwhile, confirms that it is this build's:
      // the restore does not wait for the lock first. A body that cannot be read fails the
      // restore like a bad snapshot; another build's is left for storeSnapshot to replace.
      // The copy streams into the snapshot's array while Pyodide compiles the .wasm: Pyodide
      // needs only its length to start (`bytes`), and its module is handed over (which is
      // when Pyodide restores the snapshot into its memory) once the copy is complete and
      // the lock file has confirmed that it is this build's.
      const { bytes, filled } = streamSnapshot(snapshot.response);
      const complete = Promise.all([filled, lock.then(({ snapshotKey: key }) => {
        if (snapshot.url !== key) throw new OtherBuildsSnapshot();
      })]);
      complete.catch(() => {});
      const createPyodideModule = async (settings) => {
        const module = await options.createPyodideModule(settings);
        await complete;
        return module;
      };
      try {
        pyodide = await loadPyodide({ ...options, _loadSnapshot: bytes, createPyodideModule });
        restored = true;
      } catch (err) {
        const lockOk = await lock.then(() => true, () => false); // else the boot fails on the lock below
        if (!(err instanceof OtherBuildsSnapshot) && lockOk) {
          console.warn(`The engine's start-up snapshot could not be restored (${lastLine(err)}); starting without it.`);
          await dropSnapshot(snapshot.url);
        }
        bootLog.length = 0;
      }
    }
    if (!pyodide) {
      const stopWatching = whenPyodideDownloaded(releaseWheel);
      try {
        pyodide = await loadPyodide({ ...options, _makeSnapshot: canSnapshot });
      } finally {
        stopWatching();
        releaseWheel(); // at the latest now
      }
    }
    snapshotKey = (await lock).snapshotKey;
    progress("engine", "Starting the rules engine");
    let api;
    let made = null; // the snapshot to store, taken before the engine answers a request (below)
    try {
      const { name, data } = await wheel;
      const path = `/home/pyodide/${name}`;
      pyodide.FS.writeFile(path, data); // a restored Python has the path on sys.path already
      pyodide.runPython(`import sys\nif ${JSON.stringify(path)} not in sys.path: sys.path.insert(0, ${JSON.stringify(path)})`);
      api = pyodide.pyimport(`${ENGINE}.api`);
    } catch (err) {
      const detail = bootLog.length ? bootLog.join(" ") : lastLine(err);
      if (restored) await dropSnapshot(snapshotKey);
      throw new Error(`the ${ENGINE} package could not be loaded or imported: ${detail}`);
    }
    handle = api.handle;
    runtime = pyodide;
    // The engine's version, Python's and the answer to `hello` (which comes with "ready": the
    // page needs it first, and it saves a round trip). A fresh start computes them and keeps
    // them in Python's memory, so that the snapshot holds them and a restored start only reads
    // them (10-30 ms less of every later start; the snapshot is this engine's: see its key).
    const stash = restored ? pyodide.globals.get(BOOT_INFO) : undefined;
    const info = typeof stash === "string" ? JSON.parse(stash) : {
      version: pyodide.runPython(`import ${ENGINE}; ${ENGINE}.__version__`),
      python: pyodide.runPython("import sys; sys.version.split()[0]"),
      greeting: JSON.parse(handle(JSON.stringify({ id: 0, op: "hello", brief: true }))), // the page shows no option docs
    };
    if (typeof stash !== "string") pyodide.globals.set(BOOT_INFO, JSON.stringify(info));
    const { version, python, greeting } = info;
    if (bootFailure) return; // the wasm check already failed the boot
    booted = true;
    post({ type: "ready", version, python, hello: greeting.ok ? greeting.result : null,
           start: restored ? "snapshot" : "fresh" });
    // A fresh start then imports every family and the position format (PRELOAD) and takes the
    // snapshot, in this same task: the page shows its new-game dialog meanwhile, and a request
    // sent now is answered right after (the event loop runs nothing in between, so the snapshot
    // holds no game). The page ships the engine as minified sources (build.py compiled_wheel),
    // which Python compiles on import: a later start restores them compiled instead of
    // compiling a family at its first game. `hello` changes no state of the engine.
    if (!restored) {
      try {
        pyodide.runPython(PRELOAD);
        if (snapshotKey) made = pyodide.makeMemorySnapshot();
      } catch (err) {
        made = null;
        console.warn(`No start-up snapshot: ${lastLine(err)}`);
      }
    }
    if (made) storeSnapshot(snapshotKey, made);
  } catch (err) {
    if (bootFailure) return; // already reported
    await lockRead; // app-lock.json says whether the standard library is trimmed
    const detail = `${String((err && err.message) || err)}\n${bootLog.join("\n")}`;
    bootFailure = explainMissingModule(`The game engine failed to start: ${lastLine(err)}`, detail);
    console.error(err);
    post({ type: "boot-error", message: bootFailure });
  }
}

/**
 * The standard library this build ships holds only the modules the build found the page's
 * Python importing (build.py, STDLIB_LAZY; docs/architecture.md "Start-up"). When Python
 * reports a module of it missing (ModuleNotFoundError), say so plainly: the message, the
 * module's name and what to do, instead of an error that only a Python programmer can place.
 * `detail` is the whole error text searched for the missing module (a failed start reports it
 * as the cause of another error). Returns the message with that explanation added, or the
 * message as it was.
 */
function explainMissingModule(message, detail = message) {
  const match = /No module named '([^']+)'/.exec(detail);
  if (!trimmedStdlib || !match || match[1] === ENGINE || match[1].startsWith(ENGINE + ".")) return message;
  const cause = message.includes(match[0]) ? "" : ` (ModuleNotFoundError: ${match[0]})`;
  return `${message}${cause} — The Python module "${match[1]}" is not in this build's standard library ` +
    `(pyodide/python_stdlib.zip holds only the modules the build found in use). Rebuild with ` +
    `"${match[1]}" added to STDLIB_LAZY in build.py, or with \`python3 build.py --full-stdlib\`.`;
}

/**
 * The engine answers a family module that fails to import with "Unknown game family '<name>'"
 * (meldtable.game.family_module catches every ImportError), also when the family exists and a
 * module it imports is missing. For a family that exists, import it once more here: if that
 * names a missing module, the answer becomes that error (code "internal", explained by
 * explainMissingModule) instead of the misleading one. Changes `reply` in place.
 */
function diagnoseFamilyImport(reply) {
  const match = /Unknown game family '([A-Za-z_][A-Za-z0-9_]*)'/.exec(reply.error.message || "");
  if (!match || !runtime) return;
  try {
    runtime.pyimport(`${ENGINE}.${match[1]}`);
  } catch (err) {
    const line = lastLine(err);
    if (/No module named/.test(line) && !line.includes(`'${ENGINE}.${match[1]}'`)) {
      reply.error = { code: "internal", message: explainMissingModule(`Internal error: ${line}`) };
      console.error(reply.error.message);
    }
  }
}

/**
 * The summary line of an error message: a Python traceback ends with the exception's line, and
 * then its notes (PEP 678; Pyodide adds one to ModuleNotFoundError), which are skipped; else the
 * last non-empty line.
 */
function lastLine(err) {
  const text = String((err && err.message) || err || "unknown error").trim();
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
  if (/^Traceback \(most recent call last\)/m.test(text)) {
    for (let i = lines.length - 1; i >= 0; i--) {
      if (/^[A-Za-z_][\w.]*(Error|Exception|Exit|Interrupt|Warning)(:|$)/.test(lines[i])) return lines[i];
    }
  }
  return lines.length ? lines[lines.length - 1] : text;
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
    if (!reply.ok && reply.error && reply.error.code === "bad_option") diagnoseFamilyImport(reply);
    if (!reply.ok && reply.error && reply.error.code === "internal" && typeof reply.error.message === "string") {
      const explained = explainMissingModule(reply.error.message);
      if (explained !== reply.error.message) {
        console.error(explained);
        reply.error.message = explained;
      }
    }
    return reply;
  } catch (err) {
    console.error(err);
    return failure(request.id, "internal", explainMissingModule(lastLine(err)));
  }
}

const booting = boot();

self.addEventListener("message", async (/** @type {MessageEvent} */ event) => {
  const request = event.data;
  if (request === null || typeof request !== "object" || Array.isArray(request) || !Number.isInteger(request.id)) {
    post(failure(null, "bad_request", "A request must be an object with an integer id."));
    return;
  }
  await booting; // never rejects; requests keep their order
  post(answer(request));
});
