"""Build any ``3-ist-50`` position by hand, through the public JSON path only.

``position(...)`` takes a real ``new_game("3-ist-50", ...).to_json()`` skeleton, replaces its
``"state"`` with the cards given here, puts every remaining card of the deck into the stock (or,
with an exact ``stock``, aside) and returns ``Game.from_json(...)``. The engine's loader checks
types, card conservation and that the hands fit the turn order, so a position it accepts is one
the engine could hold.

Conventions (cards as text, ``"7H"``; piles bottom first, top card last):

* ``hands``: one list per seat; the seat to act (``to_act``, default 0) holds ``c`` cards and the
  seats that already played in this lap ``c - 1``. Unless ``dealer`` is given it is worked out
  from that: the seats just before ``to_act`` holding ``c - 1`` cards played first in this lap, and
  the dealer sits right of the first of them. ``round`` (default 1) then gives the first dealer.
* ``centre`` (at most 4 cards), ``discard`` (bottom first), ``piles`` (one list per seat).
* ``stock_top``: the next cards dealt, first dealt first; the other spare cards lie below them in
  a fixed order (low numbers first, threes and jokers last). ``stock``: the exact stock (first
  dealt first); spare cards then go to the set-aside cards.
* ``set_aside``: cards already set aside.
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, cast

import meldtable
from meldtable import Game
from meldtable.cards import ALL_CARDS, RANKS

VARIANT = "3-ist-50"


def full_deck(decks: int = 2, jokers_per_deck: int = 0) -> Counter[str]:
    """Every physical card of a game: ``decks`` x 52 suited cards plus the jokers."""
    deck = Counter({c.text: decks for c in ALL_CARDS if c.rank != 0})
    if jokers_per_deck:
        deck["JK"] = decks * jokers_per_deck
    return deck


def _filler_key(text: str) -> tuple[int, int, str]:
    if text == "JK":
        return (2, 0, "")
    rank = RANKS.index(text[0]) + 1
    if rank == 3:
        return (1, 0, text)
    return (0, rank, text)


def spare_cards(used: Iterable[str], deck: Counter[str]) -> list[str]:
    """The cards of ``deck`` not in ``used``, in the fixed filler order."""
    rest = deck.copy()
    rest.subtract(Counter(used))
    bad = sorted(c for c, n in rest.items() if n < 0)
    if bad:
        raise ValueError(f"position uses more copies than the deck holds of: {', '.join(bad)}")
    return sorted(rest.elements(), key=_filler_key)


def _dealer(sizes: list[int], to_act: int) -> int:
    """The dealer that makes ``sizes`` fit the turn order: the seats just before ``to_act`` that
    hold one card fewer have already played in this lap."""
    n = len(sizes)
    c = sizes[to_act]
    k = 0
    while k < n - 1 and sizes[(to_act - 1 - k) % n] == c - 1:
        k += 1
    starter = (to_act - k) % n
    return (starter - 1) % n


def position_state(
    hands: Sequence[Sequence[str]],
    centre: Sequence[str] = (),
    discard: Sequence[str] = (),
    piles: Sequence[Sequence[str]] | None = None,
    to_act: int | None = 0,
    stock: Sequence[str] | None = None,
    stock_top: Sequence[str] = (),
    set_aside: Sequence[str] = (),
    round: int = 1,
    round_cards: int = 4,
    hand_number: int = 1,
    scores: Sequence[int] | None = None,
    discard_live: bool | None = None,
    last_receiver: int | None = None,
    dealer: int | None = None,
    hand_over: bool = False,
    deck: Counter[str] | None = None,
) -> dict[str, Any]:
    """The ``"state"`` object of a position (see the module docstring)."""
    n = len(hands)
    piles = piles if piles is not None else [[] for _ in range(n)]
    deck = deck if deck is not None else full_deck()
    used: list[str] = [c for h in hands for c in h] + list(centre) + list(discard) + list(set_aside)
    used += [c for p in piles for c in p]
    used += list(stock if stock is not None else stock_top)
    spare = spare_cards(used, deck)
    if stock is None:
        order = list(stock_top) + spare
        aside = list(set_aside)
    else:
        order = list(stock)
        aside = list(set_aside) + spare
    sizes = [len(h) for h in hands]
    if dealer is None:
        dealer = _dealer(sizes, to_act) if to_act is not None else (n - 1)
    first_dealer = (dealer - (round - 1)) % n
    if discard_live is None:
        discard_live = bool(discard)
    return {
        "hand_number": hand_number,
        "first_dealer": first_dealer,
        "round": round,
        "round_cards": round_cards,
        "dealer": dealer,
        "to_act": None if hand_over else to_act,
        "scores": list(scores) if scores is not None else [0] * n,
        "results": [],
        "match_over": False,
        "winners": [],
        "stock": list(reversed(order)),  # the engine deals from the end of the list
        "centre": list(centre),
        "discard_pile": list(discard),
        "discard_live": discard_live,
        "piles": [list(p) for p in piles],
        "hands": [list(h) for h in hands],
        "set_aside": aside,
        "hand_over": hand_over,
        "last_receiver": last_receiver,
        "last_moves": [],
    }


def skeleton(players: int, options: dict[str, Any] | None = None, seed: int = 0) -> dict[str, Any]:
    """A real saved game of a fresh ``3-ist-50`` match, as a dict."""
    return cast("dict[str, Any]", json.loads(meldtable.new_game(VARIANT, players=players, seed=seed, options=options).to_json()))


def position_json(*, options: dict[str, Any] | None = None, seed: int = 0, **kw: Any) -> str:
    """The saved-game text of a position (``position`` without loading it)."""
    players = len(kw["hands"])
    d = skeleton(players, options, seed)
    o = d["options"]
    kw.setdefault("deck", full_deck(o["decks"], o["jokers_per_deck"]))
    d["state"] = position_state(**kw)
    d["history"] = [[]]
    return json.dumps(d)


def position(*, options: dict[str, Any] | None = None, seed: int = 0, **kw: Any) -> Game:
    """A ``Game`` in the given position, loaded with ``Game.from_json`` (module docstring)."""
    return Game.from_json(position_json(options=options, seed=seed, **kw))


def state_of(game: Game) -> dict[str, Any]:
    """The ``"state"`` object of ``game.to_json()``."""
    return cast("dict[str, Any]", json.loads(game.to_json())["state"])


def moves(game: Game) -> set[str]:
    """The legal moves of ``game`` as a set of notation strings."""
    return {str(m) for m in game.legal_moves()}


def refusal(game: Game, move: str) -> tuple[str | None, str]:
    """Play ``move`` expecting an ``IllegalMoveError``; return ``(key, message)`` and check that
    the game is unchanged."""
    before = game.to_json()
    try:
        game.play(move)
    except meldtable.IllegalMoveError as e:
        assert game.to_json() == before
        return getattr(e, "key", None), str(e)
    raise AssertionError(f"{move!r} was accepted")


def deck_count(game: Game) -> Counter[str]:
    """Every card of the saved game, counted (stock, centre, discard pile, piles, hands, aside)."""
    st = state_of(game)
    c = Counter(st["stock"]) + Counter(st["centre"]) + Counter(st["discard_pile"]) + Counter(st["set_aside"])
    for p in st["piles"]:
        c += Counter(p)
    for h in st["hands"]:
        c += Counter(h)
    return c
