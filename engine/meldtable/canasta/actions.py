"""The page's actions turned into moves (docs/protocol.md, "action"): one click of the page may
be several moves (a meld of five cards is a 3-card meld and two adds)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..cards import Card, parse_cards
from ..errors import IllegalMoveError, NotationError
from ..fields import action_cards, action_text, shown
from .moves import Move, card_order, parse_meld_key
from .reasons import REASONS

_text_field = action_text

def _cards(action: dict[str, Any], name: str = "cards") -> list[Card]:
    return action_cards(action, name, required=False)


def compose_action(g: Any, action: dict[str, Any]) -> list[Move]:
    """Turn one UI action into the moves that carry it out (docs/protocol.md, "action").
    Raises :class:`IllegalMoveError` at once (before any move is built) when the action names more
    copies of a card than the hand of the seat to act holds."""
    kind = action.get("type")
    if kind == "draw":
        return [Move("draw")]
    if kind == "move":
        return [Move.parse(_text_field(action, "text"))]
    if kind == "discard":
        return [Move("discard", tuple(parse_cards([_text_field(action, "card")])))]
    if kind == "take":
        cards = _cards(action)
        _held(g, cards)
        if len(cards) not in (0, 2):
            raise REASONS.error("take_select")
        return [Move("take", tuple(cards))]
    if kind in ("add", "bury"):
        rank_t = _text_field(action, "rank").upper()
        try:
            key = parse_meld_key(rank_t, kind)
        except NotationError:
            raise REASONS.notation("action_meld") from None
        cards = _cards(action)
        if not cards:
            raise REASONS.error("nothing_selected" if kind == "add" else "nothing_selected_bury")
        _held(g, cards)
        cards.sort(key=lambda c: (c.rank in (0, 2),) + card_order(c))
        return [Move(kind, (c,), key) for c in cards]
    if kind == "meld":
        cards = _cards(action)
        _held(g, cards)
        if len(cards) < 3:
            raise REASONS.error("meld_size")
        return _meld_sequence(g, cards)
    raise REASONS.notation("action_unknown", type=shown(kind))


def _held(g: Any, cards: list[Card]) -> None:
    """Refuse at once (before any move is built) cards the seat to act does not hold as often as
    named: a request naming thousands of cards costs nothing (issue #15)."""
    seat = g.current_player
    hand = g.state.hands[seat] if seat is not None else {}
    for c in dict.fromkeys(cards):  # in the order named: the first card missing is the one named
        if cards.count(c) > hand.get(c, 0):
            if not hand.get(c, 0):
                raise REASONS.error("not_in_hand", card=c.text)
            raise REASONS.error("not_held_often", card=c.text, times=cards.count(c))


MELD_ATTEMPTS = 6
"""Most ways of choosing a longer meld's first three cards that :func:`_meld_sequence` plays out
on a copy of the game (bounded work per request, issue #25)."""


def _meld_sequence(g: Any, cards: list[Any]) -> list[Move]:
    """Moves that lay ``cards`` as one new meld: a 3-card meld (or 3-4 black threes) then adds.
    Tries the ways of choosing the first three cards, naturals first: a way whose first meld is not
    legal now is refused without copying the game, and at most :data:`MELD_ATTEMPTS` of the others
    are played out on a copy; if none works, the first error (a refusal of its first meld, or of a
    later add)."""
    from ..multiset import combinations, counted

    naturals = [c for c in cards if c.rank not in (0, 2)]
    if naturals and all(c.rank == 3 for c in naturals) and len(naturals) == len(cards) and len(cards) <= 4:
        return [Move("meld", tuple(cards))]
    ranks = {c.rank for c in naturals}
    if len(ranks) != 1:
        first = Move("meld", tuple(cards[:3]))
        why = g.state._why(first) if not g.hand_over else None
        raise REASONS.error(why[0], **why[2]) if why else REASONS.error("mixed_ranks")
    rank = naturals[0].rank
    # the adds go onto the meld the first three open (Q#2 where the side's queens are canastas)
    key = rank if g.hand_over else g.state._new_key(g.state.side_of(g.state.turn.seat), rank)
    ordered = sorted(cards, key=lambda c: (c.rank in (0, 2),) + card_order(c))
    items = sorted(counted(ordered).items(), key=lambda x: (x[0].rank in (0, 2),) + card_order(x[0]))

    def attempts() -> Iterator[list[Move]]:  # built one at a time, as they are tried
        for first3 in combinations(items, 3):
            rest = list(ordered)
            for c in first3:
                rest.remove(c)
            yield [Move("meld", first3)] + [Move("add", (c,), key) for c in rest]

    return _first_that_plays(g, attempts())


def _first_that_plays(g: Any, attempts: Iterator[list[Move]]) -> list[Move]:
    """The first of ``attempts`` (move sequences) that plays on a copy of ``g`` (see
    :func:`_meld_sequence`); raises the first refusal met when none does."""
    first_error: ValueError | None = None
    tried = 0
    for seq in attempts:
        if not g.state.is_legal(seq[0]):  # refused early: its first meld is not legal now (no copy)
            if first_error is None:
                first_error = g._refusal(*g.state.explain(seq[0]))
            continue
        if tried == MELD_ATTEMPTS:
            break
        tried += 1
        try:
            work = g.copy()
            for m in seq:
                work.play(m)
            return seq
        except ValueError as e:
            if first_error is None:
                first_error = e
    if isinstance(first_error, IllegalMoveError):
        raise first_error
    raise REASONS.error("not_a_meld")


# ---------------------------------------------------------------------- harness hooks
# Game knowledge for the family-independent simulation harness (tests/sim_harness.py,
# bench/harness.py; docs/architecture.md, "harness hooks"). Read-only helpers: none of them
# changes a state, and the engine itself never calls them.
