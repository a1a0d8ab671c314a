// The table of "3 ist 50" (engine family threefifty, docs/rules/3-ist-50.md): centre cards, the
// discard pile, one minus pile per player, the person's hand. A move is a hand card and, where
// there is a choice, its target: a centre card, the discard pile, the own minus pile or another
// player's. Only the legal moves of table.legal are offered; a click on any other target still
// asks the engine, which answers with its reason. The table's room of web/games/threefifty/
// (index.js exports the renderer contract of web/games/registry.js): create(shell); the page, log
// sentences and tablekit's tables are in layout.js, log.js, actions.js.
import { t, cardName, rankOf, rankPlural } from "../../i18n.js";
import { cardBack, paintFace } from "../../cards.js";
import {
  scopedLookup, activeIn, wireRovingKeys, wireHand, syncHandButtons, mountTable, focusFirstCard,
  otherSeats, syncSeatSections, seatSection, textButton, showChoiceBar,
  fillScoreTable, lastResult, cumulativeScore, showMatchResult,
  shortCard, face, slot, fillDiscardCards, stockCountText, discardSizeText, handCountText,
} from "../common.js";
import { registerHint, paintHint, handCardsFor } from "../../hint.js";
import { TEMPLATE, SCORE_ITEMS, RUN_SHOWN } from "./layout.js";
import { makeLog } from "./log.js";

/** The 3 ist 50 table renderer for `shell` (web/games/registry.js). */
export function create(shell) {
  let root = null; // the element the table is drawn in (mount(felt)): the app's #felt or a demo's
  const $ = scopedLookup(() => root);
  const state = {
    selected: null,        // index into view.hand
    focusIndex: 0,         // roving tab stop in the hand
    centreFocus: 0,        // roving tab stop among the centre cards
    choiceTarget: null,    // the target element's key whose several moves the choice bar shows
    handKey: "",
    grew: new Set(),       // seats whose minus pile just received cards
    flash: false,          // restart the "received" animation at the next render
    waitHint: false,       // "wait for your turn" is shown (dropped when the turn comes)
    piles: new Map(),      // seat -> its pile button (kept across renders)
  };

  const view = () => shell.view();
  const me = () => shell.table().seat ?? shell.humanSeat;
  const selectedCard = () => {
    const hand = view().hand || [];
    return state.selected !== null && state.selected < hand.length ? hand[state.selected] : null;
  };
  const movesOf = (card) => (card ? shell.legal().filter((m) => m.card === card) : []);
  const leftOf = (seat) => (seat + 1) % view().players;
  /** What a play of hand card `c` takes along: the engine's view says (captures), the page knows no rule. */
  const caps = (c, v = view()) => (v.captures || {})[c] || { centre: [], discard: [], matches: [] };

  function pileName(seat, actor) {
    if (seat === actor) return actor === me() ? t("tf.pileOf.yourOwn") : t("tf.pileOf.own");
    if (seat === me()) return t("tf.pileOf.you");
    return t("tf.pileOf.other", { name: shell.seatName(seat) });
  }

  // ---------------------------------------------------------------- targets

  /** Key of a target element: "centre:<index>", "discard", "pile:<seat>". */
  function targetKey(el) {
    const kind = el.dataset.target;
    if (kind === "centre") return "centre:" + el.dataset.index;
    if (kind === "pile") return "pile:" + el.dataset.seat;
    return kind;
  }

  /** The legal moves of `moves` that a click on the target `el` stands for. */
  function movesVia(el, moves) {
    const v = view();
    const kind = el.dataset.target;
    if (kind === "centre") {
      return moves.filter((m) => m.kind === "play" && (m.target === "middle" || m.target === "centre") && caps(m.card, v).matches.includes(Number(el.dataset.index)));
    }
    if (kind === "discard") return moves.filter((m) => m.kind === "discard" || m.target === "discard" || (m.target === "middle" && caps(m.card, v).discard.length));
    const seat = Number(el.dataset.seat);
    if (seat === me()) return moves.filter((m) => m.target === "own" || (m.target === "pile" && m.pile === seat));
    return moves.filter((m) => m.target === "pile" && m.pile === seat);
  }

  /** The action a click on `el` with `card` asks for when no legal move goes there (the engine says why). */
  function attempt(el, card) {
    const kind = el.dataset.target;
    if (kind === "centre") return { type: "play", card, target: "centre" };
    if (kind === "discard") return caps(card).on_top ? { type: "play", card, target: "discard" } : { type: "discard", card };
    const seat = Number(el.dataset.seat);
    return seat === me() ? { type: "play", card, target: "own" } : { type: "play", card, target: "pile:" + seat };
  }

  const targets = () => [...$("tf-table").querySelectorAll(".tf-target")];
  const cardCount = (n) => (n === 1 ? t("tf.pile.sizeOne") : t("tf.pile.size", { n }));

  // ---------------------------------------------------------------- describing moves

  /** A short label for one of the person's legal moves (choice buttons). */
  function choiceLabel(m) {
    const v = view();
    const to = shell.seatName(leftOf(me()));
    if (m.kind === "discard") return t("tf.choice.throw", { card: shortCard(m.card) });
    if (m.target === "own") {
      const run = (v.piles[me()] || {}).top_run || [];
      return t("tf.choice.own", { n: run.length, to });
    }
    if (m.target === "pile") {
      return m.pile === me() ? t("tf.choice.pileOwn") : t("tf.choice.pile", { name: shell.seatName(m.pile) });
    }
    const c = caps(m.card, v);
    const cards = [...(m.target === "discard" ? [] : c.centre), ...(m.target === "centre" ? [] : c.discard)].map(shortCard).join(" ");
    return t("tf.choice." + m.target, { cards, to });
  }

  const { describe, annotate } = makeLog({ shell, me, pileName });

  // ---------------------------------------------------------------- table changes

  function onTable(prev, next) {
    const entries = [];
    const nv = next.view;
    const hand = nv.hand || [];
    const key = hand.join(" ");
    if (key !== state.handKey) {
      state.selected = null;
      state.choiceTarget = null;
      state.focusIndex = Math.min(state.focusIndex, Math.max(0, hand.length - 1));
    }
    state.grew = new Set();
    if (prev && prev.view.hand_number === nv.hand_number) {
      nv.piles.forEach((p, s) => { if (p.size > ((prev.view.piles[s] || {}).size || 0)) state.grew.add(s); });
      if (nv.round !== prev.view.round) {
        entries.push({ who: "info", kind: "round", text: "", round: nv.round, dealer: nv.dealer, cards: nv.round_cards });
      }
      if (next.hand_over && !prev.hand_over) entries.push({ who: "info", kind: "end", text: "" });
    }
    state.flash = state.grew.size > 0;
    if (state.waitHint && next.to_act_is_human) {
      state.waitHint = false;
      shell.setStatus(null);
    }
    return entries;
  }

  function reset() {
    state.selected = null;
    state.choiceTarget = null;
    state.handKey = "";
    state.grew = new Set();
    state.piles = new Map();
    $("tf-opponents").replaceChildren();
    delete $("tf-opponents").dataset.seats;
    $("tf-my-pile-slot").replaceChildren();
  }

  // ---------------------------------------------------------------- rendering

  function render() {
    const v = view();
    const tb = shell.table();
    const felt = root;
    felt.dataset.round = String(v.round);
    $("tf-table").classList.toggle("tf-selecting", selectedCard() !== null && shell.isMyTurn());
    renderSeats(v, tb);
    renderMiddle(v);
    renderHand(v);
    renderTargets();
    renderChoices();
    state.flash = false;
    paintHint(root, shell.table());
  }

  /** The elements that show a hint (web/hint.js): the card to play and where it goes. */
  function hintTargets(hint, move) {
    const out = handCardsFor($("hand"), hint.cards);
    if (move) out.push(...targets().filter((el) => movesVia(el, [move]).length > 0));
    return out;
  }

  function pileButton(seat) {
    let btn = state.piles.get(seat);
    if (!btn) {
      btn = document.createElement("button");
      btn.type = "button";
      btn.className = "tf-pile tf-target";
      btn.dataset.target = "pile";
      btn.dataset.seat = String(seat);
      if (seat === me()) btn.classList.add("tf-pile-own");
      state.piles.set(seat, btn);
    }
    return btn;
  }

  function renderPile(btn, p, over) {
    const seat = p.seat;
    btn.dataset.size = String(p.size);
    btn.dataset.top = p.top || "";
    btn.dataset.run = String((p.top_run || []).length);
    const cards = document.createElement("span");
    cards.className = "tf-pile-cards";
    cards.setAttribute("aria-hidden", "true");
    const caption = document.createElement("span");
    caption.className = "tf-pile-caption";
    caption.setAttribute("aria-hidden", "true");
    const whose = seat === me() ? t("tf.pile.yours") : t("tf.pile.of", { name: shell.seatName(seat) });
    let label;
    if (over && Array.isArray(p.cards)) {
      cards.classList.add("tf-pile-all");
      for (const c of p.cards) cards.append(face(c, "mini"));
      if (!p.cards.length) cards.append(slot());
      caption.textContent = t("tf.pile.points", { n: p.points ?? 0 }) + " · " + cardCount(p.size);
      label = t("tf.pile.labelOver", { whose, n: p.size, points: p.points ?? 0 });
    } else if (!p.size) {
      cards.append(slot());
      caption.textContent = t("tf.pile.empty");
      label = t("tf.pile.labelEmpty", { whose });
    } else {
      const run = p.top_run || [];
      if (p.size > run.length) cards.append(cardBack("tf-under"));
      for (const c of run.slice(-RUN_SHOWN)) cards.append(face(c, "tf-run-card"));
      caption.textContent = cardCount(p.size) + (run.length > 1 ? " · " + t("tf.pile.run", { n: run.length, points: p.top_run_points }) : "");
      label = t(run.length > 1 ? "tf.pile.labelRun" : "tf.pile.label", {
        whose, n: p.size, top: cardName(p.top), run: run.length, ranks: rankPlural(rankOf(p.top)), points: p.top_run_points,
      });
    }
    btn.dataset.baseLabel = label;
    btn.replaceChildren(cards, caption);
    if (state.flash && state.grew.has(seat)) {
      btn.classList.remove("tf-grew");
      void btn.offsetWidth; // restart the animation
      btn.classList.add("tf-grew");
    } else if (!state.grew.has(seat)) btn.classList.remove("tf-grew");
  }

  function renderSeats(v, tb) {
    const box = $("tf-opponents");
    const n = v.players;
    const over = Boolean(tb.hand_over);
    const toAct = tb.hand_over ? null : tb.to_act;
    // opponents in playing order, starting with my left neighbour
    syncSeatSections(box, otherSeats(me(), n), (s) => {
      const sec = seatSection(s, "side tf-seat", `
          <div class="side-head tf-seat-head">
            <h2 class="side-name"></h2>
            <span class="side-score"></span>
          </div>
          <div class="tf-seat-row">
            <div class="opp-hand"><div class="backs"></div><span class="opp-count"></span></div>
            <div class="tf-pile-slot"></div>
          </div>`);
      sec.querySelector(".tf-pile-slot").append(pileButton(s));
      return sec;
    });
    for (const sec of box.querySelectorAll(".tf-seat")) {
      const s = Number(sec.dataset.seat);
      sec.querySelector(".side-name").textContent = shell.seatName(s) + (s === leftOf(me()) ? " · " + t("tf.leftNeighbour") : "");
      sec.querySelector(".side-head").classList.toggle("to-act", toAct === s);
      sec.classList.toggle("tf-acting", toAct === s);
      sec.querySelector(".side-score").textContent = t("tf.scoreValue", { n: v.scores[s] ?? 0 });
      sec.querySelector(".side-score").hidden = !(v.games > 1 || over);
      const count = v.hand_counts[s];
      const hand = sec.querySelector(".opp-hand");
      hand.dataset.count = String(count);
      const backs = hand.querySelector(".backs");
      backs.replaceChildren();
      for (let i = 0; i < count; i++) backs.append(cardBack("small"));
      hand.querySelector(".opp-count").textContent = handCountText(count);
      renderPile(pileButton(s), v.piles[s], over);
    }
    const mySlot = $("tf-my-pile-slot");
    const mine = pileButton(me());
    if (mine.parentNode !== mySlot) mySlot.replaceChildren(mine);
    renderPile(mine, v.piles[me()], over);
    $("tf-me").querySelector(".side-head").classList.toggle("to-act", toAct === me());
    $("tf-me").classList.toggle("tf-acting", toAct === me());
    $("tf-my-score").textContent = t("tf.scoreValue", { n: v.scores[me()] ?? 0 });
    $("tf-my-score").hidden = !(v.games > 1 || over);
  }

  function renderMiddle(v) {
    const centre = $("tf-centre");
    const hadFocus = centre.contains(activeIn(root));
    centre.replaceChildren();
    centre.dataset.cards = v.centre.join(" ");
    state.centreFocus = Math.min(state.centreFocus, Math.max(0, v.centre.length - 1));
    v.centre.forEach((c, i) => {
      const btn = document.createElement("button");
      btn.type = "button";
      btn.className = "tf-centre-card tf-target";
      paintFace(btn, c);
      btn.dataset.target = "centre";
      btn.dataset.index = String(i);
      btn.dataset.baseLabel = t("tf.centreCard", { card: cardName(c) });
      btn.tabIndex = i === state.centreFocus ? 0 : -1;
      centre.append(btn);
    });
    for (let i = v.centre.length; i < 4; i++) centre.append(slot());
    if (hadFocus && v.centre.length) centre.children[state.centreFocus].focus();

    const d = v.discard;
    const btn = $("tf-discard");
    fillDiscardCards(btn.querySelector(".tf-discard-cards"), d);
    btn.dataset.top = d.top || "";
    btn.dataset.size = String(d.size);
    btn.dataset.live = String(Boolean(d.live));
    btn.classList.toggle("tf-dead", Boolean(d.top) && !d.live);
    btn.querySelector(".tf-discard-size").textContent = discardSizeText(d.size);
    btn.dataset.baseLabel = d.top
      ? t(d.live ? "tf.discard.label" : "tf.discard.labelDead", { n: d.size, top: cardName(d.top) })
      : t("tf.discard.labelEmpty");

    const stock = $("tf-stock");
    const sc = stock.querySelector(".tf-stock-cards");
    sc.replaceChildren(v.stock > 0 ? cardBack("stack") : slot());
    stock.dataset.count = String(v.stock);
    stock.querySelector(".tf-stock-count").textContent = stockCountText(v.stock);
    const round = stock.querySelector(".tf-round");
    round.textContent = t("tf.roundInfo", { n: v.round, dealer: shell.seatName(v.dealer) })
      + (v.set_aside ? " · " + t("tf.setAside", { n: v.set_aside }) : "");
  }

  function renderHand(v) {
    const hand = v.hand || [];
    const box = $("hand");
    const mine = shell.isMyTurn();
    syncHandButtons(box, hand, state);
    [...box.children].forEach((el, i) => {
      const moves = movesOf(hand[i]);
      el.setAttribute("aria-pressed", String(state.selected === i));
      el.setAttribute("aria-label", mine && !moves.length ? t("tf.card.noPlay", { card: cardName(hand[i]) }) : cardName(hand[i]));
      el.dataset.legal = moves.map((m) => m.text).join(";");
      el.classList.toggle("tf-playable", mine && moves.length > 0);
      el.classList.toggle("tf-stuck", mine && moves.length === 0);
      el.tabIndex = i === Math.min(state.focusIndex, hand.length - 1) ? 0 : -1;
    });
    box.dataset.count = String(hand.length);
    box.dataset.selected = selectedCard() || "";
    box.classList.toggle("my-turn", mine);
  }

  function renderTargets() {
    const card = shell.isMyTurn() ? selectedCard() : null;
    const moves = movesOf(card);
    for (const el of targets()) {
      const via = card ? movesVia(el, moves) : [];
      el.dataset.moves = via.map((m) => m.text).join(";");
      el.classList.toggle("tf-is-target", via.length > 0);
      el.classList.toggle("tf-not-target", Boolean(card) && via.length === 0);
      el.setAttribute("aria-label", el.dataset.baseLabel + (via.length ? " – " + t("tf.target", { card: cardName(card) }) : ""));
      el.title = el.dataset.baseLabel;
    }
  }

  function renderChoices() {
    const box = $("tf-choices");
    box.replaceChildren();
    const card = shell.isMyTurn() ? selectedCard() : null;
    let moves = movesOf(card);
    if (state.choiceTarget) {
      const el = targets().find((x) => targetKey(x) === state.choiceTarget);
      if (el) moves = movesVia(el, moves);
    }
    if (!card || moves.length < 2) { box.hidden = true; return; }
    showChoiceBar(box, "tf-choices", t("tf.chooseFor", { card: shortCard(card) }), moves.map((m) => {
      const b = textButton("btn btn-small tf-choice", choiceLabel(m), { move: m.text });
      b.disabled = shell.busy();
      return b;
    }));
  }

  function renderControls() {
    for (const b of $("tf-choices").querySelectorAll("button")) b.disabled = shell.busy();
  }

  function turnText() {
    const tb = shell.table();
    const v = view();
    if (tb.match_over) return t("tf.turn.matchOver");
    if (tb.hand_over) return t("tf.turn.over", { n: v.hand_number });
    if (shell.isMyTurn()) {
      const legal = shell.legal();
      return t(legal.length && legal.every((m) => m.kind === "discard") ? "tf.turn.discard" : "tf.turn.yours");
    }
    return t("tf.turn.other", { name: shell.seatName(tb.to_act) });
  }

  // ---------------------------------------------------------------- score sheet, meta

  function meta() {
    const v = view();
    return { hand: t("tf.gameOf", { n: v.hand_number, of: v.games }), match: t("tf.fewestWin") };
  }

  function fillScoreSheet(parts) {
    const v = view();
    const tb = shell.table();
    const { last, bySide: bySeat } = lastResult(v);
    parts.title.textContent = t("tf.score.title", { n: last ? last.hand : v.hand_number });
    const seats = [...Array(v.players).keys()];
    const jokers = "JK" in (v.values || {}) || seats.some((s) => bySeat[s] && bySeat[s].items && bySeat[s].items.jokers);
    const rows = [{ item: "cards", label: t("tf.score.cards"), values: seats.map((s) => (v.piles[s] || {}).size ?? null) }];
    for (const k of SCORE_ITEMS) {
      if (k === "jokers" && !jokers) continue;
      rows.push({ item: k, label: t("tf.score." + k), values: seats.map((s) => (bySeat[s] && bySeat[s].items ? bySeat[s].items[k] ?? 0 : null)) });
    }
    rows.push({ item: "total", cls: "row-total", label: t("tf.score.total"), values: seats.map((s) => (bySeat[s] ? bySeat[s].total : null)) });
    if (v.games > 1) {
      rows.push({ item: "cumulative", cls: "row-cumulative", label: t("tf.score.cumulative"),
        values: seats.map((s) => cumulativeScore(v, bySeat[s], s)) });
    }
    fillScoreTable(parts.table, seats.map((s) => ({ name: shell.seatName(s), cls: s === me() ? "col-me" : "" })), rows);

    const notes = [];
    if (last) {
      const totals = seats.map((s) => (bySeat[s] ? bySeat[s].total : Infinity));
      const best = Math.min(...totals);
      const low = seats.filter((s) => totals[s] === best).map((s) => shell.seatName(s));
      if (v.games > 1) notes.push(t("tf.score.gameLow", { names: low.join(", "), n: best }));
      if (last.leftovers_to !== null && last.leftovers_to !== undefined) notes.push(t("tf.score.leftovers", { name: shell.seatName(last.leftovers_to) }));
    }
    notes.push(t("tf.fewestWin"));
    parts.note.textContent = notes.join(" ");

    showMatchResult(parts.result, tb, "tf", me(), shell.seatName);
  }

  // ---------------------------------------------------------------- input

  function play(m) {
    const action = m.kind === "discard" ? { type: "discard", card: m.card }
      : { type: "play", card: m.card, target: m.target === "pile" ? "pile:" + m.pile : m.target };
    return shell.act(action, { text: m.text });
  }

  function selectCard(i) {
    const hand = view().hand || [];
    if (i < 0 || i >= hand.length) return;
    state.focusIndex = i;
    state.choiceTarget = null;
    shell.clearError();
    if (state.selected === i) {
      state.selected = null;
      shell.setStatus(null);
      render();
      return;
    }
    state.selected = i;
    const card = hand[i];
    if (!shell.isMyTurn()) { render(); return; } // choosing ahead; targets show when the turn comes
    // No one-tap play (#29 item 8): a card with a single legal play is only chosen; its target
    // (highlighted) plays it, so a mis-tap on a phone is taken back by tapping the card again.
    // A play cannot be undone: it ends the turn and the next player moves at once.
    const moves = movesOf(card);
    shell.setStatus(moves.length ? { key: "tf.hint.chooseTarget", params: { card: cardName(card) } }
      : { key: "tf.hint.noPlay", params: { card: cardName(card) } });
    render();
  }

  function clickTarget(el) {
    const card = selectedCard();
    if (!shell.isMyTurn()) {
      state.waitHint = true;
      shell.setStatus({ key: "tf.hint.wait" });
      return;
    }
    if (!card) { shell.setStatus({ key: "tf.hint.pickCard" }); return; }
    const via = movesVia(el, movesOf(card));
    if (via.length === 1) { play(via[0]); return; }
    if (via.length > 1) {
      state.choiceTarget = targetKey(el);
      shell.setStatus({ key: "tf.hint.chooseHow", params: { card: cardName(card) } });
      render();
      const first = $("tf-choices").querySelector("button");
      if (first) first.focus();
      return;
    }
    shell.act(attempt(el, card), {}); // not legal: the engine's reason is shown
  }

  function wireInput() {
    // Escape drops the chosen card (choosing it again does that)
    wireHand($("hand"), state, selectCard, () => {
      if (state.selected === null) return false;
      selectCard(state.selected);
      return true;
    });

    const table = $("tf-table");
    table.addEventListener("click", (ev) => {
      const el = ev.target.closest(".tf-target");
      if (el && table.contains(el)) clickTarget(el);
    });
    wireRovingKeys($("tf-centre"), ".tf-centre-card", { onMove: (i) => { state.centreFocus = i; } });
    $("tf-choices").addEventListener("click", (ev) => {
      const b = ev.target.closest("button[data-move]");
      if (!b) return;
      const m = shell.legal().find((x) => x.text === b.dataset.move);
      if (m) play(m);
    });
  }

  const mount = (felt) => { root = felt; mountTable(felt, TEMPLATE, shell.parts, wireInput); registerHint(felt, hintTargets); };

  return {
    mount, reset, onTable, render, renderControls, turnText, describe, annotate, meta, fillScoreSheet,
    focusFirst: () => focusFirstCard(root), nextLabel: () => t("tf.nextGame"),
  };
}
