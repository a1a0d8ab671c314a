// One peer-to-peer connection (RTCPeerConnection) with one data channel, signalled by hand
// (signal.js): non-trickle ICE, so each side's description carries every candidate.
//
//   host:  const peer = new Peer({iceServers}); const offer = await peer.offer();
//          ... later: await peer.accept(answer);      // the guest's reply, unpacked
//   guest: const peer = new Peer({iceServers}); const answer = await peer.answer(offer);
//   both:  await peer.opened; peer.onmessage = (text) => ...; peer.send(text);
//          peer.onclose = (reason) => ...;             // once: "closed" | "failed" | "timeout"
//
// A connection that breaks is not mended here: WebRTC needs a new offer and answer for that, so
// the host makes a fresh invitation for the seat (host.js) and the guest answers it (guest.js).
//
// Messages longer than CHUNK characters are sent in parts ("~id:i:n:" + part) and put together
// again on the other side, at most `maxMessage` characters; a side created with
// `acceptParts: false` (the host, reading guests) refuses parted messages (onrefused).

export const CHUNK = 16000;
export const CHANNEL = { label: "meldtable", negotiated: true, id: 0, ordered: true };
const GATHER_TIMEOUT_MS = 8000;  // non-trickle: stop waiting for more candidates after this
const PART = /^~([0-9a-z]{1,8}):(\d{1,5}):(\d{1,5}):/;

/**
 * The STUN/TURN servers the site lists in `config.json` next to index.html
 * (docs/multiplayer.md, "Across networks"): {"iceServers": [{"urls": "stun:stun.example.org:3478"}]}.
 * No file, or one that cannot be read, means none: only host candidates, no request leaves
 * the origin. Entries that are not STUN/TURN URLs are dropped.
 * @param {string | URL} [url] default: config.json beside the page
 * @returns {Promise<Array<{urls: string[], username?: string, credential?: string}>>}
 */
export async function loadIceServers(url = new URL("config.json", document.baseURI)) {
  let data;
  try {
    const response = await fetch(url, { cache: "no-cache", credentials: "same-origin" });
    if (!response.ok) return [];
    data = await response.json();
  } catch (_) {
    return [];
  }
  return iceServersOf(data);
}

/** The valid `iceServers` entries of a parsed config.json (see loadIceServers). */
export function iceServersOf(data) {
  const list = data && Array.isArray(data.iceServers) ? data.iceServers.slice(0, 8) : [];
  const out = [];
  for (const entry of list) {
    if (!entry || typeof entry !== "object") continue;
    const urls = (Array.isArray(entry.urls) ? entry.urls : [entry.urls])
      .filter((u) => typeof u === "string" && u.length <= 256 && /^(stun|stuns|turn|turns):[^\s]+$/.test(u));
    if (!urls.length) continue;
    const server = { urls };
    if (typeof entry.username === "string") server.username = entry.username.slice(0, 256);
    if (typeof entry.credential === "string") server.credential = entry.credential.slice(0, 256);
    out.push(server);
  }
  return out;
}

export class Peer {
  /**
   * @param {{iceServers?: Array<object>, maxMessage?: number, acceptParts?: boolean}} [options]
   */
  constructor({ iceServers = [], maxMessage = 2000000, acceptParts = true } = {}) {
    this.pc = new RTCPeerConnection({ iceServers, bundlePolicy: "max-bundle" });
    this.channel = this.pc.createDataChannel(CHANNEL.label, { negotiated: true, id: CHANNEL.id, ordered: true });
    this.maxMessage = maxMessage;
    this.acceptParts = acceptParts;
    /** @type {(text: string) => void} */
    this.onmessage = () => {};
    /** @type {(reason: string) => void} */
    this.onclose = () => {};
    /** @type {(reason: string) => void} */
    this.onrefused = () => {};   // (reason) a message this side does not take
    this.closed = null;          // the reason, once closed
    this._parts = null;          // {id, n, got: [], size}
    this._serial = 0;
    this.opened = new Promise((resolve, reject) => {
      this._open = resolve;
      this._fail = reject;
    });
    this.opened.catch(() => {});
    this.channel.onopen = () => this._open();
    this.channel.onclose = () => this._end("closed");
    this.channel.onmessage = (event) => this._receive(event.data);
    this.pc.onconnectionstatechange = () => {
      const s = this.pc.connectionState;
      if (s === "failed" || s === "closed") this._end(s);
    };
  }

  /**
   * The host's side: the complete offer (all candidates gathered).
   * @returns {Promise<{type: "offer", sdp: string}>}
   */
  async offer() {
    await this.pc.setLocalDescription(await this.pc.createOffer());
    return /** @type {Promise<{type: "offer", sdp: string}>} */ (this._complete());
  }

  /** The guest's side: answer an offer ({type: "offer", sdp}); the complete answer. */
  async answer(offer) {
    await this.pc.setRemoteDescription({ type: "offer", sdp: offer.sdp });
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    return this._complete();
  }

  /** The host's side: take the guest's answer ({type: "answer", sdp}); the channel opens soon. */
  async accept(answer) {
    await this.pc.setRemoteDescription({ type: "answer", sdp: answer.sdp });
  }

  /** Whether the channel is open. */
  get open() {
    return this.channel.readyState === "open";
  }

  /** Send one message (text); longer ones go in parts. Returns false when the channel is not open. */
  send(text) {
    if (!this.open) return false;
    if (text.length <= CHUNK) {
      this.channel.send(text);
      return true;
    }
    const id = (++this._serial).toString(36);
    const n = Math.ceil(text.length / CHUNK);
    for (let i = 0; i < n; i++) this.channel.send(`~${id}:${i}:${n}:` + text.slice(i * CHUNK, (i + 1) * CHUNK));
    return true;
  }

  /** Close the connection (idempotent). */
  close() {
    try {
      this.channel.close();
      this.pc.close();
    } catch (_) {
      /* already closed */
    }
    this._end("closed");
  }

  _end(reason) {
    if (this.closed) return;
    this.closed = reason;
    this._fail(new Error(`connection ${reason}`));
    try {
      this.pc.close();
    } catch (_) {
      /* already closed */
    }
    this.onclose(reason);
  }

  _receive(data) {
    if (typeof data !== "string") {
      this.onrefused("binary");
      return;
    }
    if (!data.startsWith("~")) {
      this._parts = null;
      this.onmessage(data);
      return;
    }
    const m = PART.exec(data);
    if (!this.acceptParts || !m) {
      this.onrefused("parts");
      return;
    }
    const [head, id, iText, nText] = m;
    const i = Number(iText), n = Number(nText);
    const body = data.slice(head.length);
    if (i === 0) this._parts = { id, n, got: [], size: 0 };
    const p = this._parts;
    if (!p || p.id !== id || p.n !== n || p.got.length !== i || n * CHUNK > this.maxMessage + CHUNK) {
      this._parts = null;
      this.onrefused("parts");
      return;
    }
    p.got.push(body);
    p.size += body.length;
    if (p.size > this.maxMessage) {
      this._parts = null;
      this.onrefused("too_large");
      return;
    }
    if (p.got.length === n) {
      this._parts = null;
      this.onmessage(p.got.join(""));
    }
  }

  async _complete() {
    if (this.pc.iceGatheringState !== "complete") {
      await new Promise((resolve) => {
        const timer = setTimeout(done, GATHER_TIMEOUT_MS);
        const self = this;
        function done() {
          clearTimeout(timer);
          self.pc.removeEventListener("icegatheringstatechange", check);
          resolve();
        }
        function check() {
          if (self.pc.iceGatheringState === "complete") done();
        }
        this.pc.addEventListener("icegatheringstatechange", check);
        check();
      });
    }
    const d = this.pc.localDescription;
    return { type: d.type, sdp: d.sdp };
  }
}
