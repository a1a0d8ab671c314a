// The Continental table's score sheet: the deal's points per player, who went out, the match's
// result, and the words of the sheet's header and "next" button.
import { t } from "../../i18n.js";
import { lastResult, cumulativeScore, showMatchResult } from "../common.js";
import { contractText } from "./layout.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** The score sheet's header words. @param {Ctx} ctx */
export function meta(ctx) {
  const v = ctx.view();
  return { hand: t("ct.dealOf", { n: v.hand_number, of: v.deals }), match: t("ct.lowestWins") };
}

/** The score sheet's "next" button: the next deal's contract. @param {Ctx} ctx */
export function nextLabel(ctx) {
  const v = ctx.view();
  const c = (v.contracts || [])[v.hand_number];
  return c ? t("ct.nextDeal", { contract: contractText(c.sets, c.runs) }) : t("action.next");
}

/** The deal's score sheet (one row per player, lowest total first). @param {Ctx} ctx @param {any} parts the dialog's parts */
export function fillScoreSheet(ctx, parts) {
  const { shell } = ctx;
  const me = ctx.me();
  const v = ctx.view();
  const tb = shell.table();
  const { last, bySide: bySeat } = lastResult(v);
  const c = (v.contracts || [])[(last ? last.hand : v.hand_number) - 1] || v.contract;
  parts.title.textContent = t("ct.score.title", { n: last ? last.hand : v.hand_number, contract: contractText(c.sets, c.runs) });
  const seats = [...Array(v.players).keys()];
  const bonus = seats.some((s) => bySeat[s] && bySeat[s].items.down_and_out);
  // one row per player (fits a phone with eight players), lowest total first
  const cols = [
    { item: "cards", label: t("ct.score.cards"), value: (s) => (last ? v.hand_counts[s] : null) },
    ...(bonus ? [{ item: "down_and_out", label: t("ct.score.downAndOut"), value: (s) => (bySeat[s] ? bySeat[s].items.down_and_out ?? 0 : null) }] : []),
    { item: "total", label: t("ct.score.total"), value: (s) => (bySeat[s] ? bySeat[s].total : null) },
    { item: "cumulative", label: t("ct.score.cumulative"), value: (s) => cumulativeScore(v, bySeat[s], s) },
  ];
  const table = parts.table;
  table.replaceChildren();
  const hr = table.createTHead().insertRow();
  const corner = document.createElement("th");
  corner.scope = "col";
  corner.textContent = t("ct.score.player");
  hr.append(corner);
  for (const col of cols) {
    const th = document.createElement("th");
    th.scope = "col";
    th.dataset.item = col.item;
    th.textContent = col.label;
    hr.append(th);
  }
  const body = table.createTBody();
  const order = [...seats].sort((a, b) => (v.scores[a] ?? 0) - (v.scores[b] ?? 0) || a - b);
  const best = Math.min(...seats.map((s) => v.scores[s] ?? 0));
  for (const s of order) {
    const tr = body.insertRow();
    tr.dataset.seat = String(s);
    if (s === me) tr.classList.add("row-me");
    if ((v.scores[s] ?? 0) === best) tr.classList.add("row-best");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = shell.seatName(s);
    tr.append(th);
    for (const col of cols) {
      const td = tr.insertCell();
      td.dataset.item = col.item;
      const val = col.value(s);
      td.textContent = val === null || val === undefined ? "–" : String(val);
      if (col.item === "cumulative") td.classList.add("col-cumulative");
    }
  }

  const notes = [];
  if (last) {
    if (last.went_out === null || last.went_out === undefined) notes.push(t("ct.score.exhausted"));
    else if (last.went_out === me) notes.push(t("ct.score.wentOutYou"));
    else notes.push(t("ct.score.wentOut", { name: shell.seatName(last.went_out) }));
  }
  notes.push(t("ct.lowestWins"));
  parts.note.textContent = notes.join(" ");

  showMatchResult(parts.result, tb, "ct", me, shell.seatName);
}
