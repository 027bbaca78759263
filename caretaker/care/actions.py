"""What happens across apps, in one direction: change, then notify.

Each action changes the journal (messages, facts, the solved state), raises the
alerts the change derives, and only after the commit pushes the pages. The apps
below know nothing of each other's later steps; this module is where they meet.
"""

import logging
from datetime import datetime
from functools import partial

from django.db import transaction
from django.utils import timezone

from caretaker.alerts.models import Alert
from caretaker.alerts.services import alert_acknowledge as alert_acknowledge_store
from caretaker.alerts.services import alerts_follow_up as alerts_follow_up_store
from caretaker.alerts.services import alerts_raise
from caretaker.care import push
from caretaker.journal import services as journal
from caretaker.journal.extraction import confirmation_wording
from caretaker.journal.models import Fact, Message
from caretaker.journal.questions import AnswerRefused, question_correct
from caretaker.journal.questions import question_answer as answer_store
from caretaker.journal.rules import ActiveRules, active_rules
from caretaker.users import User
from caretaker.wards.models import Patient
from logic import PatientState

logger = logging.getLogger(__name__)
Status = Message.Status


def message_process(*, message_id: int, final_attempt: bool = True) -> Message:
    """Run the remaining steps of a message; safe to run twice (each step checks the
    status it starts from). A failing step marks the message failed with the reason;
    what earlier steps stored stays.

    Extraction and solving hold the patient's row lock, so two messages for the same
    patient never interleave, however many workers run. When the language model is
    unreachable and this is not the ``final_attempt``,
    :class:`~caretaker.journal.services.StepUnavailable` is raised for the task to
    retry later. Any other error fails the message with its reason and is raised
    again: a defect must not pass for a model that did not answer.
    """
    message = Message.objects.select_related("patient").get(pk=message_id)
    try:
        if message.status == Status.RECEIVED:
            journal.message_transcribe(message=message)
        with transaction.atomic():
            _patient_lock(message.patient_id)
            message.refresh_from_db()
            active = active_rules(patient=message.patient)
            if message.status == Status.TRANSCRIBED:
                journal.message_extract(message=message, active=active)
            if message.status == Status.EXTRACTED:
                state = _patient_solve(
                    patient=message.patient, active=active, message=message
                )
                journal.message_solved(message=message, state=state, active=active)
    except journal.StepUnavailable as failure:
        if not final_attempt:
            raise
        journal.message_fail(message=message, reason=str(failure))
    except journal.MessageFailed as failure:
        journal.message_fail(message=message, reason=str(failure))
    except Exception as error:
        journal.message_fail(
            message=message,
            reason=f"internal error ({type(error).__name__}); the team is told",
        )
        logger.exception("message %s failed on a defect", message_id)
        push.message_push(message.pk)
        raise
    transaction.on_commit(lambda: push.message_push(message.pk))
    return message


def message_reword(*, message_id: int) -> bool:
    """After the message is solved and the patient's row lock released (a slow
    model delays no other message): store a model's rewording of its confirmation
    when one is configured and keeps its numbers, and push it."""
    message = Message.objects.get(pk=message_id)
    if message.status != Status.SOLVED or message.wording or not message.confirmation:
        return False
    wording = confirmation_wording(message.confirmation)
    if not wording:
        return False
    journal.message_update(message=message, wording=wording)
    push.message_push(message.pk)
    return True


def _patient_lock(patient_id: int) -> None:
    Patient.objects.select_for_update().filter(pk=patient_id).first()


def _patient_solve(
    *,
    patient: Patient,
    active: ActiveRules,
    message: Message | None = None,
    now: datetime | None = None,
) -> PatientState:
    """Solve and store the patient's state, then raise alerts for the problems that
    became active; the caller holds the row lock and pushes after the commit."""
    now = now or timezone.now()
    state, previous = journal.patient_state_store(
        patient=patient, active=active, now=now
    )
    alerts_raise(
        patient=patient,
        problems=state.problems,
        previous=previous,
        message=message,
        active=active,
        derived_at=now,
    )
    return state


@transaction.atomic
def patient_refresh(
    *, patient: Patient, now: datetime | None = None, push_row: bool = True
) -> PatientState:
    """Solve the patient again (new rules, an undo, time passing), raise alerts for
    problems that became active and, after the commit, push the ward's row."""
    _patient_lock(patient.pk)
    state = _patient_solve(
        patient=patient, active=active_rules(patient=patient), now=now
    )
    if push_row:
        transaction.on_commit(lambda: push.patient_push(patient.pk))
    return state


def patient_reevaluate(*, patient_id: int, now: datetime | None = None) -> bool:
    """Solve the patient again with no new message, so that time rules fire
    (``observationsOverdue``). Safe to run twice: only problems that became active
    raise an alert. False when the patient is gone."""
    patient = Patient.objects.filter(pk=patient_id).first()
    if patient is None:
        return False
    patient_refresh(patient=patient, now=now)
    return True


@transaction.atomic
def facts_undo(
    *, message: Message, fact_ids: list[int], user: User | None = None
) -> PatientState:
    """Undo one recorded line of a message (every fact it stands for) at once; the
    state is solved again and the pages updated. A fact of another message is
    refused (``Fact.DoesNotExist``) before anything changes."""
    _patient_lock(message.patient_id)
    active = active_rules(patient=message.patient)
    journal.facts_retract(message=message, fact_ids=fact_ids, user=user)
    journal.message_confirmation_refresh(message=message, active=active)
    state = _patient_solve(patient=message.patient, active=active)
    transaction.on_commit(lambda: push.message_push(message.pk))
    return state


def fact_undo(*, fact: Fact, user: User | None = None) -> PatientState:
    """Undo one fact (see :func:`facts_undo`)."""
    return facts_undo(message=fact.message, fact_ids=[fact.pk], user=user)


@transaction.atomic
def question_answer(
    *, fact: Fact, user: User, answer: str, value: str = ""
) -> PatientState:
    """The nurse's answer to a doubtful value: ``confirmed`` (it becomes a fact),
    ``dismissed`` (it never does) or ``corrected`` to ``value``. Audited; the
    patient is solved again and the pages updated. Raises
    :class:`~caretaker.journal.questions.AnswerRefused` with the reason."""
    _patient_lock(fact.patient_id)
    active = active_rules(patient=fact.patient)
    if answer == Fact.Answer.CORRECTED:
        question_correct(fact=fact, user=user, value=value, active=active)
    elif answer in (Fact.Answer.CONFIRMED, Fact.Answer.DISMISSED):
        answer_store(fact=fact, user=user, answer=answer)
    else:
        raise AnswerRefused(f"unknown answer {answer!r}")
    message = fact.message
    journal.message_confirmation_refresh(message=message, active=active)
    state = _patient_solve(patient=fact.patient, active=active, message=message)
    transaction.on_commit(lambda: push.message_push(message.pk))
    return state


@transaction.atomic
def message_import(
    *,
    patient: Patient,
    said_at: datetime,
    text: str,
    statements: list[str],
    author: User | None = None,
) -> Message:
    """Record history that is already in canonical statements (a handover, the demo
    ward): validated by the alphabet like extracted ones, then solved."""
    _patient_lock(patient.pk)
    active = active_rules(patient=patient)
    message = journal.message_import_store(
        patient=patient,
        said_at=said_at,
        text=text,
        statements=statements,
        active=active,
        author=author,
    )
    state = _patient_solve(patient=patient, active=active, message=message, now=said_at)
    journal.message_solved(message=message, state=state, active=active)
    return message


def alert_acknowledge(*, alert: Alert, user: User) -> Alert:
    """Acknowledge an alert; the ward's dashboards drop it from the patient's row."""
    with transaction.atomic():
        alert, acknowledged = alert_acknowledge_store(alert=alert, user=user)
        if acknowledged:
            patient_id = alert.patient_id
            transaction.on_commit(lambda: push.patient_push(patient_id))
    return alert


def alerts_follow_up(*, now: datetime | None = None) -> dict[str, list[int]]:
    """Remind the ward of alerts nobody acknowledged, then escalate them to the
    ward's leads (see :func:`caretaker.alerts.services.alerts_follow_up`)."""
    done = alerts_follow_up_store(now=now)
    for kind, ids in (
        ("alert.renotify", "renotified"),
        ("alert.escalate", "escalated"),
    ):
        for alert_id in done[ids]:
            # Each step is already committed: on_commit pushes at once (or when the
            # caller's own transaction commits).
            transaction.on_commit(partial(push.alert_push, alert_id, kind=kind))
    return done
