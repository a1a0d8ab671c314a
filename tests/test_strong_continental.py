"""Continental's strong player (meldtable.continental.strong, issue #27): legal moves only, the
same move whatever the cards hidden from its seat are, and the decisions it was built to make
(no claims that grow the hand by a penalty card, discards that do not feed the next seat, pairs
weighed by the copies still unseen)."""
from __future__ import annotations

import random

import meldtable
from meldtable.bot import choose_move
from meldtable.cards import Card
from meldtable.continental import strong
from meldtable.continental.strong import StrongContinentalBot, buried_discards
from positions import seat_to_act
from positions_continental import PLAY_STAGE, position
from test_bot_continental import _hidden_reshuffled

V = "continental"


def _strong(g: meldtable.Game) -> str:
    return str(choose_move(g, level="strong", rng=random.Random(0), iterations=2))


def test_strong_level_plays_the_continental_strong_policy() -> None:
    """``choose_move(level="strong")`` in Continental is :func:`strong.choose_move` (no search)."""
    g = meldtable.new_game(V, players=3, seed=11)
    compared = 0
    while not g.hand_over and compared < 30:
        assert _strong(g) == str(strong.choose_move(g))
        compared += len(g.legal_moves()) > 1
        g.play(choose_move(g))
    assert compared >= 10


def test_strong_plays_legal_moves_only_to_the_end_of_whole_matches() -> None:
    """Every seat strong, 3 and 5 players, whole matches (seven deals, every contract): each move
    is among the legal moves and every deal ends."""
    for players, seed in ((3, 1), (5, 2)):
        g = meldtable.new_game(V, players=players, seed=seed)
        moves = 0
        while not g.match_over:
            while not g.hand_over:
                m = strong.choose_move(g)
                assert str(m) in {str(x) for x in g.legal_moves()}
                g.play(m)
                moves += 1
                assert moves < 20_000
            if not g.match_over:
                g.next_hand()
        assert g.hand_number == 7


def test_strong_move_is_the_same_when_hidden_cards_are_reshuffled() -> None:
    """The other seats' hands, the stocks and the buried discards dealt again (the seat's view
    unchanged): the same strong move, at many points of several deals."""
    rnd = random.Random(5)
    checked = 0
    for seed in range(3):
        g = meldtable.new_game(V, players=3, seed=seed)
        n = 0
        while not g.hand_over and n < 300:
            seat = seat_to_act(g)
            if n % 3 == 0 and not g.state.turn.joker_from:
                alt = _hidden_reshuffled(g, seat, rnd)
                assert alt.view(seat) == g.view(seat)
                assert str(strong.choose_move(alt)) == str(strong.choose_move(g))
                checked += 1
            g.play(strong.choose_move(g))
            n += 1
    assert checked > 20


def test_strong_move_is_the_same_in_another_determinization() -> None:
    """``Game.determinize`` (the search's own redistribution, known cards kept) gives the same move."""
    checked = 0
    for seed in range(4):
        g = meldtable.new_game(V, players=3, seed=20 + seed)
        for _ in range(5 + 6 * seed):
            g.play(choose_move(g))
        if g.hand_over:
            continue
        seat = seat_to_act(g)
        other = g.determinize(seat, random.Random(seed))
        assert other.view(seat) == g.view(seat)
        assert str(strong.choose_move(other)) == str(strong.choose_move(g))
        checked += 1
    assert checked >= 3


def test_strong_passes_a_claim_the_normal_player_makes() -> None:
    """A claim that makes a third queen (the normal player claims it) would also bring a penalty
    card: the strong player passes and keeps its hand at six cards."""
    g = position(hands=[["4C", "7D", "9H", "KS", "2D", "5H"], ["QC", "QD", "8S", "8H", "3C", "6S"],
                        ["AC", "AD", "TS", "JH", "2S", "4H"]],
                 pile=["5C", "QH"], turn=PLAY_STAGE, claim_queue=[1, 2], top_from=2)
    assert seat_to_act(g) == 1 and g.view(1)["phase"] == "claim"
    assert str(choose_move(g, level="normal")) == "claim"
    assert str(strong.choose_move(g)) == "pass"


def test_strong_does_not_discard_a_card_the_down_next_seat_would_add() -> None:
    """The next seat is down with a set of kings on the table. Three pairs and a king in hand: the
    normal player throws the king (the one card in no pair); the next seat would take it and add
    it, so the strong player breaks a pair instead."""
    g = position(hands=[["7C", "7D", "QC", "QD", "5H", "5D", "KH"], ["4S", "6D"], ["AC", "AD", "TS", "JH", "2S", "4H"]],
                 table=[[], [["KC", "KD", "KS"], ["8C", "8D", "8H"]], []],
                 turn=PLAY_STAGE)
    assert seat_to_act(g) == 0 and g.view(0)["seats"][1]["down"]
    assert str(choose_move(g, level="normal")) == "discard KH"
    move = str(strong.choose_move(g))
    assert move.startswith("discard") and move != "discard KH", move


def test_strong_does_not_discard_a_rank_the_next_seat_collects() -> None:
    """Two single ten-point cards to choose from (9S, KH): with nothing known the strong player
    throws 9S, as the normal player does; when the next seat is known to hold a nine it took, it
    throws the king instead."""
    g = position(hands=[["7C", "7D", "QC", "QD", "5H", "KH", "9S"], ["4S", "6S", "7S", "8S", "TS", "JS"],
                        ["AC", "AD", "TD", "JH", "2S", "4H"]],
                 turn=PLAY_STAGE)
    legal = g.legal_moves()
    assert str(choose_move(g, level="normal")) == "discard 9S"
    assert str(StrongContinentalBot(None, []).decide(g.view(0), legal)) == "discard 9S"  # type: ignore[arg-type]
    known: list[dict[str, int]] = [{}, {"9C": 1}, {}]
    assert str(StrongContinentalBot(known, []).decide(g.view(0), legal)) == "discard KH"  # type: ignore[arg-type]


def test_strong_keeps_the_pair_whose_rank_has_copies_left() -> None:
    """Seven cards, three pairs and a single to throw is the normal choice; when every other nine
    is seen (in the discard pile as it was built), the pair of nines is dead and the strong player
    breaks it rather than the single ace it could still pair."""
    bot = StrongContinentalBot(None, [Card.parse(t) for t in ("9C", "9D", "9H", "9S", "9C", "9D")])
    g = position(hands=[["9H", "9S", "5C", "5D", "6C", "6D", "AH"], ["4S", "6S", "7S", "8S", "TS", "JS"],
                        ["AC", "AD", "TD", "JH", "2S", "4H"]],
                 turn=PLAY_STAGE)
    legal = g.legal_moves()
    move = bot.decide(g.view(0), legal)  # type: ignore[arg-type]
    assert str(move) in ("discard 9H", "discard 9S"), move
    assert str(StrongContinentalBot(None, []).decide(g.view(0), legal)) == "discard AH"  # type: ignore[arg-type]


def test_buried_discards_follow_discards_takes_and_claims() -> None:
    """``discard X`` puts X on the pile, ``take`` and ``claim`` remove its top."""
    moves = ["draw", "discard 4C", "take", "discard 9H", "draw", "claim", "discard KS", "draw", "pass", "discard 2D"]
    assert [c.text for c in buried_discards(moves)] == ["KS", "2D"]



def test_strong_draws_where_a_take_only_swaps_one_pair_for_another() -> None:
    """A set of sevens, a pair of queens and a five: the top discard 5C would make a second pair,
    and one of the two must be broken again at once (six cards hold a set, a pair and a single
    either way). The normal player takes it; the strong player draws (a queen or a joker from the
    stock would complete its contract)."""
    g = position(hands=[["7C", "7D", "7H", "QC", "QD", "5H"], ["4S", "6S", "8S", "9S", "TS", "JS"],
                        ["AC", "AD", "TD", "JH", "2S", "4H"]],
                 pile=["3D", "5C"], top_claimable=False)
    assert g.view(0)["phase"] == "draw"
    assert str(choose_move(g, level="normal")) == "take"
    assert str(strong.choose_move(g)) == "draw"


def test_strong_takes_a_card_that_makes_a_set() -> None:
    """Pairs of sevens and queens and two singles: 7S makes a set (and the hand keeps its queens):
    the strong player takes it, as the normal player does."""
    g = position(hands=[["7C", "7D", "QC", "QD", "5H", "9S"], ["4S", "6S", "8S", "TS", "JS", "KS"],
                        ["AC", "AD", "TD", "JH", "2S", "4H"]],
                 pile=["3D", "7S"], top_claimable=False)
    assert str(choose_move(g, level="normal")) == "take"
    assert str(strong.choose_move(g)) == "take"


def test_sets_ready_agrees_with_the_lay_down_planner() -> None:
    """``sets_ready`` (the strong player's fast check) answers as ``Packer.feasible`` for contracts
    of 1-3 sets on random hands of 3-12 cards from two decks with jokers."""
    from meldtable.cards import standard_deck
    from meldtable.continental.planner import Packer
    from meldtable.continental.strong import sets_ready
    from meldtable.multiset import counted

    rules = meldtable.new_game(V, players=3, seed=1).state.rules
    deck = standard_deck(2, 2)
    rnd = random.Random(5)
    ready = 0
    for _ in range(3000):
        hand = counted(rnd.sample(deck, rnd.randint(3, 12)))
        for sets in (1, 2, 3):
            expected = Packer(rules, hand).feasible((), sets, 0, 0)
            assert sets_ready(hand, sets) == expected, (hand, sets)
            ready += expected
    assert ready > 300
