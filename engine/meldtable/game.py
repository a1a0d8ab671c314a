"""``Game``: the public, variant-independent object (new game, legal moves, play, views, JSON)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, cast

from .errors import IllegalMoveError, MeldtableError, NotationError, NotYourTurnError, OptionError, StateError
from .events import Event, deal_events, move_events, places_of
from .fields import NonFiniteNumber, is_int, shown, strict_json
from .moves import MoveValue
from .options import Variant
from .reasons import COMMON
from .undo import UndoRecord
from .variants import VARIANTS

if TYPE_CHECKING:
    from .family import Family, FamilyState

FORMAT = "meldtable-game"
FORMAT_VERSION = 1


class Budget:
    """The work one request of the JSON protocol may do (issue #25, "a per-request budget"):
    ``spent`` counts ``Game.play`` (1 each) and ``Game.copy`` (:data:`COPY_COST` each) while
    ``limit`` is set (by :func:`meldtable.api.handle`, per request); past it the request is refused
    (``request_budget``) and the api keeps the session as it was. ``limit`` ``None`` (the library
    used directly) counts nothing."""

    __slots__ = ("limit", "spent")

    def __init__(self) -> None:
        self.limit: int | None = None
        self.spent = 0

    def charge(self, units: int) -> None:
        """Spend ``units``; raises ``IllegalMoveError`` (key ``request_budget``) past the limit."""
        if self.limit is not None:
            self.spent += units
            if self.spent > self.limit:  # and again at every later charge of the request, so a
                raise COMMON.error("request_budget")  # caller that tries alternatives stops too


COPY_COST = 20
"""Units of :class:`Budget` a ``Game.copy`` costs (a copy costs about as much as 20 moves)."""
BUDGET = Budget()
"""The one budget of the running request (the worker answers one request at a time)."""


FAMILIES: dict[str, str] = {
    "canasta": "meldtable.canasta.family",
    "continental": "meldtable.continental.family",
    "threefifty": "meldtable.threefifty.family",
}
"""The registry of game families: family name (``Variant.family``) -> the module that implements
it. Only these are ever imported."""


def family_module(name: str) -> Family:
    """The module implementing game family ``name`` (imported on first use, so that importing
    meldtable stays cheap). A family module provides ``Rules(options, players)``, ``State`` (with
    ``from_dict(rules, seed, data)``), ``new_state(rules, seed)``, ``parse_move(text)``,
    ``compose_action(game, action)`` (UI actions -> moves) and ``choose_move(view, legal)`` (its
    computer player); see docs/architecture.md. Raises :class:`OptionError` for a name that is not
    in :data:`FAMILIES`."""
    import importlib

    module = FAMILIES.get(name) if isinstance(name, str) else None
    if module is None:
        raise OptionError(f"Unknown game family {name!r}.")
    return cast("Family", importlib.import_module(module))


class Game:
    """A match of one variant: the seat to act, its legal moves, views per seat, results.

    Create with :func:`new_game` or :meth:`Game.from_json`. ``play`` validates every move against
    :meth:`legal_moves` (the single source of legality) and leaves the game unchanged when it
    raises.
    """

    def __init__(self, variant: Variant, players: int, seed: int, options: dict[str, Any], state: FamilyState) -> None:
        self.variant = variant
        self.family = family_module(variant.family)
        self.players = players
        self.seed = seed
        self.options = options
        self._state = state
        # the move history, compact: finished deals as one text each (moves joined by newlines),
        # the current deal as the text of its moves loaded from a save plus the list of moves
        # played since; see the ``history`` property
        self._done: list[str] = []
        self._head = ""
        self._tail: list[str] = []
        self._undo = UndoRecord(variant.family)
        # what the moves did (meldtable.events), worked out only while record_events is on (the
        # api's games): last_events of the last play or next_hand, events of every one since the
        # reader cleared the list
        self.record_events = False
        self.last_events: tuple[Event, ...] = ()  # (tuples: a copy of the game allocates nothing for them)
        self.events: tuple[Event, ...] = ()

    # ------------------------------------------------------------------ queries
    @property
    def history(self) -> list[list[str]]:
        """Moves of each hand so far, in notation (``history[-1]`` is the current hand): a new
        list of lists on each call (the game keeps them compact: finished deals as one text each,
        so that a long history holds about as much memory as its text). Assigning a list of
        lists replaces the history."""
        return [_split(h) for h in self._done] + [self._current()]

    @history.setter
    def history(self, hands: list[list[str]]) -> None:
        self._done = ["\n".join(h) for h in hands[:-1]]
        self._head = "\n".join(hands[-1]) if hands else ""
        self._tail = []

    def _current(self) -> list[str]:
        return _split(self._head) + self._tail

    def last_move(self) -> str | None:
        """The notation of the current hand's last move, or ``None`` before its first."""
        if self._tail:
            return self._tail[-1]
        return self._head.rpartition("\n")[2] or None

    @property
    def current_player(self) -> int | None:
        """Seat to act (``0 .. players-1``), or ``None`` when the hand is over."""
        return self._state.current_player

    @property
    def hand_over(self) -> bool:
        """True once the hand has ended (someone went out, or the stock ran out)."""
        return bool(self._state.hand_over)

    @property
    def match_over(self) -> bool:
        """True once the match has ended (target score reached, or the last deal played)."""
        return bool(self._state.match_over)

    @property
    def hand_number(self) -> int:
        """Number of the current deal, from 1."""
        return int(self._state.hand_number)

    @property
    def scores(self) -> list[int]:
        """Cumulative scores per side (points; may be negative)."""
        return list(self._state.scores)

    @property
    def results(self) -> list[dict[str, Any]]:
        """Itemised result of each finished hand: ``{"hand", "went_out", "concealed", "sides":
        [{"side", "items": {name: points}, "total", "cumulative"}]}``."""
        return [json.loads(json.dumps(r)) for r in self._state.results]

    @property
    def winners(self) -> list[int]:
        """Sides with the best total once the match is over (several on a tie), else ``[]``."""
        return list(self._state.winners)

    def legal_moves(self) -> list[MoveValue]:
        """Every legal move of the seat to act, sorted by notation; empty when the hand is over."""
        return self._state.legal_moves()

    def view(self, seat: int) -> dict[str, Any]:
        """JSON-serialisable view for ``seat``: its own hand, the others' card counts, the public
        piles, melds and scores; no hidden card. Raises ``ValueError`` for a seat not in the game."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise NotYourTurnError.of(COMMON, "no_such_seat", {"seat": repr(seat), "players": self.players})
        v = self._state.view(seat)
        v["variant"] = self.variant.id
        return v

    # ------------------------------------------------------------------ playing
    def parse_move(self, move: Any) -> MoveValue:
        """Turn notation into this game's move value (a move value passes through). Raises
        ``NotationError``."""
        if isinstance(move, str):
            return self.family.parse_move(move)
        if isinstance(move, MoveValue):
            return move
        raise NotationError.of(COMMON, "move_not_text", {"examples": ["'discard 4C'"], "type": type(move).__name__})

    def play(self, move: Any, *, seat: int | None = None) -> MoveValue:
        """Apply ``move`` (a :class:`Move` or its notation) for the seat to act and return it.

        If ``seat`` is given it must be the seat to act. Raises :class:`NotationError` for bad
        notation, :class:`NotYourTurnError` for another seat, :class:`IllegalMoveError` (message in a
        player's words, e.g. "The pile is frozen ...") for an illegal move; the game is then unchanged.
        While ``record_events`` is on, ``last_events`` holds what the move did (cards from where to
        where, :mod:`meldtable.events`) and ``events`` gains them.
        """
        if BUDGET.limit is not None:
            BUDGET.charge(1)
        m = move if isinstance(move, MoveValue) else self.parse_move(move)
        state = self._state
        if state.hand_over:
            raise COMMON.error("match_over" if self.match_over else "hand_over_next")
        seat_before = state.current_player
        if seat is not None and seat != seat_before:
            raise NotYourTurnError.of(COMMON, "not_your_turn", {"seat": seat_before, "asked": seat})
        if not state.is_legal(m):
            raise self._refusal(*state.explain(m))
        undo = self._undo
        kept = undo.before(m.kind, seat_before, state)
        before = places_of(self.variant.family, state) if self.record_events else None
        state.apply(m)
        self._tail.append(m._text)  # (str(m): the notation, without a call)
        undo.after(kept, seat_before, state, m)
        if state.hand_over:
            _hold_scores(state)
        if before is not None:  # (after the bookkeeping: the game stays whole whatever happens here)
            self.last_events = move_events(self.variant.family, before, places_of(self.variant.family, state), seat_before, m)
            self.events += self.last_events
        elif self.events:  # (events of earlier changes no longer describe the table)
            self.events = self.last_events = ()
        return m

    def undo_error(self, *, seat: int | None = None) -> IllegalMoveError | None:
        """``None`` if :meth:`undo` would succeed now (for ``seat``, when given), else the error it
        would raise (with its key), found without changing or copying anything."""
        return self._undo.refusal(self, seat)

    def undo_refusal(self, *, seat: int | None = None) -> str | None:
        """``None`` if :meth:`undo` would succeed now (for ``seat``, when given), else the reason
        in a player's words (the rule: :mod:`meldtable.undo`)."""
        err = self._undo.refusal(self, seat)
        return None if err is None else str(err)

    def undo(self, *, seat: int | None = None) -> str:
        """Take back the last move of the turn and return its notation; the state is then exactly
        as it was before that move (``to_json()`` equal), the move is gone from ``history``.

        Undoable are the moves since the turn's draw or pile take until the discard (melds, adds,
        lay-downs, lay-offs, joker exchanges; per family :data:`meldtable.undo.UNDOABLE`). Raises
        :class:`IllegalMoveError` (``key``: ``undo_revealed`` right after a draw, pile take or
        claim, ``undo_nothing``, ``undo_hand_over``, ``undo_not_yours`` for another ``seat``);
        the game is then unchanged."""
        err = self._undo.refusal(self, seat)
        if err is not None:
            raise err
        self._state = self._undo.restore()
        return self._tail.pop()  # undoable moves were played since the load: they are in the tail

    def _refusal(self, key: str, message: str, params: dict[str, Any]) -> IllegalMoveError:
        """The error of a refusal ``(key, message, params)`` of the family state: with the texts of
        the family's catalogue (its ``REASONS``) when it declares ``key``."""
        catalogue = getattr(self.family, "REASONS", None)
        if catalogue is not None:
            try:
                return IllegalMoveError.of(catalogue, key, params)
            except KeyError:
                pass
        return IllegalMoveError(message, key, params)

    def explain(self, move: Any, lang: str = "en") -> str | None:
        """``None`` if ``move`` is legal now, else the reason in a player's words, in ``lang``
        (``"en"`` or ``"de"``; :mod:`meldtable.reasons`). Malformed notation gets its
        :class:`NotationError` message in ``lang`` too."""
        try:
            m = self.parse_move(move)
        except MeldtableError as e:
            return e.message(lang)
        if self.hand_over:
            return COMMON.error("match_over" if self.match_over else "hand_over_next").message(lang)
        if self._state.is_legal(m):
            return None
        return self._refusal(*self._state.explain(m)).message(lang)

    def next_hand(self) -> None:
        """Deal the next hand of the match. Raises ``IllegalMoveError`` if the hand is not over or
        the match is."""
        self._state.next_hand()
        if self.record_events:
            self.last_events = deal_events(self.variant.family, self._state)
            self.events += self.last_events
        else:
            self.events = self.last_events = ()
        self._done.append("\n".join(self._current()))
        self._head, self._tail = "", []
        self._undo.clear()

    def copy(self) -> Game:
        """An independent copy (for bots and what-if analysis; it records no events until its
        ``record_events`` is set)."""
        if BUDGET.limit is not None:
            BUDGET.charge(COPY_COST)
        g = Game(self.variant, self.players, self.seed, self.options, self._state.copy())
        # the history's texts never change (play appends to the tail only): shared, so a copy
        # costs a list of the deals and the moves played since the load
        g._done, g._head, g._tail = list(self._done), self._head, list(self._tail)
        g._undo = self._undo.copy()
        return g

    # ------------------------------------------------------------------ search (issue #27)
    def determinize(self, seat: int, rng: Any) -> Game:
        """A new game consistent with everything ``seat`` has seen (its own hand, every hand's
        size, melds, discards, scores; ``view(seat)`` unchanged), the cards hidden from it dealt
        again from ``rng`` (a ``random.Random``): :func:`meldtable.search.determinize`. The sample
        depends on what ``seat`` knows and on ``rng`` only. Raises :class:`StateError` (key
        ``determinize_now``) when another seat is half-way through a turn whose plan depends on
        its hand, and ``ValueError`` for a seat not in the game."""
        from .search import determinize

        self.view(seat)  # refuses a seat not in the game
        return determinize(self, seat, rng)

    def search_node(self) -> Any:
        """A copy of the game's state behind the fast interface of searches
        (:class:`meldtable.search.Node`: ``copy()``, ``moves()``, ``apply(index)``, ``to_act``,
        ``over``): no notation, history, undo record or views, and no request budget."""
        from .search import Node

        return Node(self._state.copy())

    # ------------------------------------------------------------------ persistence
    def to_json(self, *, past_history: bool = True) -> str:
        """The whole state as JSON text (schema: docs/state-format.md). ``past_history=False``
        leaves out the moves of the finished deals (``history`` then holds the current deal's
        moves after empty lists): what ``save`` answers for a game too long to load again in full."""
        opts = {k: [list(r) for r in v] if isinstance(v, tuple) else v for k, v in self.options.items()}
        return json.dumps(
            {
                "format": FORMAT,
                "version": FORMAT_VERSION,
                "variant": self.variant.id,
                "players": self.players,
                "seed": self.seed,
                "options": opts,
                "history": self.history if past_history else [[] for _ in self._done] + [self._current()],
                "state": self._state.to_dict(),
            },
            separators=(",", ":"),
        )

    @staticmethod
    def from_json(text: str) -> Game:
        """Rebuild a game from :meth:`to_json` text. Raises :class:`StateError` (a ``ValueError``)
        with a clear message for malformed, inconsistent or foreign data."""
        d = _saved_object(text)
        variant, players, seed, options = _saved_setup(d)
        history = d.get("history")
        texts = _history_texts(history)
        fam = family_module(variant.family)
        try:
            rules = fam.Rules(options, players)  # may refuse a combination, e.g. too few decks
        except OptionError as e:
            raise _option_state_error(e) from None
        try:
            if not isinstance(d.get("state"), dict):
                raise StateError("The saved game's 'state' must be an object.")
            state = fam.State.from_dict(rules, seed, d.get("state"))
        except StateError:
            raise
        except (TypeError, KeyError, AttributeError, IndexError, ValueError, ArithmeticError, RecursionError) as e:
            raise StateError(f"The saved game is damaged ({type(e).__name__}).") from None
        g = Game(variant, players, seed, options, state)
        _check_history(texts, g)
        g._done, g._head = texts[:-1], texts[-1]
        _prove_playable(g)
        return g

    @staticmethod
    def from_position(text: str) -> Game:
        """A game in the position written as ``text`` (docs/positions.md: a few lines naming the
        variant, the seat to act, hands, piles, melds, scores and options; every card it does not
        name goes to the stock in the order of ``Rng(seed, "position")``). The position is turned
        into a saved game and loaded by :meth:`from_json`, with the same checks. Raises
        :class:`NotationError` for a malformed line and :class:`StateError` for a position the
        game cannot hold (a card named more often than the decks hold, an invalid meld, a hand that
        does not fit the turn, a player with no legal move, ...), naming the line when it can."""
        from .positions import load

        return load(Game, text)

    def to_position(self) -> str:
        """This game as position text (docs/positions.md), naming every card (the stock in full,
        top card first), so that :meth:`from_position` gives back the same table, turn and scores
        (not the move history, results or last moves). Raises :class:`StateError` when the hand is
        over or the turn is inside a step a position cannot express (docs/positions.md)."""
        from .positions import write_position

        return write_position(self)

    def to_record(self, *, names: Any = None, comments: Any = None, seat: int | None = None,
                  position: str | None = None) -> str:
        """This game as a game record (docs/records.md): :func:`meldtable.records.to_record`.
        Raises :class:`StateError` (with a ``record`` reason key) when it cannot be written."""
        from .records import to_record

        return to_record(self, names=names, comments=comments, seat=seat, position=position)

    @staticmethod
    def from_record(text: str) -> Game:
        """The game of a game record (docs/records.md): :func:`meldtable.records.from_record`; a
        move that does not replay is refused with its number, text and the engine's reason."""
        from .records import from_record

        return from_record(text)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Game {self.variant.id} hand {self.hand_number} seat {self.current_player} to act>"

    # for invariant tests and bots inside the package
    @property
    def state(self) -> Any:
        """The family state object (internal; tests and bots read it, never mutate it)."""
        return self._state


HISTORY_TEXT = 500
"""Longest move text in a saved game's ``history`` (as :data:`meldtable.fields.TEXT_LIMIT`)."""
FORCED_MOVES = 16
"""Most forced moves (the only legal move) :func:`_prove_playable` follows on a loaded game."""


def _option_state_error(e: OptionError) -> StateError:
    """A saved game's invalid rule options: the option's own reason (key, params), its texts
    prefixed in each language."""
    texts = {"en": f"The saved game's rule options are invalid: {e.texts.get('en', str(e))}",
             "de": f"Die Spielregeln des gespeicherten Spiels sind ungültig: {e.message('de')}"}
    return StateError(texts["en"], e.key, e.params, texts)


def _split(text: str) -> list[str]:
    return text.split("\n") if text else []


def _saved_object(text: Any) -> dict[str, Any]:
    """:meth:`Game.from_json`'s first step: the text parsed as strict JSON, an object of this
    format and version. Raises :class:`StateError`."""
    if not isinstance(text, (str, bytes)):
        raise StateError.of(COMMON, "state_not_text")
    try:
        d = strict_json(text)
    except NonFiniteNumber:
        raise StateError.of(COMMON, "state_nonfinite") from None
    except (ValueError, RecursionError):
        raise StateError.of(COMMON, "state_not_json") from None
    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise StateError.of(COMMON, "state_foreign")
    if not is_int(d.get("version")) or d.get("version") != FORMAT_VERSION:
        raise StateError.of(COMMON, "state_version", {"version": repr(d.get("version")), "expected": FORMAT_VERSION})
    return d


def _saved_setup(d: dict[str, Any]) -> tuple[Variant, int, int, dict[str, Any]]:
    """:meth:`Game.from_json`'s second step: the saved game's variant, player count, seed and
    resolved options (with the table layout). Raises :class:`StateError`."""
    vid = d.get("variant")
    if not isinstance(vid, str) or vid not in VARIANTS:
        raise StateError.of(COMMON, "state_variant", {"variant": repr(vid)})
    variant = VARIANTS[vid]
    players, seed = d.get("players"), d.get("seed")
    if not is_int(players) or players not in variant.players:
        raise StateError.of(COMMON, "state_players", {"players": repr(players), "variant": vid})
    if not is_int(seed):
        raise StateError.of(COMMON, "state_seed")
    try:
        options = variant.with_layout(variant.resolve(d.get("options")), players)
    except OptionError as e:
        raise _option_state_error(e) from None
    return variant, players, seed, options


def _history_texts(history: Any) -> list[str]:
    """The saved game's ``history`` as the game keeps it: one text per deal, its moves joined by
    newlines (``StateError``, key ``state_history``, unless it is a non-empty list of lists of move
    texts of 1 to :data:`HISTORY_TEXT` characters without line breaks). The checks run in C
    (``join``, ``count``, ``map``): a history of 190,000 moves is checked in a few milliseconds."""
    if not isinstance(history, list) or not history:
        raise StateError.of(COMMON, "state_history")
    out = []
    for hand in history:
        if not isinstance(hand, list):
            raise StateError.of(COMMON, "state_history")
        try:
            text = "\n".join(hand)  # TypeError for anything but texts
        except TypeError:
            raise StateError.of(COMMON, "state_history") from None
        if hand and (text.count("\n") != len(hand) - 1 or "\r" in text
                     or not 0 < min(map(len, hand)) <= max(map(len, hand)) <= HISTORY_TEXT):
            raise StateError.of(COMMON, "state_history")
        out.append(text)
    return out


def _check_history(texts: list[str], g: Game) -> None:
    """The saved game's history (:func:`_history_texts`) against the loaded game ``g``
    (``StateError``, key ``state_history``): at most one deal per ``hand_number``, and the current
    deal's last move (the one :mod:`meldtable.undo` reads) a move of the game's family. No move is
    replayed: the history is a record; play never reads it."""
    if len(texts) > g.hand_number:
        raise StateError.of(COMMON, "state_history")
    last = texts[-1].rpartition("\n")[2]
    if last:
        try:
            g.family.parse_move(last)
        except MeldtableError:
            raise StateError.of(COMMON, "state_history") from None


def _prove_playable(g: Game) -> None:
    """Refuse (``StateError``, key ``state_stuck``) a loaded game whose seat to act has no legal
    move while its hand goes on: no loadable game is stuck (issue #25). Forced moves (a single
    legal move: canasta's ``draw`` after a turn that says it took the pile) are followed on a copy,
    at most :data:`FORCED_MOVES` of them, so a save whose only way on ends in a stall is refused
    too."""
    work = g
    for _ in range(FORCED_MOVES):
        if work.hand_over:
            return
        legal = work.legal_moves()
        if not legal:
            raise StateError.of(COMMON, "state_stuck", {"seat": work.current_player})
        if len(legal) > 1:
            return
        if work is g:
            work = g.copy()
        try:
            work._state.apply(legal[0])
        except (TypeError, KeyError, AttributeError, IndexError, ValueError, ArithmeticError) as e:
            raise StateError.of(COMMON, "state_stuck", {"seat": work.current_player}) from e


def _hold_scores(state: Any) -> None:
    """Hold every cumulative score within +-:data:`meldtable.fields.POINTS_LIMIT`, the range a
    saved game's loader accepts (docs/state-format.md, "Scores near the limit"): a hand that would
    carry a score past it is recorded with one more item, ``"limit"``, that brings the score back to
    the limit (its total and cumulative score adjusted alike), so that every game played on from an
    accepted save saves and loads again. No real match comes near (about 120,000 at most)."""
    from .fields import POINTS_LIMIT

    scores = state.scores
    if all(-POINTS_LIMIT <= v <= POINTS_LIMIT for v in scores):
        return
    last = dict(state.results[-1]) if state.results else None
    sides = [dict(sd, items=dict(sd["items"])) for sd in last["sides"]] if last else []
    for i, v in enumerate(scores):
        held = max(-POINTS_LIMIT, min(POINTS_LIMIT, v))
        if held != v:
            scores[i] = held
            if i < len(sides):
                sides[i]["items"]["limit"] = sides[i]["items"].get("limit", 0) + held - v
                sides[i]["total"] += held - v
                sides[i]["cumulative"] = held
    if last is not None:
        last["sides"] = sides
        state.results[-1] = last


def new_game(variant_id: str, *, players: int, seed: int, options: dict[str, Any] | None = None) -> Game:
    """Start a match of ``variant_id`` (see :data:`meldtable.VARIANTS`) for ``players`` seats, with
    the engine's own shuffle seeded by ``seed`` (any int), and rule ``options`` overriding the
    variant's defaults. The first hand is dealt.

    Raises :class:`OptionError` (a ``ValueError``) for an unknown variant, a player count the
    variant does not allow, or an unknown/invalid option.
    """
    if not isinstance(variant_id, str) or variant_id not in VARIANTS:
        raise OptionError.of(COMMON, "variant_unknown", {"variant": shown(variant_id), "known": ", ".join(VARIANTS)})
    variant = VARIANTS[variant_id]
    if isinstance(players, bool) or not isinstance(players, int) or players not in variant.players:
        raise OptionError.of(COMMON, "players_allowed", {"variant": variant.short_name, "allowed": list(variant.players),
                                                         "players": shown(players)})
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionError.of(COMMON, "seed_int", {"seed": shown(seed)})
    resolved = variant.with_layout(variant.resolve(options), players)  # no None left: the layout's values
    fam = family_module(variant.family)
    state = fam.new_state(fam.Rules(resolved, players), seed)
    return Game(variant, players, seed, resolved, state)
