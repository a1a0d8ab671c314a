// The replay page (issue #30, docs/records.md): replay.html#r=<record> (replay-link.js), or a
// record file chosen, dropped or pasted. The table is the game's own renderer in a replay demo
// (web/embed.js, mountDemo with `record`): the engine replays the record to the move shown
// (`load_record` with `moves`), so the page never works out a rule, a card or a move itself.
// Step with the buttons, the slider, the move log or the keys (arrows, Home/End, space plays and
// pauses); any seat's view or all hands open (only a record naming every card: the engine's
// `open`); continue from any move in the app (its autosave, web/persist.js's format); share the
// record as a file or a link (a seat's link holds that seat's view only: the engine's `record`
// with `seat`).
import { mountDemo } from "./embed.js";
import { t, useLang, setLang, engineMessage, LANGUAGES } from "./i18n.js";
import { cardView } from "./cards.js";
import { savedGame } from "./persist.js";
import { decodeRecord, readFragment, replayUrl, LinkError, MAX_LINK_TEXT } from "./replay-link.js";

const APP_PATH = new URL("./", import.meta.url).pathname;
const SAVE_KEY = `meldtable:saved-game:${APP_PATH}`;   // web/persist.js, KEY
const RESUME_KEY = `meldtable:resume:${APP_PATH}`;     // web/persist.js, RESUME_KEY: resume at once
const SAVE_FORMAT = 1;                                 // web/persist.js, FORMAT
const MAX_FILE_BYTES = 4 * MAX_LINK_TEXT;              // a file larger than this is not read at all
const $ = (id) => document.getElementById(id);

function pageLang() {
  const asked = (new URLSearchParams(location.search).get("lang") || "").toLowerCase();
  if (LANGUAGES.includes(asked)) return asked;
  return String(navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en";
}

const lang = pageLang();
setLang(lang);
useLang(lang);
document.documentElement.lang = lang;

const page = { demo: null, text: null, fragment: readFragment(location.hash), confirmContinue: false };

// ------------------------------------------------------------------ static texts

function staticTexts() {
  $("r-title").textContent = t("replay.title");
  document.title = `${t("replay.title")} · Meldtable`;
  $("r-rules").textContent = t("replay.rules");
  const other = lang === "de" ? "en" : "de";
  const link = /** @type {HTMLAnchorElement} */ ($("r-lang"));
  link.textContent = t("replay.otherLang");
  link.lang = other;
  link.hreflang = other;
  const setHref = () => { link.href = `replay.html?lang=${other}${location.hash}`; };
  setHref();
  window.addEventListener("hashchange", setHref);
  link.addEventListener("click", setHref);
  /** @type {HTMLAnchorElement} */ ($("r-rules")).href = `rules/index.${lang}.html`;
  $("r-intro").textContent = t("replay.intro");
  $("r-file-text").textContent = t("replay.file");
  $("r-drop").textContent = t("replay.drop");
  $("r-paste-label").textContent = t("replay.pasteLabel");
  $("r-show").textContent = t("replay.show");
  $("r-view-text").textContent = t("replay.view");
  $("r-log-title").textContent = t("replay.log");
  $("r-hands-title").textContent = t("replay.hands");
  $("r-continue").textContent = t("replay.continue");
  $("r-download").textContent = t("replay.download");
  $("r-link").textContent = t("replay.link");
  $("r-another").textContent = t("replay.another");
  $("r-slider").setAttribute("aria-label", t("replay.slider"));
  for (const [id, key] of [["r-first", "first"], ["r-prev", "prev"], ["r-next", "next"], ["r-last", "last"]]) {
    $(id).setAttribute("aria-label", t("replay." + key));
    $(id).title = t("replay." + key);
  }
}

function showError(message) {
  const box = $("r-error");
  box.textContent = message || "";
  box.hidden = !message;
}

function note(message) {
  $("r-share-note").textContent = message || "";
}

// ------------------------------------------------------------------ opening a record

async function openRecord(text, { move = null, seat = null } = {}) {
  showError("");
  note("");
  $("r-link-out").hidden = true;
  if (page.demo) { page.demo.destroy(); page.demo = null; }
  const host = $("r-demo");
  host.replaceChildren();
  const box = document.createElement("div");
  host.append(box);
  page.text = text;
  const demo = mountDemo(box, {
    record: text, lang, start: "now", controls: false, move: move ?? 1e9, // a record opens at its end: "why did I lose?"
    seat: Number.isInteger(seat) ? seat : 0,
  });
  page.demo = demo;
  page.all = seat === "all" || seat === null;
  box.addEventListener("meldtable-step", () => showStep());
  try {
    await demo.ready;
  } catch (err) {
    if (page.demo !== demo) return;
    showError(t("replay.bad", { message: engineMessage(err) }));
    $("r-player").hidden = true;
    $("r-open").hidden = false;
    return;
  }
  if (page.demo !== demo) return;
  if (!demo.info) return; // the demo says why in its own box
  if (!demo.open) page.all = false;
  $("r-open").hidden = true;
  $("r-player").hidden = false;
  buildViewSelect();
  buildLog();
  showStep();
  $("r-play").focus({ preventScroll: true });
}

async function openFromFragment() {
  const frag = readFragment(location.hash);
  page.code = frag.code;
  if (!frag.code) return false;
  let text;
  try {
    text = await decodeRecord(frag.code);
  } catch (err) {
    showError(t(err instanceof LinkError ? err.key : "replay.linkBad"));
    return true;
  }
  await openRecord(text, { move: frag.move, seat: frag.seat });
  return true;
}

async function openFile(file) {
  if (!file) return;
  if (file.size > MAX_FILE_BYTES) { showError(t("replay.fileLong")); return; }
  let text;
  try {
    text = await file.text();
  } catch (err) {
    showError(t("replay.fileBad", { message: (err && err.message) || String(err) }));
    return;
  }
  if (text.length > MAX_LINK_TEXT) { showError(t("replay.fileLong")); return; }
  history.replaceState(null, "", location.href.split("#")[0]); // a file's record is not the link's
  await openRecord(text);
}

// ------------------------------------------------------------------ the player

function buildViewSelect() {
  const demo = page.demo, info = demo.info;
  const sel = /** @type {HTMLSelectElement} */ ($("r-view"));
  sel.replaceChildren();
  const viewRecord = info.view !== null && info.view !== undefined;
  if (demo.open) sel.append(new Option(t("replay.allHands"), "all"));
  for (let s = 0; s < info.players; s++) {
    if (viewRecord && s !== info.view) continue;
    sel.append(new Option(t("replay.seatView", { name: demo.seatName(s) }), String(s)));
  }
  sel.value = page.all ? "all" : String(demo.viewSeat);
  sel.disabled = sel.options.length < 2;
  const n = $("r-note");
  n.hidden = !viewRecord;
  n.textContent = viewRecord ? t("replay.viewOnly", { name: demo.seatName(info.view) }) : "";
}

function buildLog() {
  const demo = page.demo, info = demo.info;
  const list = $("r-log-list");
  list.replaceChildren();
  const add = (k, text, cls = "") => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "r-log-move " + cls;
    b.dataset.move = String(k);
    const said = document.createElement("span");
    said.className = "r-log-said";
    said.textContent = text;
    b.append(said);
    const c = demo.commentAt(k);
    if (c) {
      const p = document.createElement("span");
      p.className = "r-log-comment";
      p.textContent = c; // the record's words as text, never markup
      b.append(p);
    }
    li.append(b);
    list.append(li);
  };
  add(0, t("replay.start"), "r-log-start");
  let deal = null;
  for (const e of demo.log) {
    if (e.deal !== deal && (info.deals || []).length > 1) {
      const h = document.createElement("li");
      h.className = "r-log-deal";
      h.textContent = t("replay.deal", { n: e.deal });
      list.append(h);
    }
    deal = e.deal;
    add(e.move, demo.describeMove(e));
  }
  if (!demo.log.length && info.moves === 0) list.dataset.empty = "true";
}

function showStep() {
  const demo = page.demo;
  if (!demo || !demo.info) return;
  const k = demo.move, n = demo.info.moves;
  const slider = /** @type {HTMLInputElement} */ ($("r-slider"));
  slider.max = String(n);
  slider.value = String(k);
  slider.disabled = n === 0;
  slider.setAttribute("aria-valuetext", t("replay.moveOf", { k, n }));
  $("r-move").textContent = t("replay.moveOf", { k, n });
  const e = demo.log[k - 1];
  $("r-said").textContent = k > 0 && e ? demo.describeMove(e) : t("replay.start");
  const c = demo.commentAt(k);
  $("r-comment").textContent = c;
  $("r-comment").hidden = !c;
  /** @type {HTMLButtonElement} */ ($("r-first")).disabled = /** @type {HTMLButtonElement} */ ($("r-prev")).disabled = k <= 0;
  /** @type {HTMLButtonElement} */ ($("r-next")).disabled = /** @type {HTMLButtonElement} */ ($("r-last")).disabled = k >= n;
  const play = /** @type {HTMLButtonElement} */ ($("r-play"));
  play.textContent = demo.playing ? "❚❚" : "▶";
  play.setAttribute("aria-label", t(demo.playing ? "replay.pause" : "replay.play"));
  play.title = t(demo.playing ? "replay.pause" : "replay.play");
  play.setAttribute("aria-pressed", String(demo.playing));
  play.disabled = n === 0;
  for (const b of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".r-log-move"))) {
    const on = Number(b.dataset.move) === k;
    b.classList.toggle("current", on);
    if (on) b.setAttribute("aria-current", "step"); else b.removeAttribute("aria-current");
  }
  const cur = /** @type {HTMLElement | null} */ (document.querySelector(".r-log-move.current"));
  if (cur) {
    const list = $("r-log-list");
    const top = cur.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - cur.offsetHeight) list.scrollTop = Math.max(0, top - list.clientHeight / 3);
  }
  showHands();
  document.body.dataset.move = String(k);
  const frag = `r=${readFragment(location.hash).code || ""}`;
  if (readFragment(location.hash).code) history.replaceState(null, "", `#${frag}&m=${k}&s=${page.all ? "a" : demo.viewSeat}`);
  page.confirmContinue = false;
}

function showHands() {
  const demo = page.demo;
  const box = $("r-hands");
  const hands = demo.hands;
  if (!page.all || !demo.open || !Array.isArray(hands)) { box.hidden = true; $("r-hands-list").replaceChildren(); return; }
  const list = $("r-hands-list");
  list.replaceChildren();
  hands.forEach((cards, s) => {
    if (s === demo.viewSeat) return; // drawn on the table
    const row = document.createElement("div");
    row.className = "r-hand";
    const name = document.createElement("p");
    name.className = "r-hand-name";
    name.textContent = t("replay.cards", { name: demo.seatName(s), n: cards.length });
    const cardsEl = document.createElement("div");
    cardsEl.className = "r-hand-cards";
    for (const c of cards) cardsEl.append(cardView(c, "mini"));
    row.append(name, cardsEl);
    list.append(row);
  });
  box.hidden = false;
}

function go(k) {
  const demo = page.demo;
  if (!demo || !demo.info) return;
  demo.pause();
  demo.goto(k).catch(() => {});
}

function togglePlay() {
  const demo = page.demo;
  if (!demo || !demo.info) return;
  if (demo.playing) demo.pause();
  else {
    if (demo.move >= demo.info.moves) { demo.goto(0).then(() => demo.play()).catch(() => {}); return; }
    demo.play();
  }
}

// ------------------------------------------------------------------ continue, share

async function continueHere() {
  const demo = page.demo;
  if (!demo || !demo.info) return;
  const saved = savedGame();
  if (saved && !page.confirmContinue) {
    page.confirmContinue = true;
    note(t("replay.continueAgain", { game: t("variant." + saved.variant) }));
    return;
  }
  demo.pause();
  try {
    const answer = await demo.request("save", {});
    const view = (demo.table() || {}).view || {};
    let seed = null;
    try { seed = JSON.parse(answer.state).seed ?? null; } catch { /* the engine's format */ }
    const record = { format: SAVE_FORMAT, savedAt: Date.now(), state: answer.state, human_seats: answer.human_seats,
      seed, variant: view.variant ?? null, hand: view.hand_number ?? null };
    localStorage.setItem(SAVE_KEY, JSON.stringify(record));
    sessionStorage.setItem(RESUME_KEY, "1");
  } catch (err) {
    note(t("replay.continueFailed", { message: engineMessage(err) }));
    return;
  }
  location.href = `./?lang=${lang}`;
}

function fileName(info) {
  const day = new Date().toISOString().slice(0, 10);
  return `meldtable-${info.variant || "game"}-${day}.txt`;
}

function download() {
  const demo = page.demo;
  if (!demo || !demo.info || !page.text) return;
  const blob = new Blob([page.text], { type: "text/plain" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = fileName(demo.info);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 0);
}

/** The link of this moment: all hands open, the whole record; a seat's view, that seat's record now (the engine's rule). */
async function makeLink() {
  const demo = page.demo;
  if (!demo || !demo.info) return;
  demo.pause();
  let url, message;
  try {
    if (page.all) {
      url = await replayUrl(page.text, { move: demo.move, seat: "all", lang });
      message = t("replay.linkAll");
    } else {
      const seat = demo.viewSeat;
      const fields = { seat, names: demo.info.names.length ? demo.info.names : null };
      if (demo.info.position && (demo.info.view === null || demo.info.view === undefined)) fields.position = demo.info.position;
      const answer = await demo.request("record", fields);
      const shown = answer.view === null ? Math.min(demo.move, answer.moves) : null;
      url = await replayUrl(answer.record, { move: answer.view === null ? answer.moves : 0, seat, lang });
      void shown;
      message = t("replay.linkSeat", { name: demo.seatName(seat) });
    }
  } catch (err) {
    note(t("replay.shareFailed", { message: engineMessage(err) }));
    return;
  }
  const out = /** @type {HTMLInputElement} */ ($("r-link-out"));
  out.value = url;
  out.hidden = false;
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch { /* no clipboard permission: the link is shown to copy by hand */ }
  note(`${copied ? t("replay.linkCopied") : t("replay.linkMade")} ${message}`);
  if (!copied) out.select();
}

// ------------------------------------------------------------------ wiring

function wire() {
  $("r-first").addEventListener("click", () => go(0));
  $("r-prev").addEventListener("click", () => go(page.demo.move - 1));
  $("r-next").addEventListener("click", () => go(page.demo.move + 1));
  $("r-last").addEventListener("click", () => go(page.demo.info.moves));
  $("r-play").addEventListener("click", togglePlay);
  $("r-slider").addEventListener("input", (e) => go(Number(/** @type {HTMLInputElement} */ (e.target).value)));
  $("r-log-list").addEventListener("click", (e) => {
    const b = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest(".r-log-move"));
    if (b) go(Number(b.dataset.move));
  });
  $("r-view").addEventListener("change", async (e) => {
    const v = /** @type {HTMLSelectElement} */ (e.target).value;
    const demo = page.demo;
    page.all = v === "all";
    if (page.all) await demo.setSeat(0); else await demo.setSeat(Number(v));
    showStep();
  });
  $("r-continue").addEventListener("click", continueHere);
  $("r-download").addEventListener("click", download);
  $("r-link").addEventListener("click", makeLink);
  $("r-another").addEventListener("click", () => {
    if (page.demo) { page.demo.destroy(); page.demo = null; }
    history.replaceState(null, "", location.href.split("#")[0]);
    $("r-player").hidden = true;
    $("r-open").hidden = false;
    $("r-paste").focus();
  });
  $("r-file").addEventListener("change", (e) => openFile(/** @type {HTMLInputElement} */ (e.target).files && /** @type {HTMLInputElement} */ (e.target).files[0]));
  $("r-show").addEventListener("click", () => {
    const text = /** @type {HTMLTextAreaElement} */ ($("r-paste")).value;
    if (!text.trim()) { showError(t("replay.empty")); return; }
    if (text.length > MAX_LINK_TEXT) { showError(t("replay.fileLong")); return; }
    history.replaceState(null, "", location.href.split("#")[0]);
    openRecord(text);
  });
  const drop = document.body;
  drop.addEventListener("dragover", (e) => { e.preventDefault(); document.body.classList.add("r-dragging"); });
  drop.addEventListener("dragleave", () => document.body.classList.remove("r-dragging"));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    document.body.classList.remove("r-dragging");
    const file = e.dataTransfer && e.dataTransfer.files && e.dataTransfer.files[0];
    if (file) openFile(file);
  });
  document.addEventListener("keydown", (e) => {
    if (!page.demo || !page.demo.info || $("r-player").hidden) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = e.target && /** @type {Element} */ (e.target).tagName;
    if (tag === "TEXTAREA" || tag === "SELECT" || (tag === "INPUT" && /** @type {HTMLInputElement} */ (e.target).type !== "range")) return;
    const k = page.demo.move;
    const keys = { ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: page.demo.info.moves };
    if (e.key in keys) {
      e.preventDefault();
      go(keys[e.key]);
    } else if (e.key === " " || e.key === "Spacebar") {
      e.preventDefault();
      if (!e.repeat) togglePlay();
    }
  });
  // a space released on a focused button would click it as well: the keydown above played/paused
  document.addEventListener("keyup", (e) => { if (e.key === " " && e.target && /** @type {Element} */ (e.target).tagName === "BUTTON") e.preventDefault(); });
  window.addEventListener("hashchange", () => {
    const frag = readFragment(location.hash);
    if (frag.code && frag.code !== page.code) openFromFragment(); // another link pasted into the address bar
  });
}

staticTexts();
wire();
openFromFragment().then((opened) => { if (!opened) $("r-paste").focus({ preventScroll: true }); });
/** @type {any} */ (window).meldtableReplay = page;
