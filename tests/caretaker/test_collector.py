"""The web process's collector settings take effect where the server loads the app."""

import json
import os
import subprocess
import sys
from pathlib import Path

from caretaker.collector import YOUNG_THRESHOLD

ROOT = Path(__file__).resolve().parents[2]

PROBE = (
    "import gc, json, caretaker.asgi; "
    "print(json.dumps([gc.get_freeze_count(), gc.get_threshold()]))"
)


def test_loading_the_asgi_app_freezes_it_and_collects_young_objects_less_often():
    # A process of its own: the test process's collector stays as pytest set it.
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "caretaker.settings.base"}
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    frozen, thresholds = json.loads(done.stdout.strip().splitlines()[-1])
    # The loaded Django app is tens of thousands of objects, none of them collected
    # again by a full pass.
    assert frozen > 20_000
    assert thresholds[0] == YOUNG_THRESHOLD
    assert thresholds[1:] == list(_cpython_older_thresholds())


def _cpython_older_thresholds() -> tuple[int, int]:
    """The older generations keep CPython's defaults (read in a fresh interpreter)."""
    done = subprocess.run(
        [sys.executable, "-c", "import gc; print(*gc.get_threshold()[1:])"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    middle, old = done.stdout.split()
    return int(middle), int(old)
