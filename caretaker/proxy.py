"""The client's address behind the hospital's TLS proxy.

Behind a proxy every request comes from the proxy's address. Login lockout (axes)
counts failures per user name and address, so with the proxy's address one person's
typos locked that user out on every device in the hospital. The proxy appends the
address it saw to ``X-Forwarded-For``; with ``CARETAKER_TRUSTED_PROXIES`` proxies in
front, the client is that many entries from the right. Entries further left are
whatever the client sent, so they are never trusted.
"""

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str | None:
    """The address the outermost trusted proxy saw (``REMOTE_ADDR`` without one)."""
    proxies: int = settings.CARETAKER_TRUSTED_PROXIES
    forwarded: list[str] = [
        part.strip()
        for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        if part.strip()
    ]
    if proxies > 0 and len(forwarded) >= proxies:
        return forwarded[-proxies]
    address: str | None = request.META.get("REMOTE_ADDR")
    return address
