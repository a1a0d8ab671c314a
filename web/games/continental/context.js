// The Continental table's context: the state of the person's table (selection, sort order, the
// claim window's counters) and the readers of the shell's table that every room uses. create() in
// table.js makes one per renderer and hands it to the rooms (seats.js, melds.js, hand.js,
// controls.js, claim.js, score.js, actions.js) as their first parameter.
import { scopedLookup } from "../common.js";
import { makeLog } from "./log.js";

const CLAIM_TIMEOUT_MS = 8000; // the claim prompt's countdown unless the shell says otherwise (shell.claimTimeoutMs)
const STORE = "meldtable.continental.";

/** A setting of this table kept in localStorage (`fallback` when there is none or no storage). */
export function load(key, fallback) {
  try { return localStorage.getItem(STORE + key) ?? fallback; } catch (_) { return fallback; }
}
/** Keep a setting of this table in localStorage (nothing when there is no storage). */
export function store(key, value) {
  try { localStorage.setItem(STORE + key, value); } catch (_) { /* storage may be unavailable */ }
}

/**
 * The person's side of the table, kept between renders.
 * @typedef {object} State
 * @property {Set<number>} selected indices into view.hand
 * @property {number} focusIndex roving tab stop: position in the displayed hand
 * @property {string} handKey the drawn hand (display order), to rebuild its buttons only when it changes
 * @property {string} lastHand the engine's hand at the last table, to see when it changed
 * @property {Set<number>} fresh indices of view.hand that just arrived
 * @property {"rank"|"suit"} sortBy
 * @property {boolean} neverClaim
 * @property {any} choice {id, head, options: [{label, action, entry, move}]}: the choice bar
 * @property {any} claimFor the table whose claim prompt runs (timer) or was passed at once
 * @property {number} claimDeadline performance.now() when the claim prompt passes
 * @property {any} claimTimer the countdown's interval
 * @property {number} prompts claim prompts shown (data attribute, for tests)
 * @property {number} autoPassed claim windows passed at once by the "never" setting
 * @property {number} timedOut claim prompts passed by the countdown
 * @property {boolean} waitHint the page said "wait for your turn" (cleared on the person's turn)
 */

/**
 * What the rooms share: the shell, the state, the element the table is drawn in, readers of the
 * current table, and the two things create() fills in once the rooms exist (render, act).
 * @typedef {object} Ctx
 * @property {any} shell the page shell (web/games/registry.js)
 * @property {State} state
 * @property {number} claimTimeoutMs 0: no countdown, the claim prompt waits for the person
 * @property {HTMLElement|null} root the element the table is drawn in (mount(felt)): the app's #felt or a demo's
 * @property {(id: string) => any} $ an element of the table by id (null when not drawn)
 * @property {() => any} view the engine's view of the current table
 * @property {() => any[]} legal the person's legal moves
 * @property {() => number} me the person's seat
 * @property {() => string|null} stage the turn's stage ("draw", "play") or null
 * @property {() => string} phase
 * @property {() => string[]} hand the person's hand (engine order)
 * @property {() => string[]} selectedCards the selected cards in engine order
 * @property {() => boolean} myClaim whether the engine asks the person to claim or pass now
 * @property {() => boolean} myPlay whether it is the person's turn in the play phase
 * @property {(s: number) => any} seatData
 * @property {(id: string) => any} comboById
 * @property {() => {sets: number, runs: number}|null} toLay sets and runs still to lay in this turn, or null
 * @property {{whoseCombo: Function, describe: Function, annotate: Function}} log log.js's sentences
 * @property {() => void} render draw the whole table (table.js)
 * @property {(action: any, entry: any) => Promise<boolean>} act send an action (actions.js)
 */

/**
 * The context of a Continental table for `shell`.
 * @param {any} shell
 * @returns {Ctx}
 */
export function makeContext(shell) {
  /** @type {State} */
  const state = {
    selected: new Set(),
    focusIndex: 0,
    handKey: "",
    lastHand: "",
    fresh: new Set(),
    sortBy: load("sort", "suit") === "rank" ? "rank" : "suit",
    neverClaim: load("neverClaim", "0") === "1",
    choice: null,
    claimFor: null,
    claimDeadline: 0,
    claimTimer: null,
    prompts: 0,
    autoPassed: 0,
    timedOut: 0,
    waitHint: false,
  };
  const view = () => shell.view();
  const legal = () => shell.legal();
  const me = () => shell.table().seat ?? shell.humanSeat;
  const hand = () => view().hand || [];
  const phase = () => view().phase;
  const seatData = (s) => view().seats[s];
  const allCombos = () => view().seats.flatMap((s) => s.combos);
  /** @type {Ctx} */
  const ctx = {
    shell,
    state,
    // 0: no countdown, the prompt waits for the person (a guided hand); null/undefined: the default
    claimTimeoutMs: shell.claimTimeoutMs === 0 ? 0 : shell.claimTimeoutMs > 0 ? shell.claimTimeoutMs : CLAIM_TIMEOUT_MS,
    root: null,
    $: scopedLookup(() => ctx.root),
    view,
    legal,
    me,
    stage: () => { const v = view(); return v && v.turn ? v.turn.stage : null; },
    phase,
    hand,
    selectedCards: () => [...state.selected].sort((a, b) => a - b).map((i) => hand()[i]),
    myClaim: () => { const tb = shell.table(); return Boolean(tb && tb.to_act_is_human && !tb.hand_over && tb.view.phase === "claim"); },
    myPlay: () => shell.isMyTurn() && phase() === "play",
    seatData,
    comboById: (id) => allCombos().find((c) => c.id === id) || null,
    toLay: () => {
      const v = view();
      const turn = v.turn || {};
      if (turn.laying_down) return turn.laying_down;
      if (!seatData(me()).down) return { sets: v.contract.sets, runs: v.contract.runs };
      return v.options && v.options.extra_melds_when_down ? { sets: 1, runs: 1 } : null;
    },
    log: makeLog({ shell, view, me }),
    render: () => {},
    act: async () => false,
  };
  return ctx;
}
