"""The bedside device's websocket: transcript, confirmation and warnings for one
patient."""

from collections.abc import Hashable
from typing import Any

from channels.db import database_sync_to_async

from caretaker.audit.access import visible_record
from caretaker.audit.models import Action
from caretaker.audit.services import audit_record
from caretaker.care.presenters import message_result, patient_row
from caretaker.care.push import patient_group
from caretaker.users import User
from caretaker.wards.access import patient_access_current, scope_session_key
from caretaker.wards.models import Patient
from caretaker.wards.sockets import REFUSED, GuardedJsonConsumer, database_free


class BedsideConsumer(GuardedJsonConsumer):
    patient: Patient | None = None

    async def connect(self) -> None:
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
        await self.user_group_join()
        await self.accept()
        await self.send_json(
            {"type": "bedside.snapshot", **await _snapshot(self.patient)}
        )

    async def disconnect(self, code: int) -> None:
        if self.patient is not None:
            await self.channel_layer.group_discard(
                patient_group(self.patient.pk), self.channel_name
            )
        await super().disconnect(code)

    async def receive_json(self, content: dict[str, Any], **kwargs: Any) -> None:
        # The bedside sends nothing over its socket (messages go over HTTP).
        await self.send_json({"type": "error", "error": "unknown action"})

    def access_check(self) -> bool:
        assert self.patient is not None  # connect set it before the watch began
        return patient_access_current(scope=self.scope, patient_id=self.patient.pk)

    def access_key(self) -> Hashable:
        assert self.patient is not None
        user, session = self.scope["user"].pk, scope_session_key(self.scope)
        return ("patient", user, session, self.patient.pk)

    # Forwarded as it comes: logged out, deactivated, moved to another ward or taken
    # off it closes the socket at once (caretaker/wards/revocation.py), and the
    # socket checks again on its own clock (``GuardedJsonConsumer``).
    @database_free
    async def message_update(self, event: dict[str, Any]) -> None:
        await self.forward(
            event, {"type": "message.update", "message": event.get("message")}
        )


@database_sync_to_async
def _patient_for(user: User, patient_id: int, path: str) -> Patient | None:
    patient = visible_record(user, Patient, what=path, pk=patient_id)
    if patient is None:
        return None
    audit_record(user=user, action=Action.BEDSIDE_SUBSCRIBE, obj=patient)
    return patient


@database_sync_to_async
def _snapshot(patient: Patient) -> dict[str, Any]:
    messages = patient.messages.order_by("-said_at", "-id")[:20]
    return {
        "patient": patient_row(patient=patient),
        "messages": [message_result(m) for m in reversed(messages)],
    }
