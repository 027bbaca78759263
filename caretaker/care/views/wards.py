"""Ward dashboard and patient pages."""

from dataclasses import replace
from datetime import datetime

from django.contrib.auth.decorators import login_required
from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render

from caretaker.audit.access import visible_or_404
from caretaker.audit.models import Action
from caretaker.audit.services import audit_record
from caretaker.care.presenters import patient_row, ward_rows
from caretaker.converters import moment_in_range
from caretaker.journal.chart import patient_chart
from caretaker.journal.extraction import handover_wording
from caretaker.journal.fhir import patient_fhir_bundle
from caretaker.journal.fluids import fluid_balance_shown, not_assessed_shown
from caretaker.journal.handover import handover_since_default, patient_handover
from caretaker.journal.news2 import news2_shown
from caretaker.journal.rules import active_rules
from caretaker.journal.selectors import (
    journal_entries,
    problem_explanations,
)
from caretaker.users import AuthenticatedHttpRequest
from caretaker.wards.models import Patient, Ward
from caretaker.wards.selectors import ward_list_for
from logic.facts_file import moment_parse


def _since(request: HttpRequest) -> datetime | None:
    """``?since=ISO8601``, or None when not given; garbage is a 400."""
    raw = request.GET.get("since", "")
    try:
        return moment_in_range(moment_parse(raw)) if raw else None
    except ValueError as error:
        raise BadRequest(
            f"since: not an ISO 8601 time from 1900 to 9000: {raw[:40]!r}"
        ) from error


def _visible_patient(request: HttpRequest, patient_id: int) -> Patient:
    return visible_or_404(
        request, Patient.objects.select_related("ward"), pk=patient_id
    )


@login_required
def home(request: AuthenticatedHttpRequest) -> HttpResponse:
    wards = list(ward_list_for(user=request.user))
    if len(wards) == 1:
        return redirect("ward-dashboard", code=wards[0].code)
    return render(request, "wards/home.html", {"wards": wards})


@login_required
def ward_dashboard(request: AuthenticatedHttpRequest, code: str) -> HttpResponse:
    ward = visible_or_404(request, Ward, code=code)
    audit_record(user=request.user, action=Action.WARD_VIEW, obj=ward)
    return render(
        request, "wards/dashboard.html", {"ward": ward, "rows": ward_rows(ward=ward)}
    )


@login_required
def patient_detail(request: AuthenticatedHttpRequest, patient_id: int) -> HttpResponse:
    patient = _visible_patient(request, patient_id)
    audit_record(user=request.user, action=Action.CHART_VIEW, obj=patient)
    alphabet = active_rules(patient=patient).rules.alphabet
    row = patient_row(patient=patient)
    return render(
        request,
        "wards/patient.html",
        {
            "patient": patient,
            "row": row,
            "problems": problem_explanations(
                patient=patient,
                problems=row["state"].get("problems", []),
                alphabet=alphabet,
            ),
            "messages": journal_entries(patient=patient, alphabet=alphabet),
            "alerts": patient.alerts.all()[:50],
            "news2": news2_shown(row["state"], alphabet),
            "fluid_balance": fluid_balance_shown(row["state"]),
            "not_assessed": not_assessed_shown(row["state"]),
        },
    )


@login_required
def patient_series(request: AuthenticatedHttpRequest, patient_id: int) -> HttpResponse:
    """Chart data: readings with the nurse's words, NEWS2 and its bands."""
    patient = _visible_patient(request, patient_id)
    audit_record(user=request.user, action=Action.SERIES_VIEW, obj=patient)
    return JsonResponse(patient_chart(patient=patient))


@login_required
def patient_fhir(request: AuthenticatedHttpRequest, patient_id: int) -> HttpResponse:
    """The patient's observations as a FHIR R4 Bundle (``?since=ISO8601``)."""
    patient = _visible_patient(request, patient_id)
    raw = request.GET.get("since", "")
    since = _since(request)
    bundle = patient_fhir_bundle(patient=patient, since=since)
    audit_record(
        user=request.user,
        action=Action.FHIR_EXPORT,
        obj=patient,
        detail={"since": raw, "observations": len(bundle["entry"])},
    )
    return JsonResponse(
        bundle,
        content_type="application/fhir+json",
        json_dumps_params={"ensure_ascii": False},
    )


@login_required
def patient_handover_view(
    request: AuthenticatedHttpRequest, patient_id: int
) -> HttpResponse:
    """The SBAR handover of one patient (``?since=ISO8601``; default: 12 hours)."""
    patient = _visible_patient(request, patient_id)
    since = _since(request) or handover_since_default()
    handover = patient_handover(patient=patient, since=since)
    handover = replace(handover, wording=handover_wording(handover.summary()))
    audit_record(
        user=request.user,
        action=Action.HANDOVER_VIEW,
        obj=patient,
        detail={"since": since.isoformat()},
    )
    return render(request, "wards/handover.html", {"handovers": [handover]})


@login_required
def ward_handover(request: AuthenticatedHttpRequest, code: str) -> HttpResponse:
    """Every patient of the ward on one printable page."""
    ward = visible_or_404(request, Ward, code=code)
    since = _since(request) or handover_since_default()
    handovers = [
        patient_handover(patient=p, since=since)
        for p in ward.patients.select_related("ward").order_by("bed", "pk")
    ]
    # One event per patient: a patient's trail shows who read their handover.
    for handover in handovers:
        audit_record(
            user=request.user,
            action=Action.HANDOVER_VIEW,
            obj=handover.patient,
            detail={"since": since.isoformat(), "ward_handover": ward.code},
        )
    return render(
        request,
        "wards/handover.html",
        {"handovers": handovers, "ward": ward, "since": since},
    )
