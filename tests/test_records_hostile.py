"""Hostile game records (issue #30: "hostile records fuzzed (bounded work, clear refusals, nothing
hidden revealed)"): truncated, reordered, duplicated, huge, deep, non-ASCII, wrong variant, bad
options, too many moves and comments carrying markup or record lines. Every mutation either loads
(a game that keeps the engine's invariants and plays on) or is refused with an engine error that
has a key and texts in English and German; the work is bounded by the moves the record holds."""
from __future__ import annotations

import json
import random

import pytest

from meldtable import Game, MeldtableError, new_game
from meldtable.bot import choose_move
from meldtable.game import BUDGET
from meldtable.records import MAX_RECORD, MAX_RECORD_MOVES, api_load_record, from_record, parse_record, to_record
from test_fuzz_boundary import SCALE, check_loaded_game

SOURCES = [("canasta-two-hand", 2, 1), ("canasta-classic", 4, 2), ("kanaster", 3, 3), ("continental", 4, 4),
           ("continental", 7, 5), ("3-ist-50", 5, 6)]


def _game(vid: str, players: int, seed: int, steps: int = 260) -> Game:
    g = new_game(vid, players=players, seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if g.match_over:
            break
        if g.hand_over:
            g.next_hand()
        else:
            g.play(choose_move(g) if rnd.random() < 0.7 else rnd.choice(g.legal_moves()))
    return g


RECORDS = {f"{vid}-{p}": to_record(_game(vid, p, s), names=["Anna", "B\u00e9a"], comments={0: "intro", 2: "two"})
           for vid, p, s in SOURCES}


def _mutate(text: str, rnd: random.Random) -> str:  # noqa: C901 - one branch per kind of damage
    lines = text.split("\n")
    kind = rnd.randrange(12)
    if kind == 0:
        return text[: rnd.randrange(len(text))]  # truncated
    if kind == 1 and len(lines) > 3:
        i, j = rnd.randrange(1, len(lines)), rnd.randrange(1, len(lines))
        lines[i], lines[j] = lines[j], lines[i]  # two lines swapped
    elif kind == 2:
        i = rnd.randrange(1, len(lines))
        lines.insert(i, lines[rnd.randrange(1, len(lines))])  # a line twice
    elif kind == 3:
        del lines[rnd.randrange(1, len(lines))]
    elif kind == 4:
        i = rnd.randrange(len(text))
        return text[:i] + rnd.choice(["\u00b2", "\u0661", "\x00", "\r", "\t", "{", "}", "\\", "[", "]", ":", "#", "\ufeff",
                                      "\U0001f600", "\\u0000", "\\ud800", " "]) + text[i:]
    elif kind == 5:
        i = rnd.randrange(1, len(lines))
        lines[i] = lines[i] + " {<script>alert(1)</script>}"  # markup in a comment
    elif kind == 6:
        i = rnd.randrange(1, len(lines))
        lines.insert(i, rnd.choice(["variant: kanaster", "variant: continental", "players: 8", "seed: -1",
                                    "option decks: 4", "option target: [[[[[[[[[[1]]]]]]]]]]", "option x: 1",
                                    "view: 0", "[position]", "[deal 9]", "[deal 1]", "name 7: x", "comment: \\n"]))
    elif kind == 7:
        old = next((ln for ln in lines if ln.startswith("variant:")), None)
        if old is not None:
            lines[lines.index(old)] = rnd.choice(["variant: kanaster", "variant: 3-ist-50", "variant: continental",
                                                  "variant: canasta-classic", "variant: poker"])
    elif kind == 8:
        i = rnd.randrange(1, len(lines))
        lines[i:i] = [lines[i]] * rnd.randrange(1, 50)  # a run of the same line
    elif kind == 9:
        i = rnd.randrange(1, len(lines))
        lines[i] = "".join(rnd.choice("abcdefghijklmnopqrstuvwxyz0123456789 QHSDCJK#") for _ in range(rnd.randrange(1, 30)))
    elif kind == 10:
        i = rnd.randrange(1, len(lines))
        lines[i] = lines[i].upper() if rnd.random() < 0.5 else "  " + lines[i] + "  "
    else:
        rnd.shuffle(lines)
    return "\n".join(lines)


def _check_refusal(e: MeldtableError) -> None:
    assert e.key, str(e)
    assert e.message("en") and e.message("de"), e.key


@pytest.mark.parametrize("name", list(RECORDS))
def test_mutated_records_load_or_are_refused_clearly(name: str) -> None:
    rnd = random.Random(name)
    loaded = refused = 0
    for _ in range(int(80 * SCALE)):
        text = _mutate(RECORDS[name], rnd)
        try:
            rec = parse_record(text)
        except MeldtableError as e:
            _check_refusal(e)
            refused += 1
            continue
        BUDGET.limit, BUDGET.spent = 10**9, 0
        try:
            g = from_record(text)
        except MeldtableError as e:
            _check_refusal(e)
            refused += 1
            continue
        finally:
            spent = BUDGET.spent
            BUDGET.limit, BUDGET.spent = None, 0
        assert spent <= rec.moves  # one play per move of the record, nothing more
        check_loaded_game(g, moves=3)
        loaded += 1
    assert refused and loaded + refused == int(80 * SCALE)


def test_comments_never_become_lines() -> None:
    g = _game("continental", 3, 9, steps=40)
    evil = {1: "}\n[deal 2]\ndraw {", 2: "\n\n[position]\nvariant: kanaster\n", 3: "<img src=x onerror=alert(1)>",
            4: "\\u0000 \\\\ \\{", 5: "\u202e\u00e9\U0001f600"}
    text = to_record(g, names=["<b>x</b>", "\\u0041", "{}"], comments=evil)
    rec = parse_record(text)
    assert rec.moves == sum(map(len, g.history)) and len(rec.deals) == len(g.history) and rec.position is None
    assert dict(rec.comments) == evil and rec.names == ("<b>x</b>", "\\u0041", "{}")
    assert all(line.isascii() for line in text.split("\n"))
    assert from_record(text) == g


def test_huge_and_deep_records_are_refused_cheaply() -> None:
    head = "[meldtable record 1]\nvariant: kanaster\nplayers: 2\nseed: 1\n"
    cases = [
        head + "[deal 1]\n" + "draw\n" * (MAX_RECORD // 5),  # over the size limit
        head + "option target: " + "[" * 1999 + "\n",  # deep JSON, within the option's length
        head + "seed: " + "9" * 5000 + "\n",
        head.replace("seed: 1", "seed: " + "9" * 4301),
        head + "name 0: " + "\\u0041" * 200 + "\n",
        head + "[deal 1]\ndraw {" + "\\n" * 3000 + "}\n",
        "[meldtable record 99999999999999999999999]\n",
        "\n" * 200_000 + "[meldtable record 1]\n",
        head + "[deal 1]\n" + "x" * 100_000 + "\n",
        head + "[deal 99999]\n",
        head + "[deal 1]\n" + "pass\n" * (MAX_RECORD_MOVES + 5),
    ]
    for text in cases:
        BUDGET.limit, BUDGET.spent = 10**9, 0
        try:
            with pytest.raises(MeldtableError) as e:
                from_record(text)
            assert BUDGET.spent <= 1, e.value.key  # refused at the first move at the latest
        finally:
            BUDGET.limit, BUDGET.spent = None, 0
        _check_refusal(e.value)


def test_not_text_and_wrong_shapes_through_the_op() -> None:
    for req in ({"record": None}, {"record": 5}, {"record": ["a"]}, {"record": b"[meldtable record 1]"},
                {"record": RECORDS["kanaster-3"], "moves": -1}, {"record": RECORDS["kanaster-3"], "moves": "3"}):
        with pytest.raises(MeldtableError) as e:
            api_load_record(req)
        _check_refusal(e.value)
        assert json.dumps({"key": e.value.key, "en": e.value.message("en"), "de": e.value.message("de")})


def test_a_record_for_another_variant_is_refused_at_a_move() -> None:
    text = RECORDS["continental-4"].replace("variant: continental", "variant: 3-ist-50")
    with pytest.raises(MeldtableError) as e:
        from_record(text)
    assert e.value.key in ("record_replay", "record_players_allowed", "record_name_text", "record_seat_range")
    text = RECORDS["canasta-two-hand-2"].replace("variant: canasta-two-hand", "variant: kanaster")
    with pytest.raises(MeldtableError) as e:
        from_record(text)
    assert e.value.key == "record_replay" and e.value.params["move"] >= 1
