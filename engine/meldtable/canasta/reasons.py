"""Every reason a canasta move or action can be refused for: key -> (parameters, English, German).
The closed catalogue the legality check (:mod:`.legality`, ``_why``) and the page's actions
(:mod:`.actions`) refuse with (:mod:`meldtable.reasons`). A reason with several phrasings lists
them by the value of its first parameter (its form)."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..reasons import COMMON, Catalogue

REASONS = Catalogue("canasta", {
    # malformed page actions (NotationError; docs/protocol.md, "action")
    "action_meld": ((), "'rank' must name a meld such as 'Q' (or 'Q#2' for the second meld of queens).",
                    "'rank' muss eine Meldung nennen, etwa 'Q' (oder 'Q#2' für die zweite Meldung aus Damen)."),
    "answer_first": (
        ("seat",), "Seat {seat} asks whether they may go out: answer yes or no.",
        "Platz {seat} fragt, ob er ausmachen darf: Antworte mit Ja oder Nein."),
    "ask_no_partner": (
        (), "In this game nobody asks a partner before going out.",
        "In diesem Spiel fragt niemand einen Partner vor dem Ausmachen."),
    "ask_once": ((), "You have already asked your partner this turn.", "Du hast deinen Partner in diesem Zug schon gefragt."),
    "draw_first": (
        (), "First draw from the stock or take the discard pile.",
        "Ziehe zuerst vom Talon oder nimm den Ablagestapel auf."),
    "black_threes_ask": (
        (), "You have melded black threes: you go out this turn without asking.",
        "Du hast schwarze Dreien ausgelegt: Du machst in diesem Zug aus, ohne zu fragen."),
    "ask_cannot_go_out": (
        (), "You can ask your partner only when you could go out this turn.",
        "Du kannst deinen Partner nur fragen, wenn du in diesem Zug ausmachen könntest."),
    "no_question": ((), "Nobody has asked you whether they may go out.", "Niemand hat dich gefragt, ob er ausmachen darf."),
    "pass_not_now": (
        (), "You can pass only at the start of a turn once the stock is used up.",
        "Passen kannst du nur zu Beginn eines Zuges, wenn der Talon aufgebraucht ist."),
    "take_forced": (
        (), "The top card goes onto your side's meld: with the stock used up you must take the pile.",
        "Die oberste Karte passt zu einer Meldung deiner Partei: Bei aufgebrauchtem Talon musst du den Ablagestapel "
        "nehmen."),
    "already_took": ((), "You have already taken the discard pile this turn.",
                     "Du hast in diesem Zug schon den Ablagestapel genommen."),
    "already_drew": ((), "You have already drawn this turn.", "Du hast in diesem Zug schon gezogen."),
    "stock_empty": (
        (), "The stock is used up: take the discard pile or pass.",
        "Der Talon ist aufgebraucht: Nimm den Ablagestapel oder passe."),
    "pile_empty": ((), "The discard pile is empty.", "Der Ablagestapel ist leer."),
    "pile_red_three": (
        (), "A red three lies on top: the pile cannot be taken now.",
        "Oben liegt eine rote Drei: Der Ablagestapel kann jetzt nicht aufgenommen werden."),
    "pile_blocked": (
        (), "A black three blocks the pile: draw from the stock.",
        "Eine schwarze Drei sperrt den Ablagestapel: Ziehe vom Talon."),
    "pile_wild_top": (
        (), "A wild card lies on top: the pile cannot be taken now.",
        "Oben liegt eine wilde Karte: Der Ablagestapel kann jetzt nicht aufgenommen werden."),
    "wild_top_pair": (
        (), "A wild card lies on top: take the pile with two natural cards of one rank, which make a meld with it.",
        "Oben liegt eine wilde Karte: Nimm den Ablagestapel mit zwei natürlichen Karten eines Werts auf, die mit ihr "
        "eine Meldung bilden."),
    "pile_before_initial": (
        (), "You may take the pile only after your initial meld.",
        "Den Ablagestapel darfst du erst nach deiner ersten Meldung aufnehmen."),
    "take_rank": (
        ("rank",), "To take the pile you need {rank:ranks} to go with the top card.",
        "Um den Ablagestapel aufzunehmen, brauchst du {rank:ranks} zur obersten Karte."),
    "take_pair": (
        ("rank",), "To take the pile you need two natural {rank:ranks}, or one and a wild card, to go with the top "
                   "card.",
        "Um den Ablagestapel aufzunehmen, brauchst du zwei natürliche {rank:ranks} oder eine und eine wilde Karte "
        "zur obersten Karte."),
    "take_onto_meld_off": (
        ("rank",), "In this game you take the pile by melding its top card with two cards from your hand (two "
                   "natural {rank:ranks}, or one and a wild card).",
        "In diesem Spiel nimmst du den Ablagestapel nur, indem du die oberste Karte mit zwei Handkarten auslegst "
        "(zwei natürlichen {rank:ranks} oder einer und einer wilden Karte)."),
    "pile_frozen": (
        ("because", "rank"),
        {"initial": "The pile is frozen (you have not made your initial meld): you need two natural {rank:ranks}.",
         "wild": "The pile is frozen (a wild card is in it): you need two natural {rank:ranks}."},
        {"initial": "Der Ablagestapel ist eingefroren (du hast deine erste Meldung noch nicht gemacht): Du brauchst "
                    "zwei natürliche {rank:ranks}.",
         "wild": "Der Ablagestapel ist eingefroren (eine wilde Karte liegt darin): Du brauchst zwei natürliche "
                 "{rank:ranks}."}),
    "pile_needs_pair": (
        ("rank",), "In this game the pile is taken with two natural {rank:ranks}, not with a wild card.",
        "In diesem Spiel nimmt man den Ablagestapel mit zwei natürlichen {rank:ranks} auf, nicht mit einer wilden "
        "Karte."),
    "take_no_meld": (
        ("rank",), "You have no meld of {rank:ranks} to put the top card on.",
        "Du hast keine Meldung aus {rank:ranks}, an die du die oberste Karte legen kannst."),
    "initial_minimum": (
        ("counted", "minimum", "points"),
        {"take": "Your initial meld must be worth at least {minimum} points. Taking the pile counts the top card "
                 "and the cards you meld with it ({points} points here) and melds made of your hand cards, never "
                 "other cards from the pile: {minimum} cannot be reached this turn.",
         "turn": "Your initial meld must be worth at least {minimum} points (this turn so far: {points})."},
        {"take": "Deine erste Meldung muss mindestens {minimum} Punkte wert sein. Beim Aufnehmen zählen die oberste "
                 "Karte und die Karten, die du mit ihr auslegst (hier {points} Punkte), und Meldungen aus deinen "
                 "Handkarten, nie andere Karten des Ablagestapels: {minimum} sind in diesem Zug nicht erreichbar.",
         "turn": "Deine erste Meldung muss mindestens {minimum} Punkte wert sein (in diesem Zug bisher: {points})."}),
    "all_wild": ((), "A meld cannot be made of wild cards only.", "Eine Meldung darf nicht nur aus wilden Karten bestehen."),
    "wild_melded": (
        (), "Your side has a meld of wild cards already: add to it instead.",
        "Deine Partei hat schon eine Meldung aus wilden Karten: Lege dort an."),
    "wild_meld_after_initial": (
        ("minimum",), "In this game a meld of wild cards only comes after your side's initial meld of {minimum} points: "
        "reach it with other melds first.",
        "In diesem Spiel kommt eine Meldung nur aus wilden Karten erst nach der Erstmeldung deiner Partei "
        "({minimum} Punkte): Erreiche sie zuerst mit anderen Meldungen."),
    "meld_three": (
        (), "Lay a new meld as three cards, then add more cards one by one.",
        "Lege eine neue Meldung mit drei Karten aus und lege weitere Karten dann einzeln an."),
    "mixed_ranks": (
        (), "A meld holds cards of one rank only (plus wild cards).",
        "Eine Meldung enthält nur Karten eines Rangs (und wilde Karten)."),
    "red_three": (
        (), "Red threes are laid out by themselves and never melded.",
        "Rote Dreien werden einzeln ausgelegt und nie gemeldet."),
    "black_threes": (
        (), "Black threes are melded only as three or four black threes, without wild cards.",
        "Schwarze Dreien werden nur als drei oder vier schwarze Dreien ohne wilde Karten gemeldet."),
    "black_threes_never": (
        (), "Black threes cannot be melded in this game.", "Schwarze Dreien können in diesem Spiel nicht gemeldet werden."),
    "black_threes_melded": (
        (), "Your side has melded black threes already this turn.",
        "Deine Partei hat in diesem Zug schon schwarze Dreien gemeldet."),
    "black_threes_add": ((), "Nothing can be added to black threes.", "An schwarze Dreien kann nichts angelegt werden."),
    "rank_melded": (
        ("rank",), "You already have a meld of {rank:ranks}: add to it instead.",
        "Du hast schon eine Meldung aus {rank:ranks}: Lege dort an."),
    "few_naturals": (
        ("minimum",), "A meld needs at least {minimum} natural cards.",
        "Eine Meldung braucht mindestens {minimum} natürliche Karten."),
    "many_wilds": (
        ("rank",), "A meld of {rank:ranks} may not hold that many wild cards.",
        "Eine Meldung aus {rank:ranks} darf nicht so viele wilde Karten enthalten."),
    "no_meld": (
        ("rank",), "Your side has no meld of {rank:ranks}.", "Deine Partei hat keine Meldung aus {rank:ranks}."),
    "add_wild_only": (
        (), "Only wild cards can be added to the meld of wild cards.",
        "An die Meldung aus wilden Karten passen nur wilde Karten."),
    "wild_meld_full": (
        (), "The meld of wild cards is complete: seven cards at most.",
        "Die Meldung aus wilden Karten ist vollständig: höchstens sieben Karten."),
    "add_blocking_canasta": (
        ("rank",), "That canasta of {rank:ranks} is finished, and {rank:ranks} are blocking cards now: no more of "
                   "them are added to it. Where the rules allow, lay them under it after taking the discard pile, "
                   "start another meld of them, or discard one.",
        "Dieser Kanaster aus {rank:ranks} ist fertig, und {rank:ranks} sind jetzt Sperrkarten: Es wird keine mehr "
        "angelegt. Wo die Regeln es erlauben, lege sie nach dem Aufnehmen des Ablagestapels darunter, beginne eine "
        "weitere Meldung daraus oder wirf eine ab."),
    "add_rank": (
        ("rank",), "Only {rank:ranks} or wild cards can be added to that meld.",
        "An diese Meldung passen nur {rank:ranks} oder wilde Karten."),
    "keep_a_card": (
        ("canastas",), "Until your side has {canastas:plural:canasta:canastas} you must keep a card after your "
                       "discard.",
        "Bis deine Partei {canastas} Canasta(s) hat, musst du nach dem Abwerfen noch eine Karte behalten."),
    "discard_to_go_out": (
        (), "In this game you go out by discarding your last card: keep one card.",
        "In diesem Spiel machst du aus, indem du deine letzte Karte abwirfst: Behalte eine Karte."),
    "meld_invalid": (
        (), "Those cards do not make a valid meld with the top card.",
        "Diese Karten ergeben mit der obersten Karte keine gültige Meldung."),
    "black_threes_committed": (
        ("then",),
        {"no_out": "You have melded black threes, so you must go out this turn: after this move you could not.",
         "finish": "You have melded black threes, so you must go out this turn: meld your other cards and discard "
                   "only your last one."},
        {"no_out": "Du hast schwarze Dreien ausgelegt, also musst du in diesem Zug ausmachen: Nach diesem Zug "
                   "könntest du das nicht mehr.",
         "finish": "Du hast schwarze Dreien ausgelegt, also musst du in diesem Zug ausmachen: Lege deine anderen "
                   "Karten aus und wirf nur deine letzte ab."}),
    "black_threes_out": (
        ("canastas",), "Black threes may be melded only in the turn you go out, and you could not go out this turn "
                       "after melding them: you need {canastas:plural:canasta:canastas} and every other card melded "
                       "(but one to discard).",
        "Schwarze Dreien darfst du nur in dem Zug auslegen, in dem du ausmachst, und danach könntest du nicht "
        "ausmachen (du brauchst {canastas} Canasta(s) und alle anderen Karten ausgelegt, bis auf eine zum "
        "Abwerfen)."),
    "partner_no": (
        (), "Your partner answered no: you may not go out this turn, so keep two cards after melding (one to "
            "discard, one to keep).",
        "Dein Partner hat nein gesagt: In diesem Zug darfst du nicht ausmachen, behalte also zwei Karten (eine zum "
        "Abwerfen, eine zum Behalten)."),
    "partner_yes": (
        (), "Your partner answered yes: you must go out this turn, so discard only your last card.",
        "Dein Partner hat ja gesagt: Du musst in diesem Zug ausmachen und darfst nur deine letzte Karte abwerfen."),
    "take_select": (
        (), "To take the pile select two cards that go with its top card (or none to put it on your meld).",
        "Um den Ablagestapel aufzunehmen, wähle zwei Karten, die zur obersten Karte passen (oder keine, um sie an "
        "deine Meldung zu legen)."),
    # Kanaster (seed 004)
    "pile_blocking_rank": (
        ("rank",), "A canasta of {rank:ranks} lies on the table, so {rank:ranks} block the pile: draw from the stock.",
        "Ein Kanaster aus {rank:ranks} liegt auf dem Tisch, also sperren {rank:ranks} den Ablagestapel: Ziehe vom Talon."),
    "initial_minimum_take": (
        ("minimum", "points"), "Your initial meld must be worth at least {minimum} points, and after taking the pile you "
                               "may not meld any more: the top card and the cards you meld with it make only {points}.",
        "Deine erste Meldung muss mindestens {minimum} Punkte wert sein, und nach dem Aufnehmen darfst du nicht mehr "
        "auslegen: Die oberste Karte und die Karten dazu ergeben nur {points}."),
    "no_meld_after_take": (
        (), "After taking the discard pile you may not meld or add any more this turn: discard a card.",
        "Nach dem Aufnehmen des Ablagestapels darfst du in diesem Zug nicht mehr auslegen oder anlegen: Wirf eine Karte ab."),
    "rank_melded_open": (
        ("rank",), "Your side's meld of {rank:ranks} is not a canasta yet: add to it instead.",
        "Die Meldung deiner Partei aus {rank:ranks} ist noch kein Kanaster: Lege dort an."),
    "no_meld_number": (
        ("meld", "rank"), "Your side has no meld {meld} (no such meld of {rank:ranks}).",
        "Deine Partei hat keine Meldung {meld} (keine solche Meldung aus {rank:ranks})."),
    "bury_off": ((), "In this game no card is laid under a canasta.",
                 "In diesem Spiel wird keine Karte unter einen Kanaster gelegt."),
    "bury_after_take": (
        (), "Blocking cards are laid under a canasta only in a turn in which you took the discard pile.",
        "Sperrkarten legst du nur in einem Zug unter einen Kanaster, in dem du den Ablagestapel aufgenommen hast."),
    "bury_no_canasta": (
        ("rank",), "Your side has no canasta of {rank:ranks} to lay the card under.",
        "Deine Partei hat keinen Kanaster aus {rank:ranks}, unter den du die Karte legen könntest."),
    "bury_rank": (("rank",), "Only {rank:ranks} can be laid under that canasta.",
                  "Unter diesen Kanaster passen nur {rank:ranks}, keine anderen Karten."),
    "bury_not_blocking": (
        ("rank",), "In this game {rank:ranks} do not block the pile, so none is laid under a canasta.",
        "In diesem Spiel sperren {rank:ranks} den Ablagestapel nicht, also kommt keine unter einen Kanaster."),
    "bury_committed": (
        (), "This turn must end as decided (going out, or not): no card is laid under a canasta now.",
        "Dieser Zug muss wie entschieden enden (ausmachen oder nicht): Jetzt kommt keine Karte unter einen Kanaster."),
    "bury_initial": (
        ("minimum",), "First reach your side's initial meld of {minimum} points; then cards can go under a canasta.",
        "Erreiche zuerst die Erstmeldung deiner Partei von {minimum} Punkten; danach können Karten unter einen Kanaster."),
    "bury_keep_a_card": (
        (), "Keep a card to discard: laying a card under a canasta never goes out.",
        "Behalte eine Karte zum Abwerfen: Mit einer Karte unter dem Kanaster machst du nie aus."),
    "nothing_selected_bury": (
        (), "Select the cards to lay under the canasta first.", "Wähle zuerst die Karten aus, die unter den Kanaster kommen."),
    "nothing_selected": ((), "Select the cards to add first.", "Wähle zuerst die Karten zum Anlegen aus."),
    "meld_size": ((), "A meld needs at least three cards.", "Eine Meldung braucht mindestens drei Karten."),
    "not_held_often": (
        ("card", "times"), "You do not hold {card:card} {times} times.", "Du hast {card:card} nicht {times}-mal auf der Hand."),
    "not_a_meld": ((), "Those cards do not make a meld.", "Diese Karten ergeben keine Meldung."),
    # rule options that cannot go together (OptionError, canasta/rules.py)
    "option_needs_value": (
        ("name", "players"), "Rule option '{name}' needs a value for {players} players.",
        "Die Spielregel '{name}' braucht einen Wert für {players} Personen."),
    "option_decks_too_few": (
        ("players", "hand_size", "need", "decks"),
        "{players} players with {hand_size} cards each need at least {need:plural:deck:decks} (the stock must start "
        "with as many cards as the hands), not {decks}.",
        "{players} Personen mit je {hand_size} Karten brauchen mindestens {need:plural:Kartenspiel:Kartenspiele} (der "
        "Talon muss mit so vielen Karten beginnen wie die Hände), nicht {decks}."),
    "option_bury_needs_blocking": (
        (), "Laying blocking cards under a canasta (bury_blocking_cards) needs blocking ranks: set blocking_ranks to "
            "'any_canasta' or 'own_canasta', or bury_blocking_cards to 'never'.",
        "Sperrkarten unter einen Kanaster legen (bury_blocking_cards) geht nur mit Sperrkarten: Stelle blocking_ranks "
        "auf 'any_canasta' oder 'own_canasta', oder bury_blocking_cards auf 'never'."),
    "seating_two_sides": (
        ("players",), "Two sides need 4, 5 or 6 players, not {players}.",
        "Zwei Parteien brauchen 4, 5 oder 6 Personen, nicht {players}."),
    "seating_three_sides": (
        ("players",), "Three sides of two need 6 players, not {players}.",
        "Drei Parteien zu zweit brauchen 6 Personen, nicht {players}."),
}, base=COMMON)
"""The canasta family's refusal reasons."""


class Refusal(NamedTuple):
    """The one verdict type of the canasta legality rooms (:mod:`.legality`): why a move is not
    legal now, as a ``key`` of :data:`REASONS` (this family's catalogue or ``COMMON``) and its
    ``params``. A check returns ``None`` for a legal move, else a ``Refusal``; ``_why`` turns it
    into ``(key, English message, params)`` (:meth:`Catalogue.why`). Made by :func:`refuse`."""

    key: str
    params: dict[str, Any]


Verdict = Refusal | None
"""What every check of a legality room returns: ``None`` (legal) or a :class:`Refusal`."""

_KEYS = frozenset(REASONS.keys())


def refuse(key: str, **params: Any) -> Refusal:
    """A :class:`Refusal` with a declared reason ``key`` and its ``params``. Raises
    ``KeyError`` for a key the catalogue does not declare (a programming error: no check may
    refuse with words nobody wrote)."""
    if key not in _KEYS:
        raise KeyError(f"undeclared canasta reason {key!r}")
    return Refusal(key, params)
