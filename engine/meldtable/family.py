"""The family contract (:class:`FamilyOf`, :class:`FamilyStateOf`, :class:`PositionRoom`,
:class:`HarnessRoom`: typing protocols, generic over the family's types; :data:`Family`,
:data:`FamilyState`: any family's) and pieces of a family's state that the continental and 3 ist
50 families share word for word.

Core module: it imports no family module (those are imported lazily by
:func:`meldtable.game.family_module`), and adds no step to a move: :class:`CachedLegalMoves`
is a base class, so its methods are found like the state's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, Self, TypeVar

if TYPE_CHECKING:
    from .cards import Card
    from .moves import MoveValue
    from .positions import Position
    from .reasons import Catalogue


M = TypeVar("M", bound="MoveValue")
"""A family's move type (``meldtable.canasta.moves.Move``, ``ContinentalMove``, ``ThreeFiftyMove``)."""
R = TypeVar("R")
"""A family's resolved rule options (its ``Rules`` class)."""
S = TypeVar("S", bound="FamilyStateOf[Any]", covariant=True)
"""A family's state type (``CanastaState``, ...); the contract only hands it out (covariant)."""
R_in = TypeVar("R_in", contravariant=True)
"""A family's rules type, as the harness hooks take it (:class:`HarnessRoom`)."""
S_in = TypeVar("S_in", contravariant=True)
"""A family's state type, as the harness hooks take it (:class:`HarnessRoom`)."""


class FamilyStateOf(Protocol[M]):
    """What :class:`meldtable.game.Game` and the api use of a family's match state (mutable),
    generic over the family's move type ``M``. :data:`FamilyState` is the one ``Game`` holds
    (any family)."""

    hand_over: bool
    match_over: bool
    hand_number: int
    scores: list[int]
    results: list[dict[str, Any]]
    winners: list[int]
    last_moves: list[dict[str, Any]]

    @property
    def current_player(self) -> int | None:
        """The seat to act, ``None`` once the hand is over."""

    def legal_moves(self) -> list[M]:
        """Every legal move of the seat to act, sorted by notation (the fast enumeration)."""

    def is_legal(self, move: M) -> bool:
        """Whether ``move`` is one of :meth:`legal_moves`."""

    def verify(self, move: M, seat: int | None = None) -> None:
        """The one check of a move: raise ``IllegalMoveError`` with the reason, else return."""

    def explain(self, move: M, seat: int | None = None) -> tuple[str, str, dict[str, Any]]:
        """``(key, English message, params)`` of :meth:`verify`'s verdict."""

    def apply(self, move: M) -> None:
        """Apply a move from :meth:`legal_moves` (unchecked)."""

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, JSON-ready."""

    def to_dict(self) -> dict[str, Any]:
        """The whole state, JSON-ready (``State.from_dict(rules, seed, data)`` reads it back)."""

    def next_hand(self) -> None:
        """Deal the next hand of the match."""

    def copy(self) -> Self:
        """An independent copy."""

    def conservation(self) -> dict[Card, int]:
        """Every card in play, as a multiset."""


FamilyState = FamilyStateOf["MoveValue"]
"""The state of any family, as :class:`meldtable.game.Game` holds it."""


class FamilyOf(Protocol[R, S, M]):
    """The contract of a game family, generic over its rules type ``R``, state type ``S`` and move
    type ``M``: the module :data:`meldtable.game.FAMILIES` names (its ``family`` module) provides
    these (docs/architecture.md, "How the five games map onto the core"); each family module
    states its types once (``FamilyOf[Rules, CanastaState, Move]``), and mypy --strict checks
    the module against them. :data:`Family` is the one ``Game`` holds (any family).
    ``tests/test_family_contract.py``, ``tests/test_reasons.py`` and ``tests/test_harness.py``
    check every registered family has them; the harness hooks are a room of their own
    (:class:`HarnessRoom`, named by :attr:`TESTING`), imported only by the test harness."""

    REASONS: Catalogue
    """The family's declared refusal reasons (:mod:`meldtable.reasons`)."""

    POSITION: str
    """The module name of the family's position room (a :class:`PositionRoom`, e.g.
    ``"meldtable.canasta.position"``), imported by :mod:`meldtable.positions` on first use."""

    def Rules(self, options: dict[str, Any], players: int) -> R:  # noqa: N802 - a class in the module
        """The resolved rule options; ``OptionError`` for an impossible combination."""

    @property
    def State(self) -> type[S]:  # noqa: N802 - a class in the module
        """The state class, with ``from_dict(rules, seed, data)`` (validating; ``StateError``)."""

    def new_state(self, rules: R, seed: int) -> S:
        """A new match, first hand dealt."""

    def parse_move(self, text: str) -> M:
        """The family's move value of ``text``; ``NotationError``."""

    def choose_move(self, view: dict[str, Any], legal: list[M]) -> M:
        """The family's computer player: one of ``legal``, from ``view`` only."""

    def compose_action(self, game: Any, action: dict[str, Any]) -> list[M]:
        """The page's action object as moves; ``IllegalMoveError`` / ``NotationError``."""

    def shuffle_hidden(self, data: dict[str, Any], seat: int, rng: Any) -> dict[str, Any] | None:
        """The saved state ``data`` (``to_dict()``) with every card hidden from ``seat`` dealt again
        (``rng.shuffle``), or ``None`` when the family cannot do that consistently now: the
        family's ``hidden`` module, used by :mod:`meldtable.search` and the test harness."""

    @property
    def UNDOABLE(self) -> frozenset[str]:  # noqa: N802 - a constant of the module
        """The move kinds (``MoveValue.kind``) that can be taken back within the turn
        (:mod:`meldtable.undo`); empty for a family without undo (3 ist 50)."""

    @property
    def REVEALING(self) -> frozenset[str]:  # noqa: N802 - a constant of the module
        """The move kinds that showed a hidden card: an undo right after one is refused with
        ``undo_revealed`` rather than ``undo_nothing`` (:mod:`meldtable.undo`)."""

    TESTING: str
    """The module name of the family's harness hooks (a :class:`HarnessRoom`, e.g.
    ``"meldtable.canasta.testing"``). Only the test harness imports it (tests/sim_harness.py):
    the engine never does, and the page's wheel leaves it out (build.py, ``BROWSER_LEFT_OUT``)."""


Family = FamilyOf[Any, Any, "MoveValue"]
"""Any family's module, as :func:`meldtable.game.family_module` returns it."""


class HarnessRoom(Protocol[R_in, S_in]):
    """A family's harness hooks, the module its :attr:`FamilyOf.TESTING` names: game knowledge
    for the family-independent simulation harness (tests/sim_harness.py, bench/harness.py;
    docs/architecture.md, "harness hooks"), generic over the family's rules type and state
    type. Read-only: none of them changes a state."""

    def expected_cards(self, state: S_in) -> dict[Card, int]:
        """Every physical card in play."""

    def hand_size_ok(self, state: S_in) -> bool:
        """The hand sizes are ones the rules allow."""

    def move_bound(self, rules: R_in) -> int:
        """Most moves one hand can last."""

    def shuffle_hidden(self, data: dict[str, Any], seat: int, rng: Any) -> dict[str, Any] | None:
        """The family's ``shuffle_hidden`` (see :class:`FamilyOf`)."""

    def results_add_up(self, state: S_in) -> bool:
        """The last result matches the table it was scored from."""


class PositionRoom(Protocol):
    """A family's positions (docs/positions.md), the module its :attr:`Family.POSITION` names:
    the family's keys, its reader and its writer. :mod:`meldtable.positions` holds the line format,
    the refusals and the helpers every room uses."""

    POSITION_KEYS: frozenset[str]
    """The family's keys besides ``meldtable.positions.COMMON_KEYS`` (``pile``, ``meld``, ...)."""

    def read_position(self, p: Position, rules: Any, players: int, seed: int) -> dict[str, Any]:
        """The ``state`` of the saved-game data of position ``p`` (``NotationError`` /
        ``StateError`` naming the line); the family's loader checks the rest."""

    def write_position(self, state: dict[str, Any], players: int) -> list[str]:
        """The family's lines of a position for the saved state ``state`` (``StateError`` for a
        turn in a step no line describes)."""


class CachedLegalMoves:
    """Base of a family state whose legal moves are generated once per position.

    The subclass sets ``self._legal = None`` (a ``list`` of moves, or ``None`` while not generated)
    and ``self._legal_set`` (a ``frozenset`` of the same moves) in ``__init__``, resets ``_legal``
    to ``None`` whenever the position changes, keeps ``hand_over`` (``bool``) and provides
    ``_generate()``: every legal move of the seat to act, sorted by notation."""

    _legal: list[Any] | None
    _legal_set: frozenset[Any]
    hand_over: bool

    def _generate(self) -> list[Any]:  # pragma: no cover - each family provides it
        raise NotImplementedError

    def legal_moves(self) -> list[Any]:
        """Every legal move of the seat to act (the family's move objects; empty when the hand, a
        deal or a game, is over), sorted by notation. A new list on each call."""
        if self._legal is None:
            self._legal = [] if self.hand_over else self._generate()
            self._legal_set = frozenset(self._legal)
        return list(self._legal)

    def is_legal(self, move: Any) -> bool:
        """Whether ``move`` (any value) is one of :meth:`legal_moves`; ``False`` for an unhashable
        value."""
        if self._legal is None:
            self.legal_moves()
        try:
            return move in self._legal_set
        except TypeError:
            return False


def score_seats_lowest(state: Any, result: dict[str, Any], last: bool) -> None:
    """Score a finished hand for every seat where the lowest total wins (seed 002, Continental,
    "Punkte"; seed 003, 3 ist 50: the fewest minus points win).

    ``state`` has ``scores`` (``list[int]``, one per seat, updated in place), ``results`` (the
    list ``result`` is appended to), ``score_seat(seat) -> dict[str, int]`` (itemised points of
    the hand), ``match_over`` and ``winners``. Appends one ``{"side", "items", "total",
    "cumulative"}`` row per seat to ``result["sides"]``; when ``last`` (the match's last hand) sets
    ``match_over`` and ``winners`` (every seat with the lowest score, as ``list[int]``)."""
    scores = state.scores
    for seat in range(len(scores)):
        items = state.score_seat(seat)
        total = sum(items.values())
        scores[seat] += total
        result["sides"].append({"side": seat, "items": items, "total": total, "cumulative": scores[seat]})
    state.results.append(result)
    if last:
        state.match_over = True
        best = min(scores)
        state.winners = [s for s, v in enumerate(scores) if v == best]
