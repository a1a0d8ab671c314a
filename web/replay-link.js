// Records in links (issue #30, docs/records.md "Links"): replay.html#r=<record> with the record
// compressed (deflate-raw, CompressionStream) and written in base64url, so a link holds a whole
// match and works on any static host: the fragment is never sent to a server.
//
//   import { replayUrl, openReplay, encodeRecord, decodeRecord } from "./replay-link.js";
//   await replayUrl(text, {move, seat})   "…/replay.html#r=z…&m=12&s=0" (absolute URL)
//   await openReplay(answer, {move, seat, newTab})
//                                         open the replay of the engine's `record` answer
//                                         ({record, moves, view}); e.g. "Replay this deal" on the
//                                         score sheet (web/app.js)
//   await shareLink(request, {seat, names}) {url, copied}: the game so far as `seat` may show it,
//                                         as a replay link (copied to the clipboard)
//   await encodeRecord(text)              "z<base64url>" (or "t<base64url>" without CompressionStream)
//   await decodeRecord(code)              the record text; throws LinkError (.key: "replay.linkBad"
//                                         | "replay.linkLong") for anything else, reading at most
//                                         MAX_LINK_TEXT characters whatever the link claims
import { PackError, toBase64Url, fromBase64Url, deflate, inflate } from "./packing.js";

export const MAX_LINK_TEXT = 250000;  // meldtable.records.MAX_RECORD: the longest record
export const MAX_FRAGMENT = 400000;   // the longest fragment read at all (characters)
const PAGE = new URL("./replay.html", import.meta.url);

/** A link that cannot be read: `key` is the i18n key of the reason. */
export class LinkError extends Error {
  /** @param {"replay.linkBad" | "replay.linkLong"} key */
  constructor(key) { super(key); this.name = "LinkError"; this.key = key; }
}

/**
 * A PackError (web/packing.js) as this page's LinkError; anything else unchanged.
 * @param {unknown} err
 */
function asLinkError(err) {
  return err instanceof PackError ? new LinkError(err.reason === "large" ? "replay.linkLong" : "replay.linkBad") : err;
}

/**
 * The record text as a link's code: "z" + base64url(deflate-raw(text)), or "t" + base64url(text).
 * @param {string} text
 * @returns {Promise<string>}
 */
export async function encodeRecord(text) {
  const bytes = new TextEncoder().encode(String(text));
  if (typeof CompressionStream === "function") return "z" + toBase64Url(await deflate(bytes));
  return "t" + toBase64Url(bytes);
}

/**
 * The record text of a link's code (encodeRecord); LinkError for anything that is not one.
 * @param {string | null | undefined} code
 * @returns {Promise<string>}
 */
export async function decodeRecord(code) {
  const text = String(code || "");
  if (text.length < 2 || text.length > MAX_FRAGMENT) throw new LinkError(text.length > MAX_FRAGMENT ? "replay.linkLong" : "replay.linkBad");
  let raw;
  try {
    const bytes = fromBase64Url(text.slice(1));
    if (text[0] === "t") raw = bytes;
    else if (text[0] === "z" && typeof DecompressionStream === "function") raw = await inflate(bytes, MAX_LINK_TEXT);
    else throw new LinkError("replay.linkBad");
  } catch (err) {
    throw asLinkError(err);
  }
  if (raw.length > MAX_LINK_TEXT) throw new LinkError("replay.linkLong");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(raw);
  } catch {
    throw new LinkError("replay.linkBad");
  }
}

/** @typedef {number | "all" | null} SeatView  a seat's number, "all" (every hand open) or null */

/**
 * The fragment's parts: {code, move, seat} (seat: a number, "all" or null).
 * @param {string | null | undefined} hash  location.hash, with or without its "#"
 * @returns {{code: string | null, move: number | null, seat: SeatView}}
 */
export function readFragment(hash) {
  const params = new URLSearchParams(String(hash || "").replace(/^#/, ""));
  const m = params.get("m") === null || params.get("m") === "" ? NaN : Number(params.get("m"));
  const s = params.get("s");
  return {
    code: params.get("r"),
    move: Number.isInteger(m) && m >= 0 ? m : null,
    seat: s === "a" ? "all" : /^\d{1,2}$/.test(s || "") ? Number(s) : null,
  };
}

/**
 * The replay page's URL for record `text` at move `move` from seat `seat` (a number, "all" or null).
 * @param {string} text
 * @param {{move?: number | null, seat?: SeatView, lang?: string | null}} [where]
 * @returns {Promise<string>}
 */
export async function replayUrl(text, { move = null, seat = null, lang = null } = {}) {
  const url = new URL(PAGE);
  if (lang) url.searchParams.set("lang", lang);
  let hash = "r=" + await encodeRecord(text);
  if (Number.isInteger(move)) hash += `&m=${move}`;
  if (seat === "all") hash += "&s=a";
  else if (Number.isInteger(seat)) hash += `&s=${seat}`;
  url.hash = hash;
  return url.href;
}

/**
 * Open the replay of the engine's `record` answer ({record, moves, view}, docs/records.md
 * "Protocol"): at its last move unless `move` says otherwise, all hands open unless `seat`.
 * newTab (default false) opens it in a new tab. Resolves with the URL.
 * @param {{record: string, moves?: number, view?: SeatView}} answer
 * @param {{move?: number | null, seat?: SeatView, newTab?: boolean}} [where]
 * @returns {Promise<string>}
 */
export async function openReplay(answer, { move = null, seat = null, newTab = false } = {}) {
  const text = answer && typeof answer.record === "string" ? answer.record : String(answer || "");
  const url = await replayUrl(text, { move: move ?? (answer && Number.isInteger(answer.moves) ? answer.moves : null), seat });
  if (newTab) window.open(url, "_blank", "noopener");
  else location.href = url;
  return url;
}

/**
 * A link to the game so far as `seat` may show it (issue #30, "Share"; docs/records.md, the
 * sharing rule): the engine's `record` answer for that seat (during a hand a position with only
 * that seat's cards named, no seed, no moves; the whole record once the match is over), as the
 * replay page's URL from that seat. Copied to the clipboard where the browser allows it.
 * `request(op, fields)` is the page's engine request. Resolves with {url, copied}; rejects with
 * the engine's refusal (e.g. `record_mid_turn`) or a LinkError.
 * @param {(op: string, fields: object) => Promise<any>} request
 * @param {{seat?: number, names?: string[] | null}} [options]
 * @returns {Promise<{url: string, copied: boolean}>}
 */
export async function shareLink(request, { seat, names = null } = {}) {
  const answer = await request("record", { seat, names });
  const url = await replayUrl(answer.record, { seat: answer.view ?? seat, move: answer.moves });
  let copied = false;
  try {
    if (navigator.clipboard && navigator.clipboard.writeText) { await navigator.clipboard.writeText(url); copied = true; }
  } catch { copied = false; }
  return { url, copied };
}
