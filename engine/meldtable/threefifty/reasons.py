"""Every reason a move or action of 3 ist 50 can be refused for: key -> (parameters, English,
German). The closed catalogue the legality check (:mod:`.legality`) and the page's actions
(:mod:`.actions`) raise from, and the page reads (``hello``; :mod:`meldtable.reasons`)."""

from __future__ import annotations

from ..reasons import COMMON, Catalogue

REASONS = Catalogue("threefifty", {
    # malformed notation (NotationError; docs/notation.md, "3 ist 50", "Errors")
    "play_shape": ((), "'play' is written 'play <card> <target>' with target middle, centre, discard, own or "
                   "'pile <seat>', e.g. 'play 7H middle'.",
                   "'play' schreibt man 'play <Karte> <Ziel>' mit dem Ziel middle, centre, discard, own oder "
                   "'pile <Platz>', z. B. 'play 7H middle'."),
    "pile_seat": ((), "'pile' needs the seat whose minus pile it is, e.g. 'play 7H pile 2'.",
                  "Zu 'pile' gehört der Platz, dessen Minusstapel gemeint ist, z. B. 'play 7H pile 2'."),
    "target_shape": ((), "'target' must be text: middle, centre, discard, own or pile:<seat>.",
                     "'target' ist ein Text: middle, centre, discard, own oder pile:<Platz>."),
    "target_pile_seat": ((), "'target' pile needs a seat, e.g. \"pile:2\".",
                         "Zum Ziel 'pile' gehört ein Platz, z. B. \"pile:2\"."),
    # saved games and positions the game cannot hold (StateError; docs/state-format.md)
    "saved_seat": (("key",), "'{key}' in the saved game must be a seat or null.",
                   "'{key}' muss im gespeicherten Spiel ein Platz oder null sein."),
    "saved_numbers": ((), "The saved game has an impossible game number, round or dealer.",
                      "Das gespeicherte Spiel hat eine unmögliche Spielnummer, Runde oder einen unmöglichen Geber."),
    "saved_dealer": ((), "The dealer must move one seat to the left each round.",
                     "Der Geber rückt in jeder Runde einen Platz nach links."),
    "saved_round_cards": (("most",), "'round_cards' must be 1 to {most}.", "'round_cards' ist 1 bis {most}."),
    "saved_scores": ((), "The saved game's scores must be one whole number per seat.",
                     "Die Punktstände des gespeicherten Spiels sind eine ganze Zahl je Platz."),
    "saved_centre": (("most",), "At most {most} cards lie in the centre.", "In der Mitte liegen höchstens {most} Karten."),
    "saved_discard_live": ((), "An empty discard pile has no top card to match ('discard_live' must be false).",
                           "Ein leerer Ablagestapel hat keine oberste Karte, zu der etwas passen kann "
                           "('discard_live' muss false sein)."),
    "saved_discard_reveal": ((), "With discard_reveal_next 'later_turns' the discard pile's top can always be matched.",
                             "Mit discard_reveal_next 'later_turns' kann die oberste Karte des Ablagestapels immer "
                             "genommen werden."),
    "saved_piles": (("count",), "The saved game must hold {count} minus piles.",
                    "Das gespeicherte Spiel hat {count} Minusstapel."),
    "saved_game_number": (("games",), "The saved game's game number must be 1 to {games}.",
                          "Die Spielnummer des gespeicherten Spiels ist 1 bis {games}."),
    "saved_last_game": ((), "The last game is over, so the match must be over too.",
                        "Das letzte Spiel ist vorbei, also ist auch die Partie vorbei."),
    "saved_to_act_over": ((), "'to_act' must be null once the game is over.",
                          "'to_act' ist null, sobald das Spiel vorbei ist."),
    "saved_finished": ((), "A finished game has empty hands and an empty stock.",
                       "Ein beendetes Spiel hat leere Hände und einen leeren Talon."),
    "saved_match_over": ((), "The match cannot be over while a game is in play.",
                         "Die Partie kann nicht vorbei sein, während ein Spiel läuft."),
    "saved_to_act": ((), "A game in play needs a seat to act ('to_act').",
                     "Ein laufendes Spiel braucht einen Platz, der am Zug ist ('to_act')."),
    "saved_turn_order": (("first", "seat"), "The hands do not fit the turn order: every seat plays one card per turn, "
                         "starting left of the dealer (seat {first}), and seat {seat} is to act.",
                         "Die Hände passen nicht zur Reihenfolge: Jeder Platz spielt eine Karte je Zug, beginnend links "
                         "vom Geber (Platz {first}), und Platz {seat} ist am Zug."),
    "hand_over": ((), "The game is over.", "Das Spiel ist vorbei."),
    "hand_not_over": ((), "The game is not over yet.", "Das Spiel ist noch nicht vorbei."),
    "wrong_family": (
        (), "That is not a move of this game: play a card ('play 7H middle') or discard one ('discard 7H').",
        "Das ist kein Zug dieses Spiels: Spiele eine Karte aus ('play 7H middle') oder wirf eine ab ('discard 7H')."),
    "must_match": (
        ("move", "card"), "You may discard only when no card in your hand matches: {card} can be played ('{move}').",
        "Abwerfen darfst du nur, wenn keine deiner Karten passt: {card:card} kann gespielt werden ('{move}')."),
    "choose_source": (
        ("card", "rank"), "In this game you take either from the centre or from the discard pile: write "
                          "'play {card} centre' or 'play {card} discard'.",
        "In diesem Spiel nimmst du entweder aus der Mitte oder vom Ablagestapel: Schreibe 'play {card} centre' "
        "oder 'play {card} discard'."),
    "discard_dead": (
        ("card", "rank"), "The discard pile's top card can be matched only after a new card is discarded.",
        "Die oberste Karte des Ablagestapels passt erst wieder, wenn eine neue Karte abgeworfen wurde."),
    "no_match_middle": (
        ("card", "rank"), "No {rank:rank_name} lies in the middle (the centre cards and the discard pile's top).",
        "In der Mitte (Mittelkarten und oberste Ablagekarte) liegen keine {rank:ranks}."),
    "use_middle": (
        ("card", "rank"), "The matching cards of the centre and the discard pile go together: write "
                          "'play {card} middle'.",
        "Die passenden Karten der Mitte und des Ablagestapels werden zusammen genommen: Schreibe "
        "'play {card} middle'."),
    "no_match_centre": (
        ("card", "rank"), "No {rank:rank_name} lies among the centre cards.",
        "Unter den Mittelkarten liegen keine {rank:ranks}."),
    "discard_empty": (("card", "rank"), "The discard pile is empty.", "Der Ablagestapel ist leer."),
    "no_match_discard": (
        ("card", "rank", "top"), "The top of the discard pile is {top}, not {rank:a_rank}.",
        "Die oberste Karte des Ablagestapels ({top:card}) passt nicht zu {card:card}."),
    "own_empty": (("card", "rank"), "Your minus pile is empty.", "Dein Minushaufen ist leer."),
    "no_match_own": (
        ("card", "rank", "top"), "The top of your minus pile is {top}, not {rank:a_rank}.",
        "Die oberste Karte deines Minushaufens ({top:card}) passt nicht zu {card:card}."),
    "no_seat": (
        ("card", "rank", "pile", "players"), "There is no seat {pile} in this {players}-player game.",
        "Platz {pile} gibt es in diesem Spiel für {players} Spieler nicht."),
    "own_pile": (
        ("card", "rank"), "In this game you may not put a card on your own minus pile: write 'play {card} own' "
                          "to pass the pile's top cards on.",
        "In diesem Spiel darfst du keine Karte auf deinen eigenen Minushaufen legen: Mit 'play {card} own' gibst "
        "du seine obersten Karten weiter."),
    "pile_empty": (
        ("card", "rank", "pile"), "Seat {pile}'s minus pile is empty.", "Der Minushaufen von Platz {pile} ist leer."),
    "no_match_pile": (
        ("card", "rank", "pile", "top"), "The top of seat {pile}'s minus pile is {top}, not {rank:a_rank}.",
        "Die oberste Karte des Minushaufens von Platz {pile} ({top:card}) passt nicht zu {card:card}."),
    "only_discard": (
        ("card",), "{card} matches no centre card, no discard top and no minus pile's top: it can only be "
                   "discarded.",
        "{card:card} passt zu keiner Mittelkarte, nicht zur obersten Ablagekarte und zu keinem Minushaufen: Du "
        "kannst die Karte nur abwerfen."),
    "choose_play": (
        ("card", "moves"), "Choose where to play {card}: {moves}.",
        "Wähle, wohin du {card:card} spielst: {moves}."),
    "choose_one_source": (
        ("card",), "{card} matches the centre and the discard pile: choose one ('play {card} centre' or "
                   "'play {card} discard').",
        "{card:card} passt zur Mitte und zum Ablagestapel: Wähle eines ('play {card} centre' oder "
        "'play {card} discard')."),
}, base=COMMON)
"""The 3 ist 50 family's refusal reasons."""
