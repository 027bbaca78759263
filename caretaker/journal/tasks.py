"""Celery tasks: take ids, call one service, safe to run twice."""

from celery import shared_task

from caretaker.journal.services import message_process


@shared_task(acks_late=True)
def message_process_task(message_id: int) -> str:
    return message_process(message_id=message_id).status
