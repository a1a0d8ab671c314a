"""The 3 ist 50 family's positions (docs/positions.md, "3 ist 50"): its keys, the reader that
turns a position into saved-game data and the writer of ``Game.to_position``. The line format,
the refusals and the shared helpers are :mod:`meldtable.positions`, which imports this room on
first use (the family module's ``POSITION``).
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..positions import (
    REASONS,
    Deck,
    Position,
    cards_text,
    scores,
    seat_lines,
    stock_top,
    texts,
    turn_line,
)
from .rules import HAND_SIZE, Rules

POSITION_KEYS = frozenset({"pile", "centre", "minus", "aside", "round", "round cards", "discard live"})
"""The 3 ist 50 keys of a position besides :data:`meldtable.positions.COMMON_KEYS`."""


def read_position(p: Position, rules: Rules, players: int, seed: int) -> dict[str, Any]:
    """The ``state`` of the saved-game data (docs/state-format.md) of 3 ist 50 position ``p``
    (docs/positions.md, "3 ist 50"): every hand is named; without a ``dealer`` line the dealer is
    worked out from the hand sizes. Raises :class:`~meldtable.errors.NotationError` /
    :class:`~meldtable.errors.StateError` naming the line."""
    deck = Deck(rules.deck(), rules.decks)
    seat, _, _ = turn_line(p, players, (), 0)
    hand_lines = seat_lines(p, "hand", players)
    missing = [s for s in range(players) if s not in hand_lines]
    if missing:
        raise REASONS.notation("hands_missing", seat=missing[0])
    hands = {s: deck.take(ln, ln.cards()) for s, ln in hand_lines.items()}
    cl = p.one("centre")
    centre = deck.take(cl, cl.cards()) if cl else []
    pl = p.one("pile")
    pile = deck.take(pl, pl.cards()) if pl else []
    piles: list[list[Card]] = [[] for _ in range(players)]
    for s, ln in seat_lines(p, "minus", players).items():
        piles[s] = deck.take(ln, ln.cards())
    al = p.one("aside")
    aside = deck.take(al, al.cards()) if al else []
    top = stock_top(p, deck)
    rest = deck.rest(seed)
    rl, rcl, dl, dll, dr = p.one("round"), p.one("round cards"), p.one("deal"), p.one("discard live"), p.one("dealer")
    rnd = rl.number(1, 1000) if rl else 1
    round_cards = rcl.number(1, HAND_SIZE) if rcl else HAND_SIZE
    sizes = [len(hands[s]) for s in range(players)]
    if dr is not None:
        dealer = dr.seats(players, 1)[0]
    else:  # the seats just before the seat to act holding one card fewer have played in this lap
        c, k = sizes[seat], 0
        while k < players - 1 and sizes[(seat - 1 - k) % players] == c - 1:
            k += 1
        dealer = (seat - k - 1) % players
    return {
        "hand_number": dl.number(1, 1000) if dl else 1, "first_dealer": (dealer - (rnd - 1)) % players,
        "round": rnd, "round_cards": round_cards, "dealer": dealer, "to_act": seat,
        "scores": scores(p, players), "results": [], "match_over": False, "winners": [],
        "stock": texts(list(reversed(top + rest))), "centre": texts(centre),
        "discard_pile": texts(pile), "discard_live": dll.flag() if dll else bool(pile),
        "piles": [texts(x) for x in piles], "hands": [texts(hands[s]) for s in range(players)],
        "set_aside": texts(aside), "hand_over": False, "last_receiver": None, "last_moves": [],
    }


def write_position(s: dict[str, Any], players: int) -> list[str]:
    """The 3 ist 50 lines of a position for saved state ``s`` (``to_dict()``)."""
    out = [f"round: {s['round']}", f"round cards: {s['round_cards']}", f"dealer: {s['dealer']}", f"turn: {s['to_act']}"]
    out += [f"hand {i}: {cards_text(h)}" for i, h in enumerate(s["hands"])]
    if s["centre"]:
        out.append(f"centre: {cards_text(s['centre'])}")
    if s["discard_pile"]:
        out.append(f"pile: {cards_text(s['discard_pile'])}")
    out.append(f"discard live: {'true' if s['discard_live'] else 'false'}")
    out += [f"minus {i}: {cards_text(x)}" for i, x in enumerate(s["piles"]) if x]
    if s["set_aside"]:
        out.append(f"aside: {cards_text(s['set_aside'])}")
    if s["stock"]:
        out.append(f"stock: {cards_text(list(reversed(s['stock'])))}")
    return out
