"""Fixtures of the tests against real services: the suite's PostgreSQL and Redis
(started by scripts/with_services.py) and real Celery worker processes."""

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.conf import settings

from tests.support.servers import PostgresServer, RedisServer

ROOT = Path(__file__).resolve().parents[3]


def wait_for(condition: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"{what}: not within {seconds} s")


def shared_database_url() -> str:
    """The app role's URL of the test database (test_caretaker), for the processes
    the tests start: they see what the tests commit."""
    database = settings.DATABASES["default"]
    return (
        f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/"
        f"{database['NAME']}"
    )


@pytest.fixture(autouse=True)
def _real_services_only():
    """These tests are about PostgreSQL, Redis and Celery workers; on the embedded
    defaults they would test nothing, so they refuse to run there."""
    real_services_required()


def real_services_required() -> None:
    """Fail (with how to run it) unless the suite runs on PostgreSQL and Redis; for
    fixtures set up before ``_real_services_only`` (module-scoped ones)."""
    engine = settings.DATABASES["default"]["ENGINE"]
    if "postgresql" not in engine or not os.environ.get("REDIS_URL"):
        pytest.fail(
            "run with real services: python scripts/with_services.py -- "
            "pytest -m services"
        )


@pytest.fixture
def postgres() -> PostgresServer:
    """The suite's PostgreSQL server, to kill and restart."""
    return PostgresServer.attached(os.environ["CARETAKER_TEST_POSTGRES"])


@pytest.fixture
def redis() -> RedisServer:
    """The suite's Redis server, to kill and restart."""
    return RedisServer.attached(os.environ["CARETAKER_TEST_REDIS"])


@pytest.fixture
def worker(tmp_path) -> Iterator[Callable[[], subprocess.Popen]]:
    """``worker()`` starts a real Celery worker (solo pool) on the test database; all
    are killed at the end."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "caretaker.settings.base",
        "DATABASE_URL": shared_database_url(),
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "CARETAKER_RESUME_AFTER_SECONDS": "0",
        "CARETAKER_BROKER_VISIBILITY_SECONDS": "5",
        "MEDIA_ROOT": str(settings.MEDIA_ROOT),
    }
    started: list[subprocess.Popen] = []

    def start() -> subprocess.Popen:
        log = tmp_path / f"worker-{len(started)}.log"
        with log.open("w") as output:
            process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "celery",
                    "-A",
                    "caretaker",
                    "worker",
                    "--pool",
                    "solo",
                    "--loglevel",
                    "INFO",
                    "--without-gossip",
                    "--without-mingle",
                    "--without-heartbeat",
                ],
                cwd=ROOT,
                env=env,
                stdout=output,
                stderr=subprocess.STDOUT,
            )
        started.append(process)

        def ready() -> bool:
            if process.poll() is not None:
                raise AssertionError(f"worker exited:\n{log.read_text()}")
            return "ready." in log.read_text()

        wait_for(ready, 120, "worker ready")
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            process.wait(timeout=30)
