"""The examples of docs/notation.md and docs/protocol.md run as tests (issue #14: "the docs match the
code"): every notation in the move tables parses to itself, every row of the error tables gives
exactly the message shown, every "read as" row is read as shown (or refused with the message
shown), every ``to_json()`` example is what the move gives, and every request of the protocol's
examples gets an answer that contains what the page is shown to get.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from meldtable import Move, NotationError, api
from meldtable.continental import ContinentalMove
from meldtable.moves import MoveValue
from meldtable.threefifty import ThreeFiftyMove

DOCS = Path(__file__).resolve().parent.parent / "docs"
Parser = Callable[[str], MoveValue]
"""A family's move parser (notation text -> its move)."""
PARSERS: dict[str, Parser] = {"Moves": Move.parse, "3 ist 50": ThreeFiftyMove.parse, "Continental": ContinentalMove.parse}


def sections(path: Path) -> list[tuple[str, list[str]]]:
    """``(## heading, lines)`` of a markdown file."""
    out: list[tuple[str, list[str]]] = [("", [])]
    for line in path.read_text().splitlines():
        if line.startswith("## "):
            out.append((line[3:].strip(), []))
        else:
            out[-1][1].append(line)
    return out


def tables(lines: list[str]) -> list[tuple[list[str], list[list[str]]]]:
    """Every table of ``lines``: its header cells and its rows' cells."""
    out = []
    i = 0
    while i < len(lines):
        if lines[i].startswith("|") and i + 1 < len(lines) and lines[i + 1].startswith("|---"):
            head = [c.strip() for c in lines[i].strip("|").split("|")]
            rows = []
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append([c.strip() for c in re.split(r"(?<!\\)\|", lines[i].strip().strip("|"))])
                i += 1
            out.append((head, rows))
        else:
            i += 1
    return out


def code_spans(cell: str) -> list[str]:
    return re.findall(r"`([^`]*)`", cell)


def notation_cases(kind: str) -> list[tuple[str, Parser, str, str]]:
    """``(section, parser, cell a, cell b)`` of the tables with header ``kind`` in notation.md."""
    out: list[tuple[str, Parser, str, str]] = []
    for title, lines in sections(DOCS / "notation.md"):
        if title not in PARSERS:
            continue
        for head, rows in tables(lines):
            if head[0] == kind:
                out.extend((title, PARSERS[title], row[0], row[1]) for row in rows)
    return out


@pytest.mark.parametrize("section,parse,cell,meaning", notation_cases("notation"))
def test_every_move_in_the_notation_tables_is_canonical(section: str, parse: Parser, cell: str, meaning: str) -> None:
    for text in code_spans(cell):
        assert str(parse(text)) == text, (section, text)
        assert parse(str(parse(text))) == parse(text)


@pytest.mark.parametrize("section,parse,cell,message", notation_cases("input"))
def test_every_row_of_the_error_tables_gives_its_message(section: str, parse: Parser, cell: str, message: str) -> None:
    inputs: list[object] = [c for c in code_spans(cell)] if "non-string" not in cell else [5]
    inputs = ["" if x == '""' else x for x in inputs]
    expected = code_spans(message)
    assert inputs and len(expected) == 1, (cell, message)
    for text in inputs:
        with pytest.raises(NotationError) as e:
            parse(text)  # type: ignore[arg-type]  # the tables' "non-string" row passes 5
        assert str(e.value) == expected[0], (section, text)


@pytest.mark.parametrize("section,parse,cell,read_as", notation_cases("written"))
def test_spaces_and_commas(section: str, parse: Parser, cell: str, read_as: str) -> None:
    (text,) = code_spans(cell)
    if read_as.startswith("refused"):
        (message,) = code_spans(read_as)
        with pytest.raises(NotationError) as e:
            parse(text)
        assert str(e.value) == message
    else:
        assert str(parse(text)) == code_spans(read_as)[0]


def json_examples() -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    for title, lines in sections(DOCS / "notation.md"):
        text = "\n".join(lines)
        for block in re.findall(r"```json\n(.*?)```", text, re.S):
            for line in block.strip().splitlines():
                out.append((title, json.loads(line)))
    return out


@pytest.mark.parametrize("section,example", json_examples())
def test_json_forms_of_moves(section: str, example: dict[str, Any]) -> None:
    assert PARSERS[section](example["text"]).to_json() == example


# ---------------------------------------------------------------------- protocol.md


def protocol_examples() -> list[tuple[str, list[tuple[dict[str, Any], dict[str, Any]]]]]:
    """The example sessions of docs/protocol.md: ``→`` request lines, each followed by a ``←``
    answer line (what the answer contains)."""
    text = (DOCS / "protocol.md").read_text()
    out = []
    for name, block in re.findall(r"<!-- example: ([a-z0-9-]+) -->\n```\n(.*?)```", text, re.S):
        pairs = []
        req = None
        for line in block.splitlines():
            if line.startswith("→ "):
                req = json.loads(line[2:])
            elif line.startswith("← "):
                assert req is not None
                pairs.append((req, json.loads(line[2:])))
                req = None
        out.append((name, pairs))
    return out


def contains(actual: object, shown: object, where: str = "") -> None:
    """``actual`` holds everything ``shown`` holds: objects by key (more keys allowed), lists and
    values equal."""
    if isinstance(shown, dict):
        assert isinstance(actual, dict), where
        for k, v in shown.items():
            assert k in actual, f"{where}.{k} missing"
            contains(actual[k], v, f"{where}.{k}")
    else:
        assert actual == shown, f"{where}: {actual!r} != {shown!r}"


def test_the_protocol_has_examples() -> None:
    assert len(protocol_examples()) >= 3


@pytest.mark.parametrize("name,pairs", protocol_examples())
def test_protocol_examples(name: str, pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> None:
    s = api.Session()
    assert pairs
    for req, shown in pairs:
        answer = json.loads(api.handle(json.dumps(req), s))
        contains(answer, shown, f"{name} {req.get('op')}")
