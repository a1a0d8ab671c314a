// The canasta table's log room: the sentence of each log entry (web/games/registry.js: describe,
// annotate). The sentences are worded by i18n.js moveSentence from the entry's move.
import { t, moveSentence } from "../../i18n.js";

/**
 * The log functions of one table: `ctx.shell` the page shell, `ctx.view()` the current view.
 * @param {{shell: any, view: () => any}} ctx
 * @returns {{describe: (e: any) => string, annotate: (entry: any, prev: any, next: any) => void}}
 */
export function makeLog({ shell, view }) {
  function describe(e) {
    if (e.who === "sep") return t("table.hand", { n: e.hand });
    const v = view();
    // by name at 3 or more seats, and whenever more than one person plays (a friend's move in a
    // game for two is not "the computer's")
    if (e.who === "computer" && v && (v.players > 2 || shell.humanSeats().length > 1)
        && e.seat !== undefined && e.seat !== null) {
      return moveSentence(e.text, "other", e.label, { ...e, name: shell.seatName(e.seat) });
    }
    return moveSentence(e.text, e.who, e.label, e);
  }

  /** Extra fields of a log entry for a move (the person's or the computer's): a take's number of
   * cards, from the engine's events of the move (`next.events`: the flights out of the discard pile). */
  function annotate(entry, prev, next) {
    const took = ((next && next.events) || []).filter((e) => e.from.place === "pile" && e.key.startsWith("take"));
    if (took.length) entry.n = took.reduce((k, e) => k + e.count, 0);
  }

  return { describe, annotate };
}
