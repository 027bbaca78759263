"""Websocket routes."""

from django.urls import path

from caretaker.journal.consumers import BedsideConsumer
from caretaker.wards.consumers import WardConsumer

websocket_urlpatterns = [
    path("ws/wards/<slug:code>/", WardConsumer.as_asgi()),
    path("ws/patients/<int:patient_id>/", BedsideConsumer.as_asgi()),
]
