"""``meld``: a new meld of three cards of one rank (or 3-4 black threes, or wild cards only where
allowed), its enumeration (:meth:`MeldRoom._meld_moves`) and its check side by side.
"""

from __future__ import annotations

from typing import Any

from ..cards import RANKS, Card
from .legal_going_out import TurnEnd
from .legal_kit import _ANY_WILD, _CACHE_LIMIT, _CardKeys, _combos, _item_index
from .moves import Move
from .planner import signature
from .reasons import Verdict, refuse
from .rules import Rules
from .values import CANASTA_SIZE, THREE, WILD, is_wild


class MeldRoom(TurnEnd):
    """New melds: enumeration and check."""

    def _meld_moves(self, side: int, size: int, canastas: int, slow: bool,  # noqa: C901
                    by_rank: dict[int, list[tuple[Card, int]]], wilds: list[tuple[Card, int]]) -> list[Move]:
        """New melds (``slow``: each is checked, because an initial meld is pending or the turn
        must, or must not, end by going out; see :meth:`_generate`)."""
        r = self.rules
        melds = self.melds[side]
        # outside a pending initial meld (and the turn's duty to go out) every new 3-card meld
        # passes the same hand-floor test (a hand left with one card is checked card by card:
        # that card might finish a canasta)
        fast = not slow and size - 3 != 1
        if fast and not self._floor_ok(size - 3, canastas, True, False):
            by_rank = {THREE: by_rank[THREE]} if THREE in by_rank else {}
        # a new meld holds at most r.new_meld_wilds wild cards: more copies of one make no other
        # melds (the fewer kinds of key, the more often the melds of a hand are known already)
        most = r.new_meld_wilds
        wild_key = tuple([item if item[1] <= most else (item[0], most) for item in wilds]) if wilds and most else ()
        least = 3 - most  # (the fewest naturals a new meld holds)
        shapes = r.meld_shapes
        out: list[Move] = []
        card_keys = None  # see _card_keys, built when first needed (with hand_melds)
        hand_melds = False
        may_open = self._may_open if r.same_rank_melds == "after_canasta" else None  # (else: never)
        for rank, naturals in by_rank.items():
            if rank == THREE:
                # black threes only in the turn of going out (any time in it: _meld_ok_now asks
                # whether the player can still go out this turn after melding them)
                if r.black_three_meld == "going_out_only" and THREE not in melds and size >= 3:
                    out.extend(self._black_three_melds(side, slow, naturals, by_rank, wilds))
                continue
            if rank in melds and (may_open is None or not may_open(side, rank)):
                continue
            if len(naturals) == 1:
                if naturals[0][1] < least:
                    continue  # (one card of the rank, fewer copies than a new meld's naturals: no meld)
                nat_key: tuple[tuple[Card, int], ...] = (naturals[0],)
            elif len(naturals) == 2:  # (two cards of the rank, the most common case: one comparison)
                a, b = naturals
                nat_key = (a, b) if a[0].index < b[0].index else (b, a)
            else:
                nat_key = tuple(sorted(naturals, key=_item_index))
            found = _MELDS.get((shapes, nat_key, wild_key))
            if found is None:
                found = _new_melds(r, nat_key, wild_key)
            if fast:
                out.extend(found)
                continue
            # the check depends on each card's rank (or kind of wild card) and on whether its
            # value still counts towards the initial meld, not on its suit: ask once per signature
            out_ok = self._out_ok
            if out_ok is not None and not out_ok and size > 3:
                continue  # the turn must end by going out, and no meld can make that possible (_out_ok)
            countable = self.turn.countable
            verdict: dict[Any, bool] = {}
            if slow and card_keys is None:
                card_keys = self._card_keys()
                hand_melds = r.initial_meld_counts == "hand_melds"
            key: Any
            for mv in found:
                cards = mv.cards
                if out_ok is not None:
                    # (going out after the meld: a joker or a two, the same verdict)
                    key = tuple(_ANY_WILD if c.rank == 0 or c.rank == 2 else c.rank for c in cards)
                elif not slow:
                    key = signature(cards, countable)
                elif cards[0] is not cards[2]:  # (not three copies of one card)
                    key = _combo_key(card_keys, cards, hand_melds)  # type: ignore[arg-type]
                else:
                    key = self._usage_key(cards, rank, True)
                ok = verdict.get(key)
                if ok is None:
                    if self._out_ok is not None and cards[2].rank == rank and size > 3 and rank not in melds:
                        ok = verdict[key] = self._out_ok_after(rank, sum(n for _, n in naturals) - 3)
                    else:
                        ok = verdict[key] = self._meld_ok_now(rank, cards) is None
                if ok:
                    out.append(mv)
        if r.wild_canasta == "allowed" and WILD not in melds and sum(n for _, n in wilds) >= 3 and self._wild_meld_open():
            # seed 001 'Joker-Canasta': a meld of wild cards only, opened with three
            wild_combos = [Move.make("meld", combo) for combo in _combos(tuple(wilds), 3)]
            if fast:
                if self._floor_ok(size - 3, canastas, True, False):
                    out.extend(wild_combos)
            else:
                for m in wild_combos:
                    if self._meld_ok_now(WILD, m.cards) is None:
                        out.append(m)
        return out

    def _black_three_melds(self, side: int, slow: bool, naturals: list[tuple[Card, int]],  # noqa: C901
                           by_rank: dict[int, list[tuple[Card, int]]], wilds: list[tuple[Card, int]]) -> list[Move]:
        """The legal new melds of black threes (option ``black_three_meld`` = ``going_out_only``, the
        side without one, three cards or more in hand; ``naturals``: the hand's threes, from
        ``by_rank``), each a verdict of :meth:`_meld_ok_now` (``slow``: see :meth:`_meld_moves`)
        after cheap necessary conditions for going out this turn. Also the search's lazy pick
        (:mod:`.search_pick`)."""
        r = self.rules
        melds = self.melds[side]
        out: list[Move] = []
        n_threes = 0
        for _, n in naturals:
            n_threes += n
        if n_threes < 3:
            return []  # (fewer than three threes: fewer black ones)
        blacks = [(c, n) for c, n in naturals if not c.is_red]
        n_blacks = sum(n for _, n in blacks)
        if n_blacks < 3:
            return []
        # going out this turn leaves at most one card (the final discard) that no meld
        # takes: natural ranks short of a meld's naturals and not on the table are
        # such cards; the other ranks not on the table need wild cards to open them
        # up to three (a cheap first look at two of _plausible's conditions, which
        # checks all of it)
        stuck = n_blacks - 4 if n_blacks > 4 else 0
        opening = 0
        lone = 0  # (ranks of one card: opened with two wild cards, or the final discard)
        min_nat = r.min_naturals_per_meld
        for rk, items in by_rank.items():
            if rk != THREE and rk not in melds:
                n = items[0][1] if len(items) == 1 else sum(n for _, n in items)
                if n < min_nat or (n < 3 and not r.meld_ok(n, 3 - n)):
                    stuck += n
                elif n == 1:
                    lone += 1
                elif n < 3:
                    opening += 3 - n
        if lone:
            opening += 2 * (lone - 1 if stuck == 0 else lone)
        n_wilds = sum(n for _, n in wilds)
        if stuck > 1 or opening > n_wilds:
            return []
        # what going out needs does not depend on which black threes are melded
        counts = {rk: sum(n for _, n in items) for rk, items in by_rank.items() if rk != THREE}
        # (the most black threes a meld takes: four)
        if not self._plausible(side, counts, n_wilds, n_blacks - min(n_blacks, 4), (), THREE):
            return []
        # the verdict depends on the number of black threes and which of them still
        # count towards a pending initial meld, not on their suits
        countable = self.turn.countable
        seen: dict[Any, bool] = {}
        for n_cards in (3, 4):
            for combo in _combos(tuple(blacks), n_cards):
                key = self._usage_key(combo, THREE, True) if slow else signature(combo, countable)
                ok = seen.get(key)
                if ok is None:
                    ok = seen[key] = self._meld_ok_now(THREE, combo) is None
                if ok:
                    out.append(Move.make("meld", combo))
        return out

    def _may_open(self, side: int, rank: int) -> bool:
        """Whether ``side`` may start another meld of ``rank``, having one already (option
        ``same_rank_melds`` = ``after_canasta``: when each of its melds of that rank is a canasta;
        seed 004 'von einer Spielkarte mehrere Kanaster', research C25)."""
        if self.rules.same_rank_melds != "after_canasta" or rank in (THREE, WILD):
            return False
        melds = self.melds[side]
        return all(melds[k].size >= CANASTA_SIZE for k in self._rank_keys(side, rank))

    def _meld_ok_now(self, rank: int, combo: tuple[Card, ...]) -> Verdict:
        """Whether a new meld of ``combo`` (of ``rank``: a natural rank, black threes or wild cards
        only) leaves the turn a legal end (:meth:`_after_meld_check`)."""
        t = self.turn
        side = self.side_of(t.seat)
        pending = self._pending(side)
        if rank == THREE:
            return self._after_meld_check(side, combo, pending, self.canastas(side), THREE)
        if pending or self._initial_pending():
            nat = 0
            for c in combo:
                if c.rank != 0 and c.rank != 2:  # (not is_wild(c), without the calls)
                    nat += 1
            pending[self._new_key(side, rank) if self.rules.closed_canastas else rank] = (nat, len(combo) - nat)
        return self._after_meld_check(side, combo, pending, self.canastas(side), rank)

    def _why_meld(self, move: Move) -> Verdict:  # noqa: C901
        """``meld``: three cards of one rank (3 or 4 black threes, or wild cards only where
        allowed), the shape the rules allow, a rank the side may open, then :meth:`_meld_ok_now`."""
        t = self.turn
        r = self.rules
        if t.took_pile and not r.meld_after_pile_take:
            return refuse("no_meld_after_take")
        side = self.side_of(t.seat)
        naturals = [c for c in move.cards if not is_wild(c)]
        ranks = {c.rank for c in naturals}
        if not naturals:
            if r.wild_canasta != "allowed":
                return refuse("all_wild")
            if WILD in self.melds[side]:
                return refuse("wild_melded")
            if not self._wild_meld_open():
                return refuse("wild_meld_after_initial", minimum=self.minimum(side))
            if len(move.cards) != 3:
                return refuse("meld_three")
            return self._meld_ok_now(WILD, move.cards)
        if len(ranks) > 1:
            return refuse("mixed_ranks")
        rank = naturals[0].rank
        p = {"rank": RANKS[rank - 1]}
        if rank == THREE:
            if any(c.is_red for c in naturals):
                return refuse("red_three")
            if len(naturals) != len(move.cards) or len(move.cards) not in (3, 4):
                return refuse("black_threes")
            if r.black_three_meld == "never":
                return refuse("black_threes_never")
            if THREE in self.melds[side]:
                return refuse("black_threes_melded")
            return self._meld_ok_now(THREE, move.cards)
        if rank in self.melds[side] and not self._may_open(side, rank):
            if r.same_rank_melds == "after_canasta":
                return refuse("rank_melded_open", **p)
            return refuse("rank_melded", **p)
        if len(move.cards) != 3:
            return refuse("meld_three")
        w = len(move.cards) - len(naturals)
        if not r.meld_ok(len(naturals), w):
            if len(naturals) < r.min_naturals_per_meld:
                return refuse("few_naturals", minimum=r.min_naturals_per_meld)
            return refuse("many_wilds", **p)
        return self._meld_ok_now(rank, move.cards)


_MELDS: dict[tuple[Any, ...], tuple[Move, ...]] = {}
_MELD_OF: dict[tuple[Card, ...], Move] = {}
"""The ``meld`` move of each card tuple (in canonical order) :func:`_new_melds` has made: the
same object as ``Move.make("meld", cards)``, found without the call."""


def _combo_key(card_keys: tuple[_CardKeys, _CardKeys], cards: tuple[Card, ...], hand_melds: bool) -> Any:
    """:meth:`Legality._usage_key` of a new meld of three ``cards`` (in canonical order, so copies
    of one card are next to each other; at most two of them) from each card's entries
    (:meth:`Legality._card_keys`: the first copy's and the second's; ``hand_melds``: option
    ``initial_meld_counts`` is ``hand_melds``)."""
    first, again = card_keys
    x, y, z = cards
    a = first[x]
    b = again[y] if y is x else first[y]
    c = again[z] if z is y else first[z]
    if hand_melds and not (a[0][1] and b[0][1] and c[0][1]):
        return (a[1], b[1], c[1]), False
    return a[0], b[0], c[0]


def _new_melds(r: Rules, naturals: tuple[tuple[Card, int], ...], wilds: tuple[tuple[Card, int], ...]) -> tuple[Move, ...]:
    """Every new 3-card meld of one natural rank from these naturals and wild cards (each a tuple of
    ``(card, count)`` in canonical order) with a shape the rules allow, memoised by rule shapes and
    cards."""
    key = (r.meld_shapes, naturals, wilds)
    found = _MELDS.get(key)
    if found is None:
        out = []
        meld_of = _MELD_OF
        n_naturals = 0
        for _, n in naturals:
            n_naturals += n
        for k in range(min(3, n_naturals), 0, -1):
            if k not in r.meld_shapes:
                continue
            wild_combos = _combos(wilds, 3 - k)
            for nat_combo in _combos(naturals, k):
                for wild_combo in wild_combos:
                    cards = nat_combo + wild_combo
                    mv = meld_of.get(cards)
                    if mv is None:
                        mv = meld_of[cards] = Move.make("meld", cards)
                    out.append(mv)
        if len(_MELDS) > _CACHE_LIMIT:
            _MELDS.clear()
        found = _MELDS[key] = tuple(out)
    return found
