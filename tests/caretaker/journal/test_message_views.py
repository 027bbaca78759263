"""The message endpoint's limits: rate, size, type, and client ids."""

import uuid

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from caretaker.journal.models import Message
from caretaker.journal.uploads import MAX_AUDIO_BYTES
from tests.caretaker.factories import UserFactory

pytestmark = pytest.mark.django_db
WEBM = b"\x1a\x45\xdf\xa3" + b"\x00" * 60


@pytest.fixture
def post(client, nurse, patient, django_capture_on_commit_callbacks):
    """Post to the patient's message endpoint as the nurse; nothing is processed."""
    client.force_login(nurse)

    def send(**data):
        with django_capture_on_commit_callbacks(execute=False):
            return client.post(f"/patients/{patient.pk}/messages/", data)

    return send


def test_typed_text_is_stored(post, patient):
    response = post(text="pulse 80", client_id=str(uuid.uuid4()))
    assert response.status_code == 201
    assert Message.objects.get(pk=response.json()["message"]).patient == patient


@pytest.fixture
def ratelimit_clock_stopped(monkeypatch):
    """django-ratelimit counts in fixed clock windows: 30 messages processed one by
    one take long enough that a minute's window often ended mid-test and the count
    started again. Its clock (only its own) stands still during the test."""
    import types

    import django_ratelimit.core

    now = django_ratelimit.core.time.time()
    monkeypatch.setattr(django_ratelimit.core, "time",
                        types.SimpleNamespace(time=lambda: now))  # fmt: skip


def test_thirty_messages_a_minute_then_429(post, ratelimit_clock_stopped):
    """The 31st message in a window is refused with a readable JSON error."""
    for _ in range(30):
        assert post(text="pulse 80").status_code == 201
    response = post(text="pulse 80")
    assert response.status_code == 429
    assert "too many messages" in response.json()["error"]
    assert response["Retry-After"] == "60"
    assert Message.objects.count() == 30


def test_the_rate_limit_is_per_user(
    post, client, patient, ward, ratelimit_clock_stopped
):
    for _ in range(30):
        post(text="pulse 80")
    colleague = UserFactory(username="colleague")
    ward.staff.add(colleague)
    client.force_login(colleague)
    assert (
        client.post(
            f"/patients/{patient.pk}/messages/", {"text": "pulse 81"}
        ).status_code
        == 201
    )


@pytest.mark.parametrize(
    ("name", "content_type", "content", "status"),
    [
        ("notes.txt", "text/plain", WEBM, 415),  # declared type is not audio
        ("x.webm", "audio/webm", b"#!/bin/sh\nrm -rf /\n", 415),  # content is not
        ("x.webm", "audio/webm", WEBM, 201),
        ("x.ogg", "audio/ogg; codecs=opus", b"OggS" + b"\x00" * 40, 201),
        ("x.wav", "audio/wav", b"RIFF\x24\x00\x00\x00WAVEfmt " + b"\x00" * 30, 201),
        ("x.m4a", "audio/mp4", b"\x00\x00\x00\x20ftypM4A " + b"\x00" * 30, 201),
    ],
)
def test_only_audio_recordings_are_accepted(post, name, content_type, content, status):
    upload = SimpleUploadedFile(name, content, content_type=content_type)
    response = post(audio=upload)
    assert response.status_code == status, response.content
    if status != 201:
        assert response.json()["error"]
        assert not Message.objects.exists()


def test_recordings_are_stored_under_the_client_id_not_the_device_name(post):
    client_id = uuid.uuid4()
    upload = SimpleUploadedFile(
        "../../../etc/passwd.webm", WEBM, content_type="audio/webm"
    )
    response = post(audio=upload, client_id=str(client_id))
    assert response.status_code == 201
    message = Message.objects.get()
    assert message.audio.name.endswith(f"{client_id}.webm")
    assert ".." not in message.audio.name


def test_a_recording_over_10_mb_is_refused(post):
    upload = SimpleUploadedFile(
        "x.webm", WEBM + b"\x00" * MAX_AUDIO_BYTES, content_type="audio/webm"
    )
    response = post(audio=upload)
    assert response.status_code == 413
    assert "10 MB" in response.json()["error"]
    assert not Message.objects.exists()


def test_an_oversized_request_is_refused_before_it_is_read(client, nurse, patient):
    """The declared length alone is enough to refuse."""
    client.force_login(nurse)
    response = client.post(
        f"/patients/{patient.pk}/messages/",
        {"text": "x"},
        CONTENT_LENGTH=str(MAX_AUDIO_BYTES * 2),
    )
    assert response.status_code == 413


@pytest.mark.parametrize(
    ("data", "status"),
    [
        ({"text": "   "}, 400),
        ({"text": "pulse 80", "client_id": "not-a-uuid"}, 400),
        ({"text": "pulse\x0080"}, 400),
        ({"text": "x" * 2001}, 413),
    ],
)
def test_invalid_messages_get_a_readable_error(post, data, status):
    response = post(**data)
    assert response.status_code == status
    assert response.json()["error"]
    assert not Message.objects.exists()


def test_a_client_id_of_another_patient_is_refused(
    post, nurse, ward, django_capture_on_commit_callbacks
):
    """Reusing another patient's client id never returns that patient's message."""
    from caretaker.care.submissions import message_submit
    from tests.caretaker.factories import PatientFactory

    neighbour = PatientFactory(ward=ward)
    client_id = uuid.uuid4()
    with django_capture_on_commit_callbacks(execute=False):
        message_submit(patient=neighbour, text="pulse 70", client_id=client_id)
    response = post(text="pulse 80", client_id=str(client_id))
    assert response.status_code == 409
    assert Message.objects.count() == 1


def test_resubmitting_the_same_client_id_is_one_message(post):
    client_id = str(uuid.uuid4())
    first = post(text="pulse 80", client_id=client_id).json()["message"]
    again = post(text="pulse 80", client_id=client_id).json()["message"]
    assert first == again and Message.objects.count() == 1
