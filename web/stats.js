// Statistics per game, kept in this browser (localStorage "meldtable.stats"): hands played
// (every finished deal: a Canasta match to 5000 takes hours, #29 item 9), matches played and won
// and the best score, shown in the settings dialog and resettable (issue #13); each also per
// opponent level (`levels`: "easy", "normal", "strong", "mixed", "people"; issue #27).
import { t, has } from "./i18n.js";

/** @typedef {Record<string, any>} Table  the engine's table answer (docs/protocol.md) */

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

const fresh = () => ({ played: 0, won: 0, best: null });

/** The record of one variant (`all[id]`) and of its opponent `level` in it (null when no level). */
function entries(all, id, level) {
  const s = all[id] && typeof all[id] === "object" ? all[id] : fresh();
  all[id] = s;
  if (typeof level !== "string" || !level) return [s];
  if (!s.levels || typeof s.levels !== "object" || Array.isArray(s.levels)) s.levels = {};
  const l = s.levels[level] && typeof s.levels[level] === "object" ? s.levels[level] : fresh();
  s.levels[level] = l;
  return [s, l];
}

/** Count a finished hand (deal played out) of the variant of `table` (its hand_over turned true),
 * also under the opponents' `level` ("easy", "normal", "strong", "mixed", "people").
 * @param {Table | null} table
 * @param {string | null} [level]
 * @returns {void}
 */
export function recordDeal(table, level = null) {
  const v = table && table.view;
  if (!v || !table.hand_over || !v.variant) return;
  const all = load();
  for (const s of entries(all, v.variant, level)) s.deals = (Number(s.deals) || 0) + 1;
  try { localStorage.setItem(KEY, JSON.stringify(all)); } catch (_) { /* storage may be off */ }
}

/** Count a finished match (`table` with match_over) of `family` for its variant, also under the
 * opponents' `level`.
 * @param {Table | null} table
 * @param {string} family  "canasta", "continental" or "threefifty"
 * @param {string | null} [level]
 * @returns {void}
 */
export function recordMatch(table, family, level = null) {
  const v = table && table.view;
  if (!v || !table.match_over) return;
  const seat = table.seat ?? 0;
  const mine = family === "canasta" && Array.isArray(v.side_of_seat) ? v.side_of_seat[seat] : seat;
  const winners = (v.match && v.match.winners) || v.winners || [];
  const score = Array.isArray(v.scores) ? v.scores[mine] : null;
  const all = load();
  for (const s of entries(all, v.variant, level)) {
    s.played = (Number(s.played) || 0) + 1;
    if (winners.includes(mine)) s.won = (Number(s.won) || 0) + 1;
    if (typeof score === "number") {
      const better = LOWEST_WINS.has(family) ? score < s.best : score > s.best;
      if (s.best === null || s.best === undefined || better) s.best = score;
    }
  }
  try { localStorage.setItem(KEY, JSON.stringify(all)); } catch (_) { /* storage may be off */ }
}

const LEVEL_ORDER = ["easy", "normal", "strong", "mixed", "people"];
const levelName = (l) => (l === "mixed" || l === "people" ? t("seats.stats." + l) : has("seats.level." + l) ? t("seats.level." + l) : l);

/** Fill the <table> `el` with one row per game played (game, hands, played, won, best score) and
 * below it one row per opponent level it was played against ("Kanaster · against strong").
 * @param {HTMLTableElement} el
 * @returns {void}
 */
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
    const game = name === "variant." + id ? id : name;
    for (const val of [game, s.deals ?? 0, s.played ?? 0, s.won ?? 0, s.best ?? "–"]) {
      tr.insertCell().textContent = String(val);
    }
    const levels = s.levels && typeof s.levels === "object" ? Object.keys(s.levels) : [];
    const rank = (x) => (LEVEL_ORDER.includes(x) ? LEVEL_ORDER.indexOf(x) : LEVEL_ORDER.length);
    levels.sort((a, b) => rank(a) - rank(b));
    for (const level of levels) {
      const l = s.levels[level] || {};
      const row = body.insertRow();
      row.className = "stats-level";
      row.dataset.variant = id;
      row.dataset.level = level;
      for (const val of [t("seats.stats.level", { game, level: levelName(level) }), l.deals ?? 0, l.played ?? 0, l.won ?? 0, l.best ?? "–"]) {
        row.insertCell().textContent = String(val);
      }
    }
  }
}

/**
 * Forget every statistic of this browser.
 * @returns {void}
 */
export function resetStats() {
  try { localStorage.removeItem(KEY); } catch (_) { /* ignore */ }
}
