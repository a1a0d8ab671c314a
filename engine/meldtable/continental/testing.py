"""Harness hooks of the continental family: game knowledge for the family-independent simulation
harness (tests/sim_harness.py, bench/harness.py; docs/architecture.md, "harness hooks").
Read-only helpers: none of them changes a state, and the engine itself never calls them."""

from __future__ import annotations

from typing import Any

from ..cards import Card, standard_deck
from ..multiset import counted
from .rules import Rules
from .state import ContinentalState


def expected_cards(state: ContinentalState) -> dict[Card, int]:
    """Every physical card of the deal in play: ``state.decks`` decks (the deck grows between
    deals, option ``deck_schedule``) with ``jokers_per_deck`` jokers each. Compare with
    ``state.conservation()``."""
    return counted(standard_deck(state.decks, state.rules.jokers_per_deck))


def hand_size_ok(state: ContinentalState) -> bool:
    """Whether the hand sizes are ones the rules allow: while the deal runs every hand holds at
    least one card (an empty hand has gone out, which ends the deal); once someone went out, that
    hand is empty. (Claims, adds to other seats' combinations and joker exchanges change the sizes
    in ways the state does not record, so no tighter bound is checked.)"""
    sizes = [sum(h.values()) for h in state.hands]
    if state.hand_over:
        return state.out_seat is None or sizes[state.out_seat] == 0
    return all(n >= 1 for n in sizes)


def move_bound(rules: Rules) -> int:
    """Moves one deal lasts at most, for every way of playing:
    ``D * players + 2 * T + D + 3 * N`` with ``N`` cards in the largest deck of the match,
    ``D = N * (1 + max_reshuffles)`` draws and ``T = max_takes_in_a_row * (D + 1)`` takes
    (32,440 for eight players with four decks, 14,296 for two players with two decks, by default).

    Why: every draw takes a card from the main or the penalty stock, which only reshuffles refill
    (at most ``max_reshuffles`` times, at most ``N`` cards each), so there are at most ``D``
    draws, each followed by at most ``players - 1`` claim decisions (``D * players`` moves).
    Option ``max_takes_in_a_row``: at most that many turns in a row begin with a take, and each
    such run ends with a draw or the end of the deal, so at most ``T`` turns begin with a take.
    Every turn begins with a draw or a take and has at most one discard (``D + T`` discards).
    Cards never leave the table: sets, runs and adds of natural cards are at most ``N``; a joker
    exchange puts a natural card on the table for good (at most ``N`` exchanges), and each
    exchanged joker is added again once (at most ``N`` more adds): ``3 * N`` table moves."""
    n = max(rules.decks_for(d) for d in range(1, rules.deals + 1)) * (52 + rules.jokers_per_deck)
    draws = n * (1 + rules.max_reshuffles)
    takes = rules.max_takes_in_a_row * (draws + 1)
    return draws * rules.players + 2 * takes + draws + 3 * n


def shuffle_hidden(data: dict[str, Any], seat: int, rng: Any) -> dict[str, Any] | None:
    """The ``state`` part of a saved game (``to_dict()``) with every card hidden from ``seat``
    dealt out again at random (``rng.shuffle``): the other seats' hands, the main and penalty
    stocks and the discards below the top card. Sizes stay; a seat that must place an exchanged
    joker keeps a joker. ``None`` when this cannot be done consistently: another seat is half-way
    through laying down its contract (the rest of the contract depends on the hand it holds)."""
    import copy

    st = copy.deepcopy(data)
    t = st["turn"]
    if not st["hand_over"] and t["seat"] != seat and t["pending"] is not None:
        return None
    keep_joker = not st["hand_over"] and t["joker_from"] is not None and t["seat"] != seat
    others = [s for s in range(len(st["hands"])) if s != seat]
    pool = list(st["stock"]) + list(st["penalty_stock"]) + list(st["discard_pile"][:-1])
    for s in others:
        pool.extend(st["hands"][s])
    if keep_joker:
        pool.remove("JK")
    pool.sort()  # a canonical order first: the deal depends on rng alone (meldtable.search)
    rng.shuffle(pool)
    for s in others:
        k = len(st["hands"][s])
        if keep_joker and s == t["seat"]:
            st["hands"][s], pool = ["JK"] + pool[:k - 1], pool[k - 1:]
        else:
            st["hands"][s], pool = pool[:k], pool[k:]
    ks, kp = len(st["stock"]), len(st["penalty_stock"])
    st["stock"], pool = pool[:ks], pool[ks:]
    st["penalty_stock"], pool = pool[:kp], pool[kp:]
    st["discard_pile"] = pool + st["discard_pile"][-1:]
    return st


def results_add_up(state: ContinentalState) -> bool:
    """Whether the last finished deal's itemised result matches the table it was scored from:
    every seat's ``hand_cards`` is the value of the cards left in its hand (0 for the seat that
    went out), ``down_and_out`` only for the seat that went out, ``exhausted`` exactly when nobody
    went out, items add up to totals, and the cumulative scores are ``state.scores``."""
    if not state.results:
        return True
    res = state.results[-1]
    out = res.get("went_out")
    if res.get("exhausted") != (out is None):
        return False
    for s in res["sides"]:
        seat, items = s["side"], s["items"]
        if sum(items.values()) != s["total"]:
            return False
        if seat != out and items["down_and_out"]:
            return False
        if state.hand_over and res.get("hand") == state.hand_number:
            if items["hand_cards"] != sum(state.rules.value(c) * n for c, n in state.hands[seat].items()):
                return False
    if out is not None and res["sides"][out]["items"]["hand_cards"] != 0:
        return False
    return [s["cumulative"] for s in res["sides"]] == list(state.scores)
