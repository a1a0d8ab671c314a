// The page shell: boots the engine, runs the new-game dialog, the move log, the score sheet, the
// language switch, and around the table its chrome: autosave, statistics, warnings, moving cards,
// hints, the pass-and-play cover and play with friends. The table itself (the engine's answers,
// the person's actions, the computer's moves, the log entries, the status line and the renderer's
// shell, web/games/registry.js) is the table session of web/session.js, shared with the live
// demos (web/embed.js). All game logic lives in the engine (Python in a worker); the page only
// asks it for legal moves and scores (docs/protocol.md).
import { startEngine } from "./engine-client.js";
import { t, tp, getLang, setLang, onLangChange, applyStatic, has, engineMessage } from "./i18n.js";
import { gameFor, familyOf } from "./games/registry.js";
import { createSession } from "./session.js";
// --- PWA: saved game + offline/update (web/persist.js, web/pwa.js) ---
import { autosave, restore, savedGame, offerResume, prepareReload, takeResume } from "./persist.js";
import { startPwa } from "./pwa.js";
// --- /PWA ---
import {
  mountUndo, renderUndo, warningsFor, confirmWarnings, fillHelp, shortcutButton, press, settings, saveSetting,
  sound, wireReasons, explainButton, wireDrag,
} from "./tablekit.js";
import { recordMatch, recordDeal, fillStats, resetStats } from "./stats.js";
import { snapshot, flights, play as fly, motionMs } from "./motion.js";
import { installHintKey } from "./hint.js";
import { openReplay, shareLink } from "./replay-link.js";

const params = new URLSearchParams(location.search);
const FAST = params.get("fast") === "1";
const BOT_DELAY_MS = FAST ? 50 : 600;
// Continental's claim prompt counts down this long (`?claim-timeout=<seconds>`; default 8 s).
const CLAIM_TIMEOUT_MS = (() => {
  const raw = Number(params.get("claim-timeout"));
  return params.get("claim-timeout") !== null && Number.isFinite(raw) && raw > 0 ? raw * 1000 : null;
})();
const HUMAN_SEAT = 0;
// Options shown first in the new-game dialog, in this order; all others follow.
const OPTION_ORDER = ["match_end", "target_score", "deals", "games"];

/**
 * The page's elements (index.html) that the shell uses as more than an HTMLElement, by id.
 * @typedef {{
 *   "newgame-dialog": HTMLDialogElement, "score-dialog": HTMLDialogElement, "pass-cover": HTMLDialogElement,
 *   "help-dialog": HTMLDialogElement, "settings-dialog": HTMLDialogElement,
 *   "ng-variant": HTMLSelectElement, "ng-players": HTMLSelectElement, "lang-select": HTMLSelectElement,
 *   "ng-seed": HTMLInputElement, "ng-seats": HTMLDetailsElement, "settings-form": HTMLFormElement,
 *   "ng-rules": HTMLAnchorElement, "ng-guide": HTMLAnchorElement, "ng-offer-go": HTMLAnchorElement,
 *   "btn-rules": HTMLAnchorElement, "help-rules": HTMLAnchorElement,
 *   "ng-start": HTMLButtonElement, "btn-next": HTMLButtonElement, "btn-newgame": HTMLButtonElement,
 *   "stats-table": HTMLTableElement,
 * }} ElementById
 */
/**
 * The element of id `id`: typed by ElementById for the ids there, else an HTMLElement.
 * @template {string} K
 * @param {K} id
 * @returns {K extends keyof ElementById ? ElementById[K] : HTMLElement}
 */
const $ = (id) => /** @type {any} */ (document.getElementById(id));
const root = document.documentElement;

const state = {
  engine: null,
  variants: [],          // descriptors from `hello` that have a renderer
  // the table, its renderer, the move log, the status line: the table session (web/session.js, tableState)
  seed: null,
  animation: Promise.resolve(), // the cards of the last move landing (web/motion.js)
  scoresShownFor: null,  // hand number whose score sheet was opened automatically
  players: {},           // variant id -> last chosen number of players
  drawnFrom: null,       // the built variants (JSON) the new-game dialog was drawn from before ready
  levels: ["easy", "normal", "strong"], // the computer levels the engine's `bot` takes (hello.levels)
  seats: null,           // the running game's seats: [{kind: "person"|"computer", level, name}]
  dialogSeats: null,     // the new-game dialog's seats as edited: {key, seats}
  holder: null,          // pass-and-play: the person's seat the device was last given to
  covered: null,         // pass-and-play: the table waiting behind the cover for the next person
  rawEngine: null,       // the page's own engine (state.engine is hosting.engine while hosting)
  hosting: null,         // friends on other devices: the hosted game (web/net/lobby.js), or null
  guest: null,           // this page plays a seat of a friend's game: the session (lobby.js), or null
};

// friends on other devices (docs/multiplayer.md "In the app"): lobby.js's record of the hosted game
const HOSTED = "meldtable:net:hosting:" + new URL("./", import.meta.url).pathname;
const hostedSaved = () => { try { return Boolean(localStorage.getItem(HOSTED)); } catch (_) { return false; } };

// ------------------------------------------------------------------ boot

function setEngineState(s) { root.dataset.engineState = s; }

function showBootProgress(p) {
  let stage = null, message = null, fraction = null;
  if (typeof p === "string") message = p;
  else if (p && typeof p === "object") {
    stage = p.stage || null;
    message = p.message || null;
    fraction = typeof p.fraction === "number" ? p.fraction
      : typeof p.progress === "number" ? p.progress : null;
  }
  const key = stage ? "boot.stage." + stage : null;
  $("boot-message").textContent = key && has(key) ? t(key) : (message || t("boot.starting"));
  $("boot-message").removeAttribute("data-i18n");
  $("ng-boot-message").textContent = $("boot-message").textContent; // the dialog drawn before ready
  let pct = null;
  if (fraction !== null) pct = Math.round((fraction > 1 ? fraction / 100 : fraction) * 100);
  else if (stage === "pyodide") pct = 35;
  else if (stage === "engine") pct = 75;
  if (pct !== null) {
    $("boot-progress-bar").style.width = pct + "%";
    $("boot-progress").setAttribute("aria-valuenow", String(pct));
    $("boot-progress").classList.remove("indeterminate");
  }
}

function showBootError(message, code) {
  setEngineState("error");
  if ($("newgame-dialog").open) $("newgame-dialog").close(); // drawn before the engine was ready
  $("boot").classList.add("failed");
  const key = code ? "boot.error." + code : null;
  $("boot-error-summary").dataset.i18n = key && has(key) ? key : "";
  $("boot-error-summary").textContent = key && has(key) ? t(key) : "";
  $("boot").hidden = false;
  $("game").hidden = true;
  $("boot-progress").hidden = true;
  $("boot-message").hidden = true;
  $("boot-error").hidden = false;
  $("boot-error-message").textContent = message || "";
}

/** The variant descriptors of a `hello` answer that have a renderer (web/games/registry.js). */
function playableVariants(hello) {
  const all = Array.isArray(hello && hello.variants) ? hello.variants : [];
  return all.filter((v) => typeof v === "object" && v !== null && gameFor(v));
}

/**
 * The engine's answer to `hello` as built with this page (dist/hello.json, build.py
 * write_hello), or null when it cannot be read: the new-game dialog is drawn from it while the
 * engine starts. Fetched at once, beside the engine's own downloads.
 */
const builtHello = fetch("hello.json")
  .then((r) => (r.ok ? r.json() : null))
  .then((h) => (h && typeof h === "object" && Array.isArray(h.variants) ? h : null))
  .catch(() => null);

/**
 * While the engine starts: open the new-game dialog from the built `hello`, its Start button
 * disabled and the boot progress shown in it, so the player chooses the game meanwhile and
 * nothing is left to draw when the engine is ready (docs/performance.md, issue #16). Sets
 * state.drawnFrom to the variants' JSON text it drew from, which boot() compares with the
 * engine's own answer when the engine is ready.
 * @param {Promise<object>} engineReady resolves with the engine once it is ready
 */
async function prerenderDialog(engineReady) {
  // Still starting: not ready (boot() then opens the dialog itself) and not failed (the boot
  // error is shown instead).
  const starting = () => !state.engine && root.dataset.engineState === "loading";
  const hello = await builtHello;
  if (!hello || !starting()) return;
  const variants = playableVariants(hello);
  if (!variants.length) return;
  // Three tasks, none long while the page is starting: the language's number formats (on a
  // fresh page the first Intl.NumberFormat loads them: tens of ms), the dialog's fields, its layout.
  numberText(5000);
  await nextTask();
  if (!starting()) return;
  state.variants = variants;
  takeLevels(hello);
  state.drawnFrom = JSON.stringify(hello.variants);
  fillNewGameDialog();
  await nextTask();
  if (!starting()) return; // when ready, boot() found the dialog filled but closed and opened it
  showNewGameDialog();
  // --- PWA: the saved game is offered at once; a click waits for the engine ---
  offerResume($("newgame-dialog"), () => engineReady.then(resumeSavedGame));
  // --- /PWA ---
}

async function boot() {
  setEngineState("loading");
  $("boot-progress").classList.add("indeterminate");
  $("ng-boot-message").textContent = $("boot-message").textContent;
  const started = performance.now();
  const elapsedTimer = setInterval(() => {
    const s = Math.round((performance.now() - started) / 1000);
    if (s >= 3) $("boot-elapsed").textContent = $("ng-boot-elapsed").textContent = `${s} s`;
  }, 1000);
  // --- PWA: after an update the saved game continues at once (else it is offered in the dialog) ---
  const resumeAtOnce = takeResume();
  // --- /PWA ---
  /** @type {(engine: object) => void} */
  let engineStarted;
  const engineReady = new Promise((resolve) => { engineStarted = resolve; });
  if (!resumeAtOnce) prerenderDialog(engineReady);
  try {
    const engine = await startEngine(showBootProgress);
    const hello = engine.hello || await engine.request("hello", { brief: true });
    state.engine = engine;
    state.rawEngine = engine;
    state.variants = playableVariants(hello);
    takeLevels(hello);
    clearInterval(elapsedTimer);
    $("boot").hidden = true;
    $("btn-newgame").disabled = false;
    root.dataset.engineStart = engine.start; // "snapshot" or "fresh" (web/engine-worker.mjs)
    setEngineState("ready");
    engineStarted(engine);
    // --- PWA: continue the saved game (at once after an update, else offered in the dialog) ---
    if (resumeAtOnce && await resumeSavedGame()) return;
    const dlg = $("newgame-dialog");
    if (!dlg.open) openNewGameDialog();
    else if (state.drawnFrom !== null) engineReadyInDialog(state.drawnFrom !== JSON.stringify(hello.variants));
    offerResume(dlg, resumeSavedGame);
    // --- /PWA ---
  } catch (err) {
    clearInterval(elapsedTimer);
    showBootError(err && err.message ? err.message : String(err), err && err.code);
  }
}

/**
 * The engine is ready while the new-game dialog drawn before it is open: enable Start (focused
 * unless the player has moved on), and redraw the choices when the engine's variants differ
 * from the built ones they were drawn from (the player's choices are kept where they still exist).
 */
function engineReadyInDialog(changed) {
  if (changed) {
    fillVariantSelect();
    renderOptionFields();
  }
  $("ng-boot").hidden = true;
  $("ng-start").disabled = state.variants.length === 0;
  const untouched = document.activeElement === $("ng-variant") && !$("ng-variant").dataset.touched;
  if (untouched || document.activeElement === document.body) $("ng-start").focus({ preventScroll: true });
}

// --- PWA: restore the autosaved game (web/persist.js) ---
async function resumeSavedGame() {
  const seed = savedGame()?.seed ?? null;
  const log = savedGame()?.log; // the move log as it was shown (#29 item 9)
  let table;
  try {
    if (hostedSaved() && state.rawEngine) {
      // a game hosted with friends on other devices: host their seats again (new invitations)
      const net = await import("./net/lobby.js");
      // cast: lobby.js types the parameter only by its destructuring default `{}` (no JSDoc there yet)
      state.hosting = await net.resumeHosting(/** @type {any} */ ({ engine: state.rawEngine, onChange: onNetChange, seatName }));
      state.engine = state.hosting ? state.hosting.engine : state.rawEngine;
    }
    table = await restore(state.engine);
  } catch (err) {
    // the saved game is forgotten (persist.js); say so in the new-game dialog
    if (!$("newgame-dialog").open) openNewGameDialog();
    $("ng-error").textContent = t("resume.failed", { reason: engineMessage(err) });
    return false;
  }
  if (!table) return false;
  const seats = savedGame()?.seats;
  const entered = enterGame(table, seed, Array.isArray(log) ? log : null, seats);
  $("btn-players").hidden = !state.hosting;
  if (entered && state.hosting) state.hosting.openPanel($("btn-players"));
  return entered;
}
// --- /PWA ---

// ------------------------------------------------------------------ variants and options

function variantId(v) { return typeof v === "string" ? v : (v.id || v.variant || v.name); }

function variantName(v) {
  const id = variantId(v);
  if (has("variant." + id)) return t("variant." + id);
  return (typeof v === "object" && (v.title || v.label || v.name)) || id;
}

/** The player counts a descriptor allows, e.g. [2] or [2, 3, 4, 5, 6]. */
function variantPlayerCounts(v) {
  const p = v && (v.players ?? v.default_players);
  if (typeof p === "number") return [p];
  if (Array.isArray(p) && p.length) return p.filter((n) => Number.isInteger(n));
  if (p && typeof p === "object" && Number.isInteger(p.min) && Number.isInteger(p.max)) {
    const out = [];
    for (let n = p.min; n <= p.max; n++) out.push(n);
    return out;
  }
  return [2];
}

/** Normalise a descriptor's options into [{name, type, def, choices, min, max, label, doc, nullable}]. */
function variantOptions(v) {
  if (typeof v !== "object" || v === null || !v.options) return [];
  let entries;
  if (Array.isArray(v.options)) entries = v.options.map((o) => [o.name || o.id || o.key, o]);
  else entries = Object.entries(v.options);
  const out = [];
  for (const [name, spec0] of entries) {
    if (!name) continue;
    const spec = (spec0 !== null && typeof spec0 === "object" && !Array.isArray(spec0)) ? spec0 : { default: spec0 };
    const def = "default" in spec ? spec.default : spec.value;
    const choices = spec.choices || spec.values || spec.enum || spec.allowed || null;
    let type = spec.type || spec.kind || null;
    if (Array.isArray(choices)) type = "choice";
    else if (type === "integer" || type === "number") type = "int";
    else if (type === "boolean") type = "bool";
    else if (!type) type = typeof def === "number" ? "int" : typeof def === "boolean" ? "bool" : null;
    if (!["choice", "int", "bool", "table"].includes(type)) continue; // nothing we can render
    out.push({ name, type, def, choices, min: spec.min ?? spec.minimum, max: spec.max ?? spec.maximum,
      label: spec.label || spec.title || null, doc: spec.doc || spec.description || "",
      nullable: Boolean(spec.nullable), shown_when: spec.shown_when || null });
  }
  out.sort((a, b) => {
    const ia = OPTION_ORDER.indexOf(a.name), ib = OPTION_ORDER.indexOf(b.name);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
  });
  return out;
}

/** The first catalogue text of `opt.<family>.<rest>` and `opt.<rest>`, or null. */
/** The keys to try for a text of the dialog's variant: a variant's own text (`<key>.<variant>`,
 *  e.g. Kanaster's own word: `opt.blocking_ranks.kanaster`) before the family's and the shared one. */
function textKeys(keys) {
  const v = currentVariant(), vid = v ? variantId(v) : null;
  return vid ? [...keys.map((k) => `${k}.${vid}`), ...keys] : keys;
}

function optText(family, rest, values = {}) {
  for (const k of textKeys([`opt.${family}.${rest}`, `opt.${rest}`])) if (has(k)) return t(k, values);
  return null;
}

function optionLabel(o, family) { return optText(family, o.name) ?? (o.label || o.name.replace(/_/g, " ")); }

/** The option's one-line explanation in the page's language ("" when the catalogue has none). */
function optionDoc(o, family) {
  const k = textKeys([`optdoc.${family}.${o.name}`, `optdoc.${o.name}`]).find((x) => has(x));
  return k ? t(k) : "";
}

function choiceValue(c) { return typeof c === "object" && c !== null ? (c.value ?? c.id) : c; }

/** A choice's label; `opt.<name>.<value>.<players>` first (e.g. "two sides of three" at 6). */
function choiceLabel(o, c, family = null, players = null) {
  const value = choiceValue(c);
  return (players !== null ? optText(family, `${o.name}.${value}.${players}`) : null)
    ?? optText(family, `${o.name}.${value}`)
    ?? ((typeof c === "object" && c !== null && (c.label || c.title)) || String(value));
}

// One formatter per language: making an Intl.NumberFormat costs far more than using one (the
// new-game dialog formats a few hundred numbers).
const numberFormats = new Map();
const numberText = (n) => {
  const lang = getLang();
  if (!numberFormats.has(lang)) numberFormats.set(lang, new Intl.NumberFormat(lang));
  return numberFormats.get(lang).format(n);
};

/** A value of option `o` in words: "yes", "5,000", "two sides of two". */
function valueText(o, value, family, players) {
  if (value === null || value === undefined) return "–";
  if (o.type === "bool") return t(value ? "opt.yes" : "opt.no");
  if (o.type === "choice") return choiceLabel(o, value, family, players);
  if (o.type === "int") return numberText(value);
  return String(value);
}

/**
 * The layout row of variant `v` (hello's `layout`) for `players` seats and the chosen
 * partnerships (null: the player count's default row), as meldtable.canasta.catalogue.layout_for.
 */
function layoutRow(v, players, partnerships) {
  const rows = (v && Array.isArray(v.layout) ? v.layout : []).filter((r) => r.players === players);
  if (partnerships) {
    const r = rows.find((x) => x.with_partnerships === partnerships);
    if (r) return r;
  }
  return rows[0] || null;
}

// ------------------------------------------------------------------ rules pages and guided hands

const VARIANT_ID = /^[a-z0-9][a-z0-9-]{0,40}$/;
const GUIDED_KEY = (id) => `meldtable.guided.${id}`;

/** The rules page of variant `id` in `lang` (docs/rules-pages.md), relative to the app. */
function rulesUrl(id, lang = getLang()) {
  return VARIANT_ID.test(id || "") ? `rules/${id}.${lang}.html` : `rules/index.${lang}.html`;
}

/** The guided first hand of variant `id` in `lang` (docs/guides.md). */
function guideUrl(id, lang = getLang()) {
  return `guide.html?variant=${encodeURIComponent(id)}&lang=${lang}`;
}

/** Whether the guided first hand of `id` was offered (and declined or taken) or a game of it started. */
function guidedSeen(id) {
  try { return localStorage.getItem(GUIDED_KEY(id)) !== null; } catch (_) { return true; } // no storage: never nag
}

function markGuided(id) {
  try { localStorage.setItem(GUIDED_KEY(id), "1"); } catch (_) { /* storage may be off */ }
}

/** The games whose guided first hand is offered in the open new-game dialog (emptied when it closes). */
const offeredNow = new Set();

/**
 * The new-game dialog's links for the chosen game ("How to play", "Guided first hand") and, the
 * first time a game is chosen (no meldtable.guided.<id> yet), the offer of its guided first hand,
 * once: showing it marks it as made (issue #29: it kept coming back); it stays while the dialog
 * is open, and "No thanks" or following it hides it.
 */
function renderLearnLinks() {
  const v = currentVariant();
  const id = v ? variantId(v) : null;
  $("ng-rules").href = rulesUrl(id);
  $("ng-guide").href = id ? guideUrl(id) : "guide.html";
  $("ng-guide").hidden = !id;
  // offered once: marked as made when shown, and kept in view while the dialog stays open
  const offer = Boolean(id) && (offeredNow.has(id) || !guidedSeen(id));
  if (offer && !offeredNow.has(id)) {
    offeredNow.add(id);
    markGuided(id);
  }
  $("ng-offer").hidden = !offer;
  $("ng-offer").dataset.variant = id || "";
  if (offer) {
    $("ng-offer-text").textContent = t("newgame.offer", { game: shortName(id) });
    $("ng-offer-go").href = guideUrl(id);
  }
}

function shortName(id) { return has("game.short." + id) ? t("game.short." + id) : variantName(id); }

/** The table's "Rules" link (top bar, help overlay, key H): the current game's rules page. */
function renderRulesLink() {
  const id = tableState.table ? tableState.table.view.variant : null;
  const on = Boolean(id) && !$("game").hidden;
  $("btn-rules").hidden = !on;
  $("btn-rules").href = rulesUrl(id);
  $("help-rules").href = rulesUrl(id);
  $("help-rules").textContent = id ? t("kit.rulesOf", { game: shortName(id) }) : t("kit.rules");
  $("help-rules").parentElement.hidden = !on;
}

/**
 * `?guide=<variant>` (the rules pages' link to the guided first hand) goes to guide.html in the
 * language asked for (`&lang=`), else the language of the rules page it came from, else the
 * app's. Returns true when the page is being replaced.
 */
function redirectToGuide() {
  const id = params.get("guide");
  if (id === null) return false;
  const asked = params.get("lang");
  const from = /\.(de|en)\.html(?:[?#]|$)/.exec(document.referrer || "");
  const lang = ["de", "en"].includes(asked) ? asked : from ? from[1] : getLang();
  location.replace(guideUrl(id, lang));
  return true;
}

function currentVariant() {
  const id = $("ng-variant").value;
  return state.variants.find((v) => variantId(v) === id) || null;
}

function renderPlayerField() {
  const v = currentVariant();
  const counts = variantPlayerCounts(v);
  const sel = $("ng-players");
  const keep = sel.value ? Number(sel.value) : null;
  sel.replaceChildren();
  for (const n of counts) {
    const opt = document.createElement("option");
    opt.value = String(n);
    opt.textContent = tp("newgame.playersN", n - 1, { n, computers: n - 1 });
    sel.append(opt);
  }
  const id = v ? variantId(v) : "";
  // the same game redrawn keeps its count; another game opens at its natural count
  const same = sel.dataset.variant === id && counts.includes(keep);
  const want = state.players[id] ?? (same ? keep : naturalPlayers(v, counts));
  sel.value = String(counts.includes(want) ? want : counts[0]);
  sel.dataset.variant = id;
  $("ng-players-field").hidden = counts.length < 2;
}

/**
 * The number of players a game opens with in the new-game dialog: the engine's `usual_players`
 * for the variant (hello's descriptor, with its source there) when it allows that count, else the
 * smallest count the engine allows.
 */
function naturalPlayers(v, counts) {
  const n = v ? v.usual_players : undefined;
  return counts.includes(n) ? n : counts[0];
}

/**
 * The seatings (values of the `partnerships` option) the engine accepts for `players` seats and
 * the one a game gets when none is chosen: hello's `seatings` row for that count
 * (meldtable.options.Variant.seatings), as {choices, def}; null when the descriptor has no row
 * for that count (then every choice is offered and the engine judges at Start).
 */
function seatingsFor(v, o, players) {
  const rows = (v && Array.isArray(v.seatings) ? v.seatings : []).filter((r) => r && r.players === players);
  if (!rows.length || !Array.isArray(rows[0].choices)) return null;
  const accepted = new Set(rows[0].choices);
  return { choices: o.choices.map(choiceValue).filter((c) => accepted.has(c)), def: rows[0].default ?? null };
}

/**
 * Option `o` as offered at `players` seats: the sides (`partnerships`) exactly as the engine
 * accepts them at that count (a single seating shown as fixed text and not sent: the engine's
 * layout applies it); every other option unchanged.
 */
function offeredOption(v, o, players) {
  if (o.name !== "partnerships" || o.type !== "choice") return o;
  const seatings = seatingsFor(v, o, players);
  if (seatings === null) return o;
  const { choices, def } = seatings;
  if (choices.length <= 1) return { ...o, choices: choices.length ? choices : o.choices.slice(0, 1), nullable: false, def: choices[0] ?? o.def };
  return { ...o, choices, seatingDefault: def };
}

/** Whether an int option is offered as a list of its values (small ranges) rather than a number field. */
const intAsList = (o) => Number.isInteger(o.min) && Number.isInteger(o.max) && o.max - o.min <= 20;

/**
 * One option's field: label, control, its one-line explanation (visible, also on touch screens)
 * and the preset's value ("standard"). A nullable option's "by player count" entry shows the
 * value the layout gives for the chosen number of players. Fixed options (one choice, or a
 * table) are shown as text and not sent.
 */
function optionField(o, ctx, prev) {
  const { family, players, effective } = ctx;
  const field = document.createElement("div");
  field.className = "field";
  field.dataset.field = o.name;
  const id = "ng-opt-" + o.name;
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = optionLabel(o, family);
  const changed = document.createElement("span");
  changed.className = "opt-changed";
  changed.textContent = t("newgame.isChanged");
  const doc = document.createElement("small");
  doc.className = "hint opt-doc";
  doc.id = id + "-doc";
  doc.textContent = optionDoc(o, family);
  const std = document.createElement("span");
  std.className = "opt-std";
  const eff = o.nullable ? effective[o.name] : undefined;
  const byPlayers = (value) => t("newgame.byPlayers", { value: valueText(o, value, family, players) });
  const standard = o.def === null || o.def === undefined ? byPlayers(eff) : valueText(o, o.def, family, players);
  let input;
  const fixed = o.type === "table" || (o.type === "choice" && o.choices.length === 1);
  if (ctx.radios && o.type === "choice") {
    // radio buttons (the sides): "by player count" shows the layout's value; the explicit
    // choice with that same value would say the same again and is left out
    input = document.createElement("div");
    input.className = "opt-radios";
    input.setAttribute("role", "radiogroup");
    input.setAttribute("aria-labelledby", id + "-label");
    label.id = id + "-label";
    label.removeAttribute("for");
    const current = prev[o.name] ?? (o.def === null || o.def === undefined ? "" : String(o.def));
    const auto = t(o.def === null ? "newgame.byPlayersRadioStd" : "newgame.byPlayersRadio", { value: valueText(o, eff, family, players) });
    const entries = o.nullable ? [["", auto, false]] : [];
    for (const val of o.choices.map(choiceValue)) {
      if (o.nullable && val === eff) continue;
      entries.push([String(val), valueText(o, val, family, players), val === o.def]);
    }
    for (const [value, text, isStd] of entries) {
      const lab = document.createElement("label");
      lab.className = "opt-radio";
      const radio = document.createElement("input");
      radio.type = "radio";
      radio.name = id;
      radio.value = value;
      radio.id = `${id}-${value || "auto"}`;
      radio.checked = value === String(current);
      radio.dataset.radioFor = o.name;
      lab.append(radio, " " + (isStd ? `${text} (${t("newgame.standard")})` : text));
      input.append(lab);
    }
    if (!input.querySelector("input:checked")) input.querySelector("input").checked = true;
    std.textContent = t("newgame.standardValue", { value: standard });
    std.classList.add("when-changed");
  } else if (fixed) {
    input = document.createElement("output");
    input.className = "opt-fixed";
    if (o.type === "table") {
      input.textContent = (o.def || []).map(([from, n]) => t("opt.initial_meld_table.row", { from: numberText(from), n: numberText(n) })).join(" · ");
    } else input.textContent = choiceLabel(o, o.choices[0], family, players);
    std.textContent = t("newgame.fixed");
  } else if (o.type === "choice" || (o.type === "int" && o.nullable && intAsList(o))) {
    input = document.createElement("select");
    const entries = [];
    if (o.nullable) entries.push(["", byPlayers(eff), o.def === null]);
    const values = o.type === "choice" ? o.choices.map(choiceValue) : Array.from({ length: o.max - o.min + 1 }, (_, i) => o.min + i);
    for (const val of values) entries.push([String(val), valueText(o, val, family, players), val === o.def]);
    for (const [value, text, isStd] of entries) {
      const opt = document.createElement("option");
      opt.value = value;
      opt.textContent = isStd ? `${text} (${t("newgame.standard")})` : text;
      if (isStd) opt.dataset.standard = "true";
      input.append(opt);
    }
    const start = prev[o.name] ?? (o.def === null || o.def === undefined ? "" : String(o.def));
    input.value = [...input.options].some((x) => x.value === String(start)) ? String(start) : input.options[0].value;
    std.textContent = t("newgame.standardValue", { value: standard });
    std.classList.add("when-changed"); // the list marks the standard entry itself
  } else if (o.type === "int") {
    input = document.createElement("input");
    input.type = "number";
    input.inputMode = "numeric";
    input.step = "1";
    if (o.min !== undefined && o.min !== null) input.min = String(o.min);
    if (o.max !== undefined && o.max !== null) input.max = String(o.max);
    input.value = String(prev[o.name] ?? o.def ?? eff ?? "");
    std.textContent = t("newgame.standardValue", { value: standard });
  } else {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = Boolean(prev[o.name] ?? o.def);
    field.classList.add("field-check");
    std.textContent = t("newgame.standardValue", { value: standard });
  }
  input.id = id;
  if (!fixed) {
    input.dataset.option = o.name;
    input.dataset.type = input.classList.contains("opt-radios") ? "radio" : o.type;
    input.setAttribute("aria-describedby", doc.id);
  }
  if (doc.textContent) doc.append(" ");
  doc.append(std);
  label.append(" ", changed);
  if (o.type === "bool") field.append(input, label, doc);
  else field.append(label, input);
  if (o.type === "int" && o.nullable && !intAsList(o)) {
    // "by player count" as a checkbox next to the number field (e.g. the target score)
    const auto = document.createElement("label");
    auto.className = "opt-auto";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.id = id + "-auto";
    box.dataset.autoFor = o.name;
    box.checked = prev["auto:" + o.name] ?? (o.def === null || o.def === undefined);
    std.classList.add("when-changed");
    auto.append(box, " " + t("newgame.byPlayersFor") + (o.def === null ? ` (${t("newgame.standard")})` : ""));
    const row = document.createElement("div");
    row.className = "opt-auto-row";
    row.append(input, auto);
    field.append(row);
    const sync = () => { // input: the <input type="number"> of this branch
      /** @type {HTMLInputElement} */ (input).readOnly = box.checked;
      if (box.checked) /** @type {HTMLInputElement} */ (input).value = String(eff ?? "");
    };
    box.addEventListener("change", () => { sync(); if (!box.checked) input.focus(); markChanged(); });
    sync();
  }
  if (o.type !== "bool") field.append(doc);
  if (o.doc) field.dataset.engineDoc = o.doc; // the engine's (English) text, for reference
  return field;
}

/** Values of the fields as the engine takes them (null: "by player count"). */
function fieldValue(el, o) {
  const box = /** @type {HTMLInputElement | null} */ ($("ng-options").querySelector(`[data-auto-for="${el.dataset.option}"]`));
  if (box && box.checked) return null;
  if (el.dataset.type === "bool") return el.checked;
  const text = controlValue(el);
  if (text === "") return o && o.nullable ? null : undefined;
  if (el.dataset.type === "int") return parseInt(text, 10);
  const raw = o && o.choices ? o.choices.map(choiceValue).find((c) => String(c) === text) : undefined;
  return raw === undefined ? text : raw;
}

/** The text value of an option's control: a select's or input's value, a radio group's checked radio. */
function controlValue(el) {
  if (el.dataset.type === "radio") {
    const on = el.querySelector("input:checked");
    return on ? on.value : "";
  }
  return el.value;
}

/** Mark the fields whose value differs from the preset's, and count them per group. */
function markChanged() {
  const box = $("ng-options");
  const opts = new Map(variantOptions(currentVariant()).map((o) => [o.name, o]));
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (box.querySelectorAll("[data-option]"))) {
    const o = opts.get(el.dataset.option);
    const value = fieldValue(el, o);
    const def = o.def === undefined ? null : o.def;
    /** @type {HTMLElement} */ (el.closest(".field")).dataset.changed = String(value !== undefined && value !== def);
  }
  for (const g of box.querySelectorAll("details[data-group]")) {
    const n = g.querySelectorAll('.field[data-changed="true"]:not([hidden])').length;
    const count = g.querySelector(".opt-group-changed");
    count.textContent = n ? tp("newgame.changed", n) : "";
  }
}

function renderOptionFields() {
  renderPlayerField();
  renderSeatFields();
  renderLearnLinks();
  const box = $("ng-options");
  const v = currentVariant();
  const prev = {}; // the values entered so far, kept when the same variant's fields are redrawn
  const open = new Set();
  let focused = null;
  if (v && box.dataset.variant === variantId(v)) {
    // an option's control: an input, a select or a radio group's div (`checked` read of a checkbox only)
    for (const el of /** @type {NodeListOf<HTMLInputElement>} */ (box.querySelectorAll("[data-option]"))) {
      prev[el.dataset.option] = el.type === "checkbox" ? el.checked : controlValue(el);
    }
    for (const el of /** @type {NodeListOf<HTMLInputElement>} */ (box.querySelectorAll("[data-auto-for]"))) prev["auto:" + el.dataset.autoFor] = el.checked;
    for (const d of /** @type {NodeListOf<HTMLDetailsElement>} */ (box.querySelectorAll("details[data-group]"))) if (d.open) open.add(d.dataset.group);
    if (box.contains(document.activeElement)) focused = document.activeElement.id;
  }
  const fresh = box.dataset.variant !== (v ? variantId(v) : "");
  box.replaceChildren();
  box.dataset.variant = v ? variantId(v) : "";
  const module = v ? /** @type {{OPTION_GROUPS?: Array<{id: string, open?: boolean, options: string[]}>}} */ (gameFor(v)) : null;
  const family = familyOf(v);
  const players = Number($("ng-players").value) || variantPlayerCounts(v)[0];
  const opts = variantOptions(v).map((o) => offeredOption(v, o, players));
  const row = layoutRow(v, players, prev.partnerships || null);
  const ctx = { family, players, effective: row || {} };
  const groups = module && Array.isArray(module.OPTION_GROUPS) ? module.OPTION_GROUPS : null;

  // The sides (canasta at 2 to 6 players) are chosen with the number of players, not among the rules.
  const sides = opts.find((o) => o.name === "partnerships");
  const sidesOnTop = Boolean(sides) && variantPlayerCounts(v).length > 1;
  if (sidesOnTop) {
    // "by player count" means the seating the engine gives this count when none is chosen
    const byCount = { ...(layoutRow(v, players, null) || {}) };
    if (sides.seatingDefault !== undefined) byCount.partnerships = sides.seatingDefault;
    const f = optionField(sides, { ...ctx, radios: sides.choices.length > 1, effective: byCount }, prev);
    f.classList.add("field-sides");
    box.append(f);
  }
  const rest = opts.filter((o) => !(sidesOnTop && o === sides));
  if (groups) {
    const placed = new Set();
    /** @type {Array<{id: string, open?: boolean, list: any[]}>} */
    const lists = groups.map((g) => ({ ...g, list: rest.filter((o) => g.options.includes(o.name)) }));
    for (const g of lists) for (const o of g.list) placed.add(o.name);
    const others = rest.filter((o) => !placed.has(o.name));
    if (others.length) lists.push({ id: "other", open: false, list: others });
    for (const g of lists) {
      if (!g.list.length) continue;
      const d = document.createElement("details");
      d.className = "opt-group";
      d.dataset.group = g.id;
      d.open = fresh ? Boolean(g.open) : open.has(g.id);
      const summary = document.createElement("summary");
      const title = document.createElement("span");
      title.className = "opt-group-title";
      title.textContent = has("optgroup." + g.id) ? t("optgroup." + g.id) : t("newgame.moreRules");
      const count = document.createElement("span");
      count.className = "opt-group-changed";
      summary.append(title, count);
      d.append(summary);
      for (const o of g.list) d.append(optionField(o, ctx, prev));
      box.append(d);
    }
  } else {
    const more = document.createElement("details");
    more.className = "more-rules";
    const summary = document.createElement("summary");
    summary.textContent = t("newgame.moreRules");
    more.append(summary);
    for (const o of rest) {
      const field = optionField(o, ctx, prev);
      if (OPTION_ORDER.includes(o.name)) box.append(field); else more.append(field);
    }
    if (more.children.length > 1) box.append(more);
  }
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (box.querySelectorAll("select[data-option], input[data-option], [data-radio-for]"))) {
    // the sides change the layout row (e.g. the target score at 6 players): redraw
    const name = el.dataset.option || el.dataset.radioFor;
    el.addEventListener("change", name === "partnerships" ? renderOptionFields : updateOptionVisibility);
    el.addEventListener("input", markChanged);
  }
  updateOptionVisibility();
  if (focused && $(focused)) $(focused).focus();
}

function optionValues() {
  const vals = {};
  const opts = new Map(variantOptions(currentVariant()).map((o) => [o.name, o]));
  for (const el of /** @type {NodeListOf<HTMLElement>} */ ($("ng-options").querySelectorAll("[data-option]"))) {
    if (/** @type {HTMLElement} */ (el.closest(".field")).hidden) continue;
    const value = fieldValue(el, opts.get(el.dataset.option));
    if (value !== undefined && !Number.isNaN(value)) vals[el.dataset.option] = value;
  }
  return vals;
}

function updateOptionVisibility() {
  const box = $("ng-options");
  const opts = new Map(variantOptions(currentVariant()).map((o) => [o.name, o]));
  for (const field of /** @type {NodeListOf<HTMLElement>} */ (box.querySelectorAll(".field[data-field]"))) {
    const dep = (opts.get(field.dataset.field) || {}).shown_when; // the engine's (hello: Option.shown_when)
    if (!dep) continue;
    const ctl = box.querySelector(`[data-option="${dep.option}"]`);
    field.hidden = Boolean(ctl) && controlValue(ctl) !== String(dep.value);
  }
  markChanged();
}

function fillVariantSelect() {
  const sel = $("ng-variant");
  const keep = sel.value;
  sel.replaceChildren();
  for (const v of state.variants) {
    const opt = document.createElement("option");
    opt.value = variantId(v);
    opt.textContent = variantName(v);
    sel.append(opt);
  }
  const wanted = params.get("game");
  if (keep && state.variants.some((v) => variantId(v) === keep)) sel.value = keep;
  else if (wanted && state.variants.some((v) => variantId(v) === wanted)) sel.value = wanted;
}

/** Open the new-game dialog; before the engine is ready (prerenderDialog) Start is disabled
 * and the dialog shows the boot progress. */
function openNewGameDialog() {
  fillNewGameDialog();
  showNewGameDialog();
}

const nextTask = () => new Promise((resolve) => { setTimeout(resolve, 0); });

/** The new-game dialog's choices, drawn anew from state.variants (openNewGameDialog). */
function fillNewGameDialog() {
  fillVariantSelect();
  renderOptionFields();
  const seedParam = params.get("seed");
  $("ng-seed").value = seedParam !== null && /^\d+$/.test(seedParam) ? seedParam : "";
  $("ng-error").textContent = "";
  $("ng-cancel").hidden = false; // also without a game: settings, statistics and help stay reachable
  $("ng-start").disabled = !state.engine || state.variants.length === 0;
  $("ng-boot").hidden = Boolean(state.engine);
}

/** Show the filled new-game dialog (openNewGameDialog), its Start button focused once enabled. */
function showNewGameDialog() {
  const dlg = $("newgame-dialog");
  if (!dlg.open) dlg.showModal();
  // the game, players and sides at the top stay in view
  (state.engine ? $("ng-start") : $("ng-variant")).focus({ preventScroll: true });
  dlg.scrollTop = 0;
}

async function startNewGame(ev) {
  ev.preventDefault();
  const v = currentVariant();
  if (!v || !state.engine) return; // Start is disabled until the engine is ready
  if (tableState.table && !tableState.table.match_over && settings().warnNewGame) {
    // a running game would be replaced (and with it the saved game)
    if (!await confirmWarnings([{ setting: "warnNewGame", text: t("kit.warn.newGame") }])) return;
  }
  const seedText = $("ng-seed").value.trim();
  const seed = /^\d+$/.test(seedText) ? parseInt(seedText, 10) : Math.floor(Math.random() * 2 ** 31);
  const players = Number($("ng-players").value) || variantPlayerCounts(v)[0];
  const seats = dialogSeats(v, players);
  const human = seats.map((x, i) => (x.kind === "person" ? i : -1)).filter((i) => i >= 0);
  const friends = seats.map((x, i) => ({ ...x, seat: i })).filter((x) => x.kind === "friend");
  const names = Object.fromEntries(seats.map((x, i) => [i, x.name]).filter(([, n]) => n));
  if (!human.length) {
    $("ng-error").textContent = t("seats.noPerson");
    $("ng-seats").open = true;
    $("ng-seat-0-kind").focus();
    return;
  }
  $("ng-start").disabled = true;
  $("ng-error").textContent = t("newgame.starting");
  try {
    if (friends.length || state.hosting || hostedSaved()) {
      // friends on other devices: this page hosts them (docs/multiplayer.md "In the app")
      const net = await import("./net/lobby.js");
      net.stopHosting();
      state.hosting = null;
      state.engine = state.rawEngine;
      if (friends.length) {
        state.hosting = await net.startHosting({ engine: state.rawEngine, seats: friends.map((f) => f.seat),
          names, onChange: onNetChange, seatName });
        state.engine = state.hosting.engine;
      }
    }
    const table = await state.engine.request("new", {
      variant: variantId(v), players, seed, options: optionValues(), human_seats: human,
    });
    state.players[variantId(v)] = players;
    rememberSeats(variantId(v), players, seats);
    markGuided(variantId(v)); // the guided first hand was offered when it was chosen
    enterGame(table, seed, null, seats);
    $("btn-players").hidden = !state.hosting;
    if (state.hosting) state.hosting.openPanel($("btn-players"));
  } catch (err) {
    const message = err && err.message ? err.message : String(err);
    $("ng-error").textContent = err && err.code === "bad_option" ? t("newgame.refused", { message }) : message;
  } finally {
    $("ng-start").disabled = false;
  }
}

/** Show a freshly started or restored game: pick its renderer, reset the shell, draw the table. */
function enterGame(table, seed, log = null, seats = null) {
  const descriptor = state.variants.find((v) => variantId(v) === table.view.variant) || { id: table.view.variant };
  if (!gameFor(descriptor)) return false;
  session.stop();
  state.seed = seed;
  state.scoresShownFor = null;
  state.seats = gameSeats(seats, table);
  state.holder = null; // several people: the first one's turn starts behind the cover too
  hideCover();
  session.mountFor(descriptor);
  if ($("newgame-dialog").open) $("newgame-dialog").close();
  if ($("score-dialog").open) $("score-dialog").close();
  $("idle").hidden = true;
  $("game").hidden = false;
  session.begin(table, { log });
  tableState.game.focusFirst();
  return true;
}

// ------------------------------------------------------------------ seats: person or computer, level, name

const SEATS_KEY = "meldtable.seats"; // localStorage: "<variant>:<players>" -> [{kind, level, name}]
const NAME_MAX = 24;

/** The computer levels of hello (`levels`, weakest first), when it lists any. */
function takeLevels(hello) {
  const lv = hello && Array.isArray(hello.levels) ? hello.levels.filter((x) => typeof x === "string") : [];
  if (lv.length) state.levels = lv;
}

const levelText = (level) => (has("seats.level." + level) ? t("seats.level." + level) : level);
const defaultLevel = () => (state.levels.includes("normal") ? "normal" : state.levels[0]);

/** The default seats for `players`: the person at seat 0, computers at `normal` elsewhere. */
function defaultSeats(players) {
  return Array.from({ length: players }, (_, i) => ({ kind: i === 0 ? "person" : "computer", level: defaultLevel(), name: "" }));
}

/** `list` checked and shaped as seats for `players` (else null): kinds, known levels, names cut short. */
function cleanSeats(list, players) {
  if (!Array.isArray(list) || list.length !== players) return null;
  return list.map((x) => ({
    kind: x && (x.kind === "computer" || x.kind === "friend") ? x.kind : "person",
    level: x && state.levels.includes(x.level) ? x.level : defaultLevel(),
    name: x && typeof x.name === "string" ? x.name.trim().slice(0, NAME_MAX) : "",
  }));
}

function storedSeats() {
  try {
    const all = JSON.parse(localStorage.getItem(SEATS_KEY) || "{}");
    return all && typeof all === "object" && !Array.isArray(all) ? all : {};
  } catch (_) {
    return {};
  }
}

/** Remember the seats chosen for a variant and player count (localStorage). */
function rememberSeats(id, players, seats) {
  const all = storedSeats();
  all[`${id}:${players}`] = seats.map((x) => ({ ...x }));
  try { localStorage.setItem(SEATS_KEY, JSON.stringify(all)); } catch (_) { /* storage may be off */ }
}

/** The seats of a game being entered: those given (dialog, saved game) when they fit the table,
 * else from its human seats (a saved game from before seats: the computers at `normal`). */
function gameSeats(seats, table) {
  const players = table && table.view ? table.view.players : 2;
  const fit = cleanSeats(seats, players);
  const human = (table && table.human_seats) || [HUMAN_SEAT];
  // a friend's seat is a human seat of the table (hosting.engine adds it); handed to the
  // computer it is not any more, and the seats chosen stay as they were
  if (fit && fit.every((x, i) => x.kind === "friend" || (x.kind === "person") === human.includes(i))) return fit;
  return Array.from({ length: players }, (_, i) => ({ kind: human.includes(i) ? "person" : "computer", level: defaultLevel(), name: "" }));
}

/** A seat's name when none was given: "You" (the only person), "Player 3", "Computer", "Computer 2". */
function defaultSeatName(seats, seat) {
  const s = seats[seat];
  const same = seats.filter((x) => x.kind === s.kind).length;
  if (s.kind === "friend") return t("seats.playerN", { n: seat + 1 });
  if (s.kind === "person") return same > 1 ? t("seats.playerN", { n: seat + 1 }) : t("who.you");
  // numbered from 1 after the person at seat 0 ("You", "Computer 1", ...), else by seat from 1
  // (a friend at seat 0 counts as a person: the host's and the friend's pages number alike)
  return same > 1 ? t("who.computerN", { n: seats[0].kind !== "computer" ? seat : seat + 1 }) : t("who.computer");
}

/** The level the computer at `seat` plays (the engine's `bot` request). */
function seatLevel(seat) {
  const s = state.seats && state.seats[seat];
  return s && s.kind === "computer" ? s.level : defaultLevel();
}

/** The opponents' level of the running game for the statistics: the computers' one level,
 * "mixed" when they differ, "people" when every seat is a person. */
function opponentLevel() {
  const levels = [...new Set((state.seats || []).filter((x) => x.kind === "computer").map((x) => x.level))];
  return levels.length === 1 ? levels[0] : levels.length ? "mixed" : "people";
}

/** The seats edited in the dialog for variant `v` at `players`: as edited, else as remembered,
 * else the defaults. */
function dialogSeats(v, players) {
  const key = `${v ? variantId(v) : ""}:${players}`;
  if (!state.dialogSeats || state.dialogSeats.key !== key) {
    state.dialogSeats = { key, seats: cleanSeats(storedSeats()[key], players) || defaultSeats(players) };
  }
  return state.dialogSeats.seats;
}

/** The dialog's seat rows (who plays each seat: person or computer, its level, a name). */
function renderSeatFields() {
  const v = currentVariant();
  const players = Number($("ng-players").value) || variantPlayerCounts(v)[0];
  const seats = dialogSeats(v, players);
  const list = $("ng-seats-list");
  const focused = list.contains(document.activeElement) ? document.activeElement.id : null;
  list.replaceChildren();
  seats.forEach((s, i) => {
    const row = document.createElement("div");
    row.className = "seat-row";
    row.dataset.seat = String(i);
    row.dataset.kind = s.kind;
    const head = document.createElement("span");
    head.className = "seat-row-n";
    head.textContent = t("seats.seat", { n: i + 1 });
    const name = document.createElement("input");
    name.type = "text";
    name.id = `ng-seat-${i}-name`;
    name.className = "seat-name";
    name.maxLength = NAME_MAX;
    name.autocomplete = "off";
    name.value = s.name;
    name.placeholder = defaultSeatName(seats, i);
    name.setAttribute("aria-label", t("seats.name", { n: i + 1 }));
    name.addEventListener("input", () => { s.name = name.value.trim().slice(0, NAME_MAX); renderSeatSummary(); });
    const kind = document.createElement("select");
    kind.id = `ng-seat-${i}-kind`;
    kind.className = "seat-kind";
    kind.setAttribute("aria-label", t("seats.kind", { n: i + 1 }));
    for (const k of ["person", "computer", "friend"]) kind.append(new Option(t("seats." + k), k));
    kind.value = s.kind;
    kind.addEventListener("change", () => { s.kind = kind.value; $("ng-error").textContent = ""; renderSeatFields(); });
    const level = document.createElement("select");
    level.id = `ng-seat-${i}-level`;
    level.className = "seat-level";
    level.setAttribute("aria-label", t("seats.level", { n: i + 1 }));
    for (const l of state.levels) level.append(new Option(levelText(l), l));
    level.value = s.level;
    level.hidden = s.kind !== "computer";
    level.addEventListener("change", () => { s.level = level.value; renderSeatSummary(); });
    row.append(head, kind, level, name);
    list.append(row);
  });
  if (focused && $(focused)) $(focused).focus();
  renderSeatSummary();
}

/** The closed seats section's one line: "You · 3 computers (normal)". */
function renderSeatSummary() {
  const seats = state.dialogSeats ? state.dialogSeats.seats : [];
  const people = seats.map((x, i) => [x, i]).filter(([x]) => x.kind === "person");
  const computers = seats.filter((x) => x.kind === "computer");
  const friends = seats.map((x, i) => [x, i]).filter(([x]) => x.kind === "friend");
  const parts = [];
  if (people.length) parts.push(people.length <= 2 ? people.map(([x, i]) => x.name || defaultSeatName(seats, i)).join(", ") : tp("seats.summary.people", people.length));
  if (friends.length) parts.push(tp("seats.summary.friends", friends.length, { names: friends.map(([x, i]) => x.name || defaultSeatName(seats, i)).join(", ") }));
  if (computers.length) {
    const levels = [...new Set(computers.map((x) => x.level))].map(levelText).join(", ");
    parts.push(tp("seats.summary.computers", computers.length, { levels }));
  }
  $("ng-seats-summary").textContent = parts.join(" · ");
}

// ------------------------------------------------------------------ pass-and-play: the cover

/** Whether `table` must wait behind the cover: two or more people at this device and a person's
 * turn other than the one holding it (issue #28). */
function needsCover(table) {
  // a friend's seat (on another device) is never covered for and never counts as a person here
  const remote = Array.isArray(table.remote_seats) ? table.remote_seats : [];
  const people = Array.isArray(table.human_seats) ? table.human_seats.filter((s) => !remote.includes(s)).length : 1;
  return people > 1 && !remote.includes(table.to_act) && Boolean(table.to_act_is_human) && !table.hand_over
    && table.to_act !== null && table.to_act !== undefined && table.to_act !== state.holder;
}

/**
 * Between two people's turns: the table is not painted (#felt[data-covered]) and not handed to
 * the renderer (a Continental claim's countdown starts only when the person is there); a modal
 * asks to pass the device to the person to act, with their name and seat (and, when they are
 * asked out of turn, why: the partner's "may I go out?", a claim); their button shows the table.
 * Escape does not dismiss it.
 */
function showCover(table) {
  state.covered = table;
  clearTimeout(tableState.botTimer);
  $("felt").dataset.covered = "true";
  tableState.serial += 1; // a table arrived (#felt[data-serial], for tests), shown when uncovered
  $("felt").dataset.serial = String(tableState.serial);
  if (!state.guest) autosave(state.engine, table, tableState.log, state.seats); // the game is saved as after any move
  const seat = table.to_act;
  const prevTable = tableState.table;
  tableState.table = table; // names as this table seats them (seatName reads view())
  const name = seatName(seat);
  const asker = table.view && table.view.turn ? table.view.turn.seat : null;
  const answering = (table.legal || []).some((m) => m.kind === "yes");
  const claim = table.view && table.view.phase === "claim";
  const ask = answering && asker !== null ? t("seats.cover.ask", { name, partner: seatName(asker) })
    : claim ? t("seats.cover.claim", { name }) : "";
  tableState.table = prevTable;
  $("pass-title").textContent = t("seats.cover.title", { name });
  $("pass-seat").textContent = t("seats.cover.seat", { name, n: seat + 1 });
  $("pass-ask").textContent = ask;
  $("pass-ask").hidden = !ask;
  $("pass-go").textContent = t("seats.cover.go", { name });
  const dlg = $("pass-cover");
  dlg.dataset.seat = String(seat);
  for (const d of /** @type {NodeListOf<HTMLDialogElement>} */ (document.querySelectorAll("dialog[open]"))) if (d !== dlg && d.id !== "score-dialog") d.close();
  if (!dlg.open) dlg.showModal();
  $("pass-go").focus();
}

function hideCover() {
  state.covered = null;
  $("felt").dataset.covered = "false";
  if ($("pass-cover").open) $("pass-cover").close();
}

/** The person to act pressed their button: they hold the device now; show their table. */
function uncover() {
  const table = state.covered;
  if (!table) return;
  state.holder = table.to_act;
  hideCover();
  session.setTable(table);
  tableState.game.focusFirst();
}

// ------------------------------------------------------------------ friends on other devices

/** The hosted game's entry of `seat` when a friend plays it on another device (the host's
 * page), or the host's seat list's (a guest's page); else null. */
function netSeat(seat) {
  const list = state.hosting ? state.hosting.seats() : state.guest ? state.guest.guest.seats || [] : [];
  return list.find((s) => s.seat === seat && (state.hosting ? s.kind === "guest" : seat !== state.guest.seat)) || null;
}

/** A friend's seat connected, was lost or handed to the computer: redraw the seat badges. */
function onNetChange(what) {
  if (what === "seats" && tableState.table && !state.covered) render();
}

/** The seat chips of the table say, for each friend's seat, whether the friend is connected
 * (data-net: connected, waiting, gone, computer; its words as the chip's title). */
function renderNetSeats() {
  for (const chip of /** @type {NodeListOf<HTMLElement>} */ ($("felt").querySelectorAll(".seat-chip[data-seat]"))) {
    const seat = Number(chip.dataset.seat);
    const net = state.hosting ? state.hosting.seats().find((s) => s.seat === seat && s.kind === "guest") : null;
    if (net) {
      chip.dataset.net = net.state;
      const said = t("friends.state." + net.state);
      const label = chip.getAttribute("aria-label") || seatName(seat);
      if (!label.endsWith(said)) chip.setAttribute("aria-label", `${label} · ${said}`);
      chip.title = chip.getAttribute("aria-label");
    } else if (chip.dataset.net) {
      delete chip.dataset.net;
    }
  }
}

/**
 * The page was opened with an invitation ("#join=…") or is a tab that joined a friend's game:
 * the join screen (web/net/lobby.js); once the host has connected, the table of this seat with
 * the same renderers, every action sent to the host. No autosave, no probe, no new game here.
 */
async function bootGuest() {
  setEngineState("loading");
  let session = null;
  try {
    const { joinFromFragment } = await import("./net/lobby.js");
    const hello = await builtHello;
    if (hello) { state.variants = playableVariants(hello); takeLevels(hello); }
    session = hello ? await joinFromFragment({ hello, onChange: onGuestChange }) : null;
  } catch (err) {
    session = null;
  }
  if (!session) { boot(); return; } // no (longer an) invitation: the usual page
  state.guest = session;
  state.engine = session.engine;
  root.dataset.role = "guest";
  $("btn-share").hidden = true; // the host answers no record to a guest (host_only)
  $("boot").hidden = true;
  $("btn-newgame").disabled = false;
  setEngineState("ready");
  enterGame(session.table, null, null, guestSeats(session.table));
}

/** The seats as a guest's page names them: itself a person ("You"), the host's people and
 * friends by their names, the computers as computers. */
function guestSeats(table) {
  const players = table && table.view ? table.view.players : 2;
  const list = (state.guest && state.guest.guest.seats) || [];
  return Array.from({ length: players }, (_, i) => {
    const s = list.find((x) => x.seat === i);
    const kind = i === state.guest.seat ? "person" : s && s.kind === "computer" ? "computer" : s ? "friend" : "computer";
    return { kind, level: defaultLevel(), name: i === state.guest.seat ? "" : (s && s.name) || "" };
  });
}

function onGuestChange(what) {
  if (!state.guest) return;
  if (what === "table" && tableState.table && tableState.table.hand_over && !tableState.busy) {
    // the host dealt the next hand while this page shows the score sheet
    const next = state.guest.guest.table;
    if (next && next.view && next.view.hand_number !== tableState.table.view.hand_number) {
      if ($("score-dialog").open) $("score-dialog").close();
      tableState.log.push({ who: "sep", text: "", label: "", hand: next.view.hand_number });
      tableState.ticker = null;
      session.setTable(next);
    }
  }
  if (what === "rejoined") {
    state.engine.request("table").then((table) => { session.stop(); tableState.busy = false; session.setTable(table); }, () => {});
  }
  if (what === "seats" && tableState.table) {
    state.seats = guestSeats(tableState.table);
    if (!state.covered) render();
  }
}

/** New game on a guest's page: leave the friend's game, and the page starts as usual. */
function leaveFriendsGame() {
  try { state.guest.leave(); } catch (_) { /* already closed */ }
  try { sessionStorage.removeItem("meldtable.net.guest"); } catch (_) { /* no storage */ }
  location.replace(location.pathname + location.search);
}

// ------------------------------------------------------------------ table (web/session.js)

/**
 * The name of `seat` on the table, in sentences and on the score sheet: the name given in the
 * new-game dialog, else "You" (the only person), "Player 2", "Computer" (the only computer) or
 * "Computer 2"; a computer playing at another level than `normal` has it beside its name
 * ("Computer 2 · strong").
 */
function seatName(seat) {
  const v = view();
  const players = v ? v.players : 2;
  const seats = state.seats && state.seats.length === players ? state.seats : gameSeats(null, tableState.table);
  const s = seats[seat] || { kind: humanSeats().includes(seat) ? "person" : "computer", level: "normal", name: "" };
  const net = s.name ? null : netSeat(seat);
  const name = s.name || (net && net.name) || defaultSeatName(seats, seat);
  return s.kind === "computer" && s.level !== "normal" ? t("seats.named", { name, level: levelText(s.level) }) : name;
}

/** A table was shown (web/session.js setTable): saved, counted in the statistics, focus kept. */
function tableShown(prev, table) {
  if (!state.guest) autosave(state.engine, table, tableState.log, state.seats); // PWA: web/persist.js (a guest's page: the host keeps the game)
  if (table.hand_over && prev && !prev.hand_over) recordDeal(table, opponentLevel());
  if (table.match_over && (!prev || !prev.match_over)) recordMatch(table, session.family(), opponentLevel());
  keepFocus();
}

/** After an action focus never falls back to the page body: the table's first useful control. */
function keepFocus() {
  const a = document.activeElement;
  if (a && a !== document.body && a.isConnected) return;
  if (document.querySelector("dialog[open]") || $("game").hidden) return;
  tableState.game.focusFirst();
}

/** Redraw the table and the app's chrome around it. */
function render() { session.render(); }

/** The app's chrome of a table drawn by the session: seat badges, Undo, the rules link, the log,
 * the sidebar's line and the score sheet (opened once at the end of each deal). */
function renderChrome() {
  const tb = tableState.table, v = tb.view;
  renderNetSeats();
  renderUndo(tb);
  renderRulesLink();
  renderLog();
  renderMeta();
  if (tb.hand_over) {
    if (state.scoresShownFor !== v.hand_number) {
      state.scoresShownFor = v.hand_number;
      openScoreSheet();
    } else if ($("score-dialog").open) {
      fillScoreSheet();
    }
  }
}

function renderLog() {
  const ol = $("log");
  ol.replaceChildren();
  for (let i = tableState.log.length - 1; i >= 0; i--) {
    const e = tableState.log[i];
    const li = document.createElement("li");
    li.className = "log-" + e.who;
    if (e.who !== "sep") li.dataset.text = e.text;
    if (e.seat !== undefined && e.seat !== null) li.dataset.seat = String(e.seat);
    li.textContent = e.who === "undo" ? t("kit.log.undo", { move: tableState.game.describe({ ...e, who: "you" }) })
      : tableState.game.describe(e);
    ol.append(li);
  }
}

function renderMeta() {
  const m = tableState.game.meta();
  $("meta-hand").textContent = m.hand || "";
  $("meta-match").textContent = m.match || "";
  $("meta-seed").textContent = state.seed !== null ? t("table.seed", { seed: state.seed }) : "";
}

// ------------------------------------------------------------------ score sheet

function scoreParts() {
  return { title: $("score-title"), table: $("score-table"), note: $("went-out"), result: $("match-result") };
}

function openScoreSheet() {
  fillScoreSheet();
  const dlg = $("score-dialog");
  if (!dlg.open) dlg.showModal();
  const btn = tableState.table.match_over ? $("btn-score-newgame") : $("btn-next");
  btn.focus();
}

function fillScoreSheet() {
  const tb = tableState.table;
  tableState.game.fillScoreSheet(scoreParts());
  $("btn-next").textContent = tableState.game.nextLabel ? tableState.game.nextLabel() : t("action.next");
  $("btn-next").hidden = Boolean(tb.match_over);
  $("btn-score-newgame").hidden = !tb.match_over;
  $("btn-replay-deal").hidden = Boolean(state.guest); // the record is the host's (host_only)
}

/** "Share this hand" (issue #30, "Share"): a replay link to the game as the person's seat may show
 *  it (during a hand no other seat's cards: the engine's record for that seat), copied. */
async function shareHand() {
  try {
    const tb = tableState.table;
    const names = Array.from({ length: tb.view.players }, (_, s) => seatName(s).slice(0, 40));
    const { url, copied } = await shareLink((op, fields) => state.engine.request(op, fields), { seat: tb.seat, names });
    setStatus(copied ? { key: "replay.shareCopied" } : { key: "replay.shareLink", params: { url } });
  } catch (err) { setStatus({ err }, "error"); }
}

/** "Replay this deal" (issue #30): the game so far as a record, in the replay page in a new tab. */
async function replayDeal() {
  try {
    const names = Array.from({ length: tableState.table.view.players }, (_, s) => seatName(s).slice(0, 40));
    await openReplay(await state.engine.request("record", { names }), { newTab: true });
  } catch (err) { setStatus({ err }, "error"); }
}

async function nextHand() {
  if (tableState.busy) return;
  tableState.busy = true;
  $("btn-next").disabled = true;
  try {
    const table = await state.engine.request("next_hand", {});
    $("score-dialog").close();
    session.nextDeal(table);
    tableState.game.focusFirst();
  } catch (err) {
    tableState.busy = false;
    setStatus({ err }, "error");
  } finally {
    $("btn-next").disabled = false;
  }
}

// ------------------------------------------------------------------ the person's actions

/**
 * Before one of the person's actions is sent (web/session.js act): when it could be a costly
 * mistake, the warnings. Issue #29 item 2: a refused action never shows a warning first. The
 * action is tried on a scratch copy of the game; a refusal shows the engine's reason, and only an
 * action the engine takes gets the warnings (worded from the engine's answer). Resolves to
 * whether the action goes on.
 */
async function warnBeforeAct(action) {
  if (!warningsFor(action, tableState.table).length) return true;
  const gen = tableState.gen;
  tableState.busy = true;
  let probe;
  // a guest's page has no copy of the game to try the action on: the warnings without the probe
  try { probe = state.guest ? { table: null } : await probeAction(action); } finally { tableState.busy = false; }
  if (gen !== tableState.gen) return false;
  if (probe.err) {
    setStatus({ err: probe.err }, "error");
    sound("error");
    session.renderControls();
    return false;
  }
  const warnings = warningsFor(action, tableState.table, probe.table);
  return !(warnings.length && !await confirmWarnings(warnings));
}

const PROBE_SESSION = "probe";

/**
 * Try `action` on a scratch copy of the running game (the engine's named session "probe", loaded
 * from the game's saved text and dropped again): resolves to {table} (the engine's answer had the
 * action been played) or {err} (its refusal, with the reason). The running game is not touched.
 */
async function probeAction(action) {
  const saved = await state.engine.request("save", {});
  const fields = { session: PROBE_SESSION, state: saved.state, human_seats: saved.human_seats };
  if (saved.undo) fields.undo = saved.undo;
  try {
    await state.engine.request("load", fields);
    return { table: await state.engine.request("act", { session: PROBE_SESSION, action }) };
  } catch (err) {
    return { err };
  } finally {
    state.engine.request("end", { session: PROBE_SESSION }).catch(() => {});
  }
}

/** Take back the person's last move of the turn (op "undo"); a refusal shows the engine's reason. */
function undo() { return session.undo(); }

/**
 * The move's cards fly, and what came with it (red threes laid out: among the events `flights`
 * flies, motion.js); resolves when all have landed.
 */
function flyAll(entry, human, snap, prev, next) {
  return fly(entry ? flights(entry, human, snap, prev, next) : []);
}

// ------------------------------------------------------------------ the table session and the renderers' shell

const session = createSession({
  engine: () => state.engine,
  felt: $("felt"),
  parts: { turnInfo: $("turn-info"), status: $("status"), turnText: $("turn-text"), ticker: $("ticker") },
  humanSeat: HUMAN_SEAT,
  claimTimeoutMs: CLAIM_TIMEOUT_MS,
  botDelayMs: BOT_DELAY_MS,
  seatName,
  hooks: {
    // several people at this device: another person's turn waits behind the cover
    hold: (table) => { if (!needsCover(table)) return false; showCover(table); return true; },
    blocked: () => Boolean(state.covered),
    beforeAct: warnBeforeAct,
    acted: (e) => sound(/^(meld|add|set|run|take)/.test(e.text) ? "meld" : "card"),
    refused: () => sound("error"),
    shown: tableShown,
    beforeMove: () => snapshot(session.family()),
    moved: (snap, entry, human, prev, next) => { state.animation = flyAll(entry, human, snap, prev, next); },
    // With cards that move, the computer's moves are paced by their animation: the next move is
    // asked for at once (the engine works while the last one's cards fly) and shown when they have
    // landed. Without motion (setting "instant", prefers-reduced-motion) the usual pause stays.
    landed: () => state.animation,
    botPause: (pause) => (motionMs() ? 0 : pause),
    botFields: (seat) => ({ level: seatLevel(seat) }),
    ownSeat: (seat) => !state.guest || seat === state.guest.seat,
    render: renderChrome,
    statusShown: (kind) => { if (kind === "error" && tableState.status && !$("game").hidden) $("status").scrollIntoView({ block: "nearest" }); },
    openScoreSheet,
    beforeMount: () => { $("parking").append($("turn-info"), $("status")); }, // keep the shell's own nodes
    mounted: (module) => {
      mountUndo(module.families[0], undo);
      wireReasons(shell, module.families[0]);
    },
  },
});
const tableState = session.state;
const shell = session.shell;
const { view, humanSeats, setStatus } = session;

// ------------------------------------------------------------------ input and language

/** A phone in portrait: the language list says "DE" / "EN", so the app's name keeps its room. */
const NARROW = window.matchMedia("(max-width: 440px)");

/** The language list's entries: "Deutsch" / "English", or "DE" / "EN" when NARROW. */
function labelLanguages() {
  for (const o of $("lang-select").options) {
    o.textContent = NARROW.matches ? o.value.toUpperCase() : t("lang." + o.value);
    o.title = t("lang." + o.value);
  }
}

function wireInput() {
  $("btn-next").addEventListener("click", nextHand);
  $("btn-replay-deal").addEventListener("click", replayDeal);
  $("btn-share").addEventListener("click", shareHand);
  $("btn-score-newgame").addEventListener("click", () => { $("score-dialog").close(); openNewGameDialog(); });
  $("btn-newgame").addEventListener("click", () => (state.guest ? leaveFriendsGame() : openNewGameDialog()));
  $("btn-players").addEventListener("click", () => state.hosting && state.hosting.openPanel($("btn-players")));
  $("btn-reload").addEventListener("click", () => location.reload());
  $("newgame-form").addEventListener("submit", startNewGame);
  $("ng-variant").addEventListener("change", renderOptionFields);
  // the player chose in the dialog drawn before the engine was ready: keep the focus there then
  $("ng-variant").addEventListener("input", () => { $("ng-variant").dataset.touched = "1"; });
  $("ng-players").addEventListener("change", () => {
    state.players[variantId(currentVariant())] = Number($("ng-players").value);
    const auto = /** @type {HTMLInputElement | null} */ ($("ng-options").querySelector('[data-radio-for="partnerships"][value=""]'));
    if (auto) auto.checked = true; // the sides are chosen anew for the new number of players
    renderOptionFields(); // "by player count" values follow the number of players
  });
  $("ng-cancel").addEventListener("click", () => $("newgame-dialog").close());
  $("pass-go").addEventListener("click", uncover);
  // Escape does not dismiss the cover; were it closed otherwise, it opens again
  $("pass-cover").addEventListener("cancel", (ev) => ev.preventDefault());
  $("pass-cover").addEventListener("close", () => { if (state.covered) $("pass-cover").showModal(); });
  $("ng-offer-dismiss").addEventListener("click", () => {
    markGuided($("ng-offer").dataset.variant);
    offeredNow.delete($("ng-offer").dataset.variant); // answered: not shown again in this dialog
    $("ng-offer").hidden = true;
    $("ng-start").focus();
  });
  $("ng-offer-go").addEventListener("click", () => markGuided($("ng-offer").dataset.variant));
  $("ng-guide").addEventListener("click", () => { const v = currentVariant(); if (v) markGuided(variantId(v)); });
  $("btn-help").addEventListener("click", openHelp);
  $("btn-settings").addEventListener("click", openSettings);
  $("settings-form").addEventListener("change", (ev) => {
    const el = /** @type {HTMLInputElement} */ (ev.target);
    if (el.name === "speed") saveSetting("speed", el.value);
    else if (el.name) saveSetting(el.name, el.checked);
    applySettings();
  });
  $("btn-stats-reset").addEventListener("click", () => { resetStats(); fillStats($("stats-table")); });
  document.addEventListener("keydown", onKey);
  wireDrag(() => (tableState.table && tableState.module && !$("game").hidden ? session.family() : null));
  applySettings();
  // closed without a game (Cancel, Esc): the empty table offers a new game
  $("newgame-dialog").addEventListener("close", () => {
    offeredNow.clear();
    $("idle").hidden = Boolean(tableState.table || state.covered) || !state.engine; // a game behind the cover too
  });
  $("idle-newgame").addEventListener("click", openNewGameDialog);

  const langSel = $("lang-select");
  langSel.value = getLang();
  labelLanguages();
  NARROW.addEventListener("change", labelLanguages);
  langSel.addEventListener("change", () => setLang(langSel.value));
}

function openHelp() {
  fillHelp(tableState.module ? session.family() : null, Boolean(tableState.table && tableState.table.undoable));
  if (!$("help-dialog").open) $("help-dialog").showModal();
}

function openSettings() {
  const s = settings();
  // the form's inputs (its buttons and fieldsets are neither "checkbox" nor "radio")
  for (const el of /** @type {HTMLCollectionOf<HTMLInputElement>} */ ($("settings-form").elements)) {
    if (el.type === "checkbox") el.checked = Boolean(s[el.name]);
    else if (el.type === "radio") el.checked = el.value === s.speed;
  }
  fillStats($("stats-table"));
  if (!$("settings-dialog").open) $("settings-dialog").showModal();
}

/** The settings that show on the page: the animation speed as <html data-speed>, the suits'
 * colours as <html data-suits="four|two">. */
function applySettings() {
  const s = settings();
  root.dataset.speed = s.speed;
  root.dataset.suits = s.fourColour ? "four" : "two";
}

/**
 * Keyboard shortcuts (web/tablekit.js SHORTCUTS, listed in the help overlay): a letter presses
 * its action button (a disabled one says why), U or Ctrl+Z takes the last move back, ? opens the
 * help. Not while typing in a field or while a dialog is open.
 */
function onKey(ev) {
  if (ev.defaultPrevented || ev.altKey || ev.metaKey) return;
  const el = ev.target;
  if (el && (el.closest("input, select, textarea, dialog") || el.isContentEditable)) return;
  if (document.querySelector("dialog[open]") || !tableState.table || $("game").hidden) return;
  const family = session.family();
  const undoable = Boolean(tableState.table.undoable); // the engine's: the family declares undoable moves
  if (ev.key === "?" || (ev.key === "/" && ev.shiftKey)) { ev.preventDefault(); openHelp(); return; }
  if (ev.ctrlKey) {
    if (ev.key.toLowerCase() === "z" && undoable) { ev.preventDefault(); undo(); }
    return;
  }
  if (ev.key.length !== 1) return;
  if (ev.key.toLowerCase() === "u" && undoable) { ev.preventDefault(); undo(); return; }
  if (ev.key.toLowerCase() === "h") { ev.preventDefault(); $("btn-rules").click(); return; }
  const b = shortcutButton(family, ev.key);
  if (b && press(b)) { ev.preventDefault(); return; }
  // a key whose action is not offered now (Continental: X before drawing, R without a run in the
  // contract) says why, with the engine's reason, instead of doing nothing (#29 item 8)
  if (b && explainButton(shell, family, b.id)) ev.preventDefault();
}

function onLanguage() {
  root.lang = getLang();
  $("lang-select").value = getLang();
  applyStatic();
  labelLanguages();
  document.title = t("app.title");
  if ($("newgame-dialog").open) {
    const sel = $("ng-variant");
    for (const opt of sel.options) {
      const v = state.variants.find((x) => variantId(x) === opt.value);
      if (v) opt.textContent = variantName(v);
    }
    renderOptionFields();
  }
  renderRulesLink();
  if (tableState.table) {
    render();
    if ($("score-dialog").open) fillScoreSheet();
  }
}

// ------------------------------------------------------------------ start

/** Keep --topbar-h (CSS) equal to the top bar's height: a game's table may fill the window below it. */
function trackTopbar() {
  const bar = /** @type {HTMLElement} */ (document.querySelector(".topbar"));
  const sync = () => root.style.setProperty("--topbar-h", bar.offsetHeight + "px");
  sync();
  if (typeof ResizeObserver === "function") new ResizeObserver(sync).observe(bar);
}

function main() {
  if (redirectToGuide()) return;
  trackTopbar();
  root.lang = getLang();
  applyStatic();
  wireInput();
  installHintKey(shell, (op, fields) => state.engine.request(op, fields)); // key I, the table's Hint button, Esc
  onLangChange(onLanguage);
  startPwa({ beforeUpdate: prepareReload }); // PWA: web/pwa.js
  window.addEventListener("hashchange", () => { if (location.hash.startsWith("#join=")) location.reload(); });
  // a page opened with an invitation (or a tab that joined before) is a friend's page
  let joined = false;
  try { joined = Boolean(sessionStorage.getItem("meldtable.net.guest")); } catch (_) { /* no storage */ }
  if (location.hash.startsWith("#join=") || joined) bootGuest();
  else boot();
}

main();
