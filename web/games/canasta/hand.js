// The canasta table's hand: the person's cards (selected, just arrived, usable in a meld now) and
// the line above them (the initial meld's progress, then the canastas needed to go out). Every
// function takes the table's context (context.js) first.
import { t, cardName } from "../../i18n.js";
import { syncHandButtons } from "../common.js";
import { usableCards } from "./moves.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** The hand's card buttons. @param {Ctx} ctx */
export function renderHand(ctx) {
  const { $, state } = ctx;
  const hand = ctx.view().hand || [];
  const box = $("hand");
  syncHandButtons(box, hand, state);
  const usable = usableCards(ctx);
  [...box.children].forEach((el, i) => {
    const c = hand[i];
    const use = usable.get(c);
    el.setAttribute("aria-pressed", String(state.selected.has(i)));
    el.setAttribute("aria-label", cardName(c) + (use && (use.has("meld") || use.has("add")) ? " – " + t("cn.canUse") : ""));
    el.classList.toggle("fresh", state.fresh.has(i));
    el.classList.toggle("can-use", Boolean(use));
    el.dataset.use = use ? [...use].sort().join(" ") : "";
    el.tabIndex = i === Math.min(state.focusIndex, hand.length - 1) ? 0 : -1;
  });
  box.dataset.count = String(hand.length);
  box.dataset.legalDiscards = ctx.legalOfKind("discard").map((m) => ctx.moveCards(m)[0]).filter(Boolean).join(" ");
  box.dataset.selected = ctx.selectedCards().join(" ");
  box.classList.toggle("my-turn", ctx.isMyTurn());
  box.classList.toggle("crowded", hand.length > 13 && hand.length <= 22);
  box.classList.toggle("very-crowded", hand.length > 22);
}

/**
 * The line above the hand: the side's initial meld (needed, progress this turn, reached) until
 * the side has melded; then its canastas against those needed to go out.
 * @param {Ctx} ctx
 */
export function renderProgress(ctx) {
  const { $, shell } = ctx;
  const v = ctx.view();
  const tb = shell.table();
  const box = $("meld-progress");
  const s = ctx.sideData(ctx.mySide());
  box.replaceChildren();
  if (tb.hand_over) { box.hidden = true; return; }
  box.hidden = false;
  const pill = (cls, text, title = "") => {
    const el = document.createElement("span");
    el.className = "progress-pill " + cls;
    el.textContent = text;
    if (title) el.title = title;
    box.append(el);
    return el;
  };
  const turn = v.turn || {};
  const mineNow = ctx.isMyTurn() && turn.stage === "play";
  if (!s.melded) {
    const have = mineNow ? turn.initial_meld_points || 0 : 0;
    const n = (mineNow ? turn.minimum : null) ?? s.minimum;
    if (mineNow && have >= n && have > 0) pill("meld-reached", t("cn.meldDone", { have }));
    else if (mineNow) pill("meld-needed", t("cn.meldProgress", { have, n }));
    else pill("meld-needed", t("cn.needMeld", { n }));
    box.dataset.have = String(have);
    box.dataset.minimum = String(n);
    return;
  }
  // melded: what is still missing to go out
  delete box.dataset.have;
  box.dataset.minimum = "0";
  const need = v.canastas_to_go_out;
  const el = pill("meld-made", need ? ctx.tw("cn.canastasMelded", { n: s.canastas ?? 0, need }) : t("cn.melded"),
    need ? ctx.tw("cn.canastasTitle", { n: s.canastas ?? 0, need }) : "");
  el.classList.toggle("enough", Boolean(need) && (s.canastas ?? 0) >= need);
}
