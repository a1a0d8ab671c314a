// Hints for the person's seat (issue #27): the engine's `hint` op (docs/protocol.md, "Computer
// levels and hints") names the strong player's move for the seat to act, from that seat's
// information only, with a one-line reason in every language. This module asks for it, keeps it
// for the table it was asked on and has the game's renderer mark it on the table: the suggested
// hand cards, the pile, meld or target and the action's button get the class "hinted" (hint.css:
// a blue ring and a "?" badge, unlike a selected card's gold ring and lift and unlike the dashed
// "can use" outline). The reason is the engine's text in the page's language, shown in the status
// line; nothing of it is composed here.
//
// A hint lives as long as the table it was asked on: the next table (any move, an undo, a new
// deal) drops it; Esc drops it too.
//
// Renderers (web/games/*.js) call registerHint(root, pick) once when they mount, and
// paintHint(root, table) at the end of every render; pick(hint, move) returns the elements of
// their table that show the hint (`move` is the matching legal move of the table, or null).
// The page shell calls installHintKey(shell, request) once: the key I, a Hint button on the table
// (#btn-hint: in the action bar beside Undo, in 3 ist 50 in the head of one's own box; shown while the
// person is to act) and Esc. The guided hands (web/guide.js) call showHint() with a hint they
// asked for themselves and offer their own button.
import { getLang, t } from "./i18n.js";

const HINTED = "hinted";
const shown = new WeakMap(); // table object -> hint answer ({seat, move, kind, cards, key, params, texts})
const painters = new Map();  // root element -> pick(hint, move) -> elements
let cleared = null;          // the table whose hint Esc dropped (not shown again on a repaint)
let installed = null;        // {shell, ask}: the page's hint controls (installHintKey), or null

/** The hint shown for `table` (the table object it was asked on), or null. */
export function hintFor(table) {
  return (table && table !== cleared && shown.get(table)) || null;
}

/** The legal move of `table` the hint names (same notation), or null. */
export function hintMove(table, hint) {
  const legal = (table && Array.isArray(table.legal)) ? table.legal : [];
  return (hint && legal.find((m) => m.text === hint.move)) || null;
}

/**
 * The hand-card buttons of `box` that show `cards` (card texts), each card as many times as it is
 * named (two decks: one of two equal cards), in the hand's order.
 */
export function handCardsFor(box, cards) {
  const want = [...(cards || [])];
  const out = [];
  if (!box) return out;
  for (const el of box.querySelectorAll(".hand-card")) {
    const i = want.indexOf(el.dataset.card);
    if (i >= 0) { out.push(el); want.splice(i, 1); }
  }
  return out;
}

/** A renderer's table `root` shows hints with pick(hint, move) -> elements (see the top). */
export function registerHint(root, pick) {
  painters.set(root, pick);
  ensureSheet(root);
}

/** Link hint.css into the document or shadow root `root` lives in (a demo's table is in a shadow root). */
function ensureSheet(root) {
  const home = root.getRootNode ? root.getRootNode() : document;
  const parent = home === document ? document.head : home;
  if (!parent || parent.querySelector("link[data-hint-css]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("hint.css", import.meta.url).href;
  link.dataset.hintCss = "";
  parent.append(link);
}

/**
 * Mark the hint of `table` on the table drawn in `root` (and clear an old one). Sets
 * root.dataset.hint to the hinted move's notation ("" without a hint) and each marked element's
 * class "hinted".
 */
export function paintHint(root, table) {
  if (!root) return;
  for (const el of root.querySelectorAll("." + HINTED)) el.classList.remove(HINTED);
  const hint = hintFor(table);
  const pick = painters.get(root);
  let marked = [];
  if (hint && pick) {
    try { marked = (pick(hint, hintMove(table, hint)) || []).filter(Boolean); } catch (err) { console.error(err); }
  }
  for (const el of marked) el.classList.add(HINTED);
  root.dataset.hint = hint ? hint.move : "";
  root.dataset.hintCards = hint ? (hint.cards || []).join(" ") : "";
  if (installed && root.getRootNode && root.getRootNode() === document) syncButton(root, table);
}

/** Show `hint` (the engine's answer) for `table` on every registered table showing it. */
export function showHint(table, hint) {
  if (!table || !hint) return;
  shown.set(table, hint);
  if (cleared === table) cleared = null;
  repaint(table);
}

/** Drop the hint of `table`; returns whether there was one. */
export function clearHint(table) {
  if (!hintFor(table)) return false;
  cleared = table;
  repaint(table);
  return true;
}

function repaint(table) {
  for (const root of [...painters.keys()]) {
    if (!root.isConnected) { painters.delete(root); continue; }
    paintHint(root, table);
  }
}

/** The status-line message of a hint: the engine's texts, shown in the page's language (i18n.js engineMessage). */
export function hintMessage(hint) {
  return { err: { texts: hint.texts, message: hint.texts[getLang()] || hint.texts.en, key: hint.key } };
}

/**
 * Ask the engine for a hint for the person's seat and show it: `request(op, fields)` is the
 * engine's request function (the app's state.engine.request). Shows the reason in the status
 * line (shell.setStatus) and marks the move on the table; a refusal (a computer seat is to act,
 * the hand is over) shows the engine's reason instead. Resolves to the hint, or null.
 */
export async function requestHint(shell, request = shell.request) {
  const table = shell.table();
  if (!table || typeof request !== "function") return null;
  if (shell.busy()) return null;
  let answer;
  try {
    answer = await request("hint", {});
  } catch (err) {
    if (shell.table() === table) shell.setStatus({ err }, "error");
    return null;
  }
  if (shell.table() !== table || !answer || !answer.hint) return null; // a move was made meanwhile
  shown.set(table, answer.hint);
  if (cleared === table) cleared = null;
  shell.setStatus(hintMessage(answer.hint), "info");
  repaint(table);
  return answer.hint;
}

/** Whether the status line shows `hint`'s reason (in either language). */
function statusShows(shell, hint) {
  const text = shell.parts && shell.parts.status ? shell.parts.status.textContent : "";
  return Boolean(hint && text && Object.values(hint.texts || {}).includes(text));
}

/**
 * The Hint button of the table drawn in `root` (made when missing: in the renderer's action bar
 * before its ghost button, as the Undo button is; else in the table's `.hint-slot` (3 ist 50: the
 * head of the person's own box); else just above the status line), in step with
 * `table`: shown while the person is to act; pressed while a hint is shown.
 */
function syncButton(root, table) {
  let b = root.querySelector("#btn-hint");
  if (!b) {
    b = document.createElement("button");
    b.type = "button";
    b.id = "btn-hint";
    b.className = "btn btn-action btn-hint";
    b.setAttribute("aria-keyshortcuts", "I");
    b.addEventListener("click", () => installed && installed.ask());
    const bar = root.querySelector('.actions[role="toolbar"]');
    const slot = root.querySelector(".hint-slot");
    const status = installed.shell.parts && installed.shell.parts.status;
    if (bar) bar.insertBefore(b, bar.querySelector(".btn-ghost"));
    else if (slot) slot.append(b);
    else if (status && root.contains(status)) status.before(b);
    else return;
  }
  b.textContent = t("hint.ask");
  b.title = t("hint.askTitle");
  // a friend's page on another device (web/net/) asks the host, whose engine answers for the
  // friend's seat from its information only (web/net/guest.js, "hint")
  b.hidden = !(table && table.to_act_is_human && !table.hand_over);
  b.setAttribute("aria-pressed", String(Boolean(hintFor(table))));
}

/**
 * The page's hint controls for `shell` (web/app.js): the key I and the Hint button on the table
 * (#btn-hint, made by paintHint) ask for a hint; Esc drops a hint shown. Keys are ignored while
 * typing in a field, while a dialog is open and with Ctrl, Alt or Meta. `request(op, fields)` as
 * for requestHint.
 */
export function installHintKey(shell, request = shell.request) {
  const ask = () => requestHint(shell, typeof request === "function" ? request : shell.request);
  installed = { shell, ask };
  document.addEventListener("keydown", (ev) => {
    if (ev.altKey || ev.metaKey || ev.ctrlKey) return;
    const el = /** @type {HTMLElement | null} */ (ev.target);
    if (el && el.closest && (el.closest("input, select, textarea, dialog") || el.isContentEditable)) return;
    if (document.querySelector("dialog[open]") || !shell.table()) return;
    if (ev.key === "Escape") {
      const table = shell.table();
      const hint = hintFor(table);
      if (hint) {
        const mine = statusShows(shell, hint);
        clearHint(table);
        if (mine) shell.setStatus(null);
      }
      return;
    }
    if (ev.defaultPrevented || ev.key.toLowerCase() !== "i" || ev.key.length !== 1) return;
    ev.preventDefault();
    ask();
  });
}
