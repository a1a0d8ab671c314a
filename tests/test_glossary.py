"""One German word per field term (issue #29 item 6; docs/glossary.md).

The German texts of the page's catalogue (web/i18n.js), of every refusal-reason catalogue of the
engine (imported), of the guided hands (web/guides/*.json) and of the German rules pages
(web/rules/*.de.md, seed quotations skipped) use none of the variants docs/glossary.md lists as
avoided. A failure lists each variant found with the key or file where it stands.
"""
from __future__ import annotations

import importlib
import json
import pkgutil
import re
from pathlib import Path

import pytest

import meldtable
from meldtable.reasons import Catalogue

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"

# term -> regular expressions of the variants to avoid (docs/glossary.md, column "Avoid")
AVOID: dict[str, list[str]] = {
    "stock (Talon) / discard pile (Ablagestapel)": [r"\bStapels?\b", r"Kartenstapel", r"Nachziehstapel",
                                                     r"Hauptstapel", r"\bVorrat", r"\bStoß", r"Abwurfstoß",
                                                     r"Spielstapel", r"Ablagehaufen", r"Abwurfstapel"],
    "upcard (oberste Karte)": [r"\bUpcard"],
    "meld (Meldung; Continental: Kombination)": [r"\bFigur(en)?\b"],
    "set (Satz)": [r"\bDrilling", r"\bGruppe\b"],
    "run (Straße)": [r"\bFolge\b", r"\bSequenz"],
    "natural card (natürliche Karte)": [r"Naturkarte", r"\bnormalen? Karten?\b"],
    "wild card (wilde Karte)": [r"Wildcard", r"Platzhalter"],
    "red/black three (rote/schwarze Drei)": [r"\b(rote|roten|roter|schwarze|schwarzen|schwarzer) 3er\b",
                                              r"\bDreier\b"],
    "initial meld (Erstmeldung)": [r"Erstauslage", r"Eröffnungsmeldung"],
    "going out (ausmachen)": [r"\b[Aa]usgehen\b", r"Schluss machen", r"fertig machen"],
    "side (Partei)": [r"\bTeams?\b", r"Mannschaft"],
    "contract (Vertrag)": [r"\bVorgabe", r"\bKontrakt"],
    "hand (Runde)": [r"\bTeilspiel", r"\bSpielrunde", r"\bDurchgang", r"\bLauf\b"],
    "undo (Rückgängig)": [r"^Zurück$", r"^Zurücknehmen$"],
    "start-up in player words": [r"\bPython\b"],
}
PATTERNS = [(term, re.compile(rx)) for term, rxs in AVOID.items() for rx in rxs]


def violations(texts: dict[str, str]) -> list[str]:
    """['where: "variant" (term) in: text'] for every avoided variant in {where: German text}."""
    found = []
    for where, text in texts.items():
        for term, rx in PATTERNS:
            for m in rx.finditer(text):
                found.append(f'{where}: "{m.group(0)}" ({term}) in: {text[max(0, m.start() - 40):m.end() + 40]!r}')
    return found


def page_texts() -> dict[str, str]:
    """{i18n key: German text} of web/i18n.js."""
    source = (WEB / "i18n.js").read_text(encoding="utf-8")
    start = source.index("\n  de: {")
    end = source.index("\n};", start)
    pairs = re.findall(r'"([\w.\-]+)":\s*"((?:[^"\\]|\\.)*)"', source[start:end])
    assert len(pairs) > 500, "the German catalogue of web/i18n.js was not found"
    return {f"i18n {k}": json.loads(f'"{v}"') for k, v in pairs}


def catalogues() -> dict[str, Catalogue]:
    """{family: Catalogue} of every refusal catalogue defined in the engine's modules."""
    found: dict[str, Catalogue] = {}
    for info in pkgutil.walk_packages(meldtable.__path__, "meldtable."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, Catalogue):
                found.setdefault(value.family, value)
    return found


def catalogue_texts(cat: Catalogue) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, reason in cat.reasons.items():
        text = reason.texts["de"]
        items = [("", text)] if isinstance(text, str) else text.items()
        for variant, template in items:
            out[f"{cat.family} reason {key}{'[' + str(variant) + ']' if variant else ''}"] = template
    return out


def guide_texts(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}

    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if k == "de" and isinstance(v, str):
                    out[where] = v
                else:
                    walk(v, f"{where}.{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{where}[{i}]")

    walk(json.loads(path.read_text(encoding="utf-8")), path.name)
    return out


QUOTED = re.compile(r"„[^“]*“|<q>.*?</q>|<blockquote>.*?</blockquote>", re.S)


def rules_page_texts(path: Path) -> dict[str, str]:
    """{file:line: text} of a German rules page, without seed quotations (blockquote lines,
    „…“, <q>…</q>), code spans and heading anchors."""
    text = QUOTED.sub(" ", path.read_text(encoding="utf-8"))
    out = {}
    for no, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith(">"):
            continue
        line = re.sub(r"`[^`]*`|\{#[^}]*\}|\]\([^)]*\)", " ", line)
        if line.strip():
            out[f"{path.relative_to(ROOT)}:{no}"] = line
    return out


def test_the_avoided_variants_are_found() -> None:
    """The check itself: each term's variants are caught, the glossary's own words are not."""
    bad = violations({"a": "Nimm den Stapel", "b": "der Stoß", "c": "eine Vorgabe", "d": "Zurück",
                      "e": "im zweiten Teilspiel", "f": "Python wird geladen…", "g": "rote 3er"})
    assert {line.split(":")[0] for line in bad} == set("abcdefg")
    assert violations({"ok": "Ziehe vom Talon oder nimm den Ablagestapel; Strafstapel; Reihenfolge;"
                             " der Vertrag dieser Runde; Rückgängig; Das Spiel wird geladen…"}) == []


def test_page_catalogue_follows_the_glossary() -> None:
    found = violations(page_texts())
    assert not found, "web/i18n.js (German):\n" + "\n".join(found)




@pytest.mark.parametrize("family", sorted(catalogues()))
def test_engine_reasons_follow_the_glossary(family: str) -> None:
    found = violations(catalogue_texts(catalogues()[family]))
    assert not found, f"reason catalogue {family!r} (German):\n" + "\n".join(found)


@pytest.mark.parametrize("name", sorted(p.name for p in (WEB / "guides").glob("*.json")))
def test_guides_follow_the_glossary(name: str) -> None:
    found = violations(guide_texts(WEB / "guides" / name))
    assert not found, f"web/guides/{name} (German):\n" + "\n".join(found)


@pytest.mark.parametrize("name", sorted(p.name for p in (WEB / "rules").glob("*.de.md")))
def test_rules_pages_follow_the_glossary(name: str) -> None:
    found = violations(rules_page_texts(WEB / "rules" / name))
    assert not found, f"web/rules/{name}:\n" + "\n".join(found)


def test_hints_name_no_mouse_click() -> None:
    """#29 item 9: the page's hints (also shown in the guides on touch screens) say "choose",
    not "click", in either language."""
    source = (WEB / "i18n.js").read_text(encoding="utf-8")
    pairs = re.findall(r'"([\w.\-]+)":\s*"((?:[^"\\]|\\.)*)"', source)
    found = [f"{k}: {v}" for k, v in pairs if re.search(r"\b([Cc]lick|[Kk]licke)\b", v)]
    assert not found, "\n".join(found)


def test_canasta_option_texts_say_canasta_outside_kanaster() -> None:
    """Seed 004 names the canasta "Kanaster"; seeds 000 and 001 say "Canasta" (docs/glossary.md).
    The rule options' labels and explanations are shown for every canasta-family game (Classic
    Canasta's new-game dialog and rules page among them), so their German text says "Canasta";
    only a Kanaster text (`<key>.kanaster`, looked up by `tv`) says "Kanaster"."""
    texts = page_texts()
    options = {k: v for k, v in texts.items() if re.match(r"i18n opt(doc)?\.", k)}
    assert len(options) > 50
    found = [f"{k}: {v}" for k, v in options.items() if re.search(r"Kanaster", v) and not k.endswith(".kanaster")]
    assert not found, "German option texts outside Kanaster saying Kanaster:\n" + "\n".join(found)
    # Kanaster keeps its own word where the text names the canasta
    for key in ("opt.blocking_ranks", "opt.bury_blocking_cards", "optdoc.canasta.blocking_ranks"):
        assert "Canasta" in texts[f"i18n {key}"], key
        assert "Kanaster" in texts[f"i18n {key}.kanaster"], key

