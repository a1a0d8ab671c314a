// Bytes in links and codes (issues #28 and #30): base64url (RFC 4648 §5, no padding) and
// deflate-raw (CompressionStream), with caps on what is read. Shared by the replay links
// (replay-link.js: "z" + base64url(deflate-raw(record))) and the invitation and reply codes of
// play with friends (net/signal.js: "M1" + base64url(deflate-raw(JSON))). Each caller turns a
// PackError into its own refusal in the person's language.

/** Why bytes could not be read: `reason` "chars" (not base64url), "cut" (cut off or mistyped),
 *  "large" (more than the cap). */
export class PackError extends Error {
  /** @param {"chars" | "cut" | "large"} reason */
  constructor(reason) { super(reason); this.name = "PackError"; this.reason = reason; }
}

/**
 * Uint8Array -> base64url text without padding.
 * @param {Uint8Array} bytes
 * @returns {string}
 */
export function toBase64Url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * base64url text -> Uint8Array; PackError "chars" or "cut".
 * @param {string} text
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new PackError("chars");
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  let bin;
  try { bin = atob(b64); } catch { throw new PackError("cut"); }
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/**
 * All bytes of `stream`, at most `cap` of them (PackError "large" past it; the stream is cancelled).
 * @param {ReadableStream<Uint8Array>} stream
 * @param {number} cap
 * @returns {Promise<Uint8Array<ArrayBuffer>>}
 */
export async function readCapped(stream, cap) {
  const reader = stream.getReader();
  /** @type {Uint8Array[]} */
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > cap) {
      await reader.cancel().catch(() => {});
      throw new PackError("large");
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

/**
 * deflate-raw of `bytes`, at most `cap` bytes of output (PackError "large").
 * @param {Uint8Array<ArrayBuffer>} bytes
 * @param {number} [cap]
 * @returns {Promise<Uint8Array>}
 */
export function deflate(bytes, cap = Infinity) {
  return readCapped(new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw")), cap);
}

/**
 * The bytes deflate-raw `bytes` hold, at most `cap` (PackError "large"; "cut" for bytes that are
 * not deflate-raw data).
 * @param {Uint8Array<ArrayBuffer>} bytes
 * @param {number} cap
 * @returns {Promise<Uint8Array>}
 */
export async function inflate(bytes, cap) {
  try {
    return await readCapped(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")), cap);
  } catch (err) {
    if (err instanceof PackError) throw err;
    throw new PackError("cut");
  }
}
