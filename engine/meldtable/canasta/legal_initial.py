"""The initial meld in the canasta legality rooms: how the cards of a move count towards the
side's minimum (option ``initial_meld_counts``), the side's melds as the planner sees them, and
whether the minimum can still be reached this turn (:class:`~meldtable.canasta.planner.Plan`).
Shared by the take, meld, add and discard rooms; reads the state, never changes it.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from .base import StateBase
from .legal_kit import _CardKeys
from .planner import Plan, signature, signature_uncounted_first
from .reasons import Refusal, refuse
from .values import CANASTA_SIZE, KEY_STEP, THREE, card_value


class InitialMeld(StateBase):
    """The initial-meld accounting of the seat to act (a base of the legality rooms)."""

    def _usage(self, cards: tuple[Card, ...], rank: int, new_meld: bool
               ) -> tuple[tuple[tuple[int, bool], ...], int, bool]:
        """How a meld (``new_meld``) or an add of ``cards`` onto the side's meld of ``rank`` counts
        while the initial meld is pending: ``(sig, points, counts_after)``. ``sig`` says for each
        card whether a countable copy is used (:func:`~.planner.signature`), ``points`` what the
        move adds to the minimum, ``counts_after`` whether the rank's meld counts afterwards.

        Option ``initial_meld_counts`` (research C8; seed 000 'Erste Figur', seed 001 'zusammen
        mit ... Handkarten'): ``hand_melds`` - only melds made of hand cards count (and the pile's
        top card with the hand cards melded with it): a new meld holding a card from the discard
        pile counts nothing, nor do later adds to it (it spends its non-countable copies first);
        cards from the pile never count. ``hand_cards`` - every hand card counts wherever it is
        melded (the engine's earlier reading)."""
        t = self.turn
        countable = t.countable
        sig = signature(cards, countable)
        pts = 0
        tainted = False
        for c, (_, flag) in zip(cards, sig):  # (loops: cheaper than generators here)
            if flag:
                pts += card_value(c)
            else:
                tainted = True
        if self.rules.initial_meld_counts == "hand_melds":
            if (rank in t.uncounted) if not new_meld else tainted:
                return signature_uncounted_first(cards, self.hands[t.seat], countable), 0, False
        return sig, pts, True

    def _card_keys(self) -> tuple[_CardKeys, _CardKeys]:
        """Each hand card's entries in :meth:`_usage_key` when it is used once, and when a move
        uses a second copy of it: ``(rank, counts)`` of :func:`~.planner.signature` and of
        :func:`~.planner.signature_uncounted_first` (the first copy counts when a copy held is
        countable, the second when two are; spending the copies that do not count first, the
        first counts when every copy held is countable, the second when at most one is not), so
        that the key of a move of up to two copies of a card is put together without scanning it
        again (checked against _usage_key: tests/test_canasta_speed_paths.py)."""
        t = self.turn
        countable = t.countable
        first: _CardKeys = {}
        again: _CardKeys = {}
        for c, n in self.hands[t.seat].items():
            k = countable.get(c, 0)
            first[c] = ((c.rank, k > 0), (c.rank, k >= n))
            if n > 1:
                again[c] = ((c.rank, k > 1), (c.rank, k + 1 >= n))
        return first, again

    def _usage_key(self, cards: tuple[Card, ...], rank: int, new_meld: bool) -> Any:
        """What the checks of a meld or add of ``cards`` depend on (a key for caching verdicts):
        :meth:`_usage`'s ``sig`` and whether the meld counts afterwards, without the points."""
        t = self.turn
        sig = signature(cards, t.countable)
        if self.rules.initial_meld_counts == "hand_melds":
            if (rank in t.uncounted) if not new_meld else (False in {flag for _, flag in sig}):
                return signature_uncounted_first(cards, self.hands[t.seat], t.countable), False
        return sig

    def _wild_meld_open(self) -> bool:
        """Whether a meld of wild cards only may be laid (and planned) now: always with option
        ``wild_meld_initial`` = ``counts`` (seed 001 names no exception to »Für die Erstmeldung
        benötigt man mindestens 50 Augen«), else only once the side's initial meld is made."""
        return self.rules.wild_meld_initial == "counts" or not self._initial_pending()

    def _pending(self, side: int) -> dict[int, tuple[int, int]]:
        """The side's melds as ``rank -> (naturals, wilds)`` (only needed while an initial meld is pending)."""
        if not self._initial_pending():
            return {}
        return self._pending_melds(side)

    def _pending_melds(self, side: int) -> dict[int, tuple[int, int]]:
        """The side's melds but black threes as ``(naturals, wilds)`` for the planner: by rank
        (a rank's last meld), or with option ``blocking_card_adds`` = ``bury_only`` by meld key
        (see :meth:`Plan._split`)."""
        if self.rules.closed_canastas:
            return {k: (m.naturals, m.wilds) for k, m in self.melds[side].items() if m.rank != THREE}
        return {m.rank: (m.naturals, m.wilds) for m in self.melds[side].values() if m.rank != THREE}

    def _closed_risk(self, side: int, by_rank: dict[int, list[tuple[Card, int]]]) -> bool:
        """With option ``blocking_card_adds`` = ``bury_only``: whether some rank's natural cards in
        hand may not all go onto one meld of it (a finished canasta of the rank on the side, or
        more than seven cards with its meld): the planner's quick answer is off then."""
        if not self.rules.closed_canastas:
            return False
        melds = self.melds[side]
        for rank, items in by_rank.items():
            if rank == THREE:
                continue
            n = sum(k for _, k in items)
            size = 0
            key = rank
            while key in melds:
                size = melds[key].size
                key += KEY_STEP
            if size + n > CANASTA_SIZE or key != rank + KEY_STEP and key != rank:
                return True
        return False

    def _reachable(self, hand: dict[Card, int], countable: dict[Card, int],
                   pending: dict[int, tuple[int, int]], need: int, exempt: bool) -> bool:
        """Can this turn still reach ``need`` more initial-meld points (keeping two cards, one to
        discard and one to keep), or go out (with enough canastas, meeting ``need`` unless
        ``exempt``)? Exact: see docs/architecture.md, "initial meld"."""
        return Plan(self.rules, hand, countable, pending, self.turn.uncounted,
                    wild_meld=self._wild_meld_open()).reachable(need, exempt)

    def _short_of_minimum(self) -> Refusal:
        """The refusal of a move after which this turn can no longer reach the side's initial-meld
        minimum (seed 000 'Erste Figur', seed 004 'mindestens 50 Punkte')."""
        side = self.side_of(self.turn.seat)
        return refuse("initial_minimum", counted="turn", minimum=self.minimum(side), points=self.turn.initial_points)
