"""Playouts over many seeds (random players, the bot, bot vs random), checking engine invariants
after every move:

* all 108 cards accounted for (``game.state.conservation()`` and the saved game);
* legal moves non-empty until the hand ends, no duplicates, sorted, every notation parses back;
* a random illegal move (random card texts, wrong kinds, another seat, moves of other states) raises
  a ``ValueError`` subclass and leaves ``game.to_json()`` identical;
* the JSON round trip is exact, and the reloaded game has the same legal moves;
* no hidden card in any view: the same position with the hidden cards (the other hand, the stock)
  redistributed gives the same ``view(seat)`` and, for the seat to act, the same legal moves;
* same seed + same moves gives the same game, and disturbing Python's global ``random`` changes
  nothing;
* every hand ends within a bound of moves, itemised results add up to totals and cumulative scores.

Expensive checks run on a fixed sample of moves so the whole file stays well under a minute.
"""
from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import meldtable
from meldtable import Game, MeldtableError, Move
from meldtable.bot import choose_move
from meldtable.cards import ALL_CARDS
from meldtable.moves import MoveValue
from positions import seat_to_act
from refusals import check_refused

V = "canasta-two-hand"
FULL = Counter({c.text: 2 for c in ALL_CARDS if c.rank != 0})
FULL["JK"] = 4
CARD_TEXTS = sorted(FULL)
MAX_MOVES_PER_HAND = 600  # observed: at most ~150 moves in random and bot hands
CARD_RE = re.compile(r"\b([2-9TJQKA][CDHS]|JK)\b")


# ---------------------------------------------------------------------------- players


Player = Callable[[Game], MoveValue]
"""A seat's player: the move it makes in a game."""


def random_player(rng: random.Random) -> Player:
    def play(g: Game) -> MoveValue:
        return rng.choice(g.legal_moves())

    return play


def bot_player(g: Game) -> MoveValue:
    return choose_move(g)


# ---------------------------------------------------------------------------- invariants


def cards_of_state(st: dict[str, Any]) -> Counter[str]:
    c = Counter(st["stock"]) + Counter(st["discard_pile"])
    for h in st["hands"]:
        c += Counter(h)
    for side in st["melds"]:
        for m in side:
            c += Counter(m["cards"])
    for r in st["red_threes"]:
        c += Counter(r)
    return c


def check_conservation(g: Game, st: dict[str, Any]) -> None:
    assert cards_of_state(st) == FULL  # the saved game holds every card exactly once
    if hasattr(g.state, "conservation"):  # and so does the live state
        assert Counter({c.text: n for c, n in g.state.conservation().items()}) == FULL
    assert not any(c in ("3D", "3H") for h in st["hands"] for c in h)


def check_legal(g: Game) -> list[MoveValue]:
    legal = g.legal_moves()
    if g.hand_over:
        assert legal == []
        return legal
    assert legal, "no legal move while the hand is running"
    texts = [str(m) for m in legal]
    assert len(set(texts)) == len(texts), "duplicate legal moves"
    assert len(set(legal)) == len(legal)
    assert texts == sorted(texts), "legal moves not sorted by notation"
    for m in legal:
        assert Move.parse(str(m)) == m
        assert Move.parse(str(m).lower()) == m
        assert g.explain(m) is None
    return legal


def check_roundtrip(g: Game, text: str) -> None:
    again = Game.from_json(text)
    assert again.to_json() == text
    assert [str(m) for m in again.legal_moves()] == [str(m) for m in g.legal_moves()]
    for seat in (0, 1):
        assert again.view(seat) == g.view(seat)


def illegal_candidates(g: Game, rng: random.Random, pool: list[str]) -> list[str]:
    """Moves that must be refused now (filtered against the legal set)."""
    legal = {str(m) for m in g.legal_moves()}
    seat = g.current_player
    hand = g.view(seat)["hand"] if seat is not None else []
    cand = []
    c1, c2, c3 = (rng.choice(CARD_TEXTS) for _ in range(3))
    cand += [f"discard {c1}", f"meld {c1} {c2} {c3}", f"take {c1} {c2}", f"add {rng.choice('A456789TJQK')} {c1}"]
    cand += ["draw", "take"]  # wrong kind in the play stage, or not allowed now
    if hand:
        cand += [f"discard {rng.choice(hand)}", f"meld {' '.join(rng.sample(hand, min(3, len(hand))))}"]
        if len(hand) >= 4:
            cand.append(f"meld {' '.join(rng.sample(hand, 4))}")
    if pool:
        cand += rng.sample(pool, min(3, len(pool)))
    return [m for m in cand if _canonical(m) is not None and _canonical(m) not in legal]


def _canonical(text: str) -> str | None:
    try:
        return str(Move.parse(text))
    except MeldtableError:
        return None


def check_illegal(g: Game, rng: random.Random, pool: list[str], text: str) -> int:
    """The refusal checks of tests/refusals.py with this game's illegal candidates and malformed notation."""
    return check_refused(g, illegal_candidates(g, rng, pool), ("discard", "meld QH", "discard QX", "add Z QH", "take QH"), text)


def redistributed(g: Game, seat: int, rng: random.Random) -> Game:
    """The same game with every card hidden from ``seat`` (the other hand, the stock order)
    redistributed at random; built through the public JSON path."""
    d = json.loads(g.to_json())
    st = d["state"]
    other = 1 - seat
    red = ("3D", "3H")  # red threes never rest in a hand: they keep their stock slots
    pool = [c for c in st["stock"] if c not in red] + st["hands"][other]
    rng.shuffle(pool)
    k = len(st["hands"][other])
    st["hands"][other], pool = pool[:k], pool[k:]
    st["stock"] = [c if c in red else pool.pop() for c in st["stock"]]
    assert not pool
    t = st["turn"]
    if t["seat"] == other:
        # the countable cards are part of the other (hidden) hand: keep a consistent subset
        want = Counter(t["countable"])
        have = Counter(st["hands"][other])
        t["countable"] = sorted((want & have).elements())
    return Game.from_json(json.dumps(d))


def check_hidden(g: Game, rng: random.Random) -> None:
    for seat in (0, 1):
        v = g.view(seat)
        other = 1 - seat
        assert "stock" not in v or isinstance(v["stock"], int)
        turn = v.get("turn") or {}
        if turn.get("seat") == other and turn.get("stage") == "play":
            # the other seat is half-way through its turn (an initial meld, or one card kept to
            # finish a canasta) with the hand it holds: a random new hand for it might not be able
            # to finish that turn, and the loader rightly refuses a game that cannot go on
            continue
        alt = redistributed(g, seat, rng)
        assert alt.view(seat) == v, f"seat {seat}'s view depends on hidden cards"
        if g.current_player == seat:
            assert [str(m) for m in alt.legal_moves()] == [str(m) for m in g.legal_moves()]
        # the acting seat's legal moves never mention the other hand's cards beyond the public ones
        assert v["hand_counts"][other] == len(json.loads(g.to_json())["state"]["hands"][other])
    # draw records never name the drawn cards
    for rec in g.view(0)["last_moves"]:
        if rec["text"] == "draw":
            assert not CARD_RE.search(rec["label"]), rec


def check_results(g: Game, prev_scores: list[int]) -> None:
    r = g.results[-1]
    assert len(r["sides"]) == 2
    for s in r["sides"]:
        assert sum(s["items"].values()) == s["total"]
        assert s["cumulative"] == prev_scores[s["side"]] + s["total"]
        assert set(s["items"]) == {"melded_cards", "hand_cards", "going_out", "concealed",
                                   "natural_canastas", "mixed_canastas", "red_threes"}
        assert s["items"]["hand_cards"] <= 0 and s["items"]["melded_cards"] >= 0
    assert g.scores == [s["cumulative"] for s in r["sides"]]
    if r["went_out"] is not None:
        out = r["sides"][r["went_out"]]["items"]
        assert out["going_out"] == 100 and out["concealed"] in (0, 100)
        assert out["natural_canastas"] + out["mixed_canastas"] >= 300 * g.options["canastas_to_go_out"]
        assert out["hand_cards"] == 0
    else:
        assert all(s["items"]["going_out"] == 0 for s in r["sides"])


# ---------------------------------------------------------------------------- playing


def play_hand(g: Game, players: Sequence[Player], rng: random.Random, *, deep_every: int, pool: list[str],
              stats: Counter[str]) -> None:
    """Play one hand to its end, checking invariants after every move (deep checks every
    ``deep_every`` moves and at the last ones)."""
    prev = g.scores
    moves = 0
    while not g.hand_over:
        text = g.to_json()
        st = json.loads(text)["state"]
        check_conservation(g, st)
        legal = check_legal(g)
        deep = moves % deep_every == 0
        if deep:
            stats["illegal"] += check_illegal(g, rng, pool, text)
            check_roundtrip(g, text)
            check_hidden(g, rng)
            stats["deep"] += 1
        m = players[seat_to_act(g)](g)
        assert m in legal
        pool.append(str(m))
        if len(pool) > 200:
            del pool[:100]
        g.play(m)
        moves += 1
        assert moves <= MAX_MOVES_PER_HAND, "hand did not end"
    stats["moves"] += moves
    stats["hands"] += 1
    stats["out" if g.results[-1]["went_out"] is not None else "stock_out"] += 1
    text = g.to_json()
    check_conservation(g, json.loads(text)["state"])
    assert g.legal_moves() == [] and g.current_player is None
    check_roundtrip(g, text)
    check_results(g, prev)
    with pytest.raises(MeldtableError):
        g.play("draw")
    assert g.to_json() == text


def replay(seed: int, history: list[list[str]], options: dict[str, Any] | None = None) -> Game:
    g = meldtable.new_game(V, players=2, seed=seed, options=options)
    for i, hand in enumerate(history):
        if i:
            g.next_hand()
        for m in hand:
            g.play(m)
    return g


PAIRINGS: dict[str, Callable[[random.Random], tuple[Player, Player]]] = {
    "random-random": lambda rng: (random_player(rng), random_player(rng)),
    "bot-bot": lambda rng: (bot_player, bot_player),
    "bot-random": lambda rng: (bot_player, random_player(rng)),
    "random-bot": lambda rng: (random_player(rng), bot_player),
}


@pytest.mark.parametrize("pairing", sorted(PAIRINGS))
def test_playouts_one_hand_many_seeds(pairing: str) -> None:
    """Many seeded hands per pairing with every invariant checked (deep checks on a sample)."""
    stats: Counter[str] = Counter()
    pool: list[str] = []
    seeds = range(16) if pairing == "random-random" else range(100, 114)
    for seed in seeds:
        rng = random.Random(seed)
        g = meldtable.new_game(V, players=2, seed=seed)
        play_hand(g, PAIRINGS[pairing](rng), rng, deep_every=3, pool=pool, stats=stats)
        # same seed + same moves -> same game, whatever Python's global random does
        random.seed(12345 + seed)
        random.random()
        again = replay(seed, g.history)
        assert again.to_json() == g.to_json()
    assert stats["hands"] == len(seeds) and stats["illegal"] > 100 and stats["deep"] > 50
    if pairing == "bot-bot":
        assert stats["out"] >= 1  # bots do go out in some hands


def test_global_random_is_never_used() -> None:
    """The engine and the bot use their own generator: the same seed and the same choices give the
    same game even when Python's global ``random`` is reseeded and consumed in between."""
    def run(disturb: bool) -> str:
        rng = random.Random(99)
        g = meldtable.new_game(V, players=2, seed=4242)
        k = 0
        while not g.hand_over:
            if disturb:
                k += 1
                random.seed(k)
                random.random()
            m = bot_player(g) if g.current_player == 0 else rng.choice(g.legal_moves())
            g.play(m)
        return g.to_json()

    state = random.getstate()
    try:
        random.seed(1)
        a = run(False)
        random.seed(2)
        b = run(True)
    finally:
        random.setstate(state)
    assert a == b


def test_different_seeds_deal_differently() -> None:
    """The seed drives the shuffle: different seeds give different deals, equal seeds equal deals."""
    deals = {json.dumps(json.loads(meldtable.new_game(V, players=2, seed=s).to_json())["state"]["hands"]) for s in range(20)}
    assert len(deals) == 20
    assert meldtable.new_game(V, players=2, seed=7).to_json() == meldtable.new_game(V, players=2, seed=7).to_json()
    big = meldtable.new_game(V, players=2, seed=-(10**30))
    assert sum(big.state.conservation().values()) == 108


@pytest.mark.parametrize("seed,deals", [(500, 3), (501, 2), (502, 4)])
def test_whole_matches_by_deals(seed: int, deals: int) -> None:
    """Whole matches (bot vs bot, bot vs random) with match_end="deals": several hands, next_hand(),
    cumulative scores, the match ends after the last deal with the best total winning."""
    options = {"match_end": "deals", "deals": deals}
    g = meldtable.new_game(V, players=2, seed=seed, options=options)
    rng = random.Random(seed)
    players = (bot_player, bot_player) if seed % 2 == 0 else (bot_player, random_player(rng))
    stats: Counter[str] = Counter()
    pool: list[str] = []
    dealers = []
    while True:
        dealers.append(g.view(0)["dealer"])
        assert g.current_player == (dealers[-1] + 1) % 2  # the player left of the dealer starts
        assert g.view(0)["hand_counts"] == [15, 15]
        minimums = [s["minimum"] for s in g.view(0)["sides"]]
        assert minimums == [15 if sc < 0 else 50 if sc < 1500 else 90 if sc < 3000 else 120 for sc in g.scores]
        play_hand(g, players, rng, deep_every=10, pool=pool, stats=stats)
        if g.match_over:
            break
        g.next_hand()
    assert g.hand_number == deals and len(g.results) == deals and len(g.history) == deals
    assert [r["hand"] for r in g.results] == list(range(1, deals + 1))
    assert g.scores == [sum(r["sides"][s]["total"] for r in g.results) for s in (0, 1)]
    best = max(g.scores)
    assert g.winners == [s for s in (0, 1) if g.scores[s] == best]
    assert g.view(1)["phase"] == "match_over"
    assert all(dealers[i] != dealers[i + 1] for i in range(len(dealers) - 1))  # the deal alternates
    with pytest.raises(MeldtableError):
        g.next_hand()
    again = replay(seed, g.history, options)
    assert again.to_json() == g.to_json()


def test_match_to_target_score() -> None:
    """A bot-vs-bot match to a (low) target score ends once a side reaches it."""
    g = meldtable.new_game(V, players=2, seed=77, options={"target_score": 1500})
    rng = random.Random(77)
    stats: Counter[str] = Counter()
    pool: list[str] = []
    for _ in range(12):
        play_hand(g, (bot_player, bot_player), rng, deep_every=25, pool=pool, stats=stats)
        if g.match_over:
            break
        assert max(g.scores) < 1500
        g.next_hand()
    assert g.match_over and max(g.scores) >= 1500
    assert g.winners == [s for s in (0, 1) if g.scores[s] == max(g.scores)]


@pytest.mark.parametrize(
    "options",
    [
        {"going_out_discard": "required", "max_wilds_per_meld": 2},
        {"naturals_must_outnumber_wilds": True, "take_pile_with_natural_and_wild": False, "draw_count": 1},
        {"upcard_cover": "none", "pile_before_initial_meld": "forbidden", "canastas_to_go_out": 1},
        {"red_three_positive_if": "canasta", "concealed_going_out_exemption": "always", "hand_size": 11},
        {"black_three_meld": "never", "take_pile_onto_own_meld": False, "min_naturals_per_meld": 3},
    ],
)
def test_playouts_with_non_default_options(options: dict[str, Any]) -> None:
    """The invariants hold under non-default rule options too (bot vs random, two seeds each)."""
    stats: Counter[str] = Counter()
    pool: list[str] = []
    for seed in (900, 901):
        rng = random.Random(seed)
        g = meldtable.new_game(V, players=2, seed=seed, options=options)
        play_hand(g, (bot_player, random_player(rng)), rng, deep_every=8, pool=pool, stats=stats)
        assert replay(seed, g.history, options).to_json() == g.to_json()
        if "hand_size" in options:
            assert len(g.history[0]) > 0
