"""Continental's move values and their notation (docs/notation.md, "Continental")."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal, get_args

from ..cards import Card, parse_cards
from ..moves import MoveValue, move_words
from ..reasons import COMMON
from .reasons import REASONS
from .rules import RUN, RUN_SIZE, SET, SET_SIZE, card_key

Kind = Literal["draw", "take", "claim", "pass", "set", "run", "add", "swap", "discard"]
"""A continental move's kind, as a type: mypy refuses a comparison of a move's ``kind`` with any
other text."""
KINDS: tuple[Kind, ...] = get_args(Kind)
"""Move kinds of Continental (docs/notation.md, "Continental")."""
_NO_CARDS: tuple[Kind, ...] = ("draw", "take", "claim", "pass")
End = Literal["low", "high"]
"""The end of a run an ``add`` lays its card at, as a type."""
ENDS: tuple[End, ...] = get_args(End)
_KINDS_TEXT = ", ".join(KINDS)
_TARGET_RE = re.compile(r"^(\d{1,2})\.(\d{1,3})$")


@dataclass(frozen=True, repr=False)
class ContinentalMove(MoveValue):
    """One move of the continental family (notation: docs/notation.md, "Continental").

    ``kind``: one of :data:`KINDS`; ``cards``: the hand cards it uses (a ``set`` in canonical
    order, a ``run`` from its low end to its high end with each joker where it stands);
    ``target``: the combination id ``"seat.k"`` (``add``, ``swap``); ``end``: ``"low"`` or
    ``"high"`` for an ``add`` to a run. ``str(m)`` is the canonical text and
    ``ContinentalMove.parse(str(m)) == m``.
    """

    kind: Kind
    cards: tuple[Card, ...] = ()
    target: str | None = None
    end: End | None = None
    _text: str = field(default="", init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.kind == SET and len(self.cards) > 1:
            ordered = tuple(sorted(self.cards, key=card_key))
            if ordered != self.cards:
                object.__setattr__(self, "cards", ordered)
        parts: list[str] = [self.kind]
        if self.target is not None:
            parts.append(self.target)
        parts.extend(c.text for c in self.cards)
        if self.end is not None:
            parts.append(self.end)
        object.__setattr__(self, "_text", " ".join(parts))

    def to_json(self) -> dict[str, object]:
        """``{"text", "kind", "cards", "target", "end"}``."""
        return {
            "text": self._text,
            "kind": self.kind,
            "cards": [c.text for c in self.cards],
            "target": self.target,
            "end": self.end,
        }

    @staticmethod
    def parse(text: str) -> ContinentalMove:
        """Parse notation such as ``draw``, ``claim``, ``set 7C 7D JK``, ``run 5H JK 7H 8H``,
        ``add 1.2 9H high``, ``add 0.1 7S``, ``swap 1.2 6H``, ``discard 4C``.

        Raises :class:`~meldtable.errors.NotationError` with the reason."""
        if isinstance(text, ContinentalMove):
            return text
        kind, rest = move_words(text, KINDS, example="'discard 4C'", empty="'draw' or 'discard 4C'", known=_KINDS_TEXT)
        if kind in _NO_CARDS:
            if rest:
                raise COMMON.notation("move_nothing_after", kind=kind)
            return ContinentalMove(kind)
        target = end = None
        if kind in ("add", "swap"):
            target, end, rest = _target_words(kind, rest)
        cards = tuple(parse_cards(rest))
        if kind == "discard" and len(cards) != 1:
            raise COMMON.notation("move_one_card", kind="discard", example="discard 4C")
        if kind == SET and len(cards) < SET_SIZE:
            raise REASONS.notation("set_cards")
        if kind == RUN and len(cards) < RUN_SIZE:
            raise REASONS.notation("run_cards")
        return ContinentalMove(kind, cards, target, end)


def _target_words(kind: str, rest: list[str]) -> tuple[str, End | None, list[str]]:
    """The words after ``add`` or ``swap``: the combination id (``seat.k``), the card, and for
    ``add`` an optional end (``low``/``high``). Returns the id, the end (or ``None``) and the card
    word. Raises :class:`~meldtable.errors.NotationError`."""
    if not rest:
        raise REASONS.notation("combo_and_card", kind=kind)
    m = _TARGET_RE.match(rest[0])
    if not m:
        shown = rest[0] if len(rest[0]) <= 12 else rest[0][:12] + "..."
        raise REASONS.notation("combo_first", kind=kind, word=shown)
    seat, k = int(m.group(1)), int(m.group(2))
    if k < 1:
        raise REASONS.notation("combo_number")
    target = f"{seat}.{k}"
    rest = rest[1:]
    word = rest[-1].lower() if rest else ""
    end: End | None = None
    if kind == "add" and word in ENDS:
        end = word
        rest = rest[:-1]
    if len(rest) != 1:
        raise COMMON.notation("move_one_card", kind=kind, example=f"{kind} 1.2 7H")
    return target, end, rest


parse_move = ContinentalMove.parse
