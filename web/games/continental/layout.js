// The Continental table's layout room: the page of the table (TEMPLATE, the elements create() in
// table.js fills) and the small helpers of its words and order; no game state.
import { t, rankOf, suitOf } from "../../i18n.js";
import { shortCard } from "../common.js";

const RANK_ORDER = "A23456789TJQK";
const SUIT_ORDER = "CDHS";

/** The page of the table (create() fills it). */
export const TEMPLATE = `<div class="ct-table" id="ct-table">
  <header class="ct-contract" id="ct-contract">
    <p class="ct-contract-line">
      <span class="ct-deal" id="ct-deal"></span>
      <strong class="ct-contract-name" id="ct-contract-name"></strong>
      <span class="ct-contract-cards" id="ct-contract-cards"></span>
    </p>
    <details class="ct-contracts">
      <summary data-i18n="ct.allDeals">All deals</summary>
      <ol id="ct-contract-list" class="ct-contract-list"></ol>
    </details>
  </header>

  <section class="ct-seats" id="ct-seats" data-i18n-attr="aria-label:ct.others"></section>

  <section class="ct-middle" aria-labelledby="ct-middle-title">
    <h2 id="ct-middle-title" class="visually-hidden" data-i18n="ct.middle">Stocks and discard pile</h2>
    <div class="ct-piles">
      <button type="button" class="ct-pile ct-stock" id="ct-stock">
        <span class="pile-cards ct-stock-cards" aria-hidden="true"></span>
        <span class="pile-caption" aria-hidden="true"><span data-i18n="table.stock">Stock</span> · <span class="ct-stock-count"></span></span>
      </button>
      <div class="ct-pile ct-penalty" id="ct-penalty">
        <span class="pile-cards ct-penalty-cards" aria-hidden="true"></span>
        <span class="pile-caption"><span data-i18n="ct.penaltyStock">Penalty stock</span> · <span class="ct-penalty-count"></span></span>
      </div>
      <button type="button" class="ct-pile ct-discard" id="ct-discard">
        <span class="pile-cards ct-discard-cards" aria-hidden="true"></span>
        <span class="pile-caption" aria-hidden="true"><span data-i18n="table.discard">Discard pile</span> · <span class="ct-discard-size"></span></span>
        <span class="pile-caption ct-discard-from" aria-hidden="true"></span>
      </button>
    </div>
    <div data-slot="turn-info"></div>
  </section>

  <section class="ct-claim" id="ct-claim" role="region" aria-labelledby="ct-claim-title" hidden>
    <div class="ct-claim-card" id="ct-claim-card" aria-hidden="true"></div>
    <div class="ct-claim-main">
      <h2 id="ct-claim-title" class="ct-claim-title"></h2>
      <p id="ct-claim-text" class="ct-claim-text"></p>
      <p class="ct-claim-penalty"><span class="ct-penalty-badge" data-i18n="ct.claim.penaltyBadge">+1 penalty card</span> <span id="ct-claim-penalty-text"></span></p>
      <div class="ct-claim-timer" aria-hidden="true"><div class="ct-claim-bar" id="ct-claim-bar"></div></div>
      <p class="ct-claim-left" id="ct-claim-left"></p>
      <div class="ct-claim-buttons">
        <button type="button" class="btn btn-primary" id="ct-btn-claim" aria-describedby="ct-claim-text ct-claim-penalty-text"></button>
        <button type="button" class="btn" id="ct-btn-pass" data-i18n="ct.claim.pass">Pass</button>
      </div>
    </div>
  </section>

  <section class="ct-me side" id="ct-me" aria-labelledby="ct-me-title">
    <div class="side-head">
      <h2 id="ct-me-title" class="side-name" data-i18n="table.you">You</h2>
      <span class="ct-down-badge" id="ct-my-down"></span>
      <span class="side-score" id="ct-my-score"></span>
    </div>
    <div class="ct-combos ct-my-combos" id="ct-my-combos" role="group" data-i18n-attr="aria-label:ct.yourCombos"></div>
    <div class="ct-hand-tools">
      <h3 class="ct-hand-title" data-i18n="table.yourHand">Your hand</h3>
      <button type="button" class="btn btn-ghost btn-small" id="ct-sort"></button>
      <label class="ct-never"><input type="checkbox" id="ct-never-claim"> <span data-i18n="ct.neverClaim">Never take out of turn</span></label>
    </div>
    <div id="hand" class="hand ct-hand" role="group" data-i18n-attr="aria-label:table.yourHand"></div>
  </section>

  <div class="action-bar ct-action-bar">
    <div class="actions" role="toolbar" id="ct-actions" data-i18n-attr="aria-label:actions.label">
      <button type="button" class="btn btn-action" id="ct-btn-draw" data-i18n="ct.action.draw">Draw</button>
      <button type="button" class="btn btn-action" id="ct-btn-take"></button>
      <button type="button" class="btn btn-action" id="ct-btn-set" data-i18n="ct.action.set">Lay set</button>
      <button type="button" class="btn btn-action" id="ct-btn-run" data-i18n="ct.action.run">Lay run</button>
      <button type="button" class="btn btn-action" id="ct-btn-discard"></button>
      <button type="button" class="btn btn-ghost btn-small" id="ct-btn-clear" data-i18n="action.clear">Clear selection</button>
      <button type="button" class="btn btn-primary" id="ct-btn-scores" data-i18n="action.scores" hidden>Scores</button>
    </div>
    <div id="ct-choices" class="ct-choices" role="group" data-i18n-attr="aria-label:ct.choices" hidden></div>
    <div data-slot="status"></div>
  </div>
</div>`;

/** Card texts as short glyph texts, space-separated. */
export const shortCards = (cards) => cards.map(shortCard).join(" ");

/** "two sets and a run" in the page's language. */
export function contractText(sets, runs) {
  const parts = [];
  if (sets) parts.push(t("ct.contract.sets." + Math.min(sets, 4)));
  if (runs) parts.push(t("ct.contract.runs." + Math.min(runs, 4)));
  return parts.join(t("ct.contract.and"));
}

export function sortedIndices(hand, by) {
  const idx = hand.map((_, i) => i);
  if (by !== "rank") return idx; // the engine sorts by suit, then rank
  const key = (c) => (c === "JK" ? [99, 0] : [RANK_ORDER.indexOf(rankOf(c)), SUIT_ORDER.indexOf(suitOf(c))]);
  return idx.sort((a, b) => {
    const ka = key(hand[a]), kb = key(hand[b]);
    return ka[0] - kb[0] || ka[1] - kb[1] || a - b;
  });
}

/** Whether multiset `small` is contained in multiset `big` (arrays of card texts). */
export function within(small, big) {
  const count = new Map();
  for (const c of big) count.set(c, (count.get(c) || 0) + 1);
  for (const c of small) {
    const n = count.get(c) || 0;
    if (!n) return false;
    count.set(c, n - 1);
  }
  return true;
}
export const sameCards = (a, b) => a.length === b.length && within(a, b);
