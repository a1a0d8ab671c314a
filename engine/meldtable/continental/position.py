"""The continental family's positions (docs/positions.md, "Continental"): its keys, the reader
that turns a position into saved-game data and the writer of ``Game.to_position``. The line
format, the refusals and the shared helpers are :mod:`meldtable.positions`, which imports this
room on first use (the family module's ``POSITION``).
"""

from __future__ import annotations

from typing import Any

from ..cards import standard_deck
from ..errors import StateError
from ..positions import (
    REASONS,
    Deck,
    Position,
    cards_text,
    deal_from,
    scores,
    seat_lines,
    stock_top,
    texts,
    turn_line,
)
from .rules import Rules

POSITION_KEYS = frozenset({"pile", "penalty", "set", "run", "top from", "window", "claims"})
"""The continental keys of a position besides :data:`meldtable.positions.COMMON_KEYS`."""


def read_position(p: Position, rules: Rules, players: int, seed: int) -> dict[str, Any]:
    """The ``state`` of the saved-game data (docs/state-format.md) of continental position ``p``
    (docs/positions.md, "Continental"): hands not named are dealt from the rest of the stock, the
    penalty stock, when not named, is its share of the cards left after the deal. Raises
    :class:`~meldtable.errors.NotationError` / :class:`~meldtable.errors.StateError` naming the line."""
    dl = p.one("deal")
    hand_number = dl.number(1, rules.deals) if dl else 1
    decks = rules.decks_for(hand_number)
    deck = Deck(standard_deck(decks, rules.jokers_per_deck), decks)
    seat, words, tl = turn_line(p, players, ("draw", "play", "took"), 0)
    if "took" in words and "draw" in words:
        assert tl is not None
        raise tl.fail("took_top")
    stage = "play" if ("play" in words or "took" in words) else "draw"
    drew = None if stage == "draw" else ("discard" if "took" in words else "stock")
    dr = p.one("dealer")
    dealer = dr.seats(players, 1)[0] if dr else (seat - 1) % players
    hands = {s: deck.take(ln, ln.cards()) for s, ln in seat_lines(p, "hand", players).items()}
    pl = p.one("pile")
    pile = deck.take(pl, pl.cards()) if pl else []
    table: list[list[dict[str, Any]]] = [[] for _ in range(players)]
    for ln in p.lines:
        if ln.key in ("set", "run"):
            assert ln.num is not None
            if ln.num >= players:
                raise ln.fail("seats_in_game", StateError, high=players - 1)
            table[ln.num].append({"kind": ln.key, "cards": texts(deck.take(ln, ln.cards()))})
    pen = p.one("penalty")
    penalty = deck.take(pen, pen.cards()) if pen else []
    top = stock_top(p, deck)
    rest = deck.rest(seed)
    for s in range(players):
        if s not in hands:
            hands[s] = deal_from(rest, rules.hand_size(hand_number))
    if pen is None:  # the penalty stock's share of the cards left after the deal, as at the deal
        # (seed 002: »Dann teilt er den Rest des Decks in zwei Stapel auf ... Der Hauptstapel enthält
        # in der Regel mehr Karten als der Strafstapel«; issue #24: not a share of the whole deck)
        left = len(deck.order) - players * rules.hand_size(hand_number)
        penalty = deal_from(rest, max(0, left) * rules.penalty_percent // 100)
    tf = p.one("top from")
    top_from: int | None
    if tf is not None and tf.value.strip().lower() in ("none", "upcard", "-"):
        top_from = None
    elif tf is not None:
        top_from = tf.seats(players, 1)[0]
    else:
        top_from = (seat - 1) % players if pile else None
    claimable = bool(pile) and drew != "discard" and (top_from is not None or rules.upcard_claimable)
    wl = p.one("window")
    window = wl.seats(players) if wl is not None and wl.value.strip().lower() not in ("none", "-") else None
    cl = p.one("claims")
    claims = cl.ints() if cl else [0] * players
    if cl is not None and (len(claims) != players or min(claims) < 0):
        raise cl.fail("claims_count", players=players)
    return {
        "hand_number": hand_number, "dealer": dealer, "decks": decks, "scores": scores(p, players),
        "results": [], "match_over": False, "winners": [],
        "stock": texts(list(reversed(top + rest))), "penalty_stock": texts(list(reversed(penalty))),
        "discard_pile": texts(pile), "top_from": top_from, "top_claimable": claimable,
        "hands": [texts(hands[s]) for s in range(players)], "table": table,
        "down": [bool(x) for x in table], "claims": claims, "reshuffles": 0,
        "takes_in_a_row": 1 if drew == "discard" else 0,
        "turn": {"seat": seat, "stage": stage, "drew": drew, "taken": None, "pending": None,
                 "laid_ranks": [], "laid_suits": [], "went_down": False, "joker_from": None},
        "claim_queue": window or None, "hand_over": False, "went_out": None, "last_moves": [],
    }


def write_position(s: dict[str, Any], players: int) -> list[str]:
    """The continental lines of a position for saved state ``s`` (``to_dict()``). Raises
    :class:`~meldtable.errors.StateError` inside a step no line describes (a contract half laid,
    a joker to place, a card taken from the pile)."""
    t = s["turn"]
    if t["pending"] is not None or t["went_down"] or t["joker_from"] is not None or t["taken"] is not None:
        raise StateError.of(REASONS, "write_mid_turn_continental")
    word = {"stock": "play", "discard": "took", None: "draw"}[t["drew"]]
    out = [f"dealer: {s['dealer']}", f"turn: {t['seat']} {word}"]
    out += [f"hand {i}: {cards_text(h)}" for i, h in enumerate(s["hands"])]
    for i, combos in enumerate(s["table"]):
        out += [f"{cb['kind']} {i}: {cards_text(cb['cards'])}" for cb in combos]
    if s["discard_pile"]:
        out.append(f"pile: {cards_text(s['discard_pile'])}")
    out.append("top from: " + ("none" if s["top_from"] is None else str(s["top_from"])))
    if s["claim_queue"]:
        out.append("window: " + " ".join(map(str, s["claim_queue"])))
    if any(s["claims"]):
        out.append("claims: " + " ".join(map(str, s["claims"])))
    out.append(f"penalty: {cards_text(list(reversed(s['penalty_stock'])))}")
    if s["stock"]:
        out.append(f"stock: {cards_text(list(reversed(s['stock'])))}")
    return out
