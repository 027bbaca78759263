"""Bedside page and the endpoints it posts to."""

import uuid

from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_POST

from caretaker.journal.models import Fact, Message
from caretaker.journal.presenters import message_result
from caretaker.journal.services import fact_retract, message_retry, message_submit
from caretaker.wards.models import Patient
from caretaker.wards.selectors import patient_visible, ward_list_for

AUDIO_TYPES = (
    "audio/webm",
    "audio/ogg",
    "audio/mp4",
    "audio/wav",
    "audio/x-wav",
    "audio/mpeg",
    "audio/aac",
    "video/webm",
    "audio/wave",
)
MAX_AUDIO_BYTES = 10 * 1024 * 1024


def _visible(request, model, **lookup):
    obj = get_object_or_404(model, **lookup)
    patient = obj if isinstance(obj, Patient) else obj.patient
    if not patient_visible(user=request.user, patient=patient):
        raise Http404("no such patient on your wards")
    return obj


@login_required
def bedside(request, patient_id: int):
    patient = _visible(request, Patient, pk=patient_id)
    patients = Patient.objects.filter(ward__in=ward_list_for(user=request.user))
    return render(
        request, "journal/bedside.html", {"patient": patient, "patients": patients}
    )


@login_required
@require_POST
def message_create(request, patient_id: int):
    """Text (``text``) or a recording (``audio``), with the device's ``client_id``."""
    patient = _visible(request, Patient, pk=patient_id)
    text = request.POST.get("text", "")
    upload = request.FILES.get("audio")
    try:
        client_id = uuid.UUID(request.POST.get("client_id") or str(uuid.uuid4()))
    except ValueError:
        return JsonResponse({"error": "client_id must be a UUID"}, status=400)
    audio = None
    if upload is not None:
        content_type = upload.content_type.split(";")[0].strip()
        if content_type not in AUDIO_TYPES:
            return JsonResponse(
                {"error": f"not an audio upload ({content_type})"}, status=415
            )
        if upload.size > MAX_AUDIO_BYTES:
            return JsonResponse(
                {"error": "recording too large (10 MB at most)"}, status=413
            )
        audio = upload.read()
    if not text.strip() and not audio:
        return JsonResponse({"error": "say or type something first"}, status=400)
    message = message_submit(
        patient=patient,
        author=request.user,
        text=text,
        audio=audio,
        audio_name=upload.name if upload else "",
        client_id=client_id,
    )
    return JsonResponse(message_result(message), status=201)


@login_required
@require_POST
def fact_undo(request, fact_id: int):
    fact = _visible(request, Fact, pk=fact_id)
    fact_retract(fact=fact, user=request.user)
    return JsonResponse(message_result(fact.message))


@login_required
@require_POST
def message_retry_view(request, message_id: int):
    message = _visible(request, Message, pk=message_id)
    return JsonResponse(message_result(message_retry(message=message)))
