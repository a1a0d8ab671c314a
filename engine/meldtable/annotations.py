"""What the engine tells the page about moves, so the page knows no rule (issue #26 item 2).

- :func:`explain`: the api op ``explain`` (docs/protocol.md, "explain"): whether a move in
  notation is legal now for the person's seat to act and, if not, the refusal ``act`` would give
  (key, params, texts in English and German), without changing the game.
- :func:`take_cards`: the canasta table's ``take_cards``, the hand cards the page sends with
  "Take pile" when the person selected none: the simplest legal take (fewest cards, then fewest
  wild cards), or, when no take is legal now, the cards a person would try (the natural cards of
  the top card's rank, with a wild card when only one is held, else two natural cards of another
  rank), whose refusal says why the pile cannot be taken.

The variant-level facts (``undo``, options' ``shown_when``) are in the ``hello`` descriptors
(:meth:`meldtable.options.Variant.describe`).
"""

from __future__ import annotations

from typing import Any

from .cards import Card
from .errors import IllegalMoveError
from .game import Game

TAKE_FAMILY = "canasta"
"""The family whose tables carry ``take_cards`` (the only one with a discard pile taken with hand
cards)."""


def explain(g: Game, text: str) -> dict[str, Any]:
    """The ``explain`` op's answer for notation ``text`` in game ``g`` (the seat to act, which the
    caller checked is the person's and that the hand is not over, as ``act`` does):
    ``{"move", "seat", "legal": true}`` or ``{"move", "seat", "legal": false, "key", "params",
    "texts": {"en", "de"}, "message"}`` with the reason :meth:`Game.play` refuses the move with
    (the family's reason catalogue, docs/reasons). The move is tried on a copy: ``g`` is not
    changed. Raises :class:`~meldtable.errors.NotationError` (``bad_request`` with a key) for
    malformed notation."""
    move = g.parse_move(text)
    seat = g.current_player
    try:
        g.copy().play(move)
    except IllegalMoveError as e:
        return {"move": text, "seat": seat, "legal": False, "key": e.key, "params": dict(e.params),
                "texts": dict(getattr(e, "texts", {}) or {}), "message": str(e)}
    return {"move": str(move), "seat": seat, "legal": True}


def take_cards(g: Game, legal: list[Any]) -> list[str] | None:
    """The cards (texts, hand order) the page sends with a ``take`` action when the person
    selected none (see the module text), for the canasta family only (``None`` for the others
    and when the hand is over). ``legal`` is ``g.legal_moves()`` for the seat to act (empty when
    not the person's turn). Seeds 000/001/004 'Aufnehmen des Ablagestapels': a natural pair of
    the top card's rank (or a natural card and a wild card where the options allow)."""
    if g.variant.family != TAKE_FAMILY or g.hand_over or g.current_player is None:
        return None
    from .canasta.values import THREE, is_wild  # the family's card facts, imported when asked

    takes = [m for m in legal if m.kind == "take"]
    if takes:
        if any(not m.cards for m in takes):
            return []
        best = min(takes, key=lambda m: (len(m.cards), sum(1 for c in m.cards if is_wild(c))))
        return [c.text for c in best.cards]
    view = g.view(g.current_player)
    top_text = (view.get("discard") or {}).get("top")
    if not top_text:
        return []
    top = Card.parse(top_text)
    hand = [Card.parse(t) for t in view.get("hand") or []]
    same = [c for c in hand if not is_wild(c) and c.rank == top.rank][:2]
    if len(same) == 2:
        return [c.text for c in same]
    wild = next((c for c in hand if is_wild(c)), None)
    if len(same) == 1 and wild is not None:
        return [same[0].text, wild.text]
    other = [c for c in hand if not is_wild(c) and c.rank != THREE]
    return [c.text for c in other[:2]] if len(other) >= 2 else []
