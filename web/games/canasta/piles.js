// The canasta table's piles: the stock and the discard pile with its markers (frozen, closed for
// the person, blocked and by which rank). Takes the table's context (context.js).
import { t, cardName, rankOf, rankPlural } from "../../i18n.js";
import { cardBack } from "../../cards.js";
import { slot, fillDiscardCards, stockCountText, discardSizeText, nameFromSeen } from "../common.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** The stock and the discard pile. @param {Ctx} ctx */
export function renderCenter(ctx) {
  const { $, shell } = ctx;
  const v = ctx.view();
  const mine = ctx.isMyTurn() && !shell.busy();
  const stock = $("stock");
  $("stock-cards").replaceChildren(v.stock > 0 ? cardBack("stack") : slot());
  stock.classList.toggle("empty", !(v.stock > 0));
  stock.dataset.count = String(v.stock);
  const sc = stockCountText(v.stock);
  $("stock-count").textContent = sc;
  stock.setAttribute("aria-label", t("cn.stockLabel", { count: sc }));
  stock.classList.toggle("can", mine && ctx.legalOfKind("draw").length > 0);

  const d = v.discard || {};
  const pile = $("discard");
  fillDiscardCards($("discard-cards"), d);
  pile.dataset.top = d.top || "";
  pile.dataset.size = String(d.size || 0);
  pile.classList.toggle("frozen", Boolean(d.frozen));
  pile.classList.toggle("blocked", Boolean(d.blocked));
  const closed = Boolean(d.frozen_for_you) && !d.frozen && !shell.table().hand_over;
  pile.classList.toggle("closed", closed);
  pile.classList.toggle("can", mine && ctx.legalOfKind("take").length > 0);
  const ds = discardSizeText(d.size);
  $("discard-size").textContent = ds;
  $("frozen-marker").hidden = !d.frozen;
  $("frozen-marker").title = t("table.frozenTitle");
  $("closed-marker").hidden = !closed;
  $("closed-marker").title = t("cn.frozenForYouTitle");
  $("blocked-marker").hidden = !d.blocked;
  // Kanaster: which rank blocks (a canasta of it lies on the table), readable on touch screens too
  $("blocked-ranks").textContent = d.blocked_by === "blocking_rank" && d.top ? ": " + rankPlural(rankOf(d.top)) : "";
  $("blocked-marker").title = d.blocked_by === "blocking_rank"
    ? t("cn.blockingRankTitle", { ranks: (d.blocking_ranks || []).map((r) => rankPlural(r)).join(", ") })
    : t("table.blockedTitle");
  // spoken: "Discard pile, 14 cards, Frozen, top: seven of clubs, take it" (what is seen first)
  nameFromSeen(pile, d.top ? t("pile.top", { card: cardName(d.top) }) : "",
    mine && ctx.legalOfKind("take").length ? t("pile.take") : "");
}
