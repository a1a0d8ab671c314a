// The Continental table's combinations (sets and runs on the table): how one is drawn and named,
// a seat's row of them, and which ones a click lays the selection off to (the targets). Every
// function takes the table's context (context.js) first.
import { t, cardName, rankPlural, suitOf } from "../../i18n.js";
import { activeIn, focusItem, shortCard, face } from "../common.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** The combination's name for screen readers ("Your run of hearts: ..."). @param {Ctx} ctx @param {any} cb */
export function comboLabel(ctx, cb) {
  const cards = cb.cards.map((c, i) => (c === "JK" && cb.represents ? t("ct.jokerAs", { card: cardName(cb.represents[i]) }) : cardName(c)));
  const rel = cb.owner === ctx.me() ? "you" : "other";
  return t(`ct.combo.${cb.kind}.${rel}`, {
    name: ctx.shell.seatName(cb.owner), ranks: cb.rank ? rankPlural(cb.rank) : "", suit: cb.suit ? t("suit." + cb.suit) : "",
    cards: cards.join(", "),
  });
}

/** @param {Ctx} ctx @param {any} cb @returns {HTMLButtonElement} */
function comboButton(ctx, cb) {
  const el = document.createElement("button");
  el.type = "button";
  el.className = "ct-combo ct-combo-" + cb.kind;
  el.dataset.id = cb.id;
  el.dataset.kind = cb.kind;
  el.dataset.owner = String(cb.owner);
  el.dataset.cards = cb.cards.join(" ");
  el.dataset.baseLabel = comboLabel(ctx, cb);
  const fan = document.createElement("span");
  fan.className = "ct-combo-cards";
  fan.setAttribute("aria-hidden", "true");
  cb.cards.forEach((c, i) => {
    const mini = face(c, "mini");
    if (c === "JK" && cb.represents) {
      const rep = document.createElement("span");
      rep.className = "ct-rep";
      rep.textContent = shortCard(cb.represents[i]);
      if (suitOf(cb.represents[i]) === "H" || suitOf(cb.represents[i]) === "D") rep.classList.add("red");
      mini.append(rep);
    }
    fan.append(mini);
  });
  el.append(fan);
  return el;
}

/** A seat's combinations into `box` (keeping the focused one focused). @param {Ctx} ctx @param {HTMLElement} box @param {any[]} combos */
export function renderCombos(ctx, box, combos) {
  const root = ctx.root;
  const hadFocus = box.contains(activeIn(root)) ? activeIn(root).dataset.id : null;
  box.replaceChildren();
  box.dataset.count = String(combos.length);
  if (!combos.length) {
    const empty = document.createElement("span");
    empty.className = "ct-combos-empty";
    empty.textContent = t("ct.noCombos");
    box.append(empty);
    return;
  }
  combos.forEach((cb, i) => {
    const el = comboButton(ctx, cb);
    el.tabIndex = i === 0 ? 0 : -1;
    box.append(el);
  });
  if (hadFocus) {
    const again = box.querySelector(`.ct-combo[data-id="${CSS.escape(hadFocus)}"]`);
    if (again) focusItem(box, ".ct-combo", again);
  }
}

/** The legal moves a click on combination `id` stands for, with the current selection. @param {Ctx} ctx @param {string} id */
export function movesVia(ctx, id) {
  if (!ctx.myPlay()) return [];
  const v = ctx.view();
  const lg = ctx.legal();
  if (v.turn && v.turn.place_joker_from) return lg.filter((m) => m.kind === "add" && m.target === id);
  const sel = ctx.selectedCards();
  if (sel.length !== 1) return [];
  return lg.filter((m) => (m.kind === "add" || m.kind === "swap") && m.target === id && m.cards[0] === sel[0]);
}

/** Whether each selected card (several) can be added to `id` on its own. @param {Ctx} ctx @param {string} id */
export function multiFits(ctx, id) {
  const sel = ctx.selectedCards();
  if (!ctx.myPlay() || sel.length < 2) return false;
  const lg = ctx.legal().filter((m) => m.kind === "add" && m.target === id);
  return sel.every((c) => lg.some((m) => m.cards[0] === c));
}

/** Mark the combinations the selection can go to (and the others) while the person selects. @param {Ctx} ctx */
export function renderTargets(ctx) {
  const { $ } = ctx;
  const active = ctx.myPlay() && (ctx.state.selected.size > 0 || Boolean(ctx.view().turn && ctx.view().turn.place_joker_from));
  for (const el of $("ct-table").querySelectorAll(".ct-combo")) {
    const via = movesVia(ctx, el.dataset.id);
    const ok = via.length > 0 || multiFits(ctx, el.dataset.id);
    el.dataset.moves = via.map((m) => m.text).join(";");
    el.classList.toggle("ct-is-target", active && ok);
    el.classList.toggle("ct-not-target", active && !ok);
    el.setAttribute("aria-label", el.dataset.baseLabel + (active && ok ? " – " + t("ct.targetHint") : ""));
    el.title = el.dataset.baseLabel;
  }
  $("ct-table").classList.toggle("ct-selecting", active);
}
