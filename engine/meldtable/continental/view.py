"""What one seat of a continental game sees (docs/rules/continental.md, "Views")."""

from __future__ import annotations

from typing import Any

from ..cards import JOKER_TEXT, RANKS
from .base import StateBase
from .combos import Combo
from .rules import RUN, contract_name, hand_key

WILD_RANKS: list[str] = [JOKER_TEXT]
"""The view's ``wild_ranks``: the joker only, the one card the combinations take as wild
(``Card.is_joker`` throughout this package; seed 002: "Der Joker ist eine besondere Karte, die
jede andere Karte im Deck ersetzt"; the twos are natural cards). No option changes them
(``jokers_per_deck`` only says how many jokers there are)."""


class Viewing(StateBase):
    """The view of one seat (mixin of ``ContinentalState``)."""

    # ------------------------------------------------------------------ views
    def view(self, seat: int) -> dict[str, Any]:
        """JSON-ready view for ``seat``: its own hand, the others' card counts, the stocks' sizes,
        the top discard (buried discards are hidden), every laid-down combination, the claim
        window, scores and results (docs/rules/continental.md, "Views")."""
        r = self.rules
        t = self.turn
        sets, runs = self.contract()
        if self.match_over:
            phase = "match_over"
        elif self.hand_over:
            phase = "hand_over"
        elif self.window:
            phase = "claim"
        else:
            phase = t.stage
        hand = sorted((c for c, n in self.hands[seat].items() for _ in range(n)), key=hand_key)
        claim = None
        if self.window:
            claim = {
                "card": self.pile[-1].text,
                "seat": self.window[0],
                "discarder": self.top_from,
                "queue": list(self.window),
                "penalty_from": "penalty_stock" if self._penalty_source() == "penalty" else "main_stock",
            }
        return {
            "variant": None,  # filled in by Game.view
            "family": "continental",
            "seat": seat,
            "players": r.players,
            "direction": r.direction,
            "hand_number": self.hand_number,
            "deals": r.deals,
            "dealer": self.dealer,
            "decks": self.decks,
            "phase": phase,
            "current_player": self.current_player,
            "contract": {"sets": sets, "runs": runs, "name": contract_name(sets, runs),
                         "hand_size": r.hand_size(self.hand_number)},
            "contracts": [
                {"deal": i + 1, "sets": s, "runs": u, "name": contract_name(s, u), "hand_size": r.hand_size(i + 1),
                 "decks": r.decks_for(i + 1)}
                for i, (s, u) in enumerate(r.contracts)
            ],
            "hand": [c.text for c in hand],
            # which ranks are wild cards: the page marks a card wild only by this list
            # (web/cards.js setWildRanks), knowing no rule of its own (issue #26)
            "wild_ranks": list(WILD_RANKS),
            "hand_counts": [sum(h.values()) for h in self.hands],
            "stock": len(self.stock),
            "penalty_stock": len(self.penalty),
            "reshuffles": self.reshuffles,
            "discard": {
                "top": self.pile[-1].text if self.pile else None,
                "size": len(self.pile),
                "claimable": self._top_claimable_now(),
                "discarded_by": self.top_from if self.top_claimable else None,
                "takes_in_a_row": self.takes_in_a_row,
            },
            "seats": [
                {
                    "seat": s,
                    "down": self.down[s],
                    "claims": self.claims[s],
                    "score": self.scores[s],
                    "hand_count": sum(self.hands[s].values()),
                    "combos": [self._combo_view(s, k, cb) for k, cb in enumerate(self.table[s])],
                }
                for s in range(r.players)
            ],
            "turn": None if self.hand_over else {
                "seat": t.seat,
                "stage": t.stage,
                "drew": t.drew,
                "taken": None if t.taken is None else t.taken.text,
                "laying_down": None if t.pending is None else {"sets": t.pending[0], "runs": t.pending[1]},
                "went_down": t.went_down,
                "place_joker_from": t.joker_from,
            },
            "claim": claim,
            "scores": list(self.scores),
            "results": [dict(x) for x in self.results],
            "last_moves": [dict(m) for m in self.last_moves],
            "options": dict(r.options),
            "match": {"deals": r.deals, "over": self.match_over, "winners": list(self.winners), "lowest_wins": True},
        }

    def _top_claimable_now(self) -> bool:
        """Whether the top discard can still be claimed out of turn: in an open claim window, or
        before the draw of the seat whose turn it is (a claim window may open after a stock draw);
        never once the window has closed or the card was taken, nor when nobody may claim."""
        if self.hand_over or not self.pile or not self.top_claimable or self.rules.claim_by == "nobody":
            return False
        return bool(self.window) or self.turn.stage == "draw"

    def _combo_view(self, seat: int, k: int, cb: Combo) -> dict[str, Any]:
        d: dict[str, Any] = {
            "id": f"{seat}.{k + 1}",
            "owner": seat,
            "kind": cb.kind,
            "cards": [c.text for c in cb.cards],
            "jokers": cb.jokers,
        }
        if cb.kind == RUN:
            d["suit"] = cb.suit
            d["represents"] = [cb.represents(i).text for i in range(len(cb.cards))]
            d["rank"] = None
        else:
            d["suit"] = None
            d["represents"] = None
            d["rank"] = RANKS[cb.rank - 1]
        return d
