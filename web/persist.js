// The game in progress, saved in localStorage after every change and offered on the next start,
// so a reload (offline too) or an update never loses it. The engine does the (de)serialising:
// its `save` op returns Game.to_json() text, its `load` op restores it (docs/protocol.md).
//
//   import { autosave, savedGame, restore, discard, offerResume, prepareReload, takeResume } from "./persist.js";
//   autosave(engine, table, log, seats)
//                             after every table the page shows; saves the engine's current game
//                             with the move log and the seats (who plays each: person or
//                             computer, its level, a name; web/app.js)
//                             (only the newest of quick successive calls), or forgets it once the
//                             match is over. Returns a promise that never rejects.
//   savedGame()               {state, human_seats, seed, variant, hand, savedAt, undo?, log?, seats?} or null
//                             (undo: the turn's undo history from the engine's `save`, given back
//                             to `load` by restore(), so Undo works after a reload)
//   restore(engine)           resolves with the restored table, or null when there is no saved
//                             game; when the engine cannot load it (any error, whatever its
//                             code) the saved game is forgotten and the error is thrown, so the
//                             page can tell the player (a saved game that cannot be loaded is
//                             never offered again)
//   discard()                 forget the saved game
//   offerResume(dialog, onResume)
//                             adds a "Continue the saved game" button (#btn-resume) to the
//                             dialog's .dialog-buttons when a game is saved; removed when the
//                             dialog closes. onResume() runs on click (returning false
//                             removes the button).
//   prepareReload()           before a reload that should continue the game without asking
//                             (an update): waits for the last save and sets a one-shot flag
//   takeResume()              true once after such a reload (clears the flag)
//
// One saved game per copy of the app: the key includes the app's folder, so copies under
// different paths of one origin do not share it.
const APP_PATH = new URL("./", import.meta.url).pathname;
const KEY = `meldtable:saved-game:${APP_PATH}`;
const RESUME_KEY = `meldtable:resume:${APP_PATH}`;
const FORMAT = 1;

const TEXT = {
  en: { resume: "Continue the saved game", deal: (n) => `deal ${n}`,
    games: { "canasta-two-hand": "Canasta for two", "canasta-classic": "Canasta", "continental": "Continental", "3-ist-50": "3 ist 50" } },
  de: { resume: "Gespeichertes Spiel fortsetzen", deal: (n) => `${n}. Runde`,
    games: { "canasta-two-hand": "Canasta zu zweit", "canasta-classic": "Canasta", "continental": "Continental", "3-ist-50": "3 ist 50" } },
};
const text = () => TEXT[(document.documentElement.lang || "").toLowerCase().startsWith("de") ? "de" : "en"];

/** @typedef {{request: (op: string, fields: object) => Promise<any>}} Engine  web/engine-client.js */
/** @typedef {Record<string, any>} Table  the engine's table answer (docs/protocol.md) */

let generation = 0; // bumps on every autosave/discard; an older save in flight is dropped
let chain = Promise.resolve();

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled
  }
}

/** The most log lines a saved game keeps (the log shown after a resume, #29 item 9). */
const LOG_KEPT = 200;

/** Save the engine's current game (see the module comment), the page's move log `log`
 * (its last LOG_KEPT entries, as shown again after a resume) and the `seats` ([{kind, level,
 * name}], web/app.js).
 * @param {Engine | null} engine
 * @param {Table | null} table
 * @param {object[] | null} [log]
 * @param {object[] | null} [seats]
 * @returns {Promise<void>} never rejects
 */
export function autosave(engine, table, log = null, seats = null) {
  if (!engine || !table) return chain;
  if (table.match_over) {
    discard();
    return chain;
  }
  const mine = ++generation;
  const view = table.view || {};
  const lines = Array.isArray(log) ? log.slice(-LOG_KEPT).map((e) => ({ ...e })) : null;
  chain = chain.then(async () => {
    if (mine !== generation) return; // a newer call saves a newer state
    const saved = await engine.request("save", {});
    if (mine !== generation || typeof saved?.state !== "string") return;
    let seed = null;
    try {
      seed = JSON.parse(saved.state).seed ?? null;
    } catch { /* the engine's format; not ours to judge */ }
    const record = {
      format: FORMAT, savedAt: Date.now(), state: saved.state, human_seats: saved.human_seats,
      seed, variant: view.variant ?? null, hand: view.hand_number ?? null,
    };
    // the turn's undo history (the game before its first undoable move and the moves since):
    // `load` rebuilds it, so Undo still works after a reload within the same turn
    if (saved.undo && typeof saved.undo === "object") record.undo = saved.undo;
    if (lines) record.log = lines;
    if (Array.isArray(seats)) record.seats = seats.map((x) => ({ ...x })); // who plays each seat (web/app.js)
    storage()?.setItem(KEY, JSON.stringify(record));
  }).catch((err) => console.warn("autosave failed:", err));
  return chain;
}

/**
 * The saved game, or null.
 * @returns {Record<string, any> | null}
 */
export function savedGame() {
  let record;
  try {
    record = JSON.parse(storage()?.getItem(KEY) || "null");
  } catch {
    return null;
  }
  if (!record || record.format !== FORMAT || typeof record.state !== "string") return null;
  return record;
}

/** Restore the saved game in the engine: the table, or null when none is saved. Throws the
 * engine's error after forgetting the saved game when it cannot be loaded.
 * @param {Engine} engine
 * @returns {Promise<Table | null>}
 */
export async function restore(engine) {
  const saved = savedGame();
  if (!saved) return null;
  try {
    const fields = { state: saved.state, human_seats: saved.human_seats };
    if (saved.undo) fields.undo = saved.undo; // a broken record only loses the undo (docs/protocol.md)
    return await engine.request("load", fields);
  } catch (err) {
    console.warn("the saved game could not be restored:", (err && err.message) || err);
    discard(); // whatever the error code: offering it again would fail again
    throw err;
  }
}

/**
 * Forget the saved game.
 * @returns {void}
 */
export function discard() {
  generation++;
  try {
    storage()?.removeItem(KEY);
  } catch { /* ignore */ }
}

/**
 * Offer the saved game in the (open) new-game dialog.
 * @param {HTMLElement | null} dialog  the new-game dialog (its "close" event removes the button)
 * @param {() => unknown} onResume  resolving with false removes the button
 * @returns {void}
 */
export function offerResume(dialog, onResume) {
  const saved = savedGame();
  const buttons = dialog && dialog.querySelector(".dialog-buttons");
  if (!saved || !buttons || dialog.querySelector("#btn-resume")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.id = "btn-resume";
  button.className = "btn btn-primary";
  const label = () => {
    const t = text();
    // the entry names its game and deal: "Continue the saved game (Continental, deal 3)"
    const parts = [t.games[saved.variant] || saved.variant, saved.hand ? t.deal(saved.hand) : null].filter(Boolean);
    button.textContent = parts.length ? `${t.resume} (${parts.join(", ")})` : t.resume;
  };
  label();
  const observer = new MutationObserver(label);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  button.addEventListener("click", async () => {
    button.disabled = true;
    let ok = false;
    try {
      ok = (await onResume()) !== false;
    } finally {
      button.disabled = false;
      if (!ok) button.remove(); // the engine refused it (and it was forgotten)
    }
  });
  buttons.prepend(button);
  dialog.addEventListener("close", () => { observer.disconnect(); button.remove(); }, { once: true });
  button.focus();
}

/**
 * Before an update reload: finish saving and ask the next start to continue the game.
 * @returns {Promise<void>}
 */
export async function prepareReload() {
  await chain;
  if (savedGame()) {
    try {
      sessionStorage.setItem(RESUME_KEY, "1");
    } catch { /* ignore */ }
  }
}

/**
 * True once after prepareReload()'s reload.
 * @returns {boolean}
 */
export function takeResume() {
  try {
    const flag = sessionStorage.getItem(RESUME_KEY) === "1";
    sessionStorage.removeItem(RESUME_KEY);
    return flag;
  } catch {
    return false;
  }
}
