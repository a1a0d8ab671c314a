// The Continental table's hand: the person's cards as buttons in the chosen order, which are
// selected, which just arrived, and which legal moves each card is part of (data-legal, for tests).
import { t, cardName } from "../../i18n.js";
import { syncHandButtons } from "../common.js";
import { sortedIndices } from "./layout.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** @param {Ctx} ctx @param {any} v */
export function renderHand(ctx, v) {
  const { $, shell, state } = ctx;
  const h = v.hand || [];
  const box = $("hand");
  const mine = shell.isMyTurn() && ctx.phase() !== "claim";
  syncHandButtons(box, h, state, sortedIndices(h, state.sortBy));
  const lg = ctx.legal();
  [...box.children].forEach((el, pos) => {
    const i = Number(el.dataset.index);
    const c = h[i];
    el.setAttribute("aria-pressed", String(state.selected.has(i)));
    el.setAttribute("aria-label", cardName(c) + (state.fresh.has(i) ? " – " + t("ct.newCard") : ""));
    el.classList.toggle("fresh", state.fresh.has(i));
    el.dataset.legal = mine ? lg.filter((m) => (m.cards || []).includes(c)).map((m) => m.text).join(";") : "";
    el.tabIndex = pos === Math.min(state.focusIndex, h.length - 1) ? 0 : -1;
  });
  box.dataset.count = String(h.length);
  box.dataset.selected = ctx.selectedCards().join(" ");
  box.classList.toggle("my-turn", mine);
  box.classList.toggle("crowded", h.length > 13 && h.length <= 22);
  box.classList.toggle("very-crowded", h.length > 22);
}
