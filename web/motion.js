// Cards that move (issues #13 and #26): each flight of cards the engine reports for a move (the
// table answer's `events`, docs/protocol.md "Events": cards from one place to another) flies on
// the page from the element standing for its `from` place to the element standing for its `to`
// place: the stock, the discard pile (or Continental's claim prompt standing where the piles were,
// issue #29), the penalty stock, the person's hand (each card from and to its own hand card), an
// other seat's chip or section, a side's meld by its key (also for cards laid under a canasta),
// a Continental combination by its id, the red threes, 3 ist 50's minus piles and centre cards.
// Named cards fly face up; cards hidden from the person (`cards: []`, only a `count`) fly as backs.
// Events fly in their order: an event waits for the ones before it only when it moves a card
// they brought (a red three drawn, then laid out). Each flight takes at most 400 ms (setting
// "Card movement": slow 400, normal 260, fast 140 ms, instant: none); with
// prefers-reduced-motion nothing moves. play() resolves when the flights have landed: the page
// shows the computer's next move then (web/app.js), so its moves are paced by the animation.
// Only positions are read from the page; nothing here reads move notation or knows a rule: what
// moved, from where, to where, is the engine's word. Answers that replace the table without a move
// (`new`, `load`, `undo`) carry `events: []` and nothing flies.
import { paintFace, cardBack } from "./cards.js";
import { settings } from "./tablekit.js";

export const DURATION = { slow: 400, normal: 260, fast: 140, instant: 0 };

/** At most this many cards of one event fly (a big pile taken: its first ones stand for it). */
const MAX_PER_EVENT = 8;

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

// The elements of the shared places, by selectors: the first one drawn counts. While
// Continental's claim prompt is open it stands where the piles were (issue #29), so the card asked
// about and its penalty card start from the prompt's card and its "+1 penalty card" badge.
const SHARED = {
  stock: ["#stock", "#ct-stock", "#tf-stock"],
  pile: ["#discard", "#ct-discard", "#tf-discard", "#ct-claim-card", "#ct-claim"],
  penalty_stock: ["#ct-penalty", "#ct-claim .ct-penalty-badge", "#ct-claim"],
  centre: ["#tf-centre"],
  hand: ["#hand"],
};

function rectOf(el) {
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return r.width && r.height ? { x: r.left, y: r.top, w: r.width, h: r.height } : null;
}

/** The box of the first drawn element of `selectors` under `root`, or null. */
function firstDrawn(root, selectors) {
  for (const sel of selectors) {
    for (const el of root.querySelectorAll(sel)) {
      const r = rectOf(el);
      if (r) return r;
    }
  }
  return null;
}

/**
 * Every place of the page now, by name (a Map name -> list of boxes): "stock", "pile",
 * "penalty_stock", "centre", "hand", "card:<c>" (the person's hand cards), "centre:<c>",
 * "seat:<s>" and "seat-hand:<s>" (another seat's chip or section, and its card count in it),
 * "minus_pile:<s>", "side:<d>", "melds:<d>", "meld:<d>:<key>", "red_threes:<d>" (<d> a side,
 * or "mine" for the person's own side), "combo:<id>", "combos:<s>" / "combos:mine"
 * (Continental). An element with `data-place` (and `data-seat`, `data-side`, `data-meld`) names
 * its place itself and comes first.
 */
function collect() {
  const felt = document.getElementById("felt") || document.body;
  const map = new Map();
  const put = (name, r) => { if (r) (map.get(name) || map.set(name, []).get(name)).push(r); };
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (felt.querySelectorAll("[data-place]"))) {
    const d = el.dataset;
    put([d.place, d.side ?? d.seat, d.meld].filter((x) => x !== undefined && x !== "").join(":"), rectOf(el));
  }
  for (const [name, sels] of Object.entries(SHARED)) put(name, firstDrawn(felt, sels));
  for (const b of /** @type {NodeListOf<HTMLElement>} */ (felt.querySelectorAll("#hand .hand-card[data-card]"))) put("card:" + b.dataset.card, rectOf(b));
  for (const c of /** @type {NodeListOf<HTMLElement>} */ (felt.querySelectorAll("#tf-centre [data-card]"))) put("centre:" + c.dataset.card, rectOf(c));
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (felt.querySelectorAll("[data-seat]"))) {
    if (el.closest("#log, dialog, table")) continue;
    const s = el.dataset.seat;
    if (el.classList.contains("tf-pile")) { put("minus_pile:" + s, rectOf(el)); continue; }
    if (map.has("seat:" + s) || !rectOf(el)) continue;
    put("seat:" + s, rectOf(el));
    put("seat-hand:" + s, firstDrawn(el, [".opp-hand", ".ct-count", ".seat-count"]));
    put("combos:" + s, firstDrawn(el, [".ct-combos"]));
  }
  /** @type {Array<[string, HTMLElement | null]>} */
  const sides = [["mine", document.getElementById("my-side")],
    ...[.../** @type {NodeListOf<HTMLElement>} */ (felt.querySelectorAll(".side-opponent[data-side]"))].map(
      (el) => /** @type {[string, HTMLElement]} */ ([el.dataset.side, el]))];
  for (const [d, sec] of sides) {
    if (!sec) continue;
    put("side:" + d, rectOf(sec));
    put("melds:" + d, firstDrawn(sec, [".melds"]));
    put("red_threes:" + d, firstDrawn(sec, [".red-threes"]));
    for (const m of /** @type {NodeListOf<HTMLElement>} */ (sec.querySelectorAll(".meld[data-rank]"))) put(`meld:${d}:${m.dataset.rank}`, rectOf(m));
  }
  put("combos:mine", firstDrawn(felt, ["#ct-my-combos"]));
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (felt.querySelectorAll(".ct-combo[data-id]"))) put("combo:" + el.dataset.id, rectOf(el));
  return map;
}

/**
 * Positions on the page before a new table is drawn (every place of `collect`). Call it just
 * before the table is replaced. `family` is kept for callers; nothing depends on it.
 */
export function snapshot(family) {
  return { family, places: motionMs() ? collect() : new Map() };
}

/**
 * The names of the page elements that may stand for `place` (an event's `from` or `to`:
 * {place, seat | side, meld}), best first, as `table` (the table shown then) draws them: the
 * place's own name ("meld:1:Q", for an element with `data-place`), then the elements the
 * renderers draw for it; `seat` is the event's seat (the last resort), `card` the card (or null).
 */
function namesFor(place, table, seat, card) {
  const p = place || {};
  const me = table.seat ?? 0;
  const sideOf = (table.view && table.view.side_of_seat) || [];
  const side = (d) => (d === (sideOf[me] ?? me) ? "mine" : String(d));
  // another seat: its card count, its chip or section, else its side's section (canasta family)
  const seatNames = (s) => (s === undefined || s === null ? [] : s === me ? ["hand"]
    : ["seat-hand:" + s, "seat:" + s, sideOf[s] === undefined ? null : "side:" + side(sideOf[s])]);
  const own = [p.place, p.side ?? p.seat, p.meld].filter((x) => x !== undefined && x !== null).join(":");
  // a named card: its own element first (the person's hand card, a centre card)
  const first = !card ? null : p.place === "hand" && p.seat === me ? "card:" + card : p.place === "centre" ? "centre:" + card : null;
  return [first, own, ...drawnFor(p, seat, side, seatNames)];
}

/** The names of the elements the renderers draw for place `p` (namesFor). */
function drawnFor(p, seat, side, seatNames) {
  switch (p.place) {
    case "stock": case "set_aside": return ["stock"];
    case "pile": return ["pile"];
    case "penalty_stock": return ["penalty_stock", "stock"];
    case "centre": return ["centre"];
    case "hand": return seatNames(p.seat);
    case "minus_pile": return ["minus_pile:" + p.seat, ...seatNames(p.seat)];
    case "red_threes": return ["red_threes:" + side(p.side), "side:" + side(p.side), ...seatNames(seat)];
    case "meld": case "under":
      if (p.side !== undefined) { // the canasta family: a side's meld by its key
        const d = side(p.side);
        return [`meld:${d}:${p.meld}`, "melds:" + d, "side:" + d, ...seatNames(seat)];
      }
      return ["combo:" + p.meld, ...(seatNames(p.seat)[0] === "hand" ? ["combos:mine"] : ["combos:" + p.seat]), ...seatNames(p.seat)];
    default: return seatNames(seat);
  }
}

/**
 * The box of the first of `names` on the page `map` (collect()), or null; a name standing for
 * several boxes (two decks' equal hand cards) gives the next one not yet `used`.
 */
function pick(map, names, used) {
  for (const name of names) {
    const list = name && map.get(name);
    if (!list || !list.length) continue;
    const i = used.get(name) || 0;
    if (list.length > 1) used.set(name, i + 1);
    return { name, rect: list[Math.min(i, list.length - 1)] };
  }
  return null;
}

const placeKey = (p) => JSON.stringify([p && p.place, p && (p.seat ?? p.side), p && p.meld]);

/**
 * The flights of the moves behind the new table `next` (now shown), from its `events`:
 * [{from, to, card, key, wave, fromName, toName}] (boxes {x, y, w, h}; card null: face down; key
 * the event's key; wave: the flights of wave n start when those of wave n-1 have landed).
 * `before` is the snapshot taken before `next` replaced `prev`. `entry` and `human` are not
 * needed any more (kept so that web/app.js calls it as before).
 */
export function flights(entry, human, before, prev, next) {
  if (!before || !next || !prev || !Array.isArray(next.events) || !next.events.length) return [];
  if (!before.places || !before.places.size) return [];
  try {
    return eventFlights(next.events, before.places, prev, next);
  } catch (err) { // cards that move are decoration: they never stop the game
    console.warn("motion:", err);
    return [];
  }
}

/** Whether any of `cards` has arrived at place `src` in this wave (`arrived`: place + card). */
function anyArrived(arrived, src, cards) {
  return cards.some((c) => arrived.has(src + c));
}

/** The flights of `events` (flights()); `places` the page before (collect()). */
function eventFlights(events, places, prev, next) {
  const after = collect();
  const usedBefore = new Map(), usedAfter = new Map();
  const landed = new Map(); // place + card -> where that card landed (a card moving on starts there)
  const out = [];
  let wave = 0, arrived = new Set();
  for (const ev of events) {
    const named = Array.isArray(ev.cards) && ev.cards.length ? ev.cards : null;
    const n = Math.min(named ? named.length : Number(ev.count) || 0, MAX_PER_EVENT);
    const src = placeKey(ev.from);
    // a card this wave brings to the place this event takes it from waits for it to land
    const waits = named ? arrived.has(src + "?") || anyArrived(arrived, src, named) : arrived.has(src + "*");
    if (waits) { wave += 1; arrived = new Set(); }
    for (let i = 0; i < n; i++) {
      const card = named ? named[i] : null;
      const moved = card && landed.get(src + card);
      const from = moved || pick(places, namesFor(ev.from, prev, ev.seat, card), usedBefore);
      const to = pick(after, namesFor(ev.to, next, ev.seat, card), usedAfter);
      if (!from || !to) continue;
      out.push({ from: from.rect, to: to.rect, card, key: ev.key, wave, fromName: from.name, toName: to.name });
      const dst = placeKey(ev.to);
      arrived.add(dst + (card || "?")).add(dst + "*");
      if (card) landed.set(dst + card, to);
    }
  }
  return out;
}

/**
 * Kept for web/app.js: what came with a move (red threes laid out and replaced, Kanaster's cut)
 * is among the events `flights` flies, so nothing is left to fly here: always [].
 */
export function extraFlights() {
  return [];
}

/** Fly `list` ({from, to, card, wave}), wave after wave; resolves when all have landed (at once without motion). */
export function play(list) {
  const ms = motionMs();
  document.documentElement.dataset.motionMs = String(ms);
  if (!ms || !list || !list.length) return Promise.resolve();
  const waves = [];
  for (const f of list) (waves[f.wave || 0] = waves[f.wave || 0] || []).push(f);
  const root = document.documentElement;
  root.dataset.flying = String((Number(root.dataset.flying) || 0) + 1);
  const done = () => {
    const left = (Number(root.dataset.flying) || 1) - 1;
    if (left > 0) root.dataset.flying = String(left); else delete root.dataset.flying;
  };
  return waves.filter(Boolean)
    .reduce((p, w) => p.then(() => flyWave(w, ms)), Promise.resolve())
    .finally(done);
}

/** Fly one wave at once (a little apart); resolves when it has landed. */
function flyWave(list, ms) {
  const els = list.map((f, i) => {
    const el = f.card ? paintFace(document.createElement("span"), f.card) : cardBack();
    el.classList.add("fly");
    // what moves from where to where (tests, styles): the event's key and the places' names
    if (f.key) el.dataset.key = f.key;
    if (f.fromName) el.dataset.from = f.fromName;
    if (f.toName) el.dataset.to = f.toName;
    el.dataset.toX = String(Math.round(f.to.x + f.to.w / 2));
    el.dataset.toY = String(Math.round(f.to.y + f.to.h / 2));
    el.setAttribute("aria-hidden", "true");
    const w = Math.min(f.from.w, 64), h = Math.min(f.from.h, 90);
    Object.assign(el.style, {
      left: f.from.x + (f.from.w - w) / 2 + "px", top: f.from.y + (f.from.h - h) / 2 + "px",
      width: w + "px", height: h + "px", transitionDuration: ms + "ms", transitionDelay: Math.min(i * 30, 120) + "ms",
    });
    document.body.append(el);
    return { el, f };
  });
  // the next frame: move each flying card onto its destination's centre
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      for (const { el, f } of els) {
        const dx = f.to.x + f.to.w / 2 - (f.from.x + f.from.w / 2);
        const dy = f.to.y + f.to.h / 2 - (f.from.y + f.from.h / 2);
        el.style.transform = `translate(${dx}px, ${dy}px)`;
      }
      setTimeout(() => { for (const { el } of els) el.remove(); resolve(); }, ms + Math.min((els.length - 1) * 30, 120) + 20);
    });
  });
}
