"""What the ward and bedside sockets share: pushed frames forwarded as the sender
encoded them, malformed frames answered with an error message, and access checked
again: at once when it changes in the app, every ``RECHECK_SECONDS`` otherwise."""

import asyncio
import json
import logging
import random
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from caretaker.wards.revocation import user_group

logger = logging.getLogger(__name__)
Handler = TypeVar("Handler", bound=Callable[..., Awaitable[None]])

REFUSED = 4403  # the page stops reconnecting on this code
UNCHECKED = 1011  # the page reconnects (and is checked then)
# Revocations in the app close sockets at once (caretaker/wards/revocation.py); this
# bounds what they cannot see: a session that expires, a change made outside the app
# (SQL, another system). Each socket checks on its own clock, not on a push: a check
# per push per socket made an alert reach the 500th open dashboard seconds after the
# first. 500 dashboards at 30 s make about 17 small reads a second.
RECHECK_SECONDS = 30.0


def database_free(handler: Handler) -> Handler:
    """Mark a handler that reads no database (a push forwarded as it is): it is
    dispatched without Channels' ``close_old_connections``, a hop to the one thread
    that runs synchronous code, which per socket per push queued 500 hops behind
    each other."""
    setattr(handler, "database_free", True)  # noqa: B010 (a marker on a function)
    return handler


class GuardedJsonConsumer(AsyncJsonWebsocketConsumer):
    """A JSON socket that answers malformed frames instead of raising (which closed
    the connection with 1011), forwards pushes without reading the database, and
    closes itself when its access is gone."""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._access_watch_stop()  # however the socket ended, cancelled included

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is not None and getattr(handler, "database_free", False):
            await handler(message)
        else:
            await super().dispatch(message)

    async def user_group_join(self) -> None:
        """Listen for access changes, and start the periodic check; call once
        access was checked (on connect)."""
        self.user_group = user_group(self.scope["user"].pk)
        await self.channel_layer.group_add(self.user_group, self.channel_name)
        self._access_watch = asyncio.create_task(self._access_recheck())

    async def disconnect(self, code: int) -> None:
        self._access_watch_stop()
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

    async def forward(
        self, event: dict[str, Any], frame: dict[str, Any] | None = None
    ) -> None:
        """Send a push's frame as the sender encoded it (``push.frame_event``). An
        event without one (from a worker not yet restarted after an upgrade)
        carries the payload: ``frame`` is then encoded here."""
        text = event.get("text")
        await self.send(text_data=text if text is not None else json.dumps(frame))

    async def access_changed(self, event: dict[str, Any]) -> None:
        """The user logged out, was deactivated or lost a ward or role."""
        if not await self.access_current():
            await self.close(code=REFUSED)

    async def access_current(self) -> bool:
        raise NotImplementedError

    async def _access_recheck(self) -> None:
        # Spread over the interval: sockets opened together do not check together.
        await asyncio.sleep(RECHECK_SECONDS * random.uniform(0.5, 1.0))
        try:
            while await self.access_current():
                await asyncio.sleep(RECHECK_SECONDS)
        except Exception:
            # Not left open unchecked (the database restarting): the page reconnects
            # and its access is checked on connect, as a crashed handler's was.
            logger.warning("socket access check failed", exc_info=True)
            await self.close(code=UNCHECKED)
            return
        await self.close(code=REFUSED)

    def _access_watch_stop(self) -> None:
        watch = getattr(self, "_access_watch", None)
        if watch is not None and watch is not asyncio.current_task():
            watch.cancel()
