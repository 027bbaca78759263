"""The guide: what the nurse's words allow the extractor to say, with proof.

The guide reads the utterance through the alphabet: every measurement synonym binds
the numbers that follow it in the same clause, condition values and fixed phrases
("no pain") come from the alphabet's synonyms, and relative changes ("up by 20") use
the patient's current value. The result is a closed set of candidate statements, each
anchored to a span of the transcript; the model may only choose among them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from logic.alphabet import Alphabet
from logic.diagnostics import StatementError
from logic.extraction.mentions import Mention, mentions_find
from logic.extraction.numbers import Normalized, NumberToken, normalize, numbers_find
from logic.statements import Statement, measurement_value

_BOUNDARY = re.compile(
    r"[;!?,\n]|\.(?!\d)|\s(?:and|but|so|because)\s(?=(?:he|she|they|i|we|his|her|"
    r"the patient)\b)",
    re.I,
)
_RISE = r"up|risen|rose|gone up|increased|climbed|higher"
_FALL = r"down|fallen|fell|dropped|gone down|come down|decreased|lower"
_RELATIVE = re.compile(
    rf"\b(?:(?P<rise>{_RISE})|(?P<fall>{_FALL}))\s+by\s+(?:about\s+|another\s+)?"
    r"(?P<amount>\d+(?:\.\d+)?|an?|one)\b",
    re.I,
)
_DENOMINATOR = re.compile(r"(?:\bout\s+of|/)\s*$", re.I)
_OTHER_UNIT = re.compile(
    r"^\s*(?:mls?|mils?|millilitres?|hours?|hrs?|minutes?|mins?|days?|weeks?|months?|"
    r"years?|o'clock|times|kg|kilos?|mg|grams?|am|pm|units?)\b",
    re.I,
)
_PREPOSITION = re.compile(r"(?:on|in|at|via|of)\b", re.I)
_FILLER = frozenset(
    [
        "um",
        "uh",
        "er",
        "erm",
        "so",
        "ok",
        "okay",
        "right",
        "and",
        "but",
        "just",
        "well",
        "also",
    ]
)
_PATIENT = re.compile(
    r"\b(?:he|she|he's|she's|his|her|him|patient|pt|mr|mrs|ms|miss)\b", re.I
)


@dataclass(frozen=True)
class Candidate:
    """A statement the words allow, its evidence span and its choice group.

    At most one candidate of a group is accepted (one value per latest-value type).
    """

    statement: Statement
    start: int
    end: int
    group: str


@dataclass(frozen=True)
class UnclearSpan:
    """Words about the patient that no candidate expresses, with why."""

    text: str
    start: int
    end: int
    reason: str


@dataclass(frozen=True)
class Guide:
    """Guide state for one utterance: candidates, unclear parts, clauses, numbers."""

    text: str
    candidates: tuple[Candidate, ...]
    unclear: tuple[UnclearSpan, ...]
    clauses: tuple[tuple[int, int], ...]
    numbers: tuple[Decimal, ...]

    def quote(self, candidate: Candidate) -> str:
        """The nurse's words that support ``candidate``."""
        return self.text[candidate.start : candidate.end]


def _clauses(text: str) -> list[tuple[int, int]]:
    """Clause spans of the normalized text, trimmed of spaces."""
    spans, cursor = [], 0
    for match in [*_BOUNDARY.finditer(text), None]:
        end = match.start() if match else len(text)
        piece = text[cursor:end]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            spans.append((cursor + lead, cursor + len(piece.rstrip())))
        cursor = match.end() if match else len(text)
    return spans


class _Reader:
    """Walks the clauses of one utterance and collects candidates and unclear parts."""

    def __init__(
        self, text: str, alphabet: Alphabet, state: Mapping[str, object]
    ) -> None:
        self.alphabet = alphabet
        self.state = state
        self.norm: Normalized = normalize(text)
        self.kept, self.every = mentions_find(self.norm.text, alphabet)
        self.candidates: list[Candidate] = []
        self.unclear: list[UnclearSpan] = []
        self.numbers: list[Decimal] = []

    def span(self, start: int, end: int) -> tuple[int, int]:
        return self.norm.original_span(start, end)

    def add(self, statement: Statement, start: int, end: int) -> None:
        if any(c.statement == statement for c in self.candidates):
            return
        accumulates = (
            statement.family == "condition"
            and self.alphabet.conditions[statement.type].accumulates
        )
        group = f"{statement.type}:{statement.value}" if accumulates else statement.type
        self.candidates.append(Candidate(statement, *self.span(start, end), group))

    def flag(self, start: int, end: int, reason: str) -> None:
        o_start, o_end = self.span(start, end)
        words = self.norm.original[o_start:o_end].strip(" .,;")
        self.unclear.append(UnclearSpan(words, o_start, o_end, reason))

    def clause(self, start: int, end: int) -> None:
        before = (len(self.candidates), len(self.unclear))
        self.relative_words(start, end)
        mentions = [m for m in self.kept if start <= m.start and m.end <= end]
        for mention in mentions:
            if mention.kind == "value":
                self.add(
                    Statement("condition", mention.type, mention.value),
                    mention.start,
                    mention.end,
                )
            elif mention.kind == "phrase" and mention.number is not None:
                self.add(
                    Statement("data", mention.type, mention.number),
                    mention.start,
                    mention.end,
                )
        self.measurements(start, end, mentions)
        said = any(m.kind != "type" for m in mentions)
        if not said and (len(self.candidates), len(self.unclear)) == before:
            self.leftover(start, end)

    def measurements(self, start: int, end: int, mentions: list[Mention]) -> None:
        """Bind each number to the nearest measurement synonym before it."""
        numbers = [
            n
            for n in numbers_find(self.norm)
            if start <= n.start and n.end <= end and not self._consumed(n)
        ]
        events = sorted(
            [(m.start, m) for m in mentions if m.kind == "type"]
            + [(n.start, n) for n in numbers],
            key=lambda pair: pair[0],
        )
        current: Mention | None = None
        last_type = ""
        for _, event in events:
            if isinstance(event, Mention):
                over = self.norm.text[event.start : event.end].lower() == "over"
                current = None if over and last_type != "systolicBP" else event
                continue
            self.numbers.append(event.value)
            if self._slash_diastolic(event, last_type):
                current = Mention("type", "diastolicBP", event.start - 1, event.start)
            elif self._other_quantity(event) or current is None:
                continue
            measured = self._relative(current, event)
            if measured is None:
                self.flag(
                    current.start,
                    event.end,
                    f"a change of {current.type} but no current value known",
                )
                continue
            last_type = self.bind(current, event, measured) or last_type

    def bind(self, mention: Mention, number: NumberToken, value: Decimal) -> str:
        measurement = self.alphabet.measurements[mention.type]
        try:
            checked = measurement_value(measurement, value)
        except StatementError as error:
            self.flag(mention.start, number.end, str(error))
            return ""
        self.numbers.append(checked)
        self.add(Statement("data", mention.type, checked), mention.start, number.end)
        return mention.type

    def _consumed(self, number: NumberToken) -> bool:
        """Numbers inside a condition synonym ("GCS 15", "88 to 92") or a phrase."""
        return any(
            m.kind != "type" and m.start <= number.start and number.end <= m.end
            for m in self.every
        )

    def _slash_diastolic(self, number: NumberToken, last_type: str) -> bool:
        """ "150/90": the number after the slash is the diastolic pressure."""
        return last_type == "systolicBP" and self.norm.text[: number.start].endswith(
            "/"
        )

    def _other_quantity(self, number: NumberToken) -> bool:
        """ "2 litres", "out of 10", "20 mils an hour": not a measurement value."""
        before = self.norm.text[: number.start]
        after = self.norm.text[number.end :]
        next_value = any(
            m.kind == "value"
            and not self.norm.text[number.end : m.start].strip()
            and 0 < m.start - number.end <= 2
            and not _PREPOSITION.match(self.norm.text[m.start : m.end])
            for m in self.kept
        )
        return bool(
            _DENOMINATOR.search(before) or _OTHER_UNIT.match(after) or next_value
        )

    def _relative(self, mention: Mention, number: NumberToken) -> Decimal | None:
        """The number itself, or the current value shifted by it ("up by 20");
        None for a change when the current value is unknown."""
        between = self.norm.text[mention.end : number.end]
        match = _RELATIVE.search(between)
        if not match or match.end() != len(between):
            return number.value
        return self._shifted(mention, match)

    def _shifted(self, mention: Mention, match: re.Match[str]) -> Decimal | None:
        amount = match.group("amount")
        delta = Decimal(1) if amount.lower() in ("a", "an", "one") else Decimal(amount)
        current = self.state.get(mention.type)
        if isinstance(current, bool) or not isinstance(
            current, int | float | str | Decimal
        ):
            return None
        base = Decimal(str(current))
        return base + delta if match.group("rise") else base - delta

    def relative_words(self, start: int, end: int) -> None:
        """ "come down by a degree": a change said without a digit."""
        clause = self.norm.text[start:end]
        for match in _RELATIVE.finditer(clause):
            if match.group("amount").isdigit():
                continue
            types = [
                m
                for m in self.kept
                if m.kind == "type" and start <= m.start < start + match.start()
            ]
            if not types:
                continue
            said = NumberToken(Decimal(1), start + match.start(), start + match.end())
            shifted = self._shifted(types[-1], match)
            if shifted is None:
                self.flag(
                    types[-1].start,
                    said.end,
                    f"a change of {types[-1].type} but no current value known",
                )
            else:
                self.bind(types[-1], said, shifted)

    def leftover(self, start: int, end: int) -> None:
        """A clause that says nothing the alphabet can express."""
        words = [w for w in re.findall(r"[\w']+", self.norm.text[start:end].lower())]
        content = [w for w in words if w not in _FILLER]
        if len(content) < 2:
            return
        self.pending.append((start, end))

    pending: list[tuple[int, int]]

    def read(self) -> Guide:
        self.pending = []
        clauses = _clauses(self.norm.text)
        for start, end in clauses:
            self.clause(start, end)
        about_patient = bool(self.candidates or self.unclear)
        for start, end in self.pending:
            if about_patient or _PATIENT.search(self.norm.text[start:end]):
                self.flag(
                    _skip_filler(self.norm.text, start, end),
                    end,
                    "no statement of the alphabet expresses this",
                )
        return Guide(
            self.norm.original,
            tuple(sorted(self.candidates, key=lambda c: c.start)),
            tuple(sorted(self.unclear, key=lambda u: u.start)),
            tuple(self.span(s, e) for s, e in clauses),
            tuple(dict.fromkeys(self.numbers)),
        )


def _skip_filler(text: str, start: int, end: int) -> int:
    """Start of a clause after leading fillers ("and", "um", "so")."""
    for match in re.finditer(r"[\w']+", text[start:end]):
        if match.group().lower() not in _FILLER:
            return start + match.start()
    return start


def guide_build(
    text: str, alphabet: Alphabet, state: Mapping[str, object] | None = None
) -> Guide:
    """Analyse ``text``: candidate statements with evidence spans, and unclear parts.

    ``state`` holds the patient's current values ({"temperature": 38.6}); it is used
    only for relative statements ("down by a degree").
    """
    return _Reader(text, alphabet, state or {}).read()
