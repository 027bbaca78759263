"""Spoken values in doubt become questions for the nurse; her answer decides.

A value extracted from a recording is asked about (``Pulse 180?``) when the words it
rests on were uncertain, when it jumps from the patient's last reading, or when it
sits in the chart's extreme bands (:mod:`logic.doubt`, thresholds in the alphabet).
Until it is confirmed it is not a fact: the rules, the charts and the export do not
see it. Typed values are the nurse's own keystrokes and are never asked about.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

import speech
from caretaker.audit.services import Action, audit_record
from caretaker.journal.models import Fact, Message
from caretaker.journal.rules import ActiveRules
from caretaker.journal.selectors import fact_list_active, timed_statements
from caretaker.users import User
from logic import Statement, TimedStatement, statement_parse
from logic.doubt import statement_doubts


class AnswerRefused(Exception):
    """The answer cannot be taken (already answered, or a value the alphabet
    refuses); the reason is for the nurse."""


@dataclass(frozen=True)
class Heard:
    """What the recogniser said of a span of the transcript."""

    confidence: float | None  # the lowest word probability; None when unknown
    start: float | None  # seconds into the recording
    end: float | None


def span_heard(
    stored: Sequence[dict[str, Any]], start: int | None, end: int | None
) -> Heard:
    """The recogniser's words (``Message.words``, :class:`speech.Word` as stored)
    under the transcript's characters ``start``..``end``: how sure it was of the
    least certain one (unknown when a word has no probability: a remote server that
    gives none), and where they are in the recording."""
    if start is None or end is None:
        return Heard(None, None, None)
    words = [speech.Word(**w) for w in stored]
    inside = speech.words_in_span(words, start, end)
    if not inside:
        return Heard(None, None, None)
    return Heard(
        speech.span_confidence(words, start, end),
        min(w.start for w in inside),
        max(w.end for w in inside),
    )


def facts_doubt(
    *, message: Message, facts: Sequence[Fact], active: ActiveRules
) -> None:
    """Mark the spoken ``facts`` (not yet saved) that are in doubt as questions,
    each with the reasons, the recogniser's confidence and its place in the audio."""
    if not message.audio:
        return
    alphabet = active.rules.alphabet
    last = _last_readings(message=message, active=active)
    for fact in facts:
        statement = statement_parse(fact.statement, alphabet)
        if not isinstance(statement, Statement):
            continue
        heard = span_heard(message.words, fact.evidence_start, fact.evidence_end)
        doubts = statement_doubts(
            statement,
            alphabet,
            confidence=heard.confidence,
            previous=last.get(statement.type),
            at=message.said_at,
        )
        fact.question = "; ".join(d.reason for d in doubts)


def _last_readings(
    *, message: Message, active: ActiveRules
) -> dict[str, TimedStatement]:
    earlier = fact_list_active(patient=message.patient).filter(
        said_at__lt=message.said_at
    )
    # Oldest first: the latest reading of each type wins.
    return {
        s.statement.type: s
        for s in timed_statements(facts=list(earlier), rules=active.rules)
    }


def question_answer(*, fact: Fact, user: User, answer: str) -> Fact:
    """Confirm (the value becomes a fact) or dismiss (it never does) a question;
    audited. The caller holds the patient's row lock and solves again."""
    fact = Fact.objects.select_for_update().get(pk=fact.pk)
    if not fact.pending:
        raise AnswerRefused("this question was already answered")
    fact.answer, fact.answered_at, fact.answered_by = answer, timezone.now(), user
    fields = ["answer", "answered_at", "answered_by"]
    if answer == Fact.Answer.DISMISSED:
        fact.retracted_at, fact.retracted_by = fact.answered_at, user
        fields += ["retracted_at", "retracted_by"]
    fact.save(update_fields=fields)
    action = (
        Action.FACT_CONFIRM if answer == Fact.Answer.CONFIRMED else Action.FACT_DISMISS
    )
    audit_record(
        user=user, action=action, obj=fact, detail={"statement": fact.statement}
    )
    return fact


def question_correct(
    *, fact: Fact, user: User, value: str, active: ActiveRules
) -> Fact:
    """Replace the doubtful value by the one the nurse gives: the question is kept,
    answered ``corrected`` and undone; the new value is a fact of the same message,
    said at the same time, validated by the alphabet like any other. Audited."""
    fact = Fact.objects.select_for_update().get(pk=fact.pk)
    if not fact.pending:
        raise AnswerRefused("this question was already answered")
    alphabet = active.rules.alphabet
    family = alphabet.family_of(fact.type)
    try:
        statement = statement_parse(f"{family}({fact.type}, {value.strip()})", alphabet)
    except ValueError as error:
        raise AnswerRefused(f"not a value for this reading: {error}") from error
    if not isinstance(statement, Statement):
        raise AnswerRefused("not a value for this reading")
    now = timezone.now()
    fact.answer, fact.answered_at, fact.answered_by = Fact.Answer.CORRECTED, now, user
    fact.retracted_at, fact.retracted_by = now, user
    fact.save(
        update_fields=[
            "answer",
            "answered_at",
            "answered_by",
            "retracted_at",
            "retracted_by",
        ]
    )
    corrected = Fact.objects.create(
        patient=fact.patient,
        message=fact.message,
        statement=statement.canonical(alphabet),
        type=statement.type,
        value=statement.value_text(alphabet),
        said_at=fact.said_at,
        evidence_start=fact.evidence_start,
        evidence_end=fact.evidence_end,
    )
    audit_record(
        user=user,
        action=Action.FACT_CORRECT,
        obj=corrected,
        detail={"asked": fact.statement, "statement": corrected.statement},
    )
    return corrected
