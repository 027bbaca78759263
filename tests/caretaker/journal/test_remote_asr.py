"""A remote recogniser (CARETAKER_ASR_BACKEND=openai): the settings reach it, and a
recogniser that does not answer is a failure worth retrying."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import speech
from caretaker.journal import transcription
from speech.wer import numbers_find
from tests.support.asr_server import asr_server, failing_server
from tests.support.voices import espeak_render

ROOT = Path(__file__).resolve().parents[3]
# In a process of its own, so that the settings module reads this environment.
TRANSCRIBE = """
import json, sys, django
django.setup()
from django.conf import settings
from caretaker.journal.transcription import audio_transcribe
transcript = audio_transcribe(open(sys.argv[1], "rb").read())
options = settings.CARETAKER_TRANSCRIPTION
print(json.dumps({"backend": options.backend, "base_url": options.endpoint.base_url,
                  "model": options.endpoint.model, **transcript.to_dict()}))
"""


@pytest.fixture
def recording(tmp_path: Path) -> bytes:
    path = espeak_render(
        "blood pressure one forty over eighty five", tmp_path / "bp.wav"
    )
    return path.read_bytes()


@pytest.mark.slow
def test_the_asr_settings_send_recordings_to_the_remote_server(tmp_path, recording):
    """With CARETAKER_ASR_BACKEND=openai, CARETAKER_ASR_BASE_URL and
    CARETAKER_ASR_MODEL in the environment, the app's audio_transcribe goes to the
    loopback server (model isolation on, as shipped): words with probabilities."""
    wav = tmp_path / "bp.wav"
    wav.write_bytes(recording)
    with asr_server("ward-whisper") as url:
        environ = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "caretaker.settings.test",
            "CARETAKER_ASR_BACKEND": "openai",
            "CARETAKER_ASR_BASE_URL": url,
            "CARETAKER_ASR_MODEL": "ward-whisper",
            "CARETAKER_MODEL_ISOLATION": "on",
        }
        done = subprocess.run(
            [sys.executable, "-c", TRANSCRIBE, str(wav)], cwd=ROOT, env=environ,
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.splitlines()[-1])
    assert (result["backend"], result["base_url"], result["model"]) == (
        "openai", url, "ward-whisper",
    )  # fmt: skip
    assert numbers_find(result["text"])[:2] == ["140", "85"]
    assert result["words"] and all(w["probability"] for w in result["words"])


def test_an_unreachable_recogniser_is_worth_retrying(settings, recording):
    """A server answering 503 is TranscriptionUnavailable (a TranscriptionFailed
    too), with a reason the nurse can read."""
    with failing_server(503) as url:
        settings.CARETAKER_TRANSCRIPTION = speech.TranscriptionOptions(
            backend="openai", endpoint=speech.AsrEndpoint(base_url=url)
        )
        with pytest.raises(transcription.TranscriptionUnavailable) as raised:
            transcription.audio_transcribe(recording)
    assert isinstance(raised.value, transcription.TranscriptionFailed)
    assert "Try again" in str(raised.value)


def test_a_refused_request_fails_without_retrying(settings, recording):
    """A server refusing the key (401) fails the transcription for good."""
    with failing_server(401) as url:
        settings.CARETAKER_TRANSCRIPTION = speech.TranscriptionOptions(
            backend="openai", endpoint=speech.AsrEndpoint(base_url=url)
        )
        with pytest.raises(transcription.TranscriptionFailed) as raised:
            transcription.audio_transcribe(recording)
    assert not isinstance(raised.value, transcription.TranscriptionUnavailable)
    assert "CARETAKER_ASR_API_KEY" in str(raised.value)


@pytest.mark.django_db
def test_a_message_waits_for_a_recogniser_that_is_down(settings, recording, patient):
    """The pipeline retries (the task's backoff) while the recogniser is down, and
    on the last attempt fails the message with the reason; the recording stays."""
    from caretaker.care.actions import message_process
    from caretaker.care.submissions import message_submit
    from caretaker.journal.models import Message
    from caretaker.journal.services import StepUnavailable

    with failing_server(503) as url:
        settings.CARETAKER_TRANSCRIPTION = speech.TranscriptionOptions(
            backend="openai", endpoint=speech.AsrEndpoint(base_url=url)
        )
        message = message_submit(patient=patient, audio=recording)
        with pytest.raises(StepUnavailable):
            message_process(message_id=message.pk, final_attempt=False)
        message.refresh_from_db()
        assert message.status == Message.Status.RECEIVED
        message = message_process(message_id=message.pk, final_attempt=True)
    assert message.status == Message.Status.FAILED
    assert "Try again" in message.failure_reason
    assert message.audio
