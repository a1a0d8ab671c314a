// What every game's table shares on top of its renderer (issue #13): the Undo button and its
// key, keyboard shortcuts for every action with a help overlay (?), the settings (warnings, sound,
// animation speed) kept in localStorage, the warnings before costly mistakes, and small sound
// effects made with WebAudio (no file, nothing from another host). web/app.js calls it. It is
// game-independent (issue #26): what differs per game (its shortcuts, action bar, drop targets,
// the reasons of its disabled buttons) is exported by the game's renderer module and read here
// through web/games/registry.js (its contract comment); the warnings are the engine's.
import { t, tp, getLang } from "./i18n.js";
import { GAMES } from "./games/registry.js";

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

// ------------------------------------------------------------------ the renderer's tables

/**
 * A game's renderer module as tablekit reads it (web/games/registry.js, its contract comment).
 * @typedef {object} Renderer
 * @property {string[]} families
 * @property {string[][]} [SHORTCUTS] [key, button id, catalogue key of its name]
 * @property {string} [TOOLBAR]
 * @property {Array<[string, (el: Element, press: (b: any) => boolean) => boolean]>} [DROPS]
 * @property {(row: string[]) => Element | null} [shortcutButton]
 * @property {(shell: object) => void} [wireReasons]
 * @property {(shell: object, id: string) => boolean} [explainButton]
 */

/**
 * The renderer module of engine family `family` (web/games/registry.js), or null.
 * @param {string} family
 * @returns {Renderer | null}
 */
export function rendererOf(family) {
  // via unknown: tsc infers the modules' SHORTCUTS and DROPS as arrays of unions, not as rows
  return /** @type {Renderer | undefined} */ (/** @type {unknown} */ (GAMES.find((g) => g.families.includes(family)))) || null;
}

/**
 * Keyboard shortcuts of `family`'s table: [key, button id, catalogue key of its name] (the
 * renderer module's SHORTCUTS). Every action of a table's action bar has one; "u" (and Ctrl+Z) is
 * undo, "?" the help overlay, Escape clears.
 */
export function shortcutsOf(family) {
  const g = rendererOf(family);
  return (g && g.SHORTCUTS) || [];
}

// ------------------------------------------------------------------ sound

let audio = null;

/** A short tone for `kind` ("card", "meld", "error", "win"), when sound is on. */
export function sound(kind) {
  if (!settings().sound) return;
  try {
    audio = audio || new (window.AudioContext || /** @type {any} */ (window).webkitAudioContext)();
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

/** The engine's warnings as the page shows them: those whose setting is on, each {setting, key, text}. */
function shown(list) {
  const s = settings(), lang = getLang();
  return (Array.isArray(list) ? list : []).filter((w) => w && s[w.setting]).map((w) => ({
    setting: w.setting, key: w.key, text: (w.texts && (w.texts[lang] || w.texts.en)) || w.key,
  }));
}

/**
 * The warnings an action of the person deserves before it is sent: a list of {setting, key,
 * text}, the engine's (docs/protocol.md, "Warnings"; the page derives no rule), those of settings
 * the person turned off left out. `table` is the current table, `after` the engine's answer when
 * the action was tried on a scratch copy of the game (app.js probeAction): its `warnings` are the
 * ones the action deserved. Without `after`, the table's `may_warn` says which the action may
 * deserve (a discard's are final; then app.js tries the action first: a refused action never
 * gets a warning, issue #29 item 2).
 */
export function warningsFor(action, table, after = null) {
  if (after && Array.isArray(after.warnings)) return shown(after.warnings);
  const may = (table && table.may_warn) || {};
  const type = action && action.type;
  if (type === "discard") return shown((may.discard || {})[action.card]);
  return shown(typeof type === "string" ? may[type] : null);
}

/**
 * Ask the person to confirm `warnings` ({setting, text}) in the warning dialog; resolves to true
 * when they go ahead. "Don't warn me again" turns those warnings' settings off.
 */
export function confirmWarnings(warnings) {
  if (!warnings.length) return Promise.resolve(true);
  const dlg = /** @type {HTMLDialogElement} */ (document.getElementById("warn-dialog"));
  document.getElementById("warn-text").replaceChildren(...warnings.map((w) => {
    const p = document.createElement("p");
    p.textContent = w.text;
    return p;
  }));
  const again = /** @type {HTMLInputElement} */ (document.getElementById("warn-off"));
  again.checked = false;
  const back = /** @type {HTMLElement | null} */ (document.activeElement);
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
  const g = rendererOf(family);
  const bar = g && g.TOOLBAR ? document.getElementById(g.TOOLBAR) : null;
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
  const rows = [...shortcutsOf(family).filter(([, id]) => id !== "btn-undo" || canUndo),
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
 * The button a key press stands for in `family`'s table, or null: the renderer module's
 * `shortcutButton(row)` when it has one (3 ist 50: "1", "2" press that choice), else the button
 * its SHORTCUTS row names.
 */
export function shortcutButton(family, key) {
  const row = shortcutsOf(family).find(([k]) => k === key.toLowerCase());
  if (!row) return null;
  const g = rendererOf(family);
  if (g && typeof g.shortcutButton === "function") return g.shortcutButton(row);
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

/**
 * A disabled button of `family`'s action bar says why it cannot be done now (the renderer
 * module's `wireReasons(shell)`, when it has one: a touch on a disabled button reaches its
 * toolbar, which answers with the page's hint or the engine's reason).
 */
export function wireReasons(shell, family) {
  const g = rendererOf(family);
  if (g && typeof g.wireReasons === "function") g.wireReasons(shell);
}

/**
 * Say why the action of button `id` of `family`'s action bar cannot be done now (a key pressed at
 * the wrong time): the renderer module's `explainButton(shell, id)`; false when it has none or
 * `id` is not one of its actions.
 */
export function explainButton(shell, family, id) {
  const g = rendererOf(family);
  return Boolean(g && typeof g.explainButton === "function" && g.explainButton(shell, id));
}

// ------------------------------------------------------------------ drag and drop

function dropTarget(family, x, y) {
  const hit = document.elementFromPoint(x, y);
  if (!hit) return null;
  const g = rendererOf(family);
  for (const [sel, run] of (g && g.DROPS) || []) {
    const el = hit.closest(sel);
    if (el) return { el, run };
  }
  return null;
}

/**
 * Cards can be dragged from the hand onto the table's targets (the renderer module's DROPS:
 * [selector, (el, press) => bool]; a drop is "select, then act" done by hand: the dragged card,
 * with the rest of the selection when it was selected, becomes the selection, then the target is
 * touched or the action's button pressed, so a drop is exactly the clicks a person could make and
 * a refused drop shows the engine's reason), with a mouse, a pen or a
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
    const target = /** @type {Element} */ (ev.target);
    const card = target.closest && target.closest("#hand .hand-card");
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
        for (const b of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#hand .hand-card[aria-pressed="true"]'))) b.click();
        d.card.click();
      }
      target.run(target.el, press);
    }
    // the click the browser sends after the drag is not a click on what lies under the pointer
    const swallow = (e) => { e.stopPropagation(); e.preventDefault(); };
    window.addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 0);
  };
  document.addEventListener("pointerup", (ev) => end(ev, false));
  document.addEventListener("pointercancel", (ev) => end(ev, true));
}
