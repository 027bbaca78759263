"""A Celery worker that records when each step of a message starts and ends, for
the morning round benchmark: ``python -m bench.round_worker -A caretaker worker ...``
takes Celery's own arguments.

The app is left as it is: this process wraps, in itself only, the functions that
``message_process`` calls by module attribute (transcribe, extract, solve, push) and
listens to Celery's task signals, appending one JSON line per step to
``$BENCH_ROUND_TIMINGS/<pid>.jsonl`` (wall clock, as the driver's).
"""

from __future__ import annotations

import functools
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

_STREAM: dict[str, Any] = {}


def _record(message_id: Any, step: str, start: float, end: float) -> None:
    if "file" not in _STREAM:
        directory = Path(os.environ["BENCH_ROUND_TIMINGS"])
        _STREAM["file"] = (directory / f"{os.getpid()}.jsonl").open("a", buffering=1)
    line = {"message": message_id, "step": step, "start": start, "end": end}
    _STREAM["file"].write(json.dumps(line) + "\n")


def _timed(step: str, function: Callable, message_of: Callable) -> Callable:
    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.time()
        try:
            return function(*args, **kwargs)
        finally:
            _record(message_of(args, kwargs), step, start, time.time())

    return wrapper


def _message_pk(args: tuple, kwargs: dict) -> Any:
    message = kwargs.get("message")
    return getattr(message, "pk", None)


def timing_install() -> None:
    """Wrap the steps of ``message_process`` and stamp each task's start and end."""
    import django

    django.setup()
    from celery.signals import task_postrun, task_prerun

    from caretaker.care import actions, push
    from caretaker.journal import services

    for name, step in (
        ("message_transcribe", "transcription"),
        ("message_extract", "extraction"),
        ("message_solved", "stored"),
    ):
        setattr(services, name, _timed(step, getattr(services, name), _message_pk))
    actions._patient_solve = _timed("solve", actions._patient_solve, _message_pk)
    push.message_push = _timed(
        "push", push.message_push, lambda args, kwargs: args[0] if args else None
    )
    started: dict[str, float] = {}

    @task_prerun.connect(weak=False)
    def _start(task_id: str, task: Any, args: tuple, **_: Any) -> None:
        started[task_id] = time.time()

    @task_postrun.connect(weak=False)
    def _end(task_id: str, task: Any, args: tuple, **_: Any) -> None:
        if task.name.endswith("message_process_task") and task_id in started:
            _record(args[0], "task", started.pop(task_id), time.time())


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "caretaker.settings.base")
    timing_install()
    from celery.__main__ import main

    sys.argv[0] = "celery"
    sys.exit(main())
