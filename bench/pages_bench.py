"""Pages that do not grow with history (issue 24, item 4): the ward dashboard, the
patient page and its series.json, and the two handovers, for a ward whose patients
each have 7 days of 15-minute observations; p50 and p95 per page and the queries each
issues (bounded by ``tests/caretaker/wards/test_bounded_queries.py``)."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from typing import Any

from bench.common import PYTHON, ROOT, progress


def pages_measure(*, beds: int, days: int, repeat: int) -> dict[str, Any]:
    """Every page on a fresh SQLite database, in a child process with Django set
    up (as the ward benchmark's Django part runs)."""
    with tempfile.TemporaryDirectory(prefix="bench-pages-") as var:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "caretaker.settings.base",
            "CARETAKER_VAR_DIR": var,
            "DATABASE_URL": f"sqlite:///{var}/caretaker.sqlite3",
            "REDIS_URL": "",
            "CELERY_BROKER_URL": "memory://",
            "CELERY_TASK_ALWAYS_EAGER": "true",
            "LOG_LEVEL": "WARNING",
        }
        done = subprocess.run(
            [PYTHON, "-m", "bench.pages_django", str(beds), str(days), str(repeat)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=3600,
        )
        if done.returncode != 0:
            raise RuntimeError(f"bench.pages_django failed:\n{done.stderr[-3000:]}")
        return json.loads(done.stdout.strip().splitlines()[-1])


def run(quick: bool = False) -> dict[str, Any]:
    """A ward of 30 beds (5 if quick), 7 days each, every page 30 times (10)."""
    beds, repeat = (5, 10) if quick else (30, 30)
    progress("pages", f"{beds} beds x 7 days of 15-minute observations, seeding")
    measured = pages_measure(beds=beds, days=7, repeat=repeat)
    for page, result in measured["pages"].items():
        progress(
            "pages",
            f"  {page}: p50 {result['p50_ms']} ms, p95 {result['p95_ms']} ms, "
            f"{result['queries']} queries",
        )
    return measured
