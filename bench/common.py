"""What the benchmarks share: progress, percentiles, the machine, free ports."""

from __future__ import annotations

import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from logic.extraction.backends.llama import PROCESS_ENVIRONMENT as LLAMA_ENVIRONMENT

ROOT = Path(__file__).resolve().parents[1]
# The shared dev sets (extraction-dev.jsonl, real-dev.jsonl): beside the checkout,
# or where CARETAKER_EVAL_DIR says.
# The benchmarks load llama.cpp in their own processes, as the app's model process
# does: with its OpenMP waiters sleeping (logic/extraction/backends/llama.py).
for _name, _value in LLAMA_ENVIRONMENT.items():
    os.environ.setdefault(_name, _value)
EVAL_DIR = Path(os.environ.get("CARETAKER_EVAL_DIR") or ROOT.parent / "shared" / "eval")
PYTHON = sys.executable


def progress(area: str, message: str) -> None:
    """One line of progress on stderr, with the time of day."""
    stamp = time.strftime("%H:%M:%S")
    print(f"{stamp} [{area}] {message}", file=sys.stderr, flush=True)


def percentile(values: Sequence[float], share: float) -> float:
    """Nearest-rank percentile (``share`` in 0..1) of ``values``; NaN when empty."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def summary_ms(seconds: Sequence[float]) -> dict[str, float | int]:
    """n, p50, p95, p99, max and mean of durations in seconds, as milliseconds."""
    ms = [s * 1000 for s in seconds]
    return {
        "n": len(ms),
        "p50_ms": round(percentile(ms, 0.50), 1),
        "p95_ms": round(percentile(ms, 0.95), 1),
        "p99_ms": round(percentile(ms, 0.99), 1),
        "max_ms": round(max(ms), 1) if ms else math.nan,
        "mean_ms": round(statistics.fmean(ms), 1) if ms else math.nan,
    }


def growth_exponent(points: Sequence[tuple[float, float]]) -> float:
    """Least-squares slope of log(time) over log(size)."""
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(t) for _, t in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mx) ** 2 for x in xs
    )


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _memory_gib() -> float:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return round(int(line.split()[1]) / 1024 / 1024, 1)
    except OSError:
        pass
    return math.nan


def machine() -> dict[str, object]:
    """The machine a figure was measured on."""
    return {
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "memory_gib": _memory_gib(),
        "python": platform.python_version(),
        "os": f"{platform.system()} {platform.release()}",
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        # Other work on the machine inflates timings; this says how much there was.
        "load_average": round(os.getloadavg()[0], 2),
    }


def machine_line(info: dict[str, object]) -> str:
    """The machine in one line, for figure captions and tables."""
    return (
        f"{info['cpu']}, {info['cores']} cores, {info['memory_gib']} GiB, "
        f"Python {info['python']}, {info['date']}, load {info['load_average']}"
    )


def python_run(env: dict[str, str], *arguments: str, timeout: float = 900) -> str:
    """Run the project's Python with ``arguments`` in ``env`` from the repository
    root and return what it prints; a failure raises with the end of its stderr."""
    done = subprocess.run(
        [PYTHON, *arguments],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(arguments)} failed:\n{done.stderr[-3000:]}")
    return done.stdout


def module_json(
    module: str, arguments: list[str], env: dict[str, str], timeout: int
) -> dict:
    """Run ``python -m module arguments`` in ``env`` and return the JSON its last
    line prints; a failure raises with the end of its stderr."""
    out = python_run(env, "-m", module, *arguments, timeout=timeout)
    return json.loads(out.strip().splitlines()[-1])


def django_child_run(module: str, *arguments: object) -> dict:
    """Run ``python -m module arguments`` with Django set up on a fresh SQLite
    database (no Redis, Celery eager) and return the JSON of its last line."""
    with tempfile.TemporaryDirectory(prefix="bench-django-") as var:
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
        return module_json(module, list(map(str, arguments)), env, 3600)
