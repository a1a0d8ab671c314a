"""Events of each move (issue #26 item 2; meldtable.events): for random play in every variant and
player count, a move's events account exactly for the cards that moved (the places before the
move, with the events' cards moved, are the places after it); a deal's events take every card
outside the stock out of the stock; a seat's view of the events never names a card hidden from it;
every event key has English and German texts."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from meldtable.api import Session, handle
from meldtable.bot import choose_move
from meldtable.cards import Card
from meldtable.events import EVENTS, Event, PlaceRef, deal_events, places_of, replay
from meldtable.game import Game, new_game
from meldtable.variants import VARIANTS

CASES = [(v.id, n) for v in VARIANTS.values() for n in v.players]
OPTIONS = {"kanaster": [{}, {"cut_wilds": "wilds_and_red_threes"}], "canasta-classic": [{}, {"red_three_exposure": "first_turn"}]}


def _hidden_ok(g: Game, e: Event) -> None:
    """Each seat's JSON of ``e`` names the cards only if one of the two places is open to it."""
    for viewer in range(g.players):
        j = e.to_json(viewer)
        assert j["count"] == len(e.cards)
        hidden = {"stock", "penalty_stock", "set_aside"}
        def closed(p: dict[str, Any], hidden: set[str] = hidden, viewer: int = viewer) -> bool:
            return p["place"] in hidden or (p["place"] == "hand" and p.get("seat") != viewer)
        if closed(j["from"]) and closed(j["to"]) and e.key != "cut":  # (the cut's cards are turned up)
            assert j["cards"] == [], (viewer, j)
            for t in j["texts"].values():
                assert not any(c in t.split() for c in e.cards if len(c) > 1 and c not in ("10",)), t
        else:
            assert j["cards"] == list(e.cards)


def _play(variant: str, players: int, seed: int, options: dict[str, Any], steps: int, computer: bool = False) -> int:
    g = new_game(variant, players=players, seed=seed, options=options)
    g.record_events = True
    rng = random.Random(seed)
    fam = g.variant.family
    moved = 0
    for _ in range(steps):
        if g.match_over:
            break
        if g.hand_over:
            g.next_hand()
            after = places_of(fam, g.state)
            total: dict[Card, int] = {}
            for cs in after.values():
                for c, k in cs.items():
                    total[c] = total.get(c, 0) + k
            start: dict[PlaceRef, dict[Card, int]] = {("stock", None, None): total}
            assert replay(start, g.last_events) == after
            for e in g.last_events:
                _hidden_ok(g, e)
            continue
        before = places_of(fam, g.state)
        legal = g.legal_moves()
        g.play(choose_move(g, level="normal") if computer else legal[rng.randrange(len(legal))])
        after = places_of(fam, g.state)
        assert replay(before, g.last_events) == after, (variant, players, seed, g.history[-1][-1], g.last_events)
        for e in g.last_events:
            assert e.src != e.dst
            _hidden_ok(g, e)
        moved += sum(len(e.cards) for e in g.last_events)
    return moved


@pytest.mark.parametrize("variant,players", CASES)
def test_events_account_for_every_card_random_play(variant: str, players: int) -> None:
    moved = 0
    for options in OPTIONS.get(variant, [{}]):
        for seed in (1, 2):
            moved += _play(variant, players, seed, options, 400)
    assert moved > 0


@pytest.mark.parametrize("variant,players", [(v.id, n) for v in VARIANTS.values() for n in (v.players[0], v.players[-1])])
def test_events_account_for_every_card_computer_play(variant: str, players: int) -> None:
    assert _play(variant, players, 5, {}, 300, computer=True) > 0


def test_kanaster_cut_names_the_kept_cards_to_every_seat() -> None:
    """Seed 004: the cutter keeps the wild cards turned up at the cut: everyone saw them."""
    found = 0
    for seed in range(1, 40):
        g = new_game("kanaster", players=4, seed=seed)
        cut = g.state.cut
        if cut and cut["cards"]:
            (e,) = [e for e in deal_events("canasta", g.state) if e.key == "cut"]
            for viewer in range(4):
                assert e.to_json(viewer)["cards"] == cut["cards"]
            found += 1
    assert found > 0


def test_event_keys_have_english_and_german_texts() -> None:
    for key in EVENTS.keys():
        r = EVENTS.reason(key)
        params = {"seat": 1, "count": 2, "cards": "QH QS"}
        en, de = r.text(params, "en"), r.text(params, "de")
        assert en and de and en != de, key


def test_api_table_carries_events_of_the_request_with_computer_moves_hidden() -> None:
    s = Session()
    first = json.loads(handle(json.dumps({"id": 1, "op": "new", "variant": "canasta-classic", "players": 4, "seed": 3}), s))
    g = new_game("canasta-classic", players=4, seed=3)
    # new carries its deal's events as seat 0 may see them (the cut and red threes come from them)
    assert first["result"]["events"] == [e.to_json(0) for e in deal_events("canasta", g.state)]
    deal = [e.to_json(0) for e in deal_events("canasta", g.state)]
    assert [e["key"] for e in deal][:1] == ["deal"]
    own = [e for e in deal if e["key"] == "deal" and e["to"]["seat"] == 0]
    other = [e for e in deal if e["key"] == "deal" and e["to"]["seat"] == 1]
    assert own[0]["cards"] and other[0]["cards"] == [] and other[0]["count"] > 0
    ans = json.loads(handle(json.dumps({"id": 2, "op": "act", "action": {"type": "draw"}}), s))
    evs = ans["result"]["events"]
    assert evs and evs[0]["key"] == "draw" and evs[0]["cards"]
    again = json.loads(handle(json.dumps({"id": 3, "op": "table"}), s))
    assert again["result"]["events"] == evs  # (table repeats the last change's events)
    bot = json.loads(handle(json.dumps({"id": 4, "op": "act", "action": {"type": "discard", "card": evs[0]["cards"][0]}}), s))
    assert "result" in bot, bot
    moved = json.loads(handle(json.dumps({"id": 5, "op": "bot", "level": "easy"}), s))["result"]
    seen = moved["table"]["events"]
    assert seen and all(e["seat"] == 1 for e in seen if e["key"] in ("draw", "take"))
    assert all(e["cards"] == [] for e in seen if e["key"] == "draw")


def test_api_next_hand_and_play_carry_events() -> None:
    s = Session()
    handle(json.dumps({"id": 1, "op": "new", "variant": "continental", "players": 3, "seed": 4}), s)
    g = s.game
    assert g is not None
    rng = random.Random(4)
    while not g.hand_over:
        legal = g.legal_moves()
        g.play(legal[rng.randrange(len(legal))])
    t = json.loads(handle(json.dumps({"id": 2, "op": "next_hand"}), s))["result"]
    keys = {e["key"] for e in t["events"]}
    assert {"deal", "upcard", "penalty_stock"} <= keys
    for e in t["events"]:
        if e["key"] == "deal":
            assert (e["cards"] != []) == (e["to"]["seat"] == t["seat"])
    assert all(e["cards"] == [] for e in t["events"] if e["key"] == "penalty_stock")
    moves = []
    assert s.game is not None
    work = s.game.copy()
    for _ in range(5):
        m = work.legal_moves()[0]
        moves.append(str(m))
        work.play(m)
    t = json.loads(handle(json.dumps({"id": 3, "op": "play", "moves": moves}), s))["result"]
    assert t["events"] and t["events"][0]["key"] in ("draw", "take")
