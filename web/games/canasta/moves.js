// The canasta table's reading of the legal moves: what the person can do now with the selection
// (which hand cards some move uses, whether the selection melds, which meld "add" or "bury" goes
// to). Only the engine's legal moves are read; no rule is worked out here. Every function takes
// the table's context (context.js) first.
import { rankOf } from "../../i18n.js";
import { within } from "./layout.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** Cards of the hand that some legal move melds, adds or takes the pile with (card text -> kinds). @param {Ctx} ctx */
export function usableCards(ctx) {
  const out = new Map();
  if (!ctx.isMyTurn()) return out;
  for (const m of ctx.legal()) {
    if (m.kind !== "meld" && m.kind !== "add" && m.kind !== "take") continue;
    for (const c of ctx.moveCards(m)) {
      if (!out.has(c)) out.set(c, new Set());
      out.get(c).add(m.kind);
    }
  }
  return out;
}

/** Whether each selected card can be added to my meld of `rank` (as a legal move of its own). @param {Ctx} ctx @param {string} rank @param {string[]} [sel] */
export function addsTo(ctx, rank, sel = ctx.selectedCards()) {
  if (!sel.length || !ctx.isMyTurn() || ctx.stage() !== "play") return false;
  const adds = ctx.legalOfKind("add").filter((m) => m.rank === rank);
  return sel.every((c) => adds.some((m) => ctx.moveCards(m)[0] === c));
}

/** Whether the selection is a legal meld (as one move, or a legal 3-card meld plus cards of its rank). @param {Ctx} ctx @param {string[]} [sel] */
export function selectionMelds(ctx, sel = ctx.selectedCards()) {
  if (sel.length < 3 || !ctx.isMyTurn() || ctx.stage() !== "play") return false;
  const naturals = new Set(sel.filter((c) => !ctx.isWild(c)).map(rankOf));
  if (naturals.size !== 1) return false;
  return ctx.legalOfKind("meld").some((m) => within(ctx.moveCards(m), sel));
}

/** The canasta key the selected cards can all be laid under (legal "bury" moves), or null. @param {Ctx} ctx @param {string[]} sel @param {any[]} [buries] */
export function buryTarget(ctx, sel, buries = ctx.legalOfKind("bury")) {
  let key = null;
  for (const c of sel) {
    const m = buries.find((b) => ctx.moveCards(b)[0] === c);
    if (!m || (key !== null && m.rank !== key)) return null;
    key = m.rank;
  }
  return key;
}

/** The rank of my meld that "add" would target, or null. @param {Ctx} ctx */
export function addTarget(ctx) {
  const { state } = ctx;
  const melds = ctx.sideData(ctx.mySide()).melds || [];
  if (!melds.length) return null;
  if (state.target && melds.some((m) => (m.key || m.rank) === state.target)) return state.target;
  const sel = ctx.selectedCards();
  const naturalRanks = new Set(sel.filter((c) => !ctx.isWild(c)).map(rankOf));
  if (naturalRanks.size === 1) {
    const r = [...naturalRanks][0];
    // several melds of one rank (Kanaster): the one that is not a canasta yet, else the last
    const same = melds.filter((m) => m.rank === r);
    const open = same.find((m) => !m.canasta) || same[same.length - 1];
    if (open) return open.key || open.rank;
  }
  if (naturalRanks.size === 0 && melds.length === 1) return melds[0].key || melds[0].rank;
  return null;
}
