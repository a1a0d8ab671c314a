// The Continental table's actions room: what the person does and what is sent. First what
// web/tablekit.js reads from the renderer module (web/games/registry.js): the keyboard shortcuts,
// the action bar Undo goes into, the drop targets, and the reasons of the action bar's disabled
// buttons; then the table's own input: selecting cards, the buttons, the piles, a click on a
// combination (with the choice bar when there are several ways), and act(), which sends.
import { t } from "../../i18n.js";
import { activeIn, wireHand, wireRovingKeys, shortCard } from "../common.js";
import { contractText } from "./layout.js";
import { store } from "./context.js";
import { claimNow, passNow, setNeverClaim } from "./claim.js";
import { legalLay } from "./controls.js";
import { movesVia, multiFits } from "./melds.js";

/**
 * Keyboard shortcuts: [key, button id, catalogue key of its name] (web/tablekit.js lists them in
 * the help overlay and presses the button; "u" is Undo, which tablekit puts into TOOLBAR).
 */
export const SHORTCUTS = [
  ["d", "ct-btn-draw", "ct.action.draw"], ["t", "ct-btn-take", "kit.key.take"], ["e", "ct-btn-set", "ct.action.set"],
  ["r", "ct-btn-run", "ct.action.run"], ["x", "ct-btn-discard", "action.discard"],
  ["c", "ct-btn-claim", "kit.key.claim"], ["p", "ct-btn-pass", "ct.claim.pass"], ["u", "btn-undo", "action.undo"],
  ["s", "ct-btn-scores", "action.scores"],
];

/** The id of the action bar the Undo button goes into (web/tablekit.js mountUndo). */
export const TOOLBAR = "ct-actions";

/**
 * Drop targets of a card dragged from the hand (web/tablekit.js wireDrag): [selector, (el, press)
 * => handled]: the discard pile discards, a combination takes the card (as a touch on it), the
 * person's area lays the selection as the set or run the action bar offers.
 */
export const DROPS = [
  ["#ct-discard", (_el, press) => press(document.getElementById("ct-btn-discard"))],
  [".ct-combo", (el) => { el.click(); return true; }],
  ["#ct-me", (_el, press) => {
    const set = document.getElementById("ct-btn-set"), run = document.getElementById("ct-btn-run");
    const pick = [set, run].find((b) => b && !b.hidden && b.classList.contains("btn-primary"))
      || [set, run].find((b) => b && !b.hidden);
    return press(pick);
  }],
];

/** Card texts of the selected hand cards, read from the page (aria-pressed buttons). */
function selectedInHand() {
  return [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#hand .hand-card[aria-pressed="true"]'))].map((b) => b.dataset.card);
}

/**
 * The action bar: a disabled button lets a touch through to the toolbar (style.css), which says
 * why, as the canasta table does: the page's hint when it knows (not your turn, nothing
 * selected), else the engine's reason for the action (sent; a refusal changes nothing).
 */
export function wireReasons(shell) {
  const bar = document.getElementById("ct-actions");
  if (!bar || bar.dataset.reasons) return;
  bar.dataset.reasons = "1";
  bar.addEventListener("click", (ev) => {
    if (/** @type {Element} */ (ev.target).closest("button:not(:disabled)")) return;
    const b = [.../** @type {NodeListOf<HTMLButtonElement>} */ (bar.querySelectorAll("button:disabled"))].find((x) => {
      if (x.hidden) return false;
      const r = x.getBoundingClientRect();
      return ev.clientX >= r.left && ev.clientX <= r.right && ev.clientY >= r.top && ev.clientY <= r.bottom;
    });
    if (b) explainButton(shell, b.id);
  });
}

const BUTTON_KINDS = { "ct-btn-draw": "draw", "ct-btn-take": "take", "ct-btn-set": "set", "ct-btn-run": "run", "ct-btn-discard": "discard" };

/**
 * Say why the action `id` (a button id of the action bar) cannot be done now, when the button
 * is disabled or not shown (a key pressed at the wrong time: X before drawing, R when the
 * contract holds no run): the page's hint when it knows (not your turn, nothing selected), else
 * the engine's reason for the action, sent as is (a refusal changes nothing). Returns false for
 * an id that is not one of the bar's actions.
 * @param {any} shell the page shell (web/games/registry.js)
 * @param {string} id a button id
 * @returns {boolean}
 */
export function explainButton(shell, id) {
  const kind = BUTTON_KINDS[id];
  if (!kind) return false;
  const tb = shell.table();
  if (!tb || shell.busy()) return true;
  if (tb.hand_over) { shell.setStatus({ key: "hint.handOver" }, "error"); return true; }
  if (!shell.isMyTurn()) { shell.setStatus({ key: "hint.waitTurn", params: { name: shell.seatName(tb.to_act) } }, "error"); return true; }
  const sel = selectedInHand();
  const v = tb.view || {}, turn = v.turn || {};
  const need = turn.laying_down || (v.contract && { sets: v.contract.sets, runs: v.contract.runs });
  if ((kind === "set" || kind === "run") && turn.stage !== "draw" && need && !need[kind + "s"]) {
    // R (S) when this deal's contract holds no run (set): the engine checks the cards' shape
    // first, so its "no_run_needed" comes only for a well-formed run; say it from its view
    shell.setStatus({ key: kind === "run" ? "ct.hint.noRun" : "ct.hint.noSet",
      params: { contract: contractText(need.sets, need.runs) } }, "error");
    return true;
  }
  if (kind === "draw" || kind === "take") shell.act({ type: "move", text: kind }, { text: kind });
  else if (kind === "discard") {
    if (sel.length !== 1) shell.setStatus({ key: "hint.selectOneDiscard" }, "error");
    else shell.act({ type: "discard", card: sel[0] }, { text: "discard " + sel[0] });
  } else if (!sel.length) shell.setStatus({ key: "ct.hint.pickCards" }, "error");
  else shell.act({ type: kind, cards: sel }, { text: [kind, ...sel].join(" ") });
  return true;
}

// ------------------------------------------------------------------ the person's actions at the table
// (create() in table.js wires them with wireInput; every function takes the table's context first)

/** @typedef {import("./context.js").Ctx} Ctx */

/**
 * Send an action; keyboard focus that was on the table and lost with its button goes to the hand.
 * @param {Ctx} ctx @param {any} action @param {any} entry
 * @returns {Promise<boolean>}
 */
export async function act(ctx, action, entry) {
  const { $ } = ctx;
  ctx.state.choice = null;
  const hadFocus = $("ct-table").contains(activeIn(ctx.root));
  const ok = await ctx.shell.act(action, entry);
  if (hadFocus && (!activeIn(ctx.root) || activeIn(ctx.root) === document.body)) {
    const el = $("hand").querySelector('.hand-card[tabindex="0"]') || $("hand").querySelector(".hand-card");
    if (el) el.focus({ preventScroll: true });
  }
  return ok;
}

/** @param {Ctx} ctx @param {any} m a legal move */
function playMove(ctx, m) {
  return ctx.act({ type: "move", text: m.text }, { text: m.text });
}

/** @param {Ctx} ctx */
function onDraw(ctx) { if (ctx.legal().some((m) => m.kind === "draw")) ctx.act({ type: "draw" }, { text: "draw" }); }

/** @param {Ctx} ctx */
function onTake(ctx) { if (ctx.legal().some((m) => m.kind === "take")) ctx.act({ type: "take" }, { text: "take" }); }

/** Lay the selection as a set or run. @param {Ctx} ctx @param {string} kind */
function onLay(ctx, kind) {
  const cards = ctx.selectedCards();
  if (!cards.length) { ctx.shell.setStatus({ key: "ct.hint.pickCards" }); return; }
  const exact = legalLay(ctx, kind, cards);
  if (exact) { playMove(ctx, exact); return; }
  ctx.act({ type: kind, cards }, { text: [kind, ...cards].join(" "), cards });
}

/** @param {Ctx} ctx */
function onDiscard(ctx) {
  const cards = ctx.selectedCards();
  if (cards.length !== 1) { ctx.shell.setStatus({ key: "hint.selectOneDiscard" }); return; }
  ctx.act({ type: "discard", card: cards[0] }, { text: "discard " + cards[0] });
}

/** @param {Ctx} ctx */
function clickStock(ctx) {
  if (!ctx.shell.isMyTurn() || ctx.phase() === "claim") { waitHint(ctx); return; }
  if (ctx.stage() === "draw") { ctx.act({ type: "draw" }, { text: "draw" }); return; }
  ctx.shell.setStatus({ key: "ct.hint.drewAlready" });
}

/** @param {Ctx} ctx */
function clickDiscard(ctx) {
  if (!ctx.shell.isMyTurn() || ctx.phase() === "claim") { waitHint(ctx); return; }
  if (ctx.stage() === "draw") { ctx.act({ type: "take" }, { text: "take" }); return; }
  const sel = ctx.selectedCards();
  if (sel.length === 1) { onDiscard(ctx); return; }
  ctx.shell.setStatus({ key: "hint.selectOneDiscard" });
}

/** @param {Ctx} ctx */
function waitHint(ctx) {
  ctx.state.waitHint = true;
  ctx.shell.setStatus({ key: "ct.hint.wait" });
}

function endLabel(m) {
  return t(m.end === "low" ? "ct.choice.low" : "ct.choice.high", { card: shortCard(m.cards[0]) });
}

/** Show the choice bar of state.choice and focus its first button. @param {Ctx} ctx */
function showChoice(ctx) {
  ctx.render();
  const first = ctx.$("ct-choices").querySelector("button");
  if (first) first.focus();
}

/** A click on a combination: lay the selection off to it (asking how when there are several ways). @param {Ctx} ctx @param {HTMLElement} el */
function clickCombo(ctx, el) {
  const { shell, state } = ctx;
  const id = el.dataset.id;
  const me = ctx.me();
  if (!shell.isMyTurn() || ctx.phase() === "claim") { waitHint(ctx); return; }
  if (ctx.stage() !== "play") { shell.setStatus({ key: "ct.hint.drawFirst" }); return; }
  const v = ctx.view();
  const cb = ctx.comboById(id);
  const placing = v.turn && v.turn.place_joker_from;
  const sel = ctx.selectedCards();
  if (!placing && !sel.length) { shell.setStatus({ key: "ct.hint.pickForCombo" }); return; }
  const via = movesVia(ctx, id);
  if (via.length === 1) { playMove(ctx, via[0]); return; }
  if (via.length > 1) {
    state.choice = {
      id,
      head: t("ct.choice.head", { target: cb ? ctx.log.whoseCombo(cb, cb.owner, me) : id }),
      options: [...via].sort((a, b) => Number(a.kind === "swap") - Number(b.kind === "swap") || Number(a.end === "high") - Number(b.end === "high")).map((m) => ({
        label: m.kind === "swap" ? t("ct.choice.swap", { card: shortCard(m.cards[0]) })
          : m.end ? endLabel(m) : t("ct.choice.add", { card: shortCard(m.cards[0]) }),
        move: m.text,
        action: { type: "move", text: m.text },
        entry: { text: m.text },
      })),
    };
    shell.setStatus({ key: "ct.hint.chooseHow" });
    showChoice(ctx);
    return;
  }
  const cards = placing ? ["JK"] : sel;
  const action = { type: "add", target: id, cards };
  const entry = { text: ["add", id, ...cards].join(" "), cards };
  if (!placing && sel.length > 1 && cb && cb.kind === "run" && sel.includes("JK") && multiFits(ctx, id)) {
    const ends = ctx.legal().filter((m) => m.kind === "add" && m.target === id && m.cards[0] === "JK").map((m) => m.end);
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
      showChoice(ctx);
      return;
    }
  }
  ctx.act(action, entry); // several cards, or not legal: the engine says why
}

/** Select or unselect hand card `i` (an index into view.hand). @param {Ctx} ctx @param {number} i */
function selectCard(ctx, i) {
  const h = ctx.hand();
  if (i < 0 || i >= h.length) return;
  if (ctx.state.selected.has(i)) ctx.state.selected.delete(i); else ctx.state.selected.add(i);
  ctx.state.choice = null;
  ctx.shell.clearError();
  ctx.render();
}

/** The table's listeners (mountTable calls this once the template is in place). @param {Ctx} ctx */
export function wireInput(ctx) {
  const { $, shell, state } = ctx;
  // Escape drops the whole selection
  wireHand($("hand"), state, (i) => selectCard(ctx, i), () => {
    if (!state.selected.size) return false;
    state.selected.clear();
    state.choice = null;
    ctx.render();
    return true;
  });

  const table = $("ct-table");
  table.addEventListener("click", (ev) => {
    const el = ev.target.closest(".ct-combo");
    if (el && table.contains(el)) clickCombo(ctx, el);
  });
  // each seat's combinations are a group of their own
  wireRovingKeys(table, ".ct-combo", { groupOf: (el) => el.parentElement });

  $("ct-stock").addEventListener("click", () => clickStock(ctx));
  $("ct-discard").addEventListener("click", () => clickDiscard(ctx));
  $("ct-btn-draw").addEventListener("click", () => onDraw(ctx));
  $("ct-btn-take").addEventListener("click", () => onTake(ctx));
  $("ct-btn-set").addEventListener("click", () => onLay(ctx, "set"));
  $("ct-btn-run").addEventListener("click", () => onLay(ctx, "run"));
  $("ct-btn-discard").addEventListener("click", () => onDiscard(ctx));
  $("ct-btn-clear").addEventListener("click", () => { state.selected.clear(); state.choice = null; shell.clearError(); ctx.render(); });
  $("ct-btn-scores").addEventListener("click", () => shell.openScoreSheet());
  $("ct-btn-claim").addEventListener("click", () => claimNow(ctx));
  $("ct-btn-pass").addEventListener("click", () => passNow(ctx));
  $("ct-never-claim").addEventListener("change", (ev) => setNeverClaim(ctx, ev.target.checked));
  $("ct-sort").addEventListener("click", () => {
    state.sortBy = state.sortBy === "rank" ? "suit" : "rank";
    store("sort", state.sortBy);
    ctx.render();
  });
  $("ct-choices").addEventListener("click", (ev) => {
    const b = ev.target.closest("button[data-choice]");
    if (!b || !state.choice) return;
    if (b.dataset.choice === "cancel") { state.choice = null; shell.setStatus(null); ctx.render(); return; }
    const o = state.choice.options[Number(b.dataset.choice)];
    if (o) ctx.act(o.action, o.entry);
  });
}
