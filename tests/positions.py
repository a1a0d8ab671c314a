"""Build any ``canasta-two-hand`` position by hand, through the public JSON path only.

``position(...)`` takes a real ``new_game(...).to_json()`` skeleton, replaces its ``"state"`` with
the cards given here, fills the stock with every remaining card of the 108-card deck (2 x 52 + 4
jokers) in a fixed order, and returns ``Game.from_json(...)``. The engine's own loader then checks
types and card conservation, so a position the engine accepts is a position the engine could hold.

Conventions (all cards as text, ``"QH"``, ``"JK"``):

* ``hands``: one list per seat (order irrelevant).
* ``pile``: discard pile from bottom to top (``pile[-1]`` is the top card).
* ``melds``: one entry per side; each entry is a list of melds, each meld a list of cards (its rank
  is the rank of its first natural card) or a ``(rank, cards)`` pair such as ``("3", [...])``.
* ``red_threes``: one list per side.
* ``stock_top``: the next cards drawn from the stock, in drawing order (first drawn first); the
  remaining cards go underneath.
* ``stock``: the exact stock in drawing order; the cards not placed anywhere else then go to the
  bottom of the discard pile (below ``pile``) so that the deck still adds up.
* ``turn``: overrides for the turn record, e.g. ``{"seat": 1, "stage": "play"}``. Defaults: seat 0,
  stage ``"draw"``, ``from_stock`` true in stage ``"play"`` (unless ``took_pile``), ``initial`` =
  the seat's side has not melded, ``initial_points`` 0, ``countable`` = the whole hand of the seat to
  act when it is in stage ``"play"`` after a stock draw with its initial meld pending, else empty.
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, cast

import meldtable
from meldtable import Game
from meldtable.cards import ALL_CARDS, RANKS

VARIANT = "canasta-two-hand"

#: Every physical card of the game: 2 x 52 suited cards + 4 jokers.
FULL_DECK: Counter[str] = Counter({c.text: 2 for c in ALL_CARDS if c.rank != 0})
FULL_DECK["JK"] = 4

#: The fixed order in which spare cards fill the stock (first drawn first): low naturals first so
#: that an unplanned draw rarely matters; wild cards and threes last.
def _filler_key(text: str) -> tuple[int, int, str]:
    if text == "JK":
        return (3, 0, "")
    rank = RANKS.index(text[0]) + 1
    if rank == 2:
        return (2, 0, text)
    if rank == 3:
        return (1, 0, text)
    return (0, rank, text)


def _meld_entry(m: Any) -> dict[str, Any]:
    if isinstance(m, dict):  # a saved-game meld entry as it is ({"rank", "cards", "key", "buried"})
        return dict(m)
    if isinstance(m, tuple):
        rank, cards = m
        return {"rank": rank, "cards": list(cards)}
    cards = list(m)
    naturals = [c for c in cards if c != "JK" and c[0] != "2"]
    if not naturals:
        raise ValueError(f"cannot infer the rank of meld {cards}: give (rank, cards)")
    return {"rank": naturals[0][0], "cards": cards}


def spare_cards(used: Iterable[str]) -> list[str]:
    """The cards of the full deck not in ``used`` (a multiset), in the fixed filler order."""
    rest = FULL_DECK.copy()
    rest.subtract(Counter(used))
    bad = sorted(c for c, n in rest.items() if n < 0)
    if bad:
        raise ValueError(f"position uses more copies than the deck holds of: {', '.join(bad)}")
    return sorted(rest.elements(), key=_filler_key)


def position_state(
    hands: Sequence[Sequence[str]],
    pile: Sequence[str] = (),
    melds: Sequence[Sequence[Any]] | None = None,
    red_threes: Sequence[Sequence[str]] | None = None,
    melded: Sequence[bool] | None = None,
    turn: dict[str, Any] | None = None,
    scores: Sequence[int] = (0, 0),
    stock: Sequence[str] | None = None,
    stock_top: Sequence[str] = (),
    hand_number: int = 1,
    dealer: int = 1,
) -> dict[str, Any]:
    """The ``"state"`` object of a position (see the module docstring)."""
    melds = melds if melds is not None else [[], []]
    red_threes = red_threes if red_threes is not None else [[], []]
    meld_json = [[_meld_entry(m) for m in side] for side in melds]
    if melded is None:
        melded = [bool(side) for side in melds]
    used: list[str] = []
    for h in hands:
        used.extend(h)
    used.extend(pile)
    for side in meld_json:
        for m in side:
            used.extend(m["cards"])
            used.extend(m.get("buried", []))
    for r in red_threes:
        used.extend(r)
    used.extend(stock if stock is not None else stock_top)
    spare = spare_cards(used)
    if stock is None:
        draw_order = list(stock_top) + spare
        pile_json = list(pile)
    else:
        draw_order = list(stock)
        pile_json = spare + list(pile)
    t = dict(turn or {})
    seat = t.get("seat", 0)
    stage = t.get("stage", "draw")
    took = t.get("took_pile", False)
    t.setdefault("seat", seat)
    t.setdefault("stage", stage)
    t.setdefault("took_pile", took)
    t.setdefault("from_stock", stage == "play" and not took)
    if "initial" not in t:  # (not setdefault: with partnerships ``melded`` is per side, not per seat)
        t["initial"] = not melded[seat]
    t.setdefault("initial_points", 0)
    if "countable" not in t:
        if stage == "play" and t["initial"] and t["from_stock"]:
            t["countable"] = list(hands[seat])
        else:
            t["countable"] = []
    return {
        "hand_number": hand_number,
        "dealer": dealer,
        "scores": list(scores),
        "results": [],
        "match_over": False,
        "winners": [],
        "stock": list(reversed(draw_order)),  # the engine draws from the end of the list
        "discard_pile": pile_json,
        "hands": [list(h) for h in hands],
        "melds": meld_json,
        "red_threes": [list(r) for r in red_threes],
        "melded": list(melded),
        "turn": t,
        "hand_over": False,
        "went_out": None,
        "went_out_concealed": False,
        "last_moves": [],
    }


def skeleton(options: dict[str, Any] | None = None, seed: int = 0) -> dict[str, Any]:
    """A real saved game of a fresh ``canasta-two-hand`` match, as a dict."""
    return cast("dict[str, Any]", json.loads(meldtable.new_game(VARIANT, players=2, seed=seed, options=options).to_json()))


def position_json(*, options: dict[str, Any] | None = None, seed: int = 0, **kw: Any) -> str:
    """The saved-game text of a position (``position`` without loading it)."""
    d = skeleton(options, seed)
    d["state"] = position_state(**kw)
    d["history"] = [[]]
    return json.dumps(d)


def position(*, options: dict[str, Any] | None = None, seed: int = 0, **kw: Any) -> Game:
    """A ``Game`` in the given position, loaded with ``Game.from_json`` (see the module docstring)."""
    return Game.from_json(position_json(options=options, seed=seed, **kw))


def state_of(game: Game) -> dict[str, Any]:
    """The ``"state"`` object of ``game.to_json()``."""
    return cast("dict[str, Any]", json.loads(game.to_json())["state"])


def moves(game: Game) -> set[str]:
    """The legal moves of ``game`` as a set of notation strings."""
    return {str(m) for m in game.legal_moves()}


def kinds(game: Game, kind: str) -> set[str]:
    """The legal moves of one kind (``"take"``, ``"meld"``, ...) as notation strings."""
    return {str(m) for m in game.legal_moves() if m.kind == kind}


def refusal(game: Game, move: str) -> tuple[str | None, str]:
    """Play ``move`` expecting a refusal; return ``(key, message)`` and check the game is unchanged."""
    before = game.to_json()
    try:
        game.play(move)
    except meldtable.IllegalMoveError as e:
        assert game.to_json() == before
        return e.key, str(e)
    raise AssertionError(f"{move!r} was accepted")


def filler_hand(n: int, avoid: Iterable[str] = ()) -> list[str]:
    """``n`` unremarkable cards (4s to 7s of different ranks/suits, no pairs beyond two of a rank)
    for padding hands, avoiding the ranks in ``avoid``."""
    bad = {a[0] for a in avoid}
    pool = [r + s for r in "4567" if r not in bad for s in "CDHS"]
    if n > len(pool):
        raise ValueError("too many filler cards requested")
    return pool[:n]


def deck_count(game: Game) -> Counter[str]:
    """Every card of ``game`` (stock, pile, hands, melds, red threes) as a multiset of texts, read
    from the saved game: equals ``FULL_DECK`` when no card was lost or duplicated."""
    st = state_of(game)
    c = Counter(st["stock"]) + Counter(st["discard_pile"])
    for h in st["hands"]:
        c += Counter(h)
    for side in st["melds"]:
        for m in side:
            c += Counter(m["cards"])
    for r in st["red_threes"]:
        c += Counter(r)
    return c


def seat_to_act(game: Game) -> int:
    """``game.current_player`` where a test knows a seat is to act (the hand is not over); an
    AssertionError otherwise. Any family's game."""
    seat = game.current_player
    assert seat is not None, "the hand is over: no seat to act"
    return seat
