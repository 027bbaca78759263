"""Where the alphabet's words occur in an utterance: types, phrases, values."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from logic.alphabet import Alphabet

# Words before a condition value that deny it ("not confused", "no longer alert").
_NEGATION = re.compile(
    r"\b(not|no|never|denies|without|no longer|isn't|wasn't|nae|isnae|wasnae|doesn't|"
    r"does not|don't|didn't|did not|won't|can't|cannot)\s+$"
)


@dataclass(frozen=True)
class Mention:
    """One alphabet word found in the normalized utterance.

    ``kind`` is ``"type"`` (a measurement synonym), ``"phrase"`` (a fixed phrase with
    ``number``), ``"value"`` (a synonym of condition value ``value``), ``"other"``
    (a measurement the alphabet does not record, "FiO2"), ``"count"`` ("bed",
    "day") or ``"hidden"`` (words that
    contain a synonym but name something else, "IV cannula").
    """

    kind: str
    type: str
    start: int
    end: int
    value: str = ""
    number: Decimal | None = None


@dataclass(frozen=True)
class _Word:
    phrase: str
    kind: str
    type: str
    value: str = ""
    number: Decimal | None = None
    prefix: bool = False


_Vocabulary = tuple[tuple[re.Pattern[str], _Word], ...]
# Keyed by id(); the alphabet is kept in the value so that its id stays unique.
_CACHE: dict[tuple[int, int], tuple[Alphabet, _Vocabulary]] = {}
Unrelated = tuple[tuple[str, str], ...]


def _vocabulary(alphabet: Alphabet, unrelated: Unrelated) -> _Vocabulary:
    """Every synonym of the alphabet, and every ``(phrase, kind)`` of ``unrelated``,
    as a whole-word pattern, longest first."""
    key = (id(alphabet), hash(unrelated))
    cached = _CACHE.get(key)
    if cached is not None and cached[0] is alphabet:
        return cached[1]
    words: list[_Word] = [
        _Word(p, kind, "") for p, kind in _unrelated_here(alphabet, unrelated)
    ]
    prefixed: list[_Word] = []
    for measurement in alphabet.measurements.values():
        words += [_Word(s, "type", measurement.name) for s in measurement.synonyms]
        prefixed += [
            _Word(p, "type", measurement.name, prefix=True)
            for p in measurement.prefixes
        ]
        words += [
            _Word(p, "phrase", measurement.name, number=n)
            for p, n in measurement.phrases
        ]
    for condition in alphabet.conditions.values():
        for value in condition.values:
            words += [
                _Word(s, "value", condition.name, value.name) for s in value.synonyms
            ]
    words.sort(key=lambda w: -len(w.phrase))
    vocabulary = tuple(
        (re.compile(rf"(?<![\w-]){_phrase_pattern(w.phrase)}(?![\w-])", re.I), w)
        for w in words
    ) + tuple(
        # "E4 V4 M6" (normalized "E 4 V 4 M 6"): a letter written against a value
        # names its type only right before a number.
        (re.compile(rf"(?<![\w'-]){re.escape(w.phrase)}(?= \d)", re.I), w)
        for w in prefixed
    )
    _CACHE[key] = (alphabet, vocabulary)
    return vocabulary


# Words a synonym says in one form and the nurse in another: "opens his eyes when
# you talk to him" is written once and heard of her, of them, from "I", and as "opens
# the eyes when I speak".
_INTERCHANGEABLE = tuple(
    frozenset(group.split())
    for group in (
        "his her their him them the",
        "he she they",
        "i you we",
        "talk speak",
        "call say",
        "answers responds reacts",
        "answering responding reacting",
        "answer respond react",
        # and the bare verb, as speakers of English as a second language say it
        # ("she only open her eyes when I call her name")
        "open opens opening opened",
        "wake wakes waking woke",
    )
)


# Between two words of a phrase, an adverb said inside it ("opens her eyes now when").
# (and a quotation opened between words: 'Pain: says "none at all"')
_INSIDE = r"(?:\ (?:now|only|just|still|really))?\ [\"“]?"


def _phrase_pattern(phrase: str) -> str:
    """``phrase`` as a regular expression in which each word of a group of
    :data:`_INTERCHANGEABLE` matches any word of its group."""
    words = []
    for word in phrase.split(" "):
        group = next((g for g in _INTERCHANGEABLE if word.lower() in g), None)
        words.append(f"(?:{'|'.join(sorted(group))})" if group else re.escape(word))
    # "she only opens her eyes now when I call her name": an adverb said inside
    return _INSIDE.join(words)


def _unrelated_here(alphabet: Alphabet, unrelated: Unrelated) -> Unrelated:
    """``unrelated`` without what this alphabet records: a measurement it has
    ("weight" once the alphabet has a weight) is no longer unrelated, and a phrase
    that hides a synonym with its unit ("litres of saline") hides nothing from a
    type the alphabet reads by its unit (the saline is a fluid intake); a phrase
    without the unit ("at tea", a time of day) still hides it."""
    recorded = {
        s for m in alphabet.measurements.values() for s in (*m.synonyms, *m.prefixes)
    } | {s for c in alphabet.conditions.values() for v in c.values for s in v.synonyms}
    by_unit = [
        (
            re.compile(rf"(?<![\w-]){re.escape(s)}(?![\w-])", re.I),
            _words_pattern(
                (*m.unit_words, *(w for c in m.conversions for w in c.words))
            ),
        )
        for m in alphabet.measurements.values()
        if m.unit_words
        for s in m.synonyms
    ]
    return tuple(
        (phrase, kind)
        for phrase, kind in unrelated
        if phrase.lower() not in recorded
        and not (
            kind == "hidden"
            and any(
                synonym.search(phrase) and units.search(phrase)
                for synonym, units in by_unit
            )
        )
    )


def _words_pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    """Any of ``words`` as a whole word, plural allowed ("litres" for "litre")."""
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives or '(?!)'})s?(?![\w-])", re.I)


def mentions_find(
    text: str, alphabet: Alphabet, unrelated: Unrelated = ()
) -> tuple[tuple[Mention, ...], ...]:
    """``(kept, all)``: non-overlapping mentions (longest wins) and every match of
    the alphabet's words (``unrelated`` words are kept only, never in ``all``).

    Every match is kept too because a number inside any condition synonym
    ("target sats 88 to 92", "GCS 15") belongs to that synonym, not to a measurement.
    Letters written against a value ("T 38", "O2 100%") are read last, and only
    among other readings: there they win over a value of the same words ("O2").
    """
    taken = [False] * len(text)
    kept: list[Mention] = []
    prefixes: list[Mention] = []
    every: list[Mention] = []
    for pattern, word in _vocabulary(alphabet, unrelated):
        for match in pattern.finditer(text):
            mention = Mention(
                word.kind,
                word.type,
                match.start(),
                match.end(),
                word.value,
                word.number,
            )
            if word.prefix:
                prefixes.append(mention)
                continue
            if word.kind in ("type", "phrase", "value"):
                every.append(mention)
            if any(taken[match.start() : match.end()]):
                continue
            if word.kind == "value" and _NEGATION.search(text[: match.start()]):
                continue
            taken[match.start() : match.end()] = [True] * (match.end() - match.start())
            kept.append(mention)
    for mention in prefixes:
        if not (
            _in_a_run(mention, kept + prefixes)
            or (
                LINE_OPENS.search(text, 0, mention.start)
                and _DECIMAL_READING.match(text, mention.end)
            )
        ):
            continue
        same = [m for m in kept if (m.start, m.end) == (mention.start, mention.end)]
        if any(taken[mention.start : mention.end]) and not (
            same and same[0].kind == "value"
        ):
            continue
        kept = [m for m in kept if m not in same] + [mention]
        taken[mention.start : mention.end] = [True] * (mention.end - mention.start)
        every.append(mention)
    kept.sort(key=lambda m: m.start)
    return tuple(kept), tuple(every)


# Only a line's start, and a bullet at most, before a point: "64M, ...", "- T 36.4".
LINE_OPENS = re.compile(r"(?:^|\n)[ \t]*(?:[-*•][ \t]*)?$")
# A reading written with its tenths on a line of its own, which no vertebra or count
# is: "T 36.4."
_DECIMAL_READING = re.compile(r"[ \t]+\d{2}\.\d(?!\d)\.?[ \t]*(?:\n|$)")
# How near another reading's word a letter must be to name a type ("T 38 HR 90").
_RUN = 40


def _in_a_run(mention: Mention, kept: list[Mention]) -> bool:
    """A letter written against a value ("T 38", "E4") names its type only among
    other readings ("T 38 HR 90 BP 120/80", "E4 V4 M6"); alone, "T 4" may be a
    vertebra or a thyroid test."""
    return any(
        other is not mention
        and other.kind == "type"
        and abs(other.start - mention.start) <= _RUN
        for other in kept
    )
