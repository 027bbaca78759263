"""Bedside page and the endpoints it posts to."""

import uuid

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_POST
from django_ratelimit.decorators import ratelimit

from caretaker.audit.access import visible_or_404
from caretaker.audit.models import Action
from caretaker.audit.services import audit_record
from caretaker.care import actions
from caretaker.care.presenters import message_result
from caretaker.care.submissions import message_retry, message_submit
from caretaker.journal.models import Fact, Message
from caretaker.journal.services import ClientIdConflict
from caretaker.journal.uploads import AUDIO_TYPES, MAX_AUDIO_BYTES, audio_container
from caretaker.users import AuthenticatedHttpRequest
from caretaker.wards.models import Patient
from caretaker.wards.selectors import ward_list_for

MAX_TEXT_CHARS = 2000
# A request that declares more than this is refused before the view reads it (the
# proxy in front should bound request bodies as well).
MAX_REQUEST_BYTES = MAX_AUDIO_BYTES + 64 * 1024


def _message_rate(group: str, request: HttpRequest) -> str:
    rate: str = settings.CARETAKER_MESSAGE_RATE
    return rate


@login_required
def bedside(request: AuthenticatedHttpRequest, patient_id: int) -> HttpResponse:
    patient = visible_or_404(request, Patient, pk=patient_id)
    audit_record(user=request.user, action=Action.BEDSIDE_VIEW, obj=patient)
    patients = Patient.objects.filter(ward__in=ward_list_for(user=request.user))
    return render(
        request, "journal/bedside.html", {"patient": patient, "patients": patients}
    )


def _refuse(error: str, status: int) -> JsonResponse:
    return JsonResponse({"error": error}, status=status)


@login_required
@require_POST
@ratelimit(key="user", rate=_message_rate, method="POST", block=False)
def message_create(request: AuthenticatedHttpRequest, patient_id: int) -> HttpResponse:
    """Text (``text``) or a recording (``audio``), with the device's ``client_id``."""
    if getattr(request, "limited", False):
        response = _refuse("too many messages; wait a minute and send again", 429)
        response["Retry-After"] = "60"
        return response
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > MAX_REQUEST_BYTES:
        return _refuse("recording too large (10 MB at most)", 413)
    patient = visible_or_404(request, Patient, pk=patient_id)
    text = request.POST.get("text", "")
    if len(text) > MAX_TEXT_CHARS:
        return _refuse(f"text too long ({MAX_TEXT_CHARS} characters at most)", 413)
    if "\x00" in text:
        return _refuse("text contains a NUL character", 400)
    upload = request.FILES.get("audio")
    try:
        client_id = uuid.UUID(request.POST.get("client_id") or str(uuid.uuid4()))
    except ValueError:
        return JsonResponse({"error": "client_id must be a UUID"}, status=400)
    audio, container = None, None
    if upload is not None:
        # An upload parsed from a request always has a type and a size; the stubs
        # allow None for files built by hand.
        content_type = upload.content_type.split(";")[0].strip()  # type: ignore[union-attr]
        if content_type not in AUDIO_TYPES:
            return JsonResponse(
                {"error": f"not an audio upload ({content_type})"}, status=415
            )
        if upload.size > MAX_AUDIO_BYTES:  # type: ignore[operator]
            return JsonResponse(
                {"error": "recording too large (10 MB at most)"}, status=413
            )
        audio = upload.read()
        container = audio_container(audio[:16])
        if audio and container is None:
            return _refuse("the file is not a recording in a known audio format", 415)
    if not text.strip() and not audio:
        return JsonResponse({"error": "say or type something first"}, status=400)
    try:
        message = message_submit(
            patient=patient,
            author=request.user,
            text=text,
            audio=audio,
            # The device's file name is never used: it could carry a path.
            audio_name=f"{client_id}.{container}" if container else "",
            client_id=client_id,
        )
    except ClientIdConflict as conflict:
        return _refuse(str(conflict), 409)
    return JsonResponse(message_result(message), status=201)


@login_required
@require_POST
def fact_undo(request: AuthenticatedHttpRequest, fact_id: int) -> HttpResponse:
    fact = visible_or_404(request, Fact, pk=fact_id)
    actions.fact_undo(fact=fact, user=request.user)
    return JsonResponse(message_result(fact.message))


@login_required
@require_POST
def message_undo(request: AuthenticatedHttpRequest, message_id: int) -> HttpResponse:
    """Undo one recorded line of a message: every fact it stands for
    (``facts=<id>&facts=<id>``), at once."""
    message = visible_or_404(request, Message, pk=message_id)
    try:
        fact_ids = [int(i) for i in request.POST.getlist("facts")]
        actions.facts_undo(message=message, fact_ids=fact_ids, user=request.user)
    except (ValueError, Fact.DoesNotExist):
        return _refuse("facts must be ids of this message's facts", 400)
    return JsonResponse(message_result(message))


@login_required
@require_POST
def message_retry_view(
    request: AuthenticatedHttpRequest, message_id: int
) -> HttpResponse:
    message = visible_or_404(request, Message, pk=message_id)
    return JsonResponse(
        message_result(message_retry(message=message, user=request.user))
    )
