"""Admitting patients and setting up wards."""

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
