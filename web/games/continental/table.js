// The table of Continental (engine family continental, docs/rules/continental.md): the deal's
// contract, the other seats as a compact list (cards in hand, whether down, their combinations),
// the main and penalty stocks, the discard pile, the person's combinations and hand, and the
// claim window: when the engine asks the person to `claim` or `pass` a discard out of turn, a
// prompt with the card, the penalty and a countdown (after which the page passes), or an
// immediate pass when "never take out of turn" is set. Only the legal moves of table.legal are
// offered as targets; other attempts still go to the engine, which answers with its reason.
//
// This file is the composition (index.js exports the renderer contract of web/games/registry.js):
// create(shell) makes the context (context.js: state and readers of the table) and wires the
// rooms, each a set of functions of that context:
//   seats.js     the contract, the other seats, the stocks and discard pile, the person's area
//   melds.js     the combinations, how they are named, which ones the selection can go to
//   hand.js      the person's hand
//   controls.js  the action bar, the choice bar, the turn line
//   claim.js     the claim window (prompt, countdown, "never take out of turn")
//   score.js     the score sheet
//   actions.js   what the person does (selection, buttons, clicks, keys, drops) and what is sent
//   layout.js    the page of the table (TEMPLATE) and word helpers; log.js the log sentences
import { registerHint, paintHint, handCardsFor } from "../../hint.js";
import { freshIndices, mountTable, focusFirstCard } from "../common.js";
import { act, wireInput } from "./actions.js";
import { onClaim, renderClaim, stopClaimTimer } from "./claim.js";
import { makeContext } from "./context.js";
import { renderButtons, renderChoices, renderControls, turnText } from "./controls.js";
import { renderHand } from "./hand.js";
import { TEMPLATE } from "./layout.js";
import { renderTargets } from "./melds.js";
import { meta, nextLabel, fillScoreSheet } from "./score.js";
import { renderContract, renderSeats, renderMiddle, renderMe } from "./seats.js";

/** The Continental table renderer for `shell` (web/games/registry.js). */
export function create(shell) {
  const ctx = makeContext(shell);
  const { state, $ } = ctx;
  ctx.act = (action, entry) => act(ctx, action, entry);
  ctx.render = render;

  /** A new table from the shell: keep the selection that is still in the hand, log entries of the page's own. */
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
    onClaim(ctx, next);
    return entries;
  }

  function reset() {
    state.selected.clear();
    state.handKey = "";
    state.lastHand = "";
    state.fresh.clear();
    state.choice = null;
    stopClaimTimer(ctx);
    state.claimFor = null;
    $("ct-seats").replaceChildren();
    delete $("ct-seats").dataset.seats;
  }

  function render() {
    const v = ctx.view();
    const felt = ctx.root;
    felt.dataset.stage = ctx.stage() || "";
    felt.dataset.players = String(v.players);
    $("ct-table").classList.toggle("ct-my-turn", shell.isMyTurn() && ctx.phase() !== "claim");
    renderContract(ctx, v);
    renderSeats(ctx, v);
    renderMiddle(ctx, v);
    renderClaim(ctx);
    renderMe(ctx, v);
    renderHand(ctx, v);
    renderTargets(ctx);
    renderButtons(ctx);
    renderChoices(ctx);
    paintHint(ctx.root, shell.table());
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
      out.push(ctx.root.querySelector(`.ct-combo[data-id="${CSS.escape(String(target))}"]`));
    }
    const b = buttons[kind] && $(buttons[kind]);
    if (b && !b.hidden) out.push(b);
    return out;
  }

  const mount = (felt) => {
    ctx.root = felt;
    mountTable(felt, TEMPLATE, shell.parts, () => wireInput(ctx));
    registerHint(felt, hintTargets);
  };

  /** Pause before a computer's move: none for claim decisions (mostly passes), else the usual. */
  function botDelay(tb, normal) {
    return tb && tb.view && tb.view.phase === "claim" ? 0 : normal;
  }

  return {
    mount, reset, onTable, render,
    renderControls: () => renderControls(ctx),
    turnText: () => turnText(ctx),
    describe: ctx.log.describe,
    annotate: ctx.log.annotate,
    meta: () => meta(ctx),
    fillScoreSheet: (parts) => fillScoreSheet(ctx, parts),
    focusFirst: () => focusFirstCard(ctx.root), nextLabel: () => nextLabel(ctx), botDelay,
  };
}
