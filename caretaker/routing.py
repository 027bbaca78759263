"""Websocket routes."""

from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import path, re_path

import caretaker.converters  # noqa: F401  (registers the id and number converters)
from caretaker.care.consumers.bedside import BedsideConsumer
from caretaker.care.consumers.ward import WardConsumer

NO_SUCH_SOCKET = 4404


class NoSuchSocket(AsyncWebsocketConsumer):
    """Any other path (a patient id past the id column's range included): the
    handshake is refused, as a missing record's page is a 404, instead of the
    router's "No route found" exception and a traceback in the server log."""

    async def connect(self) -> None:
        await self.close(code=NO_SUCH_SOCKET)


websocket_urlpatterns = [
    path("ws/wards/<slug:code>/", WardConsumer.as_asgi()),
    path("ws/patients/<id:patient_id>/", BedsideConsumer.as_asgi()),
    re_path(r"", NoSuchSocket.as_asgi()),  # last: whatever the routes above do not take
]
