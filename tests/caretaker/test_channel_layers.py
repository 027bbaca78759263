"""The embedded in-memory channel layer: expiry swept at most once a second."""

import asyncio

import pytest

from caretaker import channel_layers
from caretaker.channel_layers import InMemoryChannelLayer

pytestmark = pytest.mark.asyncio


async def test_many_sends_and_receives_make_one_sweep(monkeypatch):
    sweeps = []
    parent = channel_layers.ChannelsInMemoryChannelLayer._clean_expired
    monkeypatch.setattr(
        channel_layers.ChannelsInMemoryChannelLayer,
        "_clean_expired",
        lambda self: sweeps.append(1) or parent(self),
    )
    layer = InMemoryChannelLayer()
    channels = [await layer.new_channel() for _ in range(50)]
    for channel in channels:
        await layer.group_add("ward-1", channel)
    await layer.group_send("ward-1", {"type": "patient.update", "text": "{}"})
    assert [await layer.receive(c) for c in channels] == [
        {"type": "patient.update", "text": "{}"}
    ] * 50
    assert len(sweeps) == 1


async def test_an_expired_message_is_still_dropped(monkeypatch):
    monkeypatch.setattr(channel_layers, "SWEEP_SECONDS", 0.05)
    layer = InMemoryChannelLayer(expiry=0.01)
    channel = await layer.new_channel()
    await layer.group_add("ward-1", channel)
    await layer.send(channel, {"type": "patient.update", "text": "{}"})
    await asyncio.sleep(0.1)
    await layer.group_send("ward-2", {"type": "patient.update", "text": "{}"})
    # The sweep dropped the expired message and, as Channels does, the channel's
    # memberships.
    assert channel not in layer.channels
    assert "ward-1" not in layer.groups or channel not in layer.groups["ward-1"]
