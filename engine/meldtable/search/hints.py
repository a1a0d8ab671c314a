"""Hints (issue #27): the suggested move for the seat to act with a one-line reason in English and
German, and the catalogue of those reasons (:data:`HINTS`, like a family's refusal catalogue:
key, parameters, texts; docs/protocol.md, "hint").

A reason is read from the seat's own view (``Game.view(seat)``) and the move only: never from a
hidden card.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..reasons import COMMON, LANGUAGES, Catalogue, Reason, card_words

if TYPE_CHECKING:
    from ..game import Game

_RANKS = "A23456789TJQK"
_EN_RANKS = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king")
_EN_SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
# German article of a card by its rank word's gender: das Ass, die Zwei ... die Zehn, der Bube, die
# Dame, der König, der Joker (docs/glossary.md); (nominative, accusative)
_DE_ARTICLES = {"n": ("das", "das"), "f": ("die", "die"), "m": ("der", "den")}
_DE_GENDER = {"A": "n", "J": "m", "K": "m", "JK": "m"}

CARD_RENDERERS = ("the_card", "the_card_nom")
"""The hint catalogue's own placeholder renderers, beside those of :mod:`meldtable.reasons`: a card
text (``"KS"``) named in the player's words with its article: ``{card:the_card}`` ("the king of
spades" / accusative "den Pik-König") and ``{card:the_card_nom}`` (German nominative "der
Pik-König"). Hints name cards as a person says them, never in notation."""


def card_phrase(card: str, lang: str, nominative: bool = False) -> str:
    """``card`` (a card text: ``"KS"``, ``"TH"``, ``"JK"``) in words of ``lang`` with its article:
    ``"the king of spades"``, ``"the joker"``; German ``"den Pik-König"`` (accusative) or with
    ``nominative`` ``"der Pik-König"``, ``"die Herz-Zehn"``, ``"das Kreuz-Ass"`` (a jack:
    ``"den Kreuz-Buben"``, ``"der Kreuz-Bube"``). An unknown text
    is returned as it is."""
    text = str(card)
    rank = "JK" if text == "JK" else text[:1]
    if text != "JK" and not (len(text) == 2 and rank in _RANKS and text[1] in _EN_SUITS):
        return text
    if lang == "de":
        article = _DE_ARTICLES[_DE_GENDER.get(rank, "f")][0 if nominative else 1]
        name = card_words(text, "de")
        return f"{article} {name}{'' if nominative or rank != 'J' else 'n'}"  # den Kreuz-Buben
    if text == "JK":
        return "the joker"
    return f"the {_EN_RANKS[_RANKS.index(rank)]} of {_EN_SUITS[text[1]]}"


def _with_cards(template: str, params: Mapping[str, Any], lang: str) -> str:
    """``template`` with every ``{x:the_card}`` / ``{x:the_card_nom}`` placeholder replaced by the
    card's words (:func:`card_phrase`); the other placeholders are kept for :class:`Reason`."""
    out = []
    for literal, name, spec, conv in string.Formatter().parse(template):
        out.append(literal.replace("{", "{{").replace("}", "}}"))
        if name is None:
            continue
        if spec in CARD_RENDERERS:
            words = card_phrase(params[name], lang, nominative=spec == "the_card_nom")
            out.append(words.replace("{", "{{").replace("}", "}}"))
        else:
            out.append("{" + name + ("!" + conv if conv else "") + (":" + spec if spec else "") + "}")
    return "".join(out)


class _HintCatalogue(Catalogue):
    """A :class:`~meldtable.reasons.Catalogue` whose own texts may also name cards with
    :data:`CARD_RENDERERS`."""

    def texts(self, key: str, params: Mapping[str, Any]) -> dict[str, str]:
        """The reason's text in every language: ``{"en": ..., "de": ...}``."""
        reason = self.reasons.get(key)
        if reason is None:
            return super().texts(key, params)
        out = {}
        for lang in LANGUAGES:
            template = reason.texts[lang]
            if not isinstance(template, str):  # a reason with forms: no hint has one
                return super().texts(key, params)
            out[lang] = Reason(key, reason.params, {lang: _with_cards(template, params, lang)}).text(params, lang)
        return out

HINTS = _HintCatalogue("hints", {
    # errors of the computer levels and the search interface
    "bot_level": (("level", "levels"), "Unknown computer level {level}: the levels are {levels}.",
                  "Unbekannte Spielstärke {level}: Es gibt {levels}."),
    "determinize_now": (("seat",), "The hidden cards cannot be dealt again for seat {seat} at this point of the turn.",
                        "Die verdeckten Karten lassen sich für Platz {seat} an dieser Stelle des Zugs nicht neu verteilen."),
    # canasta family
    "take_pile": (("size", "rank"), "Take the pile: {size:plural:card:cards} and a meld of {rank:ranks}.",
                  "Nimm den Ablagestapel auf: {size:plural:Karte:Karten} und eine Meldung aus {rank:ranks}."),
    "draw_not_take": (("size",), "Draw from the stock: the pile of {size:plural:card:cards} does not pay now.",
                      "Zieh vom Talon: Der Ablagestapel mit {size:plural:Karte:Karten} lohnt sich jetzt nicht."),
    "draw": ((), "Draw from the stock.", "Zieh vom Talon."),
    "initial_meld": (("points", "minimum"), "Make your initial meld: {points} points, {minimum} needed.",
                     "Leg deine erste Meldung aus: {points} Punkte, {minimum} sind nötig."),
    "meld": (("rank",), "Meld your {rank:ranks}.", "Melde deine {rank:ranks}."),
    "canasta": (("rank",), "Complete a canasta of {rank:ranks}.", "Mach die Canasta aus {rank:ranks} voll."),
    "add": (("rank", "more"), "Add to your {rank:ranks}: {more:plural:card:cards} more make a canasta.",
            "Leg an deine {rank:ranks} an: Noch {more:plural:Karte:Karten} bis zur Canasta."),
    "go_out": ((), "Go out: your side has the canastas it needs.",
               "Geh aus: Deine Seite hat die nötigen Canastas."),
    "keep_cards": (("canastas",), "Keep cards in hand: you need {canastas:plural:canasta:canastas} before you can go out.",
                   "Behalte Karten auf der Hand: Du brauchst erst {canastas:plural:Canasta:Canastas}, "
                   "bevor du ausmachen kannst."),
    "black_three": (("card",), "Discard {card:the_card}: a black three blocks the pile for the next player.",
                    "Wirf {card:the_card} ab: Eine schwarze Drei sperrt den Ablagestapel für den nächsten Spieler."),
    "discard_safe": (("card",), "Discard {card:the_card}: nobody has melded that rank.",
                     "Wirf {card:the_card} ab: Niemand hat diesen Rang gemeldet."),
    "keep_opponent": (("card", "keep"), "Discard {card:the_card}. Keep your {keep:ranks}: your opponent collects them.",
                      "Wirf {card:the_card} ab. Behalte deine {keep:ranks}: Dein Gegner sammelt sie."),
    "discard_single": (("card",), "Discard {card:the_card}: a single card that fits none of your melds.",
                       "Wirf {card:the_card} ab: Eine einzelne Karte, die zu keiner deiner Meldungen passt."),
    "bury": ((), "Lay the blocking cards under your canasta: they no longer count against you.",
             "Leg die Sperrkarten unter deine Canasta: Sie zählen dann nicht mehr gegen dich."),
    "answer_yes": ((), "Say yes: your partner may go out.", "Sag ja: Dein Partner darf ausmachen."),
    "answer_no": ((), "Say no: your hand would cost your side too much.",
                  "Sag nein: Deine Handkarten würden deine Seite zu viel kosten."),
    "ask": ((), "Ask your partner whether you may go out.", "Frag deinen Partner, ob du ausmachen darfst."),
    # Continental
    "claim": (("card",), "Claim {card:the_card}: it helps your contract enough to pay for the penalty card.",
              "Melde dich für {card:the_card}: Die Karte hilft deinem Vertrag genug für die Strafkarte."),
    "let_go": (("card",), "Let {card:the_card} go: it does not pay for a penalty card.",
               "Lass {card:the_card} liegen: Die Karte ist keine Strafkarte wert."),
    "take_card": (("card",), "Take {card:the_card}: it helps your contract.",
                  "Nimm {card:the_card}: Die Karte hilft deinem Vertrag."),
    "draw_card": (("card",), "Draw from the stock: {card:the_card} does not help you.",
                  "Zieh vom Talon: Dir hilft {card:the_card_nom} nicht."),
    "lay_down": (("contract",), "Lay down your contract: {contract:contract}.",
                 "Leg deinen Vertrag aus: {contract:contract}."),
    "lay_off": (("card",), "Lay off {card:the_card}: a card on the table no longer counts against you.",
                "Leg {card:the_card} an: Eine Karte auf dem Tisch zählt nicht mehr gegen dich."),
    "swap": ((), "Exchange a joker from the table: it fits anywhere.",
             "Tausch einen Joker vom Tisch: Er passt überall."),
    "discard_points": (("card", "points"), "Discard {card:the_card}: it does not help and counts {points} points against you.",
                       "Wirf {card:the_card} ab: Die Karte hilft nicht und zählt {points} Punkte gegen dich."),
    # 3 ist 50
    "play_capture": (("card", "points"), "Play {card:the_card}: you pass on {points} points.",
                     "Spiel {card:the_card}: Du gibst {points} Punkte weiter."),
    "play_pile": (("card", "seat"), "Play {card:the_card} onto seat {seat}'s minus pile.",
                  "Spiel {card:the_card} auf den Minushaufen von Platz {seat}."),
    "play_discard": (("card",), "Discard {card:the_card}: it captures nothing and costs least.",
                     "Wirf {card:the_card} ab: Die Karte fängt nichts und kostet am wenigsten."),
    "play_own": (("card",), "Play {card:the_card} onto your own pile: you pass its top run on.",
                 "Spiel {card:the_card} auf deinen eigenen Minushaufen: Du gibst seine obere Reihe weiter."),
    # any game
    "play": (("move",), "Play '{move}'.", "Spiel '{move}'."),
}, base=COMMON)
"""The reasons of hints and of the computer levels' errors (every key with English and German
texts; parameters as in :mod:`meldtable.reasons`)."""


def _answer(seat: int, move: Any, key: str, params: dict[str, Any]) -> dict[str, Any]:
    cards = [str(c) for c in (getattr(move, "cards", None) or ([move.card] if getattr(move, "card", None) else []))]
    return {"seat": seat, "move": str(move), "kind": move.kind, "cards": cards, "key": key, "params": params,
            "texts": HINTS.texts(key, params)}


def _rank_text(card: Any) -> str:
    return str(card)[0]


def explain(game: Game, seat: int, move: Any) -> dict[str, Any]:
    """The hint answer for ``move`` of ``seat``: ``{"seat", "move", "kind", "cards", "key",
    "params", "texts"}`` (see :func:`meldtable.bot.hint`), the reason from ``game.view(seat)``
    and the legal moves only."""
    view = game.view(seat)
    family = game.variant.family
    try:
        if family == "canasta":
            key, params = _canasta(view, move, game.legal_moves())
        elif family == "continental":
            key, params = _continental(game, view, move)
        else:
            key, params = _threefifty(view, move)
    except (KeyError, IndexError, ValueError, TypeError):  # a reason is a courtesy: never an error
        key, params = "play", {"move": str(move)}
    return _answer(seat, move, key, params)


_PLAIN = {"bury": "bury", "yes": "answer_yes", "no": "answer_no", "ask": "ask"}


def _canasta(view: dict[str, Any], move: Any, legal: list[Any]) -> tuple[str, dict[str, Any]]:
    kind = move.kind
    side = view["side_of_seat"][view["seat"]]
    me = view["sides"][side]
    hand = view["hand"]
    if kind == "take":
        rank = _rank_text(view["discard"]["top"])
        return "take_pile", {"size": view["discard"]["size"], "rank": rank}
    if kind == "draw":
        if any(m.kind == "take" for m in legal):
            return "draw_not_take", {"size": view["discard"]["size"]}
        return "draw", {}
    if kind in ("meld", "add") and len(move.cards) >= len(hand):
        return "go_out", {}
    if kind == "meld":
        if view["turn"].get("needs_initial_meld"):
            return "initial_meld", {"points": _meld_points(move), "minimum": me.get("minimum", 0)}
        return "meld", {"rank": _rank_text(move.cards[0]) if move.rank is None else _rank_name(move.rank)}
    if kind == "add":
        return _canasta_add(me, move)
    if kind in _PLAIN:
        return _PLAIN[kind], {}
    if kind == "discard":
        return _canasta_discard(view, move)
    return "play", {"move": str(move)}


def _canasta_add(me: dict[str, Any], move: Any) -> tuple[str, dict[str, Any]]:
    rank = _rank_name(move.rank) if move.rank is not None else _rank_text(move.cards[0])
    meld = next((m for m in me["melds"] if m["rank"] == rank), None)
    size = (len(meld["cards"]) if meld else 0) + len(move.cards)
    if size >= 7 and not (meld and meld.get("canasta")):
        return "canasta", {"rank": rank}
    if size < 7:
        return "add", {"rank": rank, "more": 7 - size}
    return "play", {"move": str(move)}


def _canasta_discard(view: dict[str, Any], move: Any) -> tuple[str, dict[str, Any]]:
    side = view["side_of_seat"][view["seat"]]
    me = view["sides"][side]
    hand = view["hand"]
    card = str(move.cards[0])
    if len(hand) == 1:
        return "go_out", {}
    if card in ("3C", "3S"):
        return "black_three", {"card": card}
    opp_ranks = {m["rank"] for s in view["sides"] if s["side"] != side for m in s["melds"]}
    held: dict[str, int] = {}
    for t in hand:
        held[_rank_text(t)] = held.get(_rank_text(t), 0) + 1
    kept = sorted(r for r in opp_ranks if held.get(r) and r != _rank_text(card) and r not in "23")
    if kept:
        return "keep_opponent", {"card": card, "keep": kept[0]}
    if _rank_text(card) not in opp_ranks:
        if held.get(_rank_text(card), 0) == 1 and not any(m["rank"] == _rank_text(card) for m in me["melds"]):
            return "discard_single", {"card": card}
        return "discard_safe", {"card": card}
    canastas = view.get("canastas_to_go_out", 0) - me.get("canastas", 0)
    if canastas > 0:
        return "keep_cards", {"canastas": canastas}
    return "play", {"move": str(move)}


def _rank_name(rank: int) -> str:
    from ..cards import RANKS

    return RANKS[rank - 1]


def _meld_points(move: Any) -> int:
    from ..canasta.values import card_value

    return sum(card_value(c) for c in move.cards)


def _continental(game: Game, view: dict[str, Any], move: Any) -> tuple[str, dict[str, Any]]:
    kind = move.kind
    top = view["discard"]["top"]
    if kind == "claim":
        return "claim", {"card": top}
    if kind == "pass" and top:
        return "let_go", {"card": top}
    if kind == "take":
        return "take_card", {"card": top}
    if kind == "draw" and top and view["phase"] == "draw":
        return "draw_card", {"card": top}
    if kind in ("set", "run"):
        return "lay_down", {"contract": view["contract"]["name"]}
    if kind == "add":
        return "lay_off", {"card": str(move.cards[0])}
    if kind == "swap":
        return "swap", {}
    if kind == "discard":
        card = move.cards[0]
        return "discard_points", {"card": str(card), "points": game.state.rules.value(card)}
    return "play", {"move": str(move)}


def _threefifty(view: dict[str, Any], move: Any) -> tuple[str, dict[str, Any]]:
    card = str(move.card)
    if move.kind == "discard":
        return "play_discard", {"card": card}
    if move.target == "own":
        return "play_own", {"card": card}
    if move.target == "pile":
        return "play_pile", {"card": card, "seat": move.pile}
    values = view.get("values", {})

    def val(t: str) -> int:
        return int(values.get("JK" if t == "JK" else t[0], 10))

    rank = "JK" if card == "JK" else card[0]
    got = val(card)
    if move.target in ("middle", "centre"):
        got += sum(val(x) for x in view["centre"] if ("JK" if x == "JK" else x[0]) == rank)
    top = view["discard"]["top"] if view["discard"]["live"] else None
    if move.target in ("middle", "discard") and top and ("JK" if top == "JK" else top[0]) == rank:
        got += val(top)
    return "play_capture", {"card": card, "points": got}
