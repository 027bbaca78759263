"""Who may read the audit trail, and which events."""

from django.db.models import QuerySet

from caretaker.audit.models import AuditEvent
from caretaker.users import RequestUser
from caretaker.wards.models import Ward

WARD_LEAD = "ward lead"


def user_is_ward_lead(*, user: RequestUser | None) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return user.is_superuser or user.groups.filter(name=WARD_LEAD).exists()


def audit_ward_list_for(*, user: RequestUser) -> QuerySet[Ward]:
    """Wards whose trail the user may read: a lead's own wards (all for superusers)."""
    if not user.is_authenticated or not user_is_ward_lead(user=user):
        return Ward.objects.none()
    if user.is_superuser:
        return Ward.objects.all()
    return user.wards.all()


def audit_event_list(
    *, user: RequestUser, patient_id: int | None = None, action: str = ""
) -> QuerySet[AuditEvent]:
    """Events of the user's wards, newest first, optionally of one patient or
    action. Superusers also see events that belong to no ward (rule changes)."""
    events = AuditEvent.objects.select_related("patient", "ward")
    if not getattr(user, "is_superuser", False):
        events = events.filter(ward__in=audit_ward_list_for(user=user))
    if patient_id is not None:
        events = events.filter(patient_id=patient_id)
    if action:
        events = events.filter(action=action)
    return events.order_by("-at", "-id")
