// What every game's table shares on top of its renderer (issue #13): the Undo button and its
// key, keyboard shortcuts for every action with a help overlay (?), the settings (warnings, sound,
// animation speed) kept in localStorage, the warnings before costly mistakes, and small sound
// effects made with WebAudio (no file, nothing from another host). web/app.js calls it; the
// renderers (web/games/*.js) are not changed by it: shortcuts press their buttons.
import { t, tp, rankOf } from "./i18n.js";
import { contractText } from "./games/continental.js";

const SETTINGS_KEY = "meldtable.settings";
const DEFAULTS = {
  warnWild: true,       // discarding a wild card
  warnPlayable: true,   // discarding a card that could be added to a meld / laid off
  warnInitial: true,    // a meld that commits you to the initial-meld minimum (Canasta) or the rest of the contract (Continental) this turn
  warnNewGame: true,    // starting a new game over a running one
  sound: false,         // sound effects (off by default)
  speed: "normal",      // animation speed: slow | normal | fast | instant
  fourColour: false,    // four-colour suits: clubs green, diamonds blue (issue #29, accessibility)
};

/** The settings, merged over the defaults (a broken stored value gives the defaults). */
export function settings() {
  try {
    const s = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}");
    return { ...DEFAULTS, ...(s && typeof s === "object" ? s : {}) };
  } catch (_) {
    return { ...DEFAULTS };
  }
}

export function saveSetting(name, value) {
  const s = settings();
  s[name] = value;
  try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(s)); } catch (_) { /* storage may be off */ }
}

// ------------------------------------------------------------------ shortcuts

/**
 * Keyboard shortcuts per family: key -> [button id, catalogue key of its name]. Every action of
 * a table's action bar has one; "u" (and Ctrl+Z) is undo, "?" the help overlay, Escape clears.
 */
export const SHORTCUTS = {
  canasta: [
    ["d", "btn-draw", "action.draw"], ["t", "btn-take", "action.take"], ["m", "btn-meld", "action.meld"],
    ["a", "btn-add", "action.add"], ["x", "btn-discard", "action.discard"], ["u", "btn-undo", "action.undo"],
    ["s", "btn-scores", "action.scores"],
  ],
  continental: [
    ["d", "ct-btn-draw", "ct.action.draw"], ["t", "ct-btn-take", "kit.key.take"], ["e", "ct-btn-set", "ct.action.set"],
    ["r", "ct-btn-run", "ct.action.run"], ["x", "ct-btn-discard", "action.discard"],
    ["c", "ct-btn-claim", "kit.key.claim"], ["p", "ct-btn-pass", "ct.claim.pass"], ["u", "btn-undo", "action.undo"],
    ["s", "ct-btn-scores", "action.scores"],
  ],
  threefifty: [
    ["1", "tf-choice-1", "kit.key.choice1"], ["2", "tf-choice-2", "kit.key.choice2"],
    ["x", "tf-discard", "kit.key.tfDiscard"],
  ],
};

const TOOLBARS = { canasta: "actions", continental: "ct-actions" };

// ------------------------------------------------------------------ sound

let audio = null;

/** A short tone for `kind` ("card", "meld", "error", "win"), when sound is on. */
export function sound(kind) {
  if (!settings().sound) return;
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const notes = { card: [520, 0.05], meld: [660, 0.09], error: [200, 0.15], win: [880, 0.3] }[kind] || [440, 0.05];
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = notes[0];
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + notes[1]);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + notes[1]);
  } catch (_) { /* no audio: silent */ }
}

// ------------------------------------------------------------------ warnings

const WILD = (card, family) => card === "JK" || (family === "canasta" && rankOf(card) === "2");

function discardedCard(action) {
  if (!action) return null;
  if (action.type === "discard") return action.card || (action.cards || [])[0] || null;
  if (action.type === "move" && /^discard\s/.test(action.text || "")) return action.text.split(/\s+/)[1];
  return null;
}

/**
 * The warnings an action of the person deserves before it is sent: a list of
 * {setting, text}. `table` is the current table (docs/protocol.md), `family` the engine family,
 * `after` the table the engine answered when the action was tried on a scratch copy of the game
 * (app.js probeAction): a refused action never gets here (issue #29 item 2: the reason comes
 * first), and the initial-meld warning takes its points from the engine's answer, not from card
 * values in JavaScript. Without `after` the list says which warnings may apply (then the action
 * is tried first).
 */
export function warningsFor(action, table, family, after = null) {
  const s = settings();
  const out = [];
  const card = discardedCard(action);
  const legal = (table && table.legal) || [];
  if (card) {
    if (s.warnWild && WILD(card, family)) out.push({ setting: "warnWild", text: t("kit.warn.wild") });
    const usable = legal.some((m) => (m.kind === "add") && Array.isArray(m.cards) && m.cards.length === 1 && m.cards[0] === card);
    if (s.warnPlayable && usable) {
      out.push({ setting: "warnPlayable", text: t(family === "continental" ? "kit.warn.layOff" : "kit.warn.addable") });
    }
  }
  if (family === "canasta" && s.warnInitial && table && table.view && table.view.turn) {
    const turn = table.view.turn;
    const cards = action.type === "meld" ? action.cards
      : action.type === "move" && /^meld\s/.test(action.text || "") ? action.text.split(/\s+/).slice(1) : null;
    if (cards && turn.needs_initial_meld && turn.minimum > 0) {
      const next = after && after.view && after.view.turn;
      const have = next ? next.initial_meld_points || 0 : null;
      if (!after || (next && next.needs_initial_meld && have < turn.minimum)) {
        out.push({ setting: "warnInitial", text: t("kit.warn.initial", { have: have ?? "?", minimum: turn.minimum }) });
      }
    }
  }
  if (family === "continental" && s.warnInitial) {
    const w = contractWarning(action, table);
    if (w) out.push(w);
  }
  return out;
}

/** Whether every card of `part` is among `cards` (as many times as `part` names it). */
function within(part, cards) {
  const pool = [...cards];
  return part.every((c) => { const i = pool.indexOf(c); if (i < 0) return false; pool.splice(i, 1); return true; });
}

/**
 * Continental (docs/rules/continental.md §8.2): the contract is laid down one combination at a
 * time, all in one turn; its first combination commits the player to laying the rest in this
 * turn (only the contract's remaining steps are legal until then, no discard). Warned when the
 * action would be that first, legal step of a contract of more than one combination.
 */
function contractWarning(action, table) {
  const v = table && table.view;
  if (!v || !v.turn || v.turn.laying_down || !v.contract) return null;
  const me = (v.seats || []).find((x) => x.seat === (table.seat ?? v.seat));
  if (!me || me.down) return null;
  let kind = action && action.type, cards = action && action.cards;
  if (kind === "move") [kind, ...cards] = String(action.text || "").trim().split(/\s+/);
  if ((kind !== "set" && kind !== "run") || !Array.isArray(cards)) return null;
  const { sets, runs } = v.contract;
  if (sets + runs < 2) return null;
  const legal = (table.legal || []).some((m) => m.kind === kind && Array.isArray(m.cards) && within(m.cards, cards));
  if (!legal) return null; // the engine refuses it anyway, with its reason
  const rest = contractText(sets - (kind === "set" ? 1 : 0), runs - (kind === "run" ? 1 : 0));
  return { setting: "warnInitial", text: t("kit.warn.contract", { contract: contractText(sets, runs), rest }) };
}

/**
 * Ask the person to confirm `warnings` ({setting, text}) in the warning dialog; resolves to true
 * when they go ahead. "Don't warn me again" turns those warnings' settings off.
 */
export function confirmWarnings(warnings) {
  if (!warnings.length) return Promise.resolve(true);
  const dlg = document.getElementById("warn-dialog");
  document.getElementById("warn-text").replaceChildren(...warnings.map((w) => {
    const p = document.createElement("p");
    p.textContent = w.text;
    return p;
  }));
  const again = document.getElementById("warn-off");
  again.checked = false;
  const back = document.activeElement;
  return new Promise((resolve) => {
    const done = (ok) => {
      dlg.removeEventListener("close", onClose);
      if (again.checked) for (const w of warnings) saveSetting(w.setting, false);
      if (dlg.open) dlg.close();
      if (back && back.isConnected && typeof back.focus === "function") back.focus();
      resolve(ok);
    };
    const onClose = () => done(dlg.returnValue === "go");
    dlg.returnValue = "";
    dlg.addEventListener("close", onClose);
    dlg.showModal();
    document.getElementById("warn-cancel").focus();
  });
}

// ------------------------------------------------------------------ the table's extras

/**
 * Put the Undo button into the renderer's action bar (families whose turns have undoable moves)
 * and keep it in step with table.can_undo; a disabled-looking Undo still answers a touch by
 * asking the engine, which says why it cannot (its refusal shows in the status line).
 */
export function mountUndo(family, onUndo) {
  const bar = document.getElementById(TOOLBARS[family] || "");
  if (!bar || document.getElementById("btn-undo")) return;
  const b = document.createElement("button");
  b.type = "button";
  b.id = "btn-undo";
  b.className = "btn btn-action btn-undo";
  b.dataset.i18n = "action.undo";
  b.textContent = t("action.undo");
  b.setAttribute("aria-keyshortcuts", "U Control+Z");
  b.addEventListener("click", onUndo);
  const before = bar.querySelector(".btn-ghost");
  bar.insertBefore(b, before);
}

/** Whether the game on the table has undo at all (the engine's table.undoable; null before a table). */
let undoable = null;

export function renderUndo(table) {
  if (table && typeof table.undoable === "boolean") undoable = table.undoable;
  const b = document.getElementById("btn-undo");
  if (!b) return;
  const can = Boolean(table && table.can_undo);
  b.setAttribute("aria-disabled", String(!can));
  b.classList.toggle("can", can);
  b.hidden = !(table && table.to_act_is_human && !table.hand_over);
}

/**
 * Fill the help overlay with the shortcuts of `family`; the undo keys only when the game has undo
 * (`canUndo`: the engine's table.undoable or the variant's `undo` in hello; by default the last
 * table renderUndo saw).
 */
export function fillHelp(family, canUndo = undoable) {
  const list = document.getElementById("help-keys");
  list.replaceChildren();
  const rows = [...(SHORTCUTS[family] || []).filter(([, id]) => id !== "btn-undo" || canUndo),
    ["Ctrl+Z", null, "action.undo"], ["i", null, "hint.askKey"], ["h", null, "kit.key.rules"], ["Esc", null, "kit.key.escape"], ["←→", null, "kit.key.arrows"],
    ["Enter", null, "kit.key.enter"], ["?", null, "kit.help"]];
  for (const [key, , name] of rows) {
    if (!canUndo && name === "action.undo") continue;
    const dt = document.createElement("dt");
    const kbd = document.createElement("kbd");
    kbd.textContent = key.length === 1 ? key.toUpperCase() : key;
    dt.append(kbd);
    const dd = document.createElement("dd");
    dd.textContent = t(name);
    list.append(dt, dd);
  }
}

/**
 * The button a key press stands for in `family`'s table, or null; a shortcut of a 3 ist 50
 * choice ("1", "2") presses that choice.
 */
export function shortcutButton(family, key) {
  const row = (SHORTCUTS[family] || []).find(([k]) => k === key.toLowerCase());
  if (!row) return null;
  if (family === "threefifty" && /^\d$/.test(row[0])) {
    return document.querySelectorAll("#tf-choices button")[Number(row[0]) - 1] || null;
  }
  return document.getElementById(row[1]);
}

/**
 * Press `b` as a person would: an enabled button is clicked; a disabled one in an action bar
 * gets the click its toolbar answers with the reason (web/games/*.js: disabledButtonAt).
 */
export function press(b) {
  if (!b || b.hidden || b.offsetParent === null) return false;
  if (!b.disabled) { b.click(); return true; }
  const bar = b.closest('[role="toolbar"]');
  if (!bar) return false;
  const r = b.getBoundingClientRect();
  bar.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 }));
  return true;
}

export { tp };

/** Card texts of the selected hand cards, read from the page (aria-pressed buttons). */
function selectedInHand() {
  return [...document.querySelectorAll('#hand .hand-card[aria-pressed="true"]')].map((b) => b.dataset.card);
}

/**
 * Continental's action bar: a disabled button lets a touch through to the toolbar (style.css),
 * which says why, as the canasta table does: the page's hint when it knows (not your turn,
 * nothing selected), else the engine's reason for the action (sent; a refusal changes nothing).
 */
export function wireContinentalReasons(shell) {
  const bar = document.getElementById("ct-actions");
  if (!bar || bar.dataset.reasons) return;
  bar.dataset.reasons = "1";
  bar.addEventListener("click", (ev) => {
    if (ev.target.closest("button:not(:disabled)")) return;
    const b = [...bar.querySelectorAll("button:disabled")].find((x) => {
      if (x.hidden) return false;
      const r = x.getBoundingClientRect();
      return ev.clientX >= r.left && ev.clientX <= r.right && ev.clientY >= r.top && ev.clientY <= r.bottom;
    });
    if (b) explainContinental(shell, b.id);
  });
}

const CT_KINDS = { "ct-btn-draw": "draw", "ct-btn-take": "take", "ct-btn-set": "set", "ct-btn-run": "run", "ct-btn-discard": "discard" };

/**
 * Say why Continental's action `id` (a button id of its action bar) cannot be done now, when the
 * button is disabled or not shown (a key pressed at the wrong time: X before drawing, R when the
 * contract holds no run): the page's hint when it knows (not your turn, nothing selected), else
 * the engine's reason for the action, sent as is (a refusal changes nothing). Returns false for
 * an id that is not one of the bar's actions.
 */
export function explainContinental(shell, id) {
  const kind = CT_KINDS[id];
  if (!kind) return false;
  const tb = shell.table();
  if (!tb || shell.busy()) return true;
  if (tb.hand_over) { shell.setStatus({ key: "hint.handOver" }, "error"); return true; }
  if (!shell.isMyTurn()) { shell.setStatus({ key: "hint.waitTurn", params: { name: shell.seatName(tb.to_act) } }, "error"); return true; }
  const sel = selectedInHand();
  const v = tb.view || {}, turn = v.turn || {};
  const need = turn.laying_down || (v.contract && { sets: v.contract.sets, runs: v.contract.runs });
  if ((kind === "set" || kind === "run") && turn.stage !== "draw" && need && !need[kind + "s"]) {
    // R (S) when this deal's contract holds no run (set): the engine checks the cards' shape
    // first, so its "no_run_needed" comes only for a well-formed run; say it from its view
    shell.setStatus({ key: kind === "run" ? "ct.hint.noRun" : "ct.hint.noSet",
      params: { contract: contractText(need.sets, need.runs) } }, "error");
    return true;
  }
  if (kind === "draw" || kind === "take") shell.act({ type: "move", text: kind }, { text: kind });
  else if (kind === "discard") {
    if (sel.length !== 1) shell.setStatus({ key: "hint.selectOneDiscard" }, "error");
    else shell.act({ type: "discard", card: sel[0] }, { text: "discard " + sel[0] });
  } else if (!sel.length) shell.setStatus({ key: "ct.hint.pickCards" }, "error");
  else shell.act({ type: kind, cards: sel }, { text: [kind, ...sel].join(" ") });
  return true;
}

// ------------------------------------------------------------------ drag and drop

/**
 * Drop targets per family: [selector, what a drop there does]. A drop is "select, then act" done
 * by hand: the dragged card (with the rest of the selection, when it was selected) becomes the
 * selection, then the target is touched or the action's button pressed, so a drop is exactly
 * the clicks a person could make (a refused drop shows the engine's reason).
 */
const DROPS = {
  canasta: [
    ["#discard", () => press(document.getElementById("btn-discard"))],
    ["#my-melds .meld", (el) => {
      if (el.getAttribute("aria-pressed") !== "true") el.click(); // make it the target of "add"
      return press(document.getElementById("btn-add"));
    }],
    ["#my-side", () => press(document.getElementById("btn-meld"))],
  ],
  continental: [
    ["#ct-discard", () => press(document.getElementById("ct-btn-discard"))],
    [".ct-combo", (el) => { el.click(); return true; }],
    ["#ct-me", () => {
      const set = document.getElementById("ct-btn-set"), run = document.getElementById("ct-btn-run");
      const pick = [set, run].find((b) => b && !b.hidden && b.classList.contains("btn-primary"))
        || [set, run].find((b) => b && !b.hidden);
      return press(pick);
    }],
  ],
  // 3 ist 50: choosing a card with a single play makes that play at once (as a touch on it does),
  // wherever it is dropped; a card with several plays is played onto the target it is dropped on
  threefifty: [[".tf-target", (el) => { el.click(); return true; }]],
};

function dropTarget(family, x, y) {
  const hit = document.elementFromPoint(x, y);
  if (!hit) return null;
  for (const [sel, run] of DROPS[family] || []) {
    const el = hit.closest(sel);
    if (el) return { el, run };
  }
  return null;
}

/**
 * Cards can be dragged from the hand onto the table's targets (DROPS), with a mouse, a pen or a
 * finger (pointer events; a move of under 10 px stays a click). `family()` names the table's
 * engine family. A flying copy of the card follows the pointer; the targets are marked.
 */
export function wireDrag(family) {
  let drag = null;
  const clearMarks = () => {
    for (const el of document.querySelectorAll(".drop-over")) el.classList.remove("drop-over");
    document.documentElement.classList.remove("dragging");
  };
  document.addEventListener("pointerdown", (ev) => {
    const card = ev.target.closest && ev.target.closest("#hand .hand-card");
    if (!card || ev.button !== 0 || !family()) return;
    drag = { card, x: ev.clientX, y: ev.clientY, id: ev.pointerId, ghost: null };
  });
  document.addEventListener("pointermove", (ev) => {
    if (!drag || ev.pointerId !== drag.id) return;
    if (!drag.ghost) {
      if (Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 10) return;
      const r = drag.card.getBoundingClientRect();
      const g = drag.card.cloneNode(true);
      g.removeAttribute("id");
      g.className += " fly drag-ghost";
      g.setAttribute("aria-hidden", "true");
      Object.assign(g.style, { left: r.left + "px", top: r.top + "px", width: r.width + "px", height: r.height + "px" });
      document.body.append(g);
      drag.ghost = g;
      drag.dx = drag.x - r.left;
      drag.dy = drag.y - r.top;
      document.documentElement.classList.add("dragging");
    }
    drag.ghost.style.transform = `translate(${ev.clientX - drag.x}px, ${ev.clientY - drag.y}px)`;
    clearMarks();
    document.documentElement.classList.add("dragging");
    const target = dropTarget(family(), ev.clientX, ev.clientY);
    if (target) target.el.classList.add("drop-over");
  });
  const end = (ev, cancelled) => {
    if (!drag || ev.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (!d.ghost) return; // a click, not a drag
    d.ghost.remove();
    clearMarks();
    const target = cancelled ? null : dropTarget(family(), ev.clientX, ev.clientY);
    if (target && d.card.isConnected) {
      if (d.card.getAttribute("aria-pressed") !== "true") {
        // an unselected card is dragged alone
        for (const b of document.querySelectorAll('#hand .hand-card[aria-pressed="true"]')) b.click();
        d.card.click();
      }
      target.run(target.el);
    }
    // the click the browser sends after the drag is not a click on what lies under the pointer
    const swallow = (e) => { e.stopPropagation(); e.preventDefault(); };
    window.addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 0);
  };
  document.addEventListener("pointerup", (ev) => end(ev, false));
  document.addEventListener("pointercancel", (ev) => end(ev, true));
}
