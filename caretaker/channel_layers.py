"""The in-memory channel layer of the embedded defaults (no Redis), fit for a ward's
worth of open sockets."""

import time
from typing import Any

from channels.layers import InMemoryChannelLayer as ChannelsInMemoryChannelLayer

SWEEP_SECONDS = 1.0


class InMemoryChannelLayer(ChannelsInMemoryChannelLayer):
    """Channels' layer sweeps every queue and group for expired messages on each
    receive and group send: with 500 dashboards open, one push made 500 sweeps of
    1,000 entries each before the last dashboard had it. Here the sweep runs at most
    once a ``SWEEP_SECONDS``: a message expires after 60 s, a second later at most."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._swept_at = -SWEEP_SECONDS

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._swept_at >= SWEEP_SECONDS:
            self._swept_at = now
            super()._clean_expired()
