"""The canasta family's positions (docs/positions.md, "Canasta"): its keys, the reader that turns
a position into saved-game data and the writer of ``Game.to_position``. The line format, the
refusals and the shared helpers are :mod:`meldtable.positions`, which imports this room on first
use (the family module's ``POSITION``).
"""

from __future__ import annotations

from typing import Any

from ..cards import RANKS, Card, standard_deck
from ..errors import StateError
from ..positions import (
    REASONS,
    Deck,
    Line,
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
from .state import play_order
from .values import hand_sort_key, is_red_three, is_wild

POSITION_KEYS = frozenset({"pile", "meld", "red"})
"""The canasta keys of a position besides :data:`meldtable.positions.COMMON_KEYS`: ``pile``,
``meld S [KEY]`` (S a side), ``red S``."""


def _canasta_meld(ln: Line, deck: Deck, is_wild: Any) -> tuple[int, dict[str, Any]]:
    """A ``meld S [KEY]: cards [buried cards]`` line as ``(number, saved-game meld)``: ``number``
    is 2 for ``Q#2``; the rank is the key's, or else the first natural card's."""
    body, _, under = ln.value.lower().partition("buried")
    cards = deck.take(ln, ln.cards(body))
    buried = deck.take(ln, ln.cards(under))
    if ln.extra is not None:
        rank_t, _, nth = ln.extra.partition("#")
        if len(rank_t) != 1 or rank_t not in RANKS or (nth and not (nth.isdigit() and 2 <= int(nth) <= 9)):
            raise ln.fail("meld_rank_name", extra=repr(ln.extra))
        number = int(nth) if nth else 1
    else:
        naturals = [c for c in cards if not is_wild(c)]
        if not naturals:
            raise ln.fail("meld_wild_rank")
        rank_t, number = naturals[0].rank_text, 1
    if not cards:
        raise ln.fail("meld_cards", StateError)
    entry: dict[str, Any] = {"rank": rank_t, "cards": texts(cards)}
    if number > 1:
        entry["key"] = f"{rank_t}#{number}"
    if buried:
        entry["buried"] = texts(buried)
    return number, entry


def read_position(p: Position, rules: Rules, players: int, seed: int) -> dict[str, Any]:
    """The ``state`` of the saved-game data (docs/state-format.md) of canasta position ``p``
    (docs/positions.md, "Canasta"): hands not named are dealt from the rest of the stock (red
    threes stay in it). Raises :class:`~meldtable.errors.NotationError` /
    :class:`~meldtable.errors.StateError` naming the line."""
    deck = Deck(standard_deck(rules.decks, rules.jokers_per_deck), rules.decks)
    dl = p.one("deal")
    hand_number = dl.number(1, 10_000) if dl else 1
    order = play_order(rules, hand_number)
    seat, words, tl = turn_line(p, players, ("draw", "play", "took"), order[0])
    if seat not in order:
        assert tl is not None
        raise tl.fail("sits_out", StateError, seat=seat, deal=hand_number)
    if "took" in words and "draw" in words:
        assert tl is not None
        raise tl.fail("took_pile")
    stage = "play" if ("play" in words or "took" in words) else "draw"
    took = "took" in words
    dr = p.one("dealer")
    dealer = dr.seats(players, 1)[0] if dr else order[(order.index(seat) - 1) % len(order)]
    nsides = len(rules.sides)
    hand_lines = seat_lines(p, "hand", players)
    hands: dict[int, list[Card]] = {s: deck.take(ln, ln.cards()) for s, ln in hand_lines.items()}
    pl = p.one("pile")
    pile = deck.take(pl, pl.cards()) if pl else []
    melds: list[list[tuple[int, dict[str, Any]]]] = [[] for _ in range(nsides)]
    for ln in p.all("meld"):
        assert ln.num is not None
        if ln.num >= nsides:
            raise ln.fail("sides_in_game", StateError, high=nsides - 1)
        melds[ln.num].append(_canasta_meld(ln, deck, is_wild))
    reds: list[list[str]] = [[] for _ in range(nsides)]
    for s, ln in seat_lines(p, "red", nsides, "side").items():
        reds[s] = texts(deck.take(ln, ln.cards()))
    top = stock_top(p, deck)
    rest = deck.rest(seed)
    for s in order:  # hands not named are dealt from the rest (red threes stay in the stock)
        if s not in hands:
            hands[s] = deal_from(rest, rules.hand_size, lambda c: not is_red_three(c))
    melded = [bool(m) for m in melds]
    side = rules.side_of[seat]
    initial = not melded[side]
    if took and initial:
        assert tl is not None
        raise tl.fail("took_initial", StateError, seat=seat)
    hand = hands.get(seat, [])
    return {
        "hand_number": hand_number, "dealer": dealer, "scores": scores(p, nsides, "side"), "results": [],
        "match_over": False, "winners": [],
        "stock": texts(list(reversed(top + rest))),
        "discard_pile": texts(pile),
        "hands": [texts(hands.get(s, [])) for s in range(players)],
        "melds": [[e for _, e in sorted(side_melds, key=lambda x: x[0])] for side_melds in melds],
        "red_threes": reds, "melded": melded,
        "turn": {"seat": seat, "stage": stage, "took_pile": took, "from_stock": stage == "play" and not took,
                 "initial": initial, "initial_points": 0,
                 "countable": texts(sorted(hand, key=hand_sort_key)) if stage == "play" and initial and not took else []},
        "hand_over": False, "went_out": None, "went_out_concealed": False, "last_moves": [],
    }


def write_position(s: dict[str, Any], players: int) -> list[str]:
    """The canasta lines of a position for saved state ``s`` (``to_dict()``): dealer, turn, hands,
    pile, melds, red threes, stock. Raises :class:`~meldtable.errors.StateError` inside a step no
    line describes (melding towards the initial meld, a question to the partner)."""
    t = s["turn"]
    if t["initial_points"] or t.get("uncounted") or t.get("asked") or (t["took_pile"] and t["initial"]):
        raise StateError.of(REASONS, "write_mid_turn_canasta")
    word = "took" if t["took_pile"] else t["stage"]
    out = [f"dealer: {s['dealer']}", f"turn: {t['seat']} {word}"]
    out += [f"hand {i}: {cards_text(h)}" for i, h in enumerate(s["hands"]) if h]
    if s["discard_pile"]:
        out.append(f"pile: {cards_text(s['discard_pile'])}")
    for i, side in enumerate(s["melds"]):
        for m in side:
            key = m.get("key", m["rank"])
            under = f" buried {cards_text(m['buried'])}" if m.get("buried") else ""
            out.append(f"meld {i} {key}: {cards_text(m['cards'])}{under}")
    out += [f"red {i}: {cards_text(r)}" for i, r in enumerate(s["red_threes"]) if r]
    if s["stock"]:
        out.append(f"stock: {cards_text(list(reversed(s['stock'])))}")
    return out
