"""Issue #26 item 2: the page's move log reads the engine's structure, never move notation.

The log's sentences are worded from each entry's `move` (the engine's own JSON of the move, the
table's `moves`, web/session.js) and the table's events; the canasta cut and red threes come from
the events (`cut`, `cut_none`, `red_three`), not from differences between two views. This scans
the log code of web/ for the old ways: notation text split into words (`text.split(...)`,
`parts[0]`), card texts recognised by a pattern, moveSentence given notation, and
redThreeEntries/cutEntries comparing the table before with the table after.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "web"

LOG_FILES = sorted(WEB.glob("games/*/log.js")) + [WEB / "session.js", WEB / "embed.js"]

# notation split into words: `String(e.text || "").split(/\s+/)`, `entry.text.split(" ")`,
# `parts[1]` of such a split
SPLIT_TEXT = re.compile(r"\btext\b[^;\n]*\.split\(|\bparts\[\d\]|\bparts\.slice\(")
CARD_PATTERN = re.compile(r"\[A2-9TJQK\]|\bisCard\b|CARD_RE")


def function_body(source: str, name: str) -> str:
    """The text of JavaScript function `name` (from `function name(` to its closing brace)."""
    start = source.index(f"function {name}(")
    depth = 0
    for i in range(source.index(") {", start) + 2, len(source)):  # (the body's brace, not a default's {})
        depth += {"{": 1, "}": -1}.get(source[i], 0)
        if depth == 0:
            return source[start:i + 1]
    raise AssertionError(f"function {name} has no end")


def code_lines(text: str) -> list[str]:
    """The lines of `text` without `//` comments (a comment may name notation)."""
    return [line.split("//")[0] for line in text.splitlines()]


@pytest.mark.parametrize("path", LOG_FILES, ids=lambda p: str(p.relative_to(WEB)))
def test_log_code_splits_no_move_text(path: Path) -> None:
    found = [line.strip() for line in code_lines(path.read_text()) if SPLIT_TEXT.search(line)]
    assert found == [], f"{path.name} reads move notation: {found}"


def test_move_sentence_is_worded_from_the_move_not_from_notation() -> None:
    source = (WEB / "i18n.js").read_text()
    body = "\n".join(code_lines(function_body(source, "moveSentence")))
    assert ".split(" not in body and not CARD_PATTERN.search(body), "moveSentence parses notation"
    assert "e.move" in body and "m.kind" in body  # worded from the engine's move JSON
    assert not CARD_PATTERN.search("\n".join(code_lines(source))), "i18n.js recognises card texts by pattern"


def test_callers_give_move_sentence_entries_not_notation() -> None:
    for path in LOG_FILES:
        calls = re.findall(r"moveSentence\(([^,)]*)", "\n".join(code_lines(path.read_text())))
        assert all(".text" not in first for first in calls), (path.name, calls)


def test_canasta_red_threes_and_cut_come_from_the_engines_events() -> None:
    source = (WEB / "games/canasta/table.js").read_text()
    for name in ("redThreeEntries", "cutEntries"):
        body = "\n".join(code_lines(function_body(source, name)))
        assert "prev" not in body, f"{name} compares the table before with the table after"
        assert ".events" in body and "view" not in body, f"{name} does not read the engine's events"
    assert re.search(r"cutEntries\(next\)", source) and re.search(r"redThreeEntries\(next\)", source)
