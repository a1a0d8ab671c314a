"""The page's actions turned into continental moves (docs/protocol.md, "act")."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, NoReturn

from ..cards import JOKER, RANKS, Card, parse_cards
from ..errors import IllegalMoveError
from ..fields import action_cards, action_text, shown
from ..multiset import combinations, counted
from .moves import ContinentalMove, End
from .reasons import REASONS
from .rules import (
    RUN,
    RUN_MAX,
    RUN_SIZE,
    SET,
    SET_SIZE,
    ComboKind,
    Rules,
    card_key,
    contract_name,
    pos_rank,
)
from .state import ContinentalState

_text_field = action_text


_card_list = action_cards


ACTION_BUDGET = 300
"""Most moves one UI action checks (each with the game's one check, ``ContinentalState._why``) while
it looks for a way to carry the action out; with the early refusals below this bounds the work of
every action (docs/rules/continental.md, "UI actions")."""


class _Budget:
    """Counts down the moves an action may still check (:data:`ACTION_BUDGET`)."""

    __slots__ = ("left",)

    def __init__(self, moves: int = ACTION_BUDGET) -> None:
        self.left = moves

    def spend(self, n: int = 1) -> bool:
        """Take ``n`` moves from the budget; ``False`` (and nothing taken) when not enough are left."""
        if self.left < n:
            return False
        self.left -= n
        return True


Reason = tuple[str, str, dict[str, Any]]


def _error(key: str, **params: Any) -> IllegalMoveError:
    """The :class:`IllegalMoveError` of reason ``key`` of :data:`~.reasons.REASONS` with ``params``."""
    err: IllegalMoveError = REASONS.error(key, **params)
    return err


def _trial(st: ContinentalState, seq: list[ContinentalMove]) -> Reason | None:
    """Whether the scratch state ``st`` accepts the moves of ``seq`` one after the other: ``None``,
    or the refusal ``(key, message, params)`` of the first move it does not. Each move is checked
    with the game's one check (``_why``) and all but the last are applied with
    :meth:`~.state.ContinentalState.apply_undoable`; ``st`` is exactly as before on return."""
    undo: list[Callable[[], None]] = []
    try:
        for i, m in enumerate(seq):
            why = st._why(m)
            if why is not None or i == len(seq) - 1:
                return why
            if sum(st.hands[st.turn.seat].values()) <= len(m.cards):
                return REASONS.why("hand_over")  # the deal would end before the rest (never for held cards)
            undo.append(st.apply_undoable(m))
        return None
    finally:
        for u in reversed(undo):
            u()


def _raise(first: Reason | None, fallback: str) -> NoReturn:
    """Raise the first refusal met (with its ``key`` and ``params``), else reason ``fallback``."""
    if first is not None:
        raise _error(first[0], **first[2])
    raise _error(fallback)


def _try(g: Any, seqs: Iterable[list[ContinentalMove]], budget: _Budget | None = None) -> list[ContinentalMove]:
    """The first sequence of moves (``seqs`` is consumed lazily) that the game accepts whole,
    each checked on one scratch copy of the state (:func:`_trial`, no copy per attempt) while the
    ``budget`` lasts; else the first refusal (with its ``key`` and ``params`` for the page's
    translations)."""
    budget = budget or _Budget()
    first: Reason | None = None
    scratch: ContinentalState | None = None
    for seq in seqs:
        if not budget.spend(len(seq)):
            break
        if scratch is None:
            scratch = g.state.copy()
        why = _trial(scratch, seq)
        if why is None:
            return seq
        first = first or why
    _raise(first, "not_a_combo_at_all")


def _refusal(g: Any, move: ContinentalMove, fallback: str, **params: Any) -> IllegalMoveError:
    """The game's refusal of ``move`` (its reason from ``verify``), or reason ``fallback`` with
    ``params`` if the move is legal."""
    if g.hand_over:
        return _error("hand_over")
    why = g.state._why(move)
    if why is None:
        return _error(fallback, **params)
    return _error(why[0], **why[2])


def _check_play_stage(g: Any, probe: ContinentalMove) -> None:
    """Refuse (with the game's own reason for ``probe``) a table action outside the play stage
    of the seat whose turn it is: before its draw, in a claim window, once the hand is over."""
    st = g.state
    if g.hand_over or st.window or st.turn.stage != "play":
        raise _refusal(g, probe, "not_now")


def _check_held(g: Any, cards: list[Card]) -> None:
    """Refuse at once ``cards`` the seat to act does not hold (more cards than its hand, or a
    card it does not hold as often)."""
    hand = g.state.hands[g.current_player]
    held = sum(hand.values())
    if len(cards) > held:
        raise _error("too_many_cards", held=held, named=len(cards))
    for c, k in counted(cards).items():
        if hand.get(c, 0) < k:
            raise _error("not_in_hand", card=c.text)


def _check_combo_cards(kind: str, cards: list[Card]) -> None:
    """Refuse at once cards that can never form one ``kind`` (``set``/``run``), whatever their
    order: jokers only, mixed ranks (set), mixed suits, a repeated card or more than 13 cards (run)."""
    naturals = [c for c in cards if not c.is_joker]
    if not naturals:
        raise _error("all_jokers")
    if kind == SET:
        if len({c.rank for c in naturals}) > 1:
            raise _error("set_ranks")
        return
    if len({c.suit for c in naturals}) > 1:
        raise _error("run_suits")
    if len(cards) > RUN_MAX:
        raise _error("run_long", max=RUN_MAX)
    if len({c.rank for c in naturals}) != len(naturals):
        raise _error("run_repeats")


def _run_layouts(rules: Rules, cards: list[Card]) -> list[list[Card]]:
    """Ways to lay ``cards`` (in any order, at most 13) as one run, from low to high: the given
    order first if it is one, then every window that holds the natural cards, jokers filling the
    gaps and then the ends (high end first)."""
    out: list[list[Card]] = []
    if isinstance(rules.run_layout(cards), tuple):
        out.append(list(cards))
    naturals = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(naturals)
    n = len(cards)
    if not naturals or n > RUN_MAX or len({c.rank for c in naturals}) != len(naturals):
        return out
    starts = range(1, 14) if rules.wrap else range(1, 15)
    for lo in sorted(starts, key=lambda lo: (lo != min(c.rank for c in naturals), lo)):
        if not rules.window_ok(lo, n):
            continue
        layout: list[Card | None] = [None] * n
        ok = True
        for c in naturals:
            idx = [i for i in range(n) if pos_rank(lo + i) == c.rank]
            if not idx:
                ok = False
                break
            layout[idx[0]] = c
        if not ok or sum(1 for x in layout if x is None) != jokers:
            continue
        full = [x if x is not None else JOKER for x in layout]
        if isinstance(rules.run_layout(full), tuple) and full not in out:
            out.append(full)
    return out


def _combo_steps(g: Any, kind: str, cards: list[Card], new_id: str) -> Iterable[list[ContinentalMove]]:
    """Candidate (first move, adds) sequences laying ``cards`` as one new combination ``new_id``,
    generated lazily (the caller has refused impossible card lists with :func:`_check_combo_cards`,
    so there are few: at most 35 for a set, 13 layouts of at most 10 windows for a run)."""
    rules = g.state.rules
    if kind == SET:
        ordered = sorted(cards, key=card_key)
        items = sorted(counted(ordered).items(), key=lambda x: card_key(x[0]))
        for first3 in combinations(items, SET_SIZE):
            rest = list(ordered)
            for c in first3:
                rest.remove(c)
            yield [ContinentalMove(SET, first3)] + [ContinentalMove("add", (c,), new_id) for c in rest]
        return
    for layout in _run_layouts(rules, cards):
        for a in range(0, len(layout) - RUN_SIZE + 1):
            first = ContinentalMove(RUN, tuple(layout[a:a + RUN_SIZE]))
            adds = [ContinentalMove("add", (c,), new_id, "high") for c in layout[a + RUN_SIZE:]]
            adds += [ContinentalMove("add", (c,), new_id, "low") for c in reversed(layout[:a])]
            yield [first] + adds


def _combos_allowed(g: Any) -> int:
    """How many new combinations the seat to act may still lay in this turn: the rest of its
    contract (or the whole contract) while not down; once down, none, or with
    ``extra_melds_when_down`` as many as its hand can form."""
    st = g.state
    t = st.turn
    if t.pending is not None:
        return sum(t.pending)
    if not st.down[t.seat]:
        return sum(st.contract())
    if st.rules.extra_melds:
        return int(sum(st.hands[t.seat].values())) // SET_SIZE
    return 0


def _lay_down(g: Any, parts: list[list[list[ContinentalMove]]], budget: _Budget) -> list[ContinentalMove]:
    """The first way to lay the combinations of ``parts`` (per combination, its candidate
    (first move, adds) sequences): every first move, combination by combination, then all the
    adds. A depth-first search on one scratch copy of the state: each first move is checked with
    the game's one check and applied undoably (:meth:`~.state.ContinentalState.apply_undoable`),
    taken back when the search backs up; a first move the game refuses cuts off every way that
    starts with it. Each move checked costs one unit of ``budget``; no recursion."""
    scratch = g.state.copy()
    first: Reason | None = None
    last = len(parts) - 1
    levels: list[Iterator[list[ContinentalMove]]] = [iter(parts[0])]
    laid: list[tuple[Callable[[], None], list[ContinentalMove]]] = []  # per level below the top: undo, sequence
    while levels:
        seq = next(levels[-1], None)
        if seq is None:
            levels.pop()
            if laid:
                laid.pop()[0]()
            continue
        depth = len(levels) - 1
        if depth == last:
            adds = [a for _, s in laid for a in s[1:]] + seq[1:]
            if not budget.spend(1 + len(adds)):
                break
            why = _trial(scratch, [seq[0]] + adds)
            if why is None:
                return [s[0] for _, s in laid] + [seq[0]] + adds
            first = first or why
            continue
        if not budget.spend():
            break
        why = scratch._why(seq[0])
        if why is not None or sum(scratch.hands[scratch.turn.seat].values()) <= len(seq[0].cards):
            first = first or why or REASONS.why("hand_over")
            continue
        laid.append((scratch.apply_undoable(seq[0]), seq))
        levels.append(iter(parts[depth + 1]))
    _raise(first, "not_the_contract")


def compose_action(g: Any, action: dict[str, Any]) -> list[ContinentalMove]:
    """Turn one UI action into the moves that carry it out (docs/rules/continental.md, "UI actions").

    Bounded work: the cards named must be in the hand of the seat to act (as often as named),
    the combinations of a lay-down at most those the seat may still lay, a set of one rank, a
    run of one suit and at most 13 cards; only then are candidate move sequences generated,
    lazily, and tried on copies within :data:`ACTION_BUDGET` moves. A dispatcher to one step per
    action type. Raises :class:`IllegalMoveError` (with ``key`` and ``params``) or
    :class:`NotationError`."""
    kind = action.get("type")
    if kind in ("draw", "take", "claim", "pass"):
        return [ContinentalMove(kind)]
    if kind == "move":
        return [ContinentalMove.parse(_text_field(action, "text"))]
    if kind == "discard":
        return [ContinentalMove("discard", tuple(parse_cards([_text_field(action, "card")])))]
    if kind in (SET, RUN):
        return _compose_combo(g, kind, action)
    if kind == "lay_down":
        return _compose_lay_down(g, action)
    if kind == "add":
        return _compose_add(g, action)
    if kind == "swap":
        return _compose_swap(action)
    raise REASONS.notation("action_unknown", type=shown(kind))


def _compose_combo(g: Any, kind: ComboKind, action: dict[str, Any]) -> list[ContinentalMove]:
    """A ``set`` or ``run`` action: one new combination of the named cards (after the contract,
    or a part of it)."""
    st = g.state
    seat = g.current_player
    cards = _card_list(action)
    size = SET_SIZE if kind == SET else RUN_SIZE
    if len(cards) < size:
        raise _error("combo_too_short", kind=kind, size=size)
    _check_play_stage(g, ContinentalMove(kind, tuple(cards[:size])))
    _check_held(g, cards)
    _check_combo_cards(kind, cards)
    if not _combos_allowed(g):
        raise _refusal(g, ContinentalMove(kind, tuple(cards[:size])), "no_new_combo", kind=kind)
    new_id = f"{seat}.{len(st.table[seat]) + 1}"
    seqs = list(_combo_steps(g, kind, cards, new_id))
    if not seqs:
        raise _refusal(g, ContinentalMove(kind, tuple(cards[:size])), "not_a_combo", kind=kind,
                       cards=" ".join(c.text for c in cards))
    return _try(g, seqs)


def _compose_lay_down(g: Any, action: dict[str, Any]) -> list[ContinentalMove]:
    """A ``lay_down`` action: the named combinations at once (the contract, or what is left of
    it), checked against the contract (:func:`_check_lay_down_count`) and each other
    (:func:`_lay_down_part`) before any sequence is tried."""
    st = g.state
    seat = g.current_player
    groups = action.get("combos")
    if not isinstance(groups, list) or not groups or not all(isinstance(x, dict) for x in groups):
        raise REASONS.notation("action_combos")
    if any(grp.get("type") not in (SET, RUN) for grp in groups):
        raise REASONS.notation("action_combos")
    _check_play_stage(g, ContinentalMove(SET, (JOKER,) * SET_SIZE))
    _check_lay_down_count(g, groups)
    cards_of = [_card_list(grp) for grp in groups]
    _check_held(g, [c for cards in cards_of for c in cards])
    parts = []
    seen_ranks = set(st.turn.laid_ranks)
    seen_suits = set(st.turn.laid_suits)
    for i, (grp, cards) in enumerate(zip(groups, cards_of)):
        parts.append(_lay_down_part(g, grp["type"], cards, f"{seat}.{len(st.table[seat]) + i + 1}",
                                    seen_ranks, seen_suits))
    return _lay_down(g, parts, _Budget())


def _check_lay_down_count(g: Any, groups: list[dict[str, Any]]) -> None:
    """At most the combinations the seat may still lay; before going down, at most the
    contract's sets and its runs (refused before anything is tried)."""
    st = g.state
    seat = g.current_player
    allowed = _combos_allowed(g)
    if len(groups) > allowed:
        need = st.turn.pending if st.turn.pending is not None else st.contract()
        if not allowed:
            raise _error("contract_done")
        raise _error("too_many_combos", named=len(groups), allowed=allowed, contract=contract_name(*need))
    if not st.down[seat]:
        need = st.turn.pending if st.turn.pending is not None else st.contract()
        named_sets = sum(1 for grp in groups if grp["type"] == SET)
        if named_sets > need[0]:
            raise _error("no_set_needed", contract=contract_name(*need))
        if len(groups) - named_sets > need[1]:
            raise _error("no_run_needed", contract=contract_name(*need))


def _lay_down_part(g: Any, gk: ComboKind, cards: list[Card], new_id: str, seen_ranks: set[int],
                   seen_suits: set[str]) -> list[list[ContinentalMove]]:
    """One combination of a lay-down (kind ``gk``, to be combination ``new_id``): long enough,
    of one rank or suit, before going down of a rank (suit) not yet laid when the options want
    the contract's sets (runs) different (``seen_ranks``/``seen_suits`` grow); its candidate
    move sequences."""
    st = g.state
    size = SET_SIZE if gk == SET else RUN_SIZE
    if len(cards) < size:
        raise _error("combo_too_short", kind=gk, size=size)
    _check_combo_cards(gk, cards)
    if not st.down[g.current_player]:  # the contract's sets of different ranks, runs of different suits (options)
        natural = next(c for c in cards if not c.is_joker)
        if gk == SET and not st.rules.same_rank_sets:
            if natural.rank in seen_ranks:
                raise _error("same_rank_sets")
            seen_ranks.add(natural.rank)
        if gk == RUN and not st.rules.same_suit_runs:
            if natural.suit in seen_suits:
                raise _error("same_suit_runs")
            seen_suits.add(natural.suit)
    steps = list(_combo_steps(g, gk, cards, new_id))
    if not steps:
        raise _error("not_a_combo", kind=gk, cards=" ".join(c.text for c in cards))
    return steps


def _compose_add(g: Any, action: dict[str, Any]) -> list[ContinentalMove]:
    """An ``add`` action: the named cards onto one combination; onto a run each at the end where
    it fits (the named ``end``, else either), naturals before jokers."""
    st = g.state
    target = _text_field(action, "target")
    cards = _card_list(action)
    if not cards:
        raise _error("nothing_selected")
    end = action.get("end")
    if end not in (None, "low", "high"):
        raise REASONS.notation("action_end")
    _check_play_stage(g, ContinentalMove("add", (cards[0],), "0.1"))
    _check_held(g, cards)
    cb = st.combo(target)
    if cb is not None and cb.kind == SET:
        wrong = next((c for c in cards if not c.is_joker and c.rank != cb.rank), None)
        if wrong is not None:
            raise _error("does_not_fit", target=target, fits=RANKS[cb.rank - 1])
    if cb is None or cb.kind == SET:
        return [ContinentalMove("add", (c,), target) for c in sorted(cards, key=card_key)]
    if len(cb.cards) + len(cards) > RUN_MAX:
        raise _error("run_room", max=RUN_MAX, held=len(cb.cards), room=RUN_MAX - len(cb.cards))
    ends: list[End] = [end] if end else ["high", "low"]
    # each card at the end where it fits; try the orders that place naturals before jokers
    orders = (_run_add_order(st, target, cards, e) for e in ends)
    return _try(g, (s for s in orders if s))


def _compose_swap(action: dict[str, Any]) -> list[ContinentalMove]:
    """A ``swap`` action: a natural card for a joker of a combination, and the joker placed at
    once when the action names where (``place``)."""
    target = _text_field(action, "target")
    card = parse_cards([_text_field(action, "card")])
    moves = [ContinentalMove("swap", tuple(card), target)]
    place = action.get("place")
    if place is not None:
        if not isinstance(place, dict):
            raise REASONS.notation("action_place")
        pe = place.get("end")
        if pe not in (None, "low", "high"):
            raise REASONS.notation("action_end")
        moves.append(ContinentalMove("add", (JOKER,), _text_field(place, "target"), pe))
    return moves


def _run_add_order(st: ContinentalState, target: str, cards: list[Card], prefer: End) -> list[ContinentalMove]:
    """Adds of ``cards`` to the run ``target``, each natural card at the end where it fits
    (simulated on the run's ends), jokers at the ``prefer`` end when nothing else fits."""
    cb = st.combo(target)
    if cb is None:
        return []
    lo, n = cb.lo, len(cb.cards)
    left = list(cards)
    out: list[ContinentalMove] = []
    while left:
        fit = _natural_fit(left, cb.suit, lo, n, prefer)
        if fit is not None:
            c, e = fit
        elif JOKER in left:
            c, e = JOKER, _joker_end(left, cb.suit, lo, n, prefer)
        else:
            out.extend(ContinentalMove("add", (c,), target, prefer) for c in left)
            break
        out.append(ContinentalMove("add", (c,), target, e))
        left.remove(c)
        lo, n = (lo - 1 if e == "low" else lo), n + 1
    return out


def _natural_fit(left: list[Card], suit: str, lo: int, n: int, prefer: End) -> tuple[Card, End] | None:
    """The first natural card of ``left`` that extends the run (lowest position ``lo``, ``n``
    cards, of ``suit``) at the ``prefer`` end or else the other, with that end; ``None``."""
    other: End = "low" if prefer == "high" else "high"
    for c in [x for x in left if not x.is_joker]:
        for e in (prefer, other):
            pos = lo - 1 if e == "low" else lo + n
            if Card(pos_rank(pos), suit) is c:
                return c, e
    return None


def _joker_end(left: list[Card], suit: str, lo: int, n: int, prefer: End) -> End:
    """Where a joker goes on the run: where it lets a natural card of ``left`` follow (the last
    such card decides), else at the ``prefer`` end."""
    e = prefer
    for x in left:
        if x.is_joker:
            continue
        if Card(pos_rank(lo - 2), suit) is x:
            e = "low"
        elif Card(pos_rank(lo + n + 1), suit) is x:
            e = "high"
    return e
