"""The canasta family's computer player: rule-based, it decides from its seat's view and legal
moves only (never hidden cards)."""

from __future__ import annotations

from typing import Any

from ..cards import RANKS, Card
from .moves import Move

KEEP = 3
"""Cards the normal player keeps in hand after a meld or add while its side lacks the canastas
needed to go out (issue #27)."""


def _rank_of(text: str) -> int:
    return RANKS.index(text) + 1


def _wild(c: Card) -> bool:
    return c.rank in (0, 2)


def _value(c: Card) -> int:
    if c.rank == 0:
        return 50
    if c.rank in (1, 2):
        return 20
    if c.rank >= 8:
        return 10
    return 5


class CanastaBot:
    """Rule-based canasta player (every preset and player count): makes its initial meld, takes the pile when it pays,
    builds canastas (wild cards saved for them), blocks with black threes and blocking ranks (Kanaster), lays
    blocking cards under its canastas when it may, goes out when it can, and keeps at least :data:`KEEP` cards in
    hand while its side lacks the canastas needed to go out (no melting down to one card: issue #27).

    ``decide(view, legal)`` takes the seat's view (``Game.view(seat)``) and its legal moves.
    """

    def decide(self, view: dict[str, Any], legal: list[Move]) -> Move:
        """The move to play: a dispatcher over the turn's steps (the partner's question, the draw,
        then going out, melds and adds, burying and the discard: :func:`_play`)."""
        if len(legal) == 1:
            return legal[0]
        seen = _Seen(view, legal)
        by_kind = seen.by_kind
        if "yes" in by_kind:
            # the partner asks "may I go out?": yes, unless this hand would cost the side a lot
            # (its cards count against the side when the hand ends)
            hand_cost = sum(_value(c) for c in seen.hand)
            return by_kind["yes" if hand_cost <= 60 or len(seen.hand) <= 2 else "no"][0]
        if "ask" in by_kind:
            return by_kind["ask"][0]  # offered only when going out is possible this turn
        if view["turn"]["stage"] == "draw":
            return _draw(view, seen, legal)
        return _play(view, seen, legal)


class _Seen:
    """What :meth:`CanastaBot.decide` reads of a view: the seat's side, its melds by rank, the
    opponents' meld ranks, the hand and its count per rank, and the legal moves by kind."""

    __slots__ = ("me", "my_melds", "opp_ranks", "hand", "counts", "by_kind")

    def __init__(self, view: dict[str, Any], legal: list[Move]) -> None:
        seat = view["seat"]
        side = view["side_of_seat"][seat]
        self.me: dict[str, Any] = view["sides"][side]
        opp = [s for s in view["sides"] if s["side"] != side]
        self.my_melds: dict[int, Any] = {_rank_of(m["rank"]): m for m in self.me["melds"]}
        self.opp_ranks = {_rank_of(m["rank"]) for s in opp for m in s["melds"]}
        self.hand = [Card.parse(t) for t in view["hand"]]
        self.counts: dict[int, int] = {}
        for c in self.hand:
            self.counts[c.rank] = self.counts.get(c.rank, 0) + 1
        self.by_kind: dict[str, list[Move]] = {}
        for m in legal:
            self.by_kind.setdefault(m.kind, []).append(m)


def _draw(view: dict[str, Any], seen: _Seen, legal: list[Move]) -> Move:
    """The draw: take the pile when it is worth it (three cards or more, before the initial meld,
    onto a meld, or when the stock is out), else draw from the stock."""
    by_kind = seen.by_kind
    takes = by_kind.get("take", [])
    pile = view["discard"]["size"]
    if takes and (pile >= 3 or not seen.me["melded"] or any(not m.cards for m in takes) or "draw" not in by_kind):
        # natural pair first, then onto own meld, then natural + wild
        takes.sort(key=lambda m: (sum(_wild(c) for c in m.cards), -len(m.cards)))
        return takes[0]
    return by_kind.get("draw", legal)[0]


def _play(view: dict[str, Any], seen: _Seen, legal: list[Move]) -> Move:
    """After the draw: go out when a meld or add empties the hand, else keep cards while the side
    lacks canastas (:func:`_keep_cards`), meld and add (:func:`_lay`), bury, discard."""
    by_kind = seen.by_kind
    hand_size = len(seen.hand)
    # going out: any move that empties the hand
    for m in by_kind.get("meld", []) + by_kind.get("add", []):
        if len(m.cards) == hand_size:
            return m
    canastas = seen.me["canastas"]
    needed = view.get("canastas_to_go_out", 2)
    if canastas < needed:
        _keep_cards(seen, hand_size)
    lay = _lay(view, seen, canastas, needed)
    if lay is not None:
        return lay
    # Kanaster: cards of a blocking rank laid under the side's canasta no longer count against it
    if by_kind.get("bury"):
        return by_kind["bury"][0]
    discards = by_kind.get("discard", [])
    if not discards:
        return legal[0]
    return _discard(view, seen, discards)


def _keep_cards(seen: _Seen, hand_size: int) -> None:
    """No melting down without the canastas needed to go out (issue #27: a Kanaster hand melded
    down to one card can only draw and discard until the stock runs out): keep at least
    :data:`KEEP` cards after a meld or add, unless it completes a canasta (drops the others from
    ``seen.by_kind``)."""
    def keeps(m: Move) -> bool:
        if hand_size - len(m.cards) >= KEEP:
            return True
        meld = seen.my_melds.get(m.rank or 0) if m.kind == "add" else None
        return meld is not None and len(meld["cards"]) + len(m.cards) >= 7 and not meld.get("canasta")

    by_kind = seen.by_kind
    for kind in ("meld", "add"):
        if kind in by_kind:
            by_kind[kind] = [m for m in by_kind[kind] if keeps(m)]


def _lay(view: dict[str, Any], seen: _Seen, canastas: int, needed: int) -> Move | None:
    """A meld or add worth making, or ``None``: naturals onto own melds, new natural melds, any
    meld while the initial meld is pending (or with a long hand), then wild cards towards a
    canasta or going out."""
    by_kind = seen.by_kind
    hand_size = len(seen.hand)
    # add naturals to own melds
    for m in by_kind.get("add", []):
        if not _wild(m.cards[0]):
            return m
    # new melds: naturals only first; while the initial meld is pending, any legal meld helps
    melds = by_kind.get("meld", [])
    natural_melds = [m for m in melds if not any(_wild(c) for c in m.cards)]
    if natural_melds:
        return max(natural_melds, key=lambda m: sum(_value(c) for c in m.cards))
    needs_initial = view["turn"]["needs_initial_meld"]
    if melds and (needs_initial or hand_size > 8):
        return min(melds, key=lambda m: sum(_wild(c) for c in m.cards))
    # wild cards: complete a canasta, or push towards going out when the side has the canastas it needs
    for m in by_kind.get("add", []):
        meld = seen.my_melds.get(m.rank or 0)
        if meld and (len(meld["cards"]) >= 5 or canastas >= needed or hand_size <= 3):
            if meld.get("canasta") != "natural" or canastas >= needed:
                return m
    return None


def _discard(view: dict[str, Any], seen: _Seen, discards: list[Move]) -> Move:
    """The discard: never a wild card if avoidable; a black three blocks; a blocking card stops
    the next player taking the pile; avoid feeding the opponent."""
    blocking = set(view["discard"].get("blocking_ranks") or [])
    hand_size = len(seen.hand)
    counts = seen.counts
    my_melds = seen.my_melds
    opp_ranks = seen.opp_ranks

    def cost(m: Move) -> tuple[float, str]:
        c = m.cards[0]
        if hand_size == 1:
            return (-100.0, str(m))
        if _wild(c):
            return (100.0 + _value(c), str(m))
        if c.rank == 3:
            return (-5.0, str(m))
        if RANKS[c.rank - 1] in blocking:
            return (-4.0, str(m))  # a blocking card stops the next player taking the pile
        score = float(_value(c)) / 10
        score += 3 * (counts.get(c.rank, 0) - 1)
        if c.rank in my_melds:
            score += 6
        if c.rank in opp_ranks:
            score += 8
        return (score, str(m))

    return min(discards, key=cost)


def search_view(state: Any, seat: int) -> dict[str, Any]:
    """The part of ``state.view(seat)`` that :meth:`CanastaBot.decide` reads, made without the
    rest (no texts of every meld, no results or last moves): the searches play the normal player
    thousands of times a decision (:mod:`meldtable.search`). ``seat`` must be the seat to act.
    tests/test_search.py checks that the bot decides the same from it as from the whole view."""
    from .melds import meld_order
    from .values import hand_sort_key

    r = state.rules
    side = r.side_of[seat]
    hand = sorted((c for c, n in state.hands[seat].items() for _ in range(n)), key=hand_sort_key)
    sides = []
    for s in range(len(r.sides)):
        melds = [{"rank": RANKS[m.rank - 1], "cards": m.cards, "canasta": m.canasta_kind}
                 for m in sorted(state.melds[s].values(), key=lambda m: meld_order(m.rank, m.key))]
        sides.append({"side": s, "melds": melds, "melded": state.melded[s], "canastas": state.canastas(s)})
    return {
        "seat": seat,
        "side_of_seat": r.side_of,
        "sides": sides,
        "hand": [c.text for c in hand],
        "canastas_to_go_out": r.canastas_to_go_out,
        "turn": {"stage": state.turn.stage, "needs_initial_meld": state._initial_pending()},
        "discard": {"size": len(state.pile), "blocking_ranks": [RANKS[k - 1] for k in sorted(state.blocking_ranks(side))]},
    }

