#!/usr/bin/env python3
"""Write the rule-option tables of docs/rules/<variant>.md from the engine's option catalogue, so
that the docs and the code cannot drift apart. Standard library only (it imports the engine from
``engine/``; no virtual environment needed).

    python3 tools/option_tables.py            rewrites the tables in docs/rules/*.md
    python3 tools/option_tables.py --check    exits 1 and names the files whose tables are stale

For every variant of ``meldtable.VARIANTS`` whose rules page holds the marker pair below (and for
every canasta preset, which must have it), the text between the markers is replaced by a table
made from ``VARIANTS[id].describe()``: one row per option (name, type, default, choices / range,
research row, source), in the catalogue's order. A variant with a layout table by player count
(``describe()["layout"]``, the canasta presets) also gets the layout table between its own marker
pair: one row per player count (and partnership choice) with the values of the options that
default to ``null``, the seats of each side as the engine seats them, and the row's source::

    <!-- generated:options begin -->  ...  <!-- generated:options end -->
    <!-- generated:layout begin -->   ...  <!-- generated:layout end -->

The text outside the markers is left alone. ``tests/test_option_docs.py`` fails when a page is not
what this script would write.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "rules"
COMMAND = "python3 tools/option_tables.py"
SECTIONS = ("options", "layout")
REQUIRED_FAMILIES = ("canasta",)
"""Families whose every variant must have a rules page with the generated tables."""

if str(ROOT / "engine") not in sys.path:  # run from a checkout without installing the wheel
    sys.path.insert(0, str(ROOT / "engine"))


def begin_marker(section: str) -> str:
    return f"<!-- generated:{section} begin -->"


def end_marker(section: str) -> str:
    return f"<!-- generated:{section} end -->"


def _cell(text: Any) -> str:
    """Markdown table cell text: one line, pipes escaped."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _code(value: Any) -> str:
    return f"`{json.dumps(value, ensure_ascii=False)}`"


def _default(o: dict[str, Any]) -> str:
    if o["default"] is None:
        return "`null` (layout)"
    return _code(o["default"])


def _allowed(o: dict[str, Any]) -> str:
    kind = o["kind"]
    if kind == "bool":
        text = "`true`, `false`"
    elif kind == "choice":
        text = ", ".join(f"`{c}`" for c in o["choices"])
    elif kind == "int":
        lo, hi = o.get("minimum"), o.get("maximum")
        text = f"{'' if lo is None else lo}..{'' if hi is None else hi}"
    elif kind == "table":
        text = "rows `[from_score, minimum]`: first row from 0, rising scores, minimums ≥ 0"
    else:  # pragma: no cover - Option.check knows no other kind
        raise ValueError(f"unknown option kind {kind!r}")
    if o.get("nullable"):
        text += "; `null` = the layout's value"
    return text


def options_table(variant_id: str) -> str:
    """The markdown option table of ``variant_id`` (one row per option, catalogue order)."""
    from meldtable import VARIANTS

    d = VARIANTS[variant_id].describe()
    lines = [
        "| name | type | default | choices / range | research row | source of the default |",
        "|---|---|---|---|---|---|",
    ]
    for o in d["options"]:
        lines.append("| " + " | ".join([
            f"`{o['name']}`", o["kind"], _default(o), _cell(_allowed(o)), o.get("row") or "—", _cell(o["source"]),
        ]) + " |")
    return "\n".join(lines)


def _seating(variant_id: str, players: int, options: dict[str, Any]) -> str:
    """The sides as the engine seats them (seat numbers in the order of play), and who sits out."""
    import meldtable

    g = meldtable.new_game(variant_id, players=players, seed=0, options=options or None)
    sides = [s["seats"] for s in g.view(0)["sides"]]
    if all(len(s) == 1 for s in sides):
        text = "each seat for itself"
    else:
        text = " / ".join(" ".join(str(x) for x in s) for s in sides)
    sitters = list(getattr(g.state.rules, "sitters", ()) or ())
    if sitters:
        text += f"; seats {', '.join(str(x) for x in sitters)} sit out one deal each, in turn"
    return text


def layout_table(variant_id: str) -> str | None:
    """The markdown layout table of ``variant_id`` (one row per player count and partnership
    choice), or ``None`` when the variant has no layout table. A player count with several rows
    names, for each row but its default one, the option value the row is for."""
    from meldtable import VARIANTS

    v = VARIANTS[variant_id]
    rows = v.describe().get("layout") or []
    if not rows:
        return None
    values = [k for k in rows[0] if k not in ("players", "source") and not k.startswith("with_")]
    header = ["players", *(f"`{k}`" for k in values), "sides (seats)", "source"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for r in rows:
        players = r["players"]
        given = {k[5:]: r[k] for k in r if k.startswith("with_") and r[k] is not None}
        default = v.with_layout(v.resolve({}), players)
        if any(default.get(k) != r[k] for k in values):
            where = f"{players}, with " + ", ".join(f"`{k}` = `{x}`" for k, x in given.items())
        else:
            where, given = str(players), {}
        cells = [where]
        cells += [f"`{r[k]}`" if isinstance(r[k], str) else str(r[k]) for k in values]
        cells.append(_seating(variant_id, players, given))
        cells.append(_cell(r["source"]))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def tables(variant_id: str) -> dict[str, str]:
    """Section name -> generated markdown for ``variant_id``."""
    out = {"options": options_table(variant_id)}
    lay = layout_table(variant_id)
    if lay is not None:
        out["layout"] = lay
    return out


def has_markers(text: str, section: str) -> bool:
    return begin_marker(section) in text or end_marker(section) in text


def update_text(text: str, variant_id: str, *, required: bool = False) -> str:
    """``text`` (a rules page) with the generated tables of ``variant_id`` between their markers.

    Raises ``ValueError`` when a marker pair is broken (one marker, two begins, end before begin),
    or, with ``required``, when a table the variant has no marker pair for."""
    for section, body in tables(variant_id).items():
        b, e = begin_marker(section), end_marker(section)
        if not has_markers(text, section):
            if required:
                raise ValueError(f"has no '{b}' ... '{e}' marker pair for the {section} table")
            continue
        if text.count(b) != 1 or text.count(e) != 1 or text.index(b) > text.index(e):
            raise ValueError(f"needs exactly one '{b}' followed by one '{e}'")
        head, rest = text.split(b, 1)
        _, tail = rest.split(e, 1)
        text = f"{head}{b}\n{body}\n{e}{tail}"
    return text


def targets(docs: Path = DOCS) -> list[tuple[str, Path, bool]]:
    """``(variant_id, page, required)`` for every variant whose rules page has generated tables
    (``required``: the variant's family must have them, see :data:`REQUIRED_FAMILIES`)."""
    from meldtable import VARIANTS

    out = []
    for vid, v in VARIANTS.items():
        page = docs / f"{vid}.md"
        required = v.family in REQUIRED_FAMILIES
        if required or (page.exists() and any(has_markers(page.read_text(encoding="utf-8"), s) for s in SECTIONS)):
            out.append((vid, page, required))
    return out


def stale(docs: Path = DOCS) -> list[str]:
    """Problems found, one line each (empty when every page is up to date)."""
    problems = []
    for vid, page, required in targets(docs):
        name = page.relative_to(docs.parents[1]) if page.is_relative_to(docs.parents[1]) else page
        if not page.exists():
            problems.append(f"{name}: missing (variant {vid} needs a rules page with the generated tables)")
            continue
        text = page.read_text(encoding="utf-8")
        try:
            new = update_text(text, vid, required=required)
        except ValueError as e:
            problems.append(f"{name}: {e}")
            continue
        if new != text:
            problems.append(f"{name}: the option tables differ from the catalogue")
    return problems


def write(docs: Path = DOCS) -> list[Path]:
    """Rewrite the generated tables; returns the pages that changed. Raises ``ValueError`` (and
    writes nothing) when a page is missing or has broken markers."""
    new_texts: list[tuple[Path, str]] = []
    for vid, page, required in targets(docs):
        if not page.exists():
            raise ValueError(f"{page}: missing (variant {vid} needs a rules page with the generated tables)")
        text = page.read_text(encoding="utf-8")
        try:
            new = update_text(text, vid, required=required)
        except ValueError as e:
            raise ValueError(f"{page}: {e}") from None
        if new != text:
            new_texts.append((page, new))
    for page, new in new_texts:
        page.write_text(new, encoding="utf-8")
    return [page for page, _ in new_texts]


def main(argv: Iterable[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only check; exit 1 if a page is stale")
    args = ap.parse_args(list(argv) if argv is not None else None)
    if args.check:
        problems = stale()
        for p in problems:
            print(p, file=sys.stderr)
        if problems:
            print(f"fix: {COMMAND}", file=sys.stderr)
            return 1
        print("option tables up to date")
        return 0
    try:
        changed = write()
    except ValueError as e:
        print(e, file=sys.stderr)
        return 1
    for path in changed:
        print(f"wrote {path.relative_to(ROOT)}")
    if not changed:
        print("option tables up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
