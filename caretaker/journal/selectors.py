"""Reading messages, facts and patient state."""

from collections.abc import Hashable, Sequence
from datetime import datetime
from typing import Any, TypeVar

from django.db.models import QuerySet
from django.utils import timezone

from caretaker.journal.models import Fact, Message, PatientSnapshot
from caretaker.journal.rules import ActiveRules
from caretaker.wards.models import Patient
from logic import Alphabet, RuleSet, Statement, TimedStatement, statement_parse
from logic.extraction.confirmation import confirmation_text, readings
from logic.warning import after_label

T = TypeVar("T")


def fact_list_active(*, patient: Patient) -> QuerySet[Fact]:
    """Facts of the patient in force (not undone, not a question still open),
    oldest first."""
    return Fact.objects.filter(patient=patient).standing().order_by("said_at", "id")


def timed_statements(*, facts: Sequence[Fact], rules: RuleSet) -> list[TimedStatement]:
    """Stored facts as the logic core's timed statements.

    Facts were validated when stored; one that no longer fits the active alphabet (an
    admin removed its type) is left out rather than failing the whole solve.
    """
    result = []
    for fact in facts:
        try:
            statement = statement_parse(fact.statement, rules.alphabet)
        except ValueError:
            continue
        if isinstance(statement, Statement):
            result.append(TimedStatement(statement, fact.said_at))
    return result


def patient_current_values(*, patient: Patient) -> dict[str, object]:
    """Current values from the last solve (the extractor's prompt state)."""
    snapshot = PatientSnapshot.objects.filter(patient=patient).first()
    return dict(snapshot.state.get("current", {})) if snapshot else {}


def message_get(*, message_id: int) -> Message:
    return Message.objects.select_related("patient").get(pk=message_id)


def problem_explanations(
    *, patient: Patient, problems: Sequence[dict], alphabet: Alphabet | None = None
) -> list[dict]:
    """Each problem of a solved state with its supporting facts and the nurse's words
    each fact came from (the explanation the patient page shows); with ``alphabet``,
    also as ``readings``: the lines a nurse writes ("BP 128/76"), each with its time,
    words and the statements behind it. ``meaning_shown`` and ``description_shown``
    are the rules' words as read under the label (a finding that restates the label
    left out: :func:`logic.warning.after_label`)."""
    supports = [
        [_support_entry(entry) for entry in problem.get("support", [])]
        for problem in problems
    ]
    facts = _supporting_facts(patient=patient, supports=supports)
    explained = []
    for problem, entries in zip(problems, supports, strict=True):
        support: list[dict[str, Any]] = []
        for statement, at in entries:
            fact = facts.get((statement, at))
            support.append(
                {
                    "statement": statement,
                    "at": at,
                    "words": fact.evidence_text if fact else "",
                    "transcript": fact.message.transcript if fact else "",
                }
            )
        lines = (
            [
                _support_line(text, entries)
                for text, entries in readings_of(
                    [(s["statement"], s["at"], s) for s in support], alphabet
                )
            ]
            if alphabet is not None
            else []
        )
        label = problem.get("label") or problem["name"]
        explained.append(
            {
                **problem,
                "meaning_shown": _under_label(label, problem.get("meaning", "")),
                "description_shown": _under_label(
                    label, problem.get("description", "")
                ),
                "explanation": support,
                "readings": lines,
            }
        )
    return explained


Support = tuple[str, datetime | None]  # a statement and when it was said


def _support_entry(entry: dict | str) -> Support:
    # Structured by the logic core (``state_to_record``); a state stored before that
    # holds text, shown as it is until the patient is solved again.
    if isinstance(entry, dict):
        return entry["statement"], _utc(entry["at"])
    return str(entry), None


def _supporting_facts(
    *, patient: Patient, supports: Sequence[Sequence[Support]]
) -> dict[Support, Fact]:
    """The standing facts behind the problems' support, by statement and time: only
    those (a week of observations is thousands of facts, a problem rests on a few)."""
    said = {(s, at) for entries in supports for s, at in entries if at is not None}
    if not said:
        return {}
    candidates = (
        fact_list_active(patient=patient)
        .filter(
            statement__in={s for s, _at in said}, said_at__in={at for _s, at in said}
        )
        .select_related("message")
    )
    return {(f.statement, f.said_at): f for f in candidates}


def _under_label(label: str, text: str) -> str:
    """The rules' words on a line of their own under the label: a finding that
    restates the label left out, what is left begun as a sentence (a word's own
    capitals kept: "qSOFA")."""
    shown = after_label(label, text)
    return shown if shown == text else shown[:1].upper() + shown[1:]


def _utc(moment: str) -> datetime:
    return datetime.fromisoformat(moment.replace("Z", "+00:00"))


def _support_line(text: str, entries: list[dict]) -> dict:
    words = list(dict.fromkeys(e["words"] for e in entries if e["words"]))
    transcripts = list(dict.fromkeys(e["transcript"] for e in entries))
    return {
        "text": text,
        "at": entries[0]["at"],
        "words": " … ".join(words),
        "transcript": transcripts[0] if transcripts and not words else "",
        "statements": [e["statement"] for e in entries],
    }


def readings_of(
    items: Sequence[tuple[str, Hashable, T]], alphabet: Alphabet
) -> list[tuple[str, list[T]]]:
    """Canonical statements, each with a group (said at one moment) and an item, as
    the lines a nurse reads: statements of one group are read together (a systolic
    and a diastolic: "BP 128/76"). A statement the alphabet no longer reads stays as
    it was stored."""
    groups: dict[Hashable, list[tuple[str, T]]] = {}
    for text, group, item in items:
        groups.setdefault(group, []).append((text, item))
    lines: list[tuple[str, list[T]]] = []
    for members in groups.values():
        parsed: dict[int, T] = {}
        statements: list[Statement] = []
        for text, item in members:
            try:
                statement = statement_parse(text, alphabet)
            except ValueError:
                statement = None
            if isinstance(statement, Statement):
                parsed[id(statement)] = item
                statements.append(statement)
            else:
                lines.append((text, [item]))
        lines.extend(
            (line.text, [parsed[id(s)] for s in line.statements])
            for line in readings(statements, alphabet)
        )
    return lines


def fact_readings(*, facts: Sequence[Fact], alphabet: Alphabet) -> list[dict]:
    """Facts of a message as the lines a nurse reads, each with the ids of the facts
    it stands for (undo acts on all of them), the nurse's words and the statements.
    Facts undone and facts standing are read apart."""
    return [
        {
            "text": text,
            "fact_ids": [f.pk for f in members],
            "statements": [f.statement for f in members],
            "words": " … ".join(
                dict.fromkeys(f.evidence_text for f in members if f.evidence_text)
            ),
            "retracted_at": members[0].retracted_at,
        }
        for text, members in readings_of(
            [(f.statement, (f.said_at, f.retracted_at is None), f) for f in facts],
            alphabet,
        )
    ]


def journal_entries(
    *, patient: Patient, alphabet: Alphabet, limit: int = 100
) -> list[Message]:
    """The patient's latest messages, newest first, each with ``readings``: its facts
    as the lines a nurse reads (see :func:`fact_readings`)."""
    messages = list(
        patient.messages.prefetch_related("facts").order_by("-said_at", "-id")[:limit]
    )
    for message in messages:
        facts = sorted(message.facts.all(), key=lambda f: f.pk)
        message.readings = fact_readings(facts=facts, alphabet=alphabet)
    return messages


def message_confirmation(
    *, message: Message, facts: Sequence[Fact], active: ActiveRules
) -> str:
    """The sentence the nurse reads back after a message ("Recorded: temperature
    38.4 °C (was 37.2 °C at 08:00). Not understood: 'asked for his glasses'."),
    built only from stored facts: no language model words in it."""
    rules = active.rules
    statements = timed_statements(facts=facts, rules=rules)
    earlier = (
        fact_list_active(patient=message.patient)
        .filter(said_at__lt=message.said_at)
        .filter(type__in=[s.statement.type for s in statements])
    )
    previous = {
        s.statement.type: TimedStatement(s.statement, timezone.localtime(s.at))
        for s in timed_statements(facts=list(earlier), rules=rules)
    }  # oldest first, so the latest reading of each type wins
    return confirmation_text(
        [s.statement for s in statements],
        alphabet=rules.alphabet,
        unclear=message.unclear,
        previous=previous,
        said=_said(facts, rules),
        withheld=_withheld(message, rules),
    )


def _withheld(message: Message, rules: RuleSet) -> dict[Statement, str]:
    """The values the nurse's words kept from the record, with why."""
    withheld = {}
    for entry in message.withheld:
        statement = statement_parse(entry.get("statement", ""), rules.alphabet)
        if isinstance(statement, Statement):  # an alphabet since changed: left out
            withheld[statement] = str(entry.get("reason", ""))
    return withheld


def _said(facts: Sequence[Fact], rules: RuleSet) -> dict[Statement, str]:
    """What the nurse said where it differs from the stored value ("98.4 °F")."""
    said = {}
    for fact in facts:
        if fact.said:
            statement = statement_parse(fact.statement, rules.alphabet)
            if isinstance(statement, Statement):
                said[statement] = fact.said
    return said
