"""A model process that dies mid-message, on the embedded defaults (the pipeline in
this process, the models in processes of their own): retried once in a fresh
process, then failed with the reason; nothing stored is lost."""

import os
import shutil
import signal
import subprocess

import pytest

from caretaker.care.actions import message_process
from caretaker.care.submissions import message_retry, message_submit
from caretaker.journal.models import Fact, Message
from caretaker.modelhost import HOSTS
from tests.caretaker.journal.test_pipeline import post_operative
from tests.support.crash import ModelKiller

pytestmark = [pytest.mark.django_db, pytest.mark.slow]
Status = Message.Status


def killer(host: str, *, times: int, sig=signal.SIGKILL) -> ModelKiller:
    return ModelKiller(os.getpid(), HOSTS[host], times=times, sig=sig)


@pytest.mark.parametrize("sig", [signal.SIGSEGV, signal.SIGKILL])
def test_a_language_model_killed_mid_message_is_solved_on_retry(patient, sig):
    post_operative(patient)
    message = message_submit(patient=patient, text="pulse 104")
    with killer("language model", times=1, sig=sig) as kills:
        message = message_process(message_id=message.pk)
    assert len(kills.killed) == 1, "the model process was not killed: test is void"
    assert message.status == Status.SOLVED
    assert list(message.facts.values_list("statement", flat=True)) == [
        "data(heartRate, 104)"
    ]


def test_a_language_model_that_dies_twice_fails_the_message_and_keeps_the_record(
    patient,
):
    post_operative(patient)
    message = message_submit(patient=patient, text="temperature 39.2")
    with killer("language model", times=2) as kills:
        message = message_process(message_id=message.pk)
    assert len(kills.killed) == 2
    assert message.status == Status.FAILED
    assert "language model process crashed (SIGKILL)" in message.failure_reason
    assert "retried once" in message.failure_reason
    # Nothing stored is lost: the message and the earlier facts are there.
    assert message.transcript == "temperature 39.2"
    assert Fact.objects.filter(patient=patient).count() == 2
    # The nurse's Retry runs it again, in a fresh model process.
    message_retry(message=message)
    message = message_process(message_id=message.pk)
    assert message.status == Status.SOLVED
    assert message.facts.get().statement == "data(temperature, 39.2)"


@pytest.fixture
def spoken_pulse(tmp_path) -> bytes:
    espeak = shutil.which("espeak-ng")
    assert espeak, "espeak-ng is installed by scripts/system-deps.sh"
    wav = tmp_path / "pulse.wav"
    subprocess.run([espeak, "-s", "140", "-w", str(wav), "pulse is 104"], check=True)
    return wav.read_bytes()


def test_a_speech_model_killed_mid_transcription_is_transcribed_on_retry(
    patient, spoken_pulse
):
    message = message_submit(
        patient=patient, audio=spoken_pulse, audio_name="pulse.wav"
    )
    with killer("speech model", times=1, sig=signal.SIGSEGV) as kills:
        message = message_process(message_id=message.pk)
    assert len(kills.killed) == 1
    assert message.status == Status.SOLVED, message.failure_reason
    assert "104" in message.transcript
