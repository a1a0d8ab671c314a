// Test harness of web/net/host.js (not shipped): a host page without the app, with the real
// engine worker from dist/. window.H is driven by tests/browser/test_multiplayer.py.
import { startEngine } from "/engine-client.js";
import { Host } from "/net/host.js";
import { loadIceServers } from "/net/peer.js";

const q = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
const H = (window.H = { states: {}, table: null, errors: [], botMoves: [], invite: null });

const engine = await startEngine();
const iceServers = await loadIceServers();
const remote = (q.get("remote") || "").split(",").filter(Boolean).map(Number);
let kick = () => {};
const host = new Host({
  engine, remoteSeats: remote, iceServers,
  pageUrl: new URL("guest.html", location.href).href,
  onChange: () => { renderSeats(); kick(); },
});
// Keep the full state of every change, by the serial the guests' messages carry ("at"): kept
// before the change is sent (_changed bumps the serial first), so a test that reads H.states as
// soon as a guest has a table finds that table's state.
const changed = host._changed.bind(host);
host._changed = async (...args) => {
  H.states[host.serial + 1] = (await engine.request("save")).state;
  return changed(...args);
};
Object.assign(H, { host, engine: host.engine, raw: engine, iceServers });

function renderSeats() {
  const list = $("seats");
  list.replaceChildren();
  for (const s of host.seats()) {
    const li = document.createElement("li");
    li.dataset.seat = String(s.seat);
    li.dataset.kind = s.kind;
    li.dataset.connected = String(s.connected);
    li.textContent = `${s.seat}: ${s.kind} ${s.name}`;
    list.append(li);
  }
}

/** Start a game and let the computers (and the guests, through host.engine's bot) play. */
H.start = async (fields) => {
  H.table = await host.engine.request("new", fields);
  loop();
  return H.table;
};

async function loop() {
  for (;;) {
    const t = H.table;
    if (t && !t.hand_over && !t.to_act_is_human) {
      try {
        const r = await host.engine.request("bot");
        H.botMoves.push(...r.moves);
        H.table = r.table;
      } catch (err) {
        H.errors.push(String(err.key || err.message));
        return;
      }
      continue;
    }
    await new Promise((resolve) => { kick = resolve; });
  }
}

/** The host's own action through host.engine (refusals kept in H.errors). */
H.act = async (action) => {
  try {
    H.table = await host.engine.request("act", { action });
    kick();
    return { ok: true, table: H.table };
  } catch (err) {
    return { ok: false, code: err.code, key: err.key };
  }
};

$("invite").addEventListener("click", async () => {
  const invite = await host.invite(Number($("seat").value));
  H.invite = invite;
  $("invite-link").href = invite.url;
  $("invite-link").textContent = invite.url;
  try {
    const { qrSvg } = await import("/net/qr.js");
    $("qr").replaceChildren(qrSvg(invite.url, { label: `Invitation for seat ${invite.seat + 1}` }));
  } catch (err) {
    $("qr").textContent = `no QR: ${err.message}`;
  }
});
$("accept").addEventListener("click", async () => {
  $("accept-error").textContent = "";
  try {
    await H.invite.accept($("reply").value);
    $("accept-error").textContent = "accepted";
  } catch (err) {
    $("accept-error").textContent = `${err.key || "error"}: ${err.message}`;
  }
});
$("status").textContent = "ready";

/** Play the host's moves while it is to act: the first legal move of the first kind in
 * `prefer` that it has, else its first legal move. The texts played. */
H.playTurn = async (prefer = ["draw", "discard"]) => {
  const played = [];
  while (H.table && !H.table.hand_over && H.table.to_act_is_human && H.table.legal.length && played.length < 40) {
    const legal = H.table.legal;
    const move = prefer.map((k) => legal.find((m) => m.kind === k)).find(Boolean) || legal[0];
    const r = await H.act({ type: "move", text: move.text });
    if (!r.ok) throw new Error(`refused ${move.text}: ${r.key}`);
    played.push(move.text);
  }
  return played;
};

/** Deal the next hand (the host's app does after the score sheet). */
H.nextHand = async () => {
  H.table = await host.engine.request("next_hand");
  kick();
  return H.table;
};
