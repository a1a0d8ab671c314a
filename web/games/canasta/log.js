// The canasta table's log room: the sentence of each log entry (web/games/registry.js: describe,
// annotate). The sentences are worded by i18n.js moveSentence from the entry's move (the engine's
// own JSON of it, session.js) and events; the cut and the red threes laid out are entries of the
// engine's events too (table.js eventEntries).
import { t, moveSentence } from "../../i18n.js";

/**
 * The rank (text) of the meld `key` ("Q", "Q#2": a move's `rank`, the view's meld `key`) of the
 * side of `seat` in view `v`, or "" when the view has no such meld (it is the engine's word:
 * nothing is read out of the key itself).
 * @param {any} v  @param {number|null|undefined} seat  @param {unknown} key
 * @returns {string}
 */
export function meldRank(v, seat, key) {
  if (!v || seat === null || seat === undefined || typeof key !== "string") return "";
  const side = (v.side_of_seat || [])[seat];
  const s = (v.sides || []).find((x) => x.side === side);
  const meld = ((s && s.melds) || []).find((m) => (m.key || m.rank) === key);
  return meld ? String(meld.rank) : "";
}

/**
 * The log functions of one table: `ctx.shell` the page shell, `ctx.view()` the current view.
 * @param {{shell: any, view: () => any}} ctx
 * @returns {{describe: (e: any) => string, annotate: (entry: any, prev: any, next: any) => void}}
 */
export function makeLog({ shell, view }) {
  function describe(e) {
    if (e.who === "sep") return t("table.hand", { n: e.hand });
    const v = view();
    // an add's meld by its rank: annotate's (the table after the move), else the view's now
    const entry = e.move && e.move.kind === "add" && !e.rank ? { ...e, rank: meldRank(v, e.seat, e.move.rank) } : e;
    // by name at 3 or more seats, and whenever more than one person plays (a friend's move in a
    // game for two is not "the computer's")
    if (e.who === "computer" && v && (v.players > 2 || shell.humanSeats().length > 1)
        && e.seat !== undefined && e.seat !== null) {
      return moveSentence(entry, "other", { name: shell.seatName(e.seat) });
    }
    return moveSentence(entry, e.who, { name: e.name }); // (a demo's replay names the seat: e.name)
  }

  /** Extra fields of a log entry for a move (the person's or the computer's): a take's number of
   * cards, from the engine's events of the move (`next.events`: the flights out of the discard
   * pile), and an add's meld rank, from the view after it. */
  function annotate(entry, prev, next) {
    const took = ((next && next.events) || []).filter((e) => e.from.place === "pile" && e.key.startsWith("take"));
    if (took.length) entry.n = took.reduce((k, e) => k + e.count, 0);
    if (entry.move && entry.move.kind === "add" && next) {
      const rank = meldRank(next.view, entry.seat, entry.move.rank);
      if (rank) entry.rank = rank;
    }
  }

  return { describe, annotate };
}
