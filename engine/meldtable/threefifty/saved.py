"""Saved games of 3 ist 50: ``to_dict`` and the validating loader ``from_dict``
(docs/rules/3-ist-50.md, "Saved games")."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..errors import StateError
from ..fields import (
    check_saved_deck,
    saved_cards,
    saved_field,
    saved_hands,
    saved_last_moves,
    saved_outcome,
)
from ..reasons import COMMON
from .base import StateBase
from .reasons import REASONS
from .rules import CENTRE_SIZE, HAND_SIZE, HISTORY_KEEP, Rules, card_sort_key

if TYPE_CHECKING:
    from .state import ThreeFiftyState


class Saved(StateBase):
    """Saved games (mixin of ``ThreeFiftyState``)."""

    # ------------------------------------------------------------------ persistence
    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (docs/rules/3-ist-50.md, "Saved games")."""
        def cards(xs: Iterable[Card]) -> list[str]:
            return [c.text for c in xs]

        def msort(ms: dict[Card, int]) -> list[str]:
            return [c.text for c in sorted((c for c, k in ms.items() for _ in range(k)), key=card_sort_key)]

        return {
            "hand_number": self.hand_number,
            "first_dealer": self.first_dealer,
            "round": self.round,
            "round_cards": self.round_cards,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "scores": list(self.scores),
            "results": self.results,
            "match_over": self.match_over,
            "winners": list(self.winners),
            "stock": cards(self.stock),
            "centre": cards(self.centre),
            "discard_pile": cards(self.discard),
            "discard_live": self.discard_live,
            "piles": [cards(p) for p in self.piles],
            "hands": [msort(h) for h in self.hands],
            "set_aside": cards(self.set_aside),
            "hand_over": self.hand_over,
            "last_receiver": self.last_receiver,
            "last_moves": self.last_moves,
        }

    @classmethod
    def from_dict(cls, rules: Rules, seed: int, d: Any) -> ThreeFiftyState:
        """Rebuild a state from :meth:`to_dict` data, checking types, card conservation and that
        the hands fit the turn order. Raises :class:`StateError` with a clear message."""
        need = saved_field

        def seat_or_none(key: str) -> int | None:
            v = d.get(key) if isinstance(d, dict) else None
            if v is None:
                return None
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < n:
                raise StateError.of(REASONS, "saved_seat", {"key": key})
            return v

        cardlist = saved_cards

        n = rules.players
        from .state import ThreeFiftyState

        s = ThreeFiftyState(rules, seed)
        s.hand_number = need(d, "hand_number", int)
        s.first_dealer = need(d, "first_dealer", int)
        s.round = need(d, "round", int)
        s.round_cards = need(d, "round_cards", int)
        s.dealer = need(d, "dealer", int)
        if s.hand_number < 1 or s.round < 1 or not 0 <= s.dealer < n or not 0 <= s.first_dealer < n:
            raise StateError.of(REASONS, "saved_numbers")
        if s.dealer != (s.first_dealer + s.round - 1) % n:
            raise StateError.of(REASONS, "saved_dealer")
        if not 1 <= s.round_cards <= HAND_SIZE:
            raise StateError.of(REASONS, "saved_round_cards", {"most": HAND_SIZE})
        scores = need(d, "scores", list)
        if len(scores) != n or any(isinstance(x, bool) or not isinstance(x, int) for x in scores):
            raise StateError.of(REASONS, "saved_scores")
        s.scores = list(scores)
        s.results, s.match_over, s.winners = saved_outcome(d, n, "seats", seats=n)
        s.stock = cardlist(need(d, "stock", list), "The stock")
        s.centre = cardlist(need(d, "centre", list), "The centre")
        if len(s.centre) > CENTRE_SIZE:
            raise StateError.of(REASONS, "saved_centre", {"most": CENTRE_SIZE})
        s.discard = cardlist(need(d, "discard_pile", list), "The discard pile")
        s.discard_live = need(d, "discard_live", bool)
        if s.discard_live and not s.discard:
            raise StateError.of(REASONS, "saved_discard_live")
        if s.discard and not s.discard_live and rules.discard_reveal_next == "later_turns":
            raise StateError.of(REASONS, "saved_discard_reveal")
        piles = need(d, "piles", list)
        if len(piles) != n:
            raise StateError.of(REASONS, "saved_piles", {"count": n})
        s.piles = [cardlist(p, f"Minus pile {i}") for i, p in enumerate(piles)]
        s.hands = saved_hands(d, n)
        s.set_aside = cardlist(need(d, "set_aside", list), "The set-aside cards")
        s.hand_over = need(d, "hand_over", bool)
        s.last_receiver = seat_or_none("last_receiver")
        s.to_act = seat_or_none("to_act")
        s.last_moves = saved_last_moves(d, HISTORY_KEEP, seats=n)
        # card conservation: every physical card exactly once
        everything: list[Card] = s.stock + s.centre + s.discard + s.set_aside
        for p in s.piles:
            everything.extend(p)
        for h in s.hands:
            everything.extend(c for c, k in h.items() for _ in range(k))
        check_saved_deck(everything, rules.deck())
        sizes = [sum(h.values()) for h in s.hands]
        if s.hand_number > rules.games:
            raise StateError.of(REASONS, "saved_game_number", {"games": rules.games})
        if s.hand_over:
            if s.hand_number == rules.games and not s.match_over:
                raise StateError.of(REASONS, "saved_last_game")
            if s.to_act is not None:
                raise StateError.of(REASONS, "saved_to_act_over")
            if any(sizes) or s.stock:
                raise StateError.of(REASONS, "saved_finished")
        else:
            if s.match_over:
                raise StateError.of(REASONS, "saved_match_over")
            if s.to_act is None:
                raise StateError.of(REASONS, "saved_to_act")
            # seats from the round's first player up to the seat to act have played once more
            first = (s.dealer + 1) % n
            c = sizes[s.to_act]
            played = set()
            q = first
            while q != s.to_act:
                played.add(q)
                q = (q + 1) % n
            ok = c >= 1 and c <= s.round_cards and all(
                sizes[q] == (c - 1 if q in played else c) for q in range(n)
            )
            if not ok:
                raise StateError.of(REASONS, "saved_turn_order", {"first": first, "seat": s.to_act})
            if not s.legal_moves():
                raise StateError.of(COMMON, "state_stuck", {"seat": s.to_act})
        return s
