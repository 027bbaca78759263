"""A hospital for the benchmarks, in the production configuration: PostgreSQL, Redis
(broker, channel layer, cache), the app served by uvicorn and Celery workers with
the models in processes of their own; 40 wards of 30 beds seeded with history."""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.common import PYTHON, ROOT, progress, python_run
from bench.throughput_bench import workers_stop
from tests.support.servers import PostgresServer, RedisServer, app_served

WARDS, BEDS = 40, 30
HISTORY_DAYS = 7.0
# A week of 15-minute sets is 6.4 million facts for 1,200 patients: too slow to seed
# inside `make bench`. Four-hourly sets are a realistic ward's routine history.
HISTORY_HOURS = 4.0
# See bench/fanout_bench.py: redis-py's default 5 s socket timeout kills idle
# consumers of channels_redis.
REDIS_QUERY = "?socket_timeout=30"


@dataclass
class Hospital:
    """The running services and the environment every process of it shares."""

    env: dict[str, str]
    var: Path
    seeded: dict[str, Any]
    patient_ids: dict[str, int]  # by record number (bench.hospital_seed)


def descriptors_raise(needed: int) -> int:
    """Raise this process's open-file limit (children inherit it) towards ``needed``;
    the soft limit it now has."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


@contextmanager
def hospital(
    *, days: float = HISTORY_DAYS, hours: float = HISTORY_HOURS, area: str = "hospital"
) -> Iterator[Hospital]:
    """PostgreSQL and Redis with the demo users and the 40-ward hospital seeded."""
    postgres, redis = PostgresServer().create(), RedisServer().start()
    var = Path(tempfile.mkdtemp(prefix="bench-hospital-"))
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "caretaker.settings.base",
        "DATABASE_URL": postgres.url,
        "REDIS_URL": redis.url + REDIS_QUERY,
        "CELERY_BROKER_URL": redis.url,
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "CARETAKER_VAR_DIR": str(var),
        "MEDIA_ROOT": str(var / "media"),
        # One nurse's session sends every message of the hospital.
        "CARETAKER_MESSAGE_RATE": "1000000/m",
        "LOG_LEVEL": "WARNING",
    }
    try:
        python_run(env, "manage.py", "migrate", "--noinput", "-v0")
        python_run(env, "manage.py", "demo_setup")
        progress(area, f"seeding {WARDS} wards x {BEDS} beds, {days:g} days")
        arguments = (str(WARDS), str(BEDS), str(days), str(hours))
        out = python_run(env, "-m", "bench.hospital_seed", *arguments, timeout=1800)
        seeded = json.loads(out.strip().splitlines()[-1])
        ids = seeded.pop("patient_ids")
        seeded |= {"days": days, "interval_hours": hours}
        progress(area, f"  seeded: {seeded}")
        yield Hospital(env, var, seeded, ids)
    finally:
        redis.stop()
        postgres.destroy()
        shutil.rmtree(var, ignore_errors=True)


@contextmanager
def app(place: Hospital, name: str = "server") -> Iterator[tuple[str, int]]:
    """The app served by uvicorn over the hospital; its URL and process id."""
    with app_served(place.env, place.var / f"{name}.log") as (url, process):
        yield url, process.pid


@contextmanager
def workers(
    place: Hospital, count: int, *, module: str = "celery", extra: dict | None = None
) -> Iterator[list[subprocess.Popen]]:
    """``count`` Celery workers (``--pool solo``; llama.cpp threads shared out over
    the cores as bench/throughput_bench.py does); ``module`` may be a wrapper that
    runs Celery's command line (bench.round_worker)."""
    threads = str(max(1, (os.cpu_count() or 1) // count))
    processes = []
    for index in range(count):
        log = (place.var / f"worker{count}-{index}.log").open("w")
        processes.append(
            subprocess.Popen(
                [PYTHON, "-m", module, "-A", "caretaker", "worker",
                 "--pool", "solo", "-n", f"bench{count}-{index}@%h",
                 "--without-gossip", "--without-mingle", "--loglevel", "WARNING"],
                cwd=ROOT,
                env={**place.env, "CARETAKER_LLM_THREADS": threads, **(extra or {})},
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        )  # fmt: skip
    try:
        yield processes
    finally:
        workers_stop(processes)


def rss_kib(pid: int) -> int:
    """Resident memory of process ``pid`` in KiB (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")
