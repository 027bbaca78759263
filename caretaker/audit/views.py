"""The audit trail for ward leads: a page and a CSV export."""

import csv
import json
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import BadRequest, PermissionDenied
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import render
from django.utils import timezone

from caretaker.audit.models import Action, AuditEvent
from caretaker.audit.selectors import (
    audit_event_list,
    audit_ward_list_for,
    user_is_ward_lead,
)
from caretaker.audit.services import access_refusal_record, audit_record
from caretaker.converters import record_id_parse

COLUMNS = (
    "time",
    "user",
    "action",
    "object type",
    "object id",
    "ward",
    "patient",
    "record number",
    "detail",
)


def _events(request: HttpRequest) -> tuple[QuerySet[AuditEvent], dict[str, Any]]:
    if not user_is_ward_lead(user=request.user):
        access_refusal_record(user=request.user, what=request.path)
        raise PermissionDenied("the audit trail is for ward leads")
    patient_id = _id_param(request, "patient")
    action = request.GET.get("action", "")[:64]
    events = audit_event_list(user=request.user, patient_id=patient_id, action=action)
    return events, {"patient": patient_id or "", "action": action}


def _id_param(request: HttpRequest, name: str) -> int | None:
    """A database id from the query string; anything else is a 400, never a 500
    (an id past the column's range overflowed the query)."""
    raw = request.GET.get(name, "").strip()
    if not raw:
        return None
    try:
        return record_id_parse(raw)
    except ValueError as error:
        raise BadRequest(f"{name}: {error}") from error


@login_required
def audit_list(request: HttpRequest) -> HttpResponse:
    events, filters = _events(request)
    audit_record(user=request.user, action=Action.AUDIT_VIEW, detail=filters)
    page = Paginator(events, 100).get_page(request.GET.get("page"))
    return render(
        request,
        "audit/list.html",
        {
            "page": page,
            "filters": filters,
            "actions": Action.choices,
            "wards": audit_ward_list_for(user=request.user),
        },
    )


class _Echo:
    def write(self, value: str) -> str:
        return value


def _cell(value: object) -> str:
    """Spreadsheets run cells that start like a formula; quote them (CSV injection)."""
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _row(event: AuditEvent) -> list[str]:
    patient = event.patient
    return [
        _cell(v)
        for v in (
            event.at.isoformat(),
            event.username,
            event.action,
            event.object_type,
            event.object_id,
            event.ward.code if event.ward else "",
            patient.name if patient else "",
            patient.record_number if patient else "",
            json.dumps(event.detail, ensure_ascii=False, sort_keys=True),
        )
    ]


@login_required
def audit_export(request: HttpRequest) -> StreamingHttpResponse:
    events, filters = _events(request)
    audit_record(user=request.user, action=Action.AUDIT_EXPORT, detail=filters)
    writer = csv.writer(_Echo())
    rows = (writer.writerow(_row(e)) for e in events.iterator(chunk_size=500))
    response = StreamingHttpResponse(
        (r for part in ([writer.writerow(COLUMNS)], rows) for r in part),
        content_type="text/csv; charset=utf-8",
    )
    stamp = timezone.now().strftime("%Y%m%d-%H%M")
    response["Content-Disposition"] = f'attachment; filename="audit-{stamp}.csv"'
    return response
