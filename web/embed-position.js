// The table of a position (docs/positions.md) drawn from its text alone, before the engine is up
// (web/embed.js), as the reader's seat sees it. Lines it does not know are left to the engine,
// which checks and explains the position when the demo starts.
import { t, tp } from "./i18n.js";
import { cardBack, cardView } from "./cards.js";

const CARD = /^(JK|[A2-9TJQK][CDHS])$/;

/**
 * What parsePosition reads (cards as texts, seats and sides as numbers).
 * @typedef {{variant: string | null, players: number | null, turnSeat: number | null,
 *   hands: Record<number, string[]>, pile: string[] | null, melds: {side: number, cards: string[]}[],
 *   red: Record<number, string[]>, combos: {seat: number, kind: string, cards: string[]}[],
 *   centre: string[] | null, minus: Record<number, string[]>, penalty: string[] | null,
 *   window: number | null}} Position
 */

/**
 * The variant's family for drawing: "canasta", "continental" or "threefifty".
 * @param {string | null} id  a variant id, e.g. "3-ist-50"
 * @returns {"canasta" | "continental" | "threefifty"}
 */
export function familyOfVariant(id) {
  if (id === "3-ist-50") return "threefifty";
  if (id === "continental") return "continental";
  return "canasta";
}

/** The card texts of a position value ("QH qs, JK" -> ["QH", "QS", "JK"]); non-cards are dropped. */
function cards(value) {
  return value.split(/[\s,]+/).map((c) => c.toUpperCase()).filter((c) => CARD.test(c));
}

/**
 * Read a position's text as far as drawing needs: {variant, players, turnSeat, hands: {seat:
 * cards}, pile, melds: [{side, cards}], red: {side: cards}, combos: [{seat, kind, cards}],
 * centre, minus: {seat: cards}, penalty, score}. Comments (`#` at the start or after a space)
 * and blank lines are skipped; keys are case-insensitive. Never throws.
 * @param {string | null | undefined} text
 * @returns {Position}
 */
export function parsePosition(text) {
  const pos = { variant: null, players: null, turnSeat: null, hands: {}, pile: null, melds: [], red: {},
    combos: [], centre: null, minus: {}, penalty: null, window: null };
  for (const raw of String(text || "").split(/\r?\n/)) {
    const line = raw.replace(/(^|\s)#.*$/, "").trim();
    const colon = line.indexOf(":");
    if (!line || colon < 0) continue;
    const words = line.slice(0, colon).trim().toLowerCase().split(/\s+/);
    const value = line.slice(colon + 1).trim();
    const n = Number(words[1]);
    const seat = Number.isInteger(n) && n >= 0 && n < 16 ? n : null;
    switch (words[0]) {
      case "variant": pos.variant = value.toLowerCase(); break;
      case "players": if (/^\d+$/.test(value)) pos.players = Number(value); break;
      case "turn": if (/^\d+/.test(value)) pos.turnSeat = parseInt(value, 10); break;
      case "window": { const s = value.split(/\s+/).filter((x) => /^\d+$/.test(x)); if (s.length) pos.window = Number(s[0]); break; }
      case "hand": if (seat !== null) pos.hands[seat] = cards(value); break;
      case "pile": if (words.length === 1) pos.pile = cards(value); break;
      case "meld": if (seat !== null) pos.melds.push({ side: seat, cards: cards(value.split(/\bburied\b/i)[0]) }); break;
      case "red": if (seat !== null) pos.red[seat] = cards(value); break;
      case "set": case "run": if (seat !== null) pos.combos.push({ seat, kind: words[0], cards: cards(value) }); break;
      case "centre": case "center": pos.centre = cards(value); break;
      case "minus": if (seat !== null) pos.minus[seat] = cards(value); break;
      case "penalty": pos.penalty = cards(value); break;
      default:
    }
  }
  return pos;
}

/** The number of seats the drawing shows: `players:`, else the highest seat named, at least 2 (3 ist 50 and Continental: 3). */
function seatCount(pos, family) {
  if (pos.players) return pos.players;
  const named = [...Object.keys(pos.hands), ...Object.keys(pos.minus), ...pos.combos.map((c) => c.seat)].map(Number);
  return Math.max(family === "canasta" ? 2 : 3, ...named.map((s) => s + 1));
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function row(label, ...children) {
  const r = el("div", "mt-pv-row");
  r.append(el("span", "mt-pv-label", label), ...children);
  return r;
}

function miniCards(list) {
  const box = el("span", "mt-pv-cards");
  for (const c of list) box.append(cardView(c, "mini"));
  return box;
}

/**
 * The drawing of `pos` (parsePosition) for the reader at `seat`, in the current language of
 * i18n.js: an element of class "mt-preview".
 * @param {Position} pos
 * @param {number} seat
 * @returns {HTMLDivElement}
 */
export function drawPreview(pos, seat) {
  const family = familyOfVariant(pos.variant);
  const players = seatCount(pos, family);
  const computers = players - 1;
  const name = (s) => (s === seat ? t("who.you") : computers > 1 ? t("who.computerN", { n: s }) : t("who.computer"));
  const box = el("div", "mt-preview");
  box.dataset.family = family;
  const toAct = pos.window ?? pos.turnSeat ?? 0;
  box.append(el("p", "mt-pv-turn turn-text" + (toAct === seat ? " mine" : ""), toAct === seat ? t("embed.youToAct") : t("embed.toAct", { name: name(toAct) })));

  // the other seats: their hands as backs (counts when the position names them)
  for (let s = 0; s < players; s++) {
    if (s === seat) continue;
    const hand = pos.hands[s];
    const backs = el("span", "backs");
    for (let i = 0; i < Math.min(hand ? hand.length : 3, 8); i++) backs.append(cardBack("small"));
    const r = row(name(s), backs);
    if (hand) r.append(el("span", "mt-pv-note", tp("table.cardsInHand", hand.length)));
    r.classList.add("mt-pv-seat");
    box.append(r);
  }

  // what lies open on the table
  if (pos.centre && pos.centre.length) box.append(row(t("tf.centre"), miniCards(pos.centre)));
  for (const [s, list] of Object.entries(pos.minus)) {
    if (list.length) box.append(row(t("embed.minusOf", { name: name(Number(s)) }), miniCards(list)));
  }
  const bySide = new Map();
  for (const m of pos.melds) {
    if (!bySide.has(m.side)) bySide.set(m.side, []);
    bySide.get(m.side).push(m.cards);
  }
  for (const [side, melds] of bySide) {
    const r = row(t("embed.meldsOf", { name: name(side) }));
    for (const m of melds) r.append(miniCards(m));
    box.append(r);
  }
  for (const [side, list] of Object.entries(pos.red)) {
    if (list.length) box.append(row(`${t("table.redThrees")} (${name(Number(side))})`, miniCards(list)));
  }
  const bySeat = new Map();
  for (const c of pos.combos) {
    if (!bySeat.has(c.seat)) bySeat.set(c.seat, []);
    bySeat.get(c.seat).push(c.cards);
  }
  for (const [s, combos] of bySeat) {
    const r = row(t("embed.combosOf", { name: name(s) }));
    for (const c of combos) r.append(miniCards(c));
    box.append(r);
  }
  const piles = el("div", "mt-pv-piles");
  const stock = el("div", "mt-pv-pile");
  stock.append(cardBack("stack"), el("span", "pile-caption", t("table.stock")));
  piles.append(stock);
  if (pos.penalty && pos.penalty.length) {
    const pen = el("div", "mt-pv-pile");
    pen.append(cardBack(), el("span", "pile-caption", `${t("ct.penaltyStock")} · ${tp("table.cards", pos.penalty.length)}`));
    piles.append(pen);
  }
  const pile = el("div", "mt-pv-pile");
  if (pos.pile && pos.pile.length) {
    pile.append(cardView(pos.pile[pos.pile.length - 1], "top-card"),
      el("span", "pile-caption", `${t("table.discard")} · ${tp("table.cards", pos.pile.length)}`));
  } else {
    pile.append(el("span", "card slot"), el("span", "pile-caption", t("table.discard")));
  }
  piles.append(pile);
  box.append(piles);

  // the reader's hand
  const mine = pos.hands[seat];
  const hand = el("div", "mt-pv-hand hand");
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", t("table.yourHand"));
  if (mine) for (const c of mine) hand.append(cardView(c, "mt-pv-card"));
  else hand.append(el("span", "mt-pv-note", t("embed.notNamed")));
  box.append(el("h3", "mt-pv-label", t("table.yourHand")), hand);
  return box;
}
