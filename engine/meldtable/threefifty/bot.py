"""The computer player of 3 ist 50."""

from __future__ import annotations

from typing import Any

from .moves import ThreeFiftyMove

# ---------------------------------------------------------------------- computer player


def _rank_text(text: str) -> str:
    return "JK" if text == "JK" else text[0]


def choose_move(view: dict[str, Any], legal: list[ThreeFiftyMove]) -> ThreeFiftyMove:
    """A rule-based computer player deciding from ``view`` and ``legal`` only.

    Each move is scored by its immediate effect on the minus piles: points taken off the own pile
    count most (rule 2), then points sent to other players (captures, cards on their piles),
    weighted up for the seat with the fewest points so far; a card on the own pile costs its full
    value, and a card on the right neighbour's pile a little (he may pass his top run on to me).
    A discard scores a small penalty that grows with the card's value, as the next player may match
    it and pass it on. Ties: higher-value hand card played first, then notation. (A look-ahead
    estimating which ranks the right neighbour holds was tried and gained nothing measurable.)
    """
    if len(legal) == 1:
        return legal[0]
    values = view.get("values", {})
    options = view.get("options", {})

    def val(text: str) -> int:
        if text == "JK":
            return int(values.get("JK", 50))
        return int(values.get(text[0], 10))

    me = view["seat"]
    left = view["left_neighbour"]
    piles = view["piles"]
    scores = view.get("scores", [0] * view["players"])
    leader = min(range(len(scores)), key=lambda s: (scores[s], s))
    centre = view["centre"]
    top = view["discard"]["top"] if view["discard"]["live"] else None
    players = view["players"]
    right = (me - 1) % players

    def weight(seat: int) -> float:
        return 1.2 if seat == leader and seat != me else 1.0

    def score(m: ThreeFiftyMove) -> float:
        c = m.card.text
        v = val(c)
        if m.kind == "discard":
            # the next player may match it and give it to his left neighbour (me with two players)
            back = 1.0 if (me + 2) % players == me else 0.4
            return -0.3 * v * back - 1
        if m.target == "own":
            run = piles[me]["top_run"]
            return 3.0 * sum(val(x) for x in run) + weight(left) * v
        if m.target == "pile":
            if m.pile == me:
                return -3.0 * v
            # the right neighbour may pass his pile's top run on to me (rule 2): a little worse
            return weight(m.pile or 0) * v - (0.1 * v if m.pile == right else 0)
        rank = _rank_text(c)
        got = 0
        if m.target in ("middle", "centre"):
            same = [val(x) for x in centre if _rank_text(x) == rank]
            got += sum(same if options.get("take_all_matches", True) else same[:1])
        if m.target in ("middle", "discard") and top and _rank_text(top) == rank:
            run = view["discard"]["top_run"] if options.get("discard_capture_depth") == "run" else [top]
            got += sum(val(x) for x in run)
        # taking centre cards also stops the right neighbour from giving them to me
        return weight(left) * (v + got) + 0.5 * got

    return max(legal, key=lambda m: (score(m), val(m.card.text), str(m)))
