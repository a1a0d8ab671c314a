"""The continental lay-down planner against a brute-force search.

A contract is laid one combination at a time (a set of three or a run of four); the engine lists a
step only if the rest of the contract can still be laid in this turn, keeping a card to discard
when the options require one (``Packer`` in continental/planner.py). Here the same question is answered
by brute force: every way of picking the remaining combinations one by one from the hand, with
combinations generated independently from the seed's definitions. On random hands (several decks,
jokers, every contract, several option sets) the engine's legal lay-down steps must be exactly the
brute-force ones.
"""
from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

from meldtable.cards import JOKER, SUITS, Card, standard_deck
from meldtable.continental import ContinentalMove, Rules, contract_name, pos_rank
from positions_continental import PLAY_STAGE, position

OPTION_SETS = [
    {},
    {"going_out_discard": "required"},
    {"ace": "high_or_low", "max_jokers_per_run": 1},
    {"same_rank_sets": False, "same_suit_runs": False, "no_adjacent_jokers_in_run": True},
    {"max_jokers_per_set": 1, "game_length": "extended"},
]


class BruteLayDown:
    """The brute-force search of one hand's lay-down under ``rules``: every set and run read from
    the seed's definitions, tried one by one."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.floor = 1 if rules.going_out_discard == "required" else 0

    def set_ok(self, cards: tuple[Card, ...]) -> bool:
        nat = [c for c in cards if not c.is_joker]
        j = len(cards) - len(nat)
        return bool(nat) and len({c.rank for c in nat}) == 1 and (not self.rules.max_jokers_set or j <= self.rules.max_jokers_set)

    def set_candidates(self, h: tuple[str, ...]) -> list[tuple[str, tuple[str, ...], int | str]]:
        """Sets: every multiset of three hand cards."""
        out: list[tuple[str, tuple[str, ...], int | str]] = []
        seen = set()
        for i, a in enumerate(h):
            for j in range(i + 1, len(h)):
                for k in range(j + 1, len(h)):
                    trio = tuple(sorted((a, h[j], h[k])))
                    if trio in seen:
                        continue
                    seen.add(trio)
                    cs = tuple(Card.parse(x) for x in trio)
                    if self.set_ok(cs):
                        rank = next(c.rank for c in cs if not c.is_joker)
                        out.append(("set", trio, rank))
        return out

    def run_candidates(self, h: tuple[str, ...]) -> list[tuple[str, tuple[str, ...], int | str]]:
        """Runs: every window of four positions, each a natural of the hand or a joker."""
        cards = [Card.parse(x) for x in h]
        have = set(cards)
        jokers = sum(1 for c in cards if c.is_joker)
        out: list[tuple[str, tuple[str, ...], int | str]] = []
        starts = range(1, 14) if self.rules.wrap else range(1, 12)
        for suit in SUITS:
            for lo in starts:
                options = []
                for p in range(4):
                    c = Card(pos_rank(lo + p), suit)
                    options.append([c, JOKER] if c in have else [JOKER])
                for layout in itertools.product(*options):
                    nj = sum(1 for x in layout if x.is_joker)
                    if nj > jokers or nj == 4 or not self.rules.jokers_ok_run(layout):
                        continue
                    out.append(("run", tuple(x.text for x in layout), suit))
        return out

    def candidates(self, h: tuple[str, ...]) -> list[tuple[str, tuple[str, ...], int | str]]:
        return self.set_candidates(h) + self.run_candidates(h)

    @staticmethod
    def without(h: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, ...] | None:
        """The hand ``h`` less ``cards`` (sorted), or None if it does not hold them."""
        rest = list(h)
        try:
            for c in cards:
                rest.remove(c)
        except ValueError:
            return None
        return tuple(sorted(rest))

    @cache  # noqa: B019 - one instance per call of brute_steps, dropped with its cache
    def feasible(self, h: tuple[str, ...], s: int, r: int, ranks: frozenset[int | str], suits: frozenset[int | str]) -> bool:
        if s == 0 and r == 0:
            return len(h) >= self.floor
        for kind, cards, key in self.candidates(h):
            if kind == "set" and (not s or (not self.rules.same_rank_sets and key in ranks)):
                continue
            if kind == "run" and (not r or (not self.rules.same_suit_runs and key in suits)):
                continue
            nxt = self.without(h, cards)
            if nxt is None:
                continue
            if kind == "set" and self.feasible(nxt, s - 1, r, ranks | {key}, suits):
                return True
            if kind == "run" and self.feasible(nxt, s, r - 1, ranks, suits | {key}):
                return True
        return False


def brute_steps(rules: Rules, hand: tuple[str, ...], sets: int, runs: int) -> set[str]:
    brute = BruteLayDown(rules)
    steps = set()
    h = tuple(sorted(hand))
    for kind, cards, key in brute.candidates(h):
        if kind == "set" and not sets or kind == "run" and not runs:
            continue
        nxt = brute.without(h, cards)
        if nxt is None:
            continue
        ok = brute.feasible(nxt, sets - 1, runs, frozenset({key}), frozenset()) if kind == "set" else \
            brute.feasible(nxt, sets, runs - 1, frozenset(), frozenset({key}))
        if ok:
            steps.add(str(ContinentalMove(kind, tuple(Card.parse(x) for x in cards))))
    return steps


def other_hand(hand: list[str]) -> list[str]:
    return [next(c for c in ("KS", "QS", "JS", "TS", "9S", "KC") if c not in hand)]


def random_hand(rng: random.Random, size: int, jokers: int, suits: str) -> list[str]:
    deck = [c.text for c in standard_deck(2, 0) if c.suit in suits]
    return rng.sample(deck, size - jokers) + ["JK"] * jokers


def planted_hand(rng: random.Random, sets: int, runs: int, extra: int) -> list[str]:
    """A hand that holds the contract (jokers mixed in), plus ``extra`` cards, sometimes with one
    card swapped for a random one so that it is just short of it."""
    pool = [c.text for c in standard_deck(2, 2)]
    hand: list[str] = []

    def take(text: str) -> None:
        if text in pool:
            pool.remove(text)
            hand.append(text)
        else:
            take("JK" if "JK" in pool else rng.choice(pool))

    for _ in range(sets):
        rank = rng.choice("A23456789TJQK")
        for _ in range(3):
            take("JK" if rng.random() < 0.15 else rank + rng.choice("CDHS"))
    for _ in range(runs):
        suit, lo = rng.choice("CDHS"), rng.randrange(1, 14)
        for p in range(4):
            take("JK" if rng.random() < 0.15 else Card(pos_rank(lo + p), suit).text)
    for _ in range(extra):
        take(rng.choice(pool))
    if rng.random() < 0.35:
        hand.remove(rng.choice(hand))
        take(rng.choice(pool))
    return hand


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
def test_laydown_steps_match_brute_force(options: dict[str, object]) -> None:
    rules_probe = position(hands=[["4C"], ["5C"]], turn=PLAY_STAGE, options=options).state.rules
    deals = range(1, rules_probe.deals + 1)
    rng = random.Random(len(str(options)))
    checked = offered = 0
    trials = 45 if options.get("game_length") == "extended" else 90
    for trial in range(trials):
        deal = rng.choice(list(deals))
        sets, runs = rules_probe.contract(deal)
        need = 3 * sets + 4 * runs
        size = need + rng.choice([-1, 0, 1, 1, 2, 3])
        size = min(size, 14)
        jokers = rng.choice([0, 0, 1, 1, 2, 3])
        suits = rng.choice(["CDHS", "HS", "H", "CD"])
        if trial % 3:
            hand = planted_hand(rng, sets, runs, max(0, size - need))
        else:
            hand = random_hand(rng, size, jokers, suits)
        g = position(hands=[hand, other_hand(hand)], hand_number=deal, turn=PLAY_STAGE, options=options)
        engine = {str(m) for m in g.legal_moves() if m.kind in ("set", "run")}
        expect = brute_steps(g.state.rules, tuple(hand), sets, runs)
        assert engine == expect, (deal, contract_name(sets, runs), sorted(hand), sorted(engine ^ expect))
        checked += 1
        offered += bool(engine)
    assert checked == trials and offered >= trials // 4


def test_half_laid_contract_matches_brute_force() -> None:
    """After the first step the remaining steps are exactly the brute-force ones too."""
    rng = random.Random(7)
    n = 0
    for _ in range(300):
        deal = rng.choice([2, 5, 6, 7])
        g0 = position(hands=[["4C"], ["5C"]], turn=PLAY_STAGE)
        sets, runs = g0.state.rules.contract(deal)
        hand = planted_hand(rng, sets, runs, 1)
        g = position(hands=[hand, other_hand(hand)], hand_number=deal, turn=PLAY_STAGE)
        steps = [m for m in g.legal_moves() if m.kind in ("set", "run")]
        if not steps:
            continue
        first = rng.choice(steps)
        g.play(first)
        left = [c.text for c, k in g.state.hands[0].items() for _ in range(k)]
        s2, r2 = (sets - 1, runs) if first.kind == "set" else (sets, runs - 1)
        engine = {str(m) for m in g.legal_moves()}
        expect = brute_steps(g.state.rules, tuple(left), s2, r2)
        assert engine == expect and engine
        n += 1
        if n >= 25:
            break
    assert n >= 25
