"""Raising, acknowledging, re-notifying and escalating alerts."""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format

from caretaker.alerts.models import Alert
from caretaker.alerts.push import alert_push
from caretaker.audit.models import Action
from caretaker.audit.services import audit_record
from caretaker.journal import push
from caretaker.journal.models import Message
from caretaker.journal.rules import active_ruleset
from caretaker.journal.selectors import support_split
from caretaker.wards.models import Patient
from logic import (
    Alphabet,
    Statement,
    StatementError,
    TimedStatement,
    statement_parse,
)
from logic.extraction.confirmation import problem_warning, support_text


def warning_text(problem: dict, alphabet: Alphabet) -> str:
    """What the nurse reads: the problem's label and the rule file's description,
    then the supporting readings with local times ("Low blood sugar: ... Based on:
    BM 3.1 mmol/L at 23 Nov 14:05")."""
    facts, unread = [], []
    for entry in problem.get("support", []):
        text, moment = support_split(entry)
        try:
            statement = statement_parse(text, alphabet)
        except StatementError:
            statement = None
        if isinstance(statement, Statement) and moment is not None:
            facts.append(TimedStatement(statement, moment))
        else:
            unread.append(text)
    support = support_text(
        facts,
        alphabet,
        when=lambda moment: date_format(timezone.localtime(moment), "j M H:i"),
    )
    return problem_warning(
        problem.get("label") or problem["name"],
        problem["description"],
        ", ".join([support, *unread] if support else unread),
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
    alphabet = active_ruleset(patient=patient)[0].alphabet
    return [
        Alert.objects.create(
            patient=patient,
            problem=problem["name"],
            severity=problem["severity"],
            text=warning_text(problem, alphabet),
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
        audit_record(user=user, action=Action.ALERT_ACKNOWLEDGE, obj=alert)
        patient_id = alert.patient_id
        transaction.on_commit(lambda: push.patient_push(patient_id))
    return alert


def _follow_up(
    *, field: str, after: timedelta, action: str, now: datetime
) -> list[int]:
    """Mark each unacknowledged alert older than ``after`` whose ``field`` is still
    empty, record it and push it. The conditional update makes a second run, or two
    workers at once, find nothing left to do."""
    due = Alert.objects.filter(
        acknowledged_at__isnull=True,
        first_derived_at__lte=now - after,
        **{f"{field}__isnull": True},
    ).values_list("pk", flat=True)
    done = []
    for alert_id in list(due):
        with transaction.atomic():
            claimed = Alert.objects.filter(
                pk=alert_id, acknowledged_at__isnull=True, **{f"{field}__isnull": True}
            ).update(**{field: now})
            if not claimed:
                continue
            alert = Alert.objects.select_related("patient").get(pk=alert_id)
            minutes = int(after.total_seconds() // 60)
            audit_record(
                user=None, action=action, obj=alert, detail={"after_minutes": minutes}
            )
            transaction.on_commit(lambda pk=alert_id: alert_push(pk, kind=str(action)))
        done.append(alert_id)
    return done


def alerts_follow_up(*, now: datetime | None = None) -> dict[str, list[int]]:
    """Remind the ward of alerts nobody acknowledged after
    CARETAKER_ALERT_RENOTIFY_MINUTES, then escalate them to the ward lead after
    CARETAKER_ALERT_ESCALATE_MINUTES. Returns the ids of each step."""
    now = now or timezone.now()
    renotified = _follow_up(
        field="renotified_at",
        after=timedelta(minutes=settings.CARETAKER_ALERT_RENOTIFY_MINUTES),
        action=Action.ALERT_RENOTIFY,
        now=now,
    )
    escalated = _follow_up(
        field="escalated_at",
        after=timedelta(minutes=settings.CARETAKER_ALERT_ESCALATE_MINUTES),
        action=Action.ALERT_ESCALATE,
        now=now,
    )
    return {"renotified": renotified, "escalated": escalated}
