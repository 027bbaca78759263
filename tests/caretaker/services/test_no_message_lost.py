"""No message lost, against real PostgreSQL, Redis and Celery worker processes:
a worker killed mid-task, Redis and PostgreSQL restarting."""

import os
import signal

import pytest
from django.db import connections

from caretaker.alerts.models import Alert
from caretaker.care.actions import message_import
from caretaker.care.submissions import message_retry, message_submit
from caretaker.journal.models import Fact, Message
from caretaker.modelhost import HOSTS
from tests.caretaker.services.conftest import wait_for
from tests.support.crash import ModelKiller

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
Status = Message.Status


def status_of(message: Message) -> str:
    return Message.objects.values_list("status", flat=True).get(pk=message.pk)


def post_operative(patient):
    from datetime import timedelta

    from django.utils import timezone

    message_import(
        patient=patient,
        said_at=timezone.now() - timedelta(hours=4),
        text="had surgery, temp 37",
        statements=["condition(backgroundInfo, surgery)", "data(temperature, 37.0)"],
    )


def test_a_worker_processes_a_queued_message(patient, worker):
    """The pipeline through the Redis broker and a separate worker process."""
    worker()
    message = message_submit(patient=patient, text="pulse 104")
    wait_for(lambda: status_of(message) == Status.SOLVED, 180, "message solved")
    assert list(
        Fact.objects.filter(message=message).values_list("statement", flat=True)
    ) == ["data(heartRate, 104)"]


def test_a_worker_killed_mid_task_completes_the_message_after_restart(patient, worker):
    """kill -9 while the model is extracting: a new worker finishes the message,
    with one set of facts and one alert (redelivery is idempotent)."""
    post_operative(patient)
    first = worker()
    message = message_submit(patient=patient, text="temperature 39.2")
    wait_for(lambda: status_of(message) == Status.TRANSCRIBED, 120, "transcribed")
    os.kill(first.pid, signal.SIGKILL)
    first.wait(timeout=30)
    assert status_of(message) == Status.TRANSCRIBED, "killed too late to test"

    worker()
    wait_for(lambda: status_of(message) == Status.SOLVED, 180, "solved after restart")
    # The unacknowledged task also comes back from the broker (visibility timeout
    # 5 s); give it time to run a second time, then count.
    import time

    time.sleep(8)
    assert Fact.objects.filter(message=message).count() == 1
    assert Alert.objects.filter(problem="risingTemperatureAfterOperation").count() == 1


def test_a_message_sent_while_redis_is_down_is_processed_once_it_is_back(
    patient, worker, redis
):
    redis.kill()
    message = message_submit(patient=patient, text="pulse 96")  # stored, not queued
    assert status_of(message) == Status.RECEIVED
    redis.start()
    worker()  # its start-up sweep queues what was left behind
    wait_for(lambda: status_of(message) == Status.SOLVED, 180, "solved")


def test_the_worker_recovers_after_postgresql_restarts(patient, worker, postgres):
    worker()
    postgres.kill()
    postgres.start()
    connections.close_all()  # this process's connection died with the server too
    message = message_submit(patient=patient, text="resps 22")
    wait_for(lambda: status_of(message) == Status.SOLVED, 180, "solved")
    assert Fact.objects.get(message=message).statement == "data(respiratoryRate, 22)"


def test_a_model_process_killed_mid_message_leaves_the_worker_up(patient, worker):
    """The language model's process dies twice during one message (SIGSEGV, as
    llama.cpp on a CPU it was not built for): the message fails with the reason,
    the worker stays up, and Retry solves it in a fresh model process."""
    post_operative(patient)
    process = worker()
    message = message_submit(patient=patient, text="pulse 104")
    with ModelKiller(
        process.pid, HOSTS["language model"], times=2, sig=signal.SIGSEGV
    ) as kills:
        wait_for(
            lambda: status_of(message) in (Status.FAILED, Status.SOLVED),
            180,
            "message finished",
        )
    assert len(kills.killed) == 2
    message.refresh_from_db()
    assert message.status == Status.FAILED
    assert "language model process crashed (SIGSEGV)" in message.failure_reason
    assert "retried once" in message.failure_reason
    assert process.poll() is None, "the worker died with its model process"
    assert Fact.objects.filter(patient=patient).count() == 2  # nothing lost

    message_retry(message=message)
    wait_for(lambda: status_of(message) == Status.SOLVED, 180, "solved on retry")
    assert list(
        Fact.objects.filter(message=message).values_list("statement", flat=True)
    ) == ["data(heartRate, 104)"]
