"""Saved continental games: ``to_dict`` and the validating loader ``from_dict``
(docs/rules/continental.md, "Saved games")."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..cards import JOKER, RANKS, SUITS, Card, parse_cards, standard_deck
from ..errors import StateError
from ..fields import (
    POINTS_LIMIT,
    check_saved_deck,
    saved_cards,
    saved_field,
    saved_hands,
    saved_last_moves,
    saved_outcome,
)
from .base import StateBase
from .combos import Combo
from .reasons import REASONS
from .rules import (
    HISTORY_KEEP,
    RUN,
    RUN_SIZE,
    SET,
    SET_SIZE,
    Rules,
    contract_name,
    hand_key,
    pos_rank,
)
from .turn import STAGES, Turn

if TYPE_CHECKING:
    from .state import ContinentalState


def _no(key: str, **params: Any) -> StateError:
    """The :class:`StateError` of reason ``key`` of :data:`~.reasons.REASONS`: a game that could not
    have come from play, said in the players' words (English and German)."""
    return StateError.of(REASONS, key, params)


def _shown(cards: list[str]) -> str:
    """At most 16 card texts of a combination, for a message (never the whole of a huge list)."""
    return " ".join(cards[:16]) + (" ..." if len(cards) > 16 else "")


def deal_points(rules: Rules) -> int:
    """The most points one seat can score in one deal: the value of every card of the largest deck
    of the match (all in its hand), or the ``down_and_out_bonus`` the other way, whichever is
    larger."""
    decks = max(rules.decks_for(k) for k in range(1, rules.deals + 1))
    return max(sum(rules.value(c) for c in standard_deck(decks, rules.jokers_per_deck)), -rules.down_and_out_bonus)


def score_room(rules: Rules, hand_number: int, hand_over: bool) -> int:
    """The largest score (either way) a saved game may hold in deal ``hand_number``: the saved-game
    limit (:data:`~meldtable.fields.POINTS_LIMIT`) less :func:`deal_points` for every deal still
    to score (this one too while it is in play), so that no play from a game the loader accepts
    can leave the range (issue #25)."""
    left = rules.deals - hand_number + (0 if hand_over else 1)
    return POINTS_LIMIT - max(left, 0) * deal_points(rules)


def claims_limit(rules: Rules, decks: int) -> int:
    """The most claims all seats together can make in one deal: one per draw from a stock at
    most, and a deal has at most ``decks x (52 + jokers_per_deck) x (1 + max_reshuffles)`` draws
    (the stocks hold the deal's cards, refilled only by the reshuffles)."""
    return decks * (52 + rules.jokers_per_deck) * (1 + rules.max_reshuffles)


class Saved(StateBase):
    """Saved games (mixin of ``ContinentalState``)."""

    # ------------------------------------------------------------------ persistence
    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (docs/rules/continental.md, "Saved games")."""
        def cards(xs: Iterable[Card]) -> list[str]:
            return [c.text for c in xs]

        t = self.turn
        return {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "decks": self.decks,
            "scores": list(self.scores),
            "results": self.results,
            "match_over": self.match_over,
            "winners": list(self.winners),
            "stock": cards(self.stock),
            "penalty_stock": cards(self.penalty),
            "discard_pile": cards(self.pile),
            "top_from": self.top_from,
            "top_claimable": self.top_claimable,
            "hands": [[c.text for c in sorted((c for c, n in h.items() for _ in range(n)), key=hand_key)] for h in self.hands],
            "table": [[cb.to_dict() for cb in combos] for combos in self.table],
            "down": list(self.down),
            "claims": list(self.claims),
            "reshuffles": self.reshuffles,
            "takes_in_a_row": self.takes_in_a_row,
            "turn": {
                "seat": t.seat,
                "stage": t.stage,
                "drew": t.drew,
                "taken": None if t.taken is None else t.taken.text,
                "pending": None if t.pending is None else list(t.pending),
                "laid_ranks": [RANKS[x - 1] for x in t.laid_ranks],
                "laid_suits": list(t.laid_suits),
                "went_down": t.went_down,
                "joker_from": t.joker_from,
            },
            "claim_queue": None if self.window is None else list(self.window),
            "hand_over": self.hand_over,
            "went_out": self.out_seat,
            "last_moves": self.last_moves,
        }

    @classmethod
    def from_dict(cls, rules: Rules, seed: int, d: Any) -> ContinentalState:
        """Rebuild a state from :meth:`to_dict` data, checking types, the combinations, card
        conservation and the consistency of the turn, in steps: the deal and scores, the table,
        the turn, the claim window and the end of the hand, then the deal as a whole. Raises
        :class:`StateError`."""
        from .state import ContinentalState

        s = ContinentalState(rules, seed)
        _load_deal(s, d)
        _load_table(s, d)
        td = saved_field(d, "turn", dict)
        _load_takes(s, d, td)
        s.turn = _load_turn(s, td)
        _load_hand_end(s, d)
        _check_cards(s)
        _check_deal(s)
        if not s.hand_over:
            _check_play(s)
        return s

    def _holds_contract(self, seat: int) -> bool:
        """Whether ``seat``'s combinations contain this deal's contract: at least its number of
        sets and of runs (of different ranks and suits when the options ask for that)."""
        r = self.rules
        sets, runs = self.contract()
        combos = self.table[seat]
        set_ranks = [cb.rank for cb in combos if cb.kind == SET]
        run_suits = [cb.suit for cb in combos if cb.kind == RUN]
        have_sets = len(set_ranks) if r.same_rank_sets else len(set(set_ranks))
        have_runs = len(run_suits) if r.same_suit_runs else len(set(run_suits))
        return have_sets >= sets and have_runs >= runs

    def _check_turn_flags(self) -> None:
        """Consistency of the turn in play (``StateError``): a turn that has not drawn has done
        nothing else; a half-laid contract matches the combinations laid in this turn; the
        contract's ranks and suits laid this turn are recorded only while laying down or in the
        turn that went down; a take follows the limit of takes in a row."""
        self._check_turn_draw()
        self._check_turn_laid()

    def _check_turn_draw(self) -> None:
        """The draw of the turn in play: nothing done before it, the count of takes in a row
        after it, and a claim window only after a draw from the stock with a claimable upcard."""
        t = self.turn
        if t.stage == "draw":
            if t.pending is not None or t.went_down or t.joker_from is not None or t.laid_ranks or t.laid_suits:
                raise _no("state_not_drawn")
            if self.window is not None:
                raise _no("state_window")
        elif t.drew == "discard" and self.takes_in_a_row < 1:
            raise _no("state_takes_count")
        elif t.drew == "stock" and self.takes_in_a_row:
            raise _no("state_takes_count")
        if self.window is not None and t.drew != "stock":
            raise _no("state_window")
        if self.window is not None and not self.top_claimable:
            raise _no("state_window")

    def _check_turn_laid(self) -> None:
        """The contract's ranks and suits laid this turn: a half-laid contract matches the
        combinations on the table, a turn that went down laid the whole contract, otherwise none
        are recorded; distinct when the options ask for that."""
        t = self.turn
        sets, runs = self.contract()
        if t.pending is not None:
            ps, pr = t.pending
            if ps > sets or pr > runs or len(t.laid_ranks) != sets - ps or len(t.laid_suits) != runs - pr:
                raise _no("state_pending")
            combos = self.table[t.seat]
            if (sorted(cb.rank for cb in combos if cb.kind == SET) != sorted(t.laid_ranks)
                    or sorted(cb.suit for cb in combos if cb.kind == RUN) != sorted(t.laid_suits)
                    or any(len(cb.cards) != (SET_SIZE if cb.kind == SET else RUN_SIZE) for cb in combos)):
                raise _no("state_pending")
        elif t.went_down:
            if len(t.laid_ranks) != sets or len(t.laid_suits) != runs:
                raise _no("state_went_down")
        elif t.laid_ranks or t.laid_suits:
            raise _no("state_laid")
        if not self.rules.same_rank_sets and len(set(t.laid_ranks)) != len(t.laid_ranks):
            raise _no("state_distinct")
        if not self.rules.same_suit_runs and len(set(t.laid_suits)) != len(t.laid_suits):
            raise _no("state_distinct")

    def _load_combo(self, x: Any, seat: int) -> Combo:
        r = self.rules
        if not isinstance(x, dict) or x.get("kind") not in (SET, RUN):
            raise StateError(f"A combination of seat {seat} must be an object with kind 'set' or 'run'.")
        cards = x.get("cards")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise StateError(f"A combination of seat {seat} must list its cards.")
        try:
            cs = parse_cards(cards)
        except ValueError as e:
            raise StateError(f"A combination of seat {seat}: {e}") from None
        naturals = [c for c in cs if not c.is_joker]
        if x["kind"] == SET:
            if (len(cs) < SET_SIZE or not naturals or len({c.rank for c in naturals}) != 1
                    or not r.set_jokers_ok(len(cs) - len(naturals), len(naturals))):
                raise _no("state_set", seat=seat, cards=_shown(cards))
            if x.get("rank") not in (None, naturals[0].rank_text):
                raise _no("state_set", seat=seat, cards=_shown(cards))
            return Combo(SET, cs, rank=naturals[0].rank)
        lay = r.run_layout(cs)
        if len(cs) < RUN_SIZE or not isinstance(lay, tuple) or not r.jokers_ok_run(cs):
            raise _no("state_run", seat=seat, cards=_shown(cards))
        lo, suit = lay
        if x.get("suit") not in (None, suit):
            raise _no("state_run", seat=seat, cards=_shown(cards))
        low = x.get("low")
        if low is not None and (not isinstance(low, str) or low not in RANKS or pos_rank(lo) != RANKS.index(low) + 1):
            raise _no("state_run", seat=seat, cards=_shown(cards))
        return Combo(RUN, cs, lo=lo, suit=suit)


def _seat_or_none(v: Any, what: str, n: int) -> int | None:
    """A saved seat number below ``n``, or ``None``. Raises :class:`StateError`."""
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < n:
        raise StateError(f"'{what}' must be a seat or null.")
    return v


def _per_seat(d: Any, key: str, typ: type, n: int) -> list[Any]:
    """The saved list ``key``: one value of type ``typ`` per seat (``n``). Raises :class:`StateError`."""
    v = saved_field(d, key, list)
    if len(v) != n or any(not isinstance(x, typ) or (typ is int and isinstance(x, bool)) for x in v):
        raise StateError(f"'{key}' must hold one entry per seat.")
    return list(v)


def _load_deal(s: ContinentalState, d: Any) -> None:
    """The deal's number, dealer and decks, the scores (within :func:`score_room`) and results,
    the stock, penalty stock, discard pile and its upcard's origin, and the hands."""
    rules = s.rules
    n = rules.players
    s.hand_number = saved_field(d, "hand_number", int)
    if not 1 <= s.hand_number <= rules.deals:
        raise _no("state_deal", maximum=rules.deals)
    s.dealer = saved_field(d, "dealer", int)
    if not 0 <= s.dealer < n:
        raise StateError("The saved game's dealer is not a seat of this game.")
    s.decks = saved_field(d, "decks", int)
    if s.decks != rules.decks_for(s.hand_number):
        raise _no("state_decks", expected=rules.decks_for(s.hand_number), named=s.decks)
    s.scores = _per_seat(d, "scores", int, n)
    s.results, s.match_over, s.winners = saved_outcome(d, n, "seats", seats=n)
    room = score_room(rules, s.hand_number, saved_field(d, "hand_over", bool))
    if any(abs(x) > room for x in s.scores):
        raise _no("state_scores", points=room)
    s.stock = saved_cards(saved_field(d, "stock", list), "The stock")
    s.penalty = saved_cards(saved_field(d, "penalty_stock", list), "The penalty stock")
    s.pile = saved_cards(saved_field(d, "discard_pile", list), "The discard pile")
    s.top_from = _seat_or_none(d.get("top_from"), "top_from", n)
    s.top_claimable = saved_field(d, "top_claimable", bool)
    s.hands = saved_hands(d, n)


def _load_table(s: ContinentalState, d: Any) -> None:
    """Each seat's combinations and whether it is down, the claims made and the reshuffles."""
    rules = s.rules
    n = rules.players
    table = saved_field(d, "table", list)
    if len(table) != n or not all(isinstance(x, list) for x in table):
        raise StateError("'table' must hold one list of combinations per seat.")
    s.table = [[s._load_combo(x, i) for x in combos] for i, combos in enumerate(table)]
    s.down = _per_seat(d, "down", bool, n)
    s.claims = _per_seat(d, "claims", int, n)
    if (any(x < 0 for x in s.claims) or (rules.max_claims and any(x > rules.max_claims for x in s.claims))
            or sum(s.claims) > claims_limit(rules, s.decks)):
        raise _no("state_claims")
    s.reshuffles = saved_field(d, "reshuffles", int)
    if not 0 <= s.reshuffles <= max(rules.max_reshuffles, 0):
        raise _no("state_reshuffles", max=rules.max_reshuffles)


def _load_takes(s: ContinentalState, d: Any, td: Any) -> None:
    """The takes from the discard pile in a row (``max_takes_in_a_row``); saved before the field
    existed: the take of the seat to act (``td``: the saved turn), if any."""
    if "takes_in_a_row" in d:
        s.takes_in_a_row = saved_field(d, "takes_in_a_row", int)
    else:
        s.takes_in_a_row = 1 if isinstance(td, dict) and td.get("drew") == "discard" else 0
    if not 0 <= s.takes_in_a_row <= s.rules.max_takes_in_a_row:
        raise _no("state_takes", max=s.rules.max_takes_in_a_row)


def _load_turn(s: ContinentalState, td: Any) -> Turn:
    """The turn: its seat and stage, the draw and the card taken, the contract still to lay
    (:func:`_load_turn_laid`) and the joker exchanged from the table."""
    seat = saved_field(td, "seat", int)
    if not 0 <= seat < s.rules.players:
        raise StateError("The turn belongs to a seat that is not in the game.")
    t = Turn(seat)
    stage = saved_field(td, "stage", str)
    if stage not in STAGES:
        raise StateError("The turn stage must be 'draw' or 'play'.")
    t.stage = stage
    drew = td.get("drew")
    if drew not in (None, "stock", "discard") or (drew is None) != (t.stage == "draw"):
        raise StateError("'turn.drew' must be null before the draw and 'stock' or 'discard' after it.")
    t.drew = drew
    taken = td.get("taken")
    if taken is not None:
        if drew != "discard":
            raise StateError("'turn.taken' names a card only after a take from the discard pile.")
        t.taken = saved_cards([taken], "'turn.taken'")[0]
    _load_turn_laid(td, t)
    t.went_down = saved_field(td, "went_down", bool)
    jf = td.get("joker_from")
    if jf is not None and (not isinstance(jf, str) or s.combo(jf) is None):
        raise StateError("'turn.joker_from' must be null or a combination on the table.")
    t.joker_from = jf
    return t


def _load_turn_laid(td: Any, t: Turn) -> None:
    """The turn's contract still to lay (``pending``: [sets, runs]) and the ranks and suits of the
    contract laid in it."""
    pending = td.get("pending")
    if pending is not None:
        if (not isinstance(pending, list) or len(pending) != 2
                or any(isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in pending) or sum(pending) == 0):
            raise StateError("'turn.pending' must be null or [sets, runs] still to lay.")
        t.pending = (pending[0], pending[1])
    lr = saved_field(td, "laid_ranks", list)
    if not all(isinstance(x, str) and x in RANKS for x in lr):
        raise StateError("'turn.laid_ranks' must list ranks.")
    t.laid_ranks = [RANKS.index(x) + 1 for x in lr]
    ls = saved_field(td, "laid_suits", list)
    if not all(isinstance(x, str) and x in SUITS for x in ls):
        raise StateError("'turn.laid_suits' must list suits.")
    t.laid_suits = list(ls)


def _load_hand_end(s: ContinentalState, d: Any) -> None:
    """The claim window (the seats still to be asked), whether the hand is over, who went out and
    the last moves."""
    n = s.rules.players
    queue = d.get("claim_queue")
    if queue is not None:
        if (not isinstance(queue, list) or not queue
                or any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < n or x == s.turn.seat
                       for x in queue)
                or len(set(queue)) != len(queue)):
            raise StateError("'claim_queue' must be null or a list of other seats.")
        s.window = list(queue)
    s.hand_over = saved_field(d, "hand_over", bool)
    s.out_seat = _seat_or_none(d.get("went_out"), "went_out", n)
    s.last_moves = saved_last_moves(d, HISTORY_KEEP, seats=n)


def _check_cards(s: ContinentalState) -> None:
    """Card conservation: every physical card of this deal's deck exactly once."""
    everything: list[Card] = list(s.stock) + list(s.penalty) + list(s.pile)
    for h in s.hands:
        everything.extend(c for c, k in h.items() for _ in range(k))
    for combos in s.table:
        for cb in combos:
            everything.extend(cb.cards)
    check_saved_deck(everything, standard_deck(s.decks, s.rules.jokers_per_deck))


def _check_deal(s: ContinentalState) -> None:
    """The deal as a whole: the end of the hand and of the match, the claim window, the upcard,
    and per seat its combinations against being down with the contract."""
    t = s.turn
    if s.match_over and not s.hand_over:
        raise StateError("The match cannot be over while a hand is in play.")
    if s.hand_over and s.hand_number == s.rules.deals and not s.match_over:
        raise StateError("The last deal is over, so the match must be over too.")
    if s.hand_over and s.out_seat is not None and s.hands[s.out_seat]:
        raise _no("state_out_hand")
    if not s.hand_over and s.out_seat is not None:
        raise _no("state_out_in_play")
    if s.hand_over and s.window is not None:
        raise _no("state_window_over")
    if s.top_claimable and not s.pile:
        raise _no("state_pile_claimable")
    for i in range(s.rules.players):
        if s.table[i] and not s.down[i] and not (i == t.seat and t.pending is not None and not s.hand_over):
            raise _no("state_combos_not_down", seat=i)
        if s.down[i] and not s.table[i]:
            raise _no("state_down_no_combos", seat=i)
        if s.down[i] and not s._holds_contract(i):
            raise _no("state_down_contract", seat=i, contract=contract_name(*s.contract()))


def _check_play(s: ContinentalState) -> None:
    """A deal in play: the turn's flags, a half-laid contract, the turn that went down, the joker
    exchanged, the claim window (:func:`_check_window`), a draw possible, no empty hand, and a
    legal move."""
    t = s.turn
    seat = t.seat
    s._check_turn_flags()
    if t.pending is not None and (s.down[seat] or t.stage != "play" or not s.table[seat]):
        raise _no("state_pending")
    if t.went_down and not s.down[seat]:
        raise _no("state_went_down")
    if t.joker_from is not None and (t.stage != "play" or not s.hands[seat].get(JOKER)):
        raise _no("state_joker")
    _check_window(s)
    if t.joker_from is not None and (s.rules.exchanged_joker != "place_at_once" or not s.down[seat]):
        raise _no("state_joker")
    if t.stage == "draw" and not s._can_draw():
        raise _no("state_no_draw")
    if any(not h for i, h in enumerate(s.hands)):
        raise _no("state_empty_hand")
    if not s.legal_moves():
        raise _no("state_stuck")


def _check_window(s: ContinentalState) -> None:
    """An open claim window: after the draw, with a discard pile, and the tail of the full claim
    queue."""
    if s.window is not None and (s.turn.stage != "play" or not s.pile):
        raise _no("state_window")
    if s.window is not None:
        full = s._claim_queue()
        if not full or s.window != full[len(full) - len(s.window):]:
            raise _no("state_window")
