"""Pipeline services that need no language model: import, solve, alert, undo."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from caretaker.alerts.models import Alert
from caretaker.care.actions import (
    alert_acknowledge,
    fact_undo,
    message_import,
    patient_refresh,
)
from caretaker.care.submissions import message_submit
from caretaker.journal.models import Fact, Message, PatientSnapshot

pytestmark = pytest.mark.django_db


def said(hours_ago: float):
    return timezone.now() - timedelta(hours=hours_ago)


def test_rising_temperature_after_surgery_raises_one_alert(patient):
    message_import(
        patient=patient,
        said_at=said(5),
        text="had surgery, temp 37",
        statements=["condition(backgroundInfo, surgery)", "data(temperature, 37.0)"],
    )
    assert not Alert.objects.exists()
    second = message_import(
        patient=patient,
        said_at=said(1),
        text="temp 38.4",
        statements=["data(temperature, 38.4)"],
    )
    (alert,) = Alert.objects.all()
    assert (alert.problem, alert.message, alert.severity) == (
        "risingTemperatureAfterOperation",
        second,
        "medium",
    )
    # By its label, with the readings as the nurse writes them and local times.
    assert alert.text.startswith("Rising temperature after surgery: ")
    assert "Had surgery, Temp 37.0 °C at " in alert.text
    assert "Temp 38.4 °C at " in alert.text and alert.ruleset_version
    assert "data(" not in alert.text and "condition(" not in alert.text
    # Solving again with nothing new raises nothing new: the problem is not new.
    patient_refresh(patient=patient)
    assert Alert.objects.count() == 1


def test_state_snapshot_keeps_current_values(patient):
    message_import(
        patient=patient,
        said_at=said(1),
        text="pulse 104",
        statements=["data(heartRate, 104)"],
    )
    state = PatientSnapshot.objects.get(patient=patient).state
    assert state["current"] == {"heartRate": 104}


def test_undo_keeps_the_retraction_and_solves_again(patient, nurse):
    message_import(
        patient=patient,
        said_at=said(5),
        text="surgery, temp 37",
        statements=["condition(backgroundInfo, surgery)", "data(temperature, 37.0)"],
    )
    message_import(
        patient=patient,
        said_at=said(1),
        text="temp 38.4",
        statements=["data(temperature, 38.4)"],
    )
    fact = Fact.objects.get(statement="data(temperature, 38.4)")
    state = fact_undo(fact=fact, user=nurse)
    assert state.current["temperature"].statement.value == Decimal("37.0")
    assert state.problems == ()
    stored = PatientSnapshot.objects.get(patient=patient).state
    assert stored["current"]["temperature"] == 37.0 and stored["problems"] == []
    fact.refresh_from_db()
    assert fact.retracted_at is not None and fact.retracted_by == nurse
    assert Fact.objects.filter(pk=fact.pk).exists()


def test_acknowledging_twice_keeps_the_first(patient, nurse):
    message_import(
        patient=patient,
        said_at=said(0),
        text="BM 3.1",
        statements=["data(bloodGlucose, 3.1)"],
    )
    alert = Alert.objects.get(problem="hypoglycaemia")
    first = alert_acknowledge(alert=alert, user=nurse).acknowledged_at
    assert alert_acknowledge(alert=alert, user=nurse).acknowledged_at == first


def test_import_rejects_statements_outside_the_alphabet(patient):
    from logic import StatementError

    with pytest.raises(StatementError):
        message_import(
            patient=patient,
            said_at=said(0),
            text="temp 52",
            statements=["data(temperature, 52.0)"],
        )
    assert not Message.objects.exists() and not Fact.objects.exists()


def test_duplicate_client_id_is_one_message(
    patient, django_capture_on_commit_callbacks
):
    import uuid

    client_id = uuid.uuid4()
    with django_capture_on_commit_callbacks(execute=False):
        first = message_submit(patient=patient, text="pulse 80", client_id=client_id)
        again = message_submit(patient=patient, text="pulse 80", client_id=client_id)
    assert first.pk == again.pk and Message.objects.count() == 1


def test_empty_message_is_refused(patient):
    with pytest.raises(ValueError):
        message_submit(patient=patient, text="   ")


def test_confirmation_is_built_from_the_facts_and_a_rewording_needs_them_all(
    patient, nurse
):
    """The bedside reads a deterministic confirmation; a model's rewording (kept only
    when its numbers match) is shown until one of the facts is undone."""
    from caretaker.care.presenters import message_result

    earlier = said(3)
    message_import(
        patient=patient,
        said_at=earlier,
        text="temp 37.2",
        statements=["data(temperature, 37.2)"],
    )
    message = message_import(
        patient=patient,
        said_at=said(1),
        text="temp 38.4, pain 3",
        statements=["data(temperature, 38.4)", "data(painLevel, 3)"],
    )
    result = message_result(message)
    assert result["confirmation"].startswith("Recorded: Temp 38.4 °C (was 37.2 at ")
    assert result["confirmation"].endswith("Pain 3/10.")
    Message.objects.filter(pk=message.pk).update(wording="Temp 38.4 °C, pain 3/10.")
    assert message_result(message)["confirmation"] == "Temp 38.4 °C, pain 3/10."
    fact_undo(fact=Fact.objects.get(statement="data(painLevel, 3)"), user=nurse)
    local = timezone.localtime(earlier)
    assert message_result(message)["confirmation"] == (
        f"Recorded: Temp 38.4 °C (was 37.2 at {local:%H:%M})."
    )


def test_no_rewording_unless_configured(settings):
    from caretaker.journal.extraction import confirmation_wording

    settings.CARETAKER_LLM_WORDING = False
    assert confirmation_wording("Recorded: pain 3/10.") == ""


@pytest.mark.slow
def test_a_retry_is_audited_and_its_facts_are_credited_to_who_retried(
    patient, nurse, ward_lead
):
    from caretaker.audit.models import Action, AuditEvent
    from caretaker.care.actions import message_process
    from caretaker.care.submissions import message_retry
    from caretaker.journal.services import message_fail, message_transcribe

    message = message_submit(patient=patient, author=nurse, text="pulse 104")
    message_transcribe(message=message)
    message_fail(message=message, reason="the language model did not answer")
    message_retry(message=message, user=ward_lead)
    message_process(message_id=message.pk)
    (retry,) = AuditEvent.objects.filter(action=Action.MESSAGE_RETRY)
    assert retry.user == ward_lead
    assert retry.detail["failure"] == "the language model did not answer"
    stored = AuditEvent.objects.filter(action=Action.FACT_STORE)
    assert [(e.user, e.detail["statement"]) for e in stored] == [
        (ward_lead, "data(heartRate, 104)")
    ]
