"""The 3 ist 50 family's rule options and its variant (defaults and sources).

Every place where seed 003 is silent or contradicts itself is an option here, named as in
``shared/research/rules-and-prior-art.md`` section 2 (rows T1-T13) where it suggests a name, and
documented in ``docs/rules/3-ist-50.md`` next to the seed sentence it implements. Option names
are the attribute names of :class:`meldtable.threefifty.rules.Rules`. This module imports only
:mod:`meldtable.options`; :mod:`meldtable.variants` loads it on first use of the variant.
"""

from __future__ import annotations

from typing import Literal, get_args

from ..options import Option, Variant

SEED_003 = "003_ec1406dbe3488249.txt"


# The choices of each "choice" option, as types: the Rules attribute of the option has its type,
# so mypy --strict refuses a comparison with a text that is not one of its choices, and the
# option's choices are read from the type (one source).
CaptureSources = Literal["center_and_discard_top", "center_or_discard_top"]
DiscardRevealNext = Literal["later_turns", "never"]
Option4Targets = Literal["any", "others_only"]
RefillOrder = Literal["hands_then_center", "center_then_hands"]
DiscardCaptureDepth = Literal["top", "run"]


def options() -> dict[str, Option]:
    """The options of ``3-ist-50``: name -> :class:`~meldtable.options.Option` with default and source."""
    o = [
        Option("decks", "int", 2, "seed 003 'Karten': 'Canastakarten' = two 52-card decks (research T1)",
               "Number of 52-card decks.", minimum=1, maximum=3),
        Option("jokers_per_deck", "int", 0, "seed 003 gives the jokers of the canasta decks no value and no role: left out (research T1)",
               "Jokers per deck (0: the jokers are left out). A joker matches only jokers.", minimum=0, maximum=2),
        Option("joker_value", "int", 50, "app policy (research T1): as much as a three, like the joker in canasta",
               "Minus points of a joker (only with jokers_per_deck > 0).", minimum=0, maximum=100),
        Option("three_value", "int", 50, "seed 003 'Werte der Karten': '3 - 50', every three whatever its colour (research T9)",
               "Minus points of a three.", minimum=0, maximum=100),
        Option("capture_sources", "choice", "center_and_discard_top",
               "seed 003: the middle is 'Die vier offenen Startkarten, plus die oberste Karte des Ablagehaufens' and 'alle Karten der gleichen Zahl' go (research T3)",
               "Matching the middle takes the matching centre cards and the matching discard top together (play ... middle), "
               "or the player takes from one of the two (play ... centre / play ... discard).",
               choices=get_args(CaptureSources)),
        Option("capture_mandatory", "bool", True,
               "seed 003: 'Habe ich keine Karte auf der Hand, die identisch ist ... so muss ich eine Karte ... auf den Ablagehaufen legen' (research T4)",
               "A card may be discarded only when no hand card matches a centre card, the discard top or a minus pile's top."),
        Option("take_all_matches", "bool", True, "seed 003: 'alle Karten der gleichen Zahl/ Bildes aus den vier Mittelkarten' and its example with two 5s (research T5)",
               "All centre cards of the played card's rank go with it (false: only one of them)."),
        Option("discard_reveal_next", "choice", "later_turns", "seed 003 names 'die oberste Karte des Ablagehaufens', whatever lies on top (research T6)",
               "After the discard top is taken, the card below it can be matched from the next turn on (later_turns), "
               "or nothing on the pile can be matched until a new card is discarded (never).",
               choices=get_args(DiscardRevealNext)),
        Option("option4_targets", "choice", "any", "seed 003: 'irgendeiner obersten Karte eines Minushaufens (also nicht nur der meines linken Nachbarn oder meines eigenen)' (research T7)",
               "Which minus piles a matching card may be put on: any pile including the own one, or only the other players' piles.",
               choices=get_args(Option4Targets)),
        Option("refill_order", "choice", "hands_then_center", "seed 003: 'Jeder Spieler erhält wieder 4 Handkarten und die Karten in der Mitte werden wieder ... aufgefüllt' (research T10)",
               "When the stock runs short: the hands are dealt first and the centre is refilled from the rest, or the centre first.",
               choices=get_args(RefillOrder)),
        Option("leftovers_scored", "bool", False, "seed 003 'Abrechnung': each player counts 'die Minuspunkte seines Minushaufens' only (research T11)",
               "Cards left in the centre and on the discard pile at the end go onto the minus pile of the player who last received cards "
               "(like the last capture taking the table in Casino)."),
        Option("discard_capture_depth", "choice", "top", "seed 003: 'die oberste Karte des Ablagehaufens' (research T13)",
               "Matching the discard pile takes its top card only, or the unbroken run of that rank from its top.",
               choices=get_args(DiscardCaptureDepth)),
        Option("games", "int", 1, "seed 003 'Abrechnung': one game until the stock is used up, then the fewest minus points win; more games: app policy",
               "Games in a match (the first dealer moves one seat to the left each game); minus points add up, the fewest win.",
               minimum=1, maximum=20),
    ]
    return {x.name: x for x in o}


VARIANTS: dict[str, Variant] = {
    "3-ist-50": Variant(
        id="3-ist-50",
        name="3 ist 50 (give your cards away; every three costs 50)",
        seed_file=SEED_003,
        family="threefifty",
        players=(2, 3, 4, 5, 6),
        options=options(),
        usual_players=4,
        usual_players_source="seed 003 names no usual count (2 to 6 play): four, like the other games' tables (app policy)",
    ),
}
"""The family's variants: id -> :class:`~meldtable.options.Variant` (``meldtable.VARIANTS`` lists them)."""
