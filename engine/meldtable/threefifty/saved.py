"""Saved games of 3 ist 50: ``to_dict`` and the validating loader ``from_dict``
(docs/rules/3-ist-50.md, "Saved games")."""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ..cards import ALL_CARDS, Card
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


_TEXT_OF = attrgetter("text")
_SORT_KEY = {c: card_sort_key(c) for c in ALL_CARDS}
""":func:`card_sort_key` of every card, made once (the order of saved hands)."""


class Saved(StateBase):
    """Saved games (mixin of ``ThreeFiftyState``)."""

    # ------------------------------------------------------------------ persistence
    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (docs/rules/3-ist-50.md, "Saved games")."""
        def cards(xs: Iterable[Card]) -> list[str]:
            return list(map(_TEXT_OF, xs))

        def msort(ms: dict[Card, int]) -> list[str]:
            held = list(ms) if all(k == 1 for k in ms.values()) else [c for c, k in ms.items() for _ in range(k)]
            return list(map(_TEXT_OF, sorted(held, key=_SORT_KEY.__getitem__)))

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
        the hands fit the turn order, in steps: the game and round numbers and scores, the cards,
        the seats, then the game as a whole. Raises :class:`StateError` with a clear message."""
        from .state import ThreeFiftyState

        s = ThreeFiftyState(rules, seed)
        _load_numbers(s, d)
        _load_cards(s, d)
        s.hand_over = saved_field(d, "hand_over", bool)
        s.last_receiver = _seat_or_none(d, "last_receiver", rules.players)
        s.to_act = _seat_or_none(d, "to_act", rules.players)
        s.last_moves = saved_last_moves(d, HISTORY_KEEP, seats=rules.players)
        _check_cards(s)
        _check_game(s)
        return s


def _seat_or_none(d: Any, key: str, n: int) -> int | None:
    """The saved seat ``key`` (below ``n``) or ``None``. Raises :class:`StateError`."""
    v = d.get(key) if isinstance(d, dict) else None
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < n:
        raise StateError.of(REASONS, "saved_seat", {"key": key})
    return v


def _load_numbers(s: ThreeFiftyState, d: Any) -> None:
    """The game number, the first dealer, the round and its dealer, the cards dealt this round,
    the scores and the results."""
    n = s.rules.players
    s.hand_number = saved_field(d, "hand_number", int)
    s.first_dealer = saved_field(d, "first_dealer", int)
    s.round = saved_field(d, "round", int)
    s.round_cards = saved_field(d, "round_cards", int)
    s.dealer = saved_field(d, "dealer", int)
    if s.hand_number < 1 or s.round < 1 or not 0 <= s.dealer < n or not 0 <= s.first_dealer < n:
        raise StateError.of(REASONS, "saved_numbers")
    if s.dealer != (s.first_dealer + s.round - 1) % n:
        raise StateError.of(REASONS, "saved_dealer")
    if not 1 <= s.round_cards <= HAND_SIZE:
        raise StateError.of(REASONS, "saved_round_cards", {"most": HAND_SIZE})
    scores = saved_field(d, "scores", list)
    if len(scores) != n or any(isinstance(x, bool) or not isinstance(x, int) for x in scores):
        raise StateError.of(REASONS, "saved_scores")
    s.scores = list(scores)
    s.results, s.match_over, s.winners = saved_outcome(d, n, "seats", seats=n)


def _load_cards(s: ThreeFiftyState, d: Any) -> None:
    """The stock, the centre, the discard pile (and whether its top card is live), the minus
    piles, the hands and the cards set aside."""
    n = s.rules.players
    s.stock = saved_cards(saved_field(d, "stock", list), "The stock")
    s.centre = saved_cards(saved_field(d, "centre", list), "The centre")
    if len(s.centre) > CENTRE_SIZE:
        raise StateError.of(REASONS, "saved_centre", {"most": CENTRE_SIZE})
    s.discard = saved_cards(saved_field(d, "discard_pile", list), "The discard pile")
    s.discard_live = saved_field(d, "discard_live", bool)
    if s.discard_live and not s.discard:
        raise StateError.of(REASONS, "saved_discard_live")
    if s.discard and not s.discard_live and s.rules.discard_reveal_next == "later_turns":
        raise StateError.of(REASONS, "saved_discard_reveal")
    piles = saved_field(d, "piles", list)
    if len(piles) != n:
        raise StateError.of(REASONS, "saved_piles", {"count": n})
    s.piles = [saved_cards(p, f"Minus pile {i}") for i, p in enumerate(piles)]
    s.hands = saved_hands(d, n)
    s.set_aside = saved_cards(saved_field(d, "set_aside", list), "The set-aside cards")


def _check_cards(s: ThreeFiftyState) -> None:
    """Card conservation: every physical card exactly once."""
    everything: list[Card] = s.stock + s.centre + s.discard + s.set_aside
    for p in s.piles:
        everything.extend(p)
    for h in s.hands:
        everything.extend(c for c, k in h.items() for _ in range(k))
    check_saved_deck(everything, s.rules.deck())


def _check_game(s: ThreeFiftyState) -> None:
    """The game as a whole: its number, a finished game with empty hands and stock, or a game in
    play with a seat to act, hands that fit the turn order (:func:`_check_turn_order`) and a legal
    move."""
    rules = s.rules
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
        return
    if s.match_over:
        raise StateError.of(REASONS, "saved_match_over")
    if s.to_act is None:
        raise StateError.of(REASONS, "saved_to_act")
    _check_turn_order(s, s.to_act, sizes)
    if not s.legal_moves():
        raise StateError.of(COMMON, "state_stuck", {"seat": s.to_act})


def _check_turn_order(s: ThreeFiftyState, to_act: int, sizes: list[int]) -> None:
    """Seats from the round's first player up to the seat to act have played once more: they
    hold one card fewer than the others (``sizes``: cards per hand)."""
    n = s.rules.players
    first = (s.dealer + 1) % n
    c = sizes[to_act]
    played = set()
    q = first
    while q != to_act:
        played.add(q)
        q = (q + 1) % n
    ok = c >= 1 and c <= s.round_cards and all(
        sizes[q] == (c - 1 if q in played else c) for q in range(n)
    )
    if not ok:
        raise StateError.of(REASONS, "saved_turn_order", {"first": first, "seat": to_act})
