"""Messages, patients and alerts as the JSON the pages, websockets and the command
line read."""

from caretaker.alerts.models import Alert
from caretaker.journal.models import Fact, Message, PatientSnapshot
from caretaker.journal.rules import ActiveRules, active_rules
from caretaker.journal.selectors import fact_readings, message_confirmation
from caretaker.wards.models import Patient, Ward


def message_result(message: Message) -> dict:
    """The outcome of a message: status, transcript, facts (and as ``readings``: the
    lines a nurse reads, each with the facts it stands for), unclear parts, the alerts
    it raised and the patient's state after it."""
    message.refresh_from_db()
    facts = list(message.facts.order_by("id"))
    active = [f for f in facts if f.retracted_at is None]
    rules = active_rules(patient=message.patient)
    snapshot = PatientSnapshot.objects.filter(patient=message.patient).first()
    return {
        "message": message.pk,
        "revision": message.revision,
        "status": message.status,
        "reason": message.failure_reason or None,
        "transcript": message.transcript,
        "confirmation": _confirmation(message, facts, rules),
        "facts": [f.statement for f in active],
        "fact_ids": [f.pk for f in active],
        "readings": _readings(active, rules),
        "evidence": [
            {"statement": f.statement, "start": f.evidence_start, "end": f.evidence_end}
            for f in facts
        ],
        "unclear": message.unclear,
        "alerts": [
            {"problem": a.problem, "severity": a.severity, "text": a.text}
            for a in Alert.objects.filter(message=message).order_by("id")
        ],
        "state": snapshot.state if snapshot else {},
    }


def _readings(facts: list[Fact], rules: ActiveRules) -> list[dict]:
    return [
        {"text": r["text"], "fact_ids": r["fact_ids"], "statements": r["statements"]}
        for r in fact_readings(facts=facts, alphabet=rules.rules.alphabet)
    ]


def _confirmation(message: Message, facts: list[Fact], rules: ActiveRules) -> str:
    """The confirmation stored when the message was solved (and again after an
    undo); a model's rewording of it only while every fact it speaks of stands."""
    if message.status != Message.Status.SOLVED:
        return ""
    active = [f for f in facts if f.retracted_at is None]
    if message.wording and len(active) == len(facts):
        return message.wording
    if message.confirmation:
        return message.confirmation
    # Solved before confirmations were stored: built from the facts as they stand.
    return message_confirmation(message=message, facts=active, active=rules)


def patient_row(*, patient: Patient) -> dict:
    """One dashboard row: the patient, the latest state and unacknowledged alerts."""
    snapshot = PatientSnapshot.objects.filter(patient=patient).first()
    alerts = Alert.objects.filter(patient=patient, acknowledged_at__isnull=True)
    return {
        "id": patient.pk,
        "name": patient.name,
        "record_number": patient.record_number,
        "bed": patient.bed,
        "state": snapshot.state if snapshot else {},
        "alerts": [alert_json(alert=a) for a in alerts.order_by("-first_derived_at")],
    }


def ward_rows(*, ward: Ward) -> list[dict]:
    return [patient_row(patient=p) for p in ward.patients.all()]


def alert_json(*, alert: Alert) -> dict:
    return {
        "id": alert.pk,
        "patient": alert.patient_id,
        "problem": alert.problem,
        "severity": alert.severity,
        "text": alert.text,
        "support": alert.support,
        "first_derived_at": alert.first_derived_at.isoformat(),
        "acknowledged": alert.acknowledged_at is not None,
        "renotified": alert.renotified_at is not None,
        "escalated": alert.escalated_at is not None,
    }
