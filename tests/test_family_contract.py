"""The family contract (issue #14): an explicit registry of families (``game.FAMILIES``), each
family module provides every member of the ``Family`` protocol, and the move values of every family
share one base type whose ``repr`` is code that recreates the move."""
from __future__ import annotations

import importlib
import typing

import pytest

import meldtable
from meldtable.canasta.moves import Move
from meldtable.continental import ContinentalMove
from meldtable.family import FamilyOf, FamilyStateOf, PositionRoom
from meldtable.game import FAMILIES, family_module
from meldtable.moves import MoveValue
from meldtable.threefifty import ThreeFiftyMove


def members(proto: type) -> set[str]:
    return {n for n in dir(proto) if not n.startswith("_")} | set(typing.get_type_hints(proto, localns={
        "Catalogue": object, "Card": object, "MoveValue": object, "FamilyState": object}))


def test_the_registry_names_every_variant_family():
    assert set(FAMILIES) == {v.family for v in meldtable.VARIANTS.values()}
    with pytest.raises(meldtable.OptionError):
        family_module("os")


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_family_module_provides_the_protocol(family):
    module = importlib.import_module(FAMILIES[family])
    missing = sorted(n for n in members(FamilyOf) if not hasattr(module, n))
    assert not missing, missing
    variant = next(v for v in meldtable.VARIANTS.values() if v.family == family)
    g = meldtable.new_game(variant.id, players=variant.players[0], seed=1)
    missing = sorted(n for n in members(FamilyStateOf) if not hasattr(g.state, n))
    assert not missing, missing


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_family_names_a_position_room_with_keys_reader_and_writer(family):
    room = importlib.import_module(family_module(family).POSITION)
    assert room.__name__ == f"meldtable.{family}.position"
    missing = sorted(n for n in members(PositionRoom) if not hasattr(room, n))
    assert not missing, missing
    assert isinstance(room.POSITION_KEYS, frozenset) and room.POSITION_KEYS


@pytest.mark.parametrize("cls,text", [
    (Move, "draw"), (Move, "meld QH QS JK"), (Move, "add Q JK"), (Move, "take"),
    (ContinentalMove, "run 5H JK 7H 8H"), (ContinentalMove, "add 1.2 9H high"), (ContinentalMove, "claim"),
    (ThreeFiftyMove, "play 7H pile 2"), (ThreeFiftyMove, "discard 7H"),
])
def test_every_move_value_shares_the_base_and_its_repr_recreates_it(cls, text):
    m = cls.parse(text)
    assert isinstance(m, MoveValue)
    assert repr(m) == f"{cls.__name__}.parse({text!r})"
    assert eval(repr(m), {cls.__name__: cls}) == m
    assert str(m) == text and m.to_json()["text"] == text
