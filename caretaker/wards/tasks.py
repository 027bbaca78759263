"""Celery tasks: take ids, call one service, safe to run twice."""

from celery import shared_task

from caretaker.wards.selectors import patient_ids_admitted
from caretaker.wards.services import patient_reevaluate


@shared_task(acks_late=True)
def patients_reevaluate() -> int:
    """Beat: one re-evaluation task per admitted patient. Returns how many."""
    ids = patient_ids_admitted()
    for patient_id in ids:
        patient_reevaluate_task.delay(patient_id)
    return len(ids)


@shared_task(acks_late=True)
def patient_reevaluate_task(patient_id: int) -> bool:
    return patient_reevaluate(patient_id=patient_id) is not None
