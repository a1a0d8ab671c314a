"""Rule options as validated data: each option has a type, allowed values, a default per variant and
a source (which seed sentence or reference it implements).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError
from .fields import shown
from .reasons import COMMON

INT_LIMIT = 1_000_000
"""Largest absolute value of an ``"int"`` option (those without a tighter ``maximum``: bonuses,
target scores), so that every score of a match stays a small whole number."""
TABLE_ROWS = 50
"""Most rows of a ``"table"`` option."""
TABLE_LIMIT = INT_LIMIT
"""Largest absolute value in a ``"table"`` option (scores and minimums)."""
SEATING_OPTION = "partnerships"
"""The option that chooses who plays together (the partnership: each seat for itself, two or
three sides), in every variant that has one; variants without it seat everyone for themselves."""


@dataclass(frozen=True)
class Option:
    """One rule option.

    ``kind`` is ``"bool"``, ``"int"``, ``"choice"`` or ``"table"`` (a tuple of ``(from_score,
    minimum)`` int pairs, at most :data:`TABLE_ROWS` rows within +-:data:`TABLE_LIMIT`).
    ``choices`` lists the allowed values of a ``"choice"``; ``minimum``/``maximum`` bound an
    ``"int"`` (every ``"int"`` is within +-:data:`INT_LIMIT`). ``source`` names the seed rule or
    reference the default comes from; ``doc`` says what it does.
    ``nullable`` options also take ``None`` (JSON ``null``): "as the variant's layout table says for
    the player count" (canasta presets). ``row`` names the research row (``shared/research/
    rules-and-prior-art.md`` section 2) the option answers, or is empty.
    ``shown_when`` is ``(option, value)`` when the option matters only while another option of
    the variant has that value (``target_score`` only with ``match_end`` = ``"target"``): the
    page shows it only then (docs/protocol.md, "hello"); ``None`` = always. :class:`Variant`
    checks that ``option`` exists and accepts ``value`` (``ValueError`` otherwise).
    """

    name: str
    kind: str
    default: Any
    source: str
    doc: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False
    row: str = ""
    shown_when: tuple[str, Any] | None = None

    def check(self, value: Any) -> Any:
        """Return ``value`` normalised, or raise :class:`OptionError` saying what is wrong: a
        dispatcher to one check per option kind."""
        if value is None and self.nullable:
            return None
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise OptionError.of(COMMON, "option_bool", {"name": self.name, "value": shown(value)})
            return value
        if self.kind == "int":
            return self._check_int(value)
        if self.kind == "choice":
            if value not in self.choices:
                raise OptionError.of(COMMON, "option_choice", {"name": self.name, "choices": ", ".join(self.choices),
                                                               "value": shown(value)})
            return value
        if self.kind == "table":
            return self._check_table(value)
        raise AssertionError(self.kind)  # pragma: no cover

    def _check_int(self, value: Any) -> int:
        """A whole number within the option's own bounds (``decks`` at most 4, not "1,000,000"),
        then within :data:`INT_LIMIT`."""
        n = self.name
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError.of(COMMON, "option_int", {"name": n, "value": shown(value)})
        if self.minimum is not None and value < self.minimum:
            raise OptionError.of(COMMON, "option_min", {"name": n, "minimum": self.minimum, "value": shown(value)})
        if self.maximum is not None and value > self.maximum:
            raise OptionError.of(COMMON, "option_max", {"name": n, "maximum": self.maximum, "value": shown(value)})
        if not -INT_LIMIT <= value <= INT_LIMIT:
            raise OptionError.of(COMMON, "option_range", {"name": n, "minimum": max(-INT_LIMIT, self.minimum or -INT_LIMIT),
                                                          "maximum": min(INT_LIMIT, self.maximum or INT_LIMIT),
                                                          "value": shown(value)})
        return value

    def _check_table(self, value: Any) -> tuple[tuple[int, int], ...]:
        """A table of (threshold, value) rows: at most :data:`TABLE_ROWS` pairs of whole numbers
        within :data:`TABLE_LIMIT`, the first threshold 0, thresholds rising, no negative value."""
        n = self.name
        if (not isinstance(value, (list, tuple)) or len(value) > TABLE_ROWS
                or any(not isinstance(row, (list, tuple)) or len(row) != 2 for row in value)):
            raise OptionError.of(COMMON, "option_table_shape", {"name": n, "rows": TABLE_ROWS,
                                                                "value": shown(value, 80)})
        if any(isinstance(x, bool) or not isinstance(x, int) or not -TABLE_LIMIT <= x <= TABLE_LIMIT
               for row in value for x in row):
            raise OptionError.of(COMMON, "option_table_values", {"name": n, "minimum": -TABLE_LIMIT,
                                                                 "maximum": TABLE_LIMIT})
        rows = tuple((a, b) for a, b in value)
        if not rows or rows[0][0] != 0 or any(a >= b for (a, _), (b, _) in zip(rows, rows[1:])):
            raise OptionError.of(COMMON, "option_table_order", {"name": n})
        if any(m < 0 for _, m in rows):
            raise OptionError.of(COMMON, "option_table_negative", {"name": n})
        return rows

    def describe(self) -> dict[str, Any]:
        """JSON-ready description (for ``VARIANTS`` listings and the page)."""
        d: dict[str, Any] = {
            "name": self.name,
            "kind": self.kind,
            "default": [list(r) for r in self.default] if self.kind == "table" and self.default is not None else self.default,
            "source": self.source,
            "doc": self.doc,
        }
        if self.choices:
            d["choices"] = list(self.choices)
        if self.minimum is not None:
            d["minimum"] = self.minimum
        if self.maximum is not None:
            d["maximum"] = self.maximum
        if self.nullable:
            d["nullable"] = True
        if self.row:
            d["row"] = self.row
        if self.shown_when is not None:
            d["shown_when"] = {"option": self.shown_when[0], "value": self.shown_when[1]}
        return d


@dataclass(frozen=True)
class Variant:
    """A playable game: ``id`` (e.g. ``"canasta-two-hand"``), display ``name``, ``seed_file`` (its
    rule text in ``shared/seeds``), allowed ``players`` counts, its ``family`` module name and its
    ``options`` (name -> :class:`Option` with this variant's defaults)."""

    id: str
    name: str
    seed_file: str
    family: str
    players: tuple[int, ...]
    options: Mapping[str, Option] = field(default_factory=dict)
    layout: tuple[Mapping[str, Any], ...] = ()
    """Per player count, the values of the ``nullable`` options (``None`` = "by layout"), each row
    with its ``source``; empty for variants without such options."""
    usual_players: int | None = None
    """The player count a new game of this variant starts with when nobody chooses one (the
    page's new-game dialog), one of ``players``; ``None`` = the smallest. Its reason is
    :attr:`usual_players_source`."""
    usual_players_source: str = ""
    """Where :attr:`usual_players` comes from (a seed sentence or "app policy")."""

    def __post_init__(self) -> None:
        if self.usual_players is not None and self.usual_players not in self.players:
            raise ValueError(f"{self.id}: usual_players {self.usual_players} is not among {self.players}")
        for opt in self.options.values():
            if opt.shown_when is None:
                continue
            name, value = opt.shown_when
            other = self.options.get(name)
            if other is None or name == opt.name:
                raise ValueError(f"{self.id}: option {opt.name} is shown when {name!r}, not another option of the variant")
            try:
                other.check(value)
            except OptionError:
                raise ValueError(f"{self.id}: option {opt.name} is shown when {name} = {value!r}, "
                                 f"a value {name} does not take") from None

    def resolve(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Return the full option dict: defaults overridden by ``given``.

        Raises :class:`OptionError` for an unknown name or a bad value; nothing is silently replaced.
        """
        if given is None:
            given = {}
        if not isinstance(given, Mapping):
            raise OptionError.of(COMMON, "options_not_object")
        unknown = sorted(k for k in given if k not in self.options)
        if unknown:
            raise OptionError.of(COMMON, "option_unknown", {"name": unknown[0][:40], "variant": self.id,
                                                            "known": ", ".join(sorted(self.options))})
        out = {}
        for name, opt in self.options.items():
            out[name] = opt.check(given[name]) if name in given else opt.check(opt.default)
        return out

    def with_layout(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        """``options`` (as :meth:`resolve` returns them) with every ``None`` of a ``nullable``
        option replaced by the value of this variant's layout row for ``players`` seats. A row
        with a ``with_<name>`` entry applies only when option ``<name>`` has that value (or is
        ``None``, the row then being the player count's default only if no plain row exists).
        Raises :class:`OptionError` when the variant has no row for that many players."""
        if not self.layout:
            return dict(options)
        rows = [r for r in self.layout if r["players"] == players]

        def fits(row: Mapping[str, Any], exact: bool) -> bool:
            for key, want in row.items():
                if key.startswith("with_") and want is not None:
                    have = options.get(key[5:])
                    if have != want and (exact or have is not None):
                        return False
            return True

        row = next((r for r in rows if fits(r, True)), None) or next((r for r in rows if fits(r, False)), None)
        if row is None:
            if rows:  # rows for this many players, but each for another value of an option
                wants = sorted({(k[5:], str(r[k])) for r in rows for k in r if k.startswith("with_") and r[k] is not None})
                name = min(k for k, _ in wants)
                raise OptionError.of(COMMON, "option_layout_choice", {
                    "variant": self.short_name, "players": players, "name": name,
                    "choices": [v for k, v in wants if k == name], "value": shown(options.get(name))})
            raise OptionError.of(COMMON, "option_layout_missing", {"variant": self.short_name, "players": players})
        out = dict(options)
        for name, opt in self.options.items():
            if opt.nullable and out.get(name) is None:
                if name not in row:
                    raise OptionError.of(COMMON, "option_layout_value", {"name": name, "players": players})
                out[name] = row[name]
        return out

    @property
    def short_name(self) -> str:
        """The name without its parenthesis (``"Classic Canasta"``), for sentences in any language."""
        return self.name.split(" (", 1)[0]

    def seatings(self) -> list[dict[str, Any]]:
        """Per player count, the seatings (values of :data:`SEATING_OPTION`) a new game accepts:
        ``[{"players": n, "choices": [value, ...], "default": value}]`` in the order of
        ``players``, ``choices`` in the option's order, ``default`` the seating a game gets when
        none is chosen (the layout row's for ``n``). A value is listed exactly when
        :func:`meldtable.new_game` accepts it at ``n`` with the other options at their
        defaults: the variant's layout (:meth:`with_layout`) and the family's ``Rules`` decide
        (seats it cannot seat, too few cards for the hands). Variants without the option list
        ``"choices": []`` and ``"default": None`` (everyone plays for themselves). Seed sources:
        those of the layout rows (e.g. seed 001 'Zu sechst spielen entweder zwei oder drei
        Parteien')."""
        opt = self.options.get(SEATING_OPTION)
        if opt is None:
            return [{"players": n, "choices": [], "default": None} for n in self.players]
        import importlib  # the family decides: only its rules room (`<family>/rules.py`, every
        # family has one), imported when first asked: hello must not import the whole family

        rules = importlib.import_module(f"meldtable.{self.family}.rules").Rules
        out = []
        for n in self.players:
            accepted = []
            for value in opt.choices:
                try:
                    rules(self.with_layout(self.resolve({SEATING_OPTION: value}), n), n)
                except OptionError:
                    continue
                accepted.append(value)
            default = self.with_layout(self.resolve(None), n)[SEATING_OPTION]
            out.append({"players": n, "choices": accepted, "default": default})
        return out

    @property
    def undo(self) -> bool:
        """Whether a player can take back moves in this variant at all: its family declares
        undoable move kinds (the family module's ``UNDOABLE``, :mod:`meldtable.undo`; 3 ist 50:
        none)."""
        from .undo import UNDOABLE  # the family decides; imported when first asked

        return bool(UNDOABLE.get(self.family))

    def describe(self) -> dict[str, Any]:
        """JSON-ready description of the variant and its options; ``seatings`` as
        :meth:`seatings`, ``undo`` as :attr:`undo` (docs/protocol.md, "hello")."""
        return {
            "id": self.id,
            "name": self.name,
            "seed_file": self.seed_file,
            "family": self.family,
            "players": list(self.players),
            "usual_players": self.usual_players if self.usual_players is not None else self.players[0],
            "usual_players_source": self.usual_players_source,
            "options": [o.describe() for o in self.options.values()],
            "seatings": self.seatings(),
            **({"layout": [dict(r) for r in self.layout]} if self.layout else {}),
        }
