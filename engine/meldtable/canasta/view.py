"""What one seat may see: the view the page and the computer players read (docs/protocol.md)."""

from __future__ import annotations

from typing import Any

from ..cards import JOKER_TEXT, RANKS, card
from .base import StateBase
from .melds import meld_order
from .values import hand_sort_key, is_black_three, is_red_three, is_wild

WILD_RANKS: list[str] = [JOKER_TEXT if c.rank == 0 else RANKS[c.rank - 1]
                         for c in map(card, [JOKER_TEXT, *(r + "C" for r in RANKS)]) if is_wild(c)]
"""The view's ``wild_ranks``: the ranks (``"JK"``, ``"2"``) whose cards ``values.is_wild`` calls wild
(seed 000: "2er und Joker sind wilde Karten"; seed 001: "Die Joker und Zweien werden ... wilde
Karten genannt"); no option of the family changes them."""


class View(StateBase):
    """The seat's view (mixin of ``CanastaState``): its own hand, card counts of the others."""

    def view(self, seat: int) -> dict[str, Any]:
        """JSON-ready view for ``seat``: its own hand, every other seat's card count, the stock size,
        the discard pile's top/size/frozen state, all melds, red threes and scores (docs/protocol.md)."""
        r = self.rules
        t = self.turn
        top = self.pile[-1] if self.pile else None
        frozen_by = next((c.text for c in self.pile if is_wild(c)), None) if self._frozen(False) else None
        hand = sorted((c for c, n in self.hands[seat].items() for _ in range(n)), key=hand_sort_key)
        side = self.side_of(t.seat)
        my_side = self.side_of(seat)
        blocking = sorted(self.blocking_ranks(my_side))
        if top is None:
            blocked_by = None
        elif is_black_three(top):
            blocked_by = "black_three"
        elif is_red_three(top):
            blocked_by = "red_three"
        elif is_wild(top):
            blocked_by = "wild"  # (option wild_top_take = two_naturals: taken only with two naturals of one rank)
        elif top.rank in blocking:
            blocked_by = "blocking_rank"
        else:
            blocked_by = None
        if self.match_over:
            phase = "match_over"
        elif self.hand_over:
            phase = "hand_over"
        else:
            phase = t.stage
        return {
            "variant": None,  # filled in by Game.view
            "seat": seat,
            "players": r.players,
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "order": list(self.order),
            "sitting_out": self.sitting_out,
            "partnerships": r.partnerships,
            "canastas_to_go_out": r.canastas_to_go_out,
            "draw_count": r.draw_count,
            "phase": phase,
            "current_player": self.current_player,
            "hand": [c.text for c in hand],
            # the hand's wild cards (texts, each once; seed 000: jokers and twos): the page's
            # selection checks read them instead of a wild-card rule of their own (issue #26)
            "hand_wild": sorted({c.text for c in hand if is_wild(c)}),
            # which ranks are wild cards (rank texts, "JK" the joker): the page marks a card wild
            # only by this list (web/cards.js setWildRanks), knowing no rule of its own (issue #26)
            "wild_ranks": list(WILD_RANKS),
            "hand_counts": [sum(h.values()) for h in self.hands],
            "stock": len(self.stock),
            "discard": {
                "top": top.text if top else None,
                "size": len(self.pile),
                "frozen": self._frozen(False),
                "frozen_by": frozen_by,
                "blocked": blocked_by in ("black_three", "blocking_rank"),
                "blocked_by": blocked_by,
                "blocking_ranks": [RANKS[r - 1] for r in blocking],
                "frozen_for_you": self._frozen(not self.melded[self.side_of(seat)]),
            },
            "sides": [
                {
                    "side": s,
                    "seats": list(seats),
                    "melds": [m.to_json() for m in sorted(self.melds[s].values(), key=lambda m: meld_order(m.rank, m.key))],
                    "red_threes": [c.text for c in self.red_threes[s]],
                    "melded": self.melded[s],
                    "canastas": self.canastas(s),
                    "minimum": self.minimum(s),
                    "score": self.scores[s],
                }
                for s, seats in enumerate(r.sides)
            ],
            "side_of_seat": list(r.side_of),
            "cut": None if self.cut is None else {"seat": self.cut["seat"], "cards": list(self.cut["cards"])},
            "rules": {"meld_after_pile_take": r.meld_after_pile_take, "bury_blocking_cards": r.bury_blocking_cards,
                      "same_rank_melds": r.same_rank_melds},
            "turn": None if self.hand_over else {
                "seat": t.seat,
                "stage": t.stage,
                "took_pile": t.took_pile,
                "asked": t.asked,
                "partner": self.partner(t.seat) if r.going_out_permission == "ask_partner" else None,
                "initial_meld_points": t.initial_points,
                "needs_initial_meld": self._initial_pending(),
                "minimum": self.minimum(side),
            },
            "scores": list(self.scores),
            "results": [dict(x) for x in self.results],
            "last_moves": [dict(m) for m in self.last_moves],
            "match": {
                "end": r.match_end,
                "target": r.target_score if r.match_end == "target" else None,
                "deals": r.deals if r.match_end == "deals" else None,
                "over": self.match_over,
                "winners": list(self.winners),
            },
        }
