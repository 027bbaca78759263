"""Raising, acknowledging, re-notifying and escalating alerts. Pushing them to the
ward's pages is the caller's (:mod:`caretaker.care.actions`)."""

from collections.abc import Iterable
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format

from caretaker.alerts.models import Alert
from caretaker.audit.models import Action
from caretaker.audit.services import audit_record
from caretaker.journal.models import Message
from caretaker.journal.rules import ActiveRules
from caretaker.users import User
from caretaker.wards.models import Patient
from logic import Problem
from logic.state import support_record
from logic.warning import warning_text


def _local(moment: datetime) -> str:
    return date_format(timezone.localtime(moment), "j M H:i")


def alerts_raise(
    *,
    patient: Patient,
    problems: Iterable[Problem],
    previous: frozenset[str],
    message: Message | None,
    active: ActiveRules,
    derived_at: datetime,
) -> list[Alert]:
    """Create an alert for each problem that is active now and was not before. What
    the nurse reads is the problem's label, the description without a finding that
    restates it, then the supporting readings with local times ("NEWS2 high (7 or
    more): emergency assessment ... Based on: Pulse 125 at 23 Nov 14:05, ...")."""
    return [
        Alert.objects.create(
            patient=patient,
            problem=problem.name,
            severity=problem.severity,
            text=warning_text(problem, active.rules.alphabet, when=_local),
            support=support_record(problem.support, active.rules),
            first_derived_at=derived_at,
            message=message,
            ruleset_version=active.version,
        )
        for problem in problems
        if problem.name not in previous
    ]


@transaction.atomic
def alert_acknowledge(*, alert: Alert, user: User) -> tuple[Alert, bool]:
    """Mark an alert as seen by ``user``; acknowledging twice keeps the first.
    Returns the alert and whether this call acknowledged it."""
    alert = Alert.objects.select_for_update().get(pk=alert.pk)
    if alert.acknowledged_at is not None:
        return alert, False
    alert.acknowledged_at = timezone.now()
    alert.acknowledged_by = user
    alert.save(update_fields=["acknowledged_at", "acknowledged_by"])
    audit_record(user=user, action=Action.ALERT_ACKNOWLEDGE, obj=alert)
    return alert, True


def _follow_up(
    *, field: str, after: timedelta, action: str, now: datetime
) -> list[int]:
    """Mark each unacknowledged alert older than ``after`` whose ``field`` is still
    empty and record it. The conditional update makes a second run, or two workers
    at once, find nothing left to do."""
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
