"""Public knowledge of hidden hands (issue #27): cards every seat saw go into a hand and that are
still there. Canasta: the cards below the upcard of a discard pile a seat took; Continental: a
discard a seat took or claimed (its penalty card stays hidden). 3 ist 50 has none.

:func:`known_cards` finds them by playing the match's history again from its seed (the moves are
public; a card leaves a hand only by a public move, so after each of a seat's own moves its known
cards are cut down to what its hand still holds). Cached per match: the next decision of the same
match plays only the moves since. A game whose history does not lead to its table (a position, a
save without its past deals) has no known cards: ``None``.

:func:`place_known` moves the known cards into their hands in a determinization (each swapped
with a card of another hidden place), so a sample keeps them.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..game import Game

MAX_REPLAY = 4000
"""Most moves :func:`known_cards` plays again to find the known cards (a long match is about
2,000): a longer history (only a save played on far beyond a real match) has none, so a hint or
a strong decision never waits for a replay."""
CACHE_SIZE = 8
"""Matches whose replay is kept (the page plays one; tests and benches a few)."""
_CACHE: dict[tuple[Any, ...], tuple[list[str], list[str], Game, list[dict[str, int]]]] = {}


def _key(game: Game) -> tuple[Any, ...]:
    return (game.variant.id, game.players, game.seed, json.dumps(game.options, sort_keys=True, default=str))


def _step(work: Game, text: str, known: list[dict[str, int]]) -> None:
    """Play ``text`` on ``work`` and update ``known``."""
    family = work.variant.family
    seat = work.current_player
    kind = text.split(" ", 1)[0]
    gained: list[str] = []
    if seat is not None:
        if family == "canasta" and kind == "take":
            gained = list(work.state.to_dict()["discard_pile"][:-1])
        elif family == "continental" and kind in ("take", "claim"):
            top = work.view(seat)["discard"]["top"]
            gained = [top] if top else []
    work.play(text)
    if seat is None:
        return
    for c in gained:
        known[seat][c] = known[seat].get(c, 0) + 1
    if known[seat]:
        held: dict[str, int] = {}
        for c in work.view(seat)["hand"]:
            held[c] = held.get(c, 0) + 1
        known[seat] = {c: min(n, held.get(c, 0)) for c, n in known[seat].items() if held.get(c, 0)}


def known_cards(game: Game) -> list[dict[str, int]] | None:
    """Per seat: card text -> copies every seat knows that seat holds (see the module text);
    ``None`` where the history cannot tell (3 ist 50, a game whose history does not lead to its
    table)."""
    from ..errors import MeldtableError
    from ..game import BUDGET, new_game

    if game.variant.family not in ("canasta", "continental"):
        return None
    done, current = list(game._done), game.history[-1]
    if len(done) != game.hand_number - 1 or any(not d for d in done):
        return None
    if sum(d.count("\n") + 1 for d in done) + len(current) > MAX_REPLAY:
        return None
    key = _key(game)
    cached = _CACHE.get(key)
    limit, BUDGET.limit = BUDGET.limit, None  # the replay is the engine's own work, not the request's
    try:
        if cached is not None and cached[0] == done and current[:len(cached[1])] == cached[1]:
            _, moves, work, known = cached
            rest = current[len(moves):]
        else:
            work = new_game(game.variant.id, players=game.players, seed=game.seed, options=game.options)
            for deal in done:
                for text in deal.split("\n"):
                    work.play(text)
                work.next_hand()
            known, rest = [{} for _ in range(game.players)], current
        for text in rest:
            _step(work, text, known)
    except (MeldtableError, AttributeError, IndexError, KeyError, TypeError):
        _CACHE.pop(key, None)
        return None
    finally:
        BUDGET.limit = limit
    if len(_CACHE) >= CACHE_SIZE and key not in _CACHE:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[key] = (done, list(current), work, known)
    seat = game.current_player
    if seat is None or work.view(seat) != game.view(seat):
        return None
    return [dict(k) for k in known]


def place_known(st: dict[str, Any], family: str, seat: int, known: list[dict[str, int]]) -> None:
    """Change the saved state ``st`` (a determinization for ``seat``) in place so that every other
    seat holds its known cards: a missing one is swapped in from another hidden place (another
    seat's hand beyond its own known cards, the stock; Continental also the penalty stock and the
    discards below the top) for a hand card that is not known. Red threes (canasta) and jokers
    (Continental: a seat may have to place one) never leave a hand. A card found nowhere is left
    (never happens for a consistent game)."""
    hands = st["hands"]
    places = [st["stock"]] + ([st["penalty_stock"], st["discard_pile"]] if family == "continental" else [])
    stay = ("3D", "3H") if family == "canasta" else ("JK",)
    for s, want in enumerate(known):
        if s == seat or not want or s >= len(hands):
            continue
        hand = hands[s]
        for c, n in sorted(want.items()):
            for _ in range(n - hand.count(c)):
                free = [i for i, x in enumerate(hand) if x not in stay and hand.count(x) > want.get(x, 0)]
                if not free:
                    break
                src = _find(c, s, hands, places, known, seat)
                if src is None:
                    break
                xs, j = src
                i = free[0]
                hand[i], xs[j] = xs[j], hand[i]


def _find(c: str, s: int, hands: list[list[str]], places: list[list[str]], known: list[dict[str, int]],
          seat: int) -> tuple[list[str], int] | None:
    for t, h in enumerate(hands):
        if t in (s, seat) or h.count(c) <= known[t].get(c, 0):
            continue
        return h, h.index(c)
    for k, xs in enumerate(places):
        limit = len(xs) - 1 if k == 2 else len(xs)  # (Continental's discard pile: not its top card)
        for j in range(limit):
            if xs[j] == c:
                return xs, j
    return None
