// The 3 ist 50 table renderer (engine family threefifty, docs/rules/3-ist-50.md), in rooms:
// table.js (create: the table's closure), layout.js (the page of the table), log.js (log
// sentences), actions.js (shortcuts, drop targets). This file is the module web/games/registry.js lists.

/** The engine families this renderer draws. */
export const families = ["threefifty"];
export { create } from "./table.js";
export { SHORTCUTS, shortcutButton, DROPS } from "./actions.js";
