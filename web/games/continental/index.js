// Continental's table renderer (engine family continental, docs/rules/continental.md), in rooms:
// table.js (create: the table's closure), layout.js (the page of the table, words of contracts),
// log.js (log sentences), actions.js (shortcuts, Undo's bar, drop targets, reasons of disabled
// buttons). This file is the module web/games/registry.js lists.

/** The engine families this renderer draws. */
export const families = ["continental"];
export { create } from "./table.js";
export { SHORTCUTS, TOOLBAR, DROPS, wireReasons, explainButton } from "./actions.js";
export { contractText } from "./layout.js";
