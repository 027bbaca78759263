"""The bedside device's websocket: transcript, confirmation and warnings for one
patient."""

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from caretaker.audit.models import Action
from caretaker.audit.services import access_refusal_record, audit_record
from caretaker.journal.presenters import message_result
from caretaker.journal.push import patient_group
from caretaker.wards.models import Patient
from caretaker.wards.selectors import patient_row, patient_visible

REFUSED = 4403  # the page stops reconnecting on this code


class BedsideConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        self.patient = None
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=REFUSED)  # before accept: the handshake fails
            return
        self.patient = await _patient_for(
            user, self.scope["url_route"]["kwargs"]["patient_id"], self.scope["path"]
        )
        if self.patient is None:
            await self.close(code=REFUSED)
            return
        await self.channel_layer.group_add(
            patient_group(self.patient.pk), self.channel_name
        )
        await self.accept()
        await self.send_json(
            {"type": "bedside.snapshot", **await _snapshot(self.patient)}
        )

    async def disconnect(self, code):
        if getattr(self, "patient", None) is not None:
            await self.channel_layer.group_discard(
                patient_group(self.patient.pk), self.channel_name
            )

    async def message_update(self, event):
        # Moved to another ward, or the nurse taken off it: stop the feed.
        allowed = await database_sync_to_async(_visible_now)(
            self.scope["user"], self.patient.pk
        )
        if not allowed:
            await self.close(code=REFUSED)
            return
        await self.send_json({"type": "message.update", "message": event["message"]})


def _visible_now(user, patient_id: int) -> bool:
    patient = Patient.objects.filter(pk=patient_id).first()
    return patient is not None and patient_visible(user=user, patient=patient)


@database_sync_to_async
def _patient_for(user, patient_id, path):
    patient = Patient.objects.filter(pk=patient_id).first()
    if patient is None:
        return None
    if not patient_visible(user=user, patient=patient):
        access_refusal_record(user=user, what=path, obj=patient)
        return None
    audit_record(user=user, action=Action.BEDSIDE_SUBSCRIBE, obj=patient)
    return patient


@database_sync_to_async
def _snapshot(patient) -> dict:
    messages = patient.messages.order_by("-said_at", "-id")[:20]
    return {
        "patient": patient_row(patient=patient),
        "messages": [message_result(m) for m in reversed(messages)],
    }
