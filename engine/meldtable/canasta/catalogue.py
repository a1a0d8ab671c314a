"""The canasta family's rule options: one catalogue, and the presets (variants) as values over it.

Every canasta rule that a seed leaves open, or that differs between the seeds, is one option here
(``shared/research/rules-and-prior-art.md`` section 2.1, rows C1-C33). The catalogue gives each
option's shape once (type, allowed values, what it does, research row); a preset gives each option
its default and the source of that default. Values that depend on the player count (decks, hand
size, draw count, partnerships, canastas to go out, target score) default to ``None``, "as the
preset's layout table says for this many players" (:data:`LAYOUTS`), and can still be set.

Option names here are the names users see in ``meldtable.VARIANTS`` and the attribute names of
:class:`meldtable.canasta.rules.Rules` (no renaming layer). This module imports only
:mod:`meldtable.options`, so ``import meldtable`` stays light.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal, get_args

from ..options import Option, Variant

SEED_000 = "000_61593a5ffdab7f94.txt"
SEED_001 = "001_d62449b4e08e177b.txt"
SEED_004 = "004_024209a4d770d6b5.txt"

PRESETS = ("canasta-two-hand", "canasta-classic", "kanaster")
"""The canasta presets (variant ids), in the order the page lists them."""


@dataclass(frozen=True)
class Spec:
    """The shape of one canasta option: ``name``, ``kind`` (as :class:`~meldtable.options.Option`),
    ``doc`` (what it does, for users), ``row`` (research row, e.g. ``"C17"``, or ``""``), allowed
    ``choices`` / ``minimum`` / ``maximum``, and ``by_layout`` (``None`` means "from the layout
    table for the player count")."""

    name: str
    kind: str
    doc: str
    row: str = ""
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    by_layout: bool = False
    shown_when: tuple[str, Any] | None = None
    """``(option, value)``: the option matters only while ``option`` has ``value``
    (:attr:`meldtable.options.Option.shown_when`)."""


# The choices of each "choice" option, as types: the Rules attribute of the option has its type,
# so mypy --strict refuses a comparison with a text that is not one of its choices, and the
# option's choices are read from the type (one source).
Partnerships = Literal["none", "two_sides", "three_sides"]
ThreePlayerMode = Literal["individual"]
CutWilds = Literal["none", "wilds", "wilds_and_red_threes"]
RedThreeExposure = Literal["at_deal", "first_turn"]
UpcardCover = Literal["wild_and_red_three", "red_three_first", "joker_and_red_three", "wild", "none"]
WildCanasta = Literal["forbidden", "allowed"]
WildMeldInitial = Literal["counts", "after_initial"]
SameRankMelds = Literal["one", "after_canasta"]
BlackThreeMeld = Literal["going_out_only", "never"]
PileBeforeInitialMeld = Literal["natural_pair", "forbidden"]
PileFreezing = Literal["wild_or_initial", "none"]
WildTopTake = Literal["never", "two_naturals"]
BlockingRanks = Literal["none", "any_canasta", "own_canasta"]
BuryBlockingCards = Literal["never", "after_pile_take", "any_turn"]
BlockingCardAdds = Literal["bury_only", "add"]
InitialTakeMinimum = Literal["take_meld", "turn"]
InitialMeldCounts = Literal["hand_melds", "hand_cards"]
ConcealedGoingOutCanasta = Literal["own", "side"]
ConcealedGoingOutExemption = Literal["stock_draw", "always", "never"]
GoingOutDiscard = Literal["optional", "required"]
GoingOutPermission = Literal["ask_partner", "none"]
RedThreePositiveIf = Literal["melded", "canasta", "always"]
StockExhausted = Literal["ends_hand", "play_on_discards"]
LastRedThree = Literal["ends_hand", "turn_goes_on"]
MatchEnd = Literal["target", "deals"]


SPECS: tuple[Spec, ...] = (
    # --- players, cards, deal (C22, C29, C33)
    Spec("partnerships", "choice", "Who plays together: 'none' (each seat for itself), 'two_sides' (two sides, "
         "partners sit alternately; with 5 players one seat of the larger side sits out each deal, in turn) or "
         "'three_sides' (6 players: three sides of two). null: as the layout for the player count.", "C29",
         choices=get_args(Partnerships), by_layout=True),
    Spec("decks", "int", "Number of 52-card decks. null: as the layout for the player count.", "C29",
         minimum=1, maximum=4, by_layout=True),
    Spec("jokers_per_deck", "int", "Jokers per deck.", "C29", minimum=0, maximum=4),
    Spec("hand_size", "int", "Cards dealt to each player. null: as the layout for the player count.", "C29",
         minimum=7, maximum=15, by_layout=True),
    Spec("draw_count", "int", "Cards drawn from the stock per turn. null: as the layout for the player count.", "C22",
         minimum=1, maximum=2, by_layout=True),
    Spec("three_player_mode", "choice", "Three players play each for themselves ('individual'); the cutthroat "
         "game (a temporary partnership against the first pile-taker) is not offered.", "C33", choices=get_args(ThreePlayerMode)),
    Spec("cut_wilds", "choice", "The cut before the deal: 'none' (no cut is played out), 'wilds' (the player "
         "before the dealer cuts and keeps a two or joker turned up at the cut, again while the next card is one too, "
         "and is dealt that many fewer cards) or 'wilds_and_red_threes' (red threes are kept the same way).", "C28",
         choices=get_args(CutWilds)),
    Spec("red_three_exposure", "choice", "When dealt red threes are laid out and replaced from the stock: 'at_deal' "
         "(at once, after the deal) or 'first_turn' (at the start of the player's first turn).", "C21",
         choices=get_args(RedThreeExposure)),
    Spec("upcard_cover", "choice", "Which upcards are covered by the next card, as long as one of them shows: "
         "'wild_and_red_three' (jokers, twos, red threes), 'red_three_first' (a red three upcard is covered, and the "
         "covering goes on while a wild card or red three shows; a wild card as the first upcard stays), "
         "'joker_and_red_three' (jokers and red threes, not twos), 'wild' (jokers and twos) or 'none'.", "C6",
         choices=get_args(UpcardCover)),
    # --- melds (C1, C2, C5, C25)
    Spec("max_wilds_per_meld", "int", "Most wild cards in one meld (0 = no fixed cap).", "C1", minimum=0, maximum=7),
    Spec("min_naturals_per_meld", "int", "Fewest natural cards in a meld.", "C1", minimum=1, maximum=3),
    Spec("naturals_must_outnumber_wilds", "bool", "Natural cards must outnumber wild cards in every meld.", "C1"),
    Spec("wild_canasta", "choice", "Melds of wild cards only: 'forbidden' or 'allowed' (three to seven jokers and "
         "twos, opened with three and added to one by one; seven make a wild canasta, exempt from the naturals rules; "
         "notation: 'meld JK JK 2C', 'add 2 JK').", "C2", choices=get_args(WildCanasta)),
    Spec("wild_meld_initial", "choice", "Melds of wild cards only (wild_canasta = allowed) and the initial meld: "
         "'counts' (such a meld may be laid while the side's initial meld is pending and counts towards its minimum, "
         "like any meld) or 'after_initial' (only once the side's initial meld is made; it counts nothing towards it).",
         "C2", choices=get_args(WildMeldInitial)),
    Spec("same_rank_melds", "choice", "Several melds of one rank per side: 'one' (a side has at most one meld of a "
         "rank; cards of that rank are added to it) or 'after_canasta' (a side may start another meld of a rank once "
         "each of its melds of that rank is a canasta; notation 'add Q#2 QH' for the second).", "C25",
         choices=get_args(SameRankMelds)),
    Spec("black_three_meld", "choice", "When black threes may be melded (3 or 4, no wild cards): "
         "'going_out_only' (in the turn the player goes out) or 'never'.", "C5", choices=get_args(BlackThreeMeld)),
    # --- the discard pile (C4, C8, C9, C10, C11)
    Spec("pile_before_initial_meld", "choice", "Whether a side that has not made its initial meld may take the "
         "discard pile: 'natural_pair' (with two natural cards matching the top card, the initial meld reached) "
         "or 'forbidden'.", "C8", choices=get_args(PileBeforeInitialMeld)),
    Spec("pile_freezing", "choice", "When the discard pile is frozen (its top card then taken only with two natural "
         "cards of its rank): 'wild_or_initial' (pagat: while a wild card lies in it, or the side has not made its "
         "initial meld) or 'none' (never: any two hand cards that make a valid meld with the top card).", "C11",
         choices=get_args(PileFreezing)),
    Spec("wild_top_take", "choice", "A wild card on top of the discard pile: 'never' (the pile cannot be taken) "
         "or 'two_naturals' (taken with two natural hand cards of one rank, a meld of that rank with the wild "
         "card; notation 'take 9C 9D').", "C11", choices=get_args(WildTopTake)),
    Spec("take_pile_onto_own_meld", "bool", "An unfrozen pile may be taken by adding its top card to the side's "
         "meld of that rank.", "C9"),
    Spec("meld_after_pile_take", "bool", "After taking the discard pile the player may still meld and add "
         "(false: only discard, and bury blocking cards if allowed).", "C27"),
    Spec("blocking_ranks", "choice", "Ranks of which a canasta lies on the table block the discard pile when on "
         "top, like a black three: 'none', 'any_canasta' (any side's canasta) or 'own_canasta' (only for a player "
         "whose own side has that canasta).", "C26", choices=get_args(BlockingRanks)),
    Spec("bury_blocking_cards", "choice", "Cards of a blocking rank may be laid under the side's canasta of that rank, "
         "where they count nothing (move 'bury Q QH'): 'never', 'after_pile_take' (by the player who has just taken "
         "the pile, in that turn) or 'any_turn' (after drawing or taking, in any turn).", "C26",
         choices=get_args(BuryBlockingCards)),
    Spec("blocking_card_adds", "choice", "Cards of a blocking rank and the side's finished canasta of that rank "
         "(with blocking_ranks other than 'none'): 'bury_only' (a natural card is no longer added to a canasta once it "
         "has seven cards; it may be laid under it where bury_blocking_cards allows, start another meld of the rank "
         "where same_rank_melds allows, or be discarded) or 'add' (it is added for its points like any card).", "C26",
         choices=get_args(BlockingCardAdds)),
    Spec("initial_take_minimum", "choice", "A pile take before the side's initial meld: 'take_meld' (the top card "
         "and the hand cards melded with it must reach the minimum by themselves) or 'turn' (melds that follow the "
         "take in that turn may complete it, where melds may follow: meld_after_pile_take).", "C8",
         choices=get_args(InitialTakeMinimum)),
    Spec("take_pile_with_natural_and_wild", "bool", "An unfrozen pile may be taken with one natural and one wild "
         "card (not only with two naturals).", "C10"),
    # --- initial meld (C12, C13, C15)
    Spec("initial_meld_table", "table", "Initial-meld minimum by the side's cumulative score: "
         "[from_score, minimum] rows.", "C12"),
    Spec("initial_meld_negative_score", "int", "Initial-meld minimum while the side's score is negative.", "C12",
         minimum=0, maximum=1000),
    Spec("initial_meld_counts", "choice", "What counts towards the initial-meld minimum: 'hand_melds' (the top "
         "card of a pile taken, the hand cards melded with it and melds made of hand cards only; a meld that holds a "
         "card from the pile counts nothing) or 'hand_cards' (every hand card, wherever it is melded).", "C8",
         choices=get_args(InitialMeldCounts)),
    Spec("concealed_going_out_canasta", "choice", "Which canasta going out concealed (all cards at once, no "
         "earlier meld by that player) needs for its bonus: 'own' (a canasta the player opened in that turn; else it "
         "is an ordinary going out) or 'side' (the side's canastas, also a partner's, suffice).", "C14",
         choices=get_args(ConcealedGoingOutCanasta)),
    Spec("concealed_going_out_exemption", "choice", "When going out concealed (all cards at once, no earlier meld) "
         "ignores the initial-meld minimum: 'stock_draw' (after drawing from the stock), 'always' or 'never'.",
         "C15", choices=get_args(ConcealedGoingOutExemption)),
    # --- going out (C14, C17, C18)
    Spec("canastas_to_go_out", "int", "Canastas a side needs to go out. null: as the layout for the player count.",
         "C17", minimum=1, maximum=3, by_layout=True),
    Spec("going_out_discard", "choice", "'optional': going out by melding the last card or by discarding it; "
         "'required': the last card is always discarded.", "C18", choices=get_args(GoingOutDiscard)),
    Spec("going_out_permission", "choice", "Partnerships: 'ask_partner' (pagat: before going out a player may ask "
         "a partner 'may I go out?'; the answer binds: yes - the player must go out this turn, no - may not) or "
         "'none' (nobody asks).", "C18", choices=get_args(GoingOutPermission)),
    Spec("going_out_bonus", "int", "Bonus for going out (points).", "C14", minimum=0, maximum=10000),
    Spec("concealed_going_out_bonus", "int", "Total bonus for going out concealed (replaces the going-out bonus).",
         "C14", minimum=0, maximum=10000),
    # --- scoring (C20)
    Spec("wild_canasta_bonus", "int", "Bonus for a wild canasta (seven wild cards; wild_canasta = allowed).", "C2",
         minimum=0, maximum=10000),
    Spec("early_out_bonus", "int", "Total going-out bonus for a player who goes out having drawn at most one card "
         "from the stock in this hand (replaces the going-out and concealed bonus when higher; 0: no such bonus).",
         "C16", minimum=0, maximum=10000),
    Spec("hand_canasta_bonus", "int", "Bonus for a 'hand canasta': a canasta opened and completed in one turn from "
         "the player's hand, in a turn without a pile take (replaces the natural or mixed canasta bonus; 0: no such "
         "bonus).", "C3", minimum=0, maximum=10000),
    Spec("natural_canasta_bonus", "int", "Bonus per natural canasta (points).", "", minimum=0, maximum=10000),
    Spec("mixed_canasta_bonus", "int", "Bonus per mixed canasta (points).", "", minimum=0, maximum=10000),
    Spec("loser_canasta_bonus", "bool", "Sides that did not go out score their canasta bonuses too (false: only "
         "the cards on the table count for them, plus or minus their red threes; when nobody goes out every side "
         "scores its bonuses).", "C31"),
    Spec("red_three_bonus", "int", "Value of each red three (points).", "C20", minimum=0, maximum=10000),
    Spec("red_three_all_four_bonus", "int", "Value of all the red threes of two decks (four) together, instead of "
         "four times the single value (0: no such bonus).", "C20", minimum=0, maximum=10000),
    Spec("red_three_positive_if", "choice", "When red threes count for rather than against the side: 'melded' "
         "(the side has melded), 'canasta' (the side has a canasta) or 'always'.", "C20",
         choices=get_args(RedThreePositiveIf)),
    # --- end of hand, end of match (C24, C30)
    Spec("stock_exhausted", "choice", "What happens when the stock is used up: 'ends_hand' (the hand ends when "
         "the next player finds it empty) or 'play_on_discards' (play goes on while each player takes the discard "
         "pile: a player must take it when its top card goes onto the side's meld of that rank, may take it "
         "otherwise if allowed, and ends the hand by passing or when unable to take it).", "C24",
         choices=get_args(StockExhausted)),
    Spec("last_red_three", "choice", "A red three drawn as the last card of the stock: 'ends_hand' (the hand ends "
         "at once, the player plays no further) or 'turn_goes_on' (the player plays the turn with the cards drawn; "
         "the stock is then used up for the next turn).", "C24", choices=get_args(LastRedThree)),
    Spec("match_end", "choice", "How the match ends: 'target' (a side reaches the target score) or 'deals' "
         "(after a fixed number of deals).", "C30", choices=get_args(MatchEnd)),
    Spec("target_score", "int", "Score that ends the match (match_end = target). null: as the layout for the "
         "player count.", "C30", minimum=100, maximum=100000, by_layout=True, shown_when=("match_end", "target")),
    Spec("deals", "int", "Number of deals (match_end = deals).", "C30", minimum=1, maximum=50,
         shown_when=("match_end", "deals")),
)
"""Every canasta option once, in the order the docs and the page list them."""

SPEC = {s.name: s for s in SPECS}


@dataclass(frozen=True)
class Layout:
    """What a preset does with ``players`` seats (research C29, C33): ``partnerships``, ``decks``,
    ``hand_size`` (cards), ``draw_count`` (cards), ``canastas_to_go_out``, ``target_score``
    (points), and the ``source`` of the row. ``with_partnerships`` names the partnership value the
    row is for when a player count has rows for several (6 players: two or three sides)."""

    players: int
    partnerships: str
    decks: int
    hand_size: int
    draw_count: int
    canastas_to_go_out: int
    target_score: int
    source: str
    with_partnerships: str | None = None


LAYOUTS: dict[str, tuple[Layout, ...]] = {
    "canasta-two-hand": (
        Layout(2, "none", 2, 15, 2, 2, 5000,
               "seed 000: 'Der Kartensatz' two decks, 'Das Ausgeben' 15 cards, 'Karten ziehen' 2 cards, "
               "'Das Ende einer Runde' two canastas; target: pagat 5000 (the seed names none)"),
    ),
    "canasta-classic": (
        Layout(2, "none", 2, 15, 1, 1, 5000,
               "seed 001: 'Beim Spiel zu zweit erhält jeder Spieler 15 Karten', one card drawn "
               "('zieht die oberste Karte'), one canasta to go out, 'Gewinner ist, wer als Erster 5 000 Punkte "
               "erreicht hat' (pagat plays two-handed with draw 2 and two canastas: set draw_count and "
               "canastas_to_go_out)"),
        Layout(3, "none", 2, 13, 1, 1, 5000,
               "seed 001: 'zu dritt 13', 'Bei zwei oder drei Spielern spielt jeder gegen jeden' (research C33)"),
        Layout(4, "two_sides", 2, 11, 1, 1, 5000,
               "seed 001: 'zu viert elf Karten', 'Bei vier Spielern werden zwei Parteien gebildet. Die Partner "
               "sitzen sich jeweils gegenüber'"),
        Layout(5, "two_sides", 2, 11, 1, 1, 5000,
               "seed 001: 'Bei fünf Spielern setzt jeweils einer aus'; casinospiegel.net / kangarooland (research "
               "C29): two sides of 2 and 3, a seat of the larger side sits out each deal in turn; the four who "
               "play are dealt as at four (11 cards)"),
        Layout(6, "two_sides", 2, 9, 1, 1, 5000,
               "seed 001: 'Zu sechst spielen entweder zwei oder drei Parteien gegeneinander' with the seed's own numbers, "
               "which it gives for every player count: '108 Karten (zwei Kartenspiele ...)', 'mindestens ein "
               "vollständiges Canasta', 'als Erster 5 000 Punkte'; 9 cards each continues its series 'zu zweit 15, zu "
               "dritt 13, zu viert elf' (two fewer per player; 54 dealt, 54 left: the most two decks hold, research C29). "
               "rummy-games.com / pagat 'Canasta for six' as option values: decks 3, hand_size 13, canastas_to_go_out 2, "
               "target_score 10000", with_partnerships="two_sides"),
        Layout(6, "three_sides", 2, 9, 1, 1, 5000,
               "seed 001: 'zwei oder drei Parteien', the seed's numbers as with two sides; rummy-games.com's three sides "
               "of two as option values: decks 3, hand_size 13, canastas_to_go_out 2, target_score 7500",
               with_partnerships="three_sides"),
    ),
    "kanaster": (
        Layout(2, "none", 2, 13, 1, 1, 5000,
               "seed 004: 'Faustregel für 2-3 Spieler: 2 Kartenspiele', 'werden 13 Karten' ausgeteilt, one card from "
               "the Talon, 'mindestens einen unechten Kanaster' to go out, 'Gespielt wird auf 5'000 oder 10'000 Punkte'"),
        Layout(3, "none", 2, 13, 1, 1, 5000,
               "seed 004: 2 decks for 2-3 players, 13 cards; each for themselves (the seed names no sides: research C29)"),
        Layout(4, "two_sides", 3, 13, 1, 1, 5000,
               "seed 004: '4-5 Spieler: 3 Spiele', 13 cards; the seed names no sides: partners sitting opposite as "
               "in seed 001 and pagat's four-player Canasta (research C29; partnerships = none plays each for themselves)"),
        Layout(5, "none", 3, 13, 1, 1, 5000,
               "seed 004: 3 decks for 4-5 players, 13 cards ('Spieler 4 ... in der Spielrunde': everyone plays); each "
               "for themselves, as the seed names no sides (research C29)"),
    ),
}
"""Preset -> its layout rows by player count (research C29, C33)."""


def layout_for(preset: str, players: int, partnerships: str | None) -> Layout | None:
    """The layout row of ``preset`` for ``players`` seats and the chosen ``partnerships`` (``None``:
    the player count's default row), or ``None`` if the preset has no row for that many players."""
    rows = [r for r in LAYOUTS[preset] if r.players == players]
    if partnerships is not None:
        for r in rows:
            if r.with_partnerships == partnerships:
                return r
    for r in rows:
        if r.with_partnerships is None or r is rows[0]:
            return r
    return None


# The presets: option -> (default, source). Every option of SPECS appears in every preset.
_TWO_HAND: dict[str, tuple[Any, str]] = {
    "cut_wilds": ("none", "seed 000 deals without a cut (research C28)"),
    "red_three_exposure": ("at_deal", "seed 000 'Rote Dreier': laid out at once and replaced (research C21)"),
    "same_rank_melds": ("one", "seed 000: cards of a rank already melded are added to that meld (research C25)"),
    "meld_after_pile_take": (True, "seed 000: melds may follow the pile take in the same turn (research C27)"),
    "blocking_ranks": ("none", "seed 000 knows no blocking ranks (research C26)"),
    "bury_blocking_cards": ("never", "not applicable: no blocking ranks (research C26)"),
    "blocking_card_adds": ("add", "not applicable: no blocking ranks (research C26)"),
    "partnerships": (None, "layout: seed 000 is played by two players, each for themselves"),
    "decks": (None, "layout: seed 000 'Der Kartensatz': two 52-card decks"),
    "jokers_per_deck": (2, "seed 000 'Der Kartensatz': four jokers, two from each deck"),
    "hand_size": (None, "layout: seed 000 'Das Ausgeben': 15 cards each"),
    "draw_count": (None, "layout: seed 000 'Karten ziehen': 2 cards from the stock"),
    "three_player_mode": ("individual", "not applicable: two players only"),
    "upcard_cover": ("red_three_first", "seed 000 'Falls ein roter Dreier als Anfangskarte aufgedeckt wird, wird eine weitere Karte gezogen und darauf abgelegt. Dieser Vorgang wird wiederholt, bis eine Karte aufgedeckt wird, die keine wilde Karte oder ein roter Dreier ist': a red three starts the covering, which goes on over wild cards and red threes; a wild first upcard stays and freezes the pile (pagat: wild_and_red_three; research C6)"),
    "max_wilds_per_meld": (3, "seed 000 'Figuren': 'bis zu 3 Joker oder wilde Karten' (research C1)"),
    "min_naturals_per_meld": (2, "pagat (research C1); seed 000's pile rule (top card + one natural + one wild) implies two naturals"),
    "naturals_must_outnumber_wilds": (False, "seed 000 caps wilds at 3 only (research C1); seeds 001/004 require a majority"),
    "wild_canasta": ("forbidden", "seed 000 'Figuren': never all wild cards (research C2)"),
    "wild_meld_initial": ("counts", "not applicable: no meld of wild cards only (wild_canasta = forbidden)"),
    "black_three_meld": ("going_out_only", "seed 000 'Schwarze Dreier': 3 or 4, no wilds, only when going out (research C5)"),
    "pile_before_initial_meld": ("natural_pair", "seed 000 'Erste Figur': two naturals with the top card, minimum met (research C8)"),
    "pile_freezing": ("wild_or_initial", "seed 000: 'eingefroren' with a wild card in the pile and before the first meld (pagat; research C11)"),
    "wild_top_take": ("never", "seed 000: 'Wenn die oberste Karte eine schwarze 3 oder eine wilde Karte ist, ... kann den Ablagestapel nicht an sich nehmen'"),
    "take_pile_onto_own_meld": (True, "seed 000 pile rule 2 (research C9)"),
    "take_pile_with_natural_and_wild": (True, "seed 000 pile rule 1 (research C10)"),
    "initial_take_minimum": ("turn", "seed 000 'Erste Figur': the top card and the hand cards of the melds of that turn count (research C8)"),
    "initial_meld_table": (((0, 50), (1500, 90), (3000, 120)), "seed 000 'Anfängliche Ablagevoraussetzungen' (research C12)"),
    "initial_meld_negative_score": (15, "seed 000 table: 'Negativ 15 Punkte'"),
    "initial_meld_counts": ("hand_melds", "seed 000 'Erste Figur': 'nur den Wert der obersten Karte des Ablagestapels, gemeinsam mit den Karten der Figuren aus seiner Hand' and 'Es ist nicht möglich, andere Karten des Ablagestapels zu zählen'; pagat agrees (research C8)"),
    "concealed_going_out_exemption": ("stock_draw", "seed 000 'Bitte beachten Sie' (research C15)"),
    "concealed_going_out_canasta": ("side", "not applicable: two players, the side is the player (seed 000 'Verdecktes Ablegen aller Karten')"),
    "canastas_to_go_out": (None, "layout: seed 000 'Das Ende einer Runde': two or more canastas"),
    "going_out_discard": ("optional", "seed 000: meld all cards, or keep one and discard it (research C18)"),
    "going_out_permission": ("none", "not applicable: two players, no partner"),
    "going_out_bonus": (100, "seed 000 bonus table: 'Alle Karten ablegen 100'"),
    "concealed_going_out_bonus": (200, "seed 000 bonus table: 'Verdecktes Ablegen 200'; pagat: 200 in total, not 300 (research C14)"),
    "wild_canasta_bonus": (0, "not applicable: seed 000 forbids melds of wild cards only (research C2)"),
    "early_out_bonus": (0, "seed 000 has no such bonus (seed 001's 300: research C16)"),
    "hand_canasta_bonus": (0, "seed 000 has no such bonus (seed 001's 'Hand-Canasta': research C3)"),
    "natural_canasta_bonus": (500, "seed 000 bonus table"),
    "mixed_canasta_bonus": (300, "seed 000 bonus table"),
    "loser_canasta_bonus": (True, "seed 000 scores every player's canastas ('Punktevergabe')"),
    "red_three_bonus": (100, "seed 000 bonus table"),
    "red_three_all_four_bonus": (800, "seed 000 bonus table: 'Für alle vier roten Dreier 800'"),
    "red_three_positive_if": ("melded", "seed 000: positive with at least one meld, else negative (research C20)"),
    "stock_exhausted": ("ends_hand", "seed 000: 'ist das Spiel sofort zu Ende' (research C24)"),
    "last_red_three": ("ends_hand", "seed 000 'Der Kartenstapel ist aufgebraucht: falls kein Spieler alle Karten ablegen konnte und der Kartenstapel aufgebraucht ist, ist das Spiel sofort zu Ende' ('sofort': drawing the last card, a red three, uses the stock up; pagat agrees; research C23, C24)"),
    "match_end": ("target", "seed 000 'Das Ziel des Spiels': target score (fast tournament) or fixed deals (round tournament) (research C30)"),
    "target_score": (None, "layout: seed 000 names a target score without a number; pagat: 5000"),
    "deals": (4, "app policy (seed names no number)"),
}

_CLASSIC: dict[str, tuple[Any, str]] = {
    "cut_wilds": ("none", "seed 001 deals without playing out the cut (research C28)"),
    "red_three_exposure": ("at_deal", "seed 001 'muss er auslegen und je eine Ersatzkarte nehmen' (research C21)"),
    "same_rank_melds": ("one", "seed 001 is silent; pagat: one meld per rank and side (research C25)"),
    "meld_after_pile_take": (True, "seed 001 is silent; pagat: melds may follow the pile take (research C27)"),
    "blocking_ranks": ("none", "seed 001 knows no blocking ranks (research C26)"),
    "bury_blocking_cards": ("never", "not applicable: no blocking ranks (research C26)"),
    "blocking_card_adds": ("add", "not applicable: no blocking ranks (research C26)"),
    "partnerships": (None, "layout: seed 001 'Spielverlauf und Taktik' (2-3 each for themselves, 4 two sides, 5 one sits out, 6 two or three sides)"),
    "decks": (None, "layout: seed 001 'Spielkarten: 108 Karten (zwei Kartenspiele ...) und vier Joker' at every player count (6 players: 3 decks is rummy-games.com's value, research C29)"),
    "jokers_per_deck": (2, "seed 001 'zwei Kartenspiele zu je 52 Karten und vier Joker'"),
    "hand_size": (None, "layout: seed 001 'zu zweit 15 Karten, zu dritt 13, zu viert elf'; 5 players as four (11), 6 players 9 (the series continued; rummy-games.com: 13 with 3 decks; research C29)"),
    "draw_count": (None, "layout: seed 001 'Er zieht die oberste Karte vom Talon' (one card at every player count, research C22)"),
    "three_player_mode": ("individual", "seed 001 'Bei zwei oder drei Spielern spielt jeder gegen jeden' (research C33)"),
    "upcard_cover": ("joker_and_red_three", "seed 001 'Ist sie ein Joker oder eine Rote Drei, wird die nächste Karte aufgedeckt' (research C6)"),
    "max_wilds_per_meld": (0, "seed 001 'die natürlichen Karten müssen aber in der Überzahl sein': no fixed cap (research C1)"),
    "min_naturals_per_meld": (2, "seed 001: naturals in the majority, so a 3-card meld holds at least two (research C1)"),
    "naturals_must_outnumber_wilds": (True, "seed 001 'die natürlichen Karten müssen aber in der Überzahl sein' (research C1)"),
    "wild_canasta": ("allowed", "seed 001 'Joker-Canasta (sieben echte und unechte Joker) = 1000 Punkte', which contradicts its own majority rule: read as a meld of wild cards only, exempt from it (research C2; pagat: forbidden)"),
    "wild_meld_initial": ("counts", "seed 001 'Für die Erstmeldung benötigt man mindestens 50 Augen' names no exception, and its 'Joker-Canasta (sieben echte und unechte Joker)' is a meld like the others: a meld of three wild cards may open and counts its points (three jokers 150; research C2)"),
    "black_three_meld": ("going_out_only", "seed 001 'dürfen nur zur Meldung Ausmachen ausgelegt werden'; 3 or 4 without wild cards: pagat (research C5)"),
    "pile_before_initial_meld": ("forbidden", "seed 001 'Dies ist aber erst nach der ersten Meldung gestattet' (research C8; pagat: natural_pair)"),
    "pile_freezing": ("none", "seed 001 'Um den gesamten Abwurfstoß aufnehmen zu können, muss man zusammen mit der obersten Karte und mindestens zwei Handkarten eine Kombination auslegen' and 'Der Poso ist gesperrt, wenn eine Schwarze Drei oder eine wilde Karte oben aufliegt': only a card on top blocks, a covered wild card does not freeze the pile (pagat: wild_or_initial; research C11)"),
    "wild_top_take": ("two_naturals", "seed 001 'Möchte dieser den Abwurfstoß entblockieren, muss er in der Lage sein, mit der obersten Karte und zwei natürlichen Handkarten gleichen Ranges eine Meldung zu machen' (pagat: never; research C11)"),
    "take_pile_onto_own_meld": (False, "seed 001 'zusammen mit der obersten Karte und mindestens zwei Handkarten eine Kombination auslegen' (research C9; pagat: true)"),
    "initial_take_minimum": ("turn", "not applicable: seed 001 allows the pile only after the first meld (pile_before_initial_meld = forbidden)"),
    "take_pile_with_natural_and_wild": (True, "seed 001: 'mindestens zwei Handkarten' forming a combination in which naturals outnumber wilds (research C10)"),
    "initial_meld_table": (((0, 50), (1500, 90), (3000, 120)), "seed 001 'mindestens 50 Augen ... ab 1 500 ... 90 Augen, ab 3 000 Pluspunkten 120' (research C12)"),
    "initial_meld_negative_score": (50, "seed 001 names no lower row: 50 below zero too (research C12; pagat: 15)"),
    "initial_meld_counts": ("hand_melds", "seed 001 forbids the pile before the first meld; with pile_before_initial_meld = natural_pair: seed 000 'Erste Figur' ('gemeinsam mit den Karten der Figuren aus seiner Hand') and pagat (research C8)"),
    "concealed_going_out_exemption": ("stock_draw", "seed 001 is silent; pagat: a concealed going out after a stock draw needs no minimum (research C15)"),
    "concealed_going_out_canasta": ("own", "seed 001 'Aus der Hand aus-machen kann ein Spieler, der alle Handkarten auf einmal auslegt ... Auch er muss mindestens ein vollständiges Canasta mit auslegen und bekommt 200 Pluspunkte': a canasta the player lays in that turn, not the partner's (research C14)"),
    "canastas_to_go_out": (None, "layout: seed 001 'mindestens ein vollständiges Canasta' at every player count (rummy-games.com: two at 6 players, research C17, C29)"),
    "going_out_discard": ("required", "seed 001 'bis auf eine Karte, die noch auf den Poso gelegt werden muss' (research C18)"),
    "going_out_permission": ("ask_partner", "seed 001 is silent; pagat (Classic Canasta): a player may ask 'Partner, may I go out?' and the answer is binding (research section 1.1)"),
    "going_out_bonus": (100, "seed 001 'Ausmachen = 100 Punkte'"),
    "concealed_going_out_bonus": (200, "seed 001 'Ausmachen aus der Hand = 200 Punkte' (in total, as pagat: research C14)"),
    "wild_canasta_bonus": (1000, "seed 001 'Joker-Canasta (sieben echte und unechte Joker) = 1000 Punkte' (research C2)"),
    "early_out_bonus": (300, "seed 001 'Kann ein Spieler schon kurz nach Spielbeginn ausmachen, ohne mehr als eine Karte vom Talon gezogen zu haben, erhält er 300 Pluspunkte' (research C16; not in pagat)"),
    "hand_canasta_bonus": (1000, "seed 001 'Hand-Canasta = 1000 Punkte', a term the seed does not define (research C3); engine reading: a canasta opened and completed from the hand in one turn"),
    "natural_canasta_bonus": (500, "seed 001 'Echtes Canasta = 500 Punkte'"),
    "mixed_canasta_bonus": (300, "seed 001 'Unechtes Canasta = 300 Punkte'"),
    "loser_canasta_bonus": (True, "seed 001 'Jeder Spieler oder jede Partei zählt nach dem Spiel den Gesamtwert der Augen ihrer ausgelegten Karten und den Wert ihrer Meldungen zusammen'"),
    "red_three_bonus": (100, "seed 001 'Rote Drei = 100 Punkte'"),
    "red_three_all_four_bonus": (0, "seed 001 names no bonus for all four red threes (research C20; pagat: 800)"),
    "red_three_positive_if": ("always", "seed 001: a red three counts 100 plus; minus only when it was not laid out, which the engine never allows (research C20, C21)"),
    "stock_exhausted": ("play_on_discards", "seed 001 is silent; pagat (Classic Canasta): play continues while each player takes the discard, taking it is obligatory when it matches the side's meld (research C24)"),
    "last_red_three": ("ends_hand", "seed 001 is silent; pagat: a red three as the last stock card ends the hand at once (research C23, C24)"),
    "match_end": ("target", "seed 001 'Gewinner ist, wer als Erster 5 000 Punkte erreicht hat' (research C30)"),
    "target_score": (None, "layout: seed 001 'als Erster 5 000 Punkte' at every player count (rummy-games.com: 10000 / 7500 at 6 players, research C29, C30)"),
    "deals": (4, "app policy (seed 001 names no fixed number of deals)"),
}

_KANASTER: dict[str, tuple[Any, str]] = {
    "cut_wilds": ("wilds", "seed 004 'Hebt er einen 2er oder Joker ab, darf er ihn behalten. Ist die nächste Karte wieder ein Volltreffer so gilt dasselbe usw.' and 'dass dem Glücklichen ... dementsprechend weniger Karten auszuteilen sind'; the seed names only twos and jokers, so a red three turned up ends the cut and stays in the deck (de.wikibooks keeps red threes too: wilds_and_red_threes; research C28)"),
    "red_three_exposure": ("first_turn", "seed 004 'Jede rote 3 muss sofort beim ersten Ausspielen des jeweiligen Spielers, herausgelegt und durch eine Neue vom Talon ersetzt werden' (research C21)"),
    "partnerships": (None, "layout: seed 004 names no sides; 4 players as two sides of two (research C29)"),
    "decks": (None, "layout: seed 004 'Faustregel für 2-3 Spieler: 2 Kartenspiele, 4-5 Spieler: 3 Spiele'"),
    "jokers_per_deck": (2, "seed 004 is silent; two jokers per deck as seeds 000 and 001 (the seed's record of '6 Jokern' at the cut needs three decks of two)"),
    "hand_size": (None, "layout: seed 004 'werden 13 Karten' and 'Es müssen bei Spielbeginn 13 Karten sein'"),
    "draw_count": (None, "layout: seed 004 'Wird eine Karte vom Talon genommen' (one card)"),
    "three_player_mode": ("individual", "seed 004 names no sides (research C33)"),
    "upcard_cover": ("wild", "seed 004 'Wird hier ein 2er oder Joker frei, so wird diese Karte mit der nächsten des Talons zugedeckt': a red three upcard stays on the pile (it blocks the first player like a black three and goes to the side that later takes the pile, laid out: research C6, C7)"),
    "max_wilds_per_meld": (0, "seed 004 'Es dürfen nie gleichviel oder mehr Joker sein als normale Spielkarten': no fixed cap (research C1)"),
    "min_naturals_per_meld": (2, "seed 004: naturals in the majority, so a 3-card meld holds at least two (research C1)"),
    "naturals_must_outnumber_wilds": (True, "seed 004 'Es dürfen nie gleichviel oder mehr Joker sein als normale Spielkarten' (research C1)"),
    "wild_canasta": ("forbidden", "seed 004's majority rule allows no meld of wild cards only (research C2)"),
    "wild_meld_initial": ("counts", "not applicable: no meld of wild cards only (wild_canasta = forbidden)"),
    "same_rank_melds": ("after_canasta", "seed 004 'Selbstverständlich können von einer Spielkarte mehrere Kanaster rausgelegt werden': several canastas of one rank; read as: another meld of a rank once the side's earlier ones are canastas (research C25; 'one' keeps pagat's single meld)"),
    "black_three_meld": ("going_out_only", "seed 004 is silent on melding black threes; pagat and seed 000: 3 or 4, only when going out (research C5)"),
    "pile_before_initial_meld": ("natural_pair", "seed 004 'Wer eine Karte vom Spielstapel nimmt, muss sie mit zwei anderen rauslegen können, (Achtung, minimale Punktzahl!)': allowed before the first meld when the meld made with the top card reaches the minimum (research C8)"),
    "pile_freezing": ("none", "seed 004 knows no frozen pile: 'Wer eine Karte vom Spielstapel nimmt, muss sie mit zwei anderen rauslegen können' and 'Es dürfen nie gleichviel oder mehr Joker sein als normale Spielkarten' (pagat's freezing: wild_or_initial; research C11, section 2.2)"),
    "wild_top_take": ("two_naturals", "seed 004 'muss sie mit zwei anderen rauslegen können': a wild card on top makes a meld with two natural cards of one rank; only black threes and blocking cards block the pile (research C11)"),
    "take_pile_onto_own_meld": (True, "seed 004 'oder an den Rausgelegten anlegen können' (research C9)"),
    "meld_after_pile_take": (True, "seed 004 'Anschliessend muss er den Spielstapel einstecken und mit einer Karte, die er wegwirft, den neuen Spielstapel beginnen. ACHTUNG! Jetzt darf nicht mehr rausgelegt werden, denn der nächst Spieler ist nun an der Reihe. Natürlich kann man rauslegen und dann wegwerfen': 'Jetzt' is after the discard (the next player is on turn), and the next sentence allows melding, then discarding (research C27; false: the earlier reading, only a discard after the take)"),
    "blocking_ranks": ("any_canasta", "seed 004 'Alle Karten, von denen bereits ein Kanaster rausgelegt ist, gelten als Sperrkarten. D.h. liegt auf dem Spielstapel eine Sperrkarte, so darf der Spielstapel vom nächsten Spieler nicht genommen werden': any canasta on the table, whichever side's (research C26)"),
    "bury_blocking_cards": ("after_pile_take", "seed 004 'Diese Sperrkarten dürfen jedoch von jenem Spieler, der den Spielstapel an sich nehmen kann, zusätzlich (jedoch ohne Wirkung auf das Spiel) unter den evtl. passenden Kanaster angelegt werden': read as the player who has taken the pile, under the side's own canasta of that rank, counting nothing (research C26)"),
    "blocking_card_adds": ("bury_only", "seed 004 'Diese Sperrkarten dürfen jedoch von jenem Spieler, der den Spielstapel an sich nehmen kann, zusätzlich (jedoch ohne Wirkung auf das Spiel) unter den evtl. passenden Kanaster angelegt werden' and 'Selbstverständlich können von einer Spielkarte mehrere Kanaster rausgelegt werden': a blocking card has no place on its finished canasta but underneath it, counting nothing, or in another meld of the rank (research C26; add: such cards still added for points)"),
    "initial_take_minimum": ("take_meld", "seed 004 'Wer eine Karte vom Spielstapel nimmt, muss sie mit zwei anderen rauslegen können, (Achtung, minimale Punktzahl! siehe unten)': the meld made with the top card must reach the minimum by itself (research C8)"),
    "take_pile_with_natural_and_wild": (True, "seed 004 'mit zwei anderen' (any two cards that make a valid meld with it; research C10); a pile with a wild card in it needs two naturals (pagat: the seed does not say whether discarded wild cards freeze the pile, research section 2.2)"),
    "initial_meld_table": (((0, 50), (1500, 90), (3000, 120)), "seed 004 'mindestens 50 Punkte. Ab 1'500 Punkten beim Aufschreiben, braucht man 90 Punkte und ab 3'000 Punkten 120 Punkte' (research C12)"),
    "initial_meld_negative_score": (50, "seed 004 names no lower row: 50 below zero too (research C12)"),
    "initial_meld_counts": ("hand_melds", "seed 004 'mit zwei anderen rauslegen können, (Achtung, minimale Punktzahl!)': the meld made with the top card counts, and melds of hand cards that follow the take (research C8, C27)"),
    "concealed_going_out_canasta": ("side", "seed 004 'Man kann auch das Erstemal rauslegen und gleich fertig machen. Dafür kassiert man 200 Pt. ... Bei beiden Varianten braucht man mindesten einen unechten Kanaster': the same canasta condition as any going out, the side's (research C14)"),
    "concealed_going_out_exemption": ("never", "seed 004 states the minimum without exception ('Um das Erstemal rauslegen zu können, braucht es mindestens 50 Punkte'), also for 'das Erstemal rauslegen und gleich fertig machen' (research C15)"),
    "canastas_to_go_out": (None, "layout: seed 004 'Bei beiden Varianten braucht man mindesten einen unechten Kanaster' (any canasta, research C17)"),
    "going_out_discard": ("required", "seed 004 'alle Karten auf den Tisch legen kann, bis auf eine und die muss noch auf den Spielstapel geworfen werden können' (research C18)"),
    "going_out_permission": ("none", "seed 004 is silent: nobody asks (research section 1.1: pagat's question is a Classic Canasta custom)"),
    "going_out_bonus": (100, "seed 004 'Wenn man (einige Runden) später seine letzte Karte abwirft, 100 Pt.'"),
    "concealed_going_out_bonus": (200, "seed 004 'Man kann auch das Erstemal rauslegen und gleich fertig machen. Dafür kassiert man 200 Pt.' (in total, research C14)"),
    "wild_canasta_bonus": (0, "not applicable: no meld of wild cards only (research C2)"),
    "early_out_bonus": (0, "seed 004 has no such bonus (research C16)"),
    "hand_canasta_bonus": (0, "seed 004 has no such bonus (research C3)"),
    "natural_canasta_bonus": (500, "seed 004 refers to a table it does not contain ('gemäss obiger Tabelle'): the classic values, seed 001 'Echtes Canasta = 500 Punkte' (research C31)"),
    "mixed_canasta_bonus": (300, "the classic values, seed 001 'Unechtes Canasta = 300 Punkte' (research C31)"),
    "loser_canasta_bonus": (False, "seed 004 'Der Gewinner zählt alle Kartenpunkte ... Dazu kommen Kanasterpunkte, rote 3er und das Fertigmachen. Bei den Verlierern wird alles, was auf dem Tisch liegt positiv und was in den Händen ist, negativ gewertet': canasta points are named for the winner only (research C31)"),
    "red_three_bonus": (100, "seed 004 'werden pro rote 3 100 Punkte abgezogen'; plus as much with a canasta (research C20)"),
    "red_three_all_four_bonus": (0, "seed 004 names no value for all red threes (research C20)"),
    "red_three_positive_if": ("canasta", "seed 004 'Liegt ein Kanaster auf dem Tisch, so geben rote 3er Pluspunkte. Wenn nicht, werden pro rote 3 100 Punkte abgezogen' (research C20)"),
    "stock_exhausted": ("play_on_discards", "seed 004 is silent; pagat: play goes on while each player takes the discard (research C24)"),
    "last_red_three": ("ends_hand", "seed 004 is silent; pagat: a red three as the last stock card ends the hand at once (research C23, C24)"),
    "match_end": ("target", "seed 004 'Gespielt wird auf 5'000 oder 10'000 Punkte' (research C30)"),
    "target_score": (None, "layout: seed 004 5000 (or 10000: set target_score)"),
    "deals": (4, "app policy (seed 004 names no fixed number of deals)"),
}

_PRESET_VALUES: dict[str, dict[str, tuple[Any, str]]] = {
    "canasta-two-hand": _TWO_HAND,
    "canasta-classic": _CLASSIC,
    "kanaster": _KANASTER,
}


def preset_players(preset: str) -> tuple[int, ...]:
    """The player counts ``preset`` seats (those of its layout rows)."""
    return tuple(sorted({r.players for r in LAYOUTS[preset]}))


def options(preset: str) -> dict[str, Option]:
    """The options of ``preset``: name -> :class:`~meldtable.options.Option` with the preset's
    default and source. Raises ``KeyError`` for an unknown preset and ``AssertionError`` if the
    preset does not give every option of the catalogue exactly once."""
    values = _PRESET_VALUES[preset]
    assert set(values) == set(SPEC), sorted(set(values) ^ set(SPEC))
    out: dict[str, Option] = {}
    for s in SPECS:
        default, source = values[s.name]
        out[s.name] = Option(s.name, s.kind, default, source, s.doc, choices=s.choices,
                             minimum=s.minimum, maximum=s.maximum, nullable=s.by_layout, row=s.row,
                             shown_when=s.shown_when)
    return out


def _variant(preset: str, name: str, seed_file: str, usual: int | None = None, usual_source: str = "") -> Variant:
    """A canasta preset: the canasta catalogue's options with this preset's defaults and sources
    (:mod:`meldtable.canasta.catalogue`), and its layout table by player count; ``usual`` players
    (with its source) start a new game when nobody chooses a count."""
    return Variant(
        id=preset,
        name=name,
        seed_file=seed_file,
        family="canasta",
        players=preset_players(preset),
        options=options(preset),
        layout=tuple(asdict(r) for r in LAYOUTS[preset]),
        usual_players=usual,
        usual_players_source=usual_source,
    )


VARIANTS: dict[str, Variant] = {
    "canasta-two-hand": _variant(
        "canasta-two-hand", "Canasta for two (draw two, two canastas to go out)", SEED_000),
    "canasta-classic": _variant(
        "canasta-classic", "Classic Canasta (2 to 6 players, partnerships at 4 to 6)", SEED_001, 4,
        "seed 001 'Bei vier Spielern werden zwei Parteien gebildet. Die Partner sitzen sich jeweils gegenüber.': "
        "the partnership game the text describes"),
    "kanaster": _variant(
        "kanaster", "Kanaster (Swiss house rules: the cut, blocking ranks, blocking cards under a canasta)",
        SEED_004, 4,
        "seed 004 names no usual count; its decks' rule of thumb covers '4-5 Spieler' and its teams play "
        "two against two (app policy)"),
}
"""The canasta presets as variants: id -> :class:`~meldtable.options.Variant` (``meldtable.VARIANTS``
lists them)."""
