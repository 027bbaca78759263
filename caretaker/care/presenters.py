"""Messages, patients and alerts as the JSON the pages, websockets and the command
line read."""

from django.db.models import Prefetch
from django.urls import reverse

from caretaker.alerts.models import Alert
from caretaker.journal.models import Fact, Message, PatientSnapshot
from caretaker.journal.questions import span_heard
from caretaker.journal.rules import ActiveRules, active_rules
from caretaker.journal.selectors import fact_readings, message_confirmation
from caretaker.wards.models import Patient, Ward
from logic import Statement, statement_parse
from logic.doubt import question_text


def message_result(message: Message) -> dict:
    """The outcome of a message: status, transcript, facts (and as ``readings``: the
    lines a nurse reads, each with the facts it stands for), unclear parts, the alerts
    it raised and the patient's state after it."""
    message.refresh_from_db()
    facts = list(message.facts.order_by("id"))
    active = [f for f in facts if f.standing]
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
        "instructions": message.instructions,
        "questions": [question_json(f, rules, message) for f in facts if f.pending],
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
    active = [f for f in facts if f.standing]
    if message.wording and len(active) == len(facts):
        return message.wording
    if message.confirmation:
        return message.confirmation
    # Solved before confirmations were stored: built from the facts as they stand.
    return message_confirmation(message=message, facts=active, active=rules)


def question_json(fact: Fact, rules: ActiveRules, message: Message) -> dict:
    """A doubtful value (of ``message``) as the bedside and the dashboard ask it:
    "Pulse 180?", why, where its words are in the recording (from the recogniser's
    words, as when it was asked), and for a condition the values to choose."""
    alphabet = rules.rules.alphabet
    heard = span_heard(message.words, fact.evidence_start, fact.evidence_end)
    try:
        statement = statement_parse(fact.statement, alphabet)
    except ValueError:  # the alphabet changed since: asked as it was stored
        statement = None
    condition = alphabet.conditions.get(fact.type)
    return {
        "fact": fact.pk,
        "message": fact.message_id,
        "text": question_text(statement, alphabet)
        if isinstance(statement, Statement)
        else f"{fact.statement}?",
        "reason": fact.question,
        "type": fact.type,
        "statement": fact.statement,
        "value": fact.value,
        "audio": {
            "url": reverse("message-audio", args=[fact.message_id]),
            "start": heard.start,
            "end": heard.end,
        }
        if heard.start is not None
        else None,
        "choices": [
            {"value": v.name, "text": v.display or v.description}
            for v in condition.values
        ]
        if condition
        else [],
    }


def patient_row(*, patient: Patient) -> dict:
    """One dashboard row: the patient, the latest state, unacknowledged alerts and
    the questions waiting for a nurse's answer."""
    snapshot = PatientSnapshot.objects.filter(patient=patient).first()
    alerts = Alert.objects.filter(patient=patient, acknowledged_at__isnull=True)
    questions = list(
        Fact.objects.filter(patient=patient)
        .pending()
        .select_related("message")
        .order_by("id")
    )
    rules = active_rules(patient=patient) if questions else None
    return _row(
        patient, snapshot, list(alerts.order_by("-first_derived_at")), questions, rules
    )


def ward_rows(*, ward: Ward) -> list[dict]:
    """Every patient's row, read in the same few queries however many beds the
    ward has (each dashboard and each socket's snapshot reads them all)."""
    patients = list(
        ward.patients.select_related("snapshot").prefetch_related(
            Prefetch(
                "alerts",
                Alert.objects.filter(acknowledged_at__isnull=True).order_by(
                    "-first_derived_at"
                ),
                to_attr="alerts_open",
            ),
            Prefetch(
                "facts",
                Fact.objects.pending().select_related("message").order_by("id"),
                to_attr="questions_open",
            ),
        )
    )
    # One rule set for the ward: its patients' active_rules are all this one.
    asked = any(p.questions_open for p in patients)
    rules = active_rules(ward=ward) if asked else None
    return [
        _row(
            p,
            getattr(p, "snapshot", None),
            p.alerts_open,
            p.questions_open,
            rules,
        )
        for p in patients
    ]


def _row(
    patient: Patient,
    snapshot: PatientSnapshot | None,
    alerts: list[Alert],
    questions: list[Fact],
    rules: ActiveRules | None,
) -> dict:
    return {
        "id": patient.pk,
        "name": patient.name,
        "record_number": patient.record_number,
        "bed": patient.bed,
        "state": snapshot.state if snapshot else {},
        "alerts": [alert_json(alert=a) for a in alerts],
        "questions": [question_json(f, rules, f.message) for f in questions]
        if rules
        else [],
    }


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
