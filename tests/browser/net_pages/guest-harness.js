// Test harness of web/net/guest.js (not shipped): a guest page without the app; no engine runs
// here. window.G is driven by tests/browser/test_multiplayer.py; G.received holds every message
// text the host sent.
import { Guest } from "/net/guest.js";
import { inviteFromHash } from "/net/signal.js";

const q = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
const G = (window.G = { received: [], joins: 0 });
const guest = new Guest({
  lang: q.get("lang") || "en",
  name: q.get("name") || "Guest",
  onMessage: (text) => G.received.push(text),
  onChange: () => {
    $("seat").textContent = guest.seat === null ? "" : String(guest.seat);
    $("at").textContent = String(guest.at);
    $("status").textContent = guest.closedReason ? `closed: ${guest.closedReason}` : guest.table ? "playing" : "joined";
  },
});
Object.assign(G, { guest, engine: guest.engine });

async function join() {
  const code = inviteFromHash(location.hash);
  if (!code) {
    $("status").textContent = "no invitation";
    return;
  }
  try {
    const { reply } = await guest.join(code);
    G.joins++;
    $("reply").value = reply;
    $("status").textContent = "reply ready";
  } catch (err) {
    $("status").textContent = `bad invitation: ${err.key || err.message}`;
  }
}

/** The guest's action through guest.engine: {ok, table} or {ok: false, code, key, text}. */
G.act = async (action) => {
  try {
    return { ok: true, table: await guest.engine.request("act", { action }) };
  } catch (err) {
    return { ok: false, code: err.code, key: err.key, text: err.message };
  }
};

window.addEventListener("hashchange", join);
join();

/** Play the guest's moves while it is to act (see H.playTurn); the texts played. */
G.playTurn = async (prefer = ["draw", "discard"]) => {
  const played = [];
  let t = guest.table;
  while (t && !t.hand_over && t.to_act === guest.seat && t.legal.length && played.length < 40) {
    const move = prefer.map((k) => t.legal.find((m) => m.kind === k)).find(Boolean) || t.legal[0];
    const r = await G.act({ type: "move", text: move.text });
    if (!r.ok) throw new Error(`refused ${move.text}: ${r.key}`);
    played.push(move.text);
    t = r.table;
  }
  return played;
};
