"""Reading messages, facts and patient state."""

from collections.abc import Sequence
from datetime import datetime

from django.db.models import QuerySet
from django.utils import timezone

from caretaker.journal.models import Fact, Message, PatientSnapshot
from caretaker.wards.models import Patient
from logic import RuleSet, Statement, TimedStatement, statement_parse


def fact_list_active(*, patient: Patient) -> QuerySet[Fact]:
    """Facts of the patient that have not been undone, oldest first."""
    return Fact.objects.filter(patient=patient, retracted_at__isnull=True).order_by(
        "said_at", "id"
    )


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


def support_split(entry: str) -> tuple[str, datetime | None]:
    """``data(temperature, 38.4) at 2026-11-20T10:00:00Z`` as statement and time."""
    statement, _, moment = entry.rpartition(" at ")
    try:
        return statement, datetime.fromisoformat(moment.replace("Z", "+00:00"))
    except ValueError:
        return entry, None


def problem_explanations(*, patient: Patient, problems: Sequence[dict]) -> list[dict]:
    """Each problem of a solved state with its supporting facts and the nurse's words
    each fact came from (the explanation the patient page shows)."""
    facts = {
        (f.statement, f.said_at): f
        for f in fact_list_active(patient=patient).select_related("message")
    }
    explained = []
    for problem in problems:
        support = []
        for entry in problem.get("support", []):
            statement, moment = support_split(entry)
            fact = facts.get((statement, moment))
            support.append(
                {
                    "statement": statement,
                    "at": moment,
                    "words": fact.evidence_text if fact else "",
                    "transcript": fact.message.transcript if fact else "",
                }
            )
        explained.append({**problem, "explanation": support})
    return explained


def message_confirmation(*, message: Message, facts: Sequence[Fact]) -> str:
    """The sentence the nurse reads back after a message ("Recorded: temperature
    38.4 °C (was 37.2 °C at 08:00). Not understood: 'asked for his glasses'."),
    built only from stored facts: no language model words in it."""
    from caretaker.journal.rules import active_ruleset
    from logic.extraction.confirmation import confirmation_text

    rules, _version = active_ruleset(patient=message.patient)
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
    )
