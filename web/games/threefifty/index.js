// The 3 ist 50 table renderer (engine family threefifty, docs/rules/3-ist-50.md), in rooms:
// table.js (create: the composition), context.js (state and readers), seats.js, middle.js,
// hand.js, targets.js, controls.js, score.js (drawing), actions.js (the person's input and what
// web/tablekit.js reads: shortcuts, drop targets), layout.js (the page of the table), log.js (log
// sentences). This file is the module web/games/registry.js lists.

/** The engine families this renderer draws. */
export const families = ["threefifty"];
export { create } from "./table.js";
export { SHORTCUTS, shortcutButton, DROPS } from "./actions.js";
