"""The page's game-independent modules name no game, and each game's renderer lives in its own
rooms (issue #26 items 2-4; web/games/registry.js, the contract): web/tablekit.js reads a game's
shortcuts, Undo bar, drop targets and button reasons from the renderer module; the warnings are
the engine's (no wild-card rule or notation parsing in tablekit); each family's renderer is a
folder web/games/<family>/ whose index.js registry.js imports."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
FAMILIES = ("canasta", "continental", "threefifty")
ROOMS = ("index.js", "table.js", "layout.js", "log.js")


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
