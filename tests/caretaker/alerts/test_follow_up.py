"""Alerts nobody acknowledged: a reminder after CARETAKER_ALERT_RENOTIFY_MINUTES, an
escalation to the ward lead after CARETAKER_ALERT_ESCALATE_MINUTES; each step once,
recorded and pushed. Beat also re-evaluates every patient."""

from datetime import timedelta

import pytest
from django.utils import timezone

from caretaker.alerts.models import Alert
from caretaker.audit.models import Action, AuditEvent
from caretaker.care.actions import alert_acknowledge, alerts_follow_up, message_import
from caretaker.care.tasks import alerts_follow_up_task
from caretaker.journal.models import PatientSnapshot

pytestmark = pytest.mark.django_db


@pytest.fixture
def alert(patient):
    said = timezone.now() - timedelta(minutes=1)
    message_import(
        patient=patient,
        said_at=said,
        text="BM 3.1",
        statements=["data(bloodGlucose, 3.1)"],
    )
    return Alert.objects.get(problem="hypoglycaemia")


def later(alert, minutes):
    return alert.first_derived_at + timedelta(minutes=minutes)


def test_nothing_happens_before_the_renotify_time(alert):
    assert alerts_follow_up(now=later(alert, 14)) == {"renotified": [], "escalated": []}


def test_reminder_then_escalation_each_once(
    alert, settings, django_capture_on_commit_callbacks
):
    """Defaults 15 and 30 minutes; running twice changes nothing the second time."""
    assert settings.CARETAKER_ALERT_RENOTIFY_MINUTES == 15
    assert settings.CARETAKER_ALERT_ESCALATE_MINUTES == 30
    with django_capture_on_commit_callbacks(execute=False) as pushes:
        assert alerts_follow_up(now=later(alert, 16))["renotified"] == [alert.pk]
        assert alerts_follow_up(now=later(alert, 17)) == {
            "renotified": [],
            "escalated": [],
        }
        assert alerts_follow_up(now=later(alert, 31))["escalated"] == [alert.pk]
        assert alerts_follow_up(now=later(alert, 40)) == {
            "renotified": [],
            "escalated": [],
        }
    assert len(pushes) == 2
    alert.refresh_from_db()
    assert alert.renotified_at == later(alert, 16)
    assert alert.escalated_at == later(alert, 31)
    steps = AuditEvent.objects.filter(
        object_type="alerts.alert", object_id=str(alert.pk)
    ).order_by("id")
    assert [(e.action, e.user, e.patient_id) for e in steps] == [
        (Action.ALERT_RENOTIFY, None, alert.patient_id),
        (Action.ALERT_ESCALATE, None, alert.patient_id),
    ]


def test_acknowledged_alerts_are_left_alone(alert, nurse):
    alert_acknowledge(alert=alert, user=nurse)
    assert alerts_follow_up(now=later(alert, 60)) == {"renotified": [], "escalated": []}


def test_minutes_come_from_settings(alert, settings):
    settings.CARETAKER_ALERT_RENOTIFY_MINUTES = 2
    settings.CARETAKER_ALERT_ESCALATE_MINUTES = 4
    assert alerts_follow_up(now=later(alert, 3)) == {
        "renotified": [alert.pk],
        "escalated": [],
    }
    assert alerts_follow_up(now=later(alert, 5))["escalated"] == [alert.pk]


def test_the_task_runs_the_service(alert):
    """Run in process: the task finds the alert due (derived over 30 minutes ago)."""
    Alert.objects.filter(pk=alert.pk).update(
        first_derived_at=timezone.now() - timedelta(minutes=45)
    )
    assert alerts_follow_up_task.apply().get() == {
        "renotified": [alert.pk],
        "escalated": [alert.pk],
    }
    assert alerts_follow_up_task.apply().get() == {"renotified": [], "escalated": []}


def test_beat_schedule_names_real_tasks(settings):
    from caretaker.celery import app

    app.loader.import_default_modules()
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        assert entry["task"] in app.tasks
        assert entry["schedule"] > 0


def test_reevaluation_raises_observations_overdue_without_a_message(
    patient, tasks_in_process
):
    """Observations recorded long ago become overdue when beat solves again."""
    from caretaker.care.tasks import patients_reevaluate

    said = timezone.now() - timedelta(hours=20)
    message_import(
        patient=patient,
        said_at=said,
        text="obs",
        statements=[
            "data(respiratoryRate, 18)",
            "data(oxygenSaturation, 97)",
            "condition(oxygenSupply, air)",
            "data(systolicBP, 120)",
            "data(heartRate, 80)",
            "condition(consciousness, alert)",
            "data(temperature, 37.0)",
        ],
    )
    assert not Alert.objects.filter(problem="observationsOverdue").exists()
    assert patients_reevaluate.apply().get() == 1
    problems = {
        p["name"]
        for p in PatientSnapshot.objects.get(patient=patient).state["problems"]
    }
    assert "observationsOverdue" in problems
    assert Alert.objects.filter(problem="observationsOverdue").count() == 1
    patients_reevaluate.apply().get()  # twice: no second alert
    assert Alert.objects.filter(problem="observationsOverdue").count() == 1
