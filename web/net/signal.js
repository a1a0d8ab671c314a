// Signalling without a server (docs/multiplayer.md, "Joining"): the host's offer and the guest's
// answer are each one complete session description (non-trickle ICE: every candidate gathered
// first, peer.js), packed into a short code: JSON -> deflate-raw (CompressionStream) -> base64url.
//
//   const code = await packInvite(offer, {seat: 2, game: "9f3c..."});   // host
//   const url = inviteUrl(location.href, code);        // https://host/play/#join=M1...
//   const invite = await unpackInvite(inviteFromHash(location.hash));   // guest: {sdp, seat, game}
//   const reply = await packReply(answer, {game: invite.game, seat: invite.seat});  // guest
//   const answer = await unpackReply(reply);            // host: {sdp, seat, game}
//
// A code is "M1" + base64url; unpacking refuses (SignalError) anything longer than
// MAX_CODE characters, anything inflating past MAX_JSON bytes, and anything not of its shape.

import { PackError, toBase64Url, fromBase64Url, deflate, inflate } from "../packing.js";

export const PREFIX = "M1";
export const MAX_CODE = 8000;    // characters of a code (a Chromium data-channel offer packs to ~500)
export const MAX_JSON = 32768;   // bytes a code may inflate to
export const MAX_SDP = 16384;    // characters of a session description
const HASH_KEY = "join";

export class SignalError extends Error {
  /** @param {string} key "bad_code" | "wrong_kind" | "too_large"; see docs/multiplayer.md */
  constructor(key, message) {
    super(message);
    this.name = "SignalError";
    this.key = key;
  }
}

/** A PackError (web/packing.js) as this layer's SignalError; anything else unchanged. */
function asSignalError(err) {
  if (!(err instanceof PackError)) return err;
  if (err.reason === "large") return new SignalError("too_large", "The code unpacks to more than a code can hold.");
  if (err.reason === "chars") return new SignalError("bad_code", "The code holds characters no code has.");
  return new SignalError("bad_code", "The code is cut off or mistyped.");
}

/** JSON-able object -> code text ("M1" + base64url of deflate-raw of its JSON). */
export async function pack(obj) {
  const data = new TextEncoder().encode(JSON.stringify(obj));
  try {
    return PREFIX + toBase64Url(await deflate(data, MAX_JSON * 2));
  } catch (err) {
    throw asSignalError(err);
  }
}

/** Code text -> the object packed in it. Throws SignalError. White space in the code is ignored
 * (a code pasted from a chat may be wrapped); so is a whole invitation link pasted instead. */
export async function unpack(code) {
  if (typeof code !== "string") throw new SignalError("bad_code", "No code was given.");
  let text = code.replace(/\s+/g, "");
  const fromUrl = inviteFromHash(text.includes("#") ? text.slice(text.indexOf("#")) : "");
  if (fromUrl) text = fromUrl;
  if (text.length > MAX_CODE) throw new SignalError("too_large", "The code is longer than any code of the game.");
  if (!text.startsWith(PREFIX)) throw new SignalError("bad_code", "This is not a code of this game.");
  let inflated;
  try {
    inflated = await inflate(fromBase64Url(text.slice(PREFIX.length)), MAX_JSON);
  } catch (err) {
    throw asSignalError(err);
  }
  try {
    const obj = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(inflated));
    if (!obj || typeof obj !== "object" || Array.isArray(obj)) throw new Error("not an object");
    return obj;
  } catch (_) {
    throw new SignalError("bad_code", "The code is cut off or mistyped.");
  }
}

function description(obj, kind) {
  if (obj.v !== 1 || obj.k !== kind) {
    throw new SignalError("wrong_kind", kind === "offer"
      ? "This is not an invitation (is it a reply code?)." : "This is not a reply code (is it an invitation?).");
  }
  if (typeof obj.sdp !== "string" || obj.sdp.length > MAX_SDP || !obj.sdp.startsWith("v=0") ||
      !Number.isSafeInteger(obj.seat) || obj.seat < 0 || obj.seat > 15 ||
      typeof obj.game !== "string" || !/^[0-9a-f]{8,64}$/.test(obj.game)) {
    throw new SignalError("bad_code", "The code is cut off or mistyped.");
  }
  return { type: kind, sdp: obj.sdp, seat: obj.seat, game: obj.game };
}

/**
 * The invitation code of a host's offer.
 * @param {{type: "offer", sdp: string}} desc the complete local description (peer.js)
 * @param {{seat: number, game: string}} meta the seat offered and the host's game id (hex)
 */
export function packInvite(desc, { seat, game }) {
  return pack({ v: 1, k: "offer", sdp: desc.sdp, seat, game });
}

/** @returns {Promise<{type: "offer", sdp: string, seat: number, game: string}>} */
export async function unpackInvite(code) {
  return description(await unpack(code), "offer");
}

/** The reply code of a guest's answer to an invitation for `seat` of `game`. */
export function packReply(desc, { seat, game }) {
  return pack({ v: 1, k: "answer", sdp: desc.sdp, seat, game });
}

/** @returns {Promise<{type: "answer", sdp: string, seat: number, game: string}>} */
export async function unpackReply(code) {
  return description(await unpack(code), "answer");
}

/** The invitation link: `base` (the page's address; any fragment dropped) + "#join=<code>". */
export function inviteUrl(base, code) {
  const url = new URL(base);
  url.hash = "";
  return `${url.href.replace(/#$/, "")}#${HASH_KEY}=${code}`;
}

/** The invitation code in a URL fragment ("#join=M1..."), or null. */
export function inviteFromHash(hash) {
  if (typeof hash !== "string") return null;
  const m = /^#?join=([A-Za-z0-9_-]+)$/.exec(hash);
  return m && m[1].startsWith(PREFIX) ? m[1] : null;
}

/** The kinds of ICE candidates in a session description, e.g. {host: 1} (tests, diagnostics). */
export function candidateTypes(sdp) {
  const kinds = {};
  for (const m of String(sdp).matchAll(/^a=candidate:.* typ (\w+)/gm)) kinds[m[1]] = (kinds[m[1]] || 0) + 1;
  return kinds;
}
