"""Card kinds and values of the canasta family: wild cards, red and black threes, points.

Sources: seed 001 (``001_d62449b4e08e177b.txt``) "Rangfolge der Karten" gives the full table
(red three 100, joker 50, two 20, ace 20, king to eight 10, seven to four 5, black three 5);
seed 000's table is damaged and seed 004 refers to a table it does not contain, so every canasta
preset uses this one (research C31).
"""

from __future__ import annotations

from ..cards import Card

ACE = 1
THREE = 3
NATURAL_RANKS = (ACE,) + tuple(range(4, 14))
"""Ranks that form ordinary melds: ace and four to king (threes and wild cards do not)."""
CANASTA_SIZE = 7
WILD = 2
"""The key of a side's meld of wild cards only (option ``wild_canasta``): the rank of the twos, which
never form a meld of their own; notation ``add 2 JK``."""
HISTORY_KEEP = 12
KEY_STEP = 16
"""Meld keys: a side's first meld of a rank has the rank as its key, the n-th one ``rank + 16 * (n - 1)``
(option ``same_rank_melds`` = ``after_canasta``; notation ``add Q#2 QH``)."""


def key_rank(key: int) -> int:
    """The rank of the meld with ``key`` (see :data:`KEY_STEP`)."""
    return key % KEY_STEP


def key_number(key: int) -> int:
    """Which meld of its rank ``key`` is: 1 for the first, 2 for the second, ..."""
    return key // KEY_STEP + 1


def is_wild(c: Card) -> bool:
    """Jokers and twos are wild cards (seed 000: "2er und Joker sind wilde Karten")."""
    return c.rank == 0 or c.rank == 2


def is_red_three(c: Card) -> bool:
    """A red three (3D, 3H): a bonus card, laid out at once."""
    return c.rank == THREE and c.is_red


def is_black_three(c: Card) -> bool:
    """A black three (3C, 3S): a stop card."""
    return c.rank == THREE and not c.is_red


def card_value(c: Card) -> int:
    """Points of a card on the table or in hand (seed 000's damaged table, completed as pagat and
    the issue give it): joker 50; 2 and ace 20; king to eight 10; seven to four and black three 5.
    A red three is worth 100 only as a bonus (see scoring)."""
    r = c.rank
    if r == 0:
        return 50
    if r == 2 or r == ACE:
        return 20
    if r >= 8:
        return 10
    if r == THREE and c.is_red:
        return 100
    return 5


def hand_sort_key(c: Card) -> tuple[int, int, str]:
    """Order of a sorted hand: threes, four to king, ace, then twos and jokers."""
    if c.rank == 0:
        return (16, 0, "")
    if c.rank == 2:
        return (15, 0, c.suit)
    if c.rank == ACE:
        return (14, 0, c.suit)
    return (c.rank, 0, c.suit)
