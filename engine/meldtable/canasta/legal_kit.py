"""What the canasta legality rooms' move enumerations share: memoised combinations of hand
cards, sort keys, the verdict-cache key of a wild card.
"""

from __future__ import annotations

from operator import attrgetter

from ..cards import Card
from ..multiset import combinations

_move_text = attrgetter("_text")
_ANY_WILD = "wild"
"""The verdict-cache key of a joker or a two when the only question is whether the player can still
go out this turn (no initial meld pending): the planner counts wild cards alike then."""


def _item_index(item: tuple[Card, int]) -> int:
    """Sort key of ``(card, count)`` items: the card's index, which orders the cards of one natural
    rank by suit and the wild cards as twos by suit, then the joker, as :func:`card_order` does."""
    return item[0].index


_COMBOS: dict[tuple[tuple[tuple[Card, int], ...], int], tuple[tuple[Card, ...], ...]] = {}
_CACHE_LIMIT = 50_000


def _combos(items: tuple[tuple[Card, int], ...], k: int) -> tuple[tuple[Card, ...], ...]:
    """:func:`meldtable.multiset.combinations`, memoised: hands repeat the same few groups."""
    key = (items, k)
    found = _COMBOS.get(key)
    if found is None:
        if len(_COMBOS) > _CACHE_LIMIT:
            _COMBOS.clear()
        found = _COMBOS[key] = tuple(combinations(list(items), k))
    return found


_CardKeys = dict[Card, tuple[tuple[int, bool], tuple[int, bool]]]
"""Per card, its two entries in a verdict-cache key (see :meth:`Legality._card_keys`)."""
