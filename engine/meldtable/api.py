"""The JSON boundary between the page (web worker) and the engine: ``handle(text) -> text``.

One request per user action; requests and answers are JSON text (docs/protocol.md). A failed
request never changes the session: every op works on a copy of the game and the session takes the
new game only once the answer is ready (copy and swap). Every error is ``{"ok": false, "error":
{"code", "message"}}``; every answer is strict JSON (no ``NaN`` or ``Infinity``). Requests are
bounded: at most :data:`MAX_REQUEST` characters (checked before parsing), at most
:data:`MAX_PLAY_MOVES` moves in one ``play``, and an ``act`` naming more cards than the hand of the
seat to act holds is refused before the game looks at them.

Several games at once: a request's ``"session"`` field (text, see :data:`SESSION_ID`) names one
of at most :data:`MAX_SESSIONS` named sessions, each with its own game and seats (the live demos
of one page share one worker, web/embed.js); without it the request goes to the default session,
as before. ``new`` and ``load`` start a named session, ``end`` drops it; any other op for a name
that has no session is ``no_game``.
"""

from __future__ import annotations

import json
import re
from typing import Any, cast

from . import __version__
from .annotations import explain, has_take, may_warn, take_cards, warnings
from .api_fields import (
    BRIEF_LEFT_OUT,
    BadRequest,
    without,
)
from .api_fields import budget_ms as _budget_ms
from .api_fields import check_action_size as _check_action_size
from .api_fields import clipped as _clipped
from .api_fields import field as _field
from .api_fields import level as _level
from .api_fields import request_id as _request_id
from .bot import LEVELS, choose_move, hint
from .errors import MeldtableError, NotYourTurnError
from .events import deal_events
from .fields import NonFiniteNumber, strict_json
from .game import BUDGET, Game, new_game
from .reasons import COMMON
from .variants import VARIANTS

MAX_REQUEST = 1_000_000
"""Longest request (characters of JSON text), checked before parsing. A saved game of the
longest match (Continental, 8 players, 11 deals) is far below it."""
MAX_PLAY_MOVES = 10_000
"""Most moves in one ``play`` request."""
REQUEST_BUDGET = 40_000
"""The work one request may do, in units of :class:`meldtable.game.Budget` (a move played 1, a
game copied 20): a ``play`` of :data:`MAX_PLAY_MOVES` moves and an ``undo`` record of as many fit;
past it the request is refused (``request_budget``) and the session stays as it was."""
MAX_SESSIONS = 32
"""Most named sessions at once (besides the default one); ``end`` frees one. Each holds one game
(at most :data:`SESSION_MEMORY` bytes), so the worker's memory stays bounded."""
SESSION_MEMORY = 2_000_000
"""Most memory (bytes, CPython) one session holds: a game keeps about the size of its saved text
(its move history compact, ``Game.history``), and a loaded save is below :data:`MAX_REQUEST`
characters. Measured: 32 sessions of the largest accepted save hold 19 MB (docs/protocol.md)."""
SESSION_ID = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
"""What a session id may be: 1 to 64 letters, digits, ``_ . : -``."""
_STARTS = ("new", "load", "load_record")
"""The ops that start (or restart) a named session."""


MAX_EXPECT = 8
"""Most actions an ``explain`` request may name in ``expect`` (a guided step lists one or two)."""
MAX_MOVE_TEXT = 2_000
"""Longest notation an ``explain`` request may name (characters)."""
MAX_EVENTS = 500
"""Events one table answer carries at most (the last ones; a long ``play`` request moves more)."""


PLAY_EVENT_MOVES = 100
"""A ``play`` request records the events of its last this many moves (working events out costs
some 50 microseconds a move)."""


class NoGame(MeldtableError):
    code = "no_game"


class Session:
    """One game and which seats the person plays. The worker's default session also holds the
    named sessions (``named``: id -> :class:`Session`, at most :data:`MAX_SESSIONS`) that
    requests with a ``"session"`` field reach."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.human_seats: list[int] = [0]
        self.viewer: int | None = None
        """The person's seat last shown to act: while computers play, the table shows its view
        (pass-and-play: the device stays with the person who played last, issue #28)."""
        self.named: dict[str, Session] = {}
        self.warned: tuple[Game, list[dict[str, Any]]] | None = None
        """The game an ``act`` made and the warnings that action deserved (:func:`warnings`): the
        tables of that game repeat them, as they repeat its events."""
        self.applied: tuple[Game, list[dict[str, Any]]] | None = None
        """The game the last ``act``, ``bot`` or ``play`` made and the moves it applied
        (:func:`move_entry`): the tables of that game carry them as ``moves``."""

    # ------------------------------------------------------------------ helpers
    def _game(self) -> Game:
        if self.game is None:
            raise NoGame("No game is running: start a new game first.")
        return self.game

    def table(self) -> dict[str, Any]:
        """The table answer (docs/protocol.md, "table"): the view of the person's seat to act, else
        (a computer to act, the hand over) of the person's seat last to act; ``events`` holds what the moves this
        request applied did (:mod:`meldtable.events`), as the answer's ``seat`` may see them (the
        last :data:`MAX_EVENTS`); ``table`` repeats those of the last request that changed the game
        (each change works on a copy of the game, which starts with no events); ``moves`` the moves
        that request applied (:func:`move_entry`: seat, notation, label and the move's own JSON),
        ``[]`` after a change that applied none (``new``, ``load``, ``undo``, ``next_hand``); ``warnings`` those
        the last ``act`` deserved while its game is the current one, ``may_warn`` the ones the
        person's next action may deserve (:mod:`meldtable.annotations`)."""
        g = self._game()
        to_act = g.current_player
        human = to_act in self.human_seats
        moves = g.legal_moves() if human and not g.hand_over else []
        legal = [m.to_json() for m in moves]
        if human and to_act is not None:
            self.viewer = to_act
        seat = self.viewer if self.viewer is not None and self.viewer in self.human_seats else self.human_seats[0]
        shown_seat = seat if not human or to_act is None else to_act
        events = [e.to_json(shown_seat) for e in g.events[-MAX_EVENTS:]]
        applied = self.applied[1] if self.applied is not None and self.applied[0] is g else []
        return {
            "view": g.view(shown_seat),
            "seat": shown_seat,
            "events": events,
            "moves": applied,
            "human_seats": list(self.human_seats),
            "to_act": to_act,
            "to_act_is_human": bool(human),
            "legal": legal,
            "can_undo": bool(human) and g.undo_refusal(seat=to_act) is None,
            "undoable": g.variant.undo,
            "hand_over": g.hand_over,
            "match_over": g.match_over,
            "may_warn": may_warn(g, moves),
            "warnings": self.warned[1] if self.warned is not None and self.warned[0] is g else [],
            **({"take_cards": take_cards(g, moves) if human else None} if has_take(g) else {}),
        }

    def _seats(self, value: Any, players: int) -> list[int]:
        if value is None:
            return [0]
        if not isinstance(value, list) or not value or any(
            isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < players for s in value
        ):
            raise BadRequest(f"'human_seats' must be a non-empty list of seats 0..{players - 1}.")
        return sorted(set(value))

    # ------------------------------------------------------------------ ops
    def op_hello(self, req: dict[str, Any]) -> dict[str, Any]:
        """The engine's version, its variants' descriptors and the computer levels (docs/protocol.md,
        "hello"). ``brief: true``: the descriptors without the documentation a page does not show
        (:data:`BRIEF_LEFT_OUT`: each option's and layout row's ``source``, ``doc`` and ``row``;
        ``usual_players_source``), a quarter of the size: the page's start and its dialog."""
        brief = req.get("brief", False)
        if not isinstance(brief, bool):
            raise BadRequest("'brief' must be true or false.")
        variants = [v.describe() for v in VARIANTS.values()]
        return {"version": __version__, "variants": without(variants, BRIEF_LEFT_OUT) if brief else variants,
                "levels": list(LEVELS)}

    def op_new(self, req: dict[str, Any]) -> dict[str, Any]:
        if "position" in req:  # a position a person wrote (docs/positions.md)
            game = Game.from_position(_field(req, "position", str))
            self.game, self.human_seats, self.viewer = game, self._seats(req.get("human_seats"), game.players), None
            return self.table()
        variant = _field(req, "variant", str)
        players = _field(req, "players", int)
        seed = _field(req, "seed", int)
        options = req.get("options")
        if options is not None and not isinstance(options, dict):
            raise BadRequest("'options' must be an object.")
        game = new_game(variant, players=players, seed=seed, options=options)
        # what the deal did, as next_hand's table says it (the cut, red threes laid out: the log's
        # first entries); the page lays out the view and flies none of them
        game.events = game.last_events = deal_events(game.variant.family, game.state)
        seats = self._seats(req.get("human_seats"), players)
        self.game, self.human_seats, self.viewer = game, seats, None
        return self.table()

    def op_table(self, req: dict[str, Any]) -> dict[str, Any]:
        return self.table()

    def op_act(self, req: dict[str, Any]) -> dict[str, Any]:
        g = self._game()
        action = req.get("action")
        if not isinstance(action, dict):
            raise BadRequest("'action' must be an object such as {\"type\": \"draw\"}.")
        if g.hand_over:
            raise COMMON.error("hand_over" if not g.match_over else "match_over")
        if g.current_player not in self.human_seats:
            raise NotYourTurnError.of(COMMON, "computer_playing", {})
        _check_action_size(g, action)
        moves = _compose(g, action)
        self.game, applied = _apply_all(g, moves)
        self.applied = (self.game, applied)
        # the warnings the action deserved (meldtable.annotations): the page tries an action that
        # may deserve some (the table's may_warn) on a scratch copy first and reads them here
        self.warned = (self.game, warnings(g, moves, self.game))
        return self.table()

    def op_explain(self, req: dict[str, Any]) -> dict[str, Any]:
        """Whether ``move`` (notation) is legal now for the person's seat to act, and if not the
        refusal ``act`` would give, without changing the game (:func:`meldtable.annotations.explain`).

        With ``action`` (an object as ``act`` takes) instead of ``move``: ``{"explain": {"seat",
        "moves": [the notation of the moves the action makes, in order], "legal": true}}``, or
        ``"legal": false`` with the refusal's ``key``, ``params``, ``texts``, ``message`` (``moves``
        then holds the moves composed so far, possibly none); with ``expect`` (a list of at most
        :data:`MAX_EXPECT` actions) also ``"expected"``: whether the action makes exactly the moves
        one of them makes (a guided hand's step, docs/guides.md; the order of the cards chosen
        does not matter). Raises ``bad_request`` for an action that is no object."""
        g = self._game()
        if g.hand_over:
            raise COMMON.error("hand_over" if not g.match_over else "match_over")
        if g.current_player not in self.human_seats:
            raise NotYourTurnError.of(COMMON, "computer_playing", {})
        if "action" in req:
            answer = self._explain_action(g, req.get("action"))
            if "expect" in req:
                expect = req.get("expect")
                if not isinstance(expect, list) or len(expect) > MAX_EXPECT:
                    raise BadRequest(f"'expect' must be a list of at most {MAX_EXPECT} actions.")
                mine = sorted(answer["moves"])
                answer["expected"] = bool(mine) and any(
                    sorted(self._explain_action(g, other)["moves"]) == mine for other in expect)
            return {"explain": answer}
        text = _field(req, "move", str)
        if len(text) > MAX_MOVE_TEXT:
            raise BadRequest(f"'move' must be notation of at most {MAX_MOVE_TEXT} characters.")
        return {"explain": explain(g, text)}

    def _explain_action(self, g: Game, action: Any) -> dict[str, Any]:
        """``explain``'s answer for an ``act`` action (:meth:`op_explain`), tried on a copy."""
        if not isinstance(action, dict):
            raise BadRequest("'action' must be an object such as {\"type\": \"draw\"}.")
        _check_action_size(g, action)
        seat = g.current_player
        texts: list[str] = []
        try:
            moves = _compose(g, action)
            texts = [str(m) for m in moves]
            _apply_all(g, moves)
        except MeldtableError as e:
            if getattr(e, "key", None) is None:
                raise
            return {"seat": seat, "moves": texts, "legal": False, "key": e.key,
                    "params": dict(getattr(e, "params", {}) or {}), "texts": dict(getattr(e, "texts", {}) or {}),
                    "message": str(e)}
        return {"seat": seat, "moves": texts, "legal": True}

    def op_undo(self, req: dict[str, Any]) -> dict[str, Any]:
        """Take back the person's last move of this turn (rule: :mod:`meldtable.undo`); the
        answer is the table, ``undone`` (the move's notation) and ``move`` (the move's own JSON,
        ``Move.to_json()``, as :func:`move_entry`'s ``data``)."""
        g = self._game()
        if g.hand_over:
            g.undo()  # refused: the hand is over (key undo_hand_over)
        if g.current_player not in self.human_seats:
            raise NotYourTurnError.of(COMMON, "computer_playing", {})
        refusal = g.undo_error(seat=g.current_player)
        if refusal is not None:  # refused before anything is copied
            raise refusal
        work = _recording(g)
        undone = work.undo(seat=g.current_player)
        self.game = work
        return {"undone": undone, "move": work.parse_move(undone).to_json(), "table": self.table()}

    def op_bot(self, req: dict[str, Any]) -> dict[str, Any]:
        """The computer plays one move for the seat to act at ``level`` (``easy``, ``normal``
        (default), ``strong``; optional ``budget_ms`` for ``strong``)."""
        level, budget = _level(req), _budget_ms(req)
        g = self._game()
        if g.hand_over:
            raise COMMON.error("hand_over")
        seat = g.current_player
        if seat in self.human_seats:
            raise NotYourTurnError.of(COMMON, "your_turn", {})
        move = choose_move(g, seat, level=level, budget_ms=budget)
        work = _recording(g)
        work.play(move, seat=seat)
        self.game = work
        entry = move_entry(work, seat, move)
        self.applied = (work, [entry])
        return {"move": entry, "table": self.table()}

    def op_hint(self, req: dict[str, Any]) -> dict[str, Any]:
        """The suggested move for the person's seat to act, from that seat's information only
        (:func:`meldtable.bot.hint`): ``{"hint": {"seat", "move", "kind", "cards", "key", "params",
        "texts"}}``; the game is not changed."""
        budget = _budget_ms(req)
        g = self._game()
        if g.hand_over:
            raise COMMON.error("match_over" if g.match_over else "hand_over_next")
        if g.current_player not in self.human_seats:
            raise NotYourTurnError.of(COMMON, "computer_playing", {})
        return {"hint": hint(g, budget_ms=budget)}

    def op_next_hand(self, req: dict[str, Any]) -> dict[str, Any]:
        work = _recording(self._game())
        work.next_hand()
        self.game = work
        return self.table()

    def op_save(self, req: dict[str, Any]) -> dict[str, Any]:
        """The game as ``Game.to_json()`` text (``state``), the person's seats and, while the seat
        to act can take moves back, the turn's undo history (``undo``, see :func:`undo_record`),
        so that a reload keeps Undo working (docs/protocol.md, "save")."""
        g = self._game()
        answer: dict[str, Any] = {"state": g.to_json(), "human_seats": list(self.human_seats)}
        record = undo_record(g)
        if record is not None:
            answer["undo"] = record
            if _load_size(answer) > MAX_REQUEST:  # state plus undo base would not load again:
                del answer["undo"]  # the reload then has nothing to undo (docs/protocol.md, "save")
        if _load_size(answer) > MAX_REQUEST:  # only a game played on far beyond any real match
            answer["state"] = g.to_json(past_history=False)
        if _load_size(answer) > MAX_REQUEST:
            raise BadRequest.of(COMMON, "save_too_large")
        return answer

    op_export = op_save

    def op_load(self, req: dict[str, Any]) -> dict[str, Any]:
        text = _field(req, "state", str)
        game = Game.from_json(text)
        if req.get("undo") is not None:
            game = with_undo(game, req["undo"]) or game
        seats = self._seats(req.get("human_seats"), game.players)
        self.game, self.human_seats, self.viewer = game, seats, None
        return self.table()

    def op_record(self, req: dict[str, Any]) -> dict[str, Any]:
        """The game as a game record (docs/records.md, "Protocol")."""
        from .records import api_record

        return api_record(self._game(), req)

    def op_load_record(self, req: dict[str, Any]) -> dict[str, Any]:
        """Start the session from a game record (docs/records.md, "Protocol")."""
        from .records import api_load_record

        game, answer = api_load_record(req)
        self.game, self.human_seats, self.viewer = game, self._seats(req.get("human_seats"), game.players), None
        for entry in answer.get("log") or []:  # each move's own JSON, as move_entry's "data"
            entry["data"] = _move_data(game, entry.get("text"))
        return {**answer, "table": self.table()}

    def op_play(self, req: dict[str, Any]) -> dict[str, Any]:
        g = self._game()
        moves = req.get("moves")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise BadRequest("'moves' must be a list of move texts.")
        if len(moves) > MAX_PLAY_MOVES:
            raise BadRequest(f"'play' takes at most {MAX_PLAY_MOVES:,} moves at a time, not {len(moves):,}.")
        work = _recording(g)
        work.record_events = len(moves) <= PLAY_EVENT_MOVES  # (a long play records its last moves only)
        applied: list[dict[str, Any]] = []
        for i, text in enumerate(moves):
            if i == len(moves) - PLAY_EVENT_MOVES:
                work.record_events = True
            if text == "next_hand":
                work.next_hand()
            else:
                seat = work.current_player
                played = work.play(text)
                if work.record_events:
                    applied.append(move_entry(work, seat, played))
        self.game = work
        self.applied = (work, applied)
        return self.table()

    def op_events(self, req: dict[str, Any]) -> dict[str, Any]:
        """What the request that last changed the game did, as seat ``seat`` may see it: ``{"seat",
        "events", "moves"}`` (as a table of that seat would carry them). A host of friends on
        other devices (web/net/host.js) adds them to each guest's table, which it builds by
        loading the game into that seat's own session (where nothing has happened yet)."""
        g = self._game()
        seat = _field(req, "seat", int)
        if not 0 <= seat < g.players:
            raise BadRequest(f"'seat' must be a seat 0..{g.players - 1}.")
        applied = self.applied[1] if self.applied is not None and self.applied[0] is g else []
        return {"seat": seat, "events": [e.to_json(seat) for e in g.events[-MAX_EVENTS:]], "moves": applied}

    def op_end(self, req: dict[str, Any]) -> dict[str, Any]:
        """Drop a named session (handled in :func:`handle`; the default session cannot end)."""
        raise BadRequest("'end' needs the 'session' to end.")


LOAD_ENVELOPE = 256
"""Characters a ``load`` request needs besides the ``save`` answer's fields (its ``id``, ``op``
and ``session``, at most 64 characters each)."""


def _load_size(answer: dict[str, Any]) -> int:
    """Characters of the ``load`` request that sends ``answer`` (a ``save`` answer) back."""
    return len(_dumps(answer)) + LOAD_ENVELOPE


def undo_record(g: Game) -> dict[str, Any] | None:
    """The turn's undo history of ``g`` as data, or ``None`` when nothing can be taken back:
    ``{"base": <Game.to_json() text before the turn's first undoable move>, "moves": [<notation>,
    ...]}`` (the moves since, in order). :func:`with_undo` rebuilds it; ``Game`` keeps the record in
    memory only (meldtable.undo: a loaded game starts with nothing to undo)."""
    if g.hand_over or g.undo_refusal() is not None:
        return None
    work = g.copy()
    moves: list[str] = []
    while len(moves) <= MAX_PLAY_MOVES and work.undo_refusal() is None:
        moves.append(work.undo())
    return {"base": work.to_json(), "moves": moves[::-1]}


def with_undo(game: Game, record: Any) -> Game | None:
    """``game`` (just loaded) with the undo history ``record`` of :func:`undo_record`: the base is
    loaded and the moves played again, which rebuilds the record as ``Game.play`` keeps it. Returns
    ``None`` (the caller keeps ``game``, with nothing to undo) when the record is malformed, does not
    load or play, or does not end exactly in ``game``'s state: a broken record never changes or
    blocks the game it came with."""
    if not isinstance(record, dict):
        return None
    base, moves = record.get("base"), record.get("moves")
    if not isinstance(base, str) or not isinstance(moves, list) or not moves or len(moves) > MAX_PLAY_MOVES:
        return None
    if not all(isinstance(m, str) and len(m) <= 400 for m in moves):
        return None
    try:
        work = Game.from_json(base)
        for text in moves:
            work.play(text)
    except (ValueError, TypeError, KeyError, IndexError, RecursionError):  # MeldtableError is a ValueError
        return None
    if work.to_json() != game.to_json() or work.undo_refusal() is not None:
        return None
    return work


def _move_data(g: Game, text: Any) -> dict[str, Any] | None:
    """The move JSON (``to_json()``) of notation ``text`` in ``g``'s family, ``None`` when it is
    not a move of it (a record's log holds only moves the replay played)."""
    try:
        return g.parse_move(text).to_json() if isinstance(text, str) else None
    except MeldtableError:
        return None


def _compose(g: Game, action: dict[str, Any]) -> list[Any]:
    """The moves an ``act`` action makes in ``g`` (the family's ``compose_action``; a family
    without one takes only ``{"type": "move", "text": ...}``); raises its refusal or
    ``bad_request``."""
    compose = getattr(g.family, "compose_action", None)
    if compose is not None:
        return cast("list[Any]", compose(g, action))
    if action.get("type") != "move":
        raise BadRequest("This game takes only {\"type\": \"move\", \"text\": ...} actions.")
    return [g.parse_move(_field(action, "text", str))]


def _recording(g: Game) -> Game:
    """A copy of ``g`` that records the events of its moves (:mod:`meldtable.events`)."""
    work = g.copy()
    work.record_events = True
    return work


def _apply_all(g: Game, moves: list[Any]) -> tuple[Game, list[dict[str, Any]]]:
    """Apply ``moves`` to a copy of ``g``; returns it and the moves applied (:func:`move_entry`).
    Raises on the first illegal one."""
    work = _recording(g)
    applied = []
    for m in moves:
        seat = work.current_player
        applied.append(move_entry(work, seat, work.play(m)))
    return work, applied


def move_entry(g: Game, seat: int | None, move: Any) -> dict[str, Any]:
    """What the engine says of ``move`` (a move value) that ``seat`` has just played in ``g``:
    ``{"seat", "text": its notation, "label": the engine's words for it (English, from the view's
    ``last_moves``; the notation when the move is no longer listed there), "data": the move's own
    JSON (its family's ``to_json()``: ``kind``, ``cards``, and per family ``rank``, ``target``,
    ``end``, ``card``, ``pile``, ``rule``; docs/notation.md)}``. The page words its move log from
    ``data`` and the events, never from the notation (docs/protocol.md, "Moves")."""
    text = str(move)
    label = next((m.get("label", text) for m in reversed(g.state.last_moves)
                  if m.get("seat") == seat and m.get("text") == text), text)
    return {"seat": seat, "text": text, "label": label, "data": move.to_json()}


def _dumps(answer: dict[str, Any]) -> str:
    """Strict JSON text of an answer (``ValueError`` for NaN, Infinity or an integer too long to
    print; ``TypeError`` for a value JSON cannot hold)."""
    return json.dumps(answer, allow_nan=False)


def _error(rid: Any, code: str, message: str, extra: dict[str, Any] | None = None) -> str:
    message = _clipped(message)
    err: dict[str, Any] = {"code": code, "message": message}
    if extra:
        err.update(_clipped(extra))
    try:
        return _dumps({"id": rid, "ok": False, "error": err})
    except (ValueError, TypeError, RecursionError):
        return _dumps({"id": None, "ok": False, "error": {"code": code, "message": message[:2000]}})


_SESSION = Session()


def _target(default: Session, req: dict[str, Any], op: Any) -> tuple[Session, str | None]:
    """The session a request is for: ``default`` without a ``"session"`` field (or with
    ``null``), else the named session, a new one for ``new`` and ``load`` (stored by
    :func:`handle` only when the request succeeds). Raises :class:`BadRequest` for a malformed
    id or when :data:`MAX_SESSIONS` are running, :class:`NoGame` for an id with no session."""
    sid = req.get("session")
    if sid is None:
        return default, None
    if not isinstance(sid, str) or not SESSION_ID.fullmatch(sid):
        raise BadRequest("'session' must be text of 1 to 64 letters, digits, '_', '.', ':' or '-'.")
    found = default.named.get(sid)
    if found is not None:
        return found, sid
    if op in _STARTS:
        if len(default.named) >= MAX_SESSIONS:
            raise BadRequest(f"At most {MAX_SESSIONS} sessions can run at once: end one first "
                             "({\"op\": \"end\", \"session\": ...}).")
        return Session(), sid
    if op == "hello":
        return default, None
    raise NoGame(f"No game is running in session '{sid}': start one with 'new'.")


def handle(text: str, session: Session | None = None) -> str:
    """Answer one JSON request (text) with JSON text (see :func:`_handle`), with the work of the
    request bounded by :data:`REQUEST_BUDGET` (:data:`meldtable.game.BUDGET`)."""
    BUDGET.limit, BUDGET.spent = REQUEST_BUDGET, 0
    try:
        return _handle(text, session)
    finally:
        BUDGET.limit = None


def _handle(text: str, session: Session | None = None) -> str:
    """Answer one JSON request (text) with JSON text. Never raises; the answer is always strict
    JSON. ``session`` is the default session (the module's own when omitted); a request with a
    ``"session"`` field goes to that named session of it. A request that fails leaves the
    session's game and seats as they were (and starts no named session)."""
    default = session or _SESSION
    s = default
    before = (s.game, s.human_seats)
    rid: Any = None
    try:
        if not isinstance(text, str) or len(text) > MAX_REQUEST:
            raise BadRequest(f"The request must be JSON text of at most {MAX_REQUEST:,} characters.")
        try:
            req = strict_json(text)
        except NonFiniteNumber:
            raise BadRequest("The request is not valid JSON: NaN, Infinity and numbers beyond 1e308 are not JSON.") from None
        except (ValueError, RecursionError):
            raise BadRequest("The request is not valid JSON.") from None
        if not isinstance(req, dict):
            raise BadRequest("The request must be a JSON object.")
        rid = _request_id(req.get("id"))
        op = req.get("op")
        fn = getattr(s, f"op_{op}", None) if isinstance(op, str) and op.isidentifier() else None
        if fn is None:
            shown = repr(op) if len(repr(op)) <= 40 else repr(op)[:37] + "..."
            raise BadRequest(f"Unknown op {shown}.")
        s, sid = _target(default, req, op)
        before = (s.game, s.human_seats)
        if sid is not None and op == "end":
            del default.named[sid]
            return _dumps({"id": rid, "ok": True, "result": {"ended": sid}})
        result = fn.__func__(s, req)
        answer = _dumps({"id": rid, "ok": True, "result": result})
        if sid is not None:
            default.named[sid] = s
        return answer
    except MeldtableError as e:
        s.game, s.human_seats = before
        extra = None
        key = getattr(e, "key", None)
        if key is not None:  # any error with a catalogue reason (IllegalMoveError, NotationError, ...)
            extra = {"key": key, "params": getattr(e, "params", {}), "texts": getattr(e, "texts", {})}
        return _error(rid, getattr(e, "code", "bad_request"), str(e), extra)
    except Exception as e:  # a bug: report it, keep serving
        s.game, s.human_seats = before
        return _error(rid, "internal", f"Internal error: {type(e).__name__}: {str(e)[:500]}")
