"""Fan-out at hospital size: 5,000 ward dashboards over 40 wards (125 each) and 10
site-wide views, on one app server in the production configuration (PostgreSQL,
Redis channel layer, Celery workers), while other wards' messages are processed.

    .venv/bin/python -m bench.hospital_fanout_bench [--quick] [--dashboards N]

The app has no site-wide group: a site-wide view is 40 ward sockets, one per ward
(`/ws/wards/<code>/`), so the 10 views are 400 sockets and each alert reaches 135 of
the 5,400. An alert is raised in one ward by a typed blood glucose; meanwhile typed
observation sets for patients of the other wards are sent (one every
``BACKGROUND_S``), each pushed to its ward's dashboards and to the site-wide views.
Latency is as in bench/fanout_bench.py: receipt minus the alert's
``first_derived_at``. Memory per socket: the server's resident memory after the
sockets opened minus before, divided by their number.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bench.app import Session, WebSocket
from bench.common import progress, summary_ms
from bench.fanout_bench import CONNECT_BATCH
from bench.hospital import (
    BEDS,
    WARDS,
    app,
    descriptors_raise,
    hospital,
    rss_kib,
    workers,
)
from bench.hospital_seed import record_number, ward_code
from bench.round_schedule import ROUND_S, observation_words

DASHBOARDS = 5000
SITE_VIEWS = 10
ALERTS = 20
QUICK_ALERTS = 4
QUICK_DASHBOARDS = 1000
WORKERS = 2
# Other wards' sets at the round's mean rate (1,200 in 30 minutes: one every 1.5 s),
# which two workers on 2 cores keep up with (see the round section). Each pushes its
# row to its ward's dashboards and to the site-wide views while alerts are timed.
ROUND_RATE_S = ROUND_S / (WARDS * BEDS)
BACKGROUND_S = ROUND_RATE_S
WAIT_S = 180.0
TARGET_P99_MS = 200.0
# Hypoglycaemia on a patient with no glucose before: a new alert every time.
TRIGGER = "Blood glucose 2.{d}."


@dataclass
class Dashboard:
    ward: int
    site: bool  # one of a site-wide view's 40 sockets
    socket: WebSocket | None = None
    seen: set[int] = field(default_factory=set)
    receipts: dict[int, float] = field(default_factory=dict)
    closed: str = ""  # why its reader stopped


async def _open(
    url: str, cookie: str, board: Dashboard, alerts: dict[int, tuple[int, str]]
) -> asyncio.Task:
    """The dashboard's socket, and its reader, started at once: uvicorn pings every
    20 s and closes a socket that does not answer (the reader answers)."""
    board.socket = await WebSocket.connect(
        url, f"/ws/wards/{ward_code(board.ward)}/", cookie
    )
    snapshot = await board.socket.recv_json() or {}
    board.seen = {a["id"] for p in snapshot.get("patients", []) for a in p["alerts"]}
    return asyncio.create_task(_read(board, alerts))


async def _read(board: Dashboard, alerts: dict[int, tuple[int, str]]) -> None:
    """Every alert new to this dashboard, with the time its row arrived."""
    assert board.socket is not None
    try:
        await _frames(board, alerts)
    except (ConnectionError, asyncio.IncompleteReadError) as error:
        board.closed = f"{type(error).__name__}: {error}"


async def _frames(board: Dashboard, alerts: dict[int, tuple[int, str]]) -> None:
    assert board.socket is not None
    while (text := await board.socket.recv()) is not None:
        received = time.time()
        event = json.loads(text)
        if event.get("type") != "patient.update":
            continue
        patient = event["patient"]
        for alert in patient["alerts"]:
            if alert["id"] not in board.seen:
                board.seen.add(alert["id"])
                board.receipts[alert["id"]] = received
                alerts[alert["id"]] = (patient["id"], alert["first_derived_at"])
    board.closed = "closed by the server"


def _boards(dashboards: int) -> list[Dashboard]:
    wards = [Dashboard(1 + i % WARDS, False) for i in range(dashboards)]
    sites = [Dashboard(w, True) for _ in range(SITE_VIEWS) for w in range(1, WARDS + 1)]
    return wards + sites


async def _background(url: str, session: Session, ids: dict, state: dict) -> None:
    """The rest of the hospital's round: a set every ``BACKGROUND_S`` seconds for a
    patient of a ward other than the one whose alert is being timed."""
    rng = random.Random(7)
    while True:
        ward = rng.choice([w for w in range(1, WARDS + 1) if w != state["ward"]])
        patient = ids[record_number(ward, rng.randint(2, BEDS))]
        fields = {"text": observation_words(rng, False), "client_id": str(uuid.uuid4())}
        await asyncio.to_thread(session.post, f"/patients/{patient}/messages/", fields)
        state["sent"] += 1
        await asyncio.sleep(BACKGROUND_S)


async def _alert(
    url: str, session: Session, boards: list[Dashboard], ward: int, patient: int,
    alerts: dict[int, tuple[int, str]], index: int,
) -> tuple[int, list[float], list[float]]:  # fmt: skip
    """One alert raised in ``ward``: its id, and each of the ward's dashboards' and
    the site-wide views' latencies in seconds."""
    mine = [b for b in boards if b.ward == ward]
    fields = {"text": TRIGGER.format(d=index % 9), "client_id": str(uuid.uuid4())}
    gc.disable()  # the client's own pauses are not the server's
    try:
        await asyncio.to_thread(session.post, f"/patients/{patient}/messages/", fields)
        found = await _arrived(mine, patient, alerts)
    finally:
        gc.enable()
    gc.collect()
    derived = datetime.fromisoformat(alerts[found[0]][1]).timestamp()
    ward_s = [b.receipts[found[0]] - derived for b in mine if not b.site]
    site_s = [b.receipts[found[0]] - derived for b in mine if b.site]
    return found[0], ward_s, site_s


async def _arrived(
    mine: list[Dashboard], patient: int, alerts: dict[int, tuple[int, str]]
) -> list[int]:
    """The new alert of ``patient``, once every dashboard of its ward has it."""
    deadline = time.monotonic() + WAIT_S
    found: list[int] = []
    while time.monotonic() < deadline:
        found = found or [a for a, (p, _) in alerts.items() if p == patient]
        if found and all(found[0] in b.receipts for b in mine):
            return found
        await asyncio.sleep(0.02)
    closed = sum(bool(b.closed) for b in mine)
    have = sum(bool(found) and found[0] in b.receipts for b in mine)
    raise TimeoutError(
        f"alert of patient {patient}: {'raised' if found else 'never seen'}; "
        f"{have} of {len(mine)} dashboards have it, {closed} closed, after {WAIT_S} s"
    )


async def _connect(
    url: str, cookie: str, boards: list[Dashboard], alerts: dict, readers: list
) -> float:
    started = time.perf_counter()
    for first in range(0, len(boards), CONNECT_BATCH):
        batch = boards[first : first + CONNECT_BATCH]
        readers += await asyncio.gather(*(_open(url, cookie, b, alerts) for b in batch))
        if first % 1000 == 0:
            progress("hospital_fanout", f"  {first + len(batch)} sockets open")
    return time.perf_counter() - started


async def _hospital_fan_out(
    url: str, pid: int, ids: dict[str, int], dashboards: int, alerts_n: int
) -> dict[str, Any]:
    asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(16))
    session = Session(url)
    cookie = session.cookie_header()
    # Each worker loads its models on its first messages: not part of a fan-out.
    warm = ids["RN1001"]
    for _ in range(2 * WORKERS):
        fields = {"text": "Pulse 80.", "client_id": str(uuid.uuid4())}
        await asyncio.to_thread(session.post, f"/patients/{warm}/messages/", fields)
    await asyncio.sleep(15)
    boards = _boards(dashboards)
    rss_before = rss_kib(pid)
    alerts: dict[int, tuple[int, str]] = {}
    readers: list[asyncio.Task] = []
    connect_s = await _connect(url, cookie, boards, alerts, readers)
    await asyncio.sleep(3)
    rss_after = rss_kib(pid)
    closed = sum(bool(b.closed) for b in boards)
    progress(
        "hospital_fanout",
        f"  {len(boards)} sockets in {connect_s:.0f} s; {closed} closed since",
    )
    gc.freeze()
    state = {"ward": 0, "sent": 0}
    background = asyncio.create_task(_background(url, session, ids, state))
    ward_s, site_s, firsts, fanout = [], [], [], []
    try:
        for index in range(alerts_n):
            ward = 1 + (index * 7) % WARDS
            state["ward"] = ward
            patient = ids[record_number(ward, 1 + index // WARDS)]
            _, mine, sites = await _alert(
                url, session, boards, ward, patient, alerts, index
            )
            ward_s += mine
            site_s += sites
            firsts.append(min(mine + sites))
            fanout += [t - min(mine + sites) for t in mine + sites]
            progress(
                "hospital_fanout",
                f"  alert {index + 1}/{alerts_n} (ward {ward}): ward p50 "
                f"{sorted(mine)[len(mine) // 2] * 1000:.0f} ms, last "
                f"{max(mine + sites) * 1000:.0f} ms; background sets {state['sent']}",
            )
            await asyncio.sleep(2)
    finally:
        closed_end = sum(bool(b.closed) for b in boards)
        background.cancel()
        for reader in readers:
            reader.cancel()
        await asyncio.gather(*(b.socket.close() for b in boards if b.socket))
        gc.unfreeze()
    sockets = len(boards)
    return {
        "dashboards": dashboards,
        "site_views": SITE_VIEWS,
        "site_view_sockets": SITE_VIEWS * WARDS,
        "sockets": sockets,
        "per_alert_receivers": dashboards // WARDS + SITE_VIEWS,
        "alerts": alerts_n,
        "background_sets": state["sent"],
        "background_interval_s": BACKGROUND_S,
        "round_interval_s": ROUND_RATE_S,
        "connect_s": round(connect_s, 1),
        "closed_after_connect": closed,
        "closed_at_end": closed_end,
        "rss_before_mib": round(rss_before / 1024, 1),
        "rss_after_mib": round(rss_after / 1024, 1),
        "kib_per_socket": round((rss_after - rss_before) / sockets, 1),
        "ward": summary_ms(ward_s),
        "site": summary_ms(site_s),
        "first_receipt": summary_ms(firsts),
        "fanout_only": summary_ms(fanout),
    }


def run(
    quick: bool = False, dashboards: int | None = None, alerts: int | None = None
) -> dict[str, Any]:
    """5,000 dashboards and 10 site-wide views on one app server."""
    dashboards = dashboards or (QUICK_DASHBOARDS if quick else DASHBOARDS)
    alerts = alerts or (QUICK_ALERTS if quick else ALERTS)
    limit = descriptors_raise(2 * (dashboards + SITE_VIEWS * WARDS) + 1024)
    with hospital(area="hospital_fanout") as place:
        with app(place) as (url, pid), workers(place, WORKERS):
            progress("hospital_fanout", f"{dashboards} dashboards + site-wide views")
            results = asyncio.run(
                _hospital_fan_out(url, pid, place.patient_ids, dashboards, alerts)
            )
        results |= {
            "hospital": place.seeded,
            "workers": WORKERS,
            "descriptor_limit": limit,
            "target_p99_ms": TARGET_P99_MS,
        }
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--dashboards", type=int, help=f"default {DASHBOARDS}")
    parser.add_argument("--alerts", type=int, help=f"default {ALERTS}")
    arguments = parser.parse_args()
    print(
        json.dumps(
            run(arguments.quick, arguments.dashboards, arguments.alerts), indent=2
        )
    )


if __name__ == "__main__":
    main()
