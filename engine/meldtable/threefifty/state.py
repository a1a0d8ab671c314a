"""``ThreeFiftyState``: dealing games and rounds, applying moves, copies (seed 003,
docs/rules/3-ist-50.md). Legality, scoring, views and saved games are mixins in rooms of their own
(:mod:`.legality`, :mod:`.scoring`, :mod:`.view`, :mod:`.saved`)."""

from __future__ import annotations

from typing import Any

from ..cards import Card, rank_name
from ..multiset import add as ms_add
from ..multiset import remove as ms_remove
from ..rng import Rng
from .legality import Legality
from .moves import ThreeFiftyMove
from .rules import CENTRE_SIZE, HAND_SIZE, HISTORY_KEEP, Rules, _top_run
from .saved import Saved
from .scoring import Scoring
from .search_steps import SearchSteps
from .view import Viewing

# ---------------------------------------------------------------------- state


class ThreeFiftyState(Legality, Scoring, Viewing, Saved, SearchSteps):
    """Whole-match state (mutable; :class:`meldtable.game.Game` wraps it). Seats ``0 .. n-1``; the
    left neighbour of seat ``s`` is ``(s + 1) % n`` and play passes to the left."""

    def __init__(self, rules: Rules, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        n = rules.players
        self.hand_number = 0
        self.first_dealer = n - 1  # set by deal_game: game g is first dealt by seat (n - 2 + g) % n
        self.dealer = self.first_dealer
        self.round = 0
        self.round_cards = 0
        self.scores = [0] * n
        self.results: list[dict[str, Any]] = []
        self.match_over = False
        self.winners: list[int] = []
        self.stock: list[Card] = []
        self.centre: list[Card] = []
        self.discard: list[Card] = []
        self.discard_live = False
        self.piles: list[list[Card]] = [[] for _ in range(n)]
        self.hands: list[dict[Card, int]] = [{} for _ in range(n)]
        self.set_aside: list[Card] = []
        self.to_act: int | None = 0
        self.hand_over = False
        self.last_receiver: int | None = None
        self.last_moves: list[dict[str, Any]] = []
        self._legal: list[ThreeFiftyMove] | None = None
        self._legal_set: frozenset[ThreeFiftyMove] = frozenset()
        self._search_masks: list[int] | None = None  # (the search's places: search_steps.py)

    # ------------------------------------------------------------------ dealing
    def deal_game(self) -> None:
        """Start the next game (core hand): shuffle the deck with the engine's generator (stream
        ``"deal <game>"``) and deal the first round. The first dealer moves one seat to the left
        each game; game 1 is dealt by the last seat, so seat 0 plays first."""
        r = self.rules
        n = r.players
        self.hand_number += 1
        self.first_dealer = (n - 1 + self.hand_number - 1) % n
        self.dealer = (self.first_dealer - 1) % n  # deal_round moves it on to first_dealer
        deck = r.deck()
        Rng(self.seed, f"deal {self.hand_number}").shuffle(deck)
        self.stock = deck
        self.centre = []
        self.discard = []
        self.discard_live = False
        self.piles = [[] for _ in range(n)]
        self.hands = [{} for _ in range(n)]
        self.set_aside = []
        self.round = 0
        self.round_cards = 0
        self.hand_over = False
        self.last_receiver = None
        self.last_moves = []
        self.deal_round()

    def deal_round(self) -> bool:
        """Deal the next round (seed 'Austeilen der Karten'): the seat left of the last dealer deals
        up to 4 cards to every player (all the same number; the surplus of the last round is set
        aside) and refills the centre to 4 cards, in the order of option ``refill_order``. Returns
        False (and ends the game) when the stock cannot give every player a card."""
        r = self.rules
        n = r.players
        stock = self.stock
        need = max(0, CENTRE_SIZE - len(self.centre))
        if r.refill_order == "hands_then_center":
            per = min(HAND_SIZE, len(stock) // n)
        else:
            per = min(HAND_SIZE, max(0, len(stock) - need) // n)
        if per == 0:
            self.set_aside.extend(reversed(stock))
            stock.clear()
            self._end_game()
            return False
        self.round += 1
        self.dealer = (self.dealer + 1) % n  # round 1: deal_game set it right of the first dealer
        first = self.left_of(self.dealer)
        if r.refill_order != "hands_then_center":
            for _ in range(need):
                self.centre.append(stock.pop())
        for _ in range(per):
            for i in range(n):
                ms_add(self.hands[(first + i) % n], [stock.pop()])
        if r.refill_order == "hands_then_center":
            for _ in range(min(need, len(stock))):
                self.centre.append(stock.pop())
        if per < HAND_SIZE:
            # seed: 'Bei der Letzten Runde ... GGF sind Karten die zu viel sind an die Seite zu legen'
            self.set_aside.extend(reversed(stock))
            stock.clear()
        self.round_cards = per
        self.to_act = first
        self._legal = None
        self._search_masks = None
        return True

    # ------------------------------------------------------------------ applying
    def apply(self, move: ThreeFiftyMove) -> None:
        """Apply a legal move (unchecked: call only with a move from :meth:`legal_moves`): a discard,
        a capture from the middle (:meth:`_capture`), from the own minus pile, or a card put on a
        minus pile; a new round is dealt when every hand is empty."""
        seat = self.to_act
        assert seat is not None
        c = move.card
        rank = c.rank
        left = self.left_of(seat)
        ms_remove(self.hands[seat], [c])
        t = move.target
        if move.kind == "discard":
            self.discard.append(c)
            self.discard_live = True
            label = f"discarded {c.text}"
        elif t in ("middle", "centre", "discard"):
            label = self._capture(c, t, left)
        elif t == "own":
            own = self.piles[seat]
            k = _top_run(own)
            run = own[-k:]
            del own[-k:]
            moved = [c] + run
            self.piles[left].extend(moved)
            self.last_receiver = left
            label = (
                f"played {c.text} with {k} {rank_name(rank, k != 1)} from own minus pile: "
                f"{len(moved)} cards to seat {left}'s minus pile"
            )
        else:  # target pile
            p = move.pile
            assert p is not None
            self.piles[p].append(c)
            self.last_receiver = p
            label = f"put {c.text} on {'own' if p == seat else f'seat {p}' + chr(39) + 's'} minus pile"
        self.to_act = left
        self._legal = None
        self._search_masks = None
        if not any(self.hands):
            # seed: 'Ist eine Runde zu Ende (Kein Spieler hat mehr eine Karte auf der Hand)'
            if self.deal_round():
                label += f"; round {self.round} dealt by seat {self.dealer}"
            else:
                label += "; the stock is used up: game over"
        self._record(seat, move, label)

    def _capture(self, c: Card, t: str, left: int) -> str:
        """A play of ``c`` onto the middle, centre or discard pile (``t``): the matching centre
        cards (all of them with option ``take_all_matches``) and the live top of the discard pile
        (its run of one rank with ``discard_capture_depth`` = ``run``) go with it onto the minus
        pile of seat ``left``. Returns the move-log label."""
        r = self.rules
        rank = c.rank
        from_centre: list[Card] = []
        from_discard: list[Card] = []
        if t in ("middle", "centre"):
            idx = [i for i, x in enumerate(self.centre) if x.rank == rank]
            if not r.take_all_matches:
                idx = idx[:1]
            from_centre = [self.centre[i] for i in idx]
            for i in reversed(idx):
                del self.centre[i]
        top = self._live_top()
        if t in ("middle", "discard") and top is not None and top.rank == rank:
            k = 1
            if r.discard_capture_depth == "run":
                k = _top_run(self.discard)
            from_discard = self.discard[-k:]
            del self.discard[-k:]
            if not self.discard or r.discard_reveal_next == "never":
                self.discard_live = False
        moved = [c] + from_centre + from_discard
        self.piles[left].extend(moved)
        self.last_receiver = left
        parts = []
        if from_centre:
            parts.append(" ".join(x.text for x in from_centre) + " from the centre")
        if from_discard:
            parts.append(" ".join(x.text for x in from_discard) + " from the discard pile")
        return f"played {c.text} with {' and '.join(parts)}: {len(moved)} cards to seat {left}'s minus pile"

    def _record(self, seat: int, move: ThreeFiftyMove, label: str) -> None:
        self.last_moves.append({"seat": seat, "text": str(move), "label": label})
        if len(self.last_moves) > HISTORY_KEEP:
            del self.last_moves[0]

    def copy(self) -> ThreeFiftyState:
        c = ThreeFiftyState.__new__(ThreeFiftyState)
        c.rules, c.seed = self.rules, self.seed
        c.hand_number, c.first_dealer, c.dealer = self.hand_number, self.first_dealer, self.dealer
        c.round, c.round_cards = self.round, self.round_cards
        c.scores, c.results = list(self.scores), [dict(x) for x in self.results]
        c.match_over, c.winners = self.match_over, list(self.winners)
        c.stock, c.centre, c.discard = list(self.stock), list(self.centre), list(self.discard)
        c.discard_live = self.discard_live
        c.piles = list(map(list, self.piles))
        c.hands = list(map(dict, self.hands))
        c.set_aside = list(self.set_aside)
        c.to_act, c.hand_over, c.last_receiver = self.to_act, self.hand_over, self.last_receiver
        c.last_moves = list(map(dict, self.last_moves))
        c._legal = None
        c._legal_set = frozenset()
        m = self._search_masks
        c._search_masks = None if m is None else list(m)
        return c

    def conservation(self) -> dict[Card, int]:
        """Multiset of every card (stock, centre, discard pile, minus piles, hands, set aside)."""
        allc: dict[Card, int] = {}
        for xs in (self.stock, self.centre, self.discard, self.set_aside, *self.piles):
            ms_add(allc, xs)
        for h in self.hands:
            for c, k in h.items():
                allc[c] = allc.get(c, 0) + k
        return allc


def new_state(rules: Rules, seed: int) -> ThreeFiftyState:
    """A new match, the first game's first round dealt."""
    s = ThreeFiftyState(rules, seed)
    s.deal_game()
    return s


State = ThreeFiftyState
