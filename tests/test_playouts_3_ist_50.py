"""Playouts of ``3-ist-50`` for every allowed player count (2-6): random players, the bot, and
mixed tables, checking after every move:

* card conservation (``state.conservation()`` and the saved game hold exactly the deck);
* legal moves non-empty until the game ends, no duplicates, sorted, each one explains as legal,
  notation round trip (``parse(str(m)) == m``, also lower case);
* illegal moves (random cards and targets, discards while a card matches, another seat) raise a
  ``ValueError`` subclass and leave ``to_json()`` unchanged; malformed notation too;
* JSON round trip exact, with the same legal moves and views;
* no hidden card in any view: redistributing every card hidden from a seat (other hands, the stock,
  the set-aside cards, cards below a minus pile's top run, below the discard pile's top run) gives
  the same ``view(seat)`` and, for the seat to act, the same legal moves;
* same seed + same moves = same game; Python's global ``random`` is never used;
* the results add up: items to totals, totals to cumulative scores, and every card value either in
  a minus pile or among the unscored leftovers.

Expensive checks run on a sample of moves; the file stays well under 40 s.
"""
from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, cast

import pytest

import meldtable
from meldtable import Game, MeldtableError
from meldtable.bot import choose_move
from meldtable.moves import MoveValue
from meldtable.threefifty import ThreeFiftyMove, parse_move
from positions import seat_to_act
from positions_3_ist_50 import deck_count, full_deck
from refusals import check_refused
from sim_harness import redistributed

V = "3-ist-50"
PLAYERS = (2, 3, 4, 5, 6)
CARD_RE = re.compile(r"\b([2-9TJQKA][CDHS]|JK)\b")


def rank_of(text: str) -> str:
    return "JK" if text == "JK" else text[0]


def value(text: str, options: dict[str, Any]) -> int:
    r = rank_of(text)
    if r == "JK":
        return cast("int", options["joker_value"])
    if r == "3":
        return cast("int", options["three_value"])
    return {"A": 11, "T": 10, "J": 10, "Q": 10, "K": 10}.get(r) or int(r)


# ---------------------------------------------------------------------------- players


Player = Callable[[Game], MoveValue]
"""A seat's player: the move it makes in a game."""


def random_player(rng: random.Random) -> Player:
    return lambda g: rng.choice(g.legal_moves())


def bot_player(g: Game) -> MoveValue:
    return choose_move(g)


# ---------------------------------------------------------------------------- invariants


def check_conservation(g: Game) -> None:
    o = g.options
    deck = full_deck(o["decks"], o["jokers_per_deck"])
    assert Counter({c.text: n for c, n in g.state.conservation().items()}) == deck
    assert deck_count(g) == deck


def check_legal(g: Game) -> list[ThreeFiftyMove]:
    legal = g.legal_moves()
    if g.hand_over:
        assert legal == [] and g.current_player is None
        return legal
    assert legal, "no legal move while the game runs"
    texts = [str(m) for m in legal]
    assert len(set(texts)) == len(texts) and len(set(legal)) == len(legal)
    assert texts == sorted(texts)
    hand: Counter[str] = Counter(g.view(seat_to_act(g))["hand"])
    for m in cast("list[ThreeFiftyMove]", legal):
        assert parse_move(str(m)) == m and parse_move(str(m).lower()) == m
        assert m.to_json()["text"] == str(m)
        assert hand[m.card.text] >= 1
    if g.options["capture_mandatory"] and any(m.kind == "play" for m in legal):
        assert all(m.kind == "play" for m in legal)
    return legal


def check_roundtrip(g: Game, text: str) -> None:
    again = Game.from_json(text)
    assert again.to_json() == text
    assert [str(m) for m in again.legal_moves()] == [str(m) for m in g.legal_moves()]
    for seat in range(g.players):
        assert again.view(seat) == g.view(seat)


def illegal_candidates(g: Game, rng: random.Random, texts: list[str]) -> list[str]:
    legal = {str(m) for m in g.legal_moves()}
    seat = g.current_player
    hand = g.view(seat)["hand"] if seat is not None else []
    cards = [rng.choice(texts) for _ in range(3)] + hand
    targets = ["middle", "centre", "discard", "own"] + [f"pile {p}" for p in range(g.players + 1)]
    cand = [f"play {c} {rng.choice(targets)}" for c in cards] + [f"discard {c}" for c in cards]
    out = []
    for m in cand:
        try:
            canon = str(parse_move(m))
        except MeldtableError:
            continue
        if canon not in legal:
            out.append(m)
    return out


def check_illegal(g: Game, rng: random.Random, text: str, texts: list[str]) -> int:
    """The refusal checks of tests/refusals.py with this game's illegal candidates and malformed notation."""
    return check_refused(g, illegal_candidates(g, rng, texts),
                         ("play", "play 7H", "play 7H nowhere", "discard", "pile 7H", "play 7X middle"), text)


def check_hidden(g: Game, rng: random.Random) -> None:
    for seat in range(g.players):
        v = g.view(seat)
        assert isinstance(v["stock"], int) and isinstance(v["set_aside"], int)
        alt = redistributed(g, seat, rng)
        if alt is None:
            continue
        assert alt.view(seat) == v, f"seat {seat}'s view depends on hidden cards"
        if g.current_player == seat:
            assert [str(m) for m in alt.legal_moves()] == [str(m) for m in g.legal_moves()]
            assert choose_move(alt) == choose_move(g)


def check_results(g: Game, prev: list[int]) -> None:
    o = g.options
    r = g.results[-1]
    st = json.loads(g.to_json())["state"]
    assert len(r["sides"]) == g.players and r["went_out"] is None
    for s in r["sides"]:
        assert set(s["items"]) == {"threes", "aces", "pictures", "numbers", "jokers"}
        assert all(v >= 0 for v in s["items"].values())
        assert sum(s["items"].values()) == s["total"]
        assert s["total"] == sum(value(c, o) for c in st["piles"][s["side"]])
        assert s["cumulative"] == prev[s["side"]] + s["total"]
    assert g.scores == [s["cumulative"] for s in r["sides"]]
    leftovers = st["centre"] + st["discard_pile"] + st["set_aside"]
    deck_value = sum(value(c, o) * n for c, n in full_deck(o["decks"], o["jokers_per_deck"]).items())
    assert sum(s["total"] for s in r["sides"]) + sum(value(c, o) for c in leftovers) == deck_value
    assert st["stock"] == [] and all(h == [] for h in st["hands"])
    if o["leftovers_scored"] and r["leftovers_to"] is not None:
        assert st["centre"] == [] and st["discard_pile"] == []
    if g.match_over:
        assert g.winners == [s for s in range(g.players) if g.scores[s] == min(g.scores)]


# ---------------------------------------------------------------------------- playing


def play_game(g: Game, players: Sequence[Player], rng: random.Random, *, deep_every: int, stats: Counter[object]) -> None:
    """Play one game (core hand) to its end, checking invariants after every move."""
    prev = g.scores
    texts = sorted(full_deck(2, 2))
    n = 0
    while not g.hand_over:
        text = g.to_json()
        check_conservation(g)
        legal = check_legal(g)
        if n % deep_every == 0:
            stats["illegal"] += check_illegal(g, rng, text, texts)
            check_roundtrip(g, text)
            check_hidden(g, rng)
            stats["deep"] += 1
        m = players[seat_to_act(g)](g)
        assert m in legal
        g.play(m)
        stats[m.to_json()["rule"]] += 1
        n += 1
        assert n <= sum(deck_count(g).values()), "a game cannot last more moves than there are cards"
    stats["moves"] += n
    stats["games"] += 1
    text = g.to_json()
    check_conservation(g)
    check_legal(g)
    check_roundtrip(g, text)
    check_hidden(g, rng)
    check_results(g, prev)
    with pytest.raises(MeldtableError):
        g.play("discard 7H")
    assert g.to_json() == text


def replay(players: int, seed: int, history: list[list[str]], options: dict[str, Any] | None = None) -> Game:
    g = meldtable.new_game(V, players=players, seed=seed, options=options)
    for i, moves in enumerate(history):
        if i:
            g.next_hand()
        for m in moves:
            g.play(m)
    return g


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("table", ["random", "bot", "mixed"])
def test_playouts(players: int, table: str) -> None:
    """Seeded games per player count and table (all random, all bots, bots and random players
    alternating), every invariant after every move, deep checks on a sample."""
    stats: Counter[object] = Counter()
    seeds = range(3) if table == "random" else range(100, 102)
    for seed in seeds:
        rng = random.Random(seed * 10 + players)
        if table == "random":
            seats = [random_player(rng)] * players
        elif table == "bot":
            seats = [bot_player] * players
        else:
            seats = [bot_player if s % 2 == seed % 2 else random_player(rng) for s in range(players)]
        g = meldtable.new_game(V, players=players, seed=seed)
        play_game(g, seats, rng, deep_every=4, stats=stats)
        random.seed(seed + 777)
        random.random()
        assert replay(players, seed, g.history).to_json() == g.to_json()
    assert stats["games"] == len(seeds) and stats["illegal"] > 20 * len(seeds)
    assert stats[1] > 0 and stats[4] > 0  # middle captures and discards happen in every table


def test_all_four_ways_to_play_occur() -> None:
    """Over a few bot games every rule of the seed is used: middle, own pile, any pile, discard."""
    stats: Counter[object] = Counter()
    for players in (2, 3, 4):
        for seed in range(3):
            g = meldtable.new_game(V, players=players, seed=300 + seed)
            while not g.hand_over:
                m = choose_move(g)
                stats[m.to_json()["rule"]] += 1
                g.play(m)
    assert all(stats[r] > 0 for r in (1, 2, 3, 4)), stats


def test_global_random_is_never_used() -> None:
    def run(disturb: bool) -> str:
        rng = random.Random(5)
        g = meldtable.new_game(V, players=4, seed=4242)
        k = 0
        while not g.hand_over:
            if disturb:
                k += 1
                random.seed(k)
                random.random()
            g.play(bot_player(g) if seat_to_act(g) % 2 else rng.choice(g.legal_moves()))
        return g.to_json()

    state = random.getstate()
    try:
        assert run(False) == run(True)
    finally:
        random.setstate(state)


def test_seeds_deal_differently_and_equal_seeds_equally() -> None:
    deals = {json.dumps(json.loads(meldtable.new_game(V, players=3, seed=s).to_json())["state"]["hands"]) for s in range(20)}
    assert len(deals) == 20
    assert meldtable.new_game(V, players=3, seed=9).to_json() == meldtable.new_game(V, players=3, seed=9).to_json()
    big = meldtable.new_game(V, players=2, seed=-(10**30))
    assert sum(big.state.conservation().values()) == 104


@pytest.mark.parametrize("players", PLAYERS)
def test_whole_match_of_several_games(players: int) -> None:
    """A match of 3 games (option games): next_hand, first player moving left each game,
    cumulative minus points, fewest points win."""
    options = {"games": 3}
    g = meldtable.new_game(V, players=players, seed=40 + players, options=options)
    rng = random.Random(players)
    stats: Counter[object] = Counter()
    seats = [bot_player if s % 2 else random_player(rng) for s in range(players)]
    firsts = []
    while True:
        firsts.append(g.view(0)["first_player"])
        play_game(g, seats, rng, deep_every=25, stats=stats)
        if g.match_over:
            break
        g.next_hand()
    assert firsts == [0, 1 % players, 2 % players]
    assert g.hand_number == 3 and len(g.results) == 3 and len(g.history) == 3
    assert g.scores == [sum(r["sides"][s]["total"] for r in g.results) for s in range(players)]
    assert g.winners == [s for s in range(players) if g.scores[s] == min(g.scores)]
    with pytest.raises(MeldtableError):
        g.next_hand()
    assert replay(players, 40 + players, g.history, options).to_json() == g.to_json()


@pytest.mark.parametrize(
    "players,options",
    [
        (3, {"capture_sources": "center_or_discard_top", "take_all_matches": False}),
        (2, {"capture_mandatory": False, "discard_capture_depth": "run"}),
        (4, {"discard_reveal_next": "never", "option4_targets": "others_only"}),
        (5, {"refill_order": "center_then_hands", "leftovers_scored": True}),
        (6, {"decks": 1, "jokers_per_deck": 2, "joker_value": 20, "three_value": 30}),
        (3, {"decks": 3, "jokers_per_deck": 1, "capture_mandatory": False, "leftovers_scored": True}),
    ],
)
def test_playouts_with_non_default_options(players: int, options: dict[str, Any]) -> None:
    stats: Counter[object] = Counter()
    for seed in (900, 901):
        rng = random.Random(seed)
        g = meldtable.new_game(V, players=players, seed=seed, options=options)
        seats = [bot_player if s == 0 else random_player(rng) for s in range(players)]
        play_game(g, seats, rng, deep_every=5, stats=stats)
        assert replay(players, seed, g.history, options).to_json() == g.to_json()


def test_bot_beats_random_players() -> None:
    """The bot (one seat, rotating) collects fewer minus points than the random players at the same
    table on average, and wins more often than its share, for every player count (60 seeded games
    each; measured margins: about 290 vs 460 points with two players, 190 vs 210 with four)."""
    for players in PLAYERS:
        bot_total = other_total = 0.0
        wins = 0
        games = 60
        for seed in range(games):
            g = meldtable.new_game(V, players=players, seed=5000 + seed)
            rng = random.Random(seed)
            me = seed % players
            while not g.hand_over:
                g.play(bot_player(g) if g.current_player == me else rng.choice(g.legal_moves()))
            bot_total += g.scores[me]
            other_total += (sum(g.scores) - g.scores[me]) / (players - 1)
            wins += me in g.winners
        assert bot_total < other_total, (players, bot_total / games, other_total / games)
        assert wins > games / players, (players, wins)
