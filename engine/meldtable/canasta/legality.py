"""Legality of canasta moves: the enumeration of legal moves (:meth:`Legality.legal_moves`,
which ``Game.play`` looks moves up in), :meth:`Legality.verify` / :meth:`Legality.explain`, and
``_why``: a short dispatcher to the room of each move kind, each holding its enumeration and its
check with its reason side by side:

- :mod:`.legal_take` - ``draw``, ``take``, ``pass`` (the draw stage);
- :mod:`.legal_meld` - ``meld``;
- :mod:`.legal_add` - ``add``;
- :mod:`.legal_bury` - ``bury``;
- :mod:`.legal_discard` - ``discard``;
- :mod:`.legal_going_out` - the end of a turn: the hand floor, black threes and going out, the
  partner's permission (``ask``, ``yes``, ``no``), the shared tail of meld and add checks;
- :mod:`.legal_initial` - the initial-meld minimum the other rooms share.

Every check returns one verdict type, ``None`` or a :class:`~.reasons.Refusal` whose key the
reason catalogue declares (:func:`~.reasons.refuse`). A mixin of
:class:`~meldtable.canasta.state.CanastaState`: it reads the state's fields and never changes
them (only its caches ``_legal``, ``_plan_base``, ``_out_ok``).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from ..cards import Card
from ..multiset import counted
from .legal_add import AddRoom
from .legal_bury import BuryRoom
from .legal_discard import DiscardRoom
from .legal_kit import _item_index, _move_text
from .legal_meld import MeldRoom
from .legal_take import _DRAW, _PASS, TakeRoom
from .moves import Move
from .planner import _EXACT, Plan
from .reasons import REASONS, Verdict, refuse
from .values import THREE


class Legality(TakeRoom, MeldRoom, AddRoom, BuryRoom, DiscardRoom):
    """Legal moves and refusal reasons of the seat to act (mixin of ``CanastaState``)."""

    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to act (empty when the hand is over), sorted by notation."""
        if self._legal is None:
            self._legal = [] if self.hand_over else self._generate()
        return list(self._legal)

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is one of :meth:`legal_moves`. Two moves are equal exactly when their
        canonical notations are, so the lookup is by notation: a binary search of the legal moves,
        which are sorted by it."""
        legal = self._legal
        if legal is None:
            self.legal_moves()
            legal = self._legal
            assert legal is not None
        if type(move) is not Move:
            return False
        text = move._text
        i = bisect_left(legal, text, key=_move_text)
        return i < len(legal) and legal[i]._text == text

    def _generate(self) -> list[Move]:
        """The legal moves, sorted by notation: the partner's answer, the draw stage (``draw``,
        ``take``, ``pass`` when the stock is used up) or the play stage (:meth:`_play_moves`)."""
        t = self.turn
        out: list[Move]
        if t.asked == "pending":
            return [_NO, _YES]  # the partner answers "may I go out?"
        if t.stage == "draw":
            out = [_DRAW] if self.stock else []
            takes = self._take_moves()
            out.extend(takes)
            if not self.stock and takes and not self._take_forced(takes):
                out.append(_PASS)
        else:
            out = self._play_moves()
        out.sort(key=_move_text)
        return out

    def _play_moves(self, others: bool = False) -> list[Move]:
        """The play stage's moves (unsorted): the hand grouped once (:func:`_group_hand`), the
        planner's grouping while the initial meld is pending, the ways of going out when the turn
        must end by going out, then each room's moves (:meth:`_room_moves`; ``others``: only the
        moves that are no discard, or only the discards when there is none of those)."""
        t = self.turn
        if _EXACT:
            _EXACT.clear()  # (answers are kept within one generation only)
        hand = self.hands[t.seat]
        side = self.rules.side_of[t.seat]
        size = sum(hand.values())
        canastas = self.canastas(side)
        initial = self._initial_pending()
        by_rank, wilds = _group_hand(hand)
        if initial:  # the planner's grouping of this hand, shared by every check below
            base = self._plan_base = Plan(self.rules, hand, self.turn.countable, {}, self.turn.uncounted,
                                          wild_meld=self._wild_meld_open())
            base.prepare_without(hand)
            base.prepare_quick(self.melds[side], self._closed_risk(side, by_rank))
        # after melding black threes, or the partner's "yes", the turn must end by going out;
        # after the partner's "no" it must not: every move is checked
        blacks_down = THREE in self.melds[side]
        slow = initial or blacks_down or t.asked is not None
        r = self.rules
        if slow and not initial and size > 1 and (blacks_down or t.asked == "yes") and not r.closed_canastas:
            # the turn must end by going out: how it can, by final discard (see _out_ok_after;
            # two ways answer every question asked of them)
            plan = self._out_plan = self._going_out_now(side)
            self._out_ok = plan.going_out_discards(0, True, limit=2)
        try:
            return self._room_moves(side, size, canastas, slow, by_rank, wilds, others)
        finally:
            self._plan_base = None
            self._out_ok = None
            self._out_plan = None

    def _room_moves(self, side: int, size: int, canastas: int, slow: bool, by_rank: dict[int, list[tuple[Card, int]]],
                    wilds: list[tuple[Card, int]], others: bool = False) -> list[Move]:
        """Each room's moves of the play stage: melds and adds (none after a pile take that no
        meld may follow), burials, discards, and asking the partner (``others``: the discards
        only when there is no other move, see :meth:`search_others`)."""
        t = self.turn
        r = self.rules
        out: list[Move]
        if t.took_pile and not r.meld_after_pile_take:
            out = []  # seed 004: 'Jetzt darf nicht mehr rausgelegt werden' (research C27)
        else:
            out = self._meld_moves(side, size, canastas, slow, by_rank, wilds)
            out.extend(self._add_moves(side, size, canastas, slow, by_rank, wilds))
        if r.bury_blocking_cards != "never" and (t.took_pile or r.bury_blocking_cards == "any_turn"):
            out.extend(self._bury_moves(side, size, canastas, by_rank))
        if r.going_out_permission == "ask_partner" and self._may_ask(side):
            out.append(_ASK)
        if not (others and out):
            out.extend(self._discard_moves(self.hands[t.seat], size, canastas, slow))
        return out

    def verify(self, move: Move, seat: int | None = None) -> None:
        """Check ``move`` for ``seat`` (default: the seat to act); raise
        :class:`~meldtable.errors.IllegalMoveError` (with ``key`` and ``params``) saying why it is not
        legal now, else return. The one source of legality and its reasons (PokerKit's
        ``verify_x``): :meth:`legal_moves` is a fast enumeration of exactly the moves this accepts
        (tests/test_canasta_verify.py checks that on every move of many positions)."""
        reason = self._why(move, seat)
        if reason is not None:
            raise REASONS.error(reason[0], **reason[2])

    def explain(self, move: Move, seat: int | None = None) -> tuple[str, str, dict[str, Any]]:
        """Why ``move`` is not legal now: ``(key, message, params)`` in a player's words (from
        :meth:`_why`; a legal move gets ``("legal", "That move is legal.", {})``)."""
        return self._why(move, seat) or ("legal", "That move is legal.", {})

    def _why(self, move: Move, seat: int | None = None) -> tuple[str, str, dict[str, Any]] | None:
        """``None`` if ``move`` is legal now, else ``(key, message, params)`` (:meth:`_verdict`
        in a player's words)."""
        v = self._verdict(move, seat)
        return None if v is None else REASONS.why(v.key, **v.params)

    def _verdict(self, move: Move, seat: int | None = None) -> Verdict:
        """``None`` if ``move`` is legal now, else its :class:`~.reasons.Refusal`: the checks every
        move shares in the order a player would look (the hand, the seat to act, a question waiting,
        the stage, the cards held), then the room of the move's kind."""
        t = self.turn
        if self.hand_over:
            return refuse("hand_over")
        to_act = self.current_player
        if seat is not None and seat != to_act:
            return refuse("not_your_turn", seat=to_act, asked=seat)
        kind = move.kind
        if t.asked == "pending" or kind in ("ask", "yes", "no"):
            return self._why_question(move)
        if kind == "pass":
            return self._why_pass(move)
        if t.stage == "draw" and kind not in ("draw", "take"):
            return refuse("draw_first")
        if t.stage == "play" and kind in ("draw", "take"):
            return refuse("already_took" if t.took_pile else "already_drew")
        hand = self.hands[t.seat]
        missing = [c for c, n in counted(move.cards).items() if hand.get(c, 0) < n]
        if missing:
            return refuse("not_in_hand", card=missing[0].text)
        return self._why_kind(move)

    def _why_kind(self, move: Move) -> Verdict:
        """The room of the move's kind (the shared checks passed)."""
        kind = move.kind
        if kind == "draw":
            return self._why_draw(move)
        if kind == "take":
            return self._why_take(move)
        if kind == "meld":
            return self._why_meld(move)
        if kind == "add":
            return self._why_add(move)
        if kind == "bury":
            return self._why_bury(move)
        if kind == "discard":
            return self._why_discard(move)
        raise AssertionError(move.kind)  # pragma: no cover - Move.parse knows no other kind


_ASK, _YES, _NO = Move.make("ask"), Move.make("yes"), Move.make("no")


def _group_hand(hand: dict[Card, int]) -> tuple[dict[int, list[tuple[Card, int]]], list[tuple[Card, int]]]:
    """The hand (multiset) grouped once: naturals by rank (in hand order) and the wild cards (in
    canonical order); ``_meld_moves`` puts each rank's naturals in canonical order."""
    by_rank: dict[int, list[tuple[Card, int]]] = {}
    wilds: list[tuple[Card, int]] = []
    for item in hand.items():
        rk = item[0].rank
        if rk == 0 or rk == 2:
            wilds.append(item)
        else:
            group = by_rank.get(rk)
            if group is None:
                by_rank[rk] = [item]
            else:
                group.append(item)
    if len(wilds) > 1:
        wilds.sort(key=_item_index)
    return by_rank, wilds
