"""Reading messages, facts and patient state."""

from collections.abc import Sequence

from django.db.models import QuerySet

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
