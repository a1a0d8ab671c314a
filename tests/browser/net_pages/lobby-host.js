// Test harness of web/net/lobby.js, the host's side (not shipped): the real engine of dist/, a
// 4-player Classic Canasta with the friend's seat 2 hosted through startHosting, the toolbar's
// "Players" button and seat badges as the app wires them (docs/multiplayer.md, "In the app").
// ?remote=2,3 the friends' seats; ?resume=1 hosts again what this device saved (resumeHosting).
import { startEngine } from "/engine-client.js";
import { startHosting, resumeHosting } from "/net/lobby.js";
import { t, onLangChange } from "/i18n.js";

const q = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
const L = (window.L = { changes: [], table: null, errors: [] });

const raw = await startEngine();
const remote = (q.get("remote") || "2").split(",").filter(Boolean).map(Number);
const names = { 0: "Host", 2: q.get("name") || "Anna", 3: "Ben" };
const onChange = (what) => { L.changes.push(what); if (what === "seats") badges(); };
const options = { engine: raw, onChange, pageUrl: new URL("lobby-guest.html", location.href).href };
const hosting = q.get("resume") ? await resumeHosting(options) : await startHosting({ ...options, seats: remote, names });
L.hosting = hosting;
L.table = await hosting.engine.request("new", { variant: "canasta-classic", players: 4, seed: 5, human_seats: [0] });

function badges() {
  $("badges").replaceChildren(...hosting.seats().map((s) => {
    const li = document.createElement("li");
    li.dataset.seat = String(s.seat);
    li.dataset.state = s.state;
    li.textContent = `${s.seat} ${s.name} (${t("friends.state." + s.state)})`;
    return li;
  }));
}
const players = $("btn-players");
const label = () => { players.textContent = t("friends.players"); };
label();
onLangChange(() => { label(); badges(); });
players.disabled = false;
players.addEventListener("click", () => hosting.openPanel(players));
badges();
$("status").textContent = "ready";
