// One game table in play, shared by the app (web/app.js) and the live demos (web/embed.js, and
// through them the guided hands and the replay page): the table the engine last answered, the
// requests that change it (the person's actions, the computer's moves, undo), the move log and
// its ticker, the status line, the renderer drawing the table (web/games/registry.js) and the
// shell contract that renderer uses, implemented here once. Its users add their own chrome
// through hooks: the app its dialogs, autosave, statistics, moving cards, pass-and-play cover
// and friends; a demo its controller, its language and its shadow root.
import { t, engineMessage, applyStatic } from "./i18n.js";
import { gameFor } from "./games/registry.js";
import { setWildRanks } from "./cards.js";

/**
 * @typedef {{who: string, seat?: number|null, text: string, label?: string, quiet?: boolean,
 *   hand?: number, [key: string]: unknown}} LogEntry
 *   a line of the move log: `who` "you" | "computer" | "other" | "sep" | "undo"; `text` the move in
 *   notation (shown to tests as data-text, never read for the sentence); `move` the engine's own
 *   JSON of the move (docs/protocol.md "Moves": kind, cards, ...; several moves of one action:
 *   `moves`, all of them, `move` the first); `label` the engine's words, for an entry without
 *   `move` (a log saved before moves carried it); the renderer's describe() words the sentence
 * @typedef {{key?: string, params?: object, text?: string, err?: unknown, kind?: string}} Status
 * @typedef {{request(op: string, fields?: object): Promise<any>}} Engine
 *
 * @typedef {object} SessionHooks  what a user of the session adds (every hook optional)
 * @property {(table: any) => boolean} [hold]  true: the table is not shown now (the app's
 *   pass-and-play cover keeps it); setTable then does nothing else
 * @property {() => boolean} [blocked]  true: the person's actions are not taken now (cover, a demo destroyed)
 * @property {(action: object) => Promise<boolean>|boolean} [beforeAct]  false: the action is not sent
 *   (the app's warnings, a demo host's veto)
 * @property {(entry: LogEntry) => void} [acted]  the person's action was taken (the app's sound)
 * @property {(err: any) => Promise<boolean>|boolean} [lost]  true: the refusal was handled (a demo
 *   whose engine session was dropped starts again)
 * @property {(err: any, action: object) => void} [refused]  an action was refused (shown already)
 * @property {(prev: any, next: any, entries: LogEntry[]) => void} [shown]  a table was shown
 *   (autosave, statistics, focus; a demo's host hooks and DOM events)
 * @property {() => any} [beforeMove]  before a move's table replaces the last: a token for moved()
 *   (the app: where every card was, web/motion.js snapshot())
 * @property {(token: any, entry: LogEntry|null, human: boolean, prev: any, next: any, extra: LogEntry[]) => void} [moved]
 *   after a move's table is shown (the app: its cards fly)
 * @property {() => Promise<unknown>} [landed]  resolves when the last move's cards have landed
 * @property {() => boolean} [autoplay]  false: the computer does not move (a replay, a demo destroyed)
 * @property {(seat: number) => object} [botFields]  the `bot` request's fields for the seat to act (its level)
 * @property {(pause: number) => number} [botPause]  the pause before the computer's move, from the usual one
 * @property {(seat: number) => boolean} [ownSeat]  whether a human seat's move is this page's (a
 *   guest's page: only its own seat); default every human seat
 * @property {(table: any) => string|null} [turnText]  the turn line instead of the renderer's (a replay)
 * @property {() => void} [render]  after the table, turn line and status are drawn: the user's chrome
 * @property {(kind: string) => void} [statusShown]  the status line was set
 * @property {() => void} [openScoreSheet]  the renderer asks for the score sheet
 * @property {(module: any) => void} [beforeMount]  a renderer is about to be mounted in the felt
 * @property {(module: any) => void} [mounted]  a renderer was mounted
 *
 * @typedef {object} SessionOptions
 * @property {() => Engine} engine  the engine (or a session of one) requests go to; read at each request
 * @property {(op: string, fields: object) => Promise<any>} [request]  instead of engine().request
 * @property {HTMLElement} felt  the element the renderer draws in (#felt, a demo's stage)
 * @property {{turnInfo: HTMLElement, status: HTMLElement, turnText: HTMLElement, ticker: HTMLElement}} parts
 *   the turn line, ticker and status line the renderer places (shell.parts: turnInfo, status)
 * @property {number} [humanSeat]  the person's seat (default 0)
 * @property {number|null} [claimTimeoutMs]  Continental's claim countdown (null: the game's)
 * @property {number} [botDelayMs]  the usual pause before a computer move (default 600)
 * @property {boolean} [tickerFollowsTable]  the ticker also shows what the renderer logs of a new
 *   table (a demo), not only the moves (the app)
 * @property {(seat: number) => string} [seatName]  a seat's name (default "You", "Computer", "Computer N")
 * @property {<T>(fn: () => T) => T} [inLang]  runs renderer code in the table's language (a demo's)
 * @property {SessionHooks} [hooks]
 */

/**
 * The log entry's fields for the moves an answer applied (a table's `moves`, the bot answer's
 * `move`: {seat, text, label, data}, docs/protocol.md "Moves"): `move` the first move's own JSON,
 * `moves` all of them when there are several (a meld of five cards is a meld and two adds),
 * `label` the engine's words for them. {} when the answer names none (an older host's table).
 * @param {unknown} moves
 * @returns {{move?: any, moves?: any[], label?: string}}
 */
export function movesOf(moves) {
  const list = Array.isArray(moves) ? moves.filter((m) => m && m.data && typeof m.data.kind === "string") : [];
  if (!list.length) return {};
  const out = { move: list[0].data, label: list.map((m) => m.label || m.text).join("; ") };
  return list.length > 1 ? { ...out, moves: list.map((m) => m.data) } : out;
}

/**
 * A table session. Returns {shell, state, ...methods}: `shell` is what a renderer gets
 * (registry.js's contract: table(), view(), legal(), isMyTurn(), busy(), humanSeat,
 * humanSeats(), seatName, act, setStatus, clearError, render, openScoreSheet, parts,
 * claimTimeoutMs); `state` holds table, game, module, busy, log, ticker, status, serial and gen
 * (bumped by stop(): a reply for an older gen is dropped).
 * @param {SessionOptions} opts
 */
export function createSession(opts) {
  const hooks = opts.hooks || {};
  const felt = opts.felt;
  const parts = opts.parts;
  const inLang = opts.inLang || ((fn) => fn());
  const botDelay = opts.botDelayMs ?? 600;
  const state = {
    /** @type {any} */ table: null,
    /** @type {any} */ game: null,      // the renderer drawing the table
    /** @type {any} */ module: null,    // its module (web/games/*.js)
    busy: false,
    /** @type {LogEntry[]} */ log: [],
    /** @type {LogEntry|null} */ ticker: null, // the last move logged
    /** @type {Status|null} */ status: null,
    serial: 0,             // bumps on every table shown (data-serial, for tests)
    gen: 0,                // bumps on stop(), to drop stale replies
    /** @type {ReturnType<typeof setTimeout>|undefined} */ botTimer: undefined,
  };

  const request = (op, fields = {}) => (opts.request ? opts.request(op, fields) : opts.engine().request(op, fields));
  const view = () => state.table && state.table.view;
  const legal = () => (state.table && Array.isArray(state.table.legal) ? state.table.legal : []);
  const humanSeats = () => (state.table && state.table.human_seats) || [shell.humanSeat];
  const remoteSeats = () => (state.table && Array.isArray(state.table.remote_seats) ? state.table.remote_seats : []);
  const isMyTurn = () => Boolean(state.table && state.table.to_act_is_human && !state.table.hand_over);
  /** The family of the renderer drawing the table (its first), or null. */
  const family = () => (state.module ? state.module.families[0] : null);

  function defaultSeatName(seat) {
    if (humanSeats().includes(seat)) return t("who.you");
    const v = view();
    const computers = v ? v.players - humanSeats().length : 1;
    return computers > 1 ? t("who.computerN", { n: seat }) : t("who.computer");
  }
  /** A seat's name: the user's (opts.seatName), else "You", "Computer", "Computer N". */
  const seatName = (seat) => (opts.seatName ? opts.seatName(seat) : defaultSeatName(seat));

  // ---------------------------------------------------------------- status line

  function renderStatus() {
    const s = state.status;
    parts.status.classList.toggle("error", Boolean(s && s.kind === "error"));
    parts.status.textContent = s ? (s.err ? engineMessage(s.err, family()) : s.key ? t(s.key, s.params || {}) : s.text || "") : "";
  }
  /** @param {Status|null} msg  @param {string} [kind] "info" | "error" */
  function setStatus(msg, kind = "info") {
    state.status = msg ? { ...msg, kind } : null;
    inLang(renderStatus);
    if (hooks.statusShown) hooks.statusShown(kind);
  }
  function clearError() { if (state.status && state.status.kind === "error") setStatus(null); }

  // ---------------------------------------------------------------- drawing

  function render() {
    if (!state.table || !state.game) return;
    inLang(() => {
      const v = view(), tb = state.table;
      setWildRanks(v.wild_ranks); // which ranks the cards painted now mark as wild (the engine's view)
      felt.dataset.variant = v.variant || "";
      felt.dataset.phase = v.phase;
      felt.dataset.toActHuman = String(Boolean(tb.to_act_is_human));
      felt.dataset.handOver = String(Boolean(tb.hand_over));
      felt.dataset.matchOver = String(Boolean(tb.match_over));
      felt.dataset.handNumber = String(v.hand_number);
      felt.dataset.legal = legal().map((m) => m.text).join(";");
      felt.dataset.serial = String(state.serial);
      state.game.render();
      const own = hooks.turnText ? hooks.turnText(tb) : null;
      parts.turnText.textContent = own ?? state.game.turnText();
      parts.turnText.classList.toggle("mine", isMyTurn());
      const tk = state.ticker;
      parts.ticker.textContent = tk && tk.who !== "sep" ? state.game.describe(tk) : "";
      renderStatus();
      if (hooks.render) hooks.render();
    });
  }
  /** Only the renderer's buttons (while a request is under way). */
  function renderControls() {
    inLang(() => (state.game.renderControls ? state.game.renderControls() : state.game.render()));
  }

  /**
   * The renderer for variant descriptor `descriptor` ({id, family, ...}), mounted in the felt
   * when it is not the one there already. Returns its module, or null when no renderer draws it.
   */
  function mountFor(descriptor) {
    const module = gameFor(descriptor);
    if (!module) return null;
    if (module !== state.module) {
      if (hooks.beforeMount) hooks.beforeMount(module);
      felt.replaceChildren();
      for (const k of Object.keys(felt.dataset)) delete felt.dataset[k];
      state.module = module;
      felt.dataset.family = module.families[0];
      state.game = module.create(shell);
      inLang(() => { state.game.mount(felt); applyStatic(/** @type {any} */ (felt)); }); // i18n.js: a root element too
      if (hooks.mounted) hooks.mounted(module);
    }
    return module;
  }

  // ---------------------------------------------------------------- tables and the log

  /** Log `entry` (not a quiet one) and show it in the ticker. */
  function record(entry) {
    if (!entry.quiet) { state.log.push(entry); state.ticker = entry; }
  }

  /**
   * Show `table` (docs/protocol.md "table"); `entries` are the log entries that came with it
   * (already logged). Returns what the renderer logs besides (red threes laid out, ...), or []
   * when hooks.hold keeps the table back.
   */
  function setTable(table, entries = []) {
    if (hooks.hold && hooks.hold(table)) return [];
    const prev = state.table;
    state.table = table;
    state.serial += 1;
    const more = inLang(() => state.game.onTable(prev, table) || []);
    for (const e of more) state.log.push(e);
    const all = [...entries, ...more];
    if (opts.tickerFollowsTable) for (const e of all) if (!e.quiet && e.who !== "sep") state.ticker = e;
    render();
    if (hooks.shown) hooks.shown(prev, table, all);
    scheduleBot();
    return more;
  }

  /** A move's table: shown, with the user's moved() (cards flying) around it. */
  function showMove(table, entry, human) {
    const token = hooks.beforeMove ? hooks.beforeMove() : null;
    const prev = state.table;
    const extra = setTable(table, entry ? [entry] : []);
    if (hooks.moved) hooks.moved(token, entry, human, prev, table, extra);
  }

  /**
   * A new or restored game (or a demo's position shown anew): the log starts again (`log`, the
   * log as it was shown, else a deal separator), the renderer forgets its selections and `table`
   * is shown. `status`: the status line to show (default none).
   */
  function begin(table, { log = null, status = null } = {}) {
    stop();
    state.log = log && log.length ? log.filter((e) => e && typeof e.who === "string" && typeof e.text === "string")
      : [{ who: "sep", text: "", label: "", hand: table.view.hand_number }];
    state.ticker = null;
    state.busy = false;
    inLang(() => state.game.reset());
    state.table = null;
    state.status = status;
    setStatus(status, status ? status.kind : "info");
    setTable(table);
  }

  /** The next deal's table (after next_hand, or a host's new deal): a separator in the log. */
  function nextDeal(table) {
    state.log.push({ who: "sep", text: "", label: "", hand: table.view.hand_number });
    state.ticker = null;
    state.busy = false;
    setStatus(null);
    setTable(table);
  }

  /** Drop every reply under way and the computer's next move; returns the new generation. */
  function stop() {
    state.gen += 1;
    clearTimeout(state.botTimer);
    return state.gen;
  }

  // ---------------------------------------------------------------- the person's actions

  /**
   * Send one of the person's actions (registry.js: shell.act). On success `entry` ({text, ...})
   * is logged as the person's move, `before()` runs and the new table is shown; a refusal shows
   * the engine's reason. Resolves to true when the engine took it.
   */
  async function act(action, entry = {}, before = null) {
    if (state.busy || !isMyTurn() || (hooks.blocked && hooks.blocked())) return false;
    if (hooks.beforeAct && !await hooks.beforeAct(action)) return false;
    if (state.busy || !isMyTurn()) return false;
    state.busy = true;
    renderControls();
    const gen = state.gen;
    const seat = state.table.to_act;
    try {
      const table = await request("act", { action });
      if (gen !== state.gen) return false;
      // several people at the table: their moves are logged under their names where the game
      // words other seats' moves by name (the log is read by the next person too)
      const named = humanSeats().filter((x) => !remoteSeats().includes(x)).length > 1 && table.view.players > 2;
      /** @type {LogEntry} */
      const e = { who: named ? "computer" : "you", seat, label: "", text: "", ...movesOf(table.moves), ...entry };
      if (!e.text) e.text = ((table.view.last_moves || []).slice(-1)[0] || {}).text || action.type;
      if (state.game.annotate) inLang(() => state.game.annotate(e, state.table, table));
      record(e); // quiet: not worth a log line (a pass)
      if (before) inLang(before);
      state.busy = false;
      setStatus(null);
      if (hooks.acted) hooks.acted(e);
      showMove(table, e, true);
      return true;
    } catch (err) {
      if (gen !== state.gen) return false;
      state.busy = false;
      if (hooks.lost && await hooks.lost(err)) return false;
      setStatus({ err }, "error");
      renderControls();
      if (hooks.refused) hooks.refused(err, action);
      return false;
    }
  }

  /** Take back the person's last move of the turn (op "undo"); a refusal shows the engine's reason. */
  async function undo() {
    if (state.busy || !state.table || (hooks.blocked && hooks.blocked())) return;
    if (!isMyTurn()) {
      setStatus(state.table.hand_over ? { key: "hint.handOver" }
        : { key: "hint.waitTurn", params: { name: seatName(state.table.to_act) } }, "error");
      return;
    }
    state.busy = true;
    renderControls();
    const gen = state.gen;
    const seat = state.table.to_act;
    try {
      const r = await request("undo", {});
      if (gen !== state.gen) return;
      state.log.push({ who: "undo", seat, text: r.undone, label: "", ...(r.move ? { move: r.move } : {}) });
      state.ticker = null;
      state.busy = false;
      setStatus(null);
      setTable(r.table);
    } catch (err) {
      if (gen !== state.gen) return;
      state.busy = false;
      setStatus({ err }, "error");
      renderControls();
    }
  }

  // ---------------------------------------------------------------- the computer

  /** The computer's next move, one by one, after the renderer's pause (botDelay). */
  function scheduleBot() {
    clearTimeout(state.botTimer);
    const tb = state.table;
    if (hooks.autoplay && !hooks.autoplay()) return;
    if (!tb || tb.hand_over || tb.match_over || tb.to_act === null || tb.to_act === undefined || tb.to_act_is_human) return;
    const gen = state.gen;
    const usual = state.game.botDelay ? state.game.botDelay(tb, botDelay) : botDelay;
    const pause = hooks.botPause ? hooks.botPause(usual) : usual;
    state.botTimer = setTimeout(async () => {
      if (gen !== state.gen) return;
      try {
        const r = await request("bot", hooks.botFields ? hooks.botFields(tb.to_act) : {});
        if (gen !== state.gen) return;
        if (hooks.landed) {
          await hooks.landed();
          if (gen !== state.gen) return;
        }
        let entry = null;
        if (r.move) {
          // a friend's move (on another device) is worded with their name, as another seat's
          const s = r.move.seat;
          const mine = humanSeats().includes(s) && !remoteSeats().includes(s) && (!hooks.ownSeat || hooks.ownSeat(s));
          entry = { who: mine ? "you" : "computer", seat: s, text: r.move.text, label: r.move.label,
            ...movesOf(Array.isArray(r.moves) && r.moves.length ? r.moves : [r.move]) }; // (a friend's action: all its moves)
          if (state.game.annotate) inLang(() => state.game.annotate(entry, state.table, r.table));
          record(entry);
        }
        showMove(r.table, entry, false);
      } catch (err) {
        if (gen !== state.gen) return;
        setStatus({ err }, "error");
      }
    }, pause);
  }

  // ---------------------------------------------------------------- the renderer's shell

  const shell = {
    humanSeat: opts.humanSeat ?? 0,
    claimTimeoutMs: opts.claimTimeoutMs ?? null,
    parts: { turnInfo: parts.turnInfo, status: parts.status },
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
    openScoreSheet: () => { if (hooks.openScoreSheet) hooks.openScoreSheet(); },
  };

  return {
    shell, state, request, view, legal, isMyTurn, humanSeats, remoteSeats, seatName, defaultSeatName, family,
    setStatus, clearError, render, renderControls, mountFor, record, setTable, begin, nextDeal,
    stop, act, undo, scheduleBot,
  };
}
