"""Request bodies bounded before they are read: an ASGI middleware in front of Django.

Django's ASGI handler reads a whole request body (spooling it to disk past 2.5 MB)
before any view or middleware of its own can look at it, so a view's size check
comes after the disk and the time are spent. This refuses, with 413:

- a request whose ``Content-Length`` declares more than its path's limit, before a
  byte of the body is read;
- a streamed (chunked) body as soon as what has arrived passes the limit; Django is
  told the client went away, so it never calls a view with half a body.

The limit is ``CARETAKER_MAX_BODY_BYTES`` for every path, and
``CARETAKER_MAX_UPLOAD_BYTES`` for the paths that take a recording.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from django.conf import settings
from django.urls import Resolver404, resolve

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[..., Awaitable[None]]  # Django's handler types its own

# The URL names whose requests carry a recording (``caretaker/urls.py``).
UPLOAD_URL_NAMES = frozenset({"message-create"})


def body_limit_for(path: str) -> int:
    """The most bytes a request body to ``path`` may have."""
    try:
        name = resolve(path).url_name
    except Resolver404:
        name = None
    if name in UPLOAD_URL_NAMES:
        return int(settings.CARETAKER_MAX_UPLOAD_BYTES)
    return int(settings.CARETAKER_MAX_BODY_BYTES)


def _declared_length(scope: Scope) -> int | None:
    """The body size the request declares; -1 for a header that is no size."""
    for name, value in scope.get("headers", ()):
        if name.lower() == b"content-length":
            text = value.decode("latin-1").strip()
            return int(text) if text.isdigit() and len(text) < 20 else -1
    return None


async def _too_large(send: Send, limit: int) -> None:
    body = json.dumps(
        {"error": f"request too large ({limit:,} bytes at most)"}
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """ASGI middleware: HTTP request bodies over their path's limit get a 413."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = body_limit_for(scope["path"])
        declared = _declared_length(scope)
        if declared is not None and not 0 <= declared <= limit:
            await _too_large(send, limit)
            return
        received = 0
        over = False
        started = False

        async def bounded_receive() -> Message:
            nonlocal received, over
            if over:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    over = True  # Django reads this as the client gone: no view runs
                    return {"type": "http.disconnect"}
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        await self.app(scope, bounded_receive, watched_send)
        if over and not started:
            await _too_large(send, limit)
