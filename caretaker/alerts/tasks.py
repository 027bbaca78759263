"""Celery tasks: take ids, call one service, safe to run twice."""

from celery import shared_task

from caretaker.alerts.services import alerts_follow_up


@shared_task(acks_late=True)
def alerts_follow_up_task() -> dict[str, list[int]]:
    """Beat: remind, then escalate, alerts nobody acknowledged."""
    return alerts_follow_up()
