// Helpers shared by the game renderers (web/games/*.js): keyboard focus in groups of buttons,
// comparing hands, the score sheet's table, mounting the table, and small pieces of it (card
// faces, empty slots, the discard pile, pile and hand counts).
import { t, tp, rankOf, suitOf } from "../i18n.js";
import { cardBack, handCardButton, paintFace, rankText, SUIT_SYMBOL } from "../cards.js";

/**
 * The element lookup of a table drawn inside `root()` (the app's #felt, or a demo's root in any
 * page, web/embed.js): `$(id)` is the element with that id inside the root, or the root itself
 * when it has the id. Renderers never look ids up in the whole document, so several tables can
 * be on one page.
 */
export function scopedLookup(root) {
  return (id) => {
    const r = root();
    if (!r) return null;
    if (r.id === id) return r;
    return r.querySelector("#" + CSS.escape(id));
  };
}

/** The focused element of the document or shadow root that `node` is in (null if none). */
export function activeIn(node) {
  const r = node && node.getRootNode ? node.getRootNode() : document;
  return (r && r.activeElement) || null;
}

/** Move the roving tab stop inside `box` (items matching `selector`) and focus it; returns the index. */
export function moveFocus(box, selector, from, delta, home) {
  const items = [...box.querySelectorAll(selector)];
  if (!items.length) return -1;
  let i = home === "start" ? 0 : home === "end" ? items.length - 1 : from + delta;
  i = Math.max(0, Math.min(items.length - 1, i));
  items.forEach((el, j) => { el.tabIndex = j === i ? 0 : -1; });
  items[i].focus();
  return i;
}

/** [delta, home] for an arrow/Home/End key, or null for any other key. */
export function keyDelta(ev) {
  switch (ev.key) {
    case "ArrowLeft": case "ArrowUp": return [-1, null];
    case "ArrowRight": case "ArrowDown": return [1, null];
    case "Home": return [0, "start"];
    case "End": return [0, "end"];
    default: return null;
  }
}

/** Indices of `next` whose cards were not in `prev` (counting duplicates). */
export function multisetDiffIndices(prev, next) {
  const count = new Map();
  for (const c of prev) count.set(c, (count.get(c) || 0) + 1);
  const fresh = new Set();
  next.forEach((c, i) => {
    const n = count.get(c) || 0;
    if (n > 0) count.set(c, n - 1); else fresh.add(i);
  });
  return fresh;
}

/**
 * Indices of next.view.hand that arrived since the table `prev` (to mark them as new): none at
 * the first table of a deal, and none when the whole hand is new.
 */
export function freshIndices(prev, next) {
  const hand = next.view.hand || [];
  if (!prev || prev.view.hand_number !== next.view.hand_number) return new Set();
  const fresh = multisetDiffIndices(prev.view.hand || [], hand);
  return fresh.size === hand.length ? new Set() : fresh;
}

/**
 * Fill the score sheet's <table>: one column per entry of `columns` ({name}), one row per entry
 * of `rows` ({item, label, values, cls}); a row's `data-item` is its item.
 */
export function fillScoreTable(table, columns, rows) {
  table.replaceChildren();
  const hr = table.createTHead().insertRow();
  const corner = document.createElement("th");
  corner.scope = "col";
  hr.append(corner);
  for (const c of columns) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = c.name;
    if (c.cls) th.className = c.cls;
    hr.append(th);
  }
  const body = table.createTBody();
  for (const r of rows) {
    const tr = body.insertRow();
    if (r.cls) tr.className = r.cls;
    tr.dataset.item = r.item;
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = r.label;
    tr.append(th);
    r.values.forEach((val, i) => {
      const td = tr.insertCell();
      td.textContent = val === null || val === undefined ? "–" : String(val);
      if (typeof val === "number" && val < 0) td.classList.add("negative");
      if (columns[i] && columns[i].cls) td.classList.add(columns[i].cls);
    });
  }
}

/**
 * The last finished deal of view `v`: `last`, its entry of v.results (null before the first
 * deal ends), and `bySide`, its per-side (or per-seat) results ({items, total, cumulative}) by
 * side number.
 */
export function lastResult(v) {
  const results = v.results || [];
  const last = results.length ? results[results.length - 1] : null;
  const bySide = {};
  if (last) for (const r of last.sides || []) bySide[r.side] = r;
  return { last, bySide };
}

/** A side's score after the deal: the result's cumulative score, else the view's current one. */
export function cumulativeScore(v, result, side) {
  return result && typeof result.cumulative === "number" ? result.cumulative : (v.scores ? v.scores[side] : null);
}

/**
 * The score dialog's result line `res` for a game where everyone plays for themselves: when the
 * match is over, who won with how many points (keys `<prefix>.result.youWin`, `.wins`, `.tie`);
 * hidden before. `me` is the person's seat.
 */
export function showMatchResult(res, tb, prefix, me, seatName) {
  if (!tb.match_over) {
    res.hidden = true;
    return;
  }
  const v = tb.view;
  const winners = (v.match && v.match.winners) || [];
  const points = winners.length ? v.scores[winners[0]] : null;
  let text;
  if (winners.length === 1 && winners[0] === me) text = t(prefix + ".result.youWin", { n: points });
  else if (winners.length === 1) text = t(prefix + ".result.wins", { name: seatName(winners[0]), n: points });
  else if (winners.length > 1) text = t(prefix + ".result.tie", { names: winners.map((s) => seatName(s)).join(", "), n: points });
  else text = t("turn.matchOver");
  res.textContent = text;
  res.hidden = false;
  res.classList.toggle("win", winners.includes(me));
  res.dataset.winners = winners.join(" ");
}

/** Make `item` (one of the `selector` items in `box`) the roving tab stop and focus it. */
export function focusItem(box, selector, item) {
  const items = [...box.querySelectorAll(selector)];
  items.forEach((el) => { el.tabIndex = el === item ? 0 : -1; });
  item.focus();
}

/**
 * Arrow keys, Home and End pressed on a `selector` item inside `container` move the roving tab
 * stop among the items of that item's group: groupOf(item), by default `container` itself.
 * onMove(position) is told the new position when given.
 * @param {HTMLElement} container
 * @param {string} selector
 * @param {{groupOf?: (item: Element) => ParentNode, onMove?: ((i: number) => void) | null}} [options]
 */
export function wireRovingKeys(container, selector, { groupOf = () => container, onMove = null } = {}) {
  container.addEventListener("keydown", (ev) => {
    const item = /** @type {Element} */ (ev.target).closest(selector);
    const d = item && keyDelta(ev);
    if (!d) return;
    ev.preventDefault();
    const group = groupOf(item);
    const i = moveFocus(group, selector, [...group.querySelectorAll(selector)].indexOf(item), d[0], d[1]);
    if (i >= 0 && onMove) onMove(i);
  });
}

/**
 * Clicks and keys of the hand `box` (#hand, its .hand-card buttons). A click calls
 * pick(index into view.hand, the button's data-index); arrows, Home and End move the roving tab
 * stop; Escape calls onEscape(), if given, which returns whether it did something (then the
 * key's default is prevented). state.focusIndex follows the focused card as its position in the
 * box (display order, which may differ from view.hand's when the hand is sorted).
 */
export function wireHand(box, state, pick, onEscape = null) {
  const position = (btn) => [...box.children].indexOf(btn);
  box.addEventListener("click", (ev) => {
    const btn = ev.target.closest(".hand-card");
    if (!btn || !box.contains(btn)) return;
    state.focusIndex = position(btn);
    pick(Number(btn.dataset.index));
  });
  if (onEscape) {
    box.addEventListener("keydown", (ev) => {
      if (ev.key === "Escape" && ev.target.closest(".hand-card") && onEscape()) ev.preventDefault();
    });
  }
  wireRovingKeys(box, ".hand-card", { onMove: (i) => { state.focusIndex = i; } });
  box.addEventListener("focusin", (ev) => {
    const btn = ev.target.closest(".hand-card");
    if (btn) state.focusIndex = position(btn);
  });
}

/**
 * Draw a renderer's table: `template` (HTML) into `felt`, the shell's turn line and status line
 * (shell.parts) in place of its data-slot="turn-info" and data-slot="status" elements; then
 * wire() adds the listeners.
 */
export function mountTable(felt, template, parts, wire) {
  felt.innerHTML = template;
  felt.querySelector('[data-slot="turn-info"]').replaceWith(parts.turnInfo);
  felt.querySelector('[data-slot="status"]').replaceWith(parts.status);
  wire();
}

/**
 * Make the hand `box` hold one card button (cards.js handCardButton) per card of `hand`, in the
 * display order `order` (indices of `hand`; default: as dealt). The buttons are rebuilt only
 * when the drawn cards changed since the last call (state.handKey remembers them); keyboard focus
 * that was in the hand goes to position state.focusIndex.
 */
export function syncHandButtons(box, hand, state, order = hand.map((_, i) => i)) {
  const key = order.map((i) => hand[i]).join(" ");
  if (key === state.handKey && box.children.length === hand.length) return;
  const hadFocus = box.contains(activeIn(box));
  box.replaceChildren();
  for (const i of order) box.append(handCardButton(hand[i], i));
  state.handKey = key;
  if (hadFocus && box.children.length) box.children[Math.min(state.focusIndex, box.children.length - 1)].focus();
}

/** The seats other than `me` of `n` in playing order, starting with the left neighbour. */
export function otherSeats(me, n) {
  const seats = [];
  for (let i = 1; i < n; i++) seats.push((me + i) % n);
  return seats;
}

/**
 * Keep one element per seat of `seats` in `box`, each made by make(seat). They are made again
 * only when the seats change (box's data-seats), so they live on between renders; the renderer
 * fills them in afterwards.
 */
export function syncSeatSections(box, seats, make) {
  if (box.dataset.seats === seats.join(",")) return;
  box.replaceChildren();
  box.dataset.seats = seats.join(",");
  box.dataset.count = String(seats.length);
  for (const s of seats) box.append(make(s));
}

/** A <section> of class `cls` for `seat` (data-seat) holding the markup `html`. */
export function seatSection(seat, cls, html) {
  const sec = document.createElement("section");
  sec.className = cls;
  sec.dataset.seat = String(seat);
  sec.innerHTML = html;
  return sec;
}

/** A <button type="button"> of class `cls` showing `label`, with the data attributes of `data`. */
export function textButton(cls, label, data = {}) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  Object.assign(b.dataset, data);
  b.textContent = label;
  return b;
}

/**
 * Show the choice bar `box` with a head text (a span of class `<cls>-head`) followed by `buttons`;
 * it is scrolled into view when it was hidden until now.
 */
export function showChoiceBar(box, cls, head, buttons) {
  const h = document.createElement("span");
  h.className = cls + "-head";
  h.textContent = head;
  box.replaceChildren(h, ...buttons);
  const wasHidden = box.hidden;
  box.hidden = false;
  if (wasHidden) box.scrollIntoView({ block: "nearest" });
}

/** Focus the first card of the hand (#hand inside `root`), if there is one. */
export function focusFirstCard(root) {
  const hand = root && root.querySelector("#hand");
  const first = hand && hand.querySelector(".hand-card");
  if (first) first.focus();
}

// ------------------------------------------------------------------ pieces of the table

/** "7♥" (short, for buttons, lists and log lines); the accessible name comes from cardName. */
export function shortCard(c) {
  if (c === "JK") return "★";
  return rankText(rankOf(c)) + SUIT_SYMBOL[suitOf(c)];
}

/** A card face as a plain <span> (no role or name: the element around it has the name). */
export function face(card, cls = "") {
  const el = document.createElement("span");
  if (cls) el.className = cls;
  paintFace(el, card);
  return el;
}

/** The outline where a pile (or a card) would be when it is empty. */
export function slot() {
  const el = document.createElement("span");
  el.className = "card slot";
  return el;
}

/**
 * Fill `box` with the discard pile `d` ({top, size}): its top card, made by topCard(card), on a
 * face-down card when there are more under it; an empty slot when there is none.
 */
export function fillDiscardCards(box, d, topCard = (c) => face(c, "top-card")) {
  box.replaceChildren();
  if (d.top) {
    if (d.size > 1) box.append(cardBack("under"));
    box.append(topCard(d.top));
  } else box.append(slot());
}

/** The caption of a stock of `n` cards ("12 cards", "1 card", "empty"); plural by Intl.PluralRules. */
export function stockCountText(n) {
  return n > 0 ? tp("table.cards", n) : t("table.stockEmpty");
}

/** The caption of a discard pile of `n` cards (n may be undefined: empty). */
export function discardSizeText(n) {
  return n > 0 ? tp("table.cards", n) : t("table.discardEmpty");
}

/** "1 card in hand" / "7 cards in hand". */
export function handCountText(n) {
  return tp("table.cardsInHand", n);
}

/**
 * The words a person sees on `el` (its rendered text; card faces are glyphs drawn by CSS and not
 * part of it), with separators and symbols turned into commas: the start of a spoken name, so
 * that the name holds the visible label (WCAG 2.5.3 "label in name": a voice-control user says
 * what they see).
 */
export function seenWords(el) {
  const parts = [];
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const host = n.parentElement;
    if (host && host.checkVisibility && !host.checkVisibility()) continue;
    parts.push(n.nodeValue);
  }
  return parts.join(" ")
    .replace(/[^\p{L}\p{N}\s'’()-]+/gu, ",")
    .replace(/\s+/g, " ")
    .replace(/(\s*,\s*)+/g, ", ")
    .replace(/^[,\s]+|[,\s]+$/g, "");
}

/**
 * Give `el` the spoken name "<what is seen on it>, <extra>, ...": e.g. "Discard pile, 14 cards,
 * Frozen, top: seven of clubs" (the state words come from the engine's view through the markers
 * shown, not from rules in JavaScript).
 */
export function nameFromSeen(el, ...extras) {
  el.setAttribute("aria-label", [seenWords(el), ...extras].filter(Boolean).join(", "));
}

/**
 * Fill the button `btn` with `template` (an i18n text holding "{card}") where the card is shown
 * as a glyph (`shown`, e.g. "7♣", drawn by CSS) and is not text of the page: the visible words
 * stay part of the button's spoken name, which names the card in words.
 */
export function fillWithCardGlyph(btn, template, shown) {
  const [before, after = ""] = template.split("{card}");
  const g = document.createElement("span");
  g.className = "face card-glyph";
  g.setAttribute("aria-hidden", "true");
  const inner = document.createElement("span");
  inner.dataset.t = shown;
  g.append(inner);
  btn.replaceChildren(...[before, g, after].filter((x) => x !== ""));
}
