#!/usr/bin/env python3
"""Build the rules pages: ``web/rules/*.md`` (Markdown, German and English) to ``rules/*.html``
of the site, with Python-Markdown (pinned in ``requirements-rules.txt``). docs/rules-pages.md says
how the pages are written.

    python3 tools/rules_pages.py [--install] OUT_DIR

writes ``OUT_DIR/rules/<page>.<lang>.html`` for every source ``web/rules/<page>.<lang>.md``
(``<page>`` is a variant id of ``meldtable.VARIANTS`` or ``index``). ``--install`` first installs
the pinned Python-Markdown into the interpreter running this script when its version differs
(``build.py`` runs this script with the ``.venv/`` interpreter and ``--install``, as it installs
the test tools there).

What a page gets besides its Markdown:

* the page frame: language, the Content-Security-Policy of the app (``build.CSP``), ``../rules.css``,
  ``<script type="module" src="../embed.js">`` (which turns every ``<meldtable-demo>`` element into
  a live table), links to the app (``../index.html``, ``../index.html?game=<variant>``), to the
  guided first hand (``../index.html?guide=<variant>``), to the index and to the other language;
* a list of the page's sections (every ``## Heading {#id}``) under the title;
* at the line ``<!-- meldtable:options -->`` the table of the variant's rule options, made from the
  engine's catalogue (``VARIANTS[id].describe()``: every option, its preset value, the other values
  in words, no ids or sources), with the option names and values in the page's language from the app's message
  catalogue ``web/i18n.js`` (keys ``opt.*`` and ``optdoc.*``, read with node).

``<meldtable-demo>`` elements pass through Markdown untouched (the element is registered as a block
element: its text, a position of docs/positions.md, is kept byte for byte). Every demo must load
with ``meldtable.Game.from_position`` and name the page's variant and language, else the build
fails with the file and line (:class:`RulesPageError`). Whether a demo shows what its text claims is
checked by tests/test_rules_pages.py.

Standard library plus Python-Markdown; imports the engine from ``engine/``.
"""
from __future__ import annotations

import argparse
import html
import importlib
import importlib.metadata
import json
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "web" / "rules"
REQUIREMENTS = ROOT / "requirements-rules.txt"
I18N = ROOT / "web" / "i18n.js"
LANGS = ("de", "en")
INDEX = "index"
OPTIONS_MARKER = "<!-- meldtable:options -->"
SECTION_IDS = ("game", "cards", "deal", "turn", "melds", "special", "going-out", "scoring", "options")
"""The sections every variant page has, in this order (``## Heading {#id}``): the app links to them."""

for _path in (ROOT / "engine", ROOT):  # the engine from the checkout; build.py for the CSP
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))


class RulesPageError(Exception):
    """A rules page source is wrong (the message names the file and line and what to do)."""


# --------------------------------------------------------------------------- installing Markdown

def pinned_markdown() -> str:
    """The Python-Markdown version pinned in requirements-rules.txt (``markdown==X``)."""
    match = re.search(r"^markdown==([\w.]+)", REQUIREMENTS.read_text(), re.M | re.I)
    if not match:
        raise RulesPageError(f"{REQUIREMENTS.name}: no 'markdown==<version>' line")
    return match.group(1)


def ensure_markdown() -> None:
    """Install the pinned Python-Markdown (with its hash) into this interpreter unless it has it."""
    wanted = pinned_markdown()
    try:
        have = importlib.metadata.version("markdown")
    except importlib.metadata.PackageNotFoundError:
        have = None
    if have == wanted:
        return
    print(f"[rules] installing markdown=={wanted} (have {have}) from {REQUIREMENTS.name}", flush=True)
    cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
           "--require-hashes", "-r", str(REQUIREMENTS)]
    if subprocess.run(cmd).returncode != 0:
        raise RulesPageError(f"could not install Python-Markdown: {' '.join(cmd)} failed")
    importlib.invalidate_caches()


# --------------------------------------------------------------------------- sources and demos

@dataclass
class Demo:
    """One ``<meldtable-demo>`` of a source: its attributes, its text (the position) and where."""

    attrs: dict[str, str]
    text: str
    line: int
    claims: list[dict[str, Any]] = field(default_factory=list)


DEMO_RE = re.compile(r"<meldtable-demo\b([^>]*)>(.*?)</meldtable-demo>", re.S)
ATTR_RE = re.compile(r'([A-Za-z_:][-\w:.]*)\s*=\s*"([^"]*)"')
CLAIM_RE = re.compile(r"^data-try(-\d+)?$")


def demo_claims(attrs: dict[str, str]) -> list[dict[str, Any]]:
    """The claims of a demo: ``data-try`` / ``data-expect`` / ``data-reason`` / ``data-then``, and
    the same with ``-2``, ``-3``, ... for more claims. Each is ``{"moves": [...], "expect": "legal"
    | "refused", "reason": key or None, "then": [position lines]}`` (docs/rules-pages.md).
    Raises ``RulesPageError`` for a claim without a valid ``data-expect`` or a refusal without a
    reason."""
    out = []
    for name in sorted((a for a in attrs if CLAIM_RE.match(a)), key=lambda a: int(a[len("data-try-"):] or 1)):
        suffix = name[len("data-try"):]
        expect = attrs.get("data-expect" + suffix, "")
        reason = attrs.get("data-reason" + suffix) or None
        if expect not in ("legal", "refused"):
            raise RulesPageError(f"{name}: data-expect{suffix} must be 'legal' or 'refused', not {expect!r}")
        if (expect == "refused") != (reason is not None):
            raise RulesPageError(f"{name}: a refusal needs data-reason{suffix} (a catalogue key), a legal move none")
        moves = [m.strip() for m in attrs[name].split(";") if m.strip()]
        then = [line.strip() for line in attrs.get("data-then" + suffix, "").split("|") if line.strip()]
        out.append({"moves": moves, "expect": expect, "reason": reason, "then": then})
    return out


def find_demos(text: str) -> list[Demo]:
    """Every ``<meldtable-demo>`` in a Markdown source, with its 1-based line number."""
    demos = []
    for match in DEMO_RE.finditer(text):
        attrs = {k: html.unescape(v) for k, v in ATTR_RE.findall(match.group(1))}
        line = text.count("\n", 0, match.start()) + 1
        try:
            claims = demo_claims(attrs)
        except RulesPageError as exc:
            raise RulesPageError(f"line {line}: {exc}") from None
        demos.append(Demo(attrs, match.group(2), line, claims))
    return demos


def sources() -> list[tuple[str, str, Path]]:
    """``(page, lang, path)`` of every source in web/rules/, sorted. Raises ``RulesPageError`` for a
    file name that is not ``<variant or index>.<de|en>.md``."""
    from meldtable import VARIANTS

    out = []
    for path in sorted(SOURCES.glob("*.md")):
        page, _, lang = path.stem.rpartition(".")
        if lang not in LANGS or (page not in VARIANTS and page != INDEX):
            raise RulesPageError(f"{path.relative_to(ROOT)}: name it <variant>.<lang>.md or index.<lang>.md "
                                 f"(variants: {', '.join(VARIANTS)}; languages: {', '.join(LANGS)})")
        out.append((page, lang, path))
    return out


# --------------------------------------------------------------------------- example hands

EXAMPLE_HANDS: dict[str, dict[str, Any]] = {
    # variant -> the seeded deal the engine's computer players play out (``players``, ``seed``), the
    # names shown, and the comments (move number -> (English, German); 0: on the whole record)
    "canasta-two-hand": {"players": 2, "seed": 22, "names": ["Anna", "Ben"], "comments": {
        0: ("An example hand of Canasta for two, played by the computer. Step through it with the buttons, "
            "or press play.",
            "Eine Beispielrunde Canasta zu zweit, vom Computer gespielt. Geh sie mit den Knöpfen Zug für Zug "
            "durch oder drücke auf Abspielen."),
        1: ("Anna takes the discard pile at once: she melds its top card with 7D and 7H from her hand.",
            "Anna nimmt gleich den Ablagestapel: Sie meldet die oberste Karte mit 7D und 7H aus ihrer Hand."),
        2: ("A meld with a wild card: the two stands in for an eight.",
            "Eine Meldung mit einer wilden Karte: Die Zwei steht für eine Acht."),
        4: ("In Canasta for two a player draws two cards from the stock.",
            "Bei Canasta zu zweit zieht man zwei Karten vom Talon."),
        15: ("Adding a card to a meld already on the table.", "Eine Karte an eine Meldung anlegen, die schon ausliegt."),
        68: ("Anna discards her last card and goes out: the hand is over and is scored.",
             "Anna wirft ihre letzte Karte ab und macht aus: Die Runde ist vorbei und wird gewertet."),
    }},
    "canasta-classic": {"players": 4, "seed": 5, "names": ["Anna", "Ben", "Cleo", "Dan"], "comments": {
        0: ("An example hand of Canasta for four: Anna and Cleo play against Ben and Dan. Played by the computer.",
            "Eine Beispielrunde Canasta zu viert: Anna und Cleo spielen gegen Ben und Dan. Vom Computer gespielt."),
        2: ("Anna's first meld: three sixes.", "Annas erste Meldung: drei Sechsen."),
        4: ("A wild two added to the sixes.", "Eine wilde Zwei an die Sechsen angelegt."),
        29: ("Dan asks his partner Ben whether he may go out.", "Dan fragt seinen Partner Ben, ob er ausmachen darf."),
        30: ("Ben says yes: Dan may go out.", "Ben sagt Ja: Dan darf ausmachen."),
        35: ("Dan discards his last card and goes out.", "Dan wirft seine letzte Karte ab und macht aus."),
    }},
    "kanaster": {"players": 4, "seed": 22, "names": ["Anna", "Ben", "Cleo", "Dan"], "comments": {
        0: ("An example hand of Kanaster for four: Anna and Cleo play against Ben and Dan. Played by the computer.",
            "Eine Beispielrunde Kanaster zu viert: Anna und Cleo spielen gegen Ben und Dan. Vom Computer gespielt."),
        2: ("The first meld of the hand: three fives.", "Die erste Meldung der Runde: drei Fünfen."),
        14: ("Cleo lays out a red three and draws a replacement card.",
             "Cleo legt eine rote Drei aus und zieht eine Ersatzkarte."),
        15: ("Dan takes the discard pile: four cards.", "Dan nimmt den Ablagestapel: vier Karten."),
        27: ("Anna discards her last card and goes out.", "Anna wirft ihre letzte Karte ab und macht aus."),
    }},
    "continental": {"players": 3, "seed": 21, "names": ["Anna", "Ben", "Cleo"], "comments": {
        0: ("An example deal of Continental for three, played by the computer.",
            "Eine Beispielrunde Continental zu dritt, vom Computer gespielt."),
        1: ("Anna takes the joker from the discard pile.", "Anna nimmt den Joker vom Ablagestapel."),
        6: ("Anna passes: she does not want the discarded card.", "Anna passt: Sie will die abgeworfene Karte nicht."),
        12: ("Ben lays down a set of three aces.", "Ben legt einen Satz aus drei Assen aus."),
        14: ("Ben discards his last card and goes out: the others count the cards in their hands.",
             "Ben wirft seine letzte Karte ab und macht aus: Die anderen zählen die Karten in ihrer Hand."),
    }},
    "3-ist-50": {"players": 3, "seed": 1, "names": ["Anna", "Ben", "Cleo"], "comments": {
        0: ("An example game of 3 ist 50 for three, played by the computer.",
            "Ein Beispielspiel 3 ist 50 zu dritt, vom Computer gespielt."),
        2: ("Ben matches the ace in the middle: both cards go to Cleo's minus pile.",
            "Ben spielt sein Ass auf das Ass in der Mitte: Beide Karten kommen auf Cleos Minushaufen."),
        4: ("Anna plays onto her own minus pile: three cards go to Ben's.",
            "Anna spielt auf ihren eigenen Minushaufen: Drei Karten gehen auf Bens."),
        84: ("The stock is used up: the game is over.", "Der Talon ist aufgebraucht: Das Spiel ist vorbei."),
    }},
}
"""The commented example hand of each rules page (docs/rules-pages.md, "Example hands"): a
``<meldtable-demo record="...">`` written by :func:`example_record`."""


def example_record(variant: str, lang: str) -> str:
    """The record (docs/records.md) of the example hand of ``variant`` with the comments in
    ``lang``: the seeded deal of :data:`EXAMPLE_HANDS` played by the engine's computer players
    (``meldtable.bot.choose_move``, level normal) to the end of the hand, without blank lines (a
    Markdown HTML block ends at one). Raises ``RulesPageError`` when a comment names a move the
    hand does not have."""
    from meldtable import new_game
    from meldtable.bot import choose_move
    from meldtable.records import to_record

    spec = EXAMPLE_HANDS[variant]
    g = new_game(variant, players=spec["players"], seed=spec["seed"])
    while not g.hand_over:
        seat = g.current_player
        assert seat is not None
        g.play(choose_move(g, seat), seat=seat)
    moves = sum(map(len, g.history))
    comments = {k: (v[0] if lang == "en" else v[1]) for k, v in spec["comments"].items()}
    if max(comments) > moves:
        raise RulesPageError(f"the example hand of {variant} has {moves} moves, a comment is on move {max(comments)}")
    text = to_record(g, names=spec["names"], comments=comments)
    return "\n".join(line for line in text.splitlines() if line.strip()) + "\n"


def example_element(variant: str, lang: str) -> str:
    """The ``<meldtable-demo>`` of the example hand as a rules page holds it."""
    return (f'<meldtable-demo variant="{variant}" lang="{lang}" data-example="example-hand" '
            f'record="{html.escape(example_record(variant, lang), quote=True)}"></meldtable-demo>')


def check_demos(page: str, lang: str, path: Path, text: str) -> list[Demo]:
    """The demos of a source, each checked to load (``Game.from_position``) and to name the page's
    variant and language. Raises ``RulesPageError`` naming the file and line."""
    from meldtable import Game

    demos = find_demos(text)
    name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    for demo in demos:
        where = f"{name}:{demo.line}"
        if demo.attrs.get("lang") != lang:
            raise RulesPageError(f"{where}: a demo on a {lang} page needs lang=\"{lang}\"")
        if page != INDEX and demo.attrs.get("variant") != page:
            raise RulesPageError(f"{where}: a demo on the {page} page needs variant=\"{page}\"")
        if "record" in demo.attrs:  # a recorded hand (docs/records.md): it must replay
            from meldtable.records import from_record

            try:
                game = from_record(demo.attrs["record"])
            except ValueError as exc:
                raise RulesPageError(f"{where}: the demo's record does not replay: {exc}") from None
            if game.variant.id != demo.attrs.get("variant"):
                raise RulesPageError(f"{where}: the record is a {game.variant.id} record, the element says "
                                     f"variant=\"{demo.attrs.get('variant')}\"")
            continue
        try:
            game = Game.from_position(demo.text)
        except ValueError as exc:
            raise RulesPageError(f"{where}: the demo's position does not load: {exc}") from None
        if game.variant.id != demo.attrs.get("variant"):
            raise RulesPageError(f"{where}: the position is a {game.variant.id} position, the element says "
                                 f"variant=\"{demo.attrs.get('variant')}\"")
    return demos


# --------------------------------------------------------------------------- the option tables

NODE_LABELS = r"""
globalThis.navigator ??= { language: "en", languages: ["en"] };
globalThis.localStorage ??= { getItem: () => null, setItem: () => {} };
globalThis.document ??= { documentElement: {} };
const m = await import(process.argv[1]);
const out = {};
for (const lang of m.LANGUAGES) {
  m.setLang(lang);
  out[lang] = {};
  for (const k of m.catalogueKeys(lang)) {
    if (/^(opt|optdoc|variant)\./.test(k)) out[lang][k] = m.t(k);
  }
}
process.stdout.write(JSON.stringify(out));
"""


def read_labels(i18n: Path = I18N) -> dict[str, dict[str, str]]:
    """``{lang: {key: text}}`` of the app's message catalogue for the keys ``opt.*``, ``optdoc.*``
    and ``variant.*`` (web/i18n.js, imported with node, as the page does: ``t(key)`` per language).
    Raises ``RulesPageError`` when node is missing or the catalogue does not load."""
    node = shutil.which("node")
    if not node:
        raise RulesPageError("node not found: it reads the option names of web/i18n.js (install Node.js)")
    proc = subprocess.run([node, "--input-type=module", "-e", NODE_LABELS, i18n.resolve().as_uri()],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RulesPageError(f"reading {i18n.name} with node failed: {proc.stderr.strip()[-800:]}")
    labels = json.loads(proc.stdout)
    for lang in LANGS:
        labels.setdefault(lang, {})
    return cast("dict[str, dict[str, str]]", labels)


CHROME = {
    "en": {
        "other": "Deutsch", "index": "All games", "app": "meldtable", "play": "Play this game",
        "guide": "Guided first hand", "contents": "On this page", "option": "Option",
        "preset": "This game", "others": "other values", "values": "values", "range": "range",
        "by_players": "by player count", "players": "players", "yes": "yes", "no": "no",
        "footer": "Rules pages of meldtable: the rules as the app plays them, with examples to try.",
    },
    "de": {
        "other": "English", "index": "Alle Spiele", "app": "meldtable", "play": "Dieses Spiel spielen",
        "guide": "Erste Hand mit Anleitung", "contents": "Auf dieser Seite", "option": "Option",
        "preset": "In diesem Spiel", "others": "andere Werte", "values": "Werte", "range": "Bereich",
        "by_players": "nach Spielerzahl", "players": "Spieler", "yes": "ja", "no": "nein",
        "footer": "Regelseiten von meldtable: die Regeln, wie die App sie spielt, mit Beispielen zum Ausprobieren.",
    },
}


def _first(labels: dict[str, str], keys: list[str]) -> str | None:
    for key in keys:
        if key in labels:
            return labels[key]
    return None


def _words(name: str) -> str:
    """An id in words when the catalogue has no label (``wilds_and_red_threes`` -> ``wilds and red threes``)."""
    return name.replace("_", " ")


def _number(n: int, lang: str) -> str:
    text = f"{n:,}"
    return text.replace(",", ".") if lang == "de" else text


def value_text(o: dict[str, Any], value: Any, lang: str, labels: dict[str, str], family: str) -> str:
    """An option value in words, as the new-game dialog shows it (HTML-escaped)."""
    esc = html.escape
    if value is None:
        return "–"
    kind = o["kind"]
    if kind == "bool":
        return esc(_first(labels, ["opt.yes" if value else "opt.no"]) or CHROME[lang]["yes" if value else "no"])
    if kind == "choice":
        text = _first(labels, [f"opt.{family}.{o['name']}.{value}", f"opt.{o['name']}.{value}"])
        return esc(text or _words(str(value)))
    if kind == "int":
        return esc(_number(value, lang))
    if kind == "table":
        row = _first(labels, ["opt.initial_meld_table.row"])
        if row and all(isinstance(r, list) and len(r) == 2 for r in value):
            return esc(" · ".join(row.replace("{from}", _number(a, lang)).replace("{n}", _number(b, lang))
                                  for a, b in value))
    raise RulesPageError(f"option {o['name']}: no words for the value {value!r} (add a label to web/i18n.js)")


NOTATION_NOTE = re.compile(r"\s*\((?:written |geschrieben )?[A-Z0-9]{1,2}#\d+\)")
"""A note on move notation in a dialog text ("(written Q#2)", "(Q#2)"): not for the rules pages."""


def options_table(variant_id: str, lang: str, labels: dict[str, dict[str, str]]) -> str:
    """The HTML table of the rule options of ``variant_id`` in ``lang``, in player words (issue
    #29 item 5): one row per option of ``VARIANTS[variant_id].describe()`` in the catalogue's
    order, ``<tr id="option-<name>" data-option="<name>" data-default="<JSON of the preset
    value>">`` (the name and value only in attributes, for links and tests); cells: the option's
    label and explanation as the new-game dialog shows them (web/i18n.js; no explanation where the
    catalogue has none: the engine's ``doc`` is developer text), and the preset value in words (values
    by player count from the layout table) with the other values or the range. No option ids,
    no sources: those stay in docs/rules/<variant>.md."""
    from meldtable import VARIANTS

    esc, chrome = html.escape, CHROME[lang]
    # a variant's own text (`<key>.<variant>`, e.g. Kanaster's own word) wins over the shared one,
    # as in the new-game dialog (web/app.js textKeys)
    suffix = "." + variant_id
    lab = {**labels[lang], **{k[: -len(suffix)]: v for k, v in labels[lang].items() if k.endswith(suffix)}}
    d = VARIANTS[variant_id].describe()
    family, layout = d["family"], d.get("layout") or []
    head = f"<tr><th scope=\"col\">{chrome['option']}</th><th scope=\"col\">{chrome['preset']}</th></tr>"
    rows = []
    for o in d["options"]:
        name = o["name"]
        label = _first(lab, [f"opt.{family}.{name}", f"opt.{name}"]) or _words(name)
        doc = NOTATION_NOTE.sub("", _first(lab, [f"optdoc.{family}.{name}", f"optdoc.{name}"]) or "")
        cell1 = f"<span class=\"opt-label\">{esc(label)}</span>"
        if doc:
            cell1 += f"<span class=\"opt-doc\">{esc(doc)}</span>"
        if o["default"] is None and layout:
            seen, parts = set(), []
            for r in layout:
                if r["players"] in seen or name not in r:
                    continue
                seen.add(r["players"])
                parts.append((r["players"], value_text(o, r[name], lang, lab, family)))
            if len({v for _, v in parts}) == 1:  # the same at every player count: just the value
                value = parts[0][1]
            else:
                value = f"{chrome['by_players']}: " + "; ".join(f"{n} {chrome['players']}: {v}" for n, v in parts)
        else:
            value = value_text(o, o["default"], lang, lab, family)
        if o["kind"] == "choice" and len(o.get("choices", [])) > 1:
            others = [value_text(o, c, lang, lab, family) for c in o["choices"] if c != o["default"]]
            word = chrome["values"] if o["default"] is None else chrome["others"]
            value += f"<span class=\"opt-other\">{word}: {', '.join(others)}</span>"
        elif o["kind"] == "bool" and o["default"] is not None:
            other_value = value_text(o, not o["default"], lang, lab, family)
            value += f"<span class=\"opt-other\">{chrome['others']}: {other_value}</span>"
        elif o["kind"] == "int":
            lo, hi = o.get("minimum"), o.get("maximum")
            value += f"<span class=\"opt-other\">{chrome['range']}: {'' if lo is None else _number(lo, lang)}–" \
                     f"{'' if hi is None else _number(hi, lang)}</span>"
        rows.append(f"<tr id=\"option-{esc(name)}\" data-option=\"{esc(name)}\" "
                    f"data-default=\"{esc(json.dumps(o['default']))}\"><td>{cell1}</td><td>{value}</td></tr>")
    return (f"<div class=\"options-wrap\"><table class=\"options\" data-variant=\"{esc(variant_id)}\">\n"
            f"<thead>{head}</thead>\n<tbody>\n" + "\n".join(rows) + "\n</tbody></table></div>")


# --------------------------------------------------------------------------- Markdown to HTML

def markdown_to_html(text: str) -> str:
    """Markdown (with ``{#id}`` attributes and tables) to HTML; ``<meldtable-demo>`` is a block
    element whose text is kept as written."""
    import markdown  # type: ignore[import-untyped]  # Markdown ships no types; its stubs are not a pinned requirement

    md = markdown.Markdown(extensions=["attr_list", "tables", "sane_lists"], output_format="html")
    md.block_level_elements.append("meldtable-demo")
    return cast("str", md.convert(text))


H1_RE = re.compile(r"<h1[^>]*>(.*?)</h1>", re.S)
H2_RE = re.compile(r"<h2 id=\"([^\"]+)\">(.*?)</h2>", re.S)
TAG_RE = re.compile(r"<[^>]+>")


def page_html(page: str, lang: str, body: str) -> str:
    """The whole HTML document of a page around its converted Markdown ``body``."""
    import build

    chrome, other = CHROME[lang], next(x for x in LANGS if x != lang)
    esc = html.escape
    h1 = H1_RE.search(body)
    title = html.unescape(TAG_RE.sub("", h1.group(1))) if h1 else page
    top = ""
    if page != INDEX:
        sections = "".join(f"<li><a href=\"#{sid}\">{text}</a></li>" for sid, text in H2_RE.findall(body))
        top = (f"<p class=\"rules-actions\"><a class=\"button primary\" href=\"../index.html?game={esc(page)}\">"
               f"{chrome['play']}</a> <a class=\"button\" href=\"../index.html?guide={esc(page)}\">"
               f"{chrome['guide']}</a></p>\n"
               f"<nav class=\"toc\" aria-label=\"{chrome['contents']}\"><h2 class=\"toc-title\">{chrome['contents']}"
               f"</h2><ol>{sections}</ol></nav>\n")
    if h1 and top:
        body = body[:h1.end()] + "\n" + top + body[h1.end():]
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{esc(build.CSP)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#1f5e3a">
<title>{esc(title)} · meldtable</title>
<link rel="icon" href="../favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="../rules.css">
<link rel="alternate" hreflang="{other}" href="{page}.{other}.html">
<script type="module" src="../embed.js"></script>
</head>
<body>
<header class="rules-top">
<nav aria-label="meldtable">
<a class="brand" href="../index.html"><span aria-hidden="true">♠</span> {chrome['app']}</a>
<a href="index.{lang}.html">{chrome['index']}</a>
<a href="{page}.{other}.html" hreflang="{other}" lang="{other}">{chrome['other']}</a>
</nav>
</header>
<main id="main">
{body}
</main>
<footer class="rules-foot"><p>{esc(chrome['footer'])} <a href="../index.html">{chrome['app']}</a></p></footer>
</body>
</html>
"""


def build_page(page: str, lang: str, path: Path, labels: dict[str, dict[str, str]]) -> str:
    """One source to its HTML document (demos checked, options table filled in)."""
    text = path.read_text(encoding="utf-8")
    check_demos(page, lang, path, text)
    body = markdown_to_html(text)
    if page != INDEX:
        if body.count(OPTIONS_MARKER) != 1:
            raise RulesPageError(f"{path.relative_to(ROOT)}: needs the line {OPTIONS_MARKER} exactly once "
                                 "(where the option table goes)")
        body = body.replace(OPTIONS_MARKER, options_table(page, lang, labels))
        missing = [s for s in SECTION_IDS if f"id=\"{s}\"" not in body]
        if missing:
            raise RulesPageError(f"{path.relative_to(ROOT)}: sections missing: {', '.join('{#' + s + '}' for s in missing)}")
    return page_html(page, lang, body)


def build_all(out_dir: Path) -> list[Path]:
    """Write ``out_dir/rules/<page>.<lang>.html`` for every source; return the files written."""
    found = sources()
    if not found:
        raise RulesPageError(f"no sources in {SOURCES.relative_to(ROOT)}")
    labels = read_labels()
    target = out_dir / "rules"
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for page, lang, path in found:
        out = target / f"{page}.{lang}.html"
        out.write_text(build_page(page, lang, path, labels), encoding="utf-8")
        written.append(out)
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--install", action="store_true", help="install the pinned Python-Markdown first if needed")
    ap.add_argument("out_dir", type=Path, help="the site folder; pages go to OUT_DIR/rules/")
    args = ap.parse_args(argv)
    try:
        if args.install:
            ensure_markdown()
        written = build_all(args.out_dir)
    except RulesPageError as exc:
        print(f"rules_pages.py: error: {exc}", file=sys.stderr)
        return 1
    print(f"[rules] wrote {len(written)} rules pages to {args.out_dir / 'rules'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
