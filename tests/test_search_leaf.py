"""The strong player's leaf value (issue #27, ``meldtable.search.leaf_value``): in games won by the
lowest score (3 ist 50, Continental: seed 003 "Abrechnung", seed 002) a deal is won by beating the
best other seat, so the value blends the other seats' mean with their minimum by
``LEADER_WEIGHT``; weight 0 is the points margin of ``evaluate``."""

from __future__ import annotations

import pytest

import meldtable
from meldtable import search
from meldtable.bot import choose_move
from meldtable.search import evaluate, leaf_value
from played import played as _played


def test_leaf_value_of_a_finished_3ist50_game_is_the_distance_to_the_best_other_seat(
        monkeypatch: pytest.MonkeyPatch) -> None:
    g = _played("3-ist-50", 3, 4, 2000)
    assert g.hand_over
    t = [s["total"] for s in g.results[-1]["sides"]]
    monkeypatch.setitem(search.LEADER_WEIGHT, "threefifty", 1.0)
    for seat in range(3):
        others = [x for i, x in enumerate(t) if i != seat]
        assert leaf_value(g.state, "threefifty", seat, [0, 0, 0]) == min(others) - t[seat]
    monkeypatch.setitem(search.LEADER_WEIGHT, "threefifty", 0.5)
    others = [t[0], t[2]]
    assert leaf_value(g.state, "threefifty", 1, [0, 0, 0]) == 0.5 * sum(others) / 2 + 0.5 * min(others) - t[1]


@pytest.mark.parametrize("variant,family,players", [("3-ist-50", "threefifty", 3), ("continental", "continental", 3),
                                                    ("canasta-classic", "canasta", 4)])
def test_leaf_value_with_weight_zero_is_the_points_margin(monkeypatch: pytest.MonkeyPatch, variant: str, family: str,
                                                         players: int) -> None:
    g = _played(variant, players, 5, 25)
    assert not g.hand_over
    monkeypatch.setitem(search.LEADER_WEIGHT, family, 0.0)
    for seat in range(players):
        assert leaf_value(g.state, family, seat, [0] * players) == evaluate(g.state, family, seat, [0] * players)


def test_leaf_value_mid_game_counts_the_minus_piles_against_the_lowest_other_pile(
        monkeypatch: pytest.MonkeyPatch) -> None:
    g = _played("3-ist-50", 3, 6, 20)
    assert not g.hand_over
    st = g.state
    piles = [float(sum(st.rules.value(c) for c in pile)) for pile in st.piles]
    monkeypatch.setitem(search.LEADER_WEIGHT, "threefifty", 1.0)
    assert leaf_value(st, "threefifty", 0, [0, 0, 0]) == min(piles[1], piles[2]) - piles[0]


def test_contract_need_counts_the_cards_a_continental_contract_still_lacks() -> None:
    """Seed 002: a seat lays its deal's contract (sets of three, runs of four) down from its hand;
    ``contract_need`` is 0 exactly when the hand holds it (or the seat is down), else the fewest
    added jokers that make it hold it."""
    from meldtable.cards import JOKER
    from meldtable.continental.planner import Packer
    from meldtable.search import MAX_NEED, contract_need

    g = meldtable.new_game("continental", players=3, seed=5)
    seen: set[int] = set()
    while not g.hand_over and len(seen) < 4:
        st = g.state
        sets, runs = st.rules.contract(st.hand_number)
        for seat in range(3):
            need = contract_need(st, seat)
            assert 0 <= need <= MAX_NEED
            if st.down[seat]:
                assert need == 0
                continue
            hand = dict(st.hands[seat])
            holds = Packer(st.rules, hand).feasible((), sets, runs, 0)
            assert (need == 0) == holds
            if 0 < need < MAX_NEED:
                hand[JOKER] = hand.get(JOKER, 0) + need
                assert Packer(st.rules, hand).feasible((), sets, runs, 0)
            seen.add(need)
        g.play(choose_move(g))
    assert len(seen) >= 2


def test_win_scale_bounds_the_canasta_margin(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deal is won by the side with the higher hand score: with ``WIN_SCALE`` the leaf value is
    ``S * tanh(margin / S)``, the same sign as the margin, at most ``S`` in size."""
    import math

    g = _played("canasta-two-hand", 2, 4, 2000)
    assert g.hand_over
    margin = evaluate(g.state, "canasta", 0, [0, 0])
    assert abs(margin) > 100
    monkeypatch.setitem(search.WIN_SCALE, "canasta", 100.0)
    v = leaf_value(g.state, "canasta", 0, [0, 0])
    assert v == pytest.approx(100.0 * math.tanh(margin / 100.0))
    assert abs(v) < 100.0 and (v > 0) == (margin > 0)
    monkeypatch.delitem(search.WIN_SCALE, "canasta")
    assert leaf_value(g.state, "canasta", 0, [0, 0]) == margin
