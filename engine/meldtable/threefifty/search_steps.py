"""The search's fast path for 3 ist 50 (issue #27, :mod:`meldtable.search.rollout`): the legal
moves listed and applied without notation, labels, move log or views, and a determinization that
deals again only the hidden parts of the state. A mixin of
:class:`~meldtable.threefifty.state.ThreeFiftyState`; every step gives exactly what the public one
gives (tests/test_search_fast.py, tests/test_search_fast_threefifty.py):

- :meth:`SearchSteps.search_moves` is ``legal_moves`` (the same moves, the same order): each
  rank's places (centre, live discard top, every minus pile's top) are a bit mask
  (:data:`_CENTRE` ...), kept by the state while the search's steps play
  (:meth:`SearchSteps._search_places`), and a hand card's plays for a mask and seat are a
  tuple of move values made once a process (:func:`_plays`);
- :meth:`SearchSteps.search_apply` is ``apply`` without the move-log entry, labels or the move's
  dispatch through ``_capture``; a new round is dealt by :meth:`SearchSteps._search_deal`
  (``deal_round`` by slices of the stock);
- :meth:`SearchSteps.search_playout`: the rollout's uniform playout in one loop, every move
  inline (a card's plays read from its row by mask, :class:`_Rows`; a position with only
  discards picks from the hand sorted by text; ``randrange``'s ``_randbelow`` inline; the
  round's end found by a count of the cards left), the end of the game counted by
  :func:`.search_count.end_game` (tests/test_search_fast_threefifty_playout.py: the public
  uniform playout's moves, numbers and saved state);
- :data:`SearchSteps.SEARCH_HIDDEN` and :meth:`SearchSteps.search_redeal`: the saved parts
  ``shuffle_hidden`` deals again, and taking them back into a copy of the state (no
  ``from_dict`` with its checks); :meth:`SearchSteps.search_shuffle`: ``shuffle_hidden``'s very
  deal made from the state's cards (:func:`.search_shuffle.hidden_deal`: no saved state, no
  texts), which ``fast_determinize`` uses.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ..cards import ALL_CARDS, Card
from .base import StateBase
from .moves import ThreeFiftyMove
from .rules import CENTRE_SIZE, HAND_SIZE
from .search_count import end_game
from .search_shuffle import hidden_deal

_CENTRE, _DISCARD, _PILE = 1, 2, 4
"""Bits of a rank's places in a position (:meth:`SearchSteps.search_moves`): a centre card, the
discard pile's live top card, and ``_PILE << p`` the top of seat ``p``'s minus pile. Which moves
a card of that rank has there (``middle`` or ``centre``/``discard``, ``own``, ``pile p``) depends
on the options and the seat to act: :func:`_plays`."""

_BY_TEXT: dict[str, Card] = {c.text: c for c in ALL_CARDS}
_TEXT = attrgetter("_text")
_CARD_TEXT = attrgetter("text")
_DISCARDS: dict[Card, ThreeFiftyMove] = {c: ThreeFiftyMove("discard", c) for c in ALL_CARDS}
_discard = _DISCARDS.__getitem__


_MOVES: dict[tuple[Card, str, int | None], ThreeFiftyMove] = {}


def _play(c: Card, target: str, pile: int | None = None) -> ThreeFiftyMove:
    """The move ``play c target [pile]``, made once a process."""
    m = _MOVES.get((c, target, pile))
    if m is None:
        m = _MOVES[c, target, pile] = ThreeFiftyMove("play", c, target, pile)
    return m


def _plays(r: Any, c: Card, mask: int, seat: int) -> tuple[ThreeFiftyMove, ...]:
    """The ``play`` moves of card ``c`` for ``seat`` when its rank lies at the places of ``mask``
    (:data:`_CENTRE` ...) under rules ``r``, in notation order, as ``legal_moves`` lists them:
    the middle (centre and live discard top together) or each of them apart (option
    ``capture_sources``), the own minus pile, every seat's minus pile (the own one only with
    option ``option4_targets`` = ``any``). Made once per rules, seat, card and mask
    (``r.search_plays``)."""
    out = []
    if mask & (_CENTRE | _DISCARD):
        if r.together:
            out.append(_play(c, "middle"))
        else:
            if mask & _CENTRE:
                out.append(_play(c, "centre"))
            if mask & _DISCARD:
                out.append(_play(c, "discard"))
    if mask & _PILE << seat:
        out.append(_play(c, "own"))
    for p in range(r.players):
        if mask & _PILE << p and (p != seat or r.option4_targets == "any"):
            out.append(_play(c, "pile", p))
    found = r.search_plays[seat][c.index << 10 | mask] = tuple(sorted(out, key=_TEXT))
    return found


class _Rows(dict[Card, list[Any]]):
    """Card -> its ``play`` moves per mask (a list indexed by the mask, ``None`` where not made
    yet: :func:`_plays`), one per rules and seat to act; a card's row is made when first met."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def __missing__(self, c: Card) -> list[Any]:
        row = self[c] = [None] * self.size
        return row


_ROWS: dict[tuple[bool, bool, int], list[_Rows]] = {}
"""Per (middle together, own pile a fourth-play target, players), what :func:`_plays` depends
on: :class:`_Rows` of every seat (shared by every game with the same targets)."""


def _rows(r: Any) -> list[_Rows]:
    """The :class:`_Rows` of rules ``r`` per seat to act (masks below ``4 << players``)."""
    key = (r.together, r.option4_targets == "any", r.players)
    found = _ROWS.get(key)
    if found is None:
        found = _ROWS[key] = [_Rows(_PILE << r.players) for _ in range(r.players)]
    return found


class SearchSteps(StateBase):
    """The search's fast steps (mixin of ``ThreeFiftyState``; see the module text)."""

    SEARCH_HIDDEN = ("hands", "stock", "set_aside", "discard_pile", "piles", "hand_over")
    """The parts of the saved state (``to_dict``) the family's ``shuffle_hidden`` reads and deals
    again (the search's fast determinization, :func:`meldtable.search.rollout.fast_determinize`)."""

    if TYPE_CHECKING:
        def _end_game(self) -> None:
            """End the game and score it (:class:`~.scoring.Scoring`)."""

    def search_redeal(self, st: dict[str, Any]) -> None:
        """Take the hands, the stock, the set-aside cards, the discard pile and the minus piles of
        ``st`` (the :data:`SEARCH_HIDDEN` parts of a saved state dealt again by ``shuffle_hidden``
        for the seat to act) as ``from_dict`` reads them (each hand's cards counted in the saved
        order); the rest of this state stays. Card texts are the saved state's own (no checks: the
        parts come from ``to_dict`` of a valid state). Raises ``KeyError`` for an unknown text.
        Also takes :meth:`search_shuffle`'s deal (marked ``search_cards``: cards, not texts; its
        lists become this state's own)."""
        self._legal = None
        self._search_masks = None
        if st.get("search_cards"):
            self.hands, self.stock, self.set_aside = st["hands"], st["stock"], st["set_aside"]
            self.discard, self.piles = st["discard_pile"], st["piles"]
            return
        by = _BY_TEXT
        hands: list[dict[Card, int]] = []
        for h in st["hands"]:
            ms: dict[Card, int] = {}
            for t in h:
                c = by[t]
                ms[c] = ms.get(c, 0) + 1
            hands.append(ms)
        self.hands = hands
        card = by.__getitem__
        self.stock = list(map(card, st["stock"]))
        self.set_aside = list(map(card, st["set_aside"]))
        self.discard = list(map(card, st["discard_pile"]))
        self.piles = [list(map(card, p)) for p in st["piles"]]

    def search_shuffle(self, seat: int, rng: Any) -> dict[str, Any] | None:
        """The family's ``shuffle_hidden`` of this state for ``seat`` (the seat to act) from
        ``rng`` without a saved state: the same cards dealt from the same random numbers, as
        cards (:func:`.search_shuffle.hidden_deal`), for :meth:`search_redeal`; ``None`` where
        ``shuffle_hidden`` finds no deal that keeps the visible runs. What
        :func:`meldtable.search.rollout.fast_determinize` deals with (3 ist 50 has no cards
        known to be in a hand: ``known_cards`` is ``None``, so ``place_known`` never sees it)."""
        return hidden_deal(self, seat, rng)

    def _search_places(self) -> list[int]:
        """Per rank (0 joker, 1 ace ... 13 king): the bits of the places a card of that rank
        matches now (:data:`_CENTRE`, :data:`_DISCARD`, ``_PILE << p``). :meth:`search_moves`
        keeps it as ``_search_masks`` and :meth:`search_apply` changes it with the places; every
        other change of the state drops it (``apply``, ``deal_round``, the end of a game, a copy
        of a state without it, :meth:`search_redeal`)."""
        masks = [0] * 14
        for x in self.centre:
            masks[x.rank] = _CENTRE
        d = self.discard
        if d and self.discard_live:
            masks[d[-1].rank] |= _DISCARD
        bit = _PILE
        for pile in self.piles:
            if pile:
                masks[pile[-1].rank] |= bit
            bit <<= 1
        return masks

    def search_moves(self) -> list[ThreeFiftyMove]:
        """:meth:`legal_moves` for the search's fast path (issue #27, :mod:`meldtable.search.rollout`):
        the same moves in the same order (notation order), from each rank's places as a bit mask
        (:meth:`_search_places`, kept up to date by :meth:`search_apply`) and each card's plays
        for a mask and seat made once (:func:`_plays`), without the copy and the set of moves
        ``legal_moves`` keeps (tests/test_search_fast.py, tests/test_search_fast_threefifty.py
        compare the two at every position of playouts). The list is new on each call."""
        seat = self.to_act
        assert seat is not None
        r = self.rules
        masks = self._search_masks
        if masks is None:
            masks = self._search_masks = self._search_places()
        hand = self.hands[seat]
        table = r.search_plays[seat]
        out: list[ThreeFiftyMove] = []
        cards = 0  # (the hand cards with a play: one card's plays are in order already)
        for c in hand:
            m = masks[c.rank]
            if m:
                found = table.get(c.index << 10 | m)
                out += found if found is not None else _plays(r, c, m, seat)
                cards += 1
        if not out or not r.capture_mandatory:
            out += map(_discard, hand)
            cards = 2
        if cards > 1:
            out.sort(key=_TEXT)
        return out

    def search_playout(self, rng: Any, limit: int = 10_000) -> int:  # noqa: C901 (the playout's loop: no helper calls)
        """A uniform random playout to the end of the hand (or ``limit`` moves), the very one
        the rollout's uniform playout plays through :meth:`search_moves` and :meth:`search_apply`
        (what :func:`meldtable.search.rollout.fast_playout` plays when the capture is mandatory;
        the same moves from the same numbers of ``rng``, a :class:`random.Random`; the same state
        at the end: tests/test_search_fast_threefifty.py) in one loop: the listing, the draw of
        the index (``randrange``'s ``_randbelow`` inline for a plain :class:`random.Random`) and
        every move inline, the seat to act kept in a local; a new round by :meth:`_search_deal`,
        the end of the game by :func:`.search_count.end_game`. The number of moves played."""
        if self.hand_over or limit <= 0:
            return 0
        plain = type(rng) is random.Random
        bits = rng.getrandbits
        below = getattr(rng, "_randbelow", rng.randrange)  # (randrange(k) is _randbelow(k) for k > 0)
        r = self.rules
        players = r.players
        tables = _rows(r)
        mandatory = r.capture_mandatory
        take_all = r.take_all_matches
        run_depth = r.discard_capture_depth == "run"
        reveal = r.discard_reveal_next != "never"
        hands = self.hands
        piles = self.piles
        discard = self.discard  # (the same lists to the end of the game: the fast deal adds to them)
        centre = self.centre
        masks = self._search_masks
        if masks is None:
            masks = self._search_masks = self._search_places()
        deal = self._search_deal
        n = 0
        self._legal = None
        seat = self.to_act
        assert seat is not None
        rest = 0  # (cards left in the hands: the round ends when none is left)
        for h in hands:
            rest += sum(h.values())
        while n < limit:
            hand = hands[seat]
            table = tables[seat]
            out: tuple[ThreeFiftyMove, ...] = ()
            many = False  # (plays of more than one card: out to be sorted)
            for c in hand:
                m = masks[c.rank]
                if m:
                    row = table[c]
                    found = row[m]
                    if found is None:
                        found = row[m] = _plays(r, c, m, seat)
                    if out:
                        out += found
                        many = True
                    else:
                        out = found
            held: list[Card] | None = None
            listed: Sequence[ThreeFiftyMove] = out
            if not out:  # (only discards: the hand's cards in the discards' order)
                held = sorted(hand, key=_CARD_TEXT) if len(hand) > 1 else list(hand)
                k = len(held)
                if not k:
                    break
            elif not mandatory:
                listed = sorted([*out, *map(_discard, hand)], key=_TEXT)
                k = len(listed)
            else:
                if many:
                    listed = sorted(out, key=_TEXT)
                k = len(listed)
            if not plain:
                j = below(k)
            elif k == 1:  # (_randbelow(1) draws single bits until a 0)
                while bits(1):
                    pass
                j = 0
            else:
                b = k.bit_length()
                j = bits(b)
                while j >= k:
                    j = bits(b)
            n += 1
            if held is not None:
                c = held[j]
                t = None
            else:
                move = listed[j]
                c = move.card
                t = move.target
            k = hand[c] - 1
            if k:
                hand[c] = k
            else:
                del hand[c]
            left = seat + 1
            if left == players:
                left = 0
            if t is None:  # (a discard)
                if discard and self.discard_live:
                    masks[discard[-1].rank] &= ~_DISCARD
                discard.append(c)
                self.discard_live = True
                masks[c.rank] |= _DISCARD
            elif t == "pile":
                p = move.pile
                assert p is not None
                pile = piles[p]
                bit = _PILE << p
                if pile:
                    masks[pile[-1].rank] &= ~bit
                pile.append(c)
                masks[c.rank] |= bit
                self.last_receiver = p
            elif t == "own":
                own = piles[seat]
                rank = own[-1].rank
                j = len(own) - 1
                while j > 0 and own[j - 1].rank == rank:
                    j -= 1
                run = own[j:]
                del own[j:]
                bit = _PILE << seat
                masks[rank] &= ~bit
                if own:
                    masks[own[-1].rank] |= bit
                to = piles[left]
                bit = _PILE << left
                if to:
                    masks[to[-1].rank] &= ~bit
                to.append(c)
                to += run
                masks[rank] |= bit
                self.last_receiver = left
            else:  # middle, centre or discard: _capture's cards, their place bits with them
                rank = c.rank
                moved = [c]
                m = masks[rank]
                if m & _CENTRE and t != "discard":  # (the rank lies in the centre)
                    if take_all:
                        kept = []
                        for x in centre:
                            if x.rank == rank:
                                moved.append(x)
                            else:
                                kept.append(x)
                        centre[:] = kept
                        m &= ~_CENTRE
                    else:
                        for i, x in enumerate(centre):
                            if x.rank == rank:
                                moved.append(centre.pop(i))
                                break
                        if all(y.rank != rank for y in centre):
                            m &= ~_CENTRE
                masks[rank] = m
                if m & _DISCARD and t != "centre":  # (the live top of the discard pile has the rank)
                    j = len(discard) - 1
                    if run_depth:
                        while j > 0 and discard[j - 1].rank == rank:
                            j -= 1
                    moved += discard[j:]
                    del discard[j:]
                    masks[rank] &= ~_DISCARD
                    if not discard or not reveal:
                        self.discard_live = False
                    else:
                        masks[discard[-1].rank] |= _DISCARD
                to = piles[left]
                bit = _PILE << left
                if to:
                    masks[to[-1].rank] &= ~bit
                to += moved
                masks[rank] |= bit
                self.last_receiver = left
            seat = left
            rest -= 1
            if not rest:
                if not deal(masks):
                    return n
                seat = self.to_act
                assert seat is not None
                rest = self.round_cards * players
        self.to_act = seat
        return n

    def search_apply(self, move: ThreeFiftyMove) -> None:  # noqa: C901 (one call a move: no helper calls)
        """:meth:`apply` of a legal move without its move-log entry (``last_moves``) or labels: the
        search's fast path (issue #27, :mod:`meldtable.search.rollout`; tests/test_search_fast.py
        checks the same state as ``apply`` at every position of its playouts). Unchecked, as
        ``apply``. The places of :meth:`search_moves` (when kept) change with the cards."""
        seat = self.to_act
        assert seat is not None
        c = move.card
        left = seat + 1
        if left == self.rules.players:
            left = 0
        hand = self.hands[seat]
        k = hand[c] - 1
        if k:
            hand[c] = k
        else:
            del hand[c]
        t = move.target
        masks = self._search_masks
        if masks is None:
            masks = self._search_masks = self._search_places()
        if t is None:  # (a discard: the only move without a target)
            d = self.discard
            if d and self.discard_live:
                masks[d[-1].rank] &= ~_DISCARD
            d.append(c)
            self.discard_live = True
            masks[c.rank] |= _DISCARD
        elif t == "pile":
            p = move.pile
            assert p is not None
            pile = self.piles[p]
            bit = _PILE << p
            if pile:
                masks[pile[-1].rank] &= ~bit
            pile.append(c)
            masks[c.rank] |= bit
            self.last_receiver = p
        elif t == "own":
            piles = self.piles
            own = piles[seat]
            rank = own[-1].rank
            j = len(own) - 1
            while j > 0 and own[j - 1].rank == rank:
                j -= 1
            run = own[j:]
            del own[j:]
            bit = _PILE << seat
            masks[rank] &= ~bit
            if own:
                masks[own[-1].rank] |= bit
            to = piles[left]
            bit = _PILE << left
            if to:
                masks[to[-1].rank] &= ~bit
            to.append(c)
            to += run
            masks[rank] |= bit
            self.last_receiver = left
        else:  # middle, centre or discard: _capture's cards, their place bits with them
            r = self.rules
            rank = c.rank
            moved = [c]
            if t != "discard":
                centre = self.centre
                for i, x in enumerate(centre):
                    if x.rank == rank:
                        if r.take_all_matches:
                            moved += [y for y in centre if y.rank == rank]
                            centre[:] = [y for y in centre if y.rank != rank]
                            masks[rank] &= ~_CENTRE
                        else:
                            moved.append(centre.pop(i))
                            if all(y.rank != rank for y in centre):
                                masks[rank] &= ~_CENTRE
                        break
            if t != "centre":
                d = self.discard
                if d and self.discard_live and d[-1].rank == rank:
                    j = len(d) - 1
                    if r.discard_capture_depth == "run":
                        while j > 0 and d[j - 1].rank == rank:
                            j -= 1
                    moved += d[j:]
                    del d[j:]
                    masks[rank] &= ~_DISCARD
                    if not d or r.discard_reveal_next == "never":
                        self.discard_live = False
                    else:
                        masks[d[-1].rank] |= _DISCARD
            to = self.piles[left]
            bit = _PILE << left
            if to:
                masks[to[-1].rank] &= ~bit
            to += moved
            masks[rank] |= bit
            self.last_receiver = left
        self.to_act = left
        self._legal = None
        if not hand and not any(self.hands):
            self._search_deal(masks)

    def _search_deal(self, masks: list[int]) -> bool:  # noqa: C901 (seven calls a playout: no helper calls)
        """``deal_round`` (the state's; seed 'Austeilen der Karten') for the search's fast path:
        the same cards to the same places in the same order (each hand's cards counted in the
        order dealt), by slices of the stock instead of one card at a time; the new centre cards'
        place bits set; the end of the game (:func:`.search_count.end_game`, ``_end_game``'s
        state) when the stock cannot give every player a card. Whether the game goes on."""
        r = self.rules
        n = r.players
        stock = self.stock
        centre = self.centre
        need = CENTRE_SIZE - len(centre)
        if need < 0:
            need = 0
        left = len(stock)
        hands_first = r.refill_order == "hands_then_center"
        per = (left if hands_first else left - need if left > need else 0) // n
        if per > HAND_SIZE:
            per = HAND_SIZE
        if per == 0:
            self.set_aside.extend(reversed(stock))
            stock.clear()
            end_game(self)
            return False
        self.round += 1
        first = self.dealer + 1
        if first == n:
            first = 0
        self.dealer = first
        first += 1
        if first == n:
            first = 0
        if need and not hands_first:
            new = stock[:-need - 1:-1]
            del stock[-need:]
            centre += new
            for x in new:
                masks[x.rank] |= _CENTRE
            left -= need
        k = per * n
        stop: int | None = left - 1 - k  # (the cards come off the stock from its end)
        if stop is not None and stop < 0:
            stop = None
        hands = self.hands
        seat = first
        for j in range(left - 1, left - 1 - n, -1):
            cards = stock[j:stop:-n]
            if per == 4:  # (HAND_SIZE: the usual round)
                a, b, c, d = cards
                h = {a: 1, b: 1, c: 1, d: 1}
            else:
                h = dict.fromkeys(cards, 1)
            if len(h) < per:  # (two decks: a card twice in one hand)
                h = {}
                for x in cards:
                    h[x] = h.get(x, 0) + 1
            hands[seat] = h
            seat += 1
            if seat == n:
                seat = 0
        del stock[left - k:]
        if hands_first and need and stock:
            new = stock[:-need - 1:-1]
            del stock[-need:]
            centre += new
            for x in new:
                masks[x.rank] |= _CENTRE
        if per < HAND_SIZE:
            self.set_aside.extend(reversed(stock))
            stock.clear()
        self.round_cards = per
        self.to_act = first
        self._legal = None
        return True
