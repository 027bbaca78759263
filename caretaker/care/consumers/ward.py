"""The ward dashboard's websocket: patient rows and alerts, live."""

from collections.abc import Hashable
from typing import Any

from channels.db import database_sync_to_async

from caretaker.alerts.models import Alert
from caretaker.audit.access import visible_record
from caretaker.audit.models import Action
from caretaker.audit.selectors import user_is_ward_lead
from caretaker.audit.services import access_refusal_record, audit_record
from caretaker.care.actions import alert_acknowledge
from caretaker.care.presenters import ward_rows
from caretaker.care.push import ward_group, ward_lead_group
from caretaker.converters import MAX_ID
from caretaker.users import User
from caretaker.wards.access import scope_session_key, ward_access_current
from caretaker.wards.models import Ward
from caretaker.wards.sockets import REFUSED, GuardedJsonConsumer, database_free

ROLE_CHANGED = 4001  # the page reconnects


class WardConsumer(GuardedJsonConsumer):
    async def connect(self) -> None:
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
        self.lead = lead
        self.groups_joined = [ward_group(self.ward.pk)]
        if lead:
            self.groups_joined.append(ward_lead_group(self.ward.pk))
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.user_group_join()
        await self.accept()
        # Resync from storage: what was pushed while disconnected is not replayed.
        rows = await database_sync_to_async(ward_rows)(ward=self.ward)
        await self.send_json({"type": "ward.snapshot", "patients": rows})

    async def disconnect(self, code: int) -> None:
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)
        await super().disconnect(code)

    async def receive_json(self, content: dict[str, Any], **kwargs: Any) -> None:
        # Every action checks access afresh: a nurse taken off the ward, logged out
        # or deactivated must not acknowledge an alert from a socket left open.
        if not await self.access_current():
            await database_sync_to_async(access_refusal_record)(
                user=self.scope["user"], what=self.scope["path"], ward=self.ward
            )
            await self.close(code=REFUSED)
            return
        if content.get("type") == "alert.acknowledge":
            done = await _acknowledge(
                self.scope["user"], self.ward, content.get("alert")
            )
            if not done:
                await self.send_json({"type": "error", "error": "unknown alert"})
        else:
            await self.send_json({"type": "error", "error": "unknown action"})

    def access_check(self) -> bool:
        assert self.ward is not None  # connect set it before the watch began
        return ward_access_current(scope=self.scope, ward=self.ward)

    def access_key(self) -> Hashable:
        assert self.ward is not None
        user, session = self.scope["user"].pk, scope_session_key(self.scope)
        return ("ward", user, session, self.ward.pk)

    async def access_changed(self, event: dict[str, Any]) -> None:
        """Access gone: closed for good. A ward lead's role given or taken: closed
        for the page to reconnect into the groups its role now has."""
        if not await self.access_current():
            await self.close(code=REFUSED)
        elif (
            await database_sync_to_async(user_is_ward_lead)(user=self.scope["user"])
            != self.lead
        ):
            await self.close(code=ROLE_CHANGED)

    # Pushes are forwarded as they come: access is checked on connect, at once on
    # a change in the app, and on the socket's own clock (``GuardedJsonConsumer``).
    @database_free
    async def patient_update(self, event: dict[str, Any]) -> None:
        await self.forward(
            event, {"type": "patient.update", "patient": event.get("patient")}
        )

    @database_free
    async def alert_notify(self, event: dict[str, Any]) -> None:
        """A reminder or escalation of an alert nobody acknowledged."""
        await self.forward(event, {**event, "type": event.get("kind")})


@database_sync_to_async
def _ward_for(
    user: User, kwargs: dict[str, Any], path: str
) -> tuple[Ward | None, bool]:
    ward = visible_record(user, Ward, what=path, code=kwargs["code"])
    if ward is None:
        return None, False
    audit_record(user=user, action=Action.WARD_VIEW, obj=ward, detail={"live": True})
    return ward, user_is_ward_lead(user=user)


@database_sync_to_async
def _acknowledge(user: User, ward: Ward, alert_id: object) -> bool:
    if not isinstance(alert_id, int) or isinstance(alert_id, bool):
        return False
    if not 0 < alert_id <= MAX_ID:  # past the id column: no alert, not an overflow
        return False
    alert = Alert.objects.filter(pk=alert_id).select_related("patient").first()
    if alert is None:
        return False
    if alert.patient.ward_id != ward.pk:
        access_refusal_record(user=user, what=f"alert {alert_id}", obj=alert)
        return False
    alert_acknowledge(alert=alert, user=user)
    return True
