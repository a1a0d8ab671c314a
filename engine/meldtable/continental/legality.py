"""Legality of continental moves: the fast enumeration :meth:`Legality.legal_moves` and the one
check of a move with its reason, :meth:`Legality.verify` / :meth:`Legality._why`
(tests/test_continental_verify.py checks that they agree). A mixin of
:class:`~meldtable.continental.state.ContinentalState`: it reads the state and never changes it
(only its caches ``_legal`` and ``_legal_set``)."""

from __future__ import annotations

from typing import Any

from ..cards import JOKER, RANK_NAMES, SUITS, Card
from ..family import CachedLegalMoves
from ..multiset import combinations, counted
from .combos import Combo
from .moves import ContinentalMove
from .planner import Packer
from .rules import (
    RUN,
    RUN_MAX,
    RUN_SIZE,
    SET,
    SET_SIZE,
    card_key,
    contract_name,
    pos_rank,
)


class Legality(CachedLegalMoves):
    """Legal moves and refusal reasons of the seat to act (mixin of ``ContinentalState``)."""

    # ------------------------------------------------------------------ legality
    def _generate(self) -> list[ContinentalMove]:
        out: list[ContinentalMove] = []
        if self.window:
            out.append(ContinentalMove("pass"))
            out.append(ContinentalMove("claim"))
        elif self.turn.stage == "draw":
            if self._can_draw():
                out.append(ContinentalMove("draw"))
            if self.pile and self._may_take():
                out.append(ContinentalMove("take"))
        else:
            out = self._play_moves()
        out = list(dict.fromkeys(out))
        out.sort(key=str)
        return out

    def _play_moves(self) -> list[ContinentalMove]:
        r = self.rules
        t = self.turn
        seat = t.seat
        hand = self.hands[seat]
        size = sum(hand.values())
        floor = self._floor()
        if t.joker_from is not None:
            return [m for m in self._add_moves([JOKER], self._targets()) if m.target != t.joker_from]
        if t.pending is not None:
            return self._laydown_moves(t.pending)
        out: list[ContinentalMove] = []
        if not self.down[seat]:
            out.extend(self._laydown_moves(self.contract()))
            out.extend(self._discards_not_down())
            return out
        if size - 1 >= floor:
            targets = self._targets() if self._may_layoff() else [
                (f"{seat}.{k + 1}", cb) for k, cb in enumerate(self.table[seat])]
            out.extend(self._add_moves([c for c in hand], targets))
            if r.joker_exchange == "after_own_down" and self._may_layoff():
                out.extend(self._swap_moves())
        if r.extra_melds:
            out.extend(m for m in self._meld_candidates(hand) if size - len(m.cards) >= floor)
        out.extend(ContinentalMove("discard", (c,)) for c in self._discardable(list(hand)))
        return out

    def _discardable(self, cards: list[Card]) -> list[Card]:
        """``cards`` (distinct hand cards) without the card taken from the discard pile this turn
        (option ``forbid_discarding_taken_card``), unless nothing else would be left."""
        taken = self.turn.taken
        if self.rules.forbid_discarding_taken and taken is not None and any(c is not taken for c in cards):
            return [c for c in cards if c is not taken]
        return cards

    def _discards_not_down(self) -> list[ContinentalMove]:
        hand = self.hands[self.turn.seat]
        cards = self._discardable(list(hand))
        if self.rules.forbid_playable_discard:
            playable = {m.cards[0] for m in self._add_moves(cards, self._targets())}
            if len(playable) < len(cards):
                cards = [c for c in cards if c not in playable]
        return [ContinentalMove("discard", (c,)) for c in cards]

    def _add_moves(self, cards: list[Card], targets: list[tuple[str, Combo]]) -> list[ContinentalMove]:
        """``add`` moves of ``cards`` onto ``targets`` (combination rules only, no hand floor)."""
        r = self.rules
        out = []
        for tid, cb in targets:
            if cb.kind == SET:
                for c in cards:
                    if c.is_joker:
                        if not r.max_jokers_set or cb.jokers < r.max_jokers_set:
                            out.append(ContinentalMove("add", (c,), tid))
                    elif c.rank == cb.rank:
                        out.append(ContinentalMove("add", (c,), tid))
                continue
            n = len(cb.cards)
            if n >= RUN_MAX:
                continue
            low_ok = r.window_ok(cb.lo - 1, n + 1)
            high_ok = r.window_ok(cb.lo, n + 1)
            low_card = Card(pos_rank(cb.lo - 1), cb.suit)
            high_card = Card(pos_rank(cb.lo + n), cb.suit)
            for c in cards:
                if c.is_joker:
                    if r.max_jokers_run and cb.jokers + 1 > r.max_jokers_run:
                        continue
                    if low_ok and not (r.no_adjacent_jokers and cb.cards[0].is_joker):
                        out.append(ContinentalMove("add", (c,), tid, "low"))
                    if high_ok and not (r.no_adjacent_jokers and cb.cards[-1].is_joker):
                        out.append(ContinentalMove("add", (c,), tid, "high"))
                else:
                    if low_ok and c is low_card:
                        out.append(ContinentalMove("add", (c,), tid, "low"))
                    if high_ok and c is high_card:
                        out.append(ContinentalMove("add", (c,), tid, "high"))
        return out

    def _swap_options(self) -> list[tuple[str, Card]]:
        """(combination, natural card) pairs of possible joker exchanges, by the combination rules."""
        hand = self.hands[self.turn.seat]
        out = []
        for tid, cb in self._targets():
            if not cb.jokers:
                continue
            if cb.kind == RUN:
                for i, c in enumerate(cb.cards):
                    if c.is_joker:
                        rep = cb.represents(i)
                        if hand.get(rep, 0):
                            out.append((tid, rep))
            elif self.rules.exchange_from == "runs_and_sets":
                for c in hand:
                    if not c.is_joker and c.rank == cb.rank:
                        out.append((tid, c))
        return out

    def _swap_moves(self) -> list[ContinentalMove]:
        r = self.rules
        size = sum(self.hands[self.turn.seat].values())
        opts = self._swap_options()
        if not opts:
            return []
        if r.exchanged_joker == "to_hand":
            return [ContinentalMove("swap", (c,), tid) for tid, c in opts]
        if size - 1 < self._floor():
            return []
        spots = {m.target for m in self._add_moves([JOKER], self._targets())}
        return [ContinentalMove("swap", (c,), tid) for tid, c in opts if spots - {tid}]

    def _meld_candidates(self, hand: dict[Card, int]) -> list[ContinentalMove]:
        """Every 3-card set and 4-card run the hand can lay (combination rules only)."""
        r = self.rules
        jokers = hand.get(JOKER, 0)
        out = []
        by_rank: dict[int, list[tuple[Card, int]]] = {}
        for c, n in hand.items():
            if not c.is_joker:
                by_rank.setdefault(c.rank, []).append((c, n))
        for rank, items in by_rank.items():
            items.sort(key=lambda x: card_key(x[0]))
            for a in (3, 2, 1):
                j = SET_SIZE - a
                if j > jokers or not r.set_jokers_ok(j, a):
                    continue
                for combo in combinations(items, a):
                    out.append(ContinentalMove(SET, combo + (JOKER,) * j))
        out.extend(self._run_candidates(hand))
        return out

    def _run_candidates(self, hand: dict[Card, int]) -> list[ContinentalMove]:
        r = self.rules
        jokers = hand.get(JOKER, 0)
        out = []
        for suit in SUITS:
            held = {c.rank for c, n in hand.items() if n and c.suit == suit and not c.is_joker}
            if not held:
                continue
            for lo in r.run_starts():
                ranks = [pos_rank(lo + i) for i in range(RUN_SIZE)]
                have = [i for i, rk in enumerate(ranks) if rk in held]
                if not have or len(have) + jokers < RUN_SIZE:
                    continue
                for mask in range(1, 1 << len(have)):
                    layout = [JOKER] * RUN_SIZE
                    k = 0
                    for b, i in enumerate(have):
                        if mask >> b & 1:
                            layout[i] = Card(ranks[i], suit)
                            k += 1
                    if RUN_SIZE - k > jokers or not r.jokers_ok_run(layout):
                        continue
                    out.append(ContinentalMove(RUN, tuple(layout)))
        return out

    def _laydown_moves(self, need: tuple[int, int]) -> list[ContinentalMove]:
        """Contract steps that keep the rest of the contract (``need`` = sets, runs still to lay)
        possible in this turn, keeping a card to discard when going out needs one."""
        r = self.rules
        t = self.turn
        hand = self.hands[t.seat]
        sets, runs = need
        packer = Packer(r, hand)
        floor = self._floor()
        used_ranks = frozenset(t.laid_ranks) if not r.same_rank_sets else frozenset()
        used_suits = frozenset(t.laid_suits) if not r.same_suit_runs else frozenset()
        if not packer.feasible((), sets, runs, floor, used_ranks, used_suits):
            return []
        out = []
        cache: dict[tuple[Any, ...], bool] = {}
        for m in self._meld_candidates(hand):
            if m.kind == SET:
                if not sets:
                    continue
                rank = next(c.rank for c in m.cards if not c.is_joker)
                if rank in used_ranks:
                    continue
                key = (SET,) + m.cards
                if key not in cache:
                    cache[key] = packer.feasible(m.cards, sets - 1, runs, floor, used_ranks | {rank}, used_suits)
            else:
                if not runs:
                    continue
                suit = next(c.suit for c in m.cards if not c.is_joker)
                if suit in used_suits:
                    continue
                key = (RUN,) + tuple(sorted(m.cards, key=card_key))
                if key not in cache:
                    cache[key] = packer.feasible(m.cards, sets, runs - 1, floor, used_ranks, used_suits | {suit})
            if cache[key]:
                out.append(m)
        return out

    # ------------------------------------------------------------------ explaining refusals
    def explain(self, move: Any, seat: int | None = None) -> tuple[str, str, dict[str, Any]]:
        """Why ``move`` is not legal now: ``(key, message, params)`` in a player's words."""
        if self.hand_over:
            return "hand_over", "The hand is over.", {}
        if not isinstance(move, ContinentalMove):
            return "not_allowed", "That is not a move of this game.", {}
        r = self.rules
        t = self.turn
        kind = move.kind
        actor = self.current_player
        assert actor is not None
        if seat is not None and seat != actor:
            return "not_your_turn", f"It is seat {actor}'s turn, not seat {seat}'s.", {"seat": actor}
        hand = self.hands[actor]
        if self.window:
            card = self.pile[-1].text
            p = {"card": card, "seat": actor}
            if kind not in ("claim", "pass"):
                return ("claim_window", f"Seat {actor} first decides whether to claim {card} out of turn: claim or pass.", p)
            return "not_allowed", "That move is not allowed now.", {}
        if kind in ("claim", "pass"):
            if r.claim_by == "nobody":
                return "no_claims", "In this game discards are never taken out of turn.", {}
            return "no_claim_window", "There is no discard to claim now: a discard can be claimed only after the next player has drawn from the stock.", {}
        if t.stage == "draw":
            if kind == "draw":
                return "stock_empty", "The stock is empty.", {}
            if kind == "take":
                if self.pile:
                    n = self.takes_in_a_row
                    return ("take_limit", f"The top discard has been taken {n} turns in a row: draw from the stock this time.",
                            {"count": n})
                return "pile_empty", "The discard pile is empty.", {}
            return "draw_first", "First take the top discard or draw from the stock.", {}
        if kind in ("draw", "take"):
            return "already_drew", "You have already drawn this turn.", {}
        need = counted(move.cards)
        missing = [c for c, k in need.items() if hand.get(c, 0) < k]
        if missing:
            return "not_in_hand", f"You do not hold {missing[0].text}.", {"card": missing[0].text}
        if t.joker_from is not None:
            if kind != "add" or move.cards != (JOKER,):
                return "place_joker", "Place the joker you exchanged first: add it to another combination.", {"from": t.joker_from}
            if move.target == t.joker_from:
                return "joker_elsewhere", "The exchanged joker goes into another combination, not back into the one it came from.", {}
            return self._explain_add(move)
        if t.pending is not None and kind not in (SET, RUN):
            ps, pr = t.pending
            return ("finish_contract", f"Finish laying down your contract first: {contract_name(ps, pr)} still to lay.",
                    {"sets": ps, "runs": pr})
        if kind in (SET, RUN):
            return self._explain_meld(move)
        if kind in ("add", "swap"):
            if not self.down[actor]:
                return "not_down", "Lay down your contract before adding cards to combinations or exchanging jokers.", {}
            if kind == "add":
                return self._explain_add(move)
            return self._explain_swap(move)
        if kind == "discard":
            if r.forbid_discarding_taken and t.taken is not None and move.cards[0] is t.taken:
                return ("discard_taken", f"You took {t.taken.text} from the discard pile in this turn: discard another card.",
                        {"card": t.taken.text})
            if not self.down[actor] and r.forbid_playable_discard:
                return ("playable_discard", f"You have not laid down your contract, so you may not discard {move.cards[0].text}: "
                        "it fits on a combination on the table.", {"card": move.cards[0].text})
        return "not_allowed", "That move is not allowed now.", {}

    def _explain_meld(self, move: ContinentalMove) -> tuple[str, str, dict[str, Any]]:
        r = self.rules
        t = self.turn
        seat = t.seat
        kind = move.kind
        naturals = [c for c in move.cards if not c.is_joker]
        jokers = len(move.cards) - len(naturals)
        if self.down[seat] and not r.extra_melds:
            return ("contract_done", "You have laid down your contract: now you can only add cards to combinations "
                    "(no new combinations in this game).", {})
        if kind == SET:
            if not naturals:
                return "all_jokers", "A set cannot be made of jokers only: it needs a natural card.", {}
            if len({c.rank for c in naturals}) > 1:
                return "set_ranks", "A set holds cards of one rank only (any suits) and jokers.", {}
            if len(move.cards) != SET_SIZE:
                return "set_size", "Lay a set as three cards, then add more cards one by one.", {}
            if not r.set_jokers_ok(jokers, len(naturals)):
                return "set_jokers", f"A set may hold at most {r.max_jokers_set} joker(s) in this game.", {"max": r.max_jokers_set}
        else:
            lay = r.run_layout(move.cards)
            if lay == "all_jokers":
                return "all_jokers", "A run cannot be made of jokers only: it needs a natural card.", {}
            if lay == "run_suits":
                return "run_suits", "A run holds cards of one suit only (and jokers).", {}
            if lay == "corner":
                return "run_corner", "In this game the ace is high or low, not between the king and the two.", {}
            if isinstance(lay, str):
                return ("run_order", "Write a run from its low end to its high end, consecutive cards of one suit, "
                        "each joker where it stands, e.g. 5H JK 7H 8H.", {})
            if len(move.cards) != RUN_SIZE:
                return "run_size", "Lay a run as four cards, then add more cards one by one.", {}
            if not r.jokers_ok_run(move.cards):
                if r.no_adjacent_jokers and any(a.is_joker and b.is_joker for a, b in zip(move.cards, move.cards[1:])):
                    return "adjacent_jokers", "Two jokers may not stand side by side in a run in this game.", {}
                return "run_jokers", f"A run may hold at most {r.max_jokers_run} joker(s) in this game.", {"max": r.max_jokers_run}
        if self.down[seat]:
            return "keep_a_card", "In this game you go out by discarding your last card: keep one card.", {}
        sets, runs = t.pending if t.pending is not None else self.contract()
        cname = contract_name(sets, runs)
        if kind == SET and not sets:
            return "no_set_needed", f"Your contract needs no more sets ({cname} to lay).", {"contract": cname}
        if kind == RUN and not runs:
            return "no_run_needed", f"Your contract needs no more runs ({cname} to lay).", {"contract": cname}
        if kind == SET and not r.same_rank_sets and naturals[0].rank in t.laid_ranks:
            return "same_rank_sets", "The sets of a contract must be of different ranks in this game.", {}
        if kind == RUN and not r.same_suit_runs and naturals[0].suit in t.laid_suits:
            return "same_suit_runs", "The runs of a contract must be of different suits in this game.", {}
        rest = (sets - 1, runs) if kind == SET else (sets, runs - 1)
        if rest == (0, 0):
            return "keep_a_card", "In this game you go out by discarding your last card: keep one card.", {}
        rname = contract_name(*rest)
        return ("contract_incomplete", f"With these cards the rest of your contract ({rname}) could not be laid down "
                "in this turn" + (" keeping a card to discard" if self._floor() else "") + ": choose other cards.",
                {"contract": rname})

    def _explain_add(self, move: ContinentalMove) -> tuple[str, str, dict[str, Any]]:
        r = self.rules
        cb = self.combo(move.target)
        if cb is None:
            return "no_combo", f"There is no combination {move.target} on the table.", {"target": move.target}
        c = move.cards[0]
        if self.turn.joker_from is None:
            if not self._may_layoff() and not move.target.startswith(f"{self.turn.seat}."):
                return ("layoff_next_turn", "In this game you add to other players' combinations from your next turn on.", {})
            if sum(self.hands[self.turn.seat].values()) - 1 < self._floor():
                return "keep_a_card", "In this game you go out by discarding your last card: keep one card.", {}
        if cb.kind == SET:
            if c.is_joker:
                return "set_jokers", f"A set may hold at most {r.max_jokers_set} joker(s) in this game.", {"max": r.max_jokers_set}
            if move.end is not None:
                return "set_no_end", "A set has no ends: write the move without 'low' or 'high'.", {}
            return "does_not_fit", f"Only {RANK_NAMES[cb.rank][1]} (or a joker) can be added to that set.", {"target": move.target}
        if len(cb.cards) >= RUN_MAX:
            return "run_full", "That run already holds 13 cards.", {}
        if move.end is None:
            return "run_end", "Say at which end of the run the card goes: 'low' or 'high'.", {}
        n = len(cb.cards)
        pos = cb.lo - 1 if move.end == "low" else cb.lo + n
        if not r.window_ok(min(pos, cb.lo), n + 1):
            return "run_corner", "In this game the ace is high or low, not between the king and the two.", {}
        if c.is_joker:
            if r.max_jokers_run and cb.jokers + 1 > r.max_jokers_run:
                return "run_jokers", f"A run may hold at most {r.max_jokers_run} joker(s) in this game.", {"max": r.max_jokers_run}
            return "adjacent_jokers", "Two jokers may not stand side by side in a run in this game.", {}
        want = Card(pos_rank(pos), cb.suit)
        return ("does_not_fit", f"Only {want.text} (or a joker) fits at the {move.end} end of that run.",
                {"target": move.target, "card": want.text})

    def _explain_swap(self, move: ContinentalMove) -> tuple[str, str, dict[str, Any]]:
        r = self.rules
        if r.joker_exchange == "never":
            return "no_exchange", "Jokers on the table cannot be exchanged in this game.", {}
        if not self._may_layoff():
            return "layoff_next_turn", "In this game you exchange jokers from your next turn on.", {}
        cb = self.combo(move.target)
        if cb is None:
            return "no_combo", f"There is no combination {move.target} on the table.", {"target": move.target}
        c = move.cards[0]
        if cb.kind == SET and r.exchange_from == "runs":
            return "exchange_runs_only", "Only jokers in runs can be exchanged in this game.", {}
        if not cb.jokers:
            return "no_joker", "That combination holds no joker.", {}
        if cb.kind == RUN:
            stands = [cb.represents(i).text for i, x in enumerate(cb.cards) if x.is_joker]
            if c.text not in stands:
                return ("joker_stands_for", f"The joker there stands for {' or '.join(stands)}, not {c.text}.",
                        {"stands_for": stands})
        elif c.rank != cb.rank:
            return "does_not_fit", f"Only {RANK_NAMES[cb.rank][1]} can replace a joker in that set.", {}
        if r.exchanged_joker == "place_at_once" and sum(self.hands[self.turn.seat].values()) - 1 < self._floor():
            return "keep_a_card", "In this game you go out by discarding your last card: keep one card.", {}
        return "joker_no_place", "The joker you would get has no other combination to go into.", {}
