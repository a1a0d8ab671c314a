// Page-side client of the engine worker (docs/protocol.md).
//
//   import { startEngine } from "./engine-client.js";
//   const engine = await startEngine((p) => show(p.stage, p.message));
//   engine.version;                                   // meldtable version, e.g. "0.1.0"
//   const table = await engine.request("new", {variant: "canasta-two-hand", players: 2, seed: 1});
//
// request(op, fields) resolves with the answer's `result`, or rejects with an EngineError
// (an Error with .code from the protocol's closed set, and a player-readable .message).
// startEngine rejects with an EngineError whose code is one of
//   "file_protocol"  the page was opened from file:// (ES-module workers cannot run there),
//   "boot_failed"    the worker reported a boot error or its script could not be loaded,
//   "boot_timeout"   the boot watchdog fired (default 45 s; `?boot-timeout=<seconds>` in the
//                    page URL or options.bootTimeoutMs override it).
//
// index.html creates the worker at once, in an inline script before the rest of the page loads
// (so Pyodide boots meanwhile), and leaves it as `window.meldtableEarlyEngine`
// ({worker, events, since, stop}); the next startEngine() adopts that worker and the messages
// it has posted so far.

const DEFAULT_BOOT_TIMEOUT_MS = 45000;
const WASM_PATH = "pyodide/pyodide.asm.wasm";

export class EngineError extends Error {
  constructor(code, message, key = null, params = null, texts = null) {
    super(message);
    this.name = "EngineError";
    this.code = code;
    this.key = key; // the engine's reason key (e.g. "pile_frozen") in its family's catalogue
    this.params = params || {};
    this.texts = texts || {}; // the reason in every language, from the engine's catalogue: {en, de}
  }
}

/** Boot timeout from the page's `?boot-timeout=<seconds>` query parameter, or null. */
function bootTimeoutFromQuery() {
  const raw = new URLSearchParams(globalThis.location?.search || "").get("boot-timeout");
  const seconds = Number(raw);
  return raw !== null && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
}

/** Explain a boot timeout, checking how the server sends the WebAssembly binary. */
async function explainTimeout(seconds) {
  const head = `The game engine did not start within ${seconds} s.`;
  const url = new URL(WASM_PATH, import.meta.url);
  try {
    const response = await fetch(url, { method: "HEAD", cache: "no-store", signal: AbortSignal.timeout(5000) });
    const type = (response.headers.get("content-type") || "").split(";")[0].trim();
    if (!response.ok) {
      return `${head} The server answered HTTP ${response.status} for ${WASM_PATH}: the site is incomplete.`;
    }
    if (type !== "application/wasm") {
      return `${head} The web server sends ${WASM_PATH} with content type "${type || "none"}", ` +
        `but browsers only run WebAssembly sent as "application/wasm". Fix the server's MIME types ` +
        `(\`python build.py serve\` sets them correctly).`;
    }
  } catch (err) {
    return `${head} ${WASM_PATH} could not be checked (${err.message}); the connection may be down.`;
  }
  return `${head} The connection may be too slow, or the web server sends ${WASM_PATH} with a wrong ` +
    `content type (it must be application/wasm). Reload the page to try again.`;
}

/** A new engine worker (an ES-module worker running engine-worker.mjs). */
function createWorker() {
  return new Worker(new URL("./engine-worker.mjs", import.meta.url), { type: "module", name: "meldtable-engine" });
}

/**
 * The worker that index.html started early ({worker, events, since, stop}), taken over once
 * (null when there is none: another page, or a host's policy refused the inline script).
 */
function takeEarlyEngine() {
  const early = globalThis.meldtableEarlyEngine;
  if (!early || !(early.worker instanceof Worker) || !Array.isArray(early.events)) return null;
  delete globalThis.meldtableEarlyEngine;
  return early;
}

/**
 * Start the engine worker and wait until it is ready.
 * @param {(progress: {stage: string, message: string}) => void} [onProgress]
 * @param {{bootTimeoutMs?: number, createWorker?: () => Worker}} [options] createWorker: how to make
 *   the worker (default: a module worker of ./engine-worker.mjs; web/embed.js passes a same-origin
 *   blob bootstrap when this file comes from another origin); the worker index.html started
 *   early is adopted first
 * @returns {Promise<{request: (op: string, fields?: object) => Promise<any>, version: string,
 *                    python: string, hello: object | null, start: "snapshot" | "fresh",
 *                    terminate: () => void}>}
 */
export async function startEngine(onProgress = () => {}, options = {}) {
  if (globalThis.location?.protocol === "file:") {
    throw new EngineError("file_protocol",
      "This page was opened from a file (file://), where browsers do not allow the game engine " +
      "(an ES-module Web Worker) to run. Serve the folder over HTTP instead, for example with " +
      "`python build.py serve`, and open http://127.0.0.1:8000/.");
  }
  const timeoutMs = options.bootTimeoutMs ?? bootTimeoutFromQuery() ?? DEFAULT_BOOT_TIMEOUT_MS;
  const early = takeEarlyEngine();
  const worker = early ? early.worker : (options.createWorker || createWorker)();
  const elapsedMs = early ? performance.now() - early.since : 0;
  const pending = new Map(); // id -> {resolve, reject}
  let nextId = 1;
  let dead = null; // EngineError once the worker is gone
  let booted = false;

  const failAll = (error) => {
    dead = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(async () => {
      if (dead || booted) return;
      worker.terminate(); // no message arrives after this
      dead = new EngineError("boot_timeout", "The game engine did not start in time.");
      const error = new EngineError("boot_timeout", await explainTimeout(timeoutMs / 1000));
      failAll(error);
      reject(error);
    }, Math.max(0, timeoutMs - elapsedMs));
    const bootFailed = (message) => {
      if (dead) return;
      clearTimeout(timer);
      const error = new EngineError("boot_failed", message);
      worker.terminate();
      failAll(error);
      reject(error);
    };

    const onMessage = (event) => {
      const msg = event.data;
      if (!msg || typeof msg !== "object") return;
      if (msg.type === "progress") {
        try {
          onProgress({ stage: msg.stage, message: msg.message });
        } catch (err) {
          console.error(err);
        }
      } else if (msg.type === "ready") {
        clearTimeout(timer);
        booted = true;
        resolve(msg);
      } else if (msg.type === "boot-error") {
        bootFailed(msg.message);
      } else if ("id" in msg && pending.has(msg.id)) {
        const { resolve: ok, reject: fail } = pending.get(msg.id);
        pending.delete(msg.id);
        if (msg.ok) ok(msg.result);
        else fail(new EngineError(msg.error?.code || "internal", msg.error?.message || "unknown engine error",
                                  msg.error?.key || null, msg.error?.params || null, msg.error?.texts || null));
      } else if (msg.ok === false) {
        console.error("engine:", msg.error);
      }
    };
    const onError = (event) => {
      // Before "ready" this is a failed script load (404, wrong MIME type, no module workers);
      // afterwards an uncaught error inside the worker, which keeps running.
      event.preventDefault();
      const detail = event.message ? ` (${event.message})` : "";
      if (booted) {
        console.error(`engine worker error${detail}`);
        return;
      }
      bootFailed(`The game engine's script could not be loaded${detail}. Serve the site over HTTP ` +
        `with JavaScript files (.js, .mjs) sent as text/javascript, and use a current browser.`);
    };
    worker.addEventListener("message", onMessage);
    worker.addEventListener("error", onError);
    if (early) {
      early.stop(); // from now on the listeners above get every event, in order
      for (const event of early.events) (event.type === "error" ? onError : onMessage)(event);
    }
    worker.addEventListener("messageerror", () => console.error("engine: a message could not be decoded"));
  });

  const info = await ready;

  /** Send one request; resolves with its result or rejects with an EngineError. */
  function request(op, fields = {}) {
    if (dead) return Promise.reject(dead);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      try {
        worker.postMessage({ ...fields, id, op });
      } catch (err) {
        pending.delete(id);
        reject(new EngineError("bad_request", `The request could not be sent: ${err.message}`));
      }
    });
  }

  return {
    request,
    version: info.version,
    python: info.python,
    hello: info.hello && typeof info.hello === "object" ? info.hello : null, // `hello`'s result, sent with "ready"
    start: info.start === "snapshot" ? "snapshot" : "fresh", // how the worker started Python
    terminate() {
      worker.terminate();
      failAll(new EngineError("internal", "The game engine was stopped."));
    },
  };
}
