"""The page's actions turned into moves of 3 ist 50 (docs/rules/3-ist-50.md, "UI actions")."""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..fields import action_text, shown
from .moves import ThreeFiftyMove
from .reasons import REASONS
from .rules import _TARGET_ALIASES, TARGETS, Rules

# ---------------------------------------------------------------------- UI actions


def compose_action(g: Any, action: dict[str, Any]) -> list[ThreeFiftyMove]:
    """Turn one UI action into its move (docs/rules/3-ist-50.md, "UI actions"):

    * ``{"type": "play", "card": "7H", "target": "middle" | "centre" | "discard" | "own" |
      "pile:2"}`` (or ``"target": "pile", "pile": 2``). With the default ``capture_sources`` the
      targets ``centre`` and ``discard`` both mean ``middle``; with ``center_or_discard_top``,
      ``middle`` means the one source that matches. Without ``target`` the card's only legal play
      is used.
    * ``{"type": "discard", "card": "7H"}``; ``{"type": "move", "text": "play 7H own"}``.
    """
    kind = action.get("type")
    if kind == "move":
        return [ThreeFiftyMove.parse(action_text(action, "text"))]
    if kind not in ("play", "discard"):
        raise REASONS.notation("action_unknown", type=shown(kind))
    card_t = action_text(action, "card")
    c = Card.parse(card_t)
    if kind == "discard":
        return [ThreeFiftyMove("discard", c)]
    target = action.get("target")
    legal = [m for m in g.legal_moves() if m.kind == "play" and m.card is c]
    if target is None:
        return _only_play(g, c, legal)
    t, pile = _target(action, target)
    if t in ("middle", "centre", "discard"):
        rules: Rules = g.state.rules
        if rules.together:
            t = "middle"
        elif t == "middle":
            ones = [m for m in legal if m.target in ("centre", "discard")]
            if len(ones) == 1:
                return ones
            if len(ones) > 1:
                raise REASONS.error("choose_one_source", card=c.text)
            t = "centre"
    return [ThreeFiftyMove("play", c, t, pile)]


def _only_play(g: Any, c: Card, legal: list[ThreeFiftyMove]) -> list[ThreeFiftyMove]:
    """A play action without a target: the card's only legal play (``legal``), else the reason
    (not held, only a discard, or several plays to choose from)."""
    if len(legal) == 1:
        return legal
    if not legal:
        if g.state.hands[g.current_player].get(c, 0) == 0:
            raise REASONS.error("not_in_hand", card=c.text)
        raise REASONS.error("only_discard", card=c.text)
    raise REASONS.error("choose_play", card=c.text, moves=", ".join(f"'{m}'" for m in legal))


def _target(action: dict[str, Any], target: Any) -> tuple[str, int | None]:
    """A play action's target (``"middle"``, ``"own"``, ``"pile:2"``, an alias ...) and the minus
    pile's seat for ``pile`` targets (``"pile:2"``, or ``"pile"`` with ``"pile": 2``). Raises
    :class:`~meldtable.errors.NotationError`."""
    if not isinstance(target, str):
        raise REASONS.notation("target_shape")
    t = target.strip().lower()
    t = _TARGET_ALIASES.get(t, t)
    pile: int | None = None
    if t.startswith("pile"):
        rest = t[4:].lstrip(": ")
        if rest:
            if not (rest.isascii() and rest.isdigit()) or len(rest) > 3:
                raise REASONS.notation("target_pile_seat")
            pile = int(rest)
        else:
            p = action.get("pile")
            if isinstance(p, bool) or not isinstance(p, int):
                raise REASONS.notation("target_pile_seat")
            pile = p
        t = "pile"
    if t not in TARGETS:
        raise REASONS.notation("target_shape")
    return t, pile
