"""The guide: what the nurse's words allow the extractor to say, with proof.

The guide reads the utterance through the alphabet: every measurement synonym binds
the numbers that follow it in the same sentence (the longest synonym wins, so "pulse
oximetry" is saturation), condition values and fixed phrases ("no pain") come from
the alphabet's synonyms, and relative changes ("up two points") use the patient's
current value. ConText (``context.py``) gives every candidate its attributes: only a
current, asserted observation of this patient stays a candidate; two values of one
type are resolved by a correction or past cue, or become a question. The result is a
closed set of candidate statements, each anchored to a span of the transcript; the
model may only choose among them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal

from logic.alphabet import Alphabet
from logic.extraction.answers import AnswerReader
from logic.extraction.binding import (
    FILLER,
    PREPOSITION,
    UNREADABLE,
    UNREADABLE_REASON,
    UnclearSpan,
)
from logic.extraction.context import spans_between, split_at
from logic.extraction.mentions import Mention
from logic.extraction.resolve import Found, resolve
from logic.extraction.units import unit_of_note
from logic.statements import Statement

_BOUNDARY = re.compile(
    r"[;!?,\n]|(?<![.\d])\.(?![.\d])|(?<=\d)\.(?!\d)|\s(?:and|but|so|because)\s"
    r"(?=(?:he|she|they|i|we|his|her|the patient)\b)",
    re.I,
)
# A condition value said of a measurement ("resps are stable"), not of the patient.
_OF_MEASUREMENT = re.compile(
    r"^(?:[\s,]|'s\b|\b(?:is|are|was|were|remains?|remained|has been|have been|"
    r"looks?|seems?|still|fairly|quite|pretty|very|now|currently|um|uh|er)\b)*$",
    re.I,
)
# The patient as the subject right before a judgement, adverbs between.
_PATIENT_IS = re.compile(
    r"\b(?:you're|you\s+are|he's|he\s+is|she's|she\s+is|they're|they\s+are|"
    r"(?:the\s+)?patient\s+is|pt\s+is)\s+(?:\w+ly\s+|still\s+|now\s+|quite\s+|"
    r"pretty\s+|fairly\s+|very\s+|looking\s+|getting\s+|a\s+bit\s+|really\s+)*$",
    re.I,
)
# What may stand before a judgement of the whole patient in its clause ("she is
# clinically stable", "I'd say he's stable"): the patient, verbs of being, the
# nurse's own framing, adverbs and fillers. Any other word makes it a judgement
# of something else.
_OF_PATIENT_WORDS = frozenset(
    re.findall(
        r"\S+",
        """
        he she they he's she's they're his her him their you your patient pt mr mrs
        ms miss this the lady gentleman gent man woman boy girl baby child is are
        was were remains remain remained has have been looks look looked seems seem
        seemed appears appear appeared feels feel felt clinically overall generally
        condition otherwise currently now still today tonight fairly quite pretty
        very and so well ok okay um uh er i i'd i'm id would say think reckon
        believe all in whole my judgement judgment opinion view call consider class
        describe regard count as looking seeming getting becoming become becomes
        became bit little more really unwell sick poorly honestly frankly
        resident client acutely critically one comfortable comfy settled calm
        resting
        """,
    )
)
# A record's heading before what it heads: "RN assessment:", "Impression:".
_HEADING_LEAD = re.compile(r"^\s*(?:[\w/&]+\s+){0,2}[\w/&]+\s*:(?!\d)\s*")
_EXCEPT = re.compile(
    r"\s*,?\s*(?:apart\s+from|except|other\s+than|besides|bar)\b", re.I
)
_PATIENT = re.compile(
    r"\b(?:he|she|he's|she's|his|her|him|patient|pt|mr|mrs|ms|miss)\b", re.I
)


@dataclass(frozen=True)
class Candidate:
    """A statement the words allow, its evidence span and its choice group.

    At most one candidate of a group is accepted (one value per latest-value type).
    ``context`` holds the ConText categories that reach it (empty for a current,
    asserted observation); ``note`` what was said when it differs from the value
    ("98.4 °F").
    """

    statement: Statement
    start: int
    end: int
    group: str
    context: frozenset[str] = frozenset()
    note: str = ""


@dataclass(frozen=True)
class Guide:
    """Guide state for one utterance: candidates, unclear parts, clauses, numbers.

    ``excluded`` are statements the words name but not as a current observation
    (with their context); ``questions`` ask the nurse to decide between values;
    ``instructions`` are words addressed to the system (nothing they ask is done).
    """

    text: str
    candidates: tuple[Candidate, ...]
    unclear: tuple[UnclearSpan, ...]
    clauses: tuple[tuple[int, int], ...]
    numbers: tuple[Decimal, ...]
    excluded: tuple[Candidate, ...] = ()
    questions: tuple[str, ...] = ()
    instructions: tuple[str, ...] = field(default=())
    sentences: tuple[tuple[int, int], ...] = ()

    def model_text(self, limit: int = 60) -> str:
        """The words the model reads: the whole utterance when short; for a long
        dictation, its sentences that hold a candidate, in order (the guide has
        read all of it; the model only chooses among these candidates)."""
        if len(self.text.split()) <= limit:
            return self.text
        kept = [
            self.text[start:end]
            for start, end in self.sentences
            if any(c.start < end and start < c.end for c in self.candidates)
        ]
        return " ".join(kept) or self.text

    def quote(self, candidate: Candidate) -> str:
        """The nurse's words that support ``candidate``."""
        return self.text[candidate.start : candidate.end]


def _clauses(text: str) -> list[tuple[int, int]]:
    """Clause spans of the normalized text, trimmed of spaces."""
    return spans_between(text, _BOUNDARY)


class _Reader(AnswerReader):
    """Walks the sentences of one utterance and collects candidates and unclear
    parts."""

    def clause(self, start: int, end: int) -> None:
        mentions = [m for m in self.kept if start <= m.start and m.end <= end]
        sentence = self.context.sentence_of(start)
        for mention in mentions:
            before = [
                m for m in self.kept
                if sentence[0] <= m.start and m.end <= mention.start
            ]  # fmt: skip
            if (
                mention.kind == "value"
                and not self._of_measurement(before, mention)
                and not self._of_something_else(start, mention)
            ):
                self.add(
                    Statement("condition", mention.type, mention.value),
                    mention.start,
                    mention.end,
                )
            elif (
                mention.kind == "phrase"
                and mention.number is not None
                # "0 being no pain": a scale's end, not a rating
                and not any(a <= mention.start < b for a, b in self.scales)
                # "no pain apart from his shoulder": not none at all
                and not _EXCEPT.match(self.norm.text, mention.end)
            ):
                self.add(
                    Statement("data", mention.type, mention.number),
                    mention.start,
                    mention.end,
                )
        said = (
            # A measure the alphabet does not record ("vomited twice") says
            # something it cannot express: not understood, unless flagged already.
            any(
                m.kind not in ("type", "hidden", "other") and m.type != UNREADABLE
                for m in mentions
            )
            # Inside a statement's evidence: "pulse, which I took a minute ago,
            # was about eighty" is one reading however many commas it holds.
            or any(f.start < end and start < f.end for f in self.found)
            # "not confused": a value named and denied is understood.
            or any(
                m.kind == "value" and start <= m.start and m.end <= end
                for m in self.every
            )
            # "BP not measured", "don't chart it": understood, nothing to record.
            or any(
                self.context.cue_between(category, start, end)
                for category in ("unmeasured", "forbidden")
            )
        )
        if not said and not any(start <= f < end for f in self.flagged):
            self.leftover(start, end)

    def _of_measurement(self, before: list[Mention], value: Mention) -> bool:
        """ "Respirations are stable": a judgement (a condition with
        ``of_patient``) that describes the measurement before it."""
        condition = self.alphabet.conditions.get(value.type)
        if condition is None or not condition.of_patient:
            return False
        if not before or before[-1].kind not in ("type", "other", "count"):
            return False
        if PREPOSITION.match(self.norm.text[value.start : value.end]):
            return False
        return bool(_OF_MEASUREMENT.match(self.norm.text[before[-1].end : value.start]))

    def _of_something_else(self, clause_start: int, value: Mention) -> bool:
        """ "The murmur is stable": a judgement of the whole patient (a condition
        with ``of_patient``) said of something else. A name after Mr or Mrs is the
        patient's."""
        condition = self.alphabet.conditions.get(value.type)
        if condition is None or not condition.of_patient:
            return False
        before = self.norm.text[clause_start : value.start]
        # "She's alert and stable": other values of the patient said with it.
        for other in self.kept:
            if (
                other.kind == "value"
                and clause_start <= other.start < other.end <= value.start
            ):
                a, b = other.start - clause_start, other.end - clause_start
                before = before[:a] + " " * (b - a) + before[b:]
        # "HR 88 - stable": a judgement set apart after the readings is of them all
        if _PATIENT_IS.search(before) or re.search(r"(?:\s[-–—]|:)\s*$", before):
            return False  # "looking at everything today I'd say you're stable"
        # "... temp 39.1 unstable", "pain 8/10 unstable": in a list of readings
        # with no stops, what follows the last value read is said of the patient
        # (not "the wound on day 3 is stable": no reading ends there)
        read = [
            n.end
            for f in self.found
            if f.statement.family == "data" and clause_start <= f.target < value.start
            for n in self.all_numbers
            if n.start == f.target
        ]
        if read:
            before = re.sub(
                r"^\s*(?:%|/\s*10\b)", "", before[max(read) - clause_start :]
            )
        # "RN assessment: resident is deteriorating": a heading names no one
        before = _HEADING_LEAD.sub("", before)
        # "Doctor on call informed 04:10 - pt deteriorating": what a dash sets
        # apart is said on its own
        before = re.split(r"\s[-–—]\s", before)[-1]
        words = re.findall(r"[\w']+", before)
        for index, word in enumerate(words):
            titled = index > 0 and words[index - 1].lower() in (
                "mr",
                "mrs",
                "ms",
                "miss",
            )
            if word.lower() not in _OF_PATIENT_WORDS and not titled:
                return True
        return False

    def leftover(self, start: int, end: int) -> None:
        """A clause that says nothing the alphabet can express (its speaker's
        label left out: "Patient: much better" is shown as "much better")."""
        start = next((e for s, e in self.context.labels if s == start), start)
        words = [w for w in re.findall(r"[\w']+", self.norm.text[start:end].lower())]
        content = [w for w in words if w not in FILLER]
        if len(content) < 2:
            return
        self.pending.append((start, end))

    def read(self) -> Guide:
        self.pending = []
        for start, end in self.context.sentences:
            self.sentence(start, end)
        self.turn_answers()
        self.answers()
        self.corrections()
        self.said_again()
        self.pronoun_values()
        self.site_ratings()
        self.announced_values()
        self.answered_in_other_words()
        self.confirmed_values()
        clauses = split_at(
            _clauses(self.norm.text), [s for s, _ in self.context.labels]
        )
        instruction_from = min(
            (self.context.sentence_of(m.start)[0] for m in self.context.instructions()),
            default=len(self.norm.text) + 1,
        )
        for start, end in clauses:
            self.clause(start, end)
        about_patient = bool(self.found or self.unclear)
        for start, end in self.pending:
            if start >= instruction_from:
                continue
            # Words the fold could not read are shown even in small talk: what
            # they say is unknown, so it may be about the patient.
            if self._unreadable_in(start, end):
                reason = UNREADABLE_REASON
            elif about_patient or _PATIENT.search(self.norm.text[start:end]):
                reason = "no statement of the alphabet expresses this"
            else:
                continue
            self.flag(_skip_filler(self.norm.text, start, end), end, reason)
        return self.result(clauses, instruction_from)

    def _unreadable_in(self, start: int, end: int) -> bool:
        return any(
            m.type == UNREADABLE and start <= m.start and m.end <= end
            for m in self.kept
        )

    def result(self, clauses: list[tuple[int, int]], instruction_from: int) -> Guide:
        outcome = resolve(self.found, self.alphabet, self.context)
        questions = [q for q, _ in outcome.questions]
        for question, (start, end) in outcome.questions:
            o_start, o_end = self.span(start, end)
            self.unclear.append(UnclearSpan(question, o_start, o_end, "question"))
        instructions = tuple(
            dict.fromkeys(
                self.norm.original[
                    slice(*self.span(*self.context.sentence_of(m.start)))
                ]
                for m in self.context.instructions()
            )
        )
        del instruction_from
        return Guide(
            self.norm.original,
            tuple(sorted(map(self.candidate, outcome.kept), key=lambda c: c.start)),
            tuple(sorted(self.unclear, key=lambda u: u.start)),
            tuple(self.span(s, e) for s, e in clauses),
            tuple(dict.fromkeys(self.numbers)),
            tuple(map(self.candidate, outcome.excluded)),
            tuple(questions),
            instructions,
            tuple(self.span(s, e) for s, e in self.context.sentences),
        )

    def candidate(self, found: Found) -> Candidate:
        start, end = self.span(found.start, found.end)
        return replace(
            Candidate(found.statement, start, end, found.group),
            context=found.context,
            note=found.note,
        )


def _skip_filler(text: str, start: int, end: int) -> int:
    """Start of a clause after leading fillers ("and", "um", "so")."""
    for match in re.finditer(r"[\w']+", text[start:end]):
        if match.group().lower() not in FILLER:
            return start + match.start()
    return start


def guide_build(
    text: str, alphabet: Alphabet, state: Mapping[str, object] | None = None
) -> Guide:
    """Analyse ``text``: candidate statements with evidence spans, and unclear parts.

    ``state`` holds the patient's current values ({"temperature": 38.6}); it is used
    only for relative statements ("down by a degree", "unchanged").

    A conversion with ``unspoken_with`` applies to a bare number only beside a
    value said in one of those units, wherever in the words that was: a first
    reading finds the units said, and a second reads with them.
    """
    guide = _Reader(text, alphabet, state or {}).read()
    used = _units_used(guide)
    systems = {u for m in alphabet.measurements.values()
               for c in m.conversions for u in c.unspoken_with}  # fmt: skip
    if used & systems:
        guide = _Reader(text, alphabet, state or {}, used).read()
    return guide


def _units_used(guide: Guide) -> frozenset[str]:
    """The units of the conversions a guide's values were read in ("°f")."""
    return frozenset(
        unit
        for c in (*guide.candidates, *guide.excluded)
        if (unit := unit_of_note(c.note))
    )
