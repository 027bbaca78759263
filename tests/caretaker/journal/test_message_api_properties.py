"""Hostile and random input to POST /patients/<id>/messages/ (hypothesis): never a
500, every refusal is a JSON error, and what is stored stays consistent. Nothing is
processed: on-commit callbacks (the pipeline) are captured, not run."""

import uuid

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caretaker.journal.models import Message

pytestmark = pytest.mark.django_db
BOUNDED = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
MAGIC = [
    b"",
    b"\x1a\x45\xdf\xa3",
    b"OggS",
    b"RIFF\x00\x00\x00\x00WAVE",
    b"ID3",
    b"\x00\x00\x00\x18ftypmp42",
    b"\xff\xf1",
    b"%PDF-1.4",
    b"MZ",
    b"<?php",
]
CONTENT_TYPES = [
    "audio/webm",
    "audio/ogg;codecs=opus",
    "audio/wav",
    "audio/mp4",
    "text/plain",
    "application/octet-stream",
    "image/png",
    "",
    "audio/webm\r\nX-Injected: 1",
]
CLIENT_IDS = st.one_of(
    st.none(),
    st.uuids().map(str),
    st.sampled_from(
        [
            str(uuid.UUID(int=1)),
            str(uuid.UUID(int=1)).upper(),
            "{" + str(uuid.UUID(int=2)) + "}",
            "urn:uuid:" + str(uuid.UUID(int=3)),
            "",
            " ",
            "0" * 32,
            "null",
            "' OR 1=1 --",
        ]
    ),
    st.text(max_size=40),
)
UPLOADS = st.one_of(
    st.none(),
    st.builds(
        lambda magic, tail, content_type, name: (name, magic + tail, content_type),
        st.sampled_from(MAGIC),
        st.binary(max_size=256),
        st.sampled_from(CONTENT_TYPES),
        st.sampled_from(["r.webm", "../../x.webm", "a" * 300 + ".ogg", "r", "x..webm"]),
    ),
)
TEXTS = st.one_of(
    st.text(max_size=300),
    st.sampled_from(
        [
            "",
            "   ",
            "temperature 39.2",
            "pulse\x0080",
            "x" * 2001,
            "<script>alert(1)</script>",
            "data(heartRate, 200)",
            "'); DROP TABLE journal_message; --",
        ]
    ),
)


@BOUNDED
@given(text=TEXTS, client_id=CLIENT_IDS, upload=UPLOADS)
def test_message_api_never_fails_and_stores_consistently(
    client,
    nurse,
    patient,
    django_capture_on_commit_callbacks,
    settings,
    text,
    client_id,
    upload,
):
    settings.RATELIMIT_ENABLE = False  # hundreds of posts in one test
    client.force_login(nurse)
    data: dict = {"text": text}
    if client_id is not None:
        data["client_id"] = client_id
    if upload is not None:
        name, content, content_type = upload
        data["audio"] = SimpleUploadedFile(name, content, content_type=content_type)
    before = Message.objects.count()
    with django_capture_on_commit_callbacks(execute=False):
        response = client.post(f"/patients/{patient.pk}/messages/", data)
    assert response.status_code in (201, 400, 409, 413, 415), response.content
    body = response.json()
    if response.status_code != 201:
        assert isinstance(body["error"], str) and body["error"]
        assert Message.objects.count() == before
        return
    message = Message.objects.get(pk=body["message"])
    assert message.patient == patient
    assert message.status == Message.Status.RECEIVED
    assert "\x00" not in message.text and len(message.text) <= 2000
    assert message.text or message.audio
    assert Message.objects.count() in (before, before + 1)  # a resubmission adds none
    if client_id:
        assert message.client_id == uuid.UUID(client_id)
    if message.audio:
        assert message.audio.name.rsplit("/", 1)[-1].startswith(str(message.client_id))
        assert ".." not in message.audio.name
