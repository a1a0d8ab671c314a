// The guest's side of a game with friends (docs/multiplayer.md): no engine of its own plays;
// the host's engine decides, and this page gets its seat's table and sends its actions.
//
//   const guest = new Guest({lang: "de", name: "Anna", hello});   // hello: dist/hello.json
//   const {reply} = await guest.join(inviteFromHash(location.hash)); // show reply (text + QR)
//   await guest.joined;                   // the host pasted the reply: welcome and first table
//   const engine = guest.engine;          // use as the app's engine (web/engine-client.js shape)
//
// guest.engine.request(op, fields):
//   table        the seat's latest table (waits for the first)
//   act, undo    sent to the host; resolves with the new table ({undone: null, table} for undo),
//                or rejects with an EngineError carrying the host's refusal in this page's language
//   hint         asks the host, whose engine answers for this seat from its information only:
//                {hint} (web/hint.js shows it), or rejects as act does
//   bot          waits for the next table the host sends (another seat moved): {move, moves, table};
//                moves are the moves that change applied (the table's `moves`: {seat, text, label,
//                data}), move the last of them or null
//   next_hand    waits for the host to deal the next hand: its table
//   hello        the `hello` given to the constructor
//   anything else (new, load, save, export, play) is refused: only the host can do it.
// guest.seats: the host's last seat list; guest.onChange(what) with what "table" | "seats" |
// "closed" | "bye"; guest.closedReason: a REFUSALS key once the connection is gone.

import { EngineError } from "../engine-client.js";
import { Peer } from "./peer.js";
import { unpackInvite, packReply } from "./signal.js";
import { encode, readHostMessage, refusalText, newEntries, LIMITS, LANGS } from "./protocol.js";

const REMEMBER = "meldtable.net.guest";
/** Most tables kept for the page while it does not ask (its pause between moves is short). */
const UNSEEN_MAX = 64;
const HELLO_AGAIN_MS = 1500;      // no welcome yet: say hello again after this, at most HELLO_TRIES times
const HELLO_TRIES = 8;
const ANSWER_TIMEOUT_MS = 20000;  // an action the host has not answered by then is given up ("no_answer")

export class Guest {
  /**
   * @param {{lang?: string, name?: string, iceServers?: object[], hello?: object | null,
   *          onChange?: (what: string) => void, onMessage?: (text: string) => void}} [options]
   *   onMessage: every message text received (tests, diagnostics)
   */
  constructor({ lang = "en", name = "", iceServers = [], hello = null, onChange = () => {}, onMessage = () => {} } = {}) {
    this.lang = LANGS.includes(lang) ? lang : "en";
    this.name = name;
    this.iceServers = iceServers;
    this.hello = hello;
    this.onChange = onChange;
    this.onMessage = onMessage;
    this.peer = null;
    this.seat = null;
    this.game = null;
    this.table = null;
    this.at = 0;
    this.seats = [];
    this.n = 0;
    this.closedReason = null;
    this.pending = new Map();   // n -> {resolve, reject, op}
    this.waiters = [];          // (msg) => boolean: true when done
    // the changes (tables) that came while nobody waited for one, oldest first: the page asks for
    // the next one ("bot") after its pause, and the host may have sent two by then
    this.unseen = [];
    // a page closed or reloaded says goodbye at once (the host sees the seat gone now, not
    // after WebRTC's 30 s of silence)
    if (typeof addEventListener === "function") addEventListener("pagehide", () => this.close());
    const self = this;
    this.engine = {
      hello,
      version: null,
      request: (op, fields = {}) => self.request(op, fields),
      terminate: () => self.close(),
    };
  }

  /**
   * Answer an invitation (its code, from the link's fragment, a paste or a scan).
   * @param {string} code
   * @returns {Promise<{reply: string, seat: number, game: string}>} reply: the code to send back
   * @throws {SignalError} for a code that is not an invitation
   */
  async join(code) {
    const offer = await unpackInvite(code);
    if (this.peer) this.peer.close();
    const peer = new Peer({ iceServers: this.iceServers, maxMessage: LIMITS.hostMessage });
    this.peer = peer;
    this.closedReason = null;
    const answer = await peer.answer(offer);
    const reply = await packReply(answer, { seat: offer.seat, game: offer.game });
    this.joined = new Promise((resolve, reject) => {
      this._joined = resolve;
      this._notJoined = reject;
    });
    this.joined.catch(() => {});
    peer.onmessage = (text) => this._receive(text);
    peer.onclose = () => {
      if (this.peer !== peer) return;
      this.closedReason = this.closedReason || "host_gone";
      this._notJoined(new EngineError("internal", refusalText("host_gone", this.lang), "host_gone"));
      this._failAll(this.closedReason);
      this.onChange("closed");
    };
    // hello until the host welcomes this connection: a message sent the moment a negotiated
    // channel opens can be lost before the host's side of it has opened (seen in Chromium)
    this._welcomed = false;
    peer.opened.then(() => {
      const hello = encode("hello", { lang: this.lang, name: this.name });
      let tries = 0;
      const say = () => {
        if (this.peer !== peer || this._welcomed || !peer.open || tries++ >= HELLO_TRIES) return;
        peer.send(hello);
        setTimeout(say, HELLO_AGAIN_MS);
      };
      say();
    }, () => {});
    try {
      sessionStorage.setItem(REMEMBER, JSON.stringify({ game: offer.game, seat: offer.seat }));
    } catch (_) {
      /* no storage: nothing to remember */
    }
    return { reply, seat: offer.seat, game: offer.game };
  }

  /** {game, seat} of the last invitation this tab answered (it survives a reload), or null. */
  static remembered() {
    try {
      const r = JSON.parse(sessionStorage.getItem(REMEMBER) || "null");
      return r && typeof r.game === "string" && Number.isSafeInteger(r.seat) ? r : null;
    } catch (_) {
      return null;
    }
  }

  /** Forget the game this tab joined (remembered() gives null until the next join). */
  static forget() {
    try {
      sessionStorage.removeItem(REMEMBER);
    } catch (_) {
      /* no storage */
    }
  }

  /** Switch the language the host answers refusals in. */
  setLang(lang) {
    if (!LANGS.includes(lang)) return;
    this.lang = lang;
    if (this.peer && this.peer.open) this.peer.send(encode("lang", { lang }));
  }

  /** Leave the game (the host sees the seat disconnected). */
  close() {
    if (this.peer) this.peer.close();
  }

  _failAll(key) {
    const error = new EngineError("internal", refusalText(key, this.lang), key);
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }

  _receive(text) {
    try {
      this.onMessage(text);
    } catch (_) {
      /* a test's listener */
    }
    const read = readHostMessage(text);
    if (!read.ok) return;
    const msg = read.msg;
    if (msg.t === "welcome") {
      this._welcomed = true;
      this.seat = msg.seat;
      this.game = msg.game;
    } else if (msg.t === "seats") {
      this.seats = msg.seats;
      this.onChange("seats");
    } else if (msg.t === "table") {
      const before = this.table;
      this.table = msg.table;
      this.at = msg.at;
      this._joined();
      let answered = false;
      if (msg.re != null && this.pending.has(msg.re)) {
        const p = this.pending.get(msg.re);
        this.pending.delete(msg.re);
        p.resolve(p.op === "undo" ? { undone: null, table: msg.table } : msg.table);
        answered = true;
        this.unseen = [];  // (the page shows this table, newer than any it has not seen)
      }
      // the moves the host's change applied (the engine's, each with its own JSON `data`); from an
      // older host without them: the new entries of the view's move list
      const moves = Array.isArray(msg.table.moves) ? msg.table.moves
        : newEntries(before && before.view && before.view.last_moves, msg.table.view.last_moves);
      const change = { table: msg.table, moves, before };
      const waiting = this.waiters.length;
      this.waiters = this.waiters.filter((w) => !w(change));
      if (!answered && this.waiters.length === waiting) {
        this.unseen.push(change);  // kept for the next "bot" or "next_hand"
        if (this.unseen.length > UNSEEN_MAX) this.unseen.shift();
      }
      this.onChange("table");
    } else if (msg.t === "hint") {
      const p = this.pending.get(msg.re);
      if (p && p.op === "hint") {
        this.pending.delete(msg.re);
        p.resolve({ hint: msg.hint });
      }
    } else if (msg.t === "refused") {
      const p = msg.n != null ? this.pending.get(msg.n) : null;
      if (p) {
        this.pending.delete(msg.n);
        p.reject(new EngineError(msg.code === "illegal_move" ? "illegal_move" : "not_your_turn",
          msg.text, msg.key, {}, { [this.lang]: msg.text }));
      }
    } else if (msg.t === "bye") {
      this.closedReason = msg.key;
      this.onChange("bye");
    }
  }

  /** Wait for the next table for which `test({table, moves, before})` gives a value; that value.
   * A table that came while nobody waited counts first (oldest first; those before it that the
   * test passes over are dropped). */
  _next(test) {
    return new Promise((resolve, reject) => {
      while (this.unseen.length) {
        const value = test(this.unseen.shift());
        if (value !== undefined) {
          resolve(value);
          return;
        }
      }
      if (this.closedReason) {
        reject(new EngineError("internal", refusalText(this.closedReason, this.lang), this.closedReason));
        return;
      }
      this.waiters.push((change) => {
        const value = test(change);
        if (value === undefined) return false;
        resolve(value);
        return true;
      });
    });
  }

  /** The engine request of the guest's app (see the module comment). */
  async request(op, fields = {}) {
    switch (op) {
      case "hello":
        if (this.hello) return this.hello;
        throw new EngineError("bad_request", refusalText("host_only", this.lang), "host_only");
      case "table":
        if (this.table) {
          this.unseen = [];  // (the page is given the latest table)
          return this.table;
        }
        return this._next((c) => c.table);
      case "act":
      case "undo":
      case "hint": {
        if (!this.peer || !this.peer.open) {
          throw new EngineError("internal", refusalText("host_gone", this.lang), "host_gone");
        }
        const n = ++this.n;
        const message = op === "act" ? encode("act", { n, at: this.at, action: fields.action })
          : encode(op, { n, at: this.at });
        return new Promise((resolve, reject) => {
          const timer = setTimeout(() => {
            if (!this.pending.delete(n)) return;
            reject(new EngineError("internal", refusalText("no_answer", this.lang), "no_answer"));
          }, ANSWER_TIMEOUT_MS);
          const done = (f) => (value) => { clearTimeout(timer); f(value); };
          this.pending.set(n, { resolve: done(resolve), reject: done(reject), op });
          this.peer.send(message);
        });
      }
      case "bot":
        return this._next(({ table, moves }) => ({ move: moves.length ? moves[moves.length - 1] : null, moves, table }));
      case "next_hand": {
        const hand = this.table && this.table.view ? this.table.view.hand_number : 0;
        return this._next(({ table }) => (table.view.hand_number !== hand ? table : undefined));
      }
      default:
        throw new EngineError("bad_request", refusalText("host_only", this.lang), "host_only");
    }
  }

  /** Send a raw text to the host (tests: hostile messages); whole: as one message, never in parts. */
  sendRaw(text, whole = false) {
    if (!this.peer || !this.peer.open) return false;
    if (whole) this.peer.channel.send(text);
    else this.peer.send(text);
    return true;
  }
}
