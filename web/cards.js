// Cards drawn with HTML + CSS (no images, no fonts to download).
import { cardName, rankOf, suitOf } from "./i18n.js";

export const SUIT_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RANK_SHOWN = { T: "10" };

/**
 * The rank as shown on a card ("T" -> "10"; the others as they are).
 * @param {string} rank
 * @returns {string}
 */
export function rankText(rank) { return RANK_SHOWN[rank] || rank; }

/**
 * Whether `card` (e.g. "QH", "JK") is a heart or a diamond (drawing only: its colour).
 * @param {string} card
 * @returns {boolean}
 */
export function isRed(card) { const s = suitOf(card); return s === "H" || s === "D"; }

/**
 * The ranks the table on show calls wild cards (its view's `wild_ranks`): none until a table says.
 * @type {Set<string>}
 */
let wildRanks = new Set();

/**
 * Take the wild ranks of the table that arrived: `table.view.wild_ranks` (docs/protocol.md), rank
 * texts such as "JK" and "2" (canasta), ["JK"] (Continental), [] (3 ist 50). paintFace marks a
 * card wild only when its rank is one of them: which cards are wild is a rule of the variant, the
 * engine's, and the page knows none of its own (issue #26). A missing or malformed list means none.
 * @param {readonly string[] | null | undefined} ranks
 * @returns {void}
 */
export function setWildRanks(ranks) {
  wildRanks = new Set(Array.isArray(ranks) ? ranks.filter((r) => typeof r === "string") : []);
}

function span(cls, text) {
  const el = document.createElement("span");
  el.className = cls;
  if (text !== undefined) el.textContent = text;
  return el;
}

/**
 * A glyph of a card's face: its text is drawn by CSS (style.css, `.face [data-t]::before`) and is
 * not text of the page, so that a card's accessible name (its aria-label, "queen of hearts") is
 * all a screen reader or a check of "label in name" (WCAG 2.5.3) finds in it.
 */
function glyph(cls, text) {
  const el = document.createElement("span");
  el.className = cls;
  el.dataset.t = text;
  return el;
}

/**
 * Fill `el` with the face of `card` and give it the right classes (`wild` when the table on show
 * says its rank is wild: setWildRanks).
 * @template {HTMLElement} E
 * @param {E} el
 * @param {string} card  a card's text, e.g. "QH", "TS", "JK"
 * @returns {E} el
 */
export function paintFace(el, card) {
  el.replaceChildren();
  el.classList.add("card");
  el.classList.remove("red", "black", "joker", "wild", "face-card", "ten", "suit-C", "suit-D", "suit-H", "suit-S");
  el.dataset.card = card;
  const face = span("face");
  face.setAttribute("aria-hidden", "true");
  if (card === "JK") {
    el.classList.add("joker");
    if (wildRanks.has("JK")) el.classList.add("wild");
    face.append(glyph("corner", "★"), glyph("pip", "★"), glyph("joker-word", "JOKER"));
  } else {
    const r = rankOf(card), s = suitOf(card);
    el.classList.add(isRed(card) ? "red" : "black", "suit-" + s); // suit-*: the four-colour option (style.css)
    if (wildRanks.has(r)) el.classList.add("wild"); // the table's wild ranks (setWildRanks)
    if (r === "T") el.classList.add("ten");
    if (r === "J" || r === "Q" || r === "K") el.classList.add("face-card");
    const corner = span("corner");
    corner.append(glyph("rank", rankText(r)), glyph("suit", SUIT_SYMBOL[s]));
    const br = span("corner corner-br");
    br.append(glyph("rank", rankText(r)), glyph("suit", SUIT_SYMBOL[s]));
    const pip = glyph("pip", r === "J" || r === "Q" || r === "K" || r === "A" ? (r === "A" ? SUIT_SYMBOL[s] : r) : SUIT_SYMBOL[s]);
    face.append(corner, pip, br);
  }
  el.append(face);
  return el;
}

/**
 * A card shown on the table (not interactive).
 * @param {string} card
 * @param {string} [extraClass]  more classes, space-separated
 * @returns {HTMLSpanElement}
 */
export function cardView(card, extraClass = "") {
  const el = document.createElement("span");
  if (extraClass) el.className = extraClass;
  paintFace(el, card);
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardName(card));
  el.title = cardName(card);
  return el;
}

/**
 * A card in the player's hand: a toggle button.
 * @param {string} card
 * @param {number} index  its place in the hand (data-index)
 * @returns {HTMLButtonElement}
 */
export function handCardButton(card, index) {
  const el = document.createElement("button");
  el.type = "button";
  el.className = "hand-card";
  paintFace(el, card);
  el.dataset.index = String(index);
  el.setAttribute("aria-pressed", "false");
  el.setAttribute("aria-label", cardName(card));
  return el;
}

/**
 * A face-down card.
 * @param {string} [extraClass]  more classes, space-separated
 * @returns {HTMLSpanElement}
 */
export function cardBack(extraClass = "") {
  const el = document.createElement("span");
  el.className = "card back" + (extraClass ? " " + extraClass : "");
  el.setAttribute("aria-hidden", "true");
  return el;
}
