// The Continental table's claim window: when the engine asks the person to `claim` or `pass` a
// discard out of turn, a prompt with the card, the penalty and a countdown (after which the page
// passes), or an immediate pass when "never take out of turn" is set. Every function takes the
// table's context (context.js) first.
import { t, cardName } from "../../i18n.js";
import { shortCard, face } from "../common.js";
import { store } from "./context.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** @param {Ctx} ctx */
export function stopClaimTimer(ctx) {
  clearInterval(ctx.state.claimTimer);
  ctx.state.claimTimer = null;
}

/**
 * A new table: start the person's claim prompt, or pass at once, or close a prompt.
 * @param {Ctx} ctx
 * @param {any} tb the new table
 */
export function onClaim(ctx, tb) {
  const { state } = ctx;
  const asked = tb.to_act_is_human && !tb.hand_over && tb.view.phase === "claim";
  if (!asked) {
    stopClaimTimer(ctx);
    state.claimFor = null;
    return;
  }
  if (state.claimFor === tb) return;
  state.claimFor = tb;
  stopClaimTimer(ctx);
  if (state.neverClaim) {
    state.autoPassed += 1;
    setTimeout(() => passFor(ctx, tb, "auto"), 0);
    return;
  }
  state.prompts += 1;
  if (!ctx.claimTimeoutMs) return; // no countdown: the prompt waits
  state.claimDeadline = performance.now() + ctx.claimTimeoutMs;
  state.claimTimer = setInterval(() => tickClaim(ctx, tb), 200);
}

/** @param {Ctx} ctx @param {any} tb */
function tickClaim(ctx, tb) {
  const { shell, state } = ctx;
  if (shell.table() !== tb) { stopClaimTimer(ctx); return; }
  const left = state.claimDeadline - performance.now();
  renderClaimTimer(ctx);
  if (left <= 0 && !shell.busy()) {
    stopClaimTimer(ctx);
    state.timedOut += 1;
    passFor(ctx, tb, "timeout");
  }
}

/**
 * Pass the claim window of `tb` (if it is still the current table).
 * @param {Ctx} ctx @param {any} tb @param {string} why "auto" or "timeout"
 */
function passFor(ctx, tb, why) {
  const { shell } = ctx;
  if (shell.table() !== tb || !ctx.myClaim()) return;
  if (shell.busy()) { setTimeout(() => passFor(ctx, tb, why), 50); return; }
  ctx.act({ type: "pass" }, { text: "pass", quiet: true, why });
}

/** The person claims the discard (the prompt's button, key C). @param {Ctx} ctx */
export function claimNow(ctx) {
  if (!ctx.myClaim()) return;
  stopClaimTimer(ctx);
  ctx.act({ type: "claim" }, { text: "claim" });
}

/** The person passes (the prompt's button, key P). @param {Ctx} ctx */
export function passNow(ctx) {
  if (!ctx.myClaim()) return;
  stopClaimTimer(ctx);
  ctx.act({ type: "pass" }, { text: "pass", quiet: true });
}

/** The "never take out of turn" box. @param {Ctx} ctx @param {boolean} on */
export function setNeverClaim(ctx, on) {
  ctx.state.neverClaim = on;
  store("neverClaim", on ? "1" : "0");
  if (on && ctx.myClaim()) passNow(ctx);
  else ctx.render();
}

/** @param {Ctx} ctx */
function renderClaimTimer(ctx) {
  const { $, state, claimTimeoutMs } = ctx;
  $("ct-claim-bar").parentElement.hidden = !claimTimeoutMs;
  $("ct-claim-left").hidden = !claimTimeoutMs;
  if (!claimTimeoutMs) { delete $("ct-claim").dataset.left; return; }
  const left = Math.max(0, state.claimDeadline - performance.now());
  const frac = claimTimeoutMs ? left / claimTimeoutMs : 0;
  $("ct-claim-bar").style.transform = `scaleX(${frac.toFixed(3)})`;
  $("ct-claim-left").textContent = t("ct.claim.left", { n: Math.ceil(left / 1000) });
  $("ct-claim").dataset.left = String(Math.ceil(left / 1000));
}

/** The claim prompt (and the felt's counters of claim windows, for tests). @param {Ctx} ctx */
export function renderClaim(ctx) {
  const { $, shell, state } = ctx;
  const box = $("ct-claim");
  const v = ctx.view();
  const show = ctx.myClaim() && !state.neverClaim && Boolean(v.claim);
  const felt = ctx.root;
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
  else if (c.discarder === ctx.me()) from = t("ct.claim.fromYou", { card: cardName(c.card) });
  else from = t("ct.claim.from", { name: shell.seatName(c.discarder), card: cardName(c.card) });
  $("ct-claim-text").textContent = from;
  $("ct-claim-penalty-text").textContent = t(c.penalty_from === "main_stock" ? "ct.claim.penaltyMain" : "ct.claim.penalty");
  const take = $("ct-btn-claim");
  take.textContent = t("ct.claim.take", { card: shortCard(c.card) });
  take.disabled = shell.busy();
  $("ct-btn-pass").disabled = shell.busy();
  renderClaimTimer(ctx);
  box.hidden = false;
  if (wasHidden) {
    box.scrollIntoView({ block: "nearest" });
    take.focus({ preventScroll: true });
  }
}
