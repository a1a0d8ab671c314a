// Helpers shared by the game renderers (web/games/*.js): keyboard focus in groups of buttons,
// comparing hands, and the score sheet's table.

export const $ = (id) => document.getElementById(id);

/** Move the roving tab stop inside `box` (items matching `selector`) and focus it; returns the index. */
export function moveFocus(box, selector, from, delta, home) {
  const items = [...box.querySelectorAll(selector)];
  if (!items.length) return -1;
  let i = home === "start" ? 0 : home === "end" ? items.length - 1 : from + delta;
  i = Math.max(0, Math.min(items.length - 1, i));
  items.forEach((el, j) => { el.tabIndex = j === i ? 0 : -1; });
  items[i].focus();
  return i;
}

/** [delta, home] for an arrow/Home/End key, or null for any other key. */
export function keyDelta(ev) {
  switch (ev.key) {
    case "ArrowLeft": case "ArrowUp": return [-1, null];
    case "ArrowRight": case "ArrowDown": return [1, null];
    case "Home": return [0, "start"];
    case "End": return [0, "end"];
    default: return null;
  }
}

/** Indices of `next` whose cards were not in `prev` (counting duplicates). */
export function multisetDiffIndices(prev, next) {
  const count = new Map();
  for (const c of prev) count.set(c, (count.get(c) || 0) + 1);
  const fresh = new Set();
  next.forEach((c, i) => {
    const n = count.get(c) || 0;
    if (n > 0) count.set(c, n - 1); else fresh.add(i);
  });
  return fresh;
}

/**
 * Fill the score sheet's <table>: one column per entry of `columns` ({name}), one row per entry
 * of `rows` ({item, label, values, cls}); a row's `data-item` is its item.
 */
export function fillScoreTable(table, columns, rows) {
  table.replaceChildren();
  const hr = table.createTHead().insertRow();
  const corner = document.createElement("th");
  corner.scope = "col";
  hr.append(corner);
  for (const c of columns) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = c.name;
    if (c.cls) th.className = c.cls;
    hr.append(th);
  }
  const body = table.createTBody();
  for (const r of rows) {
    const tr = body.insertRow();
    if (r.cls) tr.className = r.cls;
    tr.dataset.item = r.item;
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = r.label;
    tr.append(th);
    r.values.forEach((val, i) => {
      const td = tr.insertCell();
      td.textContent = val === null || val === undefined ? "–" : String(val);
      if (typeof val === "number" && val < 0) td.classList.add("negative");
      if (columns[i] && columns[i].cls) td.classList.add(columns[i].cls);
    });
  }
}
