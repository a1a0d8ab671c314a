// The 3 ist 50 table's context: the state of the person's table (the chosen card, focus, the minus
// piles' buttons) and the readers of the shell's table that every room uses. create() in table.js
// makes one per renderer and hands it to the rooms (seats.js, middle.js, hand.js, targets.js,
// controls.js, score.js, actions.js) as their first parameter.
import { t } from "../../i18n.js";
import { scopedLookup } from "../common.js";
import { makeLog } from "./log.js";

/**
 * The person's side of the table, kept between renders.
 * @typedef {object} State
 * @property {number|null} selected index into view.hand
 * @property {number} focusIndex roving tab stop in the hand
 * @property {number} centreFocus roving tab stop among the centre cards
 * @property {string|null} choiceTarget the target element's key whose several moves the choice bar shows
 * @property {string} handKey
 * @property {Set<number>} grew seats whose minus pile just received cards
 * @property {boolean} flash restart the "received" animation at the next render
 * @property {boolean} waitHint "wait for your turn" is shown (dropped when the turn comes)
 * @property {Map<number, HTMLButtonElement>} piles seat -> its pile button (kept across renders)
 */

/**
 * What the rooms share: the shell, the state, the element the table is drawn in, readers of the
 * current table, and render, which create() fills in.
 * @typedef {object} Ctx
 * @property {any} shell the page shell (web/games/registry.js)
 * @property {State} state
 * @property {HTMLElement|null} root the element the table is drawn in (mount(felt)): the app's #felt or a demo's
 * @property {(id: string) => any} $ an element of the table by id (null when not drawn)
 * @property {() => any} view the engine's view of the current table
 * @property {() => number} me the person's seat
 * @property {() => string|null} selectedCard the chosen hand card
 * @property {(card: string|null) => any[]} movesOf the person's legal moves with `card` (none for null)
 * @property {(seat: number) => number} leftOf the seat to the left of `seat`
 * @property {(c: string, v?: any) => any} caps what a play of hand card `c` takes along (the view's captures)
 * @property {(seat: number, actor: number) => string} pileName the words for the minus pile of `seat`
 * @property {{describe: Function, annotate: Function}} log log.js's sentences
 * @property {() => void} render draw the whole table (table.js)
 */

/**
 * The context of a 3 ist 50 table for `shell`.
 * @param {any} shell
 * @returns {Ctx}
 */
export function makeContext(shell) {
  /** @type {State} */
  const state = {
    selected: null,
    focusIndex: 0,
    centreFocus: 0,
    choiceTarget: null,
    handKey: "",
    grew: new Set(),
    flash: false,
    waitHint: false,
    piles: new Map(),
  };
  const view = () => shell.view();
  const me = () => shell.table().seat ?? shell.humanSeat;
  function pileName(seat, actor) {
    if (seat === actor) return actor === me() ? t("tf.pileOf.yourOwn") : t("tf.pileOf.own");
    if (seat === me()) return t("tf.pileOf.you");
    return t("tf.pileOf.other", { name: shell.seatName(seat) });
  }
  /** @type {Ctx} */
  const ctx = {
    shell,
    state,
    root: null,
    $: scopedLookup(() => ctx.root),
    view,
    me,
    selectedCard: () => {
      const hand = view().hand || [];
      return state.selected !== null && state.selected < hand.length ? hand[state.selected] : null;
    },
    movesOf: (card) => (card ? shell.legal().filter((m) => m.card === card) : []),
    leftOf: (seat) => (seat + 1) % view().players,
    // the engine's view says (captures), the page knows no rule
    caps: (c, v = view()) => (v.captures || {})[c] || { centre: [], discard: [], matches: [] },
    pileName,
    log: makeLog({ shell, me, pileName }),
    render: () => {},
  };
  return ctx;
}
