"""Typed text to the letters the guide reads: NFKC, Latin look-alikes, a map back.

A word typed with one Cyrillic or Greek letter ("tеmp", "Тemp", "οxygen"), in
fullwidth forms ("ｔｅｍｐ ３８.４") or with an invisible character inside it reads
as a Latin word to the nurse but matches no synonym of the alphabet; without this
fold its value vanished. The fold is NFKC (fullwidth, ligatures, superscripts,
"…"), then every decimal digit to its ASCII digit, every Cyrillic or Greek letter
that looks like a Latin one to that letter, a typographic apostrophe to "'", an
en dash or minus sign to "-", and
no invisible format characters (zero-width space, soft hyphen, bidi marks). What
is still not Latin after it is ``unreadable``: the guide shows it as not
understood, never drops it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

# Cyrillic and Greek letters whose glyph is a Latin letter's, from Unicode's
# confusables (UTS #39, confusables.txt), for the letters that fold to a single
# basic Latin letter. Where confusables.txt gives "l" for a capital I look-alike
# (Cyrillic І, Greek Ι), the capital is what a reader sees in a word: "I".
_LOOK_ALIKES = {
    # Cyrillic capitals
    "А": "A", "В": "B", "Е": "E", "Ѕ": "S", "І": "I", "Ј": "J", "К": "K",
    "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T", "У": "Y",
    "Х": "X", "Ү": "Y", "Һ": "H", "Ӏ": "I", "Ԛ": "Q", "Ԝ": "W", "Ѵ": "V",
    # Cyrillic small letters
    "а": "a", "е": "e", "ѕ": "s", "і": "i", "ј": "j", "о": "o", "р": "p",
    "с": "c", "у": "y", "х": "x", "һ": "h", "ӏ": "l", "ԁ": "d", "ԛ": "q",
    "ԝ": "w", "ь": "b", "ѵ": "v", "ү": "y",
    # Greek capitals
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K",
    "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    "Ϲ": "C",
    # Greek small letters
    "α": "a", "γ": "y", "ι": "i", "ν": "v", "ο": "o", "ρ": "p", "υ": "u",
    "ϲ": "c", "ϳ": "j",
    # Latin letters of another shape that confusables.txt folds the same way
    "ı": "i", "ɑ": "a", "ɡ": "g",
    # Apostrophes a phone types ("don’t"): the lexicon's cues are written with "'".
    "\u2018": "'", "\u2019": "'", "\u02bc": "'", "\u2032": "'",
    # Dashes a word processor types for a hyphen ("SpO2 88–92%", "−2"): the lexicon
    # writes "-".
    "\u2012": "-", "\u2013": "-", "\u2212": "-",
}  # fmt: skip
# Signs of ward notation outside Latin script that are read as they are.
_NOTATION = frozenset("°μ")
_TOKEN = re.compile(r"\S+")

Run = tuple[int, int, int, int]


@dataclass(frozen=True)
class Folded:
    """The folded text and its ``runs`` ``(folded_start, folded_end,
    original_start, original_end)``: every stretch whose length the fold changed."""

    text: str
    runs: tuple[Run, ...]


def _invisible(char: str) -> bool:
    return unicodedata.category(char) == "Cf"


def _clusters(text: str) -> list[tuple[int, int]]:
    """Spans of each character with the combining marks and invisible characters
    after it (invisible characters that open the text go with the first one)."""
    # NFKC composes only within such a cluster, and a dropped character is mapped
    # back with the one it was typed with.
    spans: list[tuple[int, int]] = []
    for index, char in enumerate(text):
        joins = unicodedata.category(char)[0] == "M" or _invisible(char)
        opening = spans and all(map(_invisible, text[slice(*spans[-1])]))
        if spans and (joins or opening):
            spans[-1] = (spans[-1][0], index + 1)
        else:
            spans.append((index, index + 1))
    return spans


def _fold_char(char: str) -> str:
    if char.isdecimal() and not char.isascii():
        return str(unicodedata.decimal(char))
    return _LOOK_ALIKES.get(char, char)


def fold(text: str) -> Folded:
    """``text`` as the guide reads it, with runs back to the original."""
    if text.isascii():
        return Folded(text, ())
    pieces: list[str] = []
    runs: list[Run] = []
    length = 0
    for start, end in _clusters(text):
        cluster = text[start:end]
        visible = "".join(c for c in cluster if not _invisible(c))
        folded = "".join(map(_fold_char, unicodedata.normalize("NFKC", visible)))
        if len(folded) != end - start:
            runs.append((length, length + len(folded), start, end))
        pieces.append(folded)
        length += len(folded)
    return Folded("".join(pieces), tuple(runs))


def _readable(char: str) -> bool:
    if char.isascii() or char in _NOTATION:
        return True
    category = unicodedata.category(char)
    if category[0] in "LM":
        return unicodedata.name(char, "").startswith("LATIN")
    # Punctuation, dashes, quotes, spaces and mathematical signs are read as such;
    # pictures, private and unassigned characters are not.
    return category not in ("So", "Co", "Cn", "Cs")


def unreadable(text: str) -> tuple[tuple[int, int], ...]:
    """Spans of the words of folded ``text`` that still hold a character the guide
    cannot read ("tжmp", "t☃mp"), edge punctuation left out."""
    if text.isascii():
        return ()
    spans = []
    for match in _TOKEN.finditer(text):
        word = match.group()
        if all(map(_readable, word)):
            continue
        lead = len(word) - len(word.lstrip(".,;:!?()[]\"'"))
        trail = len(word.rstrip(".,;:!?()[]\"'"))
        spans.append((match.start() + lead, match.start() + max(trail, lead + 1)))
    return tuple(spans)
