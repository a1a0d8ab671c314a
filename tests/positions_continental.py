"""Build any ``continental`` position by hand, through the public JSON path only.

``position(...)`` takes a real ``new_game("continental", ...).to_json()`` skeleton, replaces its
``"state"`` with the cards given here, fills the main stock with every remaining card of the
deal's deck (``decks`` x (52 + jokers)) in a fixed order, and returns ``Game.from_json(...)``. The
engine's own loader checks types, the combinations and card conservation, so a position the
engine accepts is one it could hold.

Conventions (cards as text, ``"QH"``, ``"JK"``):

* ``hands``: one list per seat.
* ``pile``: discard pile from bottom to top (``pile[-1]`` is the top card).
* ``table``: one list per seat of combinations; each is a list of cards (a set when its natural
  cards share a rank, else a run written from low to high) or ``("set"|"run", cards)``.
* ``down``: per seat; default: the seat has combinations on the table.
* ``stock_top``: the next cards drawn from the main stock (first drawn first); the remaining
  cards go underneath. ``stock``: the exact main stock in drawing order; the cards not placed
  anywhere else then go to the bottom of the discard pile.
* ``penalty``: the exact penalty stock, first drawn first (default: 6 spare cards).
* ``turn``: overrides for the turn record, e.g. ``{"seat": 1, "stage": "play"}``; ``drew``
  defaults to ``"stock"`` in stage ``play``.
* ``claim_queue``: seats still to be asked in an open claim window (``None``: no window).
* ``top_from`` / ``top_claimable``: who discarded the top card (default: the seat before the
  turn's seat) and whether it may still be claimed (default: true when there is a pile).
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any, cast

import meldtable
from meldtable import Game
from meldtable.cards import ALL_CARDS, RANKS

VARIANT = "continental"


def full_deck(decks: int, jokers_per_deck: int = 2) -> Counter[str]:
    """Every physical card of a deal with ``decks`` decks."""
    c = Counter({x.text: decks for x in ALL_CARDS if x.rank != 0})
    c["JK"] = decks * jokers_per_deck
    return c


def _filler_key(text: str) -> tuple[int, int, str]:
    if text == "JK":
        return (2, 0, "")
    return (0, RANKS.index(text[0]), text[1])


def combo_entry(x: Any) -> dict[str, Any]:
    if isinstance(x, tuple):
        kind, cards = x
        return {"kind": kind, "cards": list(cards)}
    cards = list(x)
    naturals = [c for c in cards if c != "JK"]
    kind = "set" if naturals and len({c[0] for c in naturals}) == 1 and len(naturals) > 1 or len(cards) == 3 else "run"
    return {"kind": kind, "cards": cards}


def spare_cards(used: Sequence[str], decks: int, jokers_per_deck: int = 2) -> list[str]:
    rest = full_deck(decks, jokers_per_deck)
    rest.subtract(Counter(used))
    bad = sorted(c for c, n in rest.items() if n < 0)
    if bad:
        raise ValueError(f"position uses more copies than the deck holds of: {', '.join(bad)}")
    return sorted(rest.elements(), key=_filler_key)


def skeleton(players: int, options: dict[str, Any] | None = None, seed: int = 0) -> dict[str, Any]:
    return cast("dict[str, Any]", json.loads(meldtable.new_game(VARIANT, players=players, seed=seed, options=options).to_json()))


def position_json(
    *,
    hands: Sequence[Sequence[str]],
    pile: Sequence[str] = (),
    table: Sequence[Sequence[Any]] | None = None,
    down: Sequence[bool] | None = None,
    stock_top: Sequence[str] = (),
    stock: Sequence[str] | None = None,
    penalty: Sequence[str] | None = None,
    turn: dict[str, Any] | None = None,
    claim_queue: Sequence[int] | None = None,
    top_from: int | None | str = "auto",
    top_claimable: bool | None = None,
    hand_number: int = 1,
    dealer: int | None = None,
    scores: Sequence[int] | None = None,
    claims: Sequence[int] | None = None,
    reshuffles: int = 0,
    hand_over: bool = False,
    options: dict[str, Any] | None = None,
    seed: int = 0,
) -> str:
    players = len(hands)
    d = skeleton(players, options, seed)
    rules = meldtable.game.family_module("continental").Rules(
        meldtable.VARIANTS[VARIANT].resolve(options), players)
    decks = rules.decks_for(hand_number)
    table = table if table is not None else [[] for _ in range(players)]
    table_json = [[combo_entry(x) for x in seat] for seat in table]
    if down is None:
        down = [bool(seat) for seat in table]
    used: list[str] = []
    for h in hands:
        used.extend(h)
    used.extend(pile)
    for seat in table_json:
        for x in seat:
            used.extend(x["cards"])
    used.extend(stock if stock is not None else stock_top)
    if penalty is not None:
        used.extend(penalty)
    spare = spare_cards(used, decks, rules.jokers_per_deck)
    if penalty is None:
        naturals = [c for c in spare if c != "JK"]
        penalty = naturals[-6:]
        for c in penalty:
            spare.remove(c)
    if stock is None:
        draw_order = list(stock_top) + spare
        pile_json = list(pile)
    else:
        draw_order = list(stock)
        pile_json = spare + list(pile)
    t = dict(turn or {})
    seat = t.setdefault("seat", 0)
    stage = t.setdefault("stage", "draw")
    t.setdefault("drew", None if stage == "draw" else "stock")
    t.setdefault("pending", None)
    t.setdefault("laid_ranks", [])
    t.setdefault("laid_suits", [])
    t.setdefault("went_down", False)
    t.setdefault("joker_from", None)
    if top_from == "auto":
        top_from = (seat - 1) % players if pile_json else None
    if top_claimable is None:
        top_claimable = bool(pile_json)
    d["state"] = {
        "hand_number": hand_number,
        "dealer": dealer if dealer is not None else (seat - 1) % players,
        "decks": decks,
        "scores": list(scores) if scores is not None else [0] * players,
        "results": [],
        "match_over": False,
        "winners": [],
        "stock": list(reversed(draw_order)),  # the engine draws from the end of the list
        "penalty_stock": list(reversed(list(penalty))),
        "discard_pile": pile_json,
        "top_from": top_from,
        "top_claimable": top_claimable,
        "hands": [list(h) for h in hands],
        "table": table_json,
        "down": list(down),
        "claims": list(claims) if claims is not None else [0] * players,
        "reshuffles": reshuffles,
        "turn": t,
        "claim_queue": None if claim_queue is None else list(claim_queue),
        "hand_over": hand_over,
        "went_out": None,
        "last_moves": [],
    }
    d["history"] = [[]]
    return json.dumps(d)


def position(**kw: Any) -> Game:
    """A ``Game`` in the given position, loaded with ``Game.from_json`` (see the module docstring)."""
    return Game.from_json(position_json(**kw))


def state_of(game: Game) -> dict[str, Any]:
    return cast("dict[str, Any]", json.loads(game.to_json())["state"])


def moves(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def kinds(game: Game, *kind: str) -> set[str]:
    return {str(m) for m in game.legal_moves() if m.kind in kind}


def refusal(game: Game, move: str) -> tuple[str | None, str]:
    """Play ``move`` expecting a refusal; return ``(key, message)`` and check the game is unchanged."""
    before = game.to_json()
    try:
        game.play(move)
    except meldtable.IllegalMoveError as e:
        assert game.to_json() == before
        return e.key, str(e)
    raise AssertionError(f"{move!r} was accepted")


def play(game: Game, *texts: str) -> Game:
    for t in texts:
        game.play(t)
    return game


PLAY_STAGE = {"stage": "play"}
"""``turn=PLAY_STAGE``: seat 0 has drawn from the stock and is in its play stage."""
