"""The Redis channel layer keeps an idle dashboard connected and delivering."""

import asyncio

import pytest
from channels.layers import get_channel_layer

from caretaker.care.push import ward_group
from tests.caretaker.wards.test_consumers import communicator

pytestmark = [
    pytest.mark.services,
    pytest.mark.asyncio,
    pytest.mark.django_db(transaction=True),
]


async def test_an_idle_dashboard_still_receives_after_ten_seconds(ward, nurse):
    """redis-py cuts reads after 5 s by default while channels_redis waits 5 s for
    the next event: without a longer socket timeout the idle consumer crashed."""
    connection = communicator(f"/ws/wards/{ward.code}/", nurse)
    assert (await connection.connect())[0]
    assert (await connection.receive_json_from())["type"] == "ward.snapshot"
    await asyncio.sleep(10)
    await get_channel_layer().group_send(
        ward_group(ward.pk), {"type": "patient.update", "patient": {"id": 1}}
    )
    assert (await connection.receive_json_from(timeout=10))["type"] == "patient.update"
    await connection.disconnect()
