"""One source of legality for the continental family (issue #14: "one code path decides whether a
move is legal and, when it is not, why"): ``ContinentalState.verify`` / ``_why`` is that path and
``legal_moves()`` (fast, with the lay-down planner's shortcuts) must list exactly the moves it
accepts. Checked on every plausible move - draw, take, claim, pass, every set of three and run of
four from the hand (in its order and reversed), every add of a hand card to every combination at
each end, every exchange, every discard - in positions of played deals under several option sets;
every refusal has a specific, declared key (never a generic one) and both texts.
"""
from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

import meldtable
from meldtable.bot import choose_move
from meldtable.continental import ContinentalMove
from meldtable.continental.reasons import REASONS
from meldtable.continental.state import ContinentalState


def candidates(state: ContinentalState) -> list[ContinentalMove]:
    seat = state.current_player
    assert seat is not None  # a position in the middle of a hand
    hand = sorted((c for c, n in state.hands[seat].items() for _ in range(n)), key=lambda c: (c.rank == 0, c.suit, c.rank))
    distinct = sorted(set(hand), key=lambda c: c.text)
    out = [ContinentalMove(k) for k in ("draw", "take", "claim", "pass")]
    for combo in set(itertools.combinations(hand, 3)):
        out.append(ContinentalMove("set", combo))
    for four in set(itertools.combinations(hand, 4)):
        out.append(ContinentalMove("run", four))
        out.append(ContinentalMove("run", combo[::-1]))
    for m in state.legal_moves():
        if m.kind == "run":
            out.append(ContinentalMove("run", m.cards[::-1]))
    targets = [f"{s}.{k + 1}" for s in range(len(state.table)) for k in range(len(state.table[s]))] + ["0.9"]
    for tid in targets:
        for c in distinct:
            for end in (None, "low", "high"):
                out.append(ContinentalMove("add", (c,), tid, end))
            out.append(ContinentalMove("swap", (c,), tid))
    for c in distinct:
        out.append(ContinentalMove("discard", (c,)))
    out.append(ContinentalMove("discard", (meldtable.cards.Card.parse("KS"),)))
    return out


GAMES = [
    (3, {}),
    (2, {"going_out_discard": "optional", "extra_melds_when_down": True, "layoff_from": "next_turn"}),
    (4, {"exchanged_joker": "to_hand", "joker_exchange_from": "runs_and_sets", "forbid_playable_discard": True,
         "forbid_discarding_taken_card": True, "same_rank_sets": True, "same_suit_runs": True}),
    (3, {"ace": "around_the_corner", "no_adjacent_jokers_in_run": True, "max_jokers_per_run": 1,
         "max_jokers_per_set": 1, "max_takes_in_a_row": 1}),
    (5, {"claim_by": "nobody", "joker_exchange": "never"}),
]


@pytest.mark.parametrize("players,options", GAMES)
def test_legal_moves_are_exactly_what_verify_accepts(players: int, options: dict[str, Any]) -> None:
    rng = random.Random(f"continental{players}{sorted(options.items())}")
    checked = refused = 0
    keys = set()
    for seed in range(2):
        g = meldtable.new_game("continental", players=players, seed=seed, options=options)
        deals = 0
        while deals < 3 and not g.match_over:
            steps = 0
            while not g.hand_over and steps < 300:
                st = g.state
                if steps % 4 == 0:
                    legal = {str(m) for m in st.legal_moves()}
                    for m in candidates(st):
                        why = st._why(m)
                        assert (str(m) in legal) == (why is None), (str(m), why, sorted(legal)[:20])
                        checked += 1
                        if why is not None:
                            refused += 1
                            keys.add(why[0])
                            assert why[0] in REASONS.keys() and why[1], why
                            assert why[1] == REASONS.reason(why[0]).text(why[2], "en")
                moves = g.legal_moves()
                g.play(choose_move(g) if rng.random() < 0.8 else rng.choice(moves))
                steps += 1
            deals += 1
            if not g.hand_over:
                break
            if not g.match_over:
                g.next_hand()
    assert checked > 3000 and refused > 2000, (checked, refused)
    assert len(keys) >= 8, keys
    print(players, checked, refused, sorted(keys))


def test_verify_raises_the_reason_in_both_languages() -> None:
    g = meldtable.new_game("continental", players=3, seed=1)
    st = g.state
    with pytest.raises(meldtable.IllegalMoveError) as e:
        st.verify(ContinentalMove.parse("discard 4C"))
    assert e.value.key == "draw_first" and e.value.params == {}
    assert e.value.message("de") == "Nimm zuerst die oberste Karte des Ablagestapels oder ziehe vom Talon."
    assert st.verify(ContinentalMove.parse("draw")) is None


def _malformed(state: ContinentalState) -> list[str]:
    """Moves no legal-move list holds: wrong card counts, targets written otherwise, ends where
    none belongs, values that are not cards."""
    from meldtable.cards import Card

    seat = state.current_player
    assert seat is not None  # a position in the middle of a hand
    hand = sorted({c for c, n in state.hands[seat].items() if n}, key=lambda c: c.text)
    c = hand[0]
    out = [ContinentalMove("discard", tuple(hand[:2])), ContinentalMove("discard", ()), ContinentalMove("draw", (c,)),
           ContinentalMove("take", (), "0.1"), ContinentalMove("discard", (c,), None, "low"),
           ContinentalMove("set", tuple(hand[:4])), ContinentalMove("run", tuple(hand[:5])),
           ContinentalMove("dance"), ContinentalMove("claim", (), None, "high")]
    for s in range(len(state.table)):
        for k in range(len(state.table[s])):
            for card in hand:
                out += [ContinentalMove("add", (card,), f"0{s}.{k + 1}", "high"),
                        ContinentalMove("add", (card,), f"{s}.{k + 1}", "middle"),
                        ContinentalMove("add", (card, card), f"{s}.{k + 1}", "low"),
                        ContinentalMove("swap", (card,), f"{s}.{k + 1}", "low"),
                        ContinentalMove("add", (card,), f"{s}.0{k + 1}")]
    assert all(isinstance(x, Card) for x in hand)
    return out


@pytest.mark.parametrize("players,options", GAMES)
def test_is_legal_before_the_legal_moves_are_generated_is_membership(players: int, options: dict[str, Any]) -> None:
    """``is_legal`` answers with the one check (``_why``) while the legal moves of a position are
    not generated (so that playing a composed action never generates them; issue #25): it must
    say yes to exactly the moves ``legal_moves()`` lists, for every plausible and every malformed
    move."""
    rng = random.Random(f"is_legal {players}{sorted(options.items())}")
    g = meldtable.new_game("continental", players=players, seed=3, options=options)
    checked = accepted = 0
    for step in range(400):
        if g.match_over:
            break
        if g.hand_over:
            g.next_hand()
            continue
        st = g.state
        if step % 5 == 0:
            legal = set(st.legal_moves())
            for m in candidates(st) + _malformed(st):
                fresh = st.copy()
                fresh._legal = None
                assert fresh.is_legal(m) == (m in legal), (str(m), repr(m))
                assert fresh._legal is None  # answered without generating the legal moves
                checked += 1
                accepted += m in legal
        g.play(choose_move(g) if rng.random() < 0.7 else rng.choice(g.legal_moves()))
    assert checked > 1000 and accepted > 50, (checked, accepted)
