"""The "3 ist 50" family (variant ``3-ist-50``, seed ``003_ec1406dbe3488249.txt``): a house game
of giving cards away. Every player holds up to four cards, four cards lie face up in the centre,
and each turn one hand card is played:

1. onto the **middle** (rule "Handkarte identisch Mittelkarte oder Ablagestapel"): the card matches
   the rank of centre cards or of the discard pile's top; it goes, with the matching cards, onto the
   left neighbour's minus pile;
2. onto **own** (rule "Eine Handkarte ist identisch mit der obersten Karte meines Minushaufens"):
   the card matches the top of the player's own minus pile; it goes, with the unbroken run of that
   rank from the top of that pile, onto the left neighbour's minus pile;
3. onto **any minus pile** whose top card has its rank (rule "Eine Handkarte ist identisch mit
   irgendeiner obersten Karte eines beliebigen Minushaufens");
4. onto the **discard pile** (rule "Keine Handkarte identisch ... -> zu Ablagehaufen") when no
   hand card matches anything (option ``capture_mandatory``).

One core *hand* is one whole game of the seed: 4-card *rounds* are dealt from the stock until it
is used up; then each player's minus pile is counted (threes 50, aces 11, pictures 10, numbers
face value) and the fewest points win. A *match* is ``games`` such games (default 1) with the
first dealer moving one seat to the left each game. Scores are minus points (lower is better).

Every open point of the seed is a rule option (``variants.py``; ``docs/rules/3-ist-50.md``).
Legality lives in :meth:`ThreeFiftyState.legal_moves`; :meth:`ThreeFiftyState.apply` trusts it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from .cards import Card, rank_name, standard_deck
from .errors import IllegalMoveError, NotationError, StateError
from .family import CachedLegalMoves, score_seats_lowest
from .fields import action_text, check_saved_deck, saved_cards, saved_field, saved_hands, saved_last_moves, saved_outcome
from .moves import move_words
from .multiset import add as ms_add
from .multiset import counted
from .multiset import remove as ms_remove
from .rng import Rng

HAND_SIZE = 4
"""Cards dealt to each player per round (seed: 'Jeder Spieler erhält 4 Karten')."""
CENTRE_SIZE = 4
"""Face-up centre cards after each deal (seed: 'Offen auf den Tisch werden 4 Karten ausgelegt')."""
HISTORY_KEEP = 12
KINDS = ("play", "discard")
TARGETS = ("middle", "centre", "discard", "own", "pile")
"""Targets of ``play``: ``middle`` (centre cards and discard top together), ``centre`` and
``discard`` (one source, option ``capture_sources = center_or_discard_top``), ``own`` (with the
run of the own minus pile), ``pile`` (onto a given seat's minus pile)."""
_EXAMPLE = "'play 7H middle' or 'discard 7H'"
_TARGET_ALIASES = {"center": "centre", "mitte": "middle", "own": "own"}

def a_rank(rank: int) -> str:
    """``"a seven"``, ``"an ace"``, ``"an eight"``."""
    name = rank_name(rank)
    return ("an " if name[0] in "ae" else "a ") + name


def card_sort_key(c: Card) -> tuple[int, int, str]:
    """Order of cards in views and saved hands: ace, 2 ... king, then jokers; suits C D H S."""
    return (c.rank == 0, c.rank, c.suit)


# ---------------------------------------------------------------------- moves


@dataclass(frozen=True)
class ThreeFiftyMove:
    """One move of 3 ist 50: ``kind`` ``"play"`` or ``"discard"``, the hand ``card``, and for
    ``play`` the ``target`` (one of :data:`TARGETS`) and, for target ``pile``, the ``pile`` seat.

    Canonical notation (docs/notation.md, "3 ist 50"): ``play 7H middle``, ``play 7H centre``,
    ``play 7H discard``, ``play 7H own``, ``play 7H pile 2``, ``discard 7H``;
    ``parse_move(str(m)) == m``.
    """

    kind: str
    card: Card
    target: str | None = None
    pile: int | None = None
    _text: str = field(default="", init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.kind == "discard":
            text = f"discard {self.card.text}"
        elif self.target == "pile":
            text = f"play {self.card.text} pile {self.pile}"
        else:
            text = f"play {self.card.text} {self.target}"
        object.__setattr__(self, "_text", text)

    def __str__(self) -> str:
        return self._text

    @property
    def cards(self) -> tuple[Card, ...]:
        """The hand cards the move uses (always one)."""
        return (self.card,)

    @property
    def rule(self) -> int:
        """The seed's rule this move applies, numbered as in the issue: 1 middle/centre/discard
        top, 2 own minus pile, 3 any minus pile, 4 discard pile."""
        if self.kind == "discard":
            return 4
        if self.target == "own":
            return 2
        if self.target == "pile":
            return 3
        return 1

    def to_json(self) -> dict[str, object]:
        """``{"text", "kind", "cards", "card", "target", "pile", "rule"}`` (``target`` is
        ``null`` for ``discard``, ``pile`` a seat only for target ``pile``)."""
        return {
            "text": self._text,
            "kind": self.kind,
            "cards": [self.card.text],
            "card": self.card.text,
            "target": self.target,
            "pile": self.pile,
            "rule": self.rule,
        }

    @staticmethod
    def parse(text: Any) -> "ThreeFiftyMove":
        """Parse notation (case-insensitive; ``center`` is accepted for ``centre``). Raises
        :class:`NotationError` with the reason."""
        if isinstance(text, ThreeFiftyMove):
            return text
        kind, rest = move_words(text, KINDS, example=_EXAMPLE, empty=_EXAMPLE, known="play and discard")
        if kind == "discard":
            if len(rest) != 1:
                raise NotationError("'discard' takes exactly one card, e.g. 'discard 7H'.")
            return ThreeFiftyMove("discard", Card.parse(rest[0]))
        shape = "'play' is written 'play <card> <target>' with target middle, centre, discard, own or 'pile <seat>', e.g. 'play 7H middle'."
        if len(rest) < 2:
            raise NotationError(shape)
        c = Card.parse(rest[0])
        target = rest[1].lower()
        target = _TARGET_ALIASES.get(target, target)
        if target not in TARGETS:
            raise NotationError(shape)
        if target == "pile":
            if len(rest) != 3 or not rest[2].isdigit() or len(rest[2]) > 3:
                raise NotationError("'pile' needs the seat whose minus pile it is, e.g. 'play 7H pile 2'.")
            return ThreeFiftyMove("play", c, "pile", int(rest[2]))
        if len(rest) != 2:
            raise NotationError(shape)
        return ThreeFiftyMove("play", c, target)


parse_move = ThreeFiftyMove.parse


# ---------------------------------------------------------------------- rules


class Rules:
    """The resolved rule options of one game, as attributes (see :mod:`meldtable.variants`)."""

    def __init__(self, options: dict[str, Any], players: int) -> None:
        o = options
        self.options = dict(options)
        self.players = players
        self.decks: int = o["decks"]
        self.jokers_per_deck: int = o["jokers_per_deck"]
        self.joker_value: int = o["joker_value"]
        self.three_value: int = o["three_value"]
        self.capture_sources: str = o["capture_sources"]
        self.capture_mandatory: bool = o["capture_mandatory"]
        self.take_all_matches: bool = o["take_all_matches"]
        self.discard_reveal_next: str = o["discard_reveal_next"]
        self.option4_targets: str = o["option4_targets"]
        self.refill_order: str = o["refill_order"]
        self.leftovers_scored: bool = o["leftovers_scored"]
        self.discard_capture_depth: str = o["discard_capture_depth"]
        self.games: int = o["games"]
        self.together = self.capture_sources == "center_and_discard_top"

    def value(self, c: Card) -> int:
        """Minus points of a card (seed 'Werte der Karten'): every three ``three_value`` (50),
        ace 11, jack/queen/king 10, other numbers face value (ten 10); joker ``joker_value``."""
        r = c.rank
        if r == 0:
            return self.joker_value
        if r == 3:
            return self.three_value
        if r == 1:
            return 11
        if r >= 11:
            return 10
        return r

    def deck(self) -> list[Card]:
        return standard_deck(self.decks, self.jokers_per_deck)


def _category(c: Card) -> str:
    if c.rank == 0:
        return "jokers"
    if c.rank == 3:
        return "threes"
    if c.rank == 1:
        return "aces"
    if c.rank >= 11:
        return "pictures"
    return "numbers"


SCORE_ITEMS = ("threes", "aces", "pictures", "numbers", "jokers")


def _top_run(pile: list[Card]) -> int:
    """Length of the unbroken run of the top card's rank at the top of ``pile`` (0 if empty)."""
    if not pile:
        return 0
    r = pile[-1].rank
    k = 1
    while k < len(pile) and pile[-1 - k].rank == r:
        k += 1
    return k


# ---------------------------------------------------------------------- state


class ThreeFiftyState(CachedLegalMoves):
    """Whole-match state (mutable; :class:`meldtable.game.Game` wraps it). Seats ``0 .. n-1``; the
    left neighbour of seat ``s`` is ``(s + 1) % n`` and play passes to the left."""

    def __init__(self, rules: Rules, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        n = rules.players
        self.hand_number = 0
        self.first_dealer = n - 1  # set by deal_game: game g is first dealt by seat (n - 2 + g) % n
        self.dealer = self.first_dealer
        self.round = 0
        self.round_cards = 0
        self.scores = [0] * n
        self.results: list[dict[str, Any]] = []
        self.match_over = False
        self.winners: list[int] = []
        self.stock: list[Card] = []
        self.centre: list[Card] = []
        self.discard: list[Card] = []
        self.discard_live = False
        self.piles: list[list[Card]] = [[] for _ in range(n)]
        self.hands: list[dict[Card, int]] = [{} for _ in range(n)]
        self.set_aside: list[Card] = []
        self.to_act: int | None = 0
        self.hand_over = False
        self.last_receiver: int | None = None
        self.last_moves: list[dict[str, Any]] = []
        self._legal: list[ThreeFiftyMove] | None = None
        self._legal_set: frozenset[ThreeFiftyMove] = frozenset()

    # ------------------------------------------------------------------ basics
    @property
    def current_player(self) -> int | None:
        return None if self.hand_over else self.to_act

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.rules.players

    def _live_top(self) -> Card | None:
        return self.discard[-1] if self.discard and self.discard_live else None

    # ------------------------------------------------------------------ dealing
    def deal_game(self) -> None:
        """Start the next game (core hand): shuffle the deck with the engine's generator (stream
        ``"deal <game>"``) and deal the first round. The first dealer moves one seat to the left
        each game; game 1 is dealt by the last seat, so seat 0 plays first."""
        r = self.rules
        n = r.players
        self.hand_number += 1
        self.first_dealer = (n - 1 + self.hand_number - 1) % n
        self.dealer = (self.first_dealer - 1) % n  # deal_round moves it on to first_dealer
        deck = r.deck()
        Rng(self.seed, f"deal {self.hand_number}").shuffle(deck)
        self.stock = deck
        self.centre = []
        self.discard = []
        self.discard_live = False
        self.piles = [[] for _ in range(n)]
        self.hands = [{} for _ in range(n)]
        self.set_aside = []
        self.round = 0
        self.round_cards = 0
        self.hand_over = False
        self.last_receiver = None
        self.last_moves = []
        self.deal_round()

    def deal_round(self) -> bool:
        """Deal the next round (seed 'Austeilen der Karten'): the seat left of the last dealer deals
        up to 4 cards to every player (all the same number; the surplus of the last round is set
        aside) and refills the centre to 4 cards, in the order of option ``refill_order``. Returns
        False (and ends the game) when the stock cannot give every player a card."""
        r = self.rules
        n = r.players
        stock = self.stock
        need = max(0, CENTRE_SIZE - len(self.centre))
        if r.refill_order == "hands_then_center":
            per = min(HAND_SIZE, len(stock) // n)
        else:
            per = min(HAND_SIZE, max(0, len(stock) - need) // n)
        if per == 0:
            self.set_aside.extend(reversed(stock))
            stock.clear()
            self._end_game()
            return False
        self.round += 1
        self.dealer = (self.dealer + 1) % n  # round 1: deal_game set it right of the first dealer
        first = self.left_of(self.dealer)
        if r.refill_order != "hands_then_center":
            for _ in range(need):
                self.centre.append(stock.pop())
        for _ in range(per):
            for i in range(n):
                ms_add(self.hands[(first + i) % n], [stock.pop()])
        if r.refill_order == "hands_then_center":
            for _ in range(min(need, len(stock))):
                self.centre.append(stock.pop())
        if per < HAND_SIZE:
            # seed: 'Bei der Letzten Runde ... GGF sind Karten die zu viel sind an die Seite zu legen'
            self.set_aside.extend(reversed(stock))
            stock.clear()
        self.round_cards = per
        self.to_act = first
        self._legal = None
        return True

    # ------------------------------------------------------------------ legality
    def _plays_for(self, c: Card, seat: int) -> list[ThreeFiftyMove]:
        """The ``play`` moves of hand card ``c`` for ``seat`` (rules 1-3)."""
        r = self.rules
        out: list[ThreeFiftyMove] = []
        rank = c.rank
        in_centre = any(x.rank == rank for x in self.centre)
        top = self._live_top()
        on_discard = top is not None and top.rank == rank
        if r.together:
            if in_centre or on_discard:
                out.append(ThreeFiftyMove("play", c, "middle"))
        else:
            if in_centre:
                out.append(ThreeFiftyMove("play", c, "centre"))
            if on_discard:
                out.append(ThreeFiftyMove("play", c, "discard"))
        own = self.piles[seat]
        if own and own[-1].rank == rank:
            out.append(ThreeFiftyMove("play", c, "own"))
        for p, pile in enumerate(self.piles):
            if pile and pile[-1].rank == rank and (p != seat or r.option4_targets == "any"):
                out.append(ThreeFiftyMove("play", c, "pile", p))
        return out

    def _generate(self) -> list[ThreeFiftyMove]:
        seat = self.to_act
        assert seat is not None
        out: list[ThreeFiftyMove] = []
        hand = self.hands[seat]
        for c in hand:
            out.extend(self._plays_for(c, seat))
        if not out or not self.rules.capture_mandatory:
            out.extend(ThreeFiftyMove("discard", c) for c in hand)
        out.sort(key=str)
        return out

    # ------------------------------------------------------------------ applying
    def apply(self, move: ThreeFiftyMove) -> None:
        """Apply a legal move (unchecked: call only with a move from :meth:`legal_moves`)."""
        r = self.rules
        seat = self.to_act
        assert seat is not None
        c = move.card
        rank = c.rank
        left = self.left_of(seat)
        ms_remove(self.hands[seat], [c])
        t = move.target
        if move.kind == "discard":
            self.discard.append(c)
            self.discard_live = True
            label = f"discarded {c.text}"
        elif t in ("middle", "centre", "discard"):
            from_centre: list[Card] = []
            from_discard: list[Card] = []
            if t in ("middle", "centre"):
                idx = [i for i, x in enumerate(self.centre) if x.rank == rank]
                if not r.take_all_matches:
                    idx = idx[:1]
                from_centre = [self.centre[i] for i in idx]
                for i in reversed(idx):
                    del self.centre[i]
            top = self._live_top()
            if t in ("middle", "discard") and top is not None and top.rank == rank:
                k = 1
                if r.discard_capture_depth == "run":
                    k = _top_run(self.discard)
                from_discard = self.discard[-k:]
                del self.discard[-k:]
                if not self.discard or r.discard_reveal_next == "never":
                    self.discard_live = False
            moved = [c] + from_centre + from_discard
            self.piles[left].extend(moved)
            self.last_receiver = left
            parts = []
            if from_centre:
                parts.append(" ".join(x.text for x in from_centre) + " from the centre")
            if from_discard:
                parts.append(" ".join(x.text for x in from_discard) + " from the discard pile")
            label = f"played {c.text} with {' and '.join(parts)}: {len(moved)} cards to seat {left}'s minus pile"
        elif t == "own":
            own = self.piles[seat]
            k = _top_run(own)
            run = own[-k:]
            del own[-k:]
            moved = [c] + run
            self.piles[left].extend(moved)
            self.last_receiver = left
            label = (
                f"played {c.text} with {k} {rank_name(rank, k != 1)} from own minus pile: "
                f"{len(moved)} cards to seat {left}'s minus pile"
            )
        else:  # target pile
            p = move.pile
            assert p is not None
            self.piles[p].append(c)
            self.last_receiver = p
            label = f"put {c.text} on {'own' if p == seat else f'seat {p}' + chr(39) + 's'} minus pile"
        self.to_act = left
        self._legal = None
        if not any(self.hands):
            # seed: 'Ist eine Runde zu Ende (Kein Spieler hat mehr eine Karte auf der Hand)'
            if self.deal_round():
                label += f"; round {self.round} dealt by seat {self.dealer}"
            else:
                label += "; the stock is used up: game over"
        self._record(seat, move, label)

    def _record(self, seat: int, move: ThreeFiftyMove, label: str) -> None:
        self.last_moves.append({"seat": seat, "text": str(move), "label": label})
        if len(self.last_moves) > HISTORY_KEEP:
            del self.last_moves[0]

    # ------------------------------------------------------------------ end of game, scoring
    def _end_game(self) -> None:
        r = self.rules
        self.hand_over = True
        self.to_act = None
        self._legal = []
        self._legal_set = frozenset()
        leftovers_to = None
        if r.leftovers_scored and self.last_receiver is not None and (self.centre or self.discard):
            leftovers_to = self.last_receiver
            self.piles[leftovers_to].extend(self.discard + self.centre)
            self.discard = []
            self.centre = []
            self.discard_live = False
        result: dict[str, Any] = {
            "hand": self.hand_number,
            "went_out": None,
            "concealed": False,
            "rounds": self.round,
            "leftovers_to": leftovers_to,
            "sides": [],
        }
        score_seats_lowest(self, result, self.hand_number >= r.games)

    def score_seat(self, seat: int) -> dict[str, int]:
        """Minus points of ``seat``'s minus pile by kind of card (seed 'Abrechnung'):
        ``threes``, ``aces``, ``pictures``, ``numbers``, ``jokers``."""
        items = {k: 0 for k in SCORE_ITEMS}
        for c in self.piles[seat]:
            items[_category(c)] += self.rules.value(c)
        return items

    def next_hand(self) -> None:
        """Start the next game of the match (only when this one is over and the match is not)."""
        if not self.hand_over:
            raise IllegalMoveError("The game is not over yet.")
        if self.match_over:
            raise IllegalMoveError("The match is over.")
        self.deal_game()

    # ------------------------------------------------------------------ views
    def view(self, seat: int) -> dict[str, Any]:
        """JSON-ready view for ``seat`` (docs/rules/3-ist-50.md, "Views"): its own hand, the
        others' card counts, the centre, the discard pile's top and size, every minus pile's size,
        top card and top run (all cards once the game is over), stock and set-aside counts,
        scores. Nothing hidden: no other hand, no stock order, no card below a pile's top run."""
        r = self.rules
        n = r.players
        over = self.hand_over
        piles = []
        for p, pile in enumerate(self.piles):
            k = _top_run(pile)
            run = pile[-k:] if k else []
            piles.append({
                "seat": p,
                "size": len(pile),
                "top": pile[-1].text if pile else None,
                "top_run": [x.text for x in run],
                "top_run_points": sum(r.value(x) for x in run),
                "cards": [x.text for x in pile] if over else None,
                "points": sum(r.value(x) for x in pile) if over else None,
            })
        top = self.discard[-1] if self.discard else None
        phase = "match_over" if self.match_over else "hand_over" if over else "play"
        return {
            "variant": None,  # filled in by Game.view
            "seat": seat,
            "players": n,
            "left_neighbour": self.left_of(seat),
            "hand_number": self.hand_number,
            "games": r.games,
            "round": self.round,
            "round_cards": self.round_cards,
            "dealer": self.dealer,
            "first_player": self.left_of(self.dealer),
            "phase": phase,
            "current_player": self.current_player,
            "hand": [c.text for c in sorted((c for c, k in self.hands[seat].items() for _ in range(k)), key=card_sort_key)],
            "hand_counts": [sum(h.values()) for h in self.hands],
            "centre": [c.text for c in self.centre],
            "discard": {
                "top": top.text if top else None,
                "size": len(self.discard),
                "live": bool(top) and self.discard_live,
                "top_run": [x.text for x in self.discard[len(self.discard) - _top_run(self.discard):]],
            },
            "piles": piles,
            "stock": len(self.stock),
            "set_aside": len(self.set_aside),
            "values": {
                "3": r.three_value, "A": 11, "K": 10, "Q": 10, "J": 10, "T": 10,
                **{str(v): v for v in range(2, 10) if v != 3},
                **({"JK": r.joker_value} if r.jokers_per_deck else {}),
            },
            "options": dict(r.options),
            "scores": list(self.scores),
            "results": [dict(x) for x in self.results],
            "last_moves": [dict(m) for m in self.last_moves],
            "match": {"games": r.games, "over": self.match_over, "winners": list(self.winners), "low_score_wins": True},
        }

    # ------------------------------------------------------------------ explaining refusals
    def explain(self, move: Any, seat: int | None = None) -> tuple[str, str, dict[str, Any]]:
        """Why ``move`` is not legal now: ``(key, message, params)`` in a player's words."""
        r = self.rules
        if self.hand_over:
            return "hand_over", "The game is over.", {}
        me = self.to_act
        assert me is not None
        if seat is not None and seat != me:
            return "not_your_turn", f"It is seat {me}'s turn, not seat {seat}'s.", {"seat": me}
        if not isinstance(move, ThreeFiftyMove):
            return "not_allowed", "That is not a move of this game: play a card ('play 7H middle') or discard one ('discard 7H').", {}
        c = move.card
        if self.hands[me].get(c, 0) == 0:
            return "not_in_hand", f"You do not hold {c.text}.", {"card": c.text}
        rank = c.rank
        p = {"card": c.text, "rank": c.rank_text}
        if move.kind == "discard":
            plays = [m for m in self.legal_moves() if m.kind == "play"]
            if plays:
                return (
                    "must_match",
                    f"You may discard only when no card in your hand matches: {plays[0].card.text} "
                    f"can be played ('{plays[0]}').",
                    {"move": str(plays[0])},
                )
            return "not_allowed", "That move is not allowed now.", {}
        t = move.target
        top = self.discard[-1] if self.discard else None
        in_centre = any(x.rank == rank for x in self.centre)
        on_discard = top is not None and top.rank == rank and self.discard_live
        if t == "middle":
            if not r.together:
                return (
                    "choose_source",
                    "In this game you take either from the centre or from the discard pile: "
                    f"write 'play {c.text} centre' or 'play {c.text} discard'.",
                    p,
                )
            if top is not None and top.rank == rank and not self.discard_live:
                return "discard_dead", "The discard pile's top card can be matched only after a new card is discarded.", p
            return "no_match_middle", f"No {rank_name(rank)} lies in the middle (the centre cards and the discard pile's top).", p
        if t in ("centre", "discard") and r.together:
            if in_centre or on_discard:
                return (
                    "use_middle",
                    f"The matching cards of the centre and the discard pile go together: write 'play {c.text} middle'.",
                    p,
                )
        if t == "centre":
            return "no_match_centre", f"No {rank_name(rank)} lies among the centre cards.", p
        if t == "discard":
            if top is None:
                return "discard_empty", "The discard pile is empty.", p
            if top.rank == rank and not self.discard_live:
                return "discard_dead", "The discard pile's top card can be matched only after a new card is discarded.", p
            return "no_match_discard", f"The top of the discard pile is {top.text}, not {a_rank(rank)}.", p
        if t == "own":
            own = self.piles[me]
            if not own:
                return "own_empty", "Your minus pile is empty.", p
            return "no_match_own", f"The top of your minus pile is {own[-1].text}, not {a_rank(rank)}.", p
        if t == "pile":
            q = move.pile
            if q is None or not 0 <= q < r.players:
                return "no_seat", f"There is no seat {q} in this {r.players}-player game.", p
            pile = self.piles[q]
            whose = "your" if q == me else f"seat {q}'s"
            if q == me and r.option4_targets == "others_only":
                return (
                    "own_pile",
                    f"In this game you may not put a card on your own minus pile: write 'play {c.text} own' "
                    "to pass the pile's top cards on.",
                    p,
                )
            if not pile:
                return "pile_empty", f"{whose.capitalize()} minus pile is empty.", {**p, "pile": q}
            return "no_match_pile", f"The top of {whose} minus pile is {pile[-1].text}, not {a_rank(rank)}.", {**p, "pile": q}
        return "not_allowed", "That move is not allowed now.", {}

    # ------------------------------------------------------------------ persistence
    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (docs/rules/3-ist-50.md, "Saved games")."""
        def cards(xs: Iterable[Card]) -> list[str]:
            return [c.text for c in xs]

        def msort(ms: dict[Card, int]) -> list[str]:
            return [c.text for c in sorted((c for c, k in ms.items() for _ in range(k)), key=card_sort_key)]

        return {
            "hand_number": self.hand_number,
            "first_dealer": self.first_dealer,
            "round": self.round,
            "round_cards": self.round_cards,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "scores": list(self.scores),
            "results": self.results,
            "match_over": self.match_over,
            "winners": list(self.winners),
            "stock": cards(self.stock),
            "centre": cards(self.centre),
            "discard_pile": cards(self.discard),
            "discard_live": self.discard_live,
            "piles": [cards(p) for p in self.piles],
            "hands": [msort(h) for h in self.hands],
            "set_aside": cards(self.set_aside),
            "hand_over": self.hand_over,
            "last_receiver": self.last_receiver,
            "last_moves": self.last_moves,
        }

    @classmethod
    def from_dict(cls, rules: Rules, seed: int, d: Any) -> "ThreeFiftyState":
        """Rebuild a state from :meth:`to_dict` data, checking types, card conservation and that
        the hands fit the turn order. Raises :class:`StateError` with a clear message."""
        need = saved_field

        def seat_or_none(key: str) -> int | None:
            v = d.get(key) if isinstance(d, dict) else None
            if v is None:
                return None
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < n:
                raise StateError(f"'{key}' in the saved game must be a seat or null.")
            return v

        cardlist = saved_cards

        n = rules.players
        s = cls(rules, seed)
        s.hand_number = need(d, "hand_number", int)
        s.first_dealer = need(d, "first_dealer", int)
        s.round = need(d, "round", int)
        s.round_cards = need(d, "round_cards", int)
        s.dealer = need(d, "dealer", int)
        if s.hand_number < 1 or s.round < 1 or not 0 <= s.dealer < n or not 0 <= s.first_dealer < n:
            raise StateError("The saved game has an impossible game number, round or dealer.")
        if s.dealer != (s.first_dealer + s.round - 1) % n:
            raise StateError("The dealer must move one seat to the left each round.")
        if not 1 <= s.round_cards <= HAND_SIZE:
            raise StateError(f"'round_cards' must be 1 to {HAND_SIZE}.")
        scores = need(d, "scores", list)
        if len(scores) != n or any(isinstance(x, bool) or not isinstance(x, int) for x in scores):
            raise StateError("The saved game's scores must be one whole number per seat.")
        s.scores = list(scores)
        s.results, s.match_over, s.winners = saved_outcome(d, n, "seats", seats=n)
        s.stock = cardlist(need(d, "stock", list), "The stock")
        s.centre = cardlist(need(d, "centre", list), "The centre")
        if len(s.centre) > CENTRE_SIZE:
            raise StateError(f"At most {CENTRE_SIZE} cards lie in the centre.")
        s.discard = cardlist(need(d, "discard_pile", list), "The discard pile")
        s.discard_live = need(d, "discard_live", bool)
        if s.discard_live and not s.discard:
            raise StateError("An empty discard pile has no top card to match ('discard_live' must be false).")
        if s.discard and not s.discard_live and rules.discard_reveal_next == "later_turns":
            raise StateError("With discard_reveal_next 'later_turns' the discard pile's top can always be matched.")
        piles = need(d, "piles", list)
        if len(piles) != n:
            raise StateError(f"The saved game must hold {n} minus piles.")
        s.piles = [cardlist(p, f"Minus pile {i}") for i, p in enumerate(piles)]
        s.hands = saved_hands(d, n)
        s.set_aside = cardlist(need(d, "set_aside", list), "The set-aside cards")
        s.hand_over = need(d, "hand_over", bool)
        s.last_receiver = seat_or_none("last_receiver")
        s.to_act = seat_or_none("to_act")
        s.last_moves = saved_last_moves(d, HISTORY_KEEP, seats=n)
        # card conservation: every physical card exactly once
        everything: list[Card] = s.stock + s.centre + s.discard + s.set_aside
        for p in s.piles:
            everything.extend(p)
        for h in s.hands:
            everything.extend(c for c, k in h.items() for _ in range(k))
        check_saved_deck(everything, rules.deck())
        sizes = [sum(h.values()) for h in s.hands]
        if s.hand_number > rules.games:
            raise StateError(f"The saved game's game number must be 1 to {rules.games}.")
        if s.hand_over:
            if s.hand_number == rules.games and not s.match_over:
                raise StateError("The last game is over, so the match must be over too.")
            if s.to_act is not None:
                raise StateError("'to_act' must be null once the game is over.")
            if any(sizes) or s.stock:
                raise StateError("A finished game has empty hands and an empty stock.")
        else:
            if s.match_over:
                raise StateError("The match cannot be over while a game is in play.")
            if s.to_act is None:
                raise StateError("A game in play needs a seat to act ('to_act').")
            # seats from the round's first player up to the seat to act have played once more
            first = (s.dealer + 1) % n
            c = sizes[s.to_act]
            played = set()
            q = first
            while q != s.to_act:
                played.add(q)
                q = (q + 1) % n
            ok = c >= 1 and c <= s.round_cards and all(
                sizes[q] == (c - 1 if q in played else c) for q in range(n)
            )
            if not ok:
                raise StateError(
                    "The hands do not fit the turn order: every seat plays one card per turn, "
                    f"starting left of the dealer (seat {first}), and seat {s.to_act} is to act."
                )
            if not s.legal_moves():
                raise StateError("The saved game cannot go on: the player to act would have no legal move.")
        return s

    def copy(self) -> "ThreeFiftyState":
        c = ThreeFiftyState.__new__(ThreeFiftyState)
        c.rules, c.seed = self.rules, self.seed
        c.hand_number, c.first_dealer, c.dealer = self.hand_number, self.first_dealer, self.dealer
        c.round, c.round_cards = self.round, self.round_cards
        c.scores, c.results = list(self.scores), [dict(x) for x in self.results]
        c.match_over, c.winners = self.match_over, list(self.winners)
        c.stock, c.centre, c.discard = list(self.stock), list(self.centre), list(self.discard)
        c.discard_live = self.discard_live
        c.piles = [list(p) for p in self.piles]
        c.hands = [dict(h) for h in self.hands]
        c.set_aside = list(self.set_aside)
        c.to_act, c.hand_over, c.last_receiver = self.to_act, self.hand_over, self.last_receiver
        c.last_moves = [dict(m) for m in self.last_moves]
        c._legal = None
        c._legal_set = frozenset()
        return c

    def conservation(self) -> dict[Card, int]:
        """Multiset of every card (stock, centre, discard pile, minus piles, hands, set aside)."""
        allc: dict[Card, int] = {}
        for xs in (self.stock, self.centre, self.discard, self.set_aside, *self.piles):
            ms_add(allc, xs)
        for h in self.hands:
            for c, k in h.items():
                allc[c] = allc.get(c, 0) + k
        return allc


def new_state(rules: Rules, seed: int) -> ThreeFiftyState:
    """A new match, the first game's first round dealt."""
    s = ThreeFiftyState(rules, seed)
    s.deal_game()
    return s


State = ThreeFiftyState


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


# ---------------------------------------------------------------------- UI actions


def compose_action(g: Any, action: dict[str, Any]) -> list[ThreeFiftyMove]:
    """Turn one UI action into its move (docs/rules/3-ist-50.md, "UI actions"):

    * ``{"type": "play", "card": "7H", "target": "middle" | "centre" | "discard" | "own" |
      "pile:2"}`` (or ``"target": "pile", "pile": 2``). With the default ``capture_sources`` the
      targets ``centre`` and ``discard`` both mean ``middle``; with ``center_or_discard_top``,
      ``middle`` means the one source that matches. Without ``target`` the card's only legal play
      is used.
    * ``{"type": "discard", "card": "7H"}``; ``{"type": "move", "text": "play 7H own"}``.
    """
    kind = action.get("type")
    if kind == "move":
        return [ThreeFiftyMove.parse(action_text(action, "text"))]
    if kind not in ("play", "discard"):
        raise NotationError(f"Unknown action type {kind!r}: use play, discard or move.")
    card_t = action.get("card")
    if not isinstance(card_t, str):
        raise NotationError("The action needs 'card' as text, e.g. \"7H\".")
    c = Card.parse(card_t)
    if kind == "discard":
        return [ThreeFiftyMove("discard", c)]
    target = action.get("target")
    legal = [m for m in g.legal_moves() if m.kind == "play" and m.card is c]
    if target is None:
        if len(legal) == 1:
            return legal
        if not legal:
            if g.state.hands[g.current_player].get(c, 0) == 0:
                raise IllegalMoveError(f"You do not hold {c.text}.")
            raise IllegalMoveError(
                f"{c.text} matches no centre card, no discard top and no minus pile's top: it can only be discarded."
            )
        raise IllegalMoveError(f"Choose where to play {c.text}: " + ", ".join(f"'{m}'" for m in legal) + ".")
    if not isinstance(target, str):
        raise NotationError("'target' must be text: middle, centre, discard, own or pile:<seat>.")
    t = target.strip().lower()
    t = _TARGET_ALIASES.get(t, t)
    pile: int | None = None
    if t.startswith("pile"):
        rest = t[4:].lstrip(": ")
        if rest:
            if not rest.isdigit() or len(rest) > 3:
                raise NotationError("'target' pile needs a seat, e.g. \"pile:2\".")
            pile = int(rest)
        else:
            p = action.get("pile")
            if isinstance(p, bool) or not isinstance(p, int):
                raise NotationError("'target' pile needs a seat, e.g. \"pile:2\".")
            pile = p
        t = "pile"
    if t not in TARGETS:
        raise NotationError("'target' must be middle, centre, discard, own or pile:<seat>.")
    rules: Rules = g.state.rules
    if t in ("middle", "centre", "discard"):
        if rules.together:
            t = "middle"
        elif t == "middle":
            ones = [m for m in legal if m.target in ("centre", "discard")]
            if len(ones) == 1:
                return ones
            if len(ones) > 1:
                raise IllegalMoveError(
                    f"{c.text} matches the centre and the discard pile: choose one ('play {c.text} centre' or 'play {c.text} discard')."
                )
            t = "centre"
    return [ThreeFiftyMove("play", c, t, pile)]


__all__ = [
    "ThreeFiftyMove", "ThreeFiftyState", "Rules", "State", "new_state", "parse_move", "choose_move",
    "compose_action",
]


# ---------------------------------------------------------------------- harness hooks
# Game knowledge for the family-independent simulation harness (tests/sim_harness.py,
# bench/harness.py; docs/architecture.md, "harness hooks"). Read-only helpers: none of them
# changes a state, and the engine itself never calls them.


def expected_cards(state: ThreeFiftyState) -> dict[Card, int]:
    """Every physical card in play: ``decks`` x (52 cards + ``jokers_per_deck`` jokers), the same
    in every game of the match. Compare with ``state.conservation()``."""
    return counted(state.rules.deck())


def hand_size_ok(state: ThreeFiftyState) -> bool:
    """Whether the hand sizes fit the turn order: every seat plays one card per turn, starting
    left of the round's dealer, so the seats that have played this turn round hold one card less
    than the others (between 1 and ``round_cards`` for the seat to act); a finished game has
    empty hands."""
    sizes = [sum(h.values()) for h in state.hands]
    if state.hand_over:
        return not any(sizes)
    n = state.rules.players
    to_act = state.to_act
    if to_act is None:
        return False
    c = sizes[to_act]
    played = set()
    q = (state.dealer + 1) % n
    while q != to_act:
        played.add(q)
        q = (q + 1) % n
    return 1 <= c <= state.round_cards and all(sizes[q] == (c - 1 if q in played else c) for q in range(n))


def move_bound(rules: Rules) -> int:
    """Most moves one game (core hand) lasts: the deck's size, ``decks * (52 + jokers_per_deck)``
    (104 by default). Every move plays one hand card, no card goes back into a hand, and the hands
    are dealt from the stock, which is never refilled."""
    return rules.decks * (52 + rules.jokers_per_deck)


def _run_len(xs: list[str]) -> int:
    if not xs:
        return 0
    rank = xs[-1] if xs[-1] == "JK" else xs[-1][0]
    k = 1
    while k < len(xs) and (xs[-1 - k] if xs[-1 - k] == "JK" else xs[-1 - k][0]) == rank:
        k += 1
    return k


def shuffle_hidden(data: dict[str, Any], seat: int, rng: Any, tries: int = 50) -> dict[str, Any] | None:
    """The ``state`` part of a saved game (``to_dict()``) with every card hidden from ``seat``
    shuffled among the hidden places (``rng.shuffle``): the other hands, the stock, the set-aside
    cards, and the cards below the top run of the discard pile and (while the game runs) of every
    minus pile. Sizes stay, and the card just below a top run never gets the run's rank, so the
    runs stay as they are. ``None`` if no such shuffle was found in ``tries`` attempts (rare)."""
    import copy

    st = copy.deepcopy(data)
    slots: list[tuple[list[str], int]] = []
    guards: list[tuple[list[str], int, str]] = []
    for p, h in enumerate(st["hands"]):
        if p != seat:
            slots += [(h, i) for i in range(len(h))]
    slots += [(st["stock"], i) for i in range(len(st["stock"]))]
    slots += [(st["set_aside"], i) for i in range(len(st["set_aside"]))]
    covered = [st["discard_pile"]] + ([] if st["hand_over"] else st["piles"])
    for xs in covered:
        below = len(xs) - _run_len(xs)
        slots += [(xs, i) for i in range(below)]
        if below:
            guards.append((xs, below - 1, xs[-1] if xs[-1] == "JK" else xs[-1][0]))
    pool = [xs[i] for xs, i in slots]
    for _ in range(tries):
        rng.shuffle(pool)
        for (xs, i), c in zip(slots, pool):
            xs[i] = c
        if all((xs[i] if xs[i] == "JK" else xs[i][0]) != r for xs, i, r in guards):
            return st
    return None


def results_add_up(state: ThreeFiftyState) -> bool:
    """Whether the last finished game's itemised result matches the table: items add up to the
    total, each total is the value of that seat's minus pile, the totals plus the unscored
    leftovers (centre, discard pile, set-aside cards) are the whole deck's value, and the
    cumulative scores are ``state.scores``."""
    if not state.results:
        return True
    r = state.rules
    res = state.results[-1]
    for s in res["sides"]:
        if sum(s["items"].values()) != s["total"] or set(s["items"]) != set(SCORE_ITEMS):
            return False
    if state.hand_over and res.get("hand") == state.hand_number:
        totals = [s["total"] for s in res["sides"]]
        if totals != [sum(r.value(c) for c in pile) for pile in state.piles]:
            return False
        leftovers = sum(r.value(c) for c in state.centre + state.discard + state.set_aside)
        if sum(totals) + leftovers != sum(r.value(c) for c in r.deck()):
            return False
    return [s["cumulative"] for s in res["sides"]] == list(state.scores)
