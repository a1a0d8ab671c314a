"""Playing with friends on their own devices (issue #28; docs/multiplayer.md), in real Chromium.

Two browser contexts of one headless Chromium are two devices: a host page (test harness
tests/browser/net_pages/host.html with the real engine worker of dist/ and web/net/host.js) and a
guest page (net_pages/guest.html, web/net/guest.js, no engine). They connect peer to peer on
loopback through the project's own signalling: the invitation link (the offer in its fragment),
the guest's reply code pasted into the host's page. 4-player Classic Canasta: the host at seat 0,
the guest at seat 2 (partners), computers at 1 and 3.

Checked: every message the guest receives holds no card of another hand nor of the stock (only
its seat's view); the guest's actions are checked by the host's engine (refusals in the guest's
language); out-of-turn, replayed, stale, oversized and malformed messages are refused and change
nothing, also when fuzzed; a name with markup is shown as text; a guest that reloads rejoins its
seat with a fresh code; the invitation's QR code reads back; no request leaves the origin, and
only host candidates are offered unless config.json lists servers.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright

from conftest import CHROMIUM_ARGS, ROOT, unavailable

sys.path.insert(0, str(ROOT / "tools"))
import npm_vendor  # noqa: E402

NET_PAGES = Path(__file__).resolve().parent / "net_pages"
LOOPBACK_ARGS = ["--allow-loopback-in-peer-connection", "--disable-features=WebRtcHideLocalIpsWithMdns"]
WILD_RANKS = re.compile(r'"wild_ranks":\s*\[[^\]]*\]')
CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][CDHS]|JK)(?![A-Za-z0-9])")
GUEST_NAME = "<img src=x onerror=f()>A"  # 24 characters: a name's longest
HOST_SEAT, GUEST_SEAT = 0, 2
TIMEOUT = 90_000
PROTOCOL = 2  # web/net/protocol.js VERSION
PAGE_ERRORS: dict[Page, list[str]] = {}  # the page errors of each page watched()
FOREIGN: dict[Page, list[str]] = {}  # the requests of each page's context outside the test origin


# ----------------------------------------------------------------------------- the leak check

HIDDEN_STATE_KEYS = ("hands", "stock", "set_aside")  # 3 ist 50's set-aside cards are face down


def hidden_cards(state_text: str, seat: int) -> set[str]:
    """Cards `seat` cannot know at a saved state of any game: those in another hand, in the
    stock or set aside face down (3 ist 50), less any card of the same name in its own hand or
    anywhere else in the state (melds, red threes, discard pile, centre, minus piles, the move
    log) or named by a move of the game's history (discards, pile takes, melds)."""
    game = json.loads(state_text)
    st = game["state"]
    own = set(st["hands"][seat])
    rest = {k: v for k, v in st.items() if k not in HIDDEN_STATE_KEYS}
    public = set(CARD.findall(json.dumps(rest))) | set(CARD.findall(json.dumps(game["history"])))
    hidden = set(st["stock"]) | set(st.get("set_aside") or [])
    for s, hand in enumerate(st["hands"]):
        if s != seat:
            hidden.update(hand)
    return hidden - own - public


FORBIDDEN_KEYS = {"hands", "history", "seed", "state", "discard_pile", "undo"}


def saved_keys(obj: Any, path: str, found: list[str]) -> None:
    """Add to `found` each key of the saved game in `obj` (FORBIDDEN_KEYS) and each stock that
    is not a count."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in FORBIDDEN_KEYS:
                found.append(f"{path}.{k}: key of the saved game")
            if k == "stock" and not isinstance(v, int):
                found.append(f"{path}.stock is not a count")
            saved_keys(v, f"{path}.{k}", found)
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            saved_keys(v, f"{path}[{i}]", found)


def leaks(messages: list[str], states: dict[str, str], seat: int, sent: str = "") -> list[str]:
    """What in the messages a guest received it must not see: a key of the saved game, a stock
    given as a list, or a hidden card (hidden_cards at the state the message was sent from:
    its `at`, else the last table's). Refusals may quote only cards the guest itself sent."""
    found: list[str] = []
    at = None
    for text in messages:
        msg = json.loads(text)
        saved_keys(msg, msg.get("t", "?"), found)
        if msg.get("t") == "table":
            at = msg["at"]
        if msg.get("t") == "refused":
            extra = set(CARD.findall(text)) - set(CARD.findall(sent))
            if extra:
                found.append(f"refusal names cards the guest did not send: {sorted(extra)}")
            continue
        if at is None:
            continue
        # a card that came out of the discard pile (its events) was face up for everyone: no leak
        from_pile = {c for e in (msg.get("table") or {}).get("events") or [] if e["from"]["place"] == "pile" for c in e["cards"]}
        # the view's wild_ranks names ranks ("JK", "2"), not cards
        named = WILD_RANKS.sub("", text)
        seen = set(CARD.findall(named)) & hidden_cards(states[str(at)], seat) - from_pile
        if seen:
            found.append(f"{msg.get('t')} at {at} shows hidden cards {sorted(seen)}")
    return found


def test_the_leak_check_finds_another_hand_and_the_stock(tmp_path: Path) -> None:
    state = {"history": [["discard 7C"]], "state": {"hands": [["4C", "5D", "QH"], ["KS", "KH", "7C"]], "stock": ["9S", "8H"],
                       "discard_pile": ["3C"], "melds": [[], []], "red_threes": [[], []]}}
    states = {"1": json.dumps(state)}
    fine = json.dumps({"v": 1, "t": "table", "at": 1, "table": {"view": {"hand": ["4C", "5D", "QH"],
                       "stock": 2, "discard": {"top": "3C"}}}})
    other_hand = json.dumps({"v": 1, "t": "table", "at": 1, "table": {"view": {"hand": ["4C", "KS"]}}})
    stock_list = json.dumps({"v": 1, "t": "table", "at": 1, "table": {"view": {"stock": ["9S"]}}})
    saved = json.dumps({"v": 1, "t": "table", "at": 1, "table": {"view": {}, "state": "..."}})
    quoted = json.dumps({"v": 1, "t": "refused", "n": 3, "key": "not_in_hand", "text": "You do not hold KS."})
    assert leaks([fine], states, 0) == []
    assert leaks([fine.replace("5D", "7C")], states, 0) == []  # 7C was discarded once: seen by all
    assert leaks([other_hand], states, 0) == ["table at 1 shows hidden cards ['KS']"]
    assert any("stock" in x for x in leaks([stock_list], states, 0))
    assert any("state" in x for x in leaks([saved], states, 0))
    assert leaks([quoted], states, 0, sent='{"card": "KS"}') == []
    assert leaks([quoted], states, 0, sent="") != []


FUNCTION = re.compile(r"^\s*(async\s*)?\([^)]*\)\s*=>")


def ev(page: Page, js: str, arg: Any = None) -> Any:
    """page.evaluate(js, arg) that gives up after 60 s (an answer that never comes fails the
    test instead of stopping the suite): js is an expression or a function of `arg`."""
    body = f"({js})(a)" if FUNCTION.match(js) else js
    return page.evaluate(
        f"(a) => Promise.race([Promise.resolve({body}), new Promise((_, reject) => "
        "setTimeout(() => reject(new Error('no answer within 60 s')), 60000))])", arg)


# ----------------------------------------------------------------------------- fixtures

@pytest.fixture(scope="module")
def vendor_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """dist/vendor as the build will write it (qrcode-generator) plus jsQR for reading codes."""
    out = tmp_path_factory.mktemp("vendor")
    try:
        npm_vendor.vendor("qrcode-generator", out)
        npm_vendor.vendor("jsqr", out)
    except (npm_vendor.VendorError, subprocess.CalledProcessError, OSError) as err:
        unavailable(f"npm packages for the QR codes not available: {err}")
    return out


@pytest.fixture(scope="module")
def net_url(serve_site: Any, dist_dir: Path, vendor_dir: Path) -> str:
    if not (dist_dir / "net" / "host.js").exists():
        unavailable(f"{dist_dir} was built without web/net: run `python build.py`")
    base: str = serve_site(mounts={"/__net__/": NET_PAGES, "/vendor/": vendor_dir})
    return base + "__net__/"


@pytest.fixture(scope="module")
def net_browser(playwright_instance: Playwright, chromium_path: str) -> Iterator[Browser]:
    browser = playwright_instance.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS + LOOPBACK_ARGS)
    yield browser
    browser.close()


def watched(context: BrowserContext, origin: str) -> Page:
    """A page of `context` that lists every request outside `origin` and every page error."""
    page = context.new_page()
    foreign: list[str] = FOREIGN.setdefault(page, [])
    errors: list[str] = PAGE_ERRORS.setdefault(page, [])
    context.on("request", lambda r: None if r.url.startswith((origin, "data:", "blob:")) else foreign.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


@pytest.fixture(scope="module")
def table(net_browser: Browser, net_url: str) -> Iterator[dict[str, Any]]:
    """A 4-player Classic Canasta game: host page (seat 0) and guest page (seat 2, German),
    connected through the invitation link and the pasted reply code."""
    origin = net_url.split("/__net__/")[0]
    host_ctx = net_browser.new_context()
    guest_ctx = net_browser.new_context(locale="de-DE")
    host_ctx.set_default_timeout(TIMEOUT)
    guest_ctx.set_default_timeout(TIMEOUT)
    host = watched(host_ctx, origin)
    guest = watched(guest_ctx, origin)
    host.goto(net_url + f"host.html?remote={GUEST_SEAT}")
    host.wait_for_selector("#status:text('ready')", timeout=TIMEOUT)
    ev(host, "H.start({variant: 'canasta-classic', players: 4, seed: 11, human_seats: [0]})")
    link = invite(host, GUEST_SEAT)
    guest.goto(link.replace("guest.html", f"guest.html?lang=de&name={quote(GUEST_NAME)}"))
    connect(host, guest)
    yield {"host": host, "guest": guest, "link": link, "origin": origin}
    host_ctx.close()
    guest_ctx.close()


def invite(host: Page, seat: int) -> str:
    """Click Invite for `seat`; the invitation link."""
    before = host.text_content("#invite-link")
    host.fill("#seat", str(seat))
    host.click("#invite")
    host.wait_for_function("(b) => document.getElementById('invite-link').textContent !== b", arg=before)
    return host.text_content("#invite-link") or ""


def connect(host: Page, guest: Page) -> Any:
    """Paste the guest's reply code into the host's page; wait until the guest has its table."""
    guest.wait_for_function("() => document.getElementById('reply').value.startsWith('M1')")
    host.fill("#reply", guest.input_value("#reply"))
    host.click("#accept")
    host.wait_for_selector("#accept-error:text('accepted')")
    guest.wait_for_function("() => G.guest.table !== null && G.guest.seat === 2")


def save(host: Page) -> str:
    return str(ev(host, "H.raw.request('save').then((s) => s.state)"))


def host_turn(host: Page) -> Any:
    """The host (seat 0) draws and discards its first legal discard."""
    host.wait_for_function("() => H.table && !H.table.hand_over && H.table.to_act === 0 && H.table.to_act_is_human")
    r = ev(host, "H.act({type: 'draw'})")
    assert r["ok"], r
    text = ev(host, "H.table.legal.find((m) => m.kind === 'discard').text")
    r = ev(host, "(text) => H.act({type: 'move', text})", text)
    assert r["ok"], r


def wait_guest_turn(guest: Page) -> Any:
    guest.wait_for_function("() => G.guest.table && G.guest.table.to_act === 2 && G.guest.table.legal.length > 0")


def guest_turn(guest: Page) -> Any:
    """The guest (seat 2) draws and discards its first legal discard, through the host."""
    wait_guest_turn(guest)
    r = ev(guest, "G.act({type: 'draw'})")
    assert r["ok"], r
    text = ev(guest, "G.guest.table.legal.find((m) => m.kind === 'discard').text")
    r = ev(guest, "(text) => G.act({type: 'move', text})", text)
    assert r["ok"], r


NEXT = """() => { const m = H.host.main;
  return m && (m.hand_over || m.to_act === 2 || m.to_act === 0 && H.table.to_act === 0 && H.table.to_act_is_human); }"""


def next_person(host: Page) -> dict[str, Any]:
    """Wait until the hand is over or a person is to act (by the host's engine, not a page's
    last table): {"over", "to_act", "at"} (at: the serial of the table the guest is sent)."""
    host.wait_for_function(NEXT)
    person: dict[str, Any] = ev(host, "({over: H.host.main.hand_over, to_act: H.host.main.to_act, at: H.host.serial})")
    return person


def play_until_guest_turn(host: Page, guest: Page) -> Any:
    """Let the host play its turns (the computers play theirs) until the guest is to act."""
    for _ in range(8):
        t = next_person(host)
        assert not t["over"]
        if t["to_act"] == GUEST_SEAT:
            guest.wait_for_function("(at) => G.guest.at >= at", arg=t["at"])
            wait_guest_turn(guest)
            return
        host_turn(host)
    raise AssertionError("the guest's turn did not come")


# ----------------------------------------------------------------------------- tests

def test_invitation_and_reply_connect_with_host_candidates_only(table: dict[str, Any]) -> None:
    host, guest = table["host"], table["guest"]
    sdp = ev(host, "import('/net/signal.js').then((s) => s.unpackInvite(H.invite.code)).then((o) => o.sdp)")
    candidates = re.findall(r"^a=candidate:.* typ (\w+)", sdp, re.M)
    assert candidates and set(candidates) == {"host"}, candidates
    assert ev(host, "H.iceServers") == []
    assert len(table["link"].split("#join=")[1]) < 2000
    seat = host.locator("#seats li[data-seat='2']")
    assert seat.get_attribute("data-kind") == "guest"
    assert seat.get_attribute("data-connected") == "true"
    assert FOREIGN[host] == [] and FOREIGN[guest] == []
    assert PAGE_ERRORS[host] == [] and PAGE_ERRORS[guest] == []


def test_a_name_with_markup_is_shown_as_text_on_the_host(table: dict[str, Any]) -> None:
    host = table["host"]
    host.wait_for_function("() => document.querySelector(\"#seats li[data-seat='2']\").textContent.includes('onerror')")
    assert host.locator("#seats li[data-seat='2']").text_content() == "2: guest " + GUEST_NAME
    assert host.locator("#seats img").count() == 0
    assert ev(host, "window.pwned === undefined")


def test_the_guest_plays_its_seat_and_the_host_engine_checks_it(table: dict[str, Any]) -> None:
    host, guest = table["host"], table["guest"]
    play_until_guest_turn(host, guest)
    # the engine's own refusal, in the guest's language (German)
    before = save(host)
    r = ev(guest, "G.act({type: 'discard', card: G.guest.table.view.hand[0]})")
    assert r == {"ok": False, "code": "illegal_move", "key": "draw_first",
                 "text": "Ziehe zuerst vom Talon oder nimm den Ablagestapel auf."}
    assert save(host) == before
    guest_turn(guest)
    moves = ev(host, "H.host.main.view.last_moves.filter((m) => m.seat === 2).map((m) => m.text)")
    assert moves[:1] == ["draw"] and moves[-1].startswith("discard ")
    assert ev(host, "H.errors") == []


def test_the_guest_receives_only_its_seat_view(table: dict[str, Any]) -> None:
    host, guest = table["host"], table["guest"]
    play_until_guest_turn(host, guest)
    guest_turn(guest)
    play_until_guest_turn(host, guest)
    received = ev(guest, "G.received")
    states = ev(host, "H.states")
    tables = [json.loads(t) for t in received if json.loads(t)["t"] == "table"]
    assert len(tables) >= 6
    assert {t["table"]["view"]["seat"] for t in tables} == {GUEST_SEAT}
    # the guest's hand in each table is its hand in the host's game at that moment
    for t in tables:
        st = json.loads(states[str(t["at"])])["state"]
        assert sorted(t["table"]["view"]["hand"]) == sorted(st["hands"][GUEST_SEAT])
    assert leaks(received, states, GUEST_SEAT) == []


def send(guest: Page, text: str, whole: bool = True) -> dict[str, Any]:
    """Send a raw message from the guest; the host's answer (a refusal) as a dict."""
    count = ev(guest, "G.received.filter((t) => JSON.parse(t).t === 'refused').length")
    ev(guest, "([text, whole]) => G.guest.sendRaw(text, whole)", [text, whole])
    guest.wait_for_function("(c) => G.received.filter((t) => JSON.parse(t).t === 'refused').length > c", arg=count)
    answer: dict[str, Any] = json.loads(ev(guest, "G.received.filter((t) => JSON.parse(t).t === 'refused').at(-1)"))
    return answer


def test_hostile_messages_are_refused_and_change_nothing(table: dict[str, Any]) -> None:
    host, guest = table["host"], table["guest"]
    play_until_guest_turn(host, guest)
    at = ev(guest, "G.guest.at")
    n = ev(guest, "G.guest.n")
    before = save(host)

    def act(**kw: Any) -> str:
        return json.dumps({"v": PROTOCOL, "t": "act", "n": n + 100, "at": at, "action": {"type": "draw"}, **kw})

    cases = {
        "replayed": act(n=n),
        "stale": act(at=at - 1),
        "too_large": json.dumps({"v": PROTOCOL, "t": "act", "n": n + 101, "at": at,
                                 "action": {"type": "move", "text": "x" * 20000}}),
        "not_json": "<script>window.pwned = 1</script>",
        "bad_version": act(v=PROTOCOL - 1),
        "bad_message": act(action={"type": "<img src=x onerror=\"window.pwned=1\">"}),
    }
    for key, text in cases.items():
        r = send(guest, text)
        assert r["key"] == key, (key, r)
        assert r["text"] and "<" not in r["text"]
        assert save(host) == before, key
    assert send(guest, act(n=n + 102, action={"type": "draw", "__proto__": {"x": 1}}))["key"] == "bad_message"
    assert send(guest, act(n=n + 103, action={"type": "meld", "cards": ["QH"] * 500}))["key"] == "bad_message"
    assert send(guest, "[" * 5000 + "]" * 5000)["key"] == "bad_message"
    assert send(guest, "x" * 40000, whole=False)["key"] == "too_large"  # in parts: the host takes none
    assert send(guest, json.dumps({"v": PROTOCOL, "t": "hello", "lang": "xx"}))["key"] == "bad_message"
    assert save(host) == before
    assert ev(guest, "G.guest.at") == at
    assert ev(host, "window.pwned === undefined") and host.locator("img").count() == 0
    assert PAGE_ERRORS[host] == []
    ev(guest, "G.guest.n += 200")  # the numbers used above are spent


def test_fuzzed_messages_never_pass_the_checks_and_change_nothing(table: dict[str, Any]) -> None:
    host, guest = table["host"], table["guest"]
    play_until_guest_turn(host, guest)
    # in the page: 5,000 mutations of a valid message through the reader
    result = ev(host, """async () => {
      const { readGuestMessage, isAction } = await import('/net/protocol.js');
      let seed = 7; const rnd = (k) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % k; };
      const base = JSON.stringify({v: 2, t: 'act', n: 5, at: 3, action: {type: 'meld', cards: ['QH', 'QS', 'JK']}});
      const bits = ['"', '{', '}', '[', ']', ',', ':', '1e999', '-', 'null', '__proto__', '\\u0000', 'constructor',
                    '9'.repeat(30)];
      let ok = 0;
      for (let i = 0; i < 5000; i++) {
        let s = base;
        for (let k = 0; k <= rnd(4); k++) {
          const at = rnd(s.length);
          s = rnd(2) ? s.slice(0, at) + bits[rnd(bits.length)] + s.slice(at + rnd(3)) : s.slice(0, at) + s.slice(at + 1 + rnd(5));
        }
        const r = readGuestMessage(s);
        if (r.ok) { ok++; if (r.msg.t === 'act' && !isAction(r.msg.action)) return 'bad action passed: ' + s; }
      }
      return ok;
    }""")
    assert isinstance(result, int), result
    # over the connection: 60 mutations, each refused, the game unchanged
    before = save(host)
    at = ev(guest, "G.guest.at")
    refused = "G.received.filter((t) => JSON.parse(t).t === 'refused')"
    start = ev(guest, f"{refused}.length")
    ev(guest, """(at) => {
      let seed = 3; const rnd = (k) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % k; };
      const base = JSON.stringify({v: 2, t: 'act', n: 1, at: at + 1, action: {type: 'discard', card: 'QH'}});
      for (let i = 0; i < 60; i++) {
        const p = rnd(base.length);
        G.guest.sendRaw(base.slice(0, p) + String.fromCharCode(32 + rnd(90)) + base.slice(p + 1), true);
      }
    }""", at)
    guest.wait_for_function(f"() => {refused}.length >= {start + 60}")
    keys = ev(guest, f"{refused}.slice({start}).map((t) => JSON.parse(t).key)")
    assert len(keys) == 60 and all(isinstance(k, str) and k for k in keys)
    assert save(host) == before
    assert ev(guest, "G.guest.at") == at
    ev(guest, "G.guest.n += 1000")  # numbers a mutation may have spent


def test_out_of_turn_is_refused_and_the_host_cannot_play_the_guest_seat(table: dict[str, Any]) -> None:
    host, guest = table["host"], table["guest"]
    play_until_guest_turn(host, guest)
    before = save(host)
    r = ev(host, "H.act({type: 'draw'})")  # the host may not act while the guest is to act
    assert r == {"ok": False, "code": "not_your_turn", "key": "not_your_turn"}
    assert save(host) == before
    guest_turn(guest)
    host.wait_for_function("() => H.table.to_act === 0 && H.table.to_act_is_human")
    before = save(host)
    r = ev(guest, "G.act({type: 'draw'})")
    assert r == {"ok": False, "code": "not_your_turn", "key": "not_your_turn", "text": "Du bist nicht am Zug."}
    assert save(host) == before


def test_a_guest_that_reloads_rejoins_its_seat_with_a_fresh_code(table: dict[str, Any]) -> None:
    host, guest = table["host"], table["guest"]
    play_until_guest_turn(host, guest)
    hand = ev(guest, "G.guest.table.view.hand")
    guest.reload()
    guest.wait_for_function("() => window.G && G.joins === 1")  # answered the old link: nobody takes that reply
    link = invite(host, GUEST_SEAT)
    guest.goto(link.replace("guest.html", "guest.html?lang=de&name=Anna"))
    connect(host, guest)
    wait_guest_turn(guest)
    assert ev(guest, "G.guest.table.view.hand") == hand
    host.wait_for_function("() => document.querySelector(\"#seats li[data-seat='2']\").dataset.connected === 'true'")
    guest_turn(guest)
    assert ev(host, "H.host.main.view.last_moves.filter((m) => m.seat === 2).at(-1).text").startswith("discard ")
    assert leaks(ev(guest, "G.received"), ev(host, "H.states"), GUEST_SEAT) == []


def test_a_used_or_foreign_reply_code_is_refused(table: dict[str, Any]) -> None:
    host, guest = table["host"], table["guest"]
    reply = guest.input_value("#reply")
    host.fill("#reply", reply)
    host.click("#accept")  # that invitation was answered already
    host.wait_for_selector("#accept-error:text('used')")
    link = invite(host, GUEST_SEAT)
    host.fill("#reply", link)  # an invitation is not a reply
    host.click("#accept")
    host.wait_for_selector("#accept-error:text('wrong_kind')")
    host.fill("#reply", reply[:-40])
    host.click("#accept")
    host.wait_for_selector("#accept-error:text('bad_code')")
    assert ev(guest, "G.guest.table !== null")


def test_a_whole_hand_to_the_score_sheet_and_the_next_deal(table: dict[str, Any]) -> None:
    host, guest = table["host"], table["guest"]
    turns = 0
    for turns in range(1, 800):  # noqa: B007  (the count is asserted after the loop)
        t = next_person(host)
        if t["over"]:
            break
        if t["to_act"] == GUEST_SEAT:
            guest.wait_for_function("(at) => G.guest.at >= at", arg=t["at"])
            ev(guest, "G.playTurn()")
        else:
            ev(host, "H.playTurn()")
    guest.wait_for_function("() => G.guest.table.hand_over")
    view = ev(guest, "G.guest.table.view")
    assert view["phase"] in ("hand_over", "match_over") and len(view["results"]) == 1, (turns, view["phase"])
    assert view["results"] == ev(host, "H.table.view.results")
    assert ev(host, "H.host.errors") == []
    assert leaks(ev(guest, "G.received"), ev(host, "H.states"), GUEST_SEAT) == []
    # the guest's engine waits for the next deal; the host deals it
    ev(guest, "() => { G.next = G.engine.request('next_hand'); }")
    ev(host, "H.nextHand()")
    assert ev(guest, "G.next.then((t) => t.view.hand_number)") == 2


def test_a_gone_seat_is_handed_to_the_computer(table: dict[str, Any]) -> None:
    host, guest = table["host"], table["guest"]
    play_until_guest_turn(host, guest)
    ev(host, "H.host.release(2)")
    guest.wait_for_function("() => G.guest.closedReason === 'seat_to_computer'")
    host.wait_for_function("() => H.table.to_act === 0 && H.table.to_act_is_human")  # the computer played seat 2
    assert host.locator("#seats li[data-seat='2']").get_attribute("data-kind") == "computer"
    assert ev(host, "H.host.main.view.last_moves.filter((m) => m.seat === 2).at(-1).text").startswith("discard ")
    assert ev(host, "H.errors") == []


def test_the_invitation_qr_code_reads_back(table: dict[str, Any], net_browser: Browser, net_url: str) -> None:
    host = table["host"]
    svg = host.locator("#qr svg")
    assert svg.get_attribute("role") == "img" and "seat 3" in svg.get_attribute("aria-label")
    link = host.text_content("#invite-link")
    markup = ev(host, "new XMLSerializer().serializeToString(document.querySelector('#qr svg'))")
    # no BarcodeDetector in Chromium on Linux: reading falls back to paste, never throws
    assert ev(host, "import('/net/qr.js').then(async (q) => [await q.canScan(), await q.scanQr(document.body)])") == [False, None]
    # read the code as drawn, with jsQR, on a page that may show a data: image (the harness' policy forbids it)
    context = net_browser.new_context(bypass_csp=True)
    page = context.new_page()
    page.goto(net_url + "guest.html")
    page.add_script_tag(url="/vendor/jsQR.js")
    text = ev(page, """async (xml) => {
      const img = new Image();
      img.src = 'data:image/svg+xml;base64,' + btoa(xml);
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 800;
      const g = canvas.getContext('2d');
      g.imageSmoothingEnabled = false;
      g.drawImage(img, 0, 0, 800, 800);
      const code = jsQR(g.getImageData(0, 0, 800, 800).data, 800, 800);
      return code && code.data;
    }""", markup)
    context.close()
    assert text == link


def test_config_json_lists_the_servers_the_host_chose(net_browser: Browser, net_url: str) -> None:
    context = net_browser.new_context()
    page = context.new_page()
    config = {"iceServers": [{"urls": "stun:127.0.0.1:3478"}, {"urls": ["javascript:alert(1)"]},
                             {"urls": ["turn:127.0.0.1:3479"], "username": "u", "credential": "c"}]}
    page.route("**/config.json", lambda route: route.fulfill(json=config))
    page.goto(net_url + "guest.html")
    got = ev(page, "import('/net/peer.js').then((p) => p.loadIceServers(new URL('/config.json', location.href)))")
    assert got == [{"urls": ["stun:127.0.0.1:3478"]}, {"urls": ["turn:127.0.0.1:3479"], "username": "u", "credential": "c"}]
    page.unroute("**/config.json")
    page.route("**/config.json", lambda route: route.fulfill(status=404))
    assert ev(page, "import('/net/peer.js').then((p) => p.loadIceServers(new URL('/config.json', location.href)))") == []
    context.close()


def test_codes_refuse_what_is_not_a_code(net_browser: Browser, net_url: str) -> None:
    context = net_browser.new_context()
    page = context.new_page()
    page.goto(net_url + "guest.html")
    keys = ev(page, """async () => {
      const s = await import('/net/signal.js');
      const key = (p) => p.then(() => 'accepted', (e) => e.key);
      const bomb = await s.pack({v: 1, k: 'offer', sdp: 'v=0' + ' '.repeat(200000), seat: 0, game: 'abcdef0123'});
      return {
        empty: await key(s.unpackInvite('')),
        foreign: await key(s.unpackInvite('hello')),
        long: await key(s.unpackInvite('M1' + 'A'.repeat(9000))),
        bomb: [bomb.length < 8000, await key(s.unpackInvite(bomb))],
        chars: await key(s.unpackInvite('M1abc$%')),
        reply: await key(s.unpackInvite(await s.pack({v: 1, k: 'answer', sdp: 'v=0', seat: 0, game: 'abcdef0123'}))),
        seat: await key(s.unpackInvite(await s.pack({v: 1, k: 'offer', sdp: 'v=0', seat: 99, game: 'abcdef0123'}))),
        good: await s.unpackInvite(await s.pack({v: 1, k: 'offer', sdp: 'v=0', seat: 1, game: 'abcdef0123'})),
        hash: s.inviteFromHash('#join=M1abc'),
        nohash: s.inviteFromHash('#other=M1abc'),
      };
    }""")
    assert keys == {"empty": "bad_code", "foreign": "bad_code", "long": "too_large", "bomb": [True, "too_large"],
                    "chars": "bad_code", "reply": "wrong_kind", "seat": "bad_code",
                    "good": {"type": "offer", "sdp": "v=0", "seat": 1, "game": "abcdef0123"},
                    "hash": "M1abc", "nohash": None}
    context.close()


def test_a_continental_claim_by_a_guest_out_of_turn(net_browser: Browser, net_url: str) -> None:
    host_ctx, guest_ctx = net_browser.new_context(), net_browser.new_context()
    try:
        host, guest = host_ctx.new_page(), guest_ctx.new_page()
        for page in (host, guest):
            page.set_default_timeout(TIMEOUT)
        host.goto(net_url + "host.html?remote=2")
        host.wait_for_selector("#status:text('ready')", timeout=TIMEOUT)
        ev(host, "H.start({variant: 'continental', players: 3, seed: 1, human_seats: [0]})")
        guest.goto(invite(host, GUEST_SEAT))
        connect(host, guest)
        claimed = None
        for _ in range(60):
            t = next_person(host)
            if t["to_act"] == GUEST_SEAT:
                guest.wait_for_function("(at) => G.guest.at >= at", arg=t["at"])
                view = ev(guest, "G.guest.table.view")
                if view["phase"] == "claim":
                    assert view["turn"]["seat"] != GUEST_SEAT  # another seat's turn: out of turn
                    claimed = ev(guest, "G.playTurn(['claim'])")
                    break
                ev(guest, "G.playTurn(['draw', 'discard'])")
            else:
                ev(host, "H.playTurn(['pass', 'draw', 'discard'])")
        assert claimed and claimed[0] == "claim", claimed
        host.wait_for_function("() => H.host.main.view.last_moves.some((m) => m.seat === 2 && m.text === 'claim')")
        # a claim with no window open for the guest: refused, the game unchanged
        while next_person(host)["to_act"] == GUEST_SEAT:  # the guest's own turn may follow its claim
            ev(guest, "G.playTurn(['draw', 'discard'])")
        before = save(host)
        r = ev(guest, "G.act({type: 'move', text: 'claim'})")
        assert r["ok"] is False and r["key"] == "not_your_turn", r
        assert save(host) == before
    finally:
        host_ctx.close()
        guest_ctx.close()
