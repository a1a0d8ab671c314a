"""What one seat of a game of 3 ist 50 sees (docs/rules/3-ist-50.md, "Views")."""

from __future__ import annotations

from typing import Any

from ..cards import Card
from .base import StateBase
from .rules import _top_run, card_sort_key


class Viewing(StateBase):
    """The view of one seat (mixin of ``ThreeFiftyState``)."""

    # ------------------------------------------------------------------ views
    def captured_by(self, c: Card, target: str) -> tuple[list[Card], list[Card]]:
        """``(from_centre, from_discard)``: the cards a play of ``c`` onto ``target`` (``middle``,
        ``centre``, ``discard``) takes along (seed 003, rule 1; options ``take_all_matches``,
        ``discard_capture_depth``)."""
        top = self._live_top()
        centre = [x for x in self.centre if x.rank == c.rank] if target != "discard" else []
        k = _top_run(self.discard) if self.rules.discard_capture_depth == "run" else 1
        return (centre[: None if self.rules.take_all_matches else 1],
                self.discard[-k:] if target != "centre" and top and top.rank == c.rank else [])

    def _captures(self, hand: dict[Card, int]) -> dict[str, dict[str, Any]]:
        """The view's ``captures`` (docs/protocol.md, "3 ist 50")."""
        top = self.discard[-1] if self.discard else None
        out: dict[str, dict[str, Any]] = {}
        for c in hand:
            at = [i for i, x in enumerate(self.centre) if x.rank == c.rank]
            if at or (top and top.rank == c.rank):
                out[c.text] = {"centre": [x.text for x in self.captured_by(c, "centre")[0]],
                               "discard": [x.text for x in self.captured_by(c, "discard")[1]],
                               "matches": at, "on_top": bool(top and top.rank == c.rank)}
        return out

    def view(self, seat: int) -> dict[str, Any]:
        """JSON-ready view for ``seat`` (docs/rules/3-ist-50.md, "Views"): its own hand, the
        others' card counts, the centre, the discard pile's top and size, every minus pile's size,
        top card and top run (all cards once the game is over), stock and set-aside counts,
        scores. Nothing hidden: no other hand, no stock order, no card below a pile's top run."""
        r = self.rules
        n = r.players
        over = self.hand_over
        piles = []
        for p, pile in enumerate(self.piles):
            k = _top_run(pile)
            run = pile[-k:] if k else []
            piles.append({
                "seat": p,
                "size": len(pile),
                "top": pile[-1].text if pile else None,
                "top_run": [x.text for x in run],
                "top_run_points": sum(r.value(x) for x in run),
                "cards": [x.text for x in pile] if over else None,
                "points": sum(r.value(x) for x in pile) if over else None,
            })
        top = self.discard[-1] if self.discard else None
        phase = "match_over" if self.match_over else "hand_over" if over else "play"
        return {
            "variant": None,  # filled in by Game.view
            "seat": seat,
            "players": n,
            "left_neighbour": self.left_of(seat),
            "hand_number": self.hand_number,
            "games": r.games,
            "round": self.round,
            "round_cards": self.round_cards,
            "dealer": self.dealer,
            "first_player": self.left_of(self.dealer),
            "phase": phase,
            "current_player": self.current_player,
            "hand": [c.text for c in sorted((c for c, k in self.hands[seat].items() for _ in range(k)), key=card_sort_key)],
            "hand_counts": [sum(h.values()) for h in self.hands],
            # no wild cards (seed 003 has none; with option jokers_per_deck > 0 a joker matches
            # only jokers, research T1): the page marks no card wild (web/cards.js setWildRanks)
            "wild_ranks": [],
            "centre": [c.text for c in self.centre],
            "captures": self._captures(self.hands[seat]),
            "discard": {
                "top": top.text if top else None,
                "size": len(self.discard),
                "live": bool(top) and self.discard_live,
                "top_run": [x.text for x in self.discard[len(self.discard) - _top_run(self.discard):]],
            },
            "piles": piles,
            "stock": len(self.stock),
            "set_aside": len(self.set_aside),
            "values": {
                "3": r.three_value, "A": 11, "K": 10, "Q": 10, "J": 10, "T": 10,
                **{str(v): v for v in range(2, 10) if v != 3},
                **({"JK": r.joker_value} if r.jokers_per_deck else {}),
            },
            "options": dict(r.options),
            "scores": list(self.scores),
            "results": [dict(x) for x in self.results],
            "last_moves": [dict(m) for m in self.last_moves],
            "match": {"games": r.games, "over": self.match_over, "winners": list(self.winners), "low_score_wins": True},
        }
