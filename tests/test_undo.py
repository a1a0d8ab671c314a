"""Undo within a turn (issue #13; the rule: engine/meldtable/undo.py).

Every move since the turn's draw or pile take (melds, adds, lay-downs, lay-offs, joker exchanges)
can be taken back one by one until the discard; nothing that revealed a hidden card (draw, pile
take, claim) can be; an undo restores the exact earlier state (saved-game text) and every seat's
view as it was before the move."""
from __future__ import annotations

import json
import random
from typing import Any, cast

import pytest

import meldtable
from meldtable import Game, api, new_game
from meldtable.bot import choose_move
from meldtable.moves import MoveValue
from meldtable.undo import UNDOABLE
from positions import seat_to_act

GAMES = [("canasta-two-hand", 2), ("canasta-classic", 4), ("canasta-classic", 6), ("kanaster", 2),
         ("continental", 3), ("continental", 8)]


def views(g: Game) -> list[str]:
    return [json.dumps(g.view(s), sort_keys=True) for s in range(g.players)]


def undoable(g: Game, m: MoveValue) -> bool:
    return m.kind in UNDOABLE[g.variant.family]


@pytest.mark.parametrize("vid,players", GAMES)
def test_every_undoable_move_is_taken_back_exactly(vid: str, players: int) -> None:
    """Along computer playouts: before each undoable move the state text and all views are saved;
    the move, then undo, gives them back exactly; the playout then goes on with the move."""
    checked = 0
    for seed in range(6):
        g = new_game(vid, players=players, seed=seed)
        rnd = random.Random(seed)
        for _ in range(600):
            if g.hand_over:
                break
            legal = g.legal_moves()
            options = [m for m in legal if undoable(g, m)]
            m = rnd.choice(options) if options and rnd.random() < 0.5 else choose_move(g)
            if undoable(g, m):
                text, seen = g.to_json(), views(g)
                g.play(m)
                if g.hand_over:  # going out ends the hand: final, not undoable
                    assert g.undo_refusal() is not None
                    break
                assert g.undo_refusal() is None
                assert g.undo() == str(m)
                assert g.to_json() == text
                assert views(g) == seen
                checked += 1
            g.play(m)
    assert checked >= 5, f"only {checked} undoable moves met in {vid}"


@pytest.mark.parametrize("vid,players", GAMES)
def test_several_moves_are_taken_back_one_by_one_until_the_draw(vid: str, players: int) -> None:
    """Two or more undoable moves in one turn: undo them one by one back to the state right after
    the draw or take; one more undo is refused because the draw showed hidden cards."""
    found = 0
    for seed in range(40):
        g = new_game(vid, players=players, seed=seed)
        for _ in range(3000):
            if g.hand_over:
                break
            m = choose_move(g)
            if m.kind in ("draw", "take"):
                g.play(m)
                after_draw = g.to_json()
                texts = [after_draw]
                while True:
                    legal = [x for x in g.legal_moves() if undoable(g, x)]
                    if not legal:
                        break
                    g.play(legal[0])
                    if g.hand_over:
                        break
                    texts.append(g.to_json())
                if g.hand_over:
                    break
                if len(texts) < 3:
                    continue
                texts.pop()
                while texts:
                    g.undo()
                    assert g.to_json() == texts.pop()
                with pytest.raises(meldtable.IllegalMoveError) as exc:
                    g.undo()
                assert exc.value.key == "undo_revealed"
                assert g.to_json() == after_draw
                found += 1
                break
            g.play(m)
        if found >= 2:
            break
    assert found, f"no turn with two undoable moves found in {vid}"


def test_undo_refused_after_a_draw_and_after_a_discard() -> None:
    g = new_game("canasta-two-hand", players=2, seed=1)
    with pytest.raises(meldtable.IllegalMoveError) as exc:
        g.undo()
    assert exc.value.key == "undo_nothing"
    g.play("draw")
    before = g.to_json()
    with pytest.raises(meldtable.IllegalMoveError) as exc:
        g.undo()
    assert exc.value.key == "undo_revealed" and "hidden" in str(exc.value)
    assert g.to_json() == before
    discard = next(m for m in g.legal_moves() if m.kind == "discard")
    g.play(discard)
    with pytest.raises(meldtable.IllegalMoveError) as exc:
        g.undo()
    assert exc.value.key == "undo_nothing"


def test_undo_by_another_seat_is_refused() -> None:
    g = new_game("canasta-two-hand", players=2, seed=4)
    for _ in range(400):
        m = choose_move(g)
        if m.kind == "meld":
            seat = seat_to_act(g)
            g.play(m)
            if g.hand_over:
                pytest.skip("went out")
            text = g.to_json()
            with pytest.raises(meldtable.IllegalMoveError) as exc:
                g.undo(seat=1 - seat)
            assert exc.value.key == "undo_not_yours"
            assert g.to_json() == text
            g.undo(seat=seat)
            return
        g.play(m)
    pytest.fail("no meld in 400 moves")


def test_three_ist_50_has_nothing_to_undo() -> None:
    g = new_game("3-ist-50", players=3, seed=2)
    g.play(choose_move(g))
    with pytest.raises(meldtable.IllegalMoveError):
        g.undo()


def test_a_loaded_game_has_nothing_to_undo() -> None:
    g = new_game("canasta-two-hand", players=2, seed=5)
    for _ in range(400):
        m = choose_move(g)
        g.play(m)
        if m.kind in ("meld", "add") and not g.hand_over:
            break
    assert g.undo_refusal() is None
    h = meldtable.Game.from_json(g.to_json())
    assert h.undo_refusal() is not None


def _call(session: api.Session, op: str, **fields: object) -> dict[str, Any]:
    return cast("dict[str, Any]", json.loads(api.handle(json.dumps({"id": 1, "op": op, **fields}), session)))


def test_api_undo_and_can_undo() -> None:
    s = api.Session()
    table = _call(s, "new", variant="canasta-two-hand", players=2, seed=11)["result"]
    assert table["can_undo"] is False
    refused = _call(s, "undo")
    assert refused["ok"] is False and refused["error"]["code"] == "illegal_move"
    assert refused["error"]["key"] == "undo_nothing"
    # play the computer's moves for seat 0 through "play" until seat 0 has melded in its turn
    for _ in range(400):
        g = s.game
        assert g is not None
        m = choose_move(g)
        before = g.to_json()
        t = _call(s, "play", moves=[str(m)])["result"]
        if m.kind in ("meld", "add") and g.current_player == 0 and not t["hand_over"]:
            assert t["can_undo"] is True
            out = _call(s, "undo")
            assert out["ok"], out
            assert out["result"]["undone"] == str(m)
            assert s.game is not None and s.game.to_json() == before
            return
        if m.kind == "draw" and t["to_act"] == 0:
            assert t["can_undo"] is False
            refused = _call(s, "undo")
            assert refused["error"]["key"] == "undo_revealed"
            assert s.game is not None and s.game.to_json() == _call(s, "save")["result"]["state"]
    pytest.fail("seat 0 never melded")


@pytest.mark.parametrize("vid,players", GAMES)
def test_a_copied_game_undoes_exactly_while_the_original_plays_on(vid: str, players: int) -> None:
    """Game.copy() in the middle of a turn with undoable moves: the original then finishes its turn
    and the next seats play on; the copy's undo still gives back the exact state before the move
    (the canasta family keeps a cheaper partial copy as the undo base, sharing the stock, pile and
    other hands with the live state: the copy must not see the original's later changes)."""
    checked = 0
    for seed in range(8):
        g = new_game(vid, players=players, seed=seed)
        rnd = random.Random(seed)
        for _ in range(400):
            if g.hand_over or checked > 3 * (seed + 1):
                break
            legal = g.legal_moves()
            options = [m for m in legal if undoable(g, m)]
            if options:
                m = rnd.choice(options)
                text, seen = g.to_json(), views(g)
                g.play(m)
                if g.hand_over:
                    break
                twin = g.copy()
                for _ in range(12):  # the original goes on: the discard, other seats' turns
                    if g.hand_over:
                        break
                    g.play(choose_move(g))
                assert twin.undo() == str(m)
                assert twin.to_json() == text
                assert views(twin) == seen
                checked += 1
            else:
                g.play(choose_move(g))
    assert checked >= 5, f"only {checked} copies checked in {vid}"
