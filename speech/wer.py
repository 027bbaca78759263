"""Word error rate, after normalising case, punctuation and spoken numbers."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from text_to_num import alpha2digit

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
    # Spoken numbers to digits with text2num, as the extraction guide reads them.
    digits: str = alpha2digit(" ".join(text.split()), "en", threshold=0)
    return digits.split()


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
