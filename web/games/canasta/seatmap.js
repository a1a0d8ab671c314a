// The canasta table's seat map: every seat around a small table (sides in colours, partners
// marked, card counts, the dealer, the seat sitting out, who is to act). Takes the table's
// context (context.js).
import { t } from "../../i18n.js";
import { handCountText } from "../common.js";
import { mapPosition } from "./layout.js";

/** @typedef {import("./context.js").Ctx} Ctx */

/** The seat map (built once per number of seats, updated in place). @param {Ctx} ctx */
export function renderSeatMap(ctx) {
  const { $, shell } = ctx;
  const v = ctx.view();
  const tb = shell.table();
  const box = $("seat-map");
  const n = v.players;
  const seats = [...Array(n).keys()];
  if (box.dataset.seats !== String(n) + ":" + ctx.me()) {
    box.replaceChildren();
    box.dataset.seats = String(n) + ":" + ctx.me();
    box.dataset.count = String(n);
    for (const seat of seats) {
      const li = document.createElement("li");
      li.className = "seat-chip";
      li.dataset.seat = String(seat);
      const pos = mapPosition((seat - ctx.me() + n) % n, n);
      li.style.setProperty("--x", pos.x.toFixed(1) + "%");
      li.style.setProperty("--y", pos.y.toFixed(1) + "%");
      li.innerHTML = `<span class="seat-name" aria-hidden="true"><span class="seat-full"></span><span class="seat-short"></span></span>
          <span class="seat-count" aria-hidden="true"><span class="card back small"></span><span class="seat-n"></span></span>
          <span class="seat-dealer" aria-hidden="true"></span>`;
      box.append(li);
    }
  }
  const toAct = tb.hand_over ? null : tb.to_act;
  for (const li of box.querySelectorAll(".seat-chip")) {
    const seat = Number(li.dataset.seat);
    const name = shell.seatName(seat);
    const count = v.hand_counts[seat];
    const out = ctx.sitsOut(seat);
    li.dataset.sideColor = String(ctx.sideColor(v.side_of_seat[seat]));
    li.dataset.count = String(count);
    li.classList.toggle("to-act", toAct === seat);
    li.classList.toggle("sits-out", out);
    li.classList.toggle("partner", ctx.partnerOf(seat));
    li.classList.toggle("me", seat === ctx.me());
    li.querySelector(".seat-full").textContent = name;
    // a person's seat (pass-and-play, a friend on another device) by the first letters of the
    // name, a computer's as "C1"
    li.querySelector(".seat-short").textContent = seat === ctx.me() ? t("who.youShort")
      : shell.humanSeats().includes(seat) ? Array.from(shell.seatName(seat)).slice(0, 3).join("")
        : t("who.short", { n: seat });
    li.querySelector(".seat-n").textContent = out ? t("cn.sitsOut") : String(count);
    li.querySelector(".seat-count .card").hidden = out;
    const dealer = li.querySelector(".seat-dealer");
    dealer.textContent = t("cn.dealerMark");
    dealer.hidden = v.dealer !== seat;
    const parts = [out ? t("cn.seat.sitsOut") : handCountText(count)];
    if (ctx.partnerOf(seat)) parts.push(t("cn.seat.partner"));
    else if (seat !== ctx.me() && v.partnerships !== "none") parts.push(t("cn.seat.opponent"));
    if (v.dealer === seat) parts.push(t("cn.seat.dealer"));
    if (toAct === seat) parts.push(t("cn.seat.toAct"));
    li.setAttribute("aria-label", t("cn.seatLabel", { name, cards: parts.join(", ") }));
    li.title = li.getAttribute("aria-label");
  }
}
