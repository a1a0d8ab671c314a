// The canasta table's sides: the head of each side (score, melded points, canastas, the initial
// meld's minimum, red threes), the opponents' sides with their melds, and the person's side.
// Every function takes the table's context (context.js) first.
import { t, tp, cardName } from "../../i18n.js";
import { face } from "../common.js";
import { renderMelds } from "./melds.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** A side's head. @param {Ctx} ctx @param {any} head its element @param {number} side */
export function renderSideHead(ctx, head, side) {
  const { shell } = ctx;
  const s = ctx.sideData(side);
  const v = ctx.view();
  const toAct = shell.table().to_act;
  const acting = toAct !== null && toAct !== undefined && v.side_of_seat[toAct] === side && !shell.table().hand_over;
  head.classList.toggle("to-act", acting);
  const score = head.querySelector(".side-score");
  score.textContent = t("table.scoreValue", { n: (v.scores && v.scores[side]) ?? s.score ?? 0 });
  // the running value of the cards this side has melded in this hand (issue #13)
  const melded = head.querySelector(".side-melded");
  if (melded) {
    const pts = (s.melds || []).reduce((n, m) => n + (Number(m.points) || 0), 0);
    melded.textContent = tp("kit.melded", pts);
    melded.dataset.points = String(pts);
  }
  const can = head.querySelector(".side-canastas");
  const need = v.canastas_to_go_out;
  if (can && need) {
    const made = s.canastas ?? 0; // "Canastas: 2 ✓" once enough, not "2/1" (#29 item 9)
    can.textContent = made >= need ? ctx.tw("cn.canastasEnough", { n: made }) : ctx.tw("cn.canastasShort", { n: made, need });
    can.title = ctx.tw("cn.canastasTitle", { n: s.canastas ?? 0, need });
    can.classList.toggle("enough", (s.canastas ?? 0) >= need);
  }
  const min = head.querySelector(".side-minimum");
  if (!s.melded && s.minimum !== undefined && s.minimum !== null) {
    const turn = v.turn || {};
    const mineNow = acting && turn.initial_meld_points > 0;
    min.textContent = mineNow ? t("table.minimumProgress", { have: turn.initial_meld_points, n: s.minimum })
      : t("table.minimum", { n: s.minimum });
    min.hidden = false;
  } else {
    min.textContent = "";
    min.hidden = true;
  }
  const r3 = head.querySelector(".red-threes");
  r3.replaceChildren();
  const threes = s.red_threes || [];
  if (threes.length) {
    r3.setAttribute("aria-label", t("table.redThrees") + ": " + threes.map(cardName).join(", "));
    r3.setAttribute("role", "img");
    r3.title = t("table.redThrees");
    for (const c of threes) r3.append(face(c, "mini"));
  }
  r3.hidden = threes.length === 0;
}

/** The opponents' sides (one section per side, built once). @param {Ctx} ctx */
export function renderOpponents(ctx) {
  const { $ } = ctx;
  const v = ctx.view();
  const box = $("opponents");
  const me0 = ctx.mySide();
  const sides = (v.sides || []).map((s) => s.side).filter((s) => s !== me0);
  // Build one section per opponent side once; update in place afterwards.
  if (box.dataset.sides !== sides.join(",")) {
    box.replaceChildren();
    for (const side of sides) {
      const sec = document.createElement("section");
      sec.className = "side side-opponent";
      sec.dataset.side = String(side);
      sec.innerHTML = `
          <div class="side-head">
            <h2 class="side-name"></h2>
            <span class="side-score"></span>
            <span class="side-melded"></span>
            <span class="side-canastas"></span>
            <span class="side-minimum"></span>
            <span class="red-threes"></span>
          </div>
          <div class="melds melds-opponent"></div>`;
      box.append(sec);
    }
    box.dataset.sides = sides.join(",");
    box.dataset.count = String(sides.length);
  }
  for (const sec of box.querySelectorAll(".side-opponent")) {
    const side = Number(sec.dataset.side);
    sec.dataset.sideColor = String(ctx.sideColor(side));
    sec.dataset.seats = ctx.sideSeats(side).join(" ");
    sec.dataset.counts = ctx.sideSeats(side).map((s) => v.hand_counts[s]).join(" ");
    sec.querySelector(".side-name").textContent = ctx.sideName(side);
    renderSideHead(ctx, sec.querySelector(".side-head"), side);
    renderMelds(ctx, sec.querySelector(".melds"), side, false);
  }
}

/** The person's side: its name, head and melds. @param {Ctx} ctx */
export function renderMySide(ctx) {
  const { $ } = ctx;
  const side = ctx.mySide();
  $("my-side-title").textContent = ctx.sideName(side);
  $("my-side").dataset.seats = ctx.sideSeats(side).join(" ");
  $("my-side").dataset.counts = ctx.sideSeats(side).map((s) => ctx.view().hand_counts[s]).join(" ");
  renderSideHead(ctx, $("my-side").querySelector(".side-head"), side);
  renderMelds(ctx, $("my-melds"), side, true);
  $("my-melds").setAttribute("aria-label", t("table.melds"));
}
