"""Live push: the ward dashboard and bedside websockets (Channels' communicator)."""

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from caretaker.alerts.models import Alert
from caretaker.asgi import application
from caretaker.journal.services import message_import
from caretaker.routing import websocket_urlpatterns

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


def communicator(path: str, user) -> WebsocketCommunicator:
    connection = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
    connection.scope["user"] = user
    return connection


async def test_unauthenticated_websocket_is_refused(ward):
    connection = WebsocketCommunicator(application, f"/ws/wards/{ward.code}/",
                                       headers=[(b"origin", b"http://localhost")])
    connected, code = await connection.connect()
    assert not connected and code == 4403


async def test_other_wards_are_refused(nurse, other_patient):
    connection = communicator(f"/ws/wards/{other_patient.ward.code}/", nurse)
    assert (await connection.connect()) == (False, 4403)
    connection = communicator(f"/ws/patients/{other_patient.pk}/", nurse)
    assert (await connection.connect()) == (False, 4403)


async def test_dashboard_gets_a_snapshot_then_live_state_and_alerts(ward, nurse, patient):
    connection = communicator(f"/ws/wards/{ward.code}/", nurse)
    assert (await connection.connect())[0]
    snapshot = await connection.receive_json_from()
    assert snapshot["type"] == "ward.snapshot"
    assert [row["id"] for row in snapshot["patients"]] == [patient.pk]

    await sync_to_async(_record_low_glucose)(patient)
    update = await connection.receive_json_from(timeout=5)
    assert update["type"] == "patient.update"
    assert update["patient"]["state"]["current"]["bloodGlucose"] == 3.1
    (alert,) = update["patient"]["alerts"]
    assert alert["problem"] == "hypoglycaemia"

    await connection.send_json_to({"type": "alert.acknowledge", "alert": alert["id"]})
    cleared = await connection.receive_json_from(timeout=5)
    assert cleared["patient"]["alerts"] == []
    acknowledged = await sync_to_async(Alert.objects.get)(pk=alert["id"])
    assert acknowledged.acknowledged_by_id == nurse.pk
    await connection.disconnect()


async def test_bedside_receives_the_confirmation(nurse, patient):
    connection = communicator(f"/ws/patients/{patient.pk}/", nurse)
    assert (await connection.connect())[0]
    assert (await connection.receive_json_from())["type"] == "bedside.snapshot"
    await sync_to_async(_record_low_glucose)(patient)
    event = await connection.receive_json_from(timeout=5)
    assert event["type"] == "message.update"
    assert event["message"]["facts"] == ["data(bloodGlucose, 3.1)"]
    assert event["message"]["alerts"][0]["problem"] == "hypoglycaemia"
    await connection.disconnect()


def _record_low_glucose(patient):
    from caretaker.journal import push

    message = message_import(patient=patient, said_at=timezone.now() - timedelta(minutes=1),
                             text="BM 3.1", statements=["data(bloodGlucose, 3.1)"])
    push.message_push(message.pk)
