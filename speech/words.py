"""Recognised words with their confidence and their place in the transcript text."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Word:
    """One word as the recogniser heard it.

    ``start`` and ``end`` are seconds from the start of the recording;
    ``probability`` is the recogniser's confidence in the word (0 to 1), or
    ``None`` when the recogniser did not say (remote servers may not);
    ``char_start`` and ``char_end`` are the word's span in ``Transcript.text``
    (``text[char_start:char_end] == word.text``).
    """

    text: str
    start: float
    end: float
    probability: float | None
    char_start: int
    char_end: int


@dataclass(frozen=True)
class HeardWord:
    """A word before it is placed in the transcript text (backend output)."""

    text: str
    start: float
    end: float
    probability: float | None


def words_place(heard: Iterable[HeardWord], text: str) -> tuple[Word, ...]:
    """Give each heard word its character span in ``text``, left to right.

    Words are searched for in order from the end of the previous word, so a
    repeated word ("ninety ... ninety") maps to its own place. A word that cannot
    be found in the text (a server whose words and text disagree) is left out:
    a span over it then has no words, and its confidence is unknown.
    """
    placed: list[Word] = []
    cursor = 0
    lowered = text.lower()
    for word in heard:
        token = word.text.strip()
        if not token:
            continue
        found = lowered.find(token.lower(), cursor)
        if found < 0:
            continue
        cursor = found + len(token)
        placed.append(
            Word(
                text=text[found:cursor],
                start=word.start,
                end=word.end,
                probability=word.probability,
                char_start=found,
                char_end=cursor,
            )
        )
    return tuple(placed)


def words_in_span(words: Sequence[Word], start: int, end: int) -> list[Word]:
    """The words whose characters overlap ``text[start:end]``, in order.

    ``start`` and ``end`` are character offsets into ``Transcript.text``, as an
    extracted fact's evidence span gives them. An empty span (``start == end``)
    touches the word it falls inside, if any.
    """
    if end == start:
        return [w for w in words if w.char_start <= start < w.char_end]
    return [w for w in words if w.char_start < end and start < w.char_end]


def span_confidence(
    words: Sequence[Word], start: int, end: int, *, numbers_only: bool = False
) -> float | None:
    """The lowest word probability over ``text[start:end]``: how sure the
    recogniser was of the least certain word under a fact's evidence.

    With ``numbers_only``, only the words holding a digit count when the span has
    any ("resps 18": the "18", not the abbreviation Whisper is always unsure of);
    a span without digits counts all its words.

    ``None`` means unknown: no recognised word overlaps the span (typed text, or
    words the server left out), or one of the counted words has no probability
    (a remote server that gives none). Treat unknown as *not* sure.
    """
    overlapping = words_in_span(words, start, end)
    if numbers_only:
        numbers = [w for w in overlapping if any(c.isdigit() for c in w.text)]
        overlapping = numbers or overlapping
    probabilities = [w.probability for w in overlapping]
    if not probabilities or any(p is None for p in probabilities):
        return None
    return min(p for p in probabilities if p is not None)
