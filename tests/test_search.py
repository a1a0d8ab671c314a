"""The search interface (issue #27): ``Game.determinize(seat, rng)`` keeps everything the seat has
seen and deals the hidden cards again; ``Game.search_node()`` plays the same moves as the public
API; the strong player decides from the seat's information only."""

from __future__ import annotations

import json
import random
from typing import Any, cast

import pytest
from pytest import MonkeyPatch

import meldtable
from meldtable.bot import choose_move
from meldtable.canasta.moves import Move
from meldtable.canasta.state import CanastaState
from meldtable.errors import StateError
from meldtable.search import Node, evaluate, quick_playout, random_playout
from played import played as _midhand
from positions import seat_to_act

GAMES = [("canasta-two-hand", 2), ("canasta-classic", 4), ("kanaster", 2), ("continental", 3), ("3-ist-50", 3)]


def _conservation(g: meldtable.Game) -> dict[str, Any]:
    return dict(g.state.conservation())


@pytest.mark.parametrize("variant,players", GAMES)
def test_determinize_keeps_the_seats_view_and_every_card(variant: str, players: int) -> None:
    changed = 0
    for k in range(12):
        g = _midhand(variant, players, 3 + k, 6 + 5 * k)
        if g.hand_over:
            continue
        seat = seat_to_act(g)
        d = g.determinize(seat, random.Random(k))
        assert d.view(seat) == g.view(seat)
        assert _conservation(d) == _conservation(g)
        assert d.legal_moves() == g.legal_moves()
        assert d.history == g.history and d.scores == g.scores
        others = [s for s in range(players) if s != seat]
        changed += any(d.view(s)["hand"] != g.view(s)["hand"] for s in others)
        assert g == _midhand(variant, players, 3 + k, 6 + 5 * k)  # the game itself is unchanged
    assert changed >= 6


def test_determinize_depends_on_what_the_seat_knows_and_the_rng_only() -> None:
    """Two games that differ only in cards hidden from the seat give the same determinization for
    the same rng."""
    g = _midhand("canasta-two-hand", 2, 8, 30)
    seat = seat_to_act(g)
    other = g.determinize(seat, random.Random(99))  # the same table, other hidden cards
    assert other.view(1 - seat)["hand"] != g.view(1 - seat)["hand"]
    a = g.determinize(seat, random.Random(5))
    b = other.determinize(seat, random.Random(5))
    assert a.to_json() == b.to_json()


def test_determinize_refuses_a_seat_not_in_the_game() -> None:
    g = meldtable.new_game("kanaster", players=2, seed=1)
    with pytest.raises(ValueError):
        g.determinize(2, random.Random(1))


def test_determinize_mid_turn_of_another_seat_is_a_state_error() -> None:
    g = meldtable.new_game("canasta-two-hand", players=2, seed=1)
    seat = seat_to_act(g)
    g.play("draw")
    with pytest.raises(StateError) as e:
        g.determinize(1 - seat, random.Random(1))
    assert e.value.key == "determinize_now"
    assert g.determinize(seat, random.Random(1)).view(seat) == g.view(seat)


@pytest.mark.parametrize("variant,players", GAMES)
def test_search_node_plays_the_same_moves_as_the_public_api(variant: str, players: int) -> None:
    """Same moves, by index in the node and by ``Game.play`` of ``legal_moves()[index]``: the same
    legal moves at every step and the same saved state at the end."""
    for seed in range(3):
        g = _midhand(variant, players, seed, 10)
        node = g.search_node()
        rng = random.Random(seed)
        for _ in range(400):
            if g.hand_over:
                break
            legal = g.legal_moves()
            assert node.moves() == legal and node.to_act == g.current_player
            i = rng.randrange(len(legal))
            node.apply(i)
            g.play(legal[i])
        assert node.over == g.hand_over
        assert json.dumps(node.state.to_dict()) == json.dumps(g.state.to_dict())


@pytest.mark.parametrize("variant,players", GAMES + [("kanaster", 4)])
def test_quick_playouts_play_only_legal_moves_the_same_as_the_public_api(variant: str, players: int) -> None:
    """The cheap random policy (meldtable.search.rollout: a draw or a random discard proposed
    first and checked by the family's verdict) plays only moves of ``legal_moves()``, and the same
    moves through ``Game.play`` give the same saved state; its proposals are refused where the rules
    refuse them (it also plays moves of other kinds)."""
    kinds: set[str] = set()
    for seed in range(4):
        g = _midhand(variant, players, seed, 6 + 4 * seed)
        node = g.search_node()
        rng = random.Random(seed)
        for _ in range(600):
            if g.hand_over:
                break
            move = node.quick_move(rng)
            assert move in g.legal_moves()
            kinds.add(move.kind)
            node.play(move)
            g.play(move)
            assert node.to_act == g.current_player
        assert node.over == g.hand_over
        assert json.dumps(node.state.to_dict()) == json.dumps(g.state.to_dict())
    assert "discard" in kinds and len(kinds) >= 2


def test_quick_proposals_follow_the_familys_verdict() -> None:
    """A proposed discard the rules refuse (canasta: before the draw) is never played."""
    from meldtable.search.rollout import quick_move

    g = meldtable.new_game("canasta-two-hand", players=2, seed=4)
    st = g.search_node().state
    for k in range(50):
        m = quick_move(g.family, st, random.Random(k))
        assert m.kind in ("draw", "take") and m in g.legal_moves()
    g.play("draw")
    st = g.search_node().state
    seen = {quick_move(g.family, st, random.Random(k)).kind for k in range(60)}
    assert "discard" in seen and seen <= {m.kind for m in g.legal_moves()}


def test_quick_playout_ends_the_hand_and_leaves_the_game_alone() -> None:
    g = _midhand("kanaster", 2, 5, 12)
    before = g.to_json()
    node = g.search_node()
    n = quick_playout(node, random.Random(3))
    assert node.over and n > 0 and g.to_json() == before


def _side_values_by_view(state: CanastaState, seat: int) -> tuple[int, list[float]]:
    """The estimate of meldtable.search for canasta, summed over what ``state.view`` shows (the
    reference the fast reading of the state's fields must equal)."""
    from meldtable.canasta.values import card_value
    from meldtable.cards import Card

    r = state.rules
    bonus = {"natural": r.natural_canasta_bonus, "mixed": r.mixed_canasta_bonus, "wild": getattr(r, "wild_canasta_bonus", 0)}
    view = state.view(seat)
    values = [0.0] * len(view["sides"])
    for sd in view["sides"]:
        v = 0.0
        for m in sd["melds"]:
            v += m["points"] + (bonus[m["canasta"]] if m["canasta"] else
                                (0.1 * (len(m["cards"]) - 3) * bonus["mixed"] if len(m["cards"]) >= 4 else 0.0))
        reds = len(sd["red_threes"]) * r.red_three_bonus
        values[sd["side"]] = v + (reds if sd["melded"] else -reds)
    for s in range(len(view["side_of_seat"])):
        values[view["side_of_seat"][s]] -= sum(card_value(Card.parse(t)) for t in state.view(s)["hand"])
    return view["side_of_seat"][seat], values


@pytest.mark.parametrize("variant,players", [("canasta-two-hand", 2), ("canasta-classic", 4), ("kanaster", 2),
                                             ("kanaster", 4), ("canasta-classic", 3)])
def test_canasta_estimate_reads_the_state_as_the_view_shows_it(variant: str, players: int) -> None:
    from meldtable.search import _canasta_side_values

    seen = 0
    for seed in range(3):
        g = meldtable.new_game(variant, players=players, seed=seed)
        while not g.hand_over:
            if len(g.history[-1]) % 7 == 0:
                for seat in range(players):
                    side, values = _canasta_side_values(g.state, seat)
                    ref_side, ref = _side_values_by_view(g.state, seat)
                    assert side == ref_side and values == pytest.approx(ref)
                    seen += 1
            g.play(choose_move(g))
    assert seen > 20


@pytest.mark.parametrize("variant,players", [("canasta-two-hand", 2), ("canasta-classic", 4), ("kanaster", 2),
                                             ("kanaster", 4), ("canasta-classic", 3)])
def test_the_normal_player_decides_the_same_from_the_search_view(variant: str, players: int) -> None:
    """canasta.bot.search_view (what the searches' playouts show the normal player) gives the same
    decision as the whole view, in every position of whole hands played by every level."""
    from meldtable.canasta.bot import CanastaBot, search_view

    bot = CanastaBot()
    seen = 0
    for seed in range(4):
        g = meldtable.new_game(variant, players=players, seed=seed)
        rng = random.Random(seed)
        while not g.hand_over:
            seat = seat_to_act(g)
            legal = cast("list[Move]", g.legal_moves())  # a canasta game's moves
            if len(legal) > 1:
                assert bot.decide(search_view(g.state, seat), legal) == bot.decide(g.view(seat), legal)
                seen += 1
            g.play(choose_move(g, level=("easy", "normal")[seed % 2], rng=rng) if rng.random() < 0.8 else rng.choice(legal))
    assert seen > 50


def test_search_node_copy_is_independent() -> None:
    g = _midhand("continental", 3, 2, 5)
    node = g.search_node()
    before = json.dumps(node.state.to_dict())
    c = node.copy()
    random_playout(c, random.Random(1))
    assert c.over
    assert json.dumps(node.state.to_dict()) == before and isinstance(c, Node)


def test_evaluate_scores_a_finished_hand_by_its_score_change() -> None:
    g = _midhand("canasta-two-hand", 2, 4, 2000)
    assert g.hand_over
    seat = 0
    totals = [s["total"] for s in g.results[-1]["sides"]]
    assert evaluate(g.state, "canasta", seat, [0, 0]) == totals[0] - totals[1]
    g3 = _midhand("3-ist-50", 3, 4, 2000)
    t = [s["total"] for s in g3.results[-1]["sides"]]
    assert evaluate(g3.state, "threefifty", 1, [0, 0, 0]) == (t[0] + t[2]) / 2 - t[1]


@pytest.mark.parametrize("variant,players", GAMES)
def test_strong_decides_from_the_seats_information_only(variant: str, players: int) -> None:
    """The hidden cards dealt again (another determinization of the same table): the strong
    player's choice for the same rng is the same."""
    checked = 0
    for k in range(4):
        g = _midhand(variant, players, 20 + k, 4 + 7 * k)
        if g.hand_over:
            continue
        seat = seat_to_act(g)
        other = g.determinize(seat, random.Random(1000 + k))
        assert other.view(seat) == g.view(seat)
        a = choose_move(g, level="strong", rng=random.Random(k), iterations=2)
        b = choose_move(other, level="strong", rng=random.Random(k), iterations=2)
        assert a == b
        checked += 1
    assert checked >= 3


def _known_after(variant: str, players: int, kinds: tuple[str, ...]) -> tuple[meldtable.Game, list[dict[str, int]]]:
    """A game of the normal players just after a seat took the discard pile (canasta) or took or
    claimed a discard (Continental), with known cards left in that seat's hand."""
    from meldtable.search.knowledge import known_cards

    for seed in range(40):
        g = meldtable.new_game(variant, players=players, seed=seed)
        while not g.hand_over:
            m = choose_move(g)
            g.play(m)
            if m.kind in kinds and not g.hand_over:
                known = known_cards(g)
                if known and any(known[s] for s in range(players) if s != g.current_player):
                    return g, known
    raise AssertionError("no take found")


@pytest.mark.parametrize("variant,players,kinds", [("canasta-two-hand", 2, ("take",)), ("kanaster", 2, ("take",)),
                                                   ("continental", 3, ("take", "claim"))])
def test_cards_seen_going_into_a_hand_stay_there_in_every_determinization(variant: str, players: int, kinds: tuple[str,
                                                                          ...]) -> None:
    from meldtable.search.knowledge import known_cards

    g, known = _known_after(variant, players, kinds)
    seat = seat_to_act(g)
    for s in range(players):  # known cards are held (the real hands)
        held = g.view(s)["hand"]
        assert all(held.count(c) >= n for c, n in known[s].items())
    holders = [s for s in range(players) if s != seat and known[s]]
    assert holders
    for k in range(6):
        d = g.determinize(seat, random.Random(k))
        assert d.view(seat) == g.view(seat) and _conservation(d) == _conservation(g)
        for s in holders:
            hand = d.view(s)["hand"]
            assert all(hand.count(c) >= n for c, n in known[s].items()), (s, known[s], hand)
    assert known_cards(g) == known  # cached: the same answer again


def test_a_game_whose_history_does_not_lead_to_its_table_has_no_known_cards() -> None:
    from meldtable.search.knowledge import known_cards

    g = _midhand("canasta-two-hand", 2, 3, 30)
    assert known_cards(g) is not None
    other = meldtable.Game.from_position(g.to_position())
    assert known_cards(other) is None
    assert known_cards(_midhand("3-ist-50", 3, 1, 5)) is None


def test_a_history_longer_than_the_replay_limit_has_no_known_cards(monkeypatch: MonkeyPatch) -> None:
    from meldtable.search import knowledge

    g = _midhand("canasta-two-hand", 2, 3, 30)
    knowledge._CACHE.clear()
    monkeypatch.setattr(knowledge, "MAX_REPLAY", 29)
    assert knowledge.known_cards(g) is None
    monkeypatch.setattr(knowledge, "MAX_REPLAY", 30)
    assert knowledge.known_cards(g) is not None


def test_strong_plays_the_normal_move_in_normal_only_families(monkeypatch: pytest.MonkeyPatch) -> None:
    """A family in ``NORMAL_ONLY`` (none today: Continental left it for ``POLICY_ONLY`` in session
    14) gets the normal player's move from the strong level, every decision, without a search."""
    import meldtable.search as search_mod

    monkeypatch.setattr(search_mod, "NORMAL_ONLY", frozenset({"threefifty"}))
    monkeypatch.setattr(search_mod, "search", lambda *a, **k: pytest.fail("NORMAL_ONLY must not search"))
    g = meldtable.new_game("3-ist-50", players=3, seed=7)
    compared = 0
    while not g.hand_over and compared < 40:
        seat = seat_to_act(g)
        normal = choose_move(g, level="normal")
        strong = choose_move(g, level="strong", rng=random.Random(compared), iterations=3)
        assert strong == normal, (seat, normal, strong)
        compared += len(g.legal_moves()) > 1
        g.play(normal)
    assert compared >= 10


def test_continental_strong_is_its_policy() -> None:
    """Continental is in ``POLICY_ONLY``: its strong level plays ``continental.strong`` (the
    searches measured weaker than a normal seat: docs/performance.md, "Playing strength")."""
    from meldtable.continental.strong import choose_move as continental_strong
    from meldtable.search import NORMAL_ONLY, POLICY_ONLY

    assert "continental" in POLICY_ONLY and "continental" not in NORMAL_ONLY
    g = meldtable.new_game("continental", players=3, seed=7)
    for _ in range(30):
        if g.hand_over:
            break
        assert choose_move(g, level="strong", rng=random.Random(1), iterations=3) == continental_strong(g)
        g.play(choose_move(g, level="normal"))
    assert len(g.history[-1]) >= 20
