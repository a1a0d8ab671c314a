// A guided first hand (issue #12): guide.html?variant=<id>&lang=de|en walks a newcomer through a
// short hand on a prepared deal, step by step. The steps are data (web/guides/<variant>.json,
// format in docs/guides.md); the table is the game's own, live (web/embed.js, mountDemo). Each
// step says what to do and why and waits for the player's move: the step's move goes to the
// engine; a legal move that is not the step's is held back with a nudge; an illegal one goes to
// the engine, whose reason is shown with the step's explanation and nudge. The computer's replies
// are played by the engine and explained once they are on the table. A step that asks "what
// would you do?" (`ask: true`) offers a Hint: the engine's `hint` op, shown on the table as in
// the app (web/hint.js) with its reason in the panel.
import { mountDemo, sharedEngine } from "./embed.js";
import { useLang } from "./i18n.js";
import { showHint, clearHint, hintFor } from "./hint.js";

export const VARIANTS = ["canasta-two-hand", "canasta-classic", "kanaster", "continental", "3-ist-50"];
const LANGS = ["en", "de"];

const UI = {
  en: {
    title: "A guided first hand",
    step: "Step {n} of {total}",
    next: "Next",
    restart: "Start again",
    play: "Play a real game",
    rules: "Rules",
    app: "Meldtable",
    otherLang: "Deutsch",
    yourMove: "Your move: do it on the table below.",
    computerPlaying: "The computer is playing…",
    readFirst: "First read this step, then press “Next”.",
    notNow: "Wait: the computer is playing.",
    notThisStep: "Not this move in this guide.",
    reason: "The game says:",
    offTrack: "That move was legal, but this guide cannot go on from here. Press “Start again”, or keep playing freely.",
    noGuide: "There is no guide for “{variant}”. Guides: {list}.",
    failed: "The guide could not be loaded: {message}",
    loading: "The game engine is starting…",
    hint: "Hint",
    hintTitle: "Hint: a good move, shown on the table (key I)",
  },
  de: {
    title: "Eine geführte erste Runde",
    step: "Schritt {n} von {total}",
    next: "Weiter",
    restart: "Neu beginnen",
    play: "Ein echtes Spiel spielen",
    rules: "Regeln",
    app: "Meldtable",
    otherLang: "English",
    yourMove: "Du bist dran: Mach den Zug unten auf dem Tisch.",
    computerPlaying: "Der Computer spielt …",
    readFirst: "Lies zuerst diesen Schritt und drücke dann „Weiter“.",
    notNow: "Warte: Der Computer spielt.",
    notThisStep: "Nicht dieser Zug in dieser Anleitung.",
    reason: "Das Spiel sagt:",
    offTrack: "Der Zug war erlaubt, aber diese Anleitung kann hier nicht weitergehen. Drücke „Neu beginnen“ oder spiel einfach frei weiter.",
    noGuide: "Für „{variant}“ gibt es keine Anleitung. Anleitungen: {list}.",
    failed: "Die Anleitung ließ sich nicht laden: {message}",
    loading: "Die Spiel-Engine startet …",
    hint: "Tipp",
    hintTitle: "Tipp: ein guter Zug, auf dem Tisch gezeigt (Taste I)",
  },
};

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

// ------------------------------------------------------------------ the page

function langFromPage(params) {
  const asked = (params.get("lang") || "").toLowerCase();
  if (LANGS.includes(asked)) return asked;
  const nav = String(navigator.language || "en").toLowerCase();
  return nav.startsWith("de") ? "de" : "en";
}

/**
 * The page's engine for the guide's demo: the shared engine worker, remembering the demo's
 * session so that the guide can ask for a hint in it ({request(op, fields), hello, session}).
 */
export function guideEngine() {
  let real = null;
  return {
    session: null,
    get hello() { return real ? real.hello : undefined; },
    async request(op, fields = {}) {
      real = real || await sharedEngine();
      if (fields.session && !this.session) this.session = fields.session;
      return real.request(op, fields);
    },
  };
}

function positionText(guide) {
  return Array.isArray(guide.position) ? guide.position.join("\n") + "\n" : String(guide.position);
}

/**
 * Run the guide `guide` (the parsed JSON of web/guides/<variant>.json) in `els` (the page's parts:
 * panel, progress, bar, say, feedback, next, play, restart, table) in language `lang`. Returns a
 * small controller {demo, step(), restart()} (for tests and the console).
 */
export function runGuide(guide, els, lang) {
  const ui = UI[lang];
  const steps = guide.steps;
  const text = (t) => (t && (t[lang] || t.en)) || "";
  const st = { i: 0, computer: [], offTrack: false, ready: false, asking: false };
  const engine = guideEngine();

  const demo = mountDemo(els.table, {
    engine,
    variant: guide.variant,
    position: positionText(guide),
    lang,
    seat: (guide.human_seats || [0])[0],
    start: "now",
    claimTimeoutMs: 0,  // Continental's claim prompt waits for the reader: no countdown in a guide
    resetButton: false, // "Start again" is the guide's own (it starts the steps again too)
    hooks: { beforeAct, onTable, onRefused, onReady },
  });

  const kind = (s) => (s.do ? "human" : s.computer ? "computer" : s.end ? "end" : "say");
  const step = () => steps[st.i];

  function feedback(parts, tone = "nudge") {
    const box = els.feedback;
    box.replaceChildren();
    if (!parts || !parts.length) { box.hidden = true; return; }
    for (const [cls, content] of parts) {
      const p = document.createElement("p");
      p.className = cls;
      p.textContent = content;
      box.append(p);
    }
    box.dataset.tone = tone;
    box.hidden = false;
  }

  function computerDone(tb) {
    return Boolean(tb && (tb.hand_over || tb.to_act_is_human));
  }

  function show() {
    const s = step();
    const k = kind(s);
    const tb = demo.table();
    els.progress.textContent = fill(ui.step, { n: st.i + 1, total: steps.length });
    els.bar.style.width = `${Math.round(((st.i + 1) / steps.length) * 100)}%`;
    let state = k;
    if (k === "computer" && !computerDone(tb)) state = "computer-playing";
    if (k === "human" && !st.ready) state = "loading";
    els.panel.dataset.state = state;
    els.panel.dataset.step = String(st.i + 1);
    els.say.textContent = state === "computer-playing" ? ui.computerPlaying : text(s.say);
    els.next.hidden = !(k === "say" || state === "computer");
    els.play.hidden = k !== "end";
    if (els.hint) els.hint.hidden = !(k === "human" && st.ready && s.ask && !st.offTrack);
    if (k === "human" && st.ready) els.say.append(document.createElement("br"), Object.assign(document.createElement("span"), { className: "g-cue", textContent: ui.yourMove }));
    if (st.offTrack) feedback([["g-off", ui.offTrack]], "error");
  }

  function go(i) {
    st.i = Math.min(i, steps.length - 1);
    st.computer = [];
    feedback(null);
    show();
    if (!els.next.hidden) els.next.focus({ preventScroll: true });
  }

  /** The step's move is sent; another legal move is held back with the step's nudge; an
   * illegal one is sent for the engine's reason. The engine tells which is which (op "explain"
   * with the action and the step's actions): the page reads no notation. */
  async function beforeAct(action, table) {
    if (st.offTrack) return true; // free play after leaving the guide
    const s = step();
    const k = kind(s);
    if (k !== "human") {
      const message = k === "computer" && !computerDone(table) ? ui.notNow : ui.readFirst;
      feedback([["g-nudge", message]]);
      return { message };
    }
    st.pending = null;
    let verdict;
    try {
      verdict = (await engine.request("explain", { session: engine.session, action, expect: s.do })).explain;
    } catch (err) {
      return true; // the engine could not tell (a malformed action): sending it gets its reason
    }
    if (verdict.expected) { feedback(null); return true; }
    if (verdict.legal) {
      feedback([["g-nudge", text(s.nudge)]]);
      return { message: ui.notThisStep };
    }
    st.pending = true; // not the step's and illegal: the engine says why when it is sent
    return true;
  }

  function onRefused(err) {
    st.pending = null;
    const s = step();
    if (kind(s) !== "human") return;
    const reason = (err && err.texts && err.texts[lang]) || (err && err.message) || String(err);
    const known = (s.refusals || []).find((r) => r.key && err && r.key === err.key && r.say);
    const parts = [["g-reason", `${ui.reason} ${reason}`]];
    if (known) parts.push(["g-why", text(known.say)]);
    parts.push(["g-nudge", text(s.nudge)]);
    feedback(parts, "error");
  }

  function onReady() {
    st.ready = true;
    show();
  }

  function onTable(prev, next, entries) {
    if (!prev) return; // the position itself (start or start again)
    const s = step();
    const k = kind(s);
    const mine = entries.some((e) => e.who === "you");
    if (k === "human" && mine) {
      if (st.pending) st.offTrack = true; // the engine took a move the page thought illegal
      st.pending = null;
      go(st.i + 1);
      return;
    }
    st.pending = null;
    for (const e of entries) if (e.who === "computer" && e.text) st.computer.push(e.text);
    if (k === "computer" && computerDone(next)) {
      const expected = s.computer || [];
      if (expected.join("|") !== st.computer.join("|")) console.warn("guide: the computer played", st.computer, "not", expected);
      show();
      if (!els.next.hidden) els.next.focus({ preventScroll: true });
    }
  }

  els.next.addEventListener("click", () => {
    if (kind(step()) === "computer" && !computerDone(demo.table())) return;
    go(st.i + 1);
  });
  els.restart.addEventListener("click", () => restart());
  if (els.hint) {
    els.hint.textContent = ui.hint;
    els.hint.title = ui.hintTitle;
    els.hint.addEventListener("click", () => askHint());
  }
  document.addEventListener("keydown", (ev) => {
    if (ev.altKey || ev.metaKey || ev.ctrlKey) return;
    const el = /** @type {Element} */ (ev.composedPath ? ev.composedPath()[0] : ev.target);
    if (el && el.closest && el.closest("input, select, textarea")) return;
    if (ev.key === "Escape" && hintFor(demo.table())) {
      clearHint(demo.table());
      if (els.feedback.dataset.tone === "hint") feedback(null);
    } else if (ev.key.length === 1 && ev.key.toLowerCase() === "i" && els.hint && !els.hint.hidden) {
      ev.preventDefault();
      askHint();
    }
  });

  /**
   * Ask the engine for a hint in the demo's session (the move the app's Hint would show) and show
   * it: marked on the table, its reason in the panel. A refusal shows the engine's reason.
   */
  async function askHint() {
    const tb = demo.table();
    if (!tb || st.asking || !engine.session) return null;
    st.asking = true;
    els.hint.setAttribute("aria-busy", "true");
    try {
      const r = await engine.request("hint", { session: engine.session });
      if (demo.table() !== tb || !r || !r.hint) return null;
      showHint(tb, r.hint);
      feedback([["g-hint-text", r.hint.texts[lang] || r.hint.texts.en]], "hint");
      return r.hint;
    } catch (err) {
      const reason = (err && err.texts && err.texts[lang]) || (err && err.message) || String(err);
      feedback([["g-reason", `${ui.reason} ${reason}`]], "error");
      return null;
    } finally {
      st.asking = false;
      els.hint.removeAttribute("aria-busy");
    }
  }

  async function restart() {
    st.offTrack = false;
    st.pending = null;
    go(0);
    await demo.reset();
  }

  show();
  return { demo, step: () => st.i, restart, hint: askHint };
}

async function main() {
  const params = new URLSearchParams(location.search);
  const lang = langFromPage(params);
  const ui = UI[lang];
  const variant = params.get("variant") || "canasta-two-hand";
  document.documentElement.lang = lang;
  useLang(lang); // the renderers' own texts (the demo gets the guide's engine, so it does not set it)
  const $ = (id) => document.getElementById(id);
  const els = {
    panel: $("g-panel"), progress: $("g-progress"), bar: $("g-bar-fill"), say: $("g-say"),
    feedback: $("g-feedback"), next: $("g-next"), play: /** @type {HTMLAnchorElement} */ ($("g-play")), restart: $("g-restart"), table: $("g-table"),
    hint: $("g-hint"),
  };
  els.next.textContent = ui.next;
  els.restart.textContent = ui.restart;
  els.play.textContent = ui.play;
  $("g-rules").textContent = ui.rules;
  const other = lang === "de" ? "en" : "de";
  const langLink = /** @type {HTMLAnchorElement} */ ($("g-lang"));
  langLink.textContent = ui.otherLang;
  langLink.lang = other;
  langLink.hreflang = other;
  langLink.href = `guide.html?variant=${encodeURIComponent(variant)}&lang=${other}`;
  $("g-title").textContent = ui.title;
  document.title = `${ui.title} · Meldtable`;
  const fail = (message) => {
    els.panel.dataset.state = "error";
    els.say.textContent = message;
    els.restart.hidden = true;
  };
  if (!VARIANTS.includes(variant)) {
    fail(fill(ui.noGuide, { variant, list: VARIANTS.join(", ") }));
    return;
  }
  /** @type {HTMLAnchorElement} */ ($("g-rules")).href = `rules/${variant}.${lang}.html`;
  els.play.href = `./?game=${encodeURIComponent(variant)}`; // the app with this game chosen
  // the app offers the guided hand the first time a game is chosen; here it has been found
  try { localStorage.setItem(`meldtable.guided.${variant}`, "1"); } catch (_) { /* storage may be off */ }
  els.say.textContent = ui.loading;
  let guide;
  try {
    const r = await fetch(new URL(`guides/${variant}.json`, import.meta.url));
    if (!r.ok) throw new Error(`${r.status} ${r.statusText}`);
    guide = await r.json();
  } catch (err) {
    fail(fill(ui.failed, { message: err && err.message ? err.message : String(err) }));
    return;
  }
  const title = guide.title && (guide.title[lang] || guide.title.en);
  if (title) {
    $("g-title").textContent = title;
    document.title = `${title} · Meldtable`;
  }
  /** @type {any} */ (window).meldtableGuide = runGuide(guide, els, lang);
}

if (document.getElementById("g-panel")) main();
