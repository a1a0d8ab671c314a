"""``add``: one card onto a meld of the side (notation ``add Q QH``, ``add Q#2 2C``), its
enumeration (:meth:`AddRoom._add_moves`) and its check side by side.
"""

from __future__ import annotations

from typing import Any

from ..cards import ALL_CARDS, RANKS, Card
from .legal_going_out import TurnEnd
from .legal_kit import _ANY_WILD
from .moves import Move, meld_key_text
from .planner import signature
from .reasons import Verdict, refuse
from .values import CANASTA_SIZE, KEY_STEP, THREE, WILD, is_wild


class AddRoom(TurnEnd):
    """Adds: enumeration and check."""

    def _add_moves(self, side: int, size: int, canastas: int, slow: bool,  # noqa: C901
                   by_rank: dict[int, list[tuple[Card, int]]], wilds: list[tuple[Card, int]]) -> list[Move]:
        r = self.rules
        size_after = size - 1
        fast = not slow and size_after != 1
        floor = fast and size_after < 2  # (two or more cards left always pass the floor)
        out = []
        for key, meld in self.melds[side].items():
            rank = meld.rank
            if rank == THREE:
                continue
            if floor:
                completes = 1 if meld.naturals + meld.wilds + 1 == CANASTA_SIZE else 0
                if not self._floor_ok(size_after, canastas + completes, True, False):
                    continue
            cards = by_rank.get(rank, []) if not (r.closed_canastas and meld.size >= CANASTA_SIZE) else []
            if wilds and (meld.room > 0 if rank == WILD else meld.wilds + 1 <= r.wild_caps[meld.naturals]):
                cards = cards + wilds
            adds = _ADD[key]
            if fast:
                out.extend([adds[c] for c, _ in cards])
                continue
            out_ok = self._out_ok
            if out_ok is not None and not out_ok:
                continue  # the turn must end by going out, and no add can make that possible (_out_ok)
            countable = self.turn.countable
            verdict: dict[Any, bool] = {}
            vkey: Any
            for c, _ in cards:
                if out_ok is not None and (c.rank == 0 or c.rank == 2):
                    vkey = _ANY_WILD  # (going out after the add: a joker or a two, the same verdict)
                elif slow:
                    vkey = self._usage_key((c,), rank, False)
                else:
                    vkey = signature((c,), countable)
                ok = verdict.get(vkey)
                if ok is None:
                    if (out_ok is not None and c.rank == rank and rank != WILD
                            and key == rank and rank + KEY_STEP not in self.melds[side]):
                        ok = verdict[vkey] = self._out_ok_after(rank, sum(n for _, n in by_rank[rank]) - 1)
                    elif vkey is _ANY_WILD:
                        ok = verdict[vkey] = self._out_after_wild_add(side, rank, c)
                    else:
                        ok = verdict[vkey] = self._add_ok_now(key, c) is None
                if ok:
                    out.append(adds[c])
        return out

    def _add_ok_now(self, key: int, c: Card) -> Verdict:
        """Whether adding ``c`` to the side's meld ``key`` leaves the turn a legal end
        (:meth:`_after_meld_check`)."""
        side = self.side_of(self.turn.seat)
        meld = self.melds[side][key]
        rank = meld.rank
        pending = self._pending(side)
        target = key if self.rules.closed_canastas else rank
        if pending:
            nat, wild = pending[target]
            pending[target] = (nat, wild + 1) if is_wild(c) else (nat + 1, wild)
        canastas_after = self.canastas(side) + (1 if meld.size + 1 == CANASTA_SIZE else 0)
        return self._after_meld_check(side, (c,), pending, canastas_after, rank, new_meld=False, key=key)

    def _why_add(self, move: Move) -> Verdict:
        """``add``: one card onto a meld of the side (its rank or a wild card within the wild-card
        limit; not a natural card onto a finished canasta with option ``blocking_card_adds`` =
        ``bury_only``), then :meth:`_add_ok_now`."""
        t = self.turn
        r = self.rules
        if t.took_pile and not r.meld_after_pile_take:
            return refuse("no_meld_after_take")
        side = self.side_of(t.seat)
        key = move.rank or 0
        rank = key % KEY_STEP
        p = {"rank": RANKS[rank - 1] if 1 <= rank <= 13 else "?"}
        meld = self.melds[side].get(key)
        if meld is None:
            if key >= KEY_STEP:
                return refuse("no_meld_number", meld=meld_key_text(key), rank=RANKS[rank - 1])
            return refuse("no_meld", **p)
        c = move.cards[0]
        if rank == WILD:
            if not is_wild(c):
                return refuse("add_wild_only")
            if meld.room <= 0:
                return refuse("wild_meld_full")
            return self._add_ok_now(key, c)
        if not is_wild(c) and c.rank != rank:
            return refuse("add_rank", **p)
        if rank == THREE:
            return refuse("black_threes_add")
        if not is_wild(c) and r.closed_canastas and meld.size >= CANASTA_SIZE:
            return refuse("add_blocking_canasta", **p)
        if is_wild(c) and meld.wilds + 1 > r.wild_caps[meld.naturals]:
            return refuse("many_wilds", **p)
        return self._add_ok_now(key, c)


class _AddMoves(dict[int, dict[Card, Move]]):
    """The ``add`` moves onto the meld with each key, by card: those onto each rank's first meld
    made at import, onto a second or later meld of a rank when first asked for; kept."""

    def __missing__(self, key: int) -> dict[Card, Move]:
        table = self[key] = {c: Move.make("add", (c,), key) for c in ALL_CARDS}
        return table


_ADD = _AddMoves({rank: {c: Move.make("add", (c,), rank) for c in ALL_CARDS} for rank in range(1, 14)})
