"""The embedding path: a page that already runs a stock Pyodide installs the engine wheel with
micropip.install(<wheel URL>) (README "Embedding with micropip").

The stock page uses Pyodide 314.0.7 exactly as npm ships it (stock stdlib, stock
pyodide-lock.json), and micropip from its PyPI wheel, fetched at test time with `pip download`
into .cache/test-wheels/ (never committed). That wheel's sha256 differs from the one in
Pyodide's lock file, so loading micropip by name would fail the integrity check: the page loads
it by URL, as the README tells embedders to do.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pytest
from pytest import TempPathFactory

import build

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import RecordTiming, ServeSite, WatchedPage

MICROPIP = "micropip-0.11.1-py3-none-any.whl"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"  # PyPI's file
WHEEL_CACHE = build.CACHE / "test-wheels"

STOCK_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>a documentation page running stock Pyodide</title>
  <link rel="icon" href="data:,">
  <script type="module">
    import { loadPyodide } from "./pyodide.mjs";
    window.pyodideReady = loadPyodide();  // stock defaults: indexURL = this folder
  </script>
</head>
<body><p>stock Pyodide 314.0.7</p></body>
</html>
"""

INSTALL_AND_PLAY = """async ({ micropipUrl, wheelUrl }) => {
  const pyodide = await window.pyodideReady;
  const loaded = await pyodide.loadPackage(micropipUrl);
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(wheelUrl);
  const out = pyodide.runPython(`
import json, meldtable
game = meldtable.new_game("canasta-two-hand", players=2, seed=7)
moves = [str(m) for m in game.legal_moves()]
game.play(moves[0])
json.dumps({"version": meldtable.__version__, "moves": moves,
            "after": [str(m) for m in game.legal_moves()], "hand": game.view(0)["hand"]})
`);
  return { loaded: loaded.map((p) => p.name), result: JSON.parse(out) };
}"""


def fetch_micropip() -> Path:
    """The PyPI micropip wheel in .cache/test-wheels/ (downloaded once with pip)."""
    path = WHEEL_CACHE / MICROPIP
    if not path.exists():
        WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
               "--python-version", "3.14", "--disable-pip-version-check", "-d", str(WHEEL_CACHE),
               "micropip==0.11.1"]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0 or not path.exists():
            message = f"could not download {MICROPIP} from PyPI: {done.stderr.strip()[-500:]}"
            if os.environ.get("CI"):
                pytest.fail(message)
            pytest.skip(message)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == MICROPIP_SHA256, f"{path} is not PyPI's file"
    return path


@pytest.fixture(scope="module")
def stock_pyodide(tmp_path_factory: TempPathFactory) -> Path:
    """A folder with Pyodide 314.0.7 as npm ships it, the stock page, and micropip's PyPI wheel."""
    folder = tmp_path_factory.mktemp("stock-pyodide")
    build.extract_pyodide(build.pyodide_tarball(), folder, build.PYODIDE_FILES + ("pyodide-lock.json",))
    (folder / "index.html").write_text(STOCK_PAGE)
    wheels = folder / "pypi"
    wheels.mkdir()
    (wheels / MICROPIP).write_bytes(fetch_micropip().read_bytes())
    return folder


def test_micropip_installs_the_wheel_in_a_stock_pyodide_page(page: WatchedPage, serve_site: ServeSite, stock_pyodide: Path,
                                                             site_version: dict[str, Any],
                                                             record_timing: RecordTiming) -> None:
    import json
    import time

    import meldtable

    base = serve_site(mounts={"/stock/": stock_pyodide})
    page.goto(base + "stock/index.html")
    started = time.monotonic()
    out = page.evaluate(INSTALL_AND_PLAY, {
        "micropipUrl": f"{base}stock/pypi/{MICROPIP}",
        "wheelUrl": f"{base}wheels/{site_version['embed_wheel']}",  # the universal py3 wheel
    })
    record_timing("stock Pyodide page: loadPyodide + micropip + install + first move", time.monotonic() - started)
    assert out["loaded"] == ["micropip"]
    result = out["result"]
    assert result["version"] == site_version["embed_wheel"].split("-")[1]

    # Same moves as CPython for the same seed.
    game = meldtable.new_game("canasta-two-hand", players=2, seed=7)
    moves = [str(m) for m in game.legal_moves()]
    game.play(moves[0])
    assert result["moves"] == moves
    assert result["after"] == [str(m) for m in game.legal_moves()]
    assert result["hand"] == json.loads(json.dumps(game.view(0)["hand"]))

    # Everything came from this server: the stock lock file, micropip by URL, the wheel.
    assert page.content_types.get(f"/wheels/{site_version['embed_wheel']}")
    assert f"/stock/pypi/{MICROPIP}" in page.content_types
    assert page.foreign_requests == []
    assert page.console_errors == []


# ------------------------------------------------------------------ <meldtable-demo> (issue #12)
# A documentation page on one origin embeds live positions from dist/ on another origin (served
# with CORS) with one script tag: both demos draw their positions before the engine is up, boot on
# one worker, take a legal move, refuse an illegal one with the engine's reason in the demo's
# language (compared with the engine's catalogue through CPython), and reset.

FROZEN = """variant: canasta-two-hand
turn: 0 draw
hand 0: JH JS JK 4C 5D 6H 7S   # two natural jacks and a joker
meld 0: KC KD KH               # the initial meld is made
pile: 4D 2D 9H JC              # the two inside freezes the pile
"""
TWO_SETS = """turn: 0 play
players: 3
hand 0: 7C 7D 7H 9S 9D 9H KC
"""

HOST_PAGE = """<!doctype html>
<html lang="de">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Eine Regelseite irgendwo</title>
  <link rel="icon" href="data:,">
  <script type="module" src="{dist}embed.js"></script>
  <style>body {{ font-family: Georgia, serif; max-width: 760px; margin: 0 auto; padding: 12px; color: #222; }}
  h2 {{ color: purple; }} .card {{ border: 5px solid red; }}</style>
</head>
<body>
  <h1>Canasta: der eingefrorene Stapel</h1>
  <p>Ein Text der Dokumentation, mit zwei lebendigen Stellungen.</p>
  <meldtable-demo id="frozen" variant="canasta-two-hand">{frozen}</meldtable-demo>
  <h2>Continental</h2>
  <meldtable-demo id="sets" variant="continental" lang="en" position="{sets}"></meldtable-demo>
  <p>Ende.</p>
</body>
</html>
"""


@pytest.fixture
def cors_dist(dist_dir: Path, tmp_path: Path) -> Iterator[str]:
    """dist/ on its own loopback port under a sub-path (/games/meldtable/), sending
    Access-Control-Allow-Origin: * (docs/embedding.md); its base URL."""
    import threading

    empty = tmp_path / "cdn-root"
    empty.mkdir()
    server = build.make_server(empty, port=0, quiet=True, mounts={"/games/meldtable/": dist_dir},
                               headers={"Access-Control-Allow-Origin": "*"})
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/games/meldtable/"
    server.shutdown()
    server.server_close()


@pytest.fixture
def host_page(tmp_path: Path, serve_site: ServeSite, cors_dist: str) -> str:
    """The documentation page (another origin than dist/): its URL."""
    import html

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "rules.html").write_text(HOST_PAGE.format(
        dist=cors_dist, frozen=html.escape(FROZEN), sets=html.escape(TWO_SETS, quote=True).replace("\n", "&#10;")))
    return serve_site(mounts={"/docs/": docs}) + "docs/rules.html"


def engine_refusal(position: str, action: dict[str, Any], lang: str) -> str:
    """The engine's own text (CPython, meldtable.api) for `action` in `position`, in `lang`."""
    import json

    from meldtable import api

    session = api.Session()
    started = json.loads(api.handle(json.dumps({"id": 1, "op": "new", "position": position}), session))
    assert started["ok"], started
    answer = json.loads(api.handle(json.dumps({"id": 2, "op": "act", "action": action}), session))
    assert answer["ok"] is False and answer["error"]["code"] == "illegal_move", answer
    return cast("str", answer["error"]["texts"][lang])


def demo_state(page: Page, demo_id: str) -> str | None:
    return page.get_attribute(f"#{demo_id}", "data-state")


def hand_cards(page: Page, demo_id: str) -> list[str]:
    return cast("list[str]", page.eval_on_selector_all(f"#{demo_id} .felt #hand .hand-card",
                                                       "els => els.map(e => e.dataset.card)"))


def click_card(page: Page, demo_id: str, card: str, nth: int = 0) -> None:
    page.locator(f'#{demo_id} #hand .hand-card[data-card="{card}"]').nth(nth).click()


def last_refusal(page: Page, demo_id: str) -> dict[str, Any] | None:
    """The action of the demo's last refusal (its 'meldtable-refused' event), recorded by the page."""
    return cast("dict[str, Any] | None", page.evaluate(f"window.refused && window.refused['{demo_id}']"))


def test_two_demos_from_another_origin_share_one_worker(page: WatchedPage, host_page: str, cors_dist: str,
                                                        record_timing: RecordTiming) -> None:
    import time

    import meldtable

    dist_origin = "/".join(cors_dist.split("/")[:3])
    page.set_viewport_size({"width": 1280, "height": 900})
    page.add_init_script("""window.refused = {};
      addEventListener('meldtable-refused', (e) => { window.refused[e.target.id] = e.detail.action; }, true);""")
    started = time.monotonic()
    page.goto(host_page, wait_until="domcontentloaded")

    # 1. both positions are drawn from their text before the engine is up
    page.wait_for_selector("#frozen .mt-preview .mt-pv-card")
    page.wait_for_selector("#sets .mt-preview .mt-pv-card")
    before = {d: demo_state(page, d) for d in ("frozen", "sets")}
    shown = page.eval_on_selector_all("#frozen .mt-pv-hand .card", "els => els.map(e => e.dataset.card)")
    top = page.get_attribute("#frozen .mt-pv-pile .top-card", "data-card")
    sets_shown = page.eval_on_selector_all("#sets .mt-pv-hand .card", "els => els.map(e => e.dataset.card)")
    assert before["frozen"] != "ready" and before["sets"] != "ready", before
    assert page.locator("#frozen .felt #hand").count() == 0  # the engine's table is not there yet
    assert shown == ["JH", "JS", "JK", "4C", "5D", "6H", "7S"] and top == "JC"
    assert sets_shown == ["7C", "7D", "7H", "9S", "9D", "9H", "KC"]
    assert page.locator("#frozen .mt-pv-card").first.is_visible()
    # the demo of the German page speaks German before the engine is up, the English one English
    assert page.inner_text("#frozen .mt-pv-turn") == "Du bist am Zug"
    assert page.inner_text("#sets .mt-pv-turn") == "Your turn"

    # 2. both boot (in view) on ONE worker
    page.wait_for_function("['frozen','sets'].every(id => document.getElementById(id).dataset.state === 'ready')",
                           timeout=120_000)
    record_timing("embedded demos: page to both tables (another origin)", time.monotonic() - started)
    workers = [w.url for w in page.workers]
    assert len(workers) == 1, workers
    assert sorted(hand_cards(page, "frozen")) == sorted(shown)

    # 3. canasta (German): an illegal take is refused with the engine's German reason
    click_card(page, "frozen", "JH")
    click_card(page, "frozen", "JK")
    page.click("#frozen #btn-take")
    page.wait_for_function("document.querySelector('#frozen').shadowRoot.querySelector('.status.error')?.textContent")
    action = last_refusal(page, "frozen")
    assert action == {"type": "take", "cards": ["JH", "JK"]}
    german = engine_refusal(FROZEN, action, "de")
    assert german.startswith("Der Ablagestapel ist eingefroren")
    assert page.inner_text("#frozen .status") == german
    assert sorted(hand_cards(page, "frozen")) == sorted(shown)  # nothing changed

    #    ... and the legal take (JH JS) is played: the pile comes into the hand
    page.click("#frozen #btn-clear")
    click_card(page, "frozen", "JH")
    click_card(page, "frozen", "JS")
    page.click("#frozen #btn-take")
    page.wait_for_function("!document.querySelector('#frozen').shadowRoot.querySelector('#hand .hand-card[data-card=\"JH\"]')")
    after = hand_cards(page, "frozen")
    assert {"4D", "2D", "9H"} <= set(after) and "JS" not in after
    melds = page.eval_on_selector_all("#frozen #my-melds .meld", "els => els.map(e => e.dataset.rank)")
    assert "J" in melds

    #    ... after the reader's discard the computer plays its moves, one table each, until the
    #    reader is to act again
    page.evaluate("""() => { window.tables = [];
      document.getElementById('frozen').addEventListener('meldtable-table', (e) => window.tables.push(
        {entries: e.detail.entries.map((x) => x.who + ':' + x.text), human: e.detail.next.to_act_is_human})); }""")
    click_card(page, "frozen", "4C")
    page.click("#frozen #btn-discard")
    page.wait_for_function("window.tables.length > 1 && window.tables[window.tables.length - 1].human", timeout=60_000)
    tables = page.evaluate("window.tables")
    assert tables[0] == {"entries": ["you:discard 4C"], "human": False}
    computer = [t["entries"] for t in tables[1:]]
    assert all(len(e) >= 1 and e[0].startswith("computer:") for e in computer), computer
    assert computer[0][0] in ("computer:draw", "computer:take") or computer[0][0].startswith("computer:take ")
    assert computer[-1][0].startswith("computer:discard "), computer  # the computer's turn ended
    assert page.inner_text("#frozen .turn-text").startswith("Du bist dran")

    # 4. continental (English demo on a German page): an illegal set, then a legal one
    click_card(page, "sets", "9S")
    click_card(page, "sets", "9D")
    click_card(page, "sets", "KC")
    page.click("#sets #ct-btn-set")
    page.wait_for_function("document.querySelector('#sets').shadowRoot.querySelector('.status.error')?.textContent")
    action = last_refusal(page, "sets")
    assert action is not None
    english = engine_refusal("variant: continental\n" + TWO_SETS, action, "en")
    assert page.inner_text("#sets .status") == english
    assert english != engine_refusal("variant: continental\n" + TWO_SETS, action, "de")
    page.click("#sets #ct-btn-clear")
    for card in ("7C", "7D", "7H"):
        click_card(page, "sets", card)
    page.click("#sets #ct-btn-set")
    page.wait_for_function("document.querySelector('#sets').shadowRoot.querySelectorAll('#hand .hand-card').length === 4")
    assert sorted(hand_cards(page, "sets")) == ["9D", "9H", "9S", "KC"]
    assert page.locator("#sets #ct-my-combos .ct-combo").count() == 1

    # 5. reset: both back to their positions (the engine's tables equal fresh ones)
    page.click("#frozen .mt-reset")
    page.wait_for_function("document.querySelector('#frozen').shadowRoot.querySelector('#hand .hand-card[data-card=\"JH\"]')")
    assert sorted(hand_cards(page, "frozen")) == sorted(shown)
    assert page.inner_text("#frozen .status") == ""
    page.click("#sets .mt-reset")
    page.wait_for_function("document.querySelector('#sets').shadowRoot.querySelectorAll('#hand .hand-card').length === 7")
    game = meldtable.Game.from_position("variant: continental\n" + TWO_SETS)
    assert page.evaluate("document.getElementById('sets').demo.table().view.hand") == game.view(0)["hand"]
    game = meldtable.Game.from_position(FROZEN)
    assert page.evaluate("document.getElementById('frozen').demo.table().legal.map(m => m.text)") == \
        [str(m) for m in game.legal_moves()]

    # still one worker; nothing was requested from a third host; no console errors
    assert len(page.workers) == 1
    assert [u for u in page.foreign_requests if not u.startswith(dist_origin + "/")] == []
    assert any(u.startswith(cors_dist + "pyodide/") for u in page.foreign_requests)
    assert any(u.startswith(cors_dist + "wheels/") for u in page.foreign_requests)
    assert page.console_errors == []


APP_CSP_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta http-equiv="Content-Security-Policy" content="{csp}">
  <title>same origin, the app's policy</title>
  <link rel="icon" href="../favicon.svg">
  <script type="module" src="../embed.js"></script>
  <script type="module" src="guide.js"></script>
</head>
<body>
  <div id="guide"></div>
  <meldtable-demo id="broken" variant="canasta-two-hand" start="now">hand 0: QH QH QH</meldtable-demo>
</body>
</html>
"""

GUIDE_JS = """import { mountDemo } from "../embed.js";
window.seen = [];
window.guide = mountDemo(document.getElementById("guide"), {
  position: %s, lang: "de", start: "manual",
  hooks: {
    beforeAct(action) { return window.veto ? { message: window.veto } : true; },
    onTable(prev, next, entries) {
      window.seen.push({ prev: prev ? prev.view.phase : null, next: next.view.phase,
                         entries: entries.map((e) => e.who + ":" + e.text) });
    },
  },
});
"""


def test_js_api_on_the_apps_origin_under_its_policy(page: WatchedPage, serve_site: ServeSite, tmp_path: Path) -> None:
    """mountDemo on a page of dist/'s own origin, below a sub-path, with the app's
    Content-Security-Policy: the worker starts directly, a hook vetoes a move with its message,
    act() plays one, onTable hears every table; a position the engine cannot load says why."""
    import json

    folder = tmp_path / "guide"
    folder.mkdir()
    (folder / "index.html").write_text(APP_CSP_PAGE.format(csp=build.CSP))
    (folder / "guide.js").write_text(GUIDE_JS % json.dumps(FROZEN))
    base = serve_site(mounts={"/guide/": folder})
    page.goto(base + "guide/index.html")

    # the broken position: the engine's message, naming the line
    # (wait_for_selector: the page's policy forbids the eval of wait_for_function's text)
    page.wait_for_selector("#broken[data-state=error]", state="attached", timeout=120_000)
    message = page.inner_text("#broken .mt-error")
    assert message.startswith("This position cannot be played: Line 2 (hand 0): QH is named more often")

    # "manual": the guide waits for its controller
    assert page.get_attribute("#guide", "data-state") == "preview"
    page.evaluate("window.guide.ready")
    page.wait_for_selector("#guide[data-state=ready]", state="attached")
    assert page.evaluate("window.seen") == [{"prev": None, "next": "draw", "entries": []}]

    # a veto: the message shows, nothing is sent, the table stays
    page.evaluate("window.veto = 'Nimm erst den Stapel!'")
    page.click("#guide #btn-draw")
    assert page.inner_text("#guide .status") == "Nimm erst den Stapel!"
    assert page.evaluate("window.guide.table().view.phase") == "draw"
    assert len(page.evaluate("window.seen")) == 1

    # act() through the controller, with the hook saying yes
    page.evaluate("window.veto = null")
    assert page.evaluate("window.guide.act({type: 'move', text: 'take JH JS'})") is True
    seen = page.evaluate("window.seen")
    assert seen[1]["prev"] == "draw" and seen[1]["entries"] == ["you:take JH JS"]
    assert "JS" not in page.evaluate("window.guide.table().view.hand")
    # one worker, created from the page's own origin (no blob)
    assert [w.url for w in page.workers] == [base + "engine-worker.mjs"]
    assert page.foreign_requests == []
    assert page.console_errors == []
