"""Admitting patients, setting up wards, and re-evaluating patients over time."""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from caretaker.wards.models import Patient, Ward


@transaction.atomic
def patient_admit(
    *,
    record_number: str,
    name: str,
    ward_code: str,
    bed: str = "",
    admitted_at: datetime | None = None,
) -> tuple[Patient, bool]:
    """Admit a patient, or update name, ward and bed of one already admitted.
    Returns the patient and whether it was created. The ward is created if new."""
    ward, _ = Ward.objects.get_or_create(code=ward_code, defaults={"name": ward_code})
    patient, created = Patient.objects.update_or_create(
        record_number=record_number,
        defaults={"name": name, "ward": ward, "bed": bed},
        create_defaults={
            "name": name,
            "ward": ward,
            "bed": bed,
            "admitted_at": admitted_at or timezone.now(),
        },
    )
    return patient, created


def patient_reevaluate(*, patient_id: int, now: datetime | None = None) -> dict | None:
    """Solve the patient again with no new message, so that time rules fire
    (``observationsOverdue``); the ward sees the new row. Safe to run twice: only
    problems that became active raise an alert. None when the patient is gone."""
    from caretaker.journal import push
    from caretaker.journal.services import patient_state_refresh

    patient = Patient.objects.filter(pk=patient_id).first()
    if patient is None:
        return None
    with transaction.atomic():
        state = patient_state_refresh(patient=patient, now=now)
        transaction.on_commit(lambda: push.patient_push(patient_id))
    return state
