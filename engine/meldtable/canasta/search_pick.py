"""The search's lazy pick in the canasta family (issue #27, Kanaster's fast playouts): the move the
quick policy draws from the legal moves of another kind (:meth:`~.search_steps.SearchSteps.search_others`,
``legal[randrange(len(legal))]``), found from the same random number without listing and sorting
every such move.

In the play stage outside the slow cases (no initial meld pending, no black threes melded, no
question asked of the partner, five cards or more in hand: then every meld and add the hand allows
is legal, with no verdict to ask), the moves of another kind than the discards are, in notation
order, the adds, ``ask``, the burials and the new melds (their notations begin ``add``, ``ask``,
``bury``, ``meld``). Each kind is counted first (a rank's new melds from a memoised table of them,
kept sorted by notation here; an add per hand card that fits a meld); the index is drawn from
that count and only the kind it falls into is listed, in order: the melds rank by rank (the melds
of one natural rank all begin ``meld`` and a card of that rank, whose one-letter rank text no other
rank shares, so each rank's melds are one stretch of the order), the adds sorted (a few). Where
the hand holds three black threes, or could meld wild cards only, the pick is the listing's (rare).
tests/test_search_fast_kanaster.py checks the pick against ``search_others`` at every position of
many playouts, with the random generators' states after it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..cards import RANKS
from .legal_add import _ADD
from .legal_discard import _DISCARD
from .legal_kit import _CACHE_LIMIT, _item_index, _move_text
from .legal_meld import _MELDS, _new_melds
from .legality import _ASK, _group_hand
from .values import CANASTA_SIZE, THREE, WILD

if TYPE_CHECKING:
    from .moves import Move
    from .state import CanastaState

__all__ = ["play_pick"]

_SORTED: dict[tuple[Any, ...], tuple[Move, ...]] = {}
"""Each entry of :data:`~.legal_meld._MELDS` (a natural rank's new melds from the same key), sorted
by notation."""
_LIST = object()
""":func:`play_pick`'s answer where the pick is the listing's (a slow case)."""


def play_pick(state: CanastaState, randrange: Callable[[int], int]) -> Any:  # noqa: C901
    """``search_others("discard")[randrange(len(...))]`` of canasta state ``state`` in the play
    stage (the same move from the same random numbers; ``None`` when the list is empty), or
    :data:`_LIST` without drawing a number where the case is not one this pick knows (see the
    module text): the caller lists then."""
    t = state.turn
    if t.asked is not None:
        return _LIST
    r = state.rules
    seat = t.seat
    hand = state.hands[seat]
    size = 0
    for n in hand.values():
        size += n
    if size < 5:
        return _LIST
    side = r.side_of[seat]
    melds = state.melds[side]
    if THREE in melds or state._initial_pending():
        return _LIST
    by_rank, wilds = _group_hand(hand)
    add_cards: list[tuple[int, list[Any]]] = []
    groups: list[tuple[Move, ...]] = []
    n_add = n_meld = 0
    if not t.took_pile or r.meld_after_pile_take:
        # new melds: _meld_moves' fast path (no verdicts: size - 3 >= 2 passes the floor)
        if r.wild_canasta == "allowed" and WILD not in melds and sum(n for _, n in wilds) >= 3 \
                and state._wild_meld_open():
            return _LIST
        most = r.new_meld_wilds
        wild_key = tuple([item if item[1] <= most else (item[0], most) for item in wilds]) if wilds and most else ()
        least = 3 - most
        shapes = r.meld_shapes
        may_open = state._may_open if r.same_rank_melds == "after_canasta" else None
        for rank, naturals in by_rank.items():
            if rank == THREE:
                if r.black_three_meld == "going_out_only":
                    blacks = 0
                    for c, n in naturals:
                        if not c.is_red:
                            blacks += n
                    if blacks >= 3:
                        return _LIST  # (black threes are melded only on the way out: verdicts)
                continue
            if rank in melds and (may_open is None or not may_open(side, rank)):
                continue
            if len(naturals) == 1:
                if naturals[0][1] < least:
                    continue
                nat_key: tuple[Any, ...] = (naturals[0],)
            elif len(naturals) == 2:
                a, b = naturals
                nat_key = (a, b) if a[0].index < b[0].index else (b, a)
            else:
                nat_key = tuple(sorted(naturals, key=_item_index))
            key = (shapes, nat_key, wild_key)
            got = _SORTED.get(key)
            if got is None:
                found = _MELDS.get(key)
                if found is None:
                    found = _new_melds(r, nat_key, wild_key)
                if len(_SORTED) > _CACHE_LIMIT:
                    _SORTED.clear()
                got = _SORTED[key] = tuple(sorted(found, key=_move_text))
            if got:
                groups.append(got)
                n_meld += len(got)
        # adds: _add_moves' fast path (size - 1 >= 4 cards left: no floor to check)
        closed = r.closed_canastas
        caps = r.wild_caps
        for mkey, meld in melds.items():
            rank = meld.rank
            if rank == THREE:
                continue
            cards = by_rank.get(rank, []) if not (closed and meld.size >= CANASTA_SIZE) else []
            if wilds and (meld.room > 0 if rank == WILD else meld.wilds + 1 <= caps[meld.naturals]):
                cards = cards + wilds
            if cards:
                add_cards.append((mkey, cards))
                n_add += len(cards)
    bury: list[Move] = []
    if r.bury_blocking_cards != "never" and (t.took_pile or r.bury_blocking_cards == "any_turn"):
        bury = state._bury_moves(side, size, state.canastas(side), by_rank)
    ask = 1 if r.going_out_permission == "ask_partner" and state._may_ask(side) else 0
    total = n_add + ask + len(bury) + n_meld
    if not total:  # (the discards alone: every card, five or more in hand)
        out = [_DISCARD[c] for c in hand]
        out.sort(key=_move_text)
        return out[randrange(len(out))]
    i = randrange(total)
    if i < n_add:
        adds = [_ADD[mkey][c] for mkey, cards in add_cards for c, _ in cards]
        adds.sort(key=_move_text)
        return adds[i]
    i -= n_add
    if ask:
        if not i:
            return _ASK
        i -= 1
    if i < len(bury):
        bury.sort(key=_move_text)
        return bury[i]
    i -= len(bury)
    if len(groups) > 1:
        groups.sort(key=_first_text)
    for got in groups:
        if i < len(got):
            return got[i]
        i -= len(got)
    raise AssertionError("lazy pick past the count")  # pragma: no cover - the count is the groups'


def _first_text(group: tuple[Move, ...]) -> str:
    """Sort key of a natural rank's new melds (sorted): its first notation (the stretch of the
    order they take; see the module text: ``RANKS`` texts are one letter each)."""
    return group[0]._text


assert all(len(x) == 1 for x in RANKS)
