// The 3 ist 50 table's actions room: what the person does and what is sent. First what
// web/tablekit.js reads from the renderer module (web/games/registry.js): the keyboard shortcuts
// and the drop targets; then the table's own input: choosing a hand card, a click on a target
// (with the choice bar when several plays go there), the choice bar's buttons.
import { cardName } from "../../i18n.js";
import { wireHand, wireRovingKeys } from "../common.js";
import { targetKey, movesVia, attempt } from "./targets.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** Keyboard shortcuts: [key, button id, catalogue key of its name] (web/tablekit.js; no Undo: 3 ist 50 has none). */
export const SHORTCUTS = [
  ["1", "tf-choice-1", "kit.key.choice1"], ["2", "tf-choice-2", "kit.key.choice2"],
  ["x", "tf-discard", "kit.key.tfDiscard"],
];

/** The button of a SHORTCUTS row: "1", "2" press that choice of the choice bar. */
export function shortcutButton(row) {
  if (/^\d$/.test(row[0])) return document.querySelectorAll("#tf-choices button")[Number(row[0]) - 1] || null;
  return document.getElementById(row[1]);
}

/**
 * Drop targets (web/tablekit.js wireDrag): choosing a card with a single play makes that play at
 * once (as a touch on it does), wherever it is dropped; a card with several plays is played onto
 * the target it is dropped on.
 */
export const DROPS = [[".tf-target", (el) => { el.click(); return true; }]];

// ------------------------------------------------------------------ the person's actions at the table

/** Send legal move `m`. @param {Ctx} ctx @param {any} m */
function play(ctx, m) {
  const action = m.kind === "discard" ? { type: "discard", card: m.card }
    : { type: "play", card: m.card, target: m.target === "pile" ? "pile:" + m.pile : m.target };
  return ctx.shell.act(action, { text: m.text });
}

/** Choose (or, again, unchoose) hand card `i`. @param {Ctx} ctx @param {number} i */
function selectCard(ctx, i) {
  const { shell, state } = ctx;
  const hand = ctx.view().hand || [];
  if (i < 0 || i >= hand.length) return;
  state.focusIndex = i;
  state.choiceTarget = null;
  shell.clearError();
  if (state.selected === i) {
    state.selected = null;
    shell.setStatus(null);
    ctx.render();
    return;
  }
  state.selected = i;
  const card = hand[i];
  if (!shell.isMyTurn()) { ctx.render(); return; } // choosing ahead; targets show when the turn comes
  // No one-tap play (#29 item 8): a card with a single legal play is only chosen; its target
  // (highlighted) plays it, so a mis-tap on a phone is taken back by tapping the card again.
  // A play cannot be undone: it ends the turn and the next player moves at once.
  const moves = ctx.movesOf(card);
  shell.setStatus(moves.length ? { key: "tf.hint.chooseTarget", params: { card: cardName(card) } }
    : { key: "tf.hint.noPlay", params: { card: cardName(card) } });
  ctx.render();
}

/** A click on a target: play the chosen card there (asking how when several plays go there). @param {Ctx} ctx @param {HTMLElement} el */
function clickTarget(ctx, el) {
  const { shell, state } = ctx;
  const card = ctx.selectedCard();
  if (!shell.isMyTurn()) {
    state.waitHint = true;
    shell.setStatus({ key: "tf.hint.wait" });
    return;
  }
  if (!card) { shell.setStatus({ key: "tf.hint.pickCard" }); return; }
  const via = movesVia(ctx, el, ctx.movesOf(card));
  if (via.length === 1) { play(ctx, via[0]); return; }
  if (via.length > 1) {
    state.choiceTarget = targetKey(el);
    shell.setStatus({ key: "tf.hint.chooseHow", params: { card: cardName(card) } });
    ctx.render();
    const first = ctx.$("tf-choices").querySelector("button");
    if (first) first.focus();
    return;
  }
  shell.act(attempt(ctx, el, card), {}); // not legal: the engine's reason is shown
}

/** The table's listeners (mountTable calls this once the template is in place). @param {Ctx} ctx */
export function wireInput(ctx) {
  const { $, shell, state } = ctx;
  // Escape drops the chosen card (choosing it again does that)
  wireHand($("hand"), state, (i) => selectCard(ctx, i), () => {
    if (state.selected === null) return false;
    selectCard(ctx, state.selected);
    return true;
  });

  const table = $("tf-table");
  table.addEventListener("click", (ev) => {
    const el = ev.target.closest(".tf-target");
    if (el && table.contains(el)) clickTarget(ctx, el);
  });
  wireRovingKeys($("tf-centre"), ".tf-centre-card", { onMove: (i) => { state.centreFocus = i; } });
  $("tf-choices").addEventListener("click", (ev) => {
    const b = ev.target.closest("button[data-move]");
    if (!b) return;
    const m = shell.legal().find((x) => x.text === b.dataset.move);
    if (m) play(ctx, m);
  });
}
