"""The variants the engine plays and their rule options (defaults and sources).

Every place where a seed text is silent or contradicts itself is an option here, named as in
``shared/research/rules-and-prior-art.md`` section 2 where it suggests a name, and documented in
``docs/rules/<variant>.md`` next to the seed sentence it implements.
"""

from __future__ import annotations

from dataclasses import asdict, replace

from .canasta import catalogue as _canasta
from .options import Option, Variant


def _canasta_variant(preset: str, name: str, seed_file: str, usual: int | None = None, usual_source: str = "") -> Variant:
    """A canasta preset: the canasta catalogue's options with this preset's defaults and sources
    (:mod:`meldtable.canasta.catalogue`), and its layout table by player count; ``usual`` players
    (with its source) start a new game when nobody chooses a count."""
    return Variant(
        id=preset,
        name=name,
        seed_file=seed_file,
        family="canasta",
        players=_canasta.preset_players(preset),
        options=_canasta.options(preset),
        layout=tuple(asdict(r) for r in _canasta.LAYOUTS[preset]),
        usual_players=usual,
        usual_players_source=usual_source,
    )


SEED_003 = "003_ec1406dbe3488249.txt"


def _three_ist_50_options() -> dict[str, Option]:
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
               choices=("center_and_discard_top", "center_or_discard_top")),
        Option("capture_mandatory", "bool", True,
               "seed 003: 'Habe ich keine Karte auf der Hand, die identisch ist ... so muss ich eine Karte ... auf den Ablagehaufen legen' (research T4)",
               "A card may be discarded only when no hand card matches a centre card, the discard top or a minus pile's top."),
        Option("take_all_matches", "bool", True, "seed 003: 'alle Karten der gleichen Zahl/ Bildes aus den vier Mittelkarten' and its example with two 5s (research T5)",
               "All centre cards of the played card's rank go with it (false: only one of them)."),
        Option("discard_reveal_next", "choice", "later_turns", "seed 003 names 'die oberste Karte des Ablagehaufens', whatever lies on top (research T6)",
               "After the discard top is taken, the card below it can be matched from the next turn on (later_turns), "
               "or nothing on the pile can be matched until a new card is discarded (never).",
               choices=("later_turns", "never")),
        Option("option4_targets", "choice", "any", "seed 003: 'irgendeiner obersten Karte eines Minushaufens (also nicht nur der meines linken Nachbarn oder meines eigenen)' (research T7)",
               "Which minus piles a matching card may be put on: any pile including the own one, or only the other players' piles.",
               choices=("any", "others_only")),
        Option("refill_order", "choice", "hands_then_center", "seed 003: 'Jeder Spieler erhält wieder 4 Handkarten und die Karten in der Mitte werden wieder ... aufgefüllt' (research T10)",
               "When the stock runs short: the hands are dealt first and the centre is refilled from the rest, or the centre first.",
               choices=("hands_then_center", "center_then_hands")),
        Option("leftovers_scored", "bool", False, "seed 003 'Abrechnung': each player counts 'die Minuspunkte seines Minushaufens' only (research T11)",
               "Cards left in the centre and on the discard pile at the end go onto the minus pile of the player who last received cards "
               "(like the last capture taking the table in Casino)."),
        Option("discard_capture_depth", "choice", "top", "seed 003: 'die oberste Karte des Ablagehaufens' (research T13)",
               "Matching the discard pile takes its top card only, or the unbroken run of that rank from its top.",
               choices=("top", "run")),
        Option("games", "int", 1, "seed 003 'Abrechnung': one game until the stock is used up, then the fewest minus points win; more games: app policy",
               "Games in a match (the first dealer moves one seat to the left each game); minus points add up, the fewest win.",
               minimum=1, maximum=20),
    ]
    return {x.name: x for x in o}


SEED_002 = "002_424f334b6be724ce.txt"


def _continental_options() -> dict[str, Option]:
    o = [
        Option("deck_schedule", "choice", "seed", "seed 002 'Kartenspiel': 4 players start with 2 decks and end with 3; 5-8 players add a deck after deals 2 and 4; 2-3 players: es.wikipedia, two decks (research K4)",
               "Decks per deal: 'seed' (2-3 players 2 decks; 4 players 2, then 3 after deal third_deck_after_deal_4p; 5-8 players 2, 3 from deal 3, 4 from deal 5) or 'constant' (always 'decks').",
               choices=("seed", "constant")),
        Option("decks", "int", 2, "app policy for deck_schedule = constant (research K4)", "Decks in every deal when deck_schedule is 'constant'.", minimum=1, maximum=4),
        Option("third_deck_after_deal_4p", "int", 4, "seed 002 'beendet das Spiel mit drei Decks' names no deal; engine decision: after deal 4 as for 5-8 players' second addition (research K4)",
               "With 4 players and deck_schedule 'seed': the third deck joins after this deal.", minimum=1, maximum=6),
        Option("jokers_per_deck", "int", 2, "seed 002 'Pro Deck werden zwei Joker benötigt'; es.wikipedia: 3 (research K3)", "Jokers per deck.", minimum=0, maximum=4),
        Option("deal_sizes", "choice", "contract", "seed 002 contract list: 6, 7, ... 12 cards; es.wikipedia: one card more (research K1)",
               "Cards dealt: exactly the contract's cards ('contract') or one more ('plus_one').", choices=("contract", "plus_one")),
        Option("game_length", "choice", "seven_deals", "seed 002: seven deals; 'bis zu sechzehn ... nach dem angegebenen Muster' (research K17)",
               "'seven_deals' (6-12 cards) or 'extended' (11 deals up to 16 cards: 3 sets + run, 2 sets + 2 runs, set + 3 runs, 4 runs).",
               choices=("seven_deals", "extended")),
        Option("card_values", "choice", "seed", "seed 002 'Reihenfolge und Wert der Karten'; es.wikipedia: numbers at face value (research K2)",
               "'seed': joker 50, ace 20, K-8 10, 7-2 5; 'face_value': joker 50, ace 20, K Q J 10 10, 9-2 face value.",
               choices=("seed", "face_value")),
        Option("direction", "choice", "counter_clockwise", "seed 002 'gegen den Uhrzeigersinn' (research K5)",
               "Direction of play around the table (the page's seat layout; seats are numbered in the direction of play).",
               choices=("counter_clockwise", "clockwise")),
        Option("first_dealer", "choice", "by_lot", "seed 002 'Der Spieler, der als erster die Karten austeilen wird, wird ausgelost'",
               "'by_lot' (drawn with the game's seed) or 'last_seat' (seat 0 plays first).", choices=("by_lot", "last_seat")),
        Option("penalty_stock_percent", "int", 33, "seed 002: the main stock 'enthält in der Regel mehr Karten als der Strafstapel'; ratio: app policy; 0 = es.wikipedia, penalty cards from the main stock (research K6)",
               "Share of the undealt cards (percent, rounded down) that form the penalty stock; 0 = no penalty stock, penalty cards come from the main stock.",
               minimum=0, maximum=50),
        Option("stock_exhausted", "choice", "reshuffle", "seed 002 is silent (research K6); reshuffling the discards is the usual rummy practice",
               "When the main stock is empty at the start of a turn: 'reshuffle' (the discard pile but its top card becomes the new stock, at most max_reshuffles times, then the deal ends), 'penalty_stock' (draw from the penalty stock; the deal ends when both are empty) or 'end_deal'.",
               choices=("reshuffle", "penalty_stock", "end_deal")),
        Option("max_reshuffles", "int", 2, "app policy: keeps every deal finite (research K6, section 5 'explicit termination')",
               "Most reshuffles of the discard pile per deal (stock_exhausted = reshuffle).", minimum=0, maximum=10),
        Option("penalty_stock_exhausted", "choice", "main_stock", "seed 002 is silent (research K6)",
               "When the penalty stock is empty: penalty cards come from the main stock ('main_stock') or nobody may claim any more ('no_claims').",
               choices=("main_stock", "no_claims")),
        Option("claim_by", "choice", "any_later_player", "seed 002 'Die Strafkarten': any following player, the discarder too (research K7)",
               "Who may take a discard out of turn: 'any_later_player' (every seat after the next player, the discarder last), 'others_only' (not the discarder) or 'nobody'.",
               choices=("any_later_player", "others_only", "nobody")),
        Option("claim_order", "choice", "turn_order", "seed 002 'wenn keiner der vorherigen Spieler sie genommen hat' (research K7; 'first request' needs simultaneous calls, which a turn-based engine models as turn order)",
               "Order in which seats are asked: in turn order after the next player, ending with the discarder.", choices=("turn_order",)),
        Option("claim_window", "choice", "after_next_draw", "seed 002: a discard 'nicht vom darauf folgenden Spieler genommen'; es.wikipedia 'si no está pisada' (research K7)",
               "When a discard may be claimed: once, right after the next player draws from the stock instead of taking it, before that player plays on.",
               choices=("after_next_draw",)),
        Option("max_claims_per_deal", "int", 0, "seed 002 sets no limit; contract rummy often 3 (research K7)",
               "Most out-of-turn claims per player and deal (0 = no limit).", minimum=0, maximum=20),
        Option("upcard_claimable", "bool", True, "Fournier: any following player may take the card on the pile the player to act did not take (research K7)",
               "The upcard may be claimed out of turn like a discard (by every other seat, the dealer last)."),
        Option("same_rank_sets", "bool", True, "es.wikipedia: several sets of the same rank in one contract (research K8)",
               "The sets of one contract may share a rank."),
        Option("same_suit_runs", "bool", True, "es.wikipedia: several runs of the same suit in one contract (research K8)",
               "The runs of one contract may share a suit."),
        Option("max_jokers_per_set", "int", 0, "seed 002: 'zwei Jokern und einer natürlichen Karte', never all jokers; its maximum set size counts two jokers per deck (research K9)",
               "Most jokers in a set (0 = no limit beyond one natural card).", minimum=0, maximum=8),
        Option("max_jokers_per_run", "int", 0, "seed 002 is silent; Italian continental: one joker per combination (research K9)",
               "Most jokers in a run (0 = no limit beyond one natural card).", minimum=0, maximum=12),
        Option("no_adjacent_jokers_in_run", "bool", False, "es.wikipedia: no two jokers side by side (research K9)",
               "Two jokers may not stand next to each other in a run."),
        Option("ace", "choice", "around_the_corner", "seed 002: 'das Ass kann die Zwischenkarte zwischen der Zwei und dem König sein' (research K10)",
               "'around_the_corner' (Q K A 2 is a run) or 'high_or_low' (A 2 3 4 and J Q K A, never K A 2).",
               choices=("around_the_corner", "high_or_low")),
        Option("extra_melds_when_down", "bool", False, "Fournier: only the required combinations (research K11)",
               "After laying down the contract a player may lay further sets and runs."),
        Option("layoff_from", "choice", "same_turn", "seed 002 names no wait (research K12)",
               "When a player who laid down may add to other players' combinations and exchange jokers: 'same_turn' or 'next_turn'.",
               choices=("same_turn", "next_turn")),
        Option("joker_exchange", "choice", "after_own_down", "seed 002 (mistranslated, research section 0) / Fournier 'después de abrir' (research K13)",
               "Exchanging a joker on the table for the card it stands for: 'after_own_down' or 'never'.", choices=("after_own_down", "never")),
        Option("joker_exchange_from", "choice", "runs", "Fournier: the joker of a run; a joker put into a set cannot be taken (research K13)",
               "Which jokers can be exchanged: in 'runs' only, or in 'runs_and_sets'.", choices=("runs", "runs_and_sets")),
        Option("exchanged_joker", "choice", "place_at_once", "Fournier: 'utilizarlo en cualquier otra escalera'; es.wikipedia: used at once (research K13)",
               "The exchanged joker: 'place_at_once' (the next move adds it to another combination) or 'to_hand'.",
               choices=("place_at_once", "to_hand")),
        Option("forbid_playable_discard", "bool", False, "Fournier/acanomas: a player who has not laid down may not discard a card that fits a combination on the table (research K14)",
               "A player who has not laid down may not discard a card that fits a combination on the table (unless every card does)."),
        Option("forbid_discarding_taken_card", "bool", False, "seed 002 'Man beendet den Zug, indem man eine der Handkarten abwirft': any hand card (issue #24); true: common rummy practice, rummigame.com 'Discard pile'. Every deal ends either way (max_takes_in_a_row)",
               "The card taken from the discard pile (or one just like it) may not be discarded in the same turn, unless the hand holds nothing else."),
        Option("max_takes_in_a_row", "int", 20, "app policy: keeps every deal finite, like OpenSpiel's and RLCard's move limits (research section 5 'explicit termination')",
               "After this many turns in a row began by taking the top discard, the next player draws from the stock.", minimum=1, maximum=100),
        Option("going_out_discard", "choice", "optional", "seed 002 'alle seine Karten als Kombinationen abgelegt'; es.wikipedia: the last card goes on the pile (research K15)",
               "'optional': going out by laying or adding the last card, or by discarding it; 'required': the last card is always discarded.",
               choices=("optional", "required")),
        Option("down_and_out_bonus", "int", 0, "seed 002: none; es.wikipedia: -10 (research K16)",
               "Points (0 or negative) for laying the contract down and going out in the same turn.", minimum=-500, maximum=0),
    ]
    return {x.name: replace(x, row=_CONTINENTAL_ROWS.get(x.name, "")) for x in o}


_CONTINENTAL_ROWS = {'deck_schedule': 'K4', 'decks': 'K4', 'third_deck_after_deal_4p': 'K4', 'jokers_per_deck': 'K3', 'deal_sizes': 'K1', 'game_length': 'K17', 'card_values': 'K2', 'direction': 'K5', 'penalty_stock_percent': 'K6', 'stock_exhausted': 'K6', 'max_reshuffles': 'K6', 'penalty_stock_exhausted': 'K6', 'claim_by': 'K7', 'claim_order': 'K7', 'claim_window': 'K7', 'max_claims_per_deal': 'K7', 'upcard_claimable': 'K7', 'same_rank_sets': 'K8', 'same_suit_runs': 'K8', 'max_jokers_per_set': 'K9', 'max_jokers_per_run': 'K9', 'no_adjacent_jokers_in_run': 'K9', 'ace': 'K10', 'extra_melds_when_down': 'K11', 'layoff_from': 'K12', 'joker_exchange': 'K13', 'joker_exchange_from': 'K13', 'exchanged_joker': 'K13', 'forbid_playable_discard': 'K14', 'going_out_discard': 'K15', 'down_and_out_bonus': 'K16'}
"""Option -> the research row (``shared/research/rules-and-prior-art.md``, rows K1-K18) it answers."""


VARIANTS: dict[str, Variant] = {
    "canasta-two-hand": _canasta_variant(
        "canasta-two-hand", "Canasta for two (draw two, two canastas to go out)", _canasta.SEED_000),
    "canasta-classic": _canasta_variant(
        "canasta-classic", "Classic Canasta (2 to 6 players, partnerships at 4 to 6)", _canasta.SEED_001, 4,
        "seed 001 'Bei vier Spielern werden zwei Parteien gebildet. Die Partner sitzen sich jeweils gegenüber.': "
        "the partnership game the text describes"),
    "kanaster": _canasta_variant(
        "kanaster", "Kanaster (Swiss house rules: the cut, blocking ranks, blocking cards under a canasta)",
        _canasta.SEED_004, 4,
        "seed 004 names no usual count; its decks' rule of thumb covers '4-5 Spieler' and its teams play "
        "two against two (app policy)"),
    "3-ist-50": Variant(
        id="3-ist-50",
        name="3 ist 50 (give your cards away; every three costs 50)",
        seed_file=SEED_003,
        family="threefifty",
        players=(2, 3, 4, 5, 6),
        options=_three_ist_50_options(),
        usual_players=4,
        usual_players_source="seed 003 names no usual count (2 to 6 play): four, like the other games' tables (app policy)",
    ),
    "continental": Variant(
        id="continental",
        name="Continental (seven contracts, penalty stock, out-of-turn claims)",
        seed_file=SEED_002,
        family="continental",
        players=(2, 3, 4, 5, 6, 7, 8),
        options=_continental_options(),
        usual_players=4,
        usual_players_source="seed 002 'Bei vier Spielern beginnt man mit zwei Decks': the count the text describes first",
    ),
}
"""Variant id -> :class:`~meldtable.options.Variant` (players, options with defaults and sources)."""
