// The host's side of a game with friends on their own devices (docs/multiplayer.md). The host's
// engine is the only authority: guests send actions for their own seat, the engine checks them
// exactly as the host's own, and each guest is sent only its seat's table (the engine's
// `view(seat)`, its legal moves, the public move log), never the game's state.
//
//   const host = new Host({engine, remoteSeats: [2], iceServers: await loadIceServers()});
//   const engine = host.engine;           // use INSTEAD of the engine for every request
//   await engine.request("new", {variant, players: 4, seed, human_seats: [0]});  // + remote seats
//   const invite = await host.invite(2);  // {seat, code, url}: show url as link and QR (qr.js)
//   await invite.accept(replyCode);       // the guest's reply code, pasted or scanned
//   host.seats();                         // [{seat, kind, name, connected}] for the seat list
//   await host.release(2);                // the person at seat 2 is gone: a computer plays it
//
// host.engine works as web/engine-client.js's engine, with these differences for the app:
//   - `new` and `load` add the remote seats to `human_seats` (the engine then waits for them);
//   - every table answered is a local person's table (while a remote seat is to act or acted
//     last: the local person shown last, `lastLocal`, else the first human seat that is not
//     remote), with `remote_seats` added; while a remote seat is to act, `to_act_is_human` is
//     false and `bot` waits for that guest's action and answers it like a computer's move
//     ({move, moves, table}), so the app's computer loop needs no change;
//   - `act`, `undo` and `hint` are refused (not_your_turn) while a remote seat is to act;
//   - a guest's own `hint` message is answered by the engine's `hint` for its seat (_hint);
//   - every change is sent on to the guests.
// Requests are run one at a time (a queue), so a guest's action and the host's never interleave.

import { EngineError } from "../engine-client.js";
import { Peer } from "./peer.js";
import { packInvite, unpackReply, inviteUrl, SignalError } from "./signal.js";
import { encode, readGuestMessage, readHint, refusalText, newEntries, randomId, REFUSALS } from "./protocol.js";

const MAX_PENDING = 16;   // a guest's messages waiting at once; more are refused ("busy")
const SHADOW = (seat) => `net-seat-${seat}`;
const CHANGES = new Set(["new", "load", "next_hand", "play"]);

function refusal(key, texts = REFUSALS[key]) {
  return new EngineError("not_your_turn", texts.en, key, {}, texts);
}

export class Host {
  /**
   * @param {{engine: {request: Function}, remoteSeats?: number[], names?: Object<number, string>,
   *          iceServers?: object[], pageUrl?: string, game?: string,
   *          onChange?: (what: "seats" | "table") => void}} options
   *   engine: the page's engine (web/engine-client.js startEngine); pageUrl: the address the
   *   invitation links open (default: this page's); game: the game's id (hex; default random,
   *   keep it across a host reload to re-invite into the same game); onChange: seats or table changed
   */
  constructor({ engine, remoteSeats = [], names = {}, iceServers = [], pageUrl = location.href,
                game = randomId(8), onChange = () => {} }) {
    this.raw = engine;
    this.remote = new Set(remoteSeats);
    this.names = { ...names };
    this.iceServers = iceServers;
    this.pageUrl = pageUrl;
    this.game = game;
    this.onChange = onChange;
    this.conns = new Map();     // seat -> connection {peer, seat, lang, name, lastN, joined, pending}
    this.invites = new Map();   // seat -> the newest invitation
    this.serial = 0;            // bumps on every change of the game ("at" in messages)
    this.epoch = 0;             // bumps on every new or loaded game
    this.main = null;           // the engine's last table of the game (all seats' authority)
    this.lastMoves = [];
    this.lastLocal = null;      // the local person's seat whose view the host's page showed last
    this.waiters = [];
    this.errors = [];           // what went wrong inside (texts), for diagnostics
    this.queue = Promise.resolve();
    const self = this;
    this.engine = {
      ...engine,
      request: (op, fields = {}) => self.request(op, fields),
    };
  }

  /** Run `fn` after every request queued before it; its result. */
  _run(fn) {
    const p = this.queue.then(() => fn());
    this.queue = p.catch(() => {});
    return p;
  }

  /** The engine request of the app (see the module comment). */
  async request(op, fields = {}) {
    // a named session of the app's own (the warnings' scratch copy, "probe") is not the game:
    // straight to the engine, nothing sent to the guests
    if (fields && typeof fields.session === "string" && !fields.session.startsWith(SHADOW(""))) {
      return this.raw.request(op, fields);
    }
    switch (op) {
      case "new":
      case "load":
        return this._run(async () => {
          const seats = new Set(Array.isArray(fields.human_seats) ? fields.human_seats : [0]);
          for (const s of this.remote) seats.add(s);
          const table = await this.raw.request(op, { ...fields, human_seats: [...seats].sort((a, b) => a - b) });
          this.epoch++;
          this.lastMoves = [];
          this.lastLocal = null;
          return this._changed(table);
        });
      case "table":
        return this._run(async () => this._localTable(await this.raw.request("table"), null));
      case "act":
      case "undo":
        return this._run(async () => {
          const main = await this.raw.request("table");
          if (main.to_act !== null && this.remote.has(main.to_act)) throw refusal("not_your_turn");
          const answer = await this.raw.request(op, fields);
          if (op === "act") return this._changed(answer);
          return { ...answer, table: await this._changed(answer.table) };
        });
      case "bot":
        return this._bot();
      case "hint":
        // the host's own hint: never for a friend's seat (its hand is not the host's to show)
        return this._run(async () => {
          const main = await this.raw.request("table");
          if (main.to_act !== null && this.remote.has(main.to_act)) throw refusal("not_your_turn");
          return this.raw.request(op, fields);
        });
      default:
        if (!CHANGES.has(op)) return this.raw.request(op, fields);
        return this._run(async () => this._changed(await this.raw.request(op, fields)));
    }
  }

  async _bot() {
    const epoch = this.epoch;
    for (;;) {
      const step = await this._run(async () => {
        if (this.epoch !== epoch) throw refusal("host_only");
        const main = await this.raw.request("table");
        if (!main.hand_over && main.to_act !== null && this.remote.has(main.to_act)) {
          return { wait: new Promise((resolve) => { this.waiters.push(resolve); }) };
        }
        const answer = await this.raw.request("bot");
        const table = await this._changed(answer.table);
        return { result: { ...answer, moves: [answer.move], table } };
      });
      if (step.result) return step.result;
      const info = await step.wait;
      if (this.epoch !== epoch) throw refusal("host_only");
      if (info.by !== null && info.moves.length) {
        return { move: info.moves[info.moves.length - 1], moves: info.moves, table: info.local };
      }
    }
  }

  /**
   * The game changed (inside the queue): send every connected guest its table, wake the
   * computer loop waiting for a guest, and answer the host's own table.
   * @param {object} main the engine's table after the change
   * @param {{seat: number, n: number} | null} by the guest whose action it was
   */
  async _changed(main, by = null) {
    this.serial++;
    this.main = main;
    // the moves the change applied, as the engine gave them (with each move's own JSON, `data`);
    // an engine without `moves`: the new entries of the view's move list
    const moves = Array.isArray(main.moves) ? main.moves : newEntries(this.lastMoves, main.view && main.view.last_moves);
    this.lastMoves = (main.view && main.view.last_moves) || [];
    const save = this.conns.size || this.remote.has(main.seat) ? await this.raw.request("save") : null;
    for (const conn of this.conns.values()) {
      if (!conn.joined || !conn.peer.open) continue;
      try {
        await this._sendTable(conn, save, by && by.seat === conn.seat ? by.n : null);
      } catch (err) {
        this._trouble(`table for seat ${conn.seat}`, err);
        if (by && by.seat === conn.seat) this._refuse(conn, by.n, "internal");
      }
    }
    const local = await this._localTable(main, save);
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake({ by: by ? by.seat : null, moves, local });
    this.onChange("table");
    return local;
  }

  /** The table of `seat` alone, from the engine: the game loaded into that seat's own session,
   * with what the last change did as that seat may see it (the engine's `events` op: its events
   * and moves, which a game just loaded has none of; docs/protocol.md "events"). */
  async _seatTable(seat, save) {
    const fields = { session: SHADOW(seat), state: save.state, human_seats: [seat] };
    if (save.undo) fields.undo = save.undo;
    const table = await this.raw.request("load", fields);
    const did = await this.raw.request("events", { seat });
    return { ...table, events: did.events, moves: did.moves };
  }

  async _localTable(main, save) {
    const remoteSeats = [...this.remote].sort((a, b) => a - b);
    if (!this.remote.has(main.seat)) {
      if ((main.human_seats || []).includes(main.seat)) this.lastLocal = main.seat;
      return { ...main, remote_seats: remoteSeats };
    }
    const mine = (main.human_seats || []).filter((s) => !this.remote.has(s));
    if (!mine.length) return { ...main, legal: [], can_undo: false, to_act_is_human: false, remote_seats: remoteSeats };
    // a friend's seat is to act (or acted last): the host's device keeps showing the person who
    // held it last (pass-and-play: the one behind the cover now), not the first person's hand
    const seat = mine.includes(this.lastLocal) ? this.lastLocal : mine[0];
    const t = await this._seatTable(seat, save || await this.raw.request("save"));
    return { ...t, human_seats: main.human_seats, remote_seats: remoteSeats };
  }

  async _sendTable(conn, save, re) {
    const t = await this._seatTable(conn.seat, save);
    const table = { ...t, human_seats: [conn.seat] };
    conn.peer.send(encode("table", re === null ? { at: this.serial, table } : { at: this.serial, re, table }));
  }

  /**
   * A new invitation for a remote seat; an older one for the seat stops working once a guest
   * joins through this one.
   * @param {number} seat
   * @returns {Promise<{seat: number, code: string, url: string, accept: (reply: string) => Promise<void>,
   *                    joined: Promise<void>}>} accept throws SignalError (key "bad_code",
   *   "wrong_kind", "too_large", "wrong_game", "used") for a reply that does not fit; joined
   *   resolves when the guest has said hello
   */
  async invite(seat) {
    if (!this.remote.has(seat)) throw new Error(`Seat ${seat} is not a remote seat.`);
    const peer = new Peer({ iceServers: this.iceServers, acceptParts: false, maxMessage: 16384 });
    const offer = await peer.offer();
    const code = await packInvite(offer, { seat, game: this.game });
    let joined;
    const invite = {
      seat,
      code,
      url: inviteUrl(this.pageUrl, code),
      used: false,
      joined: new Promise((resolve) => { joined = resolve; }),
      accept: async (reply) => {
        const answer = await unpackReply(reply);
        if (answer.game !== this.game || answer.seat !== seat) {
          throw new SignalError("wrong_game", "This reply code answers another invitation.");
        }
        if (invite.used) throw new SignalError("used", "This invitation was already answered: make a new one.");
        invite.used = true;
        await peer.accept(answer);
        this._connect(seat, peer, joined);
      },
    };
    const older = this.invites.get(seat);
    if (older && !older.used) older.close();
    invite.close = () => { if (!invite.used) peer.close(); };
    this.invites.set(seat, invite);
    return invite;
  }

  _connect(seat, peer, joined) {
    const conn = { peer, seat, lang: "en", name: "", lastN: 0, joined: false, pending: 0, onJoin: joined,
      hint: null };  // hint: {at, hint} the engine's last hint for this guest (one per table)
    // the seat is this connection's once its channel is open, or once its first message comes:
    // the guest's hello can be delivered before this side's own "open" event has run
    let registered = false;
    const register = () => {
      if (registered || peer.closed) return;
      registered = true;
      const old = this.conns.get(seat);
      this.conns.set(seat, conn);
      if (old && old !== conn) {
        old.peer.send(encode("bye", { key: "seat_taken", text: refusalText("seat_taken", old.lang) }));
        old.peer.close();
      }
    };
    peer.onmessage = (text) => {
      register();
      this._receive(conn, text);
    };
    peer.onrefused = (why) => this._refuse(conn, null, why === "too_large" || why === "parts" ? "too_large" : "bad_message");
    peer.onclose = () => {
      if (this.conns.get(seat) === conn) {
        this.onChange("seats");
        this._sendSeats();
      }
    };
    peer.opened.then(register, () => {});
  }

  _receive(conn, text) {
    if (this.conns.get(conn.seat) !== conn) return;
    if (conn.pending >= MAX_PENDING) {
      this._refuse(conn, null, "busy");
      return;
    }
    conn.pending++;
    this._run(() => this._handle(conn, text)).catch((err) => {
      this._trouble(`message of seat ${conn.seat}`, err);
      this._refuse(conn, null, "internal");
    }).finally(() => { conn.pending--; });
  }

  _trouble(what, err) {
    const text = `${what}: ${err && (err.key || err.code) || ""} ${err && err.message || err}`;
    if (this.errors.length < 50) this.errors.push(text);
    console.error("host:", text);
  }

  _refuse(conn, n, key, code = "refused", text = null) {
    conn.peer.send(encode("refused", { n, code, key, text: text || refusalText(key, conn.lang) }));
  }

  /** The engine refused a guest's request: its key, code and text in the guest's language. */
  _refuseEngine(conn, n, err) {
    const texts = err && err.texts ? err.texts : {};
    const said = texts[conn.lang] || texts.en || String(err && err.message || "refused");
    return this._refuse(conn, n, String((err && (err.key || err.code)) || "refused").slice(0, 64),
                        String((err && err.code) || "refused").slice(0, 32), said.slice(0, 500));
  }

  async _handle(conn, text) {
    const read = readGuestMessage(text);
    if (read.ok === false) { // (=== narrows the union without strictNullChecks; ! does not)
      this._refuse(conn, read.n, read.key);
      return;
    }
    const msg = read.msg;
    if (msg.t === "hello") {
      conn.lang = msg.lang;
      conn.name = msg.name;
      const first = !conn.joined;
      conn.joined = true;
      const players = this.main && this.main.view ? this.main.view.players : null;
      conn.peer.send(encode("welcome", { seat: conn.seat, game: this.game, players,
        variant: this.main && this.main.view ? this.main.view.variant : null }));
      if (this.main) await this._sendTable(conn, await this.raw.request("save"), null);
      this._sendSeats();
      this.onChange("seats");
      if (first) conn.onJoin();
      return;
    }
    if (!conn.joined) {
      this._refuse(conn, msg.n ?? null, "not_joined");
      return;
    }
    if (msg.t === "lang") {
      conn.lang = msg.lang;
      return;
    }
    // act, undo, hint: each number once, on the table the guest saw, on the guest's own turn
    if (msg.n <= conn.lastN) {
      this._refuse(conn, msg.n, "replayed");
      return;
    }
    conn.lastN = msg.n;
    if (msg.at !== this.serial) {
      this._refuse(conn, msg.n, "stale");
      return;
    }
    if (!this.remote.has(conn.seat)) {
      this._refuse(conn, msg.n, "seat_to_computer");
      return;
    }
    const main = await this.raw.request("table");
    if (main.hand_over || main.to_act !== conn.seat) {
      this._refuse(conn, msg.n, "not_your_turn");
      return;
    }
    if (msg.t === "hint") {
      await this._hint(conn, msg);
      return;
    }
    let answer;
    try {
      answer = msg.t === "act" ? await this.raw.request("act", { action: msg.action }) : await this.raw.request("undo", {});
    } catch (err) {
      this._refuseEngine(conn, msg.n, err);
      return;
    }
    await this._changed(msg.t === "act" ? answer : answer.table, { seat: conn.seat, n: msg.n });
  }

  /**
   * A guest's hint (its seat is to act, checked): the engine's `hint` op, which answers for the
   * seat to act from that seat's information only (the strong player's move; docs/protocol.md).
   * One engine hint per guest and table (LIMITS.hintsPerTable): asking again on the same table
   * gets the same answer without asking the engine.
   */
  async _hint(conn, msg) {
    if (!conn.hint || conn.hint.at !== this.serial) {
      let answer;
      try {
        answer = await this.raw.request("hint", {});
      } catch (err) {
        this._refuseEngine(conn, msg.n, err);
        return;
      }
      const hint = readHint(answer && answer.hint);
      if (!hint || hint.seat !== conn.seat) {
        this._refuse(conn, msg.n, "internal");
        return;
      }
      conn.hint = { at: this.serial, hint };
    }
    conn.peer.send(encode("hint", { re: msg.n, at: this.serial, hint: conn.hint.hint }));
  }

  /** [{seat, kind: "local" | "guest" | "computer", name, connected}] for every seat. */
  seats() {
    const main = this.main;
    const players = main && main.view && Number.isSafeInteger(main.view.players) ? main.view.players : 0;
    const humans = new Set((main && main.human_seats) || []);
    const out = [];
    for (let seat = 0; seat < players; seat++) {
      const conn = this.conns.get(seat);
      const kind = this.remote.has(seat) ? "guest" : humans.has(seat) ? "local" : "computer";
      const name = kind === "guest" && conn && conn.name ? conn.name : this.names[seat] || "";
      out.push({ seat, kind, name, connected: kind !== "guest" || Boolean(conn && conn.joined && conn.peer.open) });
    }
    return out;
  }

  _sendSeats() {
    const text = encode("seats", { seats: this.seats() });
    for (const conn of this.conns.values()) if (conn.joined && conn.peer.open) conn.peer.send(text);
  }

  /**
   * Hand a remote seat to the computer (its person is gone): the guest, if still connected, is
   * told so and disconnected; the engine plays the seat from now on.
   */
  release(seat) {
    return this._run(async () => {
      if (!this.remote.has(seat)) return;
      this.remote.delete(seat);
      const conn = this.conns.get(seat);
      this.conns.delete(seat);
      if (conn) {
        conn.peer.send(encode("bye", { key: "seat_to_computer", text: refusalText("seat_to_computer", conn.lang) }));
        conn.peer.close();
      }
      if (!this.main) return;
      const save = await this.raw.request("save");
      const fields = { state: save.state, human_seats: save.human_seats.filter((s) => s !== seat) };
      if (save.undo) fields.undo = save.undo;
      if (!fields.human_seats.length) fields.human_seats = [save.human_seats[0] === seat ? 0 : save.human_seats[0]];
      const table = await this.raw.request("load", fields);
      await this._changed(table);
      this.onChange("seats");
      this._sendSeats();
    });
  }

  /** Close every connection and the seats' own engine sessions. */
  async close() {
    for (const invite of this.invites.values()) invite.close();
    for (const conn of this.conns.values()) conn.peer.close();
    this.conns.clear();
    const players = this.main && this.main.view ? this.main.view.players : 0;
    for (let seat = 0; seat < players; seat++) {
      await this.raw.request("end", { session: SHADOW(seat) }).catch(() => {});
    }
  }
}
