// Cards that move (issue #13): a move's cards fly from where they were to where they go, for the
// person and for the computer players: the draw (stock -> hand or seat), the pile take (discard
// pile -> hand or seat), melds, adds, lay-downs and lay-offs (hand or seat -> the side's melds or
// the player's combinations), the discard (-> discard pile), Continental's claims (discard pile ->
// the claimer, with its penalty card from the penalty stock), 3 ist 50's plays (hand or seat, and
// the centre cards it captures -> the minus pile that receives them; a gift onto another minus
// pile), the canasta family's pile take (the top card and the hand cards it is melded with -> the
// meld, the rest of the pile -> the hand or seat), red threes laid out (-> the side's red threes,
// their replacements from the stock) and Kanaster's blocking cards buried under a canasta. Each flight takes at most 400 ms
// (setting "Card movement": slow 400, normal 260, fast 140 ms, instant: none); with
// prefers-reduced-motion nothing moves. play() resolves when the flight has landed: the page
// shows the computer's next move then (web/app.js), so its moves are paced by the animation.
// Only positions are read from the page; nothing here decides anything about the game.
import { paintFace, cardBack } from "./cards.js";
import { settings } from "./tablekit.js";

export const DURATION = { slow: 400, normal: 260, fast: 140, instant: 0 };

const params = new URLSearchParams(location.search);
// ?fast=1 (tests) means no motion unless ?motion=1 asks for it
const QUIET = params.get("fast") === "1" && params.get("motion") !== "1";

/** The duration of one flight in ms (0: no motion). */
export function motionMs() {
  if (QUIET) return 0;
  if (typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches) return 0;
  const ms = DURATION[settings().speed];
  return ms === undefined ? DURATION.normal : ms;
}

// Each pile by its selectors, the first one drawn counts: while Continental's claim prompt is open
// it stands where the piles were (issue #29), so the card asked about and its penalty card start
// from the prompt's card and its "+1 penalty card" badge.
const PILES = {
  canasta: { stock: "#stock", discard: "#discard" },
  continental: { stock: "#ct-stock", discard: ["#ct-discard", "#ct-claim-card", "#ct-claim"],
                 penalty: ["#ct-penalty", "#ct-claim .ct-penalty-badge", "#ct-claim"] },
  threefifty: { stock: "#tf-stock", discard: "#tf-discard" },
};

/** The box of the first of `selectors` (one selector, or a list tried in order) that is drawn, or null. */
function firstDrawn(selectors) {
  for (const sel of [].concat(selectors || [])) {
    const r = rectOf(document.querySelector(sel));
    if (r) return r;
  }
  return null;
}

function rectOf(el) {
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return r.width && r.height ? { x: r.left, y: r.top, w: r.width, h: r.height } : null;
}

/** The visible element for `seat` (a seat chip, a seat's section, a minus pile), or null. */
function seatEl(seat) {
  for (const el of document.querySelectorAll(`#felt [data-seat="${seat}"]`)) {
    if (el.closest("#log") || !rectOf(el)) continue;
    return el;
  }
  return null;
}

/**
 * Positions on the page before a new table is drawn: the piles, every hand card (by card text)
 * and every seat's element. Call it just before the table is replaced.
 */
export function snapshot(family) {
  const p = PILES[family] || {};
  const hand = {};
  for (const b of document.querySelectorAll("#hand .hand-card")) {
    (hand[b.dataset.card] = hand[b.dataset.card] || []).push(rectOf(b));
  }
  const centre = {};
  for (const c of document.querySelectorAll("#tf-centre [data-card]")) centre[c.dataset.card] = rectOf(c);
  return {
    family, hand, centre,
    stock: firstDrawn(p.stock),
    discard: firstDrawn(p.discard),
    penalty: firstDrawn(p.penalty),
    handBox: rectOf(document.getElementById("hand")),
    seat: (s) => rectOf(seatEl(s)),
  };
}

function words(text) { return String(text || "").trim().split(/\s+/); }
const isCard = (w) => /^(JK|[A2-9TJQK][CDHS])$/.test(w);

/** Where the melds of `seat` lie now (after the table was drawn). */
function meldPlace(family, seat, human, table) {
  if (family === "canasta") {
    const side = table.view.side_of_seat ? table.view.side_of_seat[seat] : seat;
    const mine = table.view.side_of_seat ? table.view.side_of_seat[table.seat ?? 0] : 0;
    if (side === mine) return document.getElementById("my-melds") || document.getElementById("my-side");
    return document.querySelector(`#opponents .side-opponent[data-side="${side}"] .melds`)
      || document.querySelector(`#opponents .side-opponent[data-side="${side}"]`) || seatEl(seat);
  }
  if (family === "continental") {
    if (human) return document.getElementById("ct-my-combos");
    return seatEl(seat);
  }
  return seatEl(seat);
}

/** The canasta family's meld `key` ("Q", "Q#2") of `seat`'s side, or null. */
function meldOf(family, seat, human, table, key) {
  const box = meldPlace(family, seat, human, table);
  if (!box || !key || family !== "canasta") return null;
  return [...box.querySelectorAll(".meld")].find((el) => el.dataset.rank === key) || null;
}

/** Where the red threes of `seat`'s side lie now (canasta family). */
function redThreesPlace(seat, table) {
  const sideOf = table.view.side_of_seat || [];
  const side = sideOf[seat] ?? seat;
  const mine = sideOf[table.seat ?? 0] ?? 0;
  if (side === mine) return document.getElementById("my-red-threes");
  return document.querySelector(`#opponents .side-opponent[data-side="${side}"] .red-threes`) || seatEl(seat);
}

/** Cards in `next`'s hand that `prev`'s did not hold (multisets), leaving out `used`. */
function gained(prev, next, used = []) {
  const pool = [...(prev.view.hand || []), ...used];
  const out = [];
  for (const c of next.view.hand || []) {
    const i = pool.indexOf(c);
    if (i >= 0) pool.splice(i, 1); else out.push(c);
  }
  return out;
}

/** The seat whose minus pile grew from `prev` to `next` (3 ist 50), or null. */
function grownPile(prev, next) {
  const a = (prev && prev.view.piles) || [], b = (next && next.view.piles) || [];
  const size = (p) => (p == null ? 0 : typeof p.size === "number" ? p.size : Array.isArray(p.cards) ? p.cards.length : Array.isArray(p) ? p.length : 0);
  let best = null;
  b.forEach((p, i) => { if (size(p) > size(a[i])) best = i; });
  return best;
}

/**
 * The flights of one move: [{from, to, card}] (card null: face down). `entry` is the log entry
 * ({seat, text}), `human` whether the person made it, `before` the snapshot taken before the new
 * table `next` (now shown) replaced `prev`.
 */
export function flights(entry, human, before, prev, next) {
  if (!entry || !before || !next || !prev) return [];
  const family = before.family;
  const w = words(entry.text);
  const kind = w[0];
  const cards = w.slice(1).filter(isCard);
  const seat = entry.seat;
  const p = PILES[family] || {};
  const handNow = rectOf(document.getElementById("hand"));
  const seatNow = () => rectOf(seatEl(seat));
  const from = (card) => {
    if (human && before.hand[card] && before.hand[card].length) return before.hand[card].shift();
    return human ? before.handBox : before.seat(seat);
  };
  const out = [];
  if (kind === "draw") {
    const n = Math.max(1, Math.min(3, (next.view.hand || []).length - (prev.view.hand || []).length));
    for (let i = 0; i < (human ? n : 1); i++) out.push({ from: before.stock, to: human ? handNow : seatNow(), card: null });
  } else if (kind === "take" || kind === "claim") {
    const top = prev.view.discard && prev.view.discard.top;
    const canasta = kind === "take" && family === "canasta";
    const to = canasta ? rectOf(meldPlace(family, seat, human, next)) : human ? handNow : seatNow();
    out.push({ from: before.discard, to, card: top || null });
    if (canasta) {
      // the hand cards melded with the top card, then the rest of the pile into the hand
      for (const c of cards.slice(0, 6)) out.push({ from: from(c), to, card: c });
      const rest = Math.max(0, ((prev.view.discard && prev.view.discard.size) || 0) - 1);
      const faces = human ? gained(prev, next) : [];
      for (let i = 0; i < Math.min(rest, 8); i++) {
        out.push({ from: before.discard, to: human ? handNow : seatNow(), card: faces[i] || null, what: "pile" });
      }
    }
    if (kind === "claim" && family === "continental") {
      // taken out of turn: the penalty card comes along, face down (seed 002)
      const main = prev.view.claim && prev.view.claim.penalty_from === "main_stock";
      out.push({ from: main ? before.stock : before.penalty, to: human ? handNow : seatNow(), card: null, what: "penalty" });
    }
  } else if (["meld", "add", "set", "run", "swap", "bury"].includes(kind)) {
    const key = ["add", "bury"].includes(kind) && w[1] && !isCard(w[1]) ? w[1] : null;
    const to = rectOf(meldOf(family, seat, human, next, key) || meldPlace(family, seat, human, next));
    for (const c of cards.slice(0, 6)) out.push({ from: from(c), to, card: c, what: kind === "bury" ? "bury" : undefined });
  } else if (kind === "discard") {
    const c = cards[0];
    out.push({ from: from(c), to: rectOf(document.querySelector(p.discard)), card: c || null });
  } else if (kind === "play" && family === "threefifty") {
    const c = cards[0];
    const receiver = grownPile(prev, next);
    const target = receiver === null ? null : document.querySelector(`#felt .tf-pile[data-seat="${receiver}"]`) || seatEl(receiver);
    const to = rectOf(target);
    out.push({ from: from(c), to, card: c });
    // centre captures: the centre cards of that rank that left the middle go along
    const gone = (prev.view.centre || []).filter((x) => !(next.view.centre || []).includes(x));
    for (const x of gone) if (before.centre[x]) out.push({ from: before.centre[x], to, card: x });
  }
  return out.filter((f) => f.from && f.to);
}

/**
 * The flights of what happened besides the move itself, from the renderer's extra log entries
 * (`onTable`): red threes laid out (canasta family: from the hand, or from the stock when they
 * came with a draw, to the side's red threes; each replaced from the stock). `move` is the log
 * entry of the move that came with them (or null).
 */
export function extraFlights(entries, move, before, prev, next) {
  if (!before || !next || !prev || !entries || !entries.length) return [];
  const out = [];
  const handNow = rectOf(document.getElementById("hand"));
  const drew = Boolean(move && /^draw\b/.test(move.text || ""));
  for (const e of entries) {
    const w = words(e.text);
    if (w[0] !== "red3") continue;
    const human = e.who === "you";
    const to = rectOf(redThreesPlace(e.seat, next));
    const seatNow = rectOf(seatEl(e.seat));
    for (const c of w.slice(1).filter(isCard)) {
      const inHand = human && before.hand[c] && before.hand[c].length ? before.hand[c].shift() : null;
      out.push({ from: inHand || (drew ? before.stock : human ? before.handBox : before.seat(e.seat)), to, card: c, what: "red3" });
      out.push({ from: before.stock, to: human ? handNow : seatNow, card: null, what: "replacement" });
    }
  }
  return out.filter((f) => f.from && f.to);
}

/** Fly `list` ({from, to, card}) at once; resolves when they have landed (at once without motion). */
export function play(list) {
  const ms = motionMs();
  document.documentElement.dataset.motionMs = String(ms);
  if (!ms || !list.length) return Promise.resolve();
  const els = list.map((f, i) => {
    const el = f.card ? paintFace(document.createElement("span"), f.card) : cardBack();
    el.classList.add("fly");
    if (f.what) el.dataset.what = f.what; // what moves besides the move's own cards (tests, styles)
    el.setAttribute("aria-hidden", "true");
    const w = Math.min(f.from.w, 64), h = Math.min(f.from.h, 90);
    Object.assign(el.style, {
      left: f.from.x + (f.from.w - w) / 2 + "px", top: f.from.y + (f.from.h - h) / 2 + "px",
      width: w + "px", height: h + "px", transitionDuration: ms + "ms", transitionDelay: Math.min(i * 30, 120) + "ms",
    });
    document.body.append(el);
    return { el, f, w, h };
  });
  // the next frame: move each flying card onto its destination's centre
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      for (const { el, f, w, h } of els) {
        const dx = f.to.x + f.to.w / 2 - (f.from.x + f.from.w / 2);
        const dy = f.to.y + f.to.h / 2 - (f.from.y + f.from.h / 2);
        void w; void h;
        el.style.transform = `translate(${dx}px, ${dy}px)`;
      }
      setTimeout(() => { for (const { el } of els) el.remove(); resolve(); }, ms + Math.min((els.length - 1) * 30, 120) + 20);
    });
  });
}
