// The page shell: boots the engine, runs the new-game dialog, the status line, the move log,
// the score sheet, the language switch and the computer's moves, and hands the table to the
// game's renderer (web/games/registry.js). All game logic lives in the engine (Python in a
// worker); the page only asks it for legal moves and scores (docs/protocol.md).
import { startEngine } from "./engine-client.js";
import { t, getLang, setLang, onLangChange, applyStatic, has, engineMessage } from "./i18n.js";
import { gameFor } from "./games/registry.js";
// --- PWA: saved game + offline/update (web/persist.js, web/pwa.js) ---
import { autosave, restore, savedGame, offerResume, prepareReload, takeResume } from "./persist.js";
import { startPwa } from "./pwa.js";
// --- /PWA ---

const params = new URLSearchParams(location.search);
const FAST = params.get("fast") === "1";
const BOT_DELAY_MS = FAST ? 50 : 600;
const HUMAN_SEAT = 0;
// Options that only matter for one value of another option.
const OPTION_DEPENDS = { target_score: ["match_end", "target"], deals: ["match_end", "deals"] };
// Options shown first in the new-game dialog, in this order; all others follow.
const OPTION_ORDER = ["match_end", "target_score", "deals", "games"];

const $ = (id) => document.getElementById(id);
const root = document.documentElement;

const state = {
  engine: null,
  variants: [],          // descriptors from `hello` that have a renderer
  table: null,
  game: null,            // the renderer drawing the table
  gameModule: null,      // its module (web/games/*.js)
  busy: false,
  log: [],               // {who, seat, text, label, hand}
  ticker: null,          // last log entry
  seed: null,
  serial: 0,             // bumps on every table shown (#felt[data-serial], for tests)
  gen: 0,                // bumps on every new game, to drop stale bot replies
  botTimer: null,
  scoresShownFor: null,  // hand number whose score sheet was opened automatically
  status: null,          // {key, params} | {text} | {err}, plus kind
  players: {},           // variant id -> last chosen number of players
};

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

async function boot() {
  setEngineState("loading");
  $("boot-progress").classList.add("indeterminate");
  const started = performance.now();
  const elapsedTimer = setInterval(() => {
    const s = Math.round((performance.now() - started) / 1000);
    if (s >= 3) $("boot-elapsed").textContent = `${s} s`;
  }, 1000);
  try {
    const engine = await startEngine(showBootProgress);
    const hello = engine.hello || await engine.request("hello", {});
    state.engine = engine;
    const all = Array.isArray(hello && hello.variants) ? hello.variants : [];
    state.variants = all.filter((v) => typeof v === "object" && v !== null && gameFor(v));
    clearInterval(elapsedTimer);
    $("boot").hidden = true;
    $("btn-newgame").disabled = false;
    root.dataset.engineStart = engine.start; // "snapshot" or "fresh" (web/engine-worker.mjs)
    setEngineState("ready");
    // --- PWA: continue the saved game (at once after an update, else offered in the dialog) ---
    if (takeResume() && await resumeSavedGame()) return;
    if (!$("newgame-dialog").open) openNewGameDialog();
    offerResume($("newgame-dialog"), resumeSavedGame);
    // --- /PWA ---
  } catch (err) {
    clearInterval(elapsedTimer);
    showBootError(err && err.message ? err.message : String(err), err && err.code);
  }
}

// --- PWA: restore the autosaved game (web/persist.js) ---
async function resumeSavedGame() {
  const seed = savedGame()?.seed ?? null;
  let table;
  try {
    table = await restore(state.engine);
  } catch (err) {
    // the saved game is forgotten (persist.js); say so in the new-game dialog
    if (!$("newgame-dialog").open) openNewGameDialog();
    $("ng-error").textContent = t("resume.failed", { reason: engineMessage(err) });
    return false;
  }
  if (!table) return false;
  return enterGame(table, seed);
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

/** Normalise a descriptor's options into [{name, type, def, choices, min, max, label}]. */
function variantOptions(v) {
  if (typeof v !== "object" || v === null || !v.options) return [];
  let entries;
  if (Array.isArray(v.options)) entries = v.options.map((o) => [o.name || o.id || o.key, o]);
  else entries = Object.entries(v.options);
  const out = [];
  for (const [name, spec0] of entries) {
    if (!name) continue;
    const spec = (spec0 !== null && typeof spec0 === "object" && !Array.isArray(spec0)) ? spec0 : { default: spec0 };
    const def = spec.default ?? spec.value;
    const choices = spec.choices || spec.values || spec.enum || spec.allowed || null;
    let type = spec.type || spec.kind || null;
    if (Array.isArray(choices)) type = "choice";
    else if (type === "integer" || type === "number") type = "int";
    else if (type === "boolean") type = "bool";
    else if (!type) type = typeof def === "number" ? "int" : typeof def === "boolean" ? "bool" : null;
    if (!["choice", "int", "bool"].includes(type)) continue; // nothing we can render
    out.push({ name, type, def, choices, min: spec.min ?? spec.minimum, max: spec.max ?? spec.maximum,
      label: spec.label || spec.title || null, doc: spec.doc || spec.description || "" });
  }
  out.sort((a, b) => {
    const ia = OPTION_ORDER.indexOf(a.name), ib = OPTION_ORDER.indexOf(b.name);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
  });
  return out;
}

function optionLabel(o) { return has("opt." + o.name) ? t("opt." + o.name) : (o.label || o.name.replace(/_/g, " ")); }

function choiceLabel(o, c) {
  const value = typeof c === "object" && c !== null ? (c.value ?? c.id) : c;
  const key = `opt.${o.name}.${value}`;
  if (has(key)) return t(key);
  return (typeof c === "object" && c !== null && (c.label || c.title)) || String(value);
}

function choiceValue(c) { return typeof c === "object" && c !== null ? (c.value ?? c.id) : c; }

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
    opt.textContent = t("newgame.playersN", { n, computers: n - 1 });
    sel.append(opt);
  }
  const want = state.players[variantId(v)] ?? (counts.includes(keep) ? keep : counts[0]);
  sel.value = String(counts.includes(want) ? want : counts[0]);
  $("ng-players-field").hidden = counts.length < 2;
}

function renderOptionFields() {
  renderPlayerField();
  const box = $("ng-options");
  const v = currentVariant();
  const prev = {}; // the values entered so far, kept when the same variant's fields are redrawn
  if (box.dataset.variant === variantId(v)) {
    for (const el of box.querySelectorAll("[data-option]")) {
      prev[el.dataset.option] = el.type === "checkbox" ? el.checked : el.value;
    }
  }
  box.replaceChildren();
  box.dataset.variant = v ? variantId(v) : "";
  const more = document.createElement("details");
  more.className = "more-rules";
  const summary = document.createElement("summary");
  summary.textContent = t("newgame.moreRules");
  more.append(summary);
  for (const o of variantOptions(v)) {
    const field = document.createElement("div");
    field.className = "field";
    field.dataset.field = o.name;
    const id = "ng-opt-" + o.name;
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = optionLabel(o);
    let input;
    if (o.type === "choice") {
      input = document.createElement("select");
      for (const c of o.choices) {
        const opt = document.createElement("option");
        opt.value = String(choiceValue(c));
        opt.textContent = choiceLabel(o, c);
        input.append(opt);
      }
      input.value = String(prev[o.name] ?? o.def ?? choiceValue(o.choices[0]));
      input.addEventListener("change", updateOptionVisibility);
    } else if (o.type === "int") {
      input = document.createElement("input");
      input.type = "number";
      input.inputMode = "numeric";
      input.step = "1";
      if (o.min !== undefined && o.min !== null) input.min = String(o.min);
      if (o.max !== undefined && o.max !== null) input.max = String(o.max);
      input.value = String(prev[o.name] ?? o.def ?? "");
    } else {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = Boolean(prev[o.name] ?? o.def);
      field.classList.add("field-check");
    }
    input.id = id;
    input.dataset.option = o.name;
    input.dataset.type = o.type;
    if (o.type === "bool") field.append(input, label);
    else field.append(label, input);
    if (o.doc) field.title = o.doc;
    if (OPTION_ORDER.includes(o.name)) box.append(field); else more.append(field);
  }
  if (more.children.length > 1) box.append(more);
  updateOptionVisibility();
}

function optionValues() {
  const vals = {};
  for (const el of $("ng-options").querySelectorAll("[data-option]")) {
    if (el.closest(".field").hidden) continue;
    const name = el.dataset.option;
    if (el.dataset.type === "bool") vals[name] = el.checked;
    else if (el.dataset.type === "int") { if (el.value !== "") vals[name] = parseInt(el.value, 10); }
    else {
      const o = variantOptions(currentVariant()).find((x) => x.name === name);
      const raw = o && o.choices.map(choiceValue).find((c) => String(c) === el.value);
      vals[name] = raw === undefined ? el.value : raw;
    }
  }
  return vals;
}

function updateOptionVisibility() {
  const box = $("ng-options");
  for (const field of box.querySelectorAll(".field[data-field]")) {
    const dep = OPTION_DEPENDS[field.dataset.field];
    if (!dep) continue;
    const ctl = box.querySelector(`[data-option="${dep[0]}"]`);
    field.hidden = Boolean(ctl) && ctl.value !== dep[1];
  }
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

function openNewGameDialog() {
  fillVariantSelect();
  renderOptionFields();
  const seedParam = params.get("seed");
  $("ng-seed").value = seedParam !== null && /^\d+$/.test(seedParam) ? seedParam : "";
  $("ng-error").textContent = "";
  $("ng-cancel").hidden = !state.table;
  $("ng-start").disabled = state.variants.length === 0;
  const dlg = $("newgame-dialog");
  if (!dlg.open) dlg.showModal();
  $("ng-start").focus();
}

async function startNewGame(ev) {
  ev.preventDefault();
  const v = currentVariant();
  if (!v) return;
  const seedText = $("ng-seed").value.trim();
  const seed = /^\d+$/.test(seedText) ? parseInt(seedText, 10) : Math.floor(Math.random() * 2 ** 31);
  const players = Number($("ng-players").value) || variantPlayerCounts(v)[0];
  $("ng-start").disabled = true;
  $("ng-error").textContent = t("newgame.starting");
  try {
    const table = await state.engine.request("new", {
      variant: variantId(v), players, seed, options: optionValues(), human_seats: [HUMAN_SEAT],
    });
    state.players[variantId(v)] = players;
    enterGame(table, seed);
  } catch (err) {
    $("ng-error").textContent = err && err.message ? err.message : String(err);
  } finally {
    $("ng-start").disabled = false;
  }
}

/** Show a freshly started or restored game: pick its renderer, reset the shell, draw the table. */
function enterGame(table, seed) {
  const descriptor = state.variants.find((v) => variantId(v) === table.view.variant) || { id: table.view.variant };
  const module = gameFor(descriptor);
  if (!module) return false;
  state.gen += 1;
  clearTimeout(state.botTimer);
  state.seed = seed;
  state.log = [{ who: "sep", text: "", label: "", hand: table.view.hand_number }];
  state.ticker = null;
  state.scoresShownFor = null;
  state.busy = false;
  if (module !== state.gameModule) mountGame(module);
  state.game.reset();
  if ($("newgame-dialog").open) $("newgame-dialog").close();
  if ($("score-dialog").open) $("score-dialog").close();
  $("game").hidden = false;
  state.table = null;
  setStatus(null);
  setTable(table);
  state.game.focusFirst();
  return true;
}

function mountGame(module) {
  const felt = $("felt");
  $("parking").append(shellParts.turnInfo, shellParts.status); // keep the shell's own nodes
  felt.replaceChildren();
  for (const k of Object.keys(felt.dataset)) delete felt.dataset[k];
  state.gameModule = module;
  state.game = module.create(shell);
  felt.dataset.family = module.families[0];
  state.game.mount(felt);
  applyStatic(felt);
}

// ------------------------------------------------------------------ table

const view = () => state.table && state.table.view;
const legal = () => (state.table && Array.isArray(state.table.legal) ? state.table.legal : []);
const isMyTurn = () => Boolean(state.table && state.table.to_act_is_human && !state.table.hand_over);
const humanSeats = () => (state.table && state.table.human_seats) || [HUMAN_SEAT];

function seatName(seat) {
  if (humanSeats().includes(seat)) return t("who.you");
  const v = view();
  const computers = v ? v.players - humanSeats().length : 1;
  return computers > 1 ? t("who.computerN", { n: seat }) : t("who.computer");
}

function setTable(table) {
  const prev = state.table;
  state.table = table;
  state.serial += 1;
  const entries = state.game.onTable(prev, table) || [];
  for (const e of entries) state.log.push(e);
  render();
  scheduleBot();
  autosave(state.engine, table); // PWA: web/persist.js
}

function render() {
  if (!state.table) return;
  const v = view();
  const tb = state.table;
  const felt = $("felt");
  felt.dataset.variant = v.variant || "";
  felt.dataset.phase = v.phase;
  felt.dataset.toActHuman = String(Boolean(tb.to_act_is_human));
  felt.dataset.handOver = String(Boolean(tb.hand_over));
  felt.dataset.matchOver = String(Boolean(tb.match_over));
  felt.dataset.handNumber = String(v.hand_number);
  felt.dataset.legal = legal().map((m) => m.text).join(";");
  felt.dataset.serial = String(state.serial);
  state.game.render();
  renderTurn();
  renderLog();
  renderMeta();
  renderStatus();
  if (tb.hand_over) {
    if (state.scoresShownFor !== v.hand_number) {
      state.scoresShownFor = v.hand_number;
      openScoreSheet();
    } else if ($("score-dialog").open) {
      fillScoreSheet();
    }
  }
}

function renderTurn() {
  $("turn-text").textContent = state.game.turnText();
  $("turn-text").classList.toggle("mine", isMyTurn());
  const tk = state.ticker;
  $("ticker").textContent = tk && tk.who !== "sep" ? state.game.describe(tk) : "";
}

function renderLog() {
  const ol = $("log");
  ol.replaceChildren();
  for (let i = state.log.length - 1; i >= 0; i--) {
    const e = state.log[i];
    const li = document.createElement("li");
    li.className = "log-" + e.who;
    if (e.who !== "sep") li.dataset.text = e.text;
    if (e.seat !== undefined && e.seat !== null) li.dataset.seat = String(e.seat);
    li.textContent = state.game.describe(e);
    ol.append(li);
  }
}

function renderMeta() {
  const m = state.game.meta();
  $("meta-hand").textContent = m.hand || "";
  $("meta-match").textContent = m.match || "";
  $("meta-seed").textContent = state.seed !== null ? t("table.seed", { seed: state.seed }) : "";
}

// ------------------------------------------------------------------ status line

function setStatus(msg, kind = "info") {
  state.status = msg ? { ...msg, kind } : null;
  renderStatus();
  if (kind === "error" && msg && !$("game").hidden) $("status").scrollIntoView({ block: "nearest" });
}

function clearError() {
  if (state.status && state.status.kind === "error") setStatus(null);
}

function renderStatus() {
  const el = $("status");
  const s = state.status;
  el.classList.toggle("error", Boolean(s && s.kind === "error"));
  el.textContent = s ? (s.err ? engineMessage(s.err, state.gameModule && state.gameModule.families[0]) : s.key ? t(s.key, s.params || {}) : s.text) : "";
}

// ------------------------------------------------------------------ score sheet

function scoreParts() {
  return { title: $("score-title"), table: $("score-table"), note: $("went-out"), result: $("match-result") };
}

function openScoreSheet() {
  fillScoreSheet();
  const dlg = $("score-dialog");
  if (!dlg.open) dlg.showModal();
  const btn = state.table.match_over ? $("btn-score-newgame") : $("btn-next");
  btn.focus();
}

function fillScoreSheet() {
  const tb = state.table;
  state.game.fillScoreSheet(scoreParts());
  $("btn-next").textContent = state.game.nextLabel ? state.game.nextLabel() : t("action.next");
  $("btn-next").hidden = Boolean(tb.match_over);
  $("btn-score-newgame").hidden = !tb.match_over;
}

async function nextHand() {
  if (state.busy) return;
  state.busy = true;
  $("btn-next").disabled = true;
  try {
    const table = await state.engine.request("next_hand", {});
    $("score-dialog").close();
    state.log.push({ who: "sep", text: "", label: "", hand: table.view.hand_number });
    state.ticker = null;
    state.busy = false;
    setStatus(null);
    setTable(table);
    state.game.focusFirst();
  } catch (err) {
    state.busy = false;
    setStatus({ err }, "error");
  } finally {
    $("btn-next").disabled = false;
  }
}

// ------------------------------------------------------------------ the person's actions

function renderControls() {
  if (state.game.renderControls) state.game.renderControls(); else state.game.render();
}

/**
 * Send one of the person's actions. On success `entry` ({text, ...}) is logged as the person's
 * move, `before()` runs and the new table is shown; a refusal shows the engine's reason.
 */
async function act(action, entry, before) {
  if (state.busy || !isMyTurn()) return false;
  state.busy = true;
  renderControls();
  const gen = state.gen;
  const seat = state.table.to_act;
  try {
    const table = await state.engine.request("act", { action });
    if (gen !== state.gen) return false;
    const e = { who: "you", seat, label: "", ...entry };
    if (!e.text) e.text = ((table.view.last_moves || []).slice(-1)[0] || {}).text || action.type;
    if (state.game.annotate) state.game.annotate(e, state.table, table);
    if (!e.quiet) { state.log.push(e); state.ticker = e; } // quiet: not worth a log line (a pass)
    if (before) before();
    state.busy = false;
    setStatus(null);
    setTable(table);
    return true;
  } catch (err) {
    if (gen !== state.gen) return false;
    state.busy = false;
    setStatus({ err }, "error");
    renderControls();
    return false;
  }
}

// ------------------------------------------------------------------ the computer

function scheduleBot() {
  clearTimeout(state.botTimer);
  const tb = state.table;
  if (!tb || tb.hand_over || tb.match_over || tb.to_act === null || tb.to_act === undefined || tb.to_act_is_human) return;
  const gen = state.gen;
  state.botTimer = setTimeout(async () => {
    if (gen !== state.gen) return;
    try {
      const r = await state.engine.request("bot", {});
      if (gen !== state.gen) return;
      if (r.move) {
        const entry = { who: humanSeats().includes(r.move.seat) ? "you" : "computer", seat: r.move.seat,
          text: r.move.text, label: r.move.label };
        if (state.game.annotate) state.game.annotate(entry, state.table, r.table);
        if (!entry.quiet) { state.log.push(entry); state.ticker = entry; }
      }
      setTable(r.table);
    } catch (err) {
      if (gen !== state.gen) return;
      setStatus({ err }, "error");
    }
  }, state.game.botDelay ? state.game.botDelay(tb, BOT_DELAY_MS) : BOT_DELAY_MS);
}

// ------------------------------------------------------------------ the shell's API for renderers

const shellParts = { turnInfo: $("turn-info"), status: $("status") };

const shell = {
  humanSeat: HUMAN_SEAT,
  parts: shellParts,
  table: () => state.table,
  view,
  legal,
  isMyTurn,
  busy: () => state.busy,
  humanSeats,
  seatName,
  act,
  setStatus,
  clearError,
  render,
  openScoreSheet,
};

// ------------------------------------------------------------------ input and language

function wireInput() {
  $("btn-next").addEventListener("click", nextHand);
  $("btn-score-newgame").addEventListener("click", () => { $("score-dialog").close(); openNewGameDialog(); });
  $("btn-newgame").addEventListener("click", openNewGameDialog);
  $("btn-reload").addEventListener("click", () => location.reload());
  $("newgame-form").addEventListener("submit", startNewGame);
  $("ng-variant").addEventListener("change", renderOptionFields);
  $("ng-players").addEventListener("change", () => { state.players[variantId(currentVariant())] = Number($("ng-players").value); });
  $("ng-cancel").addEventListener("click", () => $("newgame-dialog").close());
  $("newgame-dialog").addEventListener("cancel", (ev) => { if (!state.table) ev.preventDefault(); });

  const langSel = $("lang-select");
  langSel.value = getLang();
  langSel.addEventListener("change", () => setLang(langSel.value));
}

function onLanguage() {
  root.lang = getLang();
  $("lang-select").value = getLang();
  applyStatic();
  document.title = t("app.title");
  if ($("newgame-dialog").open) {
    const sel = $("ng-variant");
    for (const opt of sel.options) {
      const v = state.variants.find((x) => variantId(x) === opt.value);
      if (v) opt.textContent = variantName(v);
    }
    renderOptionFields();
  }
  if (state.table) {
    render();
    if ($("score-dialog").open) fillScoreSheet();
  }
}

// ------------------------------------------------------------------ start

function main() {
  root.lang = getLang();
  applyStatic();
  wireInput();
  onLangChange(onLanguage);
  startPwa({ beforeUpdate: prepareReload }); // PWA: web/pwa.js
  boot();
}

main();
