"""3 ist 50's constants, card values and ``Rules``: the resolved rule options as attributes (seed
003; docs/rules/3-ist-50.md)."""

from __future__ import annotations

from typing import Any, Literal, get_args

from ..cards import ALL_CARDS, Card, rank_name, standard_deck
from .catalogue import (
    CaptureSources,
    DiscardCaptureDepth,
    DiscardRevealNext,
    Option4Targets,
    RefillOrder,
)

HAND_SIZE = 4
"""Cards dealt to each player per round (seed: 'Jeder Spieler erhält 4 Karten')."""
CENTRE_SIZE = 4
"""Face-up centre cards after each deal (seed: 'Offen auf den Tisch werden 4 Karten ausgelegt')."""
HISTORY_KEEP = 12
Kind = Literal["play", "discard"]
"""A 3 ist 50 move's kind, as a type: mypy refuses a comparison of a move's ``kind`` with any
other text."""
KINDS: tuple[Kind, ...] = get_args(Kind)
Target = Literal["middle", "centre", "discard", "own", "pile"]
"""Where ``play`` puts a card, as a type (see :data:`TARGETS`)."""
TARGETS: tuple[Target, ...] = get_args(Target)
"""Targets of ``play``: ``middle`` (centre cards and discard top together), ``centre`` and
``discard`` (one source, option ``capture_sources = center_or_discard_top``), ``own`` (with the
run of the own minus pile), ``pile`` (onto a given seat's minus pile)."""
_EXAMPLE = "'play 7H middle' or 'discard 7H'"
_TARGET_ALIASES = {"center": "centre", "mitte": "middle", "own": "own"}

def a_rank(rank: int) -> str:
    """``"a seven"``, ``"an ace"``, ``"an eight"``."""
    name = rank_name(rank)
    return ("an " if name[0] in "ae" else "a ") + name


def card_sort_key(c: Card) -> tuple[int, int, str]:
    """Order of cards in views and saved hands: ace, 2 ... king, then jokers; suits C D H S."""
    return (c.rank == 0, c.rank, c.suit)


# ---------------------------------------------------------------------- rules


_SEARCH_PLAYS: dict[tuple[bool, bool, int, int], dict[int, tuple[Any, ...]]] = {}
"""The tables of :attr:`Rules.search_plays`, one per (middle together, own pile a fourth-play
target, players, seat)."""


class Rules:
    """The resolved rule options of one game, as attributes (see :mod:`.catalogue`)."""

    def __init__(self, options: dict[str, Any], players: int) -> None:
        o = options
        self.options = dict(options)
        self.players = players
        self.decks: int = o["decks"]
        self.jokers_per_deck: int = o["jokers_per_deck"]
        self.joker_value: int = o["joker_value"]
        self.three_value: int = o["three_value"]
        self.capture_sources: CaptureSources = o["capture_sources"]
        self.capture_mandatory: bool = o["capture_mandatory"]
        self.take_all_matches: bool = o["take_all_matches"]
        self.discard_reveal_next: DiscardRevealNext = o["discard_reveal_next"]
        self.option4_targets: Option4Targets = o["option4_targets"]
        self.refill_order: RefillOrder = o["refill_order"]
        self.leftovers_scored: bool = o["leftovers_scored"]
        self.discard_capture_depth: DiscardCaptureDepth = o["discard_capture_depth"]
        self.games: int = o["games"]
        self.together = self.capture_sources == "center_and_discard_top"
        self._points: dict[Card, tuple[str, int]] | None = None
        flags = (self.together, self.option4_targets == "any", players)
        self.search_plays: list[dict[int, tuple[Any, ...]]] = [
            _SEARCH_PLAYS.setdefault(flags + (seat,), {}) for seat in range(players)]
        """Per seat to act: a card's ``play`` moves for the places of its rank (the search's fast
        path, :func:`meldtable.threefifty.search_steps._plays`), filled as met and shared by
        every game with the same targets."""

    def value(self, c: Card) -> int:
        """Minus points of a card (seed 'Werte der Karten'): every three ``three_value`` (50),
        ace 11, jack/queen/king 10, other numbers face value (ten 10); joker ``joker_value``."""
        r = c.rank
        if r == 0:
            return self.joker_value
        if r == 3:
            return self.three_value
        if r == 1:
            return 11
        if r >= 11:
            return 10
        return r

    def points(self) -> dict[Card, tuple[str, int]]:
        """Every card's score item (:data:`SCORE_ITEMS`) and :meth:`value`, made once per rules (the
        count at the end of every game, the search's playouts included)."""
        found = self._points
        if found is None:
            found = self._points = {c: (_category(c), self.value(c)) for c in ALL_CARDS}
        return found

    def deck(self) -> list[Card]:
        return standard_deck(self.decks, self.jokers_per_deck)


def _category(c: Card) -> str:
    if c.rank == 0:
        return "jokers"
    if c.rank == 3:
        return "threes"
    if c.rank == 1:
        return "aces"
    if c.rank >= 11:
        return "pictures"
    return "numbers"


SCORE_ITEMS = ("threes", "aces", "pictures", "numbers", "jokers")


def _top_run(pile: list[Card]) -> int:
    """Length of the unbroken run of the top card's rank at the top of ``pile`` (0 if empty)."""
    if not pile:
        return 0
    r = pile[-1].rank
    k = 1
    while k < len(pile) and pile[-1 - k].rank == r:
        k += 1
    return k
