"""The audit trail: append-only events, recorded by views and services, readable and
exportable by ward leads of their own wards."""

import csv
import io
from datetime import timedelta

import pytest
from django.contrib.admin.sites import site
from django.test import RequestFactory
from django.utils import timezone

from caretaker.alerts.models import Alert
from caretaker.audit.models import Action, AuditEvent, AuditImmutable
from caretaker.audit.services import audit_record
from caretaker.care.actions import alert_acknowledge, fact_undo, message_import
from caretaker.care.submissions import message_submit
from caretaker.journal.models import Fact
from tests.caretaker.factories import PatientFactory, UserFactory

pytestmark = pytest.mark.django_db


def actions(**lookup) -> list[str]:
    return list(
        AuditEvent.objects.filter(**lookup)
        .order_by("id")
        .values_list("action", flat=True)
    )


def test_an_event_cannot_be_changed_or_deleted(patient, nurse):
    """save() of a stored event, delete(), and queryset update/delete all refuse."""
    event = audit_record(user=nurse, action=Action.CHART_VIEW, obj=patient)
    event.action = "something.else"
    with pytest.raises(AuditImmutable):
        event.save()
    with pytest.raises(AuditImmutable):
        event.delete()
    with pytest.raises(AuditImmutable):
        AuditEvent.objects.filter(pk=event.pk).update(action="x")
    with pytest.raises(AuditImmutable):
        AuditEvent.objects.all().delete()
    event.refresh_from_db()
    assert event.action == Action.CHART_VIEW


def test_record_takes_patient_and_ward_from_the_object(patient, nurse):
    """An event about a fact knows its patient and ward; the username is kept."""
    message = message_import(
        patient=patient,
        said_at=timezone.now(),
        text="pulse 80",
        statements=["data(heartRate, 80)"],
    )
    fact = message.facts.get()
    event = audit_record(
        user=nurse, action="rule.change", obj=fact, detail={"why": "test"}
    )
    assert (event.patient, event.ward, event.username) == (
        patient,
        patient.ward,
        "nora",
    )
    assert (event.object_type, event.object_id) == ("journal.fact", str(fact.pk))
    assert event.detail == {"why": "test"}


def test_system_events_have_no_user(ward):
    from django.contrib.auth.models import AnonymousUser

    event = audit_record(user=AnonymousUser(), action=Action.RULE_CHANGE, ward=ward)
    assert event.user is None and event.username == "" and event.ward == ward


def test_admin_is_read_only(ward_lead):
    admin = site._registry[AuditEvent]
    request = RequestFactory().get("/admin/")
    request.user = ward_lead
    assert not admin.has_add_permission(request)
    assert not admin.has_change_permission(request)
    assert not admin.has_delete_permission(request)


def test_pages_that_show_a_chart_are_recorded(client, nurse, patient):
    """Patient page, series.json and the bedside page each leave one event."""
    client.force_login(nurse)
    for url in (
        f"/patients/{patient.pk}/",
        f"/patients/{patient.pk}/series.json",
        f"/patients/{patient.pk}/bedside/",
    ):
        assert client.get(url).status_code == 200
    assert actions(patient=patient, user=nurse) == [
        Action.CHART_VIEW,
        Action.SERIES_VIEW,
        Action.BEDSIDE_VIEW,
    ]


def test_messages_facts_undo_and_acknowledgement_are_recorded(
    patient, nurse, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):
        message_submit(patient=patient, author=nurse, text="pulse 80")
    message_import(
        patient=patient,
        said_at=timezone.now() - timedelta(minutes=1),
        text="BM 3.1",
        statements=["data(bloodGlucose, 3.1)"],
        author=nurse,
    )
    fact = Fact.objects.get(statement="data(bloodGlucose, 3.1)")
    alert = Alert.objects.get(problem="hypoglycaemia")
    alert_acknowledge(alert=alert, user=nurse)
    fact_undo(fact=fact, user=nurse)
    assert actions(patient=patient) == [
        Action.MESSAGE_SUBMIT,
        Action.FACT_STORE,
        Action.ALERT_ACKNOWLEDGE,
        Action.FACT_UNDO,
    ]
    stored = AuditEvent.objects.get(action=Action.FACT_STORE)
    assert stored.detail["statement"] == "data(bloodGlucose, 3.1)"
    assert stored.user == nurse


def test_ward_lead_sees_only_events_of_own_wards(
    client, ward_lead, patient, other_patient, nurse
):
    audit_record(user=nurse, action=Action.CHART_VIEW, obj=patient)
    audit_record(user=nurse, action=Action.CHART_VIEW, obj=other_patient)
    client.force_login(ward_lead)
    page = client.get("/audit/")
    assert page.status_code == 200
    shown = list(page.context["page"])
    assert [e.patient for e in shown] == [patient]


def test_audit_page_filters_by_patient(client, ward_lead, ward, nurse, patient):
    neighbour = PatientFactory(ward=ward)
    audit_record(user=nurse, action=Action.CHART_VIEW, obj=patient)
    audit_record(user=nurse, action=Action.CHART_VIEW, obj=neighbour)
    client.force_login(ward_lead)
    shown = list(client.get(f"/audit/?patient={neighbour.pk}").context["page"])
    assert [e.patient for e in shown] == [neighbour]


def test_nurses_may_not_read_the_trail(client, nurse):
    """A nurse is refused (403), and the refusal is itself recorded."""
    client.force_login(nurse)
    assert client.get("/audit/").status_code == 403
    assert client.get("/audit/export.csv").status_code == 403
    assert actions(user=nurse) == [Action.ACCESS_REFUSE, Action.ACCESS_REFUSE]


def test_export_is_csv_and_neutralises_formulas(client, ward_lead, nurse, patient):
    """Words a nurse typed cannot run as a spreadsheet formula in the export."""
    audit_record(
        user=nurse, action=Action.CHART_VIEW, obj=patient, detail={"note": "x"}
    )
    audit_record(
        user=UserFactory(username="=cmd|' /C calc'!A0"),
        action=Action.CHART_VIEW,
        obj=patient,
    )
    client.force_login(ward_lead)
    response = client.get(f"/audit/export.csv?patient={patient.pk}")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert rows[0][:3] == ["time", "user", "action"]
    assert {r[1] for r in rows[1:]} == {"nora", "'=cmd|' /C calc'!A0"}
    assert all(r[7] == patient.record_number for r in rows[1:])
    assert AuditEvent.objects.filter(
        action=Action.AUDIT_EXPORT, user=ward_lead
    ).exists()


def test_the_database_refuses_updates_too(patient, nurse):
    """Even SQL that bypasses the model cannot change an event."""
    from django.db import DatabaseError, connection, transaction

    event = audit_record(user=nurse, action=Action.CHART_VIEW, obj=patient)
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as c:
        c.execute("UPDATE audit_auditevent SET action = 'x' WHERE id = %s", [event.pk])
    event.refresh_from_db()
    assert event.action == Action.CHART_VIEW


def test_a_ward_lead_reading_the_trail_is_itself_recorded(client, ward_lead):
    client.force_login(ward_lead)
    assert client.get("/audit/?action=chart.view").status_code == 200
    (read,) = AuditEvent.objects.filter(user=ward_lead, action=Action.AUDIT_VIEW)
    assert read.detail == {"patient": "", "action": "chart.view"}


@pytest.mark.parametrize("path", ["/audit/", "/audit/export.csv"])
@pytest.mark.parametrize("value", ["9999999999999999999999999", "abc", "-1", "0"])
def test_a_patient_filter_that_is_no_record_id_is_a_bad_request(
    client, ward_lead, path, value
):
    """Past the id column's range it used to be a 500 (and the export hung)."""
    client.force_login(ward_lead)
    assert client.get(path, {"patient": value}).status_code == 400
