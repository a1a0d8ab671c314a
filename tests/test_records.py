"""Game records (issue #30, docs/records.md): a record replays to exactly the same game for every
variant and player count (random and computer games, several deals, to the match end, mid-hand);
a record that does not replay is refused with the move number, its text and the engine's reason;
names and comments survive; the sharing rule (a seat's record of an unfinished hand shows nothing
hidden from that seat); the protocol ops' plain-dict handlers."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from meldtable import VARIANTS, Game, MeldtableError, NotationError, OptionError, StateError, new_game
from meldtable.bot import choose_move
from meldtable.game import BUDGET
from meldtable.records import (
    MAX_RECORD_MOVES,
    REASONS,
    api_load_record,
    api_record,
    escape,
    from_record,
    parse_record,
    replay,
    to_record,
    unescape,
)

ALL = [(vid, n) for vid, v in VARIANTS.items() for n in v.players]
DOC = Path(__file__).resolve().parent.parent / "docs" / "records.md"


def play_on(g: Game, steps: int, rnd: random.Random, *, bot_share: float = 0.5) -> Game:
    """Play ``steps`` moves (a mix of computer and random legal moves), dealing on between hands."""
    for _ in range(steps):
        if g.match_over:
            break
        if g.hand_over:
            g.next_hand()
            continue
        g.play(choose_move(g) if rnd.random() < bot_share else rnd.choice(g.legal_moves()))
    return g


def same(a: Game, b: Game) -> bool:
    return a == b and a.to_json() == b.to_json() and a.history == b.history


@pytest.mark.parametrize("vid,players", ALL)
def test_round_trip_every_variant_and_player_count(vid: str, players: int) -> None:
    rnd = random.Random(f"{vid}{players}")
    g = new_game(vid, players=players, seed=rnd.randrange(10**6))
    checked = 0
    for _ in range(6):  # mid-hand records, records after a hand ended, after the next deal began
        play_on(g, rnd.randrange(1, 160), rnd)
        text = to_record(g)
        assert text.isascii() and text.startswith("[meldtable record 1]\n")
        assert parse_record(text).text() == text  # the parsed record writes the same text back
        back = from_record(text)
        assert same(back, g), (vid, players, g.hand_number)
        assert back.legal_moves() == g.legal_moves()
        checked += 1
    assert checked == 6


@pytest.mark.parametrize("vid", list(VARIANTS))
def test_computer_match_to_the_end_replays(vid: str) -> None:
    v = VARIANTS[vid]
    for players in sorted({min(v.players), v.usual_players or min(v.players)}):
        g = new_game(vid, players=players, seed=4)
        while not g.match_over:
            play_on(g, 1, random.Random(0), bot_share=1.0)
        text = to_record(g)
        rec = parse_record(text)
        assert rec.moves == sum(map(len, g.history)) and len(rec.deals) == g.hand_number
        assert same(from_record(text), g)


def test_random_games_over_several_deals() -> None:
    rnd = random.Random(30)
    for vid, players in rnd.sample(ALL, 8):
        g = play_on(new_game(vid, players=players, seed=rnd.randrange(99)), 900, rnd, bot_share=0.0)
        assert same(from_record(to_record(g)), g), vid


@pytest.mark.parametrize("vid,players", [("canasta-classic", 2), ("continental", 3)])
def test_a_game_with_moves_taken_back_replays(vid: str, players: int) -> None:
    g = new_game(vid, players=players, seed=6)
    undone = 0
    for _ in range(400):
        if g.hand_over:
            break
        if g.undo_error() is None and undone < 3:
            g.undo()
            undone += 1
            assert same(from_record(to_record(g)), g)
        g.play(choose_move(g))
    assert undone == 3 and same(from_record(to_record(g)), g)


def test_fresh_game_and_empty_deals() -> None:
    g = new_game("kanaster", players=4, seed=1)
    text = to_record(g)
    assert text.rstrip().endswith("[deal 1]") and same(from_record(text), g)
    g = play_on(new_game("canasta-two-hand", players=2, seed=2), 5000, random.Random(1), bot_share=1.0)
    assert g.hand_over or g.match_over
    if not g.match_over:
        g.next_hand()  # the new deal has no moves yet: its section is empty and the replay deals it
    assert same(from_record(to_record(g)), g)


def test_only_options_differing_from_the_preset_are_written() -> None:
    g = new_game("canasta-classic", players=4, seed=9)
    assert "option " not in to_record(g)
    g = new_game("continental", players=3, seed=9, options={"ace": "high_or_low", "decks": 2,
                                                           "down_and_out_bonus": -10})
    text = to_record(g)
    assert re.findall(r"^option (\w+): (.*)$", text, re.M) == [("ace", "high_or_low"), ("down_and_out_bonus", "-10")]
    play_on(g, 80, random.Random(2))
    assert same(from_record(to_record(g)), g)
    g = new_game("canasta-classic", players=4, seed=1, options={"initial_meld_table": [[0, 15], [1000, 60]]})
    play_on(g, 60, random.Random(3))
    text = to_record(g)
    assert "option initial_meld_table: [[0, 15], [1000, 60]]\n" in text and same(from_record(text), g)


def test_options_are_validated_through_the_variant() -> None:
    base = "[meldtable record 1]\nvariant: continental\nplayers: 3\nseed: 1\n"
    with pytest.raises(StateError) as e:
        from_record(base + "option ace: sideways\n")
    assert e.value.key == "record_option_invalid" and e.value.params["line"] == 5
    assert "Spielregel" in e.value.message("de") or "sideways" in e.value.message("de")
    with pytest.raises(StateError) as e:
        from_record(base + "option no_such_rule: 1\n")
    assert e.value.key == "record_option_invalid"


def test_position_start_round_trips_and_needs_its_position() -> None:
    text = "variant: canasta-two-hand\nturn: 0 draw\nhand 0: QH QS AH AS AC 5C 6D 7S 8H 9C TD JD KC KS\n" \
           "pile: 2C 9D QD   # bottom first\n"
    g = Game.from_position(text)
    fresh = to_record(g)  # no move yet: the game's own position is its start
    assert "[position]" in fresh and same(from_record(fresh), g)
    play_on(g, 40, random.Random(5))
    with pytest.raises(StateError) as e:
        to_record(g)
    assert e.value.key == "record_start_unknown" and "Stellung" in e.value.message("de")
    rec_text = to_record(g, position=text)
    _, answer = api_load_record({"record": rec_text})
    assert parse_record(rec_text).players == 0 and answer["record"]["players"] == 2  # the position named no count
    assert "# bottom first" in rec_text and "seed:" not in rec_text.split("[position]")[0]
    assert same(from_record(rec_text), g)


def test_position_start_at_a_later_deal() -> None:
    g = Game.from_position("variant: continental\nplayers: 3\ndeal: 3\nseed: 8\n")
    play_on(g, 300, random.Random(3), bot_share=1.0)
    text = to_record(g, position="variant: continental\nplayers: 3\ndeal: 3\nseed: 8\n")
    assert "[deal 3]" in text and "[deal 1]" not in text
    assert same(from_record(text), g)
    with pytest.raises(StateError) as e:
        from_record(text.replace("[deal 3]", "[deal 1]").replace("[deal 4]", "[deal 2]")
                    .replace("[deal 5]", "[deal 3]"))
    assert e.value.key == "record_first_deal" and e.value.params["expected"] == 3


def test_names_and_comments_survive_and_stay_text() -> None:
    g = play_on(new_game("3-ist-50", players=3, seed=5), 12, random.Random(1))
    comments = {0: "An example hand.\nSecond line.", 1: "J\u00fcrgen opens {boldly} \\ with a five",
                5: "<script>alert(1)</script> & <b>", 12: "}\n[deal 2]\ndraw {", 3: "\U0001f600 smile"}
    text = to_record(g, names=["Anna", None, "J\u00fcrgen"], comments=comments)
    assert text.isascii()
    rec = parse_record(text)
    assert rec.names == ("Anna", None, "J\u00fcrgen") and rec.comment == comments[0]
    assert dict(rec.comments) == {k: v for k, v in comments.items() if k}
    assert rec.moves == 12 and len(rec.deals) == 1  # the comment's "[deal 2]" and "draw" are text, not lines
    assert same(from_record(text), g)
    assert to_record(g, names={"1": "Ben"}).count("name ") == 1


@pytest.mark.parametrize("text", ["", "Anna\n", "x" * 41, 7])
def test_bad_names_are_refused(text: object) -> None:
    g = new_game("kanaster", players=2, seed=1)
    with pytest.raises(OptionError) as e:
        to_record(g, names=[text])
    assert e.value.key == "record_name_text" and e.value.params["seat"] == 0
    with pytest.raises(OptionError) as e:
        to_record(g, names=["a", "b", "c"])
    assert e.value.key == "record_names"


def test_bad_comments_are_refused() -> None:
    g = play_on(new_game("kanaster", players=2, seed=1), 3, random.Random(1))
    for comments, key in (([1], "record_comments"), ({4: "x"}, "record_comment_move"), ({-1: "x"}, "record_comment_move"),
                          ({1: ""}, "record_comment_text"), ({1: "a\x00b"}, "record_comment_text"),
                          ({1: "x" * 2001}, "record_comment_text"), ({"one": "x"}, "record_comments")):
        with pytest.raises(OptionError) as e:
            to_record(g, comments=comments)
        assert e.value.key == key, comments


def test_a_record_over_the_size_limit_is_refused_when_written() -> None:
    g = play_on(new_game("continental", players=4, seed=1), 200, random.Random(1), bot_share=1.0)
    comments = {k: "\u00e9" * 2000 for k in range(1, 40)}  # 12,000 characters each once escaped
    with pytest.raises(NotationError) as e:
        to_record(g, comments=comments)
    assert e.value.key == "record_too_long" and e.value.params["length"] > 250_000


def test_escapes_round_trip() -> None:
    rnd = random.Random(7)
    alphabet = "ab {}\\\n\u00e4\u00df\u20ac\U0001f600<>&\"'#:"
    for _ in range(300):
        s = "".join(rnd.choice(alphabet) for _ in range(rnd.randrange(1, 30)))
        e = escape(s)
        assert e.isascii() and "\n" not in e and unescape(e, 1) == s
    for bad in ("\\x41", "\\u12", "\\", "\\U00110000", "\\u0007"):
        with pytest.raises(NotationError) as err:
            unescape(bad, 4)
        assert err.value.key in ("record_escape", "record_text_char") and err.value.params["line"] == 4


# ---------------------------------------------------------------------------- refusals


def _record(vid: str = "canasta-two-hand", players: int = 2, steps: int = 30) -> tuple[Game, str]:
    g = play_on(new_game(vid, players=players, seed=3), steps, random.Random(9), bot_share=1.0)
    return g, to_record(g)


@pytest.mark.parametrize("vid,players", [("canasta-two-hand", 2), ("continental", 4), ("3-ist-50", 3)])
def test_a_record_that_does_not_replay_names_the_move_and_the_reason(vid: str, players: int) -> None:
    g, text = _record(vid, players)
    lines = text.split("\n")
    body = [i for i, ln in enumerate(lines) if ln and not ln.startswith("[") and ":" not in ln]
    k = body[10]
    lines[k] = "discard QX"  # malformed notation
    with pytest.raises(StateError) as e:
        from_record("\n".join(lines))
    assert e.value.key == "record_replay" and e.value.params["move"] == 11
    assert e.value.params["text"] == "'discard QX'" and e.value.params["reason"]
    assert "Move 11" in str(e.value) and "Zug 11" in e.value.message("de") and "QX" in e.value.message("de")
    # a well-formed move that is illegal there: the engine's own reason and key
    work = replay(parse_record(text), moves=10)
    bad = next(t for t in ("meld AS AS AS", "take", "draw", "pass", "play AS middle", "discard AS")
               if work.explain(t) is not None)
    lines[k] = bad
    with pytest.raises(StateError) as e:
        from_record("\n".join(lines))
    try:
        work.play(bad)
    except Exception as engine_error:  # noqa: BLE001 - the engine's own refusal to compare with
        assert e.value.params["reason"] == getattr(engine_error, "key", None)
        assert e.value.params["en"] == engine_error.message("en")  # type: ignore[attr-defined]
    assert e.value.params["move"] == 11 and e.value.params["deal"] == 1


def test_moves_after_the_hand_ended_and_a_deal_that_cannot_start() -> None:
    g = play_on(new_game("canasta-two-hand", players=2, seed=3), 5000, random.Random(9), bot_share=1.0)
    while not g.hand_over:
        play_on(g, 1, random.Random(0), bot_share=1.0)
    text = to_record(g)
    with pytest.raises(StateError) as e:
        from_record(text + "draw\n")
    assert e.value.key == "record_replay" and e.value.params["reason"] in ("hand_over_next", "match_over")
    short = text.split("\n")
    cut = max(i for i, ln in enumerate(short) if ln.startswith("[deal"))
    if cut > 2 and short[cut - 1] == "":
        broken = "\n".join(short[: cut - 2] + short[cut - 1:])  # the last move of the previous deal gone
        with pytest.raises(StateError) as e:
            from_record(broken)
        assert e.value.key in ("record_next_deal", "record_replay")


MALFORMED = [
    ("", NotationError, "record_first_line"),
    ("variant: kanaster\n", NotationError, "record_first_line"),
    ("[meldtable record 2]\n", StateError, "record_version"),
    ("[meldtable record 1]\nvariant: kanaster\nplayers: 2\n", NotationError, "record_missing"),
    ("[meldtable record 1]\nvariant: kanaster\nplayers: 2\nseed: 1\ncolour: red\n", NotationError, "record_key_unknown"),
    ("[meldtable record 1]\nvariant: kanaster\nvariant: kanaster\n", NotationError, "record_twice"),
    ("[meldtable record 1]\nvariant: poker\nplayers: 2\nseed: 1\n", NotationError, "record_variant_unknown"),
    ("[meldtable record 1]\nvariant: kanaster\nplayers: 9\nseed: 1\n", NotationError, "record_players_allowed"),
    ("[meldtable record 1]\nvariant: kanaster\nplayers: 2\nseed: x\n", NotationError, "record_number"),
    ("[meldtable record 1]\nvariant: kanaster\nplayers: 2\nseed: 1\n[game 1]\n", NotationError, "record_section_unknown"),
    ("[meldtable record 1]\nvariant: kanaster\nplayers: 2\nseed: 1\n[deal 2]\n", StateError, "record_first_deal"),
    ("[meldtable record 1]\nvariant: kanaster\nplayers: 2\nseed: 1\n[deal 1]\n[deal 3]\n", NotationError,
     "record_deal_order"),
    ("[meldtable record 1]\nvariant: kanaster\nplayers: 2\nseed: 1\n[deal 1]\n[position]\n", NotationError,
     "record_section_order"),
    ("[meldtable record 1]\nvariant: kanaster\nplayers: 2\nseed: 1\ndraw\n", NotationError, "record_before_deal"),
    ("[meldtable record 1]\nvariant: kanaster\nplayers: 2\nseed: 1\n[deal 1]\ndraw {open\n", NotationError,
     "record_comment_shape"),
    ("[meldtable record 1]\nvariant: kanaster\nplayers: 2\nseed: 1\n[deal 1]\ndraw {a}b}\n", NotationError,
     "record_comment_shape"),
    ("[meldtable record 1]\nvariant: kanaster\nplayers: 2\nseed: 1\n[deal 1]\n{only a comment}\n", NotationError,
     "record_comment_shape"),
    ("[meldtable record 1]\nvariant: kanaster\nplayers: 2\nseed: 1\nname 0: J\u00fcrgen\n", NotationError,
     "record_not_ascii"),
    ("[meldtable record 1]\nvariant: kanaster\nplayers: 2\nseed: 1\nname 2: Anna\n", NotationError,
     "record_seat_range"),
    ("[meldtable record 1]\nvariant: kanaster\nplayers: 2\nseed: 1\nname 0: " + "a" * 41 + "\n", NotationError,
     "record_name_long"),
    ("[meldtable record 1]\nvariant: kanaster\nplayers: 2\nseed: 1\nname 0: \\q\n", NotationError, "record_escape"),
    ("[meldtable record 1]\nvariant: kanaster\nplayers: 2\nseed: 1\nview: 0\n", NotationError, "record_view_start"),
    ("[meldtable record 1]\nvariant: kanaster\n[position]\nvariant: kanaster\n", NotationError, "record_start_twice"),
    ("[meldtable record 1]\n[position]\nvariant: kanaster\nhand 0: QX\n", StateError, "record_start"),
    ("[meldtable record 1]\nview: 5\n[position]\nvariant: kanaster\nplayers: 2\n", StateError, "record_view_seat"),
    ("[meldtable record 1]\nvariant: kanaster\nplayers: 2\nseed: 1\n[deal 1]\n" + "x" * 501 + "\n", NotationError,
     "record_move_long"),
    ("[meldtable record 1]\nvariant: kanaster\nplayers: 2\nseed: 1\noption target: " + "1" * 2001 + "\n",
     NotationError, "record_option_long"),
    ("[meldtable record 1]\nvariant: canasta-classic\nplayers: 2\nseed: 1\noption partnerships: nonsense\n",
     StateError, "record_option_invalid"),
]


@pytest.mark.parametrize("text,error,key", MALFORMED)
def test_malformed_records_are_refused_with_their_reason(text: str, error: type[MeldtableError], key: str) -> None:
    with pytest.raises(error) as e:
        from_record(text)
    assert e.value.key == key, (e.value.key, str(e.value))
    assert e.value.message("de") != e.value.message("en")
    assert not re.search(r"\{[a-z_]+(:[^}]*)?\}", e.value.message("en") + e.value.message("de"))  # all filled in


def test_size_limits_refuse_before_any_work() -> None:
    with pytest.raises(NotationError) as e:
        from_record("[meldtable record 1]\n" + " " * 250_000)
    assert e.value.key == "record_too_long" and e.value.params["limit"] == 250_000
    head = "[meldtable record 1]\nvariant: canasta-two-hand\nplayers: 2\nseed: 1\n[deal 1]\n"
    BUDGET.limit, BUDGET.spent = 10**9, 0
    try:
        with pytest.raises(NotationError) as e:
            from_record(head + "draw\n" * (MAX_RECORD_MOVES + 1))
        assert e.value.key == "record_too_many_moves" and BUDGET.spent == 0  # refused before one move is played
        with pytest.raises(StateError) as e2:  # a long record of illegal moves stops at the first
            from_record(head + "draw\n" * MAX_RECORD_MOVES)
        assert e2.value.key == "record_replay" and BUDGET.spent <= 3
    finally:
        BUDGET.limit, BUDGET.spent = None, 0
    with pytest.raises(NotationError) as e:
        parse_record(head + "draw {" + "x" * 2001 + "}\n")
    assert e.value.key == "record_comment_long"
    with pytest.raises(NotationError) as e:
        parse_record(7)
    assert e.value.key == "record_not_text"


def test_the_request_budget_passes_through_unwrapped() -> None:
    g = play_on(new_game("continental", players=4, seed=2), 400, random.Random(4), bot_share=1.0)
    text = to_record(g)
    BUDGET.limit, BUDGET.spent = 50, 0
    try:
        with pytest.raises(Exception) as e:
            from_record(text)
        assert getattr(e.value, "key", None) == "request_budget"
    finally:
        BUDGET.limit, BUDGET.spent = None, 0


# ---------------------------------------------------------------------------- sharing from a seat


def _mid_hand(vid: str, players: int, seed: int) -> Game:
    """A game inside its first hand, at a point a position can express (``to_position`` works)."""
    g = new_game(vid, players=players, seed=seed)
    rnd = random.Random(seed)
    for _ in range(200):
        play_on(g, 1, rnd, bot_share=1.0)
        if g.hand_over:
            g = new_game(vid, players=players, seed=seed + 1)
            continue
        if len(g.history[-1]) > 12:
            try:
                g.to_position()
                return g
            except StateError:
                continue
    raise AssertionError("no writable point found")


def _hidden_swapped(g: Game, seat: int) -> Game:
    """The same table as ``seat`` sees it, with different hidden cards: one card of another seat's
    hand swapped with a different card of the stock (or of another hidden line)."""
    lines = g.to_position().splitlines()
    hidden = [i for i, ln in enumerate(lines) if (ln.startswith("hand ") and not ln.startswith(f"hand {seat}:"))
              or ln.split(":")[0] in ("stock", "penalty")]
    for i in hidden:
        for j in hidden:
            if i >= j:
                continue
            a, b = lines[i].split(": ")[1].split(), lines[j].split(": ")[1].split()
            for x in range(len(a)):
                for y in range(len(b)):
                    if a[x] != b[y] and a[x] not in ("3H", "3D") and b[y] not in ("3H", "3D"):
                        a2, b2 = list(a), list(b)
                        a2[x], b2[y] = b[y], a[x]
                        trial = list(lines)
                        trial[i] = lines[i].split(": ")[0] + ": " + " ".join(a2)
                        trial[j] = lines[j].split(": ")[0] + ": " + " ".join(b2)
                        try:
                            return Game.from_position("\n".join(trial))
                        except StateError:
                            continue
    raise AssertionError("no swap")


@pytest.mark.parametrize("vid,players", [("canasta-two-hand", 2), ("canasta-classic", 4), ("kanaster", 3),
                                         ("continental", 4), ("3-ist-50", 4)])
def test_a_seat_record_of_an_unfinished_hand_reveals_nothing_hidden(vid: str, players: int) -> None:
    g = _mid_hand(vid, players, 21)
    real = Game.from_position(g.to_position())
    other = _hidden_swapped(g, 0)
    assert other.view(0) == real.view(0) and other != real
    mine, theirs = to_record(real, seat=0), to_record(other, seat=0)
    assert mine == theirs  # the record is a function of what seat 0 sees only
    rec = parse_record(mine)
    assert rec.view == 0 and rec.seed is None and rec.moves == 0
    assert not re.search(r"^seed:", mine, re.M) and str(g.seed) not in re.findall(r"seed: (\d+)", mine)
    shown = from_record(mine)
    assert shown.view(0)["hand"] == g.view(0)["hand"] and shown.current_player == g.current_player
    full = to_record(g, seat=0) if g.match_over else None
    assert full is None


def test_seat_records_of_every_variant_load_or_refuse_clearly() -> None:
    refused = loaded = 0
    for vid, players in ALL:
        g = new_game(vid, players=players, seed=12)
        for _ in range(60):
            play_on(g, 1, random.Random(1), bot_share=1.0)
            if g.hand_over:
                break
            seat = g.current_player or 0
            try:
                text = to_record(g, seat=(seat + 1) % players)
            except StateError as e:
                assert e.key == "record_mid_turn" and "Platz" in e.message("de")
                refused += 1
                continue
            shown = from_record(text)
            assert shown.view((seat + 1) % players)["hand"] == g.view((seat + 1) % players)["hand"]
            assert shown.legal_moves() == g.legal_moves() or shown.current_player != (seat + 1) % players
            loaded += 1
    assert loaded > 10 * refused


def test_a_finished_deal_of_a_match_that_goes_on_is_shared_without_the_seed() -> None:
    g = new_game("kanaster", players=4, seed=7)
    while not g.hand_over:
        play_on(g, 1, random.Random(0), bot_share=1.0)
    assert not g.match_over
    text = to_record(g, seat=2, comments={1: "first move"})
    rec = parse_record(text)
    assert rec.seed is None and rec.view is None and "seed:" not in text
    assert rec.deals == (tuple(g.history[-1]),) and rec.comments == {1: "first move"}
    back = from_record(text)
    assert back.hand_over and back.results[-1]["sides"][0]["items"] == g.results[-1]["sides"][0]["items"]
    g.next_hand()
    play_on(g, 30, random.Random(2), bot_share=1.0)
    while not g.hand_over:
        play_on(g, 1, random.Random(0), bot_share=1.0)
    second = parse_record(to_record(g, seat=0))
    assert second.first_deal == g.hand_number and second.deals == (tuple(g.history[-1]),)


def test_a_finished_deal_of_a_game_from_a_position_is_shared_from_its_position() -> None:
    start = "variant: continental\nplayers: 3\nseed: 5\n"
    g = Game.from_position(start)
    while not g.hand_over:
        play_on(g, 1, random.Random(0), bot_share=1.0)
    with pytest.raises(StateError) as e:  # the game cannot say where it started
        to_record(g, seat=1)
    assert e.value.key == "record_start_unknown"
    try:
        text = to_record(g, seat=1, position=start)
    except StateError as refused:  # a reshuffled stock: only once the match is over
        assert refused.key == "record_between_deals"
    else:
        assert "seed:" not in text and parse_record(text).deals == (tuple(g.history[-1]),)
        assert [s["total"] for s in from_record(text).results[-1]["sides"]] == \
            [s["total"] for s in g.results[-1]["sides"]]


def test_a_finished_match_is_shared_in_full() -> None:
    g = new_game("3-ist-50", players=3, seed=7)
    while not g.match_over:
        play_on(g, 1, random.Random(0), bot_share=1.0)
    assert to_record(g, seat=1) == to_record(g) and parse_record(to_record(g, seat=1)).seed == 7
    with pytest.raises(OptionError) as e:
        to_record(g, seat=3)
    assert e.value.key == "no_such_seat"


# ---------------------------------------------------------------------------- protocol ops


def test_api_ops_take_and_give_plain_json() -> None:
    g = play_on(new_game("canasta-classic", players=4, seed=5), 50, random.Random(6), bot_share=1.0)
    answer = api_record(g, {"names": ["A", "B"], "comments": {"3": "three"}})
    assert json.loads(json.dumps(answer)) == answer and answer["view"] is None
    assert answer["moves"] == sum(map(len, g.history)) > 20
    game, loaded = api_load_record({"record": answer["record"]})
    assert same(game, g) and json.loads(json.dumps(loaded)) == loaded
    assert loaded["record"]["names"] == ["A", "B"] and loaded["record"]["comments"] == {"3": "three"}
    part, _ = api_load_record({"record": answer["record"], "moves": 20})
    assert part.history == [g.history[0][:20]] and part.hand_number == 1
    for bad in ({"record": answer["record"], "moves": 51}, {"record": answer["record"], "moves": True}):
        with pytest.raises(OptionError) as e:
            api_load_record(bad)
        assert e.value.key == "record_request"
    with pytest.raises(NotationError) as e3:
        api_load_record({})
    assert e3.value.key == "record_not_text"
    shared = api_record(g, {"seat": 1})
    assert shared["view"] == 1 or shared["view"] is None


# ---------------------------------------------------------------------------- the catalogue

SAMPLE = {
    "line": 7, "text": "'[game 1]'", "word": "'colour'", "keys": "variant, players", "item": "seed", "deal": 2,
    "expected": 3, "value": "'x'", "high": 3, "limit": 40, "char": "U+00FC", "en": "An English reason.",
    "de": "Ein deutscher Grund.", "variant": "'poker'", "known": "kanaster, continental", "allowed": [2, 3],
    "type": "int", "length": 250001, "version": "'2'", "count": 10001, "move": 11, "reason": "pile_frozen",
    "seat": 1, "players": 4, "moves": 3, "field": "moves",
}


def test_every_record_reason_has_both_texts() -> None:
    from meldtable.reasons import LANGUAGES, fields

    assert REASONS.family == "record" and len(REASONS.reasons) >= 30
    for key, reason in REASONS.reasons.items():
        assert set(reason.texts) == set(LANGUAGES), key
        for lang in LANGUAGES:
            for template in reason.templates(lang):
                assert all(name in reason.params for name, _ in fields(template)), (key, lang)
        params = {p: SAMPLE[p] for p in reason.params}
        en, de = reason.text(params, "en"), reason.text(params, "de")
        assert en and de and en != de, key
        assert not re.search(r"\{[a-z_]+(:[^}]*)?\}", en + de), (key, en, de)


def test_docs_describe_every_reason_and_run_their_examples() -> None:
    doc = DOC.read_text()
    for key in REASONS.reasons:
        assert f"`{key}`" in doc, key
    examples = re.findall(r"<!-- record: (\S+) -->\n```text\n(.*?)```", doc, re.S)
    assert {name for name, _ in examples} >= {"seed", "position", "view"}
    for name, text in examples:
        g = from_record(text)
        assert to_record(g, names=parse_record(text).names, comments={
            **({0: parse_record(text).comment} if parse_record(text).comment else {}),
            **parse_record(text).comments}, position=parse_record(text).position) == text or name == "view", name
