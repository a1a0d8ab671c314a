// The 3 ist 50 table's log room: the sentence of each log entry (web/games/registry.js:
// describe, annotate).
import { t, cardName } from "../../i18n.js";

function listNames(cards) {
  const names = cards.map(cardName);
  if (names.length <= 1) return names.join("");
  return names.slice(0, -1).join(", ") + t("move.list.and") + names[names.length - 1];
}

/**
 * The log functions of one table: `ctx.shell` the page shell, `ctx.me()` the person's seat, `ctx.pileName(seat, actor)` the words for a minus pile.
 * @param {{shell: any, me: () => number, pileName: (seat: number, actor: number) => string}} ctx
 */
export function makeLog({ shell, me, pileName }) {
  function describe(e) {
    if (e.who === "sep") return t("tf.gameN", { n: e.hand });
    if (e.who === "info") {
      if (e.kind === "round") return t("tf.log.round", { n: e.round, name: shell.seatName(e.dealer), cards: e.cards });
      if (e.kind === "end") return t("tf.log.end");
      return e.text || "";
    }
    const you = e.who === "you" && e.seat === me();
    const p = you ? "tf.move.you." : "tf.move.other.";
    const name = shell.seatName(e.seat);
    // the engine's own JSON of the move (session.js), never its notation
    const m = e.move;
    const other = () => t(p + "other", { name, label: e.label || e.text });
    if (!m || typeof m.card !== "string") return other(); // (a log saved before moves carried their JSON)
    const card = cardName(m.card);
    if (m.kind === "discard") return t(p + "discard", { name, card });
    if (m.kind !== "play") return other();
    const target = m.target;
    const to = e.to !== undefined ? pileName(e.to, e.seat) : "";
    if (target === "pile") return t(p + "pile", { name, card, to: pileName(Number(m.pile), e.seat) });
    // without the engine's events (a friend's device gets its table from a load) the count is unknown:
    // the move's own label then, never a "?"
    if ((target === "own" || !(e.took && e.took.length)) && e.n === undefined) return other();
    if (target === "own") return t(p + "own", { name, card, n: e.n ?? "?", run: Math.max(0, (e.n ?? 1) - 1), to });
    if (e.took && e.took.length) return t(p + "middle", { name, card, cards: listNames(e.took), n: e.n, to });
    return t(p + "middleN", { name, card, n: e.n ?? "?", to });
  }

  /** Where a move's cards went: the engine's events of the move (`next.events`: its `play`, and
   * the `capture`s that went with it), not the move's notation. */
  function annotate(entry, prev, next) {
    const evs = (next && next.events) || [];
    const play = evs.find((e) => e.key === "play");
    if (!play || !prev) return;
    const to = play.to.seat;
    const went = evs.filter((e) => e.key === "capture" && e.to.seat === to);
    const took = went.filter((e) => e.from.place !== "minus_pile").flatMap((e) => e.cards);
    entry.to = to;
    entry.n = next.view.hand_number === prev.view.hand_number ? went.reduce((k, e) => k + e.count, play.count) : null;
    if (took.length) entry.took = took;
  }

  return { describe, annotate };
}
