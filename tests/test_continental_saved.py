"""Saved Continental games (continental/saved.py; issue #25 "saves that always reload"): the loader
checks the turn's flags against each other and against the player count, and every limit it
enforces is one that play can never exceed, so any game it accepts, played on and saved, loads
again (a property test with hypothesis, deterministic: ``derandomize=True``)."""
from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meldtable
from meldtable import Game, StateError
from meldtable.fields import POINTS_LIMIT
from positions_continental import position, position_json

V = "continental"
CFG = settings(max_examples=250, derandomize=True, database=None, deadline=None,
               suppress_health_check=list(HealthCheck))


def _played(players: int, seed: int, options: dict[str, Any], moves: int) -> Game:
    rng = random.Random(seed)
    g = meldtable.new_game(V, players=players, seed=seed, options=options)
    for _ in range(moves):
        if g.match_over:
            break
        if g.hand_over:
            g.next_hand()
            continue
        g.play(rng.choice(g.legal_moves()))
    return g


def _near_the_end(players: int, seed: int, options: dict[str, Any]) -> Game:
    """A deal about to end: played at random until the main stock holds at most two cards
    (``stock_exhausted = end_deal``: the deal ends when it is empty at the start of a turn)."""
    rng = random.Random(seed)
    g = meldtable.new_game(V, players=players, seed=seed, options={"stock_exhausted": "end_deal", **options})
    while not g.hand_over and len(g.state.stock) > 2:
        g.play(rng.choice(g.legal_moves()))
    return g


_ENDS: list[tuple[int, int, dict[str, Any]]] = [
    (2, 11, {}), (4, 12, {"down_and_out_bonus": -500}), (7, 13, {"deck_schedule": "constant", "decks": 4, "jokers_per_deck": 4}),
]
_PLAYED: list[tuple[int, int, dict[str, Any], int]] = [
    (2, 1, {}, 40), (3, 2, {}, 7), (4, 3, {"max_claims_per_deal": 2}, 60), (5, 4, {"claim_by": "others_only"}, 25),
    (8, 5, {}, 90), (2, 6, {"stock_exhausted": "penalty_stock", "max_reshuffles": 0}, 300),
    (3, 7, {"exchanged_joker": "to_hand", "extra_melds_when_down": True}, 150), (6, 8, {"max_takes_in_a_row": 1}, 30),
    (2, 9, {}, 2000), (4, 10, {"claim_by": "nobody"}, 12),
]
BASES = [json.loads(_near_the_end(p, s, o).to_json()) for p, s, o in _ENDS] + [
    json.loads(_played(p, s, o, k).to_json()) for p, s, o, k in _PLAYED]

SEATS = st.integers(-1, 9)
FLAGS = st.one_of(st.none(), st.booleans(), st.integers(-2, 3))
MUTATIONS = st.lists(st.one_of(
    st.tuples(st.just("scores"), st.integers(0, 9), st.sampled_from(
        [0, 1, -1, 10**6, POINTS_LIMIT, -POINTS_LIMIT, POINTS_LIMIT - 1, POINTS_LIMIT - 50, POINTS_LIMIT - 20_000,
         POINTS_LIMIT - 250_000, -POINTS_LIMIT + 500])),
    st.tuples(st.just("claims"), st.integers(0, 9), st.sampled_from([0, 1, 2, 3, 20, 21, 999, 10**6, 10**15])),
    st.tuples(st.just("reshuffles"), st.just(0), st.integers(0, 12)),
    st.tuples(st.just("takes_in_a_row"), st.just(0), st.integers(0, 101)),
    st.tuples(st.just("turn.stage"), st.just(0), st.sampled_from(["draw", "play"])),
    st.tuples(st.just("turn.drew"), st.just(0), st.sampled_from([None, "stock", "discard"])),
    st.tuples(st.just("turn.taken"), st.just(0), st.sampled_from([None, "top", "JK", "7H"])),
    st.tuples(st.just("turn.seat"), st.just(0), SEATS),
    st.tuples(st.just("turn.went_down"), st.just(0), st.booleans()),
    st.tuples(st.just("turn.joker_from"), st.just(0), st.sampled_from([None, "0.1", "1.1", "1.2"])),
    st.tuples(st.just("claim_queue"), st.just(0), st.one_of(st.none(), st.lists(SEATS, max_size=8))),
    st.tuples(st.just("top_claimable"), st.just(0), st.booleans()),
    st.tuples(st.just("top_from"), st.just(0), st.one_of(st.none(), SEATS)),
    st.tuples(st.just("hand_over"), st.just(0), st.booleans()),
    st.tuples(st.just("went_out"), st.just(0), st.one_of(st.none(), SEATS)),
    st.tuples(st.just("down"), st.integers(0, 9), FLAGS),
), max_size=4)


def _mutate(d: dict[str, Any], mutations: list[tuple[str, int, object]]) -> dict[str, Any]:
    d = copy.deepcopy(d)
    s = d["state"]
    n = d["players"]
    for field, i, value in mutations:
        if field in ("scores", "claims", "down"):
            s[field][i % n] = value
            if field == "scores" and s["results"]:  # keep the results adding up to the scores
                last = s["results"][-1]["sides"][i % n]
                last["total"] += value - last["cumulative"]
                last["cumulative"] = value
                last["items"]["hand_cards"] = last["total"] - sum(v for k, v in last["items"].items() if k != "hand_cards")
        elif field.startswith("turn."):
            key = field[5:]
            s["turn"][key] = (s["discard_pile"][-1] if s["discard_pile"] else None) if value == "top" else value
        else:
            s[field] = value
    return d


def _play_on_and_reload(g: Game, rng: random.Random, moves: int) -> None:
    """Play ``moves`` random moves (into the next deal too); after each the save loads again,
    equal to the game."""
    for _ in range(moves):
        if g.match_over:
            return
        if g.hand_over:
            g.next_hand()
        else:
            legal = g.legal_moves()
            assert legal, "an accepted game without a legal move"
            g.play(rng.choice(legal))
        text = g.to_json()
        assert Game.from_json(text).to_json() == text


@CFG
@given(base=st.sampled_from(range(len(BASES))), mutations=MUTATIONS, seed=st.integers(0, 2**16))
def test_any_accepted_game_played_on_and_saved_reloads(base: int, mutations: list[tuple[str, int, object]], seed: int) -> None:
    """Issue #25: "every limit a loader enforces is one that play can never exceed; any accepted
    game, played on and saved, reloads". Saved games at many points of play, with counters,
    scores and turn flags changed; whatever the loader accepts plays on (also across the end of
    the deal) and every save of it loads again."""
    text = json.dumps(_mutate(BASES[base], mutations))
    try:
        g = Game.from_json(text)
    except StateError:
        return
    _play_on_and_reload(g, random.Random(seed), 60)
    text = g.to_json()
    assert Game.from_json(text).to_json() == text  # (and where play stopped)


def test_scores_leave_room_for_the_rest_of_the_match() -> None:
    """A score the loader accepts can never be pushed past the saved-game limit by play: the
    points still to come in the match (at most the whole deck's value per deal left) must fit
    below ``POINTS_LIMIT`` (was: a score of 999,999,999,950 loaded, the deal ended, and the save
    was refused)."""
    g = position(hands=[["4C", "9D", "KS"], ["JK", "JK", "AH"]], turn={"seat": 0, "stage": "play"})
    d = json.loads(g.to_json())
    d["state"]["scores"] = [0, POINTS_LIMIT - 50]
    with pytest.raises(StateError):
        Game.from_json(json.dumps(d))
    room = g.state.rules.deals - g.hand_number + 1
    d["state"]["scores"] = [0, POINTS_LIMIT - room * _deal_points(g)]
    ok = Game.from_json(json.dumps(d))
    ok.play("discard 4C")
    ok.play("draw")
    assert Game.from_json(ok.to_json()).to_json() == ok.to_json()


def _deal_points(g: Game) -> int:
    rules = g.state.rules
    from meldtable.cards import standard_deck
    decks = max(rules.decks_for(k) for k in range(1, rules.deals + 1))
    return sum(rules.value(c) for c in standard_deck(decks, rules.jokers_per_deck))


def test_the_claim_window_is_checked_against_the_seats_that_may_claim() -> None:
    """Seed 002 "Die Strafkarten": »kann jeder der folgenden Spieler sie nehmen«, asked in turn
    order, ending with the discarder (docs/rules/continental.md section 9). A saved claim window
    must be what play opens: the seats after the player to act in turn order, up to the
    discarder, those already asked left out; not with ``claim_by = nobody``, not seats that may
    not claim."""
    kw: dict[str, Any] = dict(hands=[["4C", "9D", "KS"], ["5D", "6D", "7D"], ["8C", "8D", "8H"], ["2S", "3S", "4S"]],
              pile=["9H"], turn={"seat": 1, "stage": "play"}, top_from=0)
    g = position(**kw, claim_queue=[2, 3, 0])
    assert g.current_player == 2
    for queue in ([3, 0], [0]):
        assert position(**kw, claim_queue=queue).current_player == queue[0]
    for queue in ([0, 2, 3], [2, 0], [3, 2, 0], [2, 3, 0, 0], [4]):
        with pytest.raises(StateError):
            position(**kw, claim_queue=queue)
    with pytest.raises(StateError):
        position(**kw, claim_queue=[2, 3, 0], options={"claim_by": "nobody"})
    with pytest.raises(StateError):
        position(**kw, claim_queue=[2, 3, 0], options={"claim_by": "others_only"})
    assert position(**kw, claim_queue=[2, 3], options={"claim_by": "others_only"}).current_player == 2


def test_turn_flags_are_checked_against_each_other() -> None:
    """A saved deal that is over has no claim window and names who went out only then; a deal
    in play has nobody who went out; a joker to place only with ``exchanged_joker =
    place_at_once`` and for a seat that is down; an empty discard pile has nothing claimable."""
    g = position(hands=[["4C", "9D", "KS"], ["5D", "6D", "7D"]], pile=["9H"], turn={"seat": 0, "stage": "play"})
    good = json.loads(g.to_json())
    for change in ({"went_out": 1}, {"hand_over": True, "claim_queue": [1]},
                   {"discard_pile": [], "top_claimable": True, "stock": good["state"]["stock"] + ["9H"]}):
        d = copy.deepcopy(good)
        d["state"].update(change)
        with pytest.raises(StateError):
            Game.from_json(json.dumps(d))


def test_games_that_play_could_not_reach_are_refused_in_german_too() -> None:
    """Issue #25: every refusal a player can cause has a key and a German text. A game that could
    not have come from play (a claim window play would not open, a seat down without the
    contract, a player with no legal move) is refused with a key of the continental catalogue,
    its German text written in German (not the English detail inside ``bad_state``)."""
    kw: dict[str, Any] = dict(hands=[["4C", "9D", "KS"], ["5D", "6D", "7D"], ["8C", "8D", "8H"], ["2S", "3S", "4S"]],
              pile=["9H"], turn={"seat": 1, "stage": "play"}, top_from=0)
    cases: list[tuple[Callable[[], object], str, str]] = [
        (lambda: position(**kw, claim_queue=[0, 2, 3]), "state_window", "außer der Reihe"),
             (lambda: position(hands=[["2C", "5D"], ["3C", "4C"]], table=[[["7C", "7D", "7H"]], []],
                               turn={"stage": "play"}), "state_down_contract", "zwei Sätze"),
             (lambda: Game.from_json(position_json(hands=[["2C", "5D", "9H", "KS"], ["3C", "4C"]],
                                                   table=[[["7C", "7D", "7H"]], []], down=[False, False],
                                                   turn={"stage": "play", "pending": [1, 0], "laid_ranks": ["7"]})),
              "state_stuck", "keinen erlaubten Zug")]
    for make, key, words in cases:
        with pytest.raises(StateError) as e:
            make()
        assert e.value.key == key, (key, str(e.value))
        assert words in e.value.message("de") and "Einzelheit auf Englisch" not in e.value.message("de")
