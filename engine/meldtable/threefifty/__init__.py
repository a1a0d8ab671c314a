"""The "3 ist 50" family (variant ``3-ist-50``, seed ``003_ec1406dbe3488249.txt``): a house game
of giving cards away. Every player holds up to four cards, four cards lie face up in the centre,
and each turn one hand card is played:

1. onto the **middle** (rule "Handkarte identisch Mittelkarte oder Ablagestapel"): the card matches
   the rank of centre cards or of the discard pile's top; it goes, with the matching cards, onto the
   left neighbour's minus pile;
2. onto **own** (rule "Eine Handkarte ist identisch mit der obersten Karte meines Minushaufens"):
   the card matches the top of the player's own minus pile; it goes, with the unbroken run of that
   rank from the top of that pile, onto the left neighbour's minus pile;
3. onto **any minus pile** whose top card has its rank (rule "Eine Handkarte ist identisch mit
   irgendeiner obersten Karte eines beliebigen Minushaufens");
4. onto the **discard pile** (rule "Keine Handkarte identisch ... -> zu Ablagehaufen") when no
   hand card matches anything (option ``capture_mandatory``).

One core *hand* is one whole game of the seed: 4-card *rounds* are dealt from the stock until it
is used up; then each player's minus pile is counted (threes 50, aces 11, pictures 10, numbers
face value) and the fewest points win. A *match* is ``games`` such games (default 1) with the
first dealer moving one seat to the left each game. Scores are minus points (lower is better).

Every open point of the seed is a rule option (:mod:`.catalogue`; ``docs/rules/3-ist-50.md``).
:meth:`ThreeFiftyState.verify` (its ``_why``) is the one check of a move and its reason;
:meth:`ThreeFiftyState.legal_moves` is the fast enumeration of exactly the moves it accepts;
:meth:`ThreeFiftyState.apply` trusts that list.

One room per concern (the canasta family's shape):

========================  ==================================================================
module                    what it holds
========================  ==================================================================
:mod:`.catalogue`         the rule options (defaults, sources, research rows) and the variant
:mod:`.rules`             constants, card values, ``Rules`` (the resolved options)
:mod:`.moves`             ``ThreeFiftyMove``: move values and their notation
:mod:`.state`             ``ThreeFiftyState``: dealing rounds, applying moves, copies
:mod:`.legality`          legal moves and ``verify``/``_why``, the one check and its reason
:mod:`.reasons`           the catalogue of refusal reasons (English and German)
:mod:`.scoring`           end of a game and its minus points
:mod:`.view`              what one seat sees
:mod:`.saved`             saved games: ``to_dict`` and the validating loader
:mod:`.actions`           the page's actions turned into moves
:mod:`.bot`               the computer player
:mod:`.hidden`            ``shuffle_hidden``: the cards one seat cannot see dealt again
:mod:`.search_steps`      the search's fast path: moves listed and applied without notation or
                          move log, a playout in one loop, the hidden parts dealt again
:mod:`.testing`           harness hooks for the simulation harness (never imported by the engine)
:mod:`.family`            the family protocol the engine's ``Game`` uses
========================  ==================================================================

Importing :mod:`meldtable` does not import this package; ``meldtable.VARIANTS`` loads
:mod:`.catalogue` when the variant is first looked up, ``meldtable.game`` loads :mod:`.family`
when a game of 3 ist 50 starts.
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "compose_action": "actions",
    "choose_move": "bot",
    "ThreeFiftyMove": "moves",
    "parse_move": "moves",
    "CENTRE_SIZE": "rules",
    "HAND_SIZE": "rules",
    "KINDS": "rules",
    "Kind": "rules",
    "SCORE_ITEMS": "rules",
    "TARGETS": "rules",
    "Rules": "rules",
    "a_rank": "rules",
    "card_sort_key": "rules",
    "State": "state",
    "ThreeFiftyState": "state",
    "new_state": "state",
    "shuffle_hidden": "hidden",
}
"""Public name -> the module of this package that defines it (imported on first use)."""

__all__ = [
    "ThreeFiftyMove", "ThreeFiftyState", "Rules", "State", "new_state", "parse_move", "choose_move",
    "compose_action", "CENTRE_SIZE", "HAND_SIZE", "KINDS", "Kind", "SCORE_ITEMS", "TARGETS", "a_rank", "card_sort_key",
    "shuffle_hidden",
]


def __getattr__(name: str) -> Any:
    """The public names of the family, each imported from its room on first use (PEP 562), so that
    importing one room (e.g. ``.reasons`` for the page's catalogue) stays light."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


def __dir__() -> list[str]:
    return sorted(list(globals()) + list(_WHERE))
