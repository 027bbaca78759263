"""A push reaches many open sockets without work per socket: presented and encoded
once, forwarded by each socket with no database read; access still closes them."""

import asyncio
import threading

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db.backends.utils import CursorWrapper

from caretaker.care import push
from caretaker.wards import sockets
from tests.caretaker.wards.test_consumers import (  # noqa: F401
    _disconnect_every_socket,
    communicator,
)

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def queries(monkeypatch):
    """Every SQL statement run from now on, from any thread: the consumers' reads
    run on the thread that runs synchronous code, not the test's."""
    seen: list[str] = []
    lock = threading.Lock()
    execute, executemany = CursorWrapper.execute, CursorWrapper.executemany

    def counted(original):
        def run(self, sql, *args, **kwargs):
            with lock:
                seen.append(sql)
            return original(self, sql, *args, **kwargs)

        return run

    monkeypatch.setattr(CursorWrapper, "execute", counted(execute))
    monkeypatch.setattr(CursorWrapper, "executemany", counted(executemany))
    return seen


async def dashboards(ward, user, count: int) -> list:
    opened = []
    for _ in range(count):
        connection = communicator(f"/ws/wards/{ward.code}/", user)
        assert (await connection.connect())[0]
        assert (await connection.receive_json_from())["type"] == "ward.snapshot"
        opened.append(connection)
    return opened


async def _pushed_to(ward, nurse, patient, count: int, queries: list[str]) -> int:
    """Statements run by one push of the patient's row to ``count`` dashboards."""
    opened = await dashboards(ward, nurse, count)
    queries.clear()
    await sync_to_async(push.patient_push)(patient.pk)
    for connection in opened:
        update = await connection.receive_json_from(timeout=5)
        assert update["type"] == "patient.update"
        assert update["patient"]["id"] == patient.pk
    statements = len(queries)
    for connection in opened:
        await connection.disconnect()
    return statements


async def test_a_push_to_many_dashboards_reads_the_database_once(
    ward, nurse, patient, queries
):
    """Presenting the row reads the database; forwarding it to each socket does
    not: six dashboards cost the statements of one."""
    one = await _pushed_to(ward, nurse, patient, 1, queries)
    six = await _pushed_to(ward, nurse, patient, 6, queries)
    assert one > 0
    assert six == one


async def test_each_dashboard_forwards_the_event_without_a_query(ward, nurse, queries):
    opened = await dashboards(ward, nurse, 5)
    queries.clear()
    frame = {"type": "patient.update", "patient": {"id": 1, "alerts": []}}
    await get_channel_layer().group_send(
        push.ward_group(ward.pk), push.frame_event("patient.update", frame)
    )
    for connection in opened:
        assert await connection.receive_json_from(timeout=5) == frame
    assert queries == []


async def test_an_event_from_an_older_sender_still_reaches_the_dashboard(ward, nurse):
    """A worker not restarted yet after an upgrade sends the payload unencoded."""
    (connection,) = await dashboards(ward, nurse, 1)
    await get_channel_layer().group_send(
        push.ward_group(ward.pk), {"type": "patient.update", "patient": {"id": 1}}
    )
    assert await connection.receive_json_from(timeout=5) == {
        "type": "patient.update",
        "patient": {"id": 1},
    }


async def test_a_nurse_taken_off_the_ward_loses_every_open_dashboard(
    ward, nurse, patient
):
    opened = await dashboards(ward, nurse, 3)
    await sync_to_async(ward.staff.remove)(nurse)
    for connection in opened:
        assert (await connection.receive_output(timeout=5)) == {
            "type": "websocket.close",
            "code": 4403,
        }


async def test_access_changed_outside_the_app_closes_the_sockets_on_their_recheck(
    ward, nurse, patient, monkeypatch
):
    """No signal (a raw delete): the periodic check finds it, with no push needed,
    the dashboard's and the bedside's alike."""
    monkeypatch.setattr(sockets, "RECHECK_SECONDS", 0.2)
    (dashboard,) = await dashboards(ward, nurse, 1)
    bedside = communicator(f"/ws/patients/{patient.pk}/", nurse)
    assert (await bedside.connect())[0]
    assert (await bedside.receive_json_from())["type"] == "bedside.snapshot"
    through = ward.staff.through
    await sync_to_async(
        lambda: through.objects.filter(ward=ward, user=nurse)._raw_delete("default")
    )()
    for connection in (dashboard, bedside):
        event = await connection.receive_output(timeout=5)
        assert event == {"type": "websocket.close", "code": 4403}


async def test_a_socket_keeps_its_access_check_going_while_access_holds(
    ward, nurse, monkeypatch
):
    monkeypatch.setattr(sockets, "RECHECK_SECONDS", 0.05)
    (connection,) = await dashboards(ward, nurse, 1)
    await asyncio.sleep(0.5)  # several checks, all passed
    assert await connection.receive_nothing(timeout=0.1)


async def test_a_check_that_fails_closes_the_socket_for_the_page_to_reconnect(
    ward, nurse, monkeypatch
):
    """The database unreachable at a periodic check: the socket is not left open
    unchecked; 1011 and the page reconnects (checked again on connect)."""
    from caretaker.care.consumers.ward import WardConsumer

    def unreachable(self):
        raise ConnectionError("database restarting")

    monkeypatch.setattr(sockets, "RECHECK_SECONDS", 0.05)
    monkeypatch.setattr(WardConsumer, "access_check", unreachable)
    (connection,) = await dashboards(ward, nurse, 1)
    assert await connection.receive_output(timeout=5) == {
        "type": "websocket.close",
        "code": 1011,
    }


async def test_a_round_asks_each_distinct_question_once(
    ward, nurse, patient, monkeypatch
):
    """Five dashboards of one nurse on one ward and her bedside socket: two checks a
    round, not six; each socket is still answered."""
    from caretaker.care.consumers.bedside import BedsideConsumer
    from caretaker.care.consumers.ward import WardConsumer

    asked: list[tuple] = []

    def counted(consumer_class):
        check = consumer_class.access_check

        def run(self):
            asked.append(self.access_key())
            return check(self)

        monkeypatch.setattr(consumer_class, "access_check", run)

    counted(WardConsumer)
    counted(BedsideConsumer)
    opened = await dashboards(ward, nurse, 5)
    bedside = communicator(f"/ws/patients/{patient.pk}/", nurse)
    assert (await bedside.connect())[0]
    assert (await bedside.receive_json_from())["type"] == "bedside.snapshot"
    await sockets.access_watch().round()
    assert sorted(key[0] for key in asked) == ["patient", "ward"]
    for connection in [*opened, bedside]:
        assert await connection.receive_nothing(timeout=0.05)  # still open
    await sync_to_async(ward.staff.remove)(nurse)  # the app closes them at once too
    for connection in [*opened, bedside]:
        assert (await connection.receive_output(timeout=5))["code"] == 4403
    asked.clear()
    await sockets.access_watch().round()
    assert asked == []  # closed sockets left the watch
