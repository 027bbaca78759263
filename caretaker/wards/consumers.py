"""The ward dashboard's websocket: patient rows and alerts, live."""

import time

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from caretaker.alerts.models import Alert
from caretaker.alerts.push import ward_lead_group
from caretaker.alerts.services import alert_acknowledge
from caretaker.audit.models import Action
from caretaker.audit.selectors import user_is_ward_lead
from caretaker.audit.services import access_refusal_record, audit_record
from caretaker.journal.push import ward_group
from caretaker.wards.models import Ward
from caretaker.wards.selectors import ward_rows, ward_visible

REFUSED = 4403  # the page stops reconnecting on this code
RECHECK_SECONDS = 30.0


class WardConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        self.ward, self.groups_joined = None, []
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=REFUSED)  # before accept: the handshake fails
            return
        self.ward, lead = await _ward_for(
            user, self.scope["url_route"]["kwargs"], self.scope["path"]
        )
        if self.ward is None:
            await self.close(code=REFUSED)
            return
        self.groups_joined = [ward_group(self.ward.pk)]
        if lead:
            self.groups_joined.append(ward_lead_group(self.ward.pk))
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        # Resync from storage: what was pushed while disconnected is not replayed.
        rows = await database_sync_to_async(ward_rows)(ward=self.ward)
        await self.send_json({"type": "ward.snapshot", "patients": rows})

    async def disconnect(self, code):
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive_json(self, content, **kwargs):
        if content.get("type") == "alert.acknowledge":
            done = await _acknowledge(
                self.scope["user"], self.ward, content.get("alert")
            )
            if not done:
                await self.send_json({"type": "error", "error": "unknown alert"})

    async def patient_update(self, event):
        if await self._still_allowed():
            await self.send_json(
                {"type": "patient.update", "patient": event["patient"]}
            )

    async def alert_notify(self, event):
        """A reminder or escalation of an alert nobody acknowledged."""
        if await self._still_allowed():
            await self.send_json({**event, "type": event["kind"]})

    async def _still_allowed(self) -> bool:
        """Removed from the ward while connected: stop receiving its patients.

        Checked again at most every ``RECHECK_SECONDS``: Channels handles one
        consumer's events in turn, so a query per push per dashboard made an alert
        reach the 500th open dashboard seconds after the first."""
        now = time.monotonic()
        if now - getattr(self, "_checked_at", -RECHECK_SECONDS) < RECHECK_SECONDS:
            return True
        allowed = await database_sync_to_async(ward_visible)(
            user=self.scope["user"], ward=self.ward
        )
        if not allowed:
            await self.close(code=REFUSED)
            return False
        self._checked_at = now
        return True


@database_sync_to_async
def _ward_for(user, kwargs, path) -> tuple[Ward | None, bool]:
    ward = Ward.objects.filter(code=kwargs["code"]).first()
    if ward is None:
        return None, False
    if not ward_visible(user=user, ward=ward):
        access_refusal_record(user=user, what=path, ward=ward)
        return None, False
    audit_record(user=user, action=Action.WARD_VIEW, obj=ward, detail={"live": True})
    return ward, user_is_ward_lead(user=user)


@database_sync_to_async
def _acknowledge(user, ward, alert_id) -> bool:
    if not isinstance(alert_id, int) or isinstance(alert_id, bool):
        return False
    alert = Alert.objects.filter(pk=alert_id, patient__ward=ward).first()
    if alert is None:
        return False
    alert_acknowledge(alert=alert, user=user)
    return True
