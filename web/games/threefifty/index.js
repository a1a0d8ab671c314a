// The 3 ist 50 table renderer (engine family threefifty, docs/rules/3-ist-50.md), in rooms:
// table.js (create: the table's closure), layout.js (the page of the table), log.js (log
// sentences), and here what web/tablekit.js reads (shortcuts, drop targets). This file is the
// module web/games/registry.js lists.

/** The engine families this renderer draws. */
export const families = ["threefifty"];
export { create } from "./table.js";

// ---------------------------------------------------------------- what web/tablekit.js reads

/** Keyboard shortcuts: [key, button id, catalogue key of its name] (web/tablekit.js; no Undo: 3 ist 50 has none). */
export const SHORTCUTS = [
  ["1", "tf-choice-1", "kit.key.choice1"], ["2", "tf-choice-2", "kit.key.choice2"],
  ["x", "tf-discard", "kit.key.tfDiscard"],
];

/** The button of a SHORTCUTS row: "1", "2" press that choice of the choice bar. */
export function shortcutButton(row) {
  if (/^\d$/.test(row[0])) return document.querySelectorAll("#tf-choices button")[Number(row[0]) - 1] || null;
  return document.getElementById(row[1]);
}

/**
 * Drop targets (web/tablekit.js wireDrag): choosing a card with a single play makes that play at
 * once (as a touch on it does), wherever it is dropped; a card with several plays is played onto
 * the target it is dropped on.
 */
export const DROPS = [[".tf-target", (el) => { el.click(); return true; }]];
