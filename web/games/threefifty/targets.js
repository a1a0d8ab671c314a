// The 3 ist 50 table's targets: where a chosen hand card can go (a centre card, the discard pile,
// a minus pile), which legal moves a click on one stands for, and their marks while a card is
// chosen. Every function takes the table's context (context.js) first.
import { t, cardName } from "../../i18n.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** Key of a target element: "centre:<index>", "discard", "pile:<seat>". @param {HTMLElement} el */
export function targetKey(el) {
  const kind = el.dataset.target;
  if (kind === "centre") return "centre:" + el.dataset.index;
  if (kind === "pile") return "pile:" + el.dataset.seat;
  return kind;
}

/** The table's target elements. @param {Ctx} ctx @returns {HTMLElement[]} */
export const targets = (ctx) => [...ctx.$("tf-table").querySelectorAll(".tf-target")];

/** The legal moves of `moves` that a click on the target `el` stands for. @param {Ctx} ctx @param {HTMLElement} el @param {any[]} moves */
export function movesVia(ctx, el, moves) {
  const v = ctx.view();
  const caps = ctx.caps;
  const kind = el.dataset.target;
  if (kind === "centre") {
    return moves.filter((m) => m.kind === "play" && (m.target === "middle" || m.target === "centre") && caps(m.card, v).matches.includes(Number(el.dataset.index)));
  }
  if (kind === "discard") return moves.filter((m) => m.kind === "discard" || m.target === "discard" || (m.target === "middle" && caps(m.card, v).discard.length));
  const seat = Number(el.dataset.seat);
  if (seat === ctx.me()) return moves.filter((m) => m.target === "own" || (m.target === "pile" && m.pile === seat));
  return moves.filter((m) => m.target === "pile" && m.pile === seat);
}

/** The action a click on `el` with `card` asks for when no legal move goes there (the engine says why). @param {Ctx} ctx @param {HTMLElement} el @param {string} card */
export function attempt(ctx, el, card) {
  const kind = el.dataset.target;
  if (kind === "centre") return { type: "play", card, target: "centre" };
  if (kind === "discard") return ctx.caps(card).on_top ? { type: "play", card, target: "discard" } : { type: "discard", card };
  const seat = Number(el.dataset.seat);
  return seat === ctx.me() ? { type: "play", card, target: "own" } : { type: "play", card, target: "pile:" + seat };
}

/** Mark the targets of the chosen card (and the others). @param {Ctx} ctx */
export function renderTargets(ctx) {
  const card = ctx.shell.isMyTurn() ? ctx.selectedCard() : null;
  const moves = ctx.movesOf(card);
  for (const el of targets(ctx)) {
    const via = card ? movesVia(ctx, el, moves) : [];
    el.dataset.moves = via.map((m) => m.text).join(";");
    el.classList.toggle("tf-is-target", via.length > 0);
    el.classList.toggle("tf-not-target", Boolean(card) && via.length === 0);
    el.setAttribute("aria-label", el.dataset.baseLabel + (via.length ? " – " + t("tf.target", { card: cardName(card) }) : ""));
    el.title = el.dataset.baseLabel;
  }
}
