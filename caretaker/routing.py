"""Websocket routes."""

from django.urls import path, register_converter

from caretaker.converters import RecordId
from caretaker.journal.consumers import BedsideConsumer
from caretaker.wards.consumers import WardConsumer

register_converter(RecordId, "id")

websocket_urlpatterns = [
    path("ws/wards/<slug:code>/", WardConsumer.as_asgi()),
    path("ws/patients/<id:patient_id>/", BedsideConsumer.as_asgi()),
]
