// The canasta table's layout room: the page of the table (TEMPLATE, the elements create() in
// table.js fills), the score sheet's rows and the seat map's geometry; no game state.

/** The rows of the score sheet (the engine's result items), in order. */
export const SCORE_ITEMS = ["melded_cards", "hand_cards", "going_out", "concealed", "early_out", "natural_canastas",
  "mixed_canastas", "wild_canastas", "hand_canastas", "red_threes"];

export const TEMPLATE = `<div class="cn-table" id="cn-table">
  <div id="opponents" class="opponents" role="group" data-i18n-attr="aria-label:cn.opponents"></div>

  <section class="center" aria-labelledby="center-title">
    <h2 id="center-title" class="visually-hidden" data-i18n="table.stock">Stock</h2>
    <ol class="seat-map" id="seat-map" data-i18n-attr="aria-label:cn.seats"></ol>
    <div class="piles">
      <button type="button" class="pile pile-stock" id="stock">
        <span class="pile-cards" id="stock-cards" aria-hidden="true"></span>
        <span class="pile-caption" aria-hidden="true"><span data-i18n="table.stock">Stock</span> · <span id="stock-count"></span></span>
      </button>
      <button type="button" class="pile pile-discard" id="discard">
        <span class="pile-cards" id="discard-cards" aria-hidden="true"></span>
        <span class="pile-caption" aria-hidden="true"><span data-i18n="table.discard">Discard pile</span> · <span id="discard-size"></span></span>
        <span class="pile-markers">
          <span id="frozen-marker" class="marker marker-frozen" hidden>❄ <span data-i18n="table.frozen">Frozen</span></span>
          <span id="closed-marker" class="marker marker-closed" hidden>✕ <span data-i18n="cn.frozenForYou">Closed for you</span></span>
          <span id="blocked-marker" class="marker marker-blocked" hidden>⊘ <span data-i18n="table.blocked">Blocked</span><span id="blocked-ranks"></span></span>
        </span>
      </button>
    </div>
    <div data-slot="turn-info"></div>
  </section>

  <section id="my-side" class="side side-mine" data-side-color="0" aria-labelledby="my-side-title">
    <div class="side-head">
      <h2 id="my-side-title" class="side-name">You</h2>
      <span class="side-score" id="my-score"></span>
      <span class="side-melded" id="my-melded"></span>
      <span class="side-canastas" id="my-canastas"></span>
      <span class="side-minimum" id="my-minimum"></span>
      <span class="red-threes" id="my-red-threes"></span>
    </div>
    <div class="melds melds-mine" id="my-melds" role="group"></div>
  </section>

  <section class="hand-area" aria-labelledby="hand-title">
    <h2 id="hand-title" class="visually-hidden" data-i18n="table.yourHand">Your hand</h2>
    <p class="meld-progress" id="meld-progress" aria-live="polite"></p>
    <p class="partner-question" id="partner-question" role="status" hidden></p>
    <div id="hand" class="hand" role="group" data-i18n-attr="aria-label:table.yourHand"></div>
    <div class="action-bar">
    <div class="actions" role="toolbar" id="actions" data-i18n-attr="aria-label:actions.label">
      <button type="button" class="btn btn-action" id="btn-draw" data-action="draw" data-i18n="action.draw">Draw</button>
      <button type="button" class="btn btn-action" id="btn-take" data-action="take" data-i18n="action.take">Take pile</button>
      <button type="button" class="btn btn-action" id="btn-meld" data-action="meld" data-i18n="action.meld">Meld</button>
      <button type="button" class="btn btn-action" id="btn-add" data-action="add" data-i18n="action.add">Add to meld</button>
      <button type="button" class="btn btn-action" id="btn-bury" data-i18n="action.bury" hidden>Lay under canasta</button>
      <button type="button" class="btn btn-action btn-discard" id="btn-discard" data-action="discard">Discard</button>
      <button type="button" class="btn btn-action" id="btn-pass" data-i18n="action.pass" hidden>Pass (ends the hand)</button>
      <button type="button" class="btn btn-action" id="btn-ask" data-i18n="action.ask" hidden>Ask partner: may I go out?</button>
      <button type="button" class="btn btn-primary" id="btn-yes" data-i18n="action.yes" hidden>Yes, go out</button>
      <button type="button" class="btn btn-action" id="btn-no" data-i18n="action.no" hidden>No, not yet</button>
      <button type="button" class="btn btn-ghost btn-small" id="btn-clear" data-i18n="action.clear">Clear selection</button>
      <button type="button" class="btn btn-primary" id="btn-scores" data-i18n="action.scores" hidden>Scores</button>
    </div>
    <div data-slot="status"></div>
    </div>
  </section>
</div>`;

/** Whether multiset `small` (card texts) is contained in multiset `big`. */
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

/** Position of the seat `k` places after the person's (who sits at the bottom; play goes to the left). */
export function mapPosition(k, n) {
  const angle = Math.PI / 2 + (2 * Math.PI * k) / n;
  return { x: 50 + 36 * Math.cos(angle), y: 50 + 36 * Math.sin(angle) };
}
