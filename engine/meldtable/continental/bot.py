"""Continental's computer player."""

from __future__ import annotations

from typing import Any

from ..cards import Card, parse_cards
from ..multiset import add as ms_add
from ..multiset import counted
from .moves import ContinentalMove
from .planner import Packer
from .rules import RUN, RUN_MAX, SET, Rules, pos_rank


class ContinentalBot:
    """Rule-based continental player. It decides from its seat's view and legal moves only:
    lays its contract down as soon as it can (natural cards before jokers), then adds every card
    it can and exchanges jokers; takes or claims a discard that completes its contract or
    clearly helps it (takes and claims that pay); discards the least useful card, the highest in
    points first, but never the card it took from the discard pile in this turn
    (``view.turn.taken``) nor a copy of it, so it never takes a discard only to throw it back.
    The rules allow that by default (seed 002 »eine der Handkarten«, option
    ``forbid_discarding_taken_card`` = false; issue #24); a deal between computer players
    therefore never repeats a position by take and throw-back (tests/test_continental_stall_hunt.py)."""

    def decide(self, view: dict[str, Any], legal: list[ContinentalMove]) -> ContinentalMove:
        if len(legal) == 1:
            return legal[0]
        self.rules = Rules(view["options"], view["players"])
        self.view = view
        self.hand = counted(parse_cards(view["hand"]))
        c = view["contract"]
        self.contract = (c["sets"], c["runs"])
        me = view["seat"]
        self.down = view["seats"][me]["down"]
        by_kind: dict[str, list[ContinentalMove]] = {}
        for m in legal:
            by_kind.setdefault(m.kind, []).append(m)
        phase = view["phase"]
        top = Card.parse(view["discard"]["top"]) if view["discard"]["top"] else None
        if phase == "claim":
            return self._claim(top, by_kind)
        if phase == "draw":
            return self._draw(top, by_kind)
        return self._play(by_kind, legal)

    # ------------------------------------------------------------ helpers
    def _contract_ready(self, hand: dict[Card, int], spare: int) -> bool:
        sets, runs = self.contract
        return Packer(self.rules, hand).feasible((), sets, runs, spare)

    def _fits_table(self, card: Card) -> bool:
        for s in self.view["seats"]:
            for cb in s["combos"]:
                if card.is_joker:
                    return True
                if cb["kind"] == SET:
                    if card.rank_text == cb["rank"]:
                        return True
                    continue
                reps = cb["represents"]
                if len(reps) >= RUN_MAX:
                    continue
                first, last = Card.parse(reps[0]), Card.parse(reps[-1])
                if card.suit != first.suit:
                    continue
                if pos_rank(first.rank - 1) == card.rank or pos_rank(last.rank + 1) == card.rank:
                    return True
        return False

    def usefulness(self, card: Card, hand: dict[Card, int]) -> float:
        """How much ``card`` helps towards this deal's contract (``hand`` without it)."""
        if card.is_joker:
            return 100.0
        sets, runs = self.contract
        score = 0.0
        if sets:
            same = sum(n for c, n in hand.items() if not c.is_joker and c.rank == card.rank)
            score = max(score, (0.0, 2.5, 4.5, 5.0)[min(same, 3)])
        if runs:
            near = 0.0
            seen: set[int] = set()
            for c in hand:
                if c.is_joker or c.suit != card.suit or c.rank == card.rank or c.rank in seen:
                    continue
                d = (c.rank - card.rank) % 13
                d = min(d, 13 - d)
                if not self.rules.wrap:
                    d = abs(c.rank - card.rank)
                    if card.rank == 1 or c.rank == 1:
                        d = min(d, 14 - max(c.rank, card.rank))
                if 1 <= d <= 3:
                    seen.add(c.rank)
                    near += (0, 2.0, 1.4, 0.8)[d]
            score = max(score, min(near, 5.0))
        if self._fits_table(card):
            score += 0.5
        return score

    def _hand_without(self, card: Card) -> dict[Card, int]:
        h = dict(self.hand)
        if h.get(card, 0) > 1:
            h[card] -= 1
        else:
            h.pop(card, None)
        return h

    # ------------------------------------------------------------ decisions
    def _claim(self, top: Card | None, by_kind: dict[str, list[ContinentalMove]]) -> ContinentalMove:
        passes = by_kind["pass"][0]
        if top is None or self.down or "claim" not in by_kind:
            return passes
        me = self.view["seats"][self.view["seat"]]
        size = sum(self.hand.values())
        need = self.rules.hand_size(self.view["hand_number"])
        with_top = dict(self.hand)
        ms_add(with_top, [top])
        if self._contract_ready(with_top, 0):
            return by_kind["claim"][0]
        if top.is_joker and size <= need + 2:
            return by_kind["claim"][0]
        if self.usefulness(top, self.hand) >= 4.5 and size <= need + 2 and me["claims"] < 3:
            return by_kind["claim"][0]
        return passes

    def _draw(self, top: Card | None, by_kind: dict[str, list[ContinentalMove]]) -> ContinentalMove:
        draw = by_kind.get("draw", [None])[0]
        take = by_kind.get("take", [None])[0]
        if take is None or top is None:
            return draw or next(iter(by_kind.values()))[0]
        if draw is None:
            return take
        if self.down:
            return take if self._fits_table(top) and not top.is_joker else draw
        if top.is_joker:
            return take
        with_top = dict(self.hand)
        ms_add(with_top, [top])
        spare = 1 if self.rules.going_out_discard == "required" else 0
        if self._contract_ready(with_top, max(spare, 1)):
            return take
        gain = self.usefulness(top, self.hand)
        worst = min(self.usefulness(c, self._hand_without(c)) for c in self.hand)
        return take if gain >= 2.5 and gain > worst + 1 else draw

    def _play(self, by_kind: dict[str, list[ContinentalMove]], legal: list[ContinentalMove]) -> ContinentalMove:
        lays = by_kind.get(SET, []) + by_kind.get(RUN, [])
        view = self.view
        turn = view["turn"] or {}
        if turn.get("place_joker_from"):
            adds = by_kind.get("add", legal)
            sets_first = sorted(adds, key=lambda m: (self._combo_kind(m.target) != SET, str(m)))
            return sets_first[0]
        if lays and (not self.down or turn.get("laying_down")):
            return min(lays, key=lambda m: (sum(c.is_joker for c in m.cards),
                                            -sum(self.rules.value(c) for c in m.cards), str(m)))
        adds = by_kind.get("add", [])
        natural_adds = [m for m in adds if not m.cards[0].is_joker]
        if natural_adds:
            return max(natural_adds, key=lambda m: (self.rules.value(m.cards[0]), str(m)))
        if by_kind.get("swap"):
            return by_kind["swap"][0]
        if adds:
            return min(adds, key=lambda m: (self._combo_kind(m.target) != SET, str(m)))
        if lays:  # extra melds once down (option)
            return min(lays, key=lambda m: (sum(c.is_joker for c in m.cards), str(m)))
        discards = by_kind.get("discard", legal)
        taken = turn.get("taken")
        if taken and any(m.cards[0].text != taken for m in discards):
            # never take a discard only to throw it back (whatever forbid_discarding_taken_card says)
            discards = [m for m in discards if m.cards[0].text != taken]

        return min(discards, key=self._discard_cost)

    def _discard_cost(self, m: ContinentalMove) -> tuple[float, int, str]:
        """The order in which discard ``m`` is chosen (the lowest first): the card's use to the
        contract (nothing once down; a joker is kept), then the higher points, then the text."""
        c = m.cards[0]
        use = 0.0 if self.down else self.usefulness(c, self._hand_without(c))
        if c.is_joker:
            use = 1000.0
        return (use, -self.rules.value(c), str(m))

    def _combo_kind(self, target: str | None) -> str | None:
        for s in self.view["seats"]:
            for cb in s["combos"]:
                if cb["id"] == target:
                    return str(cb["kind"])
        return None


def choose_move(view: dict[str, Any], legal: list[ContinentalMove]) -> ContinentalMove:
    """The family's computer player (see :class:`ContinentalBot`)."""
    return ContinentalBot().decide(view, legal)
