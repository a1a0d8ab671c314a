// The messages between a host's page and a guest's page over a WebRTC data channel
// (docs/multiplayer.md). JSON text, versioned by `v`; every message is one object with a type `t`.
//
//   guest -> host   hello {lang, name}              first message after the channel opens
//                   lang {lang}                     the guest switched its language
//                   act {n, at, action}             an action for the guest's own seat
//                   undo {n, at}                    take back the guest's last move of this turn
//                   hint {n, at}                    a hint for the guest's own seat (version 2)
//   host -> guest   welcome {seat, game, players, variant}
//                   table {at, re?, table}          the guest seat's table (re: the n it answers)
//                   refused {n, code, key, text}    a refusal in the guest's language
//                   hint {re, at, hint}             the engine's hint for the guest's seat (re: its n)
//                   seats {seats: [{seat, kind, name, connected}]}
//                   bye {key, text}                 the host closes this guest's seat
//
// Nothing a guest sends is trusted: readGuestMessage checks the size before parsing, the shape of
// every field, and keeps names as plain text (no markup can come of them). The host's own checks
// (whose turn, replayed or stale messages) are in host.js; the rules are the engine's.

// 1: session 11; 2: the guest's `hint` request and the host's `hint` answer (a version-1 page is
// refused with "bad_version": reload it)
export const VERSION = 2;

/** Size limits (characters of JSON text, or items). */
export const LIMITS = Object.freeze({
  guestMessage: 16384,     // a guest's message to the host, checked before it is parsed
  hostMessage: 2000000,    // a host's message to a guest (a table), after reassembly (peer.js)
  name: 24,                // a player's name
  text: 200,               // a text value inside an action
  list: 120,               // items of a list inside an action
  depth: 4,                // nesting of objects and lists inside an action
  keys: 16,                // keys of one object inside an action
  hintText: 500,           // a hint's reason text, per language (host -> guest)
  hintsPerTable: 1,        // engine hints per guest and table: a second ask gets the first answer again
});

export const GUEST_TYPES = Object.freeze(["hello", "lang", "act", "undo", "hint"]);
export const HOST_TYPES = Object.freeze(["welcome", "table", "refused", "seats", "bye", "hint"]);
export const LANGS = Object.freeze(["en", "de"]);

/**
 * Refusals and notices the network layer gives itself (the engine's own refusals carry their
 * texts from its catalogue). key -> {en, de}. The guest is answered in its language.
 */
export const REFUSALS = Object.freeze({
  too_large: { en: "That message is too long.", de: "Diese Nachricht ist zu lang." },
  not_json: { en: "That message could not be read.", de: "Diese Nachricht war nicht lesbar." },
  bad_version: {
    en: "Your page speaks another version of the game's protocol: reload it.",
    de: "Deine Seite spricht eine andere Version des Spielprotokolls: lade sie neu.",
  },
  bad_message: { en: "That message is malformed.", de: "Diese Nachricht ist fehlerhaft." },
  not_joined: { en: "Say hello first.", de: "Melde dich zuerst an." },
  replayed: {
    en: "That action was already sent once.",
    de: "Diese Aktion wurde schon einmal gesendet.",
  },
  stale: {
    en: "The table changed meanwhile: look again and play once more.",
    de: "Der Tisch hat sich inzwischen geändert: schau noch einmal und spiele erneut.",
  },
  not_your_turn: { en: "It is not your turn.", de: "Du bist nicht am Zug." },
  busy: { en: "Too many messages at once: wait a moment.", de: "Zu viele Nachrichten auf einmal: warte kurz." },
  seat_taken: {
    en: "Someone else joined this seat with a newer invitation.",
    de: "Jemand anderes hat diesen Platz mit einer neueren Einladung übernommen.",
  },
  seat_to_computer: {
    en: "The host gave your seat to the computer.",
    de: "Der Gastgeber hat deinen Platz dem Computer gegeben.",
  },
  host_only: { en: "Only the host can do that.", de: "Das kann nur der Gastgeber." },
  host_gone: { en: "The connection to the host is lost.", de: "Die Verbindung zum Gastgeber ist unterbrochen." },
  no_answer: {
    en: "The host did not answer: try again.",
    de: "Der Gastgeber hat nicht geantwortet: versuche es noch einmal.",
  },
  internal: {
    en: "Something went wrong on the host's side: try again.",
    de: "Beim Gastgeber ist etwas schiefgegangen: versuche es noch einmal.",
  },
});

/** The text of a REFUSALS key in `lang` (English when the language is not known). */
export function refusalText(key, lang) {
  const texts = REFUSALS[key] || REFUSALS.bad_message;
  return texts[lang] || texts.en;
}

// Control characters, bidirectional overrides and isolates, zero-width and other format
// characters, which could disguise a name; markup needs no removal, as names are only ever
// shown as text (textContent), never parsed.
const HIDDEN_CHARS = /[\p{Cc}\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/gu;

/**
 * A name a person typed, safe to show as text: hidden characters removed, white space
 * collapsed, at most LIMITS.name characters (by code point). Not text -> "".
 * @param {unknown} value
 * @returns {string}
 */
export function plainName(value) {
  if (typeof value !== "string") return "";
  const text = value.slice(0, 400).replace(HIDDEN_CHARS, "").replace(/\s+/g, " ").trim();
  return Array.from(text).slice(0, LIMITS.name).join("").trim();
}

const KEY = /^[a-z][a-z0-9_]{0,31}$/;
const SAFE_INT = (x) => Number.isSafeInteger(x);

/**
 * Whether `value` is an acceptable action value: JSON data of bounded size and depth whose object
 * keys are lower-case words (no `__proto__`, no `constructor` tricks), texts at most LIMITS.text
 * characters, lists at most LIMITS.list items, numbers safe integers. The engine checks meaning.
 */
function actionValue(value, depth) {
  if (value === null || typeof value === "boolean") return true;
  if (typeof value === "string") return value.length <= LIMITS.text;
  if (typeof value === "number") return SAFE_INT(value);
  if (depth >= LIMITS.depth) return false;
  if (Array.isArray(value)) return value.length <= LIMITS.list && value.every((v) => actionValue(v, depth + 1));
  if (typeof value === "object") {
    const keys = Object.keys(value);
    return keys.length <= LIMITS.keys && keys.every((k) => KEY.test(k) && actionValue(value[k], depth + 1));
  }
  return false;
}

/** Whether `action` has the shape of an engine action (docs/protocol.md, "action"). */
export function isAction(action) {
  return Boolean(action) && typeof action === "object" && !Array.isArray(action) &&
    typeof action.type === "string" && KEY.test(action.type) && actionValue(action, 0);
}

function exactKeys(msg, allowed) {
  return Object.keys(msg).every((k) => allowed.includes(k));
}

/**
 * Read one message a guest sent. Never throws.
 * @param {unknown} text the data channel's message
 * @returns {{ok: true, msg: object} | {ok: false, key: string, n: number | null}}
 *   key: a REFUSALS key; n: the message's number when it could be read (for the refusal)
 */
export function readGuestMessage(text) {
  if (typeof text !== "string") return { ok: false, key: "bad_message", n: null };
  if (text.length > LIMITS.guestMessage) return { ok: false, key: "too_large", n: null };
  let msg;
  try {
    msg = JSON.parse(text);
  } catch (_) {
    return { ok: false, key: "not_json", n: null };
  }
  if (!msg || typeof msg !== "object" || Array.isArray(msg)) return { ok: false, key: "bad_message", n: null };
  const n = SAFE_INT(msg.n) && msg.n > 0 ? msg.n : null;
  if (msg.v !== VERSION) return { ok: false, key: "bad_version", n };
  const bad = /** @type {{ok: false, key: string, n: number | null}} */ ({ ok: false, key: "bad_message", n });
  switch (msg.t) {
    case "hello":
      if (!exactKeys(msg, ["v", "t", "lang", "name"]) || !LANGS.includes(msg.lang)) return bad;
      if (msg.name !== undefined && typeof msg.name !== "string") return bad;
      return { ok: true, msg: { v: VERSION, t: "hello", lang: msg.lang, name: plainName(msg.name) } };
    case "lang":
      if (!exactKeys(msg, ["v", "t", "lang"]) || !LANGS.includes(msg.lang)) return bad;
      return { ok: true, msg: { v: VERSION, t: "lang", lang: msg.lang } };
    case "act":
      if (!exactKeys(msg, ["v", "t", "n", "at", "action"]) || n === null || !SAFE_INT(msg.at) ||
          !isAction(msg.action)) return bad;
      return { ok: true, msg: { v: VERSION, t: "act", n, at: msg.at, action: msg.action } };
    case "undo":
    case "hint":
      if (!exactKeys(msg, ["v", "t", "n", "at"]) || n === null || !SAFE_INT(msg.at)) return bad;
      return { ok: true, msg: { v: VERSION, t: msg.t, n, at: msg.at } };
    default:
      return bad;
  }
}

/**
 * Read one message the host sent (the guest trusts the host with the game, but not with its
 * page: the message must still have its shape). Never throws.
 * @returns {{ok: true, msg: object} | {ok: false, key: string}}
 */
export function readHostMessage(text) {
  if (typeof text !== "string") return { ok: false, key: "bad_message" };
  if (text.length > LIMITS.hostMessage) return { ok: false, key: "too_large" };
  let msg;
  try {
    msg = JSON.parse(text);
  } catch (_) {
    return { ok: false, key: "not_json" };
  }
  if (!msg || typeof msg !== "object" || Array.isArray(msg)) return { ok: false, key: "bad_message" };
  if (msg.v !== VERSION) return { ok: false, key: "bad_version" };
  const bad = /** @type {{ok: false, key: string}} */ ({ ok: false, key: "bad_message" });
  switch (msg.t) {
    case "welcome":
      return SAFE_INT(msg.seat) && typeof msg.game === "string" ? { ok: true, msg } : bad;
    case "table":
      return SAFE_INT(msg.at) && msg.table && typeof msg.table === "object" && msg.table.view &&
        typeof msg.table.view === "object" ? { ok: true, msg } : bad;
    case "refused":
      return typeof msg.key === "string" && typeof msg.text === "string" ? { ok: true, msg } : bad;
    case "seats":
      return Array.isArray(msg.seats) ? {
        ok: true,
        msg: { ...msg, seats: msg.seats.filter((s) => s && SAFE_INT(s.seat)).map((s) => ({
          seat: s.seat, kind: ["host", "guest", "computer", "local"].includes(s.kind) ? s.kind : "computer",
          name: plainName(s.name), connected: s.connected === true,
        })) },
      } : bad;
    case "bye":
      return typeof msg.key === "string" ? { ok: true, msg } : bad;
    case "hint": {
      const hint = readHint(msg.hint);
      return SAFE_INT(msg.re) && SAFE_INT(msg.at) && hint ? { ok: true, msg: { ...msg, hint } } : bad;
    }
    default:
      return bad;
  }
}

/**
 * The engine's hint answer (docs/protocol.md, "hint": {seat, move, kind, cards, key, params, texts})
 * as the guest's page may use it: texts shown as text only, each at most LIMITS.hintText
 * characters; null when it does not have that shape.
 * @param {unknown} hint
 * @returns {{seat: number, move: string, kind: string, cards: string[], key: string,
 *            params: object, texts: Object<string, string>} | null}
 */
export function readHint(hint) {
  if (!hint || typeof hint !== "object" || Array.isArray(hint)) return null;
  const h = /** @type {Record<string, unknown>} */ (hint);
  const texts = h.texts && typeof h.texts === "object" && !Array.isArray(h.texts)
    ? /** @type {Record<string, unknown>} */ (h.texts) : null;
  if (!SAFE_INT(h.seat) || typeof h.move !== "string" || h.move.length > LIMITS.text || !texts ||
      typeof texts.en !== "string") return null;
  /** @type {Object<string, string>} */
  const out = {};
  for (const lang of LANGS) {
    if (typeof texts[lang] === "string") out[lang] = texts[lang].slice(0, LIMITS.hintText);
  }
  const cards = Array.isArray(h.cards) ? h.cards.filter((c) => typeof c === "string" && c.length <= 8).slice(0, LIMITS.list) : [];
  return {
    seat: /** @type {number} */ (h.seat), move: h.move, kind: typeof h.kind === "string" ? h.kind.slice(0, 32) : "",
    cards, key: typeof h.key === "string" ? h.key.slice(0, 64) : "",
    params: h.params && typeof h.params === "object" && !Array.isArray(h.params) ? h.params : {}, texts: out,
  };
}

/** JSON text of a message of this protocol version: encode("table", {at, table}). */
export function encode(type, fields = {}) {
  return JSON.stringify({ v: VERSION, t: type, ...fields });
}

/**
 * The log entries of `after` (a view's `last_moves`) that `before` did not have: the longest
 * suffix of `before` that starts `after` is taken as shared. Entries: {seat, text, label}.
 * @param {Array<object>} before
 * @param {Array<object>} after
 * @returns {Array<object>}
 */
export function newEntries(before, after) {
  const a = Array.isArray(before) ? before.map((m) => JSON.stringify(m)) : [];
  const b = Array.isArray(after) ? after.map((m) => JSON.stringify(m)) : [];
  for (let k = Math.min(a.length, b.length); k > 0; k--) {
    let same = true;
    for (let i = 0; i < k && same; i++) same = a[a.length - k + i] === b[i];
    if (same) return after.slice(k);
  }
  return Array.isArray(after) ? after.slice() : [];
}

/** A random identifier: `bytes` random bytes as hex. */
export function randomId(bytes = 8) {
  const a = new Uint8Array(bytes);
  crypto.getRandomValues(a);
  return Array.from(a, (x) => x.toString(16).padStart(2, "0")).join("");
}
