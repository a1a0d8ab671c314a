"""The bench-only ``oracle`` level of bench/strength.py (issue #27): the strong player's search on
the true state of the deal, a yardstick for how much any search of that kind could win. Checked
here: it searches the real state (every iteration gives the same values, where determinized
iterations differ), the engine's search settings are restored after it, and the bench runs it
(smallest sample; no figure is checked: win shares belong in docs/performance.md)."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import meldtable
from meldtable import search

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import strength  # noqa: E402


def played(variant: str, seed: int, moves: int) -> meldtable.Game:
    """A game of 3 players after ``moves`` moves of the normal player (fewer if the hand ends)."""
    g = meldtable.new_game(variant, players=3, seed=seed)
    for _ in range(moves):
        if g.hand_over:
            break
        g.play(meldtable.bot.choose_move(g))
    return g


def searched(g: meldtable.Game, iterations: int) -> list[tuple[object, list[float | None]]]:
    """The strong player's values of the seat to act's candidates with ``iterations`` iterations."""
    return search.search(g, random.Random(1), budget_ms=None, iterations=iterations)


def test_the_oracle_searches_the_true_state() -> None:
    """On the true state each candidate's value is the same in every iteration (the playouts are
    deterministic), so ORACLE_ITERATIONS decide as more would; the fair search's determinizations
    give differing values for some candidate at the same position."""
    for variant, moves in (("3-ist-50", 7), ("continental", 4)):
        g = played(variant, 3, moves)
        assert not g.hand_over and len(g.legal_moves()) > 1, variant
        with strength.oracle_search():
            true_values = searched(g, 4)
        assert len(true_values) > 1, variant
        for move, vals in true_values:
            assert len(vals) == 4 and None not in vals and len(set(vals)) == 1, (variant, move, vals)
        if variant == "3-ist-50":
            fair = searched(g, 4)
            assert any(len(set(vals)) > 1 for _, vals in fair), fair


def test_the_engine_settings_are_restored() -> None:
    """The oracle changes the search module only inside its block, also when the block fails."""
    names = [n for n in strength.SKIP_SEARCH if hasattr(search, n)]
    assert "NORMAL_ONLY" in names
    det, skip = search.determinize_state, {n: getattr(search, n) for n in names}
    g = played("3-ist-50", 5, 3)
    move = strength.oracle_move(g, random.Random(2), 6)
    assert move in g.legal_moves()
    assert search.determinize_state is det and all(getattr(search, n) is v for n, v in skip.items())
    try:
        with strength.oracle_search():
            assert all(getattr(search, n) == frozenset() for n in names)
            raise KeyError("inside")
    except KeyError:
        pass
    assert search.determinize_state is det and all(getattr(search, n) is v for n, v in skip.items())


def test_the_oracle_sees_what_the_fair_player_cannot() -> None:
    """The oracle's values depend on the hidden cards: dealing another seat's hand differently
    (a determinization standing in as the true state) changes them."""
    g = played("3-ist-50", 11, 7)
    seat = g.current_player
    assert seat is not None
    with strength.oracle_search():
        real = [vals[0] for _, vals in searched(g, 2)]
    other = search.determinize(g, seat, random.Random(99))
    with strength.oracle_search():
        dealt = [vals[0] for _, vals in searched(other, 2)]
    assert real != dealt, (real, dealt)


def test_strength_bench_runs_the_oracle(capsys: pytest.CaptureFixture[str]) -> None:
    """``--pairs oracle:normal`` runs (one deal) and names the oracle in the header and the row."""
    assert strength.main(["--games", "3ist50-3", "--pairs", "oracle:normal", "--deals", "1"]) == 0
    out = capsys.readouterr().out
    assert f"oracle (true state) with {strength.ORACLE_ITERATIONS}" in out, out
    assert "| 3ist50-3 | oracle vs normal | 1 |" in out, out
