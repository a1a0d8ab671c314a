"""The JSON boundary between the page (web worker) and the engine: ``handle(text) -> text``.

One request per user action; requests and answers are JSON text (docs/protocol.md). A failed
request never changes the session; every error is ``{"ok": false, "error": {"code", "message"}}``.
"""

from __future__ import annotations

import json
from typing import Any

from . import __version__
from .bot import choose_move
from .errors import IllegalMoveError, MeldtableError, NotYourTurnError
from .game import Game, new_game
from .variants import VARIANTS

MAX_REQUEST = 1_000_000  # characters


class BadRequest(MeldtableError):
    code = "bad_request"


class NoGame(MeldtableError):
    code = "no_game"


class Session:
    """The worker's one game and which seats the person plays."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.human_seats: list[int] = [0]

    # ------------------------------------------------------------------ helpers
    def _game(self) -> Game:
        if self.game is None:
            raise NoGame("No game is running: start a new game first.")
        return self.game

    def table(self) -> dict[str, Any]:
        g = self._game()
        seat = self.human_seats[0]
        to_act = g.current_player
        human = to_act in self.human_seats
        legal = []
        if human and not g.hand_over:
            legal = [m.to_json() for m in g.legal_moves()]
        return {
            "view": g.view(seat if not human or to_act is None else to_act),
            "seat": seat if not human or to_act is None else to_act,
            "human_seats": list(self.human_seats),
            "to_act": to_act,
            "to_act_is_human": bool(human),
            "legal": legal,
            "hand_over": g.hand_over,
            "match_over": g.match_over,
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
        return {"version": __version__, "variants": [v.describe() for v in VARIANTS.values()]}

    def op_new(self, req: dict[str, Any]) -> dict[str, Any]:
        variant = _field(req, "variant", str)
        players = _field(req, "players", int)
        seed = _field(req, "seed", int)
        options = req.get("options")
        if options is not None and not isinstance(options, dict):
            raise BadRequest("'options' must be an object.")
        game = new_game(variant, players=players, seed=seed, options=options)
        seats = self._seats(req.get("human_seats"), players)
        self.game, self.human_seats = game, seats
        return self.table()

    def op_table(self, req: dict[str, Any]) -> dict[str, Any]:
        return self.table()

    def op_act(self, req: dict[str, Any]) -> dict[str, Any]:
        g = self._game()
        action = req.get("action")
        if not isinstance(action, dict):
            raise BadRequest("'action' must be an object such as {\"type\": \"draw\"}.")
        if g.hand_over:
            raise IllegalMoveError("The hand is over." if not g.match_over else "The match is over.")
        if g.current_player not in self.human_seats:
            raise NotYourTurnError("Wait for your turn: the computer is playing.")
        compose = getattr(g.family, "compose_action", None)
        if compose is None:
            if action.get("type") != "move":
                raise BadRequest("This game takes only {\"type\": \"move\", \"text\": ...} actions.")
            moves = [g.parse_move(_field(action, "text", str))]
        else:
            moves = compose(g, action)
        self.game = _apply_all(g, moves)
        return self.table()

    def op_bot(self, req: dict[str, Any]) -> dict[str, Any]:
        g = self._game()
        if g.hand_over:
            raise IllegalMoveError("The hand is over.")
        seat = g.current_player
        if seat in self.human_seats:
            raise NotYourTurnError("It is your turn, not the computer's.")
        move = choose_move(g, seat)
        g.play(move, seat=seat)
        label = g.state.last_moves[-1]["label"] if g.state.last_moves else str(move)
        return {"move": {"seat": seat, "text": str(move), "label": label}, "table": self.table()}

    def op_next_hand(self, req: dict[str, Any]) -> dict[str, Any]:
        self._game().next_hand()
        return self.table()

    def op_save(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"state": self._game().to_json(), "human_seats": list(self.human_seats)}

    op_export = op_save

    def op_load(self, req: dict[str, Any]) -> dict[str, Any]:
        text = _field(req, "state", str)
        game = Game.from_json(text)
        seats = self._seats(req.get("human_seats"), game.players)
        self.game, self.human_seats = game, seats
        return self.table()

    def op_play(self, req: dict[str, Any]) -> dict[str, Any]:
        g = self._game()
        moves = req.get("moves")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise BadRequest("'moves' must be a list of move texts.")
        work = g.copy()
        for text in moves:
            if text == "next_hand":
                work.next_hand()
            else:
                work.play(text)
        self.game = work
        return self.table()


def _field(req: dict[str, Any], name: str, typ: type) -> Any:
    v = req.get(name)
    if v is None:
        raise BadRequest(f"The request needs '{name}'.")
    if (typ is int and isinstance(v, bool)) or not isinstance(v, typ):
        raise BadRequest(f"'{name}' must be {'a whole number' if typ is int else 'text' if typ is str else typ.__name__}.")
    return v


def _apply_all(g: Game, moves: list[Any]) -> Game:
    """Apply ``moves`` to a copy of ``g`` and return it; raises on the first illegal one."""
    work = g.copy()
    for m in moves:
        work.play(m)
    return work


_SESSION = Session()


def handle(text: str, session: Session | None = None) -> str:
    """Answer one JSON request (text) with JSON text. Never raises."""
    s = session or _SESSION
    rid: Any = None
    try:
        if not isinstance(text, str) or len(text) > MAX_REQUEST:
            raise BadRequest("The request must be JSON text of reasonable size.")
        try:
            req = json.loads(text)
        except (ValueError, RecursionError):
            raise BadRequest("The request is not valid JSON.") from None
        if not isinstance(req, dict):
            raise BadRequest("The request must be a JSON object.")
        rid = req.get("id")
        if isinstance(rid, (dict, list)):
            rid = None
        op = req.get("op")
        fn = getattr(s, f"op_{op}", None) if isinstance(op, str) and op.isidentifier() else None
        if fn is None:
            raise BadRequest(f"Unknown op {op!r}.")
        result = fn(req)
        return json.dumps({"id": rid, "ok": True, "result": result})
    except MeldtableError as e:
        err: dict[str, Any] = {"code": getattr(e, "code", "bad_request"), "message": str(e)}
        if hasattr(e, "key"):
            err["key"] = e.key  # type: ignore[attr-defined]
            err["params"] = e.params  # type: ignore[attr-defined]
        return json.dumps({"id": rid, "ok": False, "error": err})
    except Exception as e:  # a bug: report it, keep serving
        return json.dumps({"id": rid, "ok": False, "error": {"code": "internal", "message": f"Internal error: {type(e).__name__}: {e}"}})
