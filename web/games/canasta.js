// The canasta family's table (melds, discard pile, draw/take/meld/add/discard buttons).
// A game renderer for the page shell (web/app.js); the contract is described in
// web/games/registry.js.
import { t, cardName, rankOf, rankPlural, moveSentence, has } from "../i18n.js";
import { cardView, cardBack, isWild, rankText } from "../cards.js";
import {
  $, freshIndices, focusItem, wireRovingKeys, wireHand, syncHandButtons, mountTable, focusFirstCard,
  fillScoreTable, lastResult, cumulativeScore,
  face, slot, fillDiscardCards, stockCountText, discardSizeText, handCountText,
} from "./common.js";

export const families = ["canasta"];

const SCORE_ITEMS = ["melded_cards", "hand_cards", "going_out", "concealed", "natural_canastas",
  "mixed_canastas", "red_threes"];

const TEMPLATE = `
  <div id="opponents" class="opponents"></div>

  <section class="center" aria-labelledby="center-title">
    <h2 id="center-title" class="visually-hidden" data-i18n="table.stock">Stock</h2>
    <div class="piles">
      <div class="pile pile-stock" id="stock">
        <div class="pile-cards" id="stock-cards"></div>
        <div class="pile-caption"><span data-i18n="table.stock">Stock</span> · <span id="stock-count"></span></div>
      </div>
      <div class="pile pile-discard" id="discard">
        <div class="pile-cards" id="discard-cards"></div>
        <div class="pile-caption"><span data-i18n="table.discard">Discard pile</span> · <span id="discard-size"></span></div>
        <div class="pile-markers">
          <span id="frozen-marker" class="marker marker-frozen" hidden>❄ <span data-i18n="table.frozen">Frozen</span></span>
          <span id="blocked-marker" class="marker marker-blocked" hidden>⊘ <span data-i18n="table.blocked">Blocked</span></span>
        </div>
      </div>
    </div>
    <div data-slot="turn-info"></div>
  </section>

  <section id="my-side" class="side side-mine" aria-labelledby="my-side-title">
    <div class="side-head">
      <h2 id="my-side-title" class="side-name" data-i18n="table.you">You</h2>
      <span class="side-score" id="my-score"></span>
      <span class="side-minimum" id="my-minimum"></span>
      <span class="red-threes" id="my-red-threes"></span>
    </div>
    <div class="melds melds-mine" id="my-melds" role="group"></div>
  </section>

  <section class="hand-area" aria-labelledby="hand-title">
    <h2 id="hand-title" class="visually-hidden" data-i18n="table.yourHand">Your hand</h2>
    <div id="hand" class="hand" role="group" data-i18n-attr="aria-label:table.yourHand"></div>
    <div class="action-bar">
    <div class="actions" role="toolbar" id="actions" data-i18n-attr="aria-label:actions.label">
      <button type="button" class="btn btn-action" id="btn-draw" data-action="draw" data-i18n="action.draw">Draw</button>
      <button type="button" class="btn btn-action" id="btn-take" data-action="take" data-i18n="action.take">Take pile</button>
      <button type="button" class="btn btn-action" id="btn-meld" data-action="meld" data-i18n="action.meld">Meld</button>
      <button type="button" class="btn btn-action" id="btn-add" data-action="add" data-i18n="action.add">Add to meld</button>
      <button type="button" class="btn btn-action btn-primary" id="btn-discard" data-action="discard">Discard</button>
      <button type="button" class="btn btn-ghost btn-small" id="btn-clear" data-i18n="action.clear">Clear selection</button>
      <button type="button" class="btn btn-primary" id="btn-scores" data-i18n="action.scores" hidden>Scores</button>
    </div>
    <div data-slot="status"></div>
    </div>
  </section>`;

export function create(shell) {
  const state = {
    selected: new Set(),   // indices into view.hand
    focusIndex: 0,         // roving tab stop in the hand
    target: null,          // rank of one of my melds chosen as the target for "add"
    handKey: "",
    fresh: new Set(),      // indices of cards that just arrived in the hand
  };

  // ---------------------------------------------------------------- table state helpers

  const view = (tb = shell.table()) => tb && tb.view;
  const legal = () => shell.legal();
  const legalOfKind = (kind) => legal().filter((m) => m.kind === kind);
  function moveCards(m) {
    if (Array.isArray(m.cards)) return m.cards;
    return String(m.text || "").split(/\s+/).slice(1).filter((x) => /^(JK|[A2-9TJQK][CDHS])$/.test(x));
  }
  const mySide = () => { const v = view(); return v ? v.side_of_seat[shell.table().seat ?? shell.humanSeat] : 0; };
  const sideData = (side) => (view().sides || []).find((s) => s.side === side) || view().sides[side];
  const isMyTurn = () => shell.isMyTurn();
  const stage = () => { const v = view(); return v && v.turn ? v.turn.stage : null; };
  const selectedCards = () => { const h = view().hand; return [...state.selected].sort((a, b) => a - b).map((i) => h[i]); };

  /** Log entries for the red threes that appeared since the last table (they are laid out automatically). */
  function redThreeEntries(prev, next) {
    if (!prev || prev.view.hand_number !== next.view.hand_number) return [];
    const me = next.view.side_of_seat[next.seat ?? shell.humanSeat];
    const out = [];
    for (const s of next.view.sides || []) {
      const before = ((prev.view.sides || []).find((x) => x.side === s.side) || {}).red_threes || [];
      const added = (s.red_threes || []).slice(before.length);
      if (added.length) out.push({ who: s.side === me ? "you" : "computer", text: "red3 " + added.join(" "), label: "" });
    }
    return out;
  }

  function onTable(prev, next) {
    const entries = redThreeEntries(prev, next);
    const hand = next.view.hand || [];
    const key = hand.join(" ");
    if (key !== state.handKey) {
      state.fresh = freshIndices(prev, next);
      state.selected.clear();
      state.focusIndex = Math.min(state.focusIndex, Math.max(0, hand.length - 1));
    }
    if (state.target && !(sideData(mySide()).melds || []).some((m) => m.rank === state.target)) state.target = null;
    return entries;
  }

  function reset() {
    state.selected.clear();
    state.target = null;
    state.handKey = "";
    state.fresh.clear();
  }

  // ---------------------------------------------------------------- rendering

  function render() {
    $("felt").dataset.stage = stage() || "";
    renderOpponents();
    renderCenter();
    renderMySide();
    renderHand();
    renderButtons();
  }

  function sideName(side) {
    const v = view();
    const seats = [];
    v.side_of_seat.forEach((s, seat) => { if (s === side) seats.push(seat); });
    return seats.map((seat) => shell.seatName(seat)).join(" + ");
  }

  function renderSideHead(head, side) {
    const s = sideData(side);
    const v = view();
    const toAct = shell.table().to_act;
    const acting = toAct !== null && toAct !== undefined && v.side_of_seat[toAct] === side && !shell.table().hand_over;
    head.classList.toggle("to-act", acting);
    const score = head.querySelector(".side-score");
    score.textContent = t("table.scoreValue", { n: (v.scores && v.scores[side]) ?? s.score ?? 0 });
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
      r3.setAttribute("aria-label", t("table.redThrees"));
      r3.title = t("table.redThrees");
      for (const c of threes) r3.append(cardView(c, "mini"));
    }
    r3.hidden = threes.length === 0;
  }

  function renderOpponents() {
    const v = view();
    const box = $("opponents");
    const me = mySide();
    const sides = (v.sides || []).map((s) => s.side).filter((s) => s !== me);
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
            <span class="side-minimum"></span>
            <span class="red-threes"></span>
          </div>
          <div class="opp-hands"></div>
          <div class="melds melds-opponent"></div>`;
        box.append(sec);
      }
      box.dataset.sides = sides.join(",");
    }
    for (const sec of box.querySelectorAll(".side-opponent")) {
      const side = Number(sec.dataset.side);
      sec.querySelector(".side-name").textContent = sideName(side);
      renderSideHead(sec.querySelector(".side-head"), side);
      const hands = sec.querySelector(".opp-hands");
      hands.replaceChildren();
      v.side_of_seat.forEach((s, seat) => {
        if (s !== side) return;
        const n = v.hand_counts[seat];
        const wrap = document.createElement("div");
        wrap.className = "opp-hand";
        wrap.dataset.seat = String(seat);
        wrap.dataset.count = String(n);
        const fan = document.createElement("div");
        fan.className = "backs";
        const shown = Math.min(n, 20);
        for (let i = 0; i < shown; i++) fan.append(cardBack("small"));
        const cap = document.createElement("span");
        cap.className = "opp-count";
        cap.textContent = handCountText(n);
        wrap.append(fan, cap);
        hands.append(wrap);
      });
      renderMelds(sec.querySelector(".melds"), side, false);
    }
  }

  function renderMelds(box, side, mine) {
    const s = sideData(side);
    const melds = s.melds || [];
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
    melds.forEach((m, i) => {
      const el = document.createElement(mine ? "button" : "div");
      el.className = "meld";
      el.dataset.rank = m.rank;
      el.dataset.count = String(m.cards.length);
      if (m.canasta) { el.classList.add("canasta", "canasta-" + m.canasta); el.dataset.canasta = m.canasta; }
      const rankWords = m.rank === "3" && m.cards.every((c) => c === "3C" || c === "3S") ? t("meld.blackThrees") : rankPlural(m.rank);
      const cardsText = m.cards.map(cardName).join(", ");
      const label = m.canasta
        ? t("meld.labelCanasta", { canasta: t("meld.canasta." + m.canasta), rank: rankWords, cards: cardsText })
        : t("meld.label", { rank: rankWords, cards: cardsText });
      if (mine) {
        el.type = "button";
        el.setAttribute("aria-pressed", String(state.target === m.rank));
        el.setAttribute("aria-label", label);
        el.tabIndex = i === 0 ? 0 : -1;
        el.disabled = false;
        el.classList.toggle("targetable", canTarget);
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
      rank.textContent = rankText(m.rank);
      const count = document.createElement("span");
      count.className = "meld-count";
      count.textContent = "×" + m.cards.length;
      info.append(rank, count);
      if (m.canasta) {
        const badge = document.createElement("span");
        badge.className = "badge badge-" + m.canasta;
        badge.textContent = t("meld.badge." + m.canasta);
        info.append(badge);
      }
      el.append(fan, info);
      box.append(el);
    });
  }

  function renderCenter() {
    const v = view();
    $("stock-cards").replaceChildren(v.stock > 0 ? cardBack("stack") : slot());
    $("stock").classList.toggle("empty", !(v.stock > 0));
    $("stock").dataset.count = String(v.stock);
    $("stock-count").textContent = stockCountText(v.stock);

    const d = v.discard || {};
    fillDiscardCards($("discard-cards"), d, (c) => cardView(c, "top-card")); // the top card has its own name
    $("discard").dataset.top = d.top || "";
    $("discard").dataset.size = String(d.size || 0);
    $("discard").classList.toggle("frozen", Boolean(d.frozen));
    $("discard").classList.toggle("blocked", Boolean(d.blocked));
    $("discard-size").textContent = discardSizeText(d.size);
    $("frozen-marker").hidden = !d.frozen;
    $("frozen-marker").title = t("table.frozenTitle");
    $("blocked-marker").hidden = !d.blocked;
    $("blocked-marker").title = t("table.blockedTitle");
  }

  function turnText() {
    const tb = shell.table();
    if (tb.match_over) return t("turn.matchOver");
    if (tb.hand_over) return t("turn.handOver");
    if (isMyTurn()) return t(stage() === "draw" ? "turn.yoursDraw" : "turn.yoursPlay");
    return t("turn.computer");
  }

  function renderMySide() {
    const side = mySide();
    renderSideHead(document.querySelector("#my-side .side-head"), side);
    renderMelds($("my-melds"), side, true);
    $("my-melds").setAttribute("aria-label", t("table.melds"));
  }

  function renderHand() {
    const hand = view().hand || [];
    const box = $("hand");
    syncHandButtons(box, hand, state);
    [...box.children].forEach((el, i) => {
      el.setAttribute("aria-pressed", String(state.selected.has(i)));
      el.setAttribute("aria-label", cardName(hand[i]));
      el.classList.toggle("fresh", state.fresh.has(i));
      el.tabIndex = i === Math.min(state.focusIndex, hand.length - 1) ? 0 : -1;
    });
    box.dataset.count = String(hand.length);
    box.dataset.legalDiscards = legalOfKind("discard").map((m) => moveCards(m)[0]).filter(Boolean).join(" ");
    box.dataset.selected = selectedCards().join(" ");
    box.classList.toggle("my-turn", isMyTurn());
    box.classList.toggle("crowded", hand.length > 13 && hand.length <= 22);
    box.classList.toggle("very-crowded", hand.length > 22);
  }

  /** The rank of my meld that "add" would target, or null. */
  function addTarget() {
    const melds = sideData(mySide()).melds || [];
    if (!melds.length) return null;
    if (state.target && melds.some((m) => m.rank === state.target)) return state.target;
    const sel = selectedCards();
    const naturalRanks = new Set(sel.filter((c) => !isWild(c)).map(rankOf));
    if (naturalRanks.size === 1) {
      const r = [...naturalRanks][0];
      if (melds.some((m) => m.rank === r)) return r;
    }
    if (naturalRanks.size === 0 && melds.length === 1) return melds[0].rank;
    return null;
  }

  function renderButtons() {
    const v = view();
    const tb = shell.table();
    const mine = isMyTurn() && !shell.busy();
    const sel = selectedCards();
    const play = mine && stage() === "play";
    $("btn-draw").disabled = !(mine && legalOfKind("draw").length > 0);
    $("btn-take").disabled = !(mine && legalOfKind("take").length > 0);
    $("btn-meld").disabled = !(play && sel.length > 0);
    const target = addTarget();
    $("btn-add").disabled = !(play && sel.length > 0 && target !== null);
    $("btn-add").dataset.target = target || "";
    const discards = new Set(legalOfKind("discard").map((m) => moveCards(m)[0]));
    $("btn-discard").disabled = !(mine && sel.length === 1 && discards.has(sel[0]));
    const goingOut = (v.hand || []).length === 1;
    $("btn-discard").textContent = goingOut ? t("action.goOut") : t("action.discard");
    $("btn-discard").dataset.goOut = String(goingOut);
    $("btn-clear").hidden = sel.length === 0;
    $("btn-scores").hidden = !tb.hand_over;
    $("actions").classList.toggle("inactive", !isMyTurn());
  }

  // ---------------------------------------------------------------- log, meta, score sheet

  function describe(e) {
    if (e.who === "sep") return t("table.hand", { n: e.hand });
    return moveSentence(e.text, e.who, e.label, e);
  }

  /** Extra fields of a log entry for a move (the person's or the computer's), from the table before it. */
  function annotate(entry, prev) {
    if (String(entry.text).startsWith("take")) entry.n = prev.view.discard.size;
  }

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
    const rows = keys.map((k) => ({
      item: k,
      label: has("score." + k) ? t("score." + k) : k.replace(/_/g, " "),
      values: sides.map((s) => (bySide[s] && bySide[s].items ? bySide[s].items[k] ?? 0 : null)),
    }));
    rows.push({ item: "total", cls: "row-total", label: t("score.total"),
      values: sides.map((s) => (bySide[s] ? bySide[s].total : null)) });
    rows.push({ item: "cumulative", cls: "row-cumulative", label: t("score.cumulative"),
      values: sides.map((s) => cumulativeScore(v, bySide[s], s)) });
    fillScoreTable(parts.table, sides.map((s) => ({ name: sideName(s) })), rows);

    const out = parts.note;
    if (last && "went_out" in last) {
      if (last.went_out === null || last.went_out === undefined) out.textContent = t("score.noOneOut");
      else {
        const who = shell.humanSeats().includes(last.went_out) ? "you" : "computer";
        out.textContent = t((last.concealed ? "score.wentOutConcealed." : "score.wentOut.") + who);
      }
    } else out.textContent = "";
    const res = parts.result;
    if (tb.match_over) {
      const winners = (v.match && v.match.winners) || [];
      let text;
      if (winners.length === 1) text = winners[0] === mySide() ? t("score.youWin") : (v.players > 2 ? t("score.winner", { names: sideName(winners[0]) }) : t("score.computerWins"));
      else if (winners.length > 1) text = t("score.tie");
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
    if (cards.length === 0) {
      const takes = legalOfKind("take").map(moveCards);
      if (takes.length && !takes.some((c) => c.length === 0)) {
        // Pick the simplest legal way: fewest cards, then fewest wild cards.
        takes.sort((a, b) => a.length - b.length || a.filter(isWild).length - b.filter(isWild).length);
        cards = takes[0];
      }
    }
    act({ type: "take", cards });
  }

  function onMeld() {
    const cards = selectedCards();
    if (cards.length) act({ type: "meld", cards });
  }

  function onAdd() {
    const rank = addTarget();
    const cards = selectedCards();
    if (!cards.length) return;
    if (!rank) { shell.setStatus({ key: "hint.chooseTarget" }); return; }
    act({ type: "add", rank, cards });
  }

  function onDiscard() {
    const cards = selectedCards();
    if (cards.length !== 1) { shell.setStatus({ key: "hint.selectOneDiscard" }); return; }
    act({ type: "discard", card: cards[0] });
  }

  // ---------------------------------------------------------------- input

  function toggleCard(i) {
    if (state.selected.has(i)) state.selected.delete(i); else state.selected.add(i);
    state.focusIndex = i;
    shell.clearError();
    renderHand();
    renderButtons();
  }

  function wireInput() {
    wireHand($("hand"), state, toggleCard);

    const melds = $("my-melds");
    melds.addEventListener("click", (ev) => {
      const btn = ev.target.closest(".meld");
      if (!btn) return;
      const rank = btn.dataset.rank;
      state.target = state.target === rank ? null : rank;
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
    $("btn-discard").addEventListener("click", onDiscard);
    $("btn-clear").addEventListener("click", () => { state.selected.clear(); state.target = null; shell.render(); });
    $("btn-scores").addEventListener("click", () => shell.openScoreSheet());
  }

  const mount = (felt) => mountTable(felt, TEMPLATE, shell.parts, wireInput);

  return {
    mount, reset, onTable, render, renderControls: renderButtons, turnText, describe, annotate,
    meta, fillScoreSheet, focusFirst: focusFirstCard,
  };
}
