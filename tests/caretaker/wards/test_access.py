"""Access: a login everywhere, and only the wards a user is assigned to; every
refusal is logged and recorded."""

import logging

import pytest
from django.urls import reverse

from caretaker.alerts.models import Alert
from caretaker.audit.models import Action, AuditEvent
from caretaker.care.actions import message_import
from tests.caretaker.factories import UserFactory

pytestmark = pytest.mark.django_db


def _urls(patient, fact, alert):
    return [
        ("get", "/"),
        ("get", f"/wards/{patient.ward.code}/"),
        ("get", f"/patients/{patient.pk}/"),
        ("get", f"/patients/{patient.pk}/series.json"),
        ("get", f"/patients/{patient.pk}/bedside/"),
        ("post", f"/patients/{patient.pk}/messages/"),
        ("post", f"/facts/{fact.pk}/undo/"),
        ("post", f"/messages/{fact.message_id}/undo/"),
        ("post", f"/messages/{fact.message_id}/retry/"),
        ("post", f"/alerts/{alert.pk}/acknowledge/"),
        ("get", "/audit/"),
        ("get", "/audit/export.csv"),
    ]


@pytest.fixture
def history(patient):
    from django.utils import timezone

    message_import(
        patient=patient,
        said_at=timezone.now(),
        text="BM 3.1",
        statements=["data(bloodGlucose, 3.1)"],
    )
    return patient.facts.get(), Alert.objects.get(patient=patient)


def test_every_page_needs_a_login(client, patient, history):
    """Anonymous requests are sent to the login page, never answered."""
    fact, alert = history
    for method, url in _urls(patient, fact, alert):
        response = getattr(client, method)(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login")), url


def test_the_login_page_itself_is_open(client):
    assert client.get(reverse("login")).status_code == 200


def test_other_wards_are_refused_logged_and_recorded(
    client, nurse, other_patient, caplog
):
    """A nurse asking for another ward's patient gets 404; the refusal is a
    warning in the log and an audit event on that patient."""
    message_import(
        patient=other_patient,
        said_at=other_patient.admitted_at,
        text="BM 3.1",
        statements=["data(bloodGlucose, 3.1)"],
    )
    fact = other_patient.facts.get()
    alert = Alert.objects.get(patient=other_patient)
    client.force_login(nurse)
    urls = [
        u
        for u in _urls(other_patient, fact, alert)
        if u[1] != "/" and not u[1].startswith("/audit/")
    ]
    with caplog.at_level(logging.WARNING, logger="caretaker.audit"):
        for method, url in urls:
            assert getattr(client, method)(url).status_code == 404, url
    refusals = AuditEvent.objects.filter(action=Action.ACCESS_REFUSE, user=nurse)
    assert refusals.count() == len(urls)
    assert set(refusals.values_list("ward", flat=True)) == {other_patient.ward_id}
    assert {e.detail["what"] for e in refusals} == {url for _, url in urls}
    assert sum("access refused: user nora" in r.message for r in caplog.records) == (
        len(urls)
    )
    fact.refresh_from_db()
    alert.refresh_from_db()
    assert fact.retracted_at is None and alert.acknowledged_at is None


def test_a_user_on_no_ward_sees_no_ward(client, ward):
    client.force_login(UserFactory(username="visitor"))
    assert list(client.get("/").context["wards"]) == []
    assert client.get(f"/wards/{ward.code}/").status_code == 404


def test_csrf_token_is_required_on_posts(
    nurse, patient, django_capture_on_commit_callbacks
):
    """With CSRF checks on, a post without the token is refused; one with the
    X-CSRFToken header (as live.js sends it) is accepted."""
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(nurse)
    url = f"/patients/{patient.pk}/messages/"
    assert client.post(url, {"text": "pulse 80"}).status_code == 403
    page = client.get(f"/patients/{patient.pk}/bedside/")
    token = page.context["csrf_token"]
    assert 'name="csrfmiddlewaretoken"' in page.content.decode()
    with django_capture_on_commit_callbacks(execute=False):
        response = client.post(url, {"text": "pulse 80"}, HTTP_X_CSRFTOKEN=str(token))
    assert response.status_code == 201
