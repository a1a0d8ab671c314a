"""What the friends tests share (issue #28): two browser contexts of one headless Chromium on
loopback are two devices on the real app page (index.html of dist/).

- ``net_browser`` / ``app_url``: module fixtures (a Chromium allowed loopback WebRTC; the app's URL);
- :func:`device`: a context with clipboard access, the page's warnings off and every data-channel
  message recorded (``window.__received``; :func:`messages` puts long ones together again), and
  optionally a fake camera with a QR reader (:data:`FAKE_CAMERA`);
- scripts to read the host's saved game (:data:`SAVED`) and keep it at every change
  (:data:`KEEP_STATES`).
"""
from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright
from test_multiplayer import LOOPBACK_ARGS, TIMEOUT, ev, net_url  # noqa: F401  (fixture)

from conftest import CHROMIUM_ARGS

CLIP = ["clipboard-read", "clipboard-write"]
# the page's warnings before costly mistakes off, as conftest's `context` does
WARNINGS_OFF = """(() => { try { if (!localStorage.getItem('meldtable.settings')) localStorage.setItem('meldtable.settings',
  JSON.stringify({warnWild: false, warnPlayable: false, warnInitial: false, warnNewGame: false})); } catch (_) {} })()"""
# every message the page's data channels receive (parts as they arrive), in window.__received
RECORD = """(() => {
  window.__received = [];
  const d = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, 'onmessage');
  Object.defineProperty(RTCDataChannel.prototype, 'onmessage', {
    configurable: true, get() { return d.get.call(this); },
    set(f) { d.set.call(this, (e) => { window.__received.push(String(e.data)); return f(e); }); },
  });
})()"""
# the host's game saved at every change, by the number the friend's messages carry ("at")
KEEP_STATES = """async () => {
  const L = await import('./net/lobby.js');
  const host = L.currentHosting().host;
  window.__states = {};
  const keep = async () => { window.__states[host.serial] = (await host.raw.request('save')).state; };
  await keep();
  const changed = host._changed.bind(host);
  // kept before the change is sent (_changed bumps the serial first): a guest's table never
  // arrives before its state is kept
  host._changed = async (...args) => {
    window.__states[host.serial + 1] = (await host.raw.request('save')).state;
    return changed(...args);
  };
  return host.serial;
}"""
SAVED = "async () => (await (await import('./net/lobby.js')).currentHosting().host.raw.request('save')).state"
# a camera and a QR reader for headless Chromium: the camera is a canvas's stream; the reader
# "sees" window.__qr (the test sets it to the code shown on the other device) once it is set
FAKE_CAMERA = """(() => {
  window.__qr = null; window.__scans = 0;
  class FakeBarcodeDetector {
    static async getSupportedFormats() { return ['qr_code']; }
    constructor(options) { this.formats = options && options.formats; }
    async detect(source) {
      window.__scans++;
      if (!(source instanceof HTMLVideoElement) || !source.srcObject) return [];
      return window.__qr ? [{ rawValue: window.__qr, format: 'qr_code' }] : [];
    }
  }
  window.BarcodeDetector = FakeBarcodeDetector;
  const media = navigator.mediaDevices || {};
  media.getUserMedia = async (constraints) => {
    window.__camera = constraints;
    const canvas = document.createElement('canvas');
    canvas.width = 64; canvas.height = 64;
    canvas.getContext('2d').fillRect(0, 0, 64, 64);
    return canvas.captureStream(5);
  };
  if (!navigator.mediaDevices) Object.defineProperty(navigator, 'mediaDevices', { value: media });
})()"""
PART = re.compile(r"^~([^:]+):(\d+):(\d+):", re.S)


@pytest.fixture(scope="module")
def net_browser(playwright_instance: Playwright, chromium_path: str) -> Iterator[Browser]:
    """A headless Chromium whose WebRTC may use loopback candidates (two devices on one machine)."""
    browser = playwright_instance.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS + LOOPBACK_ARGS)
    yield browser
    browser.close()


@pytest.fixture(scope="module")
def app_url(net_url: str) -> str:  # noqa: F811
    """The app page (index.html) on the test server's origin."""
    return net_url.split("__net__/")[0] + "index.html"


def device(browser: Browser, app_url: str, locale: str = "en-US", width: int = 1280, height: int = 800,
           camera: bool = False) -> BrowserContext:
    """One device: a context in ``locale`` at ``width`` x ``height`` CSS pixels that may use the
    clipboard, with the warnings off and the data-channel messages recorded; ``camera``: a fake
    camera and QR reader (:data:`FAKE_CAMERA`)."""
    context = browser.new_context(locale=locale, viewport={"width": width, "height": height})
    context.grant_permissions(CLIP, origin=app_url.split("/index.html")[0])
    context.set_default_timeout(TIMEOUT)
    context.add_init_script(WARNINGS_OFF)
    context.add_init_script(RECORD)
    if camera:
        context.add_init_script(FAKE_CAMERA)
    return context


def messages(page: Page) -> list[str]:
    """The messages the page received, long ones put together again from their parts."""
    out: list[str] = []
    parts: dict[str, dict[int, str]] = {}
    for text in ev(page, "window.__received"):
        m = PART.match(text)
        if not m:
            out.append(text)
            continue
        key, i, n = m.group(1), int(m.group(2)), int(m.group(3))
        got = parts.setdefault(key, {})
        got[i] = text[m.end():]
        if len(got) == n:
            out.append("".join(got[j] for j in range(n)))
            del parts[key]
    return out
