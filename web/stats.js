// Statistics per game, kept in this browser (localStorage "meldtable.stats"): hands played
// (every finished deal: a Canasta match to 5000 takes hours, #29 item 9), matches played and won
// and the best score, shown in the settings dialog and resettable (issue #13).
import { t } from "./i18n.js";

const KEY = "meldtable.stats";
const LOWEST_WINS = new Set(["continental", "threefifty"]); // minus points: lower is better

function load() {
  try {
    const s = JSON.parse(localStorage.getItem(KEY) || "{}");
    return s && typeof s === "object" && !Array.isArray(s) ? s : {};
  } catch (_) {
    return {};
  }
}

/** Count a finished hand (deal played out) of the variant of `table` (its hand_over turned true). */
export function recordDeal(table) {
  const v = table && table.view;
  if (!v || !table.hand_over || !v.variant) return;
  const all = load();
  const s = all[v.variant] && typeof all[v.variant] === "object" ? all[v.variant] : { played: 0, won: 0, best: null };
  s.deals = (Number(s.deals) || 0) + 1;
  all[v.variant] = s;
  try { localStorage.setItem(KEY, JSON.stringify(all)); } catch (_) { /* storage may be off */ }
}

/** Count a finished match (`table` with match_over) of `family` for its variant. */
export function recordMatch(table, family) {
  const v = table && table.view;
  if (!v || !table.match_over) return;
  const seat = table.seat ?? 0;
  const mine = family === "canasta" && Array.isArray(v.side_of_seat) ? v.side_of_seat[seat] : seat;
  const winners = (v.match && v.match.winners) || v.winners || [];
  const score = Array.isArray(v.scores) ? v.scores[mine] : null;
  const all = load();
  const s = all[v.variant] && typeof all[v.variant] === "object" ? all[v.variant] : { played: 0, won: 0, best: null };
  s.played = (Number(s.played) || 0) + 1;
  if (winners.includes(mine)) s.won = (Number(s.won) || 0) + 1;
  if (typeof score === "number") {
    const better = LOWEST_WINS.has(family) ? score < s.best : score > s.best;
    if (s.best === null || s.best === undefined || better) s.best = score;
  }
  all[v.variant] = s;
  try { localStorage.setItem(KEY, JSON.stringify(all)); } catch (_) { /* storage may be off */ }
}

/** Fill the <table> `el` with one row per game played: game, played, won, best score. */
export function fillStats(el) {
  const all = load();
  el.replaceChildren();
  const head = el.createTHead().insertRow();
  for (const k of ["kit.stats.game", "kit.stats.deals", "kit.stats.played", "kit.stats.won", "kit.stats.best"]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = t(k);
    head.append(th);
  }
  const body = el.createTBody();
  const ids = Object.keys(all);
  if (!ids.length) {
    const td = body.insertRow().insertCell();
    td.colSpan = 5;
    td.textContent = t("kit.stats.none");
    return;
  }
  for (const id of ids) {
    const s = all[id] || {};
    const tr = body.insertRow();
    tr.dataset.variant = id;
    const name = t("variant." + id);
    for (const val of [name === "variant." + id ? id : name, s.deals ?? 0, s.played ?? 0, s.won ?? 0, s.best ?? "–"]) {
      tr.insertCell().textContent = String(val);
    }
  }
}

export function resetStats() {
  try { localStorage.removeItem(KEY); } catch (_) { /* ignore */ }
}
