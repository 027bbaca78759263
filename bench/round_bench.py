"""The morning round, measured: a 40-ward hospital (1,200 patients, a week of history
each) sends every patient's observation set within 30 minutes, nurses walking their
wards bed by bed (bench/round_schedule.py); 80 % typed, 20 % 5 s recordings. Served
in the production configuration (PostgreSQL, Redis, uvicorn, Celery workers with the
models in processes of their own) with 1 and 2 workers.

    .venv/bin/python -m bench.round_bench [--quick] [--slice-s S] [--workers 1 2]

The round's arrival rate is kept and a time slice of it is run (its busiest
``--slice-s`` seconds; BENCH_ROUND_SLICE_S, default 300; 60 with --quick). Each set
is POSTed to the bedside endpoint as its nurse sends it, with the patient's bedside
websocket open; latency is the POST to the final ``message.update`` on that socket.
Workers run under bench.round_worker, which stamps each step of each message, so
the latency splits into queue wait, transcription, extraction, solve and push.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import tempfile
import time
import uuid
import wave
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.app import Session, WebSocket
from bench.common import progress, summary_ms
from bench.hospital import Hospital, app, hospital, workers
from bench.round_schedule import (
    ROUND_S,
    Arrival,
    arrivals_per_minute,
    busiest_slice,
    round_schedule,
)
from tests.support.voices import piper_render, wav_seconds

SLICE_S = float(os.environ.get("BENCH_ROUND_SLICE_S") or 300)
QUICK_SLICE_S = 60.0
WORKERS = (1, 2)
DRAIN_S = 900.0  # after the slice: how long unfinished messages are waited for
SOCKET_LEAD_S = 2.0  # the bedside page is open before the nurse sends
TARGET_P95_S = 10.0
CLIP_S = 5.0
SPOKEN = (
    "Resps sixteen, sats ninety seven, B P one twenty four over seventy eight, "
    "pulse eighty two, temp thirty six point eight.",
    "Resps eighteen, sats ninety six on air, B P one thirty over eighty, "
    "pulse seventy six, temp thirty seven point one.",
    "Sats ninety eight, resps fourteen, pulse sixty eight, B P one eighteen over "
    "seventy, temperature thirty six point five.",
)
STEPS = ("transcription", "extraction", "solve", "stored")


@dataclass
class Sent:
    arrival: Arrival
    posted: float = 0.0
    answered: float = 0.0
    received: float = 0.0
    status: str = ""
    message: int = 0
    error: str = ""
    steps: dict[str, tuple[float, float]] = field(default_factory=dict)


def recordings(directory: Path) -> list[tuple[bytes, float]]:
    """The spoken sets in the neural test voice (piper, en_US-joe-medium), sped up
    to about ``CLIP_S`` seconds (never more than 1.4x); bytes and length."""
    from piper.config import SynthesisConfig

    from tests.support.voices import _piper_voice

    clips = []
    for index, words in enumerate(SPOKEN):
        path = piper_render(words, directory / f"natural{index}.wav")
        scale = max(CLIP_S / wav_seconds(path), 1 / 1.4)
        if scale < 1:
            with wave.open(str(path), "wb") as output:
                _piper_voice().synthesize_wav(
                    words, output, syn_config=SynthesisConfig(length_scale=scale)
                )
        clips.append((path.read_bytes(), round(wav_seconds(path), 2)))
    return clips


async def _until(moment: float) -> None:
    await asyncio.sleep(max(0.0, moment - time.time()))


async def _finals(socket: WebSocket, finals: dict[int, tuple[float, str]]) -> None:
    """Every final ``message.update`` on the bedside socket, by message id."""
    while (event := await socket.recv_json()) is not None:
        message = event.get("message") or {}
        if event.get("type") == "message.update" and message.get("status") in (
            "solved",
            "failed",
        ):
            finals.setdefault(message["message"], (time.time(), message["status"]))


async def _send(
    url: str, session: Session, patient: int, sent: Sent, start: float, clips: list
) -> None:
    """One nurse at one bed: page open, set sent at its time, confirmation awaited."""
    await _until(start + sent.arrival.at - SOCKET_LEAD_S)
    socket = await WebSocket.connect(
        url, f"/ws/patients/{patient}/", session.cookie_header()
    )
    finals: dict[int, tuple[float, str]] = {}
    try:
        await socket.recv_json()  # the snapshot
        reading = asyncio.create_task(_finals(socket, finals))
        await _until(start + sent.arrival.at)
        fields, files = {"client_id": str(uuid.uuid4())}, None
        if sent.arrival.spoken:
            audio = clips[sent.arrival.bed % len(clips)][0]
            files = {"audio": ("set.wav", "audio/wav", audio)}
        else:
            fields["text"] = sent.arrival.text
        sent.posted = time.time()
        answer = await asyncio.to_thread(
            session.post, f"/patients/{patient}/messages/", fields, files
        )
        sent.answered, sent.message = time.time(), answer["message"]
        while sent.message not in finals:
            if reading.done():
                raise ConnectionError("the bedside websocket closed")
            await asyncio.sleep(0.05)
        sent.received, sent.status = finals[sent.message]
        reading.cancel()
    except Exception as error:  # recorded, and the round goes on
        sent.error = f"{type(error).__name__}: {error}"
    finally:
        await socket.close()


async def _warm(url: str, session: Session, patient: int, clips: list, n: int) -> None:
    """Each worker loads its models on its first messages: not part of the round."""
    warm = [
        Sent(Arrival(0.0, 0, bed, bed % 2 == 1, "Pulse 80, temp 36.9."))
        for bed in range(2 * n)
    ]
    start = time.time() + SOCKET_LEAD_S
    await asyncio.gather(*(_send(url, session, patient, s, start, clips) for s in warm))


async def _round(
    url: str, ids: dict[str, int], arrivals: list, clips: list, count: int
) -> list[Sent]:
    asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(64))
    session = Session(url)
    await _warm(url, session, ids["RN1001"], clips, count)
    first = arrivals[0].at
    start = time.time() + SOCKET_LEAD_S + 1 - first
    sent = [Sent(a) for a in arrivals]
    tasks = [
        asyncio.create_task(_send(url, session, ids[s.arrival.record], s, start, clips))
        for s in sent
    ]
    deadline = start + arrivals[-1].at + DRAIN_S
    done, pending = await asyncio.wait(tasks, timeout=deadline - time.time())
    for task in pending:
        task.cancel()
    for s in sent:
        if not s.received and not s.error:
            s.error = f"no confirmation within {DRAIN_S:.0f} s after the slice"
    return sent


def _steps_read(directory: Path, sent: list[Sent]) -> None:
    """Attach the workers' stamps (bench.round_worker) to each message."""
    by_id = {s.message: s for s in sent if s.message}
    for path in directory.glob("*.jsonl"):
        for line in path.read_text().splitlines():
            stamp = json.loads(line)
            if stamp["message"] in by_id:
                by_id[stamp["message"]].steps[stamp["step"]] = (
                    stamp["start"],
                    stamp["end"],
                )


def _stages(s: Sent) -> dict[str, float] | None:
    """Where one message's time went, in seconds; None without the worker's stamps."""
    if "task" not in s.steps or "push" not in s.steps:
        return None
    steps = {k: v[1] - v[0] for k, v in s.steps.items()}
    task_start, push_start = s.steps["task"][0], s.steps["push"][0]
    inside = sum(steps.get(k, 0.0) for k in STEPS)
    return {
        "submit (HTTP, store, enqueue)": s.answered - s.posted,
        "queue wait": max(0.0, task_start - s.answered),
        **{k: steps.get(k, 0.0) for k in STEPS},
        "lock, rules, status (rest of the task)": push_start - task_start - inside,
        "push to the bedside socket": s.received - push_start,
    }


def _breakdown(sent: list[Sent]) -> dict[str, Any]:
    """Per stage, per kind of message: mean, p50 and p95 in milliseconds."""
    result: dict[str, Any] = {}
    for kind, spoken in (("typed", False), ("recording", True)):
        rows = [st for s in sent if s.arrival.spoken == spoken if (st := _stages(s))]
        if rows:
            result[kind] = {
                stage: summary_ms([row[stage] for row in rows]) for stage in rows[0]
            }
    return result


def _depth(sent: list[Sent], start: float, step: float = 1.0) -> dict[str, list]:
    """Messages waiting for a worker, and in the system (sent, not yet confirmed),
    each ``step`` seconds from the first send to the last confirmation."""
    ok = [s for s in sent if s.received and "task" in s.steps]
    end = max(s.received for s in ok)
    times = [start + i * step for i in range(int((end - start) / step) + 2)]
    return {
        "t_s": [round(t - start, 1) for t in times],
        "waiting": [sum(s.answered <= t < s.steps["task"][0] for s in ok) for t in times],
        "in_system": [sum(s.posted <= t < s.received for s in ok) for t in times],
    }  # fmt: skip


def _summary(sent: list[Sent], count: int) -> dict[str, Any]:
    ok = [s for s in sent if s.received]
    tasks = [s.steps["task"] for s in ok if "task" in s.steps]
    first, last = min(s.posted for s in sent), max(s.received for s in ok)
    busy = sum(end - begin for begin, end in tasks)
    latency = {
        kind: summary_ms([s.received - s.posted for s in ok if s.arrival.spoken == sp])
        for kind, sp in (("typed", False), ("recording", True))
    }
    return {
        "workers": count,
        "messages": len(sent),
        "confirmed": len(ok),
        "failed": sum(s.status == "failed" for s in ok),
        "errors": sorted({s.error for s in sent if s.error})[:5],
        "unconfirmed": len(sent) - len(ok),
        **summary_ms([s.received - s.posted for s in ok]),
        "by_kind": latency,
        "elapsed_s": round(last - first, 1),
        "throughput_per_s": round(len(ok) / (last - first), 3),
        "per_worker_per_s": round(len(ok) / (last - first) / count, 3),
        # What one worker can do when it is never idle: 1 / its mean task time.
        "service_s_mean": round(statistics.fmean(e - b for b, e in tasks), 3),
        "service_per_worker_per_s": round(len(tasks) / busy, 3) if busy else None,
        "worker_busy_share": round(busy / count / (last - first), 3),
        "stages": _breakdown(sent),
        "depth": _depth(sent, first),
    }


def _configuration(place: Hospital, count: int, arrivals: list, clips: list) -> dict:
    timings = Path(tempfile.mkdtemp(prefix="bench-round-steps-", dir=place.var))
    extra = {"BENCH_ROUND_TIMINGS": str(timings)}
    with app(place) as (url, _), workers(place, count, module="bench.round_worker",
                                         extra=extra):  # fmt: skip
        progress("round", f"{count} worker(s): {len(arrivals)} sets")
        sent = asyncio.run(_round(url, place.patient_ids, arrivals, clips, count))
    _steps_read(timings, sent)
    result = _summary(sent, count)
    progress(
        "round",
        f"  p50 {result['p50_ms']:.0f} ms, p95 {result['p95_ms']:.0f} ms, "
        f"{result['per_worker_per_s']} /s per worker, busy "
        f"{result['worker_busy_share']}, unconfirmed {result['unconfirmed']}",
    )
    return result


def run(
    quick: bool = False,
    slice_s: float | None = None,
    counts: tuple[int, ...] = WORKERS,
) -> dict[str, Any]:
    """The busiest slice of the round with each worker count."""
    slice_s = slice_s or (QUICK_SLICE_S if quick else SLICE_S)
    schedule = round_schedule()
    offset, arrivals = busiest_slice(schedule, slice_s)
    with tempfile.TemporaryDirectory(prefix="bench-round-") as directory:
        clips = recordings(Path(directory))
    results: dict[str, Any] = {
        "round_s": ROUND_S,
        "round_sets": len(schedule),
        "per_minute": arrivals_per_minute(schedule),
        "slice_s": slice_s,
        "slice_offset_s": offset,
        "slice_sets": len(arrivals),
        "slice_spoken": sum(a.spoken for a in arrivals),
        "clip_s": [length for _, length in clips],
        "target_p95_s": TARGET_P95_S,
        "runs": {},
    }
    with hospital(area="round") as place:
        results["hospital"] = place.seeded
        for count in counts:
            results["runs"][str(count)] = _configuration(place, count, arrivals, clips)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--slice-s", type=float, help=f"default {SLICE_S:g}")
    parser.add_argument("--workers", type=int, nargs="+", default=list(WORKERS))
    arguments = parser.parse_args()
    results = run(arguments.quick, arguments.slice_s, tuple(arguments.workers))
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
