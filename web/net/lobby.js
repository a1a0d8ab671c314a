// The people-facing part of playing with friends on their own devices (issue #28,
// docs/multiplayer.md "In the app"): the host's "Players" panel (invitations as link and QR code,
// the reply codes, who is connected, reconnects, handing a seat to the computer) and the guest's
// join screen. The app loads this module lazily (dynamic import) and calls four hooks:
//
//   startHosting({engine, seats, names, lang?, onChange?, seatName?, pageUrl?, game?})
//       -> Promise<Hosting>       before the game's `new`: seats are the seats played on other
//                                 devices (numbers), names {seat: name} as typed in the new-game
//                                 dialog. Send `new` (and everything else) through hosting.engine.
//   resumeHosting({engine, lang?, onChange?, seatName?, pageUrl?})
//       -> Promise<Hosting | null>  at boot, before restoring the autosaved game: the friends'
//                                 seats of the hosted game that was saved (null: none); restore
//                                 through hosting.engine, then hosting.openPanel() re-invites.
//   stopHosting()                 the host starts a game without friends: closes every
//                                 connection and forgets the hosted game. Returns nothing.
//   joinFromFragment({hello, lang?, hash?, onChange?, iceServers?})
//       -> Promise<null | {engine, seat, table, guest, leave()}>
//                                 at boot, when the page's address has "#join=M1…": the join
//                                 screen; resolves when the host has connected (null: no
//                                 invitation in the address, or the person chose to play alone).
//                                 Without "#join=" but with a game this tab joined before, shows
//                                 how to rejoin and resolves null.
//
//   Hosting = {engine, host, game, openPanel(opener?), closePanel(), seats(), stop()}
//     engine      use INSTEAD of the page's engine (web/net/host.js explains how it differs)
//     openPanel   shows the panel (a modal <dialog>, Esc closes it, focus returns to `opener`
//                 or to the element focused before)
//     seats()     [{seat, kind: "local" | "guest" | "computer", name, connected,
//                   state: "local" | "computer" | "connected" | "waiting" | "gone"}]: for the
//                 seat badges; onChange("seats") says when it changed
//   A guest's page: use session.engine as the app's engine; it must NOT autosave (its `save`,
//   `new`, `load` are refused: only the host keeps the game), and has no scratch copy for the
//   warnings' probe (probeAction: act without it). The join screen and the "connection lost"
//   screen are this module's; onChange("rejoined") says a new invitation reconnected the same
//   engine: ask it for the `table` again.
//
// Every name and code is shown with textContent; the texts are web/i18n.js's `friends` keys.

import { Host } from "./host.js";
import { Guest } from "./guest.js";
import { loadIceServers } from "./peer.js";
import { inviteFromHash, unpackInvite } from "./signal.js";
import { refusalText } from "./protocol.js";
import { qrSvg, canScan, scanQr } from "./qr.js";
import { t, getLang, setLang, onLangChange, LANGUAGES } from "../i18n.js";

const APP_PATH = new URL("../", import.meta.url).pathname;
const HOSTING_KEY = `meldtable:net:hosting:${APP_PATH}`;
const SCAN_EVERY_MS = 300;

// ------------------------------------------------------------------ small DOM helpers

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k === "class") node.className = v;
    else if (k.startsWith("data-") || k.startsWith("aria-") || k === "role" || k === "for" || k === "type" ||
             k === "id" || k === "name" || k === "autocomplete" || k === "maxlength" || k === "rows" ||
             k === "spellcheck" || k === "lang" || k === "readonly") node.setAttribute(k, v === true ? "" : String(v));
    else node[k] = v;
  }
  for (const c of children) if (c) node.append(c);
  return node;
}

let cssLoaded = false;
function loadCss() {
  if (cssLoaded) return;
  cssLoaded = true;
  document.head.append(el("link", { rel: "stylesheet", href: new URL("./lobby.css", import.meta.url).href }));
}

let uid = 0;
const nextId = (p) => `net-${p}-${++uid}`;

/** Copy `text` to the clipboard; false when the browser refuses (the field is selected then). */
async function copyText(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (_) {
    if (field) {
      field.focus();
      field.select();
    }
    return false;
  }
}

/** A code field (read-only text, whole code selectable) with a Copy button and a note. */
function codeBox(labelKey, copyKey, text, params = {}) {
  const id = nextId("code");
  const field = el("textarea", { id, class: "net-code", rows: 3, readonly: true, spellcheck: "false" });
  field.value = text;
  const note = el("span", { class: "net-note", role: "status" });
  const copy = el("button", { type: "button", class: "btn btn-small net-copy", text: t(copyKey) });
  copy.addEventListener("click", async () => {
    note.textContent = (await copyText(field.value, field)) ? t("friends.copied") : t("friends.copyFailed");
  });
  const row = el("div", { class: "net-row" }, copy, note);
  if (typeof navigator.share === "function") {
    const share = el("button", { type: "button", class: "btn btn-small btn-ghost net-share", text: t("friends.share") });
    share.addEventListener("click", () => navigator.share({ text: field.value }).catch(() => {}));
    row.insertBefore(share, note);
  }
  return el("div", { class: "net-codebox" },
    el("label", { for: id, class: "net-label", text: t(labelKey, params) }), field, row);
}

/** The guest's reply code as text (Copy) and QR code, with "Waiting for the host…": [nodes], status. */
function replyView(reply) {
  const box = codeBox("friends.join.reply", "friends.join.copy", reply);
  box.querySelector("textarea").classList.add("net-reply-code");
  const status = el("p", { class: "net-waiting", role: "status", text: t("friends.join.waiting") });
  const nodes = [el("p", { class: "net-hint", text: t("friends.join.replyHint") }),
    el("div", { class: "net-invite" }, el("div", { class: "net-invite-codes" }, box), qrFigure(reply, "friends.join.qr")),
    status];
  return { nodes, status, copy: box.querySelector(".net-copy") };
}

function qrFigure(text, labelKey, params = {}) {
  try {
    return el("div", { class: "net-qr" }, qrSvg(text, { label: t(labelKey, params) }));
  } catch (_) {
    return null; // a code too long for a QR code: the text is there
  }
}

/** A "Scan" button (only where BarcodeDetector reads QR codes) that fills `field` from the camera. */
function scanButton(field, onRead) {
  const btn = el("button", { type: "button", class: "btn btn-small btn-ghost net-scan", text: t("friends.scan"), hidden: true });
  canScan().then((yes) => { btn.hidden = !yes; });
  btn.addEventListener("click", async () => {
    const video = el("video", { class: "net-video", playsInline: true, muted: true, "aria-label": t("friends.scanning") });
    const stop = el("button", { type: "button", class: "btn btn-small", text: t("friends.scanStop") });
    const box = el("div", { class: "net-scanbox" }, video, stop);
    btn.after(box);
    let stream = null;
    let done = false;
    const end = () => {
      done = true;
      if (stream) for (const track of stream.getTracks()) track.stop();
      box.remove();
      btn.focus();
    };
    stop.addEventListener("click", end);
    stop.focus();
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
      video.srcObject = stream;
      await video.play();
    } catch (_) {
      end();
      onRead(null);
      return;
    }
    for (;;) {
      if (done) return; // the stop button (end) ends the scan between two looks
      const text = await scanQr(video);
      if (text) {
        field.value = text;
        end();
        onRead(text);
        return;
      }
      await new Promise((resolve) => { setTimeout(resolve, SCAN_EVERY_MS); });
    }
  });
  return btn;
}

function codeError(err, side) {
  const key = err && err.key;
  if (key === "wrong_kind") return t(`friends.code.wrongKind.${side}`);
  if (["bad_code", "too_large", "wrong_game", "used"].includes(key)) return t(`friends.code.${key}`);
  return t("friends.code.bad_code");
}

function defaultSeatName(seat) {
  return t("friends.seat", { n: seat });
}

// ------------------------------------------------------------------ the host

let current = null; // the Hosting of this page, if any

function storeHosting(record) {
  try {
    if (record) localStorage.setItem(HOSTING_KEY, JSON.stringify(record));
    else localStorage.removeItem(HOSTING_KEY);
  } catch (_) {
    /* no storage: a reload cannot re-invite, the game itself is still saved */
  }
}

function storedHosting() {
  try {
    const r = JSON.parse(localStorage.getItem(HOSTING_KEY) || "null");
    if (!r || typeof r.game !== "string" || !/^[0-9a-f]{8,64}$/.test(r.game) || !Array.isArray(r.seats)) return null;
    const seats = r.seats.filter((s) => Number.isSafeInteger(s) && s >= 0 && s < 16);
    /** @type {Object<number, string>} */
    const names = {};
    for (const [k, v] of Object.entries(r.names && typeof r.names === "object" ? r.names : {})) {
      if (/^\d{1,2}$/.test(k) && typeof v === "string") names[k] = v.slice(0, 24);
    }
    return seats.length ? { game: r.game, seats, names } : null;
  } catch (_) {
    return null;
  }
}

/**
 * Host a game with friends on other devices (see the module comment).
 * @param {{engine: {request: Function}, seats: number[], names?: Object<number, string>,
 *          lang?: string, onChange?: (what: "seats" | "table") => void,
 *          seatName?: (seat: number) => string, pageUrl?: string, game?: string,
 *          iceServers?: object[]}} options
 * @returns {Promise<object>} the Hosting (engine, host, game, openPanel, closePanel, seats, stop)
 */
export async function startHosting({ engine, seats, names = {}, lang = null, onChange = () => {},
                                     seatName = defaultSeatName, pageUrl = location.href, game,
                                     iceServers }) {
  if (lang && lang !== getLang()) setLang(lang);
  stopHosting();
  loadCss();
  const servers = iceServers || await loadIceServers();
  const remote = [...new Set(seats)].filter((s) => Number.isSafeInteger(s)).sort((a, b) => a - b);
  let panel = null;
  const host = new Host({
    engine, remoteSeats: remote, names, iceServers: servers, pageUrl, ...(game ? { game } : {}),
    onChange: (what) => {
      if (what === "seats") {
        if (current === hosting) store(); // a seat handed to the computer stays so after a reload
        for (const s of host.seats()) if (s.kind === "guest" && s.connected) everJoined.add(s.seat);
        if (panel) panel.refresh();
      }
      onChange(what);
    },
  });
  const everJoined = new Set();
  const plainNames = {};
  for (const [k, v] of Object.entries(names)) plainNames[k] = String(v).slice(0, 24);
  const store = () => storeHosting({ game: host.game, seats: [...host.remote].sort((a, b) => a - b), names: plainNames });
  store();

  const seatsNow = () => host.seats().map((s) => ({
    ...s,
    state: s.kind === "local" || s.kind === "computer" ? s.kind
      : s.connected ? "connected" : everJoined.has(s.seat) ? "gone" : "waiting",
  }));
  let hosting = null;
  hosting = {
    engine: host.engine,
    host,
    game: host.game,
    seats: seatsNow,
    openPanel: (opener) => {
      if (!panel) panel = hostPanel(hosting, { seatName, remote });
      panel.open(opener);
    },
    closePanel: () => { if (panel) panel.close(); },
    stop: () => {
      if (current !== hosting) return;
      current = null;
      storeHosting(null);
      if (panel) panel.destroy();
      panel = null;
      host.close().catch(() => {});
    },
  };
  current = hosting;
  return hosting;
}

/**
 * The hosted game saved on this device (its friends' seats, names and game id), hosted again,
 * or null when none was: see the module comment. The app restores the saved game through
 * hosting.engine afterwards.
 * @param {{engine: {request: Function}, lang?: string, onChange?: (what: "seats" | "table") => void,
 *          seatName?: (seat: number) => string, pageUrl?: string, iceServers?: object[]}} options
 *   as startHosting's
 * @returns {Promise<object | null>} the Hosting, or null
 */
export async function resumeHosting({ engine, lang = null, onChange, seatName, pageUrl, iceServers }) {
  const r = storedHosting();
  if (!r) return null;
  return startHosting({ engine, seats: r.seats, names: r.names, lang, onChange, seatName, pageUrl,
                        game: r.game, iceServers });
}

/** The game this page hosts now (the Hosting startHosting or resumeHosting gave), or null. */
export function currentHosting() {
  return current;
}

/** Stop hosting (a game without friends starts): every connection closed, the record forgotten. */
export function stopHosting() {
  if (current) current.stop();
  else storeHosting(null);
}

/** The host's panel: one block per friend's seat. */
function hostPanel(hosting, { seatName, remote }) {
  const { host } = hosting;
  const titleId = nextId("title");
  const dialog = el("dialog", { class: "dialog dialog-wide net-dialog net-host", "aria-labelledby": titleId });
  const title = el("h2", { id: titleId });
  const intro = el("p", { class: "net-intro" });
  const list = el("ul", { class: "net-seats" });
  const closeBtn = el("button", { type: "button", class: "btn btn-primary net-close" });
  closeBtn.addEventListener("click", () => dialog.close());
  const live = el("p", { class: "net-live", role: "status" }); // "Seat 2: Anna: connected", read out
  dialog.append(title, intro, list, live, el("div", { class: "dialog-buttons" }, closeBtn));
  document.body.append(dialog);
  let opener = null;
  dialog.addEventListener("close", () => {
    const back = opener && opener.isConnected ? opener : null;
    opener = null;
    if (back) back.focus();
  });

  const blocks = new Map(); // seat -> {li, invite, making, error, lastState}

  async function makeInvite(seat, block) {
    if (block.making) return;
    block.making = true;
    block.invite = null;
    block.error = "";
    render(seat);
    try {
      block.invite = await host.invite(seat);
      block.invite.joined.then(() => render(seat));
    } catch (err) {
      block.error = t("friends.inviteFailed", { reason: String(err && err.message || err) });
    }
    block.making = false;
    render(seat);
  }

  function stateOf(seat) {
    return hosting.seats().find((s) => s.seat === seat) ||
      { seat, kind: host.remote.has(seat) ? "guest" : "computer", name: host.names[seat] || "", connected: false,
        state: host.remote.has(seat) ? "waiting" : "computer" };
  }

  function render(seat) {
    const block = blocks.get(seat);
    const s = stateOf(seat);
    const li = block.li;
    li.dataset.seat = String(seat);
    li.dataset.state = s.state;
    const headId = `${li.id}-head`;
    li.setAttribute("aria-labelledby", headId);
    const head = el("h3", { id: headId, class: "net-seat-name" });
    const called = seatName(seat);
    // the seat's name is the friend's own (given in the new-game dialog): "Seat 3: Anna"
    head.textContent = !s.name ? called
      : t("friends.seatNamed", { seat: called === s.name ? t("friends.seat", { n: seat + 1 }) : called, name: s.name });
    const state = el("span", { class: `net-state net-state-${s.state}`, text: t(`friends.state.${s.state}`) });
    const parts = [el("div", { class: "net-seat-head" }, head, state)];
    const inviting = block.making || (block.invite && !block.invite.used);
    if (s.state === "waiting" || (s.state === "gone" && inviting)) {
      if (block.making || !block.invite) {
        parts.push(el("p", { class: "net-note", role: "status", text: block.error || t("friends.preparing") }));
      } else {
        parts.push(invitePart(seat, block));
      }
    }
    const buttons = el("div", { class: "net-row net-seat-buttons" });
    if (s.state === "gone" && !inviting) {
      const again = el("button", { type: "button", class: "btn btn-small btn-primary net-reinvite", text: t("friends.newInvite") });
      again.addEventListener("click", () => makeInvite(seat, block).then(() => focusIn(seat, ".net-copy")));
      buttons.append(again);
    }
    if (s.state === "waiting" || s.state === "gone") {
      const release = el("button", { type: "button", class: "btn btn-small btn-ghost net-release", text: t("friends.release") });
      release.addEventListener("click", async () => {
        release.disabled = true;
        await host.release(seat);
        render(seat);
        if (!focusIn(seat, ".net-seat-name")) closeBtn.focus();
      });
      buttons.append(release);
    }
    if (buttons.childElementCount) parts.push(buttons);
    const had = li.contains(document.activeElement) ? document.activeElement.className : null;
    li.replaceChildren(...parts);
    block.lastState = s.state;
    if (had) {
      const again = li.querySelector(`.${had.split(" ").filter(Boolean).pop()}`);
      (again || li.querySelector("button, textarea") || closeBtn).focus();
    }
  }

  function focusIn(seat, selector) {
    const block = blocks.get(seat);
    const target = block && block.li.querySelector(selector);
    if (target) {
      if (!target.hasAttribute("tabindex") && target.tagName === "H3") target.tabIndex = -1;
      target.focus();
    }
    return Boolean(target);
  }

  function invitePart(seat, block) {
    const invite = block.invite;
    const params = { seat: seatName(seat) };
    const box = codeBox("friends.invite", "friends.copyInvite", invite.url, params);
    box.querySelector("textarea").classList.add("net-invite-link");
    const qr = qrFigure(invite.url, "friends.inviteQr", params);
    const replyId = nextId("reply");
    const reply = el("textarea", { id: replyId, class: "net-code net-reply", rows: 2, spellcheck: "false",
                                   autocomplete: "off" });
    reply.value = block.draft || "";
    reply.addEventListener("input", () => { block.draft = reply.value; });
    const error = el("p", { class: "net-error", role: "alert" });
    const connect = el("button", { type: "button", class: "btn btn-small btn-primary net-connect", text: t("friends.connect") });
    const accept = async () => {
      error.textContent = "";
      const code = reply.value.trim();
      if (!code) {
        error.textContent = t("friends.replyEmpty");
        reply.focus();
        return;
      }
      connect.disabled = true;
      try {
        await invite.accept(code);
        block.draft = "";
        error.className = "net-note";
        error.textContent = t("friends.connecting");
      } catch (err) {
        error.textContent = codeError(err, "host");
        connect.disabled = false;
        reply.focus();
      }
    };
    connect.addEventListener("click", accept);
    const scan = scanButton(reply, (text) => (text ? accept() : (error.textContent = t("friends.noCamera"))));
    const replyPart = el("div", { class: "net-codebox" },
      el("label", { for: replyId, class: "net-label", text: t("friends.reply", params) }), reply,
      el("div", { class: "net-row" }, connect, scan), error);
    return el("div", { class: "net-invite-all" },
      el("div", { class: "net-invite" }, el("div", { class: "net-invite-codes" }, box), qr), replyPart);
  }

  function fill() {
    title.textContent = t("friends.title");
    intro.textContent = t("friends.intro");
    closeBtn.textContent = t("friends.close");
    for (const seat of blocks.keys()) render(seat);
  }

  for (const seat of remote) {
    const li = el("li", { class: "net-seat", id: nextId("seat") });
    list.append(li);
    blocks.set(seat, { li, invite: null, making: false, error: "", draft: "" });
  }
  onLangChange(() => { if (dialog.isConnected) fill(); });

  return {
    open(from) {
      opener = from || (document.activeElement !== document.body ? document.activeElement : null);
      fill();
      for (const [seat, block] of blocks) {
        if (host.remote.has(seat) && stateOf(seat).state === "waiting" && !block.invite && !block.making) {
          makeInvite(seat, block);
        }
      }
      if (!dialog.open) dialog.showModal();
      (list.querySelector(".net-copy") || closeBtn).focus();
    },
    close() { if (dialog.open) dialog.close(); },
    refresh() {
      for (const [seat, block] of blocks) {
        const before = block.lastState;
        if (stateOf(seat).state === before) continue;
        render(seat);
        if (before) live.textContent = `${block.li.querySelector(".net-seat-name").textContent}: ${t(`friends.state.${block.lastState}`)}`;
      }
    },
    destroy() {
      if (dialog.open) dialog.close();
      dialog.remove();
    },
  };
}

// ------------------------------------------------------------------ the guest

function languageField(onPick) {
  const id = nextId("lang");
  const select = el("select", { id, class: "net-lang" });
  for (const lang of LANGUAGES) select.append(el("option", { value: lang, text: t(`lang.${lang}`) }));
  select.value = getLang();
  select.addEventListener("change", () => onPick(select.value));
  return { field: el("div", { class: "field" }, el("label", { for: id, text: t("friends.lang") }), select), select };
}

function guestDialog(titleKey) {
  loadCss();
  const titleId = nextId("title");
  const dialog = el("dialog", { class: "dialog net-dialog net-guest", "aria-labelledby": titleId });
  const title = el("h2", { id: titleId, text: t(titleKey) });
  dialog.append(title);
  document.body.append(dialog);
  return { dialog, title };
}

/**
 * The guest's join screen (see the module comment).
 * @param {{hello?: object | null, lang?: string, hash?: string, onChange?: (what: string) => void,
 *          iceServers?: object[]}} options onChange: "table" | "seats" | "closed" | "bye" | "rejoined"
 * @returns {Promise<null | {engine: object, seat: number, table: object, guest: Guest, leave: () => void}>}
 */
export async function joinFromFragment({ hello = null, lang = null, hash = location.hash, onChange = () => {},
                                         iceServers } = {}) {
  if (lang && lang !== getLang()) setLang(lang);
  const code = inviteFromHash(hash);
  if (!code) {
    const r = Guest.remembered();
    if (r) {
      Guest.forget(); // said once: the next start of this tab is a page of its own again
      await rememberedNotice(r);
    }
    return null;
  }
  let offer = null;
  let badReason = "";
  try {
    offer = await unpackInvite(code);
  } catch (err) {
    badReason = codeError(err, "guest");
  }
  const servers = iceServers || await loadIceServers();
  const { dialog, title } = guestDialog("friends.join.title");
  dialog.addEventListener("cancel", (ev) => ev.preventDefault()); // the join screen leaves by a button
  const body = el("div", { class: "net-join" });
  dialog.append(body);
  dialog.showModal();

  return new Promise((resolve) => {
    let guest = null;
    let lostView = null;
    const finish = (value) => {
      if (dialog.open) dialog.close();
      dialog.remove();
      resolve(value);
    };
    const alone = el("button", { type: "button", class: "btn btn-ghost net-alone", text: t("friends.join.alone") });
    alone.addEventListener("click", () => {
      if (guest) guest.close();
      Guest.forget();
      dropHash();
      finish(null);
    });

    const fail = (text) => {
      body.replaceChildren(el("p", { class: "net-error", role: "alert", text }),
        el("p", { text: t("friends.join.askAgain") }), el("div", { class: "dialog-buttons" }, alone));
      alone.focus();
    };
    if (!offer) {
      fail(badReason);
      return;
    }

    // step 1: the seat offered, a name, the language
    const nameId = nextId("name");
    const name = el("input", { id: nameId, class: "net-name", type: "text", maxlength: 24, autocomplete: "nickname" });
    try { name.value = localStorage.getItem("meldtable:net:name") || ""; } catch (_) { /* no storage */ }
    const offerText = el("p", { class: "net-offer" });
    const nameLabel = el("label", { for: nameId });
    const { field: langField, select } = languageField((l) => { setLang(l); relabel(); });
    const go = el("button", { type: "submit", class: "btn btn-primary net-join-go" });
    const form = el("form", { class: "net-join-form" }, offerText,
      el("div", { class: "field" }, nameLabel, name), langField,
      el("div", { class: "dialog-buttons" }, alone, go));
    const relabel = () => {
      title.textContent = t("friends.join.title");
      offerText.textContent = t("friends.join.offer", { seat: defaultSeatName(offer.seat), game: offer.game.slice(0, 6) });
      nameLabel.textContent = t("friends.join.name");
      go.textContent = t("friends.join.go");
      alone.textContent = t("friends.join.alone");
      langField.querySelector("label").textContent = t("friends.lang");
      for (const o of select.options) o.textContent = t(`lang.${o.value}`);
    };
    relabel();
    body.append(form);
    name.focus();

    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const who = name.value.trim().slice(0, 24);
      try { localStorage.setItem("meldtable:net:name", who); } catch (_) { /* no storage */ }
      go.disabled = true;
      const wait = el("p", { class: "net-note", role: "status", text: t("friends.join.preparing") });
      body.replaceChildren(wait);
      guest = new Guest({ lang: getLang(), name: who, hello, iceServers: servers, onChange: (what) => {
        if ((what === "closed" || what === "bye") && session) showLost();
        onChange(what);
      } });
      let reply;
      try {
        ({ reply } = await guest.join(code));
      } catch (err) {
        fail(codeError(err, "guest"));
        return;
      }
      dropHash();
      showReply(reply);
      try {
        await guest.joined;
      } catch (_) {
        fail(refusalText("host_gone", getLang()));
        return;
      }
      session = {
        engine: guest.engine, seat: guest.seat, table: guest.table, guest,
        leave: () => { guest.close(); },
      };
      onLangChange((l) => guest.setLang(l));
      if (dialog.open) dialog.close();
      dialog.remove();
      resolve(session);
    });
    let session = null;

    function showReply(reply) {
      const head = el("p", { class: "net-offer", text: t("friends.join.offer", { seat: defaultSeatName(offer.seat), game: offer.game.slice(0, 6) }) });
      const view = replyView(reply);
      body.replaceChildren(head, ...view.nodes, el("div", { class: "dialog-buttons" }, alone));
      view.copy.focus();
    }

    function showLost() {
      if (lostView && lostView.open) return;
      const reason = guest.closedReason || "host_gone";
      lostView = lostDialog(reason, async (text) => {
        const again = inviteFromHash(text.includes("#") ? text.slice(text.indexOf("#")) : "") || text.replace(/\s+/g, "");
        const { reply } = await guest.join(again);
        return { reply, joined: guest.joined.then(() => {
          session.table = guest.table;
          onChange("rejoined");
        }) };
      });
    }
  });
}

/** Take "#join=…" out of the address (a spent invitation is not answered again on a reload). */
function dropHash() {
  if (!location.hash) return;
  try {
    history.replaceState(history.state, "", location.pathname + location.search);
  } catch (_) {
    /* a sandboxed page: the address stays */
  }
}

/**
 * The guest's connection is gone: say so, how to come back, and take a new invitation pasted
 * here. `rejoin(code)` resolves {reply, joined} or throws SignalError.
 */
function lostDialog(reason, rejoin) {
  const { dialog } = guestDialog("friends.lost.title");
  const pasteId = nextId("paste");
  const paste = el("textarea", { id: pasteId, class: "net-code net-paste", rows: 2, spellcheck: "false", autocomplete: "off" });
  const error = el("p", { class: "net-error", role: "alert" });
  const go = el("button", { type: "submit", class: "btn btn-primary net-rejoin", text: t("friends.lost.rejoin") });
  const later = el("button", { type: "button", class: "btn btn-ghost net-later", text: t("friends.close") });
  later.addEventListener("click", () => dialog.close());
  // where the browser reads QR codes: scan the host's invitation with the camera (paste stays)
  const scan = scanButton(paste, (text) => {
    if (text) form.requestSubmit(go);
    else error.textContent = t("friends.noCamera");
  });
  const form = el("form", { class: "net-lost" },
    el("p", { class: "net-error net-lost-reason", text: refusalText(reason, getLang()) }),
    el("p", { text: t(reason === "seat_to_computer" ? "friends.lost.computer" : "friends.lost.how") }),
    el("div", { class: "field" }, el("label", { for: pasteId, text: t("friends.lost.paste") }), paste,
      el("div", { class: "net-row" }, scan)), error,
    el("div", { class: "dialog-buttons" }, later, go));
  dialog.append(form);
  dialog.addEventListener("close", () => dialog.remove());
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.textContent = "";
    go.disabled = true;
    try {
      const { reply, joined } = await rejoin(paste.value);
      const view = replyView(reply);
      form.replaceChildren(...view.nodes, el("div", { class: "dialog-buttons" }, later));
      view.copy.focus();
      joined.then(() => dialog.close(), () => { view.status.textContent = refusalText("host_gone", getLang()); });
    } catch (err) {
      error.textContent = codeError(err, "guest");
      go.disabled = false;
      paste.focus();
    }
  });
  dialog.showModal();
  paste.focus();
  return dialog;
}

/** A tab that joined a game before opens without an invitation: how to come back. */
function rememberedNotice(r) {
  return new Promise((resolve) => {
    const { dialog } = guestDialog("friends.lost.title");
    const ok = el("button", { type: "button", class: "btn btn-primary net-ok", text: t("friends.ok") });
    ok.addEventListener("click", () => dialog.close());
    dialog.append(el("p", { class: "net-remembered", text: t("friends.remembered", { seat: defaultSeatName(r.seat) }) }),
      el("div", { class: "dialog-buttons" }, ok));
    dialog.addEventListener("close", () => { dialog.remove(); resolve(); });
    dialog.showModal();
    ok.focus();
  });
}
