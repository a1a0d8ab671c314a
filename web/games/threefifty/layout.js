// The 3 ist 50 table's layout room: the page of the table (TEMPLATE, the elements create() in
// table.js fills), the score sheet's rows; no game state.

/** The rows of the score sheet (the engine's result items), in order. */
export const SCORE_ITEMS = ["threes", "aces", "pictures", "numbers", "jokers"];
export const RUN_SHOWN = 6;      // cards of a pile's top run drawn overlapping

export const TEMPLATE = `<div class="tf-table" id="tf-table">
  <section class="tf-opponents" id="tf-opponents" data-i18n-attr="aria-label:tf.opponents"></section>

  <section class="tf-middle" aria-labelledby="tf-middle-title">
    <h2 id="tf-middle-title" class="visually-hidden" data-i18n="tf.middle">The middle</h2>
    <div class="tf-middle-cards">
      <div class="tf-centre-box">
        <div class="tf-centre" id="tf-centre" role="group" data-i18n-attr="aria-label:tf.centre"></div>
        <div class="pile-caption" data-i18n="tf.centre">Centre cards</div>
      </div>
      <button type="button" class="tf-discard tf-target" id="tf-discard" data-target="discard">
        <span class="pile-cards tf-discard-cards" aria-hidden="true"></span>
        <span class="pile-caption" aria-hidden="true"><span data-i18n="table.discard">Discard pile</span> · <span class="tf-discard-size"></span></span>
      </button>
      <div class="tf-stock" id="tf-stock">
        <span class="pile-cards tf-stock-cards" aria-hidden="true"></span>
        <span class="pile-caption"><span data-i18n="table.stock">Stock</span> · <span class="tf-stock-count"></span></span>
        <span class="pile-caption tf-round"></span>
      </div>
    </div>
    <div data-slot="turn-info"></div>
  </section>

  <section class="tf-me side" id="tf-me" aria-labelledby="tf-me-title">
    <div class="side-head tf-seat-head">
      <h2 id="tf-me-title" class="side-name" data-i18n="table.you">You</h2>
      <span class="side-score" id="tf-my-score"></span>
      <span class="hint-slot"></span>
    </div>
    <div class="tf-me-row">
      <div class="tf-pile-slot" id="tf-my-pile-slot"></div>
      <div class="tf-hand-box">
        <h3 class="visually-hidden" data-i18n="table.yourHand">Your hand</h3>
        <div id="hand" class="hand tf-hand" role="group" data-i18n-attr="aria-label:table.yourHand"></div>
      </div>
    </div>
  </section>

  <div class="action-bar tf-action-bar">
    <div id="tf-choices" class="tf-choices" role="group" data-i18n-attr="aria-label:tf.choices" hidden></div>
    <div data-slot="status"></div>
  </div>
</div>`;
