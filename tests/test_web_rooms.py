"""The page's game-independent modules name no game, and each game's renderer lives in its own
rooms (issue #26 items 2-4; web/games/registry.js, the contract): web/tablekit.js reads a game's
shortcuts, Undo bar, drop targets and button reasons from the renderer module; the warnings are
the engine's (no wild-card rule or notation parsing in tablekit); each family's renderer is a
folder web/games/<family>/ whose index.js registry.js imports, and inside it rooms: table.js a
short composition (state and wiring), the drawing and the person's actions in modules of their
own that take an explicit context (context.js), no module-level state."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
FAMILIES = ("canasta", "continental", "threefifty")
ROOMS = ("index.js", "table.js", "context.js", "layout.js", "actions.js", "log.js")
TABLE_MAX_LINES = 300
"""The most lines a family's table.js may have: the composition only (issue #26 item 3)."""


def test_tablekit_names_no_family_and_parses_no_notation() -> None:
    code = re.sub(r"//[^\n]*|/\*.*?\*/", "", (WEB / "tablekit.js").read_text(), flags=re.S)
    for family in FAMILIES:
        assert f'"{family}"' not in code and f"'{family}'" not in code, family
    assert "games/continental" not in code and "rankOf" not in code
    assert ".split(" not in code, "tablekit.js parses move notation"


@pytest.mark.parametrize("shell", ["app.js", "session.js", "embed.js", "tablekit.js"])
def test_the_shell_names_no_game(shell: str) -> None:
    """The page shell and the table session are game-independent (issue #26 item 3): a new family
    touches only its package and its renderer, so no shell module names a family or imports a
    renderer directly (registry.js does)."""
    code = re.sub(r"//[^\n]*|/\*.*?\*/", "", (WEB / shell).read_text(), flags=re.S)
    for family in FAMILIES:
        assert f'"{family}"' not in code and f"'{family}'" not in code, (shell, family)
        assert f"games/{family}" not in code, (shell, family)
    assert "wireContinentalReasons" not in code and "explainContinental" not in code


@pytest.mark.parametrize("family", FAMILIES)
def test_each_renderer_is_a_folder_of_rooms_that_registry_imports(family: str) -> None:
    folder = WEB / "games" / family
    assert not (WEB / "games" / f"{family}.js").exists()
    for room in ROOMS:
        assert (folder / room).is_file(), f"{family}/{room}"
    registry = (WEB / "games" / "registry.js").read_text()
    assert f'from "./{family}/index.js"' in registry
    index = (folder / "index.js").read_text()
    for name in ("families", "create", "SHORTCUTS", "DROPS"):
        assert re.search(rf"\b{name}\b", index), (family, name)
    # the log sentences are out of the table's closure
    assert "function describe(" not in (folder / "table.js").read_text()
    assert "function describe(" in (folder / "log.js").read_text()


@pytest.mark.parametrize("family", FAMILIES)
def test_no_renderer_imports_another(family: str) -> None:
    for path in (WEB / "games" / family).glob("*.js"):
        for other in FAMILIES:
            if other != family:
                assert f"/{other}/" not in path.read_text() and f"{other}.js" not in path.read_text(), (path, other)


def _code(path: Path) -> str:
    """The JavaScript of ``path`` without its comments."""
    return re.sub(r"//[^\n]*|/\*.*?\*/", "", path.read_text(), flags=re.S)


@pytest.mark.parametrize("family", FAMILIES)
def test_table_js_is_a_short_composition_of_rooms(family: str) -> None:
    """table.js is state and wiring, not one closure that draws everything (issue #26 item 3):
    at most TABLE_MAX_LINES lines, it imports its context and its actions, and the drawing of the
    table's parts is in the rooms it imports (no ``document.createElement`` of its own)."""
    folder = WEB / "games" / family
    table = (folder / "table.js").read_text()
    assert len(table.splitlines()) <= TABLE_MAX_LINES, (family, len(table.splitlines()))
    code = _code(folder / "table.js")
    assert 'from "./context.js"' in code and 'from "./actions.js"' in code, family
    assert "document.createElement" not in code, family
    rooms = re.findall(r'from "\./([a-z]+\.js)"', code)
    assert len(set(rooms)) >= 6, (family, rooms)
    for room in rooms:
        assert (folder / room).is_file(), (family, room)


@pytest.mark.parametrize("family", FAMILIES)
def test_rooms_keep_no_module_state(family: str) -> None:
    """No new globals: a room's functions get what they need as parameters (the context); a
    module-level ``let``/``var`` would be state shared by every table on the page."""
    for path in sorted((WEB / "games" / family).glob("*.js")):
        code = _code(path)
        assert not re.search(r"^(let|var)\s", code, flags=re.M), path.name
        assert "window." not in code and "globalThis" not in code, path.name


def test_the_rooms_read_what_the_engine_says() -> None:
    """The source checks of tests/test_page_reads_engine.py over a whole renderer folder (the
    drawing left table.js): Continental's discard pile names its discarder from the view
    (``discarded_by``), 3 ist 50's rooms match no ranks themselves."""
    ct = "".join(_code(p) for p in sorted((WEB / "games" / "continental").glob("*.js")) if p.name != "log.js")
    assert "last_moves" not in ct and "function discarder(" not in ct
    assert "discarded_by" in ct
    for path in sorted((WEB / "games" / "threefifty").glob("*.js")):
        code = _code(path)
        assert "sameRank" not in code and "capturedBy" not in code, path.name
        assert not re.search(r"rankOf\([^)]*\)\s*===", code), f"{path.name} matches ranks itself"
