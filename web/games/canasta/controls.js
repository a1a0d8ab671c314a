// The canasta table's controls: the action bar's buttons (enabled, the likely one marked, the
// partner's question, "pass" when the stock is used up) and the line that says whose turn it is.
// Every function takes the table's context (context.js) first.
import { t } from "../../i18n.js";
import { addTarget, addsTo, buryTarget, selectionMelds } from "./moves.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** The action bar: which buttons are enabled, shown, marked as the likely one; the partner's question. @param {Ctx} ctx */
export function renderButtons(ctx) {
  const { $, shell } = ctx;
  const v = ctx.view();
  const tb = shell.table();
  const mine = ctx.isMyTurn() && !shell.busy();
  const sel = ctx.selectedCards();
  const play = mine && ctx.stage() === "play";
  const canDraw = mine && ctx.legalOfKind("draw").length > 0;
  const canTake = mine && ctx.legalOfKind("take").length > 0;
  $("btn-draw").disabled = !canDraw;
  $("btn-draw").classList.toggle("btn-primary", canDraw);
  $("btn-take").disabled = !canTake;
  $("btn-take").classList.toggle("btn-primary", canTake);
  $("btn-meld").disabled = !(play && sel.length > 0);
  $("btn-meld").classList.toggle("btn-primary", play && selectionMelds(ctx, sel));
  const target = addTarget(ctx);
  $("btn-add").disabled = !(play && sel.length > 0 && target !== null);
  $("btn-add").dataset.target = target || "";
  $("btn-add").classList.toggle("btn-primary", play && target !== null && addsTo(ctx, target, sel));
  const discards = new Set(ctx.legalOfKind("discard").map((m) => ctx.moveCards(m)[0]));
  const canDiscard = mine && sel.length === 1 && discards.has(sel[0]);
  $("btn-discard").disabled = !canDiscard;
  $("btn-discard").classList.toggle("btn-primary", canDiscard);
  const goingOut = (v.hand || []).length === 1;
  $("btn-discard").textContent = goingOut ? t("action.goOut") : t("action.discard");
  $("btn-discard").dataset.goOut = String(goingOut);
  // the stock used up (play on discards), and "may I go out?" with its answer
  const canPass = mine && ctx.legalOfKind("pass").length > 0;
  const canAsk = mine && ctx.legalOfKind("ask").length > 0;
  const answering = mine && ctx.legalOfKind("yes").length > 0;
  $("btn-pass").hidden = !canPass;
  // Kanaster: cards of a blocking rank laid under the side's canasta (shown while any is legal)
  const buries = mine ? ctx.legalOfKind("bury") : [];
  $("btn-bury").hidden = buries.length === 0;
  $("btn-bury").disabled = !(sel.length > 0 && buryTarget(ctx, sel, buries) !== null);
  $("btn-ask").hidden = !canAsk;
  $("btn-yes").hidden = !answering;
  $("btn-no").hidden = !answering;
  const question = $("partner-question");
  if (answering) {
    question.textContent = t("table.partnerAsks", { name: shell.seatName(v.turn.seat) });
  } else if (mine && ctx.stage() === "draw" && v.stock === 0 && !canDraw) {
    question.textContent = t("table.stockUsedUp");
  } else {
    question.textContent = "";
  }
  question.hidden = !question.textContent;
  $("btn-clear").hidden = sel.length === 0;
  $("btn-scores").hidden = !tb.hand_over;
  $("actions").classList.toggle("inactive", !ctx.isMyTurn());
  $("stock").classList.toggle("can", canDraw);
  $("discard").classList.toggle("can", canTake || canDiscard);
}

/** Whose turn it is and what to do. @param {Ctx} ctx @returns {string} */
export function turnText(ctx) {
  const { shell } = ctx;
  const tb = shell.table();
  if (tb.match_over) return t("turn.matchOver");
  if (tb.hand_over) return t("turn.handOver");
  if (ctx.isMyTurn() && ctx.legalOfKind("yes").length) return t("turn.yoursAnswer");
  // the pile is offered only when the engine lists taking it (not while "closed for you")
  if (ctx.isMyTurn() && ctx.stage() === "draw") return t(ctx.legalOfKind("take").length ? "turn.yoursDraw" : "turn.yoursDrawOnly");
  if (ctx.isMyTurn()) return t("turn.yoursPlay");
  if (ctx.view().players <= 2) return t("turn.computer");
  const name = shell.seatName(tb.to_act);
  return ctx.partnerOf(tb.to_act) ? t("turn.partner", { name }) : t("turn.other", { name });
}
