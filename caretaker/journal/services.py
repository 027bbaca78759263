"""The message pipeline: persist, transcribe, extract, store facts, solve, alert."""

import logging
import uuid
from datetime import datetime, timedelta

from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from caretaker.alerts.services import alerts_raise
from caretaker.audit.services import Action, audit_record, facts_stored_record
from caretaker.journal import extraction, push, transcription
from caretaker.journal.models import Fact, Message, PatientSnapshot
from caretaker.journal.rules import active_ruleset
from caretaker.journal.selectors import (
    fact_list_active,
    message_confirmation,
    patient_current_values,
    timed_statements,
)
from caretaker.wards.models import Patient
from logic import Statement, patient_state_solve, state_to_json, statement_parse

logger = logging.getLogger(__name__)
Status = Message.Status


class MessageFailed(Exception):
    """A step could not complete; the reason is shown to the nurse."""


class StepUnavailable(MessageFailed):
    """A step depends on a service that is down or slow (the language model endpoint);
    worth trying again later."""


@transaction.atomic
def message_submit(
    *,
    patient: Patient,
    author=None,
    text: str = "",
    audio: bytes | None = None,
    audio_name: str = "recording.webm",
    said_at: datetime | None = None,
    client_id: uuid.UUID | None = None,
) -> Message:
    """Store what the nurse said before anything else happens, then queue processing.

    Submitting again with the same ``client_id`` returns the first message unchanged.
    """
    if client_id is not None:
        existing = Message.objects.filter(client_id=client_id).first()
        if existing is not None:
            return existing
    if not text.strip() and not audio:
        raise ValueError("a message needs text or audio")
    message = Message(
        patient=patient,
        author=author,
        text=text.strip(),
        said_at=said_at or timezone.now(),
        client_id=client_id or uuid.uuid4(),
    )
    if audio:
        message.audio.save(audio_name, ContentFile(audio), save=False)
    message.save()
    audit_record(user=author, action=Action.MESSAGE_SUBMIT, obj=message)
    transaction.on_commit(lambda: _enqueue(message.pk))
    return message


def _enqueue(message_id: int) -> None:
    from caretaker.journal.tasks import message_process_task

    push.message_push(message_id)  # the bedside shows "processing" at once
    try:
        message_process_task.delay(message_id)
    except Exception:
        # The broker is down (Redis restarting). The message is stored; the resume
        # sweep queues it once a worker and the broker are back.
        logger.warning("message %s stored but not queued", message_id, exc_info=True)


def message_process(*, message_id: int, final_attempt: bool = True) -> Message:
    """Run the remaining steps of a message; safe to run twice (each step checks the
    status it starts from). A failing step marks the message failed with the reason;
    what earlier steps stored stays.

    Extraction and solving hold the patient's row lock, so two messages for the same
    patient never interleave, however many workers run. When the language model is
    unreachable and this is not the ``final_attempt``, :class:`StepUnavailable` is
    raised for the task to retry later instead of failing the message.
    """
    message = Message.objects.select_related("patient").get(pk=message_id)
    try:
        if message.status == Status.RECEIVED:
            message_transcribe(message=message)
        with transaction.atomic():
            Patient.objects.select_for_update().filter(pk=message.patient_id).first()
            message.refresh_from_db()
            if message.status == Status.TRANSCRIBED:
                message_extract(message=message)
            if message.status == Status.EXTRACTED:
                message_solve(message=message)
    except StepUnavailable as failure:
        if not final_attempt:
            raise
        message_fail(message=message, reason=str(failure))
    except MessageFailed as failure:
        message_fail(message=message, reason=str(failure))
    transaction.on_commit(lambda: push.message_push(message.pk))
    return message


def message_solve(*, message: Message) -> None:
    """Solve the patient's program after this message and mark it solved."""
    state = patient_state_refresh(patient=message.patient, message=message)
    score = state["news2"].get("score")
    message_update(
        message=message,
        status=Status.SOLVED,
        news2_score=score,
        news2_band=state["news2"].get("band") or "",
        wording=extraction.confirmation_wording(
            message_confirmation(message=message, facts=list(message.facts.all()))
        ),
    )


def messages_resume(*, older_than: timedelta) -> list[int]:
    """Queue again every message left unfinished for longer than ``older_than``: its
    task was lost with a killed worker or a restarted broker. Processing is
    idempotent, so a message that is merely slow is safe to queue twice."""
    cutoff = timezone.now() - older_than
    stuck = list(
        Message.objects.filter(created_at__lt=cutoff)
        .exclude(status__in=[Status.SOLVED, Status.FAILED])
        .values_list("pk", flat=True)
    )
    for message_id in stuck:
        _enqueue(message_id)
    return stuck


def message_update(*, message: Message, **fields: object) -> None:
    """Store changed fields of a message and count its revision: pages receive
    updates over two paths (the HTTP answer and the websocket) and keep the newest."""
    Message.objects.filter(pk=message.pk).update(revision=F("revision") + 1, **fields)
    for name, value in fields.items():
        setattr(message, name, value)


def message_fail(*, message: Message, reason: str) -> None:
    message_update(message=message, status=Status.FAILED, failure_reason=reason)


def message_transcribe(*, message: Message) -> None:
    """Audio to transcript; typed text is its own transcript."""
    if message.audio:
        try:
            with message.audio.open("rb") as audio:
                transcript = transcription.audio_transcribe(audio.read())
        except transcription.TranscriptionFailed as error:
            raise MessageFailed(str(error)) from error
        if transcript.no_speech:
            raise MessageFailed(transcript.reason or "no speech detected")
        message.transcript = transcript.text
    else:
        message.transcript = message.text
    message_update(
        message=message, transcript=message.transcript, status=Status.TRANSCRIBED
    )


def message_extract(*, message: Message) -> None:
    """Transcript to facts, with the patient's current values as prompt state."""
    rules, _version = active_ruleset(patient=message.patient)
    current = patient_current_values(patient=message.patient)
    try:
        result = extraction.utterance_extract(
            message.transcript, current=current, rules=rules
        )
    except extraction.ExtractionUnavailable as error:
        raise StepUnavailable(str(error)) from error
    except extraction.ExtractionFailed as error:
        raise MessageFailed(str(error)) from error
    with transaction.atomic():
        Fact.objects.filter(message=message).delete()  # a re-run replaces, never adds
        Fact.objects.bulk_create(
            Fact(
                patient=message.patient,
                message=message,
                statement=f.statement,
                type=f.type,
                value=f.value,
                said_at=message.said_at,
                evidence_start=f.start,
                evidence_end=f.end,
            )
            for f in result.facts
        )
        message_update(
            message=message,
            unclear=result.unclear,
            rejected=result.rejected,
            status=Status.EXTRACTED,
        )
        facts_stored_record(message=message, user=message.retried_by)


@transaction.atomic
def patient_state_refresh(
    *, patient: Patient, message: Message | None = None, now: datetime | None = None
) -> dict:
    """Solve the patient's program, raise alerts for problems that became active and
    keep the state. The patient row is locked so two refreshes never interleave."""
    Patient.objects.select_for_update().filter(pk=patient.pk).first()
    rules, version = active_ruleset(patient=patient)
    facts = timed_statements(facts=list(fact_list_active(patient=patient)), rules=rules)
    now = now or timezone.now()
    latest = max((f.at for f in facts), default=now)
    state = state_to_json(
        patient_state_solve(facts, rules=rules, now=max(now, latest)), rules
    )
    snapshot = PatientSnapshot.objects.filter(patient=patient).first()
    previous = {
        p["name"] for p in (snapshot.state.get("problems", []) if snapshot else [])
    }
    alerts_raise(
        patient=patient,
        problems=state["problems"],
        previous=previous,
        message=message,
        ruleset_version=version,
        derived_at=now,
    )
    PatientSnapshot.objects.update_or_create(
        patient=patient,
        defaults={"state": state, "solved_at": now, "ruleset_version": version},
    )
    return state


@transaction.atomic
def fact_retract(*, fact: Fact, user=None) -> dict:
    """Undo a fact: it is kept, marked retracted, and the state is solved again."""
    fact = Fact.objects.select_for_update().get(pk=fact.pk)
    if fact.retracted_at is None:
        fact.retracted_at, fact.retracted_by = timezone.now(), user
        fact.save(update_fields=["retracted_at", "retracted_by"])
        Message.objects.filter(pk=fact.message_id).update(revision=F("revision") + 1)
        audit_record(user=user, action=Action.FACT_UNDO, obj=fact)
    state = patient_state_refresh(patient=fact.patient)
    transaction.on_commit(lambda: push.message_push(fact.message_id))
    return state


@transaction.atomic
def facts_retract(*, message: Message, fact_ids: list[int], user=None) -> dict:
    """Undo several facts of one message at once (a BP line is two facts): all or
    none, each audited, and the state solved once. A fact of another message is
    refused (``Fact.DoesNotExist``) before anything changes."""
    wanted = set(fact_ids)
    facts = list(
        Fact.objects.select_for_update()
        .filter(message=message, pk__in=wanted)
        .order_by("id")
    )
    if not wanted or len(facts) != len(wanted):
        raise Fact.DoesNotExist("not facts of this message")
    now = timezone.now()
    undone = [f for f in facts if f.retracted_at is None]
    for fact in undone:
        fact.retracted_at, fact.retracted_by = now, user
        fact.save(update_fields=["retracted_at", "retracted_by"])
        audit_record(user=user, action=Action.FACT_UNDO, obj=fact)
    if undone:
        Message.objects.filter(pk=message.pk).update(revision=F("revision") + 1)
    state = patient_state_refresh(patient=message.patient)
    transaction.on_commit(lambda: push.message_push(message.pk))
    return state


@transaction.atomic
def message_retry(*, message: Message, user=None) -> Message:
    """Run a failed message again from the step that has not completed; audited,
    and what the retry stores is credited to ``user``."""
    message = Message.objects.select_for_update().get(pk=message.pk)
    if message.status != Status.FAILED:
        return message
    transcribed = bool(message.transcript) or not message.audio
    audit_record(
        user=user,
        action=Action.MESSAGE_RETRY,
        obj=message,
        detail={"failure": message.failure_reason},
    )
    message_update(
        message=message,
        status=Status.TRANSCRIBED if transcribed else Status.RECEIVED,
        failure_reason="",
        retried_by=user,
    )
    transaction.on_commit(lambda: _enqueue(message.pk))
    return message


@transaction.atomic
def message_import(
    *,
    patient: Patient,
    said_at: datetime,
    text: str,
    statements: list[str],
    author=None,
) -> Message:
    """Record history that is already in canonical statements (a handover, the demo
    ward): validated by the alphabet like extracted ones, then solved."""
    rules, _version = active_ruleset(patient=patient)
    parsed = [statement_parse(s, rules.alphabet) for s in statements]
    message = Message.objects.create(
        patient=patient,
        author=author,
        text=text,
        transcript=text,
        said_at=said_at,
        status=Status.EXTRACTED,
    )
    Fact.objects.bulk_create(
        Fact(
            patient=patient,
            message=message,
            statement=s.canonical(rules.alphabet),
            type=s.type,
            value=s.value_text(rules.alphabet),
            said_at=said_at,
        )
        for s in parsed
        if isinstance(s, Statement)
    )
    facts_stored_record(message=message)
    state = patient_state_refresh(patient=patient, message=message, now=said_at)
    message_update(
        message=message,
        status=Status.SOLVED,
        news2_score=state["news2"].get("score"),
        news2_band=state["news2"].get("band") or "",
    )
    return message
