// The canasta table's actions room: what the person does and what is sent. First what
// web/tablekit.js reads from the renderer module (web/games/registry.js): the keyboard shortcuts,
// the action bar Undo goes into, the drop targets; then the table's own input: selecting cards,
// choosing the meld "add" goes to, the buttons and piles, the reasons of disabled buttons (a
// hint of the page, or the engine's own: the action is sent and its refusal shown), and act(),
// which sends.
import { focusItem, wireHand, wireRovingKeys } from "../common.js";
import { renderButtons } from "./controls.js";
import { renderHand } from "./hand.js";
import { addTarget, buryTarget } from "./moves.js";
import { renderMySide } from "./sides.js";

/**
 * Keyboard shortcuts: [key, button id, catalogue key of its name] (web/tablekit.js lists them in
 * the help overlay and presses the button; "u" is Undo, which tablekit puts into TOOLBAR).
 */
export const SHORTCUTS = [
  ["d", "btn-draw", "action.draw"], ["t", "btn-take", "action.take"], ["m", "btn-meld", "action.meld"],
  ["a", "btn-add", "action.add"], ["x", "btn-discard", "action.discard"], ["u", "btn-undo", "action.undo"],
  ["s", "btn-scores", "action.scores"],
];

/** The id of the action bar the Undo button goes into (web/tablekit.js mountUndo). */
export const TOOLBAR = "actions";

/**
 * Drop targets of a card dragged from the hand (web/tablekit.js wireDrag): [selector, (el, press)
 * => handled]. The dragged card is the selection by then; a drop presses the action's button (a
 * meld of the side first becomes the target of "add").
 */
export const DROPS = [
  ["#discard", (_el, press) => press(document.getElementById("btn-discard"))],
  ["#my-melds .meld", (el, press) => {
    if (el.getAttribute("aria-pressed") !== "true") el.click(); // make it the target of "add"
    return press(document.getElementById("btn-add"));
  }],
  ["#my-side", (_el, press) => press(document.getElementById("btn-meld"))],
];

// ------------------------------------------------------------------ the person's actions at the table
// (create() in table.js wires them with wireInput; every function takes the table's context first)

/** @typedef {import("./context.js").Ctx} Ctx */

/** The move notation of an action, for the log entry (the engine sends it back as is). */
function actionText(action) {
  switch (action.type) {
    case "draw": return "draw";
    case "take": return ["take", ...action.cards].join(" ");
    case "meld": return ["meld", ...action.cards].join(" ");
    case "add": return ["add", action.rank, ...action.cards].join(" ");
    case "bury": return ["bury", action.rank, ...action.cards].join(" ");
    case "discard": return "discard " + action.card;
    default: return action.text || action.type;
  }
}

/** @param {Ctx} ctx */
function act(ctx, action) {
  const { shell, state } = ctx;
  return shell.act(action, { text: actionText(action) }, () => {
    if (action.type === "add" || action.type === "take") state.target = null;
  });
}

/** @param {Ctx} ctx */
function onDraw(ctx) { act(ctx, { type: "draw" }); }

/** @param {Ctx} ctx */
function onTake(ctx) {
  const { shell } = ctx;
  let cards = ctx.selectedCards();
  if (cards.length !== 0 && cards.length !== 2) { shell.setStatus({ key: "hint.selectForTake" }, "error"); return; }
  // nothing selected: the engine's choice among the legal takes (table.take_cards, docs/protocol.md)
  if (cards.length === 0) cards = takeCards(ctx);
  act(ctx, { type: "take", cards });
}

/**
 * Lay the selection as a new meld. Three cards go as one move in notation: a refusal of a
 * move carries the engine's reason key (translated), the "meld" action's does not (yet).
 * @param {Ctx} ctx
 */
function onMeld(ctx) {
  const { shell } = ctx;
  const cards = ctx.selectedCards();
  if (cards.length < 3) { shell.setStatus({ key: "hint.selectForMeld" }, "error"); return; }
  if (cards.length === 3) act(ctx, { type: "move", text: "meld " + cards.join(" ") });
  else act(ctx, { type: "meld", cards });
}

/** @param {Ctx} ctx */
function onAdd(ctx) {
  const { shell } = ctx;
  const rank = addTarget(ctx);
  const cards = ctx.selectedCards();
  if (!cards.length) return;
  if (!rank) { shell.setStatus({ key: "hint.chooseTarget" }); return; }
  act(ctx, { type: "add", rank, cards });
}

/** @param {Ctx} ctx */
function onBury(ctx) {
  const { shell } = ctx;
  const cards = ctx.selectedCards();
  const key = buryTarget(ctx, cards);
  if (!cards.length || key === null) { shell.setStatus({ key: "hint.selectForBury" }); return; }
  act(ctx, { type: "bury", rank: key, cards });
}

/** @param {Ctx} ctx */
function onDiscard(ctx) {
  const { shell } = ctx;
  const cards = ctx.selectedCards();
  if (cards.length !== 1) { shell.setStatus({ key: "hint.selectOneDiscard" }); return; }
  act(ctx, { type: "discard", card: cards[0] });
}

/** The cards the engine sends with "Take pile" when none are selected (table.take_cards). */
function takeCards(ctx) {
  const { shell } = ctx;
  const tb = shell.table();
  return (tb && tb.take_cards) || [];
}

/**
 * Cards to send with a "take" only to hear why the pile cannot be taken: the selection if it
 * is two cards, else the cards the engine names (table.take_cards: those a person would try).
 * @param {Ctx} ctx
 */
function takeProbe(ctx) {
  const sel = ctx.selectedCards();
  return sel.length === 2 ? sel : takeCards(ctx);
}

/**
 * Say why the action `kind` cannot be done now: a hint when the page knows (not the
 * person's turn, nothing selected), else the engine's reason, by sending the action (a move
 * the engine refuses leaves the game unchanged; the refusal shows in the status line).
 * @param {Ctx} ctx
 */
function explain(ctx, kind) {
  const { shell } = ctx;
  const tb = shell.table();
  if (!tb || shell.busy()) return;
  if (tb.hand_over) { shell.setStatus({ key: "hint.handOver" }, "error"); return; }
  if (!ctx.isMyTurn()) { shell.setStatus({ key: "hint.waitTurn", params: { name: shell.seatName(tb.to_act) } }, "error"); return; }
  const sel = ctx.selectedCards();
  const melds = ctx.sideData(ctx.mySide()).melds || [];
  switch (kind) {
    case "draw": act(ctx, { type: "draw" }); return;
    case "take": act(ctx, { type: "take", cards: takeProbe(ctx) }); return;
    case "meld":
      if (!sel.length) { shell.setStatus({ key: "hint.selectForMeld" }, "error"); return; }
      act(ctx, { type: "move", text: "meld " + sel.join(" ") }); // refused before anything else: not drawn yet
      return;
    case "add": {
      if (!melds.length) { shell.setStatus({ key: "hint.noMeldsYet" }, "error"); return; }
      if (!sel.length) { shell.setStatus({ key: "hint.selectForAdd" }, "error"); return; }
      const rank = addTarget(ctx);
      if (!rank) { shell.setStatus({ key: "hint.chooseTarget" }, "error"); return; }
      act(ctx, { type: "add", rank, cards: sel });
      return;
    }
    case "discard":
      if (sel.length !== 1) { shell.setStatus({ key: "hint.selectOneDiscard" }, "error"); return; }
      act(ctx, { type: "discard", card: sel[0] });
      break;
    default:
  }
}

/** The disabled action button under the point (x, y) of a click on the toolbar, or null. */
function disabledButtonAt(ctx, x, y) {
  const { $ } = ctx;
  for (const b of $("actions").querySelectorAll("button[data-action]")) {
    if (!b.disabled || b.hidden) continue;
    const r = b.getBoundingClientRect();
    if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) return b;
  }
  return null;
}

/** @param {Ctx} ctx */
function clickStock(ctx) {
  if (ctx.isMyTurn() && ctx.legalOfKind("draw").length) onDraw(ctx); else explain(ctx, "draw");
}

/** @param {Ctx} ctx */
function clickDiscard(ctx) {
  if (!ctx.isMyTurn() || ctx.stage() === "draw") {
    if (ctx.isMyTurn() && ctx.legalOfKind("take").length) onTake(ctx); else explain(ctx, "take");
    return;
  }
  const sel = ctx.selectedCards();
  if (sel.length === 1) onDiscard(ctx); else explain(ctx, "discard");
}

/** @param {Ctx} ctx */
function toggleCard(ctx, i) {
  const { shell, state } = ctx;
  if (state.selected.has(i)) state.selected.delete(i); else state.selected.add(i);
  state.focusIndex = i;
  shell.clearError();
  renderHand(ctx);
  renderMySide(ctx);
  renderButtons(ctx);
}

/** @param {Ctx} ctx */
export function wireInput(ctx) {
  const { $, shell, state } = ctx;
  wireHand($("hand"), state, (i) => toggleCard(ctx, i), () => {
    if (!state.selected.size) return false;
    state.selected.clear();
    shell.render();
    return true;
  });

  const melds = $("my-melds");
  melds.addEventListener("click", (ev) => {
    const btn = ev.target.closest(".meld");
    if (!btn) return;
    const rank = btn.dataset.rank;
    state.target = state.target === rank ? null : rank;
    if (state.target && ctx.isMyTurn() && ctx.stage() === "play" && state.selected.size === 0) shell.setStatus({ key: "hint.selectForAdd" });
    renderMySide(ctx);
    renderButtons(ctx);
    const again = melds.querySelector(`.meld[data-rank="${CSS.escape(rank)}"]`);
    if (again) focusItem(melds, ".meld", again);
  });
  wireRovingKeys(melds, ".meld");

  $("btn-draw").addEventListener("click", () => onDraw(ctx));
  $("btn-take").addEventListener("click", () => onTake(ctx));
  $("btn-meld").addEventListener("click", () => onMeld(ctx));
  $("btn-add").addEventListener("click", () => onAdd(ctx));
  $("btn-bury").addEventListener("click", () => onBury(ctx));
  $("btn-discard").addEventListener("click", () => onDiscard(ctx));
  for (const kind of ["pass", "ask", "yes", "no"]) {
    $("btn-" + kind).addEventListener("click", () => act(ctx, { type: "move", text: kind }));
  }
  $("btn-clear").addEventListener("click", () => { state.selected.clear(); state.target = null; shell.render(); });
  $("btn-scores").addEventListener("click", () => shell.openScoreSheet());
  // A disabled button lets clicks and taps through to the toolbar (style.css: pointer-events):
  // the toolbar finds the button under the finger and says why it is disabled.
  $("actions").addEventListener("click", (ev) => {
    if (ev.target.closest("button:not(:disabled)")) return;
    const b = disabledButtonAt(ctx, ev.clientX, ev.clientY);
    if (b) explain(ctx, b.dataset.action);
  });
  $("stock").addEventListener("click", () => clickStock(ctx));
  $("discard").addEventListener("click", () => clickDiscard(ctx));
}
