"""Checked access to untrusted data shared by every game family: strict JSON text, fields of saved
games (errors are :class:`StateError`) and of the page's action objects (errors are
:class:`NotationError`).

Ranges (docs/state-format.md, "What Game.from_json checks"): every point figure of a saved game
(scores, result items, totals, cumulative scores) is a whole number of at most
:data:`POINTS_LIMIT` in absolute value; texts in results and move records are at most
:data:`TEXT_LIMIT` characters."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, TypeGuard

from .cards import Card, parse_cards
from .errors import StateError
from .multiset import counted
from .reasons import COMMON

POINTS_LIMIT = 10**12
"""Largest absolute value of a point figure in a saved game: far above any real match (about
120,000 in the longest Continental match; rule options are at most 1,000,000, see
:data:`meldtable.options.INT_LIMIT`) and below 2**53, so the page's JavaScript reads every figure
exactly."""
TEXT_LIMIT = 500
"""Longest text (characters) in a saved game's results and move records."""
SEATS_LIMIT = 64
"""Seat numbers in results and move records are below this when the caller does not say how
many seats the game has."""
SHOWN_LIMIT = 40
"""Longest quote of untrusted text in an error (:func:`shown`): an answer never echoes more."""


def shown(value: Any, limit: int = SHOWN_LIMIT) -> str:
    """``repr(value)`` for an error message, at most ``limit`` characters (cut with ``...``):
    errors quote at most a short prefix of untrusted text (issue #25, "echo nothing unbounded").
    Built with :mod:`reprlib`, so a long text or list is never copied whole; a whole number too
    long to print is named by that fact."""
    import reprlib

    r = reprlib.Repr()
    r.maxstring = r.maxother = r.maxlong = limit
    r.maxlist = r.maxtuple = r.maxdict = r.maxset = 4
    r.maxlevel = 2
    try:
        text = r.repr(value)
    except ValueError:  # an int beyond sys.get_int_max_str_digits()
        return "a number of more than 4,300 digits"
    return text if len(text) <= limit else text[:limit - 3] + "..."


class NonFiniteNumber(ValueError):
    """``NaN``, ``Infinity`` or a number too large for a float in JSON text (not JSON)."""


def _reject_constant(name: str) -> Any:
    raise NonFiniteNumber(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    v = float(text)
    if v != v or v in (float("inf"), float("-inf")):
        raise NonFiniteNumber(f"{text[:20]} is too large a number")
    return v


def strict_json(text: str | bytes) -> Any:
    """Parse JSON text strictly: ``NaN``, ``Infinity`` and numbers beyond the float range (such
    as ``1e999``) are refused, as JSON (RFC 8259) has no such numbers. Raises ``ValueError``
    (:class:`NonFiniteNumber` for those numbers, ``json.JSONDecodeError`` for bad text, and
    ``ValueError`` for an integer of more than 4,300 digits) or ``RecursionError`` (nesting
    too deep)."""
    return json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float)


def is_int(v: Any) -> TypeGuard[int]:
    """Whether ``v`` is a whole number: an ``int`` but not a ``bool`` (``2.0`` is not)."""
    return isinstance(v, int) and not isinstance(v, bool)


def saved_points(v: Any, what: str) -> int:
    """A point figure of a saved game: a whole number within +-:data:`POINTS_LIMIT`. Raises
    :class:`StateError` naming ``what``."""
    if not is_int(v) or not -POINTS_LIMIT <= v <= POINTS_LIMIT:
        raise StateError(f"{what} in the saved game must be a whole number from {-POINTS_LIMIT:,} to {POINTS_LIMIT:,}.")
    return v


def saved_field(obj: Any, key: str, typ: type | tuple[type, ...]) -> Any:
    """``obj[key]`` from a saved game, which must exist and be of type ``typ`` (``bool`` is not
    accepted where an ``int`` is wanted). Raises :class:`StateError` naming the field."""
    if not isinstance(obj, dict) or key not in obj:
        raise StateError(f"The saved game is missing '{key}'.")
    v = obj[key]
    if isinstance(v, bool) and typ is int:
        raise StateError(f"'{key}' in the saved game must be a number.")
    if not isinstance(v, typ):
        raise StateError(f"'{key}' in the saved game has the wrong type.")
    return v


def saved_cards(v: Any, what: str) -> list[Card]:
    """A list of card texts from a saved game, parsed; ``what`` names it in the error
    (:class:`StateError`)."""
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise StateError(f"{what} in the saved game must be a list of card texts.")
    try:
        return parse_cards(v)
    except ValueError as e:
        raise StateError(f"{what} in the saved game: {e}") from None


def saved_outcome(obj: Any, count: int, unit: str, *, seats: int | None = None) -> tuple[list[Any], bool, list[int]]:
    """``(results, match_over, winners)`` of a saved game, every part checked (``StateError``):

    * ``scores``: ``count`` point figures (:func:`saved_points`), one per side or seat;
    * ``results``: at most one entry per finished deal (``hand_number - 1``, plus one when
      ``hand_over``), each ``{"hand": 1..hand_number, "sides": [...], ...}`` with one side entry
      per side in order, ``{"side": i, "items": {name: points}, "total": sum of items,
      "cumulative": points}``; consecutive results add up (cumulative = previous cumulative +
      total) and the last one's cumulative scores are ``scores``; ``went_out`` is null or a
      seat (below ``seats`` when given); every other key holds null, true/false, a point figure
      or a text of at most :data:`TEXT_LIMIT` characters;
    * ``match_over``: a bool; ``winners``: distinct whole numbers ``0 .. count-1`` (``unit``
      names them in the error, e.g. ``"seats"``), empty while the match goes on and not empty
      once it is over.
    """
    scores = saved_field(obj, "scores", list)
    if len(scores) != count:
        raise StateError(f"The saved game's scores must be one whole number per {unit[:-1]}.")
    if any(not is_int(x) or not -POINTS_LIMIT <= x <= POINTS_LIMIT for x in scores):
        raise StateError.of(COMMON, "state_scores")  # (the text names POINTS_LIMIT)
    scores = list(scores)
    hand_number = saved_field(obj, "hand_number", int)
    hand_over = saved_field(obj, "hand_over", bool)
    results = saved_field(obj, "results", list)
    if len(results) > max(0, hand_number - 1 + hand_over):
        raise StateError("The saved game holds more results than deals have been finished.")
    prev: list[int] | None = None
    for k, res in enumerate(results):
        prev = _saved_result(res, k, count, hand_number, prev, seats)
    if prev is not None and prev != scores:
        raise StateError("The saved game's scores are not the cumulative scores of its last result.")
    match_over = saved_field(obj, "match_over", bool)
    winners = saved_field(obj, "winners", list)
    if any(not is_int(w) or not 0 <= w < count for w in winners) or len(set(winners)) != len(winners):
        raise StateError(f"The saved game's winners are not {unit} of this game.")
    if bool(winners) != match_over:
        raise StateError("The saved game names winners exactly when its match is over.")
    return list(results), match_over, list(winners)


def _saved_result(res: Any, k: int, count: int, hand_number: int, prev: list[int] | None,
                  seats: int | None) -> list[int]:
    """Check result ``k`` (see :func:`saved_outcome`); returns its cumulative scores."""
    what = f"Result {k + 1}"
    if not isinstance(res, dict):
        raise StateError(f"{what} in the saved game must be an object.")
    hand = res.get("hand")
    if not is_int(hand) or not 1 <= hand <= hand_number:
        raise StateError(f"{what} in the saved game must name a deal from 1 to {hand_number}.")
    _saved_result_fields(res, what, SEATS_LIMIT if seats is None else seats)
    sides = res.get("sides")
    if not isinstance(sides, list) or len(sides) != count:
        raise StateError(f"{what} in the saved game must hold one entry per side.")
    return [_saved_result_side(side, i, what, prev) for i, side in enumerate(sides)]


def _saved_result_fields(res: dict[Any, Any], what: str, limit: int) -> None:
    """The fields of a result besides ``hand`` and ``sides``: ``went_out`` a seat below
    ``limit`` or null, the others null, true/false, a short text or points."""
    for key, v in res.items():
        if key in ("hand", "sides"):
            continue
        if not isinstance(key, str) or len(key) > 40:
            raise StateError(f"{what} in the saved game has a malformed key.")
        if key == "went_out":
            if v is not None and (not is_int(v) or not 0 <= v < limit):
                raise StateError(f"{what} in the saved game: 'went_out' must be a seat or null.")
        elif not (v is None or isinstance(v, bool) or (isinstance(v, str) and len(v) <= TEXT_LIMIT)):
            saved_points(v, f"'{key}' of {what.lower()}")


def _saved_result_side(side: Any, i: int, what: str, prev: list[int] | None) -> int:
    """Entry ``i`` of a result's ``sides``: its items add up to its total, and its cumulative
    score is the previous one (``prev``, if any) plus the total. Returns the cumulative score."""
    if not isinstance(side, dict) or set(side) != {"side", "items", "total", "cumulative"} or side["side"] != i \
            or isinstance(side["side"], bool):
        raise StateError(
            f"{what} in the saved game: entry {i} must be {{\"side\": {i}, \"items\", \"total\", \"cumulative\"}}.")
    items = side["items"]
    if not isinstance(items, dict) or len(items) > 32 or any(not isinstance(n, str) or len(n) > 40 for n in items):
        raise StateError(f"{what} in the saved game: the items must map names to points.")
    total = saved_points(side["total"], f"A total of {what.lower()}")
    if sum(saved_points(v, f"An item of {what.lower()}") for v in items.values()) != total:
        raise StateError(f"{what} in the saved game: the items do not add up to the total.")
    cum = saved_points(side["cumulative"], f"A cumulative score of {what.lower()}")
    if prev is not None and cum != prev[i] + total:
        raise StateError(f"{what} in the saved game: the cumulative score is not the previous one plus the total.")
    return cum


def saved_hands(obj: Any, players: int) -> list[dict[Card, int]]:
    """The saved game's ``hands``: one list of card texts per seat (``players`` of them), each
    returned as a multiset ``{Card: count}``. Raises :class:`StateError`."""
    hands = saved_field(obj, "hands", list)
    if len(hands) != players:
        raise StateError(f"The saved game must hold {players} hands.")
    return [counted(saved_cards(h, f"Hand {i}")) for i, h in enumerate(hands)]


def saved_last_moves(obj: Any, keep: int, *, seats: int | None = None) -> list[dict[str, Any]]:
    """The saved game's ``last_moves`` list, the last ``keep`` of its entries. Each entry is
    ``{"seat": seat, "text": move text, "label": text}`` (seat below ``seats`` when given, else
    below :data:`SEATS_LIMIT`; texts at most :data:`TEXT_LIMIT` characters). Raises
    :class:`StateError` when it is missing, not a list, or an entry is malformed."""
    lm = saved_field(obj, "last_moves", list)
    limit = SEATS_LIMIT if seats is None else seats
    for m in lm:
        if (not isinstance(m, dict) or set(m) != {"seat", "text", "label"} or not is_int(m["seat"])
                or not 0 <= m["seat"] < limit
                or any(not isinstance(m[k], str) or len(m[k]) > TEXT_LIMIT for k in ("text", "label"))):
            raise StateError(
                "Each of the saved game's last moves must be {\"seat\", \"text\", \"label\"} with a seat of the game.")
    return [dict(m) for m in lm[-keep:]] if keep > 0 else []


def check_saved_deck(everything: Iterable[Card], deck: Iterable[Card]) -> None:
    """Card conservation of a saved game: ``everything`` (every card the saved state holds, in any
    order) must be exactly the multiset of ``deck`` (the cards of the game's decks). Raises
    :class:`StateError` naming up to five surplus and five missing cards."""
    expected = counted(deck)
    got = counted(everything)
    if got != expected:
        extra = sorted(c.text for c in got if got[c] > expected.get(c, 0))
        lacking = sorted(c.text for c in expected if expected[c] > got.get(c, 0))
        detail = []
        if extra:
            detail.append("too many " + ", ".join(extra[:5]))
        if lacking:
            detail.append("missing " + ", ".join(lacking[:5]))
        raise StateError("The saved game's cards do not add up to the deck: " + "; ".join(detail) + ".")


def action_text(action: dict[str, Any], name: str) -> str:
    """A text field of a page action. Raises :class:`NotationError` when it is missing or not text."""
    v = action.get(name)
    if not isinstance(v, str):
        raise COMMON.notation("action_text", name=name)
    return v


def action_cards(action: dict[str, Any], name: str = "cards", *, required: bool = True) -> list[Card]:
    """A list of card texts in a page action, parsed (``[]`` when absent and not ``required``).
    Raises :class:`NotationError`."""
    v = action.get(name, None if required else [])
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise COMMON.notation("action_cards", name=name)
    return parse_cards(v)
