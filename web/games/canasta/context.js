// The canasta table's context: the state of the person's table (selection, the meld chosen as
// target of "add") and the readers of the shell's table that every room uses (sides, seats,
// legal moves). create() in table.js makes one per renderer and hands it to the rooms
// (seatmap.js, sides.js, melds.js, piles.js, hand.js, moves.js, controls.js, score.js,
// actions.js) as their first parameter.
import { t, tv } from "../../i18n.js";
import { scopedLookup } from "../common.js";
import { makeLog } from "./log.js";

/**
 * The person's side of the table, kept between renders.
 * @typedef {object} State
 * @property {Set<number>} selected indices into view.hand
 * @property {number} focusIndex roving tab stop in the hand
 * @property {string|null} target key of one of my melds chosen as the target for "add"
 * @property {string} handKey
 * @property {Set<number>} fresh indices of cards that just arrived in the hand
 */

/**
 * What the rooms share: the shell, the state, the element the table is drawn in and readers of
 * the current table. sideTitle is set by create() (table.js).
 * @typedef {object} Ctx
 * @property {any} shell the page shell (web/games/registry.js)
 * @property {State} state
 * @property {HTMLElement|null} root the element the table is drawn in (mount(felt)): the app's #felt or a demo's
 * @property {(id: string) => any} $ an element of the table by id (null when not drawn)
 * @property {(tb?: any) => any} view the engine's view of table `tb` (default: the current one)
 * @property {(key: string, params?: object) => string} tw t() with the words of this table's variant (i18n.js tv)
 * @property {() => any[]} legal the person's legal moves
 * @property {(kind: string) => any[]} legalOfKind
 * @property {(m: any) => string[]} moveCards a legal move's cards (the engine's move JSON; the page parses no notation)
 * @property {(c: string) => boolean} isWild whether a hand card is wild: the view says (hand_wild)
 * @property {() => number} me the person's seat
 * @property {() => number} mySide the person's side
 * @property {(side: number) => any} sideData the view's side
 * @property {(side: number) => number[]} sideSeats the seats of a side
 * @property {() => boolean} isMyTurn
 * @property {() => string|null} stage the turn's stage ("draw", "play") or null
 * @property {() => string[]} selectedCards the selected cards in engine order
 * @property {(seat: number) => boolean} partnerOf whether `seat` is the person's partner
 * @property {(seat: number) => boolean} sitsOut whether `seat` sits out this deal
 * @property {(side: number) => number} sideColor colour of a side: 0 the person's, then 1, 2, ...
 * @property {(side: number) => string} sideName "You & Computer 2 (partner)"
 * @property {(side: number) => string} sideTitle a side's plain name for the score sheet (table.js)
 * @property {{describe: Function, annotate: Function}} log log.js's sentences
 */

/**
 * The context of a canasta table for `shell`.
 * @param {any} shell
 * @returns {Ctx}
 */
export function makeContext(shell) {
  /** @type {State} */
  const state = {
    selected: new Set(),
    focusIndex: 0,
    target: null,
    handKey: "",
    fresh: new Set(),
  };
  const view = (tb = shell.table()) => tb && tb.view;
  const legal = () => shell.legal();
  const me = () => { const tb = shell.table(); return tb.seat ?? shell.humanSeat; };
  const mySide = () => { const v = view(); return v ? v.side_of_seat[me()] : 0; };
  const sideData = (side) => (view().sides || []).find((s) => s.side === side) || view().sides[side];
  const sideSeats = (side) => { const s = sideData(side); return s && s.seats ? s.seats : view().side_of_seat.flatMap((x, seat) => (x === side ? [seat] : [])); };
  const partnerOf = (seat) => seat !== me() && view().side_of_seat[seat] === mySide();
  const sitsOut = (seat) => view().sitting_out === seat;
  /** @type {Ctx} */
  const ctx = {
    shell,
    state,
    root: null,
    $: scopedLookup(() => ctx.root),
    view,
    tw: (key, params = {}) => { const v = view(); return tv(v && v.variant, key, params); },
    legal,
    legalOfKind: (kind) => legal().filter((m) => m.kind === kind),
    moveCards: (m) => (Array.isArray(m.cards) ? m.cards : []),
    isWild: (c) => { const v = view(); return Boolean(v && (v.hand_wild || []).includes(c)); },
    me,
    mySide,
    sideData,
    sideSeats,
    isMyTurn: () => shell.isMyTurn(),
    stage: () => { const v = view(); return v && v.turn ? v.turn.stage : null; },
    selectedCards: () => { const h = view().hand; return [...state.selected].sort((a, b) => a - b).map((i) => h[i]); },
    partnerOf,
    sitsOut,
    sideColor: (side) => {
      const me0 = mySide();
      if (side === me0) return 0;
      const others = (view().sides || []).map((s) => s.side).filter((s) => s !== me0);
      return 1 + others.indexOf(side);
    },
    sideName: (side) => sideSeats(side).map((seat) => {
      let name = shell.seatName(seat);
      if (sitsOut(seat)) name += ` (${t("cn.sitsOut")})`;
      else if (partnerOf(seat)) name += ` (${t("cn.partner")})`;
      return name;
    }).join(t("cn.and")),
    sideTitle: () => "",
    log: makeLog({ shell, view }),
  };
  return ctx;
}
