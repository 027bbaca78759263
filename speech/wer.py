"""Word error rate, after normalising case, punctuation and spoken numbers."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

_UNITS = {
    word: value
    for value, word in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
        ]
    )
}
_TENS = {
    word: 10 * value
    for value, word in enumerate(
        ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"],
        start=2,
    )
}
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def text_normalise(text: str) -> list[str]:
    """Lower-case words, spoken numbers as digits ("thirty-eight point four": 38.4).

    Keeps decimal points inside numbers, turns "%" into "percent" and "110/70"
    into "110 over 70", and drops other punctuation.
    """
    text = text.lower().replace("%", " percent ")
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)
    text = re.sub(r"(?<=\d)/(?=\d)", " over ", text)
    text = re.sub(r"(?<![\d])\.|\.(?!\d)", " ", text)
    text = re.sub(r"[^a-z0-9.' ]+", " ", text).replace("'", "")
    return _numbers_join(text.split())


def numbers_find(text: str) -> list[str]:
    """The numbers in a text after normalisation, as strings: ["38.4", "104"]."""
    return [word for word in text_normalise(text) if _NUMBER.fullmatch(word)]


def word_error_rate(references: Iterable[str], hypotheses: Iterable[str]) -> float:
    """Corpus word error rate: word edits over reference words, after normalising."""
    edits = words = 0
    for reference, hypothesis in zip(references, hypotheses, strict=True):
        reference_words = text_normalise(reference)
        edits += edit_distance(reference_words, text_normalise(hypothesis))
        words += len(reference_words)
    return edits / max(words, 1)


def edit_distance(reference: Sequence[str], hypothesis: Sequence[str]) -> int:
    """Levenshtein distance between two word sequences."""
    previous = list(range(len(hypothesis) + 1))
    for row, reference_word in enumerate(reference, start=1):
        current = [row]
        for column, hypothesis_word in enumerate(hypothesis, start=1):
            current.append(
                min(
                    previous[column] + 1,
                    current[column - 1] + 1,
                    previous[column - 1] + (reference_word != hypothesis_word),
                )
            )
        previous = current
    return previous[-1]


def _numbers_join(words: list[str]) -> list[str]:
    out: list[str] = []
    index = 0
    while index < len(words):
        value, index_after = _number_read(words, index)
        if value is None:
            out.append(words[index])
            index += 1
        else:
            out.append(value)
            index = index_after
    return out


def _number_read(words: list[str], index: int) -> tuple[str | None, int]:
    """Read one spoken number at ``index``: "one hundred and four point five"."""
    total = current = 0
    last = ""  # kind of the previous word: unit, tens, hundred, thousand
    start = index
    while index < len(words):
        word = words[index]
        following = words[index + 1] if index + 1 < len(words) else ""
        if word in _UNITS and (
            last in ("", "hundred", "thousand")
            or (last == "tens" and _UNITS[word] < 10)
        ):
            current += _UNITS[word]
            last = "unit"
        elif word in _TENS and last in ("", "hundred", "thousand"):
            current += _TENS[word]
            last = "tens"
        elif word == "hundred" and last in ("unit", "") and current < 10:
            current = max(current, 1) * 100
            last = "hundred"
        elif word == "thousand" and last in ("unit", "tens", "hundred", ""):
            total += max(current, 1) * 1000
            current = 0
            last = "thousand"
        elif (
            word == "and"
            and last in ("hundred", "thousand")
            and (following in _UNITS or following in _TENS)
        ):
            pass
        else:
            break
        index += 1
    if index == start:
        return None, start
    number = str(total + current)
    if (
        index + 1 < len(words)
        and words[index] == "point"
        and _UNITS.get(words[index + 1], 10) < 10
    ):
        digits = []
        index += 1
        while (
            index < len(words) and words[index] in _UNITS and _UNITS[words[index]] < 10
        ):
            digits.append(str(_UNITS[words[index]]))
            index += 1
        number += "." + "".join(digits)
    return number, index
