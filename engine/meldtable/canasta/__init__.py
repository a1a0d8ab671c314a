"""The canasta family: melds of one rank, wild cards, red and black threes, the discard pile that
freezes, the initial-meld minimum, canastas, going out, and scoring.

Implements ``canasta-two-hand`` (seed ``000_61593a5ffdab7f94.txt``) and the other canasta presets
as option values over the same code (:mod:`meldtable.variants`, ``docs/rules/<variant>.md``).

One room per concern:

========================  ==================================================================
module                    what it holds
========================  ==================================================================
:mod:`.values`            card kinds (wild, red/black three) and card points
:mod:`.rules`             ``Rules``: the resolved rule options as typed attributes
:mod:`.melds`             ``Meld``: a side's meld of one rank, canastas
:mod:`.state`             ``CanastaState``: dealing, turns, applying moves, copies
:mod:`.legality`          legal moves and the reasons for refusals
:mod:`.planner`           ``Plan``: can the initial meld still be completed this turn?
:mod:`.scoring`           end of hand, itemised scores, end of match
:mod:`.view`              what one seat sees
:mod:`.saved`             saved games: ``to_dict`` and the validating loader
:mod:`.actions`           the page's actions turned into moves
:mod:`.bot`               the computer player
:mod:`.testing`           harness hooks for the simulation harness
:mod:`.family`            the family protocol the engine's ``Game`` uses
========================  ==================================================================

Importing this package imports nothing else; ``meldtable.game`` loads :mod:`.family` when a
canasta game starts.
"""
