"""The strong player's canasta estimate terms added for Classic 4p (issue #27, session 14;
``meldtable.search.GO_OUT_POINTS`` and ``PARTIAL_CANASTA``, both off by default): a side that holds
the canastas it needs to go out (seed 001 "Das Ende einer Runde": "mindestens ein vollständiges
Canasta") can end the hand, and a meld on the way to a canasta is credited a share of the mixed
canasta bonus per card beyond three."""

from __future__ import annotations

from typing import Any

import pytest

import meldtable
from meldtable import search
from meldtable.bot import choose_move
from meldtable.search import _canasta_side_values


def _positions(seed: int) -> list[Any]:
    """Copies of the states of a Classic 4p hand (normal players) once a side holds a canasta."""
    g = meldtable.new_game("canasta-classic", players=4, seed=seed)
    out = []
    while not g.hand_over:
        st = g.state
        if any(st.canastas(s) for s in range(2)):
            out.append(st.copy())
        g.play(choose_move(g))
    return out


def _partials(state: Any, side: int) -> int:
    """Cards beyond three in the side's melds that are not canastas yet."""
    return sum(len(m.cards) - 3 for m in state.melds[side].values() if not m.canasta_kind and len(m.cards) >= 4)


def test_defaults_leave_the_estimate_as_it_was() -> None:
    assert search.GO_OUT_POINTS.get("canasta") is None
    assert search.PARTIAL_CANASTA.get("canasta") is None


def test_go_out_points_count_for_a_side_that_may_go_out(monkeypatch: pytest.MonkeyPatch) -> None:
    states = [s for seed in range(3) for s in _positions(seed)]
    assert states  # a side made a canasta in some hand
    needed = states[0].rules.canastas_to_go_out
    assert needed == 1  # Classic at four players: one canasta (seed 001)
    seen = 0
    for st in states:
        _, before = _canasta_side_values(st, 0)
        monkeypatch.setitem(search.GO_OUT_POINTS, "canasta", 250.0)
        _, after = _canasta_side_values(st, 0)
        monkeypatch.delitem(search.GO_OUT_POINTS, "canasta")
        for side in range(2):
            may = st.canastas(side) >= needed
            assert after[side] - before[side] == pytest.approx(250.0 if may else 0.0)
            seen += may
    assert seen > 0


def test_partial_canasta_share_sets_the_credit_of_unfinished_melds(monkeypatch: pytest.MonkeyPatch) -> None:
    states = [s for seed in range(3) for s in _positions(seed)]
    bonus = states[0].rules.mixed_canasta_bonus
    seen = 0
    for st in states:
        _, before = _canasta_side_values(st, 1)
        monkeypatch.setitem(search.PARTIAL_CANASTA, "canasta", 0.0)
        _, none = _canasta_side_values(st, 1)
        monkeypatch.setitem(search.PARTIAL_CANASTA, "canasta", 0.2)
        _, double = _canasta_side_values(st, 1)
        monkeypatch.delitem(search.PARTIAL_CANASTA, "canasta")
        for side in range(2):
            k = _partials(st, side)
            assert before[side] - none[side] == pytest.approx(0.1 * k * bonus)
            assert double[side] - none[side] == pytest.approx(0.2 * k * bonus)
            seen += k > 0
    assert seen > 0


def test_lay_first_drops_the_discards_only_when_the_normal_player_lays(monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    assert search.LAY_FIRST == frozenset()
    g = meldtable.new_game("canasta-classic", players=4, seed=1)
    laid = stopped = 0
    while not g.hand_over and laid < 3:
        seat = g.current_player
        assert seat is not None
        legal = g.legal_moves()
        normal = g.family.choose_move(g.view(seat), legal)
        cands = search.candidates(legal, normal, random.Random(0))
        assert search.lay_first("canasta", normal, cands) is cands  # off by default
        monkeypatch.setattr(search, "LAY_FIRST", frozenset({"canasta"}))
        kept = search.lay_first("canasta", normal, cands)
        monkeypatch.setattr(search, "LAY_FIRST", frozenset())
        if normal.kind in ("meld", "add") and any(m.kind == "discard" for m in cands):
            assert kept[0] == normal and kept == [m for m in cands if m.kind != "discard"]
            monkeypatch.setattr(search, "LAY_FIRST", frozenset({"canasta"}))
            kinds = {m.kind for m, _ in search.search(g, random.Random(1), budget_ms=None, iterations=2)}
            monkeypatch.setattr(search, "LAY_FIRST", frozenset())
            assert "discard" not in kinds
            laid += 1
        else:
            assert kept == cands
            stopped += normal.kind not in ("meld", "add")
        g.play(normal)
    assert laid == 3 and stopped > 0
