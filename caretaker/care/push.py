"""Live updates over Channels groups, sent after the data is committed.

Each payload is presented once and travels in the group message, so a thousand open
dashboards cost one database read, not a thousand. The channel layer delivers at most
once: pages resync from storage when they (re)connect.
"""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from caretaker.alerts.models import Alert
from caretaker.care.presenters import alert_json, message_result, patient_row
from caretaker.journal.selectors import message_get
from caretaker.wards.models import Patient

logger = logging.getLogger(__name__)


def patient_group(patient_id: int) -> str:
    return f"patient-{patient_id}"


def ward_group(ward_id: int) -> str:
    return f"ward-{ward_id}"


def ward_lead_group(ward_id: int) -> str:
    """The ward's leads, connected to its dashboard: escalations go here too."""
    return f"ward-{ward_id}-leads"


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
    message = message_get(message_id=message_id)
    _send(
        patient_group(message.patient_id),
        {"type": "message.update", "message": message_result(message)},
    )
    patient_push(message.patient_id)


def patient_push(patient_id: int) -> None:
    patient = Patient.objects.get(pk=patient_id)
    _send(
        ward_group(patient.ward_id),
        {"type": "patient.update", "patient": patient_row(patient=patient)},
    )


def alert_push(alert_id: int, *, kind: str) -> None:
    """``kind`` is ``alert.renotify`` or ``alert.escalate``: the ward sees the alert
    again with its flags; an escalation also reaches the ward's leads."""
    alert = Alert.objects.select_related("patient").get(pk=alert_id)
    event = {
        "type": "alert.notify",
        "kind": kind,
        "alert": alert_json(alert=alert),
        "patient": {
            "id": alert.patient_id,
            "name": alert.patient.name,
            "bed": alert.patient.bed,
        },
    }
    _send(ward_group(alert.patient.ward_id), event)
    if kind == "alert.escalate":
        _send(ward_lead_group(alert.patient.ward_id), {**event, "kind": "alert.lead"})
