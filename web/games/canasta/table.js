// The canasta family's table (engine family canasta: two-hand Canasta, and Classic Canasta for
// 2 to 6 players with partnerships, docs/rules/): every seat around a small table map (sides in
// colours, partners marked, card counts, the dealer, the seat sitting out), each side's melds
// together, the stock and the discard pile, the person's side and hand, and the actions.
// Guidance as in Continental: the cards that can be melded or added now are marked, a meld of
// the person's side is a click target for "add", the initial-meld progress stays in view above
// the hand, and a disabled action says why when it is touched (a hint of the page, or the
// engine's own reason: the action is sent and the engine's refusal shown; the engine only
// refuses, it never changes the game for it).
// The table's room of web/games/canasta/ (index.js exports the renderer contract of
// web/games/registry.js): create(shell), the closure that draws the table and turns clicks into
// actions; the page, the log sentences and tablekit's tables are in layout.js, log.js, actions.js.
import { t, tp, tv, cardName, rankOf, rankPlural, has } from "../../i18n.js";
import { cardBack, rankText } from "../../cards.js";
import {
  scopedLookup, activeIn, freshIndices, focusItem, wireRovingKeys, wireHand, syncHandButtons, mountTable, focusFirstCard,
  fillScoreTable, lastResult, cumulativeScore,
  face, slot, fillDiscardCards, stockCountText, discardSizeText, handCountText, nameFromSeen,
} from "../common.js";
import { registerHint, paintHint, handCardsFor } from "../../hint.js";
import { TEMPLATE, SCORE_ITEMS, within, mapPosition } from "./layout.js";
import { makeLog } from "./log.js";

/** The canasta table renderer for `shell` (web/games/registry.js). */
export function create(shell) {
  let root = null; // the element the table is drawn in (mount(felt)): the app's #felt or a demo's
  const $ = scopedLookup(() => root);
  const state = {
    selected: new Set(),   // indices into view.hand
    focusIndex: 0,         // roving tab stop in the hand
    target: null,          // rank of one of my melds chosen as the target for "add"
    handKey: "",
    fresh: new Set(),      // indices of cards that just arrived in the hand
  };

  // ---------------------------------------------------------------- table state helpers

  const view = (tb = shell.table()) => tb && tb.view;
  /** t() with the words of this table's variant (Kanaster says "Kanaster", i18n.js tv). */
  const tw = (key, params = {}) => { const v = view(); return tv(v && v.variant, key, params); };
  const legal = () => shell.legal();
  const legalOfKind = (kind) => legal().filter((m) => m.kind === kind);
  /** A legal move's cards (the engine's move JSON; the page parses no notation). */
  const moveCards = (m) => (Array.isArray(m.cards) ? m.cards : []);
  /** Whether a hand card is a wild card: the engine's view says (hand_wild), the page knows no such rule. */
  const isWild = (c) => { const v = view(); return Boolean(v && (v.hand_wild || []).includes(c)); };
  const me = () => { const tb = shell.table(); return tb.seat ?? shell.humanSeat; };
  const mySide = () => { const v = view(); return v ? v.side_of_seat[me()] : 0; };
  const sideData = (side) => (view().sides || []).find((s) => s.side === side) || view().sides[side];
  const sideSeats = (side) => { const s = sideData(side); return s && s.seats ? s.seats : view().side_of_seat.flatMap((x, seat) => (x === side ? [seat] : [])); };
  const isMyTurn = () => shell.isMyTurn();
  const stage = () => { const v = view(); return v && v.turn ? v.turn.stage : null; };
  const selectedCards = () => { const h = view().hand; return [...state.selected].sort((a, b) => a - b).map((i) => h[i]); };
  const partnerOf = (seat) => seat !== me() && view().side_of_seat[seat] === mySide();
  const sitsOut = (seat) => view().sitting_out === seat;

  /** Colour of a side on the table: 0 for the person's side, then 1, 2, ... in side order. */
  function sideColor(side) {
    const me0 = mySide();
    if (side === me0) return 0;
    const others = (view().sides || []).map((s) => s.side).filter((s) => s !== me0);
    return 1 + others.indexOf(side);
  }

  /** "You & Computer 2 (partner)", "Computer 1 & Computer 3 (sits out)". */
  function sideName(side) {
    return sideSeats(side).map((seat) => {
      let name = shell.seatName(seat);
      if (sitsOut(seat)) name += ` (${t("cn.sitsOut")})`;
      else if (partnerOf(seat)) name += ` (${t("cn.partner")})`;
      return name;
    }).join(t("cn.and"));
  }

  /** A side's plain name for the score sheet: "You & Computer 2". */
  const sideTitle = (side) => sideSeats(side).map((seat) => shell.seatName(seat)).join(t("cn.and"));

  /** Who a log entry of the engine's events is for `seat`: "you" for a person at this device, a
   * friend's seat (on another device) named as another seat's. */
  function whoAt(seat, next) {
    return shell.humanSeats().includes(seat) && !(next.remote_seats || []).includes(seat) ? "you" : "computer";
  }

  /** Log entries for the red threes laid out with the moves of the last request: the engine's
   * `red_three` events (drawn, in a taken pile, or from a hand at its first turn: Kanaster), one
   * entry per seat that laid them out. A deal's own red threes (events without a seat) are not
   * logged, as before. */
  function redThreeEntries(next) {
    const bySeat = new Map();
    for (const ev of next.events || []) {
      if (ev.key !== "red_three" || ev.seat === null || ev.seat === undefined || !ev.cards.length) continue;
      bySeat.set(ev.seat, [...(bySeat.get(ev.seat) || []), ...ev.cards]);
    }
    return [...bySeat].map(([seat, cards]) => ({
      who: whoAt(seat, next), seat, event: "red_three", cards, text: ["red3", ...cards].join(" "), label: "",
    }));
  }

  /** Kanaster: who cut before this deal and which wild cards they kept (seed 004): the engine's
   * `cut` or `cut_none` event of a new deal (`new`, `next_hand`). */
  function cutEntries(next) {
    return (next.events || []).filter((ev) => ev.key === "cut" || ev.key === "cut_none").map((ev) => ({
      who: whoAt(ev.seat, next), seat: ev.seat, event: "cut", cards: ev.cards, text: ["cut", ...ev.cards].join(" "), label: "",
    }));
  }

  function onTable(prev, next) {
    const entries = cutEntries(next).concat(redThreeEntries(next));
    const hand = next.view.hand || [];
    const key = hand.join(" ");
    if (key !== state.handKey) {
      state.fresh = freshIndices(prev, next);
      state.selected.clear();
      state.focusIndex = Math.min(state.focusIndex, Math.max(0, hand.length - 1));
    }
    if (state.target && !(sideData(mySide()).melds || []).some((m) => (m.key || m.rank) === state.target)) state.target = null;
    return entries;
  }

  function reset() {
    state.selected.clear();
    state.target = null;
    state.handKey = "";
    state.fresh.clear();
    $("opponents").replaceChildren();
    delete $("opponents").dataset.sides;
    $("seat-map").replaceChildren();
    delete $("seat-map").dataset.seats;
  }

  // ---------------------------------------------------------------- what the person can do now

  /** Cards of the hand that some legal move melds, adds or takes the pile with (card text -> kinds). */
  function usableCards() {
    const out = new Map();
    if (!isMyTurn()) return out;
    for (const m of legal()) {
      if (m.kind !== "meld" && m.kind !== "add" && m.kind !== "take") continue;
      for (const c of moveCards(m)) {
        if (!out.has(c)) out.set(c, new Set());
        out.get(c).add(m.kind);
      }
    }
    return out;
  }

  /** Whether each selected card can be added to my meld of `rank` (as a legal move of its own). */
  function addsTo(rank, sel = selectedCards()) {
    if (!sel.length || !isMyTurn() || stage() !== "play") return false;
    const adds = legalOfKind("add").filter((m) => m.rank === rank);
    return sel.every((c) => adds.some((m) => moveCards(m)[0] === c));
  }

  /** Whether the selection is a legal meld (as one move, or a legal 3-card meld plus cards of its rank). */
  function selectionMelds(sel = selectedCards()) {
    if (sel.length < 3 || !isMyTurn() || stage() !== "play") return false;
    const naturals = new Set(sel.filter((c) => !isWild(c)).map(rankOf));
    if (naturals.size !== 1) return false;
    return legalOfKind("meld").some((m) => within(moveCards(m), sel));
  }

  // ---------------------------------------------------------------- rendering

  function render() {
    const v = view();
    const felt = root;
    felt.dataset.stage = stage() || "";
    felt.dataset.players = String(v.players);
    felt.dataset.partnerships = v.partnerships || "none";
    felt.dataset.sittingOut = v.sitting_out === null || v.sitting_out === undefined ? "" : String(v.sitting_out);
    renderSeatMap();
    renderOpponents();
    renderCenter();
    renderMySide();
    renderHand();
    renderProgress();
    renderButtons();
    paintHint(root, shell.table());
  }

  /**
   * The elements that show a hint (web/hint.js) of `kind` with `cards`: the hand cards it uses,
   * the stock or the discard pile, the meld it adds to or buries under, and the action's button.
   */
  function hintTargets(hint, move) {
    const out = handCardsFor($("hand"), hint.cards);
    const kind = hint.kind;
    if (kind === "draw") out.push($("stock"));
    if (kind === "take" || kind === "discard") out.push($("discard"));
    const rank = move && move.rank;
    if ((kind === "add" || kind === "bury") && rank) {
      out.push($("my-melds").querySelector(`.meld[data-rank="${CSS.escape(rank)}"]`));
    }
    const b = $("btn-" + kind);
    if (b && !b.hidden) out.push(b);
    return out;
  }

  function renderSeatMap() {
    const v = view();
    const tb = shell.table();
    const box = $("seat-map");
    const n = v.players;
    const seats = [...Array(n).keys()];
    if (box.dataset.seats !== String(n) + ":" + me()) {
      box.replaceChildren();
      box.dataset.seats = String(n) + ":" + me();
      box.dataset.count = String(n);
      for (const seat of seats) {
        const li = document.createElement("li");
        li.className = "seat-chip";
        li.dataset.seat = String(seat);
        const pos = mapPosition((seat - me() + n) % n, n);
        li.style.setProperty("--x", pos.x.toFixed(1) + "%");
        li.style.setProperty("--y", pos.y.toFixed(1) + "%");
        li.innerHTML = `<span class="seat-name" aria-hidden="true"><span class="seat-full"></span><span class="seat-short"></span></span>
          <span class="seat-count" aria-hidden="true"><span class="card back small"></span><span class="seat-n"></span></span>
          <span class="seat-dealer" aria-hidden="true"></span>`;
        box.append(li);
      }
    }
    const toAct = tb.hand_over ? null : tb.to_act;
    for (const li of box.querySelectorAll(".seat-chip")) {
      const seat = Number(li.dataset.seat);
      const name = shell.seatName(seat);
      const count = v.hand_counts[seat];
      const out = sitsOut(seat);
      li.dataset.sideColor = String(sideColor(v.side_of_seat[seat]));
      li.dataset.count = String(count);
      li.classList.toggle("to-act", toAct === seat);
      li.classList.toggle("sits-out", out);
      li.classList.toggle("partner", partnerOf(seat));
      li.classList.toggle("me", seat === me());
      li.querySelector(".seat-full").textContent = name;
      // a person's seat (pass-and-play, a friend on another device) by the first letters of the
      // name, a computer's as "C1"
      li.querySelector(".seat-short").textContent = seat === me() ? t("who.youShort")
        : shell.humanSeats().includes(seat) ? Array.from(shell.seatName(seat)).slice(0, 3).join("")
          : t("who.short", { n: seat });
      li.querySelector(".seat-n").textContent = out ? t("cn.sitsOut") : String(count);
      li.querySelector(".seat-count .card").hidden = out;
      const dealer = li.querySelector(".seat-dealer");
      dealer.textContent = t("cn.dealerMark");
      dealer.hidden = v.dealer !== seat;
      const parts = [out ? t("cn.seat.sitsOut") : handCountText(count)];
      if (partnerOf(seat)) parts.push(t("cn.seat.partner"));
      else if (seat !== me() && v.partnerships !== "none") parts.push(t("cn.seat.opponent"));
      if (v.dealer === seat) parts.push(t("cn.seat.dealer"));
      if (toAct === seat) parts.push(t("cn.seat.toAct"));
      li.setAttribute("aria-label", t("cn.seatLabel", { name, cards: parts.join(", ") }));
      li.title = li.getAttribute("aria-label");
    }
  }

  function renderSideHead(head, side) {
    const s = sideData(side);
    const v = view();
    const toAct = shell.table().to_act;
    const acting = toAct !== null && toAct !== undefined && v.side_of_seat[toAct] === side && !shell.table().hand_over;
    head.classList.toggle("to-act", acting);
    const score = head.querySelector(".side-score");
    score.textContent = t("table.scoreValue", { n: (v.scores && v.scores[side]) ?? s.score ?? 0 });
    // the running value of the cards this side has melded in this hand (issue #13)
    const melded = head.querySelector(".side-melded");
    if (melded) {
      const pts = (s.melds || []).reduce((n, m) => n + (Number(m.points) || 0), 0);
      melded.textContent = tp("kit.melded", pts);
      melded.dataset.points = String(pts);
    }
    const can = head.querySelector(".side-canastas");
    const need = v.canastas_to_go_out;
    if (can && need) {
      const made = s.canastas ?? 0; // "Canastas: 2 ✓" once enough, not "2/1" (#29 item 9)
      can.textContent = made >= need ? tw("cn.canastasEnough", { n: made }) : tw("cn.canastasShort", { n: made, need });
      can.title = tw("cn.canastasTitle", { n: s.canastas ?? 0, need });
      can.classList.toggle("enough", (s.canastas ?? 0) >= need);
    }
    const min = head.querySelector(".side-minimum");
    if (!s.melded && s.minimum !== undefined && s.minimum !== null) {
      const turn = v.turn || {};
      const mineNow = acting && turn.initial_meld_points > 0;
      min.textContent = mineNow ? t("table.minimumProgress", { have: turn.initial_meld_points, n: s.minimum })
        : t("table.minimum", { n: s.minimum });
      min.hidden = false;
    } else {
      min.textContent = "";
      min.hidden = true;
    }
    const r3 = head.querySelector(".red-threes");
    r3.replaceChildren();
    const threes = s.red_threes || [];
    if (threes.length) {
      r3.setAttribute("aria-label", t("table.redThrees") + ": " + threes.map(cardName).join(", "));
      r3.setAttribute("role", "img");
      r3.title = t("table.redThrees");
      for (const c of threes) r3.append(face(c, "mini"));
    }
    r3.hidden = threes.length === 0;
  }

  function renderOpponents() {
    const v = view();
    const box = $("opponents");
    const me0 = mySide();
    const sides = (v.sides || []).map((s) => s.side).filter((s) => s !== me0);
    // Build one section per opponent side once; update in place afterwards.
    if (box.dataset.sides !== sides.join(",")) {
      box.replaceChildren();
      for (const side of sides) {
        const sec = document.createElement("section");
        sec.className = "side side-opponent";
        sec.dataset.side = String(side);
        sec.innerHTML = `
          <div class="side-head">
            <h2 class="side-name"></h2>
            <span class="side-score"></span>
            <span class="side-melded"></span>
            <span class="side-canastas"></span>
            <span class="side-minimum"></span>
            <span class="red-threes"></span>
          </div>
          <div class="melds melds-opponent"></div>`;
        box.append(sec);
      }
      box.dataset.sides = sides.join(",");
      box.dataset.count = String(sides.length);
    }
    for (const sec of box.querySelectorAll(".side-opponent")) {
      const side = Number(sec.dataset.side);
      sec.dataset.sideColor = String(sideColor(side));
      sec.dataset.seats = sideSeats(side).join(" ");
      sec.dataset.counts = sideSeats(side).map((s) => v.hand_counts[s]).join(" ");
      sec.querySelector(".side-name").textContent = sideName(side);
      renderSideHead(sec.querySelector(".side-head"), side);
      renderMelds(sec.querySelector(".melds"), side, false);
    }
  }

  function renderMelds(box, side, mine) {
    const s = sideData(side);
    const melds = s.melds || [];
    const hadFocus = mine && box.contains(activeIn(root)) ? activeIn(root).dataset.rank : null;
    box.replaceChildren();
    box.dataset.count = String(melds.length);
    if (!melds.length) {
      const empty = document.createElement("p");
      empty.className = "melds-empty";
      empty.textContent = t("table.noMelds");
      box.append(empty);
      return;
    }
    const canTarget = mine && isMyTurn() && stage() === "play";
    const selecting = canTarget && state.selected.size > 0;
    melds.forEach((m, i) => {
      const el = document.createElement(mine ? "button" : "div");
      el.className = "meld";
      const key = m.key || m.rank; // "Q", or "Q#2" for a side's second meld of queens (Kanaster)
      el.dataset.rank = key;
      el.dataset.count = String(m.cards.length);
      if (m.canasta) { el.classList.add("canasta", "canasta-" + m.canasta); el.dataset.canasta = m.canasta; }
      const rankWords = m.rank === "3" && m.cards.every((c) => c === "3C" || c === "3S") ? t("meld.blackThrees")
        : m.rank === "2" ? t("meld.wild") : rankPlural(m.rank);
      const cardsText = m.cards.map(cardName).join(", ");
      let label = m.canasta
        ? t("meld.labelCanasta", { canasta: tw("meld.canasta." + m.canasta), rank: rankWords, cards: cardsText })
        : t("meld.label", { rank: rankWords, cards: cardsText });
      if (mine) {
        const fits = selecting && addsTo(key);
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
      rank.textContent = (m.rank === "2" ? "★" : rankText(m.rank)) + (key.includes("#") ? " " + key.slice(key.indexOf("#")) : "");
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

  function renderCenter() {
    const v = view();
    const mine = isMyTurn() && !shell.busy();
    const stock = $("stock");
    $("stock-cards").replaceChildren(v.stock > 0 ? cardBack("stack") : slot());
    stock.classList.toggle("empty", !(v.stock > 0));
    stock.dataset.count = String(v.stock);
    const sc = stockCountText(v.stock);
    $("stock-count").textContent = sc;
    stock.setAttribute("aria-label", t("cn.stockLabel", { count: sc }));
    stock.classList.toggle("can", mine && legalOfKind("draw").length > 0);

    const d = v.discard || {};
    const pile = $("discard");
    fillDiscardCards($("discard-cards"), d);
    pile.dataset.top = d.top || "";
    pile.dataset.size = String(d.size || 0);
    pile.classList.toggle("frozen", Boolean(d.frozen));
    pile.classList.toggle("blocked", Boolean(d.blocked));
    const closed = Boolean(d.frozen_for_you) && !d.frozen && !shell.table().hand_over;
    pile.classList.toggle("closed", closed);
    pile.classList.toggle("can", mine && legalOfKind("take").length > 0);
    const ds = discardSizeText(d.size);
    $("discard-size").textContent = ds;
    $("frozen-marker").hidden = !d.frozen;
    $("frozen-marker").title = t("table.frozenTitle");
    $("closed-marker").hidden = !closed;
    $("closed-marker").title = t("cn.frozenForYouTitle");
    $("blocked-marker").hidden = !d.blocked;
    // Kanaster: which rank blocks (a canasta of it lies on the table), readable on touch screens too
    $("blocked-ranks").textContent = d.blocked_by === "blocking_rank" && d.top ? ": " + rankPlural(rankOf(d.top)) : "";
    $("blocked-marker").title = d.blocked_by === "blocking_rank"
      ? t("cn.blockingRankTitle", { ranks: (d.blocking_ranks || []).map((r) => rankPlural(r)).join(", ") })
      : t("table.blockedTitle");
    // spoken: "Discard pile, 14 cards, Frozen, top: seven of clubs, take it" (what is seen first)
    nameFromSeen(pile, d.top ? t("pile.top", { card: cardName(d.top) }) : "",
      mine && legalOfKind("take").length ? t("pile.take") : "");
  }

  function turnText() {
    const tb = shell.table();
    if (tb.match_over) return t("turn.matchOver");
    if (tb.hand_over) return t("turn.handOver");
    if (isMyTurn() && legalOfKind("yes").length) return t("turn.yoursAnswer");
    // the pile is offered only when the engine lists taking it (not while "closed for you")
    if (isMyTurn() && stage() === "draw") return t(legalOfKind("take").length ? "turn.yoursDraw" : "turn.yoursDrawOnly");
    if (isMyTurn()) return t("turn.yoursPlay");
    if (view().players <= 2) return t("turn.computer");
    const name = shell.seatName(tb.to_act);
    return partnerOf(tb.to_act) ? t("turn.partner", { name }) : t("turn.other", { name });
  }

  function renderMySide() {
    const side = mySide();
    $("my-side-title").textContent = sideName(side);
    $("my-side").dataset.seats = sideSeats(side).join(" ");
    $("my-side").dataset.counts = sideSeats(side).map((s) => view().hand_counts[s]).join(" ");
    renderSideHead($("my-side").querySelector(".side-head"), side);
    renderMelds($("my-melds"), side, true);
    $("my-melds").setAttribute("aria-label", t("table.melds"));
  }

  function renderHand() {
    const hand = view().hand || [];
    const box = $("hand");
    syncHandButtons(box, hand, state);
    const usable = usableCards();
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
    box.dataset.legalDiscards = legalOfKind("discard").map((m) => moveCards(m)[0]).filter(Boolean).join(" ");
    box.dataset.selected = selectedCards().join(" ");
    box.classList.toggle("my-turn", isMyTurn());
    box.classList.toggle("crowded", hand.length > 13 && hand.length <= 22);
    box.classList.toggle("very-crowded", hand.length > 22);
  }

  /**
   * The line above the hand: the side's initial meld (needed, progress this turn, reached) until
   * the side has melded; then its canastas against those needed to go out.
   */
  function renderProgress() {
    const v = view();
    const tb = shell.table();
    const box = $("meld-progress");
    const s = sideData(mySide());
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
    const mineNow = isMyTurn() && turn.stage === "play";
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
    const el = pill("meld-made", need ? tw("cn.canastasMelded", { n: s.canastas ?? 0, need }) : t("cn.melded"),
      need ? tw("cn.canastasTitle", { n: s.canastas ?? 0, need }) : "");
    el.classList.toggle("enough", Boolean(need) && (s.canastas ?? 0) >= need);
  }

  /** The canasta key the selected cards can all be laid under (legal "bury" moves), or null. */
  function buryTarget(sel, buries = legalOfKind("bury")) {
    let key = null;
    for (const c of sel) {
      const m = buries.find((b) => moveCards(b)[0] === c);
      if (!m || (key !== null && m.rank !== key)) return null;
      key = m.rank;
    }
    return key;
  }

  /** The rank of my meld that "add" would target, or null. */
  function addTarget() {
    const melds = sideData(mySide()).melds || [];
    if (!melds.length) return null;
    if (state.target && melds.some((m) => (m.key || m.rank) === state.target)) return state.target;
    const sel = selectedCards();
    const naturalRanks = new Set(sel.filter((c) => !isWild(c)).map(rankOf));
    if (naturalRanks.size === 1) {
      const r = [...naturalRanks][0];
      // several melds of one rank (Kanaster): the one that is not a canasta yet, else the last
      const same = melds.filter((m) => m.rank === r);
      const open = same.find((m) => !m.canasta) || same[same.length - 1];
      if (open) return open.key || open.rank;
    }
    if (naturalRanks.size === 0 && melds.length === 1) return melds[0].key || melds[0].rank;
    return null;
  }

  function renderButtons() {
    const v = view();
    const tb = shell.table();
    const mine = isMyTurn() && !shell.busy();
    const sel = selectedCards();
    const play = mine && stage() === "play";
    const canDraw = mine && legalOfKind("draw").length > 0;
    const canTake = mine && legalOfKind("take").length > 0;
    $("btn-draw").disabled = !canDraw;
    $("btn-draw").classList.toggle("btn-primary", canDraw);
    $("btn-take").disabled = !canTake;
    $("btn-take").classList.toggle("btn-primary", canTake);
    $("btn-meld").disabled = !(play && sel.length > 0);
    $("btn-meld").classList.toggle("btn-primary", play && selectionMelds(sel));
    const target = addTarget();
    $("btn-add").disabled = !(play && sel.length > 0 && target !== null);
    $("btn-add").dataset.target = target || "";
    $("btn-add").classList.toggle("btn-primary", play && target !== null && addsTo(target, sel));
    const discards = new Set(legalOfKind("discard").map((m) => moveCards(m)[0]));
    const canDiscard = mine && sel.length === 1 && discards.has(sel[0]);
    $("btn-discard").disabled = !canDiscard;
    $("btn-discard").classList.toggle("btn-primary", canDiscard);
    const goingOut = (v.hand || []).length === 1;
    $("btn-discard").textContent = goingOut ? t("action.goOut") : t("action.discard");
    $("btn-discard").dataset.goOut = String(goingOut);
    // the stock used up (play on discards), and "may I go out?" with its answer
    const canPass = mine && legalOfKind("pass").length > 0;
    const canAsk = mine && legalOfKind("ask").length > 0;
    const answering = mine && legalOfKind("yes").length > 0;
    $("btn-pass").hidden = !canPass;
    // Kanaster: cards of a blocking rank laid under the side's canasta (shown while any is legal)
    const buries = mine ? legalOfKind("bury") : [];
    $("btn-bury").hidden = buries.length === 0;
    $("btn-bury").disabled = !(sel.length > 0 && buryTarget(sel, buries) !== null);
    $("btn-ask").hidden = !canAsk;
    $("btn-yes").hidden = !answering;
    $("btn-no").hidden = !answering;
    const question = $("partner-question");
    if (answering) {
      question.textContent = t("table.partnerAsks", { name: shell.seatName(v.turn.seat) });
    } else if (mine && stage() === "draw" && v.stock === 0 && !canDraw) {
      question.textContent = t("table.stockUsedUp");
    } else {
      question.textContent = "";
    }
    question.hidden = !question.textContent;
    $("btn-clear").hidden = sel.length === 0;
    $("btn-scores").hidden = !tb.hand_over;
    $("actions").classList.toggle("inactive", !isMyTurn());
    $("stock").classList.toggle("can", canDraw);
    $("discard").classList.toggle("can", canTake || canDiscard);
  }

  // ---------------------------------------------------------------- log, meta, score sheet

  const { describe, annotate } = makeLog({ shell, view });

  function meta() {
    const v = view();
    const m = v.match || {};
    return {
      hand: t("table.hand", { n: v.hand_number }),
      match: m.end === "deals" ? t("score.dealsInfo", { n: v.hand_number, of: m.deals })
        : t("score.targetInfo", { n: m.target ?? 5000 }),
    };
  }

  function fillScoreSheet(parts) {
    const v = view();
    const tb = shell.table();
    const { last, bySide } = lastResult(v);
    parts.title.textContent = t("score.title", { n: last ? last.hand : v.hand_number });
    const sides = (v.sides || []).map((s) => s.side);
    const keys = [...SCORE_ITEMS];
    for (const r of Object.values(bySide)) for (const k of Object.keys(r.items || {})) if (!keys.includes(k)) keys.push(k);
    /** @type {Array<{item: string, label: string, values: Array<number | null>, cls?: string}>} */
    const rows = keys.map((k) => ({
      item: k,
      label: has("score." + k) ? tw("score." + k) : k.replace(/_/g, " "),
      values: sides.map((s) => (bySide[s] && bySide[s].items ? bySide[s].items[k] ?? 0 : null)),
    }));
    rows.push({ item: "total", cls: "row-total", label: t("score.total"),
      values: sides.map((s) => (bySide[s] ? bySide[s].total : null)) });
    rows.push({ item: "cumulative", cls: "row-cumulative", label: t("score.cumulative"),
      values: sides.map((s) => cumulativeScore(v, bySide[s], s)) });
    fillScoreTable(parts.table, sides.map((s) => ({ name: sideTitle(s), cls: s === mySide() ? "col-me" : "" })), rows);

    const out = parts.note;
    if (last && "went_out" in last) {
      if (last.went_out === null || last.went_out === undefined) out.textContent = t("score.noOneOut");
      else if (shell.humanSeats().includes(last.went_out)) {
        out.textContent = t(last.concealed ? "score.wentOutConcealed.you" : "score.wentOut.you");
      } else if (v.players > 2) {
        out.textContent = t(last.concealed ? "score.wentOutConcealedSeat" : "score.wentOutSeat", { name: shell.seatName(last.went_out) });
      } else {
        out.textContent = t(last.concealed ? "score.wentOutConcealed.computer" : "score.wentOut.computer");
      }
    } else out.textContent = "";
    const res = parts.result;
    if (tb.match_over) {
      const winners = (v.match && v.match.winners) || [];
      const partners = sideSeats(mySide()).length > 1;
      let text;
      if (winners.length === 1) {
        if (winners[0] === mySide()) text = partners ? t("score.sideWins") : t("score.youWin");
        else text = v.players > 2 ? t("score.winner", { names: sideTitle(winners[0]) }) : t("score.computerWins");
      } else if (winners.length > 1) text = t("score.tie");
      else text = t("score.matchOver");
      res.textContent = text;
      res.hidden = false;
      res.classList.toggle("win", winners.length === 1 && winners[0] === mySide());
    } else {
      res.hidden = true;
    }
  }

  // ---------------------------------------------------------------- actions

  function actionText(action) {
    switch (action.type) {
      case "draw": return "draw";
      case "take": return ["take", ...action.cards].join(" ");
      case "meld": return ["meld", ...action.cards].join(" ");
      case "add": return ["add", action.rank, ...action.cards].join(" ");
      case "bury": return ["bury", action.rank, ...action.cards].join(" ");
      case "discard": return "discard " + action.card;
      default: return action.text || action.type;
    }
  }

  function act(action) {
    return shell.act(action, { text: actionText(action) }, () => {
      if (action.type === "add" || action.type === "take") state.target = null;
    });
  }

  function onDraw() { act({ type: "draw" }); }

  function onTake() {
    let cards = selectedCards();
    if (cards.length !== 0 && cards.length !== 2) { shell.setStatus({ key: "hint.selectForTake" }, "error"); return; }
    // nothing selected: the engine's choice among the legal takes (table.take_cards, docs/protocol.md)
    if (cards.length === 0) cards = takeCards();
    act({ type: "take", cards });
  }

  /**
   * Lay the selection as a new meld. Three cards go as one move in notation: a refusal of a
   * move carries the engine's reason key (translated), the "meld" action's does not (yet).
   */
  function onMeld() {
    const cards = selectedCards();
    if (cards.length < 3) { shell.setStatus({ key: "hint.selectForMeld" }, "error"); return; }
    if (cards.length === 3) act({ type: "move", text: "meld " + cards.join(" ") });
    else act({ type: "meld", cards });
  }

  function onAdd() {
    const rank = addTarget();
    const cards = selectedCards();
    if (!cards.length) return;
    if (!rank) { shell.setStatus({ key: "hint.chooseTarget" }); return; }
    act({ type: "add", rank, cards });
  }

  function onBury() {
    const cards = selectedCards();
    const key = buryTarget(cards);
    if (!cards.length || key === null) { shell.setStatus({ key: "hint.selectForBury" }); return; }
    act({ type: "bury", rank: key, cards });
  }

  function onDiscard() {
    const cards = selectedCards();
    if (cards.length !== 1) { shell.setStatus({ key: "hint.selectOneDiscard" }); return; }
    act({ type: "discard", card: cards[0] });
  }

  /** The cards the engine sends with "Take pile" when none are selected (table.take_cards). */
  function takeCards() {
    const tb = shell.table();
    return (tb && tb.take_cards) || [];
  }

  /**
   * Cards to send with a "take" only to hear why the pile cannot be taken: the selection if it
   * is two cards, else the cards the engine names (table.take_cards: those a person would try).
   */
  function takeProbe() {
    const sel = selectedCards();
    return sel.length === 2 ? sel : takeCards();
  }

  /**
   * Say why the action `kind` cannot be done now: a hint when the page knows (not the
   * person's turn, nothing selected), else the engine's reason, by sending the action (a move
   * the engine refuses leaves the game unchanged; the refusal shows in the status line).
   */
  function explain(kind) {
    const tb = shell.table();
    if (!tb || shell.busy()) return;
    if (tb.hand_over) { shell.setStatus({ key: "hint.handOver" }, "error"); return; }
    if (!isMyTurn()) { shell.setStatus({ key: "hint.waitTurn", params: { name: shell.seatName(tb.to_act) } }, "error"); return; }
    const sel = selectedCards();
    const melds = sideData(mySide()).melds || [];
    switch (kind) {
      case "draw": act({ type: "draw" }); return;
      case "take": act({ type: "take", cards: takeProbe() }); return;
      case "meld":
        if (!sel.length) { shell.setStatus({ key: "hint.selectForMeld" }, "error"); return; }
        act({ type: "move", text: "meld " + sel.join(" ") }); // refused before anything else: not drawn yet
        return;
      case "add": {
        if (!melds.length) { shell.setStatus({ key: "hint.noMeldsYet" }, "error"); return; }
        if (!sel.length) { shell.setStatus({ key: "hint.selectForAdd" }, "error"); return; }
        const rank = addTarget();
        if (!rank) { shell.setStatus({ key: "hint.chooseTarget" }, "error"); return; }
        act({ type: "add", rank, cards: sel });
        return;
      }
      case "discard":
        if (sel.length !== 1) { shell.setStatus({ key: "hint.selectOneDiscard" }, "error"); return; }
        act({ type: "discard", card: sel[0] });
        break;
      default:
    }
  }

  /** The disabled action button under the point (x, y) of a click on the toolbar, or null. */
  function disabledButtonAt(x, y) {
    for (const b of $("actions").querySelectorAll("button[data-action]")) {
      if (!b.disabled || b.hidden) continue;
      const r = b.getBoundingClientRect();
      if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) return b;
    }
    return null;
  }

  function clickStock() {
    if (isMyTurn() && legalOfKind("draw").length) onDraw(); else explain("draw");
  }

  function clickDiscard() {
    if (!isMyTurn() || stage() === "draw") {
      if (isMyTurn() && legalOfKind("take").length) onTake(); else explain("take");
      return;
    }
    const sel = selectedCards();
    if (sel.length === 1) onDiscard(); else explain("discard");
  }

  // ---------------------------------------------------------------- input

  function toggleCard(i) {
    if (state.selected.has(i)) state.selected.delete(i); else state.selected.add(i);
    state.focusIndex = i;
    shell.clearError();
    renderHand();
    renderMySide();
    renderButtons();
  }

  function wireInput() {
    wireHand($("hand"), state, toggleCard, () => {
      if (!state.selected.size) return false;
      state.selected.clear();
      shell.render();
      return true;
    });

    const melds = $("my-melds");
    melds.addEventListener("click", (ev) => {
      const btn = ev.target.closest(".meld");
      if (!btn) return;
      const rank = btn.dataset.rank;
      state.target = state.target === rank ? null : rank;
      if (state.target && isMyTurn() && stage() === "play" && state.selected.size === 0) shell.setStatus({ key: "hint.selectForAdd" });
      renderMySide();
      renderButtons();
      const again = melds.querySelector(`.meld[data-rank="${CSS.escape(rank)}"]`);
      if (again) focusItem(melds, ".meld", again);
    });
    wireRovingKeys(melds, ".meld");

    $("btn-draw").addEventListener("click", onDraw);
    $("btn-take").addEventListener("click", onTake);
    $("btn-meld").addEventListener("click", onMeld);
    $("btn-add").addEventListener("click", onAdd);
    $("btn-bury").addEventListener("click", onBury);
    $("btn-discard").addEventListener("click", onDiscard);
    for (const kind of ["pass", "ask", "yes", "no"]) {
      $("btn-" + kind).addEventListener("click", () => act({ type: "move", text: kind }));
    }
    $("btn-clear").addEventListener("click", () => { state.selected.clear(); state.target = null; shell.render(); });
    $("btn-scores").addEventListener("click", () => shell.openScoreSheet());
    // A disabled button lets clicks and taps through to the toolbar (style.css: pointer-events):
    // the toolbar finds the button under the finger and says why it is disabled.
    $("actions").addEventListener("click", (ev) => {
      if (ev.target.closest("button:not(:disabled)")) return;
      const b = disabledButtonAt(ev.clientX, ev.clientY);
      if (b) explain(b.dataset.action);
    });
    $("stock").addEventListener("click", clickStock);
    $("discard").addEventListener("click", clickDiscard);
  }

  const mount = (felt) => { root = felt; mountTable(felt, TEMPLATE, shell.parts, wireInput); registerHint(felt, hintTargets); };

  return {
    mount, reset, onTable, render, renderControls: renderButtons, turnText, describe, annotate,
    meta, fillScoreSheet, focusFirst: () => focusFirstCard(root),
  };
}
