// The table of "3 ist 50" (engine family threefifty, docs/rules/3-ist-50.md): centre cards, the
// discard pile, one minus pile per player, the person's hand. A move is a hand card and, where
// there is a choice, its target: a centre card, the discard pile, the own minus pile or another
// player's. Only the legal moves of table.legal are offered; a click on any other target still
// asks the engine, which answers with its reason.
//
// This file is the composition (index.js exports the renderer contract of web/games/registry.js):
// create(shell) makes the context (context.js: state and readers of the table) and wires the
// rooms, each a set of functions of that context:
//   seats.js     the other players and every minus pile
//   middle.js    the centre cards, the discard pile, the stock
//   hand.js      the person's hand
//   targets.js   where the chosen card can go and what a click on a target stands for
//   controls.js  the choice bar, the turn line
//   score.js     the score sheet
//   actions.js   what the person does (choosing, clicks, keys, drops) and what is sent
//   layout.js    the page of the table (TEMPLATE); log.js the log sentences
import { t } from "../../i18n.js";
import { registerHint, paintHint, handCardsFor } from "../../hint.js";
import { mountTable, focusFirstCard } from "../common.js";
import { wireInput } from "./actions.js";
import { makeContext } from "./context.js";
import { renderChoices, renderControls, turnText } from "./controls.js";
import { renderHand } from "./hand.js";
import { TEMPLATE } from "./layout.js";
import { renderMiddle } from "./middle.js";
import { meta, fillScoreSheet } from "./score.js";
import { renderSeats } from "./seats.js";
import { targets, movesVia, renderTargets } from "./targets.js";

/** The 3 ist 50 table renderer for `shell` (web/games/registry.js). */
export function create(shell) {
  const ctx = makeContext(shell);
  const { state, $ } = ctx;
  ctx.render = render;

  /** A new table from the shell: drop a choice the hand no longer has, note grown piles, log entries of the page's own. */
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

  function render() {
    const v = ctx.view();
    const tb = shell.table();
    const felt = ctx.root;
    felt.dataset.round = String(v.round);
    $("tf-table").classList.toggle("tf-selecting", ctx.selectedCard() !== null && shell.isMyTurn());
    renderSeats(ctx, v, tb);
    renderMiddle(ctx, v);
    renderHand(ctx, v);
    renderTargets(ctx);
    renderChoices(ctx);
    state.flash = false;
    paintHint(ctx.root, shell.table());
  }

  /** The elements that show a hint (web/hint.js): the card to play and where it goes. */
  function hintTargets(hint, move) {
    const out = handCardsFor($("hand"), hint.cards);
    if (move) out.push(...targets(ctx).filter((el) => movesVia(ctx, el, [move]).length > 0));
    return out;
  }

  const mount = (felt) => {
    ctx.root = felt;
    mountTable(felt, TEMPLATE, shell.parts, () => wireInput(ctx));
    registerHint(felt, hintTargets);
  };

  return {
    mount, reset, onTable, render,
    renderControls: () => renderControls(ctx),
    turnText: () => turnText(ctx),
    describe: ctx.log.describe,
    annotate: ctx.log.annotate,
    meta: () => meta(ctx),
    fillScoreSheet: (parts) => fillScoreSheet(ctx, parts),
    focusFirst: () => focusFirstCard(ctx.root), nextLabel: () => t("tf.nextGame"),
  };
}
