// The 3 ist 50 table's middle: the centre cards, the discard pile (live or dead), the stock with
// the round's words. Takes the table's context (context.js) and the view.
import { t, cardName } from "../../i18n.js";
import { cardBack, paintFace } from "../../cards.js";
import { activeIn, slot, fillDiscardCards, stockCountText, discardSizeText } from "../common.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** @param {Ctx} ctx @param {any} v */
export function renderMiddle(ctx, v) {
  const { $, shell, state } = ctx;
  const centre = $("tf-centre");
  const hadFocus = centre.contains(activeIn(ctx.root));
  centre.replaceChildren();
  centre.dataset.cards = v.centre.join(" ");
  state.centreFocus = Math.min(state.centreFocus, Math.max(0, v.centre.length - 1));
  v.centre.forEach((c, i) => {
    const btn = document.createElement("button");
    btn.type = "button";
    btn.className = "tf-centre-card tf-target";
    paintFace(btn, c);
    btn.dataset.target = "centre";
    btn.dataset.index = String(i);
    btn.dataset.baseLabel = t("tf.centreCard", { card: cardName(c) });
    btn.tabIndex = i === state.centreFocus ? 0 : -1;
    centre.append(btn);
  });
  for (let i = v.centre.length; i < 4; i++) centre.append(slot());
  if (hadFocus && v.centre.length) centre.children[state.centreFocus].focus();

  const d = v.discard;
  const btn = $("tf-discard");
  fillDiscardCards(btn.querySelector(".tf-discard-cards"), d);
  btn.dataset.top = d.top || "";
  btn.dataset.size = String(d.size);
  btn.dataset.live = String(Boolean(d.live));
  btn.classList.toggle("tf-dead", Boolean(d.top) && !d.live);
  btn.querySelector(".tf-discard-size").textContent = discardSizeText(d.size);
  btn.dataset.baseLabel = d.top
    ? t(d.live ? "tf.discard.label" : "tf.discard.labelDead", { n: d.size, top: cardName(d.top) })
    : t("tf.discard.labelEmpty");

  const stock = $("tf-stock");
  const sc = stock.querySelector(".tf-stock-cards");
  sc.replaceChildren(v.stock > 0 ? cardBack("stack") : slot());
  stock.dataset.count = String(v.stock);
  stock.querySelector(".tf-stock-count").textContent = stockCountText(v.stock);
  const round = stock.querySelector(".tf-round");
  round.textContent = t("tf.roundInfo", { n: v.round, dealer: shell.seatName(v.dealer) })
    + (v.set_aside ? " · " + t("tf.setAside", { n: v.set_aside }) : "");
}
