"""The variants the engine plays and their rule options (defaults and sources).

Every place where a seed text is silent or contradicts itself is an option here, named as in
``shared/research/rules-and-prior-art.md`` section 2 where it suggests a name, and documented in
``docs/rules/<variant>.md`` next to the seed sentence it implements.
"""

from __future__ import annotations

from .options import Option, Variant

SEED_000 = "000_61593a5ffdab7f94.txt"


def _canasta_two_hand_options() -> dict[str, Option]:
    o = [
        Option("decks", "int", 2, "seed 000 'Der Kartensatz': two 52-card decks", "Number of 52-card decks.", minimum=2, maximum=2),
        Option("jokers_per_deck", "int", 2, "seed 000 'Der Kartensatz': four jokers, two from each deck", "Jokers per deck.", minimum=2, maximum=2),
        Option("hand_size", "int", 15, "seed 000 'Das Ausgeben': 15 cards each", "Cards dealt to each player.", minimum=11, maximum=15),
        Option("draw_count", "int", 2, "seed 000 'Karten ziehen': 2 cards from the stock", "Cards drawn from the stock per turn.", minimum=1, maximum=2),
        Option("max_wilds_per_meld", "int", 3, "seed 000 'Figuren': 'bis zu 3 Joker oder wilde Karten' (research C1)",
               "Most wild cards in one meld (0 = no fixed cap).", minimum=0, maximum=7),
        Option("min_naturals_per_meld", "int", 2, "pagat (research C1); seed 000's pile rule (top card + one natural + one wild) implies two naturals",
               "Fewest natural cards in a meld.", minimum=1, maximum=3),
        Option("naturals_must_outnumber_wilds", "bool", False, "seed 000 caps wilds at 3 only (research C1); seeds 001/004 require a majority",
               "Natural cards must outnumber wild cards in every meld."),
        Option("black_three_meld", "choice", "going_out_only", "seed 000 'Schwarze Dreier': 3 or 4, no wilds, only when going out (research C5)",
               "When black threes may be melded.", choices=("going_out_only", "never")),
        Option("upcard_cover", "choice", "wild_and_red_three", "seed 000: red three or wild upcard is covered until another card shows (research C6)",
               "Which upcards are covered by the next card.", choices=("wild_and_red_three", "wild", "none")),
        Option("pile_before_initial_meld", "choice", "natural_pair", "seed 000 'Erste Figur': two naturals with the top card, minimum met (research C8)",
               "Whether a side that has not melded may take the pile.", choices=("natural_pair", "forbidden")),
        Option("take_pile_onto_own_meld", "bool", True, "seed 000 pile rule 2 (research C9)",
               "An unfrozen pile may be taken by adding its top card to the side's meld of that rank."),
        Option("take_pile_with_natural_and_wild", "bool", True, "seed 000 pile rule 1 (research C10)",
               "An unfrozen pile may be taken with one natural and one wild card."),
        Option("initial_meld_table", "table", ((0, 50), (1500, 90), (3000, 120)), "seed 000 'Anfängliche Ablagevoraussetzungen' (research C12)",
               "Initial-meld minimum by cumulative score: [from_score, minimum] rows."),
        Option("initial_meld_negative_score", "int", 15, "seed 000 table: 'Negativ 15 Punkte'", "Initial-meld minimum with a negative score.", minimum=0),
        Option("concealed_going_out_exemption", "choice", "stock_draw", "seed 000 'Bitte beachten Sie' (research C15)",
               "When a concealed going out ignores the minimum.", choices=("stock_draw", "always", "never")),
        Option("going_out_bonus", "int", 100, "seed 000 bonus table: 'Alle Karten ablegen 100'", "Bonus for going out.", minimum=0),
        Option("concealed_going_out_bonus", "int", 200, "seed 000 bonus table: 'Verdecktes Ablegen 200'; pagat: 200 in total, not 300 (research C14)",
               "Total bonus for going out concealed (replaces the going-out bonus).", minimum=0),
        Option("canastas_to_go_out", "int", 2, "seed 000 'Das Ende einer Runde': two or more canastas", "Canastas a side needs to go out.", minimum=1, maximum=3),
        Option("going_out_discard", "choice", "optional", "seed 000: meld all cards, or keep one and discard it (research C18)",
               "Whether going out needs a final discard.", choices=("optional", "required")),
        Option("natural_canasta_bonus", "int", 500, "seed 000 bonus table", "Bonus per natural canasta.", minimum=0),
        Option("mixed_canasta_bonus", "int", 300, "seed 000 bonus table", "Bonus per mixed canasta.", minimum=0),
        Option("red_three_bonus", "int", 100, "seed 000 bonus table", "Value of each red three.", minimum=0),
        Option("red_three_all_four_bonus", "int", 800, "seed 000 bonus table: 'Für alle vier roten Dreier 800'", "Value of all four red threes together.", minimum=0),
        Option("red_three_positive_if", "choice", "melded", "seed 000: positive with at least one meld, else negative (research C20)",
               "When red threes count for rather than against the side.", choices=("melded", "canasta", "always")),
        Option("stock_exhausted", "choice", "ends_hand", "seed 000: 'ist das Spiel sofort zu Ende' (research C24; pagat's play-on-discards is not offered yet)",
               "What happens when the stock is used up: the hand ends when the next player finds it empty.", choices=("ends_hand",)),
        Option("match_end", "choice", "target", "seed 000 'Das Ziel des Spiels': target score (fast tournament) or fixed deals (round tournament) (research C30)",
               "How the match ends.", choices=("target", "deals")),
        Option("target_score", "int", 5000, "seed 000 names a target score without a number; pagat: 5000", "Score that ends the match (match_end = target).", minimum=100),
        Option("deals", "int", 4, "app policy (seed names no number)", "Number of deals (match_end = deals).", minimum=1, maximum=50),
    ]
    return {x.name: x for x in o}


VARIANTS: dict[str, Variant] = {
    "canasta-two-hand": Variant(
        id="canasta-two-hand",
        name="Canasta for two (draw two, two canastas to go out)",
        seed_file=SEED_000,
        family="canasta",
        players=(2,),
        options=_canasta_two_hand_options(),
    ),
}
"""Variant id -> :class:`~meldtable.options.Variant` (players, options with defaults and sources)."""
