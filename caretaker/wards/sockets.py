"""What the ward and bedside sockets share: pushed frames forwarded as the sender
encoded them, malformed frames answered with an error message, and access checked
again: at once when it changes in the app, every ``RECHECK_SECONDS`` otherwise."""

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable, Hashable
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from caretaker.wards.revocation import user_group

logger = logging.getLogger(__name__)
Handler = TypeVar("Handler", bound=Callable[..., Awaitable[None]])

REFUSED = 4403  # the page stops reconnecting on this code
UNCHECKED = 1011  # the page reconnects (and is checked then)
# Revocations in the app close sockets at once (caretaker/wards/revocation.py); this
# bounds what they cannot see: a session that expires, a change made outside the app
# (SQL, another system). The process checks all its sockets in one round (see
# ``AccessWatch``), never per push: a check per push per socket made an alert reach
# the 500th open dashboard seconds after the first.
RECHECK_SECONDS = 30.0


def database_free(handler: Handler) -> Handler:
    """Mark a handler that reads no database (a push forwarded as it is): it is
    dispatched without Channels' ``close_old_connections``, a hop to the one thread
    that runs synchronous code, which per socket per push queued 500 hops behind
    each other."""
    setattr(handler, "database_free", True)  # noqa: B010 (a marker on a function)
    return handler


def frame_decoded(text: str | None) -> dict[str, Any] | str:
    """A client's frame as a JSON object, or why it is not one. Every decoding
    failure is a reason, never an exception that would end the socket: nesting too
    deep for the parser (``RecursionError``), numbers too long, text that is no JSON
    or binary frames."""
    if not text:
        return "expected a JSON object (as text)"
    try:
        content = json.loads(text)
    except RecursionError:
        return "nested too deeply"
    except ValueError as error:  # JSONDecodeError, and int digits past Python's limit
        return f"not JSON ({str(error).split(':')[0]})"
    if not isinstance(content, dict):
        return "expected a JSON object"
    return content


class GuardedJsonConsumer(AsyncJsonWebsocketConsumer):
    """A JSON socket that answers malformed frames instead of raising (which closed
    the connection with 1011), forwards pushes without reading the database, and
    closes itself when its access is gone."""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            access_watch().discard(self)  # however the socket ended, cancelled too

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
        access_watch().add(self)

    async def close(self, code: int | None = None, reason: str | None = None) -> None:
        access_watch().discard(self)  # closed: nothing left to check
        await super().close(code=code, reason=reason)

    async def disconnect(self, code: int) -> None:
        access_watch().discard(self)
        if getattr(self, "user_group", None):
            await self.channel_layer.group_discard(self.user_group, self.channel_name)

    async def receive(
        self,
        text_data: str | None = None,
        bytes_data: bytes | None = None,
        **kwargs: Any,
    ) -> None:
        content = frame_decoded(text_data)
        if isinstance(content, str):
            await self.send_json(
                {"type": "error", "error": f"malformed message: {content}"}
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
        check = database_sync_to_async(self.access_check, thread_sensitive=False)
        allowed: bool = await check()
        return allowed

    def access_check(self) -> bool:
        """Whether the socket's user may still have it open (reads the database)."""
        raise NotImplementedError

    def access_key(self) -> Hashable:
        """What ``access_check`` depends on: sockets with equal keys have the same
        answer (one user's dashboards of one ward on one session)."""
        raise NotImplementedError


class AccessWatch:
    """The periodic access check of every open socket of a process, in rounds. A
    round is one hop to a worker thread and one database connection, and asks each
    distinct question once: a nurse with 500 dashboards of her ward open costs one
    check every ``RECHECK_SECONDS``, not 17 a second, which competed with the pushes
    for the interpreter."""

    def __init__(self) -> None:
        self._sockets: dict[GuardedJsonConsumer, Hashable] = {}
        self._rounds: asyncio.Task[None] | None = None

    def add(self, socket: GuardedJsonConsumer) -> None:
        self._sockets[socket] = socket.access_key()
        if self._rounds is None or self._rounds.done():
            self._rounds = asyncio.create_task(self._run())

    def discard(self, socket: GuardedJsonConsumer) -> None:
        self._sockets.pop(socket, None)

    async def _run(self) -> None:
        while self._sockets:
            await asyncio.sleep(RECHECK_SECONDS)
            await self.round()

    async def round(self) -> None:
        """Check every socket open now; close those whose access is gone (4403)
        and those whose check failed (1011: not left open unchecked while the
        database restarts; the page reconnects and is checked on connect)."""
        sockets = dict(self._sockets)
        askers: dict[Hashable, GuardedJsonConsumer] = {}
        for socket, key in sockets.items():
            askers.setdefault(key, socket)
        answers = await database_sync_to_async(_answers, thread_sensitive=False)(askers)
        for socket, key in sockets.items():
            if socket not in self._sockets or answers[key]:
                continue
            await socket.close(code=REFUSED if answers[key] is False else UNCHECKED)


def _answers(
    askers: dict[Hashable, GuardedJsonConsumer],
) -> dict[Hashable, bool | None]:
    """Each question's answer; None where the check itself failed."""
    answers: dict[Hashable, bool | None] = {}
    for key, socket in askers.items():
        try:
            answers[key] = socket.access_check()
        except Exception:
            logger.warning("socket access check failed", exc_info=True)
            answers[key] = None
    return answers


_WATCHES: WeakKeyDictionary[asyncio.AbstractEventLoop, AccessWatch] = (
    WeakKeyDictionary()
)


def access_watch() -> AccessWatch:
    """The running event loop's watch (a server runs one loop; tests one each)."""
    return _WATCHES.setdefault(asyncio.get_running_loop(), AccessWatch())
