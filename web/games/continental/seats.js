// The Continental table's places: the deal's contract, the other seats as a compact list (cards in
// hand, whether down, their combinations), the main and penalty stocks with the discard pile, and
// the person's own area. Every function takes the table's context (context.js) and the view.
import { t, cardName } from "../../i18n.js";
import { cardBack } from "../../cards.js";
import {
  otherSeats, syncSeatSections, seatSection, slot, fillDiscardCards, stockCountText, discardSizeText, handCountText, nameFromSeen,
} from "../common.js";
import { contractText } from "./layout.js";
import { renderCombos } from "./melds.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** The deal's contract and the list of all deals. @param {Ctx} ctx @param {any} v */
export function renderContract(ctx, v) {
  const { $ } = ctx;
  const c = v.contract;
  $("ct-deal").textContent = t("ct.dealOf", { n: v.hand_number, of: v.deals });
  $("ct-contract-name").textContent = contractText(c.sets, c.runs);
  $("ct-contract-cards").textContent = t("ct.cardsDealt", { n: c.hand_size });
  const box = $("ct-contract");
  box.dataset.sets = String(c.sets);
  box.dataset.runs = String(c.runs);
  box.title = t("ct.contractLabel", { n: v.hand_number, of: v.deals, contract: contractText(c.sets, c.runs), cards: c.hand_size });
  const list = $("ct-contract-list");
  list.replaceChildren();
  for (const d of v.contracts || []) {
    const li = document.createElement("li");
    li.textContent = t("ct.contractRow", { n: d.deal, contract: contractText(d.sets, d.runs), cards: d.hand_size, decks: d.decks });
    if (d.deal === v.hand_number) li.className = "ct-current";
    else if (d.deal < v.hand_number) li.className = "ct-done";
    list.append(li);
  }
}

/** The other seats. @param {Ctx} ctx @param {any} v */
export function renderSeats(ctx, v) {
  const { $, shell } = ctx;
  const box = $("ct-seats");
  const n = v.players;
  const tb = shell.table();
  const toAct = tb.hand_over ? null : tb.to_act;
  syncSeatSections(box, otherSeats(ctx.me(), n), (s) => seatSection(s, "ct-seat", `
          <div class="ct-seat-head">
            <h3 class="side-name"></h3>
            <span class="ct-count"><span class="card back small" aria-hidden="true"></span><span class="ct-count-n"></span></span>
            <span class="side-score"></span>
            <span class="ct-down-badge"></span>
            <span class="ct-dealer"></span>
          </div>
          <div class="ct-combos" role="group"></div>`));
  for (const sec of box.querySelectorAll(".ct-seat")) {
    const s = Number(sec.dataset.seat);
    const sd = v.seats[s];
    const name = shell.seatName(s);
    sec.querySelector(".side-name").textContent = name;
    sec.classList.toggle("to-act", toAct === s);
    sec.classList.toggle("ct-turn", !tb.hand_over && v.turn && v.turn.seat === s && toAct !== s);
    const count = v.hand_counts[s];
    sec.dataset.count = String(count);
    sec.dataset.down = String(sd.down);
    const cnt = sec.querySelector(".ct-count");
    cnt.querySelector(".ct-count-n").textContent = String(count);
    cnt.title = handCountText(count);
    cnt.setAttribute("aria-label", cnt.title);
    cnt.setAttribute("role", "img");
    const down = sec.querySelector(".ct-down-badge");
    down.textContent = sd.down ? t("ct.down") : t("ct.notDown");
    down.classList.toggle("is-down", sd.down);
    const dealer = sec.querySelector(".ct-dealer");
    dealer.textContent = t("ct.dealer");
    dealer.hidden = v.dealer !== s;
    sec.querySelector(".side-score").textContent = t("ct.points", { n: v.scores[s] ?? 0 });
    const combos = sec.querySelector(".ct-combos");
    combos.setAttribute("aria-label", t("ct.combosOf", { name }));
    renderCombos(ctx, combos, sd.combos);
  }
}

/** The stock, the penalty stock and the discard pile. @param {Ctx} ctx @param {any} v */
export function renderMiddle(ctx, v) {
  const { $, shell } = ctx;
  const stock = $("ct-stock");
  stock.querySelector(".ct-stock-cards").replaceChildren(v.stock > 0 ? cardBack("stack") : slot());
  stock.dataset.count = String(v.stock);
  const sc = stockCountText(v.stock);
  stock.querySelector(".ct-stock-count").textContent = sc;
  stock.setAttribute("aria-label", t("ct.stockLabel", { count: sc }));

  const pen = $("ct-penalty");
  pen.querySelector(".ct-penalty-cards").replaceChildren(v.penalty_stock > 0 ? cardBack("small ct-penalty-back") : slot());
  pen.dataset.count = String(v.penalty_stock);
  pen.querySelector(".ct-penalty-count").textContent = stockCountText(v.penalty_stock);

  const d = v.discard;
  const btn = $("ct-discard");
  fillDiscardCards(btn.querySelector(".ct-discard-cards"), d);
  btn.dataset.top = d.top || "";
  btn.dataset.size = String(d.size);
  btn.dataset.claimable = String(Boolean(d.claimable));
  btn.querySelector(".ct-discard-size").textContent = discardSizeText(d.size);
  const by = d.discarded_by ?? null; // the engine's view: who discarded the top card (null: the upcard, or taken since)
  const from = btn.querySelector(".ct-discard-from");
  from.textContent = !d.top ? "" : by === null ? t("ct.upcard") : by === ctx.me() ? t("ct.fromYou") : t("ct.fromSeat", { name: shell.seatName(by) });
  btn.dataset.from = by === null ? "" : String(by);
  nameFromSeen(btn, d.top ? t("pile.top", { card: cardName(d.top) }) : "");
}

/** The person's area: whether down, score, combinations, the sort button and the claim setting. @param {Ctx} ctx @param {any} v */
export function renderMe(ctx, v) {
  const { $, shell, state } = ctx;
  const me = ctx.me();
  const sd = v.seats[me];
  const tb = shell.table();
  $("ct-me").querySelector(".side-head").classList.toggle("to-act", !tb.hand_over && tb.to_act === me);
  const down = $("ct-my-down");
  down.textContent = sd.down ? t("ct.down") : t("ct.notDown");
  down.classList.toggle("is-down", sd.down);
  $("ct-my-score").textContent = t("ct.points", { n: v.scores[me] ?? 0 });
  renderCombos(ctx, $("ct-my-combos"), sd.combos);
  $("ct-sort").textContent = state.sortBy === "rank" ? t("ct.sortBySuit") : t("ct.sortByRank");
  $("ct-never-claim").checked = state.neverClaim;
}
