"""``bury``: a blocking card laid under the side's canasta of its rank, counting nothing (seed
004 'Sperrkarten ... unter den evtl. passenden Kanaster angelegt', option
``bury_blocking_cards``), its enumeration and its check side by side.
"""

from __future__ import annotations

from ..cards import RANKS, Card
from .legal_going_out import TurnEnd
from .moves import Move
from .reasons import Verdict, refuse
from .values import CANASTA_SIZE, KEY_STEP, THREE, is_wild


class BuryRoom(TurnEnd):
    """``bury``: enumeration and check."""

    def _bury_target(self, side: int, c: Card) -> int | None:
        """The key of ``side``'s canasta a card ``c`` of a blocking rank can be buried under: its
        first canasta of that rank, or ``None``."""
        if is_wild(c) or c.rank == THREE or c.rank not in self.blocking_ranks(side):
            return None
        melds = self.melds[side]
        for key in self._rank_keys(side, c.rank):
            if melds[key].size >= CANASTA_SIZE:
                return key
        return None

    def _bury_moves(self, side: int, size: int, canastas: int,
                    by_rank: dict[int, list[tuple[Card, int]]]) -> list[Move]:
        """``bury`` moves (option ``bury_blocking_cards``): every card of a blocking rank the side
        has a canasta of, while the turn can still end legally (a card is kept to discard, and a
        hand left with that one card goes out only with the canastas needed)."""
        t = self.turn
        if size - 1 < 1 or (size - 1 == 1 and canastas < self.rules.canastas_to_go_out):
            return []
        if t.asked is not None or THREE in self.melds[side]:
            return []  # the turn must (or must not) end by going out: no card is buried then
        if self._initial_pending():
            return []  # (engine decision: a buried card counts nothing, so not while the minimum is open)
        out = []
        for items in by_rank.values():
            for c, _ in items:
                key = self._bury_target(side, c)
                if key is not None:
                    out.append(Move.make("bury", (c,), key))
        return out

    def _why_bury(self, move: Move) -> Verdict:
        """``bury``: a card of a blocking rank under the side's canasta of that rank (option
        ``bury_blocking_cards``; seed 004 'Sperrkarten ... unter den evtl. passenden Kanaster'),
        in a turn that is free to end either way, keeping a card to discard."""
        t = self.turn
        side = self.side_of(t.seat)
        key = move.rank or 0
        rank = key % KEY_STEP
        p = {"rank": RANKS[rank - 1] if 1 <= rank <= 13 else "?"}
        mode = self.rules.bury_blocking_cards
        if mode == "never":
            return refuse("bury_off")
        if mode == "after_pile_take" and not t.took_pile:
            return refuse("bury_after_take")
        c = move.cards[0]
        meld = self.melds[side].get(key)
        if meld is None or meld.size < CANASTA_SIZE:
            return refuse("bury_no_canasta", **p)
        if is_wild(c) or c.rank != rank:
            return refuse("bury_rank", **p)
        if rank not in self.blocking_ranks(side):
            return refuse("bury_not_blocking", **p)
        if t.asked is not None or THREE in self.melds[side]:
            return refuse("bury_committed")
        if self._initial_pending():
            return refuse("bury_initial", minimum=self.minimum(side))
        left = sum(self.hands[t.seat].values()) - 1
        if left < 1:
            return refuse("bury_keep_a_card")
        if left == 1 and self.canastas(side) < self.rules.canastas_to_go_out:
            return refuse("keep_a_card", canastas=self.rules.canastas_to_go_out)
        return None
