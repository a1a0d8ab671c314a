// The canasta table's melds: a side's melds (canastas marked, buried cards counted); the
// person's side's are buttons, the targets of "add" while cards are selected. Takes the table's
// context (context.js) first.
import { t, cardName, rankPlural } from "../../i18n.js";
import { rankText } from "../../cards.js";
import { activeIn, focusItem, face } from "../common.js";
import { addsTo } from "./moves.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** A side's melds into `box` (the person's side's as buttons). @param {Ctx} ctx @param {HTMLElement} box @param {number} side @param {boolean} mine */
export function renderMelds(ctx, box, side, mine) {
  const { state } = ctx;
  const s = ctx.sideData(side);
  const melds = s.melds || [];
  const hadFocus = mine && box.contains(activeIn(ctx.root)) ? activeIn(ctx.root).dataset.rank : null;
  box.replaceChildren();
  box.dataset.count = String(melds.length);
  if (!melds.length) {
    const empty = document.createElement("p");
    empty.className = "melds-empty";
    empty.textContent = t("table.noMelds");
    box.append(empty);
    return;
  }
  const canTarget = mine && ctx.isMyTurn() && ctx.stage() === "play";
  const selecting = canTarget && state.selected.size > 0;
  melds.forEach((m, i) => {
    const el = document.createElement(mine ? "button" : "div");
    el.className = "meld";
    const key = m.key || m.rank; // "Q", or "Q#2" for a side's second meld of queens (Kanaster)
    el.dataset.rank = key;
    el.dataset.count = String(m.cards.length);
    if (m.canasta) { el.classList.add("canasta", "canasta-" + m.canasta); el.dataset.canasta = m.canasta; }
    const rankWords = m.kind === "black_threes" ? t("meld.blackThrees") : m.kind === "wild" ? t("meld.wild") : rankPlural(m.rank);
    const cardsText = m.cards.map(cardName).join(", ");
    let label = m.canasta
      ? t("meld.labelCanasta", { canasta: ctx.tw("meld.canasta." + m.canasta), rank: rankWords, cards: cardsText })
      : t("meld.label", { rank: rankWords, cards: cardsText });
    if (mine) {
      const fits = selecting && addsTo(ctx, key);
      /** @type {HTMLButtonElement} */ (el).type = "button";
      el.setAttribute("aria-pressed", String(state.target === key));
      el.tabIndex = i === 0 ? 0 : -1;
      el.classList.toggle("targetable", canTarget);
      el.classList.toggle("is-target", fits);
      el.classList.toggle("not-target", selecting && !fits);
      if (fits) label += " – " + t("cn.target");
      el.setAttribute("aria-label", label);
    } else {
      el.setAttribute("role", "img");
      el.setAttribute("aria-label", label);
    }
    el.title = label;
    const fan = document.createElement("span");
    fan.className = "meld-cards";
    fan.setAttribute("aria-hidden", "true");
    for (const c of m.cards) fan.append(face(c, "mini"));
    const info = document.createElement("span");
    info.className = "meld-info";
    info.setAttribute("aria-hidden", "true");
    const rank = document.createElement("span");
    rank.className = "meld-rank";
    rank.textContent = (m.kind === "wild" ? "★" : rankText(m.rank)) + (key.includes("#") ? " " + key.slice(key.indexOf("#")) : "");
    const count = document.createElement("span");
    count.className = "meld-count";
    count.textContent = "×" + m.cards.length + (m.buried && m.buried.length ? " +" + m.buried.length : "");
    info.append(rank, count);
    if (m.canasta) {
      const badge = document.createElement("span");
      badge.className = "badge badge-" + m.canasta;
      badge.textContent = t("meld.badge." + m.canasta);
      info.append(badge);
    }
    el.append(fan, info);
    // a button's spoken name starts with its visible words (WCAG 2.5.3, label in name)
    if (mine) el.setAttribute("aria-label", info.textContent.replace("×", " ×").trim() + " – " + label);
    box.append(el);
  });
  if (hadFocus) {
    const again = box.querySelector(`.meld[data-rank="${CSS.escape(hadFocus)}"]`);
    if (again) focusItem(box, ".meld", again);
  }
}
