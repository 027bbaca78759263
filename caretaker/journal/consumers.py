"""The bedside device's websocket: transcript, confirmation and warnings for one
patient."""

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from caretaker.journal.presenters import message_result
from caretaker.journal.push import patient_group
from caretaker.wards.models import Patient
from caretaker.wards.selectors import patient_row, patient_visible


class BedsideConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        self.patient = await _patient_for(
            self.scope["user"], self.scope["url_route"]["kwargs"]["patient_id"]
        )
        if self.patient is None:
            await self.close(code=4403)
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
        await self.send_json({"type": "message.update", "message": event["message"]})


@database_sync_to_async
def _patient_for(user, patient_id):
    patient = Patient.objects.filter(pk=patient_id).first()
    if patient is None or not patient_visible(user=user, patient=patient):
        return None
    return patient


@database_sync_to_async
def _snapshot(patient) -> dict:
    messages = patient.messages.order_by("-said_at", "-id")[:20]
    return {
        "patient": patient_row(patient=patient),
        "messages": [message_result(m) for m in reversed(messages)],
    }
