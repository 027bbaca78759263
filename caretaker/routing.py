"""Websocket routes."""

from django.urls import path, register_converter

from caretaker.care.consumers.bedside import BedsideConsumer
from caretaker.care.consumers.ward import WardConsumer
from caretaker.converters import RecordId

register_converter(RecordId, "id")

websocket_urlpatterns = [
    path("ws/wards/<slug:code>/", WardConsumer.as_asgi()),
    path("ws/patients/<id:patient_id>/", BedsideConsumer.as_asgi()),
]
