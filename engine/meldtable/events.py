"""What each move did, as keyed events (issue #26 item 2; PokerKit's operations as the model).

An :class:`Event` says which cards went from one place of the table to another: from where
(``src``), to where (``dst``), the cards, a key from :data:`EVENTS` (with English and German
texts, as the refusal reasons of :mod:`meldtable.reasons`) and the seat it belongs to. The page
draws each flight from the event alone (``to_json``), without reading move notation.

Events are worked out from the table's places before and after a move (:func:`move_events`):
every card that left a place arrives at another, so the events of a move account exactly for the
cards that moved (tests/test_events.py). The cards a move names leave the actor's hand first (so a
canasta pile take that melds a card the rest of the pile also holds still shows both flights).
A deal (:func:`deal_events`) moves cards out of the stock: to each hand, the upcard, a cut (an
event with no cards, ``cut_none``, when the cutter kept none), red threes laid out (and replaced),
the penalty stock, 3 ist 50's centre.

Places (:data:`Place`): ``stock``, ``pile`` (the discard pile), ``hand`` (of ``seat``), ``meld``
(canasta: of ``side``, named by its key ``Q`` or ``Q#2``; Continental: of ``seat``, named
``"<seat>.<n>"``), ``under`` (Kanaster: cards buried under the ``side``'s canasta ``meld``),
``red_threes`` (of ``side``), ``penalty_stock`` (Continental), ``minus_pile`` (3 ist 50, of
``seat``), ``centre`` and ``set_aside`` (3 ist 50).

Hidden cards: :meth:`Event.to_json` for a ``viewer`` seat leaves out the card names of a flight
between two places hidden from it (the stock, the penalty stock, the set-aside cards, another
seat's hand): it keeps the count and the places.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from .cards import Card
from .reasons import Catalogue

__all__ = ["EVENTS", "Event", "Place", "PlaceRef", "deal_events", "move_events", "places_of"]

Place = Literal["stock", "pile", "hand", "meld", "under", "red_threes", "penalty_stock", "minus_pile",
                "centre", "set_aside"]
"""The places cards move between (module docstring)."""

PlaceRef = tuple[Place, int | None, str | None]
"""A place of the table: ``(place, owner, meld)``; ``owner`` is the seat (``hand``,
``minus_pile``, Continental's ``meld``) or the side (canasta's ``meld``, ``under``,
``red_threes``), ``None`` for shared places; ``meld`` the meld's key or ``None``."""

Places = dict[PlaceRef, dict[Card, int]]
"""Every place holding cards, with its cards as a multiset."""

_SIDE_PLACES = frozenset({"under", "red_threes"})
_HIDDEN = frozenset({"stock", "penalty_stock", "set_aside"})

EVENTS = Catalogue("events", {
    "deal": (("seat", "count"), "{count} cards dealt to seat {seat}.", "{count} Karten an Platz {seat} gegeben."),
    "upcard": (("cards",), "Upcard turned: {cards}.", "Aufgedeckt: {cards}."),
    "cut": (("seat", "cards"), "Seat {seat} cut and kept {cards}.", "Platz {seat} hat abgehoben und {cards} behalten."),
    "cut_none": (("seat",), "Seat {seat} cut and kept no card.", "Platz {seat} hat abgehoben und keine Karte behalten."),
    "penalty_stock": (("count",), "{count} cards laid aside as the penalty stock.",
                      "{count} Karten als Straftalon beiseitegelegt."),
    "draw": (("seat", "count"), "Seat {seat} drew {count} from the stock.", "Platz {seat} hat {count} vom Talon gezogen."),
    "replacement": (("seat", "count"), "Seat {seat} drew {count} from the stock to replace red threes.",
                    "Platz {seat} hat {count} als Ersatz für rote Dreien vom Talon gezogen."),
    "take": (("seat", "count"), "Seat {seat} took {count} from the discard pile into the hand.",
             "Platz {seat} hat {count} vom Ablagestapel auf die Hand genommen."),
    "take_to_meld": (("seat", "cards"), "Seat {seat} took {cards} from the discard pile onto a meld.",
                     "Platz {seat} hat {cards} vom Ablagestapel an eine Meldung gelegt."),
    "claim": (("seat", "cards"), "Seat {seat} claimed {cards} out of turn.", "Platz {seat} hat {cards} außer der Reihe gekauft."),
    "penalty_card": (("seat",), "Seat {seat} took a penalty card.", "Platz {seat} hat eine Strafkarte genommen."),
    "meld": (("seat", "cards"), "Seat {seat} melded {cards}.", "Platz {seat} hat {cards} ausgelegt."),
    "add": (("seat", "cards"), "Seat {seat} added {cards} to a meld.", "Platz {seat} hat {cards} angelegt."),
    "joker_back": (("seat", "cards"), "Seat {seat} took {cards} back from a meld.",
                   "Platz {seat} hat {cards} aus einer Meldung genommen."),
    "bury": (("seat", "cards"), "Seat {seat} laid {cards} under a canasta.",
             "Platz {seat} hat {cards} unter einen Kanaster gelegt."),
    "red_three": (("cards",), "Red three laid out: {cards}.", "Rote Drei ausgelegt: {cards}."),
    "discard": (("seat", "cards"), "Seat {seat} discarded {cards}.", "Platz {seat} hat {cards} abgelegt."),
    "reshuffle": (("count",), "The discard pile ({count} cards) became the new stock.",
                  "Der Ablagestapel ({count} Karten) wurde zum neuen Talon."),
    "play": (("seat", "cards"), "Seat {seat} played {cards} onto a minus pile.",
             "Platz {seat} hat {cards} auf einen Minusstapel gespielt."),
    "capture": (("seat", "cards"), "{cards} went with it onto a minus pile.", "{cards} gingen mit auf einen Minusstapel."),
    "centre": (("cards",), "The centre refilled: {cards}.", "Die Mitte aufgefüllt: {cards}."),
    "set_aside": (("count",), "{count} cards set aside.", "{count} Karten zur Seite gelegt."),
    "move": (("count",), "{count} cards moved.", "{count} Karten bewegt."),
})
"""The event keys with their English and German texts (``params``: ``seat``, ``count``, ``cards``
as text; a hidden flight's ``cards`` param is its count)."""


@dataclass(frozen=True)
class Event:
    """One flight of cards: ``key`` (of :data:`EVENTS`), the ``seat`` it belongs to (the seat that
    moved or received the cards; ``None`` for a deal's shared cards), ``cards`` (texts, in the
    order they moved), ``src``/``dst`` (:data:`PlaceRef`), extra ``params`` (sorted pairs) and
    ``shown`` (cards everyone saw, e.g. the cut's, named to every seat)."""

    key: str
    seat: int | None
    cards: tuple[str, ...]
    src: PlaceRef
    dst: PlaceRef
    params: tuple[tuple[str, Any], ...] = field(default=())
    shown: bool = False  # the cards were turned up for everyone (the cut), wherever they went

    def hidden_from(self, viewer: int | None) -> bool:
        """Whether ``viewer`` (a seat; ``None``: every card shown) may not see the cards: both
        places are hidden from it (stock, penalty stock, set-aside cards, another seat's hand)."""
        if viewer is None or self.shown:
            return False
        return _place_hidden(self.src, viewer) and _place_hidden(self.dst, viewer)

    def text(self, lang: str = "en", viewer: int | None = None) -> str:
        """The event in a player's words, in ``lang`` (``"en"`` or ``"de"``), as ``viewer`` sees it."""
        hidden = self.hidden_from(viewer)
        params: dict[str, Any] = {"seat": self.seat, "count": len(self.cards),
                                  "cards": str(len(self.cards)) if hidden else " ".join(self.cards)}
        params.update(self.params)
        return EVENTS.reason(self.key).text(params, lang)

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        """``{"key", "seat", "count", "cards", "from", "to", "params", "texts"}`` as ``viewer`` may
        see it: ``cards`` is ``[]`` when the cards are hidden from it (``count`` stays); ``from``
        and ``to`` are ``{"place", "seat" | "side", "meld"}`` objects."""
        hidden = self.hidden_from(viewer)
        return {
            "key": self.key,
            "seat": self.seat,
            "count": len(self.cards),
            "cards": [] if hidden else list(self.cards),
            "from": _place_json(self.src),
            "to": _place_json(self.dst),
            "params": dict(self.params),
            "texts": {lang: self.text(lang, viewer) for lang in ("en", "de")},
        }


def _place_hidden(p: PlaceRef, viewer: int) -> bool:
    kind, owner, _ = p
    return kind in _HIDDEN or (kind == "hand" and owner != viewer)


def _place_json(p: PlaceRef) -> dict[str, Any]:
    kind, owner, meld = p
    out: dict[str, Any] = {"place": kind}
    if owner is not None:
        out["side" if kind in _SIDE_PLACES or (kind == "meld" and meld is not None and "." not in meld) else "seat"] = owner
    if meld is not None:
        out["meld"] = meld
    return out


# ---------------------------------------------------------------------- places of each family


def _ms(cards: Any) -> dict[Card, int]:
    out: dict[Card, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def places_of(family: str, state: Any) -> Places:
    """Every place of ``state`` (a family's state) with the cards it holds (empty places left out)."""
    out: Places = {}
    if family == "threefifty":
        from .threefifty.events import places

        out = places(state)
    elif family == "canasta":
        from .canasta.moves import meld_key_text

        out[("stock", None, None)] = _ms(state.stock)
        out[("pile", None, None)] = _ms(state.pile)
        for side, melds in enumerate(state.melds):
            for key, m in melds.items():
                name = meld_key_text(key)
                out[("meld", side, name)] = _ms(m.cards)
                out[("under", side, name)] = _ms(m.buried)
        for side, reds in enumerate(state.red_threes):
            out[("red_threes", side, None)] = _ms(reds)
    else:
        out[("stock", None, None)] = _ms(state.stock)
        out[("penalty_stock", None, None)] = _ms(state.penalty)
        out[("pile", None, None)] = _ms(state.pile)
        for seat, combos in enumerate(state.table):
            for k, cb in enumerate(combos):
                out[("meld", seat, f"{seat}.{k + 1}")] = _ms(cb.cards)
    if family != "threefifty":
        for seat, hand in enumerate(state.hands):
            out[("hand", seat, None)] = dict(hand)
    return {p: cs for p, cs in out.items() if cs}


def _moved_cards(family: str, move: Any) -> list[Card]:
    """The cards ``move`` names that leave the actor's hand."""
    if family == "threefifty":
        return [move.card]
    if move.kind in ("take", "meld", "add", "bury", "discard", "set", "run", "swap"):
        return list(move.cards)
    return []


_ORDER = {k: i for i, k in enumerate(
    ["deal", "cut", "cut_none", "upcard", "penalty_stock", "claim", "penalty_card", "draw", "take_to_meld", "take",
     "red_three", "replacement", "joker_back", "meld", "add", "bury", "play", "capture", "discard", "reshuffle",
     "centre", "set_aside", "move"])}
# Within a move the cards it deals (3 ist 50's refill of the hands from the stock) come after the
# play that emptied them, so a page showing the events in order shows the play first.
_MOVE_ORDER = {**_ORDER, "deal": _ORDER["reshuffle"] + 0.5}


def _key(src: PlaceRef, dst: PlaceRef, kind: str, actor: int | None, before: Places, family: str) -> str:
    s, d = src[0], dst[0]
    if d == "red_threes":
        return "red_three"
    if d == "minus_pile":
        return "play" if s == "hand" else "capture"
    if d == "hand":
        if s == "pile":
            return "claim" if kind == "claim" else "take"
        if s == "meld":
            return "joker_back"
        if kind == "claim":
            return "penalty_card"
        if kind == "draw" and dst[1] == actor:
            return "draw"
        return "deal" if family == "threefifty" else "replacement"
    if d == "meld":
        if s == "pile":
            return "take_to_meld"
        return "add" if dst in before else "meld"
    simple = {("hand", "under"): "bury", ("hand", "pile"): "discard", ("pile", "stock"): "reshuffle",
              ("stock", "pile"): "upcard", ("stock", "centre"): "centre", ("stock", "set_aside"): "set_aside",
              ("stock", "penalty_stock"): "penalty_stock"}
    return simple.get((s, d), "move")


def _seat_of(src: PlaceRef, dst: PlaceRef, actor: int | None) -> int | None:
    for p in (dst, src):
        if p[0] == "hand":
            return p[1]
    return actor


def _flights(leaves: list[tuple[PlaceRef, Card]], arrivals: list[tuple[PlaceRef, Card]]) -> list[tuple[PlaceRef, PlaceRef, Card]]:
    """Pair each card leaving a place with the same card arriving at another place (never the same
    place), in order."""
    open_: dict[Card, list[PlaceRef]] = {}
    for p, c in arrivals:
        open_.setdefault(c, []).append(p)
    out: list[tuple[PlaceRef, PlaceRef, Card]] = []
    for src, c in leaves:
        dsts = open_[c]
        i = next((i for i, d in enumerate(dsts) if d != src), 0)
        out.append((src, dsts.pop(i), c))
    return out


def _group(flights: list[tuple[PlaceRef, PlaceRef, Card]], kind: str, actor: int | None, before: Places,
           family: str, order: dict[str, float]) -> list[Event]:
    groups: dict[tuple[PlaceRef, PlaceRef], list[Card]] = {}
    for src, dst, c in flights:
        groups.setdefault((src, dst), []).append(c)
    events = []
    for (src, dst), cards in groups.items():
        key = _key(src, dst, kind, actor, before, family)
        events.append(Event(key, _seat_of(src, dst, actor), tuple(c.text for c in cards), src, dst))
    events.sort(key=lambda e: order[e.key])
    return events


def move_events(family: str, before: Places, after: Places, actor: int | None, move: Any) -> tuple[Event, ...]:
    """The events of ``move`` by seat ``actor``: every card that left a place of ``before`` for
    another place of ``after`` (:func:`places_of`), grouped by the pair of places. The cards the
    move names leave ``actor``'s hand first. Raises ``KeyError`` if the two do not hold the same
    cards (never for a legal move)."""
    forced = _moved_cards(family, move)
    leaves: list[tuple[PlaceRef, Card]] = []
    arrivals: list[tuple[PlaceRef, Card]] = []
    hand: PlaceRef = ("hand", actor, None)
    for c in forced:
        leaves.append((hand, c))
    # places and cards in a fixed order (``before``'s first, then the new ones), never a set's
    # order: the events must not depend on PYTHONHASHSEED (CPython and Pyodide give the same)
    for p in [*before, *(q for q in after if q not in before)]:
        b = dict(before.get(p, {}))
        if p == hand:
            for c in forced:
                b[c] -= 1
        a = after.get(p, {})
        for c in [*b, *(x for x in a if x not in b)]:
            d = a.get(c, 0) - b.get(c, 0)
            if d > 0:
                arrivals.extend([(p, c)] * d)
            elif d < 0:
                leaves.extend([(p, c)] * -d)
    return tuple(_group(_flights(leaves, arrivals), move.kind, actor, before, family, _MOVE_ORDER))


def deal_events(family: str, state: Any) -> tuple[Event, ...]:
    """The events of the deal ``state`` has just made: every card outside the stock came out of
    it (to each hand, the upcard, the cut cards kept, red threes laid out and replaced, the
    penalty stock, the centre, cards set aside)."""
    after = places_of(family, state)
    stock: PlaceRef = ("stock", None, None)
    cut = getattr(state, "cut", None) if family == "canasta" else None
    events: list[Event] = []
    for p, cs in after.items():
        if p == stock:
            continue
        cards = [c for c, k in cs.items() for _ in range(k)]
        if p[0] == "hand" and cut is not None and cut["seat"] == p[1]:
            kept = [c for c in cards if c.text in cut["cards"]]
            counts = _ms(kept)
            named = []
            for text in cut["cards"]:
                c = next((x for x in counts if x.text == text and counts[x] > 0), None)
                if c is not None:
                    counts[c] -= 1
                    named.append(c)
            # (a cut that kept nothing is an event too: the log says who cut, seed 004)
            events.append(Event("cut" if named else "cut_none", p[1], tuple(c.text for c in named), stock, p, shown=True))
            if named:
                rest = dict(cs)
                for c in named:
                    rest[c] -= 1
                cards = [c for c, k in rest.items() for _ in range(k)]
        key = {"hand": "deal", "pile": "upcard", "red_threes": "red_three", "penalty_stock": "penalty_stock",
               "centre": "centre", "set_aside": "set_aside", "minus_pile": "move"}.get(p[0], "move")
        if cards:
            seat = p[1] if p[0] in ("hand", "minus_pile") else None
            events.append(Event(key, seat, tuple(c.text for c in cards), stock, p))
    events.sort(key=lambda e: _ORDER[e.key])
    return tuple(events)


def replay(before: Places, events: Iterable[Event]) -> Places:
    """``before`` with the cards of ``events`` moved (for tests: a move's events turn the places
    before it into the places after it). Raises ``KeyError`` if a card is not where an event takes
    it from."""
    from .cards import card

    out: Places = {p: dict(cs) for p, cs in before.items()}
    for e in events:
        for text in e.cards:
            c = card(text)
            src = out[e.src]
            src[c] -= 1
            if not src[c]:
                del src[c]
            out.setdefault(e.dst, {})
            out[e.dst][c] = out[e.dst].get(c, 0) + 1
    return {p: cs for p, cs in out.items() if cs}
