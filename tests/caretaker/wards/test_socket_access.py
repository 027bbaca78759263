"""Access on live sockets, through the real ASGI app with a real login session:
a socket never outlives the access that opened it, and only this site's pages may
open one."""

import asyncio

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from caretaker.alerts.models import Alert
from caretaker.asgi import application
from caretaker.audit.models import Action, AuditEvent
from caretaker.routing import NO_SUCH_SOCKET

# The fixture that disconnects every socket after each test, and its list.
from tests.caretaker.wards.test_consumers import (  # noqa: F401
    _disconnect_every_socket,
    _open,
)

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]
SITE = b"localhost:8000"


def unacknowledged_alert(patient) -> Alert:
    from datetime import timedelta

    from django.utils import timezone

    from caretaker.care.actions import message_import

    message_import(
        patient=patient,
        said_at=timezone.now() - timedelta(minutes=1),
        text="BM 3.1",
        statements=["data(bloodGlucose, 3.1)"],
    )
    return Alert.objects.get(patient=patient, problem="hypoglycaemia")


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def socket(
    path: str,
    client: Client | None,
    *,
    origin: bytes = b"http://" + SITE,
    host: bytes = SITE,
) -> WebsocketCommunicator:
    headers = [(b"origin", origin), (b"host", host)]
    if client is not None:
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()))
    connection = WebsocketCommunicator(application, path, headers=headers)
    _open.append(connection)
    return connection


async def opened(connection: WebsocketCommunicator) -> WebsocketCommunicator:
    connected, code = await connection.connect()
    assert connected, code
    await connection.receive_json_from()  # the snapshot
    return connection


async def closed_with(connection: WebsocketCommunicator, seconds: float = 5) -> int:
    """The close code the server sent within ``seconds``."""
    async with asyncio.timeout(seconds):
        while True:
            event = await connection.receive_output()
            if event["type"] == "websocket.close":
                return event["code"]


async def test_a_nurse_taken_off_the_ward_cannot_acknowledge_from_an_open_socket(
    ward, nurse, patient
):
    client = await sync_to_async(logged_in)(nurse)
    connection = await opened(socket(f"/ws/wards/{ward.code}/", client))
    alert = await sync_to_async(unacknowledged_alert)(patient)
    await sync_to_async(ward.staff.remove)(nurse)
    # The removal closes her socket at once ...
    assert await closed_with(connection) == 4403
    # ... and had a frame raced it, the action itself checks again.
    await connection.send_json_to({"type": "alert.acknowledge", "alert": alert.pk})
    await asyncio.sleep(0.3)
    assert not await sync_to_async(
        Alert.objects.filter(pk=alert.pk, acknowledged_at__isnull=False).exists
    )()


async def test_an_action_from_a_socket_whose_access_is_gone_is_refused_and_audited(
    ward, nurse, patient
):
    """Access changed behind the app's back (no signal): the next action checks."""
    client = await sync_to_async(logged_in)(nurse)
    connection = await opened(socket(f"/ws/wards/{ward.code}/", client))
    alert = await sync_to_async(unacknowledged_alert)(patient)
    through = ward.staff.through
    await sync_to_async(
        lambda: through.objects.filter(ward=ward, user=nurse)._raw_delete("default")
    )()
    await connection.send_json_to({"type": "alert.acknowledge", "alert": alert.pk})
    assert await closed_with(connection) == 4403
    assert not await sync_to_async(
        Alert.objects.filter(pk=alert.pk, acknowledged_at__isnull=False).exists
    )()
    assert await sync_to_async(
        AuditEvent.objects.filter(user=nurse, action=Action.ACCESS_REFUSE).exists
    )()


@pytest.mark.parametrize("revoke", ["logout", "deactivate", "password"])
async def test_logout_deactivation_or_a_new_password_close_the_socket(
    ward, nurse, patient, revoke
):
    client = await sync_to_async(logged_in)(nurse)
    dashboard = await opened(socket(f"/ws/wards/{ward.code}/", client))
    bedside = await opened(socket(f"/ws/patients/{patient.pk}/", client))

    def act():
        if revoke == "logout":
            client.post("/accounts/logout/")
        elif revoke == "deactivate":
            nurse.is_active = False
            nurse.save()
        else:
            nurse.set_password("a-new-password-2026")
            nurse.save()

    await sync_to_async(act)()
    assert await closed_with(dashboard) == 4403
    assert await closed_with(bedside) == 4403


async def test_logging_out_on_one_device_keeps_the_other_devices_socket(ward, nurse):
    tablet = await sync_to_async(logged_in)(nurse)
    desktop = await sync_to_async(logged_in)(nurse)
    on_desktop = await opened(socket(f"/ws/wards/{ward.code}/", desktop))
    await sync_to_async(tablet.post)("/accounts/logout/")
    await asyncio.sleep(0.3)
    await on_desktop.send_json_to({"type": "alert.acknowledge", "alert": 0})
    assert (await on_desktop.receive_json_from())["error"] == "unknown alert"


@pytest.mark.parametrize(
    "origin, host",
    [
        (b"http://localhost:8765", SITE),  # another port of the same host
        (b"https://localhost:8000", SITE),  # another scheme
        (b"http://evil.example:8000", SITE),
        (b"http://localhost:8000", b"evil.example:8000"),  # not an allowed host
        (b"null", SITE),
    ],
)
async def test_a_foreign_origin_cannot_open_a_socket(ward, nurse, origin, host):
    client = await sync_to_async(logged_in)(nurse)
    connection = socket(f"/ws/wards/{ward.code}/", client, origin=origin, host=host)
    connected, _code = await connection.connect()
    assert not connected


@pytest.mark.parametrize(
    "path",
    [
        "/ws/patients/99999999999999999999/",  # 20 digits: no record id
        "/ws/patients/9223372036854775808/",  # 19 digits, past the id column
        "/ws/nowhere/",
    ],
)
async def test_a_socket_path_that_names_no_record_is_refused_cleanly(nurse, path):
    client = await sync_to_async(logged_in)(nurse)
    connected, code = await socket(path, client).connect()
    assert not connected and code == NO_SUCH_SOCKET


async def test_the_sites_own_origin_opens_a_socket(ward, nurse):
    client = await sync_to_async(logged_in)(nurse)
    await opened(socket(f"/ws/wards/{ward.code}/", client))


@pytest.mark.parametrize(
    "frame",
    [
        "{not json",
        "[1, 2]",
        '"text"',
        "42",
        "[" * 3000 + "]" * 3000,  # deeper than the parser's recursion
        '{"type": "alert.acknowledge", "alert": ' + "[" * 3000 + "]" * 3000 + "}",
        '{"alert": ' + "9" * 5000 + "}",  # more digits than Python reads
    ],
)
async def test_a_malformed_frame_gets_an_error_and_the_socket_stays(ward, nurse, frame):
    client = await sync_to_async(logged_in)(nurse)
    connection = await opened(socket(f"/ws/wards/{ward.code}/", client))
    await connection.send_to(text_data=frame)
    reply = await connection.receive_json_from()
    assert reply["type"] == "error" and "malformed" in reply["error"]
    await connection.send_json_to({"type": "alert.acknowledge", "alert": 0})
    assert (await connection.receive_json_from())["error"] == "unknown alert"


@pytest.mark.parametrize("alert", [2**63, 10**22, -1])
async def test_an_alert_id_past_the_id_column_is_unknown(ward, nurse, alert):
    client = await sync_to_async(logged_in)(nurse)
    connection = await opened(socket(f"/ws/wards/{ward.code}/", client))
    await connection.send_json_to({"type": "alert.acknowledge", "alert": alert})
    assert (await connection.receive_json_from())["error"] == "unknown alert"
    await connection.send_json_to({"type": "alert.acknowledge", "alert": 0})
    assert (await connection.receive_json_from())["error"] == "unknown alert"


async def test_acknowledging_another_wards_alert_is_refused_and_audited(
    ward, nurse, other_patient
):
    client = await sync_to_async(logged_in)(nurse)
    connection = await opened(socket(f"/ws/wards/{ward.code}/", client))
    alert = await sync_to_async(unacknowledged_alert)(other_patient)
    await connection.send_json_to({"type": "alert.acknowledge", "alert": alert.pk})
    assert (await connection.receive_json_from())["error"] == "unknown alert"
    assert await sync_to_async(
        AuditEvent.objects.filter(user=nurse, action=Action.ACCESS_REFUSE).exists
    )()


async def test_a_lead_who_loses_the_role_reconnects_without_the_leads_channel(
    ward, ward_lead
):
    client = await sync_to_async(logged_in)(ward_lead)
    connection = await opened(socket(f"/ws/wards/{ward.code}/", client))
    await sync_to_async(ward_lead.groups.clear)()
    assert await closed_with(connection) == 4001  # the page reconnects as a nurse


async def test_behind_the_tls_proxy_the_https_origin_is_the_sites_own(settings):
    from caretaker.origin import origin_allowed

    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    scope = {
        "type": "websocket",
        "scheme": "ws",
        "headers": [
            (b"host", b"ward.example.org"),
            (b"origin", b"https://ward.example.org"),
            (b"x-forwarded-proto", b"https"),
        ],
    }
    settings.ALLOWED_HOSTS = ["ward.example.org"]
    assert origin_allowed(scope)
    scope["headers"][1] = (b"origin", b"http://ward.example.org")
    assert not origin_allowed(scope)
