"""The whole pipeline with the real embedded model: typed words to facts, state and
alerts, as `manage.py say` and the bedside page run it."""

import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from caretaker.alerts.models import Alert
from caretaker.care.actions import message_import, message_process
from caretaker.care.submissions import message_submit
from caretaker.journal.models import Fact, Message
from logic.extraction.backends import backends_forget

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def post_operative(patient):
    message_import(
        patient=patient,
        said_at=timezone.now() - timedelta(hours=4),
        text="had surgery, temp 37",
        statements=["condition(backgroundInfo, surgery)", "data(temperature, 37.0)"],
    )


def test_typed_temperature_becomes_a_fact_and_a_warning(patient, nurse):
    """'temperature 39.2' after surgery: one fact with its words, one alert."""
    post_operative(patient)
    message = message_submit(patient=patient, author=nurse, text="temperature 39.2")
    message = message_process(message_id=message.pk)
    assert message.status == Message.Status.SOLVED
    fact = Fact.objects.get(message=message)
    assert fact.statement == "data(temperature, 39.2)"
    assert message.transcript[fact.evidence_start : fact.evidence_end] == (
        "temperature 39.2"
    )
    (alert,) = Alert.objects.filter(message=message)
    assert alert.problem == "risingTemperatureAfterOperation"


@pytest.mark.parametrize(
    "text, withheld",
    [
        ("The doctor said not to record temperature 41", "Temp 41.0 °C (as asked)"),
        (
            "Pulse 84. Unable to obtain a BP, the machine kept reading 70/40",
            "BP 70/40 (not measured)",
        ),
    ],
)
def test_a_value_the_words_keep_from_the_record_is_not_stored_and_is_said(
    patient, nurse, text, withheld
):
    """Typed words that forbid a value, or say it was not measured, store no fact
    for it; the confirmation says it was not recorded, and why."""
    message = message_submit(patient=patient, author=nurse, text=text)
    message = message_process(message_id=message.pk)
    assert message.status == Message.Status.SOLVED
    stored = set(Fact.objects.filter(message=message).values_list("type", flat=True))
    assert not stored & {"temperature", "systolicBP", "diastolicBP"}
    assert "Not recorded: " in message.confirmation
    assert withheld in message.confirmation.split("Not recorded: ")[1]


def test_words_that_say_nothing_recordable_are_shown_as_unclear(patient):
    """An out-of-range value never becomes a fact; the nurse sees the words."""
    message = message_submit(patient=patient, text="temperature 52, asked for tea")
    message = message_process(message_id=message.pk)
    assert message.status == Message.Status.SOLVED
    assert not Fact.objects.filter(message=message).exists()
    assert any("52" in part for part in message.unclear)


def test_processing_twice_adds_no_facts_or_alerts(patient):
    """A redelivered task finds the message solved and changes nothing."""
    post_operative(patient)
    message = message_submit(patient=patient, text="temp 38.9")
    message_process(message_id=message.pk)
    message_process(message_id=message.pk)
    assert Fact.objects.filter(message=message).count() == 1
    assert Alert.objects.filter(problem="risingTemperatureAfterOperation").count() == 1


def test_a_dead_backend_fails_the_message_and_keeps_it(patient, settings):
    """An unreachable OpenAI-compatible endpoint: failed with the reason; the
    message and earlier facts stay."""
    post_operative(patient)
    settings.CARETAKER_LLM_BACKEND = "openai"
    settings.CARETAKER_LLM_BASE_URL = "http://127.0.0.1:9/v1"  # no one listens
    backends_forget()
    try:
        message = message_submit(patient=patient, text="pulse 104")
        message = message_process(message_id=message.pk)
    finally:
        backends_forget()
    assert message.status == Message.Status.FAILED
    assert "language model did not answer" in message.failure_reason
    assert Message.objects.filter(pk=message.pk).exists()
    assert Fact.objects.filter(patient=patient).count() == 2


def test_say_command_prints_the_documented_json(patient, capsys):
    post_operative(patient)
    call_command(
        "say",
        patient.record_number,
        "temp 38.6, pulse 104",
        "--at",
        timezone.now().isoformat(),
    )
    result = json.loads(capsys.readouterr().out)
    assert result["status"] == "solved"
    assert set(result["facts"]) == {"data(temperature, 38.6)", "data(heartRate, 104)"}
    assert result["alerts"][0]["problem"] == "risingTemperatureAfterOperation"
    assert result["state"]["current"]["temperature"] == 38.6


def test_an_unavailable_model_is_retried_then_the_message_fails(patient, settings):
    """An endpoint answering 503: the task tries again (3 retries with backoff;
    run in process here, so without the waits), then marks the message failed with
    the reason and keeps it for a retry from the bedside."""
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
    from threading import Thread

    from caretaker.care.tasks import message_process_task

    calls = []

    class Unavailable(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802
            self.rfile.read(int(self.headers["Content-Length"]))
            calls.append(self.path)
            self.send_response(503)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *arguments):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Unavailable)
    Thread(target=server.serve_forever, daemon=True).start()
    settings.CARETAKER_LLM_BACKEND = "openai"
    settings.CARETAKER_LLM_BASE_URL = f"http://127.0.0.1:{server.server_address[1]}/v1"
    backends_forget()
    try:
        message = message_submit(patient=patient, text="pulse 104")
        message_process_task.apply(args=[message.pk])
    finally:
        backends_forget()
        server.shutdown()
    message.refresh_from_db()
    assert message.status == Message.Status.FAILED
    assert "language model did not answer" in message.failure_reason
    attempts_per_task = 2  # the openai client itself tries twice (max_retries=1)
    assert len(calls) == 4 * attempts_per_task
