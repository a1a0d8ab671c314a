// The Continental table's actions room: what web/tablekit.js reads from the renderer module
// (web/games/registry.js): the keyboard shortcuts, the action bar Undo goes into, the drop
// targets, and the reasons of the action bar's disabled buttons.
import { contractText } from "./layout.js";

/**
 * Keyboard shortcuts: [key, button id, catalogue key of its name] (web/tablekit.js lists them in
 * the help overlay and presses the button; "u" is Undo, which tablekit puts into TOOLBAR).
 */
export const SHORTCUTS = [
  ["d", "ct-btn-draw", "ct.action.draw"], ["t", "ct-btn-take", "kit.key.take"], ["e", "ct-btn-set", "ct.action.set"],
  ["r", "ct-btn-run", "ct.action.run"], ["x", "ct-btn-discard", "action.discard"],
  ["c", "ct-btn-claim", "kit.key.claim"], ["p", "ct-btn-pass", "ct.claim.pass"], ["u", "btn-undo", "action.undo"],
  ["s", "ct-btn-scores", "action.scores"],
];

/** The id of the action bar the Undo button goes into (web/tablekit.js mountUndo). */
export const TOOLBAR = "ct-actions";

/**
 * Drop targets of a card dragged from the hand (web/tablekit.js wireDrag): [selector, (el, press)
 * => handled]: the discard pile discards, a combination takes the card (as a touch on it), the
 * person's area lays the selection as the set or run the action bar offers.
 */
export const DROPS = [
  ["#ct-discard", (_el, press) => press(document.getElementById("ct-btn-discard"))],
  [".ct-combo", (el) => { el.click(); return true; }],
  ["#ct-me", (_el, press) => {
    const set = document.getElementById("ct-btn-set"), run = document.getElementById("ct-btn-run");
    const pick = [set, run].find((b) => b && !b.hidden && b.classList.contains("btn-primary"))
      || [set, run].find((b) => b && !b.hidden);
    return press(pick);
  }],
];

/** Card texts of the selected hand cards, read from the page (aria-pressed buttons). */
function selectedInHand() {
  return [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#hand .hand-card[aria-pressed="true"]'))].map((b) => b.dataset.card);
}

/**
 * The action bar: a disabled button lets a touch through to the toolbar (style.css), which says
 * why, as the canasta table does: the page's hint when it knows (not your turn, nothing
 * selected), else the engine's reason for the action (sent; a refusal changes nothing).
 */
export function wireReasons(shell) {
  const bar = document.getElementById("ct-actions");
  if (!bar || bar.dataset.reasons) return;
  bar.dataset.reasons = "1";
  bar.addEventListener("click", (ev) => {
    if (/** @type {Element} */ (ev.target).closest("button:not(:disabled)")) return;
    const b = [.../** @type {NodeListOf<HTMLButtonElement>} */ (bar.querySelectorAll("button:disabled"))].find((x) => {
      if (x.hidden) return false;
      const r = x.getBoundingClientRect();
      return ev.clientX >= r.left && ev.clientX <= r.right && ev.clientY >= r.top && ev.clientY <= r.bottom;
    });
    if (b) explainButton(shell, b.id);
  });
}

const BUTTON_KINDS = { "ct-btn-draw": "draw", "ct-btn-take": "take", "ct-btn-set": "set", "ct-btn-run": "run", "ct-btn-discard": "discard" };

/**
 * Say why the action `id` (a button id of the action bar) cannot be done now, when the button
 * is disabled or not shown (a key pressed at the wrong time: X before drawing, R when the
 * contract holds no run): the page's hint when it knows (not your turn, nothing selected), else
 * the engine's reason for the action, sent as is (a refusal changes nothing). Returns false for
 * an id that is not one of the bar's actions.
 * @param {any} shell the page shell (web/games/registry.js)
 * @param {string} id a button id
 * @returns {boolean}
 */
export function explainButton(shell, id) {
  const kind = BUTTON_KINDS[id];
  if (!kind) return false;
  const tb = shell.table();
  if (!tb || shell.busy()) return true;
  if (tb.hand_over) { shell.setStatus({ key: "hint.handOver" }, "error"); return true; }
  if (!shell.isMyTurn()) { shell.setStatus({ key: "hint.waitTurn", params: { name: shell.seatName(tb.to_act) } }, "error"); return true; }
  const sel = selectedInHand();
  const v = tb.view || {}, turn = v.turn || {};
  const need = turn.laying_down || (v.contract && { sets: v.contract.sets, runs: v.contract.runs });
  if ((kind === "set" || kind === "run") && turn.stage !== "draw" && need && !need[kind + "s"]) {
    // R (S) when this deal's contract holds no run (set): the engine checks the cards' shape
    // first, so its "no_run_needed" comes only for a well-formed run; say it from its view
    shell.setStatus({ key: kind === "run" ? "ct.hint.noRun" : "ct.hint.noSet",
      params: { contract: contractText(need.sets, need.runs) } }, "error");
    return true;
  }
  if (kind === "draw" || kind === "take") shell.act({ type: "move", text: kind }, { text: kind });
  else if (kind === "discard") {
    if (sel.length !== 1) shell.setStatus({ key: "hint.selectOneDiscard" }, "error");
    else shell.act({ type: "discard", card: sel[0] }, { text: "discard " + sel[0] });
  } else if (!sel.length) shell.setStatus({ key: "ct.hint.pickCards" }, "error");
  else shell.act({ type: kind, cards: sel }, { text: [kind, ...sel].join(" ") });
  return true;
}
