"""Live updates over Channels groups, sent after the data is committed.

Each payload is presented once and travels in the group message as the websocket
frame itself, encoded once: a thousand open dashboards cost one database read and one
``json.dumps``, not a thousand, and each socket forwards the text as it is. The channel
layer delivers at most once: pages resync from storage when they (re)connect.
"""

import json
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


def frame_event(handler: str, frame: dict) -> dict:
    """The group event for ``handler`` (``patient.update`` ...) that carries the
    frame the sockets send, encoded here once (see ``GuardedJsonConsumer.forward``)."""
    return {"type": handler, "text": json.dumps(frame)}


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
    frame = {"type": "message.update", "message": message_result(message)}
    _send(patient_group(message.patient_id), frame_event("message.update", frame))
    patient_push(message.patient_id)


def patient_push(patient_id: int) -> None:
    patient = Patient.objects.get(pk=patient_id)
    frame = {"type": "patient.update", "patient": patient_row(patient=patient)}
    _send(ward_group(patient.ward_id), frame_event("patient.update", frame))


def alert_push(alert_id: int, *, kind: str) -> None:
    """``kind`` is ``alert.renotify`` or ``alert.escalate``: the ward sees the alert
    again with its flags; an escalation also reaches the ward's leads."""
    alert = Alert.objects.select_related("patient").get(pk=alert_id)
    frame = {
        "type": kind,
        "kind": kind,
        "alert": alert_json(alert=alert),
        "patient": {
            "id": alert.patient_id,
            "name": alert.patient.name,
            "bed": alert.patient.bed,
        },
    }
    _send(ward_group(alert.patient.ward_id), frame_event("alert.notify", frame))
    if kind == "alert.escalate":
        lead = {**frame, "type": "alert.lead", "kind": "alert.lead"}
        _send(ward_lead_group(alert.patient.ward_id), frame_event("alert.notify", lead))
