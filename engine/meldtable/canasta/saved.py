"""Saved games of the canasta family: ``to_dict`` and the validating loader ``from_dict``
(docs/state-format.md)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..cards import RANKS, Card, rank_name, standard_deck
from ..errors import StateError
from ..fields import check_saved_deck, saved_cards, saved_field, saved_hands, saved_last_moves, saved_outcome
from ..multiset import counted
from .base import ASKED, DRAWN_MAX, STAGES, StateBase, Turn
from .melds import Meld
from .moves import meld_key_text, parse_meld_key
from .rules import Rules
from .values import CANASTA_SIZE, HISTORY_KEEP, KEY_STEP, THREE, WILD, hand_sort_key, is_black_three, is_red_three, is_wild

if TYPE_CHECKING:
    from .state import CanastaState


class Saved(StateBase):
    """Saved-game (de)serialisation (mixin of ``CanastaState``)."""

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (docs/state-format.md)."""
        def cards(xs: Iterable[Card]) -> list[str]:
            return [c.text for c in xs]

        def msort(ms: dict[Card, int]) -> list[str]:
            return [c.text for c in sorted((c for c, n in ms.items() for _ in range(n)), key=hand_sort_key)]

        t = self.turn
        return {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "scores": list(self.scores),
            "results": self.results,
            "match_over": self.match_over,
            "winners": list(self.winners),
            "stock": cards(self.stock),
            "discard_pile": cards(self.pile),
            "hands": [msort(h) for h in self.hands],
            "melds": [
                [{"rank": RANKS[m.rank - 1], "cards": cards(m.cards),
                  **({"key": meld_key_text(m.key)} if m.key != m.rank else {}),
                  **({"buried": cards(m.buried)} if m.buried else {}),
                  **({"hand_canasta": True} if m.hand_canasta else {})}
                 for m in sorted(side.values(), key=lambda m: m.key)]
                for side in self.melds
            ],
            "red_threes": [cards(x) for x in self.red_threes],
            "melded": list(self.melded),
            "turn": {
                "seat": t.seat,
                "stage": t.stage,
                "took_pile": t.took_pile,
                "from_stock": t.from_stock,
                "initial": t.initial,
                "initial_points": t.initial_points,
                "countable": msort(t.countable),
                "uncounted": [RANKS[r - 1] for r in sorted(t.uncounted)],
                "asked": t.asked,
                "opened": [meld_key_text(k) for k in sorted(t.opened)],
                "fresh": t.fresh,
            },
            "hand_over": self.hand_over,
            "went_out": self.out_seat,
            "went_out_concealed": self.out_concealed,
            "last_moves": self.last_moves,
            "drawn": list(self.drawn),
            "laid": list(self.laid),
            **({"cut": {"seat": self.cut["seat"], "cards": list(self.cut["cards"])}} if self.cut is not None else {}),
        }

    def _check_turn_flags(self) -> None:
        """Refuse a turn whose flags play cannot reach (issue #25: a loaded game must go on):
        checked against each other, the player count and the table. Raises :class:`StateError`."""
        t = self.turn
        r = self.rules
        side = r.side_of[t.seat]
        if t.stage == "draw":
            if t.took_pile or t.from_stock:
                raise StateError("A turn that has not drawn yet cannot have taken the pile or drawn from the stock.")
            if t.initial_points or t.countable or t.uncounted or t.opened or t.asked is not None:
                raise StateError("A turn that has not drawn yet has counted, melded and asked nothing.")
            return
        if t.took_pile == t.from_stock:
            raise StateError("After drawing, a turn has either taken the pile or drawn from the stock.")
        if t.took_pile and self.pile:
            raise StateError("After taking the discard pile the pile is empty until the turn's discard.")
        if not t.initial and (t.initial_points or t.countable or t.uncounted):
            raise StateError("A turn that began after the side's initial meld counts nothing towards it.")
        if t.initial and not self.melded[side] and not 0 <= t.initial_points < max(1, self.minimum(side)):
            raise StateError("The turn's initial-meld points must be below the minimum while it is not reached.")
        keys = self.melds[side]
        if any(k not in keys for k in t.opened) or any(rank not in keys for rank in t.uncounted):
            raise StateError("'opened' and 'uncounted' must name melds of the side to act.")
        if t.asked is not None:
            if self.partner(t.seat) == t.seat:
                raise StateError("Nobody can be asked 'may I go out?': the seat to act has no partner in this deal.")
            if t.took_pile and not r.meld_after_pile_take:
                raise StateError("'may I go out?' is never asked after a pile take that no meld may follow.")

    @classmethod
    def from_dict(cls, rules: Rules, seed: int, d: Any) -> CanastaState:
        """Rebuild a state from :meth:`to_dict` data, checking types, card conservation and
        consistency (docs/state-format.md), in steps: the deal and scores, the melds and red
        threes, the turn, the rest of the hand, the cut, then the table as a whole. Raises
        :class:`StateError` with a clear message."""
        from .state import CanastaState

        s = CanastaState(rules, seed)
        _load_deal(s, d)
        _load_melds(s, d)
        t = _load_turn(s, d)
        s.turn = t
        _load_hand_end(s, d)
        _load_cut(s, d)
        _check_table(s)
        return s


def _load_deal(s: CanastaState, d: Any) -> None:
    """The deal's number, dealer and play order, the scores and results, stock, pile and hands."""
    from .state import play_order

    rules = s.rules
    n = rules.players
    nsides = len(rules.sides)
    s.hand_number = saved_field(d, "hand_number", int)
    s.dealer = saved_field(d, "dealer", int)
    if s.hand_number < 1 or not 0 <= s.dealer < n:
        raise StateError("The saved game has an impossible hand number or dealer.")
    s.order = play_order(rules, s.hand_number)
    scores = saved_field(d, "scores", list)
    if len(scores) != nsides or any(isinstance(x, bool) or not isinstance(x, int) for x in scores):
        raise StateError("The saved game's scores must be one whole number per side.")
    s.scores = list(scores)
    s.results, s.match_over, s.winners = saved_outcome(d, nsides, "sides", seats=n)
    s.stock = saved_cards(saved_field(d, "stock", list), "The stock")
    s.pile = saved_cards(saved_field(d, "discard_pile", list), "The discard pile")
    s.pile_wilds = sum(1 for c in s.pile if is_wild(c))
    s.hands = saved_hands(d, n)


def _load_melds(s: CanastaState, d: Any) -> None:
    """Each side's melds (:func:`_load_meld`), its red threes and whether it has melded."""
    rules = s.rules
    nsides = len(rules.sides)
    melds = saved_field(d, "melds", list)
    reds = saved_field(d, "red_threes", list)
    if len(melds) != nsides or len(reds) != nsides:
        raise StateError(f"The saved game must hold melds and red threes for {nsides} sides.")
    s.melds = []
    for i, side in enumerate(melds):
        if not isinstance(side, list):
            raise StateError("Each side's melds must be a list.")
        out: dict[int, Meld] = {}
        for m in side:
            meld = _load_meld(rules, i, m, out)
            out[meld.key] = meld
        s.melds.append(out)
    s.red_threes = [saved_cards(x, "Red threes") for x in reds]
    if any(not is_red_three(c) for x in s.red_threes for c in x):
        raise StateError("Only red threes can lie beside the melds as red threes.")
    if rules.red_three_exposure == "at_deal":
        if any(is_red_three(c) for h in s.hands for c in h):
            raise StateError("A red three cannot be in a hand: red threes are laid out at once.")
    melded = saved_field(d, "melded", list)
    if len(melded) != nsides or not all(isinstance(x, bool) for x in melded):
        raise StateError("'melded' must be true/false per side.")
    s.melded = list(melded)


def _meld_key(rules: Rules, i: int, m: Any, out: dict[int, Meld]) -> tuple[int, int]:
    """A saved meld's rank and key (``Q#2``: the side's second meld of queens, only after a
    canasta of them when ``same_rank_melds`` allows it), checked against the side's melds so far."""
    rank_t = saved_field(m, "rank", str)
    if rank_t not in RANKS:
        raise StateError(f"'{rank_t}' is not a meld rank.")
    rank = RANKS.index(rank_t) + 1
    key_t = m.get("key", rank_t)  # absent for a side's first meld of a rank, and in older saved games
    try:
        key = parse_meld_key(key_t, "add") if isinstance(key_t, str) else -1
    except ValueError:
        key = -1
    if key % KEY_STEP != rank:
        raise StateError(f"Side {i}'s meld of {rank_name(rank, True)} has a key that names another rank: "
                         f"{str(key_t)[:12]!r}.")
    if key in out:
        raise StateError(f"Side {i} has two melds of {rank_name(rank, True)}.")
    if key != rank:
        if rules.same_rank_melds != "after_canasta":
            raise StateError(f"Side {i} has two melds of {rank_name(rank, True)}: this game allows one per rank.")
        if key - KEY_STEP not in out or out[key - KEY_STEP].size < CANASTA_SIZE:
            raise StateError(f"Side {i}'s meld {key_t} needs the meld before it, a canasta, listed first.")
    return rank, key


def _load_meld(rules: Rules, i: int, m: Any, out: dict[int, Meld]) -> Meld:
    """One saved meld of side ``i`` (``out``: the side's melds before it): its key, cards, the
    cards buried under it and its hand-canasta flag, then whether it is a valid meld."""
    rank, key = _meld_key(rules, i, m, out)
    meld = Meld(rank, saved_cards(saved_field(m, "cards", list), f"A meld of side {i}"), key=key)
    buried = m.get("buried", [])  # absent when nothing is buried, and in older saved games
    if not isinstance(buried, list):
        raise StateError(f"Side {i}'s meld of {rank_name(rank, True)}: 'buried' must be a list of cards.")
    meld.buried = saved_cards(buried, f"The cards under side {i}'s meld of {rank_name(rank, True)}")
    if meld.buried and (meld.size < CANASTA_SIZE or any(c.rank != rank for c in meld.buried)
                        or rules.bury_blocking_cards == "never"):
        raise StateError(f"Only {rank_name(rank, True)} can lie under side {i}'s meld of "
                         f"{rank_name(rank, True)}, and only when it is a canasta and the game allows it.")
    flag = m.get("hand_canasta", False)  # absent in games saved before this field existed
    if not isinstance(flag, bool) or (flag and meld.size < 7):
        raise StateError(f"Side {i}'s meld of {rank_name(rank, True)}: "
                         "'hand_canasta' must be true only for a canasta.")
    meld.hand_canasta = flag
    if not _meld_valid(rules, meld):
        raise StateError(f"Side {i}'s meld of {rank_name(rank, True)} is not a valid meld.")
    return meld


def _meld_valid(rules: Rules, meld: Meld) -> bool:
    """Whether a loaded meld is one play can lay: black threes only 3 or 4 of them (going out),
    wild cards only as a wild canasta the game allows, else naturals of its rank and wild cards in
    the proportion the rules allow."""
    rank = meld.rank
    if rank == THREE:
        return meld.size in (3, 4) and all(is_black_three(c) for c in meld.cards)
    if rank == WILD:
        return rules.wild_canasta == "allowed" and 3 <= meld.size <= 7 and meld.naturals == 0
    return all(c.rank == rank or is_wild(c) for c in meld.cards) and rules.meld_ok(meld.naturals, meld.wilds)


def _load_turn(s: CanastaState, d: Any) -> Turn:
    """The turn: its seat, stage, how it drew and what it counted towards the initial meld
    (:func:`_load_turn_flags` for the fields later versions added)."""
    td = saved_field(d, "turn", dict)
    seat = saved_field(td, "seat", int)
    if seat not in s.order:
        raise StateError("The turn belongs to a seat that does not play this deal.")
    t = Turn(seat, saved_field(td, "initial", bool))
    stage = saved_field(td, "stage", str)
    if stage not in STAGES:
        raise StateError("The turn stage must be 'draw' or 'play'.")
    t.stage = stage
    t.took_pile = saved_field(td, "took_pile", bool)
    t.from_stock = saved_field(td, "from_stock", bool)
    t.initial_points = saved_field(td, "initial_points", int)
    t.countable = counted(saved_cards(saved_field(td, "countable", list), "The countable cards"))
    _load_turn_flags(s.rules, td, t)
    hand = s.hands[seat]
    if any(hand.get(c, 0) < k for c, k in t.countable.items()):
        raise StateError("The countable cards must be in the hand of the seat to act.")
    return t


def _load_turn_flags(rules: Rules, td: Any, t: Turn) -> None:
    """The turn's fields absent in games saved before they existed: ``uncounted``, ``asked``,
    ``opened`` and ``fresh``."""
    uncounted = td.get("uncounted", [])  # absent in games saved before this field existed
    if not isinstance(uncounted, list) or any(not isinstance(x, str) or x not in RANKS for x in uncounted):
        raise StateError("'uncounted' must list meld ranks such as 'Q'.")
    t.uncounted = frozenset(RANKS.index(x) + 1 for x in uncounted)
    asked = td.get("asked")  # absent in games saved before this field existed
    if (asked is not None and asked not in ASKED) or (asked is not None and t.stage != "play"):
        raise StateError("'asked' must be null, or 'pending', 'yes' or 'no' after drawing.")
    if asked is not None and rules.going_out_permission != "ask_partner":
        raise StateError("Nobody asks a partner in this game, so 'asked' must be null.")
    t.asked = asked
    opened = td.get("opened", [])  # absent in games saved before this field existed
    if not isinstance(opened, list) or any(not isinstance(x, str) for x in opened):
        raise StateError("'opened' must list melds such as 'Q' or 'Q#2'.")
    try:
        t.opened = frozenset(parse_meld_key(x, "add") for x in opened)
    except ValueError:
        raise StateError("'opened' must list melds such as 'Q' or 'Q#2'.") from None
    fresh = td.get("fresh", t.initial)  # absent in games saved before this field existed
    if not isinstance(fresh, bool):
        raise StateError("'fresh' must be true or false.")
    t.fresh = fresh


def _load_hand_end(s: CanastaState, d: Any) -> None:
    """Whether the hand is over and who went out, the last moves, and per seat the cards drawn
    (the early-out bonus) and whether it has laid cards."""
    n = s.rules.players
    s.hand_over = saved_field(d, "hand_over", bool)
    out_seat = d.get("went_out")
    if out_seat is not None and (isinstance(out_seat, bool) or not isinstance(out_seat, int) or not 0 <= out_seat < n):
        raise StateError("'went_out' must be a seat or null.")
    s.out_seat = out_seat
    s.out_concealed = saved_field(d, "went_out_concealed", bool)
    s.last_moves = saved_last_moves(d, HISTORY_KEEP, seats=n)
    # absent in games saved before this field existed: every seat then counts as having drawn
    # more than one card (no early-out bonus is given for a hand whose draws are unknown)
    drawn = d.get("drawn", [2] * n)
    if (not isinstance(drawn, list) or len(drawn) != n
            or any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= DRAWN_MAX for x in drawn)):
        raise StateError(f"'drawn' must hold one whole number from 0 to {DRAWN_MAX} per seat ({n}).")
    s.drawn = list(drawn)
    # absent in games saved before this field existed: then a seat counts as having laid cards
    # when its side has melded (the same in two-hand play)
    laid = d.get("laid", [s.melded[s.rules.side_of[seat]] for seat in range(n)])
    if not isinstance(laid, list) or len(laid) != n or not all(isinstance(x, bool) for x in laid):
        raise StateError(f"'laid' must be true/false per seat ({n}).")
    s.laid = list(laid)


def _load_cut(s: CanastaState, d: Any) -> None:
    """The cut played out (``cut_wilds``): the seat that cut and the wild cards (and red threes)
    it kept; absent when no cut is played out, and in older saved games."""
    rules = s.rules
    n = rules.players
    cut = d.get("cut")
    if cut is None:
        return
    if (not isinstance(cut, dict) or rules.cut_wilds == "none" or not isinstance(cut.get("seat"), int)
            or isinstance(cut.get("seat"), bool) or not 0 <= cut["seat"] < n
            or not isinstance(cut.get("cards"), list) or len(cut["cards"]) > 20):
        raise StateError("'cut' must name the seat that cut and the cards it kept, in a game with a cut.")
    kept = saved_cards(cut["cards"], "The cards kept at the cut")
    keep_red = rules.cut_wilds == "wilds_and_red_threes"
    if any(not (is_wild(c) or (keep_red and is_red_three(c))) for c in kept):
        raise StateError("Only wild cards (and red threes, if the game keeps them) are kept at the cut.")
    s.cut = {"seat": cut["seat"], "cards": [c.text for c in kept]}


def _check_table(s: CanastaState) -> None:
    """The loaded table as a whole: red threes laid out in time, card conservation, the end of
    the hand, and a hand in play that can go on (:func:`_check_play`)."""
    rules = s.rules
    t = s.turn
    if rules.red_three_exposure == "first_turn":
        if not s.hand_over and any(is_red_three(c) for c in s.hands[t.seat]):
            raise StateError("The seat to act has laid out its red threes: none can be in its hand.")
    _check_cards(s)
    if s.match_over and not s.hand_over:
        raise StateError("The match cannot be over while a hand is in play.")
    if s.hand_over and s.out_seat is not None and s.hands[s.out_seat]:
        raise StateError("The seat that went out must have an empty hand.")
    if any(s.hands[seat] for seat in range(rules.players) if seat not in s.order):
        raise StateError("The seat that sits out this deal cannot hold cards.")
    if not s.hand_over:
        _check_play(s)


def _check_cards(s: CanastaState) -> None:
    """Card conservation: every physical card exactly once."""
    everything: list[Card] = list(s.stock) + list(s.pile)
    for h in s.hands:
        everything.extend(c for c, k in h.items() for _ in range(k))
    for side_melds in s.melds:
        for m in side_melds.values():
            everything.extend(m.cards)
            everything.extend(m.buried)
    for x in s.red_threes:
        everything.extend(x)
    check_saved_deck(everything, standard_deck(s.rules.decks, s.rules.jokers_per_deck))


def _check_play(s: CanastaState) -> None:
    """A hand in play: no empty hand, a stock to draw from, melds exactly for the sides that have
    made their initial meld (or are making it this turn), the turn's flags, and a legal move."""
    rules = s.rules
    t = s.turn
    if any(not s.hands[seat] for seat in s.order):
        raise StateError("A hand in play cannot be empty: that player would have gone out.")
    if t.stage == "draw" and not s.stock and rules.stock_exhausted != "play_on_discards":
        raise StateError("A hand in play needs cards in the stock when a turn begins.")
    for side_i, side_melds in enumerate(s.melds):
        if s.melded[side_i] and not side_melds:
            raise StateError(f"Side {side_i} is marked as melded but has no meld.")
        if side_melds and not s.melded[side_i]:
            ok = rules.side_of[t.seat] == side_i and t.initial and t.stage == "play"
            if not ok:
                raise StateError(f"Side {side_i} has melds but no initial meld: only possible during its own turn.")
    side_t = rules.side_of[t.seat]
    if not t.initial and not s.melded[side_t]:
        raise StateError("The turn says the side had made its initial meld, but the side has not melded.")
    if t.initial and s.melded[side_t] and t.stage == "draw":
        raise StateError("A turn that begins after the side's initial meld cannot still be waiting for it.")
    if t.initial and s.melded[side_t] and t.countable:
        raise StateError("The countable cards must be empty once the initial meld is made.")
    s._check_turn_flags()
    if not s.legal_moves():
        raise StateError("The saved game cannot go on: the player to act would have no legal move.")
