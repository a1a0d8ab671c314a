"""Rule tests for ``canasta-two-hand``, written from the seed text
(shared/seeds/000_61593a5ffdab7f94.txt, "Canasta Regeln"), one or more per rule sentence.

Every test's docstring quotes (or names) the seed rule it checks. Positions are built by hand with
``positions.position`` (public JSON path only) and the tests assert exact legal-move sets, exact
presence/absence of moves, exact scores and exact refusal keys, so that each can fail if the rule
breaks. Where the seed is silent the engine's documented rule option (research C1-C33) is named.
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

import meldtable
from meldtable import Game, IllegalMoveError, OptionError
from positions import FULL_DECK, deck_count, kinds, moves, position, position_state, refusal, skeleton, state_of

V = "canasta-two-hand"

# Meld building blocks (no card used more than twice in one position).
KINGS3 = ["KC", "KD", "KH"]
KINGS7 = ["KC", "KC", "KD", "KD", "KH", "KH", "KS"]  # natural canasta, 70 points
QUEENS7 = ["QC", "QC", "QD", "QD", "QH", "QH", "QS"]  # natural canasta, 70 points
OPP = ["9C", "8D"]  # an opponent hand that does not matter
PLAY = {"stage": "play"}


def new(seed: int = 1, **options: object) -> Game:
    return meldtable.new_game(V, players=2, seed=seed, options=options or None)


def total(counter: Counter[str] | dict[str, int]) -> int:
    return sum(counter.values())


def wild(text: str) -> bool:
    return text == "JK" or text[0] == "2"


def red3(text: str) -> bool:
    return text in ("3D", "3H")


# ============================================================================ deck and deal


def test_deck_is_two_52_card_decks_and_four_jokers() -> None:
    """Seed "Der Kartensatz": "zwei Standard-Kartensätzen, bestehend aus 52 Karten und vier Jokern
    ... eine Gesamtzahl von 108 Karten"."""
    g = new(seed=3)
    cons = dict(deck_count(g))
    assert deck_count(g) == FULL_DECK
    assert sum(cons.values()) == 108
    assert cons.pop("JK") == 4
    assert len(cons) == 52 and set(cons.values()) == {2}


@pytest.mark.parametrize("seed", [0, 1, 2, 6, 22, 30, 71, 1061])
def test_deal_fifteen_cards_each_rest_is_stock_upcard_starts_pile(seed: int) -> None:
    """Seed "Das Ausgeben": "Jeder Spieler erhält 15 Karten. Der Rest der Karten wird verdeckt auf den
    Tisch gelegt ... Die oberste Karte dieses Kartenstapels wird abgehoben ... Dies ist die erste
    Karte des Ablagestapels." (Dealt red threes are replaced, so hands still hold 15.)"""
    g = new(seed=seed)
    st = state_of(g)
    assert [len(h) for h in st["hands"]] == [15, 15]
    reds = sum(len(r) for r in st["red_threes"])
    assert len(st["discard_pile"]) >= 1
    assert len(st["stock"]) == 108 - 30 - len(st["discard_pile"]) - reds
    v = g.view(0)
    assert v["hand_counts"] == [15, 15]
    assert v["stock"] == len(st["stock"])
    assert v["discard"]["top"] == st["discard_pile"][-1]
    assert g.current_player == 0 and v["phase"] == "draw"


def _upcard_cases(limit: int = 800, **options: object) -> list[tuple[int, list[str]]]:
    out = []
    for seed in range(limit):
        g = new(seed=seed, **options)
        out.append((seed, state_of(g)["discard_pile"]))
    return out


def test_upcard_red_three_is_covered_until_neither_wild_nor_red_three_shows() -> None:
    """Seed "Rote Dreier": "Falls ein roter Dreier als Anfangskarte aufgedeckt wird, wird eine weitere
    Karte gezogen und darauf abgelegt. Dieser Vorgang wird wiederholt, bis eine Karte aufgedeckt
    wird, die keine wilde Karte oder ein roter Dreier ist." (option ``upcard_cover`` =
    ``red_three_first``: the seed names only the red three as what starts the covering; a wild card
    as the first upcard stays on top. Issue #24 changed this test, which encoded pagat's covering of
    every wild upcard, now the value ``wild_and_red_three``.) Scans seeds for covered upcards."""
    covered_red = wild_on_top = 0
    for seed, pile in _upcard_cases():
        top = pile[-1]
        if len(pile) == 1:
            assert not red3(top), (seed, pile)
            wild_on_top += wild(top)
            continue
        assert red3(pile[0]), (seed, pile)  # (only a red three starts the covering)
        assert not wild(top) and not red3(top), (seed, pile)
        assert all(wild(c) or red3(c) for c in pile[:-1]), (seed, pile)
        covered_red += 1
    assert covered_red >= 3 and wild_on_top >= 3


def test_upcard_wild_under_the_pile_freezes_it() -> None:
    """Seed "Der eingefrorene Ablagestapel" 2: "Der Ablagestapel ist für alle Spieler eingefroren, wenn
    er eine wilde Karte enthält (oben, in der Mitte oder unten)" - also a covered wild upcard."""
    seen = 0
    for seed, pile in _upcard_cases(200):
        if any(wild(c) for c in pile):
            d = new(seed=seed).view(0)["discard"]
            assert d["frozen"] is True and d["frozen_by"] == next(c for c in pile if wild(c))
            seen += 1
    assert seen >= 2


def test_covered_red_three_upcard_goes_to_the_taker_without_replacement() -> None:
    """Seed "Rote Dreier": "Wenn der Ablagestapel genommen wird, wird der rote Dreier automatisch offen
    neben die Kartenhand des Spielers gelegt und es wird keine Ersatzkarte gezogen."""
    g = position(hands=[["QH", "QS", "5C", "6D", "7H"], OPP], pile=["3D", "9C", "QD"], melds=[[KINGS3], []])
    stock_before = state_of(g)["stock"]
    g.play("take QH QS")
    st = state_of(g)
    assert st["red_threes"][0] == ["3D"]
    assert Counter(st["hands"][0]) == Counter(["5C", "6D", "7H", "9C"])
    assert st["stock"] == stock_before  # no replacement card
    assert st["discard_pile"] == []


# ============================================================================ red threes


def test_dealt_red_threes_are_laid_out_and_replaced() -> None:
    """Seed "Das Ausgeben": "Ausgegebene rote 3er werden automatisch offen neben der Hand des Spielers
    platziert. Danach wird die gleiche Anzahl an Ersatzkarten für den Spieler gezogen." """
    found = 0
    for seed in range(120):
        st = state_of(new(seed=seed))
        for seat in (0, 1):
            assert not any(red3(c) for c in st["hands"][seat])
            assert len(st["hands"][seat]) == 15
            assert all(red3(c) for c in st["red_threes"][seat])
            found += len(st["red_threes"][seat])
    assert found >= 20


def test_drawn_red_three_is_laid_out_and_replaced_from_stock() -> None:
    """Seed "Rote Dreier": "Falls ein Spieler einen roten 3er bekommt ..., wird diese automatisch offen
    auf den Tisch gelegt. Es wird automatisch eine Ersatzkarte für den Spieler gezogen." """
    g = position(hands=[["4C", "9D", "KS"], OPP], pile=["7C"], stock_top=["3H", "5C", "3D", "6D", "8S"])
    stock_len = len(state_of(g)["stock"])
    g.play("draw")
    st = state_of(g)
    assert st["red_threes"][0] == ["3H", "3D"]
    assert Counter(st["hands"][0]) == Counter(["4C", "9D", "KS", "5C", "6D"])
    assert len(st["stock"]) == stock_len - 4
    assert g.view(0)["sides"][0]["red_threes"] == ["3H", "3D"]


def test_red_threes_do_not_help_the_initial_meld() -> None:
    """Seed "Rote Dreier": "Rote 3er sorgen für Bonuspunkte, zählen aber nicht als Figur und helfen dem
    Spieler nicht dabei, die minimale Punktzahl für das erste Ablegen von Figuren zu erreichen." """
    g = position(hands=[KINGS3 + ["5C", "6D", "9H"], OPP], red_threes=[["3D", "3D", "3H", "3H"], []], turn=PLAY)
    assert kinds(g, "meld") == set()
    assert refusal(g, "meld KC KD KH")[0] == "initial_minimum"


# ============================================================================ the turn


def test_turn_begins_with_draw_or_take_only() -> None:
    """Seed "Karten ziehen": a turn begins by drawing from the stock or taking the whole pile."""
    g = position(hands=[["QH", "QS", "5C", "6D", "7H", "9S"], OPP], pile=["7C", "QD"], melds=[[KINGS3], []])
    assert moves(g) == {"draw", "take QH QS"}
    assert refusal(g, "discard 5C")[0] == "draw_first"
    assert refusal(g, "meld QH QS 5C")[0] == "draw_first"


def test_draw_adds_two_cards_from_stock() -> None:
    """Seed "Karten ziehen (vom Kartenstapel)": "werden ihrer Hand 2 Karten hinzugefügt." """
    g = position(hands=[["4C", "9D", "KS"], OPP], pile=["7C"], stock_top=["5C", "6D", "8S"])
    n = len(state_of(g)["stock"])
    g.play("draw")
    st = state_of(g)
    assert Counter(st["hands"][0]) == Counter(["4C", "9D", "KS", "5C", "6D"])
    assert len(st["stock"]) == n - 2
    assert g.view(0)["phase"] == "play"
    assert refusal(g, "draw")[0] == "already_drew"


def test_discard_one_card_ends_the_turn() -> None:
    """Seed "Ablegen" / turn structure: the turn ends by discarding one card onto the pile."""
    g = position(hands=[["4C", "9D", "KS"], OPP], pile=["7C"], stock_top=["5C", "6D"])
    g.play("draw")
    assert kinds(g, "discard") == {"discard 4C", "discard 9D", "discard KS", "discard 5C", "discard 6D"}
    g.play("discard 9D")
    st = state_of(g)
    assert st["discard_pile"] == ["7C", "9D"]
    assert len(st["hands"][0]) == 4
    assert g.current_player == 1 and g.view(1)["phase"] == "draw"
    with pytest.raises(meldtable.NotYourTurnError):
        g.play("draw", seat=0)


def test_play_stage_moves_exact() -> None:
    """Seed "Figuren": after drawing a player may add to his melds and must discard one card."""
    g = position(hands=[["QH", "QS", "5C", "9D"], OPP], melds=[[KINGS3, ["QC", "QD", "QD"]], []], turn=PLAY)
    assert moves(g) == {"add Q QH", "add Q QS", "discard 5C", "discard 9D", "discard QH", "discard QS"}


# ============================================================================ taking the pile


def test_pile_never_taken_when_top_is_black_three() -> None:
    """Seed: "es ist unmöglich, den Ablagestapel zu nehmen, wenn ... die oberste Karte eine schwarze
    Drei oder eine wilde Karte ist." (black three on top)"""
    g = position(hands=[["3C", "3C", "QC", "JK", "5D", "6H", "8S"], OPP], pile=["QD", "3S"], melds=[[KINGS3], []])
    assert moves(g) == {"draw"}
    assert refusal(g, "take 3C 3C")[0] == "pile_blocked"
    assert g.view(0)["discard"]["blocked"] is True


def test_pile_never_taken_when_top_is_wild() -> None:
    """Seed: "es ist unmöglich, den Ablagestapel zu nehmen, wenn ... die oberste Karte eine schwarze
    Drei oder eine wilde Karte ist." (wild card on top)"""
    g = position(hands=[["QC", "JK", "2C", "2D", "5D", "6H", "8S"], OPP], pile=["QD", "JK"], melds=[[KINGS3], []])
    assert moves(g) == {"draw"}
    assert refusal(g, "take 2C 2D")[0] == "pile_wild_top"
    assert refusal(g, "take JK 2C")[0] == "pile_wild_top"


def test_black_three_covered_has_no_further_effect() -> None:
    """Seed "Schwarze Dreier": "Schwarze Dreier frieren den Ablagestapel ... nicht ein. Sobald eine andere
    Karte auf den schwarzen 3er gelegt wird, hat er keine weiteren Auswirkungen mehr." """
    g = position(hands=[["QH", "QS", "JK", "5D", "6H", "8S"], OPP], pile=["3S", "QD"], melds=[[KINGS3], []])
    assert kinds(g, "take") == {"take QH QS", "take QH JK", "take QS JK"}
    assert g.view(0)["discard"]["frozen"] is False


UNFROZEN_HAND = ["QH", "QS", "QC", "JK", "2C", "5D", "6H", "8S"]


def test_unfrozen_pile_two_naturals_or_natural_and_wild() -> None:
    """Seed "Spieler können den, nicht eingefrorenen, Ablagestapel nehmen" 1.: "die oberste Karte ...
    gemeinsam mit mindestens zwei relevanten Karten ...: zwei natürliche Karten mit demselben Wert wie
    die oberste Karte oder eine solche natürliche Karte und eine wilde Karte"."""
    g = position(hands=[UNFROZEN_HAND, OPP], pile=["7C", "QD"], melds=[[KINGS3], []])
    assert moves(g) == {
        "draw",
        "take QC QH", "take QC QS", "take QH QS",
        "take QC JK", "take QH JK", "take QS JK",
        "take QC 2C", "take QH 2C", "take QS 2C",
    }
    # two wild cards are never enough, nor cards of another rank
    assert refusal(g, "take JK 2C")[0] is not None
    assert refusal(g, "take QH 5D")[0] == "take_rank"


def test_take_with_natural_and_wild_melds_top_card_and_rest_goes_to_hand() -> None:
    """Seed pile rule 1 with a wild card: the top card and the two hand cards form the meld, "während
    der Rest des Ablagestapels zu Ihrer Hand hinzugefügt wird"."""
    g = position(hands=[UNFROZEN_HAND, OPP], pile=["4H", "7C", "QD"], melds=[[KINGS3], []])
    g.play("take QH JK")
    st = state_of(g)
    melds = {m["rank"]: Counter(m["cards"]) for m in st["melds"][0]}
    assert melds["Q"] == Counter(["QD", "QH", "JK"])
    assert Counter(st["hands"][0]) == Counter(["QS", "QC", "2C", "5D", "6H", "8S", "4H", "7C"])
    assert st["discard_pile"] == []
    assert g.view(0)["phase"] == "play"


def test_take_onto_own_meld_of_top_rank() -> None:
    """Seed pile rule 2: "Falls die oberste Karte des Ablagestapels dem Wert einer Figuren entspricht,
    die der Spieler bereits auf dem Tisch abgelegt hat, und falls er diese zu dieser Figur hinzufügen
    kann." """
    hand = ["5D", "6H", "8S", "9C"]
    g = position(hands=[hand, OPP], pile=["7C", "QD"], melds=[[KINGS3, ["QC", "QH", "QS"]], []])
    assert moves(g) == {"draw", "take"}
    g.play("take")
    st = state_of(g)
    q = next(m for m in st["melds"][0] if m["rank"] == "Q")
    assert Counter(q["cards"]) == Counter(["QC", "QH", "QS", "QD"])
    assert Counter(st["hands"][0]) == Counter(hand + ["7C"])


def test_take_onto_opponents_meld_is_not_allowed() -> None:
    """Seed pile rule 2 speaks of "eine[r] Figur, die der Spieler bereits ... abgelegt hat": the
    opponent's meld of that rank does not count."""
    g = position(hands=[["5D", "6H", "8S", "9C"], OPP], pile=["7C", "QD"], melds=[[KINGS3], [["QC", "QH", "QS"]]])
    assert moves(g) == {"draw"}
    assert refusal(g, "take")[0] == "take_no_meld"


def test_take_onto_a_meld_that_cannot_hold_the_card_is_refused() -> None:
    """Seed pile rule 2: "... und falls er diese zu dieser Figur hinzufügen kann" - with a single card
    left after the take and fewer than two canastas the turn could not end, so no take."""
    g = position(hands=[["5D"], OPP], pile=["QD"], melds=[[KINGS3, ["QC", "QH", "QS"]], []])
    assert moves(g) == {"draw"}
    assert refusal(g, "take")[0] == "keep_a_card"


def test_pile_frozen_by_a_wild_card_needs_two_naturals() -> None:
    """Seed "Der eingefrorene Ablagestapel" 2 and "Das Auftauen": "eingefroren, wenn er eine wilde Karte
    enthält (oben, in der Mitte oder unten)" ... "nur dann ... wenn er zwei oder mehr natürlich
    Karten desselben Wertes wie die oberste Karte ... hat"."""
    g = position(hands=[UNFROZEN_HAND, OPP], pile=["2C", "7C", "QD"], melds=[[KINGS3, ["QC", "QD", "QH"]], []])
    assert moves(g) == {"draw", "take QC QH", "take QC QS", "take QH QS"}
    key, msg = refusal(g, "take QH JK")
    assert key == "pile_frozen" and "two natural queens" in msg
    assert refusal(g, "take")[0] == "pile_frozen"
    v = g.view(0)["discard"]
    assert v["frozen"] is True and v["frozen_by"] == "2C"


def test_frozen_take_merges_into_existing_meld() -> None:
    """Seed "Das Auftauen": "Diese Figur kann neu sein oder denselben Wert aufweisen wie eine existierende
    Figur – in diesem Fall werden die Figuren automatisch zusammengefasst." """
    g = position(hands=[["QH", "QS", "5D", "6H", "8S"], OPP], pile=["2C", "7C", "QD"], melds=[[KINGS3, ["QC", "QD", "QH"]], []])
    g.play("take QH QS")
    q = next(m for m in g.view(0)["sides"][0]["melds"] if m["rank"] == "Q")
    assert sorted(q["cards"]) == sorted(["QC", "QD", "QH", "QD", "QH", "QS"])
    assert len(g.view(0)["sides"][0]["melds"]) == 2
    assert Counter(state_of(g)["hands"][0]) == Counter(["5D", "6H", "8S", "2C", "7C"])
    assert g.view(0)["discard"]["frozen"] is False  # the wild card went with the pile


def test_pile_frozen_for_a_player_without_meld() -> None:
    """Seed "Der eingefrorene Ablagestapel" 3: "Der Ablagestapel ist für einen Spieler eingefroren, wenn
    er noch keine erste Figur abgelegt hat." Only a natural pair may take it (minimum met: top queen
    10 + two queens 20 + joker added 50 = 80 >= 50)."""
    g = position(hands=[UNFROZEN_HAND, OPP], pile=["7C", "QD"])
    assert moves(g) == {"draw", "take QC QH", "take QC QS", "take QH QS"}
    key, msg = refusal(g, "take QH JK")
    assert key == "pile_frozen" and "initial meld" in msg


def test_a_wild_discard_freezes_the_pile_for_both_players() -> None:
    """Seed "Der eingefrorene Ablagestapel" 2: a discarded wild card freezes the pile, and it stays
    frozen when other cards are laid on it ("damit sie sichtbar bleibt, wenn andere Karten darauf
    abgelegt werden")."""
    g = position(
        hands=[["2C", "5D", "6H", "QH", "QS"], ["QC", "JK", "9S", "4H", "4D"]],
        pile=["7C"], melds=[[KINGS3], [["AC", "AD", "AH"]]], stock_top=["9C", "8D", "6S", "TH"],
    )
    g.play("draw")
    g.play("discard 2C")
    assert g.view(1)["discard"]["frozen"] is True
    assert kinds(g, "take") == set()  # wild on top
    g.play("draw")
    g.play("discard 4H")
    g.play("draw")
    g.play("discard QS")  # seat 0 discards a queen onto the frozen pile
    # seat 1 holds QC + JK: enough for an unfrozen pile, not for this frozen one
    assert g.view(1)["discard"] == {**g.view(1)["discard"], "top": "QS", "frozen": True, "frozen_by": "2C"}
    assert kinds(g, "take") == set()
    assert refusal(g, "take QC JK")[0] == "pile_frozen"


def test_queen_example_single_queen_cannot_take() -> None:
    """Seed "Ein Beispiel": "Falls die erste Karte des Ablagestapels eine Königin ist, sich eine
    zusätzliche Königin im Ablagestapel befindet und Sie eine einzelne Königin in der Hand halten,
    können Sie den Ablagestapel nicht nehmen, um eine Figur aus diesen 3 Königinnen zu bilden." """
    g = position(hands=[["QH", "5C", "6D", "7H", "9C"], OPP], pile=["7C", "QC", "8D", "QD"], melds=[[KINGS3], []])
    assert moves(g) == {"draw"}
    assert refusal(g, "take QH QC")[0] == "not_in_hand"
    assert refusal(g, "take")[0] == "take_no_meld"


def test_queen_example_two_queens_take_then_add_fourth() -> None:
    """Seed "Ein Beispiel": "Falls Sie allerdings zwei Königinnen in der Hand halten, können Sie diese
    verwenden, um, gemeinsam mit der obersten Karte des Ablagestapels, die Figur
    Königin-Königin-Königin zu bilden, während der Rest des Ablagestapels zu Ihrer Hand hinzugefügt
    wird. Danach könnten Sie die vierte Königin zur Figur hinzufügen." """
    g = position(hands=[["QH", "QS", "5C", "6D", "7H", "9C"], OPP], pile=["7C", "QC", "8D", "QD"], melds=[[KINGS3], []])
    assert moves(g) == {"draw", "take QH QS"}
    g.play("take QH QS")
    st = state_of(g)
    q = next(m for m in st["melds"][0] if m["rank"] == "Q")
    assert Counter(q["cards"]) == Counter(["QD", "QH", "QS"])
    assert Counter(st["hands"][0]) == Counter(["5C", "6D", "7H", "9C", "7C", "QC", "8D"])
    assert "add Q QC" in moves(g)
    g.play("add Q QC")
    q = next(m for m in g.view(0)["sides"][0]["melds"] if m["rank"] == "Q")
    assert sorted(q["cards"]) == ["QC", "QD", "QH", "QS"]


def test_queen_example_before_initial_meld_counts_only_top_card_with_hand() -> None:
    """Seed "Erste Figur - Daumenregeln": "kann ein Spieler nur den Wert der obersten Karte des
    Ablagestapels, gemeinsam mit den Karten der Figuren aus seiner Hand ... berücksichtigen. Es ist
    nicht möglich, andere Karten des Ablagestapels zu zählen". Top queen + two queens = 30 < 50,
    although the pile holds two aces and a joker."""
    hand = ["QH", "QS", "8H", "5C", "6D", "9C"]
    g = position(hands=[hand, OPP], pile=["AS", "AD", "JK", "7C", "QD"])
    # frozen (wild inside, and no meld yet): a natural pair, but the minimum cannot be met
    assert moves(g) == {"draw"}
    key, msg = refusal(g, "take QH QS")
    assert key == "initial_minimum" and "50" in msg
    # with two kings more in hand (top 10 + QQ 20 + KKK 30 = 60) the same take is legal
    g = position(hands=[hand + ["KC", "KD", "KH"], OPP], pile=["AS", "AD", "JK", "7C", "QD"])
    assert moves(g) == {"draw", "take QH QS"}


def test_pile_cards_taken_never_count_towards_the_minimum() -> None:
    """Seed: "Es ist nicht möglich, andere Karten des Ablagestapels zu zählen, welche Sie eventuell
    hinzufügen möchten." After taking with 30 points, melding the pile's aces adds nothing; the
    kings from the hand complete it."""
    g = position(hands=[["QH", "QS", "KC", "KD", "KH", "5C", "6D"], OPP], pile=["AS", "AD", "AC", "9C", "QD"])
    g.play("take QH QS")
    assert g.view(0)["turn"]["initial_meld_points"] == 30
    assert kinds(g, "discard") == set()  # minimum not reached yet
    g.play("meld AC AD AS")
    assert g.view(0)["turn"]["initial_meld_points"] == 30
    assert kinds(g, "discard") == set()
    assert refusal(g, "discard 9C")[0] == "initial_minimum"
    g.play("meld KC KD KH")
    assert g.view(0)["turn"]["initial_meld_points"] == 60
    assert g.view(0)["sides"][0]["melded"] is True
    assert kinds(g, "discard") == {"discard 5C", "discard 6D", "discard 9C"}


# ============================================================================ melds


def test_meld_is_a_set_of_one_rank() -> None:
    """Seed "Figuren": "Die Spieler können ihre Karten nur zu Sätzen zusammenfassen. Ein Satz besteht aus
    3 oder mehr Karten desselben Wertes"."""
    g = position(hands=[["AC", "AD", "AH", "KC", "KD", "5H", "9S"], OPP], turn=PLAY)
    assert kinds(g, "meld") == {"meld AC AD AH"}
    assert refusal(g, "meld AC AD KC")[0] == "mixed_ranks"
    with pytest.raises(meldtable.NotationError):
        g.play("meld AC AD")


def test_new_melds_are_three_cards_with_at_most_one_wild() -> None:
    """Seed "Figuren" (3+ cards, wild cards allowed) with the engine's notation: a new meld is exactly
    3 cards with at least two naturals (research C1, min_naturals_per_meld=2); more cards are added."""
    g = position(hands=[["AC", "AD", "AH", "AS", "JK", "2C", "9S", "5H"], OPP], melds=[[KINGS3], []], turn=PLAY)
    melds = kinds(g, "meld")
    assert "meld AC AD AH" in melds and "meld AC AD JK" in melds and "meld AS 2C JK" not in melds
    assert all(len(m.split()) == 4 for m in melds)
    assert refusal(g, "meld AC AD AH AS")[0] == "meld_three"
    assert refusal(g, "meld AC JK 2C")[0] == "few_naturals"


def test_meld_never_all_wild() -> None:
    """Seed: "Bitte beachten Sie, dass Figuren, die komplett aus wilden Karten bestehen, nicht
    zugelassen sind." """
    g = position(hands=[["JK", "JK", "2C", "2D", "9S", "5H"], OPP], melds=[[KINGS3], []], turn=PLAY)
    assert kinds(g, "meld") == set()
    assert refusal(g, "meld 2C 2D JK")[0] == "all_wild"


def test_meld_at_most_three_wild_cards() -> None:
    """Seed "Figuren": "es können bis zu 3 Joker oder wilde Karten hinzugefügt werden" and "vorausgesetzt,
    dass das Limit der drei wilden Karten nicht überschritten wird"."""
    two = ["QC", "QD", "QH", "QS", "JK", "2C"]
    g = position(hands=[["JK", "2D", "9S", "5H"], OPP], melds=[[KINGS3, two], []], turn=PLAY)
    assert {"add Q JK", "add Q 2D"} <= moves(g)
    three = two + ["2H"]
    g = position(hands=[["JK", "2D", "9S", "5H"], OPP], melds=[[KINGS3, three], []], turn=PLAY)
    assert "add Q JK" not in moves(g) and "add Q 2D" not in moves(g)
    assert {"add K JK", "add K 2D"} <= moves(g)
    assert refusal(g, "add Q JK")[0] == "many_wilds"


def test_one_meld_per_rank_cards_join_it() -> None:
    """Seed: "Ein Spieler darf nicht zwei separate Figuren mit demselben Wert haben. Wenn ein Spieler
    Karten ablegt, die denselben Wert aufweisen, wie eine seiner existierenden Figuren, werden diese
    Karten automatisch der Figur hinzugefügt"."""
    g = position(hands=[["QC", "QD", "QH", "5H", "9S"], OPP], melds=[[KINGS3, ["QS", "QS", "JK"]], []], turn=PLAY)
    assert kinds(g, "meld") == set()
    assert kinds(g, "add") == {"add Q QC", "add Q QD", "add Q QH"}
    assert refusal(g, "meld QC QD QH")[0] == "rank_melded"


def test_same_rank_as_opponents_meld_is_allowed() -> None:
    """Seed: "Es ist allerdings möglich, eine Figur desselben Wertes zu haben, wie eine Figur des
    Gegenspielers." """
    g = position(hands=[["QC", "QD", "QH", "5H", "9S"], OPP], melds=[[KINGS3], [["QS", "QS", "JK"]]], turn=PLAY)
    assert kinds(g, "meld") == {"meld QC QD QH"}


def test_melds_grow_without_limit_and_only_own_melds_take_cards() -> None:
    """Seed: "Die Figuren können so lang sein, wie der Spieler möchte" / "die Anzahl der Karten ist nicht
    limitiert"; cards are added to the player's own melds only."""
    g = position(hands=[["KS", "QH", "5H", "9S"], OPP], melds=[[KINGS7], [["QC", "QD", "QS"]]], turn=PLAY)
    assert kinds(g, "add") == {"add K KS"}
    assert refusal(g, "add Q QH")[0] == "no_meld"
    g.play("add K KS")
    k = g.view(0)["sides"][0]["melds"][0]
    assert len(k["cards"]) == 8 and k["canasta"] == "natural"


BLACK_OUT = [[KINGS7, QUEENS7], []]


def test_black_threes_meld_only_when_going_out() -> None:
    """Seed "Schwarze Dreier": "Ein Spieler, der alle seine Karten ablegt kann als Teil dieser letzten
    Runde eine Figur aus drei oder vier schwarzen Dreiern bilden." With two canastas the black
    threes may be melded when at most the final discard remains."""
    g = position(hands=[["3C", "3S", "3C", "9D"], OPP], melds=BLACK_OUT, turn=PLAY)
    assert moves(g) == {"meld 3C 3C 3S", "discard 3C", "discard 3S", "discard 9D"}
    g.play("meld 3C 3C 3S")
    assert moves(g) == {"discard 9D"}
    g.play("discard 9D")
    assert g.hand_over and g.results[0]["went_out"] == 0
    assert g.results[0]["sides"][0]["items"]["melded_cards"] == 70 + 70 + 15


def test_black_threes_three_or_four() -> None:
    """Seed: "eine Figur aus drei oder vier schwarzen Dreiern" - going out with four black threes, or
    three of them."""
    g = position(hands=[["3C", "3S", "3C", "3S"], OPP], melds=BLACK_OUT, turn=PLAY)
    assert moves(g) == {"meld 3C 3C 3S", "meld 3C 3S 3S", "meld 3C 3C 3S 3S", "discard 3C", "discard 3S"}
    g.play("meld 3C 3C 3S 3S")
    assert g.hand_over and g.results[0]["went_out"] == 0


def test_black_threes_without_wild_cards() -> None:
    """Seed: "In einer Figur mit schwarzen Dreiern dürfen keine wilden Karten verwendet werden." """
    g = position(hands=[["3C", "3S", "JK"], OPP], melds=BLACK_OUT, turn=PLAY)
    assert kinds(g, "meld") == set()
    assert refusal(g, "meld 3C 3S JK")[0] == "black_threes"


def test_black_threes_not_before_going_out() -> None:
    """Seed: "Eine Figur darf nicht aus 3 oder mehr schwarzen Dreiern bestehen, wobei es eine Ausnahme
    gibt" (going out). Without two canastas, or with more cards left, they cannot be melded."""
    g = position(hands=[["3C", "3S", "3C", "9D"], OPP], melds=[[KINGS7, ["QH", "QS", "QD"]], []], turn=PLAY)
    assert kinds(g, "meld") == set()
    assert refusal(g, "meld 3C 3C 3S")[0] == "black_threes_out"
    g = position(hands=[["3C", "3S", "3C", "9D", "8H"], OPP], melds=BLACK_OUT, turn=PLAY)
    assert kinds(g, "meld") == set()


def test_canasta_natural_and_mixed() -> None:
    """Seed "Reiner Canasta: ... 7 oder mehr Karten desselben Wertes ohne wilde Karten (zum Zeitpunkt der
    ursprünglichen Figur oder danach)"; "Schmutziger Canasta: ... 7 oder mehr Karten ... bis zu 3
    wilde Karten"."""
    six = ["QC", "QC", "QD", "QD", "QH", "QH"]
    g = position(hands=[["QS", "JK", "5H", "9S", "8C"], OPP], melds=[[KINGS3, six], []], turn=PLAY)
    def q() -> dict[str, Any]:
        return next(m for m in g.view(0)["sides"][0]["melds"] if m["rank"] == "Q")
    assert q()["canasta"] is None
    g.play("add Q QS")
    assert q()["canasta"] == "natural" and g.view(0)["sides"][0]["canastas"] == 1
    g.play("add Q JK")  # a wild card later makes it mixed: "ohne wilde Karten ... oder danach"
    assert q()["canasta"] == "mixed" and q()["wilds"] == 1
    # six cards with a wild are not yet a canasta
    g = position(hands=[["QS", "5H", "9S", "8C"], OPP], melds=[[KINGS3, ["QC", "QD", "QH", "QH", "JK"]], []], turn=PLAY)
    g.play("add Q QS")
    assert q()["canasta"] is None
    g.play("discard 5H")


# ============================================================================ initial meld minimum


@pytest.mark.parametrize(
    "score,minimum",
    [(-5000, 15), (-5, 15), (0, 50), (5, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (9000, 120)],
)
def test_initial_meld_minimum_table(score: int, minimum: int) -> None:
    """Seed "Anfängliche Ablagevoraussetzungen": "Negativ 15 Punkte; 0 – 1495 50 Punkte; 1500 – 2995 90
    Punkte; 3000 or more 120 Punkte" (by the player's cumulative score)."""
    g = position(hands=[["4C", "9D", "KS"], OPP], scores=[score, 0])
    v = g.view(0)
    assert v["sides"][0]["minimum"] == minimum
    assert v["turn"]["minimum"] == minimum and v["turn"]["needs_initial_meld"] is True


def test_minimum_15_at_negative_score() -> None:
    """Seed table: "Negativ 15 Punkte (d.h. kein Minimum)": three fours (15) suffice below zero, not at 0."""
    hand = ["4C", "4D", "4H", "9D", "KS"]
    g = position(hands=[hand, OPP], scores=[-5, 0], turn=PLAY)
    assert kinds(g, "meld") == {"meld 4C 4D 4H"}
    g = position(hands=[hand, OPP], scores=[0, 0], turn=PLAY)
    assert kinds(g, "meld") == set()


@pytest.mark.parametrize("score,legal", [(0, True), (1500, False)])
def test_minimum_exact_boundary(score: int, legal: bool) -> None:
    """Seed table: the meld value must reach ("erreichen oder übertreffen") the minimum: three kings (30)
    plus a two (20) is exactly 50."""
    g = position(hands=[["KC", "KD", "KH", "2C", "9D", "7S"], OPP], scores=[score, 0], turn=PLAY)
    assert ("meld KC KD KH" in moves(g)) == legal
    assert ("meld KC KD 2C" in moves(g)) == legal
    if legal:
        g.play("meld KC KD KH")
        assert kinds(g, "discard") == set()
        g.play("add K 2C")
        assert g.view(0)["sides"][0]["melded"] is True
        assert kinds(g, "discard") == {"discard 9D", "discard 7S"}


def test_several_melds_add_up_for_the_minimum() -> None:
    """Seed "Anfängliche Ablagevoraussetzungen": "der Gesamtwert der Karten, die der Spieler ablegt" -
    at 1500 points (minimum 90) three aces (60) and three kings (30) together are enough; at 3000
    (minimum 120) they are not."""
    hand = ["AC", "AD", "AH", "KC", "KD", "KH", "5C", "9D"]
    g = position(hands=[hand, OPP], scores=[1500, 0], turn=PLAY)
    assert kinds(g, "meld") == {"meld AC AD AH", "meld KC KD KH"}
    g.play("meld AC AD AH")
    assert kinds(g, "discard") == set()
    assert refusal(g, "discard 5C")[0] == "initial_minimum"
    g.play("meld KC KD KH")
    assert g.view(0)["turn"]["initial_meld_points"] == 90
    assert kinds(g, "discard") == {"discard 5C", "discard 9D"}
    g = position(hands=[hand, OPP], scores=[3000, 0], turn=PLAY)
    assert kinds(g, "meld") == set()


def test_canasta_bonus_never_counts_for_the_minimum() -> None:
    """Seed: "Spezielle Boni für rote 3er oder Canasta werden bei der Erreichung der Mindestpunktzahl
    nicht berücksichtigt." Seven fours (35 points) form a canasta but do not reach 50."""
    sevens = ["4C", "4C", "4D", "4D", "4H", "4H", "4S"]
    g = position(hands=[sevens + ["9D", "KS", "8C"], OPP], turn=PLAY)
    assert kinds(g, "meld") == set()
    assert refusal(g, "meld 4C 4D 4H")[0] == "initial_minimum"


FOURS7 = ["4C", "4C", "4D", "4D", "4H", "4H", "4S"]
FIVES7 = ["5C", "5C", "5D", "5D", "5H", "5H", "5S"]
CONCEALED_SEQ = [
    "meld 4C 4D 4H", "add 4 4C", "add 4 4D", "add 4 4H", "add 4 4S",
    "meld 5C 5D 5H", "add 5 5C", "add 5 5D", "add 5 5H", "add 5 5S",
]


def test_concealed_going_out_after_stock_draw_ignores_minimum() -> None:
    """Seed "Bitte beachten Sie: Es gibt nur eine Ausnahme für die anfängliche Mindestpunktzahl, welche
    auftritt, wenn ein Spieler vom verdeckten Kartenstapel zieht und seine gesamte Hand (mit zwei
    Canasta) ablegen kann, ohne dass er zuvor Karten abgelegt hat." 70 points at minimum 120."""
    g = position(hands=[FOURS7 + FIVES7 + ["9C"], OPP], scores=[3000, 0], turn=PLAY)
    assert "meld 4C 4D 4H" in moves(g)
    for m in CONCEALED_SEQ:
        g.play(m)
    assert moves(g) == {"discard 9C"}
    g.play("discard 9C")
    assert g.hand_over
    r = g.results[0]
    assert r["went_out"] == 0 and r["concealed"] is True
    assert r["sides"][0]["items"] == {
        "melded_cards": 70, "hand_cards": 0, "going_out": 100, "concealed": 100,
        "natural_canastas": 1000, "mixed_canastas": 0, "red_threes": 0,
    }
    assert r["sides"][0]["total"] == 1270 and g.scores[0] == 4270


def test_no_exemption_without_going_out() -> None:
    """Seed: the exception holds only when the player lays out "seine gesamte Hand (mit zwei Canasta)":
    with two cards that cannot be melded the same hand may not meld at all (minimum 120)."""
    g = position(hands=[FOURS7 + FIVES7 + ["9C", "8D"], OPP], scores=[3000, 0], turn=PLAY)
    assert kinds(g, "meld") == set()


def test_no_exemption_after_taking_the_pile() -> None:
    """Seed: the exception is for a player who "vom verdeckten Kartenstapel zieht"; taking the pile with
    two fives (15 points) cannot lead to going out below the minimum (research C15, default
    concealed_going_out_exemption="stock_draw")."""
    g = position(hands=[FOURS7 + FIVES7[:6] + ["9C"], OPP], pile=["5S"], scores=[3000, 0])
    assert moves(g) == {"draw"}
    assert refusal(g, "take 5C 5C")[0] == "initial_minimum"


# ============================================================================ going out and the hand floor


def test_no_turn_ends_with_empty_hand_before_two_canastas() -> None:
    """Seed "Ablegen": "Vor dem Ablegen von zwei Canasta, ist es unmöglich für einen Spieler, einen Zug
    ohne Karten in seiner Hand zu beenden. ... mindestens eine Karte in seiner Hand bleibt, nachdem er
    am Ende des Zuges eine Karte abgelegt hat." """
    g = position(hands=[["QH", "QS", "5C"], OPP], melds=[[KINGS7, ["QC", "QD", "QD"]], []], turn=PLAY)
    assert moves(g) == {"add Q QH", "add Q QS", "discard QH", "discard QS", "discard 5C"}
    g.play("add Q QH")
    assert moves(g) == {"discard QS", "discard 5C"}
    assert refusal(g, "add Q QS")[0] == "keep_a_card"


def test_going_out_needs_two_canastas() -> None:
    """Seed "Das Ende einer Runde": "Ein Spieler kann nur dann alle Karten ablegen, wenn er zwei oder mehr
    Canasta vorgelegt hat." With one canasta the last card cannot be discarded or melded."""
    g = position(hands=[["QH", "5C"], OPP], melds=[[KINGS7, ["QC", "QD", "QD"]], []], turn=PLAY)
    assert moves(g) == {"discard QH", "discard 5C"}  # keeps one card
    g = position(hands=[["QH", "5C"], OPP], melds=[[KINGS7, ["QC", "QD", "QD", "QS", "QS", "QC"]], []], turn=PLAY)
    # adding the queen completes the second canasta: now going out is allowed
    assert moves(g) == {"add Q QH", "discard QH", "discard 5C"}
    g.play("add Q QH")
    assert moves(g) == {"discard 5C"}
    g.play("discard 5C")
    assert g.hand_over and g.results[0]["went_out"] == 0 and g.results[0]["concealed"] is False


def test_going_out_with_or_without_final_discard() -> None:
    """Seed: "Der Spieler kann entweder alle Karten aus seiner Hand in Figuren rauslegen, oder eine Karte
    in der Hand behalten und diese auf dem Ablagestapel ablegen." """
    hand = ["QS", "AS"]
    melds = [[KINGS7, QUEENS7, ["AC", "AD", "AH"]], []]
    g = position(hands=[hand, OPP], melds=melds, turn=PLAY)
    assert moves(g) == {"add Q QS", "add A AS", "discard QS", "discard AS"}
    g.play("add Q QS")
    assert moves(g) == {"add A AS", "discard AS"}
    g.play("add A AS")  # melds the last card: out without a discard
    assert g.hand_over and g.results[0]["went_out"] == 0
    assert g.current_player is None and g.legal_moves() == []
    g2 = position(hands=[hand, OPP], melds=melds, turn=PLAY)
    g2.play("add Q QS")
    g2.play("discard AS")  # out with a final discard
    assert g2.hand_over and g2.results[0]["went_out"] == 0
    assert state_of(g2)["discard_pile"][-1] == "AS"


def test_concealed_going_out_allowed_and_scores_200_total() -> None:
    """Seed: "Ein Spieler darf auch dann seine gesamte Hand herauslegen, wenn er zuvor keine Karten in
    Figuren abgelegt hat. Indem er dies tut, erhält er den Bonus für das "verdeckte Ablegen aller
    Karten"." Bonus table: "Verdecktes Ablegen aller Karten 200" (total, research C14)."""
    hand = ["AC", "AC", "AD", "AD", "AH", "AH", "AS", "KC", "KC", "KD", "KD", "KH", "KH", "KS", "7C"]
    g = position(hands=[hand, OPP], turn=PLAY)
    seq = ["meld AC AD AH", "add A AC", "add A AD", "add A AH", "add A AS",
           "meld KC KD KH", "add K KC", "add K KD", "add K KH", "add K KS", "discard 7C"]
    for m in seq:
        g.play(m)
    assert g.hand_over
    r = g.results[0]
    assert r["concealed"] is True
    items = r["sides"][0]["items"]
    assert items["going_out"] + items["concealed"] == 200
    assert items == {"melded_cards": 210, "hand_cards": 0, "going_out": 100, "concealed": 100,
                     "natural_canastas": 1000, "mixed_canastas": 0, "red_threes": 0}


def test_last_two_cards_complete_second_canasta_and_go_out() -> None:
    """Seed "Ablegen": "Vor dem Ablegen von zwei Canasta, ist es unmöglich ..., einen Zug ohne Karten in
    seiner Hand zu beenden" and "Das Ende einer Runde": "Der Spieler kann ... alle Karten aus seiner
    Hand in Figuren rauslegen". With one canasta, a five-card queen meld and two queens in hand, the
    player adds both queens: the second one completes the second canasta and empties the hand. The
    turn never ends with an empty hand before two canastas, so adding the first queen is legal."""
    melds = [[KINGS7, ["QC", "QC", "QD", "QD", "QS"]], []]
    g = position(hands=[["QH", "QH"], OPP], melds=melds, turn=PLAY)
    assert moves(g) == {"add Q QH", "discard QH"}
    g.play("add Q QH")
    assert moves(g) == {"add Q QH"}
    g.play("add Q QH")
    assert g.hand_over and g.results[0]["went_out"] == 0
    assert g.results[0]["sides"][0]["items"]["natural_canastas"] == 1000


def test_concealed_going_out_with_two_seven_card_canastas_and_no_discard() -> None:
    """Seed: "Ein Spieler darf auch dann seine gesamte Hand herauslegen, wenn er zuvor keine Karten in
    Figuren abgelegt hat" - fourteen cards, seven aces and seven kings, melded completely (no final
    discard, "alle Karten aus seiner Hand in Figuren rauslegen")."""
    hand = ["AC", "AC", "AD", "AD", "AH", "AH", "AS", "KC", "KC", "KD", "KD", "KH", "KH", "KS"]
    g = position(hands=[hand, OPP], turn=PLAY)
    for m in ["meld AC AD AH", "add A AC", "add A AD", "add A AH", "add A AS",
              "meld KC KD KH", "add K KC", "add K KD", "add K KH", "add K KS"]:
        assert m in moves(g), m
        g.play(m)
    assert g.hand_over and g.results[0]["concealed"] is True


def test_going_out_after_earlier_meld_is_not_concealed() -> None:
    """Seed bonus table: "Alle Karten ablegen 100" - the 200 is only for a player with no earlier meld."""
    g = position(hands=[["QH"], OPP], melds=[[KINGS7, ["QC", "QC", "QD", "QD", "QS", "QS"]], []], turn=PLAY)
    g.play("add Q QH")
    r = g.results[0]
    assert r["concealed"] is False
    assert r["sides"][0]["items"]["going_out"] == 100 and r["sides"][0]["items"]["concealed"] == 0


# ============================================================================ end of the hand by the stock


def test_hand_ends_when_stock_is_exhausted() -> None:
    """Seed: "Der Kartenstapel ist aufgebraucht: falls kein Spieler alle Karten ablegen konnte und der
    Kartenstapel aufgebraucht ist, ist das Spiel sofort zu Ende" and players score "in Übereinstimmung
    mit den verbleibenden Karten in ihrer Hand" (engine: the hand ends when the next player finds the
    stock empty, research C24)."""
    g = position(hands=[["9D", "KS", "4C"], ["AC", "7H"]], melds=[[KINGS3], []], stock=["5C", "6D"])
    g.play("draw")
    assert g.view(0)["stock"] == 0
    g.play("discard 9D")
    assert g.hand_over and g.current_player is None and g.legal_moves() == []
    r = g.results[0]
    assert r["went_out"] is None and r["concealed"] is False
    assert r["sides"][0]["items"]["hand_cards"] == -(10 + 5 + 5 + 5)
    assert r["sides"][0]["items"]["melded_cards"] == 30
    assert r["sides"][1]["items"]["hand_cards"] == -(20 + 5)
    assert r["sides"][0]["total"] == 5 and r["sides"][1]["total"] == -25
    assert g.view(0)["phase"] == "hand_over"


def test_last_card_of_stock_is_a_full_draw() -> None:
    """Seed "Karten ziehen" (2 cards) with one card left (research C23): the player gets the last card
    and the hand ends when the next player finds the stock empty."""
    g = position(hands=[["9D", "KS", "4C"], ["AC", "7H"]], melds=[[KINGS3], []], stock=["5C"])
    g.play("draw")
    assert Counter(state_of(g)["hands"][0]) == Counter(["9D", "KS", "4C", "5C"])
    g.play("discard 5C")
    assert g.hand_over


def test_red_three_as_last_stock_card_ends_the_hand() -> None:
    """Seed "Der Kartenstapel ist aufgebraucht ... ist das Spiel sofort zu Ende": a red three drawn as the
    last card is laid out and the stock is empty (research C23/C24)."""
    g = position(hands=[["9D", "KS", "4C"], ["AC", "7H"]], melds=[[KINGS3], []], stock=["3H"])
    g.play("draw")
    assert g.hand_over
    st = state_of(g)
    assert st["red_threes"][0] == ["3H"]
    assert g.results[0]["sides"][0]["items"]["red_threes"] == 100


# ============================================================================ scoring


def _going_out_game(scores: Sequence[int] = (1000, -200), options: dict[str, Any] | None = None) -> Game:
    q = ["QC", "QC", "QD", "QD", "QH", "JK", "JK"]  # mixed canasta: 50 + 100 = 150
    return position(
        hands=[["AC"], ["JK", "2C", "AH", "KS", "8C", "7C", "4C", "3C"]],
        melds=[[KINGS7, q, ["AH", "AS", "AD"]], [["5C", "5D", "5H"]]],
        red_threes=[["3H"], ["3D", "3D"]],
        scores=list(scores),
        turn=PLAY,
        options=options,
    )


def test_scoring_itemised_card_values_and_bonuses() -> None:
    """Seed "Punktevergabe": "Gesamte Boni; Gesamtwert aller Karten, die am Tisch abgelegt wurden;
    Abzüglich dem Gesamtwert der Karten, die in der Hand des Spielers verbleiben", card values
    (joker 50; 2 and ace 20; K-8 10; 7-4 and black three 5), bonus table (going out 100, natural
    canasta 500, mixed 300, red three 100 each). "Es wird die Gesamtpunktezahl aller Runden ...
    berechnet. Es ist möglich, einen negativen Punktestand zu haben." """
    g = _going_out_game()
    g.play("add A AC")
    assert g.hand_over
    r = g.results[0]
    assert r["went_out"] == 0 and r["concealed"] is False
    s0, s1 = r["sides"]
    assert s0["items"] == {
        "melded_cards": 70 + 150 + 80, "hand_cards": 0, "going_out": 100, "concealed": 0,
        "natural_canastas": 500, "mixed_canastas": 300, "red_threes": 100,
    }
    assert s0["total"] == 1300 and s0["cumulative"] == 2300
    assert s1["items"] == {
        "melded_cards": 15, "hand_cards": -(50 + 20 + 20 + 10 + 10 + 5 + 5 + 5), "going_out": 0, "concealed": 0,
        "natural_canastas": 0, "mixed_canastas": 0, "red_threes": 200,
    }
    assert s1["total"] == 90 and s1["cumulative"] == -110
    assert g.scores == [2300, -110]
    for s in (s0, s1):
        assert sum(s["items"].values()) == s["total"]
    assert g.view(1)["scores"] == [2300, -110]


@pytest.mark.parametrize(
    "reds,has_meld,expected",
    [
        (["3D"], True, 100), (["3D", "3H"], True, 200), (["3D", "3H", "3H"], True, 300),
        (["3D", "3D", "3H", "3H"], True, 800),
        (["3D"], False, -100), (["3D", "3H", "3H"], False, -300), (["3D", "3D", "3H", "3H"], False, -800),
        ([], False, 0),
    ],
)
def test_red_three_bonus_and_penalty(reds: list[str], has_meld: bool, expected: int) -> None:
    """Seed bonus table: "Für jede abgelegte rote Drei, falls der Spieler mindestens eine Figur hat 100
    Punkte; Für alle vier roten Dreier 800 Punkte"; "Falls ein Spieler gar keine Figuren ablegen
    konnte, erhält er 100 negative Strafpunkte für jede rote Drei. Falls er alle vier roten Dreier hat
    und nicht ablegen konnte, erhält er Strafpunkte in Höhe von 800 Punkten." """
    g = position(
        hands=[["QH"], ["9D", "7H"]],
        melds=[[KINGS7, ["QC", "QC", "QD", "QD", "QS", "QS"]], [["AC", "AD", "AH"]] if has_meld else []],
        red_threes=[[], reds],
        turn=PLAY,
    )
    g.play("add Q QH")
    items = g.results[0]["sides"][1]["items"]
    assert items["red_threes"] == expected
    assert g.results[0]["sides"][1]["total"] == expected + (60 if has_meld else 0) - 15


def test_negative_totals_accumulate() -> None:
    """Seed: "Es ist möglich, einen negativen Punktestand zu haben" and totals are cumulative."""
    g = position(
        hands=[["QH"], ["JK", "JK", "AC"]],
        melds=[[KINGS7, ["QC", "QC", "QD", "QD", "QS", "QS"]], []],
        red_threes=[[], ["3D", "3H"]],
        scores=[0, -300],
        turn=PLAY,
    )
    g.play("add Q QH")
    s1 = g.results[0]["sides"][1]
    assert s1["total"] == -120 - 200 and s1["cumulative"] == -620
    assert g.scores[1] == -620


# ============================================================================ match end


def test_match_ends_at_target_score() -> None:
    """Seed "Das Ziel des Spiels": "Der Sieger des Spiels ist der erste, der die Zielpunktzahl erreicht,
    übertrifft (schnelles Turnier)" - default target 5000 (research C30)."""
    g = _going_out_game(scores=(3700, 4000))
    g.play("add A AC")  # seat 0: +1300 -> 5000, seat 1: +90 -> 4090
    assert g.scores == [5000, 4090]
    assert g.match_over and g.winners == [0]
    assert g.view(0)["phase"] == "match_over" and g.view(0)["match"]["winners"] == [0]
    with pytest.raises(IllegalMoveError):
        g.next_hand()
    with pytest.raises(IllegalMoveError):
        g.play("draw")


def test_match_continues_below_target_and_next_hand_deals() -> None:
    """Seed: the match goes on hand after hand ("Es wird die Gesamtpunktezahl aller Runden ... berechnet")
    and the next initial minimum follows the new total (2300 -> 90, -110 -> 15)."""
    g = _going_out_game()
    g.play("add A AC")
    assert not g.match_over and g.winners == []
    with pytest.raises(IllegalMoveError):
        g.play("draw")
    g.next_hand()
    assert g.hand_number == 2 and not g.hand_over
    v = g.view(0)
    assert v["hand_counts"] == [15, 15]
    assert v["scores"] == [2300, -110]
    assert [s["minimum"] for s in v["sides"]] == [90, 15]
    assert deck_count(g) == FULL_DECK
    with pytest.raises(IllegalMoveError):
        g.next_hand()  # the new hand is not over


def test_match_end_by_number_of_deals() -> None:
    """Seed "Das Ziel des Spiels": "oder der Spieler, der am Ende des Spiels die höchste Punktzahl
    erzielt (Runden-Turnier)" - option match_end="deals" with deals=1."""
    g = _going_out_game(options={"match_end": "deals", "deals": 1})
    g.play("add A AC")
    assert g.match_over and g.winners == [0]
    g = _going_out_game(options={"match_end": "deals", "deals": 2})
    g.play("add A AC")
    assert not g.match_over
    g.next_hand()
    assert g.hand_number == 2


def test_tie_has_several_winners() -> None:
    """Seed "Das Ziel des Spiels" names the highest score the winner; equal totals share the win
    (research C30 tie policy)."""
    g = _going_out_game(scores=(0, 1210), options={"match_end": "deals", "deals": 1})
    g.play("add A AC")
    assert g.scores == [1300, 1300]
    assert g.winners == [0, 1]


# ============================================================================ rule options (non-default values)


def test_option_going_out_discard_required() -> None:
    """Option going_out_discard="required" (research C18, seeds 001/004): going out needs a final
    discard, so the last card cannot be melded."""
    melds = [[KINGS7, QUEENS7, ["AC", "AD", "AH"]], []]
    g = position(hands=[["QS", "AS"], OPP], melds=melds, turn=PLAY, options={"going_out_discard": "required"})
    g.play("add Q QS")
    assert moves(g) == {"discard AS"}
    assert refusal(g, "add A AS")[0] == "discard_to_go_out"
    g.play("discard AS")
    assert g.hand_over and g.results[0]["went_out"] == 0


@pytest.mark.parametrize("cap,allowed", [(1, 0), (2, 1), (3, 2), (0, 2)])
def test_option_max_wilds_per_meld(cap: int, allowed: int) -> None:
    """Option max_wilds_per_meld (research C1; default 3 from the seed's "bis zu 3"; 0 = no fixed cap):
    the number of further wild cards that can be added to a meld already holding one."""
    g = position(hands=[["JK", "2D", "9S", "5H", "8C"], OPP], melds=[[KINGS3, ["QC", "QD", "QH", "QS", "JK"]], []],
                 turn=PLAY, options={"max_wilds_per_meld": cap})
    added = 0
    while "add Q JK" in moves(g) or "add Q 2D" in moves(g):
        g.play("add Q JK" if "add Q JK" in moves(g) else "add Q 2D")
        added += 1
    assert added == allowed


def test_option_max_wilds_zero_means_no_cap() -> None:
    """Option max_wilds_per_meld=0: no fixed cap - a fourth wild card may join a meld."""
    g = position(hands=[["JK", "9S", "5H", "8C"], OPP], melds=[[KINGS3, ["QC", "QD", "QH", "QS", "JK", "2C", "2D"]], []],
                 turn=PLAY, options={"max_wilds_per_meld": 0})
    assert "add Q JK" in moves(g)
    g = position(hands=[["JK", "9S", "5H", "8C"], OPP], melds=[[KINGS3, ["QC", "QD", "QH", "QS", "JK", "2C", "2D"]], []],
                 turn=PLAY)
    assert "add Q JK" not in moves(g)


def test_option_naturals_must_outnumber_wilds() -> None:
    """Option naturals_must_outnumber_wilds=True (research C1, seeds 001/004): a meld of two queens and
    one wild may not take a second wild card."""
    opts = {"naturals_must_outnumber_wilds": True}
    g = position(hands=[["2D", "9S", "5H", "8C"], OPP], melds=[[KINGS3, ["QC", "QD", "JK"]], []], turn=PLAY, options=opts)
    assert "add Q 2D" not in moves(g) and "add K 2D" in moves(g)
    g = position(hands=[["2D", "9S", "5H", "8C"], OPP], melds=[[KINGS3, ["QC", "QD", "JK"]], []], turn=PLAY)
    assert "add Q 2D" in moves(g)


def test_option_min_naturals_per_meld() -> None:
    """Option min_naturals_per_meld (research C1): with 3 a new meld and a pile take need three
    naturals; with 1 a natural and two wild cards form a meld."""
    hand = ["QH", "QS", "JK", "2C", "9S", "5H", "8C"]
    g = position(hands=[hand, OPP], melds=[[KINGS3], []], turn=PLAY, options={"min_naturals_per_meld": 3})
    assert kinds(g, "meld") == set()
    g = position(hands=[hand, OPP], melds=[[KINGS3], []], turn=PLAY, options={"min_naturals_per_meld": 1})
    assert "meld QH 2C JK" in kinds(g, "meld")
    g = position(hands=[hand, OPP], melds=[[KINGS3], []], turn=PLAY)
    assert "meld QH 2C JK" not in kinds(g, "meld") and "meld QH QS JK" in kinds(g, "meld")
    g = position(hands=[hand, OPP], pile=["7C", "QD"], melds=[[KINGS3], []], options={"min_naturals_per_meld": 3})
    assert kinds(g, "take") == {"take QH QS"}


def test_option_take_pile_with_natural_and_wild_false() -> None:
    """Option take_pile_with_natural_and_wild=False (research C10): an unfrozen pile needs two naturals."""
    g = position(hands=[UNFROZEN_HAND, OPP], pile=["7C", "QD"], melds=[[KINGS3], []],
                 options={"take_pile_with_natural_and_wild": False})
    assert moves(g) == {"draw", "take QC QH", "take QC QS", "take QH QS"}
    # the refusal says why, in a player's words (not a generic "not allowed")
    key, msg = refusal(g, "take QH JK")
    assert key != "not_allowed" and "natural" in msg, (key, msg)


def test_option_take_pile_onto_own_meld_false() -> None:
    """Option take_pile_onto_own_meld=False (research C9): the top card alone onto an existing meld no
    longer takes the pile."""
    g = position(hands=[["5D", "6H", "8S", "9C"], OPP], pile=["7C", "QD"], melds=[[KINGS3, ["QC", "QH", "QS"]], []],
                 options={"take_pile_onto_own_meld": False})
    assert moves(g) == {"draw"}


def test_option_pile_before_initial_meld_forbidden() -> None:
    """Option pile_before_initial_meld="forbidden" (research C8, seed 001): no pile before the first meld."""
    hand = ["QH", "QS", "KC", "KD", "KH", "5C", "6D"]
    g = position(hands=[hand, OPP], pile=["9C", "QD"], options={"pile_before_initial_meld": "forbidden"})
    assert moves(g) == {"draw"}
    assert refusal(g, "take QH QS")[0] == "pile_before_initial"
    g = position(hands=[hand, OPP], pile=["9C", "QD"])
    assert moves(g) == {"draw", "take QH QS"}


def test_option_upcard_cover() -> None:
    """Option upcard_cover (research C6): "wild" covers only wild upcards (a red three may lie on top),
    "none" covers nothing; the same seed deals the same cards."""
    checked = red_top = 0
    for seed, pile in _upcard_cases(400):
        if len(pile) == 1:
            continue
        none = state_of(new(seed=seed, upcard_cover="none"))["discard_pile"]
        assert none == pile[:1]
        g = new(seed=seed, upcard_cover="wild")
        only_wild = state_of(g)["discard_pile"]
        k = next(i for i, c in enumerate(pile) if not wild(c))
        assert only_wild == pile[: k + 1]
        if red3(only_wild[-1]):
            # research C7: a red three on top cannot be taken
            assert moves(g) == {"draw"}
            assert refusal(g, "take")[0] == "pile_red_three"
            red_top += 1
        checked += 1
    assert checked >= 5 and red_top >= 2


def test_option_initial_meld_table_and_negative_minimum() -> None:
    """Options initial_meld_table / initial_meld_negative_score (research C12): custom thresholds."""
    opts = {"initial_meld_table": [[0, 30], [1000, 100]], "initial_meld_negative_score": 0}
    for score, minimum in [(-20, 0), (0, 30), (999, 30), (1000, 100), (8000, 100)]:
        g = position(hands=[["4C", "9D", "KS"], OPP], scores=[score, 0], options=opts)
        assert g.view(0)["sides"][0]["minimum"] == minimum
    g = position(hands=[["KC", "KD", "KH", "9D", "7S"], OPP], turn=PLAY, options=opts)
    assert kinds(g, "meld") == {"meld KC KD KH"}


def test_option_concealed_exemption_never() -> None:
    """Option concealed_going_out_exemption="never" (research C15): a concealed going out must reach
    the minimum too."""
    g = position(hands=[FOURS7 + FIVES7 + ["9C"], OPP], scores=[3000, 0], turn=PLAY,
                 options={"concealed_going_out_exemption": "never"})
    assert kinds(g, "meld") == set()


def test_option_concealed_exemption_always_allows_pile_take() -> None:
    """Option concealed_going_out_exemption="always" (research C15): the exemption also holds when the
    turn began by taking the pile, so taking with two fives (15 points at minimum 120) is legal when
    the whole hand can then be melded with two canastas."""
    g = position(hands=[FOURS7 + FIVES7[:6] + ["9C"], OPP], pile=["5S"], scores=[3000, 0],
                 options={"concealed_going_out_exemption": "always"})
    assert moves(g) == {"draw", "take 5C 5C", "take 5C 5D", "take 5C 5H", "take 5D 5D", "take 5D 5H", "take 5H 5H"}
    g.play("take 5C 5C")
    for m in CONCEALED_SEQ[:5] + ["add 5 5D", "add 5 5D", "add 5 5H", "add 5 5H", "discard 9C"]:
        g.play(m)
    assert g.hand_over and g.results[0]["concealed"] is True


def test_option_bonus_values() -> None:
    """Options going_out_bonus, concealed_going_out_bonus, natural/mixed_canasta_bonus, red_three_bonus
    and red_three_all_four_bonus change the score items (seed bonus table values are the defaults)."""
    opts = {"going_out_bonus": 50, "natural_canasta_bonus": 400, "mixed_canasta_bonus": 250, "red_three_bonus": 70}
    g = _going_out_game(options=opts)
    g.play("add A AC")
    i0 = g.results[0]["sides"][0]["items"]
    assert (i0["going_out"], i0["natural_canastas"], i0["mixed_canastas"], i0["red_threes"]) == (50, 400, 250, 70)
    assert g.results[0]["sides"][1]["items"]["red_threes"] == 140
    hand = ["AC", "AC", "AD", "AD", "AH", "AH", "AS", "KC", "KC", "KD", "KD", "KH", "KH", "KS", "7C"]
    g = position(hands=[hand, OPP], turn=PLAY, red_threes=[["3D", "3D", "3H", "3H"], []],
                 options={"concealed_going_out_bonus": 500, "red_three_all_four_bonus": 1000})
    for m in ["meld AC AD AH", "add A AC", "add A AD", "add A AH", "add A AS",
              "meld KC KD KH", "add K KC", "add K KD", "add K KH", "add K KS", "discard 7C"]:
        g.play(m)
    i0 = g.results[0]["sides"][0]["items"]
    assert i0["going_out"] + i0["concealed"] == 500
    assert i0["red_threes"] == 1000


@pytest.mark.parametrize(
    "mode,has_meld,has_canasta,sign",
    [
        ("melded", True, False, 1), ("melded", False, False, -1),
        ("canasta", True, False, -1), ("canasta", True, True, 1),
        ("always", False, False, 1),
    ],
)
def test_option_red_three_positive_if(mode: str, has_meld: bool, has_canasta: bool, sign: int) -> None:
    """Option red_three_positive_if (research C20): "melded" (seed 000: "falls der Spieler mindestens
    eine Figur hat"), "canasta" (004 / Vienna) or "always"."""
    side1 = []
    if has_meld:
        side1 = [["AC", "AD", "AH", "AS", "AC", "AD", "AH"] if has_canasta else ["AC", "AD", "AH"]]
    g = position(hands=[["QH"], ["9D"]], melds=[[KINGS7, ["QC", "QC", "QD", "QD", "QS", "QS"]], side1],
                 red_threes=[[], ["3D", "3H"]], turn=PLAY, options={"red_three_positive_if": mode})
    g.play("add Q QH")
    assert g.results[0]["sides"][1]["items"]["red_threes"] == 200 * sign


def test_option_canastas_to_go_out_one() -> None:
    """Option canastas_to_go_out=1 (research C17, seed 001): one canasta suffices to go out."""
    g = position(hands=[["QH", "5C"], OPP], melds=[[KINGS7, ["QC", "QD", "QD"]], []], turn=PLAY,
                 options={"canastas_to_go_out": 1})
    assert moves(g) == {"add Q QH", "discard QH", "discard 5C"}
    g.play("add Q QH")
    g.play("discard 5C")
    assert g.hand_over and g.results[0]["went_out"] == 0


def test_option_draw_count_and_hand_size() -> None:
    """Options draw_count=1 (research C22) and hand_size=11 (research C29)."""
    g = position(hands=[["4C", "9D", "KS"], OPP], pile=["7C"], stock_top=["5C", "6D"], options={"draw_count": 1})
    g.play("draw")
    assert Counter(state_of(g)["hands"][0]) == Counter(["4C", "9D", "KS", "5C"])
    g = new(seed=5, hand_size=11)
    assert g.view(0)["hand_counts"] == [11, 11]
    assert deck_count(g) == FULL_DECK


def test_option_target_score() -> None:
    """Option target_score (research C30): the match ends only at the configured target."""
    g = _going_out_game(scores=(3700, 4000), options={"target_score": 6000})
    g.play("add A AC")
    assert not g.match_over
    g = _going_out_game(scores=(0, 0), options={"target_score": 1300})
    g.play("add A AC")
    assert g.match_over and g.winners == [0]


@pytest.mark.parametrize(
    "options",
    [
        {"nope": 1}, {"decks": 5}, {"jokers_per_deck": 5}, {"decks": 1}, {"hand_size": 16}, {"draw_count": 0},
        {"max_wilds_per_meld": "3"}, {"going_out_discard": "sometimes"}, {"naturals_must_outnumber_wilds": 1},
        {"initial_meld_table": [[100, 50]]}, {"initial_meld_table": "x"}, {"match_end": "never"},
        {"target_score": True}, {"deals": 0},
    ],
)
def test_invalid_options_are_refused(options: dict[str, Any]) -> None:
    """Rule options are validated: unknown names and bad values raise OptionError (a ValueError)."""
    with pytest.raises(OptionError) as e:
        meldtable.new_game(V, players=2, seed=1, options=options)
    assert isinstance(e.value, ValueError) and str(e.value)


def test_variant_options_documented_with_sources() -> None:
    """Every rule option of the variant names its source (seed sentence or research item)."""
    desc = meldtable.VARIANTS[V].describe()
    assert desc["players"] == [2] and desc["seed_file"] == "000_61593a5ffdab7f94.txt"
    for o in desc["options"]:
        assert o["source"] and o["doc"]
    names = {o["name"] for o in desc["options"]}
    assert {"max_wilds_per_meld", "going_out_discard", "take_pile_with_natural_and_wild",
            "red_three_positive_if", "match_end"} <= names


def test_only_two_players() -> None:
    """Seed "Anzahl der Spieler": "kann diese Variante nur von 2 Spielern gespielt werden"."""
    for n in (1, 3, 4):
        with pytest.raises(OptionError):
            meldtable.new_game(V, players=n, seed=1)


# ---------------------------------------------------------------------------- what counts after a pile take

_TAKE_HAND = "QH QS AH 4C 5D 6H 7S 8C 9D TH JS KC 4D 5H".split()
_TAKE_OPP = ["8D", "8H", "9C", "9S", "TC", "TD", "JC", "JD", "KD", "KH", "6C", "6D", "7C", "7D", "QC"]


def test_pile_take_counts_only_the_top_card_and_melds_from_the_hand() -> None:
    """Seed 000 'Erste Figur': »Im zweiten Fall, kann ein Spieler nur den Wert der obersten Karte des
    Ablagestapels, gemeinsam mit den Karten der Figuren aus seiner Hand für diese und jede andere
    Figur berücksichtigen.« »Es ist nicht möglich, andere Karten des Ablagestapels zu zählen«.
    The outside audit's example: no meld yet, score 0 (minimum 50), pile AD AC QD (QD on top).
    Taking with QH QS counts 30 (three queens); the only other meld, AC AD AH, holds two aces from
    the pile, so it is not a meld 'aus seiner Hand' and counts nothing: the take must be refused."""
    g = position(hands=[_TAKE_HAND, _TAKE_OPP], pile=["AD", "AC", "QD"], scores=[0, 0])
    assert "take QH QS" not in moves(g)
    key, text = refusal(g, "take QH QS")
    assert key == "initial_minimum" and "50" in text and "30 points" in text


def test_hand_cards_reading_is_an_option() -> None:
    """The engine's earlier reading (every hand card counts wherever it is melded) stays available as
    ``initial_meld_counts = hand_cards``: then the take is offered and AC AD AH completes 50."""
    g = position(hands=[_TAKE_HAND, _TAKE_OPP], pile=["AD", "AC", "QD"], scores=[0, 0],
                 options={"initial_meld_counts": "hand_cards"})
    assert "take QH QS" in moves(g)
    g.play("take QH QS")
    g.play("meld AC AD AH")
    assert state_of(g)["melded"][0] is True


def test_after_a_take_a_meld_with_pile_cards_counts_nothing_and_one_of_hand_cards_counts() -> None:
    """Same rule, after a legal take: taking with KH KS counts 30 (with the top king). The nines
    meld 9C 9D 9H holds two nines from the pile, so it counts nothing (and the minimum, 50, is still
    reachable through the aces); the meld AC AH AS of hand cards then counts 60, completing it."""
    hand = "KH KS 9D AH AS AC 4C 5D 6H 7S 8C TH".split()
    opp = ["8D", "8H", "9S", "TC", "TD", "JC", "JD", "QD", "QH", "6C", "6D", "7C", "7D", "QC", "5C"]
    g = position(hands=[hand, opp], pile=["9C", "9H", "KD"], scores=[0, 0])
    assert "take KH KS" in moves(g)
    g.play("take KH KS")
    assert state_of(g)["turn"]["initial_points"] == 30
    g.play("meld 9C 9D 9H")
    st = state_of(g)
    assert st["turn"]["initial_points"] == 30 and st["turn"]["uncounted"] == ["9"] and not st["melded"][0]
    assert "add 9 9S" not in moves(g)  # (no such card; adds to the nines would count nothing either)
    g.play("meld AC AH AS")
    st = state_of(g)
    assert st["melded"][0] is True and st["turn"]["initial_points"] == 90


# ---------------------------------------------------------------------------- black threes in the going-out turn

_QUEENS = ["QC", "QD", "QH", "QS", "QC", "QD", "QH"]
_KINGS5 = ["KH", "KS", "KC", "KD", "KH"]


def _black_three_game(hand: list[str]) -> Game:
    return position(hands=[hand, ["4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "4H", "5H", "6H"]],
                    melds=[[_QUEENS, _KINGS5], []], pile=["9D"],
                    turn={"stage": "play", "from_stock": True, "initial": False})


def test_black_threes_may_be_melded_first_in_the_going_out_turn() -> None:
    """Seed 000 'Schwarze Dreier': black threes »können nur ... abgelegt werden, wenn ein Spieler
    ausmacht« - in the turn of going out, not only as its last meld. With one canasta (queens), five
    kings on the table and KS KC in hand, the player can meld the black threes first, then complete
    the second canasta and go out by discarding the last card."""
    g = _black_three_game(["3C", "3C", "3S", "KS", "KC", "4D"])
    assert "meld 3C 3C 3S" in moves(g)
    g.play("meld 3C 3C 3S")
    # committed: the turn must end by going out, so no discard while other cards could be melded
    assert "discard 4D" not in moves(g)
    key, text = refusal(g, "discard 4D")
    assert key == "black_threes_committed" and "go out" in text
    g.play("add K KS")
    g.play("add K KC")
    g.play("discard 4D")
    assert g.hand_over and g.results[-1]["went_out"] == 0


def test_black_threes_are_refused_when_going_out_is_impossible_this_turn() -> None:
    """The same, but only one king in hand: the second canasta cannot be completed this turn, so the
    black threes cannot be melded, and the refusal says what is missing (the canastas)."""
    g = _black_three_game(["3C", "3C", "3S", "KS", "4D", "5D"])
    assert not any(m.startswith("meld 3") for m in moves(g))
    key, text = refusal(g, "meld 3C 3C 3S")
    assert key == "black_threes_out" and "2 canastas" in text


# ---------------------------------------------------------------------------- stock used up: play on discards

_WILDS = ["JK"] * 4 + ["2C", "2C", "2D", "2D", "2H", "2H", "2S", "2S"]
_ON = {"stock_exhausted": "play_on_discards"}


def _empty_stock(hand0: list[str], melds0: list[list[str]], pile_top: list[str],
                 hand1: Sequence[str] = ("4H", "5H", "6H")) -> Game:
    """Seat 0 to act with the stock used up; every wild card is in seat 1's hand, so the discard
    pile (the rest of the deck below ``pile_top``) is not frozen by a wild card."""
    return position(hands=[hand0, list(hand1) + _WILDS], melds=[melds0, []], pile=pile_top, stock=[],
                    options=_ON)


def test_play_on_discards_obliges_the_take_that_goes_onto_the_sides_meld() -> None:
    """Research C24, pagat (Classic Canasta, the option 'play_on_discards'): when the stock is used
    up, play goes on while each player takes the discard, and a player must take it when its top card
    can be added to a meld of the side. Seat 0 has melded kings; the top card is a king."""
    g = _empty_stock(["9H", "9S", "4C"], [["KC", "KD", "KH"]], ["KS"])
    legal = moves(g)
    assert "take" in legal and "pass" not in legal and "draw" not in legal
    key, text = refusal(g, "pass")
    assert key == "take_forced" and "must take" in text


def test_play_on_discards_lets_a_player_pass_which_ends_the_hand() -> None:
    """pagat: otherwise the player may take the pile (if allowed) or not; play ends with the first
    player who does not take it. Seat 0 could take the nines with its natural pair, but passes."""
    g = _empty_stock(["9H", "9S", "4C"], [["KC", "KD", "KH"]], ["9C"])
    legal = moves(g)
    assert {"take 9H 9S", "pass"} <= legal and "draw" not in legal
    g.play("pass")
    assert g.hand_over and g.results[-1]["went_out"] is None


def test_play_on_discards_ends_the_hand_when_the_next_player_cannot_take() -> None:
    """The same rule: after seat 0's discard, seat 1 cannot take the pile (no meld, no pair of its
    rank), so the hand ends at once, nobody having gone out."""
    g = _empty_stock(["9H", "9S", "4C", "8D"], [["KC", "KD", "KH"]], ["9C"])
    g.play("take 9H 9S")
    g.play("discard 4C")
    assert g.hand_over and g.results[-1]["went_out"] is None


def test_without_the_option_the_hand_ends_when_the_stock_is_used_up() -> None:
    """Seed 000 'Das Ende einer Runde': »falls ... der Kartenstapel aufgebraucht ist, ist das Spiel
    sofort zu Ende« (the two-hand preset's default, ends_hand): no turn starts on an empty stock."""
    state = position_state(hands=[["9H", "9S", "4C"], ["4H", "5H", "6H"] + _WILDS], melds=[[["KC", "KD", "KH"]], []],
                           pile=["KS"], stock=[])
    d = skeleton()
    d["state"] = state
    d["history"] = [[]]
    with pytest.raises(meldtable.StateError):
        meldtable.Game.from_json(json.dumps(d))
