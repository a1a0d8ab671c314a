// The engine's module Web Worker: boots Pyodide with the meldtable wheel and answers
// requests by passing them, as JSON text, to meldtable.api.handle (docs/protocol.md).
//
// Posts while booting:  {type: "progress", stage: "pyodide" | "engine", message}
// then either           {type: "ready", version, python}
// or                    {type: "boot-error", message}
// Requests {id, op, ...fields} are answered with {id, ok: true, result} or
// {id, ok: false, error: {code, message}}; requests sent while booting wait for the boot.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const PYODIDE_DIR = new URL("./pyodide/", import.meta.url).href;
const ENGINE = "meldtable";

let booted = false;
let handle = null; // the Python function meldtable.api.handle
let bootFailure = null; // message of the boot error, if boot failed
const bootLog = []; // stderr lines written while booting, for the boot-error message

const post = (message) => self.postMessage(message);
const progress = (stage, message) => post({ type: "progress", stage, message });

/** Boot Pyodide, install the wheel (listed in app-lock.json, SRI-checked) and import it. */
async function boot() {
  try {
    progress("pyodide", "Loading the Python runtime");
    const pyodide = await loadPyodide({
      indexURL: PYODIDE_DIR,
      lockFileURL: PYODIDE_DIR + "app-lock.json",
      packages: [ENGINE],
      stdout: (line) => (booted ? console.log(line) : progress("engine", line)),
      stderr: (line) => {
        if (!booted) bootLog.push(line);
        console.warn(line);
      },
    });
    progress("engine", "Starting the rules engine");
    let api;
    try {
      // loadPackage failures do not throw; importing is the real check.
      api = pyodide.pyimport(`${ENGINE}.api`);
    } catch (err) {
      const detail = bootLog.length ? bootLog.join(" ") : lastLine(err);
      throw new Error(`the ${ENGINE} package could not be installed or imported: ${detail}`);
    }
    handle = api.handle;
    const version = pyodide.runPython(`import ${ENGINE}; ${ENGINE}.__version__`);
    const python = pyodide.runPython("import sys; sys.version.split()[0]");
    booted = true;
    post({ type: "ready", version, python });
  } catch (err) {
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
