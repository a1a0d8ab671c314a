"""The suite collects as one: pytest imports test modules by their base name (no packages under
tests/), so two test modules with the same name in different folders stop the whole run at
collection ("import file mismatch"; it happened with tests/test_hint.py and
tests/browser/test_hint.py)."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_no_two_test_modules_share_a_name() -> None:
    names = Counter(p.name for p in TESTS.rglob("test_*.py"))
    assert len(names) > 50  # the suite is there
    assert [n for n, k in names.items() if k > 1] == []
