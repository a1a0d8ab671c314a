"""The German texts of playing with friends and of pass-and-play assume no gender (issue #28):
a person is addressed by name or as "du", others are "die Person, die dich eingeladen hat",
"Mitspielende", never "er", "sein Partner", "lass ihn", "eines Freundes". Read from web/i18n.js
(the friends block and the seats block's cover and friend texts of the German part); no browser.
"""
from __future__ import annotations

import re
from pathlib import Path

I18N = Path(__file__).resolve().parents[2] / "web" / "i18n.js"
ENTRY = re.compile(r'^\s*"([\w.]+)":\s*"((?:[^"\\]|\\.)*)",?\s*$', re.M)
# words that give a person a gender (the objects "ihn" = der Code / der Text are fine)
GENDERED = re.compile(r"\b(er|ihm|sein|seine|seinen|seinem|seiner|Freund|Freundes|Freunde|Mitspieler|Spielerin"
                      r"|Partnerin)\b|\blass ihn\b|\b(dein|deine|deinen|ihren|seinen) Partner\b")


def german_texts() -> dict[str, str]:
    text = I18N.read_text(encoding="utf-8")
    de = text[text.index("// --- friends (de)"):]
    friends = de[:de.index("// --- /friends ---")]
    seats = text[text.index("// --- seats (de)"):]
    seats = seats[:seats.index("// --- /seats ---")]
    out = {k: v for k, v in ENTRY.findall(friends)}
    out.update({k: v for k, v in ENTRY.findall(seats) if k.startswith(("seats.cover.", "seats.friend", "seats.hint"))})
    return out


def offending(text: str) -> list[str]:
    return [m.group(0) for m in GENDERED.finditer(text)]


def test_the_check_finds_what_it_looks_for() -> None:
    assert offending("{name}, dein Partner {partner} fragt, ob er ausmachen darf.") == ["dein Partner", "er"]
    assert offending("Schicke jedem Mitspieler seine Einladung, oder lass ihn den QR-Code scannen.") == \
        ["Mitspieler", "seine", "lass ihn"]
    assert offending("Du hast beim Spiel eines Freundes gespielt.") == ["Freundes"]
    assert offending("Das ist kein Code: kopiere ihn noch einmal.") == []


def test_german_friends_and_cover_texts_assume_no_gender() -> None:
    texts = german_texts()
    assert len(texts) > 50 and "seats.cover.ask" in texts and "friends.intro" in texts
    found = {k: offending(v) for k, v in texts.items() if offending(v)}
    assert found == {}
