// The Continental table's controls: the action bar's buttons (shown, enabled, which lay is the
// likely one), the choice bar (how to add a card to a combination), and the line that says whose
// turn it is and what to do. Every function takes the table's context (context.js) first.
import { t, cardName } from "../../i18n.js";
import { textButton, showChoiceBar, shortCard, fillWithCardGlyph } from "../common.js";
import { contractText, sameCards } from "./layout.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** The legal move laying exactly `cards` as a `kind` ("set", "run"), or null. @param {Ctx} ctx @param {string} kind @param {string[]} cards */
export function legalLay(ctx, kind, cards) {
  return ctx.legal().find((m) => m.kind === kind && sameCards(m.cards, cards)) || null;
}

/** @param {Ctx} ctx */
export function renderButtons(ctx) {
  const { $, shell } = ctx;
  const v = ctx.view();
  const tb = shell.table();
  const phase = ctx.phase();
  const mine = shell.isMyTurn() && !shell.busy() && phase !== "claim";
  const lg = ctx.legal();
  const st = ctx.stage();
  const sel = ctx.selectedCards();
  const drawStage = st === "draw" || !shell.isMyTurn() || phase === "claim";
  const lay = ctx.toLay();
  const placing = Boolean(v.turn && v.turn.place_joker_from);

  const draw = $("ct-btn-draw"), take = $("ct-btn-take");
  const turnNow = shell.isMyTurn() && phase !== "claim";
  draw.hidden = !drawStage || !turnNow;
  take.hidden = !drawStage || !turnNow;
  draw.disabled = !(mine && lg.some((m) => m.kind === "draw"));
  take.disabled = !(mine && lg.some((m) => m.kind === "take"));
  if (v.discard.top) fillWithCardGlyph(take, t("ct.action.take", { card: "{card}" }), shortCard(v.discard.top));
  else take.textContent = t("ct.action.takeNone");
  if (v.discard.top) take.setAttribute("aria-label", t("ct.action.takeLabel", { card: cardName(v.discard.top) }));

  const setBtn = $("ct-btn-set"), runBtn = $("ct-btn-run");
  const canLay = !drawStage && lay !== null && !placing;
  setBtn.hidden = !canLay || !lay.sets;
  runBtn.hidden = !canLay || !lay.runs;
  const setOk = legalLay(ctx, "set", sel);
  const runOk = legalLay(ctx, "run", sel);
  setBtn.disabled = !(mine && canLay && lay.sets > 0 && sel.length >= 3);
  runBtn.disabled = !(mine && canLay && lay.runs > 0 && sel.length >= 4);
  setBtn.classList.toggle("btn-primary", Boolean(setOk) && !setBtn.disabled);
  runBtn.classList.toggle("btn-primary", Boolean(runOk) && !runBtn.disabled);
  setBtn.dataset.legal = lg.filter((m) => m.kind === "set").map((m) => m.text).join(";");
  runBtn.dataset.legal = lg.filter((m) => m.kind === "run").map((m) => m.text).join(";");

  const disc = $("ct-btn-discard");
  const discards = new Set(lg.filter((m) => m.kind === "discard").map((m) => m.cards[0]));
  disc.hidden = drawStage;
  disc.disabled = !(mine && sel.length === 1 && discards.has(sel[0]));
  const out = ctx.hand().length === 1;
  disc.textContent = out ? t("action.goOut") : sel.length === 1 ? t("ct.action.discardCard", { card: shortCard(sel[0]) }) : t("action.discard");
  disc.dataset.goOut = String(out);
  $("ct-btn-clear").hidden = sel.length === 0;
  $("ct-btn-scores").hidden = !tb.hand_over;
  $("ct-actions").classList.toggle("inactive", !shell.isMyTurn() || phase === "claim");
  $("ct-stock").classList.toggle("ct-can", mine && lg.some((m) => m.kind === "draw"));
  $("ct-discard").classList.toggle("ct-can", mine && (lg.some((m) => m.kind === "take") || (sel.length === 1 && discards.has(sel[0]))));
  $("ct-btn-claim").disabled = shell.busy();
  $("ct-btn-pass").disabled = shell.busy();
}

/** The choice bar of state.choice (hidden when there is none). @param {Ctx} ctx */
export function renderChoices(ctx) {
  const { $, shell } = ctx;
  const box = $("ct-choices");
  box.replaceChildren();
  const ch = ctx.state.choice;
  if (!ch || !ctx.myPlay()) { box.hidden = true; return; }
  const buttons = ch.options.map((o, i) => {
    const b = textButton("btn btn-small ct-choice", o.label, { choice: String(i), ...(o.move ? { move: o.move } : {}) });
    b.disabled = shell.busy();
    return b;
  });
  buttons.push(textButton("btn btn-ghost btn-small ct-choice-cancel", t("newgame.cancel"), { choice: "cancel" }));
  showChoiceBar(box, "ct-choices", ch.head, buttons);
}

/** The controls only (while the shell is busy or stops being so). @param {Ctx} ctx */
export function renderControls(ctx) {
  renderButtons(ctx);
  for (const b of ctx.$("ct-choices").querySelectorAll("button")) b.disabled = ctx.shell.busy();
}

/** Whose turn it is and what to do. @param {Ctx} ctx @returns {string} */
export function turnText(ctx) {
  const { shell } = ctx;
  const tb = shell.table();
  const v = ctx.view();
  if (tb.match_over) return t("ct.turn.matchOver");
  if (tb.hand_over) return t("ct.turn.over", { n: v.hand_number });
  if (v.phase === "claim" && v.claim) {
    if (tb.to_act_is_human) return t("ct.turn.claimYou", { card: shortCard(v.claim.card) });
    return t("ct.turn.claimOther", { name: shell.seatName(tb.to_act), card: shortCard(v.claim.card) });
  }
  if (!shell.isMyTurn()) return t("ct.turn.other", { name: shell.seatName(tb.to_act) });
  const turn = v.turn || {};
  if (turn.stage === "draw") {
    return v.discard.top ? t("ct.turn.draw", { card: shortCard(v.discard.top) }) : t("ct.turn.drawOnly");
  }
  if (turn.place_joker_from) return t("ct.turn.placeJoker");
  if (turn.laying_down) return t("ct.turn.layingDown", { contract: contractText(turn.laying_down.sets, turn.laying_down.runs) });
  if (!ctx.seatData(ctx.me()).down) {
    const can = ctx.legal().some((m) => m.kind === "set" || m.kind === "run");
    return t(can ? "ct.turn.canLay" : "ct.turn.notDown", { contract: contractText(v.contract.sets, v.contract.runs) });
  }
  return t("ct.turn.down");
}
