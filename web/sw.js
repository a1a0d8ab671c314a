// Service worker of meldtable: keeps the whole app (page, Pyodide, the engine wheel, icons)
// in Cache Storage so it starts and plays offline, and never switches versions mid-game.
//
// - install:  fetches every file of BUILD.files (from the HTTP cache when the page has just
//             loaded it and its sha256 matches, else from the server; files unchanged since an
//             older cached build are copied from it), checks each one's sha256, and stores them in
//             the cache "meldtable:<scope path>:<build id>". A failed install keeps what it
//             stored and is retried on the next visit. BUILD.later (the rules pages, guided
//             hands and live demos) is stored too when this is an update (an older build's
//             cache exists), but not at the first install: a first visit downloads only what
//             the game needs (docs/performance.md, issue #16).
// - later:    the page posts {type: "cache-later"} when it starts already controlled (the
//             second start on): the files of BUILD.later not stored yet are stored then, each
//             checked like the others; a failure is retried at the next start. A file of
//             BUILD.later fetched while online before that is stored as it passes.
// - waiting:  a new version waits; web/pwa.js offers "update available" and posts
//             {type: "skip-waiting"} when the player accepts (or at the next start).
// - activate: deletes this scope's caches of other builds, then takes control of the pages.
// - fetch:    same-origin GET requests inside the scope are answered from the cache
//             (navigations to the scope's folder or index.html get the cached page); anything
//             else goes to the network. Requests outside the origin are never touched.
// - message:  {type: "version"} with a MessagePort answers {buildId, cache, later} (later:
//             how many files of BUILD.later are not stored yet, counted when asked).
//             {type: "cache-later"}: see "later".
//
// build.py rewrites the next line in dist/sw.js: the build id (a hash over every precached
// file and this script) and [path relative to this script, sha256 (its first 16 hex digits) or
// null] per file. Unbuilt
// (web/sw.js) the list is empty, and this worker caches nothing and answers nothing.
const BUILD = { id: "dev", files: [], later: [] }; // @build

// This script's global scope, typed as what it is (tsc's WebWorker library calls `self` a plain
// WorkerGlobalScope).
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const SCOPE = new URL(sw.registration.scope);
// Several copies of the app may live on one origin (e.g. /play/ and /docs/play/): every cache
// name carries the scope, and a version only ever deletes caches of its own scope.
const PREFIX = `meldtable:${SCOPE.pathname}:`;
const CACHE = PREFIX + BUILD.id;
const SHELL = new URL("./", self.location.href).href;
/** @type {[string, RegExp][]} */
const REQUIRED_TYPES = [[".wasm", /^application\/wasm$/], [".mjs", /javascript/], [".js", /javascript/]];
// how many hex digits of a file's sha256 the build lists (build.py SW_HASH_CHARS)
const HASH_CHARS = [...BUILD.files, ...BUILD.later].reduce((n, [, sha]) => (sha ? sha.length : n), 64);
// sha256 of each file of the second tier, by its absolute URL
const LATER = new Map(BUILD.later.map(([path, sha256]) => [new URL(path, self.location.href).href, sha256]));

sw.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const update = (await caches.keys()).some((name) => name.startsWith(PREFIX) && name !== CACHE);
    await precache(BUILD.files);
    if (update) await precache(BUILD.later).catch((err) => console.warn(err.message || err));
  })());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await sw.clients.claim();
  })());
});

sw.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") {
    sw.skipWaiting();
  } else if (data.type === "version" && event.ports && event.ports[0]) {
    const port = event.ports[0];
    event.waitUntil(missingLater().then((later) => port.postMessage({ buildId: BUILD.id, cache: CACHE, later })));
  } else if (data.type === "cache-later") {
    event.waitUntil(precache(BUILD.later).catch((err) => console.warn(err.message || err)));
  }
});

if (BUILD.files.length) {
  sw.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET") return;
    const url = new URL(request.url);
    if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
    event.respondWith(respond(request, url));
  });
}

/** Cache first (ignoring the query string), network as the fallback. A file of BUILD.later
 * that comes from the network is stored when its content is this build's; a page of it that
 * cannot be fetched (offline before it was stored) gets a short explanation. */
async function respond(request, url) {
  const shell = request.mode === "navigate" &&
    (url.pathname === SCOPE.pathname || url.pathname === SCOPE.pathname + "index.html");
  const cache = await caches.open(CACHE);
  const hit = await cache.match(shell ? SHELL : request, { ignoreSearch: true, ignoreVary: true });
  if (hit) return hit;
  const key = url.origin + url.pathname;
  if (!LATER.has(key)) return fetch(request);
  let response;
  try {
    response = await fetch(request);
  } catch (err) {
    if (request.mode === "navigate") return notStoredYet(url);
    throw err;
  }
  if (response.ok && response.type === "basic" && !response.redirected) {
    const copy = response.clone();
    digest(copy.clone()).then((sha) => sha === LATER.get(key) && cache.put(key, copy)).catch(() => {});
  }
  return response;
}

/** The page shown for a rules page or guided hand opened offline before it was stored. */
function notStoredYet(url) {
  const de = /\.de\.html$/.test(url.pathname) || /^de\b/.test(url.searchParams.get("lang") || "");
  const [title, text, back] = de
    ? ["Offline noch nicht verfügbar",
       "Diese Seite wird beim nächsten Start von Meldtable mit Internetverbindung für die Offline-Nutzung gespeichert.",
       "Zurück zum Spiel"]
    : ["Not available offline yet",
       "This page is saved for offline use the next time Meldtable starts while online.",
       "Back to the game"];
  const html = `<!doctype html><html lang="${de ? "de" : "en"}"><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
    `<link rel="icon" href="${new URL("favicon.svg", SCOPE.href).href}">` +
    `<h1>${title}</h1><p>${text}</p><p><a href="${SCOPE.href}">${back}</a></p></html>`;
  // 200: an answer of the app itself (a 503 would only add an error to the console)
  return new Response(html, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

/** How many files of BUILD.later this build's cache does not hold yet. */
async function missingLater() {
  const cache = await caches.open(CACHE);
  const held = await Promise.all([...LATER.keys()].map((url) => cache.match(url)));
  return held.filter((hit) => !hit).length;
}

/** Store every file of `files` ([path, sha256 or null]), verified, in this build's cache.
 * Files that an older build of this scope already holds with the same content are copied,
 * not downloaded, so an update fetches only what changed. */
async function precache(files) {
  const cache = await caches.open(CACHE);
  const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  await Promise.all(files.map(async ([path, sha256]) => {
    const url = new URL(path, self.location.href).href;
    if (await cache.match(url)) return; // stored by an earlier, interrupted install or visit
    if (sha256) {
      for (const name of older) {
        const old = await (await caches.open(name)).match(url);
        if (old && (await digest(old.clone())) === sha256) {
          await cache.put(url, old);
          return;
        }
      }
    }
    // A file with a sha256 is first taken from the browser's HTTP cache as it is (the page has
    // just loaded most of them: no request at all, where revalidating cost a round trip each, 8 KB
    // of a first visit); only when that copy is not this build's is the server asked. The page
    // itself (no sha256: hosts may rewrite HTML) is always revalidated.
    const get = (/** @type {RequestCache} */ mode) => fetch(new Request(url, { cache: mode, credentials: "same-origin" }));
    let response = await get(sha256 ? "force-cache" : "no-cache");
    let verified = false;
    if (sha256 && response.ok && !response.redirected) {
      verified = (await digest(response.clone())) === sha256;
      if (!verified) response = await get("no-cache");
    }
    if (!response.ok) throw new Error(`precache ${path}: HTTP ${response.status}`);
    if (response.redirected) {
      // A redirected response cannot answer a navigation: keep only status, headers and body.
      response = new Response(await response.blob(), { status: 200, headers: response.headers });
    }
    // A different file means a half-finished deploy: fail, and try again on the next visit.
    if (sha256 && !verified && (await digest(response.clone())) !== sha256) {
      throw new Error(`precache ${path}: content does not match build ${BUILD.id}`);
    }
    // Never keep a file the browser would refuse (e.g. .wasm not sent as application/wasm):
    // once the host is fixed, the next visit caches it correctly.
    const type = (response.headers.get("content-type") || "").split(";")[0].trim().toLowerCase();
    for (const [suffix, expected] of REQUIRED_TYPES) {
      if (path.endsWith(suffix) && !expected.test(type)) {
        throw new Error(`precache ${path}: served as "${type}", browsers need ${expected.source}`);
      }
    }
    await cache.put(url, response);
  }));
}

/** Hex sha256 of a response body, as long as the build lists it (build.py SW_HASH_CHARS: its
 * first 16 digits; the whole digest in a list without any). */
async function digest(response) {
  const hash = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, "0")).join("").slice(0, HASH_CHARS);
}
