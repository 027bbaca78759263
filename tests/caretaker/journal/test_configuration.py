"""One configuration path: the settings build the options that logic and speech
receive; neither reads the environment behind the app's back."""

import shutil
import subprocess

import pytest

import speech
from caretaker.care.actions import message_process
from caretaker.care.submissions import message_submit
from caretaker.journal.extraction import extraction_options
from caretaker.journal.models import Message
from logic.extraction.backends import backend_get, backends_forget

pytestmark = pytest.mark.django_db


def test_the_llm_settings_reach_the_backend(settings, monkeypatch):
    monkeypatch.delenv("CARETAKER_LLM_BASE_URL", raising=False)  # settings only
    settings.CARETAKER_LLM_BACKEND = "openai"
    settings.CARETAKER_LLM_BASE_URL = "http://127.0.0.1:9/v1"
    settings.CARETAKER_LLM_MODEL = "ward-model"
    settings.CARETAKER_LLM_CONSTRAINT = "grammar"
    backends_forget()
    try:
        backend = backend_get(extraction_options())
        assert str(backend._client.base_url) == "http://127.0.0.1:9/v1/"
        assert (backend.model, backend.constraint) == ("ward-model", "grammar")
    finally:
        backends_forget()


@pytest.mark.slow
def test_the_whisper_settings_reach_transcription(settings, patient, tmp_path):
    """A length limit set in the settings refuses a longer recording, in the speech
    model's own process."""
    wav = tmp_path / "pulse.wav"
    subprocess.run([shutil.which("espeak-ng") or "espeak-ng", "-w", str(wav),
                    "pulse is one hundred and four, temperature thirty seven"],
                   check=True)  # fmt: skip
    settings.CARETAKER_TRANSCRIPTION = speech.TranscriptionOptions(max_seconds=1.0)
    message = message_submit(patient=patient, audio=wav.read_bytes(),
                             audio_name="pulse.wav")  # fmt: skip
    message = message_process(message_id=message.pk)
    assert message.status == Message.Status.FAILED
    assert "the limit is 1 s" in message.failure_reason
