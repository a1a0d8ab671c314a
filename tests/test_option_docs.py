"""The rules pages (docs/rules/<variant>.md) cannot drift from the option catalogue
(engine/meldtable/canasta/catalogue.py, ``meldtable.VARIANTS``):

* the option and layout tables between the ``<!-- generated:... -->`` markers are exactly what
  ``tools/option_tables.py`` writes from the catalogue (fix: ``python3 tools/option_tables.py``);
* those tables, read back as text, list every option of the variant once with its default, and
  every layout row with the values a new game of that size really gets;
* every ``**Option** `name` = value`` line in the prose names an option of the variant and
  quotes its current default;
* the canasta pages map every research row C1-C33 to a place in the page.
"""
from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

import meldtable

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "rules"


def _load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("option_tables", ROOT / "tools" / "option_tables.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("option_tables", mod)
    spec.loader.exec_module(mod)
    return mod


T = _load_tool()
CANASTA = [vid for vid, v in meldtable.VARIANTS.items() if v.family == "canasta"]
FIX = f"run `{T.COMMAND}` to regenerate the option tables from the catalogue"


def page(vid: str) -> str:
    return (DOCS / f"{vid}.md").read_text(encoding="utf-8")


def section(text: str, name: str) -> str:
    b, e = T.begin_marker(name), T.end_marker(name)
    assert text.count(b) == 1 and text.count(e) == 1, f"one {b} ... {e} pair expected"
    return text.split(b, 1)[1].split(e, 1)[0]


def table_rows(block: str) -> list[list[str]]:
    """The body rows of the one markdown table in ``block``, as cell texts."""
    lines = [ln.strip() for ln in block.strip().splitlines() if ln.strip().startswith("|")]
    assert len(lines) >= 2 and set(lines[1]) <= set("|-")
    return [[c.strip() for c in re.split(r"(?<!\\)\|", ln)[1:-1]] for ln in lines[2:]]


def test_the_generated_tables_are_up_to_date() -> None:
    """Every page with generated tables (every canasta preset must have one) equals what the
    generator writes from the catalogue now."""
    problems = T.stale(DOCS)
    assert not problems, "\n".join(problems) + f"\n{FIX}"
    assert {vid for vid, _, _ in T.targets(DOCS)} >= set(CANASTA)


@pytest.mark.parametrize("vid", CANASTA)
def test_every_canasta_preset_has_both_tables(vid: str) -> None:
    text = page(vid)
    for name in T.SECTIONS:
        assert section(text, name).strip(), f"docs/rules/{vid}.md: empty {name} table; {FIX}"


@pytest.mark.parametrize("vid", CANASTA)
def test_option_table_lists_every_option_once_with_its_default(vid: str) -> None:
    """Read back from the page (independently of the generator): one row per option, in the
    catalogue's order, with the default as JSON (``null`` for "by layout")."""
    v = meldtable.VARIANTS[vid]
    rows = table_rows(section(page(vid), "options"))
    assert [r[0].strip("`") for r in rows] == list(v.options), FIX
    for r in rows:
        o = v.options[r[0].strip("`")]
        assert r[1] == o.kind, FIX
        shown = r[2].split("`")[1]
        want = o.describe()["default"]
        assert json.loads(shown) == want, f"{o.name}: page says {shown}, catalogue {want!r}; {FIX}"
        assert r[4] == (o.row or "—"), FIX
        assert r[5] == " ".join(o.source.split()).replace("|", "\\|"), FIX


@pytest.mark.parametrize("vid", CANASTA)
def test_layout_table_is_what_a_new_game_of_that_size_gets(vid: str) -> None:
    """Each layout row on the page, read back, is what ``new_game`` gives that many players
    (with the row's partnership choice): the effective options and the seats of each side."""
    v = meldtable.VARIANTS[vid]
    rows = table_rows(section(page(vid), "layout"))
    header = [ln for ln in section(page(vid), "layout").splitlines() if ln.startswith("|")][0]
    names = [c.strip().strip("`") for c in header.strip("|").split("|")]
    assert len(rows) == len(v.layout), FIX
    for cells in rows:
        row = dict(zip(names, cells))
        m = re.fullmatch(r"(\d+)(?:, with `(\w+)` = `(\w+)`)?", row["players"])
        assert m, row["players"]
        players = int(m.group(1))
        opts = {m.group(2): m.group(3)} if m.group(2) else {}
        g = meldtable.new_game(vid, players=players, seed=0, options=opts or None)
        for name in names[1:]:
            if name in v.options:
                assert row[name].strip("`") == str(g.options[name]), (players, opts, name, FIX)
        seats = " / ".join(" ".join(map(str, s["seats"])) for s in g.view(0)["sides"])
        assert row["sides (seats)"].startswith("each seat for itself" if players == len(g.view(0)["sides"]) else seats)


OPTION_LINE = re.compile(r"\*\*Option\*\* `(\w+)` = (`[^`]*`|[^\s(—]+)")


def _canonical(value: object) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value)


@pytest.mark.parametrize("vid", CANASTA)
def test_option_lines_in_the_prose_quote_the_current_defaults(vid: str) -> None:
    """``> **Option** `name` = default (...)`` lines name real options and their defaults (a
    ``null`` default is written `` `null` → value``)."""
    v = meldtable.VARIANTS[vid]
    text = page(vid)
    found = OPTION_LINE.findall(text)
    assert found, f"docs/rules/{vid}.md has no **Option** lines"
    for name, shown in found:
        if name == "name":  # the how-to-read example
            continue
        assert name in v.options, f"docs/rules/{vid}.md names an unknown option {name!r}"
        want = v.options[name].describe()["default"]
        assert shown.strip("`") == _canonical(want), (
            f"docs/rules/{vid}.md: **Option** `{name}` = {shown}, but the default is {_canonical(want)}")


@pytest.mark.parametrize("vid", CANASTA)
def test_research_rows_c1_to_c33_are_each_mapped_once(vid: str) -> None:
    """The page's research table maps every row C1-C33 of rules-and-prior-art.md section 2.1."""
    rows = re.findall(r"^\| (C\d+)\b", page(vid), flags=re.M)
    assert sorted(rows, key=lambda r: int(r[1:])) == [f"C{i}" for i in range(1, 34)]


# ---------------------------------------------------------------------------- the generator bites


def test_generator_replaces_stale_text_and_is_idempotent() -> None:
    vid = CANASTA[0]
    text = page(vid)
    stale = text.replace(section(text, "options"), "\n| old table |\n")
    assert T.update_text(stale, vid) == text
    assert T.update_text(text, vid) == text


def test_generator_reports_a_changed_default_and_broken_markers(tmp_path: Path) -> None:
    docs = tmp_path / "docs" / "rules"
    docs.mkdir(parents=True)
    for vid in CANASTA:
        (docs / f"{vid}.md").write_text(page(vid), encoding="utf-8")
    assert T.stale(docs) == []
    p = docs / f"{CANASTA[0]}.md"
    p.write_text(p.read_text(encoding="utf-8").replace("| `deals` | int | `4` |", "| `deals` | int | `5` |"), encoding="utf-8")
    assert T.stale(docs) == [f"docs/rules/{CANASTA[0]}.md: the option tables differ from the catalogue"]
    assert T.write(docs) == [p] and T.stale(docs) == []
    p.write_text(p.read_text(encoding="utf-8").replace(T.end_marker("layout"), ""), encoding="utf-8")
    (problem,) = T.stale(docs)
    assert "generated:layout" in problem
    p.unlink()
    assert any("missing" in x for x in T.stale(docs))
    with pytest.raises(ValueError):
        T.write(docs)


def test_check_command_exit_status(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert T.main(["--check"]) == 0
    monkeypatch.setattr(T, "stale", lambda docs=T.DOCS: ["docs/rules/x.md: the option tables differ from the catalogue"])
    assert T.main(["--check"]) == 1
    assert T.COMMAND in capsys.readouterr().err
