// The canasta family's table (engine family canasta: two-hand Canasta, and Classic Canasta for
// 2 to 6 players with partnerships, docs/rules/): every seat around a small table map (sides in
// colours, partners marked, card counts, the dealer, the seat sitting out), each side's melds
// together, the stock and the discard pile, the person's side and hand, and the actions.
// Guidance as in Continental: the cards that can be melded or added now are marked, a meld of
// the person's side is a click target for "add", the initial-meld progress stays in view above
// the hand, and a disabled action says why when it is touched (a hint of the page, or the
// engine's own reason: the action is sent and the engine's refusal shown; the engine only
// refuses, it never changes the game for it).
//
// This file is the composition (index.js exports the renderer contract of web/games/registry.js):
// create(shell) makes the context (context.js: state and readers of the table), keeps the log
// entries the page adds (red threes, the cut) and wires the rooms, each a set of functions of
// that context:
//   seatmap.js   every seat around the small table map
//   sides.js     each side's head, the opponents' sides, the person's side
//   melds.js     a side's melds (the person's are the targets of "add")
//   piles.js     the stock and the discard pile with its markers
//   hand.js      the person's hand and the initial-meld progress above it
//   moves.js     what the legal moves allow with the selection (usable cards, meld, add, bury)
//   controls.js  the action bar, the turn line
//   score.js     the score sheet
//   actions.js   what the person does (selection, buttons, piles, keys, drops) and what is sent
//   layout.js    the page of the table (TEMPLATE) and its geometry; log.js the log sentences
import { t } from "../../i18n.js";
import { registerHint, paintHint, handCardsFor } from "../../hint.js";
import { freshIndices, mountTable, focusFirstCard } from "../common.js";
import { wireInput } from "./actions.js";
import { makeContext } from "./context.js";
import { renderButtons, turnText } from "./controls.js";
import { renderHand, renderProgress } from "./hand.js";
import { TEMPLATE } from "./layout.js";
import { renderCenter } from "./piles.js";
import { meta, fillScoreSheet } from "./score.js";
import { renderSeatMap } from "./seatmap.js";
import { renderOpponents, renderMySide } from "./sides.js";

/** The canasta table renderer for `shell` (web/games/registry.js). */
export function create(shell) {
  const ctx = makeContext(shell);
  const { state, $, sideData, sideSeats, mySide } = ctx;

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

  function render() {
    const v = ctx.view();
    const felt = ctx.root;
    felt.dataset.stage = ctx.stage() || "";
    felt.dataset.players = String(v.players);
    felt.dataset.partnerships = v.partnerships || "none";
    felt.dataset.sittingOut = v.sitting_out === null || v.sitting_out === undefined ? "" : String(v.sitting_out);
    renderSeatMap(ctx);
    renderOpponents(ctx);
    renderCenter(ctx);
    renderMySide(ctx);
    renderHand(ctx);
    renderProgress(ctx);
    renderButtons(ctx);
    paintHint(ctx.root, shell.table());
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

  ctx.sideTitle = sideTitle;

  const mount = (felt) => {
    ctx.root = felt;
    mountTable(felt, TEMPLATE, shell.parts, () => wireInput(ctx));
    registerHint(felt, hintTargets);
  };

  return {
    mount, reset, onTable, render,
    renderControls: () => renderButtons(ctx),
    turnText: () => turnText(ctx),
    describe: ctx.log.describe,
    annotate: ctx.log.annotate,
    meta: () => meta(ctx),
    fillScoreSheet: (parts) => fillScoreSheet(ctx, parts),
    focusFirst: () => focusFirstCard(ctx.root),
  };
}
