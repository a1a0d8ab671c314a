"""The continental family: seven deals with fixed contracts of sets and runs, wild jokers, a
penalty stock, and taking a discard out of turn.

Implements ``continental`` (seed ``002_424f334b6be724ce.txt``, the Spanish "Continental" of
Fournier); every point the seed leaves open is a rule option (:mod:`.catalogue`,
``docs/rules/continental.md``, research rows K1-K18).

A deal is a sequence of moves; :attr:`ContinentalState.current_player` is always exactly one seat:

1. stage ``draw``: the seat whose turn it is plays ``draw`` (main stock) or ``take`` (the top
   discard);
2. after a ``draw``, while the top discard may still be claimed, the **claim window**: each later
   seat in turn order (ending with the seat that discarded it) is asked in turn and plays
   ``claim`` (the card plus a penalty card; the window closes) or ``pass``;
3. stage ``play`` of the seat whose turn it is: the contract is laid down one combination at a
   time (``set`` = 3 cards, ``run`` = 4 cards), each step only if the whole contract can still be
   completed in this turn; once down, ``add`` (one card onto any laid-down combination), ``swap``
   (a joker for the card it stands for); ``discard`` ends the turn.

Emptying the hand is going out. :meth:`ContinentalState.verify` (its ``_why``) is the one check of
a move and its reason; :meth:`ContinentalState.legal_moves` is the fast enumeration of exactly the
moves it accepts; :meth:`ContinentalState.apply` trusts that list.

One room per concern (the canasta family's shape):

========================  ==================================================================
module                    what it holds
========================  ==================================================================
:mod:`.catalogue`         the rule options (defaults, sources, research rows) and the variant
:mod:`.rules`             constants, contracts, card values, ``Rules`` (the resolved options)
:mod:`.moves`             ``ContinentalMove``: move values and their notation
:mod:`.combos`            ``Combo``: a laid-down set or run
:mod:`.planner`           ``Packer``: can the rest of a contract still be laid this turn?
:mod:`.state`             ``ContinentalState``: dealing, turns, the claim window, applying moves
:mod:`.legality`          legal moves and ``verify``/``_why``, the one check and its reason
:mod:`.scoring`           end of a deal and its score
:mod:`.view`              what one seat sees
:mod:`.saved`             saved games: ``to_dict`` and the validating loader
:mod:`.actions`           the page's actions turned into moves
:mod:`.bot`               the computer player
:mod:`.hidden`            ``shuffle_hidden``: the cards one seat cannot see dealt again
:mod:`.testing`           harness hooks for the simulation harness (never imported by the engine)
:mod:`.family`            the family protocol the engine's ``Game`` uses
========================  ==================================================================

Importing :mod:`meldtable` does not import this package; ``meldtable.VARIANTS`` loads
:mod:`.catalogue` when the variant is first looked up, ``meldtable.game`` loads :mod:`.family`
when a continental game starts.
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "ACTION_BUDGET": "actions",
    "compose_action": "actions",
    "ContinentalBot": "bot",
    "choose_move": "bot",
    "Combo": "combos",
    "KINDS": "moves",
    "Kind": "moves",
    "End": "moves",
    "ContinentalMove": "moves",
    "parse_move": "moves",
    "Packer": "planner",
    "EXTENDED_CONTRACTS": "rules",
    "RUN": "rules",
    "RUN_MAX": "rules",
    "RUN_SIZE": "rules",
    "SET": "rules",
    "SET_SIZE": "rules",
    "SEVEN_CONTRACTS": "rules",
    "Rules": "rules",
    "card_key": "rules",
    "card_value": "rules",
    "contract_name": "rules",
    "hand_key": "rules",
    "pos_rank": "rules",
    "ContinentalState": "state",
    "State": "state",
    "new_state": "state",
    "shuffle_hidden": "hidden",
    "Turn": "turn",
}
"""Public name -> the module of this package that defines it (imported on first use)."""

__all__ = [
    "ACTION_BUDGET", "compose_action", "ContinentalBot", "choose_move", "Combo", "KINDS", "Kind", "End", "ContinentalMove",
    "parse_move", "Packer", "EXTENDED_CONTRACTS", "RUN", "RUN_MAX", "RUN_SIZE", "SET", "SET_SIZE",
    "SEVEN_CONTRACTS", "Rules", "card_key", "card_value", "contract_name", "hand_key", "pos_rank",
    "ContinentalState", "State", "Turn", "new_state",
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
