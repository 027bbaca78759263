"""Throughput benchmark: typed messages per minute with 1, 2 and 4 Celery workers
on PostgreSQL and Redis, and where the time of one message goes (cProfile).

    .venv/bin/python -m bench.throughput_bench [--quick]

Each worker is `celery -A caretaker worker --pool solo`; the language model's
threads are shared out, CARETAKER_LLM_THREADS = max(1, cores // workers), so that
the workers together do not ask for more threads than the machine has cores.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from bench.common import PYTHON, ROOT, module_json, progress
from tests.support.servers import PostgresServer, RedisServer

WORKERS = (1, 2, 4)


def _driver(env: dict[str, str], *arguments: str) -> dict[str, Any]:
    return module_json("bench.throughput_driver", list(arguments), env, 2400)


def _workers_start(env: dict[str, str], count: int, logs: Path):
    threads = str(max(1, (os.cpu_count() or 1) // count))
    processes = []
    for index in range(count):
        log = (logs / f"worker{count}-{index}.log").open("w")
        processes.append(
            subprocess.Popen(
                [
                    PYTHON,
                    "-m",
                    "celery",
                    "-A",
                    "caretaker",
                    "worker",
                    "--pool",
                    "solo",
                    "-n",
                    f"bench{index}@%h",
                    "--without-gossip",
                    "--without-mingle",
                    "--loglevel",
                    "WARNING",
                ],
                cwd=ROOT,
                env={**env, "CARETAKER_LLM_THREADS": threads},
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        )
    return processes


def workers_stop(processes) -> None:
    """Terminate the worker processes, killing those that do not stop in 60 s."""
    for process in processes:
        process.terminate()
    for process in processes:
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)


def run(quick: bool = False) -> dict[str, Any]:
    """Messages per minute per worker count, and the profile of one message."""
    count = 4 if quick else 40
    postgres, redis = PostgresServer().create(), RedisServer().start()
    var = Path(tempfile.mkdtemp(prefix="bench-throughput-"))
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "caretaker.settings.base",
        "DATABASE_URL": postgres.url,
        "REDIS_URL": redis.url + "?socket_timeout=30",  # see bench/fanout_bench.py
        "CELERY_BROKER_URL": redis.url,
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "CARETAKER_VAR_DIR": str(var),
        "MEDIA_ROOT": str(var / "media"),
        "LOG_LEVEL": "WARNING",
    }
    results: dict[str, Any] = {"messages": count, "runs": {}}
    try:
        subprocess.run(
            [PYTHON, "manage.py", "migrate", "--noinput", "-v0"],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            timeout=600,
        )
        for workers in WORKERS:
            progress("throughput", f"{workers} worker(s): starting")
            processes = _workers_start(env, workers, var)
            try:
                # Each worker loads the language model on its first message.
                _driver(env, "submit", str(2 * workers))
                progress("throughput", f"{workers} worker(s): {count} messages")
                measured = _driver(env, "submit", str(count))
            finally:
                workers_stop(processes)
            results["runs"][str(workers)] = measured
            progress(
                "throughput",
                f"  {measured['per_minute']} messages/minute "
                f"({measured['elapsed_s']} s, {measured['failed']} failed)",
            )
        progress("throughput", "profile of one message (cProfile)")
        results["profile"] = _driver(
            {**env, "CARETAKER_LLM_THREADS": str(os.cpu_count() or 1)}, "profile"
        )
    finally:
        redis.stop()
        postgres.destroy()
        shutil.rmtree(var, ignore_errors=True)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    print(json.dumps(run(parser.parse_args().quick), indent=2))


if __name__ == "__main__":
    main()
