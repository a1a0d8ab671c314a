"""Computer players at three levels, and hints. Each decides from its seat's view and legal moves
only (never hidden cards).

``choose_move(game, seat, level=...)`` returns the move of the computer player of ``level``
(:data:`LEVELS`, issue #27):

- ``"easy"``: the normal player's move, but with the mistakes a beginner makes (it misses takes
  and claims, discards carelessly and sometimes forgets a meld), drawn from ``rng`` (seeded:
  the same game and ``rng`` give the same move).
- ``"normal"``: the game family's rule-based player (each family module exposes
  ``choose_move(view, legal)``; the canasta family's is :class:`meldtable.canasta.bot.CanastaBot`).
- ``"strong"``: determinized Monte Carlo search over the seat's information
  (:func:`meldtable.search.strong_move`): anytime, within ``budget_ms`` (or a fixed number of
  ``iterations``, for tests).

``hint(game)`` is the strong player's suggestion for the seat to act with a one-line reason
(:mod:`meldtable.search.hints`).
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Any

from .moves import MoveValue

if TYPE_CHECKING:
    from .game import Game

LEVELS = ("easy", "normal", "strong")
"""The computer levels, weakest first."""
DEFAULT_BUDGET_MS = 160
"""Default time budget of one strong decision (milliseconds of wall time, where it runs): sized
for at most 250 ms per decision in the browser's worker with the request around it (Pyodide, 100
decisions at load 4.4: p95 164 ms; 200 ms gave a p95 of 277 ms at load 8: docs/performance.md)."""

EASY_MISS_TAKE = 0.9
"""Chance the easy player draws (or passes) where the normal player takes or claims."""
EASY_CARELESS_DISCARD = 0.9
"""Chance the easy player discards a card at random (never its last wild card on purpose)."""
EASY_SKIP_MELD = 0.6
"""Chance the easy player forgets a meld or an add and goes on to its discard."""
EASY_RANDOM = 0.7
"""3 ist 50 (one card a turn): chance the easy player plays a random legal card."""


def _ready(game: Game, seat: int | None) -> tuple[int, list[MoveValue]]:
    from .reasons import COMMON

    if game.hand_over:
        raise COMMON.error("hand_over")
    to_act = game.current_player
    if seat is not None and seat != to_act:
        raise COMMON.error("not_your_turn", seat=to_act, asked=seat)
    assert to_act is not None
    legal = game.legal_moves()
    if not legal:
        raise COMMON.error("no_legal_move", seat=to_act)
    return to_act, legal


def check_level(level: Any) -> str:
    """``level`` if it is one of :data:`LEVELS`, else ``ValueError`` (an
    :class:`~meldtable.errors.OptionError`, key ``bot_level``, naming the levels)."""
    from .errors import OptionError
    from .search.hints import HINTS

    if not isinstance(level, str) or level not in LEVELS:
        raise OptionError.of(HINTS, "bot_level", {"level": repr(level)[:40], "levels": ", ".join(LEVELS)})
    return level


def game_rng(game: Game, salt: str = "") -> random.Random:
    """The default random source of a decision: seeded by the game's seed, deal and the number of
    moves played in the deal, so a decision repeats exactly (a reloaded game decides alike)."""
    return random.Random(f"{game.seed}:{game.hand_number}:{len(game.history[-1])}:{salt}")


def choose_move(game: Game, seat: int | None = None, *, level: str = "normal", rng: random.Random | None = None,
                budget_ms: float | None = None, iterations: int | None = None) -> MoveValue:
    """The computer's move for ``seat`` (default: the seat to act) in ``game`` at ``level``
    (``"easy"``, ``"normal"``, ``"strong"``), decided from ``game.view(seat)``, the seat's
    information and ``game.legal_moves()`` only; the game is not changed.

    ``rng``: the random source of ``easy`` and ``strong`` (default :func:`game_rng`: repeatable).
    ``budget_ms``: the strong player's time budget in milliseconds of wall time from the call
    (default :data:`DEFAULT_BUDGET_MS`; the legal moves and a first import of the search count in
    it); ``iterations``: a fixed number of search iterations instead (no
    clock: deterministic, for tests and benches).

    Raises ``ValueError`` (key ``bot_level``) for an unknown level, and
    :class:`~meldtable.errors.IllegalMoveError` (a ``ValueError``) if the hand is over, for a seat
    that is not to act, and (key ``no_legal_move``) when the seat to act has no legal move: a game
    that can no longer go on is a refusal, never an internal error (issue #25)."""
    start = time.perf_counter()  # the strong player's budget counts from here (imports included)
    check_level(level)
    to_act, legal = _ready(game, seat)
    if level == "strong":
        from .search import strong_move

        left = (budget_ms or DEFAULT_BUDGET_MS) - (time.perf_counter() - start) * 1000.0
        strong: MoveValue = strong_move(game, rng or game_rng(game, "strong"),
                                        budget_ms=max(1.0, left), iterations=iterations)
        return strong
    move: MoveValue = game.family.choose_move(game.view(to_act), legal)
    if level == "easy":
        easy: MoveValue = easy_move(game.view(to_act), legal, move, rng or game_rng(game, "easy"))
        return easy
    return move


def _wild_text(text: str) -> bool:
    return text == "JK" or text[:1] == "2"


def easy_move(view: dict[str, Any], legal: list[Any], normal: Any, rng: random.Random) -> Any:
    """The easy player's move: ``normal`` (the normal player's choice among ``legal``) turned into a
    beginner's mistake now and then, drawn from ``rng``: a take or claim missed (draw or pass
    instead, :data:`EASY_MISS_TAKE`), a careless discard (:data:`EASY_CARELESS_DISCARD`: any
    card but a wild one), a meld or add forgotten (:data:`EASY_SKIP_MELD`); in 3 ist 50 a random
    card (:data:`EASY_RANDOM`). A move that goes out is never spoilt."""
    if len(legal) == 1:
        return normal
    kinds: dict[str, list[Any]] = {}
    for m in legal:
        kinds.setdefault(m.kind, []).append(m)
    hand = view.get("hand") or []
    r = rng.random()
    if view.get("family") is None and "left_neighbour" in view:  # 3 ist 50
        return rng.choice(legal) if r < EASY_RANDOM else normal
    if normal.kind in ("take", "claim"):
        fallback = kinds.get("draw") or kinds.get("pass")
        if fallback and r < EASY_MISS_TAKE:
            return fallback[0]
        return normal
    cards = getattr(normal, "cards", ()) or ()
    if len(cards) >= len(hand):  # goes out
        return normal
    if normal.kind == "discard":
        plain = [m for m in kinds["discard"] if not _wild_text(str(m.cards[0]))] or kinds["discard"]
        return rng.choice(plain) if r < EASY_CARELESS_DISCARD else normal
    if normal.kind in ("meld", "add", "set", "run") and "discard" in kinds and r < EASY_SKIP_MELD:
        plain = [m for m in kinds["discard"] if not _wild_text(str(m.cards[0]))] or kinds["discard"]
        return rng.choice(plain)
    return normal


def hint(game: Game, *, rng: random.Random | None = None, budget_ms: float | None = None,
         iterations: int | None = None) -> dict[str, Any]:
    """The suggested move for the seat to act (the strong player's, from that seat's information
    only) with a one-line reason: ``{"seat", "move" (notation), "kind", "cards" (card texts),
    "key", "params", "texts": {"en", "de"}}`` (:mod:`meldtable.search.hints`). Same errors as
    :func:`choose_move`; ``rng``, ``budget_ms`` and ``iterations`` as there."""
    from .search.hints import explain

    seat, _ = _ready(game, None)
    move = choose_move(game, seat, level="strong", rng=rng, budget_ms=budget_ms, iterations=iterations)
    return explain(game, seat, move)
