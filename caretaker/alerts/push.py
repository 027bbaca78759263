"""Reminders and escalations of unacknowledged alerts, pushed after commit."""

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from caretaker.journal.push import ward_group


def ward_lead_group(ward_id: int) -> str:
    """The ward's leads, connected to its dashboard: escalations go here too."""
    return f"ward-{ward_id}-leads"


def alert_push(alert_id: int, *, kind: str) -> None:
    """``kind`` is ``alert.renotify`` or ``alert.escalate``: the ward sees the alert
    again with its flags; an escalation also reaches the ward's leads."""
    from caretaker.alerts.models import Alert
    from caretaker.wards.selectors import alert_json

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
    layer = get_channel_layer()
    if layer is None:
        return
    async_to_sync(layer.group_send)(ward_group(alert.patient.ward_id), event)
    if kind == "alert.escalate":
        async_to_sync(layer.group_send)(
            ward_lead_group(alert.patient.ward_id), {**event, "kind": "alert.lead"}
        )
