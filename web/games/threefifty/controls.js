// The 3 ist 50 table's controls: the choice bar (when the chosen card has several plays, or
// several go to the clicked target) and the line that says whose turn it is. Every function takes
// the table's context (context.js) first.
import { t } from "../../i18n.js";
import { textButton, showChoiceBar, shortCard } from "../common.js";
import { targetKey, targets, movesVia } from "./targets.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** A short label for one of the person's legal moves (choice buttons). @param {Ctx} ctx @param {any} m */
function choiceLabel(ctx, m) {
  const { shell } = ctx;
  const me = ctx.me();
  const v = ctx.view();
  const to = shell.seatName(ctx.leftOf(me));
  if (m.kind === "discard") return t("tf.choice.throw", { card: shortCard(m.card) });
  if (m.target === "own") {
    const run = (v.piles[me] || {}).top_run || [];
    return t("tf.choice.own", { n: run.length, to });
  }
  if (m.target === "pile") {
    return m.pile === me ? t("tf.choice.pileOwn") : t("tf.choice.pile", { name: shell.seatName(m.pile) });
  }
  const c = ctx.caps(m.card, v);
  const cards = [...(m.target === "discard" ? [] : c.centre), ...(m.target === "centre" ? [] : c.discard)].map(shortCard).join(" ");
  return t("tf.choice." + m.target, { cards, to });
}

/** @param {Ctx} ctx */
export function renderChoices(ctx) {
  const { $, shell, state } = ctx;
  const box = $("tf-choices");
  box.replaceChildren();
  const card = shell.isMyTurn() ? ctx.selectedCard() : null;
  let moves = ctx.movesOf(card);
  if (state.choiceTarget) {
    const el = targets(ctx).find((x) => targetKey(x) === state.choiceTarget);
    if (el) moves = movesVia(ctx, el, moves);
  }
  if (!card || moves.length < 2) { box.hidden = true; return; }
  showChoiceBar(box, "tf-choices", t("tf.chooseFor", { card: shortCard(card) }), moves.map((m) => {
    const b = textButton("btn btn-small tf-choice", choiceLabel(ctx, m), { move: m.text });
    b.disabled = shell.busy();
    return b;
  }));
}

/** The controls only (while the shell is busy or stops being so). @param {Ctx} ctx */
export function renderControls(ctx) {
  for (const b of ctx.$("tf-choices").querySelectorAll("button")) b.disabled = ctx.shell.busy();
}

/** Whose turn it is. @param {Ctx} ctx @returns {string} */
export function turnText(ctx) {
  const { shell } = ctx;
  const tb = shell.table();
  const v = ctx.view();
  if (tb.match_over) return t("tf.turn.matchOver");
  if (tb.hand_over) return t("tf.turn.over", { n: v.hand_number });
  if (shell.isMyTurn()) {
    const legal = shell.legal();
    return t(legal.length && legal.every((m) => m.kind === "discard") ? "tf.turn.discard" : "tf.turn.yours");
  }
  return t("tf.turn.other", { name: shell.seatName(tb.to_act) });
}
