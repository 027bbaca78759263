"""The one access check of the pages and endpoints: find the record, check that it
is on one of the user's wards, record a refusal, and answer 404 either way.

One text, one query and one audit write for "no such record" and "not on your
wards": neither the answer nor its timing may tell which records exist on other
wards.
"""

from typing import Any, TypeVar

from django.db.models import Exists, F, Model, OuterRef, QuerySet
from django.http import Http404, HttpRequest

from caretaker.audit.services import access_refusal_append
from caretaker.wards.models import Patient, Ward
from caretaker.wards.selectors import ward_list_for

NOT_FOUND = "not found on your wards"

M = TypeVar("M", bound=Model)


def _ward_path(model: type[Model]) -> str:
    """The lookup from a record of ``model`` to its ward's id."""
    if issubclass(model, Ward):
        return "pk"
    if issubclass(model, Patient):
        return "ward_id"
    return "patient__ward_id"  # facts, messages, alerts: through their patient


def visible_record(
    user: Any, records: type[M] | QuerySet[M], *, what: str, **lookup: Any
) -> M | None:
    """The record matching ``lookup`` when it is on one of ``user``'s wards, else
    None. The websockets' check; pages use :func:`visible_or_404`.

    A record on another ward and a record that does not exist take the same path,
    so that neither the answer nor its time tells them apart: one query (the
    record with whether it is visible), then one refusal in the audit trail (``what``:
    the path or action asked for; the record's ward and patient when it exists,
    for that ward's lead).
    """
    queryset = records if isinstance(records, QuerySet) else records._default_manager
    ward_path = _ward_path(queryset.model)
    found = (
        queryset.filter(**lookup)
        .annotate(
            visible_to_user=Exists(
                ward_list_for(user=user).filter(pk=OuterRef(ward_path))
            ),
            record_ward_id=F(ward_path),
        )
        .first()
    )
    if found is not None and found.visible_to_user:  # type: ignore[attr-defined]
        return found
    access_refusal_append(
        user=user,
        what=what,
        object_type=queryset.model._meta.label_lower,
        object_id=str(found.pk if found is not None else lookup.get("pk", "")),
        patient_id=_patient_id(found),
        ward_id=getattr(found, "record_ward_id", None),
    )
    return None


def _patient_id(obj: Model | None) -> int | None:
    if obj is None or isinstance(obj, Ward):
        return None
    return obj.pk if isinstance(obj, Patient) else obj.patient_id  # type: ignore[attr-defined]


def visible_or_404(
    request: HttpRequest, records: type[M] | QuerySet[M], **lookup: Any
) -> M:
    """The record matching ``lookup`` when it is on one of ``request.user``'s wards;
    otherwise :class:`Http404` (and a refusal in the audit trail)."""
    obj = visible_record(request.user, records, what=request.path, **lookup)
    if obj is None:
        raise Http404(NOT_FOUND)
    return obj
