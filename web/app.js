// The page: boots the engine, renders the table it sends and turns clicks into requests.
// All game logic lives in the engine (Python in a worker); this file only asks it for
// legal moves and scores (docs/protocol.md).
import { startEngine } from "./engine-client.js";
import {
  t, getLang, setLang, onLangChange, applyStatic, cardName, rankOf, rankPlural, moveSentence, has, engineMessage,
} from "./i18n.js";
import { cardView, cardBack, handCardButton, paintFace, isWild, rankText } from "./cards.js";
// --- PWA: saved game + offline/update (web/persist.js, web/pwa.js) ---
import { autosave, restore, savedGame, offerResume, prepareReload, takeResume } from "./persist.js";
import { startPwa } from "./pwa.js";
// --- /PWA ---

const params = new URLSearchParams(location.search);
const FAST = params.get("fast") === "1";
const BOT_DELAY_MS = FAST ? 50 : 600;
const HUMAN_SEAT = 0;
const SCORE_ITEMS = ["melded_cards", "hand_cards", "going_out", "concealed", "natural_canastas",
  "mixed_canastas", "red_threes"];
// Options that only matter for one value of another option.
const OPTION_DEPENDS = { target_score: ["match_end", "target"], deals: ["match_end", "deals"] };
// Options shown first in the new-game dialog, in this order; all others follow.
const OPTION_ORDER = ["match_end", "target_score", "deals"];

const $ = (id) => document.getElementById(id);
const root = document.documentElement;

const state = {
  engine: null,
  variants: [],
  table: null,
  selected: new Set(),   // indices into view.hand
  focusIndex: 0,         // roving tab stop in the hand
  target: null,          // rank of one of my melds chosen as the target for "add"
  handKey: "",
  fresh: new Set(),      // indices of cards that just arrived in the hand
  busy: false,
  log: [],               // {who, text, label, hand}
  ticker: null,          // last log entry
  seed: null,
  gen: 0,                // bumps on every new game, to drop stale bot replies
  botTimer: null,
  scoresShownFor: null,  // hand number whose score sheet was opened automatically
  status: null,          // {key, params} or {text} + kind
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
  const bar = $("boot-progress-bar");
  let pct = null;
  if (fraction !== null) pct = Math.round((fraction > 1 ? fraction / 100 : fraction) * 100);
  else if (stage === "pyodide") pct = 35;
  else if (stage === "engine") pct = 75;
  if (pct !== null) {
    bar.style.width = pct + "%";
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
    const hello = await engine.request("hello", {});
    state.engine = engine;
    state.variants = Array.isArray(hello && hello.variants) ? hello.variants : [];
    clearInterval(elapsedTimer);
    $("boot").hidden = true;
    $("btn-newgame").disabled = false;
    setEngineState("ready");
    // --- PWA: continue the saved game (at once after an update, else offered in the dialog) ---
    if (takeResume() && await resumeSavedGame()) return;
    openNewGameDialog();
    offerResume($("newgame-dialog"), resumeSavedGame);
    // --- /PWA ---
  } catch (err) {
    clearInterval(elapsedTimer);
    showBootError(err && err.message ? err.message : String(err), err && err.code);
  }
}

// --- PWA: restore the autosaved game (web/persist.js); mirrors startNewGame's reset ---
async function resumeSavedGame() {
  const seed = savedGame()?.seed ?? null;
  const table = await restore(state.engine);
  if (!table) return false;
  state.gen += 1;
  clearTimeout(state.botTimer);
  state.seed = seed;
  state.log = [{ who: "sep", text: "", label: "", hand: view(table).hand_number }];
  state.ticker = null;
  state.selected.clear();
  state.target = null;
  state.handKey = "";
  state.fresh.clear();
  state.scoresShownFor = null;
  state.busy = false;
  if ($("newgame-dialog").open) $("newgame-dialog").close();
  if ($("score-dialog").open) $("score-dialog").close();
  $("game").hidden = false;
  setStatus(null);
  setTable(table);
  const first = $("hand").querySelector(".hand-card");
  if (first) first.focus();
  return true;
}
// --- /PWA ---

// ------------------------------------------------------------------ variants and options

function variantId(v) { return typeof v === "string" ? v : (v.id || v.variant || v.name); }

function variantName(v) {
  const id = variantId(v);
  if (has("variant." + id)) return t("variant." + id);
  return (typeof v === "object" && (v.title || v.label || v.name)) || id;
}

function variantPlayers(v) {
  if (typeof v !== "object" || v === null) return 2;
  const p = v.players ?? v.default_players;
  if (typeof p === "number") return p;
  if (Array.isArray(p) && p.length) return p[0];
  if (p && typeof p === "object") return p.default ?? p.min ?? 2;
  return 2;
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

function renderOptionFields() {
  const box = $("ng-options");
  const prev = {};
  for (const el of box.querySelectorAll("[data-option]")) {
    prev[el.dataset.option] = el.type === "checkbox" ? el.checked : el.value;
  }
  box.replaceChildren();
  const v = currentVariant();
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

function openNewGameDialog() {
  const sel = $("ng-variant");
  const keep = sel.value;
  sel.replaceChildren();
  for (const v of state.variants) {
    const opt = document.createElement("option");
    opt.value = variantId(v);
    opt.textContent = variantName(v);
    sel.append(opt);
  }
  if (keep && state.variants.some((v) => variantId(v) === keep)) sel.value = keep;
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
  $("ng-start").disabled = true;
  $("ng-error").textContent = t("newgame.starting");
  try {
    const table = await state.engine.request("new", {
      variant: variantId(v), players: variantPlayers(v), seed, options: optionValues(),
      human_seats: [HUMAN_SEAT],
    });
    state.gen += 1;
    clearTimeout(state.botTimer);
    state.seed = seed;
    state.log = [{ who: "sep", text: "", label: "", hand: view(table).hand_number }];
    state.ticker = null;
    state.selected.clear();
    state.target = null;
    state.handKey = "";
    state.fresh.clear();
    state.scoresShownFor = null;
    state.busy = false;
    $("newgame-dialog").close();
    $("score-dialog").open && $("score-dialog").close();
    $("game").hidden = false;
    setStatus(null);
    setTable(table);
    const first = $("hand").querySelector(".hand-card");
    if (first) first.focus();
  } catch (err) {
    $("ng-error").textContent = err && err.message ? err.message : String(err);
  } finally {
    $("ng-start").disabled = false;
  }
}

// ------------------------------------------------------------------ table state helpers

const view = (tb = state.table) => tb && tb.view;
const legal = () => (state.table && Array.isArray(state.table.legal) ? state.table.legal : []);
const legalOfKind = (kind) => legal().filter((m) => m.kind === kind);
function moveCards(m) {
  if (Array.isArray(m.cards)) return m.cards;
  return String(m.text || "").split(/\s+/).slice(1).filter((x) => /^(JK|[A2-9TJQK][CDHS])$/.test(x));
}
const mySide = () => { const v = view(); return v ? v.side_of_seat[state.table.seat ?? HUMAN_SEAT] : 0; };
const sideData = (side) => (view().sides || []).find((s) => s.side === side) || view().sides[side];
const isMyTurn = () => Boolean(state.table && state.table.to_act_is_human && !state.table.hand_over);
const stage = () => { const v = view(); return v && v.turn ? v.turn.stage : null; };
const selectedCards = () => { const h = view().hand; return [...state.selected].sort((a, b) => a - b).map((i) => h[i]); };

function multisetDiffIndices(prev, next) {
  // indices of `next` whose cards were not in `prev` (counting duplicates)
  const count = new Map();
  for (const c of prev) count.set(c, (count.get(c) || 0) + 1);
  const fresh = new Set();
  next.forEach((c, i) => {
    const n = count.get(c) || 0;
    if (n > 0) count.set(c, n - 1); else fresh.add(i);
  });
  return fresh;
}

/** Log the red threes that appeared since the last table (they are laid out automatically). */
function logRedThrees(prev, next) {
  if (!prev || prev.view.hand_number !== next.view.hand_number) return;
  const me = next.view.side_of_seat[next.seat ?? HUMAN_SEAT];
  for (const s of next.view.sides || []) {
    const before = ((prev.view.sides || []).find((x) => x.side === s.side) || {}).red_threes || [];
    const added = (s.red_threes || []).slice(before.length);
    if (added.length) state.log.push({ who: s.side === me ? "you" : "computer", text: "red3 " + added.join(" "), label: "" });
  }
}

function setTable(table) {
  logRedThrees(state.table, table);
  const prevHand = state.table ? view().hand : null;
  const prevHandNo = state.table ? view().hand_number : null;
  state.table = table;
  const hand = view().hand || [];
  const key = hand.join(" ");
  if (key !== state.handKey) {
    state.fresh = prevHand && prevHandNo === view().hand_number ? multisetDiffIndices(prevHand, hand) : new Set();
    if (state.fresh.size === hand.length) state.fresh = new Set();
    state.selected.clear();
    state.focusIndex = Math.min(state.focusIndex, Math.max(0, hand.length - 1));
  }
  if (state.target && !(sideData(mySide()).melds || []).some((m) => m.rank === state.target)) state.target = null;
  render();
  scheduleBot();
  autosave(state.engine, table); // PWA: web/persist.js
}

// ------------------------------------------------------------------ rendering

function render() {
  if (!state.table) return;
  const v = view();
  const tb = state.table;
  const felt = $("felt");
  felt.dataset.phase = v.phase;
  felt.dataset.stage = stage() || "";
  felt.dataset.toActHuman = String(Boolean(tb.to_act_is_human));
  felt.dataset.handOver = String(Boolean(tb.hand_over));
  felt.dataset.matchOver = String(Boolean(tb.match_over));
  felt.dataset.handNumber = String(v.hand_number);
  felt.dataset.legal = legal().map((m) => m.text).join(";");
  renderOpponents();
  renderCenter();
  renderMySide();
  renderHand();
  renderButtons();
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

function seatName(seat) {
  if ((state.table.human_seats || [HUMAN_SEAT]).includes(seat)) return t("who.you");
  const v = view();
  return v.players > 2 ? t("who.seat", { n: seat + 1 }) : t("who.computer");
}

function sideName(side) {
  const v = view();
  const seats = [];
  v.side_of_seat.forEach((s, seat) => { if (s === side) seats.push(seat); });
  return seats.map(seatName).join(" + ");
}

function renderSideHead(head, side) {
  const s = sideData(side);
  const v = view();
  const toAct = state.table.to_act;
  const acting = toAct !== null && toAct !== undefined && v.side_of_seat[toAct] === side && !state.table.hand_over;
  head.classList.toggle("to-act", acting);
  const score = head.querySelector(".side-score");
  score.textContent = t("table.scoreValue", { n: (v.scores && v.scores[side]) ?? s.score ?? 0 });
  const min = head.querySelector(".side-minimum");
  if (!s.melded && s.minimum !== undefined && s.minimum !== null) {
    const turn = v.turn || {};
    const mineNow = acting && turn.initial_meld_points > 0;
    min.textContent = mineNow ? t("table.minimumProgress", { have: turn.initial_meld_points, n: s.minimum })
      : t("table.minimum", { n: s.minimum });
    min.hidden = false;
  } else {
    min.textContent = "";
    min.hidden = true;
  }
  const r3 = head.querySelector(".red-threes");
  r3.replaceChildren();
  const threes = s.red_threes || [];
  if (threes.length) {
    r3.setAttribute("aria-label", t("table.redThrees"));
    r3.title = t("table.redThrees");
    for (const c of threes) r3.append(cardView(c, "mini"));
  }
  r3.hidden = threes.length === 0;
}

function renderOpponents() {
  const v = view();
  const box = $("opponents");
  const me = mySide();
  const sides = (v.sides || []).map((s) => s.side).filter((s) => s !== me);
  // Build one section per opponent side once; update in place afterwards.
  if (box.dataset.sides !== sides.join(",")) {
    box.replaceChildren();
    for (const side of sides) {
      const sec = document.createElement("section");
      sec.className = "side side-opponent";
      sec.dataset.side = String(side);
      sec.innerHTML = `
        <div class="side-head">
          <h2 class="side-name"></h2>
          <span class="side-score"></span>
          <span class="side-minimum"></span>
          <span class="red-threes"></span>
        </div>
        <div class="opp-hands"></div>
        <div class="melds melds-opponent"></div>`;
      box.append(sec);
    }
    box.dataset.sides = sides.join(",");
  }
  for (const sec of box.querySelectorAll(".side-opponent")) {
    const side = Number(sec.dataset.side);
    sec.querySelector(".side-name").textContent = sideName(side);
    renderSideHead(sec.querySelector(".side-head"), side);
    const hands = sec.querySelector(".opp-hands");
    hands.replaceChildren();
    v.side_of_seat.forEach((s, seat) => {
      if (s !== side) return;
      const n = v.hand_counts[seat];
      const wrap = document.createElement("div");
      wrap.className = "opp-hand";
      wrap.dataset.seat = String(seat);
      wrap.dataset.count = String(n);
      const fan = document.createElement("div");
      fan.className = "backs";
      const shown = Math.min(n, 20);
      for (let i = 0; i < shown; i++) fan.append(cardBack("small"));
      const cap = document.createElement("span");
      cap.className = "opp-count";
      cap.textContent = n === 1 ? t("table.oneCardInHand") : t("table.cardsInHand", { n });
      wrap.append(fan, cap);
      hands.append(wrap);
    });
    renderMelds(sec.querySelector(".melds"), side, false);
  }
}

function renderMelds(box, side, mine) {
  const s = sideData(side);
  const melds = s.melds || [];
  box.replaceChildren();
  box.dataset.count = String(melds.length);
  if (!melds.length) {
    const empty = document.createElement("p");
    empty.className = "melds-empty";
    empty.textContent = t("table.noMelds");
    box.append(empty);
    return;
  }
  const canTarget = mine && isMyTurn() && stage() === "play";
  melds.forEach((m, i) => {
    const el = document.createElement(mine ? "button" : "div");
    el.className = "meld";
    el.dataset.rank = m.rank;
    el.dataset.count = String(m.cards.length);
    if (m.canasta) { el.classList.add("canasta", "canasta-" + m.canasta); el.dataset.canasta = m.canasta; }
    const rankWords = m.rank === "3" && m.cards.every((c) => c === "3C" || c === "3S") ? t("meld.blackThrees") : rankPlural(m.rank);
    const cardsText = m.cards.map(cardName).join(", ");
    const label = m.canasta
      ? t("meld.labelCanasta", { canasta: t("meld.canasta." + m.canasta), rank: rankWords, cards: cardsText })
      : t("meld.label", { rank: rankWords, cards: cardsText });
    if (mine) {
      el.type = "button";
      el.setAttribute("aria-pressed", String(state.target === m.rank));
      el.setAttribute("aria-label", label);
      el.tabIndex = i === 0 ? 0 : -1;
      el.disabled = false;
      el.classList.toggle("targetable", canTarget);
    } else {
      el.setAttribute("role", "img");
      el.setAttribute("aria-label", label);
    }
    el.title = label;
    const fan = document.createElement("span");
    fan.className = "meld-cards";
    fan.setAttribute("aria-hidden", "true");
    for (const c of m.cards) {
      const mini = document.createElement("span");
      mini.className = "mini";
      paintFace(mini, c);
      fan.append(mini);
    }
    const info = document.createElement("span");
    info.className = "meld-info";
    info.setAttribute("aria-hidden", "true");
    const rank = document.createElement("span");
    rank.className = "meld-rank";
    rank.textContent = rankText(m.rank);
    const count = document.createElement("span");
    count.className = "meld-count";
    count.textContent = "×" + m.cards.length;
    info.append(rank, count);
    if (m.canasta) {
      const badge = document.createElement("span");
      badge.className = "badge badge-" + m.canasta;
      badge.textContent = t("meld.badge." + m.canasta);
      info.append(badge);
    }
    el.append(fan, info);
    box.append(el);
  });
}

function renderCenter() {
  const v = view();
  const stockBox = $("stock-cards");
  stockBox.replaceChildren();
  if (v.stock > 0) {
    stockBox.append(cardBack("stack"));
    $("stock").classList.remove("empty");
  } else {
    const slot = document.createElement("span");
    slot.className = "card slot";
    stockBox.append(slot);
    $("stock").classList.add("empty");
  }
  $("stock").dataset.count = String(v.stock);
  $("stock-count").textContent = v.stock > 1 ? t("table.stockCount", { n: v.stock })
    : v.stock === 1 ? t("table.stockCountOne") : t("table.stockEmpty");

  const d = v.discard || {};
  const discardBox = $("discard-cards");
  discardBox.replaceChildren();
  if (d.top) {
    const top = cardView(d.top, "top-card");
    if (d.size > 1) discardBox.append(cardBack("under"));
    discardBox.append(top);
  } else {
    const slot = document.createElement("span");
    slot.className = "card slot";
    discardBox.append(slot);
  }
  $("discard").dataset.top = d.top || "";
  $("discard").dataset.size = String(d.size || 0);
  $("discard").classList.toggle("frozen", Boolean(d.frozen));
  $("discard").classList.toggle("blocked", Boolean(d.blocked));
  $("discard-size").textContent = d.size > 1 ? t("table.discardSize", { n: d.size })
    : d.size === 1 ? t("table.discardSizeOne") : t("table.discardEmpty");
  $("frozen-marker").hidden = !d.frozen;
  $("frozen-marker").title = t("table.frozenTitle");
  $("blocked-marker").hidden = !d.blocked;
  $("blocked-marker").title = t("table.blockedTitle");

  let turnKey;
  if (state.table.match_over) turnKey = "turn.matchOver";
  else if (state.table.hand_over) turnKey = "turn.handOver";
  else if (isMyTurn()) turnKey = stage() === "draw" ? "turn.yoursDraw" : "turn.yoursPlay";
  else turnKey = "turn.computer";
  $("turn-text").textContent = t(turnKey);
  $("turn-text").classList.toggle("mine", isMyTurn());
  const tk = state.ticker;
  $("ticker").textContent = tk ? (tk.who === "sep" ? "" : moveSentence(tk.text, tk.who, tk.label, tk)) : "";
}

function renderMySide() {
  const side = mySide();
  renderSideHead(document.querySelector("#my-side .side-head"), side);
  renderMelds($("my-melds"), side, true);
  $("my-melds").setAttribute("aria-label", t("table.melds"));
}

function renderHand() {
  const hand = view().hand || [];
  const box = $("hand");
  const key = hand.join(" ");
  if (key !== state.handKey || box.children.length !== hand.length) {
    const hadFocus = box.contains(document.activeElement);
    box.replaceChildren();
    hand.forEach((c, i) => box.append(handCardButton(c, i)));
    state.handKey = key;
    if (hadFocus && box.children.length) box.children[Math.min(state.focusIndex, box.children.length - 1)].focus();
  }
  [...box.children].forEach((el, i) => {
    el.setAttribute("aria-pressed", String(state.selected.has(i)));
    el.setAttribute("aria-label", cardName(hand[i]));
    el.classList.toggle("fresh", state.fresh.has(i));
    el.tabIndex = i === Math.min(state.focusIndex, hand.length - 1) ? 0 : -1;
  });
  box.dataset.count = String(hand.length);
  box.dataset.legalDiscards = legalOfKind("discard").map((m) => moveCards(m)[0]).filter(Boolean).join(" ");
  box.dataset.selected = selectedCards().join(" ");
  box.classList.toggle("my-turn", isMyTurn());
  box.classList.toggle("crowded", hand.length > 13 && hand.length <= 22);
  box.classList.toggle("very-crowded", hand.length > 22);
}

/** The rank of my meld that "add" would target, or null. */
function addTarget() {
  const melds = sideData(mySide()).melds || [];
  if (!melds.length) return null;
  if (state.target && melds.some((m) => m.rank === state.target)) return state.target;
  const sel = selectedCards();
  const naturalRanks = new Set(sel.filter((c) => !isWild(c)).map(rankOf));
  if (naturalRanks.size === 1) {
    const r = [...naturalRanks][0];
    if (melds.some((m) => m.rank === r)) return r;
  }
  if (naturalRanks.size === 0 && melds.length === 1) return melds[0].rank;
  return null;
}

function renderButtons() {
  const v = view();
  const tb = state.table;
  const mine = isMyTurn() && !state.busy;
  const sel = selectedCards();
  const play = mine && stage() === "play";
  $("btn-draw").disabled = !(mine && legalOfKind("draw").length > 0);
  $("btn-take").disabled = !(mine && legalOfKind("take").length > 0);
  $("btn-meld").disabled = !(play && sel.length > 0);
  const target = addTarget();
  $("btn-add").disabled = !(play && sel.length > 0 && target !== null);
  $("btn-add").dataset.target = target || "";
  const discards = new Set(legalOfKind("discard").map((m) => moveCards(m)[0]));
  $("btn-discard").disabled = !(mine && sel.length === 1 && discards.has(sel[0]));
  const goingOut = (v.hand || []).length === 1;
  $("btn-discard").textContent = goingOut ? t("action.goOut") : t("action.discard");
  $("btn-discard").dataset.goOut = String(goingOut);
  $("btn-clear").hidden = sel.length === 0;
  $("btn-scores").hidden = !tb.hand_over;
  $("actions").classList.toggle("inactive", !isMyTurn());
}

function renderLog() {
  const ol = $("log");
  ol.replaceChildren();
  for (let i = state.log.length - 1; i >= 0; i--) {
    const e = state.log[i];
    const li = document.createElement("li");
    li.className = "log-" + e.who;
    if (e.who === "sep") {
      li.textContent = t("table.hand", { n: e.hand });
    } else {
      li.dataset.text = e.text;
      li.textContent = moveSentence(e.text, e.who, e.label, e);
    }
    ol.append(li);
  }
}

function renderMeta() {
  const v = view();
  $("meta-hand").textContent = t("table.hand", { n: v.hand_number });
  const m = v.match || {};
  $("meta-match").textContent = m.end === "deals"
    ? t("score.dealsInfo", { n: v.hand_number, of: m.deals })
    : t("score.targetInfo", { n: m.target ?? 5000 });
  $("meta-seed").textContent = state.seed !== null ? t("table.seed", { seed: state.seed }) : "";
}

// ------------------------------------------------------------------ status line

function setStatus(msg, kind = "info") {
  state.status = msg ? { ...msg, kind } : null;
  renderStatus();
}

function renderStatus() {
  const el = $("status");
  const s = state.status;
  el.classList.toggle("error", Boolean(s && s.kind === "error"));
  el.textContent = s ? (s.err ? engineMessage(s.err) : s.key ? t(s.key, s.params || {}) : s.text) : "";
}

// ------------------------------------------------------------------ score sheet

function openScoreSheet() {
  fillScoreSheet();
  const dlg = $("score-dialog");
  if (!dlg.open) dlg.showModal();
  const btn = state.table.match_over ? $("btn-score-newgame") : $("btn-next");
  btn.focus();
}

function fillScoreSheet() {
  const v = view();
  const tb = state.table;
  const results = v.results || [];
  const last = results.length ? results[results.length - 1] : null;
  $("score-title").textContent = t("score.title", { n: last ? last.hand : v.hand_number });
  const sides = (v.sides || []).map((s) => s.side);
  const table = $("score-table");
  table.replaceChildren();
  const thead = table.createTHead();
  const hr = thead.insertRow();
  const corner = document.createElement("th");
  corner.scope = "col";
  corner.textContent = "";
  hr.append(corner);
  for (const s of sides) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = sideName(s);
    hr.append(th);
  }
  const body = table.createTBody();
  const bySide = {};
  if (last) for (const r of last.sides || []) bySide[r.side] = r;
  const keys = [...SCORE_ITEMS];
  for (const r of Object.values(bySide)) for (const k of Object.keys(r.items || {})) if (!keys.includes(k)) keys.push(k);
  const addRow = (label, values, cls) => {
    const tr = body.insertRow();
    if (cls) tr.className = cls;
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = label;
    tr.append(th);
    for (const val of values) {
      const td = tr.insertCell();
      td.textContent = val === null || val === undefined ? "–" : String(val);
      if (typeof val === "number" && val < 0) td.classList.add("negative");
    }
    return tr;
  };
  for (const k of keys) {
    const row = addRow(has("score." + k) ? t("score." + k) : k.replace(/_/g, " "),
      sides.map((s) => (bySide[s] && bySide[s].items ? bySide[s].items[k] ?? 0 : null)));
    row.dataset.item = k;
  }
  addRow(t("score.total"), sides.map((s) => (bySide[s] ? bySide[s].total : null)), "row-total").dataset.item = "total";
  addRow(t("score.cumulative"), sides.map((s) => (bySide[s] && typeof bySide[s].cumulative === "number"
    ? bySide[s].cumulative : (v.scores ? v.scores[s] : null))), "row-cumulative").dataset.item = "cumulative";

  const out = $("went-out");
  if (last && "went_out" in last) {
    if (last.went_out === null || last.went_out === undefined) out.textContent = t("score.noOneOut");
    else {
      const who = (tb.human_seats || [HUMAN_SEAT]).includes(last.went_out) ? "you" : "computer";
      out.textContent = t((last.concealed ? "score.wentOutConcealed." : "score.wentOut.") + who);
    }
  } else out.textContent = "";
  const res = $("match-result");
  if (tb.match_over) {
    const winners = (v.match && v.match.winners) || [];
    let text;
    if (winners.length === 1) text = winners[0] === mySide() ? t("score.youWin") : (v.players > 2 ? t("score.winner", { names: sideName(winners[0]) }) : t("score.computerWins"));
    else if (winners.length > 1) text = t("score.tie");
    else text = t("score.matchOver");
    res.textContent = text;
    res.hidden = false;
    res.classList.toggle("win", winners.length === 1 && winners[0] === mySide());
  } else {
    res.hidden = true;
  }
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
    state.log.push({ who: "sep", text: "", label: "", hand: view(table).hand_number });
    state.ticker = null;
    state.busy = false;
    setStatus(null);
    setTable(table);
    const first = $("hand").querySelector(".hand-card");
    if (first) first.focus();
  } catch (err) {
    state.busy = false;
    setStatus({ err }, "error");
  } finally {
    $("btn-next").disabled = false;
  }
}

// ------------------------------------------------------------------ actions

function actionText(action) {
  switch (action.type) {
    case "draw": return "draw";
    case "take": return ["take", ...action.cards].join(" ");
    case "meld": return ["meld", ...action.cards].join(" ");
    case "add": return ["add", action.rank, ...action.cards].join(" ");
    case "discard": return "discard " + action.card;
    default: return action.text || action.type;
  }
}

async function act(action) {
  if (state.busy || !isMyTurn()) return;
  state.busy = true;
  renderButtons();
  const gen = state.gen;
  try {
    const table = await state.engine.request("act", { action });
    if (gen !== state.gen) return;
    const entry = { who: "you", text: actionText(action), label: "" };
    if (action.type === "take") entry.n = view().discard.size;
    state.log.push(entry);
    state.ticker = entry;
    if (action.type === "add" || action.type === "take") state.target = null;
    state.busy = false;
    setStatus(null);
    setTable(table);
  } catch (err) {
    if (gen !== state.gen) return;
    state.busy = false;
    setStatus({ err }, "error");
    renderButtons();
  }
}

function onDraw() { act({ type: "draw" }); }

function onTake() {
  let cards = selectedCards();
  if (cards.length === 0) {
    const takes = legalOfKind("take").map(moveCards);
    if (takes.length && !takes.some((c) => c.length === 0)) {
      // Pick the simplest legal way: fewest cards, then fewest wild cards.
      takes.sort((a, b) => a.length - b.length || a.filter(isWild).length - b.filter(isWild).length);
      cards = takes[0];
    }
  }
  act({ type: "take", cards });
}

function onMeld() {
  const cards = selectedCards();
  if (cards.length) act({ type: "meld", cards });
}

function onAdd() {
  const rank = addTarget();
  const cards = selectedCards();
  if (!cards.length) return;
  if (!rank) { setStatus({ key: "hint.chooseTarget" }); return; }
  act({ type: "add", rank, cards });
}

function onDiscard() {
  const cards = selectedCards();
  if (cards.length !== 1) { setStatus({ key: "hint.selectOneDiscard" }); return; }
  act({ type: "discard", card: cards[0] });
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
        const entry = { who: (tb.human_seats || [HUMAN_SEAT]).includes(r.move.seat) ? "you" : "computer",
          text: r.move.text, label: r.move.label };
        if (String(r.move.text).startsWith("take")) entry.n = view().discard.size;
        state.log.push(entry);
        state.ticker = entry;
      }
      setTable(r.table);
    } catch (err) {
      if (gen !== state.gen) return;
      setStatus({ err }, "error");
    }
  }, BOT_DELAY_MS);
}

// ------------------------------------------------------------------ input

function toggleCard(i) {
  if (state.selected.has(i)) state.selected.delete(i); else state.selected.add(i);
  state.focusIndex = i;
  if (state.status && state.status.kind === "error") setStatus(null);
  renderHand();
  renderButtons();
}

function moveFocus(box, selector, from, delta, home) {
  const items = [...box.querySelectorAll(selector)];
  if (!items.length) return -1;
  let i = home === "start" ? 0 : home === "end" ? items.length - 1 : from + delta;
  i = Math.max(0, Math.min(items.length - 1, i));
  items.forEach((el, j) => { el.tabIndex = j === i ? 0 : -1; });
  items[i].focus();
  return i;
}

function keyDelta(ev) {
  switch (ev.key) {
    case "ArrowLeft": case "ArrowUp": return [-1, null];
    case "ArrowRight": case "ArrowDown": return [1, null];
    case "Home": return [0, "start"];
    case "End": return [0, "end"];
    default: return null;
  }
}

function wireInput() {
  const hand = $("hand");
  hand.addEventListener("click", (ev) => {
    const btn = ev.target.closest(".hand-card");
    if (!btn || !hand.contains(btn)) return;
    toggleCard(Number(btn.dataset.index));
  });
  hand.addEventListener("keydown", (ev) => {
    const btn = ev.target.closest(".hand-card");
    const d = btn && keyDelta(ev);
    if (!d) return;
    ev.preventDefault();
    const i = moveFocus(hand, ".hand-card", Number(btn.dataset.index), d[0], d[1]);
    if (i >= 0) state.focusIndex = i;
  });
  hand.addEventListener("focusin", (ev) => {
    const btn = ev.target.closest(".hand-card");
    if (btn) state.focusIndex = Number(btn.dataset.index);
  });

  const melds = $("my-melds");
  melds.addEventListener("click", (ev) => {
    const btn = ev.target.closest(".meld");
    if (!btn) return;
    const rank = btn.dataset.rank;
    state.target = state.target === rank ? null : rank;
    renderMySide();
    renderButtons();
    const again = melds.querySelector(`.meld[data-rank="${CSS.escape(rank)}"]`);
    if (again) { [...melds.querySelectorAll(".meld")].forEach((m) => { m.tabIndex = m === again ? 0 : -1; }); again.focus(); }
  });
  melds.addEventListener("keydown", (ev) => {
    const btn = ev.target.closest(".meld");
    const d = btn && keyDelta(ev);
    if (!d) return;
    ev.preventDefault();
    const items = [...melds.querySelectorAll(".meld")];
    moveFocus(melds, ".meld", items.indexOf(btn), d[0], d[1]);
  });

  $("btn-draw").addEventListener("click", onDraw);
  $("btn-take").addEventListener("click", onTake);
  $("btn-meld").addEventListener("click", onMeld);
  $("btn-add").addEventListener("click", onAdd);
  $("btn-discard").addEventListener("click", onDiscard);
  $("btn-clear").addEventListener("click", () => { state.selected.clear(); state.target = null; render(); });
  $("btn-scores").addEventListener("click", openScoreSheet);
  $("btn-next").addEventListener("click", nextHand);
  $("btn-score-newgame").addEventListener("click", () => { $("score-dialog").close(); openNewGameDialog(); });
  $("btn-newgame").addEventListener("click", openNewGameDialog);
  $("btn-reload").addEventListener("click", () => location.reload());
  $("newgame-form").addEventListener("submit", startNewGame);
  $("ng-variant").addEventListener("change", renderOptionFields);
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
