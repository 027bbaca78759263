"""Celery tasks: take ids, call one service, safe to run twice."""

from datetime import timedelta

from celery import shared_task
from celery.signals import worker_ready
from django.conf import settings

from caretaker.journal.services import StepUnavailable, message_process, messages_resume


@shared_task(bind=True, acks_late=True, max_retries=3)
def message_process_task(self, message_id: int) -> str:
    """Process one message; while the language model is unreachable, try again with
    exponential backoff (2, 4, 8 s), then mark the message failed with the reason."""
    try:
        final = self.request.retries >= self.max_retries
        return message_process(message_id=message_id, final_attempt=final).status
    except StepUnavailable as error:
        raise self.retry(
            exc=error, countdown=2 ** (self.request.retries + 1)
        ) from error


@shared_task(acks_late=True)
def messages_resume_task() -> list[int]:
    """Beat, and every worker start: queue again messages whose task was lost."""
    return messages_resume(
        older_than=timedelta(seconds=settings.CARETAKER_RESUME_AFTER_SECONDS)
    )


@worker_ready.connect
def _resume_on_worker_start(**_kwargs) -> None:
    # A worker killed mid-task leaves its message unfinished: pick it up at restart.
    messages_resume_task.delay()
