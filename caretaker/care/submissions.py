"""What a nurse sends, stored first and then queued for processing."""

import uuid
from datetime import datetime

from django.db import transaction

from caretaker.care.tasks import message_enqueue
from caretaker.journal import services as journal
from caretaker.journal.models import Message
from caretaker.users import User
from caretaker.wards.models import Patient


def message_submit(
    *,
    patient: Patient,
    author: User | None = None,
    text: str = "",
    audio: bytes | None = None,
    audio_name: str = "recording.webm",
    said_at: datetime | None = None,
    client_id: uuid.UUID | None = None,
) -> Message:
    """Store what the nurse said, then (after the commit) queue its processing. The
    same ``client_id`` again returns the first message; one of another patient
    raises :class:`~caretaker.journal.services.ClientIdConflict`."""
    with transaction.atomic():
        message, new = journal.message_submit(
            patient=patient,
            author=author,
            text=text,
            audio=audio,
            audio_name=audio_name,
            said_at=said_at,
            client_id=client_id,
        )
        if new:
            transaction.on_commit(lambda: message_enqueue(message.pk))
    return message


@transaction.atomic
def message_retry(*, message: Message, user: User | None = None) -> Message:
    """Run a failed message again from the step that has not completed; audited,
    and what the retry stores is credited to ``user``."""
    if journal.message_retry_reset(message=message, user=user):
        transaction.on_commit(lambda: message_enqueue(message.pk))
    message.refresh_from_db()
    return message
