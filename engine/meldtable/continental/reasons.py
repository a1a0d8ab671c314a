"""Every reason a continental move or action can be refused for: key -> (parameters, English,
German). The closed catalogue the legality check (:mod:`.legality`) and the page's actions
(:mod:`.actions`) raise from, and the page reads (``hello``; :mod:`meldtable.reasons`)."""

from __future__ import annotations

from ..reasons import COMMON, Catalogue

REASONS = Catalogue("continental", {
    # malformed notation (NotationError; docs/notation.md, "Continental", "Errors")
    "combo_and_card": (("kind",), "'{kind}' needs a combination and a card, e.g. '{kind} 1.2 7H'.",
                       "Zu '{kind}' gehören eine Kombination und eine Karte, z. B. '{kind} 1.2 7H'."),
    "combo_first": (("kind", "word"), "'{kind}' needs the combination first, written seat.number (e.g. 1.2), not '{word}'.",
                    "Zu '{kind}' gehört zuerst die Kombination, geschrieben Platz.Nummer (z. B. 1.2), nicht '{word}'."),
    "combo_number": ((), "Combinations are numbered from 1 (e.g. 1.1 is seat 1's first).",
                     "Kombinationen werden ab 1 gezählt (z. B. ist 1.1 die erste von Platz 1)."),
    "set_cards": ((), "'set' needs three cards, e.g. 'set 7C 7D JK'.", "Zu 'set' gehören drei Karten, z. B. 'set 7C 7D JK'."),
    "run_cards": ((), "'run' needs four cards from low to high, e.g. 'run 5H 6H JK 8H'.",
                  "Zu 'run' gehören vier Karten von niedrig nach hoch, z. B. 'run 5H 6H JK 8H'."),
    "claim_window": (
        ("seat", "card"),
        "Seat {seat} first decides whether to claim {card:card} out of turn: claim or pass.",
        "Platz {seat} entscheidet zuerst, ob {card:card} außer der Reihe genommen wird: nehmen oder passen."),
    "no_claims": (
        (), "In this game discards are never taken out of turn.",
        "In diesem Spiel wird nie außer der Reihe genommen."),
    "no_claim_window": (
        (), "There is no discard to claim now: a discard can be claimed only after the next player has drawn "
            "from the stock.",
        "Gerade kann keine Karte außer der Reihe genommen werden: Das geht erst, nachdem der nächste Spieler vom "
        "Talon gezogen hat."),
    "stock_empty": ((), "The stock is empty.", "Der Talon ist leer."),
    "take_limit": (
        ("count",), "The top discard has been taken {count} turns in a row: draw from the stock this time.",
        "Die oberste Karte des Ablagestapels wurde {count}-mal hintereinander genommen: Ziehe diesmal vom Talon."),
    "pile_empty": ((), "The discard pile is empty.", "Der Ablagestapel ist leer."),
    "draw_first": (
        (), "First take the top discard or draw from the stock.",
        "Nimm zuerst die oberste Karte des Ablagestapels oder ziehe vom Talon."),
    "already_drew": ((), "You have already drawn this turn.", "Du hast in diesem Zug schon gezogen."),
    "place_joker": (
        ("from",), "Place the joker you exchanged first: add it to another combination.",
        "Lege zuerst den ausgetauschten Joker an eine andere Kombination an."),
    "joker_elsewhere": (
        (), "The exchanged joker goes into another combination, not back into the one it came from.",
        "Der ausgetauschte Joker kommt an eine andere Kombination, nicht zurück an seine alte."),
    "finish_contract": (
        ("sets", "runs", "contract"), "Finish laying down your contract first: {contract} still to lay.",
        "Lege zuerst deinen Vertrag fertig aus (noch auszulegen: {contract:contract})."),
    "not_down": (
        (), "Lay down your contract before adding cards to combinations or exchanging jokers.",
        "Lege zuerst deinen Vertrag aus, bevor du an Kombinationen anlegst oder Joker austauschst."),
    "discard_taken": (
        ("card",), "You took {card:card} from the discard pile in this turn: discard another card.",
        "Du hast {card:card} in diesem Zug vom Ablagestapel genommen: Wirf eine andere Karte ab."),
    "playable_discard": (
        ("card",), "You have not laid down your contract, so you may not discard {card:card}: it fits on a "
                   "combination on the table.",
        "Du hast deinen Vertrag noch nicht ausgelegt, darum darfst du {card:card} nicht abwerfen: Die Karte passt "
        "an eine Kombination auf dem Tisch."),
    "contract_done": (
        (), "You have laid down your contract: now you can only add cards to combinations (no new combinations in "
            "this game).",
        "Dein Vertrag liegt schon aus: Jetzt kannst du nur noch an Kombinationen anlegen (in diesem Spiel keine "
        "neuen Kombinationen)."),
    "all_jokers": (
        (), "A combination cannot be made of jokers only: it needs a natural card.",
        "Eine Kombination nur aus Jokern geht nicht: Sie braucht eine natürliche Karte."),
    "set_ranks": (
        (), "A set holds cards of one rank only (any suits) and jokers.",
        "Ein Satz besteht aus Karten eines Rangs (beliebige Farben) und Jokern."),
    "set_size": (
        (), "Lay a set as three cards, then add more cards one by one.",
        "Lege einen Satz mit drei Karten aus und lege weitere Karten danach einzeln an."),
    "set_jokers": (
        ("max",), "A set may hold at most {max} joker(s) in this game.",
        "Ein Satz darf in diesem Spiel höchstens {max} Joker enthalten."),
    "run_suits": (
        (), "A run holds cards of one suit only (and jokers).",
        "Eine Straße besteht aus Karten einer Farbe (und Jokern)."),
    "run_corner": (
        (), "In this game the ace is high or low, not between the king and the two.",
        "In diesem Spiel ist das Ass hoch oder niedrig, nicht zwischen König und Zwei."),
    "run_order": (
        (), "Write a run from its low end to its high end, consecutive cards of one suit, each joker where it "
            "stands, e.g. 5H JK 7H 8H.",
        "Schreibe eine Straße von unten nach oben: aufeinanderfolgende Karten einer Farbe, jeder Joker an seinem "
        "Platz, z. B. 5H JK 7H 8H."),
    "run_repeats": (
        (), "A run holds each card once: consecutive cards of one suit, jokers filling gaps.",
        "Eine Straße enthält jede Karte nur einmal: aufeinanderfolgende Karten einer Farbe, Joker füllen Lücken."),
    "run_size": (
        (), "Lay a run as four cards, then add more cards one by one.",
        "Lege eine Straße mit vier Karten aus und lege weitere Karten danach einzeln an."),
    "run_jokers": (
        ("max",), "A run may hold at most {max} joker(s) in this game.",
        "Eine Straße darf in diesem Spiel höchstens {max} Joker enthalten."),
    "adjacent_jokers": (
        (), "Two jokers may not stand side by side in a run in this game.",
        "In diesem Spiel dürfen in einer Straße keine zwei Joker nebeneinander liegen."),
    "keep_a_card": (
        (), "In this game you go out by discarding your last card: keep one card.",
        "In diesem Spiel machst du aus, indem du deine letzte Karte abwirfst: Behalte eine Karte."),
    "no_set_needed": (
        ("contract",), "Your contract needs no more sets ({contract} to lay).",
        "Dein Vertrag braucht keinen Satz mehr (noch auszulegen: {contract:contract})."),
    "no_run_needed": (
        ("contract",), "Your contract needs no more runs ({contract} to lay).",
        "Dein Vertrag braucht keine Straße mehr (noch auszulegen: {contract:contract})."),
    "same_rank_sets": (
        (), "The sets of a contract must be of different ranks in this game.",
        "Die Sätze eines Vertrags müssen in diesem Spiel verschiedene Ränge haben."),
    "same_suit_runs": (
        (), "The runs of a contract must be of different suits in this game.",
        "Die Straßen eines Vertrags müssen in diesem Spiel verschiedene Farben haben."),
    "contract_incomplete": (
        ("contract",), "With these cards the rest of your contract ({contract}) could not be laid down in this "
                       "turn: choose other cards.",
        "Mit diesen Karten ließe sich der Rest deines Vertrags ({contract:contract}) in diesem Zug nicht mehr "
        "auslegen: Wähle andere Karten."),
    "contract_incomplete_keep": (
        ("contract",), "With these cards the rest of your contract ({contract}) could not be laid down in this "
                       "turn keeping a card to discard: choose other cards.",
        "Mit diesen Karten ließe sich der Rest deines Vertrags ({contract:contract}) in diesem Zug nicht mehr "
        "auslegen und dabei eine Karte zum Abwerfen behalten: Wähle andere Karten."),
    "no_combo": (
        ("target",), "There is no combination {target} on the table.",
        "Die Kombination {target} gibt es nicht."),
    "layoff_next_turn": (
        (), "In this game you add to other players' combinations from your next turn on.",
        "In diesem Spiel legst du erst ab deinem nächsten Zug bei anderen an."),
    "exchange_next_turn": (
        (), "In this game you exchange jokers from your next turn on.",
        "In diesem Spiel tauschst du Joker erst ab deinem nächsten Zug aus."),
    "set_no_end": (
        (), "A set has no ends: write the move without 'low' or 'high'.",
        "Ein Satz hat keine Enden: Schreibe den Zug ohne 'low' oder 'high'."),
    "does_not_fit": (
        ("target", "fits"), "Only {fits:card_or_ranks} (or a joker) can be added there.",
        "Dort passen nur {fits:card_or_ranks} (oder ein Joker)."),
    "run_full": ((), "That run already holds 13 cards.", "Diese Straße hat schon 13 Karten."),
    "run_end": (
        (), "Say at which end of the run the card goes: 'low' or 'high'.",
        "Sag, an welches Ende der Straße die Karte kommt: unten ('low') oder oben ('high')."),
    "no_exchange": (
        (), "Jokers on the table cannot be exchanged in this game.",
        "In diesem Spiel werden Joker auf dem Tisch nicht ausgetauscht."),
    "exchange_runs_only": (
        (), "Only jokers in runs can be exchanged in this game.",
        "In diesem Spiel können nur Joker in Straßen ausgetauscht werden."),
    "no_joker": ((), "That combination holds no joker.", "In dieser Kombination liegt kein Joker."),
    "joker_stands_for": (
        ("stands_for", "card"), "The joker there stands for {stands_for:cards_or}, not {card}.",
        "Der Joker dort steht für {stands_for:cards_or}, nicht für {card:card}."),
    "exchange_rank": (
        ("rank",), "Only {rank:ranks} can replace a joker in that set.",
        "Einen Joker in diesem Satz können nur {rank:ranks} ersetzen."),
    "joker_no_place": (
        (), "The joker you would get has no other combination to go into.",
        "Für den Joker, den du bekämst, gibt es keine andere Kombination."),
    "run_long": (
        ("max",), "A run holds at most {max} cards.", "Eine Straße hat höchstens {max} Karten."),
    "run_room": (
        ("max", "held", "room"), "A run holds at most {max} cards: this one holds {held}, so at most {room} more fit.",
        "Eine Straße hat höchstens {max} Karten: Diese hat {held}, also passen höchstens {room} weitere."),
    "too_many_combos": (
        ("named", "allowed", "contract"),
        "This lay-down names {named} combinations, but you may lay {allowed} now ({contract}).",
        "Diese Auslage nennt {named} Kombinationen, du darfst aber nur {allowed} auslegen ({contract:contract})."),
    "combo_too_short": (
        ("kind", "size"), "A {kind} needs at least {size} cards.",
        "Eine Kombination dieser Art braucht mindestens {size} Karten."),
    "not_a_combo": (
        ("kind", "cards"), "Those cards do not make a {kind}: {cards}.",
        "Diese Karten ergeben keine Kombination dieser Art: {cards}."),
    "not_a_combo_at_all": (
        (), "Those cards do not make a combination.", "Diese Karten ergeben keine Kombination."),
    "not_the_contract": (
        (), "Those cards do not make your contract.", "Diese Karten ergeben deinen Vertrag nicht."),
    "nothing_selected": ((), "Select the cards to add first.", "Wähle zuerst die Karten zum Anlegen aus."),
    "no_new_combo": (
        ("kind",), "You cannot lay a new {kind} now.", "Eine neue Kombination kannst du jetzt nicht auslegen."),
    "not_now": ((), "That is not possible now.", "Das geht jetzt nicht."),
    # rule options (OptionError; docs/rules/continental.md, section 3)
    "deck_too_small": (
        ("minimum", "players", "held"),
        "With these options a deal needs {minimum} cards or more for {players} players, but its decks hold only "
        "{held}: use more decks.",
        "Mit diesen Regeln braucht eine Runde für {players} Spieler mindestens {minimum} Karten, seine Decks "
        "haben aber nur {held}: Spielt mit mehr Decks."),
    # games that could not have come from play (StateError, when a saved game or a position is
    # loaded; docs/rules/continental.md, "Saved games"): the situation in the players' words
    "state_deal": (("maximum",), "The deal number must be 1 to {maximum}.",
                   "Die Nummer der Runde muss 1 bis {maximum} sein."),
    "state_set": (("seat", "cards"), "Seat {seat}'s set {cards} is not a valid set in this game.",
                  "Der Satz {cards} von Platz {seat} ist in diesem Spiel kein gültiger Satz."),
    "state_run": (("seat", "cards"), "Seat {seat}'s run {cards} is not a valid run in this game (a run is written "
                                     "from its low end to its high end).",
                  "Die Straße {cards} von Platz {seat} ist in diesem Spiel keine gültige Straße (eine Straße wird von "
                  "ihrem unteren zu ihrem oberen Ende geschrieben)."),
    "state_decks": (("expected", "named"), "This deal is played with {expected} deck(s), not {named}.",
                    "Diese Runde wird mit {expected} Deck(s) gespielt, nicht mit {named}."),
    "state_scores": (("points",), "The scores leave no room for the deals still to play: at most {points} either way.",
                     "Die Punktestände lassen keinen Platz für die noch ausstehenden Runden: höchstens {points} "
                     "in jede Richtung."),
    "state_claims": ((), "A player has taken more discards out of turn than this game allows.",
                     "Ein Spieler hat öfter außer der Reihe genommen, als dieses Spiel erlaubt."),
    "state_reshuffles": (("max",), "The discard pile has been reshuffled more often than this game allows ({max}).",
                         "Der Ablagestapel wurde öfter neu gemischt, als dieses Spiel erlaubt ({max})."),
    "state_takes": (("max",), "The count of takes in a row must be 0 to {max} (option max_takes_in_a_row).",
                    "Die Zahl der Züge hintereinander, die mit dem Nehmen begannen, muss 0 bis {max} sein "
                    "(Regel max_takes_in_a_row)."),
    "state_out_hand": ((), "The player who went out must have an empty hand.",
                       "Wer die Runde beendet hat, hat keine Karte mehr auf der Hand."),
    "state_out_in_play": ((), "Nobody has gone out while the deal is still in play.",
                          "Solange die Runde läuft, hat niemand sie beendet."),
    "state_window_over": ((), "A deal that is over has no discard left to claim.",
                          "Eine beendete Runde hat keine Karte mehr, die außer der Reihe genommen werden kann."),
    "state_pile_claimable": ((), "An empty discard pile has no card to claim.",
                             "Auf einem leeren Ablagestapel liegt keine Karte, die man nehmen könnte."),
    "state_combos_not_down": (("seat",), "Seat {seat} has combinations on the table but has not laid down its contract.",
                              "Platz {seat} hat Kombinationen auf dem Tisch, aber seinen Vertrag nicht ausgelegt."),
    "state_down_no_combos": (("seat",), "Seat {seat} is marked as down but has no combination on the table.",
                             "Platz {seat} hat ausgelegt, aber keine Kombination auf dem Tisch."),
    "state_down_contract": (("seat", "contract"), "Seat {seat} is marked as down, but its combinations do not hold "
                            "this deal's contract ({contract}).",
                            "Platz {seat} hat ausgelegt, aber seine Kombinationen sind nicht der Vertrag dieser "
                            "Runde ({contract:contract})."),
    "state_not_drawn": ((), "A turn that has not drawn yet cannot have laid, exchanged or gone down.",
                        "Vor dem Ziehen kann ein Zug nichts ausgelegt, getauscht oder angelegt haben."),
    "state_takes_count": ((), "The count of takes in a row must include the take of the player to act, and be 0 after "
                              "a draw from the stock.",
                          "Die Zahl der Züge hintereinander, die mit dem Nehmen begannen, zählt das Nehmen des Spielers "
                          "am Zug mit und ist nach einem Ziehen vom Talon 0."),
    "state_window": ((), "A claim window opens only after the player to act has drawn from the stock, on a discard "
                         "that may still be claimed, and asks only the seats play would ask, in turn order up to the "
                         "discarder.",
                     "Eine Karte kann erst außer der Reihe genommen werden, nachdem der Spieler am Zug vom Talon "
                     "gezogen hat, solange sie genommen werden darf, und nur von den Plätzen, die gefragt würden, in "
                     "Spielreihenfolge bis zu dem, der sie abgeworfen hat."),
    "state_pending": ((), "A half-laid contract must match the sets and runs the player to act has laid in this turn, "
                          "in its play stage.",
                      "Ein halb ausgelegter Vertrag muss zu den Sätzen und Straßen passen, die der Spieler am Zug in "
                      "diesem Zug nach dem Ziehen ausgelegt hat."),
    "state_went_down": ((), "'turn.went_down' needs the seat to be down with the contract's sets and runs in "
                            "'laid_ranks' and 'laid_suits' (the whole contract laid in this turn).",
                        "'turn.went_down' verlangt, dass der Platz ausgelegt hat und die Sätze und Straßen des "
                        "Vertrags in 'laid_ranks' und 'laid_suits' stehen (der ganze Vertrag in diesem Zug "
                        "ausgelegt)."),
    "state_laid": ((), "'turn.laid_ranks' and 'laid_suits' are empty unless the contract is laid in this turn.",
                   "'turn.laid_ranks' und 'laid_suits' sind leer, außer der Vertrag wird in diesem Zug ausgelegt."),
    "state_distinct": ((), "The sets (or runs) of a contract must be of different ranks (or suits) in this game.",
                       "Die Sätze (oder Straßen) eines Vertrags müssen in diesem Spiel verschiedene Ränge (oder "
                       "Farben) haben."),
    "state_joker": ((), "A joker to place needs the player to act holding a joker, down, after drawing, with "
                        "exchanged_joker = place_at_once.",
                    "Ein Joker zum Anlegen verlangt, dass der Spieler am Zug einen Joker hält, ausgelegt und gezogen "
                    "hat und die Regel exchanged_joker = place_at_once gilt."),
    "state_no_draw": ((), "A turn cannot begin with nothing to draw: the deal would have ended.",
                      "Ein Zug kann nicht ohne Karte zum Ziehen beginnen: Die Runde wäre zu Ende."),
    "state_empty_hand": ((), "A hand in play cannot be empty: that player would have gone out.",
                         "Eine Hand in der laufenden Runde ist nie leer: Dieser Spieler hätte die Runde beendet."),
    "state_stuck": ((), "The game cannot go on: the player to act would have no legal move.",
                    "Das Spiel kann nicht weitergehen: Der Spieler am Zug hätte keinen erlaubten Zug."),
    # malformed page actions (NotationError; docs/rules/continental.md, "UI actions")
    "action_combos": (
        (), "A lay-down lists its combinations, each with its type (set or run) and its cards.",
        "Eine Auslage zählt ihre Kombinationen auf, jede mit ihrer Art (Satz oder Straße) und ihren Karten."),
    "action_end": ((), "The end of a run is 'low' or 'high'.", "Das Ende einer Straße heißt 'low' oder 'high'."),
    "action_place": (
        (), "Say where the exchanged joker goes: the combination and, for a run, its end.",
        "Sag, wohin der ausgetauschte Joker kommt: die Kombination und bei einer Straße ihr Ende."),
}, base=COMMON)
"""The continental family's refusal reasons."""
