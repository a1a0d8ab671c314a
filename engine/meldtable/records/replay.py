"""Replaying and writing records (docs/records.md): :func:`from_record`, :func:`replay`,
:func:`to_record` with the sharing rule (``seat=N``), and the protocol handlers ``record`` and
``load_record``."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..errors import MeldtableError, OptionError, StateError
from ..fields import shown
from ..reasons import COMMON
from ..rng import Rng

if TYPE_CHECKING:
    from ..game import Game

from .reasons import HIDDEN_KEYS, MAX_COMMENT, MAX_NAME, MAX_RECORD, MAX_RECORD_MOVES, REASONS, _short
from .syntax import Record, _bad_char, _replace, parse_record

# ---------------------------------------------------------------------------- replaying


def start_game(rec: Record) -> Game:
    """The game a record starts from: ``new_game`` with its seed and options, or its position
    loaded (``Game.from_position``). Raises :class:`StateError` (``record_start``,
    ``record_options``, ``record_first_deal``, ``record_view_seat``) when it does not load."""
    from ..game import Game, new_game

    if rec.position is None:
        assert rec.seed is not None
        try:
            return new_game(rec.variant, players=rec.players, seed=rec.seed, options=dict(rec.options))
        except OptionError as e:
            raise StateError.of(REASONS, "record_options", {"en": e.message("en"), "de": e.message("de")}) from None
    try:
        g = Game.from_position(rec.position)
    except MeldtableError as e:
        raise StateError.of(REASONS, "record_start", {"en": e.message("en"), "de": e.message("de")}) from None
    if g.hand_number != rec.first_deal:
        raise StateError.of(REASONS, "record_first_deal", {"deal": rec.first_deal, "expected": g.hand_number})
    if rec.view is not None and not 0 <= rec.view < g.players:
        raise StateError.of(REASONS, "record_view_seat", {"seat": rec.view, "players": g.players})
    if len(rec.names) > g.players:
        raise StateError.of(REASONS, "record_names", {"players": g.players})
    return g


def replay(rec: Record, *, moves: int | None = None) -> Game:
    """The game of record ``rec`` after its first ``moves`` moves (all by default): its start
    (:func:`start_game`), each move played with ``Game.play`` and each later deal begun with
    ``Game.next_hand``. Raises :class:`StateError` with key ``record_replay`` (params ``move``: its
    number from 1, ``deal``, ``text``: the move as written, ``reason``: the engine's key, ``en``,
    ``de``: the engine's reason) for the first move that does not replay, ``record_next_deal`` for
    a deal that cannot begin; the api's request budget (``request_budget``) passes through."""
    g = start_game(rec)
    limit = rec.moves if moves is None else moves
    n = 0
    for k, deal in enumerate(rec.deals):
        if moves is not None and n >= limit and k:
            break
        number = rec.first_deal + k
        if k:
            _begin_deal(g, number)
        for text in deal:
            if n >= limit:
                break
            n += 1
            _play(g, text, n, number)
    return g


def _begin_deal(g: Game, number: int) -> None:
    """Begin deal ``number`` of a record (``Game.next_hand``): ``record_next_deal`` when it cannot."""
    try:
        g.next_hand()
    except MeldtableError as e:
        if e.key == "request_budget":
            raise
        raise StateError.of(REASONS, "record_next_deal", {"deal": number, "reason": e.key,
                                                          "en": e.message("en"), "de": e.message("de")}) from None


def _play(g: Game, text: str, n: int, number: int) -> None:
    """Play move ``n`` (deal ``number``) of a record: ``record_replay`` naming it when it does not replay."""
    try:
        g.play(text)
    except MeldtableError as e:
        if e.key == "request_budget":
            raise
        raise StateError.of(REASONS, "record_replay", {
            "move": n, "deal": number, "text": _short(text), "reason": e.key,
            "en": e.message("en"), "de": e.message("de")}) from None


def from_record(text: Any) -> Game:
    """The game written as record ``text`` (docs/records.md), replayed move by move: equal
    (``Game.__eq__``, ``to_json`` equal) to the game :func:`to_record` wrote it from. Raises
    :class:`NotationError` for malformed text and :class:`StateError` for a record that does not
    load or replay (naming the move, its text and the engine's reason); see :func:`replay`."""
    return replay(parse_record(text))


# ---------------------------------------------------------------------------- writing


def _names(names: Any, players: int) -> tuple[str | None, ...]:
    if names is None:
        return ()
    if isinstance(names, Mapping):
        try:
            items = {int(k): v for k, v in names.items()}
        except (TypeError, ValueError):
            raise OptionError.of(REASONS, "record_names", {"players": players}) from None
        if any(not 0 <= k < players for k in items):
            raise OptionError.of(REASONS, "record_names", {"players": players})
        names = [items.get(s) for s in range(players)]
    if not isinstance(names, (list, tuple)) or len(names) > players:
        raise OptionError.of(REASONS, "record_names", {"players": players})
    out: list[str | None] = []
    for seat, name in enumerate(names):
        if name is not None and (not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME
                                 or any(_bad_char(c) or c == "\n" for c in name)):
            raise OptionError.of(REASONS, "record_name_text", {"seat": seat, "limit": MAX_NAME})
        out.append(name)
    while out and out[-1] is None:
        out.pop()
    return tuple(out)


def _comments(comments: Any, moves: int) -> tuple[str | None, dict[int, str]]:
    if comments is None:
        return None, {}
    if not isinstance(comments, Mapping):
        raise OptionError.of(REASONS, "record_comments")
    out: dict[int, str] = {}
    for k, v in comments.items():
        if isinstance(k, str) and re.fullmatch(r"\d{1,6}", k):
            k = int(k)
        if isinstance(k, bool) or not isinstance(k, int):
            raise OptionError.of(REASONS, "record_comments")
        if not 0 <= k <= moves:
            raise OptionError.of(REASONS, "record_comment_move", {"move": k, "moves": moves})
        if not isinstance(v, str) or not v or len(v) > MAX_COMMENT or any(c != "\n" and _bad_char(c) for c in v):
            raise OptionError.of(REASONS, "record_comment_text", {"move": k, "limit": MAX_COMMENT})
        out[k] = v
    return out.pop(0, None), out


def _position_text(position: Any) -> str:
    """A starting position as a record holds it: ASCII lines (comments holding other characters
    dropped), no line starting with ``[``."""
    if not isinstance(position, str):
        raise OptionError.of(REASONS, "record_position_text")
    out = []
    for raw in position.splitlines():
        line = raw.rstrip()
        if not line.isascii():
            line = re.sub(r"(^|\s)#.*$", "", line).rstrip()
        if not line.strip():
            continue
        if not line.isascii() or line.lstrip().startswith("["):
            raise OptionError.of(REASONS, "record_position_text")
        out.append(line)
    return "\n".join(out) + "\n"


def to_record(game: Game, *, names: Any = None, comments: Any = None, seat: int | None = None,
              position: str | None = None) -> str:
    """The record (docs/records.md) of ``game``: ASCII text that :func:`from_record` replays to a
    game equal to ``game`` (checked here, by replaying it).

    ``names``: a list (or ``{seat: name}``) of player names, ``None`` for an unnamed seat (1 to
    :data:`MAX_NAME` characters each, no line breaks); ``comments``: ``{move number: text}``, moves
    counted from 1 over the whole record, 0 for a comment on the whole record (at most
    :data:`MAX_COMMENT` characters each). ``position``: the position text the game started from
    (``Game.from_position``), for a game that did not start from its seed's first deal.

    ``seat``: a record to share from that seat (the sharing rule, docs/records.md): the whole
    record once the match is over; during a hand the table as that seat sees it, as a position
    whose cards hidden from the seat are stand-ins (``view: N``, no seed, no moves); between two
    deals of a match that goes on the record of the deal just finished, from the table as dealt
    (a position naming every card, no seed: the seed deals the hands still to come), refused
    (``record_between_deals``) when its moves do not replay from there to the same result.
    ``comments`` then count the moves of the record written.

    Raises :class:`OptionError` for bad ``names``, ``comments``, ``seat`` or ``position``;
    :class:`StateError` (``record_start_unknown``) for a game whose start the record cannot name,
    ``record_mid_turn`` for a seat's view inside a step a position cannot express,
    ``record_between_deals``; :class:`NotationError` (``record_too_long``,
    ``record_too_many_moves``) for a game beyond the record's limits."""
    players = game.players
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
        raise OptionError.of(COMMON, "no_such_seat", {"seat": shown(seat), "players": players})
    name_list = _names(names, players)
    if seat is not None and not game.match_over:
        return _seat_record(game, seat, name_list, comments, position)
    history = game.history
    count = sum(map(len, history))
    if count > MAX_RECORD_MOVES:
        raise REASONS.notation("record_too_many_moves", limit=MAX_RECORD_MOVES, count=count)
    intro, notes = _comments(comments, count)
    deals = tuple(map(tuple, history))
    first = game.hand_number - len(history) + 1
    if position is not None:
        rec = Record(game.variant.id, players, None, {}, _position_text(position), None, name_list, intro,
                     first, deals, notes)
    else:
        defaults = game.variant.with_layout(game.variant.resolve(None), players)
        diff = {k: v for k, v in game.options.items() if defaults.get(k) != v}
        rec = Record(game.variant.id, players, game.seed, diff, None, None, name_list, intro, 1, deals, notes)
    text = rec.text()
    if len(text) > MAX_RECORD:  # many long comments, or a game played far beyond any real match
        raise REASONS.notation("record_too_long", limit=MAX_RECORD, length=len(text))
    if not _replays_to(text, game):
        if position is None and count == 0 and len(history) == 1 and not game.hand_over:
            return to_record(game, names=names, comments=comments, position=game.to_position())
        raise StateError.of(REASONS, "record_start_unknown")
    return text


def _replays_to(text: str, game: Game) -> bool:
    try:
        return from_record(text) == game
    except MeldtableError as e:
        if e.key == "request_budget":
            raise
        return False


def _seat_record(game: Game, seat: int, names: tuple[str | None, ...], comments: Any,
                 position: str | None) -> str:
    """A record of the table as ``seat`` sees it now (docs/records.md, "Sharing from a seat")."""
    if game.hand_over:
        return _deal_record(game, seat, names, comments, position)
    intro, _ = _comments(comments, 0)
    try:
        full = game.to_position()
    except StateError as e:
        raise StateError.of(REASONS, "record_mid_turn", {"seat": seat, "en": e.message("en"),
                                                          "de": e.message("de")}) from None
    text = stand_in_position(full, seat, game.variant.family)
    rec = Record(game.variant.id, game.players, None, {}, text, seat, names, intro, game.hand_number, ((),), {})
    out = rec.text()
    try:
        from_record(out)
    except MeldtableError as e:  # a stand-in table the loader refuses: said as a refusal, never wrong
        if e.key == "request_budget":
            raise
        raise StateError.of(REASONS, "record_mid_turn", {"seat": seat, "en": e.message("en"),
                                                          "de": e.message("de")}) from None
    return out


def _deal_record(game: Game, seat: int, names: tuple[str | None, ...], comments: Any,
                 position: str | None) -> str:
    """The record of the deal just finished, from the table as dealt (a position naming every card,
    without the seed), for a match that goes on (docs/records.md, "Sharing from a seat"); refused
    (``record_between_deals``) when its moves do not replay from that position (a Continental deal
    whose stock was reshuffled: the reshuffle follows the seed)."""
    full = parse_record(to_record(game, position=position))
    before = Record(full.variant, full.players, full.seed, full.options, full.position, None, (), None,
                    full.first_deal, full.deals[:-1] + ((),), {})
    start = replay(before)
    moves = full.deals[-1]
    intro, notes = _comments(comments, len(moves))
    try:
        text = "\n".join(ln for ln in start.to_position().splitlines() if not ln.startswith("seed:")) + "\n"
        rec = Record(full.variant, full.players, None, {}, text, None, names, intro, start.hand_number, (moves,),
                     notes)
        out = rec.text()
        replayed = from_record(out)
    except MeldtableError as e:
        if e.key == "request_budget":
            raise
        raise StateError.of(REASONS, "record_between_deals", {"seat": seat}) from None
    if not _same_deal(replayed, game):
        raise StateError.of(REASONS, "record_between_deals", {"seat": seat})
    return out


def _same_deal(replayed: Game, game: Game) -> bool:
    """Whether the deal record's game ended its deal as ``game`` did: over, with the same hands and
    the same result (who went out, every side's items and total; not the cumulative scores, which
    a position carries, nor the results of earlier deals, which it does not)."""
    if not replayed.hand_over or not replayed.results or not game.results:
        return False
    if any(replayed.view(s)["hand"] != game.view(s)["hand"] for s in range(game.players)):
        return False
    mine, real = replayed.results[-1], game.results[-1]
    return bool(mine.get("went_out") == real.get("went_out")
                and [(x["items"], x["total"]) for x in mine["sides"]] == [(x["items"], x["total"]) for x in real["sides"]])


def stand_in_position(position: str, seat: int, family: str) -> str:
    """Position text (as ``Game.to_position`` writes it, every card named) with every card hidden
    from ``seat`` replaced by a stand-in: the cards of the other seats' hands, the stock, the
    penalty stock and the cards set aside (:data:`HIDDEN_KEYS`) are pooled, shuffled and dealt back
    in the same counts, and the ``seed`` line is dropped. The shuffle is seeded by the lines
    ``seat`` sees only (so the stand-ins say nothing about the real cards: their multiset is the
    deck less what the seat sees, which the seat knows). Canasta family: red threes go to the
    stock only (a hand never holds one, seed 000/001)."""
    lines = [ln for ln in position.splitlines() if ln.strip() and not ln.startswith("seed:")]
    hidden: list[int] = []
    pool: list[str] = []
    for i, ln in enumerate(lines):
        key, _, value = ln.partition(":")
        k = key.strip()
        if k in HIDDEN_KEYS or (k.startswith("hand ") and k != f"hand {seat}"):
            hidden.append(i)
            pool += value.split()
    public = "\n".join(ln for i, ln in enumerate(lines) if i not in hidden)
    salt = hashlib.sha256(public.encode()).hexdigest()
    pool.sort()  # the real order says where the hidden cards lie: only the multiset may go in
    Rng(0, "stand-ins " + salt).shuffle(pool)
    if family == "canasta":  # red threes to the end of the pool: the stock, never a hand
        pool = [c for c in pool if c not in ("3H", "3D")] + [c for c in pool if c in ("3H", "3D")]
        stock = next((i for i in hidden if lines[i].startswith("stock:")), None)
        if stock is not None:  # the stock last, so the hands take from the front
            hidden = [i for i in hidden if i != stock] + [stock]
    for i in hidden:
        key, _, value = lines[i].partition(":")
        n = len(value.split())
        part, pool = pool[:n], pool[n:]
        if key.strip() == "stock" and family == "canasta":
            Rng(0, "stand-in stock " + salt).shuffle(part)
        lines[i] = f"{key}: {' '.join(part)}"
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------- protocol ops


def api_record(game: Game, req: Mapping[str, Any]) -> dict[str, Any]:
    """The protocol op ``record`` (docs/records.md, "Protocol") for the session's ``game``:
    request fields ``names`` (list or null), ``comments`` (object: move number -> text), ``seat``
    (int or null: share from that seat), ``position`` (the start position text, or null); answer
    ``{"record": text, "moves": count, "view": seat or null}``. Raises the errors of
    :func:`to_record`."""
    seat = req.get("seat")
    position = req.get("position")
    if position is not None and not isinstance(position, str):
        raise OptionError.of(REASONS, "record_request", {"field": "position"})
    text = to_record(game, names=req.get("names"), comments=req.get("comments"), seat=seat, position=position)
    rec = parse_record(text)
    return {"record": text, "moves": rec.moves, "view": rec.view}


def api_load_record(req: Mapping[str, Any]) -> tuple[Game, dict[str, Any]]:
    """The protocol op ``load_record`` (docs/records.md, "Protocol"): request field ``record``
    (text), optional ``moves`` (int: replay only the first so many, for a replay view that jumps to
    a move); returns the replayed game (the session takes it) and the answer's fields
    ``{"record": Record.to_json()}`` (the api adds the table). Raises :class:`NotationError` /
    :class:`StateError` as :func:`from_record`."""
    text = req.get("record")
    rec = parse_record(text)
    moves = req.get("moves")
    if moves is not None and (isinstance(moves, bool) or not isinstance(moves, int) or not 0 <= moves <= rec.moves):
        raise OptionError.of(REASONS, "record_request", {"field": "moves"})
    want_log = req.get("log") is True
    want_open = req.get("open") is True
    for field in ("log", "open"):
        if req.get(field) not in (None, True, False):
            raise OptionError.of(REASONS, "record_request", {"field": field})
    if want_log:
        game, log = replay_log(rec, moves=moves)
    else:
        game, log = replay(rec, moves=moves), None
    if rec.players != game.players:  # a position without a 'players' line: known once loaded
        rec = _replace(rec, players=game.players)
    answer: dict[str, Any] = {"record": rec.to_json(), "open": rec.view is None}
    if log is not None:
        answer["log"] = log
    if want_open:
        answer["hands"] = open_hands(rec, game)
    return game, answer


def replay_log(rec: Record, *, moves: int | None = None) -> tuple[Game, list[dict[str, Any]]]:
    """The game of ``rec`` after its first ``moves`` moves (all by default, as :func:`replay`) and
    the log of every move of the record (one replay of the whole record: the game at ``moves`` is
    a copy taken on the way): ``[{"move": number from 1, "deal", "seat": the seat that played it,
    "text": the move as written, "label": the engine's words (English)}, ...]``, for a replay
    view's move log; a move taking the discard pile's top card adds ``card`` and ``n`` (the pile's
    size before it), a move that ends the hand with its player going out ``out: true``. Raises as
    :func:`replay`."""
    g = start_game(rec)
    limit = -1 if moves is None else moves
    at: Game | None = g.copy() if limit == 0 else None
    log: list[dict[str, Any]] = []
    n = 0
    for k, deal in enumerate(rec.deals):
        number = rec.first_deal + k
        if k:
            _begin_deal(g, number)
        for text in deal:
            n += 1
            extra = _taken(g, text)
            was_over = g.hand_over
            _play(g, text, n, number)
            last = g.state.last_moves[-1] if g.state.last_moves else {}
            entry = {"move": n, "deal": number, "seat": last.get("seat"), "text": text,
                     "label": last.get("label", text), **extra}
            if g.hand_over and not was_over and g.results and g.results[-1].get("went_out") == entry["seat"]:
                entry["out"] = True
            log.append(entry)
            if n == limit:
                at = g.copy()
    if at is None:  # moves=None: the whole game (a last deal dealt but empty begun, as replay() does)
        at = g
    return at, log


def _taken(g: Game, text: str) -> dict[str, Any]:
    """For a move taking the discard pile's top card (``take``, Continental's ``claim``): the card
    (``card``) and the pile's size before it (``n``), as the table showed them face up; else ``{}``."""
    kind = text.split(" ", 1)[0].lower()
    if kind not in ("take", "claim"):
        return {}
    seat = g.current_player if g.current_player is not None else 0
    view = g.view(seat)
    found, asked = view.get("discard"), view.get("claim")
    pile: dict[str, Any] = found if isinstance(found, dict) else {}
    claim: dict[str, Any] = asked if isinstance(asked, dict) else {}
    card = (claim.get("card") if kind == "claim" else None) or pile.get("top")
    return {"card": card, "n": pile.get("size")}


def open_hands(rec: Record, game: Game) -> list[list[str]] | None:
    """Every seat's hand in ``game`` (``[[card, ...], ...]`` by seat), or ``None`` for a view record
    (its other hands are stand-ins, docs/records.md "Sharing from a seat"): a seed or position
    record names every card, so showing them opens nothing its text does not hold."""
    if rec.view is not None:
        return None
    return [list(game.view(s)["hand"]) for s in range(game.players)]

