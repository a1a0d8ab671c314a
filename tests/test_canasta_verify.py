"""One source of legality for the canasta family (issue: "one code path decides whether a move is
legal and, when it is not, why"): ``CanastaState.verify`` / ``_why`` is that path, and
``legal_moves()`` (fast, with shortcuts) must list exactly the moves it accepts. This test checks
both on every plausible move - every draw, pass, question and answer, every take with no or two
hand cards, every 3-card meld and 3-4 black threes from the hand, every add of a hand card to every
rank's first and second meld, every bury, every discard - in positions from played hands of every canasta preset, player count and
several options; and that every refusal has a specific key (never a generic one).
"""
from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

import meldtable
from meldtable import Move
from meldtable.bot import choose_move
from meldtable.canasta.state import CanastaState
from meldtable.cards import RANKS


def candidates(state: CanastaState) -> list[Move]:
    seat = state.turn.seat
    hand = sorted((c for c, n in state.hands[seat].items() for _ in range(n)), key=lambda c: c.index)
    hand_texts = sorted({c.text for c in hand})
    out = [Move.parse(t) for t in ("draw", "pass", "ask", "yes", "no", "take")]
    for a, b in itertools.combinations_with_replacement(hand_texts, 2):
        out.append(Move.parse(f"take {a} {b}"))
    for combo in set(itertools.combinations(hand, 3)):
        out.append(Move.parse("meld " + " ".join(c.text for c in combo)))
    for threes in set(itertools.combinations([c for c in hand if c.rank == 3], 4)):
        out.append(Move.parse("meld " + " ".join(c.text for c in threes)))
    for rank in RANKS:
        for t in hand_texts:
            out.append(Move.parse(f"add {rank} {t}"))
            out.append(Move.parse(f"add {rank}#2 {t}"))
            out.append(Move.parse(f"bury {rank} {t}"))
    for t in hand_texts + ["KS", "JK"]:
        out.append(Move.parse(f"discard {t}"))
    return out


GAMES = [
    ("canasta-two-hand", 2, {}),
    ("canasta-two-hand", 2, {"initial_meld_counts": "hand_cards", "stock_exhausted": "play_on_discards"}),
    ("canasta-classic", 2, {}),
    ("canasta-classic", 3, {"pile_before_initial_meld": "natural_pair", "take_pile_onto_own_meld": True}),
    ("canasta-classic", 4, {}),
    ("canasta-classic", 5, {"going_out_discard": "optional"}),
    ("canasta-classic", 6, {"partnerships": "three_sides"}),
    ("kanaster", 2, {}),
    ("kanaster", 3, {"bury_blocking_cards": "any_turn", "blocking_ranks": "own_canasta"}),
    ("kanaster", 4, {"meld_after_pile_take": True, "cut_wilds": "wilds_and_red_threes"}),
    ("kanaster", 5, {"same_rank_melds": "one", "red_three_exposure": "at_deal"}),
]


@pytest.mark.parametrize("variant,players,options", GAMES)
def test_legal_moves_are_exactly_what_verify_accepts(variant: str, players: int, options: dict[str, Any]) -> None:
    rng = random.Random(f"{variant}{players}{sorted(options.items())}")
    checked = refused = 0
    keys = set()
    for seed in range(3):
        g = meldtable.new_game(variant, players=players, seed=seed, options=options)
        steps = 0
        while not g.hand_over and steps < 400:
            st = g.state
            if steps % 3 == 0:
                legal = {str(m) for m in st.legal_moves()}
                for m in candidates(st):
                    why = st._why(m)
                    assert (str(m) in legal) == (why is None), (str(m), why, sorted(legal)[:20])
                    checked += 1
                    if why is not None:
                        refused += 1
                        keys.add(why[0])
                        assert why[0] not in ("not_allowed", "legal") and why[1], why
            moves = g.legal_moves()
            g.play(choose_move(g) if rng.random() < 0.7 else rng.choice(moves))
            steps += 1
    assert checked > 2000 and refused > 1000, (checked, refused)
    assert len(keys) >= 8, keys


def test_the_issue_examples_get_specific_reasons() -> None:
    """``take JK JK`` onto an existing meld was refused with a generic reason, and ``draw`` after a
    pile take with "You have already drawn this turn."."""
    from positions import position, refusal

    g = position(hands=[["JK", "JK", "QH", "QS", "4C", "5D"], ["4H", "5H", "6H", "7H"]],
                 melds=[[["QC", "QD", "QH"]], []], pile=["9C", "QC"])
    key, text = refusal(g, "take JK JK")
    assert key == "take_pair" and "natural" in text
    g.play("take QH QS")
    key, text = refusal(g, "draw")
    assert key == "already_took" and "taken the discard pile" in text


def test_the_rooms_refuse_only_with_declared_reasons() -> None:
    """Issue #26: each move kind's room (``canasta/legal_*.py``) returns one verdict type, ``None``
    or a ``Refusal`` made by ``refuse(key, ...)`` with a key the reason catalogue declares (in
    English and German), never an intermediate string translated later; no canasta module is over
    600 lines."""
    import pathlib
    import re

    from meldtable.canasta.reasons import REASONS, refuse

    root = pathlib.Path(meldtable.__file__).parent / "canasta"
    rooms = sorted(root.glob("legal*.py"))
    keys = set()
    for f in rooms:
        text = f.read_text(encoding="utf-8")
        keys |= set(re.findall(r'refuse\("([a-z_0-9]+)"', text))
        assert not re.search(r'return "[a-z_]+"', text), f  # (no undeclared verdict strings)
    assert len(rooms) >= 8 and len(keys) > 60, (rooms, keys)
    assert keys <= set(REASONS.keys()), keys - set(REASONS.keys())
    with pytest.raises(KeyError):
        refuse("minimum")
    too_long = {f.name: n for f in root.glob("*.py") if (n := len(f.read_text(encoding="utf-8").splitlines())) > 600}
    assert not too_long, too_long
