"""The draw stage of a canasta turn: ``draw`` from the stock, ``take`` the discard pile (the top
card with two hand cards, or onto the side's meld; blocked, frozen, the initial meld's minimum),
``pass`` once the stock is used up: each with its enumeration and its check side by side.
"""

from __future__ import annotations

from ..cards import RANKS, Card
from ..multiset import add as ms_add
from ..multiset import remove as ms_remove
from .legal_going_out import TurnEnd
from .legal_kit import _combos, _item_index
from .moves import Move
from .reasons import Refusal, Verdict, refuse
from .values import CANASTA_SIZE, THREE, card_value, is_red_three, is_wild


class TakeRoom(TurnEnd):
    """``draw``, ``take`` and ``pass``: enumeration (:meth:`_take_moves`) and checks."""

    def _take_moves(self) -> list[Move]:  # noqa: C901
        r = self.rules
        t = self.turn
        if not self.pile:
            return []
        top = self.pile[-1]
        if top.rank == THREE:
            return []  # seed 000: never when the top is a black three
        wild_top = top.rank == 0 or top.rank == 2
        if wild_top and r.wild_top_take != "two_naturals":
            return []  # seed 000: never when the top is a wild card
        initial = self._initial_pending()
        if initial and r.pile_before_initial_meld == "forbidden":
            return []
        side = r.side_of[t.seat]
        hand = self.hands[t.seat]
        if wild_top:
            # seed 001 'mit der obersten Karte und zwei natürlichen Handkarten gleichen Ranges eine
            # Meldung zu machen' (option wild_top_take): two naturals of one rank, checked in full
            pairs: dict[int, list[tuple[Card, int]]] = {}
            for item in hand.items():
                rk = item[0].rank
                if rk not in (0, 2, THREE):
                    pairs.setdefault(rk, []).append(item)
            out_w = []
            for items in pairs.values():
                if sum(n for _, n in items) >= 2:
                    for used_w in _combos(tuple(sorted(items, key=_item_index)), 2):
                        if self._take_ok(top, used_w) is None:
                            out_w.append(Move.make("take", used_w))
            return out_w
        if r.blocking_ranks != "none" and top.rank in self.blocking_ranks(side):
            return []  # seed 004 'Sperrkarten' (research C26)
        frozen = self._frozen(initial)
        rank = top.rank
        naturals: list[tuple[Card, int]] = []
        wilds: list[tuple[Card, int]] = []
        for item in hand.items():  # (one loop: cheaper than two generators)
            rk = item[0].rank
            if rk == rank:
                naturals.append(item)
            elif rk == 0 or rk == 2:
                wilds.append(item)
        if len(naturals) > 1:
            naturals.sort(key=_item_index)
        candidates: list[tuple[Card, ...]] = list(_combos(tuple(naturals), 2))
        if not frozen and r.take_pile_with_natural_and_wild:
            if len(wilds) > 1:
                wilds.sort(key=_item_index)
            for (nat, _) in naturals:
                for (w, _) in wilds:
                    candidates.append((nat, w))
        if not frozen and r.take_pile_onto_own_meld and rank in self.melds[side]:
            candidates.append(())
        if not candidates:
            return []
        # outside a pending initial meld, a take that leaves two or more cards in hand is legal
        # exactly when the meld it makes is valid (see _take_ok); anything else asks _take_ok
        melds = self.melds[side]
        if rank in melds:
            with_pair = melds.get(self._take_key(side, rank, True))
            onto = melds.get(self._take_key(side, rank, False))
        else:
            with_pair = onto = None  # (no meld of the rank: the take opens one)
        # (the top is no red three: those are never taken, and list.count runs in C)
        after = sum(hand.values()) + len(self.pile) - 1 - self.pile.count(_RED_3D) - self.pile.count(_RED_3H)
        out = []
        for used in candidates:
            if not initial and after - len(used) >= 2:
                existing = with_pair if used else onto
                nw = 0
                for c in used:
                    if c.rank == 0 or c.rank == 2:
                        nw += 1
                nat0 = existing.naturals if existing else 0
                wild0 = existing.wilds if existing else 0
                ok = r.meld_ok(nat0 + 1 + len(used) - nw, wild0 + nw)
            else:
                ok = self._take_ok(top, used) is None
            if ok:
                out.append(Move.make("take", used))
        return out

    def _take_forced(self, takes: list[Move]) -> bool:
        """With the stock used up (``play_on_discards``), taking the pile is obligatory when its top
        card goes onto the side's meld of that rank (pagat: "must take the discard if it can be
        added to one of his side's melds"; research C24); ``takes``: the legal takes."""
        side = self.side_of(self.turn.seat)
        top = self.pile[-1]
        return bool(takes) and not is_wild(top) and top.rank in self.melds[side]

    def _take_ok(self, top: Card, used: tuple[Card, ...]) -> Verdict:
        """``None`` if taking the pile with ``used`` hand cards is legal, else why not: the meld it
        makes, the hand floor, the initial-meld minimum (seed 004 '(Achtung, minimale Punktzahl!)')."""
        r = self.rules
        t = self.turn
        side = self.side_of(t.seat)
        rank = self._take_rank(top, used)
        top_wild = 1 if is_wild(top) else 0
        existing = self.melds[side].get(self._take_key(side, rank, bool(used)))
        nat = (existing.naturals if existing else 0) + 1 - top_wild + sum(1 for c in used if not is_wild(c))
        wild = (existing.wilds if existing else 0) + top_wild + sum(1 for c in used if is_wild(c))
        if not r.meld_ok(nat, wild):
            return refuse("meld_invalid")
        if r.closed_canastas and existing and existing.size >= CANASTA_SIZE and nat > existing.naturals:
            # (a wild card on top taken with two naturals onto a finished canasta)
            return refuse("add_blocking_canasta", rank=RANKS[rank - 1])
        incoming = [c for c in self.pile[:-1] if not is_red_three(c)]
        hand_after = sum(self.hands[t.seat].values()) - len(used) + len(incoming)
        size_after = nat + wild
        canastas_after = self.canastas(side) + (
            1 if size_after >= CANASTA_SIZE and not (existing and existing.is_canasta) else 0
        )
        initial = self._initial_pending()
        counted = 0
        if initial:
            counted = card_value(top) + sum(card_value(c) for c in used)
        min_ok = not initial or counted >= self.minimum(side)
        exempt_take = initial and r.concealed_going_out_exemption == "always"
        finisher = False
        if hand_after == 1 and r.meld_after_pile_take:  # (else the last card cannot be added after the take)
            rest = dict(self.hands[t.seat])
            ms_remove(rest, used)
            ms_add(rest, incoming)
            (last,) = rest
            nat0 = existing.naturals if existing else 0
            wild0 = existing.wilds if existing else 0
            finisher = self._finisher(side, last, (rank, nat - nat0, wild - wild0), canastas_after)
        if not self._floor_ok(hand_after, canastas_after, min_ok, exempt_take, finisher):
            return self._floor_reason(hand_after, canastas_after)
        if initial and not min_ok:
            if not r.meld_after_pile_take or r.initial_take_minimum == "take_meld":
                return self._take_short(side, counted)  # seed 004 '(Achtung, minimale Punktzahl!)': the take itself must reach it
            hand = dict(self.hands[t.seat])
            ms_remove(hand, used)
            countable = dict(hand)
            ms_add(hand, incoming)
            pending = self._pending_melds(side)
            pending[self._take_key(side, rank, bool(used)) if r.closed_canastas else rank] = (nat, wild)
            exempt = r.concealed_going_out_exemption == "always"
            if not self._reachable(hand, countable, pending, self.minimum(side) - counted, exempt):
                return self._take_short(side, counted)
        return None

    def _why_draw(self, move: Move) -> Verdict:
        """``draw``: from the stock while it lasts."""
        if self.stock:
            return None
        return refuse("stock_empty")

    def _why_pass(self, move: Move) -> Verdict:
        """``pass``: with the stock used up (option ``stock_exhausted`` = ``play_on_discards``) a
        player who does not take the pile passes, unless taking it is obligatory (:meth:`_take_forced`)."""
        t = self.turn
        if t.stage != "draw" or self.stock or self.rules.stock_exhausted != "play_on_discards":
            return refuse("pass_not_now")
        if not self._take_forced(self._take_moves()):
            return None
        return refuse("take_forced")

    def _why_take(self, move: Move) -> Verdict:  # noqa: C901
        """``take``: the discard pile, in the order a player would look (the top card, a blocked or
        frozen pile, the cards taken with it, the initial meld's minimum), then :meth:`_take_ok`."""
        t = self.turn
        side = self.side_of(t.seat)
        r = self.rules
        if not self.pile:
            return refuse("pile_empty")
        top = self.pile[-1]
        if is_red_three(top):
            return refuse("pile_red_three")
        if top.rank == THREE:
            return refuse("pile_blocked")
        initial = self._initial_pending()
        minimum = self.minimum(side)
        if is_wild(top):
            if r.wild_top_take != "two_naturals":
                return refuse("pile_wild_top")
            if initial and r.pile_before_initial_meld == "forbidden":
                return refuse("pile_before_initial")
            nats = [c for c in move.cards if not is_wild(c)]
            if len(move.cards) != 2 or len(nats) != 2 or nats[0].rank != nats[1].rank or nats[0].rank == THREE:
                return refuse("wild_top_pair")
            points = card_value(top) + sum(card_value(c) for c in move.cards)
            if (initial and (not r.meld_after_pile_take or r.initial_take_minimum == "take_meld")
                    and points < minimum):
                return refuse("initial_minimum_take", minimum=minimum, points=points)
            return self._take_ok(top, move.cards)
        if top.rank in self.blocking_ranks(side):
            return refuse("pile_blocking_rank", rank=RANKS[top.rank - 1])
        frozen = self._frozen(initial)
        rank = top.rank
        p = {"rank": RANKS[rank - 1]}
        if initial and r.pile_before_initial_meld == "forbidden":
            return refuse("pile_before_initial")
        if any(c.rank != rank for c in move.cards if not is_wild(c)):
            return refuse("take_rank", **p)
        nat = sum(1 for c in move.cards if not is_wild(c))
        if move.cards and nat == 0:
            return refuse("take_pair", **p)
        if not move.cards and not r.take_pile_onto_own_meld:
            return refuse("take_onto_meld_off", **p)
        if frozen and nat < 2:
            return refuse("pile_frozen", because="initial" if initial and not self.pile_wilds else "wild", **p)
        if nat < 2 and move.cards and not r.take_pile_with_natural_and_wild:
            return refuse("pile_needs_pair", **p)
        if not move.cards and rank not in self.melds[side]:
            return refuse("take_no_meld", **p)
        if (initial and (not r.meld_after_pile_take or r.initial_take_minimum == "take_meld")
                and card_value(top) + sum(card_value(c) for c in move.cards) < minimum):
            points = card_value(top) + sum(card_value(c) for c in move.cards)
            return refuse("initial_minimum_take", minimum=minimum, points=points)
        if not move.cards and frozen:
            return refuse("pile_frozen", because="initial" if initial and not self.pile_wilds else "wild", **p)
        return self._take_ok(top, move.cards)

    def _take_short(self, side: int, points: int) -> Refusal:
        """A take whose meld, and the turn after it, cannot reach the initial-meld minimum (the
        points of the top card and the hand cards taken with it: ``points``)."""
        return refuse("initial_minimum", counted="take", minimum=self.minimum(side), points=points)


_DRAW = Move.make("draw")
_PASS = Move.make("pass")
_RED_3D, _RED_3H = Card.parse("3D"), Card.parse("3H")
