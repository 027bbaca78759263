"""Fan-out benchmark: many ward dashboards connected on loopback, one alert raised,
and how long each dashboard waits for it, with the in-memory and the Redis channel
layer.

    .venv/bin/python -m bench.fanout_bench [--quick] [--clients N] [--alerts N]

Latency is the dashboard's receipt time minus the alert's ``first_derived_at`` (the
moment the solve that raised it started; same clock, loopback), so it covers the rest
of the solve, the commit, the presenting of the row, the group send, each consumer's
work and the websocket frame. Reported beside it, not instead of it: the first
dashboard's latency per alert (mostly the solve, commit and send, which do not grow
with the number of dashboards) and the fan-out alone, each dashboard's receipt minus
the first dashboard's receipt of the same alert.

The 500 dashboards live in this one Python process, and its own garbage collector
paused it for 30 to 50 ms at a time while frames were arriving: receipts stamped that
much late, a pause of the benchmark's, not the server's. Its collector is kept out of
the timed windows (``_client_collector_held``); the server's runs as in production.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from bench.app import Session, WebSocket, app_server
from bench.common import progress, summary_ms
from bench.e2e_bench import patient_ids
from tests.support.servers import RedisServer

WARD = "ward-7"
# Alternating: each raises an alert (hypo-, then hyperglycaemia) that the previous
# message ended, so every trigger is a new alert on the same patient. An even count:
# the cycle goes on alternating (two lows in a row raise no new alert).
TRIGGERS = (
    "Blood glucose 2.8.",
    "Blood glucose 15.2.",
    "Blood glucose 2.6.",
    "Blood glucose 16.1.",
)
CONNECT_BATCH = 25
# redis-py 8 reads with a 5 s socket timeout by default, and channels_redis waits
# 5 s in BZPOPMIN for a consumer's next event: an idle consumer's read times out and
# the consumer dies (its websocket closes). The benchmark lifts the client timeout
# in the URL, which redis-py parses; the app's own settings are left as they are.
REDIS_QUERY = "?socket_timeout=30"

WAIT_S = 120.0
CLIENTS = 500
ALERTS = 20  # 20 alerts x 500 dashboards: p99 is the 100th slowest of 10,000
QUICK_ALERTS = 3
TARGET_P99_MS = 200.0


async def _dashboard(url: str, cookie: str) -> tuple[WebSocket, set[int]]:
    socket = await WebSocket.connect(url, f"/ws/wards/{WARD}/", cookie)
    snapshot = await socket.recv_json() or {}
    known = {a["id"] for p in snapshot.get("patients", []) for a in p["alerts"]}
    return socket, known


async def _await_alert(socket: WebSocket, known: set[int]) -> tuple[float, dict]:
    """Wall time at which a patient row with a new alert arrived, and the alert."""
    while True:
        text = await socket.recv()
        received = time.time()
        if text is None:
            raise ConnectionError("dashboard closed")
        event = json.loads(text)
        if event.get("type") != "patient.update":
            continue
        for alert in event["patient"]["alerts"]:
            if alert["id"] not in known:
                known.add(alert["id"])
                return received, alert


@contextmanager
def _client_collector_held() -> Iterator[None]:
    """No collection of the benchmark's own objects while an alert is awaited; one
    after it, outside the timed window."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.collect()


async def _fan_out(url: str, clients: int, alerts: int) -> dict[str, Any]:
    session = Session(url)
    cookie = session.cookie_header()
    patient = patient_ids()[0]
    # The server loads its language model on the first message: not part of a fan-out.
    warm = {"text": "Pulse 80.", "client_id": str(uuid.uuid4())}
    await asyncio.to_thread(session.post, f"/patients/{patient}/messages/", warm)
    started = time.perf_counter()
    dashboards: list[tuple[WebSocket, set[int]]] = []
    for first in range(0, clients, CONNECT_BATCH):
        batch = range(first, min(clients, first + CONNECT_BATCH))
        dashboards += await asyncio.gather(*(_dashboard(url, cookie) for _ in batch))
    connect_s = time.perf_counter() - started
    progress("fanout", f"  {clients} dashboards connected in {connect_s:.1f} s")
    gc.freeze()  # the dashboards stay open to the end: no full pass walks them
    latencies, fanout, firsts, spreads = [], [], [], []
    try:
        for index in range(alerts):
            waiting = [
                asyncio.create_task(_await_alert(s, known)) for s, known in dashboards
            ]
            fields = {
                "text": TRIGGERS[index % len(TRIGGERS)],
                "client_id": str(uuid.uuid4()),
            }
            with _client_collector_held():
                await asyncio.to_thread(
                    session.post, f"/patients/{patient}/messages/", fields
                )
                async with asyncio.timeout(WAIT_S):
                    arrivals = await asyncio.gather(*waiting)
            derived = datetime.fromisoformat(arrivals[0][1]["first_derived_at"])
            times = [received - derived.timestamp() for received, _ in arrivals]
            latencies += times
            fanout += [t - min(times) for t in times]
            firsts.append(min(times))
            spreads.append(max(times) - min(times))
            progress(
                "fanout",
                f"  alert {index + 1}/{alerts} ({arrivals[0][1]['problem']}): "
                f"p50 {sorted(times)[len(times) // 2] * 1000:.0f} ms, "
                f"last {max(times) * 1000:.0f} ms",
            )
    finally:
        await asyncio.gather(*(s.close() for s, _ in dashboards))
        gc.unfreeze()  # the other sections of `bench.run` share this process
    return {
        "clients": clients,
        "alerts": alerts,
        "connect_s": round(connect_s, 2),
        **summary_ms(latencies),
        "first_dashboard": summary_ms(firsts),
        "fanout_only": summary_ms(fanout),
        "spread_ms": [round(s * 1000, 1) for s in spreads],
    }


def run(
    quick: bool = False, clients: int = CLIENTS, alerts: int | None = None
) -> dict[str, Any]:
    """The same fan-out with each channel layer."""
    alerts = alerts or (QUICK_ALERTS if quick else ALERTS)
    results: dict[str, Any] = {"target_p99_ms": TARGET_P99_MS}
    progress("fanout", f"in-memory channel layer, {clients} dashboards")
    with app_server() as url:
        results["in-memory"] = asyncio.run(_fan_out(url, clients, alerts))
    redis = RedisServer().start()
    try:
        progress("fanout", f"Redis channel layer, {clients} dashboards")
        with app_server({"REDIS_URL": redis.url + REDIS_QUERY}) as url:
            results["redis"] = asyncio.run(_fan_out(url, clients, alerts))
    finally:
        redis.stop()
    results["redis_url_query"] = REDIS_QUERY
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_ALERTS} alerts")
    parser.add_argument("--clients", type=int, default=CLIENTS)
    parser.add_argument("--alerts", type=int, help=f"default {ALERTS}")
    arguments = parser.parse_args()
    print(
        json.dumps(
            run(arguments.quick, clients=arguments.clients, alerts=arguments.alerts),
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
