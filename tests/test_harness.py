"""The shared simulation harness (tests/sim_harness.py) over every variant in
``meldtable.VARIANTS`` and every player count it allows: random players, computer players and
mixed tables, default and random rule options, every invariant after every move (the expensive
ones on a sample). This is the CI-sized sample (a few hundred moves per case, about a minute in
all); ``python bench/harness.py`` runs the same checks over 100,000+ moves per variant.

The last tests make sure the harness is not vacuous: a broken hook or engine is caught.
"""
from __future__ import annotations

import importlib
import time
from random import Random
from types import ModuleType
from typing import Any

import pytest
from pytest import MonkeyPatch

import meldtable
import sim_harness as H
from meldtable.game import family_module

MOVES_PER_CASE = 400
HOOKS = ("expected_cards", "hand_size_ok", "move_bound", "shuffle_hidden", "results_add_up")
SEED0 = {"random": 0, "bot": 1, "mixed": 2}  # odd seeds play with random rule options


@pytest.mark.parametrize("variant,players", H.cases(), ids=[f"{v}-{p}p" for v, p in H.cases()])
@pytest.mark.parametrize("pairing", H.PAIRINGS)
def test_simulation(variant: str, players: int, pairing: str) -> None:
    """Seeded matches of this variant and player count pass every check of the harness."""
    started = time.perf_counter()
    rep = H.run(variant, players, pairing, moves=MOVES_PER_CASE, seed0=SEED0[pairing], deep_every=9,
                illegal_per_move=1, illegal_per_deep=10, max_apply=25, max_hands=2)
    print(f"\n{variant} {players}p {pairing}: {time.perf_counter() - started:.1f} s; {rep.summary()}")
    assert not rep.violations, rep.summary()
    c = rep.counts
    assert c["moves"] >= MOVES_PER_CASE and c["hands"] >= 1 and c["deep_checks"] >= 2
    assert c["replays"] == c["matches"] and c["refusals_checked"] >= c["moves"]
    assert c["leak_checked"] >= 1


@pytest.mark.parametrize("players", meldtable.VARIANTS["continental"].players)
def test_computer_only_continental_matches_end(players: int) -> None:
    """Issue #15: computer-only Continental matches always end. One whole match (seven deals) per
    player count, every deal within ``move_bound``, with the harness's checks (lighter sampling
    than test_simulation: the matches are long)."""
    rep = H.Report()
    h = H.Harness(rep, deep_every=60, illegal_per_move=0, illegal_per_deep=2, max_apply=5)
    g = h.play_match("continental", players, 100 + players, "bot", max_hands=99)
    assert not rep.violations, rep.summary()
    assert g is not None and g.match_over and g.hand_number == 7
    assert rep.counts["hands"] == 7 and rep.counts["replays"] == 1


def _hooks(family: str) -> ModuleType:
    """The family's harness hooks: the module its family module names in ``TESTING``."""
    return importlib.import_module(family_module(family).TESTING)


def test_every_family_has_the_harness_hooks() -> None:
    """docs/architecture.md lists the hooks; every family in VARIANTS provides them, in the module
    its family module names (``TESTING``, the family's ``testing.py``), which the family module
    itself does not import (the page's wheel leaves it out: build.py)."""
    for v in meldtable.VARIANTS.values():
        assert family_module(v.family).TESTING == f"meldtable.{v.family}.testing"
        fam = _hooks(v.family)
        missing = [h for h in HOOKS if not callable(getattr(fam, h, None))]
        assert not missing, (v.family, missing)
        assert not hasattr(family_module(v.family), "expected_cards"), v.family
        g = meldtable.new_game(v.id, players=v.players[0], seed=1)
        assert fam.move_bound(g.state.rules) >= 50
        assert dict(fam.expected_cards(g.state)) == {c: n for c, n in g.state.conservation().items() if n}


def test_random_options_are_valid_and_varied() -> None:
    import random

    for vid, players in H.cases():
        seen = set()
        for k in range(6):
            o = H.random_options(vid, players, random.Random(k))
            meldtable.new_game(vid, players=players, seed=k, options=o)  # valid
            seen.add(tuple(sorted((a, str(b)) for a, b in o.items())))
        assert len(seen) >= 3, vid


# ---------------------------------------------------------------------------- the harness bites


def _run_small(variant: str = "canasta-two-hand", players: int = 2, moves: int = 40) -> H.Report:
    return H.run(variant, players, "random", moves=moves, options="default", deep_every=3, max_hands=1)


def test_harness_catches_a_leak(monkeypatch: MonkeyPatch) -> None:
    """A hook that also changes the seat's own hand makes that seat's view differ: reported."""
    fam = _hooks("canasta")
    real = fam.shuffle_hidden

    def leaky(data: dict[str, Any], seat: int, rng: Random) -> dict[str, Any] | None:
        st: dict[str, Any] | None = real(data, seat, rng)
        if st is not None and not st["hand_over"] and len(st["stock"]) > 1 and seat == 0:
            st["hands"][seat][0], st["stock"][0] = st["stock"][0], st["hands"][seat][0]
        return st

    monkeypatch.setattr(fam, "shuffle_hidden", leaky)
    rep = _run_small()
    assert rep.violations["leak_view"] > 0 or rep.violations["shuffle_hidden_unloadable"] > 0


def test_harness_catches_lost_cards_and_a_short_bound(monkeypatch: MonkeyPatch) -> None:
    fam = _hooks("threefifty")
    real = fam.expected_cards
    monkeypatch.setattr(fam, "expected_cards", lambda st: {**real(st), meldtable.JOKER: 1})
    monkeypatch.setattr(fam, "move_bound", lambda rules: 5)
    rep = _run_small("3-ist-50", 3)
    assert rep.violations["conservation"] > 0 and rep.violations["move_bound"] >= 1


def test_harness_catches_an_engine_that_accepts_anything(monkeypatch: MonkeyPatch) -> None:
    """An engine whose is_legal says yes to every move is caught by the refusal probes."""
    st_cls = family_module("continental").State
    monkeypatch.setattr(st_cls, "is_legal", lambda self, move: True)
    rep = _run_small("continental", 3, moves=10)
    assert rep.violations["illegal_move_accepted"] + rep.violations["refusal_wrong_exception"] > 0
    assert rep.counts["matches_abandoned"] >= 1


def test_a_take_that_empties_the_hand_goes_out() -> None:
    """Found by random playouts (seed 573): seat 0 holds 7D 7D, its side has two canastas, the
    pile is the single card 7S. ``take 7D 7D`` melds the last hand cards; with two canastas that is
    going out without a final discard (seed 000 "Das Ende einer Runde"), so the hand is over."""
    from positions import position

    tens = ["TC", "TC", "TD", "TD", "TH", "TH", "TS"]
    kings = ["KC", "KC", "KD", "KD", "KH", "KH", "KS"]
    g = position(hands=[["7D", "7D"], ["4C", "4D", "5C", "5D", "6C", "6D", "8C", "8D", "9C", "9D", "JC", "JD", "QC", "QD", "AC"]],
                 pile=["7S"], melds=[[tens, kings], []], stock_top=["4H", "4S"])
    assert "take 7D 7D" in {str(m) for m in g.legal_moves()}
    g.play("take 7D 7D")
    assert g.hand_over, "the seat to act has no legal move and the hand is not over"
    assert g.results[-1]["went_out"] == 0
