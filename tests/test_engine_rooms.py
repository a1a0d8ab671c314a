"""Issue #26: "a room per concern so a newcomer finds any rule in one step" -- no engine module is
over 600 lines, and each family keeps its own rooms (moves, options, position reader) in its
package rather than in the shared core."""

import pathlib

import meldtable

ROOT = pathlib.Path(meldtable.__file__).parent


def test_no_engine_module_is_over_600_lines() -> None:
    sizes = {str(f.relative_to(ROOT)): len(f.read_text(encoding="utf-8").splitlines()) for f in ROOT.rglob("*.py")}
    assert len(sizes) > 50, sizes
    too_long = {name: n for name, n in sizes.items() if n > 600}
    assert not too_long, too_long


def test_each_family_holds_its_moves_options_and_position_room() -> None:
    for family in ("canasta", "continental", "threefifty"):
        for room in ("moves.py", "catalogue.py", "position.py", "legality.py", "reasons.py"):
            assert (ROOT / family / room).is_file(), (family, room)
    core_moves = (ROOT / "moves.py").read_text(encoding="utf-8")
    assert "class Move(" not in core_moves  # canasta's Move lives in canasta/moves.py
    variants = (ROOT / "variants.py").read_text(encoding="utf-8")
    assert "Option(" not in variants  # every option is declared in its family's catalogue
