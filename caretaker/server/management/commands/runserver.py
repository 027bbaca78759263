"""``manage.py runserver [address:port]``: the app served by uvicorn, as in production."""

import ipaddress
from typing import Any

import uvicorn
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from caretaker.server.options import DEFAULT_ADDRESS, address_parse, server_options


class Command(BaseCommand):
    help = (
        "Serve caretaker (HTTP and websockets) with uvicorn on ADDRESS:PORT "
        f"(default {DEFAULT_ADDRESS}). It does not reload on code changes."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("address", nargs="?", default=DEFAULT_ADDRESS)

    def handle(self, *args: Any, address: str, **options: Any) -> None:
        try:
            host, port = address_parse(address)
        except ValueError as error:
            raise CommandError(str(error)) from error
        if settings.DEBUG and not _loopback(host):
            raise CommandError(_DEBUG_ON_THE_NETWORK.format(host=host, port=port))
        self.stdout.write(f"serving caretaker on http://{address} (uvicorn)")
        uvicorn.run(**server_options(host, port))


_DEBUG_ON_THE_NETWORK = (
    "refusing to serve on {host}:{port} with DEBUG on: Django's debug pages (settings, "
    "file paths, code) would be shown to every computer that can reach it. Serve this "
    "computer only (make run, or runserver 127.0.0.1:{port}), or open it to the "
    "ward's network with DEBUG off: make run HOST=0.0.0.0 ALLOWED_HOSTS=<the name or "
    "address the tablets use>"
)


def _loopback(host: str) -> bool:
    """Whether only this computer can reach ``host``."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a host name: whatever it resolves to, assume the network
