"""``manage.py runserver [address:port]``: the app served by uvicorn, as in production."""

from typing import Any

import uvicorn
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
        self.stdout.write(f"serving caretaker on http://{address} (uvicorn)")
        uvicorn.run(**server_options(host, port))
