"""Legality of 3 ist 50 moves: the fast enumeration :meth:`Legality.legal_moves` and the one check
of a move with its reason, :meth:`Legality.verify` / :meth:`Legality._why`
(tests/test_threefifty_verify.py checks that they agree). A mixin of
:class:`~meldtable.threefifty.state.ThreeFiftyState`: it reads the state and never changes it
(only its caches ``_legal`` and ``_legal_set``)."""

from __future__ import annotations

from typing import Any

from ..cards import Card, rank_name
from ..family import CachedLegalMoves
from .moves import ThreeFiftyMove
from .rules import a_rank


class Legality(CachedLegalMoves):
    """Legal moves and refusal reasons of the seat to act (mixin of ``ThreeFiftyState``)."""

    # ------------------------------------------------------------------ legality
    def _plays_for(self, c: Card, seat: int) -> list[ThreeFiftyMove]:
        """The ``play`` moves of hand card ``c`` for ``seat`` (rules 1-3)."""
        r = self.rules
        out: list[ThreeFiftyMove] = []
        rank = c.rank
        in_centre = any(x.rank == rank for x in self.centre)
        top = self._live_top()
        on_discard = top is not None and top.rank == rank
        if r.together:
            if in_centre or on_discard:
                out.append(ThreeFiftyMove("play", c, "middle"))
        else:
            if in_centre:
                out.append(ThreeFiftyMove("play", c, "centre"))
            if on_discard:
                out.append(ThreeFiftyMove("play", c, "discard"))
        own = self.piles[seat]
        if own and own[-1].rank == rank:
            out.append(ThreeFiftyMove("play", c, "own"))
        for p, pile in enumerate(self.piles):
            if pile and pile[-1].rank == rank and (p != seat or r.option4_targets == "any"):
                out.append(ThreeFiftyMove("play", c, "pile", p))
        return out

    def _generate(self) -> list[ThreeFiftyMove]:
        seat = self.to_act
        assert seat is not None
        out: list[ThreeFiftyMove] = []
        hand = self.hands[seat]
        for c in hand:
            out.extend(self._plays_for(c, seat))
        if not out or not self.rules.capture_mandatory:
            out.extend(ThreeFiftyMove("discard", c) for c in hand)
        out.sort(key=str)
        return out

    # ------------------------------------------------------------------ explaining refusals
    def explain(self, move: Any, seat: int | None = None) -> tuple[str, str, dict[str, Any]]:
        """Why ``move`` is not legal now: ``(key, message, params)`` in a player's words."""
        r = self.rules
        if self.hand_over:
            return "hand_over", "The game is over.", {}
        me = self.to_act
        assert me is not None
        if seat is not None and seat != me:
            return "not_your_turn", f"It is seat {me}'s turn, not seat {seat}'s.", {"seat": me}
        if not isinstance(move, ThreeFiftyMove):
            return "not_allowed", "That is not a move of this game: play a card ('play 7H middle') or discard one ('discard 7H').", {}
        c = move.card
        if self.hands[me].get(c, 0) == 0:
            return "not_in_hand", f"You do not hold {c.text}.", {"card": c.text}
        rank = c.rank
        p = {"card": c.text, "rank": c.rank_text}
        if move.kind == "discard":
            plays = [m for m in self.legal_moves() if m.kind == "play"]
            if plays:
                return (
                    "must_match",
                    f"You may discard only when no card in your hand matches: {plays[0].card.text} "
                    f"can be played ('{plays[0]}').",
                    {"move": str(plays[0])},
                )
            return "not_allowed", "That move is not allowed now.", {}
        t = move.target
        top = self.discard[-1] if self.discard else None
        in_centre = any(x.rank == rank for x in self.centre)
        on_discard = top is not None and top.rank == rank and self.discard_live
        if t == "middle":
            if not r.together:
                return (
                    "choose_source",
                    "In this game you take either from the centre or from the discard pile: "
                    f"write 'play {c.text} centre' or 'play {c.text} discard'.",
                    p,
                )
            if top is not None and top.rank == rank and not self.discard_live:
                return "discard_dead", "The discard pile's top card can be matched only after a new card is discarded.", p
            return "no_match_middle", f"No {rank_name(rank)} lies in the middle (the centre cards and the discard pile's top).", p
        if t in ("centre", "discard") and r.together:
            if in_centre or on_discard:
                return (
                    "use_middle",
                    f"The matching cards of the centre and the discard pile go together: write 'play {c.text} middle'.",
                    p,
                )
        if t == "centre":
            return "no_match_centre", f"No {rank_name(rank)} lies among the centre cards.", p
        if t == "discard":
            if top is None:
                return "discard_empty", "The discard pile is empty.", p
            if top.rank == rank and not self.discard_live:
                return "discard_dead", "The discard pile's top card can be matched only after a new card is discarded.", p
            return "no_match_discard", f"The top of the discard pile is {top.text}, not {a_rank(rank)}.", p
        if t == "own":
            own = self.piles[me]
            if not own:
                return "own_empty", "Your minus pile is empty.", p
            return "no_match_own", f"The top of your minus pile is {own[-1].text}, not {a_rank(rank)}.", p
        if t == "pile":
            q = move.pile
            if q is None or not 0 <= q < r.players:
                return "no_seat", f"There is no seat {q} in this {r.players}-player game.", p
            pile = self.piles[q]
            whose = "your" if q == me else f"seat {q}'s"
            if q == me and r.option4_targets == "others_only":
                return (
                    "own_pile",
                    f"In this game you may not put a card on your own minus pile: write 'play {c.text} own' "
                    "to pass the pile's top cards on.",
                    p,
                )
            if not pile:
                return "pile_empty", f"{whose.capitalize()} minus pile is empty.", {**p, "pile": q}
            return "no_match_pile", f"The top of {whose} minus pile is {pile[-1].text}, not {a_rank(rank)}.", {**p, "pile": q}
        return "not_allowed", "That move is not allowed now.", {}
