// Which table renderer draws which game. The page shell (web/app.js) is game-independent: it
// boots the engine, runs the new-game dialog, the status line, the move log and ticker, the
// score sheet dialog, the language switch and the computer's moves; a game renderer draws the
// table inside #felt and turns clicks into engine actions.
//
// Adding a game: write web/games/<family>/index.js (its rooms beside it: table.js, layout.js,
// log.js, actions.js, ...) exporting
//   families   the engine family names it draws (a variant descriptor's "family", from `hello`)
//   create(shell) -> renderer
//   OPTION_GROUPS  optional: [{id, open, options: [option names]}], the new-game dialog's groups of
//              rule options (titles: catalogue `optgroup.<id>`); without it the dialog lists the
//              match options first and the others under "More rule options"
//   SHORTCUTS  [[key, button id, catalogue key of its name]]: the table's keyboard shortcuts
//              (web/tablekit.js presses the button and lists them in the help overlay; "u" with
//              button "btn-undo" is Undo, shown only where the game has undo)
//   TOOLBAR    optional: the id of the action bar the Undo button goes into (tablekit mountUndo)
//   DROPS      optional: [[selector, (el, press) => handled]]: where a card dragged from the hand
//              may be dropped and what the drop does (the card is the selection by then; `press(b)`
//              presses button b as a person would, a disabled one saying why); tablekit wireDrag
//   shortcutButton(row)   optional: the button a SHORTCUTS row presses (default: its button id)
//   wireReasons(shell)    optional: make the disabled buttons of the action bar say why
//   explainButton(shell, id)   optional: say why the action of button `id` cannot be done now
//              (a key pressed at the wrong time); false for an id that is not one of its actions
// and list it in GAMES below. Variants whose family has no renderer are not offered. The page
// shell and tablekit name no family: what differs per game is in its module (issue #26).
//
// shell (what a renderer may use):
//   table(), view(), legal()   the current table (docs/protocol.md), its view, the human's legal moves
//   isMyTurn(), busy()         whether the human is to act, whether a request is under way
//   humanSeat, humanSeats()    the person's seat (0) and seats
//   seatName(seat)             "You" / "Computer" / "Computer 2" (translated)
//   act(action, entry, before) send {op:"act"}; on success log `entry` ({text, ...}: the move in
//                              notation) as the person's move, call before() and show the new
//                              table; on refusal show the engine's reason. Resolves to true/false.
//   setStatus(msg, kind)       msg {key, params} | {text} | {err}; kind "info" | "error"
//   clearError()               drop an error shown in the status line
//   render()                   redraw everything; openScoreSheet()
//   parts.turnInfo, parts.status   the shell's turn line + ticker and status line, for mount() to place
//
// renderer (what the shell calls):
//   mount(felt)                build the table's DOM in #felt and place shell.parts
//   reset()                    a new game or a restored one: forget selections
//   onTable(prev, next)        a new table arrives (already current); returns log entries to append
//   render()                   draw the table; renderControls() optional: only the buttons (busy)
//   turnText()                 the turn line
//   describe(entry)            the sentence for a log entry {who: "you"|"computer"|"sep"|..., seat, text, label}
//   annotate(entry, prev, next) optional: extra fields for a move's log entry, from the tables around it
//   meta()                     {hand, match}: the sidebar's line
//   fillScoreSheet({title, table, note, result})   the score dialog's parts
//   nextLabel()                optional: the text of the "next deal" button
//   focusFirst()               focus the first useful control after a deal
//   botDelay(table, normal)    optional: the pause (ms) before the computer's next move (e.g. none
//                              for a claim decision); `normal` is the shell's usual pause
// A log entry with `quiet: true` (set by the renderer's entry or annotate) is neither logged nor
// shown in the ticker (e.g. a pass in Continental's claim window).
import * as canasta from "./canasta/index.js";
import * as threefifty from "./threefifty/index.js";
import * as continental from "./continental/index.js";

export const GAMES = [canasta, threefifty, continental];

/** The engine family of a variant descriptor (older engines did not name it). */
export function familyOf(variant) {
  if (variant && variant.family) return variant.family;
  const id = variant && (variant.id || variant.variant || variant.name);
  if (id === "3-ist-50") return "threefifty";
  if (/^(canasta|kanaster)/.test(id || "")) return "canasta";
  return id || null;
}

/** The renderer module for a variant descriptor, or null. */
export function gameFor(variant) {
  const family = familyOf(variant);
  return GAMES.find((g) => g.families.includes(family)) || null;
}
