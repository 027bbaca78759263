"""Celery tasks: take ids, call one action, safe to run twice; and queueing them."""

import logging
from datetime import timedelta

from celery import Task, shared_task
from celery.signals import worker_ready
from django.conf import settings

from caretaker.care import push
from caretaker.care.actions import (
    alerts_follow_up,
    message_process,
    message_reword,
    patient_reevaluate,
)
from caretaker.journal.models import Message
from caretaker.journal.services import StepUnavailable, messages_unfinished
from caretaker.wards.selectors import patient_ids_admitted

logger = logging.getLogger(__name__)


@shared_task(bind=True, acks_late=True, max_retries=3)
def message_process_task(self: Task, message_id: int) -> str:
    """Process one message; while the language model is unreachable, try again with
    exponential backoff (2, 4, 8 s), then mark the message failed with the reason.
    A solved message's confirmation is then reworded on its own (when configured),
    outside the patient's row lock."""
    try:
        final = self.request.retries >= self.max_retries
        status = message_process(message_id=message_id, final_attempt=final).status
    except StepUnavailable as error:
        raise self.retry(
            exc=error, countdown=2 ** (self.request.retries + 1)
        ) from error
    if status == Message.Status.SOLVED and settings.CARETAKER_LLM_WORDING:
        _queue(message_reword_task, message_id, what="rewording")
    return status


@shared_task(acks_late=True)
def message_reword_task(message_id: int) -> bool:
    return message_reword(message_id=message_id)


def message_enqueue(message_id: int) -> None:
    """The bedside shows "processing" at once; a worker does the rest."""
    push.message_push(message_id)
    _queue(message_process_task, message_id, what="processing")


def _queue(task: Task, message_id: int, *, what: str) -> None:
    try:
        task.delay(message_id)
    except Exception:
        # The broker is down (Redis restarting). The message is stored; the resume
        # sweep queues it once a worker and the broker are back.
        logger.warning("message %s: %s not queued", message_id, what, exc_info=True)


def messages_resume(*, older_than: timedelta) -> list[int]:
    """Queue again every message left unfinished for longer than ``older_than``: its
    task was lost with a killed worker or a restarted broker. Processing is
    idempotent, so a message that is merely slow is safe to queue twice."""
    stuck = messages_unfinished(older_than=older_than)
    for message_id in stuck:
        message_enqueue(message_id)
    return stuck


@shared_task(acks_late=True)
def messages_resume_task() -> list[int]:
    """Beat, and every worker start: queue again messages whose task was lost."""
    return messages_resume(
        older_than=timedelta(seconds=settings.CARETAKER_RESUME_AFTER_SECONDS)
    )


@worker_ready.connect
def _resume_on_worker_start(**_kwargs: object) -> None:
    # A worker killed mid-task leaves its message unfinished: pick it up at restart.
    messages_resume_task.delay()


@shared_task(acks_late=True)
def patients_reevaluate() -> int:
    """Beat: one re-evaluation task per admitted patient. Returns how many."""
    ids = patient_ids_admitted()
    for patient_id in ids:
        patient_reevaluate_task.delay(patient_id)
    return len(ids)


@shared_task(acks_late=True)
def patient_reevaluate_task(patient_id: int) -> bool:
    return patient_reevaluate(patient_id=patient_id)


@shared_task(acks_late=True)
def alerts_follow_up_task() -> dict[str, list[int]]:
    """Beat: remind, then escalate, alerts nobody acknowledged."""
    return alerts_follow_up()
