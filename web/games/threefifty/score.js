// The 3 ist 50 table's score sheet: the points in each player's minus pile by kind of card, the
// game's lowest, who got the leftovers, the match's result.
import { t } from "../../i18n.js";
import { fillScoreTable, lastResult, cumulativeScore, showMatchResult } from "../common.js";
import { SCORE_ITEMS } from "./layout.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** The score sheet's header words. @param {Ctx} ctx */
export function meta(ctx) {
  const v = ctx.view();
  return { hand: t("tf.gameOf", { n: v.hand_number, of: v.games }), match: t("tf.fewestWin") };
}

/** @param {Ctx} ctx @param {any} parts the dialog's parts */
export function fillScoreSheet(ctx, parts) {
  const { shell } = ctx;
  const me = ctx.me();
  const v = ctx.view();
  const tb = shell.table();
  const { last, bySide: bySeat } = lastResult(v);
  parts.title.textContent = t("tf.score.title", { n: last ? last.hand : v.hand_number });
  const seats = [...Array(v.players).keys()];
  const jokers = "JK" in (v.values || {}) || seats.some((s) => bySeat[s] && bySeat[s].items && bySeat[s].items.jokers);
  const rows = [{ item: "cards", label: t("tf.score.cards"), values: seats.map((s) => (v.piles[s] || {}).size ?? null) }];
  for (const k of SCORE_ITEMS) {
    if (k === "jokers" && !jokers) continue;
    rows.push({ item: k, label: t("tf.score." + k), values: seats.map((s) => (bySeat[s] && bySeat[s].items ? bySeat[s].items[k] ?? 0 : null)) });
  }
  rows.push({ item: "total", cls: "row-total", label: t("tf.score.total"), values: seats.map((s) => (bySeat[s] ? bySeat[s].total : null)) });
  if (v.games > 1) {
    rows.push({ item: "cumulative", cls: "row-cumulative", label: t("tf.score.cumulative"),
      values: seats.map((s) => cumulativeScore(v, bySeat[s], s)) });
  }
  fillScoreTable(parts.table, seats.map((s) => ({ name: shell.seatName(s), cls: s === me ? "col-me" : "" })), rows);

  const notes = [];
  if (last) {
    const totals = seats.map((s) => (bySeat[s] ? bySeat[s].total : Infinity));
    const best = Math.min(...totals);
    const low = seats.filter((s) => totals[s] === best).map((s) => shell.seatName(s));
    if (v.games > 1) notes.push(t("tf.score.gameLow", { names: low.join(", "), n: best }));
    if (last.leftovers_to !== null && last.leftovers_to !== undefined) notes.push(t("tf.score.leftovers", { name: shell.seatName(last.leftovers_to) }));
  }
  notes.push(t("tf.fewestWin"));
  parts.note.textContent = notes.join(" ");

  showMatchResult(parts.result, tb, "tf", me, shell.seatName);
}
