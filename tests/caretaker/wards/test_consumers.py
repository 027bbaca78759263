"""Live push: the ward dashboard and bedside websockets (Channels' communicator)."""

from datetime import timedelta

import pytest
import pytest_asyncio
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from caretaker.alerts.models import Alert
from caretaker.asgi import application
from caretaker.care.actions import message_import
from caretaker.routing import websocket_urlpatterns

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


_open: list[WebsocketCommunicator] = []


@pytest_asyncio.fixture(autouse=True)
async def _disconnect_every_socket():
    """Close each socket the way a server does, refused ones included.

    A refused handshake leaves the consumer waiting on the channel layer until the
    server says the client is gone. Left for the event loop's shutdown to cancel,
    the Redis layer's blocking read can swallow that cancellation and the test run
    never ends."""
    yield
    while _open:
        await _open.pop().disconnect()


def communicator(path: str, user) -> WebsocketCommunicator:
    connection = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
    connection.scope["user"] = user
    _open.append(connection)
    return connection


async def test_unauthenticated_websocket_is_refused(ward):
    connection = WebsocketCommunicator(
        application,
        f"/ws/wards/{ward.code}/",
        headers=[(b"origin", b"http://localhost"), (b"host", b"localhost")],
    )
    _open.append(connection)
    connected, code = await connection.connect()
    assert not connected and code == 4403


async def test_other_wards_are_refused(nurse, other_patient):
    connection = communicator(f"/ws/wards/{other_patient.ward.code}/", nurse)
    assert (await connection.connect()) == (False, 4403)
    connection = communicator(f"/ws/patients/{other_patient.pk}/", nurse)
    assert (await connection.connect()) == (False, 4403)


async def test_dashboard_gets_a_snapshot_then_live_state_and_alerts(
    ward, nurse, patient
):
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
    from caretaker.care import push

    message = message_import(
        patient=patient,
        said_at=timezone.now() - timedelta(minutes=1),
        text="BM 3.1",
        statements=["data(bloodGlucose, 3.1)"],
    )
    push.message_push(message.pk)


async def test_unauthenticated_sockets_are_closed_before_accept(ward, patient):
    """No session: both sockets close during the handshake, nothing is sent."""
    from django.contrib.auth.models import AnonymousUser

    for path in (f"/ws/wards/{ward.code}/", f"/ws/patients/{patient.pk}/"):
        connection = communicator(path, AnonymousUser())
        assert (await connection.connect()) == (False, 4403)


async def test_refused_subscriptions_are_recorded(nurse, other_patient):
    from caretaker.audit.models import Action, AuditEvent

    for path in (
        f"/ws/wards/{other_patient.ward.code}/",
        f"/ws/patients/{other_patient.pk}/",
    ):
        assert (await communicator(path, nurse).connect()) == (False, 4403)
    refused = await sync_to_async(list)(
        AuditEvent.objects.filter(action=Action.ACCESS_REFUSE, user=nurse).values_list(
            "detail", flat=True
        )
    )
    assert [d["what"] for d in refused] == [
        f"/ws/patients/{other_patient.pk}/",
        f"/ws/wards/{other_patient.ward.code}/",
    ]


async def test_a_nurse_taken_off_the_ward_stops_receiving(ward, nurse, patient):
    """Updates are checked against the ward's staff (a check at most 30 s old)."""
    connection = communicator(f"/ws/wards/{ward.code}/", nurse)
    assert (await connection.connect())[0]
    await connection.receive_json_from()
    await sync_to_async(ward.staff.remove)(nurse)
    await sync_to_async(_record_low_glucose)(patient)
    assert (await connection.receive_output(timeout=5))["type"] == "websocket.close"


async def test_escalation_reaches_the_ward_and_its_lead(
    ward, nurse, ward_lead, patient
):
    """A reminder and an escalation go to everyone on the dashboard with their flag;
    the escalation also reaches the ward lead as the lead's call."""
    sockets = [
        communicator(f"/ws/wards/{ward.code}/", user) for user in (nurse, ward_lead)
    ]
    for socket in sockets:
        assert (await socket.connect())[0]
        assert (await socket.receive_json_from())["type"] == "ward.snapshot"
    await sync_to_async(_record_low_glucose)(patient)
    for socket in sockets:
        assert (await socket.receive_json_from(timeout=5))["type"] == "patient.update"

    await sync_to_async(_follow_up_later)(minutes=31)
    seen = []
    for socket, expected in zip(sockets, (2, 3), strict=True):
        events = [await socket.receive_json_from(timeout=5) for _ in range(expected)]
        assert await socket.receive_nothing(timeout=0.2)
        seen.append([e["type"] for e in events])
        assert {e["alert"]["problem"] for e in events} == {"hypoglycaemia"}
        await socket.disconnect()
    assert seen[0] == ["alert.renotify", "alert.escalate"]
    assert sorted(seen[1]) == ["alert.escalate", "alert.lead", "alert.renotify"]


def _follow_up_later(minutes: int):
    from caretaker.care.actions import alerts_follow_up

    alerts_follow_up(now=timezone.now() + timedelta(minutes=minutes))
