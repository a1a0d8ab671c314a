"""The page's actions turned into moves of 3 ist 50 (docs/rules/3-ist-50.md, "UI actions")."""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..errors import NotationError
from ..fields import action_text
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
        raise NotationError(f"Unknown action type {kind!r}: use play, discard or move.")
    card_t = action.get("card")
    if not isinstance(card_t, str):
        raise NotationError("The action needs 'card' as text, e.g. \"7H\".")
    c = Card.parse(card_t)
    if kind == "discard":
        return [ThreeFiftyMove("discard", c)]
    target = action.get("target")
    legal = [m for m in g.legal_moves() if m.kind == "play" and m.card is c]
    if target is None:
        if len(legal) == 1:
            return legal
        if not legal:
            if g.state.hands[g.current_player].get(c, 0) == 0:
                raise REASONS.error("not_in_hand", card=c.text)
            raise REASONS.error("only_discard", card=c.text)
        raise REASONS.error("choose_play", card=c.text, moves=", ".join(f"'{m}'" for m in legal))
    if not isinstance(target, str):
        raise NotationError("'target' must be text: middle, centre, discard, own or pile:<seat>.")
    t = target.strip().lower()
    t = _TARGET_ALIASES.get(t, t)
    pile: int | None = None
    if t.startswith("pile"):
        rest = t[4:].lstrip(": ")
        if rest:
            if not rest.isdigit() or len(rest) > 3:
                raise NotationError("'target' pile needs a seat, e.g. \"pile:2\".")
            pile = int(rest)
        else:
            p = action.get("pile")
            if isinstance(p, bool) or not isinstance(p, int):
                raise NotationError("'target' pile needs a seat, e.g. \"pile:2\".")
            pile = p
        t = "pile"
    if t not in TARGETS:
        raise NotationError("'target' must be middle, centre, discard, own or pile:<seat>.")
    rules: Rules = g.state.rules
    if t in ("middle", "centre", "discard"):
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
