// The one message catalogue of the page (German and English).
// Every text the page shows comes from here, including card names and the
// move labels of the log. The language defaults to navigator.language,
// can be switched in the UI and is kept in localStorage.

const STORAGE_KEY = "meldtable.lang";
export const LANGUAGES = ["de", "en"];

const MESSAGES = {
  en: {
    "app.title": "Meldtable",
    "app.tagline": "Rummy-family card games",
    "lang.label": "Language",
    "lang.de": "Deutsch",
    "lang.en": "English",

    "boot.starting": "Starting…",
    "boot.stage.pyodide": "Loading Python…",
    "boot.stage.engine": "Loading the rules engine…",
    "boot.stage.ready": "Ready",
    "boot.error.title": "The game engine could not be started",
    "boot.error.hint": "Reload the page to try again. If it keeps failing, your browser may be too old or offline files may be missing.",
    "boot.reload": "Reload",
    "boot.error.boot_timeout": "The engine did not start in time.",
    "boot.error.boot_failed": "The engine failed while starting.",
    "boot.error.file_protocol": "This page was opened from a file; it must be served over HTTP.",
    "boot.error.details": "Details:",

    "newgame.title": "New game",
    "newgame.open": "New game",
    "newgame.variant": "Game",
    "newgame.seed": "Deal number (seed)",
    "newgame.seed.hint": "Leave empty for a random deal.",
    "newgame.start": "Start",
    "newgame.cancel": "Cancel",
    "newgame.moreRules": "More rule options",
    "newgame.starting": "Dealing…",
    "newgame.players": "Players",
    "newgame.players.hint": "You and the computer players.",
    "newgame.playersN": "{n} (you and {computers} computers)",

    "variant.canasta-two-hand": "Canasta for two",

    "variant.3-ist-50": "3 ist 50 (threes cost 50)",

    "opt.games": "Games in the match",
    "opt.decks": "Decks of 52 cards",
    "opt.jokers_per_deck": "Jokers per deck",
    "opt.joker_value": "Minus points of a joker",
    "opt.three_value": "Minus points of a three",
    "opt.capture_sources": "The middle is",
    "opt.capture_sources.center_and_discard_top": "centre cards and discard top, taken together",
    "opt.capture_sources.center_or_discard_top": "centre cards or discard top, one of them",
    "opt.capture_mandatory": "Discard only when no card matches",
    "opt.take_all_matches": "A match takes all centre cards of its rank",
    "opt.discard_reveal_next": "After the discard top is taken",
    "opt.discard_reveal_next.later_turns": "the card below it can be matched",
    "opt.discard_reveal_next.never": "nothing matches until a new discard",
    "opt.option4_targets": "A card may go on the minus pile of",
    "opt.option4_targets.any": "any player, yourself included",
    "opt.option4_targets.others_only": "the other players only",
    "opt.refill_order": "When the stock runs short, deal",
    "opt.refill_order.hands_then_center": "the hands first, then the centre",
    "opt.refill_order.center_then_hands": "the centre first, then the hands",
    "opt.leftovers_scored": "Cards left in the middle count for the last receiver",
    "opt.discard_capture_depth": "Matching the discard pile takes",
    "opt.discard_capture_depth.top": "its top card",
    "opt.discard_capture_depth.run": "the run of that rank on top",

    "tf.opponents": "The other players",
    "tf.middle": "The middle",
    "tf.centre": "Centre cards",
    "tf.choices": "Where to play the card",
    "tf.chooseFor": "Play {card}:",
    "tf.choice.middle": "Middle: take {cards} → {to}",
    "tf.choice.centre": "Centre: take {cards} → {to}",
    "tf.choice.discard": "Discard pile: take {cards} → {to}",
    "tf.choice.own": "Your pile: pass {n} on → {to}",
    "tf.choice.pile": "Onto {name}'s pile",
    "tf.choice.pileOwn": "Onto your own pile",
    "tf.choice.throw": "Discard {card}",
    "tf.leftNeighbour": "on your left",
    "tf.scoreValue": "{n} minus points",
    "tf.pile.yours": "Your minus pile",
    "tf.pile.of": "{name}'s minus pile",
    "tf.pile.points": "{n} points",
    "tf.pile.size": "{n} cards",
    "tf.pile.sizeOne": "1 card",
    "tf.pile.run": "on top {n}× ({points} points)",
    "tf.pile.empty": "empty",
    "tf.pile.label": "{whose}: {n} cards, top card {top}",
    "tf.pile.labelRun": "{whose}: {n} cards, on top {run} {ranks} ({points} points), top card {top}",
    "tf.pile.labelEmpty": "{whose}: empty",
    "tf.pile.labelOver": "{whose}: {n} cards, {points} minus points",
    "tf.pileOf.you": "your minus pile",
    "tf.pileOf.other": "{name}'s minus pile",
    "tf.pileOf.yourOwn": "your own minus pile",
    "tf.pileOf.own": "their own minus pile",
    "tf.centreCard": "Centre card: {card}",
    "tf.discard.label": "Discard pile: {n} cards, top card {top}",
    "tf.discard.labelDead": "Discard pile: {n} cards, top card {top} (matches nothing until a new card is discarded)",
    "tf.discard.labelEmpty": "Discard pile: empty",
    "tf.roundInfo": "Round {n} · dealer: {dealer}",
    "tf.setAside": "{n} set aside",
    "tf.card.noPlay": "{card} (matches nothing now)",
    "tf.target": "play {card} here",
    "tf.turn.yours": "Your turn: choose a card",
    "tf.turn.discard": "Your turn: no card matches – discard one",
    "tf.turn.other": "{name} is playing…",
    "tf.turn.over": "Game {n} is over",
    "tf.turn.matchOver": "The game is over",
    "tf.gameN": "Game {n}",
    "tf.gameOf": "Game {n} of {of}",
    "tf.fewestWin": "The fewest minus points win.",
    "tf.nextGame": "Next game",
    "tf.log.round": "Round {n} (dealer: {name}), {cards} cards each",
    "tf.log.end": "The stock is used up: the game is over",
    "tf.move.you.discard": "You discard {card}",
    "tf.move.other.discard": "{name} discards {card}",
    "tf.move.you.middle": "You play {card} and take {cards} from the middle: {n} cards onto {to}",
    "tf.move.other.middle": "{name} plays {card} and takes {cards} from the middle: {n} cards onto {to}",
    "tf.move.you.middleN": "You play {card} on the middle: {n} cards onto {to}",
    "tf.move.other.middleN": "{name} plays {card} on the middle: {n} cards onto {to}",
    "tf.move.you.own": "You play {card} and pass {run} from the top of your minus pile on: {n} cards onto {to}",
    "tf.move.other.own": "{name} plays {card} and passes {run} from the top of their minus pile on: {n} cards onto {to}",
    "tf.move.you.pile": "You put {card} on {to}",
    "tf.move.other.pile": "{name} puts {card} on {to}",
    "tf.move.you.other": "You: {label}",
    "tf.move.other.other": "{name}: {label}",
    "tf.score.title": "Game {n}: minus points",
    "tf.score.cards": "Cards in the minus pile",
    "tf.score.threes": "Threes",
    "tf.score.aces": "Aces",
    "tf.score.pictures": "Pictures (J, Q, K)",
    "tf.score.numbers": "Numbers",
    "tf.score.jokers": "Jokers",
    "tf.score.total": "Minus points",
    "tf.score.cumulative": "Total minus points",
    "tf.score.gameLow": "Fewest this game: {names} ({n}).",
    "tf.score.leftovers": "The cards left in the middle went to {name}.",
    "tf.result.youWin": "You win with {n} minus points!",
    "tf.result.wins": "{name} wins with {n} minus points.",
    "tf.result.tie": "A shared win with {n} minus points: {names}.",
    "tf.hint.wait": "Wait for your turn.",
    "tf.hint.pickCard": "Choose a card from your hand first.",
    "tf.hint.chooseTarget": "Where should {card} go? Click a highlighted target or a button below.",
    "tf.hint.chooseHow": "{card} can go there in more than one way: choose below.",
    "tf.hint.noPlay": "{card} matches nothing right now.",

    "opt.match_end": "End of the match",
    "opt.match_end.target": "When a side reaches the target score",
    "opt.match_end.deals": "After a fixed number of deals",
    "opt.target_score": "Target score",
    "opt.deals": "Number of deals",
    "opt.yes": "yes",
    "opt.no": "no",

    "who.you": "You",
    "who.computer": "Computer",
    "who.computerN": "Computer {n}",

    "table.opponent": "Computer",
    "table.you": "You",
    "table.yourHand": "Your hand",
    "table.cardsInHand": "{n} cards in hand",
    "table.oneCardInHand": "1 card in hand",
    "table.stock": "Stock",
    "table.stockCount": "{n} cards",
    "table.stockEmpty": "empty",
    "table.discard": "Discard pile",
    "table.discardEmpty": "empty",
    "table.discardSize": "{n} cards",
    "table.discardSizeOne": "1 card",
    "table.stockCountOne": "1 card",
    "table.frozen": "Frozen",
    "table.frozenTitle": "The pile is frozen: you can only take it with a natural pair matching the top card.",
    "table.blocked": "Blocked",
    "table.blockedTitle": "A black three is on top: the pile cannot be taken this turn.",
    "table.melds": "Melds",
    "table.noMelds": "No melds yet",
    "table.redThrees": "Red threes",
    "table.score": "Score",
    "table.scoreValue": "{n} points",
    "table.minimum": "Initial meld: at least {n} points",
    "table.minimumProgress": "Initial meld: {have} of {n} points",
    "table.melded": "Has melded",
    "table.canastas": "Canastas: {n}",
    "table.hand": "Deal {n}",
    "table.seed": "Deal number {seed}",
    "table.log": "Moves",

    "meld.canasta.natural": "Natural canasta",
    "meld.canasta.mixed": "Mixed canasta",
    "meld.badge.natural": "natural",
    "meld.badge.mixed": "mixed",
    "meld.count": "{n} cards",
    "meld.wilds": "{n} wild",
    "meld.label": "Meld of {rank}: {cards}",
    "meld.labelCanasta": "{canasta} of {rank}: {cards}",
    "meld.target": "Target for adding",
    "meld.blackThrees": "black threes",

    "turn.yoursDraw": "Your turn: draw from the stock or take the pile",
    "turn.yoursPlay": "Your turn: meld, add to melds, then discard",
    "turn.computer": "The computer is playing…",
    "turn.handOver": "The deal is over",
    "turn.matchOver": "The match is over",

    "action.draw": "Draw",
    "action.take": "Take pile",
    "action.meld": "Meld",
    "action.add": "Add to meld",
    "action.discard": "Discard",
    "action.goOut": "Go out",
    "action.clear": "Clear selection",
    "action.next": "Next deal",
    "action.newGame": "New game",
    "action.scores": "Show scores",
    "actions.label": "Actions",

    "hint.selectForMeld": "Select cards in your hand, then choose an action.",
    "hint.chooseTarget": "Click one of your melds to add the selected cards to it.",
    "hint.selectOneDiscard": "Select one card to discard.",
    "hint.thinking": "Working…",

    "error.generic": "That did not work: {message}",
    "error.request": "The engine reported a problem: {message}",

    "card.joker": "joker",
    "card.name": "{rank} of {suit}",
    "rank.A": "ace", "rank.2": "two", "rank.3": "three", "rank.4": "four", "rank.5": "five",
    "rank.6": "six", "rank.7": "seven", "rank.8": "eight", "rank.9": "nine", "rank.T": "ten",
    "rank.J": "jack", "rank.Q": "queen", "rank.K": "king",
    "ranks.A": "aces", "ranks.2": "twos", "ranks.3": "threes", "ranks.4": "fours", "ranks.5": "fives",
    "ranks.6": "sixes", "ranks.7": "sevens", "ranks.8": "eights", "ranks.9": "nines", "ranks.T": "tens",
    "ranks.J": "jacks", "ranks.Q": "queens", "ranks.K": "kings",
    "suit.C": "clubs", "suit.D": "diamonds", "suit.H": "hearts", "suit.S": "spades",

    "move.computer.draw": "Computer draws from the stock",
    "move.computer.take": "Computer takes the discard pile",
    "move.computer.takeWith": "Computer takes the discard pile with {cards}",
    "move.computer.takeN": "Computer takes the discard pile ({n} cards)",
    "move.computer.takeWithN": "Computer takes the discard pile ({n} cards) with {cards}",
    "move.computer.meld": "Computer melds {cards}",
    "move.computer.add": "Computer adds {cards} to its {ranks}",
    "move.computer.discard": "Computer discards {card}",
    "move.computer.red3": "Computer lays out {cards}",
    "move.computer.other": "Computer: {label}",
    "move.you.draw": "You draw from the stock",
    "move.you.take": "You take the discard pile",
    "move.you.takeWith": "You take the discard pile with {cards}",
    "move.you.takeN": "You take the discard pile ({n} cards)",
    "move.you.takeWithN": "You take the discard pile ({n} cards) with {cards}",
    "move.you.meld": "You meld {cards}",
    "move.you.add": "You add {cards} to your {ranks}",
    "move.you.discard": "You discard {card}",
    "move.you.red3": "You lay out {cards}",
    "move.you.other": "You: {label}",
    "move.list.and": " and ",

    "score.title": "Deal {n}: scores",
    "score.item": "",
    "score.melded_cards": "Melded cards",
    "score.hand_cards": "Cards left in hand",
    "score.going_out": "Going out",
    "score.concealed": "Concealed going out",
    "score.natural_canastas": "Natural canastas",
    "score.mixed_canastas": "Mixed canastas",
    "score.red_threes": "Red threes",
    "score.total": "This deal",
    "score.cumulative": "Total score",
    "score.previous": "Before this deal",
    "score.matchOver": "The match is over",
    "score.wentOut.you": "You went out.",
    "score.wentOut.computer": "The computer went out.",
    "score.wentOutConcealed.you": "You went out concealed, in one go.",
    "score.wentOutConcealed.computer": "The computer went out concealed, in one go.",
    "score.noOneOut": "Nobody went out: the stock ran out.",
    "score.youWin": "You win the match!",
    "score.computerWins": "The computer wins the match.",
    "score.tie": "The match is a tie.",
    "score.winner": "Winner: {names}",
    "score.targetInfo": "Playing to {n} points",
    "score.dealsInfo": "Deal {n} of {of}",
  },

  de: {
    "app.title": "Meldtable",
    "app.tagline": "Kartenspiele der Rommé-Familie",
    "lang.label": "Sprache",
    "lang.de": "Deutsch",
    "lang.en": "English",

    "boot.starting": "Wird gestartet…",
    "boot.stage.pyodide": "Python wird geladen…",
    "boot.stage.engine": "Die Spielregeln werden geladen…",
    "boot.stage.ready": "Bereit",
    "boot.error.title": "Die Spiel-Engine konnte nicht gestartet werden",
    "boot.error.hint": "Lade die Seite neu, um es noch einmal zu versuchen. Wenn es weiter scheitert, ist der Browser vielleicht zu alt oder es fehlen Dateien.",
    "boot.reload": "Neu laden",
    "boot.error.boot_timeout": "Die Engine ist nicht rechtzeitig gestartet.",
    "boot.error.boot_failed": "Beim Start der Engine ist ein Fehler aufgetreten.",
    "boot.error.file_protocol": "Die Seite wurde als Datei geöffnet; sie muss über HTTP ausgeliefert werden.",
    "boot.error.details": "Details:",

    "newgame.title": "Neues Spiel",
    "newgame.open": "Neues Spiel",
    "newgame.variant": "Spiel",
    "newgame.seed": "Spielnummer (Seed)",
    "newgame.seed.hint": "Leer lassen für eine zufällige Verteilung.",
    "newgame.start": "Los geht’s",
    "newgame.cancel": "Abbrechen",
    "newgame.moreRules": "Weitere Regeloptionen",
    "newgame.starting": "Karten werden gegeben…",
    "newgame.players": "Spieler",
    "newgame.players.hint": "Du und die Computerspieler.",
    "newgame.playersN": "{n} (du und {computers} Computer)",

    "variant.canasta-two-hand": "Canasta zu zweit",

    "variant.3-ist-50": "3 ist 50",

    "opt.games": "Spiele in der Partie",
    "opt.decks": "Kartenspiele zu 52 Karten",
    "opt.jokers_per_deck": "Joker pro Kartenspiel",
    "opt.joker_value": "Minuspunkte eines Jokers",
    "opt.three_value": "Minuspunkte einer Drei",
    "opt.capture_sources": "Zur Mitte gehören",
    "opt.capture_sources.center_and_discard_top": "Mittelkarten und oberste Ablagekarte, zusammen genommen",
    "opt.capture_sources.center_or_discard_top": "Mittelkarten oder oberste Ablagekarte, eines von beiden",
    "opt.capture_mandatory": "Abwerfen nur, wenn keine Karte passt",
    "opt.take_all_matches": "Alle Mittelkarten des Rangs werden mitgenommen",
    "opt.discard_reveal_next": "Nachdem die oberste Ablagekarte genommen wurde",
    "opt.discard_reveal_next.later_turns": "passt die Karte darunter",
    "opt.discard_reveal_next.never": "passt nichts bis zum nächsten Abwurf",
    "opt.option4_targets": "Eine Karte darf auf den Minushaufen",
    "opt.option4_targets.any": "jedes Spielers, auch den eigenen",
    "opt.option4_targets.others_only": "nur der anderen Spieler",
    "opt.refill_order": "Wenn der Stapel knapp wird, bekommen zuerst",
    "opt.refill_order.hands_then_center": "die Hände, dann die Mitte",
    "opt.refill_order.center_then_hands": "die Mitte, dann die Hände",
    "opt.leftovers_scored": "Übrige Karten der Mitte zählen beim letzten Empfänger",
    "opt.discard_capture_depth": "Passend zum Ablagestapel nimmt man",
    "opt.discard_capture_depth.top": "die oberste Karte",
    "opt.discard_capture_depth.run": "die oberen Karten dieses Rangs",

    "tf.opponents": "Die anderen Spieler",
    "tf.middle": "Die Mitte",
    "tf.centre": "Mittelkarten",
    "tf.choices": "Wohin mit der Karte",
    "tf.chooseFor": "{card} spielen:",
    "tf.choice.middle": "Mitte: {cards} mitnehmen → {to}",
    "tf.choice.centre": "Mittelkarten: {cards} mitnehmen → {to}",
    "tf.choice.discard": "Ablagestapel: {cards} mitnehmen → {to}",
    "tf.choice.own": "Eigener Haufen: {n} weitergeben → {to}",
    "tf.choice.pile": "Auf den Haufen von {name}",
    "tf.choice.pileOwn": "Auf deinen eigenen Haufen",
    "tf.choice.throw": "{card} abwerfen",
    "tf.leftNeighbour": "links von dir",
    "tf.scoreValue": "{n} Minuspunkte",
    "tf.pile.yours": "Dein Minushaufen",
    "tf.pile.of": "Minushaufen von {name}",
    "tf.pile.points": "{n} Punkte",
    "tf.pile.size": "{n} Karten",
    "tf.pile.sizeOne": "1 Karte",
    "tf.pile.run": "oben {n}× ({points} Punkte)",
    "tf.pile.empty": "leer",
    "tf.pile.label": "{whose}: {n} Karten, oberste Karte {top}",
    "tf.pile.labelRun": "{whose}: {n} Karten, oben {run} {ranks} ({points} Punkte), oberste Karte {top}",
    "tf.pile.labelEmpty": "{whose}: leer",
    "tf.pile.labelOver": "{whose}: {n} Karten, {points} Minuspunkte",
    "tf.pileOf.you": "deinen Minushaufen",
    "tf.pileOf.other": "den Minushaufen von {name}",
    "tf.pileOf.yourOwn": "deinen eigenen Minushaufen",
    "tf.pileOf.own": "den eigenen Minushaufen",
    "tf.centreCard": "Mittelkarte: {card}",
    "tf.discard.label": "Ablagestapel: {n} Karten, oberste Karte {top}",
    "tf.discard.labelDead": "Ablagestapel: {n} Karten, oberste Karte {top} (passt erst wieder nach dem nächsten Abwurf)",
    "tf.discard.labelEmpty": "Ablagestapel: leer",
    "tf.roundInfo": "Runde {n} · Geber: {dealer}",
    "tf.setAside": "{n} beiseite",
    "tf.card.noPlay": "{card} (passt gerade nirgends)",
    "tf.target": "{card} hierhin spielen",
    "tf.turn.yours": "Du bist dran: Wähle eine Karte",
    "tf.turn.discard": "Du bist dran: Keine Karte passt – wirf eine ab",
    "tf.turn.other": "{name} spielt…",
    "tf.turn.over": "Spiel {n} ist vorbei",
    "tf.turn.matchOver": "Das Spiel ist vorbei",
    "tf.gameN": "Spiel {n}",
    "tf.gameOf": "Spiel {n} von {of}",
    "tf.fewestWin": "Die wenigsten Minuspunkte gewinnen.",
    "tf.nextGame": "Nächstes Spiel",
    "tf.log.round": "Runde {n} (Geber: {name}), je {cards} Karten",
    "tf.log.end": "Der Stapel ist aufgebraucht: Das Spiel ist vorbei",
    "tf.move.you.discard": "Du wirfst {card} ab",
    "tf.move.other.discard": "{name} wirft {card} ab",
    "tf.move.you.middle": "Du spielst {card} und nimmst {cards} aus der Mitte: {n} Karten auf {to}",
    "tf.move.other.middle": "{name} spielt {card} und nimmt {cards} aus der Mitte: {n} Karten auf {to}",
    "tf.move.you.middleN": "Du spielst {card} in die Mitte: {n} Karten auf {to}",
    "tf.move.other.middleN": "{name} spielt {card} in die Mitte: {n} Karten auf {to}",
    "tf.move.you.own": "Du spielst {card} und gibst die oberen {run} Karten deines Minushaufens weiter: {n} Karten auf {to}",
    "tf.move.other.own": "{name} spielt {card} und gibt die oberen {run} Karten des eigenen Minushaufens weiter: {n} Karten auf {to}",
    "tf.move.you.pile": "Du legst {card} auf {to}",
    "tf.move.other.pile": "{name} legt {card} auf {to}",
    "tf.move.you.other": "Du: {label}",
    "tf.move.other.other": "{name}: {label}",
    "tf.score.title": "Spiel {n}: Minuspunkte",
    "tf.score.cards": "Karten im Minushaufen",
    "tf.score.threes": "Dreien",
    "tf.score.aces": "Asse",
    "tf.score.pictures": "Bilder (B, D, K)",
    "tf.score.numbers": "Zahlen",
    "tf.score.jokers": "Joker",
    "tf.score.total": "Minuspunkte",
    "tf.score.cumulative": "Minuspunkte gesamt",
    "tf.score.gameLow": "Die wenigsten in diesem Spiel: {names} ({n}).",
    "tf.score.leftovers": "Die übrigen Karten der Mitte gingen an {name}.",
    "tf.result.youWin": "Du gewinnst mit {n} Minuspunkten!",
    "tf.result.wins": "{name} gewinnt mit {n} Minuspunkten.",
    "tf.result.tie": "Geteilter Sieg mit {n} Minuspunkten: {names}.",
    "tf.hint.wait": "Warte, bis du dran bist.",
    "tf.hint.pickCard": "Wähle zuerst eine Karte aus deiner Hand.",
    "tf.hint.chooseTarget": "Wohin mit {card}? Klicke auf ein markiertes Ziel oder auf einen Knopf unten.",
    "tf.hint.chooseHow": "{card} kann dort auf mehrere Arten gespielt werden: Wähle unten.",
    "tf.hint.noPlay": "{card} passt gerade nirgends.",

    "opt.match_end": "Ende der Partie",
    "opt.match_end.target": "Wenn eine Seite die Zielpunktzahl erreicht",
    "opt.match_end.deals": "Nach einer festen Zahl von Runden",
    "opt.target_score": "Zielpunktzahl",
    "opt.deals": "Anzahl der Runden",
    "opt.yes": "ja",
    "opt.no": "nein",

    "who.you": "Du",
    "who.computer": "Computer",
    "who.computerN": "Computer {n}",

    "table.opponent": "Computer",
    "table.you": "Du",
    "table.yourHand": "Deine Hand",
    "table.cardsInHand": "{n} Karten auf der Hand",
    "table.oneCardInHand": "1 Karte auf der Hand",
    "table.stock": "Stapel",
    "table.stockCount": "{n} Karten",
    "table.stockEmpty": "leer",
    "table.discard": "Ablagestapel",
    "table.discardEmpty": "leer",
    "table.discardSize": "{n} Karten",
    "table.discardSizeOne": "1 Karte",
    "table.stockCountOne": "1 Karte",
    "table.frozen": "Eingefroren",
    "table.frozenTitle": "Der Stapel ist eingefroren: Du kannst ihn nur mit einem natürlichen Paar zur obersten Karte aufnehmen.",
    "table.blocked": "Gesperrt",
    "table.blockedTitle": "Oben liegt eine schwarze Drei: Der Stapel kann in diesem Zug nicht aufgenommen werden.",
    "table.melds": "Meldungen",
    "table.noMelds": "Noch keine Meldungen",
    "table.redThrees": "Rote Dreien",
    "table.score": "Punkte",
    "table.scoreValue": "{n} Punkte",
    "table.minimum": "Erste Meldung: mindestens {n} Punkte",
    "table.minimumProgress": "Erste Meldung: {have} von {n} Punkten",
    "table.melded": "Hat gemeldet",
    "table.canastas": "Canastas: {n}",
    "table.hand": "Runde {n}",
    "table.seed": "Spielnummer {seed}",
    "table.log": "Spielzüge",

    "meld.canasta.natural": "Reiner Canasta",
    "meld.canasta.mixed": "Gemischter Canasta",
    "meld.badge.natural": "rein",
    "meld.badge.mixed": "gemischt",
    "meld.count": "{n} Karten",
    "meld.wilds": "{n} Joker",
    "meld.label": "Meldung {rank}: {cards}",
    "meld.labelCanasta": "{canasta} {rank}: {cards}",
    "meld.target": "Ziel zum Anlegen",
    "meld.blackThrees": "schwarze Dreien",

    "turn.yoursDraw": "Du bist dran: Ziehe vom Stapel oder nimm den Ablagestapel",
    "turn.yoursPlay": "Du bist dran: melden, anlegen, dann abwerfen",
    "turn.computer": "Der Computer spielt…",
    "turn.handOver": "Die Runde ist vorbei",
    "turn.matchOver": "Die Partie ist vorbei",

    "action.draw": "Ziehen",
    "action.take": "Stapel aufnehmen",
    "action.meld": "Melden",
    "action.add": "Anlegen",
    "action.discard": "Abwerfen",
    "action.goOut": "Ausmachen",
    "action.clear": "Auswahl aufheben",
    "action.next": "Nächste Runde",
    "action.newGame": "Neues Spiel",
    "action.scores": "Abrechnung zeigen",
    "actions.label": "Aktionen",

    "hint.selectForMeld": "Wähle Karten auf deiner Hand und dann eine Aktion.",
    "hint.chooseTarget": "Klicke auf eine deiner Meldungen, um die gewählten Karten anzulegen.",
    "hint.selectOneDiscard": "Wähle eine Karte zum Abwerfen.",
    "hint.thinking": "Einen Moment…",

    "error.generic": "Das ging nicht: {message}",
    "error.request": "Die Engine meldet ein Problem: {message}",

    "card.joker": "Joker",
    "card.name": "{suit}-{rank}",
    "rank.A": "Ass", "rank.2": "Zwei", "rank.3": "Drei", "rank.4": "Vier", "rank.5": "Fünf",
    "rank.6": "Sechs", "rank.7": "Sieben", "rank.8": "Acht", "rank.9": "Neun", "rank.T": "Zehn",
    "rank.J": "Bube", "rank.Q": "Dame", "rank.K": "König",
    "ranks.A": "Asse", "ranks.2": "Zweien", "ranks.3": "Dreien", "ranks.4": "Vieren", "ranks.5": "Fünfen",
    "ranks.6": "Sechsen", "ranks.7": "Siebenen", "ranks.8": "Achten", "ranks.9": "Neunen", "ranks.T": "Zehnen",
    "ranks.J": "Buben", "ranks.Q": "Damen", "ranks.K": "Könige",
    "suit.C": "Kreuz", "suit.D": "Karo", "suit.H": "Herz", "suit.S": "Pik",

    "move.computer.draw": "Computer zieht vom Stapel",
    "move.computer.take": "Computer nimmt den Ablagestapel auf",
    "move.computer.takeWith": "Computer nimmt den Ablagestapel mit {cards} auf",
    "move.computer.takeN": "Computer nimmt den Ablagestapel ({n} Karten) auf",
    "move.computer.takeWithN": "Computer nimmt den Ablagestapel ({n} Karten) mit {cards} auf",
    "move.computer.meld": "Computer meldet {cards}",
    "move.computer.add": "Computer legt {cards} an seine {ranks} an",
    "move.computer.discard": "Computer wirft {card} ab",
    "move.computer.red3": "Computer legt {cards} aus",
    "move.computer.other": "Computer: {label}",
    "move.you.draw": "Du ziehst vom Stapel",
    "move.you.take": "Du nimmst den Ablagestapel auf",
    "move.you.takeWith": "Du nimmst den Ablagestapel mit {cards} auf",
    "move.you.takeN": "Du nimmst den Ablagestapel ({n} Karten) auf",
    "move.you.takeWithN": "Du nimmst den Ablagestapel ({n} Karten) mit {cards} auf",
    "move.you.meld": "Du meldest {cards}",
    "move.you.add": "Du legst {cards} an deine {ranks} an",
    "move.you.discard": "Du wirfst {card} ab",
    "move.you.red3": "Du legst {cards} aus",
    "move.you.other": "Du: {label}",
    "move.list.and": " und ",

    "score.title": "Runde {n}: Abrechnung",
    "score.item": "",
    "score.melded_cards": "Gemeldete Karten",
    "score.hand_cards": "Karten auf der Hand",
    "score.going_out": "Ausmachen",
    "score.concealed": "Verdeckt ausgemacht",
    "score.natural_canastas": "Reine Canastas",
    "score.mixed_canastas": "Gemischte Canastas",
    "score.red_threes": "Rote Dreien",
    "score.total": "Diese Runde",
    "score.cumulative": "Gesamtpunkte",
    "score.previous": "Vor dieser Runde",
    "score.matchOver": "Die Partie ist vorbei",
    "score.wentOut.you": "Du hast ausgemacht.",
    "score.wentOut.computer": "Der Computer hat ausgemacht.",
    "score.wentOutConcealed.you": "Du hast verdeckt ausgemacht, alles auf einmal.",
    "score.wentOutConcealed.computer": "Der Computer hat verdeckt ausgemacht, alles auf einmal.",
    "score.noOneOut": "Niemand hat ausgemacht: Der Stapel ist aufgebraucht.",
    "score.youWin": "Du gewinnst die Partie!",
    "score.computerWins": "Der Computer gewinnt die Partie.",
    "score.tie": "Die Partie endet unentschieden.",
    "score.winner": "Gewonnen hat: {names}",
    "score.targetInfo": "Gespielt wird bis {n} Punkte",
    "score.dealsInfo": "Runde {n} von {of}",

    // The engine's refusals (error.key from meldtable), in German; English uses the engine's own text.
    "engine.hand_over": "Die Runde ist vorbei.",
    "engine.not_your_turn": "Du bist nicht am Zug.",
    "engine.draw_first": "Ziehe zuerst vom Stapel oder nimm den Ablagestapel auf.",
    "engine.already_drew": "Du hast in diesem Zug schon gezogen.",
    "engine.not_in_hand": "Du hast {card} nicht auf der Hand.",
    "engine.stock_empty": "Der Stapel ist leer.",
    "engine.pile_empty": "Der Ablagestapel ist leer.",
    "engine.pile_blocked": "Eine schwarze Drei sperrt den Ablagestapel: Ziehe vom Stapel.",
    "engine.pile_wild_top": "Oben liegt eine wilde Karte: Der Ablagestapel kann jetzt nicht aufgenommen werden.",
    "engine.pile_before_initial": "Den Ablagestapel darfst du erst nach deiner ersten Meldung aufnehmen.",
    "engine.take_rank": "Um den Ablagestapel aufzunehmen, brauchst du {ranks} zur obersten Karte.",
    "engine.pile_frozen": "Der Ablagestapel ist eingefroren: Du brauchst zwei natürliche {ranks}.",
    "engine.take_no_meld": "Du hast keine Meldung aus {ranks}, an die du die oberste Karte legen kannst.",
    "engine.all_wild": "Eine Meldung darf nicht nur aus wilden Karten bestehen.",
    "engine.mixed_ranks": "Eine Meldung enthält nur Karten eines Rangs (und wilde Karten).",
    "engine.red_three": "Rote Dreien werden einzeln ausgelegt und nie gemeldet.",
    "engine.black_threes": "Schwarze Dreien werden nur als drei oder vier schwarze Dreien ohne wilde Karten gemeldet.",
    "engine.black_threes_never": "Schwarze Dreien können in diesem Spiel nicht gemeldet werden.",
    "engine.black_threes_out": "Schwarze Dreien darfst du nur in dem Zug melden, in dem du ausmachst.",
    "engine.rank_melded": "Du hast schon eine Meldung aus {ranks}: Lege dort an.",
    "engine.meld_three": "Lege eine neue Meldung mit drei Karten aus und lege weitere Karten dann einzeln an.",
    "engine.few_naturals": "Eine Meldung braucht mehr natürliche Karten.",
    "engine.many_wilds": "Diese Meldung hätte zu viele wilde Karten.",
    "engine.no_meld": "Deine Seite hat keine Meldung aus {ranks}.",
    "engine.add_rank": "An diese Meldung passen nur {ranks} oder wilde Karten.",
    "engine.initial_minimum": "Deine erste Meldung muss mindestens {minimum} Punkte wert sein (in diesem Zug bisher: {points}).",
    "engine.keep_a_card": "Bis deine Seite {canastas} Canastas hat, musst du nach dem Abwerfen noch eine Karte behalten.",
    "engine.meld_invalid": "Diese Karten ergeben mit der obersten Karte keine gültige Meldung.",
    "engine.not_allowed": "Dieser Zug ist jetzt nicht erlaubt.",
    "engine.pile_red_three": "Oben liegt eine rote Drei: Der Ablagestapel kann jetzt nicht aufgenommen werden.",
    "engine.discard_to_go_out": "In diesem Spiel machst du aus, indem du deine letzte Karte abwirfst: Behalte eine Karte.",

    // 3 ist 50 (engine family threefifty)
    "engine.must_match": "Abwerfen darfst du nur, wenn keine deiner Karten passt: {card} kann gespielt werden.",
    "engine.choose_source": "In diesem Spiel nimmst du entweder aus der Mitte oder vom Ablagestapel: Wähle eines von beiden.",
    "engine.discard_dead": "Die oberste Karte des Ablagestapels passt erst wieder, wenn eine neue Karte abgeworfen wurde.",
    "engine.no_match_middle": "In der Mitte (Mittelkarten und oberste Ablagekarte) liegen keine {ranks}.",
    "engine.use_middle": "Die passenden Karten der Mitte und des Ablagestapels werden zusammen genommen.",
    "engine.no_match_centre": "Unter den Mittelkarten liegen keine {ranks}.",
    "engine.discard_empty": "Der Ablagestapel ist leer.",
    "engine.no_match_discard": "Die oberste Karte des Ablagestapels passt nicht zu {card}.",
    "engine.own_empty": "Dein Minushaufen ist leer.",
    "engine.no_match_own": "Die oberste Karte deines Minushaufens passt nicht zu {card}.",
    "engine.own_pile": "In diesem Spiel darfst du keine Karte auf deinen eigenen Minushaufen legen.",
    "engine.pile_empty": "Dieser Minushaufen ist leer.",
    "engine.no_match_pile": "Die oberste Karte dieses Minushaufens passt nicht zu {card}.",
    "engine.no_seat": "Diesen Platz gibt es in diesem Spiel nicht.",
  },
};

function detectLanguage() {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored && LANGUAGES.includes(stored)) return stored;
  } catch (_) { /* storage may be unavailable */ }
  const prefs = (navigator.languages && navigator.languages.length) ? navigator.languages : [navigator.language || "en"];
  for (const p of prefs) {
    const base = String(p).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

let current = detectLanguage();
const listeners = new Set();

export function getLang() { return current; }

export function setLang(lang) {
  if (!LANGUAGES.includes(lang) || lang === current) return;
  current = lang;
  try { localStorage.setItem(STORAGE_KEY, lang); } catch (_) { /* ignore */ }
  document.documentElement.lang = lang;
  for (const fn of listeners) fn(lang);
}

export function onLangChange(fn) { listeners.add(fn); }

/** The message keys of one language (for the catalogue's completeness test). */
export function catalogueKeys(lang) { return Object.keys(MESSAGES[lang] || {}); }

export function has(key) { return key in MESSAGES[current] || key in MESSAGES.en; }

/**
 * The text to show for an engine refusal: in English the engine's own message (it is written
 * in a player's words); in other languages the catalogue's `engine.<key>` when the error
 * carries a key, else the engine's message.
 */
export function engineMessage(err) {
  const message = err && err.message ? err.message : String(err);
  const key = err && err.key ? "engine." + err.key : null;
  if (current === "en" || !key || !(key in MESSAGES[current])) return message;
  const p = { ...(err.params || {}) };
  if (p.rank) p.ranks = rankPlural(p.rank);
  if (!p.card && typeof p.move === "string") {
    const c = p.move.split(/\s+/).find((w) => isCard(w)); // e.g. "play 7S middle"
    if (c) p.card = c;
  }
  if (p.card) p.card = cardName(p.card);
  return t(key, p);
}

/** Translate `key`, filling `{name}` placeholders from `params`. */
export function t(key, params = {}) {
  let s = MESSAGES[current][key];
  if (s === undefined) s = MESSAGES.en[key];
  if (s === undefined) return key;
  return s.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** Fill every element carrying data-i18n (text) or data-i18n-attr ("attr:key;attr:key"). */
export function applyStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":");
      if (attr && key) el.setAttribute(attr.trim(), t(key.trim()));
    }
  }
}

// ---- cards and moves -------------------------------------------------------

export function rankOf(card) { return card === "JK" ? "JK" : card.slice(0, -1); }
export function suitOf(card) { return card === "JK" ? "" : card.slice(-1); }

/** Full accessible name: "queen of hearts", "Herz-Dame", "joker". */
export function cardName(card) {
  if (card === "JK") return t("card.joker");
  return t("card.name", { rank: t("rank." + rankOf(card)), suit: t("suit." + suitOf(card)) });
}

export function rankName(rank) { return rank === "JK" ? t("card.joker") : t("rank." + rank); }
export function rankPlural(rank) { return has("ranks." + rank) ? t("ranks." + rank) : rank; }

function listCards(cards) {
  const names = cards.map(cardName);
  if (names.length <= 1) return names.join("");
  return names.slice(0, -1).join(", ") + t("move.list.and") + names[names.length - 1];
}

const CARD_RE = /^(JK|(?:[A2-9TJQK])[CDHS])$/;
const isCard = (s) => CARD_RE.test(s);

/**
 * Turn a move in notation ("meld QH QS JK", "add Q QH", "discard 4C", "take", "draw")
 * into a sentence. `who` is "you" or "computer"; `label` is the engine's own text, used
 * when the notation is not one we know.
 */
export function moveSentence(text, who, label, extra = {}) {
  const parts = String(text || "").trim().split(/\s+/);
  const kind = parts[0];
  const args = parts.slice(1);
  const p = `move.${who}.`;
  if (kind === "draw" && args.length === 0) return t(p + "draw");
  const n = extra.n;
  if (kind === "take" && args.length === 0) return n ? t(p + "takeN", { n }) : t(p + "take");
  if (kind === "take" && args.every(isCard)) {
    return t(p + (n ? "takeWithN" : "takeWith"), { cards: listCards(args), n });
  }
  if (kind === "meld" && args.length && args.every(isCard)) return t(p + "meld", { cards: listCards(args) });
  if (kind === "add" && args.length >= 2 && !isCard(args[0]) && args.slice(1).every(isCard)) {
    return t(p + "add", { cards: listCards(args.slice(1)), ranks: rankPlural(args[0]) });
  }
  if (kind === "discard" && args.length === 1 && isCard(args[0])) return t(p + "discard", { card: cardName(args[0]) });
  if ((kind === "red3" || kind === "redthree" || kind === "red_three" || kind === "expose") && args.every(isCard) && args.length) {
    return t(p + "red3", { cards: listCards(args) });
  }
  return t(p + "other", { label: label || text || "?" });
}
