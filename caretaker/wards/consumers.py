"""The ward dashboard's websocket: patient rows and alerts, live."""

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from caretaker.alerts.models import Alert
from caretaker.alerts.services import alert_acknowledge
from caretaker.journal.push import ward_group
from caretaker.wards.models import Ward
from caretaker.wards.selectors import ward_rows, ward_visible


class WardConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        self.ward = await _ward_for(
            self.scope["user"], self.scope["url_route"]["kwargs"]
        )
        if self.ward is None:
            await self.close(code=4403)
            return
        await self.channel_layer.group_add(ward_group(self.ward.pk), self.channel_name)
        await self.accept()
        # Resync from storage: what was pushed while disconnected is not replayed.
        rows = await database_sync_to_async(ward_rows)(ward=self.ward)
        await self.send_json({"type": "ward.snapshot", "patients": rows})

    async def disconnect(self, code):
        if getattr(self, "ward", None) is not None:
            await self.channel_layer.group_discard(
                ward_group(self.ward.pk), self.channel_name
            )

    async def receive_json(self, content, **kwargs):
        if content.get("type") == "alert.acknowledge":
            done = await _acknowledge(
                self.scope["user"], self.ward, content.get("alert")
            )
            if not done:
                await self.send_json({"type": "error", "error": "unknown alert"})

    async def patient_update(self, event):
        await self.send_json({"type": "patient.update", "patient": event["patient"]})


@database_sync_to_async
def _ward_for(user, kwargs):
    ward = Ward.objects.filter(code=kwargs["code"]).first()
    if ward is None or not ward_visible(user=user, ward=ward):
        return None
    return ward


@database_sync_to_async
def _acknowledge(user, ward, alert_id) -> bool:
    alert = Alert.objects.filter(pk=alert_id, patient__ward=ward).first()
    if alert is None:
        return False
    alert_acknowledge(alert=alert, user=user)
    return True
