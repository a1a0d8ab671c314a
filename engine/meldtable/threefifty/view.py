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
        """The cards a play of ``c`` onto ``target`` (``middle``, ``centre`` or ``discard``) takes
        along (seed 003, rule 1): ``(from_centre, from_discard)``, the matching centre cards (the
        first only unless option ``take_all_matches``) and the live top of the discard pile (its
        run of one rank with ``discard_capture_depth`` = ``run``); both empty for other targets."""
        r = self.rules
        from_centre: list[Card] = []
        from_discard: list[Card] = []
        if target in ("middle", "centre"):
            from_centre = [x for x in self.centre if x.rank == c.rank][: None if r.take_all_matches else 1]
        top = self._live_top()
        if target in ("middle", "discard") and top is not None and top.rank == c.rank:
            k = _top_run(self.discard) if r.discard_capture_depth == "run" else 1
            from_discard = self.discard[-k:]
        return from_centre, from_discard

    def _captures_view(self, hand: dict[Card, int]) -> dict[str, dict[str, Any]]:
        """The view's ``captures``: for each hand card that matches a centre card or the discard
        pile's top, ``{"centre": [cards a centre play takes], "discard": [cards a discard play
        takes], "matches": [indices of the centre cards of its rank], "on_top": its rank is the
        discard pile's top's (live or not)}`` (docs/protocol.md, "3 ist 50 view")."""
        top = self.discard[-1] if self.discard else None
        out: dict[str, dict[str, Any]] = {}
        for c in hand:
            matches = [i for i, x in enumerate(self.centre) if x.rank == c.rank]
            on_top = top is not None and top.rank == c.rank
            if matches or on_top:
                out[c.text] = {"centre": [x.text for x in self.captured_by(c, "centre")[0]],
                               "discard": [x.text for x in self.captured_by(c, "discard")[1]],
                               "matches": matches, "on_top": on_top}
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
            "centre": [c.text for c in self.centre],
            "captures": self._captures_view(self.hands[seat]),
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
