// Service worker of meldtable: keeps the whole app (page, Pyodide, the engine wheel, icons)
// in Cache Storage so it starts and plays offline, and never switches versions mid-game.
//
// - install:  fetches every file of BUILD.files (revalidating with the server, so files the
//             page has just loaded come from the HTTP cache; files unchanged since an older
//             cached build are copied from it), checks each one's sha256, and stores them in
//             the cache "meldtable:<scope path>:<build id>". A failed install keeps what it
//             stored and is retried on the next visit.
// - waiting:  a new version waits; web/pwa.js offers "update available" and posts
//             {type: "skip-waiting"} when the player accepts (or at the next start).
// - activate: deletes this scope's caches of other builds, then takes control of the pages.
// - fetch:    same-origin GET requests inside the scope are answered from the cache
//             (navigations to the scope's folder or index.html get the cached page); anything
//             else goes to the network. Requests outside the origin are never touched.
// - message:  {type: "version"} with a MessagePort answers {buildId, cache}.
//
// build.py rewrites the next line in dist/sw.js: the build id (a hash over every precached
// file and this script) and [path relative to this script, sha256 or null] per file. Unbuilt
// (web/sw.js) the list is empty, and this worker caches nothing and answers nothing.
const BUILD = { id: "dev", files: [] }; // @build

const SCOPE = new URL(self.registration.scope);
// Several copies of the app may live on one origin (e.g. /play/ and /docs/play/): every cache
// name carries the scope, and a version only ever deletes caches of its own scope.
const PREFIX = `meldtable:${SCOPE.pathname}:`;
const CACHE = PREFIX + BUILD.id;
const SHELL = new URL("./", self.location.href).href;
const REQUIRED_TYPES = [[".wasm", /^application\/wasm$/], [".mjs", /javascript/], [".js", /javascript/]];

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") {
    self.skipWaiting();
  } else if (data.type === "version" && event.ports && event.ports[0]) {
    event.ports[0].postMessage({ buildId: BUILD.id, cache: CACHE });
  }
});

if (BUILD.files.length) {
  self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET") return;
    const url = new URL(request.url);
    if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
    event.respondWith(respond(request, url));
  });
}

/** Cache first (ignoring the query string), network as the fallback. */
async function respond(request, url) {
  const shell = request.mode === "navigate" &&
    (url.pathname === SCOPE.pathname || url.pathname === SCOPE.pathname + "index.html");
  const cache = await caches.open(CACHE);
  const hit = await cache.match(shell ? SHELL : request, { ignoreSearch: true, ignoreVary: true });
  return hit || fetch(request);
}

/** Store every file of this build, verified, in this build's cache. Files that an older
 * build of this scope already holds with the same content are copied, not downloaded, so an
 * update fetches only what changed. */
async function precache() {
  const cache = await caches.open(CACHE);
  const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  await Promise.all(BUILD.files.map(async ([path, sha256]) => {
    const url = new URL(path, self.location.href).href;
    if (await cache.match(url)) return; // stored by an earlier, interrupted install
    if (sha256) {
      for (const name of older) {
        const old = await (await caches.open(name)).match(url);
        if (old && (await digest(old.clone())) === sha256) {
          await cache.put(url, old);
          return;
        }
      }
    }
    let response = await fetch(new Request(url, { cache: "no-cache", credentials: "same-origin" }));
    if (!response.ok) throw new Error(`precache ${path}: HTTP ${response.status}`);
    if (response.redirected) {
      // A redirected response cannot answer a navigation: keep only status, headers and body.
      response = new Response(await response.blob(), { status: 200, headers: response.headers });
    }
    // A different file means a half-finished deploy: fail, and try again on the next visit.
    if (sha256 && (await digest(response.clone())) !== sha256) {
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

/** Hex sha256 of a response body. */
async function digest(response) {
  const hash = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, "0")).join("");
}
