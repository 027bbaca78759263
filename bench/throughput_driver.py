"""Child process of the throughput benchmark, with Django set up on PostgreSQL and
Redis: `python -m bench.throughput_driver submit COUNT` queues COUNT typed messages
and waits until the workers have finished them; `python -m bench.throughput_driver
profile` processes one message in this process under cProfile. Prints one JSON line.
"""

from __future__ import annotations

import cProfile
import io
import json
import pstats
import sys
import time
import uuid

import django

PATIENTS = 16
TIMEOUT_S = 1800.0
TEXTS = (
    "Temp {t}, pulse {p}, resps 18.",
    "BP 1{p} over 7{d}, sats 9{d} on air.",
    "Pulse {p}, temperature {t}, she's alert.",
    "Resps 2{d}, sats 9{d} percent, pain 3 out of 10.",
)
# Stages of message_process, by file and function, for the profile summary.
STAGES = (
    ("caretaker/journal/services.py", "message_process", "whole message"),
    ("caretaker/journal/services.py", "message_transcribe", "transcribe (typed: copy)"),
    ("caretaker/journal/services.py", "message_extract", "extract"),
    ("logic/extraction/guide.py", "guide_build", "  guide"),
    ("logic/extraction/backends/llama.py", "generate", "  language model"),
    ("llama_cpp/_internals.py", "decode", "    forward passes (decode)"),
    (
        "llama_cpp/_internals.py",
        "sample",
        "    llama.cpp sampler (grammar sampling; none with choice decoding)",
    ),
    ("caretaker/care/actions.py", "_patient_solve", "solve and alert"),
    ("logic/state.py", "patient_state_solve", "  clingo: build, ground, solve"),
    ("caretaker/alerts/services.py", "alerts_raise", "  alerts"),
    ("caretaker/care/push.py", "message_push", "push to websockets"),
)


def text(index: int) -> str:
    return TEXTS[index % len(TEXTS)].format(
        t=f"{36.5 + (index % 20) / 10:.1f}", p=70 + index % 30, d=index % 9
    )


def patients():
    from caretaker.wards.services import patient_admit

    return [
        patient_admit(
            record_number=f"T{i:03}",
            name=f"Throughput {i}",
            ward_code="bench",
            bed=str(i),
        )[0]
        for i in range(PATIENTS)
    ]


def submit(count: int) -> dict:
    """Queue ``count`` messages round-robin over the patients; wait for all."""
    from caretaker.care.submissions import message_submit
    from caretaker.journal.models import Message

    beds = patients()
    started = time.perf_counter()
    ids = [
        message_submit(
            patient=beds[i % len(beds)], text=text(i), client_id=uuid.uuid4()
        ).pk
        for i in range(count)
    ]
    queued = time.perf_counter() - started
    finished = Message.objects.filter(pk__in=ids, status__in=["solved", "failed"])
    while finished.count() < count:
        if time.perf_counter() - started > TIMEOUT_S:
            raise TimeoutError(
                f"{finished.count()}/{count} messages after {TIMEOUT_S} s"
            )
        time.sleep(0.1)
    elapsed = time.perf_counter() - started
    failed = Message.objects.filter(pk__in=ids, status="failed").count()
    return {
        "messages": count,
        "queued_s": round(queued, 2),
        "elapsed_s": round(elapsed, 2),
        "failed": failed,
        "per_minute": round(count / elapsed * 60, 1),
    }


def profile() -> dict:
    """One typed message through ``message_process`` under cProfile (after one
    message that loads the language model)."""
    from django.utils import timezone

    from caretaker.care.actions import message_process
    from caretaker.journal.models import Message

    bed = patients()[0]

    def create(index: int) -> int:
        return Message.objects.create(
            patient=bed, text=text(index), said_at=timezone.now()
        ).pk

    message_process(message_id=create(0))
    message_id = create(1)
    profiler = cProfile.Profile()
    started = time.perf_counter()
    profiler.enable()
    message_process(message_id=message_id)
    profiler.disable()
    total = time.perf_counter() - started
    stats = pstats.Stats(profiler)
    stages = []
    for path, name, label in STAGES:
        cumulative = sum(
            row[3]
            for (filename, _, function), row in stats.stats.items()
            if function == name and filename.endswith(path)
        )
        stages.append({"stage": label, "ms": round(cumulative * 1000, 1)})
    listing = io.StringIO()
    pstats.Stats(profiler, stream=listing).sort_stats("cumulative").print_stats(25)
    status = Message.objects.get(pk=message_id).status
    return {
        "total_ms": round(total * 1000, 1),
        "status": status,
        "stages": stages,
        "top_cumulative": listing.getvalue(),
    }


if __name__ == "__main__":
    django.setup()
    if sys.argv[1] == "submit":
        print(json.dumps(submit(int(sys.argv[2]))))
    else:
        print(json.dumps(profile()))
