"""The search's lazy pick in the canasta family (issue #27, Kanaster's fast playouts): the move the
quick policy draws from the legal moves of another kind (:meth:`~.search_steps.SearchSteps.search_others`,
``legal[randrange(len(legal))]``), found from the same random number without listing and sorting
every such move.

In the play stage outside the slow cases (no initial meld pending, no black threes melded, no
question asked of the partner, five cards or more in hand: then every meld and add the hand allows
is legal, with no verdict to ask), the moves of another kind than the discards are, in notation
order, the adds, ``ask``, the burials and the new melds (their notations begin ``add``, ``ask``,
``bury``, ``meld``). Each kind is counted first (a rank's new melds from a memoised table of them,
kept sorted by notation here, the black threes' by their verdicts; an add per hand card that
fits a meld); the index is drawn from
that count and only the kind it falls into is listed, in order: the melds rank by rank (the melds
of one natural rank all begin ``meld`` and a card of that rank, whose one-letter rank text no other
rank shares, so each rank's melds are one stretch of the order), the adds sorted (a few). Where
the hand could meld wild cards only, the pick is the listing's (rare).
tests/test_search_fast_kanaster.py checks the pick against ``search_others`` at every position of
many playouts, with the random generators' states after it.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import TYPE_CHECKING, Any

from ..cards import RANKS, parse_cards
from .legal_add import _ADD
from .legal_discard import _DISCARD
from .legal_kit import _CACHE_LIMIT, _combos, _item_index, _move_text
from .legal_meld import _MELDS, _new_melds
from .legal_take import _DRAW
from .legality import _ASK, _group_hand
from .moves import Move
from .planner import _EXACT
from .values import CANASTA_SIZE, THREE, WILD

if TYPE_CHECKING:
    from .state import CanastaState

__all__ = ["play_pick", "take_pick"]

_RED_3D, _RED_3H = parse_cards(["3D", "3H"])
_TAKE_ONTO = Move.make("take")

_SORTED: dict[tuple[Any, ...], tuple[Move, ...]] = {}
"""Each entry of :data:`~.legal_meld._MELDS` (a natural rank's new melds from the same key), sorted
by notation."""
_LIST = object()
""":func:`play_pick`'s answer where the pick is the listing's (a slow case)."""


def play_pick(state: CanastaState, rng: Random) -> Any:  # noqa: C901
    """``search_others("discard")[rng.randrange(len(...))]`` of canasta state ``state`` in the play
    stage (the same move from the same random numbers; ``None`` when the list is empty), or
    :data:`_LIST` without drawing a number where the case is not one this pick knows (see the
    module text): the caller lists then. The black threes' melds (each asks whether the player
    can still go out this turn: the planner) are worked out only when the index may fall on or
    after them (see :func:`_draw_before`)."""
    randrange = rng.randrange
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
    n_add = n_meld = n_three = 0
    three_items: list[tuple[Any, int]] = []
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
                if r.black_three_meld == "going_out_only":  # (only on the way out: verdicts, deferred)
                    blacks = tuple([item for item in naturals if not item[0].is_red])
                    if sum(n for _, n in blacks) >= 3:
                        three_items = naturals
                        n_three = len(_combos(blacks, 3)) + len(_combos(blacks, 4))
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
    before = n_add + ask + len(bury)  # (the moves before the melds: no verdicts)
    i = -1
    if n_three:
        i = _draw_before(rng, before, before + n_meld, n_three)
        if _EXACT:
            _EXACT.clear()  # (as _play_moves: the planner's answers within one listing)
        threes: list[Move] = state._black_three_melds(side, False, three_items, by_rank, wilds) if i < 0 or i >= before else []
        if threes:
            threes.sort(key=_move_text)
            groups.append(tuple(threes))
            n_meld += len(threes)
    total = before + n_meld
    if i >= total:  # (drawn from the bound: redrawn as randrange does)
        k = total.bit_length()
        while i >= total:
            i = rng.getrandbits(k)
    if not total:  # (the discards alone: every card, five or more in hand)
        out = [_DISCARD[c] for c in hand]
        out.sort(key=_move_text)
        return out[randrange(len(out))]
    if i < 0:
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


def _draw_before(rng: Random, before: int, known: int, extra: int) -> int:
    """The first step of ``rng.randrange(n)`` for an ``n`` known only to lie in ``known ..
    known + extra`` whose first ``before`` moves need no verdict: where both ends have the same
    bit length ``k`` (``randrange(n)`` draws ``getrandbits(k)`` until below ``n``: CPython's
    ``_randbelow``, tests/test_search_fast_pick.py compares the generators' states), the first
    draw below ``before`` (below ``n`` whatever ``n`` is), or the first at or above it (to be
    checked against ``n`` once known, then redrawn while not below it); ``-1`` without drawing
    where the bit lengths differ (``n`` is to be known first)."""
    k = known.bit_length()
    if not before or k != (known + extra).bit_length():
        return -1
    if getattr(getattr(rng, "_randbelow", None), "__func__", None) is not _BITS_LOOP:
        return -1  # (nor where randrange is not that loop: another generator, another Python)
    return rng.getrandbits(k)


_BITS_LOOP = getattr(Random, "_randbelow_with_getrandbits", False)


def _first_text(group: tuple[Move, ...]) -> str:
    """Sort key of a natural rank's new melds (sorted): its first notation (the stretch of the
    order they take; see the module text: ``RANKS`` texts are one letter each)."""
    return group[0]._text


assert all(len(x) == 1 for x in RANKS)


_TAKES: dict[tuple[Any, ...], tuple[Move, ...]] = {}
"""The pile takes with two hand cards of a hand's naturals of the top card's rank (and its wild
cards, where a natural and a wild card may take), sorted by notation (:func:`take_pick`)."""


def take_pick(state: CanastaState, randrange: Callable[[int], int]) -> Any:  # noqa: C901
    """``search_others("draw")[randrange(len(...))]`` of canasta state ``state`` in the draw stage
    with the stock not used up (the same move from the same random numbers: a pile take, or
    ``draw`` when there is none), or :data:`_LIST` without drawing a number where a take needs its
    full check (an initial meld pending, a wild top card, at most three cards in hand after the
    take). Otherwise a take is legal exactly when the meld it makes is valid
    (:meth:`~.legal_take.TakeRoom._take_moves`), which is one verdict for the takes with two
    naturals, one for those with a natural and a wild card, one for the take onto the side's meld:
    the takes of the classes that pass are counted, and listed from a memoised table only to pick
    (the take onto the meld, notation ``take``, first)."""
    if state._search_no_take():
        randrange(1)
        return _DRAW
    pile = state.pile
    top = pile[-1]
    rank = top.rank
    if rank == 0 or rank == 2 or state._initial_pending():
        return _LIST
    r = state.rules
    t = state.turn
    side = r.side_of[t.seat]
    if r.blocking_ranks != "none" and rank in state.blocking_ranks(side):
        randrange(1)
        return _DRAW
    hand = state.hands[t.seat]
    after = sum(hand.values()) + len(pile) - 1 - pile.count(_RED_3D) - pile.count(_RED_3H)
    if after < 4:
        return _LIST
    naturals: list[tuple[Any, int]] = []
    wilds: list[tuple[Any, int]] = []
    for item in hand.items():
        rk = item[0].rank
        if rk == rank:
            naturals.append(item)
        elif rk == 0 or rk == 2:
            wilds.append(item)
    if len(naturals) > 1:
        naturals.sort(key=_item_index)
    frozen = state._frozen(False)
    melds = state.melds[side]
    if rank in melds:
        with_pair = melds.get(state._take_key(side, rank, True))
        onto = melds.get(state._take_key(side, rank, False))
    else:
        with_pair = onto = None
    nat0 = with_pair.naturals if with_pair else 0
    wild0 = with_pair.wilds if with_pair else 0
    ok_pair = r.meld_ok(nat0 + 3, wild0)
    ok_nw = bool(naturals and wilds) and not frozen and r.take_pile_with_natural_and_wild and r.meld_ok(nat0 + 2, wild0 + 1)
    ok_e = (not frozen and r.take_pile_onto_own_meld and rank in melds
            and r.meld_ok((onto.naturals if onto else 0) + 1, onto.wilds if onto else 0))
    nat_key = tuple(naturals)
    if len(wilds) > 1:
        wilds.sort(key=_item_index)
    key = (nat_key, tuple(wilds) if ok_nw else (), ok_pair)
    takes = _TAKES.get(key)
    if takes is None:
        out = [Move.make("take", used) for used in _combos(nat_key, 2)] if ok_pair else []
        if ok_nw:
            out.extend([Move.make("take", (nat, w)) for nat, _ in naturals for w, _ in wilds])
        out.sort(key=_move_text)
        if len(_TAKES) > _CACHE_LIMIT:
            _TAKES.clear()
        takes = _TAKES[key] = tuple(out)
    n = len(takes) + (1 if ok_e else 0)
    if not n:
        randrange(1)
        return _DRAW
    i = randrange(n)
    if ok_e:
        if not i:
            return _TAKE_ONTO
        i -= 1
    return takes[i]
