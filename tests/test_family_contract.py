"""The family contract (issue #14): an explicit registry of families (``game.FAMILIES``), each
family module provides every member of the ``Family`` protocol, and the move values of every family
share one base type whose ``repr`` is code that recreates the move. Each family declares its undo
tables and names its harness hooks' module through the protocol (issue #26), and the engine never
imports the harness hooks."""
from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import typing
from pathlib import Path

import pytest

import meldtable
from meldtable.canasta.moves import Move
from meldtable.continental import ContinentalMove
from meldtable.family import FamilyOf, FamilyStateOf, HarnessRoom, PositionRoom
from meldtable.game import FAMILIES, family_module
from meldtable.moves import MoveValue
from meldtable.threefifty import ThreeFiftyMove
from meldtable.undo import REVEALING, UNDOABLE, UndoRecord

MoveClass = type[Move] | type[ContinentalMove] | type[ThreeFiftyMove]
"""A family's move class (each parses its notation)."""


def members(proto: type) -> set[str]:
    return {n for n in dir(proto) if not n.startswith("_")} | set(typing.get_type_hints(proto, localns={
        "Catalogue": object, "Card": object, "MoveValue": object, "FamilyState": object}))


def test_the_registry_names_every_variant_family() -> None:
    assert set(FAMILIES) == {v.family for v in meldtable.VARIANTS.values()}
    with pytest.raises(meldtable.OptionError):
        family_module("os")


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_family_module_provides_the_protocol(family: str) -> None:
    module = importlib.import_module(FAMILIES[family])
    missing = sorted(n for n in members(FamilyOf) if not hasattr(module, n))
    assert not missing, missing
    variant = next(v for v in meldtable.VARIANTS.values() if v.family == family)
    g = meldtable.new_game(variant.id, players=variant.players[0], seed=1)
    missing = sorted(n for n in members(FamilyStateOf) if not hasattr(g.state, n))
    assert not missing, missing


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_family_names_a_position_room_with_keys_reader_and_writer(family: str) -> None:
    room = importlib.import_module(family_module(family).POSITION)
    assert room.__name__ == f"meldtable.{family}.position"
    missing = sorted(n for n in members(PositionRoom) if not hasattr(room, n))
    assert not missing, missing
    assert isinstance(room.POSITION_KEYS, frozenset) and room.POSITION_KEYS


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_family_declares_its_undo_tables_through_the_protocol(family: str) -> None:
    """issue #26: which moves can be taken back is the family's own data (its family module's
    ``UNDOABLE`` and ``REVEALING``, move kinds of its own ``Kind``), and :mod:`meldtable.undo`
    reads it from there; a new family touches only its package."""
    module = family_module(family)
    kinds = set(typing.get_args(importlib.import_module(f"meldtable.{family}.moves").Kind))
    for table in (module.UNDOABLE, module.REVEALING):
        assert isinstance(table, frozenset) and table <= kinds, (family, table, kinds)
    assert not module.UNDOABLE & module.REVEALING  # a move that showed a card cannot be taken back
    assert UNDOABLE[family] is module.UNDOABLE and REVEALING[family] is module.REVEALING
    record = UndoRecord(family)
    assert record.undoable is module.UNDOABLE and record.copy().revealing is module.REVEALING
    assert set(UNDOABLE) == set(FAMILIES) and family in REVEALING


def test_undo_tables_say_canasta_and_continental_undo_melds_and_3_ist_50_nothing() -> None:
    """issue #13: melds/adds (canasta family), sets, runs, lay-offs and exchanges (Continental)
    can be taken back; 3 ist 50 has no undo at all (a turn is a single play): the one declared
    fact the page reads, as ``can_undo`` that is never true."""
    assert UNDOABLE["canasta"] == {"meld", "add"}
    assert UNDOABLE["continental"] == {"set", "run", "add", "swap"}
    assert UNDOABLE["threefifty"] == frozenset() and REVEALING["threefifty"] == frozenset()
    g = meldtable.new_game("3-ist-50", players=3, seed=4)
    for _ in range(12):
        assert g.undo_refusal() is not None
        g.play(g.legal_moves()[0])
    with pytest.raises(KeyError):
        UNDOABLE["os"]


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_family_names_its_harness_hooks_room(family: str) -> None:
    """The harness hooks live in the module the family module names in ``TESTING`` (its
    ``testing.py``), with every member of :class:`meldtable.family.HarnessRoom`."""
    room = importlib.import_module(family_module(family).TESTING)
    assert room.__name__ == f"meldtable.{family}.testing"
    missing = sorted(n for n in members(HarnessRoom) if not hasattr(room, n))
    assert not missing, missing
    assert room.shuffle_hidden is family_module(family).shuffle_hidden


_PLAY_WITHOUT_HOOKS = """
import json, sys
from meldtable import api, new_game, VARIANTS
for vid, v in sorted(VARIANTS.items()):
    g = new_game(vid, players=v.players[0], seed=3)
    for _ in range(30):
        if g.hand_over:
            break
        g.play(g.legal_moves()[-1])
        g.view(0), g.explain(g.legal_moves()[0]) if g.legal_moves() else None
    s = api.Session()
    assert "error" not in json.loads(api.handle(json.dumps({"op": "new", "variant": vid, "players": v.players[0], "seed": 5}), s))
print(json.dumps(sorted(m for m in sys.modules if m.startswith("meldtable."))))
"""


def test_playing_every_family_never_imports_the_harness_hooks() -> None:
    """issue #26: the engine never imports a family's ``testing`` module (the page's wheel leaves
    them out, build.py): a fresh interpreter plays every variant through ``Game`` and the api."""
    engine = Path(meldtable.__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(engine)}
    out = subprocess.run([sys.executable, "-c", _PLAY_WITHOUT_HOOKS], env=env, capture_output=True, text=True,
                         check=True).stdout
    modules = json.loads(out.splitlines()[-1])
    assert "meldtable.canasta.family" in modules and "meldtable.threefifty.hidden" in modules
    assert [m for m in modules if m.endswith(".testing")] == []


@pytest.mark.parametrize("cls,text", [
    (Move, "draw"), (Move, "meld QH QS JK"), (Move, "add Q JK"), (Move, "take"),
    (ContinentalMove, "run 5H JK 7H 8H"), (ContinentalMove, "add 1.2 9H high"), (ContinentalMove, "claim"),
    (ThreeFiftyMove, "play 7H pile 2"), (ThreeFiftyMove, "discard 7H"),
])
def test_every_move_value_shares_the_base_and_its_repr_recreates_it(cls: MoveClass, text: str) -> None:
    m = cls.parse(text)
    assert isinstance(m, MoveValue)
    assert repr(m) == f"{cls.__name__}.parse({text!r})"
    assert eval(repr(m), {cls.__name__: cls}) == m
    assert str(m) == text and m.to_json()["text"] == text
