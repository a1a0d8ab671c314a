"""``discard``: the card that ends a turn (the final discard going out), its enumeration and its
check side by side.
"""

from __future__ import annotations

from ..cards import ALL_CARDS, Card
from .legal_going_out import TurnEnd
from .moves import Move
from .reasons import Verdict, refuse
from .values import THREE


class DiscardRoom(TurnEnd):
    """``discard``: enumeration and check."""

    def _discard_moves(self, hand: dict[Card, int], size: int, canastas: int, initial: bool) -> list[Move]:
        if not initial:
            if size >= 2 or canastas >= self.rules.canastas_to_go_out:
                return [_DISCARD[c] for c in hand]
            return []
        # while the initial meld is pending the verdict is the same for every card (see
        # _discard_ok_now: it depends on the hand size, the turn and the canastas only)
        return [_DISCARD[c] for c in hand] if hand and self._discard_ok_now(next(iter(hand))) is None else []

    def _discard_ok_now(self, c: Card) -> Verdict:
        """Whether discarding ``c`` ends the turn legally: not while the turn must end by going out
        (black threes melded, the partner's "yes") with cards left, not going out after a "no", not
        with the initial meld short after melding or a pile take, and with an empty hand only with the
        canastas needed (seed 000 'Ablegen')."""
        t = self.turn
        side = self.side_of(t.seat)
        hand_after = sum(self.hands[t.seat].values()) - 1
        if hand_after > 0 and (THREE in self.melds[side] or t.asked == "yes"):
            if THREE in self.melds[side]:
                return refuse("black_threes_committed", then="finish")
            return refuse("partner_yes")
        if hand_after == 0 and t.asked == "no":
            return refuse("partner_no")
        initial = self._initial_pending()
        if initial and (t.took_pile or self.melds[side]):
            pts, _ = self._peek_points((c,))
            min_ok = False  # a discard never counts towards the minimum
            if hand_after == 0 and self._exempt() and self.canastas(side) >= self.rules.canastas_to_go_out:
                return None
            if not min_ok:
                return self._short_of_minimum()
        if hand_after >= 1:
            return None
        if self.canastas(side) < self.rules.canastas_to_go_out:
            return refuse("keep_a_card", canastas=self.rules.canastas_to_go_out)
        return None

    def _why_discard(self, move: Move) -> Verdict:
        """``discard``: any hand card ends the turn, as :meth:`_discard_ok_now` allows."""
        return self._discard_ok_now(move.cards[0])


_DISCARD = {c: Move.make("discard", (c,)) for c in ALL_CARDS}
