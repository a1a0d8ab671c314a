// The canasta table's score sheet: the hand's points of each side by item, who went out, the
// match's result, and the words of the sheet's header. Takes the table's context (context.js).
import { t, has } from "../../i18n.js";
import { fillScoreTable, lastResult, cumulativeScore } from "../common.js";
import { SCORE_ITEMS } from "./layout.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** The score sheet's header words. @param {Ctx} ctx */
export function meta(ctx) {
  const v = ctx.view();
  const m = v.match || {};
  return {
    hand: t("table.hand", { n: v.hand_number }),
    match: m.end === "deals" ? t("score.dealsInfo", { n: v.hand_number, of: m.deals })
      : t("score.targetInfo", { n: m.target ?? 5000 }),
  };
}

/** The hand's score sheet, one column per side. @param {Ctx} ctx @param {any} parts the dialog's parts */
export function fillScoreSheet(ctx, parts) {
  const { shell } = ctx;
  const v = ctx.view();
  const tb = shell.table();
  const { last, bySide } = lastResult(v);
  parts.title.textContent = t("score.title", { n: last ? last.hand : v.hand_number });
  const sides = (v.sides || []).map((s) => s.side);
  const keys = [...SCORE_ITEMS];
  for (const r of Object.values(bySide)) for (const k of Object.keys(r.items || {})) if (!keys.includes(k)) keys.push(k);
  /** @type {Array<{item: string, label: string, values: Array<number | null>, cls?: string}>} */
  const rows = keys.map((k) => ({
    item: k,
    label: has("score." + k) ? ctx.tw("score." + k) : k.replace(/_/g, " "),
    values: sides.map((s) => (bySide[s] && bySide[s].items ? bySide[s].items[k] ?? 0 : null)),
  }));
  rows.push({ item: "total", cls: "row-total", label: t("score.total"),
    values: sides.map((s) => (bySide[s] ? bySide[s].total : null)) });
  rows.push({ item: "cumulative", cls: "row-cumulative", label: t("score.cumulative"),
    values: sides.map((s) => cumulativeScore(v, bySide[s], s)) });
  fillScoreTable(parts.table, sides.map((s) => ({ name: ctx.sideTitle(s), cls: s === ctx.mySide() ? "col-me" : "" })), rows);

  const out = parts.note;
  if (last && "went_out" in last) {
    if (last.went_out === null || last.went_out === undefined) out.textContent = t("score.noOneOut");
    else if (shell.humanSeats().includes(last.went_out)) {
      out.textContent = t(last.concealed ? "score.wentOutConcealed.you" : "score.wentOut.you");
    } else if (v.players > 2) {
      out.textContent = t(last.concealed ? "score.wentOutConcealedSeat" : "score.wentOutSeat", { name: shell.seatName(last.went_out) });
    } else {
      out.textContent = t(last.concealed ? "score.wentOutConcealed.computer" : "score.wentOut.computer");
    }
  } else out.textContent = "";
  const res = parts.result;
  if (tb.match_over) {
    const winners = (v.match && v.match.winners) || [];
    const partners = ctx.sideSeats(ctx.mySide()).length > 1;
    let text;
    if (winners.length === 1) {
      if (winners[0] === ctx.mySide()) text = partners ? t("score.sideWins") : t("score.youWin");
      else text = v.players > 2 ? t("score.winner", { names: ctx.sideTitle(winners[0]) }) : t("score.computerWins");
    } else if (winners.length > 1) text = t("score.tie");
    else text = t("score.matchOver");
    res.textContent = text;
    res.hidden = false;
    res.classList.toggle("win", winners.length === 1 && winners[0] === ctx.mySide());
  } else {
    res.hidden = true;
  }
}
