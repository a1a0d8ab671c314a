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
    // the engine's own JSON of the move (session.js; `moves`: every move of one action), never its notation
    const m = e.move;
    const cards = m ? (Array.isArray(e.moves) ? e.moves : [m]).flatMap((x) => (x && Array.isArray(x.cards) ? x.cards : [])) : [];
    let s;
    switch (m && m.kind) {
      case "draw": s = t(p + "draw", { name }); break;
      case "take": s = t(p + "take", { name, card: e.card ? cardName(e.card) : "?" }); break;
      case "claim": s = t(p + "claim", { name, card: e.card ? cardName(e.card) : "?" }); break;
      case "pass": s = t(p + "pass", { name }); break;
      case "set": case "run":
        s = t(p + m.kind, { name, cards: shortCards(cards) });
        if (e.down) s += " " + t(p + "down");
        break;
      case "add": {
        const cb = e.combo || { kind: "set", rank: null, suit: null };
        s = t(p + "add", { name, cards: shortCards(cards), target: whoseCombo(cb, e.owner ?? comboOwner(m.target, e.seat), e.seat) });
        break;
      }
      case "swap": {
        const cb = e.combo || { kind: "run", rank: null, suit: null };
        s = t(p + "swap", { name, card: cards.length ? cardName(cards[0]) : "?", target: whoseCombo(cb, e.owner ?? comboOwner(m.target, e.seat), e.seat, true) });
        break;
      }
      case "discard": s = cards.length ? t(p + "discard", { name, card: cardName(cards[0]) }) : t(p + "other", { name, label: e.label || e.text }); break;
      default: s = t(p + "other", { name, label: e.label || e.text }); // (a log saved before moves carried their JSON)
    }
    if (e.out) s += " " + t(p + "out");
    return s;
  }

  /** The seat owning combination `id` ("1.2", a move's `target`) in the view now (the engine's
   * `combos[].id`; nothing is read out of the id itself), else `fallback`. */
  function comboOwner(id, fallback) {
    const seats = (view() && view().seats) || [];
    const at = seats.findIndex((st) => (st.combos || []).some((c) => c.id === id));
    return at >= 0 ? at : fallback;
  }

  /** Extra fields of a move's log entry: its cards and combination from the engine's events of
   * the move (`next.events`), being down and going out from the tables before and after it. */
  function annotate(entry, prev, next) {
    const kind = entry.move ? entry.move.kind : "";
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
