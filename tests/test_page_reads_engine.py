"""The page reads what a move did and what a play takes from the engine (issue #26 item 2): the 3 ist
50 view's ``captures`` names the cards each play of a hand card takes along (seed 003, rule 1:
the matching centre cards and the live top of the discard pile), exactly the cards the play's
events then move; the page's log and renderers keep no rank matching or notation parsing of
their own (source checks of web/games/)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from meldtable.game import new_game
from meldtable.threefifty.moves import ThreeFiftyMove

WEB = Path(__file__).resolve().parents[1] / "web"


def _code(rel: str) -> str:
    """The JavaScript of ``web/<rel>`` without its comments."""
    return re.sub(r"//[^\n]*|/\*.*?\*/", "", (WEB / rel).read_text(), flags=re.S)


def _renderer(family: str) -> dict[str, str]:
    """Every room of ``web/games/<family>/`` but its log (``{path: code without comments}``)."""
    rels = sorted(f"games/{family}/{p.name}" for p in (WEB / "games" / family).glob("*.js") if p.name != "log.js")
    assert len(rels) >= 5, rels
    return {rel: _code(rel) for rel in rels}


@pytest.mark.parametrize("options", [{}, {"take_all_matches": True, "discard_capture_depth": "run"},
                                     {"take_all_matches": False, "capture_sources": "center_or_discard_top"}])
def test_threefifty_view_captures_are_the_cards_the_play_moves(options: dict[str, object]) -> None:
    checked = 0
    for seed in (1, 2, 3):
        g = new_game("3-ist-50", players=3, seed=seed, options=options)
        g.record_events = True
        rng = random.Random(seed)
        for _ in range(300):
            if g.match_over:
                break
            if g.hand_over:
                g.next_hand()
                continue
            seat = g.current_player
            assert seat is not None
            caps = g.view(seat)["captures"]
            legal = g.legal_moves()
            m = legal[rng.randrange(len(legal))]
            assert isinstance(m, ThreeFiftyMove)
            g.play(m)
            took = [c for e in g.last_events if e.key == "capture" and e.src[0] in ("centre", "pile") for c in e.cards]
            if m.kind == "play" and m.target in ("middle", "centre", "discard"):
                want = caps[m.card.text]
                expected = (want["centre"] if m.target != "discard" else []) + (want["discard"] if m.target != "centre" else [])
                assert sorted(took) == sorted(expected), (options, seed, str(m), caps)
                checked += 1
            else:
                assert took == [], str(m)
    assert checked > 20


def test_threefifty_page_does_not_work_out_captures() -> None:
    for rel, code in {**_renderer("threefifty"), "games/threefifty/log.js": _code("games/threefifty/log.js")}.items():
        assert "sameRank" not in code and "capturedBy" not in code, rel
        assert not re.search(r"rankOf\([^)]*\)\s*===", code), f"{rel} matches ranks itself"
    log = _code("games/threefifty/log.js")
    annotate = log[log.index("function annotate("):]
    assert ".split(" not in annotate and "next.events" in annotate  # where the cards went: the events


def test_continental_page_reads_discarder_and_log_cards_from_the_engine() -> None:
    table = "\n".join(_renderer("continental").values())
    assert "last_moves" not in table and "function discarder(" not in table
    assert "discarded_by" in table
    log = _code("games/continental/log.js")
    annotate = log[log.index("function annotate("):]
    assert "next.events" in annotate
    assert "got.cards" in annotate, "the taken card is the take event's"
    assert 'split(".")' not in annotate, "a combination's owner is its event place's seat"
