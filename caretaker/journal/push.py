"""Live updates over Channels groups, sent after the data is committed.

The channel layer delivers at most once, so every payload is re-read from the database
and pages resync from storage when they reconnect.
"""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from caretaker.wards.models import Patient

logger = logging.getLogger(__name__)


def patient_group(patient_id: int) -> str:
    return f"patient-{patient_id}"


def ward_group(ward_id: int) -> str:
    return f"ward-{ward_id}"


def _send(group: str, event: dict) -> None:
    """Best effort: the data is already stored, so a channel layer that is down (Redis
    restarting) costs a live update, never the message; pages resync on reconnect."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group, event)
    except Exception:
        logger.warning("live update to %s not delivered", group, exc_info=True)


def message_push(message_id: int) -> None:
    """The bedside sees the message's outcome; the ward sees the patient's new row."""
    from caretaker.journal.presenters import message_result
    from caretaker.journal.selectors import message_get

    message = message_get(message_id=message_id)
    _send(
        patient_group(message.patient_id),
        {"type": "message.update", "message": message_result(message)},
    )
    patient_push(message.patient_id)


def patient_push(patient_id: int) -> None:
    from caretaker.wards.selectors import patient_row

    patient = Patient.objects.get(pk=patient_id)
    _send(
        ward_group(patient.ward_id),
        {"type": "patient.update", "patient": patient_row(patient=patient)},
    )
