"""What a nurse reads of a message (readings, not statements) and undoing one line:
every fact it stands for at once, audited, only on the nurse's own wards."""

import pytest
from django.utils import timezone

from caretaker.audit.models import Action, AuditEvent
from caretaker.care.actions import facts_undo, message_import
from caretaker.care.presenters import message_result
from caretaker.journal.models import Fact, Message, PatientSnapshot

pytestmark = pytest.mark.django_db


def _temp_and_bp(patient):
    return message_import(
        patient=patient,
        said_at=timezone.now(),
        text="temp 38.6, BP 128 over 76",
        statements=[
            "data(temperature, 38.6)",
            "data(systolicBP, 128)",
            "data(diastolicBP, 76)",
        ],
    )


def _ids(message, *statements):
    return [message.facts.get(statement=s).pk for s in statements]


def test_a_message_result_lists_readings_with_the_facts_each_stands_for(patient):
    """The bedside card's lines: "BP 128/76" is one line for two facts."""
    message = _temp_and_bp(patient)
    result = message_result(message)
    bp = _ids(message, "data(systolicBP, 128)", "data(diastolicBP, 76)")
    (temp,) = _ids(message, "data(temperature, 38.6)")
    assert [(r["text"], r["fact_ids"]) for r in result["readings"]] == [
        ("Temp 38.6 °C", [temp]),
        ("BP 128/76", bp),
    ]
    assert result["readings"][1]["statements"] == [
        "data(systolicBP, 128)",
        "data(diastolicBP, 76)",
    ]
    # The raw keys stay for clients that read them.
    assert result["facts"] == [
        "data(temperature, 38.6)",
        "data(systolicBP, 128)",
        "data(diastolicBP, 76)",
    ]
    assert result["confirmation"] == "Recorded: Temp 38.6 °C, BP 128/76."


def test_undoing_the_bp_line_retracts_both_facts_each_audited(client, nurse, patient):
    message = _temp_and_bp(patient)
    revision = Message.objects.get(pk=message.pk).revision
    bp = _ids(message, "data(systolicBP, 128)", "data(diastolicBP, 76)")
    client.force_login(nurse)
    response = client.post(f"/messages/{message.pk}/undo/", {"facts": bp})
    assert response.status_code == 200
    body = response.json()
    assert [r["text"] for r in body["readings"]] == ["Temp 38.6 °C"]
    assert body["facts"] == ["data(temperature, 38.6)"]
    assert body["confirmation"] == "Recorded: Temp 38.6 °C."
    undone = Fact.objects.filter(pk__in=bp)
    assert all(f.retracted_at and f.retracted_by == nurse for f in undone)
    events = AuditEvent.objects.filter(action=Action.FACT_UNDO, user=nurse)
    assert sorted(e.object_id for e in events) == sorted(str(i) for i in bp)
    current = PatientSnapshot.objects.get(patient=patient).state["current"]
    assert "systolicBP" not in current and "diastolicBP" not in current
    assert current["temperature"] == 38.6
    assert Message.objects.get(pk=message.pk).revision == revision + 1


def test_undo_is_all_or_nothing(patient, nurse):
    """A fact id of another message refuses the whole undo: nothing is retracted."""
    message = _temp_and_bp(patient)
    other = message_import(
        patient=patient,
        said_at=timezone.now(),
        text="pulse 80",
        statements=["data(heartRate, 80)"],
    )
    ids = _ids(message, "data(systolicBP, 128)") + [other.facts.get().pk]
    with pytest.raises(Fact.DoesNotExist):
        facts_undo(message=message, fact_ids=ids, user=nurse)
    assert not Fact.objects.filter(retracted_at__isnull=False).exists()
    assert not AuditEvent.objects.filter(action=Action.FACT_UNDO).exists()


def test_undo_with_facts_of_another_message_is_a_readable_400(client, nurse, patient):
    message = _temp_and_bp(patient)
    client.force_login(nurse)
    for facts in ([], ["x"], [999_999]):
        response = client.post(f"/messages/{message.pk}/undo/", {"facts": facts})
        assert response.status_code == 400, facts
        assert "facts" in response.json()["error"]
    assert not Fact.objects.filter(retracted_at__isnull=False).exists()


def test_undo_on_another_wards_message_is_404(client, nurse, other_patient):
    message = _temp_and_bp(other_patient)
    bp = _ids(message, "data(systolicBP, 128)", "data(diastolicBP, 76)")
    client.force_login(nurse)
    response = client.post(f"/messages/{message.pk}/undo/", {"facts": bp})
    assert response.status_code == 404
    assert not Fact.objects.filter(retracted_at__isnull=False).exists()
    assert AuditEvent.objects.filter(action=Action.ACCESS_REFUSE, user=nurse).exists()
