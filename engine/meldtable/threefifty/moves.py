"""3 ist 50's move values and their notation (docs/notation.md, "3 ist 50")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..cards import Card
from ..moves import MoveValue, move_words
from ..reasons import COMMON
from .reasons import REASONS
from .rules import _EXAMPLE, _TARGET_ALIASES, KINDS, TARGETS, Kind

# ---------------------------------------------------------------------- moves


@dataclass(frozen=True, repr=False)
class ThreeFiftyMove(MoveValue):
    """One move of 3 ist 50: ``kind`` ``"play"`` or ``"discard"``, the hand ``card``, and for
    ``play`` the ``target`` (one of :data:`TARGETS`) and, for target ``pile``, the ``pile`` seat.

    Canonical notation (docs/notation.md, "3 ist 50"): ``play 7H middle``, ``play 7H centre``,
    ``play 7H discard``, ``play 7H own``, ``play 7H pile 2``, ``discard 7H``;
    ``parse_move(str(m)) == m``.
    """

    kind: Kind
    card: Card
    target: str | None = None
    pile: int | None = None
    _text: str = field(default="", init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.kind == "discard":
            text = f"discard {self.card.text}"
        elif self.target == "pile":
            text = f"play {self.card.text} pile {self.pile}"
        else:
            text = f"play {self.card.text} {self.target}"
        object.__setattr__(self, "_text", text)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The hand cards the move uses (always one)."""
        return (self.card,)

    @property
    def rule(self) -> int:
        """The seed's rule this move applies, numbered as in the issue: 1 middle/centre/discard
        top, 2 own minus pile, 3 any minus pile, 4 discard pile."""
        if self.kind == "discard":
            return 4
        if self.target == "own":
            return 2
        if self.target == "pile":
            return 3
        return 1

    def to_json(self) -> dict[str, object]:
        """``{"text", "kind", "cards", "card", "target", "pile", "rule"}`` (``target`` is
        ``null`` for ``discard``, ``pile`` a seat only for target ``pile``)."""
        return {
            "text": self._text,
            "kind": self.kind,
            "cards": [self.card.text],
            "card": self.card.text,
            "target": self.target,
            "pile": self.pile,
            "rule": self.rule,
        }

    @staticmethod
    def parse(text: Any) -> ThreeFiftyMove:
        """Parse notation (case-insensitive; ``center`` is accepted for ``centre``). Raises
        :class:`NotationError` with the reason."""
        if isinstance(text, ThreeFiftyMove):
            return text
        kind, rest = move_words(text, KINDS, example=_EXAMPLE, empty=_EXAMPLE, known="play and discard")
        if kind == "discard":
            if len(rest) != 1:
                raise COMMON.notation("move_one_card", kind="discard", example="discard 7H")
            return ThreeFiftyMove("discard", Card.parse(rest[0]))
        if len(rest) < 2:
            raise REASONS.notation("play_shape")
        c = Card.parse(rest[0])
        target = rest[1].lower()
        target = _TARGET_ALIASES.get(target, target)
        if target not in TARGETS:
            raise REASONS.notation("play_shape")
        if target == "pile":
            if len(rest) != 3 or not (rest[2].isascii() and rest[2].isdigit()) or len(rest[2]) > 3:
                raise REASONS.notation("pile_seat")
            return ThreeFiftyMove("play", c, "pile", int(rest[2]))
        if len(rest) != 2:
            raise REASONS.notation("play_shape")
        return ThreeFiftyMove("play", c, target)


parse_move = ThreeFiftyMove.parse
