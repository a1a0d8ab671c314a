// The Continental table's log room: the sentence of each log entry (web/games/registry.js:
// describe, annotate) and the words for a combination's owner.
import { t, cardName, rankPlural } from "../../i18n.js";
import { contractText, shortCards } from "./layout.js";

/**
 * The log functions of one table: `ctx.shell` the page shell, `ctx.view()` the current view,
 * `ctx.me()` the person's seat.
 * @param {{shell: any, view: () => any, me: () => number}} ctx
 */
export function makeLog({ shell, view, me }) {
  /** "your set of sevens", "Computer 2's run of hearts" (dative forms for German "in ..."). */
  function whoseCombo(cb, owner, actor, dative = false) {
    const rel = owner === actor ? (actor === me() ? "yours" : "own") : owner === me() ? "yours" : "other";
    const p = { name: shell.seatName(owner), ranks: cb.rank ? rankPlural(cb.rank) : "", suit: cb.suit ? t("suit." + cb.suit) : "" };
    return t(`ct.${dative ? "targetDat" : "target"}.${cb.kind}.${rel}`, p);
  }

  function describe(e) {
    if (e.who === "sep") {
      const c = (view().contracts || [])[e.hand - 1];
      return c ? t("ct.log.deal", { n: e.hand, contract: contractText(c.sets, c.runs) }) : t("table.hand", { n: e.hand });
    }
    if (e.who === "info") {
      if (e.kind === "reshuffle") return t("ct.log.reshuffle");
      if (e.kind === "exhausted") return t("ct.log.exhausted");
      return e.text || "";
    }
    const you = e.seat === me();
    const p = you ? "ct.move.you." : "ct.move.other.";
    const name = shell.seatName(e.seat);
    const parts = String(e.text || "").split(/\s+/);
    const kind = parts[0];
    let s;
    switch (kind) {
      case "draw": s = t(p + "draw", { name }); break;
      case "take": s = t(p + "take", { name, card: e.card ? cardName(e.card) : "?" }); break;
      case "claim": s = t(p + "claim", { name, card: e.card ? cardName(e.card) : "?" }); break;
      case "pass": s = t(p + "pass", { name }); break;
      case "set": case "run":
        s = t(p + kind, { name, cards: shortCards(e.cards || parts.slice(1)) });
        if (e.down) s += " " + t(p + "down");
        break;
      case "add": {
        const cb = e.combo || { kind: "set", rank: null, suit: null };
        s = t(p + "add", { name, cards: shortCards(e.cards || parts.slice(2).filter((x) => x !== "low" && x !== "high")),
          target: whoseCombo(cb, e.owner ?? Number(parts[1].split(".")[0]), e.seat) });
        break;
      }
      case "swap": {
        const cb = e.combo || { kind: "run", rank: null, suit: null };
        s = t(p + "swap", { name, card: cardName(parts[2]), target: whoseCombo(cb, e.owner ?? Number(parts[1].split(".")[0]), e.seat, true) });
        break;
      }
      case "discard": s = t(p + "discard", { name, card: cardName(parts[1]) }); break;
      default: s = t(p + "other", { name, label: e.label || e.text });
    }
    if (e.out) s += " " + t(p + "out");
    return s;
  }

  /** Extra fields of a move's log entry: its cards and combination from the engine's events of
   * the move (`next.events`), being down and going out from the tables before and after it. */
  function annotate(entry, prev, next) {
    const kind = String(entry.text || "").split(/\s+/)[0];
    if (!prev) return;
    const pv = prev.view, nv = next.view, evs = next.events || [];
    if (kind === "pass") entry.quiet = true;
    // take, claim: the card from the discard pile (a friend's page has no events: the view's card)
    const got = evs.find((e) => e.key === kind);
    if (kind === "take" || kind === "claim") entry.card = got ? got.cards[0] : (kind === "claim" && pv.claim && pv.claim.card) || pv.discard.top;
    const at = evs.map((e) => (e.to.meld ? e.to : e.from)).find((p) => p.meld); // add, swap: the combination
    if ((kind === "add" || kind === "swap") && at) {
      const cb = pv.seats[at.seat].combos.find((c) => c.id === at.meld);
      if (cb) entry.combo = { kind: cb.kind, rank: cb.rank, suit: cb.suit };
      entry.owner = at.seat;
    }
    const same = nv.hand_number === pv.hand_number;
    if (same && (kind === "set" || kind === "run") && !pv.seats[entry.seat].down && nv.seats[entry.seat].down) entry.down = true;
    if (same && next.hand_over && !prev.hand_over && nv.hand_counts[entry.seat] === 0) entry.out = true;
  }

  return { whoseCombo, describe, annotate };
}
