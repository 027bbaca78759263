"""The journal's own changes: store what the nurse said, transcribe, extract, store
facts and the solved state, undo. Raising alerts and pushing pages come after, in
:mod:`caretaker.care.actions`."""

import logging
import uuid
from collections.abc import Sequence
from dataclasses import asdict
from datetime import datetime, timedelta

from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from caretaker.audit.models import AuditEvent
from caretaker.audit.services import Action, audit_record
from caretaker.journal import extraction, transcription
from caretaker.journal.models import Fact, Message, PatientSnapshot
from caretaker.journal.questions import facts_doubt
from caretaker.journal.rules import ActiveRules
from caretaker.journal.selectors import (
    fact_list_active,
    message_confirmation,
    patient_current_values,
    timed_statements,
)
from caretaker.users import User
from caretaker.wards.models import Patient
from logic import PatientState, Statement, patient_state_solve, statement_parse
from logic.state import state_to_record

logger = logging.getLogger(__name__)
Status = Message.Status


class MessageFailed(Exception):
    """A step could not complete; the reason is shown to the nurse."""


class StepUnavailable(MessageFailed):
    """A step depends on a service that is down or slow (the language model endpoint);
    worth trying again later."""


class ClientIdConflict(Exception):
    """The device's ``client_id`` already names a message of another patient."""


def message_submit(
    *,
    patient: Patient,
    author: User | None = None,
    text: str = "",
    audio: bytes | None = None,
    audio_name: str = "recording.webm",
    said_at: datetime | None = None,
    client_id: uuid.UUID | None = None,
) -> tuple[Message, bool]:
    """Store what the nurse said before anything else happens. Returns the message
    and whether it is new: submitting again with the same ``client_id`` (a device
    that did not hear the answer) returns the first message unchanged.

    Raises :class:`ClientIdConflict` when ``client_id`` names another patient's
    message, and ``ValueError`` when there is neither text nor audio."""
    if client_id is not None:
        existing = Message.objects.filter(client_id=client_id).first()
        if existing is not None:
            if existing.patient_id != patient.pk:
                raise ClientIdConflict("client_id belongs to another patient's message")
            return existing, False
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
    return message, True


def messages_unfinished(*, older_than: timedelta) -> list[int]:
    """Messages left unfinished for longer than ``older_than``: their task was lost
    with a killed worker or a restarted broker."""
    cutoff = timezone.now() - older_than
    return list(
        Message.objects.filter(created_at__lt=cutoff)
        .exclude(status__in=[Status.SOLVED, Status.FAILED])
        .values_list("pk", flat=True)
    )


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
        except transcription.TranscriptionUnavailable as error:
            raise StepUnavailable(str(error)) from error
        except transcription.TranscriptionFailed as error:
            raise MessageFailed(str(error)) from error
        if transcript.no_speech:
            raise MessageFailed(transcript.reason or "no speech detected")
        message.transcript = transcript.text
        # How sure the recogniser was of each word, and where it is: a doubtful
        # value becomes a question (caretaker/journal/questions.py).
        message.words = [asdict(word) for word in transcript.words]
    else:
        message.transcript = message.text
    message_update(
        message=message,
        transcript=message.transcript,
        words=message.words,
        status=Status.TRANSCRIBED,
    )


def message_extract(*, message: Message, active: ActiveRules) -> None:
    """Transcript to facts, with the patient's current values as prompt state."""
    current = patient_current_values(patient=message.patient)
    try:
        result = extraction.utterance_extract(
            message.transcript, current=current, rules=active.rules
        )
    except extraction.ExtractionUnavailable as error:
        raise StepUnavailable(str(error)) from error
    except extraction.ExtractionFailed as error:
        raise MessageFailed(str(error)) from error
    facts = [
        Fact(
            patient=message.patient,
            message=message,
            statement=f.statement,
            type=f.type,
            value=f.value,
            said_at=message.said_at,
            evidence_start=f.start,
            evidence_end=f.end,
            said=f.said,
        )
        for f in result.facts
    ]
    facts_doubt(message=message, facts=facts, active=active)
    with transaction.atomic():
        Fact.objects.filter(message=message).delete()  # a re-run replaces, never adds
        Fact.objects.bulk_create(facts)
        message_update(
            message=message,
            unclear=result.unclear,
            rejected=result.rejected,
            instructions=result.instructions,
            withheld=result.withheld,
            status=Status.EXTRACTED,
        )
        if result.instructions:
            audit_record(
                user=message.retried_by or message.author,
                action=Action.MESSAGE_INSTRUCTION,
                obj=message,
                detail={"instructions": result.instructions},
            )
        facts_stored_record(message=message, user=message.retried_by)


def message_solved(
    *, message: Message, state: PatientState, active: ActiveRules
) -> None:
    """Mark the message solved, with the NEWS2 it left and the confirmation the
    nurse reads (built once, here, from the stored facts)."""
    message_update(
        message=message,
        status=Status.SOLVED,
        news2_score=state.news2.score,
        news2_band=state.news2.band or "",
        confirmation=message_confirmation(
            message=message, facts=list(message.facts.standing()), active=active
        ),
    )


@transaction.atomic
def patient_state_store(
    *, patient: Patient, active: ActiveRules, now: datetime | None = None
) -> tuple[PatientState, frozenset[str]]:
    """Solve the patient's program and keep the state. Returns it with the names of
    the problems active before, for the caller to raise alerts for the new ones.
    The caller holds the patient's row lock (see :mod:`caretaker.care.actions`)."""
    rules = active.rules
    facts = timed_statements(facts=list(fact_list_active(patient=patient)), rules=rules)
    now = now or timezone.now()
    latest = max((f.at for f in facts), default=now)
    # The chart's day (fluid balance) starts on the ward's clock: the site's zone.
    state = patient_state_solve(
        facts, rules=rules, now=max(now, latest), zone=timezone.get_default_timezone()
    )
    snapshot = PatientSnapshot.objects.filter(patient=patient).first()
    previous = frozenset(
        p["name"] for p in (snapshot.state.get("problems", []) if snapshot else [])
    )
    PatientSnapshot.objects.update_or_create(
        patient=patient,
        defaults={
            "state": state_to_record(state, rules),
            "solved_at": now,
            "ruleset_version": active.version,
        },
    )
    return state, previous


def facts_retract(
    *, message: Message, fact_ids: Sequence[int], user: User | None = None
) -> list[Fact]:
    """Undo facts of one message (a BP line is two facts): all or none, each kept,
    marked retracted and audited. A fact of another message is refused
    (``Fact.DoesNotExist``) before anything changes. Returns those undone now."""
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
    return undone


def message_confirmation_refresh(*, message: Message, active: ActiveRules) -> None:
    """After an undo or an answered question: the confirmation speaks of the facts
    that stand now."""
    if message.status != Status.SOLVED:
        Message.objects.filter(pk=message.pk).update(revision=F("revision") + 1)
        return
    standing = list(message.facts.standing())
    message_update(
        message=message,
        confirmation=message_confirmation(
            message=message, facts=standing, active=active
        ),
    )


def message_retry_reset(*, message: Message, user: User | None = None) -> bool:
    """Set a failed message back to the step that has not completed; audited, and
    what the retry stores is credited to ``user``. False when it had not failed."""
    message = Message.objects.select_for_update().get(pk=message.pk)
    if message.status != Status.FAILED:
        return False
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
    return True


def message_import_store(
    *,
    patient: Patient,
    said_at: datetime,
    text: str,
    statements: list[str],
    active: ActiveRules,
    author: User | None = None,
) -> Message:
    """Store history that is already in canonical statements (a handover, the demo
    ward), validated by the alphabet like extracted ones; the caller solves."""
    alphabet = active.rules.alphabet
    parsed = [statement_parse(s, alphabet) for s in statements]
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
            statement=s.canonical(alphabet),
            type=s.type,
            value=s.value_text(alphabet),
            said_at=said_at,
        )
        for s in parsed
        if isinstance(s, Statement)
    )
    facts_stored_record(message=message)
    return message


def facts_stored_record(
    *, message: Message, user: User | None = None
) -> list[AuditEvent]:
    """One event per fact a message stored (the pipeline or an import); a value in
    doubt is recorded as asked about, with why."""
    return [
        audit_record(
            user=user if user is not None else message.author,
            action=Action.FACT_ASK if fact.question else Action.FACT_STORE,
            obj=fact,
            patient=message.patient,
            detail={"statement": fact.statement, "message": message.pk}
            | ({"question": fact.question} if fact.question else {}),
        )
        for fact in message.facts.order_by("id")
    ]
