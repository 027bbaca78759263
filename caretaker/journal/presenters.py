"""Messages and their results as JSON for the command line, pages and websockets."""

from caretaker.alerts.models import Alert
from caretaker.journal.models import Message, PatientSnapshot
from caretaker.journal.rules import active_ruleset
from caretaker.journal.selectors import fact_readings, message_confirmation


def message_result(message: Message) -> dict:
    """The outcome of a message: status, transcript, facts (and as ``readings``: the
    lines a nurse reads, each with the facts it stands for), unclear parts, the alerts
    it raised and the patient's state after it."""
    message.refresh_from_db()
    facts = list(message.facts.order_by("id"))
    snapshot = PatientSnapshot.objects.filter(patient=message.patient).first()
    return {
        "message": message.pk,
        "revision": message.revision,
        "status": message.status,
        "reason": message.failure_reason or None,
        "transcript": message.transcript,
        "confirmation": _confirmation(message, facts),
        "facts": [f.statement for f in facts if f.retracted_at is None],
        "fact_ids": [f.pk for f in facts if f.retracted_at is None],
        "readings": _readings(message, [f for f in facts if f.retracted_at is None]),
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


def _readings(message: Message, facts: list) -> list[dict]:
    alphabet = active_ruleset(patient=message.patient)[0].alphabet
    return [
        {"text": r["text"], "fact_ids": r["fact_ids"], "statements": r["statements"]}
        for r in fact_readings(facts=facts, alphabet=alphabet)
    ]


def _confirmation(message: Message, facts: list) -> str:
    """The deterministic confirmation; a model's rewording of it only while every
    fact it speaks of still stands."""
    if message.status != Message.Status.SOLVED:
        return ""
    active = [f for f in facts if f.retracted_at is None]
    if message.wording and len(active) == len(facts):
        return message.wording
    return message_confirmation(message=message, facts=active)
