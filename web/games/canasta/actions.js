// The canasta table's actions room: what web/tablekit.js reads from the renderer module
// (web/games/registry.js): the keyboard shortcuts, the action bar Undo goes into, the drop targets.

/**
 * Keyboard shortcuts: [key, button id, catalogue key of its name] (web/tablekit.js lists them in
 * the help overlay and presses the button; "u" is Undo, which tablekit puts into TOOLBAR).
 */
export const SHORTCUTS = [
  ["d", "btn-draw", "action.draw"], ["t", "btn-take", "action.take"], ["m", "btn-meld", "action.meld"],
  ["a", "btn-add", "action.add"], ["x", "btn-discard", "action.discard"], ["u", "btn-undo", "action.undo"],
  ["s", "btn-scores", "action.scores"],
];

/** The id of the action bar the Undo button goes into (web/tablekit.js mountUndo). */
export const TOOLBAR = "actions";

/**
 * Drop targets of a card dragged from the hand (web/tablekit.js wireDrag): [selector, (el, press)
 * => handled]. The dragged card is the selection by then; a drop presses the action's button (a
 * meld of the side first becomes the target of "add").
 */
export const DROPS = [
  ["#discard", (_el, press) => press(document.getElementById("btn-discard"))],
  ["#my-melds .meld", (el, press) => {
    if (el.getAttribute("aria-pressed") !== "true") el.click(); // make it the target of "add"
    return press(document.getElementById("btn-add"));
  }],
  ["#my-side", (_el, press) => press(document.getElementById("btn-meld"))],
];
