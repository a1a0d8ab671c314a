// The two-line embed's script (docs/embedding.md): a classic script, so that the browser runs it
// from any host, also one that sends no Access-Control-Allow-Origin. It imports the ES module
// embed.js next to it (which defines <meldtable-demo>); when that import fails it says why,
// in every demo of the page (in the demo's language) and in the console, instead of leaving the
// reader with the raw position text (issue #29 item 10). The reasons it tells apart:
//   cors         the server answers, but without Access-Control-Allow-Origin for this page
//   http         the server answers embed.js with an error status (e.g. 404: a wrong URL)
//   unreachable  no answer at all (server down, offline, or the page's connect-src forbids it)
//   other        embed.js came, but did not run (e.g. a module it imports is missing)
(function () {
  "use strict";
  const page = /** @type {Window & {__meldtableLoader?: boolean}} */ (window);
  if (page.__meldtableLoader) return; // the script twice on a page: once is enough
  page.__meldtableLoader = true;

  const script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  const base = new URL("./", script && script.src ? script.src : location.href);
  const moduleUrl = new URL("embed.js", base).href;

  const TEXT = {
    en: {
      title: "This live example cannot start.",
      cors: "The server at {origin} does not let pages of {here} load its game files: it must send the header “Access-Control-Allow-Origin: *” with every file (meldtable’s embedding guide, “Where dist/ is hosted”).",
      http: "{url} answered with HTTP status {status}: check the address in the page’s script tag.",
      unreachable: "{url} could not be reached (the server is down or offline, or this page’s Content-Security-Policy does not allow it).",
      other: "{url} was loaded but did not start: {message}",
      below: "The position is shown below as text.",
    },
    de: {
      title: "Dieses Beispiel kann nicht starten.",
      cors: "Der Server {origin} erlaubt Seiten von {here} nicht, seine Spieldateien zu laden: Er muss mit jeder Datei den Header „Access-Control-Allow-Origin: *“ senden (Anleitung zum Einbetten von meldtable, „Where dist/ is hosted“).",
      http: "{url} hat mit dem HTTP-Status {status} geantwortet: Prüfe die Adresse im Script-Tag der Seite.",
      unreachable: "{url} war nicht erreichbar (der Server ist nicht erreichbar oder offline, oder die Content-Security-Policy dieser Seite erlaubt es nicht).",
      other: "{url} wurde geladen, ist aber nicht gestartet: {message}",
      below: "Die Stellung steht unten als Text.",
    },
  };

  function fill(text, fields) {
    return text.replace(/\{(\w+)\}/g, (m, k) => (k in fields ? String(fields[k]) : m));
  }

  function langOf(el) {
    const found = el.closest("[lang]");
    const code = String((found && found.getAttribute("lang")) || document.documentElement.lang || "en").toLowerCase();
    return code.startsWith("de") ? "de" : "en";
  }

  /** Why the import failed: {kind, status?}. */
  async function diagnose() {
    try {
      const response = await fetch(moduleUrl, { mode: "cors", cache: "no-store", credentials: "omit" });
      return response.ok ? { kind: "other" } : { kind: "http", status: response.status };
    } catch (corsOrNetwork) {
      try {
        await fetch(moduleUrl, { mode: "no-cors", cache: "no-store", credentials: "omit" });
        return { kind: "cors" }; // it answers, but a CORS read is refused
      } catch (network) {
        return { kind: "unreachable" };
      }
    }
  }

  /** The element's text as the browser shows it: <br> and block ends as line breaks (as embed.js reads it). */
  function contentText(el) {
    let out = "";
    const walk = (node) => {
      for (const child of node.childNodes) {
        if (child.nodeType === Node.TEXT_NODE) out += child.nodeValue;
        else if (child.nodeType === Node.ELEMENT_NODE) {
          if (child.tagName === "BR") { out += "\n"; continue; }
          walk(child);
          if (/^(P|DIV|PRE|LI)$/.test(child.tagName)) out += "\n";
        }
      }
    };
    walk(el);
    return out;
  }

  const SHEET = `
    :host { display: block; margin: 1em 0; }
    .mt-fail { border: 2px solid #b3261e; border-radius: 8px; background: #fff4f2; color: #4a140f;
      padding: 10px 14px; font: 0.95rem/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
    .mt-fail strong { display: block; margin-bottom: 2px; }
    .mt-fail p { margin: 0 0 4px; }
    .mt-pos { white-space: pre-wrap; font: 0.85rem/1.4 ui-monospace, Menlo, Consolas, monospace;
      color: #222; background: #f6f6f4; border: 1px solid #ccc; border-top: 0; border-radius: 0 0 8px 8px;
      padding: 8px 14px; margin: -4px 0 0; overflow-x: auto; }`;

  function render(el, reason) {
    if (el.shadowRoot) return;
    const text = TEXT[langOf(el)];
    const fields = { url: moduleUrl, origin: base.origin, here: location.origin, status: reason.status, message: reason.message };
    const root = el.attachShadow({ mode: "open" });
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(SHEET);
      root.adoptedStyleSheets = [sheet];
    } catch (err) { /* an old browser: unstyled, still readable */ }
    const box = document.createElement("div");
    box.className = "mt-fail";
    box.setAttribute("part", "error");
    const title = document.createElement("strong");
    title.textContent = text.title;
    const detail = document.createElement("p");
    detail.textContent = fill(text[reason.kind], fields);
    const below = document.createElement("p");
    below.textContent = text.below;
    box.append(title, detail, below);
    const pos = document.createElement("div");
    pos.className = "mt-pos";
    pos.textContent = (el.getAttribute("position") || contentText(el)).replace(/^\s*\n/, "").replace(/\s+$/, "");
    root.append(box, pos);
    el.dataset.state = "error";
    el.dataset.error = reason.kind;
  }

  import(moduleUrl).catch(async (err) => {
    if (customElements.get("meldtable-demo")) { console.error(err); return; } // embed.js did define it
    const reason = await diagnose();
    reason.message = err && err.message ? err.message : String(err);
    const english = fill(TEXT.en[reason.kind], { url: moduleUrl, origin: base.origin, here: location.origin,
                                                  status: reason.status, message: reason.message });
    console.error(`meldtable: the live examples cannot start. ${english}`);
    customElements.define("meldtable-demo", class extends HTMLElement {
      connectedCallback() { render(this, reason); }
    });
  });
})();
