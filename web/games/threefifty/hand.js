// The 3 ist 50 table's hand: the person's cards as buttons, the chosen one, which can be played
// (and which cannot), and each card's legal moves (data-legal, for tests).
import { t, cardName } from "../../i18n.js";
import { syncHandButtons } from "../common.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** @param {Ctx} ctx @param {any} v */
export function renderHand(ctx, v) {
  const { $, shell, state } = ctx;
  const hand = v.hand || [];
  const box = $("hand");
  const mine = shell.isMyTurn();
  syncHandButtons(box, hand, state);
  [...box.children].forEach((el, i) => {
    const moves = ctx.movesOf(hand[i]);
    el.setAttribute("aria-pressed", String(state.selected === i));
    el.setAttribute("aria-label", mine && !moves.length ? t("tf.card.noPlay", { card: cardName(hand[i]) }) : cardName(hand[i]));
    el.dataset.legal = moves.map((m) => m.text).join(";");
    el.classList.toggle("tf-playable", mine && moves.length > 0);
    el.classList.toggle("tf-stuck", mine && moves.length === 0);
    el.tabIndex = i === Math.min(state.focusIndex, hand.length - 1) ? 0 : -1;
  });
  box.dataset.count = String(hand.length);
  box.dataset.selected = ctx.selectedCard() || "";
  box.classList.toggle("my-turn", mine);
}
