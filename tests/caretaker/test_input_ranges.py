"""Integers and times past what the database and datetime hold are a 400 with a
reason, never a 500: query strings and form fields."""

import pytest

from caretaker.care.actions import message_import

pytestmark = pytest.mark.django_db

TOO_EARLY = "0001-01-01T00:00:00Z"
TOO_LATE = "9999-12-31T23:59:59Z"
PAST_ANY_ID = "9" * 22


@pytest.mark.parametrize("since", [TOO_EARLY, TOO_LATE])
def test_a_handover_since_the_ends_of_time_is_a_bad_request(
    client, nurse, patient, since
):
    client.force_login(nurse)
    for path in (
        f"/patients/{patient.pk}/handover/",
        f"/wards/{patient.ward.code}/handover/",
        f"/patients/{patient.pk}/fhir/",
    ):
        response = client.get(path, {"since": since})
        assert response.status_code == 400, path


def test_a_handover_since_a_real_time_is_served(client, nurse, patient):
    client.force_login(nurse)
    response = client.get(
        f"/patients/{patient.pk}/handover/", {"since": "2026-11-24T08:00:00Z"}
    )
    assert response.status_code == 200


@pytest.mark.parametrize("fact", [PAST_ANY_ID, str(2**63), "-1", "0", "٣"])
def test_undo_of_a_fact_id_past_the_column_is_a_readable_400(
    client, nurse, patient, fact
):
    message = message_import(
        patient=patient,
        said_at=patient.admitted_at,
        text="pulse 88",
        statements=["data(heartRate, 88)"],
    )
    client.force_login(nurse)
    response = client.post(f"/messages/{message.pk}/undo/", {"facts": [fact]})
    assert response.status_code == 400
    assert "facts" in response.json()["error"]
    assert not message.facts.filter(retracted_at__isnull=False).exists()


@pytest.mark.parametrize("query", [PAST_ANY_ID, str(2**63), "1e3"])
def test_the_audit_filters_refuse_ids_past_the_column(client, ward_lead, query):
    client.force_login(ward_lead)
    assert client.get("/audit/", {"patient": query}).status_code == 400
