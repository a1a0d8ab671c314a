"""The Continental action composer (continental/actions.py) does bounded work for every request
(issue #25, "Small requests, seconds of work": a ~100-byte ``act`` took 1.3-3.6 s because every
candidate move sequence was tried on a copy of the whole game, each move generating every legal
move of a large hand).

Now: impossible requests are refused before anything is tried, and the candidates are checked on
ONE scratch copy of the state with the game's one check (``_why``), applied and taken back in
place (``ContinentalState.apply_undoable``). The work is counted here (copies, checks, planners
built), never timed (docs/performance.md has the times).
"""
from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from pytest import MonkeyPatch

from meldtable import Game, IllegalMoveError, NotationError
from meldtable.continental import ContinentalMove, actions, legality, planner, state
from meldtable.continental.actions import ACTION_BUDGET, compose_action
from meldtable.continental.reasons import REASONS
from positions_continental import full_deck, position, position_json

RANK_ORDER = "A23456789TJQK"


def big_position(deal: int = 10, seed: int = 5, **options: object) -> Game:
    """A seat in its play stage, not down, holding 150 natural cards of four decks and 14 jokers
    (the costliest legal position of bench/hostile_bench.py), in deal ``deal`` of the long game."""
    opts = {"game_length": "extended", "deck_schedule": "constant", "decks": 4, "jokers_per_deck": 4,
            "same_suit_runs": False, **options}
    deck = [c for c in full_deck(4, 4).elements() if c != "JK"]
    deck.remove("2C")
    hand = random.Random(seed).sample(deck, 150) + ["JK"] * 14
    return Game.from_json(position_json(hands=[hand, ["JK"]], hand_number=deal, turn={"stage": "play"},
                                        options=opts, penalty=[]))


class Work:
    """Counts what the composer does: state and game copies, checks (``_why``), lay-down planners
    built (``Packer``) and moves applied."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.n: Counter[str] = Counter()
        for owner, name, key in ((state.ContinentalState, "copy", "state_copies"), (Game, "copy", "game_copies"),
                                 (legality.Legality, "_why", "checks"), (planner.Packer, "__init__", "planners"),
                                 (state.ContinentalState, "apply", "applied")):
            monkeypatch.setattr(owner, name, self._counting(getattr(owner, name), key))

    def _counting(self, f: Callable[..., Any], key: str) -> Callable[..., Any]:
        def wrapped(*a: Any, **k: Any) -> Any:
            self.n[key] += 1
            return f(*a, **k)
        return wrapped

    def compose(self, g: Game, action: dict[str, Any]) -> tuple[list[ContinentalMove] | None, str | None]:
        self.n.clear()
        try:
            return compose_action(g, action), None
        except (IllegalMoveError, NotationError) as e:
            return None, e.key


def _by_rank(hand: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for c in hand:
        if c != "JK":
            out.setdefault(c[0], []).append(c)
    return out


def _by_suit(hand: list[str]) -> dict[str, list[str]]:
    return {s: sorted({c for c in hand if c[1] == s}, key=lambda c: RANK_ORDER.index(c[0])) for s in "CDHS"}


def worst_requests(g: Game) -> list[dict[str, Any]]:
    """Requests of at most a few hundred bytes that cost seconds before: long sets and runs that
    do not finish the contract, lay-downs with too many sets, lay-downs whose last adds fail after
    every first move was tried."""
    hand = g.view(0)["hand"]
    ranks, suits = _by_rank(hand), _by_suit(hand)
    top = sorted(ranks, key=lambda r: -len(ranks[r]))
    return [
        {"type": "set", "cards": ranks[top[0]][:12] + ["JK"] * 3},
        {"type": "run", "cards": suits["H"][:10] + ["JK"] * 3},
        {"type": "lay_down", "combos": [{"type": "set", "cards": ranks[r][:6] + ["JK"]} for r in top[:4]]},
        {"type": "lay_down", "combos": [{"type": "set", "cards": ranks[top[0]][:8] + ["JK"] * 2}]
         + [{"type": "run", "cards": suits[s][:8] + ["JK"] * 3} for s in "CDH"]},
        {"type": "lay_down", "combos": [{"type": "set", "cards": ranks[top[1]][:9] + ["JK"] * 3}]
         + [{"type": "run", "cards": list(reversed(suits[s][:10])) + ["JK"] * 3} for s in "DHS"]},
    ]


@pytest.mark.parametrize("options", [{}, {"max_jokers_per_run": 1}, {"max_jokers_per_set": 1},
                                     {"going_out_discard": "required"}, {"same_rank_sets": False}])
def test_the_composer_tries_candidates_on_one_scratch_copy_within_its_budget(monkeypatch: MonkeyPatch, options: dict[str,
                                                                             Any]) -> None:
    """Every worst request on the largest legal position (four decks, 164 cards in hand): at most
    one copy of the state (the scratch copy), no copy of the game, at most ``ACTION_BUDGET``
    checks of a move, at most one lay-down planner built, and no more moves applied than checked
    (each applied move is taken back)."""
    g = big_position(**options)
    w = Work(monkeypatch)
    before = g.to_json()
    for action in worst_requests(g):
        w.compose(g, action)
        assert w.n["game_copies"] == 0 and w.n["state_copies"] <= 1, (action, w.n)
        assert w.n["checks"] <= ACTION_BUDGET + 1 and w.n["planners"] <= 1, (action, w.n)
        assert w.n["applied"] <= w.n["checks"], (action, w.n)
    assert g.to_json() == before  # the session's game is never touched


def test_a_lay_down_that_names_more_sets_or_runs_than_the_contract_is_refused_before_anything_is_tried(
        monkeypatch: MonkeyPatch) -> None:
    """Seed 002: a deal's contract is fixed (»Bei Continental-Rommé sind die für jeden Lauf
    notwendigen Kombinationen festgelegt«); deal 10 of the long game is a set and three runs. A
    lay-down of four sets (was: 1.8 s) is refused at once with the reason, nothing copied or
    checked."""
    g = big_position()
    w = Work(monkeypatch)
    ranks = _by_rank(g.view(0)["hand"])
    moves, key = w.compose(g, {"type": "lay_down", "combos": [{"type": "set", "cards": ranks[r][:3]} for r in list(ranks)[:4]]})
    assert moves is None and key == "no_set_needed"
    assert w.n["checks"] == 0 and w.n["state_copies"] == 0
    suits = _by_suit(g.view(0)["hand"])
    moves, key = w.compose(g, {"type": "lay_down", "combos": [{"type": "run", "cards": suits["S"][:4]}] * 4})
    assert moves is None and key in ("no_run_needed", "too_many_cards", "not_in_hand")
    # option same_suit_runs = false (as in this game): two runs of diamonds can never be the contract
    two = [{"type": "run", "cards": suits["D"][:4]}, {"type": "run", "cards": suits["D"][5:9]}]
    moves, key = w.compose(g, {"type": "lay_down", "combos": two})
    assert moves is None and key == "same_suit_runs" and w.n["checks"] == 0 and w.n["state_copies"] == 0


def test_a_lay_down_found_on_the_scratch_copy_is_accepted_by_the_game() -> None:
    """What the composer finds without playing the game is what the game accepts: the moves of
    a whole contract (a set and three runs with extra cards, laid in one action) play on the real
    game, which ends down with the four combinations and the named cards gone from the hand."""
    g = big_position()
    hand = g.view(0)["hand"]
    ranks, suits = _by_rank(hand), _by_suit(hand)
    r = max(ranks, key=lambda k: len(ranks[k]))
    set_cards = ranks[r][:5] + ["JK"]
    runs = []
    for s in "CDH":
        run = suits[s]
        start = next(i for i in range(len(run) - 4) if all(
            RANK_ORDER.index(run[i + k][0]) == RANK_ORDER.index(run[i][0]) + k for k in range(5)))
        runs.append(run[start:start + 5])
    action = {"type": "lay_down", "combos": [{"type": "set", "cards": set_cards}] + [{"type": "run", "cards": c} for c in runs]}
    moves = compose_action(g, action)
    for m in moves:
        g.play(m)
    v = g.view(0)
    assert v["seats"][0]["down"] and len(v["seats"][0]["combos"]) == 4
    named = Counter(set_cards + [c for run in runs for c in run])
    assert Counter(hand) - Counter(v["hand"]) == named


def test_failed_trials_leave_the_scratch_state_exactly_as_before() -> None:
    """``apply_undoable`` takes a move back exactly: after any mix of sets, runs and adds applied
    and taken back, the state saves to the same JSON and has the same legal moves."""
    g = position(hands=[["7C", "7D", "7H", "7S", "9D", "9H", "9S", "JK", "4C", "5C", "6C", "8C"], ["5D", "6D"]],
                 turn={"seat": 0, "stage": "play"}, options={"extra_melds_when_down": True})
    st = g.state.copy()
    before, legal = json.dumps(st.to_dict()), st.legal_moves()
    undo = []
    for text in ("set 7C 7D 7H", "set 9D 9H 9S"):
        m = g.parse_move(text)
        assert st._why(m) is None
        undo.append(st.apply_undoable(m))
    m = g.parse_move("add 0.1 7S")
    assert st._why(m) is None
    undo.append(st.apply_undoable(m))
    assert st.down[0] and json.dumps(st.to_dict()) != before
    for u in reversed(undo):
        u()
    assert json.dumps(st.to_dict()) == before and st.legal_moves() == legal
    with pytest.raises(ValueError):
        st.apply_undoable(g.parse_move("discard 4C"))


def test_malformed_actions_have_keys_with_german_texts() -> None:
    """Every refusal a player can cause has a key and a German text (issue #25): a lay-down that
    is not a list of combinations, a wrong run end, a wrong joker place, an unknown action type
    (quoted only as a short prefix, never echoed whole)."""
    g = big_position()
    cases: list[tuple[dict[str, Any], str]] = [({"type": "lay_down", "combos": "x"}, "action_combos"),
             ({"type": "lay_down", "combos": [{"type": "meld", "cards": []}]}, "action_combos"),
             ({"type": "add", "target": "0.1", "cards": ["JK"], "end": "middle"}, "action_end"),
             ({"type": "swap", "target": "0.1", "card": "6H", "place": "x"}, "action_place"),
             ({"type": "swap", "target": "0.1", "card": "6H", "place": {"target": "0.2", "end": 3}}, "action_end"),
             ({"type": "x" * 100000}, "action_unknown")]
    for action, key in cases:
        with pytest.raises(NotationError) as e:
            compose_action(g, action)
        assert e.value.key == key
        de = e.value.message("de")
        assert de != e.value.message("en") and len(de) < 200
    assert REASONS.reason("action_end").text({}, "de").startswith("Das Ende")


def test_options_whose_deck_is_too_small_are_refused_with_a_german_text() -> None:
    """Seed 002 "Kartenspiel" sets the decks; options that leave a deal without a draw per player
    (8 players, one deck) are refused with key ``deck_too_small`` and a German text written in
    German (was: the English detail inside ``bad_option``)."""
    from meldtable import OptionError, new_game

    with pytest.raises(OptionError) as e:
        new_game("continental", players=8, seed=1, options={"deck_schedule": "constant", "decks": 1})
    assert e.value.key == "deck_too_small" and e.value.params == {"minimum": 57, "players": 8, "held": 54}
    assert e.value.message("de").startswith("Mit diesen Regeln braucht eine Runde für 8 Spieler mindestens 57 Karten")


def test_a_lay_down_that_fails_only_at_its_last_adds_stops_at_the_budget(monkeypatch: MonkeyPatch) -> None:
    """The search's worst shape: three sets of many cards in deal 4 (three sets) with
    ``max_jokers_per_set`` = 1 and two jokers named for the last set, so every way fails only at
    the last set's second joker. The search stops when ``ACTION_BUDGET`` is spent and answers
    with the first refusal met (``set_jokers``), after at most that many checks."""
    g = big_position(deal=4, game_length="seven_deals", max_jokers_per_set=1)
    ranks = _by_rank(g.view(0)["hand"])
    top = sorted(ranks, key=lambda r: -len(set(ranks[r])))
    combos = [{"type": "set", "cards": sorted(ranks[r])[:9]} for r in top[:2]]
    combos.append({"type": "set", "cards": sorted(ranks[top[2]])[:6] + ["JK", "JK"]})
    ran_out = []
    spend = actions._Budget.spend

    def spending(self: actions._Budget, n: int = 1) -> bool:
        ok = spend(self, n)
        ran_out.append(not ok)
        return ok

    monkeypatch.setattr(actions._Budget, "spend", spending)
    w = Work(monkeypatch)
    moves, key = w.compose(g, {"type": "lay_down", "combos": combos})
    assert moves is None and key == "set_jokers"
    assert any(ran_out) and w.n["checks"] <= ACTION_BUDGET and w.n["state_copies"] == 1
