"""The message pipeline: persist, transcribe, extract, store facts, solve, alert."""

import logging
import uuid
from datetime import datetime

from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone

from caretaker.alerts.services import alerts_raise
from caretaker.journal import extraction, push
from caretaker.journal.models import Fact, Message, PatientSnapshot
from caretaker.journal.rules import active_ruleset
from caretaker.journal.selectors import (
    fact_list_active,
    patient_current_values,
    timed_statements,
)
from caretaker.wards.models import Patient
from logic import Statement, patient_state_solve, state_to_json, statement_parse

logger = logging.getLogger(__name__)
Status = Message.Status


class MessageFailed(Exception):
    """A step could not complete; the reason is shown to the nurse."""


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
    transaction.on_commit(lambda: _enqueue(message.pk))
    return message


def _enqueue(message_id: int) -> None:
    from caretaker.journal.tasks import message_process_task

    push.message_push(message_id)  # the bedside shows "processing" at once
    message_process_task.delay(message_id)


def message_process(*, message_id: int) -> Message:
    """Run the remaining steps of a message; safe to run twice (each step checks the
    status it starts from). A failing step marks the message failed with the reason;
    what earlier steps stored stays."""
    message = Message.objects.select_related("patient").get(pk=message_id)
    try:
        if message.status == Status.RECEIVED:
            message_transcribe(message=message)
        if message.status == Status.TRANSCRIBED:
            message_extract(message=message)
        if message.status == Status.EXTRACTED:
            state = patient_state_refresh(patient=message.patient, message=message)
            score = state["news2"].get("score")
            Message.objects.filter(pk=message.pk).update(
                status=Status.SOLVED, news2_score=score
            )
            message.status, message.news2_score = Status.SOLVED, score
    except MessageFailed as failure:
        message_fail(message=message, reason=str(failure))
    transaction.on_commit(lambda: push.message_push(message.pk))
    return message


def message_fail(*, message: Message, reason: str) -> None:
    Message.objects.filter(pk=message.pk).update(
        status=Status.FAILED, failure_reason=reason
    )
    message.status, message.failure_reason = Status.FAILED, reason


def message_transcribe(*, message: Message) -> None:
    """Audio to transcript; typed text is its own transcript."""
    if message.audio:
        import speech

        try:
            with message.audio.open("rb") as audio:
                transcript = speech.transcribe(audio.read())
        except speech.SpeechError as error:
            raise MessageFailed(str(error)) from error
        if transcript.no_speech:
            raise MessageFailed(transcript.reason or "no speech detected")
        message.transcript = transcript.text
    else:
        message.transcript = message.text
    message.status = Status.TRANSCRIBED
    message.save(update_fields=["transcript", "status"])


def message_extract(*, message: Message) -> None:
    """Transcript to facts, with the patient's current values as prompt state."""
    rules, _version = active_ruleset()
    current = patient_current_values(patient=message.patient)
    try:
        result = extraction.utterance_extract(
            message.transcript, current=current, rules=rules
        )
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
        message.unclear, message.rejected = result.unclear, result.rejected
        message.status = Status.EXTRACTED
        message.save(update_fields=["unclear", "rejected", "status"])


@transaction.atomic
def patient_state_refresh(
    *, patient: Patient, message: Message | None = None, now: datetime | None = None
) -> dict:
    """Solve the patient's program, raise alerts for problems that became active and
    keep the state. The patient row is locked so two refreshes never interleave."""
    Patient.objects.select_for_update().filter(pk=patient.pk).first()
    rules, version = active_ruleset()
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
    state = patient_state_refresh(patient=fact.patient)
    transaction.on_commit(lambda: push.message_push(fact.message_id))
    return state


@transaction.atomic
def message_retry(*, message: Message) -> Message:
    """Run a failed message again from the step that has not completed."""
    message = Message.objects.select_for_update().get(pk=message.pk)
    if message.status != Status.FAILED:
        return message
    transcribed = bool(message.transcript) or not message.audio
    message.status = Status.TRANSCRIBED if transcribed else Status.RECEIVED
    message.failure_reason = ""
    message.save(update_fields=["status", "failure_reason"])
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
    rules, _version = active_ruleset()
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
    state = patient_state_refresh(patient=patient, message=message, now=said_at)
    message.status, message.news2_score = Status.SOLVED, state["news2"].get("score")
    message.save(update_fields=["status", "news2_score"])
    return message
