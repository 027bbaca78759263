"""HTTP hardening: one 404 for every refusal, ids past the column's range, password
reset off by default (throttled and audited when on), the client's address behind
the proxy, and a Content-Security-Policy."""

import pytest
from django.test import RequestFactory

from caretaker.audit.access import NOT_FOUND
from caretaker.audit.models import Action, AuditEvent
from caretaker.proxy import client_ip

pytestmark = pytest.mark.django_db
HUGE = "9" * 25


def test_no_such_patient_and_another_wards_patient_read_the_same(
    client, nurse, other_patient, settings
):
    settings.DEBUG = True  # the technical 404 page shows the reason
    client.force_login(nurse)
    missing = client.get("/patients/987654/")
    elsewhere = client.get(f"/patients/{other_patient.pk}/")
    assert missing.status_code == elsewhere.status_code == 404
    for response in (missing, elsewhere):
        page = response.content.decode()
        assert NOT_FOUND in page and "matches the given query" not in page


@pytest.mark.parametrize("path", [
    f"/patients/{HUGE}/", f"/patients/{HUGE}/bedside/", f"/messages/{HUGE}/retry/",
    f"/alerts/{HUGE}/acknowledge/", f"/facts/{HUGE}/undo/", "/patients/9223372036854775808/",
])  # fmt: skip
def test_an_id_past_the_columns_range_is_not_found_never_a_server_error(
    client, nurse, path
):
    client.force_login(nurse)
    assert client.post(path).status_code == 404


def test_password_reset_is_off_by_default(client):
    assert client.get("/accounts/password_reset/").status_code == 404
    assert (
        client.post("/accounts/password_reset/", {"email": "a@b.c"}).status_code == 404
    )


def test_password_reset_when_on_is_throttled_and_audited(client, settings, nurse):
    from django.core import mail

    settings.CARETAKER_PASSWORD_RESET = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    nurse.email = "nora@hospital.example"
    nurse.save()
    answers = [
        client.post("/accounts/password_reset/", {"email": nurse.email}).status_code
        for _ in range(7)
    ]
    assert answers[:5] == [302] * 5 and answers[5:] == [429, 429]
    assert len(mail.outbox) == 5
    asked = AuditEvent.objects.filter(action=Action.PASSWORD_RESET).order_by("id")
    assert [e.detail["throttled"] for e in asked] == [False] * 5 + [True] * 2


def test_behind_the_proxy_lockout_counts_the_clients_address(settings):
    settings.CARETAKER_TRUSTED_PROXIES = 1
    request = RequestFactory().get(
        "/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="1.2.3.4, 192.168.7.20"
    )
    # The proxy appended what it saw; what the client claimed further left is not
    # believed.
    assert client_ip(request) == "192.168.7.20"
    settings.CARETAKER_TRUSTED_PROXIES = 0
    assert client_ip(request) == "10.0.0.2"


def test_pages_carry_a_content_security_policy(client, nurse):
    client.force_login(nurse)
    policy = client.get("/").headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
