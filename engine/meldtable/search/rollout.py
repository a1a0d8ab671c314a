"""Cheap random playouts (issue #27, "a fast copy and apply"): a random policy that draws a move
*kind* first and lists the legal moves only when it has to.

Most of a uniform random playout's time goes into listing every legal move of every position
(canasta: every meld and add of the hand). :func:`quick_move` instead proposes, with probability
:data:`QUICK`, the move of the turn's cheap kind: ``draw`` before the draw (canasta, Continental),
a ``discard`` of a hand card drawn at random after it (canasta, Continental, 3 ist 50). The
proposal is played only if the family's one check of a move (``state.verify``'s verdict, the check
``Game.play`` makes and that ``legal_moves`` enumerates exactly: tests/test_*_verify.py) accepts
it; otherwise, and in the other ``1 - QUICK`` of the positions, the legal moves are listed and
one of another kind is drawn (any legal move when there is none of another kind). Every move a
playout plays is therefore a legal move; tests/test_search.py plays the same moves through
``Game.play`` and compares the saved states.

The policy is not uniform over the legal moves (it discards and draws more often than a uniform
one, and melds less): a cheaper random rollout, not the same one. ``bench/search_bench.py``
measures both against the public API.

The fast path (issue #27, "a fast copy and apply ... without notation, labels, history or
views"): :func:`fast_playout` plays the same moves as :func:`quick_playout` from the same random
numbers, through the family states' ``search_*`` steps where they have them (canasta,
Continental: a draw, a discard and a claim window's answer applied without move objects,
verdict dispatch or move-log entries; each step checked against ``apply`` in
tests/test_search_fast.py), and :func:`fast_determinize` deals the same determinization as
``determinize_state`` from a copy of the state instead of a whole saved-game load. 3 ist 50 has
no cheap kind (its capture is mandatory, so every position lists its few legal moves): its fast
playout is the state's ``search_playout`` (the uniform playout through ``search_moves`` and
``search_apply`` in one loop, no move log) and its determinization copies the state and deals
only its hidden parts (``SEARCH_HIDDEN``, ``search_redeal``) like the other families'.
"""

from __future__ import annotations

import gc
import random
from typing import Any

from ..errors import IllegalMoveError
from .knowledge import known_cards, place_known

QUICK = 0.9
"""Chance that a position's move is first proposed from its cheap kind (draw, or a discard of a
random hand card)."""

_PARSED: dict[tuple[int, str], Any] = {}


def _move(family: Any, text: str) -> Any:
    key = (id(family), text)
    m = _PARSED.get(key)
    if m is None:
        m = _PARSED[key] = family.parse_move(text)
    return m


def _cheap_kind(state: Any) -> str | None:
    """``"draw"``, ``"discard"`` or ``None`` (no cheap kind now: the legal moves are listed)."""
    turn = getattr(state, "turn", None)
    if turn is None:  # 3 ist 50: one card a turn (a discard only when no capture is due)
        return None if state.rules.capture_mandatory else "discard"
    if getattr(state, "window", None) or getattr(turn, "asked", None) == "pending":
        return None  # (Continental's claim window, canasta's partner answer: two moves anyway)
    if turn.stage == "draw":
        return "draw" if state.stock else None
    return "discard"


def _accepts(state: Any, move: Any) -> bool:
    """Whether the family's one check of a move accepts ``move`` now (canasta's ``_verdict``, the
    other families' ``_why``: ``verify``'s verdict without making its refusal texts)."""
    why = getattr(state, "_verdict", None) or getattr(state, "_why", None)
    if why is not None:
        return why(move) is None
    try:  # pragma: no cover - every family has _why
        state.verify(move)
    except IllegalMoveError:
        return False
    return True


def quick_move(family: Any, state: Any, rng: random.Random) -> Any:
    """A legal move of the seat to act in family state ``state`` (hand not over) by the policy of
    the module text, drawn from ``rng``; ``None`` when there is no legal move."""
    kind = _cheap_kind(state)
    if kind is not None and rng.random() < QUICK:
        if kind == "draw":
            move = _move(family, "draw")
        else:
            hand = state.hands[state.current_player]
            if not hand:
                move = None
            else:
                cards = list(hand)
                move = _move(family, "discard " + cards[rng.randrange(len(cards))].text)
        if move is not None and _accepts(state, move):
            return move
    legal = state.legal_moves()
    if not legal:
        return None
    if kind is not None:
        other = [m for m in legal if m.kind != kind]
        if other:
            legal = other
    return legal[rng.randrange(len(legal))]


def quick_playout(family: Any, state: Any, rng: random.Random, limit: int = 10_000) -> int:
    """Play :func:`quick_move` on ``state`` (changed in place) until the hand is over (or ``limit``
    moves); the number of moves played."""
    n = 0
    while not state.hand_over and n < limit:
        move = quick_move(family, state, rng)
        if move is None:
            break
        state.apply(move)
        n += 1
    return n


def fast_playout(family: Any, state: Any, rng: random.Random, limit: int = 10_000) -> int:
    """:func:`quick_playout` made cheaper, move for move the same moves from the same ``rng``
    (tests/test_search_fast.py): where the family state has the search's fast path
    (``search_kind``, ``search_draw``, ``search_discard_ok``, ``search_discard``: canasta,
    Continental), a claim window's moves are not generated and the answer is applied without its
    move-log entry (Continental: ``search_window_moves``, ``search_answer``), a proposed draw is
    played without a verdict (the cheap kind ``draw`` is only proposed when the
    draw is legal), a proposed discard is checked by the discard's own rule only (the stage,
    the question and the card held are known) and both are applied without notation, move
    object or move-log entry; the other moves are listed (where the family state has
    ``search_others``, canasta: only the legal moves of another kind, the list
    :func:`quick_move` draws from; where it has ``search_pick``, canasta: the move of that list
    the random index picks, the kinds counted and only the one the index falls into listed) and
    applied as :func:`quick_playout` does. The saved state
    at the end equals the public API's but for ``last_moves`` (the move log the fast steps
    skip). The number of moves played.

    Python's cyclic garbage collector is paused while the playout runs (and left as it was
    found): a playout makes and drops many small objects, which reference counting frees, and
    the collections their count would set off find nothing to free but walk the search's
    long-lived objects (the move caches) again and again."""
    with _GcPaused():
        draw = getattr(state, "search_draw", None)
        if draw is None:
            moves = getattr(state, "search_moves", None)
            if moves is None or _cheap_kind(state) is not None:
                return quick_playout(family, state, rng, limit)
            whole = getattr(state, "search_playout", None)
            if whole is not None:  # (3 ist 50: the same playout in one loop)
                return int(whole(rng, limit))
            return _uniform_playout(moves, state.search_apply, state, rng, limit)
        return _proposing_playout(draw, state, rng, limit)


class _GcPaused:
    """``with _GcPaused():`` Python's cyclic garbage collector paused within the block, and left as
    it was found after it (see :func:`fast_playout`)."""

    def __enter__(self) -> None:
        self.paused = gc.isenabled()
        if self.paused:
            gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.paused:
            gc.enable()


def _proposing_playout(draw: Any, state: Any, rng: random.Random, limit: int) -> int:  # noqa: C901
    """:func:`fast_playout` of a family state with the draw and discard steps (canasta,
    Continental): :func:`quick_move`'s proposals played by them."""
    cheap_kind = state.search_kind
    window = getattr(state, "search_window_moves", None)
    answer = getattr(state, "search_answer", None)
    discard_ok = state.search_discard_ok
    discard = state.search_discard
    others = getattr(state, "search_others", None)
    pick = getattr(state, "search_pick", None)
    rand = rng.random
    randrange = rng.randrange
    # randrange(k) for k > 0 is _randbelow(k) (the same numbers; CPython 3.11-3.14): the discard's
    # pick without randrange's checks (tests/test_search_fast.py compares the generators' states)
    below = getattr(rng, "_randbelow", randrange)
    # (and where that is CPython's _randbelow_with_getrandbits, its loop written out here)
    loop = getattr(random.Random, "_randbelow_with_getrandbits", 0)
    bits = rng.getrandbits if getattr(below, "__func__", None) is loop else None
    n = 0
    while not state.hand_over and n < limit:
        n += 1
        kind = cheap_kind()
        if kind is not None and rand() < QUICK:
            if kind == "draw":
                draw()
                continue
            hand = state.hands[state.turn.seat]  # (a discard is proposed only to the turn's seat)
            if hand:
                cards = list(hand)
                if bits is None:
                    c = cards[below(len(cards))]
                else:  # (_randbelow_with_getrandbits inlined)
                    k = len(cards)
                    b = k.bit_length()
                    i = bits(b)
                    while i >= k:
                        i = bits(b)
                    c = cards[i]
                if discard_ok(c):
                    discard(c)
                    continue
        if kind is None and window is not None and answer is not None:
            legal = window()
            if legal is not None:
                answer(legal[randrange(len(legal))])
                continue
        if kind is not None and pick is not None:
            # (the family's search_pick: the move _listed's list gives this index, from fewer listings)
            move = pick(kind, rng)
            if move is None:
                n -= 1
                break
            state.apply(move)
            continue
        # (the family's search_others: the same list as _listed's, without listing what it leaves out)
        legal = others(kind) if kind is not None and others is not None else _listed(state, kind)
        if not legal:
            n -= 1
            break
        state.apply(legal[randrange(len(legal))])
    return n


def _listed(state: Any, kind: str | None) -> list[Any]:
    """What :func:`quick_move` draws from when it does not play the move of the cheap ``kind``:
    the legal moves of another kind, or every legal move when there is none."""
    legal: list[Any] = state.legal_moves()
    if kind is not None:
        other = [m for m in legal if m.kind != kind]
        if other:
            return other
    return legal


def _uniform_playout(moves: Any, play: Any, state: Any, rng: random.Random, limit: int) -> int:
    """:func:`quick_playout` where no cheap kind is ever proposed (3 ist 50 with its mandatory
    capture: a uniform random playout), through the state's ``search_moves`` (the legal moves as
    ``legal_moves`` lists them, cheaper) and ``search_apply`` (``apply`` without the move log)."""
    randrange = rng.randrange
    n = 0
    while not state.hand_over and n < limit:
        legal = moves()
        if not legal:
            break
        play(legal[randrange(len(legal))])
        n += 1
    return n


def fast_determinize(game: Any, seat: int, rng: random.Random, known: Any = None) -> Any:
    """:func:`meldtable.search.determinize_state` made cheaper, the same state from the same
    ``rng`` (tests/test_search_fast.py): where the family state has ``SEARCH_HIDDEN`` and
    ``search_redeal`` (canasta, Continental) and ``seat`` is the seat to act, only the parts of the
    saved state the family's ``shuffle_hidden`` deals again go through it (canasta: its
    ``search_shuffle``, those parts made without the rest of the saved state or a deep copy) (and
    through :func:`~meldtable.search.knowledge.place_known`), and a copy of the state takes them back
    instead of a whole :meth:`from_dict` with every check of a load. ``known``: the seat's
    :func:`~meldtable.search.knowledge.known_cards` (found when ``None``; a search finds it once a
    decision). ``None`` when the family cannot determinize now. The cyclic garbage collector is
    paused meanwhile, as in :func:`fast_playout`."""
    with _GcPaused():
        return _fast_determinize(game, seat, rng, known)


def _fast_determinize(game: Any, seat: int, rng: random.Random, known: Any) -> Any:
    """:func:`fast_determinize` (the collector paused)."""
    from . import determinize_state

    state = game.state
    keys = getattr(state, "SEARCH_HIDDEN", None)
    if keys is None or state.current_player != seat:
        return determinize_state(game, seat, rng) if known is None else determinize_state(game, seat, rng, known)
    shuffle = getattr(state, "search_shuffle", None)
    if shuffle is not None:
        st = shuffle(seat, rng)
    else:
        d = state.to_dict()
        st = game.family.shuffle_hidden({k: d[k] for k in keys}, seat, rng)
    if st is None:
        return None
    if known is None:
        known = known_cards(game)
    if known:
        place_known(st, game.variant.family, seat, known)
    c = state.copy()
    c.search_redeal(st)
    return c
