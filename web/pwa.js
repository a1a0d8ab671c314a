// Offline and install support of the page: registers the service worker (sw.js) and offers
// "update available" when a new version has been downloaded. Never interrupts a game.
//
//   import { startPwa } from "./pwa.js";
//   startPwa({ beforeUpdate })
//       Call once at start. Registers sw.js once the engine has booted (<html
//       data-engine-state="ready">), so a first visit does not download Pyodide twice: the
//       service worker's precache then revalidates what the page has just loaded. A page
//       whose engine failed to start registers nothing (it would only cache a broken site).
//       A page that starts controlled by the service worker (the second start on) asks it
//       to store the documentation as well ({type: "cache-later"}; web/sw.js).
//       beforeUpdate: optional async function run before the page reloads into a new
//       version (e.g. persist.js's prepareReload, which flushes the autosave).
//   applyUpdate()     switch to the downloaded version now (the prompt's "Update" button)
//   checkForUpdate()  ask the server for a new sw.js now (also done when the page becomes
//                     visible again, at most every 30 minutes)
//
// How a new version arrives: the browser notices a changed sw.js (on navigation, or through
// checkForUpdate), installs it in the background and lets it wait. The page shows a prompt
// below the top bar. "Update" saves, activates the new version and reloads (the saved game is
// restored); "Later" hides the prompt and the new version takes over at the next start: a
// page that starts while a version is waiting switches at once, before any game is shown.
//
// <html data-pwa> says where things are (for tests and styling): "unsupported" (no service
// workers, e.g. not a secure context), "registering", "ready" (the page is controlled and
// works offline), "update-available", "updating", "error" (see the console).
const SW_URL = new URL("./sw.js", import.meta.url);
const SCOPE_URL = new URL("./", import.meta.url);
const CHECK_INTERVAL_MS = 30 * 60 * 1000;
const root = document.documentElement;

const TEXT = {
  en: { message: "A new version of Meldtable is ready.", update: "Update now", later: "Later",
        updating: "Updating…" },
  de: { message: "Eine neue Version von Meldtable ist bereit.", update: "Jetzt aktualisieren",
        later: "Später", updating: "Wird aktualisiert…" },
};
const text = () => TEXT[(root.lang || "").toLowerCase().startsWith("de") ? "de" : "en"];

let registration = null;
let options = {};
let reloading = false; // this page asked for the switch: reload when the new version controls it
let lastCheck = 0;
let prompt = null;
let firstController = null; // the service worker that served this page

const setState = (state) => { root.dataset.pwa = state; };

/**
 * Start offline support (see the module comment). Safe to call where service workers are missing.
 * @param {{beforeUpdate?: () => unknown}} [opts]
 * @returns {void}
 */
export function startPwa(opts = {}) {
  options = opts;
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    setState("unsupported");
    return;
  }
  setState("registering");
  const sw = navigator.serviceWorker;
  firstController = sw.controller;
  sw.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
    else if (root.dataset.pwa === "registering") setState("ready");
  });
  // Next start with a version waiting: switch before the player sees a game.
  sw.getRegistration(SCOPE_URL.href).then((reg) => {
    if (reg && reg.waiting && sw.controller && !gameShown()) activate(reg.waiting);
  }).catch(() => {});
  whenEngineReady().then(register);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && Date.now() - lastCheck > CHECK_INTERVAL_MS) checkForUpdate();
  });
  new MutationObserver(() => prompt && fillPrompt()).observe(root, { attributes: true, attributeFilter: ["lang"] });
}

/**
 * Switch to the waiting version now; the page reloads when it has taken over.
 * @returns {Promise<void>}
 */
export async function applyUpdate() {
  const waiting = registration && registration.waiting;
  // Another tab may have switched already: then this page only needs to reload.
  const switched = !waiting && navigator.serviceWorker.controller && navigator.serviceWorker.controller !== firstController;
  if ((!waiting && !switched) || reloading) return;
  setState("updating");
  if (prompt) {
    for (const el of prompt.querySelectorAll("button")) el.disabled = true;
    prompt.querySelector(".pwa-update-text").textContent = text().updating;
  }
  try {
    if (options.beforeUpdate) await options.beforeUpdate();
  } catch (err) {
    console.warn("before update:", err);
  }
  if (waiting) activate(waiting);
  else location.reload();
}

/**
 * Ask the server whether sw.js changed (resolves when the check is done).
 * @returns {Promise<void>}
 */
export async function checkForUpdate() {
  lastCheck = Date.now();
  if (!registration) return;
  try {
    await registration.update();
  } catch (err) {
    console.info("update check failed (offline?):", err.message || err);
  }
}

function activate(worker) {
  reloading = true;
  worker.postMessage({ type: "skip-waiting" });
  setTimeout(() => location.reload(), 10000); // in case the switch never reports back
}

const gameShown = () => {
  const game = document.getElementById("game");
  return Boolean(game && !game.hidden);
};

/** Resolves once <html data-engine-state="ready">; never if the engine fails to start. */
function whenEngineReady() {
  return new Promise((resolve) => {
    const ready = () => root.dataset.engineState === "ready";
    if (ready()) { resolve(); return; }
    const observer = new MutationObserver(() => {
      if (ready()) { observer.disconnect(); resolve(); }
      else if (root.dataset.engineState === "error") observer.disconnect();
    });
    observer.observe(root, { attributes: true, attributeFilter: ["data-engine-state"] });
  });
}

async function register() {
  try {
    registration = await navigator.serviceWorker.register(SW_URL.href, { updateViaCache: "none" });
  } catch (err) {
    console.warn("service worker registration failed:", err);
    setState("error");
    return;
  }
  lastCheck = Date.now();
  // From the second start on, the service worker also stores the documentation (rules pages,
  // guided hands, live demos), which a first visit leaves out (web/sw.js, "later").
  if (firstController && navigator.serviceWorker.controller) {
    navigator.serviceWorker.controller.postMessage({ type: "cache-later" });
  }
  if (navigator.serviceWorker.controller && !reloading) setState("ready");
  if (registration.waiting && navigator.serviceWorker.controller) showPrompt();
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      // "installed" with a controller means an update is waiting (the first install activates).
      if (worker.state === "installed" && navigator.serviceWorker.controller) showPrompt();
    });
  });
}

function showPrompt() {
  if (reloading) return;
  setState("update-available");
  if (!prompt) {
    prompt = document.createElement("div");
    prompt.id = "pwa-update";
    prompt.className = "pwa-update";
    prompt.setAttribute("role", "status");
    const message = document.createElement("span");
    message.className = "pwa-update-text";
    const now = button("pwa-update-now", "btn btn-primary btn-small", applyUpdate);
    const later = button("pwa-update-later", "btn btn-ghost btn-small", () => { prompt.hidden = true; });
    prompt.append(message, now, later);
    // Styled here (CSSOM, allowed by the CSP) so style.css needs nothing; buttons use its .btn.
    Object.assign(prompt.style, {
      display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "center", gap: "8px 12px",
      padding: "8px 16px", background: "#123f26", color: "#fbf8ef", fontSize: "0.95rem",
      borderBottom: "2px solid #f2c14e",
    });
    later.style.color = "inherit";
    const topbar = document.querySelector(".topbar");
    if (topbar) topbar.after(prompt);
    else document.body.prepend(prompt);
  }
  fillPrompt();
  prompt.hidden = false;
}

function fillPrompt() {
  const t = text();
  prompt.querySelector(".pwa-update-text").textContent = reloading ? t.updating : t.message;
  prompt.querySelector("#pwa-update-now").textContent = t.update;
  prompt.querySelector("#pwa-update-later").textContent = t.later;
}

function button(id, className, onClick) {
  const el = document.createElement("button");
  el.type = "button";
  el.id = id;
  el.className = className;
  el.addEventListener("click", onClick);
  return el;
}
