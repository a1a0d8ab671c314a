"""The search's fast path in the canasta family (issue #27): a draw and a discard as
:meth:`~.state.CanastaState.apply` plays them, without notation, move objects or move-log entries,
and the hidden parts of a determinization put back into a state (:mod:`meldtable.search.rollout`:
``fast_playout``, ``fast_determinize``). Where a step could end the hand or meet the stock's end,
it is ``apply`` itself. tests/test_search_fast.py checks every step against ``apply``.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING, Any

from ..cards import _BY_TEXT, ALL_CARDS, Card, parse_cards
from ..multiset import counted
from .base import DRAWN_MAX, StateBase, Turn
from .hidden import deal_hidden
from .legal_discard import _DISCARD
from .legal_kit import _move_text
from .legal_take import _DRAW
from .search_pick import _LIST, play_pick, take_pick
from .values import THREE, hand_sort_key, is_red_three, is_wild

if TYPE_CHECKING:
    from .moves import Move
    from .reasons import Verdict

__all__ = ["SearchSteps"]

_RED_3D, _RED_3H = parse_cards(["3D", "3H"])
_OF_RANK = {rank: tuple(c for c in ALL_CARDS if c.rank == rank) for rank in range(1, 14)}
"""The cards of each natural rank (one per suit: equal cards of several decks are one object)."""
_WILD_CARDS = tuple(c for c in ALL_CARDS if is_wild(c))


class SearchSteps(StateBase):
    """The fast steps of :class:`~.state.CanastaState` for the search's playouts."""

    if TYPE_CHECKING:
        def apply(self, move: Move) -> None:
            """Play a legal move (:class:`~.state.CanastaState`)."""

        def _start_turn(self, seat: int) -> None:
            """Start ``seat``'s turn (:class:`~.state.CanastaState`)."""

        def _discard_ok_now(self, c: Card) -> Verdict:
            """The discard verdict (:class:`~.legal_discard.DiscardRoom`)."""

        def _play_moves(self, others: bool = False) -> list[Move]:
            """The play stage's moves (:class:`~.legality.Legality`)."""

    SEARCH_HIDDEN = ("hands", "stock", "hand_over", "turn")
    """The parts of the saved state (:meth:`to_dict`) the family's ``shuffle_hidden`` reads and
    deals again (the search's fast determinization, :func:`meldtable.search.rollout.fast_determinize`)."""

    def search_shuffle(self, seat: int, rng: Any) -> dict[str, Any] | None:
        """The family's ``shuffle_hidden`` of this state's :data:`SEARCH_HIDDEN` parts for
        ``seat`` (the same cards in the same places from the same ``rng``): those parts made as
        :meth:`to_dict` makes them (the turn with only what the deal reads), without the rest of
        the saved state or a deep copy of it (the search's fast determinization,
        :func:`meldtable.search.rollout.fast_determinize`; tests/test_search_fast.py)."""
        def msort(ms: dict[Card, int]) -> list[str]:
            return [c.text for c in sorted((c for c, n in ms.items() for _ in range(n)), key=hand_sort_key)]

        def unsorted(ms: dict[Card, int]) -> list[str]:
            # (another seat's hand: the deal sorts the pool it goes into and keeps only its red
            # threes, which come first as msort puts them: 3D before 3H)
            reds = [c.text for c in (_RED_3D, _RED_3H) for _ in range(ms.get(c, 0))]
            return reds + [c.text for c, n in ms.items() if c is not _RED_3D and c is not _RED_3H for _ in range(n)]

        t = self.turn
        st = {"hands": [msort(h) if i == seat else unsorted(h) for i, h in enumerate(self.hands)],
              "stock": [c.text for c in self.stock],
              "hand_over": self.hand_over, "turn": {"seat": t.seat, "stage": t.stage, "countable": msort(t.countable)}}
        return deal_hidden(st, seat, rng)

    def search_redeal(self, st: dict[str, Any]) -> None:
        """Take the hands and the stock of ``st`` (the :data:`SEARCH_HIDDEN` parts of a saved
        state, dealt again by ``shuffle_hidden`` with the seat to act unchanged, every card in its
        canonical text) as :meth:`from_dict` reads them (each hand's cards in the saved order); the
        rest of this state stays (the search's fast determinization)."""
        by_text = _BY_TEXT
        self.hands = [counted([by_text[x] for x in h]) for h in st["hands"]]
        self.stock = [by_text[x] for x in st["stock"]]
        self._legal = None

    def search_kind(self) -> str | None:
        """The cheap move kind the search's quick playouts propose now (:mod:`meldtable.search.rollout`):
        ``"draw"`` in the draw stage while the stock lasts, ``"discard"`` after it, ``None`` while
        the partner's answer is awaited or the stock is used up."""
        t = self.turn
        if t.asked == "pending":
            return None
        if t.stage == "draw":
            return "draw" if self.stock else None
        return "discard"

    def search_others(self, kind: str) -> list[Move]:
        """What the search's quick policy lists when it does not play the move of the cheap
        ``kind`` (:meth:`search_kind`, not ``None``): ``[m for m in legal_moves() if m.kind !=
        kind]``, or :meth:`legal_moves` when that is empty, in the same order (by notation), without
        listing the moves it leaves out: before the draw the pile takes (``draw`` alone when there
        are none), after it every move but the discards (the discards alone when there is no
        other move; tests/test_search_fast_kanaster.py)."""
        if kind == "draw":
            out = [] if self._search_no_take() else self._take_moves()
            if not out:
                return [_DRAW]
        else:
            out = self._play_moves(True)
        if len(out) > 1:
            out.sort(key=_move_text)
        return out

    def search_pick(self, kind: str, rng: Random) -> Move | None:
        """``legal[rng.randrange(len(legal))]`` of ``legal = search_others(kind)`` (``None`` when
        that is empty), the same move from the same random numbers (the generator left in the same
        state): in the play stage's common case found by :func:`~.search_pick.play_pick` (the lazy
        pick: each kind counted, only the one the index falls into listed), in the draw stage's by
        :func:`~.search_pick.take_pick` (the takes counted by class), else from the list
        (tests/test_search_fast_pick.py)."""
        got = play_pick(self, rng) if kind == "discard" else take_pick(self, rng.randrange)  # type: ignore[arg-type]
        if got is not _LIST:
            return got  # type: ignore[no-any-return]
        legal = self.search_others(kind)
        return legal[rng.randrange(len(legal))] if legal else None

    def _search_no_take(self) -> bool:
        """A sufficient condition for :meth:`_take_moves` to find no take, from a few lookups: the
        pile empty or topped by a black three, or a natural top card whose rank the side has no
        meld of, with no card of that rank in hand, or one and no wild card (then the take has no
        hand cards to make a meld with, and no meld to go onto; a wild top card: not decided here)."""
        pile = self.pile
        if not pile:
            return True
        rank = pile[-1].rank
        if rank == THREE:
            return True
        if rank == 0 or rank == 2:
            return False
        t = self.turn
        if rank in self.melds[self.rules.side_of[t.seat]]:
            return False
        hand = self.hands[t.seat]
        get = hand.get
        n = 0
        for c in _OF_RANK[rank]:
            n += get(c, 0)
        if n == 0:
            return True
        if n > 1:
            return False
        for c in _WILD_CARDS:
            if c in hand:
                return False
        return True

    def search_draw(self) -> None:
        """``draw`` as :meth:`apply` plays it, without its move-log entry (``last_moves``): the fast
        path of the search's playouts (issue #27, :mod:`meldtable.search.rollout`). The caller knows
        the draw is legal (the draw stage, no question waiting, the stock not empty). Where the
        stock could run out within the draw (its red threes replaced: at most two a deck), the
        cards it would take are looked at first: where the last red three would end the hand it is
        :meth:`apply` itself; where the draw empties the stock, the hand ends when the player is
        left without a legal move, as in :meth:`apply`, which is known without listing the moves
        when a discard is legal (tests/test_search_fast.py: the same states as ``apply``)."""
        r = self.rules
        stock = self.stock
        n = r.draw_count
        last = False
        if len(stock) <= n + 2 * r.decks:
            i = len(stock)
            k = 0
            while k < n and i:  # (the pops below, counted first)
                i -= 1
                if is_red_three(stock[i]):
                    if not i and r.last_red_three == "ends_hand":
                        self.apply(_DRAW)
                        return
                    continue
                k += 1
            last = not i
        t = self.turn
        seat = t.seat
        hand = self.hands[seat]
        got = 0
        while got < n and stock:
            c = stock.pop()
            if is_red_three(c):
                self.red_threes[r.side_of[seat]].append(c)  # laid out; a replacement is drawn
                continue
            hand[c] = hand.get(c, 0) + 1
            got += 1
        t.stage = "play"
        t.from_stock = True
        self.drawn[seat] = min(self.drawn[seat] + got, DRAWN_MAX)
        if t.initial and not self.melded[r.side_of[seat]]:  # (_initial_pending)
            t.countable = dict(hand)
        self._legal = None
        if last and not (hand and self._discard_ok_now(next(iter(hand))) is None) and not self.legal_moves():
            self._end_hand(None)  # (option last_red_three = turn_goes_on: no legal move left, see _apply_draw)

    def search_discard_ok(self, c: Card) -> bool:
        """Whether discarding hand card ``c`` is legal now, in the play stage with no question
        waiting (the verdict ``verify`` gives, without its shared checks: the fast path). The
        common case first: no question asked, a card left after it, and either no initial meld
        pending and no black threes melded, or an initial meld pending with no meld of the side
        and no pile taken (then :meth:`_discard_ok_now` accepts every card)."""
        t = self.turn
        side = self.rules.side_of[t.seat]
        if t.asked is None and len(self.hands[t.seat]) > 1:
            melds = self.melds[side]
            if self.melded[side] or not t.initial:
                if THREE not in melds:
                    return True
            elif not melds and not t.took_pile:
                return True
        return self._discard_ok_now(c) is None

    def search_discard(self, c: Card) -> None:
        """``discard`` of hand card ``c`` (legal: :meth:`search_discard_ok`) as :meth:`apply` plays
        it, without its move-log entry; going out is :meth:`apply` itself."""
        seat = self.turn.seat
        hand = self.hands[seat]
        left = hand[c] - 1
        if not left and len(hand) == 1:
            self.apply(_DISCARD[c])
            return
        if left:
            hand[c] = left
        else:
            del hand[c]
        self.pile.append(c)
        if c.rank == 0 or c.rank == 2:  # (is_wild)
            self.pile_wilds += 1
        order = self.order
        nxt = order[(order.index(seat) + 1) % len(order)]  # (next_seat)
        r = self.rules
        if not self.stock or (r.red_three_exposure == "first_turn"
                              and (_RED_3D in self.hands[nxt] or _RED_3H in self.hands[nxt])):
            self._start_turn(nxt)  # (red threes to lay out, or the stock used up)
            return
        # _start_turn without them: the red three check by two lookups instead of a pass over the hand
        t = self.turn = Turn(nxt, not self.melded[r.side_of[nxt]])
        t.fresh = not self.laid[nxt]
        self._legal = None
        self._shared = None

