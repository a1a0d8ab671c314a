"""Rules fidelity of the canasta family, round 3 (issue #24): each test quotes the seed sentence
it checks (»...«) and names the rule option of docs/rules/<variant>.md that carries the reading.
Positions are built as in tests/test_rules_canasta_classic.py (``classic``) and
tests/test_rules_kanaster.py."""
from __future__ import annotations

from typing import Any

import pytest

from positions import moves, refusal
from test_rules_canasta_classic import QUEENS7, classic, finish_by_discard, items


# ============================================================================ item 1: »aus der Hand«

def test_going_out_from_the_hand_needs_a_canasta_of_the_players_own():
    """»„Aus der Hand aus-machen“ kann ein Spieler, der alle Handkarten auf einmal auslegt, obwohl er
    noch keine Meldung gemacht hat. Auch er muss mindestens ein vollständiges Canasta mit auslegen
    und bekommt 200 Pluspunkte.« (option ``concealed_going_out_canasta`` = ``own``). Seat 0 has laid
    nothing; its partner's canasta of queens lets it go out with ``meld 5C 5D 5H`` and ``discard
    9D``, but it lays no canasta of its own: an ordinary going out (100), not 200."""
    hands = [["5C", "5D", "5H"], ["7C", "8D"], ["6C", "TD"], ["7D", "JD"]]
    g = classic(4, hands=hands, melds=[[QUEENS7], []], stock_top=["9D"], laid=[False, False, True, False])
    g.play("draw")
    g.play("meld 5C 5D 5H")
    res = finish_by_discard(g, "9D")
    assert res["went_out"] == 0 and res["concealed"] is False
    assert items(res, 0)["going_out"] == 100 and items(res, 0)["concealed"] == 0
    # the side's canasta suffices with the other value (the engine's earlier reading)
    g = classic(4, hands=hands, melds=[[QUEENS7], []], stock_top=["9D"], laid=[False, False, True, False],
                options={"concealed_going_out_canasta": "side"})
    g.play("draw")
    g.play("meld 5C 5D 5H")
    res = finish_by_discard(g, "9D")
    assert res["concealed"] is True and items(res, 0)["going_out"] + items(res, 0)["concealed"] == 200
