"""Legality of 3 ist 50 moves: the fast enumeration :meth:`Legality.legal_moves` and the one check
of a move with its reason, :meth:`Legality.verify` / :meth:`Legality._why`
(tests/test_threefifty_verify.py checks that they agree). A mixin of
:class:`~meldtable.threefifty.state.ThreeFiftyState`: it reads the state and never changes it
(only its caches ``_legal`` and ``_legal_set``)."""

from __future__ import annotations

from typing import Any

from ..cards import Card
from .base import StateBase
from .moves import ThreeFiftyMove
from .reasons import REASONS


class Legality(StateBase):
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

    # ------------------------------------------------------------------ the one check and its reason
    def verify(self, move: Any, seat: int | None = None) -> None:
        """Check ``move`` for ``seat`` (default: the seat to act): raise
        :class:`~meldtable.errors.IllegalMoveError` (``key``, ``params`` and the texts of
        :data:`~meldtable.threefifty.reasons.REASONS`) saying why it is not legal now, else return.
        The one source of legality and its reasons: :meth:`legal_moves` is a fast enumeration of
        exactly the moves this accepts (tests/test_threefifty_verify.py)."""
        reason = self._why(move, seat)
        if reason is not None:
            raise REASONS.error(reason[0], **reason[2])

    def explain(self, move: Any, seat: int | None = None) -> tuple[str, str, dict[str, Any]]:
        """Why ``move`` is not legal now: ``(key, English message, params)`` from :meth:`_why`; a
        legal move gets ``("legal", "That move is legal.", {})``."""
        return self._why(move, seat) or ("legal", "That move is legal.", {})

    def _why(self, move: Any, seat: int | None = None) -> tuple[str, str, dict[str, Any]] | None:
        """``None`` if ``move`` is legal now, else ``(key, English message, params)`` (seed 003, the
        four plays; options ``capture_sources``, ``capture_mandatory``, ``option4_targets``). A
        dispatcher: the turn and the card held, then the discard (:meth:`_why_discard`) or the
        play by its target (:meth:`_why_middle`, :meth:`_why_source`, :meth:`_why_own`,
        :meth:`_why_pile`)."""
        no = REASONS.why
        if self.hand_over:
            return no("hand_over")
        me = self.to_act
        assert me is not None
        if seat is not None and seat != me:
            return no("not_your_turn", seat=me, asked=seat)
        if not isinstance(move, ThreeFiftyMove):
            return no("wrong_family")
        c = move.card
        if self.hands[me].get(c, 0) == 0:
            return no("not_in_hand", card=c.text)
        if move.kind == "discard":
            return self._why_discard(me)
        p = {"card": c.text, "rank": c.rank_text}
        t = move.target
        if t == "middle":
            return self._why_middle(c.rank, p)
        if t in ("centre", "discard"):
            return self._why_source(t, c.rank, p)
        if t == "own":
            return self._why_own(me, c.rank, p)
        assert t == "pile"
        return self._why_pile(move.pile, me, c.rank, p)

    def _why_discard(self, me: int) -> tuple[str, str, dict[str, Any]] | None:
        """A discard: refused only when a play is possible and capturing is mandatory (option
        ``capture_mandatory``), naming the first such play."""
        if not self.rules.capture_mandatory:
            return None
        plays = [m for h in self.hands[me] for m in self._plays_for(h, me)]
        if not plays:
            return None
        first = min(plays, key=str)
        return REASONS.why("must_match", move=str(first), card=first.card.text)

    def _sources(self, rank: int) -> tuple[Card | None, bool, bool, bool]:
        """The middle's two sources for a card of ``rank``: the discard pile's top card, whether
        the centre holds the rank, whether the live top card matches, whether a dead one does."""
        top = self.discard[-1] if self.discard else None
        in_centre = any(x.rank == rank for x in self.centre)
        on_discard = top is not None and top.rank == rank and self.discard_live
        dead = top is not None and top.rank == rank and not self.discard_live
        return top, in_centre, on_discard, dead

    def _why_middle(self, rank: int, p: dict[str, Any]) -> tuple[str, str, dict[str, Any]] | None:
        """A play onto the middle (centre and discard pile together, option ``capture_sources``):
        a card of its rank in the centre or a live one on top of the discard pile."""
        no = REASONS.why
        _, in_centre, on_discard, dead = self._sources(rank)
        if not self.rules.together:
            return no("choose_source", **p)
        if in_centre or on_discard:
            return None
        return no("discard_dead", **p) if dead else no("no_match_middle", **p)

    def _why_source(self, t: str, rank: int, p: dict[str, Any]) -> tuple[str, str, dict[str, Any]] | None:
        """A play onto the centre or the discard pile named apart (``t``): only when the options
        keep them apart, and a matching card there (a live top card of the discard pile)."""
        no = REASONS.why
        together = self.rules.together
        top, in_centre, on_discard, dead = self._sources(rank)
        if together and (in_centre or on_discard):
            return no("use_middle", **p)
        if t == "centre":
            return None if in_centre and not together else no("no_match_centre", **p)
        if top is None:
            return no("discard_empty", **p)
        if on_discard and not together:
            return None
        if dead:
            return no("discard_dead", **p)
        return no("no_match_discard", top=top.text, **p)

    def _why_own(self, me: int, rank: int, p: dict[str, Any]) -> tuple[str, str, dict[str, Any]] | None:
        """A play onto the player's own minus pile: its top card of the same rank."""
        no = REASONS.why
        own = self.piles[me]
        if not own:
            return no("own_empty", **p)
        return None if own[-1].rank == rank else no("no_match_own", top=own[-1].text, **p)

    def _why_pile(self, q: int | None, me: int, rank: int, p: dict[str, Any]) -> tuple[str, str, dict[str, Any]] | None:
        """A play onto seat ``q``'s minus pile (the fourth play): a seat of the game, the own pile
        only with option ``option4_targets`` = ``any``, its top card of the same rank."""
        no = REASONS.why
        r = self.rules
        if q is None or not 0 <= q < r.players:
            return no("no_seat", pile=q, players=r.players, **p)
        pile = self.piles[q]
        if q == me and r.option4_targets != "any":
            return no("own_pile", **p)
        if not pile:
            return no("own_empty", **p) if q == me else no("pile_empty", pile=q, **p)
        if pile[-1].rank == rank:
            return None
        if q == me:
            return no("no_match_own", top=pile[-1].text, **p)
        return no("no_match_pile", pile=q, top=pile[-1].text, **p)
