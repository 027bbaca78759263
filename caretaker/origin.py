"""Websocket handshakes only from this site's own pages.

Channels' ``AllowedHostsOriginValidator`` compares the Origin's host name alone, so
a page served from another port of the same host (``http://localhost:8765``) could
open a nurse's socket with her cookie. Here scheme, host and port must equal the
address the browser connected to, as Django's CSRF check requires for forms, or be
one of ``CSRF_TRUSTED_ORIGINS``.
"""

from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

_DEFAULT_PORTS = {"http": 80, "https": 443}

# ASGI, as far as this middleware reads it.
Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
Application = Callable[[Scope, Receive, Send], Awaitable[None]]


def origin_normalize(origin: str) -> str | None:
    """``scheme://host:port`` in lower case with the port always written, or None."""
    try:
        parts = urlsplit(origin.strip().lower())
        port = parts.port or _DEFAULT_PORTS.get(parts.scheme)
    except ValueError:
        return None
    if parts.scheme not in _DEFAULT_PORTS or not parts.hostname or port is None:
        return None
    return f"{parts.scheme}://{parts.hostname}:{port}"


def _site_scheme(scope: Scope, headers: dict[bytes, bytes]) -> str:
    if scope.get("scheme") == "wss":
        return "https"
    proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy:  # ("HTTP_X_FORWARDED_PROTO", "https") behind the TLS proxy
        name = proxy[0].removeprefix("HTTP_").replace("_", "-").lower().encode()
        if headers.get(name, b"").decode("latin-1") == proxy[1]:
            return "https"
    return "http"


def origin_allowed(scope: Scope) -> bool:
    """The handshake's Origin is this site (or a trusted origin) and its Host is an
    allowed host."""
    headers = dict(scope.get("headers", []))
    origin = origin_normalize(headers.get(b"origin", b"").decode("latin-1"))
    host = headers.get(b"host", b"").decode("latin-1")
    domain, _port = split_domain_port(host)
    if origin is None or not validate_host(domain, settings.ALLOWED_HOSTS):
        return False
    trusted = {origin_normalize(o) for o in settings.CSRF_TRUSTED_ORIGINS}
    return origin in trusted or origin == origin_normalize(
        f"{_site_scheme(scope, headers)}://{host}"
    )


class SameOriginValidator:
    """ASGI middleware: refuse a websocket handshake from any other origin."""

    def __init__(self, application: Application) -> None:
        self.application = application

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and not origin_allowed(scope):
            await WebsocketDenier()(scope, receive, send)
            return
        await self.application(scope, receive, send)
