// Live positions in any page: the <meldtable-demo> element and mountDemo() (docs/embedding.md:
// attributes, hosting, the JS API). The position is drawn from its text at once (embed-position.js);
// the page's one engine worker starts when a demo comes into view or is touched, each demo with its
// own session (docs/protocol.md, "Sessions"); then the app's renderers (web/games/*.js) draw the
// game in the demo's shadow root, with the app's style sheet, through the app's table session
// (web/session.js): a demo adds its controller, its language, its engine session and replays.
import { startEngine } from "./engine-client.js";
import { t, engineMessage, withLang, useLang, applyStatic, LANGUAGES, moveSentence } from "./i18n.js";
import { createSession } from "./session.js";
import { parsePosition, drawPreview } from "./embed-position.js";

const BASE = new URL("./", import.meta.url); // dist/: everything else is found relative to it
const BOT_DELAY_MS = 700;                     // the pause before each computer move
export const REPLAY_STEP_MS = 1200;           // a replay's pause between moves while it plays
const MAX_SESSIONS = 32;                      // meldtable.api.MAX_SESSIONS
// When dist/ is on another origin and the engine does not start, the likely cause (issue #29
// item 10): a file the worker fetches (engine-worker.mjs, Pyodide's .wasm and standard library,
// the wheel) comes without Access-Control-Allow-Origin. docs/embedding.md, "Where dist/ is hosted".
const CROSS_ORIGIN_HINT = {
  en: `The game files come from ${BASE.origin}: that server must send “Access-Control-Allow-Origin: *” with every file, the .wasm as application/wasm.`,
  de: `Die Spieldateien kommen von ${BASE.origin}: Dieser Server muss mit jeder Datei „Access-Control-Allow-Origin: *“ senden, die .wasm als application/wasm.`,
};
const LIVE_EVENTS = ["click", "keydown", "keyup", "pointerdown", "pointerup", "focusin", "change", "input"];

// ------------------------------------------------------------------ the shared engine

/** @type {{promise: Promise<any> | null, listeners: Set<(p: any) => void>, last: any} | null} */
let shared = null; // {promise, listeners, last} of the page's one engine worker

/**
 * The module worker of engine-worker.mjs. From this page's origin it is created directly (a
 * Content-Security-Policy of `worker-src 'self'` allows it); from another origin (dist/ on a
 * CDN with CORS), browsers refuse a worker script of a foreign URL, so a same-origin blob
 * imports the worker module, which finds Pyodide and the wheel relative to its own URL.
 */
function createEngineWorker() {
  const url = new URL("engine-worker.mjs", BASE);
  /** @type {WorkerOptions} */
  const options = { type: "module", name: "meldtable-engine" };
  if (url.origin === location.origin) return new Worker(url, options);
  const bootstrap = URL.createObjectURL(new Blob([`import ${JSON.stringify(url.href)};\n`], { type: "text/javascript" }));
  const worker = new Worker(bootstrap, options);
  const revoke = () => { URL.revokeObjectURL(bootstrap); worker.removeEventListener("message", revoke); };
  worker.addEventListener("message", revoke); // the first message: the bootstrap has run
  return worker;
}

/**
 * The page's one engine, started on the first call: a promise of startEngine()'s engine
 * (engine-client.js). onProgress({stage, message}) hears its boot progress (the last progress
 * at once when it has started already).
 */
export function sharedEngine(onProgress = null) {
  if (!shared) {
    const listeners = new Set();
    shared = { listeners, last: null, promise: null };
    shared.promise = startEngine((p) => {
      shared.last = p;
      for (const fn of listeners) { try { fn(p); } catch (err) { console.error(err); } }
    }, { createWorker: createEngineWorker });
    shared.promise.catch(() => {});
  }
  if (onProgress) {
    shared.listeners.add(onProgress);
    if (shared.last) onProgress(shared.last);
  }
  return shared.promise;
}

const sessionsOf = new WeakMap(); // engine -> Map(session id -> evict()), in order of last use
let demoCount = 0;

/** Mark `sid` as the engine's most recently used session; returns the engine's Map(id -> evict()). */
function touchSession(engine, sid, evict) {
  if (!sessionsOf.has(engine)) sessionsOf.set(engine, new Map());
  const live = sessionsOf.get(engine);
  live.delete(sid);
  live.set(sid, evict);
  return live;
}

// ------------------------------------------------------------------ one demo

/** The language of `el`: its own lang, else the nearest ancestor's, else <html lang>; "en" if not German or English. */
export function langOf(el) {
  const found = el && el.closest ? el.closest("[lang]") : null;
  const code = String((found && found.getAttribute("lang")) || document.documentElement.lang || "en").toLowerCase().split("-")[0];
  return LANGUAGES.includes(code) ? code : "en";
}

/** The position text of a <meldtable-demo>'s content: its text, with <br> and block ends as line breaks. */
export function contentText(el) {
  let out = "";
  const walk = (node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) out += child.nodeValue;
      else if (child.nodeType === Node.ELEMENT_NODE) {
        if (child.tagName === "BR") { out += "\n"; continue; }
        walk(child);
        if (/^(P|DIV|PRE|LI)$/.test(child.tagName)) out += "\n";
      }
    }
  };
  walk(el);
  return out;
}

/** The position text as the engine takes it: with a `variant:` line (from `variant`) when it has none. */
function positionWithVariant(text, variant) {
  const has = /^\s*variant\s*:/im.test(text);
  if (has || !variant) return text;
  return `variant: ${variant}\n${text}`;
}

/** The `variant:` of a record's header or [position] (docs/records.md), or null. */
export function recordVariant(text) {
  const m = /^\s*variant\s*:\s*([a-z0-9-]{1,40})\s*$/im.exec(String(text).slice(0, 5000));
  return m ? m[1].toLowerCase() : null;
}

/** A log entry for the renderers' describe() from the engine's log of a record (load_record, `log`). */
function moveFields(e) {
  const out = { who: "other", seat: e.seat, text: e.text, label: e.label };
  if (e.data && typeof e.data === "object") out.move = e.data; // the move's own JSON (load_record's log)
  if (e.card) out.card = e.card;
  if (Number.isInteger(e.n) && e.n > 0) out.n = e.n;
  if (e.out === true) out.out = true;
  return out;
}

/** A seat's name in a replay: the record's name, else "Player N" (seats counted from 1). */
export function replaySeatName(info, s) {
  const names = (info && info.names) || [];
  return (typeof names[s] === "string" && names[s]) || t("replay.player", { n: Number(s) + 1 });
}

const TEMPLATE = `
  <div class="mt-demo" part="demo">
    <div class="mt-bar">
      <span class="mt-title"></span>
      <span class="mt-progress" hidden>
        <span class="progress indeterminate" role="progressbar" aria-valuemin="0" aria-valuemax="100"><span class="progress-bar"></span></span>
        <span class="mt-progress-text"></span>
      </span>
      <button type="button" class="btn btn-small mt-reset" data-i18n="embed.reset" hidden>Start again</button>
    </div>
    <div class="mt-replay" hidden>
      <div class="mt-replay-buttons">
        <button type="button" class="btn btn-small mt-first" data-i18n-attr="aria-label:replay.first;title:replay.first">«</button>
        <button type="button" class="btn btn-small mt-prev" data-i18n-attr="aria-label:replay.prev;title:replay.prev">‹</button>
        <button type="button" class="btn btn-small mt-play" data-i18n-attr="aria-label:replay.play;title:replay.play">▶</button>
        <button type="button" class="btn btn-small mt-next" data-i18n-attr="aria-label:replay.next;title:replay.next">›</button>
        <button type="button" class="btn btn-small mt-last" data-i18n-attr="aria-label:replay.last;title:replay.last">»</button>
        <span class="mt-move" aria-live="polite"></span>
      </div>
      <p class="mt-said"></p>
      <p class="mt-comment"></p>
    </div>
    <div class="mt-stage felt"></div>
    <section class="mt-scores" hidden>
      <h3 class="mt-scores-title"></h3>
      <div class="score-table-wrap"><table class="score-table mt-score-table"></table></div>
      <p class="mt-went-out"></p>
      <p class="mt-match-result" hidden></p>
      <button type="button" class="btn btn-small mt-scores-close" data-i18n="embed.close">Close</button>
    </section>
    <p class="mt-error" role="alert" hidden></p>
  </div>`;

/**
 * Mount a live demo of a position in `root` (an element that can hold a shadow root: a custom
 * element, <div>, <section>, ...; its shadow root is made if it has none). Options:
 *   position  the position's text (docs/positions.md); required
 *   variant   its variant id, needed when the text has no `variant:` line
 *   lang      "de" | "en" (default: langOf(root))
 *   seat      the reader's seat (default: the seat to act in the position)
 *   autoplay  the computer plays its moves after the reader's (default true)
 *   start     "visible" (default: when the demo comes into view or is touched), "touch" (when
 *             touched), "now", or "manual" (only by the controller: start(), ready, act(), reset())
 *   claimTimeoutMs  how long Continental's claim prompt counts down before it passes (default
 *             8000; 0: no countdown, the prompt waits for the reader, e.g. in a guided hand)
 *   resetButton  false: no "Start again" button in the demo's bar (the host offers its own and
 *             calls reset())
 *   engine    an engine to use ({request(op, fields)}, e.g. the app's); default: the page's
 *             shared engine worker (sharedEngine())
 *   hooks     {beforeAct(action, table) -> true | {message} | "message" (veto with a message), or a promise of it,
 *              onTable(prev, next, entries), onRefused(error, action), onReady(table),
 *              onReset(table): after every reset, by the button or by reset()}
 * Returns the controller (docs/embedding.md): {root, lang, variant, seat, ready, start(), reset(),
 * act(action), table(), setStatus(text, kind), destroy()}. The host element also gets the DOM
 * events "meldtable-table" (detail {prev, next, entries}), "meldtable-refused" (detail {error,
 * action}), "meldtable-ready" (detail {table}) and "meldtable-reset" (detail {table}).
 */
export function mountDemo(root, options = {}) {
  const lang = LANGUAGES.includes(options.lang) ? options.lang : langOf(root);
  const hooks = options.hooks || {};
  // a game record (docs/records.md): the demo replays it move by move instead of playing a position
  const record = typeof options.record === "string" && options.record.trim() ? options.record : null;
  const text0 = record ? "" : String(options.position || "");
  const pos = parsePosition(text0);
  const variant = options.variant || pos.variant || (record && recordVariant(record)) || null;
  const position = positionWithVariant(text0, variant);
  let seat = Number.isInteger(options.seat) ? options.seat : (pos.window ?? pos.turnSeat ?? 0);
  const autoplay = record ? false : options.autoplay !== false;
  const resetButton = options.resetButton !== false;
  const claimTimeoutMs = Number.isFinite(options.claimTimeoutMs) && options.claimTimeoutMs >= 0 ? options.claimTimeoutMs : null;
  const sid = `demo-${++demoCount}`;
  // On a page of demos (not inside the app, which passes its engine and keeps its language), the
  // first demo's language is the page's: the renderers' own timers (Continental's claim
  // countdown) speak it.
  if (demoCount === 1 && !options.engine) useLang(lang);

  const shadow = root.shadowRoot || root.attachShadow({ mode: "open" });
  shadow.replaceChildren();
  const sheets = ["style.css", "embed.css"].map((name) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = new URL(name, BASE).href;
    return link;
  });
  const frame = document.createElement("div");
  frame.innerHTML = TEMPLATE;
  const box = /** @type {HTMLElement} */ (frame.firstElementChild);
  box.lang = lang;
  if (record) box.classList.add("mt-replaying"); // embed.css: a table to watch, not to play at
  box.hidden = true; // until the style sheets are in (no unstyled flash)
  let sheetsLeft = sheets.length;
  const sheetDone = () => { if (--sheetsLeft <= 0) box.hidden = false; };
  for (const link of sheets) {
    link.addEventListener("load", sheetDone, { once: true });
    link.addEventListener("error", sheetDone, { once: true });
  }
  shadow.append(...sheets, box);
  const q = (sel) => box.querySelector(sel);
  const stage = q(".mt-stage");
  const parts = {
    turnInfo: Object.assign(document.createElement("div"), { className: "turn-info" }),
    status: Object.assign(document.createElement("p"), { className: "status" }),
  };
  parts.status.setAttribute("role", "status");
  parts.status.setAttribute("aria-live", "polite");
  const turnText = Object.assign(document.createElement("p"), { className: "turn-text" });
  const ticker = Object.assign(document.createElement("p"), { className: "ticker" });
  ticker.setAttribute("aria-live", "polite");
  parts.turnInfo.append(turnText, ticker);

  const state = {
    // the table, its renderer, the status line, the computer's moves: the session (web/session.js, tableState)
    engine: null, started: null, destroyed: false, evicted: false,
    // a replay: the move shown (0: the start), the record as the engine read it, its log, the open hands
    move: Number.isInteger(options.move) && options.move >= 0 ? options.move : 0, info: null, log: [],
    hands: null, open: false, playing: false, playTimer: null,
  };
  const setHostState = (s) => { root.dataset.state = s; };
  const emit = (name, detail) => root.dispatchEvent(new CustomEvent(name, { detail }));
  const inLang = (fn) => withLang(lang, fn);

  // Every event inside the demo runs its handlers in the demo's language (i18n.js keeps one
  // language per page; a page may hold demos of both).
  let langBefore = null;
  const enter = () => { if (langBefore === null) langBefore = useLang(lang); };
  const leave = () => { if (langBefore !== null) { useLang(langBefore); langBefore = null; } };
  for (const type of LIVE_EVENTS) {
    shadow.addEventListener(type, enter, true);
    shadow.addEventListener(type, leave);
  }

  // ---------------------------------------------------------------- the table session (web/session.js)
  /** A seat's name: "You", "Computer", "Computer N"; in a replay the record's names. */
  function seatName(s) {
    return record ? replaySeatName(state.info, s) : session.defaultSeatName(s);
  }

  /** A replay's turn line: who plays next (the renderers' own line speaks to a player at the table). */
  function replayTurnText(tb) {
    if (tb.match_over) return t("turn.matchOver");
    if (tb.hand_over) return t("turn.handOver");
    return Number.isInteger(tb.to_act) ? t("embed.toAct", { name: seatName(tb.to_act) }) : "";
  }

  function fillScores() {
    tableState.game.fillScoreSheet({ title: q(".mt-scores-title"), table: q(".mt-score-table"), note: q(".mt-went-out"), result: q(".mt-match-result") });
  }
  function openScoreSheet() {
    if (!tableState.table) return;
    q(".mt-scores").hidden = false;
    inLang(fillScores);
    q(".mt-scores-close").focus({ preventScroll: true });
  }

  /** This demo's engine session: a request with its id; the oldest demo's session makes room. */
  async function request(op, fields = {}) {
    const engine = state.engine;
    const live = touchSession(engine, sid, () => { state.evicted = true; });
    if (op === "new" && live.size > MAX_SESSIONS) {
      // the oldest demo's session makes room; that demo starts again from its position when used
      const [oldest, evict] = live.entries().next().value;
      live.delete(oldest);
      evict();
      await engine.request("end", { session: oldest }).catch(() => {});
    }
    return engine.request(op, { ...fields, session: sid });
  }

  /** The host's veto (hooks.beforeAct), then a session the engine dropped starts again. */
  async function beforeAct(action) {
    if (hooks.beforeAct) {
      let verdict;
      try { verdict = await hooks.beforeAct(action, tableState.table); } catch (err) { console.error(err); verdict = true; }
      if (verdict !== true && verdict !== undefined && verdict !== null) {
        const message = typeof verdict === "string" ? verdict : verdict && verdict.message;
        if (message) setStatus({ text: message }, "error");
        return false;
      }
    }
    if (state.evicted) { await restart(true); return false; }
    return true;
  }

  const session = createSession({
    engine: () => state.engine,
    request,
    felt: stage,
    parts: { ...parts, turnText, ticker },
    humanSeat: seat,
    claimTimeoutMs,
    botDelayMs: BOT_DELAY_MS,
    tickerFollowsTable: true,
    seatName,
    inLang,
    hooks: {
      blocked: () => state.destroyed,
      beforeAct,
      lost: async (err) => {
        if (!err || err.code !== "no_game") return false;
        await restart(true);
        return true;
      },
      refused: (err, action) => {
        try { if (hooks.onRefused) hooks.onRefused(err, action); } catch (e) { console.error(e); }
        emit("meldtable-refused", { error: err, action });
      },
      shown: (prev, next, entries) => {
        try { if (hooks.onTable) hooks.onTable(prev, next, entries); } catch (err) { console.error(err); }
        emit("meldtable-table", { prev, next, entries });
      },
      autoplay: () => autoplay && !state.destroyed,
      turnText: (tb) => (record ? replayTurnText(tb) : null),
      render: () => { if (!q(".mt-scores").hidden) fillScores(); },
      openScoreSheet,
    },
  });
  const tableState = session.state;
  const shell = session.shell;
  const { setStatus, act } = session;

  // ---------------------------------------------------------------- preview, start, reset

  function showPreview() {
    if (record) {
      inLang(() => {
        const p = document.createElement("p");
        p.className = "mt-hint";
        p.textContent = t("replay.embedPreview");
        stage.replaceChildren(p);
      });
      stage.dataset.family = "preview";
      setHostState("preview");
      return;
    }
    inLang(() => {
      stage.replaceChildren(drawPreview(pos, seat));
      stage.dataset.family = "preview";
      const p = document.createElement("p");
      p.className = "mt-hint";
      p.textContent = t("embed.preview");
      stage.append(p);
    });
    setHostState("preview");
  }

  function showProgress(p) {
    const bar = q(".mt-progress");
    bar.hidden = false;
    inLang(() => {
      const stageKey = p && p.stage ? "boot.stage." + p.stage : null;
      q(".mt-progress-text").textContent = stageKey ? t(stageKey) : t("embed.loading");
    });
    const pct = p && p.stage === "pyodide" ? 35 : p && p.stage === "engine" ? 75 : null;
    if (pct !== null) {
      q(".progress-bar").style.width = pct + "%";
      q(".progress").setAttribute("aria-valuenow", String(pct));
      q(".progress").classList.remove("indeterminate");
    }
  }

  function showError(message) {
    const e = q(".mt-error");
    e.textContent = message;
    e.hidden = false;
    q(".mt-progress").hidden = true;
    setHostState("error");
  }

  /** Load the position into this demo's session and show the game's table. */
  async function restart(evicted = false) {
    const gen = session.stop();
    state.evicted = false;
    tableState.busy = true;
    let table;
    try {
      table = record ? await loadMove(state.move) : await request("new", { position, human_seats: [seat] });
    } catch (err) {
      if (gen !== tableState.gen) return undefined;
      tableState.busy = false;
      const message = engineMessage(err);
      if (record) {
        showError(inLang(() => t("replay.bad", { message })));
        emit("meldtable-refused", { error: err, action: null });
      } else if (!tableState.game) showError(inLang(() => t("embed.badPosition", { message })));
      else setStatus({ text: inLang(() => t("embed.badPosition", { message })) }, "error");
      throw err;
    }
    if (gen !== tableState.gen) return undefined;
    const descriptor = ((state.engine.hello && state.engine.hello.variants) || []).find((v) => v.id === table.view.variant) || { id: table.view.variant };
    if (!session.mountFor(descriptor)) { showError(`No table for ${table.view.variant}.`); return undefined; }
    q(".mt-scores").hidden = true;
    q(".mt-progress").hidden = true;
    q(".mt-reset").hidden = !resetButton || Boolean(record);
    q(".mt-replay").hidden = !record || options.controls === false;
    setHostState("ready");
    session.begin(table, { status: evicted ? { key: "embed.restarted", kind: "info" } : null });
    if (record) showStep();
    return table;
  }

  // ---------------------------------------------------------------- a replay (options.record)

  /** The table after the record's first `k` moves from the engine (load_record), as a watcher sees it. */
  async function loadMove(k) {
    const info = state.info;
    const fields = { record, human_seats: [seat], open: true };
    if (info) fields.moves = Math.min(k, info.moves);
    else fields.log = true; // the first load: the whole record (its end), with the move log
    const r = await request("load_record", fields);
    if (!info) {
      state.info = r.record;
      state.log = Array.isArray(r.log) ? r.log : [];
      state.open = r.open === true;
      if (state.info.view !== null && state.info.view !== undefined) seat = state.info.view; // a seat's view: that seat only
      if (seat >= state.info.players) seat = 0;
      if (state.move > state.info.moves) state.move = state.info.moves;
      if (state.move !== state.info.moves || seat !== (r.table.human_seats || [0])[0]) return loadMove(state.move);
    }
    state.hands = Array.isArray(r.hands) ? r.hands : null;
    return watching(r.table);
  }

  /** A table the renderer shows without offering any move: nobody at it is "you" (a replay only watches). */
  function watching(table) {
    return { ...table, to_act_is_human: false, legal: [], can_undo: false };
  }

  /** Show move `k` of the record (clamped); resolves with the table. One request at a time; the last asked wins. */
  async function goto(k) {
    await start();
    if (!record || !state.info) return tableState.table;
    const target = Math.max(0, Math.min(state.info.moves, Math.trunc(Number(k) || 0)));
    const gen = session.stop();
    const prevMove = state.move;
    state.move = target;
    let table;
    try {
      table = await loadMove(target);
    } catch (err) {
      if (gen === tableState.gen) { state.move = prevMove; setStatus({ err }, "error"); }
      throw err;
    }
    if (gen !== tableState.gen) return tableState.table;
    const entries = [];
    if (target === prevMove + 1 && state.log[target - 1]) {
      entries.push(logEntry(state.log[target - 1]));
    } else {
      tableState.table = null; // a jump: no animation from an unrelated table
      tableState.ticker = null;
      inLang(() => tableState.game.reset());
    }
    tableState.status = null;
    session.setTable(table, entries);
    showStep();
    return table;
  }

  function logEntry(e) {
    return { ...moveFields(e), name: seatName(e.seat), replay: true };
  }

  /** The sentence for move `e` of the log ({seat, text, label}) in the demo's language. */
  function describeMove(e) {
    const entry = { ...moveFields(e), name: seatName(e.seat) };
    return inLang(() => {
      if (tableState.game && tableState.game.describe && tableState.table) {
        // the renderer's own words for its game's moves (Continental's sets and runs, 3 ist 50's
        // plays), said of a named player: while it speaks, no seat at the table is "you"
        const shown = tableState.table;
        tableState.table = { ...shown, seat: -1 };
        try {
          const said = tableState.game.describe(entry);
          if (said) return said;
        } catch (err) {
          console.warn(err);
        } finally {
          tableState.table = shown;
        }
      }
      return moveSentence(moveFields(e), "other", { name: seatName(e.seat) });
    });
  }

  function commentAt(k) {
    const info = state.info;
    if (!info) return "";
    if (k === 0) return info.comment || "";
    return (info.comments && info.comments[String(k)]) || "";
  }

  function showStep() {
    if (!record || !state.info) return;
    const k = state.move, n = state.info.moves;
    inLang(() => {
      q(".mt-move").textContent = t("replay.moveOf", { k, n });
      q(".mt-said").textContent = k > 0 && state.log[k - 1] ? describeMove(state.log[k - 1]) : t("replay.start");
      q(".mt-play").textContent = state.playing ? "❚❚" : "▶";
      q(".mt-play").setAttribute("aria-label", t(state.playing ? "replay.pause" : "replay.play"));
      q(".mt-play").title = t(state.playing ? "replay.pause" : "replay.play");
    });
    q(".mt-comment").textContent = commentAt(k); // the record's words, as text (never markup)
    q(".mt-comment").hidden = !commentAt(k);
    q(".mt-first").disabled = q(".mt-prev").disabled = k <= 0;
    q(".mt-next").disabled = q(".mt-last").disabled = k >= n;
    root.dataset.move = String(k);
    emit("meldtable-step", { move: k, total: n, table: tableState.table, playing: state.playing });
  }

  function play() {
    if (!record || !state.info) return;
    if (state.move >= state.info.moves) return;
    state.playing = true;
    showStep();
    const tick = () => {
      clearTimeout(state.playTimer);
      state.playTimer = setTimeout(async () => {
        if (!state.playing) return;
        try { await goto(state.move + 1); } catch { pause(); return; }
        if (state.move >= state.info.moves) pause();
        else if (state.playing) tick();
      }, options.stepMs ?? REPLAY_STEP_MS);
    };
    tick();
  }
  function pause() {
    state.playing = false;
    clearTimeout(state.playTimer);
    showStep();
  }

  async function setSeat(s) {
    if (!record || !state.info) return;
    if (state.info.view !== null && state.info.view !== undefined) return; // a seat's view record: that seat only
    if (!Number.isInteger(s) || s < 0 || s >= state.info.players || s === seat) return;
    seat = s;
    shell.humanSeat = s;
    await goto(state.move);
  }

  /** Start the engine (the shared one unless options.engine) and this demo's session; once. */
  function start() {
    if (state.started) return state.started;
    showProgress(null);
    setHostState("loading");
    state.started = (async () => {
      try {
        state.engine = options.engine || await sharedEngine(showProgress);
      } catch (err) {
        const message = err && err.message ? err.message : String(err);
        const hint = BASE.origin !== location.origin ? " " + (CROSS_ORIGIN_HINT[lang] || CROSS_ORIGIN_HINT.en) : "";
        showError(inLang(() => t("embed.failed", { message })) + hint);
        console.error(`meldtable: the game engine could not start from ${BASE.href}: ${message}.${hint ? " " + CROSS_ORIGIN_HINT.en : ""}`);
        throw err;
      }
      if (state.destroyed) return null;
      const table = await restart();
      try { if (hooks.onReady) hooks.onReady(table); } catch (err) { console.error(err); }
      emit("meldtable-ready", { table });
      return table;
    })();
    state.started.catch(() => {});
    return state.started;
  }

  async function reset() {
    await start();
    const table = await restart();
    if (table) {
      try { if (hooks.onReset) hooks.onReset(table); } catch (err) { console.error(err); }
      emit("meldtable-reset", { table });
    }
    return table;
  }

  // ---------------------------------------------------------------- wiring
  inLang(() => {
    q(".mt-title").textContent = variant ? t("variant." + variant) : "";
    // applyStatic's parameter is typed Document by its default value; it uses only querySelectorAll.
    applyStatic(/** @type {Document} */ (/** @type {unknown} */ (box)));
  });
  showPreview();
  q(".mt-reset").addEventListener("click", () => { reset().catch(() => {}); });
  q(".mt-scores-close").addEventListener("click", () => { q(".mt-scores").hidden = true; });
  if (record) {
    const stepTo = (fn) => () => { pause(); goto(fn()).catch(() => {}); };
    q(".mt-first").addEventListener("click", stepTo(() => 0));
    q(".mt-prev").addEventListener("click", stepTo(() => state.move - 1));
    q(".mt-next").addEventListener("click", stepTo(() => state.move + 1));
    q(".mt-last").addEventListener("click", stepTo(() => (state.info ? state.info.moves : 0)));
    q(".mt-play").addEventListener("click", () => { start().then(() => (state.playing ? pause() : play())).catch(() => {}); });
  }

  const when = options.start || "visible";
  let observer = null;
  const touched = () => start();
  if (when === "now") start();
  else if (when !== "manual") {
    if (when === "visible" && typeof IntersectionObserver === "function") {
      observer = new IntersectionObserver((items) => {
        if (items.some((i) => i.isIntersecting)) { observer.disconnect(); start(); }
      }, { rootMargin: "200px" });
      observer.observe(root);
    }
    root.addEventListener("pointerdown", touched, { once: true });
    root.addEventListener("focusin", touched, { once: true });
  }

  const controller = {
    root, lang, variant, seat, position,
    /** Resolves with the first table once the engine has loaded the position (starts it). */
    get ready() { return start(); },
    start,
    reset,
    /** Send an action of the reader (docs/protocol.md, "action"); resolves true when the engine took it. */
    act: async (action) => { await start(); return act(action, {}); },
    /** The current table (docs/protocol.md "table"), or null before the engine is up. */
    table: () => tableState.table,
    /** Show `text` in the demo's status line (kind "info" or "error"); null clears it. */
    setStatus: (text, kind = "info") => setStatus(text === null ? null : { text: String(text) }, kind),
    // ---- a replay (options.record): docs/embedding.md, "A recorded hand"
    /** Show the record's move `k` (0: the start); resolves with the table. */
    goto,
    /** Play the record on from here (one move every options.stepMs, default REPLAY_STEP_MS); pause() stops. */
    play,
    pause,
    get playing() { return state.playing; },
    /** The move shown (0 to total). */
    get move() { return state.move; },
    /** The record as the engine read it (docs/records.md, Record.to_json()), once loaded. */
    get info() { return state.info; },
    /** The record's moves: [{move, deal, seat, text, label}]. */
    get log() { return state.log; },
    /** Every seat's hand at the move shown, or null (a seat's view record). */
    get hands() { return state.hands; },
    /** Whether the record names every card (no seat's view): all hands may be shown. */
    get open() { return state.open; },
    /** The seat whose view is shown. */
    get viewSeat() { return seat; },
    setSeat,
    seatName: (s) => seatName(s),
    describeMove,
    commentAt,
    /** A request to this demo's engine session (e.g. "save" or "record" of the game shown). */
    request: async (op, fields = {}) => { await start(); return request(op, fields); },
    /** Stop: end the session, stop the computer, remove the observer. */
    destroy() {
      state.destroyed = true;
      clearTimeout(state.playTimer);
      session.stop();
      if (observer) observer.disconnect();
      if (state.engine) {
        const live = sessionsOf.get(state.engine);
        if (live) live.delete(sid);
        state.engine.request("end", { session: sid }).catch(() => {});
      }
    },
  };
  return controller;
}

// ------------------------------------------------------------------ <meldtable-demo>

class MeldtableDemo extends HTMLElement {
  connectedCallback() {
    if (this._demo) return;
    // the content (the position's text) is parsed by the time the element is upgraded on
    // DOMContentLoaded; when it is defined while the page is still parsing, wait for that
    const go = () => {
      if (this._demo || !this.isConnected) return;
      const attr = this.getAttribute("position");
      const seat = this.getAttribute("seat");
      const rec = this.getAttribute("record");
      this._demo = mountDemo(this, {
        record: rec !== null ? rec : undefined,
        variant: this.getAttribute("variant") || undefined,
        position: attr !== null ? attr : contentText(this),
        lang: this.getAttribute("lang") || undefined,
        seat: seat !== null && /^\d+$/.test(seat) ? Number(seat) : undefined,
        autoplay: !["off", "false", "no"].includes(String(this.getAttribute("autoplay")).toLowerCase()),
        start: this.getAttribute("start") || "visible",
        // a reader is reading the text beside the demo: Continental's claim prompt waits for
        // them unless the page asks for the game's countdown (claim-timeout="8" seconds)
        claimTimeoutMs: /^\d+$/.test(this.getAttribute("claim-timeout") || "") ? 1000 * Number(this.getAttribute("claim-timeout")) : 0,
      });
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", go, { once: true });
    else go();
  }

  disconnectedCallback() {
    if (this._demo) {
      this._demo.destroy();
      this._demo = null;
    }
  }

  /** The demo's controller (mountDemo), once mounted. */
  get demo() { return this._demo || null; }
}

if (!customElements.get("meldtable-demo")) customElements.define("meldtable-demo", MeldtableDemo);
