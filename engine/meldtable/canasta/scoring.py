"""End of a hand and scoring (seed 000 "Punktevergabe"; seed 001 "Abrechnung"): itemised points
per side, cumulative scores, the end of the match."""

from __future__ import annotations

from typing import Any

from .base import StateBase
from .melds import Meld
from .values import card_value


class Scoring(StateBase):
    """Scoring (mixin of ``CanastaState``)."""

    def _end_hand(self, out_seat: int | None) -> None:
        self.hand_over = True
        self._legal = []
        self.turn.countable = {}
        self.out_seat = out_seat
        # going out concealed: the player had laid no card on the table before this turn (seed 001
        # 'obwohl er noch keine Meldung gemacht hat'; with partners, the partner may have melded)
        # and, with concealed_going_out_canasta = own, laid a canasta of its own in this turn (seed
        # 001 'Auch er muss mindestens ein vollständiges Canasta mit auslegen')
        self.out_concealed = out_seat is not None and self.turn.fresh and self._own_canasta_ok(out_seat)
        sides: list[dict[str, Any]] = []
        result: dict[str, Any] = {"hand": self.hand_number, "went_out": out_seat, "concealed": self.out_concealed,
                                  "sides": sides}
        for side in range(len(self.rules.sides)):
            items = self.score_side(side)
            total = sum(items.values())
            self.scores[side] += total
            sides.append({"side": side, "items": items, "total": total, "cumulative": self.scores[side]})
        self.results.append(result)
        r = self.rules
        if r.match_end == "target":
            over = any(s >= r.target_score for s in self.scores)
        else:
            over = self.hand_number >= r.deals
        if over:
            self.match_over = True
            best = max(self.scores)
            self.winners = [s for s, v in enumerate(self.scores) if v == best]

    def _own_canasta_ok(self, seat: int) -> bool:
        """Whether ``seat``, going out concealed, meets option ``concealed_going_out_canasta``:
        ``side`` always; ``own`` when a meld the seat opened in this turn (``Turn.opened``: by a
        meld or a pile take) is a canasta. Seed 001 'Auch er muss
        mindestens ein vollständiges Canasta mit auslegen und bekommt 200 Pluspunkte'."""
        if self.rules.concealed_going_out_canasta == "side":
            return True
        melds = self.melds[self.rules.side_of[seat]]
        return any(key in melds and melds[key].is_canasta for key in self.turn.opened)

    def _hand_canasta(self, m: Meld) -> bool:
        """Whether meld ``m`` scores as a hand canasta (option ``hand_canasta_bonus``; a wild canasta
        keeps its own bonus)."""
        return bool(self.rules.hand_canasta_bonus) and m.hand_canasta and m.canasta_kind in ("natural", "mixed")

    def score_side(self, side: int) -> dict[str, int]:
        """Itemised points of one side for the hand that just ended (seed 000 "Punktevergabe").

        Items (points): ``melded_cards`` (values of melded cards), ``hand_cards`` (minus the values
        left in the side's hands), ``going_out`` (100), ``concealed`` (extra for concealed going out,
        so that the two together make ``concealed_going_out_bonus``), ``natural_canastas`` (500
        each), ``mixed_canastas`` (300 each), ``red_threes`` (100 each or 800 for all four, negative
        when the side has not melded); with the options set also ``hand_canastas`` (seed 001
        'Hand-Canasta', 1000 each instead of 500/300) and ``early_out`` (seed 001: going out having
        drawn at most one stock card, the extra that makes the going-out bonus 300)."""
        r = self.rules
        melds = self.melds[side].values()
        # option loser_canasta_bonus (seed 004 'Bei den Verlierern wird alles, was auf dem Tisch liegt
        # positiv ... gewertet'): a side that did not go out scores no canasta bonus
        bonus = r.loser_canasta_bonus or self.out_seat is None or self.side_of(self.out_seat) == side
        items = {
            "melded_cards": sum(m.points() for m in melds),
            "hand_cards": -sum(card_value(c) * n for seat in r.sides[side] for c, n in self.hands[seat].items()),
            "going_out": 0,
            "concealed": 0,
            "natural_canastas": bonus * r.natural_canasta_bonus * sum(
                1 for m in melds if m.canasta_kind == "natural" and not self._hand_canasta(m)),
            "mixed_canastas": bonus * r.mixed_canasta_bonus * sum(
                1 for m in melds if m.canasta_kind == "mixed" and not self._hand_canasta(m)),
            "red_threes": 0,
        }
        if r.wild_canasta == "allowed":
            items["wild_canastas"] = bonus * r.wild_canasta_bonus * sum(1 for m in melds if m.canasta_kind == "wild")
        if r.hand_canasta_bonus:
            items["hand_canastas"] = bonus * r.hand_canasta_bonus * sum(1 for m in melds if self._hand_canasta(m))
        if r.early_out_bonus:
            items["early_out"] = 0
        if self.out_seat is not None and self.side_of(self.out_seat) == side:
            items["going_out"] = r.going_out_bonus
            if self.out_concealed:
                items["concealed"] = r.concealed_going_out_bonus - r.going_out_bonus
            if r.early_out_bonus and self.drawn[self.out_seat] <= 1:
                items["early_out"] = max(0, r.early_out_bonus - items["going_out"] - items["concealed"])
        reds = len(self.red_threes[side])
        if reds:
            all_four = reds >= 2 * r.decks and r.red_three_all_four_bonus > 0  # every red three in play
            value = r.red_three_all_four_bonus if all_four else r.red_three_bonus * reds
            if r.red_three_positive_if == "canasta":
                positive = self.canastas(side) > 0
            elif r.red_three_positive_if == "always":
                positive = True
            else:
                positive = bool(self.melds[side])
            items["red_threes"] = value if positive else -value
        return items

