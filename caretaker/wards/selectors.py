"""Who may see which ward and patient, and what the ward dashboard shows."""

from django.db.models import QuerySet

from caretaker.alerts.models import Alert
from caretaker.journal.models import PatientSnapshot
from caretaker.wards.models import Patient, Ward


def ward_list_for(*, user) -> QuerySet[Ward]:
    """Wards the user works on (all of them for superusers)."""
    if not user.is_authenticated:
        return Ward.objects.none()
    if user.is_superuser:
        return Ward.objects.all()
    return user.wards.all()


def ward_visible(*, user, ward: Ward) -> bool:
    return ward_list_for(user=user).filter(pk=ward.pk).exists()


def patient_visible(*, user, patient: Patient) -> bool:
    return ward_list_for(user=user).filter(pk=patient.ward_id).exists()


def patient_row(*, patient: Patient) -> dict:
    """One dashboard row: the patient, the latest state and unacknowledged alerts."""
    snapshot = PatientSnapshot.objects.filter(patient=patient).first()
    alerts = Alert.objects.filter(patient=patient, acknowledged_at__isnull=True)
    return {
        "id": patient.pk,
        "name": patient.name,
        "record_number": patient.record_number,
        "bed": patient.bed,
        "state": snapshot.state if snapshot else {},
        "alerts": [alert_json(alert=a) for a in alerts.order_by("-first_derived_at")],
    }


def patient_ids_admitted() -> list[int]:
    """Every patient on a ward (there is no discharge yet: all are admitted)."""
    return list(Patient.objects.order_by("pk").values_list("pk", flat=True))


def alert_json(*, alert: Alert) -> dict:
    return {
        "id": alert.pk,
        "patient": alert.patient_id,
        "problem": alert.problem,
        "severity": alert.severity,
        "text": alert.text,
        "support": alert.support,
        "first_derived_at": alert.first_derived_at.isoformat(),
        "acknowledged": alert.acknowledged_at is not None,
        "renotified": alert.renotified_at is not None,
        "escalated": alert.escalated_at is not None,
    }


def ward_rows(*, ward: Ward) -> list[dict]:
    return [patient_row(patient=p) for p in ward.patients.all()]
