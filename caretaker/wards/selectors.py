"""Who may see which ward and patient, and which patients are admitted."""

from django.db.models import QuerySet

from caretaker.users import RequestUser
from caretaker.wards.models import Patient, Ward


def ward_list_for(*, user: RequestUser) -> QuerySet[Ward]:
    """Wards the user works on (all of them for superusers)."""
    if not user.is_authenticated:
        return Ward.objects.none()
    if user.is_superuser:
        return Ward.objects.all()
    return user.wards.all()


def ward_visible(*, user: RequestUser, ward: Ward) -> bool:
    return ward_list_for(user=user).filter(pk=ward.pk).exists()


def patient_visible(*, user: RequestUser, patient: Patient) -> bool:
    return ward_list_for(user=user).filter(pk=patient.ward_id).exists()


def patient_ids_admitted() -> list[int]:
    """Every patient on a ward (there is no discharge yet: all are admitted)."""
    return list(Patient.objects.order_by("pk").values_list("pk", flat=True))
