// Test harness of web/net/lobby.js, the guest's side (not shipped): the page as the app boots it
// when opened with "#join=M1…" (docs/multiplayer.md, "In the app"): no engine, the join screen,
// then the session's engine.
import { joinFromFragment } from "/net/lobby.js";

const $ = (id) => document.getElementById(id);
const G = (window.G = { changes: [] });
const hello = await fetch("/hello.json").then((r) => r.json());

function show(table) {
  $("seat").textContent = table ? String(table.view.seat) : "";
  $("hand").textContent = table ? String(table.view.hand.length) : "";
}

const session = await joinFromFragment({ hello, onChange: async (what) => {
  G.changes.push(what);
  if (what === "closed" || what === "bye") $("status").textContent = "lost";
  if (what === "rejoined") {
    show(await session.engine.request("table"));
    $("status").textContent = "playing";
  }
} });
G.session = session;
if (session) {
  show(session.table);
  $("status").textContent = "playing";
} else {
  $("status").textContent = "alone";
}
