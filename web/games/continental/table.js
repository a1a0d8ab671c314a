// The table of Continental (engine family continental, docs/rules/continental.md): the deal's
// contract, the other seats as a compact list (cards in hand, whether down, their combinations),
// the main and penalty stocks, the discard pile, the person's combinations and hand, and the
// claim window: when the engine asks the person to `claim` or `pass` a discard out of turn, a
// prompt with the card, the penalty and a countdown (after which the page passes), or an
// immediate pass when "never take out of turn" is set. Only the legal moves of table.legal are
// offered as targets; other attempts still go to the engine, which answers with its reason.
// The table's room of web/games/continental/ (index.js exports the renderer contract of
// web/games/registry.js): create(shell); the page, log sentences and tablekit's tables are in
// layout.js, log.js, actions.js.
import { t, cardName, rankPlural, suitOf } from "../../i18n.js";
import { cardBack } from "../../cards.js";
import {
  scopedLookup, activeIn, freshIndices, focusItem, wireRovingKeys, wireHand, syncHandButtons, mountTable, focusFirstCard,
  lastResult, cumulativeScore, showMatchResult,
  otherSeats, syncSeatSections, seatSection, textButton, showChoiceBar,
  shortCard, face, slot, fillDiscardCards, stockCountText, discardSizeText, handCountText, nameFromSeen, fillWithCardGlyph,
} from "../common.js";
import { registerHint, paintHint, handCardsFor } from "../../hint.js";
import { TEMPLATE, contractText, sortedIndices, sameCards } from "./layout.js";
import { makeLog } from "./log.js";

const CLAIM_TIMEOUT_MS = 8000; // the claim prompt's countdown unless the shell says otherwise (shell.claimTimeoutMs)
const STORE = "meldtable.continental.";

// ------------------------------------------------------------------ small helpers

function load(key, fallback) {
  try { return localStorage.getItem(STORE + key) ?? fallback; } catch (_) { return fallback; }
}
function store(key, value) {
  try { localStorage.setItem(STORE + key, value); } catch (_) { /* storage may be unavailable */ }
}

/** The Continental table renderer for `shell` (web/games/registry.js). */
export function create(shell) {
  // 0: no countdown, the prompt waits for the person (a guided hand); null/undefined: the default
  const claimTimeoutMs = shell.claimTimeoutMs === 0 ? 0 : shell.claimTimeoutMs > 0 ? shell.claimTimeoutMs : CLAIM_TIMEOUT_MS;
  let root = null; // the element the table is drawn in (mount(felt)): the app's #felt or a demo's
  const $ = scopedLookup(() => root);
  const state = {
    selected: new Set(),   // indices into view.hand
    focusIndex: 0,         // roving tab stop: position in the displayed hand
    handKey: "",           // the drawn hand (display order), to rebuild its buttons only when it changes
    lastHand: "",          // the engine's hand at the last table, to see when it changed
    fresh: new Set(),      // indices of view.hand that just arrived
    sortBy: load("sort", "suit") === "rank" ? "rank" : "suit",
    neverClaim: load("neverClaim", "0") === "1",
    choice: null,          // {id, options: [{label, action, entry, move}]}: the choice bar
    claimFor: null,        // the table whose claim prompt runs (timer) or was passed at once
    claimDeadline: 0,
    claimTimer: null,
    prompts: 0,            // claim prompts shown (data attribute, for tests)
    autoPassed: 0,         // claim windows passed at once by the "never" setting
    timedOut: 0,           // claim prompts passed by the countdown
    waitHint: false,
  };

  const view = () => shell.view();
  const legal = () => shell.legal();
  const me = () => shell.table().seat ?? shell.humanSeat;
  const stage = () => { const v = view(); return v && v.turn ? v.turn.stage : null; };
  const phase = () => view().phase;
  const hand = () => view().hand || [];
  const selectedCards = () => [...state.selected].sort((a, b) => a - b).map((i) => hand()[i]);
  const myClaim = () => { const tb = shell.table(); return Boolean(tb && tb.to_act_is_human && !tb.hand_over && tb.view.phase === "claim"); };
  const myPlay = () => shell.isMyTurn() && phase() === "play";
  const seatData = (s) => view().seats[s];
  const allCombos = () => view().seats.flatMap((s) => s.combos);
  const comboById = (id) => allCombos().find((c) => c.id === id) || null;

  /** Sets and runs still to lay in this turn, or null when laying down is over (or not possible). */
  function toLay() {
    const v = view();
    const turn = v.turn || {};
    if (turn.laying_down) return turn.laying_down;
    if (!seatData(me()).down) return { sets: v.contract.sets, runs: v.contract.runs };
    return v.options && v.options.extra_melds_when_down ? { sets: 1, runs: 1 } : null;
  }

  // ---------------------------------------------------------------- describing things

  const { whoseCombo, describe, annotate } = makeLog({ shell, view, me });

  function comboLabel(cb) {
    const cards = cb.cards.map((c, i) => (c === "JK" && cb.represents ? t("ct.jokerAs", { card: cardName(cb.represents[i]) }) : cardName(c)));
    const rel = cb.owner === me() ? "you" : "other";
    return t(`ct.combo.${cb.kind}.${rel}`, {
      name: shell.seatName(cb.owner), ranks: cb.rank ? rankPlural(cb.rank) : "", suit: cb.suit ? t("suit." + cb.suit) : "",
      cards: cards.join(", "),
    });
  }

  // ---------------------------------------------------------------- table changes

  function onTable(prev, next) {
    const entries = [];
    const nv = next.view;
    const h = nv.hand || [];
    const key = nv.hand_number + ":" + h.join(" ");
    const sameDeal = prev && prev.view.hand_number === nv.hand_number;
    if (key !== state.lastHand) {
      state.lastHand = key;
      // keep the chosen cards that are still in the hand
      const keep = prev && sameDeal ? [...state.selected].map((i) => prev.view.hand[i]).filter(Boolean) : [];
      state.selected = new Set();
      const used = new Set();
      for (const c of keep) {
        const i = h.findIndex((x, j) => x === c && !used.has(j));
        if (i >= 0) { used.add(i); state.selected.add(i); }
      }
      state.fresh = freshIndices(prev, next);
      state.focusIndex = Math.min(state.focusIndex, Math.max(0, h.length - 1));
    }
    state.choice = null;
    if (prev && sameDeal) {
      if ((nv.reshuffles || 0) > (prev.view.reshuffles || 0)) entries.push({ who: "info", kind: "reshuffle", text: "" });
      if (next.hand_over && !prev.hand_over) {
        const last = (nv.results || []).slice(-1)[0];
        if (last && last.exhausted) entries.push({ who: "info", kind: "exhausted", text: "" });
      }
    }
    if (state.waitHint && next.to_act_is_human) {
      state.waitHint = false;
      shell.setStatus(null);
    }
    onClaim(next);
    return entries;
  }

  function reset() {
    state.selected.clear();
    state.handKey = "";
    state.lastHand = "";
    state.fresh.clear();
    state.choice = null;
    stopClaimTimer();
    state.claimFor = null;
    $("ct-seats").replaceChildren();
    delete $("ct-seats").dataset.seats;
  }

  // ---------------------------------------------------------------- the claim window

  function stopClaimTimer() {
    clearInterval(state.claimTimer);
    state.claimTimer = null;
  }

  /** A new table: start the person's claim prompt, or pass at once, or close a prompt. */
  function onClaim(tb) {
    const asked = tb.to_act_is_human && !tb.hand_over && tb.view.phase === "claim";
    if (!asked) {
      stopClaimTimer();
      state.claimFor = null;
      return;
    }
    if (state.claimFor === tb) return;
    state.claimFor = tb;
    stopClaimTimer();
    if (state.neverClaim) {
      state.autoPassed += 1;
      setTimeout(() => passFor(tb, "auto"), 0);
      return;
    }
    state.prompts += 1;
    if (!claimTimeoutMs) return; // no countdown: the prompt waits
    state.claimDeadline = performance.now() + claimTimeoutMs;
    state.claimTimer = setInterval(() => tickClaim(tb), 200);
  }

  function tickClaim(tb) {
    if (shell.table() !== tb) { stopClaimTimer(); return; }
    const left = state.claimDeadline - performance.now();
    renderClaimTimer();
    if (left <= 0 && !shell.busy()) {
      stopClaimTimer();
      state.timedOut += 1;
      passFor(tb, "timeout");
    }
  }

  /** Pass the claim window of `tb` (if it is still the current table). */
  function passFor(tb, why) {
    if (shell.table() !== tb || !myClaim()) return;
    if (shell.busy()) { setTimeout(() => passFor(tb, why), 50); return; }
    act({ type: "pass" }, { text: "pass", quiet: true, why });
  }

  function claimNow() {
    if (!myClaim()) return;
    stopClaimTimer();
    act({ type: "claim" }, { text: "claim" });
  }

  function passNow() {
    if (!myClaim()) return;
    stopClaimTimer();
    act({ type: "pass" }, { text: "pass", quiet: true });
  }

  function setNeverClaim(on) {
    state.neverClaim = on;
    store("neverClaim", on ? "1" : "0");
    if (on && myClaim()) passNow();
    else render();
  }

  function renderClaimTimer() {
    $("ct-claim-bar").parentElement.hidden = !claimTimeoutMs;
    $("ct-claim-left").hidden = !claimTimeoutMs;
    if (!claimTimeoutMs) { delete $("ct-claim").dataset.left; return; }
    const left = Math.max(0, state.claimDeadline - performance.now());
    const frac = claimTimeoutMs ? left / claimTimeoutMs : 0;
    $("ct-claim-bar").style.transform = `scaleX(${frac.toFixed(3)})`;
    $("ct-claim-left").textContent = t("ct.claim.left", { n: Math.ceil(left / 1000) });
    $("ct-claim").dataset.left = String(Math.ceil(left / 1000));
  }

  function renderClaim() {
    const box = $("ct-claim");
    const v = view();
    const show = myClaim() && !state.neverClaim && Boolean(v.claim);
    const felt = root;
    felt.dataset.claimPrompts = String(state.prompts);
    felt.dataset.claimAutoPassed = String(state.autoPassed);
    felt.dataset.claimTimedOut = String(state.timedOut);
    felt.dataset.neverClaim = String(state.neverClaim);
    if (!show) {
      box.hidden = true;
      delete box.dataset.card;
      return;
    }
    const c = v.claim;
    const wasHidden = box.hidden;
    box.dataset.card = c.card;
    const cardBox = $("ct-claim-card");
    cardBox.replaceChildren(face(c.card, "ct-claim-face"));
    $("ct-claim-title").textContent = t("ct.claim.title", { card: shortCard(c.card) });
    let from;
    if (c.discarder === null || c.discarder === undefined) from = t("ct.claim.fromUpcard", { card: cardName(c.card) });
    else if (c.discarder === me()) from = t("ct.claim.fromYou", { card: cardName(c.card) });
    else from = t("ct.claim.from", { name: shell.seatName(c.discarder), card: cardName(c.card) });
    $("ct-claim-text").textContent = from;
    $("ct-claim-penalty-text").textContent = t(c.penalty_from === "main_stock" ? "ct.claim.penaltyMain" : "ct.claim.penalty");
    const take = $("ct-btn-claim");
    take.textContent = t("ct.claim.take", { card: shortCard(c.card) });
    take.disabled = shell.busy();
    $("ct-btn-pass").disabled = shell.busy();
    renderClaimTimer();
    box.hidden = false;
    if (wasHidden) {
      box.scrollIntoView({ block: "nearest" });
      take.focus({ preventScroll: true });
    }
  }

  // ---------------------------------------------------------------- rendering

  function render() {
    const v = view();
    const felt = root;
    felt.dataset.stage = stage() || "";
    felt.dataset.players = String(v.players);
    $("ct-table").classList.toggle("ct-my-turn", shell.isMyTurn() && phase() !== "claim");
    renderContract(v);
    renderSeats(v);
    renderMiddle(v);
    renderClaim();
    renderMe(v);
    renderHand(v);
    renderTargets();
    renderButtons();
    renderChoices();
    paintHint(root, shell.table());
  }

  /**
   * The elements that show a hint (web/hint.js): the hand cards it uses, the stock or the discard
   * pile, the combination it lays off to or takes a joker from, the claim prompt's button, and the
   * action's button.
   */
  function hintTargets(hint, move) {
    const out = handCardsFor($("hand"), hint.cards);
    const kind = hint.kind;
    const buttons = { draw: "ct-btn-draw", take: "ct-btn-take", set: "ct-btn-set", run: "ct-btn-run",
      discard: "ct-btn-discard", claim: "ct-btn-claim", pass: "ct-btn-pass" };
    if (kind === "draw") out.push($("ct-stock"));
    if (kind === "take" || kind === "discard") out.push($("ct-discard"));
    const target = move && move.target;
    if ((kind === "add" || kind === "swap") && target !== null && target !== undefined) {
      out.push(root.querySelector(`.ct-combo[data-id="${CSS.escape(String(target))}"]`));
    }
    const b = buttons[kind] && $(buttons[kind]);
    if (b && !b.hidden) out.push(b);
    return out;
  }

  function renderContract(v) {
    const c = v.contract;
    $("ct-deal").textContent = t("ct.dealOf", { n: v.hand_number, of: v.deals });
    $("ct-contract-name").textContent = contractText(c.sets, c.runs);
    $("ct-contract-cards").textContent = t("ct.cardsDealt", { n: c.hand_size });
    const box = $("ct-contract");
    box.dataset.sets = String(c.sets);
    box.dataset.runs = String(c.runs);
    box.title = t("ct.contractLabel", { n: v.hand_number, of: v.deals, contract: contractText(c.sets, c.runs), cards: c.hand_size });
    const list = $("ct-contract-list");
    list.replaceChildren();
    for (const d of v.contracts || []) {
      const li = document.createElement("li");
      li.textContent = t("ct.contractRow", { n: d.deal, contract: contractText(d.sets, d.runs), cards: d.hand_size, decks: d.decks });
      if (d.deal === v.hand_number) li.className = "ct-current";
      else if (d.deal < v.hand_number) li.className = "ct-done";
      list.append(li);
    }
  }

  function comboButton(cb) {
    const el = document.createElement("button");
    el.type = "button";
    el.className = "ct-combo ct-combo-" + cb.kind;
    el.dataset.id = cb.id;
    el.dataset.kind = cb.kind;
    el.dataset.owner = String(cb.owner);
    el.dataset.cards = cb.cards.join(" ");
    el.dataset.baseLabel = comboLabel(cb);
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

  function renderCombos(box, combos) {
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
      const el = comboButton(cb);
      el.tabIndex = i === 0 ? 0 : -1;
      box.append(el);
    });
    if (hadFocus) {
      const again = box.querySelector(`.ct-combo[data-id="${CSS.escape(hadFocus)}"]`);
      if (again) focusItem(box, ".ct-combo", again);
    }
  }

  function renderSeats(v) {
    const box = $("ct-seats");
    const n = v.players;
    const tb = shell.table();
    const toAct = tb.hand_over ? null : tb.to_act;
    syncSeatSections(box, otherSeats(me(), n), (s) => seatSection(s, "ct-seat", `
          <div class="ct-seat-head">
            <h3 class="side-name"></h3>
            <span class="ct-count"><span class="card back small" aria-hidden="true"></span><span class="ct-count-n"></span></span>
            <span class="side-score"></span>
            <span class="ct-down-badge"></span>
            <span class="ct-dealer"></span>
          </div>
          <div class="ct-combos" role="group"></div>`));
    for (const sec of box.querySelectorAll(".ct-seat")) {
      const s = Number(sec.dataset.seat);
      const sd = v.seats[s];
      const name = shell.seatName(s);
      sec.querySelector(".side-name").textContent = name;
      sec.classList.toggle("to-act", toAct === s);
      sec.classList.toggle("ct-turn", !tb.hand_over && v.turn && v.turn.seat === s && toAct !== s);
      const count = v.hand_counts[s];
      sec.dataset.count = String(count);
      sec.dataset.down = String(sd.down);
      const cnt = sec.querySelector(".ct-count");
      cnt.querySelector(".ct-count-n").textContent = String(count);
      cnt.title = handCountText(count);
      cnt.setAttribute("aria-label", cnt.title);
      cnt.setAttribute("role", "img");
      const down = sec.querySelector(".ct-down-badge");
      down.textContent = sd.down ? t("ct.down") : t("ct.notDown");
      down.classList.toggle("is-down", sd.down);
      const dealer = sec.querySelector(".ct-dealer");
      dealer.textContent = t("ct.dealer");
      dealer.hidden = v.dealer !== s;
      sec.querySelector(".side-score").textContent = t("ct.points", { n: v.scores[s] ?? 0 });
      const combos = sec.querySelector(".ct-combos");
      combos.setAttribute("aria-label", t("ct.combosOf", { name }));
      renderCombos(combos, sd.combos);
    }
  }

  function renderMiddle(v) {
    const stock = $("ct-stock");
    stock.querySelector(".ct-stock-cards").replaceChildren(v.stock > 0 ? cardBack("stack") : slot());
    stock.dataset.count = String(v.stock);
    const sc = stockCountText(v.stock);
    stock.querySelector(".ct-stock-count").textContent = sc;
    stock.setAttribute("aria-label", t("ct.stockLabel", { count: sc }));

    const pen = $("ct-penalty");
    pen.querySelector(".ct-penalty-cards").replaceChildren(v.penalty_stock > 0 ? cardBack("small ct-penalty-back") : slot());
    pen.dataset.count = String(v.penalty_stock);
    pen.querySelector(".ct-penalty-count").textContent = stockCountText(v.penalty_stock);

    const d = v.discard;
    const btn = $("ct-discard");
    fillDiscardCards(btn.querySelector(".ct-discard-cards"), d);
    btn.dataset.top = d.top || "";
    btn.dataset.size = String(d.size);
    btn.dataset.claimable = String(Boolean(d.claimable));
    btn.querySelector(".ct-discard-size").textContent = discardSizeText(d.size);
    const by = d.discarded_by ?? null; // the engine's view: who discarded the top card (null: the upcard, or taken since)
    const from = btn.querySelector(".ct-discard-from");
    from.textContent = !d.top ? "" : by === null ? t("ct.upcard") : by === me() ? t("ct.fromYou") : t("ct.fromSeat", { name: shell.seatName(by) });
    btn.dataset.from = by === null ? "" : String(by);
    nameFromSeen(btn, d.top ? t("pile.top", { card: cardName(d.top) }) : "");
  }

  function renderMe(v) {
    const sd = v.seats[me()];
    const tb = shell.table();
    $("ct-me").querySelector(".side-head").classList.toggle("to-act", !tb.hand_over && tb.to_act === me());
    const down = $("ct-my-down");
    down.textContent = sd.down ? t("ct.down") : t("ct.notDown");
    down.classList.toggle("is-down", sd.down);
    $("ct-my-score").textContent = t("ct.points", { n: v.scores[me()] ?? 0 });
    renderCombos($("ct-my-combos"), sd.combos);
    $("ct-sort").textContent = state.sortBy === "rank" ? t("ct.sortBySuit") : t("ct.sortByRank");
    $("ct-never-claim").checked = state.neverClaim;
  }

  function renderHand(v) {
    const h = v.hand || [];
    const box = $("hand");
    const mine = shell.isMyTurn() && phase() !== "claim";
    syncHandButtons(box, h, state, sortedIndices(h, state.sortBy));
    const lg = legal();
    [...box.children].forEach((el, pos) => {
      const i = Number(el.dataset.index);
      const c = h[i];
      el.setAttribute("aria-pressed", String(state.selected.has(i)));
      el.setAttribute("aria-label", cardName(c) + (state.fresh.has(i) ? " – " + t("ct.newCard") : ""));
      el.classList.toggle("fresh", state.fresh.has(i));
      el.dataset.legal = mine ? lg.filter((m) => (m.cards || []).includes(c)).map((m) => m.text).join(";") : "";
      el.tabIndex = pos === Math.min(state.focusIndex, h.length - 1) ? 0 : -1;
    });
    box.dataset.count = String(h.length);
    box.dataset.selected = selectedCards().join(" ");
    box.classList.toggle("my-turn", mine);
    box.classList.toggle("crowded", h.length > 13 && h.length <= 22);
    box.classList.toggle("very-crowded", h.length > 22);
  }

  // ---------------------------------------------------------------- targets (combinations)

  /** The legal moves a click on combination `id` stands for, with the current selection. */
  function movesVia(id) {
    if (!myPlay()) return [];
    const v = view();
    const lg = legal();
    if (v.turn && v.turn.place_joker_from) return lg.filter((m) => m.kind === "add" && m.target === id);
    const sel = selectedCards();
    if (sel.length !== 1) return [];
    return lg.filter((m) => (m.kind === "add" || m.kind === "swap") && m.target === id && m.cards[0] === sel[0]);
  }

  /** Whether each selected card (several) can be added to `id` on its own. */
  function multiFits(id) {
    const sel = selectedCards();
    if (!myPlay() || sel.length < 2) return false;
    const lg = legal().filter((m) => m.kind === "add" && m.target === id);
    return sel.every((c) => lg.some((m) => m.cards[0] === c));
  }

  function renderTargets() {
    const active = myPlay() && (state.selected.size > 0 || Boolean(view().turn && view().turn.place_joker_from));
    for (const el of $("ct-table").querySelectorAll(".ct-combo")) {
      const via = movesVia(el.dataset.id);
      const ok = via.length > 0 || multiFits(el.dataset.id);
      el.dataset.moves = via.map((m) => m.text).join(";");
      el.classList.toggle("ct-is-target", active && ok);
      el.classList.toggle("ct-not-target", active && !ok);
      el.setAttribute("aria-label", el.dataset.baseLabel + (active && ok ? " – " + t("ct.targetHint") : ""));
      el.title = el.dataset.baseLabel;
    }
    $("ct-table").classList.toggle("ct-selecting", active);
  }

  // ---------------------------------------------------------------- buttons

  function legalLay(kind, cards) {
    return legal().find((m) => m.kind === kind && sameCards(m.cards, cards)) || null;
  }

  function renderButtons() {
    const v = view();
    const tb = shell.table();
    const mine = shell.isMyTurn() && !shell.busy() && phase() !== "claim";
    const lg = legal();
    const st = stage();
    const sel = selectedCards();
    const drawStage = st === "draw" || !shell.isMyTurn() || phase() === "claim";
    const lay = toLay();
    const placing = Boolean(v.turn && v.turn.place_joker_from);

    const draw = $("ct-btn-draw"), take = $("ct-btn-take");
    const turnNow = shell.isMyTurn() && phase() !== "claim";
    draw.hidden = !drawStage || !turnNow;
    take.hidden = !drawStage || !turnNow;
    draw.disabled = !(mine && lg.some((m) => m.kind === "draw"));
    take.disabled = !(mine && lg.some((m) => m.kind === "take"));
    if (v.discard.top) fillWithCardGlyph(take, t("ct.action.take", { card: "{card}" }), shortCard(v.discard.top));
    else take.textContent = t("ct.action.takeNone");
    if (v.discard.top) take.setAttribute("aria-label", t("ct.action.takeLabel", { card: cardName(v.discard.top) }));

    const setBtn = $("ct-btn-set"), runBtn = $("ct-btn-run");
    const canLay = !drawStage && lay !== null && !placing;
    setBtn.hidden = !canLay || !lay.sets;
    runBtn.hidden = !canLay || !lay.runs;
    const setOk = legalLay("set", sel);
    const runOk = legalLay("run", sel);
    setBtn.disabled = !(mine && canLay && lay.sets > 0 && sel.length >= 3);
    runBtn.disabled = !(mine && canLay && lay.runs > 0 && sel.length >= 4);
    setBtn.classList.toggle("btn-primary", Boolean(setOk) && !setBtn.disabled);
    runBtn.classList.toggle("btn-primary", Boolean(runOk) && !runBtn.disabled);
    setBtn.dataset.legal = lg.filter((m) => m.kind === "set").map((m) => m.text).join(";");
    runBtn.dataset.legal = lg.filter((m) => m.kind === "run").map((m) => m.text).join(";");

    const disc = $("ct-btn-discard");
    const discards = new Set(lg.filter((m) => m.kind === "discard").map((m) => m.cards[0]));
    disc.hidden = drawStage;
    disc.disabled = !(mine && sel.length === 1 && discards.has(sel[0]));
    const out = hand().length === 1;
    disc.textContent = out ? t("action.goOut") : sel.length === 1 ? t("ct.action.discardCard", { card: shortCard(sel[0]) }) : t("action.discard");
    disc.dataset.goOut = String(out);
    $("ct-btn-clear").hidden = sel.length === 0;
    $("ct-btn-scores").hidden = !tb.hand_over;
    $("ct-actions").classList.toggle("inactive", !shell.isMyTurn() || phase() === "claim");
    $("ct-stock").classList.toggle("ct-can", mine && lg.some((m) => m.kind === "draw"));
    $("ct-discard").classList.toggle("ct-can", mine && (lg.some((m) => m.kind === "take") || (sel.length === 1 && discards.has(sel[0]))));
    $("ct-btn-claim").disabled = shell.busy();
    $("ct-btn-pass").disabled = shell.busy();
  }

  function renderChoices() {
    const box = $("ct-choices");
    box.replaceChildren();
    const ch = state.choice;
    if (!ch || !myPlay()) { box.hidden = true; return; }
    const buttons = ch.options.map((o, i) => {
      const b = textButton("btn btn-small ct-choice", o.label, { choice: String(i), ...(o.move ? { move: o.move } : {}) });
      b.disabled = shell.busy();
      return b;
    });
    buttons.push(textButton("btn btn-ghost btn-small ct-choice-cancel", t("newgame.cancel"), { choice: "cancel" }));
    showChoiceBar(box, "ct-choices", ch.head, buttons);
  }

  function renderControls() {
    renderButtons();
    for (const b of $("ct-choices").querySelectorAll("button")) b.disabled = shell.busy();
  }

  function turnText() {
    const tb = shell.table();
    const v = view();
    if (tb.match_over) return t("ct.turn.matchOver");
    if (tb.hand_over) return t("ct.turn.over", { n: v.hand_number });
    if (v.phase === "claim" && v.claim) {
      if (tb.to_act_is_human) return t("ct.turn.claimYou", { card: shortCard(v.claim.card) });
      return t("ct.turn.claimOther", { name: shell.seatName(tb.to_act), card: shortCard(v.claim.card) });
    }
    if (!shell.isMyTurn()) return t("ct.turn.other", { name: shell.seatName(tb.to_act) });
    const turn = v.turn || {};
    if (turn.stage === "draw") {
      return v.discard.top ? t("ct.turn.draw", { card: shortCard(v.discard.top) }) : t("ct.turn.drawOnly");
    }
    if (turn.place_joker_from) return t("ct.turn.placeJoker");
    if (turn.laying_down) return t("ct.turn.layingDown", { contract: contractText(turn.laying_down.sets, turn.laying_down.runs) });
    if (!seatData(me()).down) {
      const can = legal().some((m) => m.kind === "set" || m.kind === "run");
      return t(can ? "ct.turn.canLay" : "ct.turn.notDown", { contract: contractText(v.contract.sets, v.contract.runs) });
    }
    return t("ct.turn.down");
  }

  // ---------------------------------------------------------------- score sheet, meta

  function meta() {
    const v = view();
    return { hand: t("ct.dealOf", { n: v.hand_number, of: v.deals }), match: t("ct.lowestWins") };
  }

  function nextLabel() {
    const v = view();
    const c = (v.contracts || [])[v.hand_number];
    return c ? t("ct.nextDeal", { contract: contractText(c.sets, c.runs) }) : t("action.next");
  }

  function fillScoreSheet(parts) {
    const v = view();
    const tb = shell.table();
    const { last, bySide: bySeat } = lastResult(v);
    const c = (v.contracts || [])[(last ? last.hand : v.hand_number) - 1] || v.contract;
    parts.title.textContent = t("ct.score.title", { n: last ? last.hand : v.hand_number, contract: contractText(c.sets, c.runs) });
    const seats = [...Array(v.players).keys()];
    const bonus = seats.some((s) => bySeat[s] && bySeat[s].items.down_and_out);
    // one row per player (fits a phone with eight players), lowest total first
    const cols = [
      { item: "cards", label: t("ct.score.cards"), value: (s) => (last ? v.hand_counts[s] : null) },
      ...(bonus ? [{ item: "down_and_out", label: t("ct.score.downAndOut"), value: (s) => (bySeat[s] ? bySeat[s].items.down_and_out ?? 0 : null) }] : []),
      { item: "total", label: t("ct.score.total"), value: (s) => (bySeat[s] ? bySeat[s].total : null) },
      { item: "cumulative", label: t("ct.score.cumulative"), value: (s) => cumulativeScore(v, bySeat[s], s) },
    ];
    const table = parts.table;
    table.replaceChildren();
    const hr = table.createTHead().insertRow();
    const corner = document.createElement("th");
    corner.scope = "col";
    corner.textContent = t("ct.score.player");
    hr.append(corner);
    for (const col of cols) {
      const th = document.createElement("th");
      th.scope = "col";
      th.dataset.item = col.item;
      th.textContent = col.label;
      hr.append(th);
    }
    const body = table.createTBody();
    const order = [...seats].sort((a, b) => (v.scores[a] ?? 0) - (v.scores[b] ?? 0) || a - b);
    const best = Math.min(...seats.map((s) => v.scores[s] ?? 0));
    for (const s of order) {
      const tr = body.insertRow();
      tr.dataset.seat = String(s);
      if (s === me()) tr.classList.add("row-me");
      if ((v.scores[s] ?? 0) === best) tr.classList.add("row-best");
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = shell.seatName(s);
      tr.append(th);
      for (const col of cols) {
        const td = tr.insertCell();
        td.dataset.item = col.item;
        const val = col.value(s);
        td.textContent = val === null || val === undefined ? "–" : String(val);
        if (col.item === "cumulative") td.classList.add("col-cumulative");
      }
    }

    const notes = [];
    if (last) {
      if (last.went_out === null || last.went_out === undefined) notes.push(t("ct.score.exhausted"));
      else if (last.went_out === me()) notes.push(t("ct.score.wentOutYou"));
      else notes.push(t("ct.score.wentOut", { name: shell.seatName(last.went_out) }));
    }
    notes.push(t("ct.lowestWins"));
    parts.note.textContent = notes.join(" ");

    showMatchResult(parts.result, tb, "ct", me(), shell.seatName);
  }

  // ---------------------------------------------------------------- input

  /** Send an action; keyboard focus that was on the table and lost with its button goes to the hand. */
  async function act(action, entry) {
    state.choice = null;
    const hadFocus = $("ct-table").contains(activeIn(root));
    const ok = await shell.act(action, entry);
    if (hadFocus && (!activeIn(root) || activeIn(root) === document.body)) {
      const el = $("hand").querySelector('.hand-card[tabindex="0"]') || $("hand").querySelector(".hand-card");
      if (el) el.focus({ preventScroll: true });
    }
    return ok;
  }

  function playMove(m) {
    return act({ type: "move", text: m.text }, { text: m.text });
  }

  function onDraw() { if (legal().some((m) => m.kind === "draw")) act({ type: "draw" }, { text: "draw" }); }

  function onTake() { if (legal().some((m) => m.kind === "take")) act({ type: "take" }, { text: "take" }); }

  function onLay(kind) {
    const cards = selectedCards();
    if (!cards.length) { shell.setStatus({ key: "ct.hint.pickCards" }); return; }
    const exact = legalLay(kind, cards);
    if (exact) { playMove(exact); return; }
    act({ type: kind, cards }, { text: [kind, ...cards].join(" "), cards });
  }

  function onDiscard() {
    const cards = selectedCards();
    if (cards.length !== 1) { shell.setStatus({ key: "hint.selectOneDiscard" }); return; }
    act({ type: "discard", card: cards[0] }, { text: "discard " + cards[0] });
  }

  function clickStock() {
    if (!shell.isMyTurn() || phase() === "claim") { waitHint(); return; }
    if (stage() === "draw") { act({ type: "draw" }, { text: "draw" }); return; }
    shell.setStatus({ key: "ct.hint.drewAlready" });
  }

  function clickDiscard() {
    if (!shell.isMyTurn() || phase() === "claim") { waitHint(); return; }
    if (stage() === "draw") { act({ type: "take" }, { text: "take" }); return; }
    const sel = selectedCards();
    if (sel.length === 1) { onDiscard(); return; }
    shell.setStatus({ key: "hint.selectOneDiscard" });
  }

  function waitHint() {
    state.waitHint = true;
    shell.setStatus({ key: "ct.hint.wait" });
  }

  function endLabel(m) {
    return t(m.end === "low" ? "ct.choice.low" : "ct.choice.high", { card: shortCard(m.cards[0]) });
  }

  function clickCombo(el) {
    const id = el.dataset.id;
    if (!shell.isMyTurn() || phase() === "claim") { waitHint(); return; }
    if (stage() !== "play") { shell.setStatus({ key: "ct.hint.drawFirst" }); return; }
    const v = view();
    const cb = comboById(id);
    const placing = v.turn && v.turn.place_joker_from;
    const sel = selectedCards();
    if (!placing && !sel.length) { shell.setStatus({ key: "ct.hint.pickForCombo" }); return; }
    const via = movesVia(id);
    if (via.length === 1) { playMove(via[0]); return; }
    if (via.length > 1) {
      state.choice = {
        id,
        head: t("ct.choice.head", { target: cb ? whoseCombo(cb, cb.owner, me()) : id }),
        options: [...via].sort((a, b) => Number(a.kind === "swap") - Number(b.kind === "swap") || Number(a.end === "high") - Number(b.end === "high")).map((m) => ({
          label: m.kind === "swap" ? t("ct.choice.swap", { card: shortCard(m.cards[0]) })
            : m.end ? endLabel(m) : t("ct.choice.add", { card: shortCard(m.cards[0]) }),
          move: m.text,
          action: { type: "move", text: m.text },
          entry: { text: m.text },
        })),
      };
      shell.setStatus({ key: "ct.hint.chooseHow" });
      render();
      const first = $("ct-choices").querySelector("button");
      if (first) first.focus();
      return;
    }
    const cards = placing ? ["JK"] : sel;
    const action = { type: "add", target: id, cards };
    const entry = { text: ["add", id, ...cards].join(" "), cards };
    if (!placing && sel.length > 1 && cb && cb.kind === "run" && sel.includes("JK") && multiFits(id)) {
      const ends = legal().filter((m) => m.kind === "add" && m.target === id && m.cards[0] === "JK").map((m) => m.end);
      if (ends.includes("low") && ends.includes("high")) {
        state.choice = {
          id,
          head: t("ct.choice.jokerEnd"),
          options: ["low", "high"].map((end) => ({
            label: t(end === "low" ? "ct.choice.low" : "ct.choice.high", { card: "★" }),
            action: { ...action, end },
            entry,
          })),
        };
        render();
        const first = $("ct-choices").querySelector("button");
        if (first) first.focus();
        return;
      }
    }
    act(action, entry); // several cards, or not legal: the engine says why
  }

  function selectCard(i) {
    const h = hand();
    if (i < 0 || i >= h.length) return;
    if (state.selected.has(i)) state.selected.delete(i); else state.selected.add(i);
    state.choice = null;
    shell.clearError();
    render();
  }

  function wireInput() {
    // Escape drops the whole selection
    wireHand($("hand"), state, selectCard, () => {
      if (!state.selected.size) return false;
      state.selected.clear();
      state.choice = null;
      render();
      return true;
    });

    const table = $("ct-table");
    table.addEventListener("click", (ev) => {
      const el = ev.target.closest(".ct-combo");
      if (el && table.contains(el)) clickCombo(el);
    });
    // each seat's combinations are a group of their own
    wireRovingKeys(table, ".ct-combo", { groupOf: (el) => el.parentElement });

    $("ct-stock").addEventListener("click", clickStock);
    $("ct-discard").addEventListener("click", clickDiscard);
    $("ct-btn-draw").addEventListener("click", onDraw);
    $("ct-btn-take").addEventListener("click", onTake);
    $("ct-btn-set").addEventListener("click", () => onLay("set"));
    $("ct-btn-run").addEventListener("click", () => onLay("run"));
    $("ct-btn-discard").addEventListener("click", onDiscard);
    $("ct-btn-clear").addEventListener("click", () => { state.selected.clear(); state.choice = null; shell.clearError(); render(); });
    $("ct-btn-scores").addEventListener("click", () => shell.openScoreSheet());
    $("ct-btn-claim").addEventListener("click", claimNow);
    $("ct-btn-pass").addEventListener("click", passNow);
    $("ct-never-claim").addEventListener("change", (ev) => setNeverClaim(ev.target.checked));
    $("ct-sort").addEventListener("click", () => {
      state.sortBy = state.sortBy === "rank" ? "suit" : "rank";
      store("sort", state.sortBy);
      render();
    });
    $("ct-choices").addEventListener("click", (ev) => {
      const b = ev.target.closest("button[data-choice]");
      if (!b || !state.choice) return;
      if (b.dataset.choice === "cancel") { state.choice = null; shell.setStatus(null); render(); return; }
      const o = state.choice.options[Number(b.dataset.choice)];
      if (o) act(o.action, o.entry);
    });
  }

  const mount = (felt) => { root = felt; mountTable(felt, TEMPLATE, shell.parts, wireInput); registerHint(felt, hintTargets); };

  /** Pause before a computer's move: none for claim decisions (mostly passes), else the usual. */
  function botDelay(tb, normal) {
    return tb && tb.view && tb.view.phase === "claim" ? 0 : normal;
  }

  return {
    mount, reset, onTable, render, renderControls, turnText, describe, annotate, meta, fillScoreSheet,
    focusFirst: () => focusFirstCard(root), nextLabel, botDelay,
  };
}
