"""The canasta family: melds of one rank, wild cards, red and black threes, the discard pile that
freezes, the initial-meld minimum, canastas, going out, and scoring.

Implements ``canasta-two-hand`` (seed ``000_61593a5ffdab7f94.txt``) and the other canasta presets
as option values over the same code (:mod:`.catalogue`, ``docs/rules/<variant>.md``).

One room per concern:

========================  ==================================================================
module                    what it holds
========================  ==================================================================
:mod:`.catalogue`         every rule option once; the presets (variants) as values over it,
                          the layout table by player count
:mod:`.values`            card kinds (wild, red/black three) and card points
:mod:`.rules`             ``Rules``: the resolved rule options as typed attributes
:mod:`.moves`             ``Move``: the family's move values, their notation, meld keys
:mod:`.melds`             ``Meld``: a side's meld of one rank, canastas
:mod:`.state`             ``CanastaState``: dealing, turns, applying moves, copies
:mod:`.legality`          ``legal_moves`` and ``verify``/``explain``; ``_why`` dispatches to the
                          room of the move's kind (each: enumeration and check side by side)
:mod:`.legal_take`        ``draw``, ``take`` (the discard pile), ``pass``
:mod:`.legal_meld`        ``meld``: new melds
:mod:`.legal_add`         ``add``: a card onto a meld
:mod:`.legal_bury`        ``bury``: a blocking card under a canasta (seed 004)
:mod:`.legal_discard`     ``discard``: the card that ends a turn
:mod:`.legal_going_out`   the end of a turn: hand floor, black threes and going out, the
                          partner's permission (``ask``/``yes``/``no``)
:mod:`.legal_initial`     the initial-meld minimum the rooms share
:mod:`.legal_kit`         what the rooms' enumerations share (memoised combinations)
:mod:`.reasons`           the refusal reasons; ``Refusal``, the rooms' one verdict type
:mod:`.planner`           ``Plan``: can the initial meld still be completed this turn?
:mod:`.planner_out`       ``Plan``'s going-out searches: can the player still go out this turn?
:mod:`.scoring`           end of hand, itemised scores, end of match
:mod:`.view`              what one seat sees
:mod:`.saved`             saved games: ``to_dict`` and the validating loader
:mod:`.actions`           the page's actions turned into moves
:mod:`.bot`               the computer player
:mod:`.hidden`            ``shuffle_hidden``: the cards one seat cannot see dealt again
:mod:`.testing`           harness hooks for the simulation harness (never imported by the engine)
:mod:`.family`            the family protocol the engine's ``Game`` uses
========================  ==================================================================

Importing this package imports nothing else; ``meldtable.game`` loads :mod:`.family` when a
canasta game starts.
"""
