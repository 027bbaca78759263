"""The one access check of the pages and endpoints: find the record, check that it
is on one of the user's wards, record a refusal, and answer 404 either way.

One text for "no such record" and "not on your wards": the answer must not tell
which records exist on other wards.
"""

from typing import Any, TypeVar

from django.db.models import Model, QuerySet
from django.http import Http404, HttpRequest

from caretaker.audit.services import access_refusal_record
from caretaker.wards.models import Patient, Ward
from caretaker.wards.selectors import ward_list_for

NOT_FOUND = "not found on your wards"

M = TypeVar("M", bound=Model)


def _ward_id(obj: Model) -> int:
    if isinstance(obj, Ward):
        return obj.pk
    patient = obj if isinstance(obj, Patient) else obj.patient  # type: ignore[attr-defined]
    return patient.ward_id


def visible_record(
    user: Any, records: type[M] | QuerySet[M], *, what: str, **lookup: Any
) -> M | None:
    """The record matching ``lookup`` when it is on one of ``user``'s wards, else
    None; a record on another ward is a refusal in the audit trail (``what``: the
    path or action asked for). The websockets' check; pages use
    :func:`visible_or_404`."""
    queryset = records if isinstance(records, QuerySet) else records._default_manager
    obj = queryset.filter(**lookup).first()
    if obj is None:
        return None
    if not ward_list_for(user=user).filter(pk=_ward_id(obj)).exists():
        if isinstance(obj, Ward):
            access_refusal_record(user=user, what=what, ward=obj)
        else:
            access_refusal_record(user=user, what=what, obj=obj)
        return None
    return obj


def visible_or_404(
    request: HttpRequest, records: type[M] | QuerySet[M], **lookup: Any
) -> M:
    """The record matching ``lookup`` when it is on one of ``request.user``'s wards;
    otherwise :class:`Http404` (and a refusal in the audit trail)."""
    obj = visible_record(request.user, records, what=request.path, **lookup)
    if obj is None:
        raise Http404(NOT_FOUND)
    return obj
