"""Recording audit events: one call per thing seen or done."""

import logging
from typing import Any

from django.db import models

from caretaker.audit.models import Action, AuditEvent
from caretaker.users import RequestUser
from caretaker.wards.models import Patient, Ward

__all__ = [
    "Action",
    "access_refusal_append",
    "access_refusal_record",
    "audit_record",
]

logger = logging.getLogger("caretaker.audit")


def audit_record(
    *,
    user: RequestUser | None,
    action: str,
    obj: models.Model | None = None,
    patient: Patient | None = None,
    ward: Ward | None = None,
    detail: dict[str, Any] | None = None,
) -> AuditEvent:
    """Append one event. ``obj`` names what was acted on; the patient and ward are
    taken from it (or from the patient) when not given. ``user`` may be None or
    anonymous for what the system did by itself (escalation, re-evaluation)."""
    if patient is None and obj is not None:
        patient = obj if isinstance(obj, Patient) else getattr(obj, "patient", None)
    if ward is None:
        ward = obj if isinstance(obj, Ward) else None
    ward_id = ward.pk if ward is not None else getattr(patient, "ward_id", None)
    staff = user if user is not None and user.is_authenticated else None
    return AuditEvent.objects.create(
        user=staff,
        username=staff.get_username() if staff is not None else "",
        action=str(action),
        object_type=obj._meta.label_lower if obj is not None else "",
        object_id=str(obj.pk) if obj is not None else "",
        patient=patient,
        ward_id=ward_id,
        detail=detail or {},
    )


def access_refusal_record(
    *,
    user: RequestUser | None,
    what: str,
    obj: models.Model | None = None,
    patient: Patient | None = None,
    ward: Ward | None = None,
) -> AuditEvent:
    """Log and record a request for something outside the user's wards."""
    if patient is None and obj is not None:
        patient = obj if isinstance(obj, Patient) else getattr(obj, "patient", None)
    if ward is None:
        ward = obj if isinstance(obj, Ward) else None
    return access_refusal_append(
        user=user,
        what=what,
        object_type=obj._meta.label_lower if obj is not None else "",
        object_id=str(obj.pk) if obj is not None else "",
        patient_id=patient.pk if patient is not None else None,
        ward_id=ward.pk if ward is not None else getattr(patient, "ward_id", None),
    )


def access_refusal_append(
    *,
    user: RequestUser | None,
    what: str,
    object_type: str,
    object_id: str,
    patient_id: int | None,
    ward_id: int | None,
) -> AuditEvent:
    """Log and record a refusal by ids alone: the same write whether the record
    asked for exists on another ward or does not exist (``caretaker.audit.access``)."""
    name = user.get_username() if user is not None and user.is_authenticated else "-"
    logger.warning(
        "access refused: user %s asked for %s (%s %s)",
        name,
        what,
        object_type or "-",
        object_id or "-",
    )
    staff = user if user is not None and user.is_authenticated else None
    return AuditEvent.objects.create(
        user=staff,
        username=staff.get_username() if staff is not None else "",
        action=str(Action.ACCESS_REFUSE),
        object_type=object_type,
        object_id=object_id,
        patient_id=patient_id,
        ward_id=ward_id,
        detail={"what": what},
    )
