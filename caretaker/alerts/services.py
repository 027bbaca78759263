"""Raising and acknowledging alerts."""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from caretaker.alerts.models import Alert
from caretaker.journal import push
from caretaker.journal.models import Message
from caretaker.wards.models import Patient


def warning_text(problem: dict) -> str:
    """What the nurse reads: the rule file's description, then the supporting facts."""
    support = "; ".join(problem.get("support", []))
    return (
        f"{problem['description']} Based on: {support}."
        if support
        else problem["description"]
    )


def alerts_raise(
    *,
    patient: Patient,
    problems: list[dict],
    previous: set[str],
    message: Message | None,
    ruleset_version: str,
    derived_at: datetime,
) -> list[Alert]:
    """Create an alert for each problem that is active now and was not before."""
    return [
        Alert.objects.create(
            patient=patient,
            problem=problem["name"],
            severity=problem["severity"],
            text=warning_text(problem),
            support=problem["support"],
            first_derived_at=derived_at,
            message=message,
            ruleset_version=ruleset_version,
        )
        for problem in problems
        if problem["name"] not in previous
    ]


@transaction.atomic
def alert_acknowledge(*, alert: Alert, user) -> Alert:
    """Mark an alert as seen by ``user``; acknowledging twice keeps the first."""
    alert = Alert.objects.select_for_update().get(pk=alert.pk)
    if alert.acknowledged_at is None:
        alert.acknowledged_at = timezone.now()
        alert.acknowledged_by = user
        alert.save(update_fields=["acknowledged_at", "acknowledged_by"])
        patient_id = alert.patient_id
        transaction.on_commit(lambda: push.patient_push(patient_id))
    return alert
