// The 3 ist 50 table's seats: the other players in playing order (their hidden hands and scores)
// and every player's minus pile, the person's own beside the hand. Every function takes the
// table's context (context.js) first.
import { t, cardName, rankOf, rankPlural } from "../../i18n.js";
import { cardBack } from "../../cards.js";
import { otherSeats, syncSeatSections, seatSection, face, slot, handCountText } from "../common.js";
import { RUN_SHOWN } from "./layout.js";

/** @typedef {import("./context.js").Ctx} Ctx */

const cardCount = (n) => (n === 1 ? t("tf.pile.sizeOne") : t("tf.pile.size", { n }));

/** The button of `seat`'s minus pile (made once, kept in state.piles). @param {Ctx} ctx @param {number} seat */
function pileButton(ctx, seat) {
  const { state } = ctx;
  let btn = state.piles.get(seat);
  if (!btn) {
    btn = document.createElement("button");
    btn.type = "button";
    btn.className = "tf-pile tf-target";
    btn.dataset.target = "pile";
    btn.dataset.seat = String(seat);
    if (seat === ctx.me()) btn.classList.add("tf-pile-own");
    state.piles.set(seat, btn);
  }
  return btn;
}

/**
 * A minus pile: its top run (all its cards when the game is over), caption and label.
 * @param {Ctx} ctx @param {HTMLElement} btn @param {any} p the view's pile @param {boolean} over
 */
function renderPile(ctx, btn, p, over) {
  const { state, shell } = ctx;
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
  const whose = seat === ctx.me() ? t("tf.pile.yours") : t("tf.pile.of", { name: shell.seatName(seat) });
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

/** The other seats and every minus pile. @param {Ctx} ctx @param {any} v @param {any} tb */
export function renderSeats(ctx, v, tb) {
  const { $, shell } = ctx;
  const me = ctx.me();
  const box = $("tf-opponents");
  const n = v.players;
  const over = Boolean(tb.hand_over);
  const toAct = tb.hand_over ? null : tb.to_act;
  // opponents in playing order, starting with my left neighbour
  syncSeatSections(box, otherSeats(me, n), (s) => {
    const sec = seatSection(s, "side tf-seat", `
          <div class="side-head tf-seat-head">
            <h2 class="side-name"></h2>
            <span class="side-score"></span>
          </div>
          <div class="tf-seat-row">
            <div class="opp-hand"><div class="backs"></div><span class="opp-count"></span></div>
            <div class="tf-pile-slot"></div>
          </div>`);
    sec.querySelector(".tf-pile-slot").append(pileButton(ctx, s));
    return sec;
  });
  for (const sec of box.querySelectorAll(".tf-seat")) {
    const s = Number(sec.dataset.seat);
    sec.querySelector(".side-name").textContent = shell.seatName(s) + (s === ctx.leftOf(me) ? " · " + t("tf.leftNeighbour") : "");
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
    renderPile(ctx, pileButton(ctx, s), v.piles[s], over);
  }
  const mySlot = $("tf-my-pile-slot");
  const mine = pileButton(ctx, me);
  if (mine.parentNode !== mySlot) mySlot.replaceChildren(mine);
  renderPile(ctx, mine, v.piles[me], over);
  $("tf-me").querySelector(".side-head").classList.toggle("to-act", toAct === me);
  $("tf-me").classList.toggle("tf-acting", toAct === me);
  $("tf-my-score").textContent = t("tf.scoreValue", { n: v.scores[me] ?? 0 });
  $("tf-my-score").hidden = !(v.games > 1 || over);
}
