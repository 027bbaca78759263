"""What the ward and bedside sockets share: malformed frames get an error message,
and each socket listens on its user's group for access changes."""

import json
from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer

from caretaker.wards.revocation import user_group

REFUSED = 4403  # the page stops reconnecting on this code


class GuardedJsonConsumer(AsyncJsonWebsocketConsumer):
    """A JSON socket that answers malformed frames instead of raising (which closed
    the connection with 1011), and closes itself when its access is gone."""

    async def user_group_join(self) -> None:
        self.user_group = user_group(self.scope["user"].pk)
        await self.channel_layer.group_add(self.user_group, self.channel_name)

    async def disconnect(self, code: int) -> None:
        if getattr(self, "user_group", None):
            await self.channel_layer.group_discard(self.user_group, self.channel_name)

    async def receive(
        self,
        text_data: str | None = None,
        bytes_data: bytes | None = None,
        **kwargs: Any,
    ) -> None:
        try:
            content = json.loads(text_data) if text_data else None
        except ValueError:
            content = None
        if not isinstance(content, dict):
            await self.send_json(
                {"type": "error", "error": "malformed message: expected a JSON object"}
            )
            return
        await self.receive_json(content, **kwargs)

    async def access_changed(self, event: dict[str, Any]) -> None:
        """The user logged out, was deactivated or lost a ward or role."""
        if not await self.access_current():
            await self.close(code=REFUSED)

    async def access_current(self) -> bool:
        raise NotImplementedError
