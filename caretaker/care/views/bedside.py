"""Bedside page and the endpoints it posts to."""

import uuid
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.views.decorators.http import require_POST
from django_ratelimit.decorators import ratelimit

from caretaker.audit.access import NOT_FOUND, visible_or_404
from caretaker.audit.models import Action
from caretaker.audit.services import audit_record
from caretaker.care import actions
from caretaker.care.presenters import message_result
from caretaker.care.submissions import message_retry, message_submit
from caretaker.converters import record_id_parse
from caretaker.journal.models import Fact, Message
from caretaker.journal.questions import AnswerRefused
from caretaker.journal.services import ClientIdConflict
from caretaker.journal.uploads import (
    AUDIO_TYPES,
    MAX_AUDIO_BYTES,
    audio_container,
    stored_audio_type,
)
from caretaker.users import AuthenticatedHttpRequest
from caretaker.wards.models import Patient
from caretaker.wards.selectors import ward_list_for

MAX_TEXT_CHARS = 2000


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


class Refused(Exception):
    """A request the bedside endpoint answers with an error and ``status``."""

    def __init__(self, error: str, status: int) -> None:
        super().__init__(error)
        self.status = status


def _refuse(error: str, status: int) -> JsonResponse:
    return JsonResponse({"error": error}, status=status)


@dataclass(frozen=True)
class Submission:
    """What a bedside request carries, checked."""

    text: str
    audio: bytes | None
    container: str | None
    client_id: uuid.UUID


def _request_size_check(request: HttpRequest) -> None:
    """The server refuses larger bodies before reading them (caretaker/server/
    body_limit.py); this covers the app served some other way (tests, WSGI)."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > settings.CARETAKER_MAX_UPLOAD_BYTES:
        raise Refused("recording too large (10 MB at most)", 413)


def _text_read(request: HttpRequest) -> str:
    text = str(request.POST.get("text", ""))
    if len(text) > MAX_TEXT_CHARS:
        raise Refused(f"text too long ({MAX_TEXT_CHARS} characters at most)", 413)
    if "\x00" in text:
        raise Refused("text contains a NUL character", 400)
    return text


def _client_id_read(request: HttpRequest) -> uuid.UUID:
    try:
        return uuid.UUID(request.POST.get("client_id") or str(uuid.uuid4()))
    except ValueError as error:
        raise Refused("client_id must be a UUID", 400) from error


def _audio_read(request: HttpRequest) -> tuple[bytes | None, str | None]:
    """The uploaded recording and its container, checked by type, size and its
    first bytes (the declared type alone is the device's word)."""
    upload = request.FILES.get("audio")
    if upload is None:
        return None, None
    # An upload parsed from a request always has a type and a size; the stubs
    # allow None for files built by hand.
    content_type = (upload.content_type or "").split(";")[0].strip()
    if content_type not in AUDIO_TYPES:
        raise Refused(f"not an audio upload ({content_type})", 415)
    if (upload.size or 0) > MAX_AUDIO_BYTES:
        raise Refused("recording too large (10 MB at most)", 413)
    audio = upload.read()
    container = audio_container(audio[:16])
    if audio and container is None:
        raise Refused("the file is not a recording in a known audio format", 415)
    return audio, container


def _submission_read(request: HttpRequest) -> Submission:
    text = _text_read(request)
    client_id = _client_id_read(request)
    audio, container = _audio_read(request)
    if not text.strip() and not audio:
        raise Refused("say or type something first", 400)
    return Submission(text, audio, container, client_id)


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
        _request_size_check(request)
        patient = visible_or_404(request, Patient, pk=patient_id)
        sent = _submission_read(request)
        message = message_submit(
            patient=patient,
            author=request.user,
            text=sent.text,
            audio=sent.audio,
            # The device's file name is never used: it could carry a path.
            audio_name=f"{sent.client_id}.{sent.container}" if sent.container else "",
            client_id=sent.client_id,
        )
    except Refused as refused:
        return _refuse(str(refused), refused.status)
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
        fact_ids = [record_id_parse(i) for i in request.POST.getlist("facts")]
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


@login_required
@require_POST
def question_answer_view(
    request: AuthenticatedHttpRequest, fact_id: int
) -> HttpResponse:
    """The nurse's answer to a doubtful value: ``answer`` = confirmed, corrected
    (with ``value``) or dismissed."""
    fact = visible_or_404(request, Fact.objects.select_related("message"), pk=fact_id)
    try:
        actions.question_answer(
            fact=fact,
            user=request.user,
            answer=request.POST.get("answer", ""),
            value=request.POST.get("value", "")[:64],
        )
    except AnswerRefused as refused:
        return _refuse(str(refused), 409)
    return JsonResponse(message_result(fact.message))


@login_required
def message_audio(
    request: AuthenticatedHttpRequest, message_id: int
) -> HttpResponseBase:
    """The message's recording, for the nurse to hear the words a question rests on
    (the page plays the span of them); audited."""
    message = visible_or_404(request, Message, pk=message_id)
    if not message.audio:
        raise Http404(NOT_FOUND)
    audit_record(user=request.user, action=Action.AUDIO_PLAY, obj=message)
    return FileResponse(
        message.audio.open("rb"),
        content_type=stored_audio_type(message.audio.name or ""),
    )
