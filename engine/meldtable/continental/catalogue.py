"""The continental family's rule options and its variant (defaults and sources).

Every place where seed 002 is silent or contradicts itself is an option here, named as in
``shared/research/rules-and-prior-art.md`` section 2 (rows K1-K18) where it suggests a name, and
documented in ``docs/rules/continental.md`` next to the seed sentence it implements. Option names
are the attribute names of :class:`meldtable.continental.rules.Rules`. This module imports only
:mod:`meldtable.options`; :mod:`meldtable.variants` loads it on first use of the variant.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal, get_args

from ..options import Option, Variant

SEED_002 = "002_424f334b6be724ce.txt"


# The choices of each "choice" option, as types: the Rules attribute of the option has its type,
# so mypy --strict refuses a comparison with a text that is not one of its choices, and the
# option's choices are read from the type (one source).
DeckSchedule = Literal["seed", "constant"]
DealSizes = Literal["contract", "plus_one"]
GameLength = Literal["seven_deals", "extended"]
CardValues = Literal["seed", "face_value"]
Direction = Literal["counter_clockwise", "clockwise"]
FirstDealer = Literal["by_lot", "last_seat"]
StockExhausted = Literal["reshuffle", "penalty_stock", "end_deal"]
PenaltyStockExhausted = Literal["main_stock", "no_claims"]
ClaimBy = Literal["any_later_player", "others_only", "nobody"]
ClaimOrder = Literal["turn_order"]
ClaimWindow = Literal["after_next_draw"]
Ace = Literal["around_the_corner", "high_or_low"]
LayoffFrom = Literal["same_turn", "next_turn"]
JokerExchange = Literal["after_own_down", "never"]
JokerExchangeFrom = Literal["runs", "runs_and_sets"]
ExchangedJoker = Literal["place_at_once", "to_hand"]
GoingOutDiscard = Literal["optional", "required"]


def options() -> dict[str, Option]:
    """The options of ``continental``: name -> :class:`~meldtable.options.Option` with default,
    source and research row."""
    o = [
        Option("deck_schedule", "choice", "seed", "seed 002 'Kartenspiel': 4 players start with 2 decks and end with 3; 5-8 players add a deck after deals 2 and 4; 2-3 players: es.wikipedia, two decks (research K4)",
               "Decks per deal: 'seed' (2-3 players 2 decks; 4 players 2, then 3 after deal third_deck_after_deal_4p; 5-8 players 2, 3 from deal 3, 4 from deal 5) or 'constant' (always 'decks').",
               choices=get_args(DeckSchedule)),
        Option("decks", "int", 2, "app policy for deck_schedule = constant (research K4)", "Decks in every deal when deck_schedule is 'constant'.", minimum=1, maximum=4),
        Option("third_deck_after_deal_4p", "int", 4, "seed 002 'beendet das Spiel mit drei Decks' names no deal; engine decision: after deal 4 as for 5-8 players' second addition (research K4)",
               "With 4 players and deck_schedule 'seed': the third deck joins after this deal.", minimum=1, maximum=6),
        Option("jokers_per_deck", "int", 2, "seed 002 'Pro Deck werden zwei Joker benötigt'; es.wikipedia: 3 (research K3)", "Jokers per deck.", minimum=0, maximum=4),
        Option("deal_sizes", "choice", "contract", "seed 002 contract list: 6, 7, ... 12 cards; es.wikipedia: one card more (research K1)",
               "Cards dealt: exactly the contract's cards ('contract') or one more ('plus_one').", choices=get_args(DealSizes)),
        Option("game_length", "choice", "seven_deals", "seed 002: seven deals; 'bis zu sechzehn ... nach dem angegebenen Muster' (research K17)",
               "'seven_deals' (6-12 cards) or 'extended' (11 deals up to 16 cards: 3 sets + run, 2 sets + 2 runs, set + 3 runs, 4 runs).",
               choices=get_args(GameLength)),
        Option("card_values", "choice", "seed", "seed 002 'Reihenfolge und Wert der Karten'; es.wikipedia: numbers at face value (research K2)",
               "'seed': joker 50, ace 20, K-8 10, 7-2 5; 'face_value': joker 50, ace 20, K Q J 10 10, 9-2 face value.",
               choices=get_args(CardValues)),
        Option("direction", "choice", "counter_clockwise", "seed 002 'gegen den Uhrzeigersinn' (research K5)",
               "Direction of play around the table (the page's seat layout; seats are numbered in the direction of play).",
               choices=get_args(Direction)),
        Option("first_dealer", "choice", "by_lot", "seed 002 'Der Spieler, der als erster die Karten austeilen wird, wird ausgelost'",
               "'by_lot' (drawn with the game's seed) or 'last_seat' (seat 0 plays first).", choices=get_args(FirstDealer)),
        Option("penalty_stock_percent", "int", 33, "seed 002: the main stock 'enthält in der Regel mehr Karten als der Strafstapel'; ratio: app policy; 0 = es.wikipedia, penalty cards from the main stock (research K6)",
               "Share of the undealt cards (percent, rounded down) that form the penalty stock; 0 = no penalty stock, penalty cards come from the main stock.",
               minimum=0, maximum=50),
        Option("stock_exhausted", "choice", "reshuffle", "seed 002 is silent (research K6); reshuffling the discards is the usual rummy practice",
               "When the main stock is empty at the start of a turn: 'reshuffle' (the discard pile but its top card becomes the new stock, at most max_reshuffles times, then the deal ends), 'penalty_stock' (draw from the penalty stock; the deal ends when both are empty) or 'end_deal'.",
               choices=get_args(StockExhausted)),
        Option("max_reshuffles", "int", 2, "app policy: keeps every deal finite (research K6, section 5 'explicit termination')",
               "Most reshuffles of the discard pile per deal (stock_exhausted = reshuffle).", minimum=0, maximum=10),
        Option("penalty_stock_exhausted", "choice", "main_stock", "seed 002 is silent (research K6)",
               "When the penalty stock is empty: penalty cards come from the main stock ('main_stock') or nobody may claim any more ('no_claims').",
               choices=get_args(PenaltyStockExhausted)),
        Option("claim_by", "choice", "any_later_player", "seed 002 'Die Strafkarten': any following player, the discarder too (research K7)",
               "Who may take a discard out of turn: 'any_later_player' (every seat after the next player, the discarder last), 'others_only' (not the discarder) or 'nobody'.",
               choices=get_args(ClaimBy)),
        Option("claim_order", "choice", "turn_order", "seed 002 'wenn keiner der vorherigen Spieler sie genommen hat' (research K7; 'first request' needs simultaneous calls, which a turn-based engine models as turn order)",
               "Order in which seats are asked: in turn order after the next player, ending with the discarder.", choices=get_args(ClaimOrder)),
        Option("claim_window", "choice", "after_next_draw", "seed 002: a discard 'nicht vom darauf folgenden Spieler genommen'; es.wikipedia 'si no está pisada' (research K7)",
               "When a discard may be claimed: once, right after the next player draws from the stock instead of taking it, before that player plays on.",
               choices=get_args(ClaimWindow)),
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
               choices=get_args(Ace)),
        Option("extra_melds_when_down", "bool", False, "Fournier: only the required combinations (research K11)",
               "After laying down the contract a player may lay further sets and runs."),
        Option("layoff_from", "choice", "same_turn", "seed 002 names no wait (research K12)",
               "When a player who laid down may add to other players' combinations and exchange jokers: 'same_turn' or 'next_turn'.",
               choices=get_args(LayoffFrom)),
        Option("joker_exchange", "choice", "after_own_down", "seed 002 (mistranslated, research section 0) / Fournier 'después de abrir' (research K13)",
               "Exchanging a joker on the table for the card it stands for: 'after_own_down' or 'never'.", choices=get_args(JokerExchange)),
        Option("joker_exchange_from", "choice", "runs", "Fournier: the joker of a run; a joker put into a set cannot be taken (research K13)",
               "Which jokers can be exchanged: in 'runs' only, or in 'runs_and_sets'.", choices=get_args(JokerExchangeFrom)),
        Option("exchanged_joker", "choice", "place_at_once", "Fournier: 'utilizarlo en cualquier otra escalera'; es.wikipedia: used at once (research K13)",
               "The exchanged joker: 'place_at_once' (the next move adds it to another combination) or 'to_hand'.",
               choices=get_args(ExchangedJoker)),
        Option("forbid_playable_discard", "bool", False, "Fournier/acanomas: a player who has not laid down may not discard a card that fits a combination on the table (research K14)",
               "A player who has not laid down may not discard a card that fits a combination on the table (unless every card does)."),
        Option("forbid_discarding_taken_card", "bool", False, "seed 002 'Man beendet den Zug, indem man eine der Handkarten abwirft': any hand card (issue #24); true: common rummy practice, rummigame.com 'Discard pile'. Every deal ends either way (max_takes_in_a_row)",
               "The card taken from the discard pile (or one just like it) may not be discarded in the same turn, unless the hand holds nothing else."),
        Option("max_takes_in_a_row", "int", 20, "app policy: keeps every deal finite, like OpenSpiel's and RLCard's move limits (research section 5 'explicit termination')",
               "After this many turns in a row began by taking the top discard, the next player draws from the stock.", minimum=1, maximum=100),
        Option("going_out_discard", "choice", "optional", "seed 002 'alle seine Karten als Kombinationen abgelegt'; es.wikipedia: the last card goes on the pile (research K15)",
               "'optional': going out by laying or adding the last card, or by discarding it; 'required': the last card is always discarded.",
               choices=get_args(GoingOutDiscard)),
        Option("down_and_out_bonus", "int", 0, "seed 002: none; es.wikipedia: -10 (research K16)",
               "Points (0 or negative) for laying the contract down and going out in the same turn.", minimum=-500, maximum=0),
    ]
    return {x.name: replace(x, row=_ROWS.get(x.name, "")) for x in o}


_ROWS = {'deck_schedule': 'K4', 'decks': 'K4', 'third_deck_after_deal_4p': 'K4', 'jokers_per_deck': 'K3', 'deal_sizes': 'K1', 'game_length': 'K17', 'card_values': 'K2', 'direction': 'K5', 'penalty_stock_percent': 'K6', 'stock_exhausted': 'K6', 'max_reshuffles': 'K6', 'penalty_stock_exhausted': 'K6', 'claim_by': 'K7', 'claim_order': 'K7', 'claim_window': 'K7', 'max_claims_per_deal': 'K7', 'upcard_claimable': 'K7', 'same_rank_sets': 'K8', 'same_suit_runs': 'K8', 'max_jokers_per_set': 'K9', 'max_jokers_per_run': 'K9', 'no_adjacent_jokers_in_run': 'K9', 'ace': 'K10', 'extra_melds_when_down': 'K11', 'layoff_from': 'K12', 'joker_exchange': 'K13', 'joker_exchange_from': 'K13', 'exchanged_joker': 'K13', 'forbid_playable_discard': 'K14', 'going_out_discard': 'K15', 'down_and_out_bonus': 'K16'}
"""Option -> the research row (``shared/research/rules-and-prior-art.md``, rows K1-K18) it answers."""


VARIANTS: dict[str, Variant] = {
    "continental": Variant(
        id="continental",
        name="Continental (seven contracts, penalty stock, out-of-turn claims)",
        seed_file=SEED_002,
        family="continental",
        players=(2, 3, 4, 5, 6, 7, 8),
        options=options(),
        usual_players=4,
        usual_players_source="seed 002 'Bei vier Spielern beginnt man mit zwei Decks': the count the text describes first",
    ),
}
"""The family's variants: id -> :class:`~meldtable.options.Variant` (``meldtable.VARIANTS`` lists them)."""
