"""No debug page reaches another computer: `make run` serves this computer only, and
the server refuses to listen on the network while DEBUG is on."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.servers import free_port

ROOT = Path(__file__).resolve().parents[3]


def runserver(address: str, debug: str) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "DEBUG": debug,
        "DJANGO_SETTINGS_MODULE": "caretaker.settings.base",
    }
    return subprocess.run(
        [sys.executable, "manage.py", "runserver", address],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "ward-pc.example"])
def test_debug_on_the_network_is_refused_with_the_way_to_open_it(host):
    address = f"[{host}]:{free_port()}" if ":" in host else f"{host}:{free_port()}"
    done = runserver(address, "true")
    assert done.returncode != 0
    assert "refusing to serve" in done.stderr and "DEBUG off" in done.stderr
    assert "make run HOST=0.0.0.0" in done.stderr


def make_dry_run(*arguments: str) -> str:
    done = subprocess.run(
        ["make", "-n", "run", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return done.stdout


def test_make_run_serves_this_computer_only_by_default():
    plan = make_dry_run()
    assert 'case "127.0.0.1"' in plan
    assert "runserver 127.0.0.1:8000" in plan


def test_make_run_opened_to_the_ward_runs_with_debug_off():
    plan = make_dry_run("HOST=0.0.0.0")
    assert "DEBUG=false" in plan and "runserver 0.0.0.0:8000" in plan
