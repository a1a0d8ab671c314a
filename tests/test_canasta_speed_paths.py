"""The shortcuts canasta.py takes for speed give exactly the answers of the plain paths:

* ``_Plan.without`` (the planner's grouping of a hand, reduced by a move's cards) equals a plan
  built from the reduced hand, down to the order of its groups (tie-breaks follow it);
* ``_Plan.quick_reachable`` (a sufficient condition tried before the initial-meld planner) never
  says yes where the planner says no: every initial-meld check on random pending hands (up to 80
  cards, with and without melds of the side) gets the same verdict with and without it;
* once the turn must end by going out, natural adds and natural new melds are judged from the final
  discards going out allows before the move (``_out_ok_after``): the same legal moves as a
  ``_going_out_check`` per move.

Long versions of both checks ran 150,000 and 360,000 cases (docs/performance.md); these are
CI-sized samples.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from random import Random
from typing import Any

import pytest
from pytest import MonkeyPatch

import meldtable
import meldtable.canasta.planner as P
import meldtable.canasta.planner_out as PO
import meldtable.canasta.state as S
from meldtable.canasta.moves import card_order
from meldtable.canasta.rules import Rules
from meldtable.cards import Card, standard_deck
from meldtable.multiset import counted, remove


def test_plan_without_equals_a_fresh_plan() -> None:
    rules = meldtable.new_game("canasta-two-hand", players=2, seed=1).state.rules
    deck = [c for c in standard_deck(2, 2) if not (c.rank == 3 and c.is_red)]
    rng = random.Random(1)
    for _ in range(6000):
        hand_list = rng.sample(deck, rng.randint(3, 40))
        hand = counted(hand_list)
        countable = {c: k for c, k in ((c, rng.randint(0, n)) for c, n in hand.items()) if k}
        base = P.Plan(rules, hand, countable, {})
        base.prepare_without(hand)
        cards = tuple(sorted(rng.sample(hand_list, rng.randint(1, min(3, len(hand_list)))), key=card_order))
        p = base.without(cards, countable, {})
        assert p is not None
        reduced = dict(hand)
        remove(reduced, cards)
        cnt = dict(countable)
        for c in cards:
            if cnt.get(c, 0):
                cnt[c] -= 1
        q = P.Plan(rules, reduced, {c: n for c, n in cnt.items() if n}, {})
        assert list(p.c.items()) == list(q.c.items()) and list(p.u.items()) == list(q.u.items())
        assert p.wild == q.wild and p.blacks == q.blacks


def _pending_hands(n: int, seed: int) -> Iterator[str]:
    base = json.loads(meldtable.new_game("canasta-two-hand", players=2, seed=1).to_json())
    deck = [c.text for c in standard_deck(2, 2) if c.text not in ("3D", "3H")]
    rng = random.Random(seed)
    for _ in range(n):
        d = json.loads(json.dumps(base))
        cards = list(deck)
        rng.shuffle(cards)
        k = rng.randint(4, 80)
        h0, h1, rest = cards[:k], cards[k:k + 15], cards[k + 15:]
        melds0: list[dict[str, Any]] = []
        for _ in range(rng.choice([0, 0, 1, 2])):
            rank = rng.choice("A456789TJQK")
            nat = [c for c in rest if c[0] == rank][:3]
            if len(nat) == 3 and not any(m["rank"] == rank for m in melds0):
                for c in nat:
                    rest.remove(c)
                melds0.append({"rank": rank, "cards": nat})
        d["state"].update({
            "scores": [rng.choice([-10, 0, 1600, 3200]), 0], "stock": rest + ["3D", "3D", "3H", "3H"],
            "discard_pile": [], "hands": [h0, h1], "melds": [melds0, []], "red_threes": [[], []],
            "melded": [False, False], "last_moves": [],
            "turn": {"seat": 0, "stage": "play", "took_pile": False, "from_stock": True, "initial": True,
                     "initial_points": rng.choice([0, 0, 20, 40]),
                     "countable": [c for c in h0 if rng.random() < rng.choice([0.2, 0.6, 1.0])]},
        })
        yield json.dumps(d)


def test_quick_reachable_never_changes_a_verdict(monkeypatch: MonkeyPatch) -> None:
    seen: Counter[Any] = Counter()
    plain = S.CanastaState._after_meld_check
    quick = P.Plan.quick_reachable

    def both(self: S.CanastaState, *args: Any) -> Any:
        with_quick = plain(self, *args)
        monkeypatch.setattr(P.Plan, "quick_reachable", lambda *a, **k: False)
        try:
            without_quick = plain(self, *args)
        finally:
            monkeypatch.setattr(P.Plan, "quick_reachable", counting)
        assert with_quick == without_quick, args
        return with_quick

    def counting(self: P.Plan, *args: Any) -> bool:
        answer = quick(self, *args)
        seen[answer] += 1
        return answer

    monkeypatch.setattr(S.CanastaState, "_after_meld_check", both)
    monkeypatch.setattr(P.Plan, "quick_reachable", counting)
    loaded = 0
    for text in _pending_hands(400, 7):
        try:
            g = meldtable.Game.from_json(text)  # (checks legal moves already)
        except meldtable.StateError:
            continue  # a random position that cannot go on
        g.legal_moves()
        loaded += 1
    assert loaded > 200 and seen[True] > 1000 and seen[False] > 100, (loaded, seen)


def _going_out_hands(n: int, seed: int) -> Iterator[str]:
    """Positions whose turn must end by going out (black threes melded, initial meld made): melds
    of several ranks (some canastas), a hand of 2 to 14 cards mostly of those ranks."""
    base = json.loads(meldtable.new_game("canasta-two-hand", players=2, seed=1).to_json())
    rng = random.Random(seed)
    for _ in range(n):
        d = json.loads(json.dumps(base))
        cards = [c.text for c in standard_deck(2, 2) if c.text not in ("3D", "3H")]
        rng.shuffle(cards)
        for c in ("3C", "3C", "3S"):
            cards.remove(c)
        wilds = [c for c in cards if c[0] == "2" or c == "JK"]
        melds0 = [{"rank": "3", "cards": ["3C", "3C", "3S"]}]
        ranks = rng.sample("A456789TJQK", rng.randint(3, 9))
        for rank in ranks:
            nat = [c for c in cards if c[0] == rank and c != "JK"][:rng.choice([3, 3, 4, 5, 6, 7, 7])]
            w = wilds[:rng.choice([0, 0, 1, 2]) if len(nat) >= 4 else 0]
            for c in nat + w:
                cards.remove(c)
                if c in wilds:
                    wilds.remove(c)
            melds0.append({"rank": rank, "cards": nat + w})
        size = rng.randint(2, 14)
        onto = [c for c in cards if c[0] in ranks]
        hand = onto[:size - rng.randint(0, 3)]
        for c in hand:
            cards.remove(c)
        hand += cards[:size - len(hand)]
        cards = cards[size - len(hand):]
        h1, rest = cards[:15], cards[15:]
        d["state"].update({
            "scores": [0, 0], "stock": rest + ["3D", "3D", "3H", "3H"],
            "discard_pile": [], "hands": [hand, h1], "melds": [melds0, []], "red_threes": [[], []],
            "melded": [True, False], "last_moves": [],
            "turn": {"seat": 0, "stage": "play", "took_pile": False, "from_stock": True, "initial": False,
                     "initial_points": 0, "countable": []},
        })
        yield json.dumps(d)


def same_moves_without(monkeypatch: MonkeyPatch, texts: Iterable[str], method: str, replacement: Callable[..., Any]) -> int:
    """Asserts that each saved position of `texts` (JSON) has the same legal moves with the
    shortcut `CanastaState.<method>` as with `replacement` in its place (the slow path);
    returns how many positions were compared (those that load)."""
    compared = 0
    for text in texts:
        try:
            g = meldtable.Game.from_json(text)
        except meldtable.StateError:
            continue  # a random position that cannot go on
        st = g.state
        st._legal = None
        with_shortcut = st.legal_moves()
        with monkeypatch.context() as m:
            m.setattr(S.CanastaState, method, replacement)
            st._legal = None
            plain = st.legal_moves()
        assert [str(x) for x in with_shortcut] == [str(x) for x in plain], text
        compared += 1
    return compared


def test_going_out_discards_give_the_going_out_checks_verdicts(monkeypatch: MonkeyPatch) -> None:
    """Once the turn must end by going out, natural adds and natural new melds are judged from
    the final discards going out allows before the move (``_out_ok_after``), adds of a wild card
    by the planner of the hand before the move with that card moved onto the meld
    (``_out_after_wild_add``), and no add or meld at all when going out is impossible before the
    move (no plan can come back after one): every position's legal moves equal those of the plain
    path (a ``_going_out_check`` per move), with each shortcut and both verdicts seen."""
    seen: Counter[Any] = Counter()
    natural, wild, discards = S.CanastaState._out_ok_after, S.CanastaState._out_after_wild_add, P.Plan.going_out_discards

    def counting(fast: Callable[..., Any], name: str) -> Callable[..., Any]:
        def counted_call(self: Any, *args: Any, **kwargs: Any) -> Any:
            answer = fast(self, *args, **kwargs)
            seen[name, bool(answer)] += 1
            return answer
        return counted_call

    class NoShortcut:
        def going_out_discards(self, need: int, exempt: bool, limit: int = 0) -> None:
            return None

    monkeypatch.setattr(S.CanastaState, "_out_ok_after", counting(natural, "natural"))
    monkeypatch.setattr(S.CanastaState, "_out_after_wild_add", counting(wild, "wild"))
    monkeypatch.setattr(P.Plan, "going_out_discards", counting(discards, "can go out before the move"))
    compared = same_moves_without(monkeypatch, _going_out_hands(900, 11), "_going_out_now",
                                  lambda self, side: NoShortcut())
    assert compared > 150, compared
    assert seen["natural", True] > 800 and seen["can go out before the move", False] > 20, seen
    assert seen["wild", True] > 20 and seen["wild", False] > 5, seen


def test_combo_key_equals_usage_key() -> None:
    """New melds of three cards (two copies of one card among them or not) get their verdict-cache
    key from per-card entries (``_combo_key``): the same key as ``_usage_key``, with either reading
    of the initial meld."""
    import itertools

    from meldtable.canasta.legal_meld import _combo_key
    checked = 0
    twice: Counter[bool] = Counter()
    for counts in ("hand_melds", "hand_cards"):
        for text in _pending_hands(60, 3):
            d = json.loads(text)
            d["options"] = dict(d.get("options") or {}, initial_meld_counts=counts)
            try:
                g = meldtable.Game.from_json(json.dumps(d))
            except meldtable.StateError:
                continue
            st = g.state
            keys = st._card_keys()
            hand = st.hands[st.turn.seat]
            wild = [c for c, n in hand.items() if c.rank in (0, 2) for _ in range(n)]
            for rank in {c.rank for c in hand if c.rank not in (0, 2, 3)}:
                group = sorted([c for c, n in hand.items() if c.rank == rank for _ in range(n)] + wild, key=card_order)
                melds = [m for m in dict.fromkeys(itertools.combinations(group, 3)) if m[0] is not m[2]]
                for cards in melds[:40]:  # (three copies of one card, e.g. jokers: _usage_key itself)
                    assert _combo_key(keys, cards, counts == "hand_melds") == st._usage_key(cards, rank, True)
                    checked += 1
                    twice[cards[0] is cards[1] or cards[1] is cards[2]] += 1
    assert checked > 2000 and twice[True] > 300, (checked, twice)


@pytest.mark.parametrize("variant", ["canasta-two-hand", "canasta-classic", "kanaster"])
def test_going_out_options_skip_only_discards_that_cannot_work(variant: str) -> None:
    """``Plan._out_options`` leaves out the final discards whose black threes left in hand could
    not be melded, and ``Plan._out_verdicts`` judges the others in one pass when the points do not
    matter: going out is judged as when every discard is tried (``_goes_out_with``), with each
    preset's rules (two canastas to go out and no meld of wild cards; one canasta, a required
    final discard and melds of wild cards in classic Canasta)."""
    rules = meldtable.new_game(variant, players=4 if variant == "kanaster" else 2, seed=1).state.rules
    deck = [c for c in standard_deck(2, 2) if not (c.rank == 3 and c.is_red)]
    black = {c.text: c for c in deck if c.rank == 3}
    rng = random.Random(5)
    answers: Counter[bool] = Counter()
    for _ in range(3000):
        cards = rng.sample(deck, rng.randint(1, 16))
        blacks = rng.choice([[], [], ["3C"], ["3C", "3S"], ["3C", "3S", "3S"]])
        hand = counted(cards + [black[t] for t in blacks])
        ranks = rng.sample([1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], rng.randint(0, 8))
        pending = {r: (rng.randint(2, 7), rng.randint(0, 2)) for r in ranks}
        if rules.wild_canasta == "allowed" and rng.random() < 0.3:
            pending[2] = (0, rng.randint(3, 7))  # a meld of wild cards only
        countable = {c: n for c, n in hand.items() if rng.random() < 0.3}
        plan = P.Plan(rules, hand, countable, pending, blacks_melded=rng.random() < 0.5)
        every: list[tuple[tuple[str, Any], ...]] = [()] if rules.going_out_discard != "required" else []
        every += [(k,) for k in plan._kinds()] + ([(("b", None),)] if sum(plan.blacks) else [])
        need, exempt = rng.choice([(0, True), (50, False), (0, False)])
        plain = {p for p in every if plan._goes_out_with(p, need, exempt)}
        assert plan.going_out_discards(need, exempt) == plain
        # stopped after the first two found: those two (in the order tried), or all if fewer
        first = plan.going_out_discards(need, exempt, limit=2)
        assert first == set([p for p in every if p in plain][:2]) if len(plain) > 2 else first == plain
        assert plan._can_go_out(need, exempt) == bool(plain)
        answers[bool(plain)] += 1
    assert answers[True] > 100 and answers[False] > 100, answers


NATURAL_RANKS = [1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]


def random_plan(rng: Random, rules: Rules, by_rank: dict[int, list[Card]], ranks: int, copies: tuple[int, int], wilds: int,
                pending_ranks: int
                ) -> tuple[P.Plan, dict[Card, int], dict[Card, int], dict[int, tuple[int, int]], frozenset[int]]:
    """A going-out planner (`Plan`) for a random hand: 1 to `ranks` natural ranks of `copies`
    (low, high) cards each, 0 to `wilds` jokers and twos, 0 to `pending_ranks` ranks of the
    side's melds (3-6 cards, 0-2 wild cards; some not counted), some cards countable.
    Returns (plan, hand, countable, pending, uncounted)."""
    cards = [c for r in rng.sample(NATURAL_RANKS, rng.randint(1, ranks))
             for c in rng.sample(by_rank[r], rng.randint(*copies))]
    cards += rng.sample(by_rank[0] + by_rank[2], rng.randint(0, wilds))
    hand = counted(cards)
    melded = rng.sample(NATURAL_RANKS, rng.randint(0, pending_ranks))
    pending = {r: (rng.randint(3, 6), rng.randint(0, 2)) for r in melded}
    uncounted = frozenset(r for r in melded if rng.random() < 0.3)
    countable = {c: rng.randint(0, n) for c, n in hand.items() if rng.random() < 0.6}
    return P.Plan(rules, hand, countable, pending, uncounted), hand, countable, pending, uncounted


def test_bounds_before_the_hand_melds_programme_give_its_verdict() -> None:
    """``Plan._all_melded`` with ``need``: the greedy plan's points (an upper bound) and
    ``_counting_floor`` (a lower bound) may answer instead of ``_all_melded_exact``; whether the
    points reach ``need`` must be what the programme itself says, on random hands with countable
    and uncounted cards, pending melds (some that count nothing) and every need up to 150."""
    rules = meldtable.new_game("canasta-two-hand", players=2, seed=1).state.rules
    assert rules.initial_meld_counts == "hand_melds"
    deck = [c for c in standard_deck(2, 2) if c.rank != 3]
    by_rank: dict[int, list[Card]] = {}
    for card in deck:
        by_rank.setdefault(card.rank, []).append(card)
    rng = random.Random(11)
    decided: Counter[str] = Counter()
    for _ in range(4000):
        # hands that can mostly be melded: a few ranks of three to eight naturals, wild cards
        plan = random_plan(rng, rules, by_rank, ranks=4, copies=(3, 8), wilds=5, pending_ranks=4)[0]
        c, u, wild = plan.c, plan.u, plan.wild
        ok, _, canastas = plan._all_melded_greedy(c, u, wild)
        if not ok or canastas < rules.canastas_to_go_out:
            continue
        exact_ok, exact_pts, exact_canastas = plan._all_melded_exact(c, u, wild)
        need = rng.randint(1, 150)
        P._EXACT.clear()
        got_ok, got_pts, got_canastas = plan._all_melded(c, u, wild, points_matter=True, need=need)
        assert got_ok == exact_ok
        if exact_ok:
            assert (got_pts >= need) == (exact_pts >= need), (need, got_pts, exact_pts)
            assert got_canastas >= rules.canastas_to_go_out and exact_canastas >= rules.canastas_to_go_out
        top = plan._all_melded_greedy(c, u, wild)[1]
        floor = plan._counting_floor(c, u)
        decided["upper" if top < need else "lower" if floor is not None and floor >= need else "programme"] += 1
    assert min(decided.values()) > 50 and len(decided) == 3, decided


@pytest.mark.parametrize("cap", [0, 1, 3, 7])
@pytest.mark.parametrize("outnumber", [False, True])
@pytest.mark.parametrize("min_nat", [1, 2, 3])
def test_wild_capacity_table_follows_the_meld_rules(cap: int, outnumber: bool, min_nat: int) -> None:
    """The checks look a meld's wild-card capacity up in ``Rules.wild_caps`` instead of working
    it out: for every option value and every number of naturals a meld can hold, the table and
    ``meld_ok`` give the rule of research C1 (seed 000: at most ``max_wilds_per_meld`` wild cards,
    0 = no cap; seeds 001/004: naturals outnumber wild cards; at least ``min_naturals_per_meld``
    naturals and three cards)."""
    g = meldtable.new_game("canasta-two-hand", players=2, seed=1, options={
        "max_wilds_per_meld": cap, "naturals_must_outnumber_wilds": outnumber, "min_naturals_per_meld": min_nat})
    r = g.state.rules
    assert len(r.wild_caps) == 2 * 54 + 1  # (every card of the two decks)
    wild_cards = 2 * (4 + r.jokers_per_deck)
    for n in range(len(r.wild_caps)):
        most = cap if cap > 0 else wild_cards  # (no cap: every wild card of the decks fits)
        if outnumber:
            most = min(most, n - 1)
        assert r.wild_capacity(n) == most or (r.wild_capacity(n) >= most == wild_cards), n
        for w in range(0, wild_cards + 1):
            assert r.meld_ok(n, w) == (n >= min_nat and n >= 1 and n + w >= 3 and w <= most), (n, w)


def _black_three_hands(n: int, seed: int) -> Iterator[str]:
    """Positions with three or four black threes in hand and no black threes melded (so melding
    them asks whether the player can still go out this turn), the initial meld made or pending:
    melds of several ranks, a hand of 5 to 30 cards mostly of those ranks."""
    for text in _going_out_hands(n, seed):
        d = json.loads(text)
        rng = random.Random(text)
        st = d["state"]
        st["melds"][0] = [m for m in st["melds"][0] if m["rank"] != "3"]  # (3C 3C 3S: to the hand)
        extra = [c for c in st["stock"] if c not in ("3D", "3H")][:rng.randint(0, 16)]
        if "3S" in st["stock"] and "3S" not in extra and rng.random() < 0.5:
            extra.append("3S")  # the fourth black three
        for c in extra:
            st["stock"].remove(c)
        st["hands"][0] = st["hands"][0] + extra + ["3C", "3C", "3S"]
        if rng.random() < 0.3:
            st["melded"][0] = False
            st["turn"].update({"initial": True, "countable": list(st["hands"][0])})
        yield json.dumps(d)


def test_going_out_plausibility_changes_no_verdict(monkeypatch: MonkeyPatch) -> None:
    """The going-out check (melding black threes, every move after them, wild-card adds) tries
    going out with no final discard first, then the cheap necessary conditions
    (``_plan_plausible``), then the other final discards: with the conditions replaced by "maybe"
    every position has the same legal moves (and the conditions both pass and refuse)."""
    seen: Counter[Any] = Counter()
    plausible = S.CanastaState._plan_plausible

    def counting(self: S.CanastaState, *args: Any) -> bool:
        answer = plausible(self, *args)
        seen[answer] += 1
        return answer

    monkeypatch.setattr(S.CanastaState, "_plan_plausible", counting)
    compared = same_moves_without(monkeypatch, list(_black_three_hands(1200, 21)) + list(_going_out_hands(300, 22)),
                                  "_plan_plausible", lambda self, *args: True)
    assert compared > 300 and seen[True] > 50 and seen[False] > 50, (compared, seen)


@pytest.mark.parametrize("min_nat", [1, 2, 3])
def test_new_melds_from_wild_cards_capped_at_what_a_meld_holds(min_nat: int) -> None:
    """New 3-card melds are memoised by the hand's naturals of a rank and its wild cards, each
    kind counted up to ``Rules.new_meld_wilds`` (the most wild cards a new meld may hold): the
    melds made from that key are every valid 3-card meld of the full hand's cards (research C1:
    at least ``min_naturals_per_meld`` naturals), and there are none from a single natural card
    with fewer copies than that (``_meld_moves`` skips such a rank)."""
    import itertools

    from meldtable.canasta.legal_meld import _new_melds
    from meldtable.canasta.moves import Move
    r = meldtable.new_game("canasta-two-hand", players=2, seed=1, options={"min_naturals_per_meld": min_nat}).state.rules
    assert r.new_meld_wilds == 3 - min_nat
    deck = standard_deck(2, 2)
    wild_cards = [c for c in deck if c.rank in (0, 2)]
    rng = random.Random(min_nat)
    singles = 0
    for _ in range(300):
        rank = rng.choice([1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
        nat = rng.sample([c for c in deck if c.rank == rank], rng.randint(1, 8))
        wild = rng.sample(wild_cards, rng.randint(0, 12))
        naturals = tuple(sorted(counted(nat).items(), key=lambda it: it[0].index))
        wilds = tuple(sorted(counted(wild).items(), key=lambda it: it[0].index))
        most = r.new_meld_wilds
        key = tuple([(c, min(n, most)) for c, n in wilds]) if most else ()
        got = {str(m) for m in _new_melds(r, naturals, key)}
        want: set[str] = set()
        for combo in itertools.combinations(sorted(nat + wild, key=card_order), 3):
            k = sum(1 for c in combo if c.rank not in (0, 2))
            if r.meld_ok(k, 3 - k):
                want.add(str(Move("meld", combo)))
        assert got == want, (nat, wild)
        if len(naturals) == 1 and naturals[0][1] < 3 - most:
            assert not want  # (_meld_moves skips such a rank without asking _new_melds)
            singles += 1
    assert min_nat == 1 or singles > 20, singles


def test_pruned_hand_melds_programme_gives_the_same_plan(monkeypatch: MonkeyPatch) -> None:
    """``_all_melded_exact`` (the ``hand_melds`` reading's programme over the melds) drops the
    states another one dominates (``_pareto``): on random hands with countable and uncounted
    cards, many wild cards, pending melds (some that count nothing) and each preset's rules, its
    answer (whether everything can be melded, the canastas and the points of the best plan) is
    the answer of the programme that keeps every state."""
    rng = random.Random(17)
    compared: Counter[bool] = Counter()
    for variant in ("canasta-two-hand", "canasta-classic"):
        rules = meldtable.new_game(variant, players=2, seed=1).state.rules
        deck = [c for c in standard_deck(2, 2) if c.rank != 3]
        by_rank: dict[int, list[Card]] = {}
        for c in deck:
            by_rank.setdefault(c.rank, []).append(c)
        for _ in range(700):
            plan, hand, countable, pending, uncounted = random_plan(
                rng, rules, by_rank, ranks=7, copies=(1, 8), wilds=12, pending_ranks=3)
            pruned = plan._all_melded_exact(plan.c, plan.u, plan.wild)
            with monkeypatch.context() as m:
                m.setattr(PO, "_pareto", lambda states: states)
                every = plan._all_melded_exact(plan.c, plan.u, plan.wild)
            assert pruned == every, (variant, hand, countable, pending, uncounted)
            compared[pruned[0]] += 1
    assert compared[True] > 300 and compared[False] > 100, compared
