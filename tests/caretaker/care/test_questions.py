"""Doubtful spoken values become questions; only a confirmed one enters the rules.

The language model is the real embedded one; what the recogniser heard is given as a
transcript with its words (their times, probabilities and places), as the speech step
stores it, so that each doubt is chosen by the test rather than by a voice."""

from datetime import timedelta

import pytest
from django.core.files.base import ContentFile
from django.utils import timezone

from caretaker.audit.models import Action, AuditEvent
from caretaker.care.actions import message_import, message_process, question_answer
from caretaker.care.presenters import message_result
from caretaker.care.submissions import message_submit
from caretaker.journal.models import Fact, Message, PatientSnapshot
from caretaker.journal.questions import AnswerRefused

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def words_of(transcript: str, probabilities: dict[str, float] | None = None) -> list:
    """The recogniser's words for ``transcript``: half a second each, sure unless
    ``probabilities`` says otherwise."""
    words, position = [], 0
    for index, word in enumerate(transcript.split()):
        start = transcript.index(word, position)
        position = start + len(word)
        words.append(
            {
                "text": word,
                "start": index * 0.5,
                "end": index * 0.5 + 0.45,
                "probability": (probabilities or {}).get(word, 0.95),
                "char_start": start,
                "char_end": position,
            }
        )
    return words


def spoken(patient, transcript, probabilities=None, minutes_ago=0) -> Message:
    """A recording already transcribed, then processed by the real pipeline."""
    message = Message(
        patient=patient,
        said_at=timezone.now() - timedelta(minutes=minutes_ago),
        transcript=transcript,
        words=words_of(transcript, probabilities),
        status=Message.Status.TRANSCRIBED,
    )
    message.audio.save("said.wav", ContentFile(b"RIFF....WAVE"), save=False)
    message.save()
    return message_process(message_id=message.pk)


def current(patient) -> dict:
    return PatientSnapshot.objects.get(patient=patient).state["current"]


def pulse_88_twenty_minutes_ago(patient):
    message_import(
        patient=patient,
        said_at=timezone.now() - timedelta(minutes=20),
        text="pulse 88",
        statements=["data(heartRate, 88)"],
    )


def test_a_spoken_jump_is_asked_and_not_recorded(patient, nurse):
    """'heart rate 180' twenty minutes after 88: a question, not a fact. The rules
    do not see it, the bedside asks "Pulse 180?" with why and where to hear it."""
    pulse_88_twenty_minutes_ago(patient)
    message = spoken(patient, "heart rate 180")
    assert message.status == Message.Status.SOLVED
    (fact,) = message.facts.all()
    assert fact.pending and fact.statement == "data(heartRate, 180)"
    assert "last reading Pulse 88, 20 minutes ago" in fact.question
    assert current(patient)["heartRate"] == 88
    (question,) = message_result(message)["questions"]
    assert question["text"] == "Pulse 180?"
    assert question["audio"]["start"] == 0.0 and question["audio"]["end"] == 1.45
    assert message_result(message)["facts"] == []
    assert AuditEvent.objects.filter(action=Action.FACT_ASK).count() == 1


def test_a_confirmed_value_enters_the_rules(patient, nurse):
    pulse_88_twenty_minutes_ago(patient)
    fact = spoken(patient, "heart rate 180").facts.get()
    question_answer(fact=fact, user=nurse, answer=Fact.Answer.CONFIRMED)
    fact.refresh_from_db()
    assert fact.standing and fact.answered_by == nurse
    assert current(patient)["heartRate"] == 180
    assert AuditEvent.objects.filter(action=Action.FACT_CONFIRM, user=nurse).exists()
    with pytest.raises(AnswerRefused, match="already answered"):
        question_answer(fact=fact, user=nurse, answer=Fact.Answer.DISMISSED)


def test_a_correction_records_the_nurses_value_instead(patient, nurse):
    pulse_88_twenty_minutes_ago(patient)
    message = spoken(patient, "heart rate 180")
    fact = message.facts.get()
    question_answer(fact=fact, user=nurse, answer=Fact.Answer.CORRECTED, value="118")
    fact.refresh_from_db()
    assert fact.answer == Fact.Answer.CORRECTED and fact.retracted_at is not None
    corrected = message.facts.get(answer="", question="")
    assert corrected.statement == "data(heartRate, 118)"
    assert corrected.said_at == fact.said_at
    assert current(patient)["heartRate"] == 118
    assert message_result(message)["facts"] == ["data(heartRate, 118)"]


def test_a_correction_outside_the_range_is_refused_and_nothing_changes(patient, nurse):
    pulse_88_twenty_minutes_ago(patient)
    fact = spoken(patient, "heart rate 180").facts.get()
    with pytest.raises(AnswerRefused, match="not a value for this reading"):
        question_answer(
            fact=fact, user=nurse, answer=Fact.Answer.CORRECTED, value="900"
        )
    fact.refresh_from_db()
    assert fact.pending


def test_a_dismissed_value_never_counts(patient, nurse):
    pulse_88_twenty_minutes_ago(patient)
    fact = spoken(patient, "heart rate 180").facts.get()
    question_answer(fact=fact, user=nurse, answer=Fact.Answer.DISMISSED)
    fact.refresh_from_db()
    assert not fact.standing and not fact.pending
    assert current(patient)["heartRate"] == 88


def test_uncertain_words_are_asked_about(patient):
    """The recogniser was 30 % sure of "118": asked, whatever the value."""
    fact = spoken(patient, "heart rate 118", probabilities={"118": 0.3}).facts.get()
    assert fact.pending and "30% sure" in fact.question
    (question,) = message_result(fact.message)["questions"]
    assert (question["audio"]["start"], question["audio"]["end"]) == (0.0, 1.45)


def test_a_clear_spoken_value_is_recorded(patient):
    pulse_88_twenty_minutes_ago(patient)
    fact = spoken(patient, "heart rate 92").facts.get()
    assert fact.standing and not fact.question
    assert current(patient)["heartRate"] == 92


def test_typed_values_are_never_asked_about(patient):
    """The same jump typed: the nurse's own keystrokes, recorded as before."""
    pulse_88_twenty_minutes_ago(patient)
    message = message_submit(patient=patient, text="heart rate 180")
    message = message_process(message_id=message.pk)
    assert message.status == Message.Status.SOLVED
    assert message.facts.get().standing
    assert current(patient)["heartRate"] == 180


def test_answering_over_http_follows_the_ward_rules(
    client, nurse, patient, other_patient
):
    pulse_88_twenty_minutes_ago(patient)
    fact = spoken(patient, "heart rate 180").facts.get()
    client.force_login(nurse)
    answer = client.post(f"/facts/{fact.pk}/answer/", {"answer": "confirmed"})
    assert answer.status_code == 200
    assert answer.json()["facts"] == ["data(heartRate, 180)"]
    again = client.post(f"/facts/{fact.pk}/answer/", {"answer": "dismissed"})
    assert again.status_code == 409 and "already answered" in again.json()["error"]
    elsewhere = spoken(other_patient, "heart rate 190").facts.get()
    refused = client.post(f"/facts/{elsewhere.pk}/answer/", {"answer": "confirmed"})
    assert refused.status_code == 404
    elsewhere.refresh_from_db()
    assert elsewhere.pending


def test_the_recording_is_served_to_the_ward_and_audited(client, nurse, patient):
    message = spoken(patient, "heart rate 180")
    client.force_login(nurse)
    response = client.get(f"/messages/{message.pk}/audio/")
    assert response.status_code == 200 and response["Content-Type"] == "audio/wav"
    assert b"".join(response.streaming_content) == b"RIFF....WAVE"
    assert AuditEvent.objects.filter(action=Action.AUDIO_PLAY, user=nurse).exists()
