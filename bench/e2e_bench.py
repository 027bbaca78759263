"""End-to-end benchmark on the embedded defaults: from the HTTP request that submits
a message (typed, or a 5 s recording) to its confirmation on the bedside websocket.

    .venv/bin/python -m bench.e2e_bench [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import subprocess
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from bench.app import Session, WebSocket, app_server, database_template
from bench.common import progress, summary_ms
from tests.support.voices import espeak_render, wav_seconds

# What a nurse types at the bedside; the values change from message to message.
TYPED = (
    "Temp {t}, pulse {p}, resps 18.",
    "BP 1{p} over 7{d}, sats 9{d} on air.",
    "Pulse {p}, temperature {t}, she's alert.",
    "Resps 2{d}, sats 9{d} percent, pain 3 out of 10.",
)
TIMEOUT_S = 180.0
SPOKEN = (
    "temperature thirty eight point two, pulse ninety six, sats ninety five percent"
)
CLIP_S = 5.0


def clip_spoken(directory: Path) -> Path:
    """About ``CLIP_S`` seconds of a bedside utterance, spoken by espeak-ng at the
    speed that makes it that long."""
    path = espeak_render(SPOKEN, directory / "natural.wav")
    words_per_minute = round(175 * wav_seconds(path) / CLIP_S)
    clip = directory / "clip.wav"
    subprocess.run(
        ["espeak-ng", "-s", str(words_per_minute), "-w", str(clip), SPOKEN], check=True
    )
    return clip


def patient_ids() -> list[int]:
    with sqlite3.connect(database_template()) as db:
        return [
            row[0] for row in db.execute("SELECT id FROM wards_patient ORDER BY id")
        ]


def typed_text(index: int) -> str:
    return TYPED[index % len(TYPED)].format(
        t=f"{36.5 + (index % 20) / 10:.1f}", p=70 + index % 30, d=index % 9
    )


async def _one(
    session: Session,
    socket: WebSocket,
    patient: int,
    fields: dict[str, str],
    files: dict[str, tuple[str, str, bytes]] | None,
    seen: set[int],
) -> tuple[float, str]:
    """Seconds from the POST to the message's final update on the websocket."""
    started = time.perf_counter()
    posting = asyncio.create_task(
        asyncio.to_thread(session.post, f"/patients/{patient}/messages/", fields, files)
    )
    async with asyncio.timeout(TIMEOUT_S):
        while True:
            event = await socket.recv_json()
            if event is None:
                raise ConnectionError("the bedside websocket closed")
            message = event.get("message") or {}
            if event.get("type") != "message.update" or message.get("message") in seen:
                continue
            if message.get("status") in ("solved", "failed"):
                elapsed = time.perf_counter() - started
                break
    answer = await posting
    if answer.get("message") != message.get("message"):
        raise RuntimeError(f"update for another message: {message.get('message')}")
    seen.add(message["message"])
    return elapsed, message["status"]


async def _series(
    url: str, session: Session, patient: int, count: int, audio: bytes | None
) -> dict[str, Any]:
    socket = await WebSocket.connect(
        url, f"/ws/patients/{patient}/", session.cookie_header()
    )
    snapshot = await socket.recv_json() or {}
    seen = {m["message"] for m in snapshot.get("messages", [])}
    label = "audio" if audio else "typed"
    times, statuses = [], []
    try:
        for index in range(count + 1):  # the first one is the cold start
            fields = {"client_id": str(uuid.uuid4())}
            files = None
            if audio:
                files = {"audio": ("clip.wav", "audio/wav", audio)}
            else:
                fields["text"] = typed_text(index)
            seconds, status = await _one(session, socket, patient, fields, files, seen)
            if index == 0:
                cold = seconds
            else:
                times.append(seconds)
                statuses.append(status)
            if index % 5 == 0 or index == count:
                progress("e2e", f"{label} {index}/{count}: {seconds * 1000:.0f} ms")
    finally:
        await socket.close()
    return {
        **summary_ms(times),
        "first_message_ms": round(cold * 1000, 1),
        "solved": statuses.count("solved"),
        "failed": statuses.count("failed"),
    }


def run(quick: bool = False) -> dict[str, Any]:
    """Typed and recorded messages, one at a time, through the served app."""
    count = 5 if quick else 50
    patient = patient_ids()[0]
    with tempfile.TemporaryDirectory(prefix="bench-e2e-") as directory:
        clip = clip_spoken(Path(directory))
        audio, clip_s = clip.read_bytes(), round(wav_seconds(clip), 2)
    with app_server() as url:
        session = Session(url)
        progress("e2e", f"app at {url}; {count} typed messages")
        typed = asyncio.run(_series(url, session, patient, count, None))
        progress("e2e", f"{count} recorded messages ({clip_s} s)")
        spoken = asyncio.run(_series(url, session, patient, count, audio))
    # What the models' own processes cost: the same typed series with the models
    # loaded into the server process (CARETAKER_MODEL_ISOLATION=false).
    with app_server({"CARETAKER_MODEL_ISOLATION": "false"}) as url:
        progress("e2e", f"{count} typed messages, models in the server process")
        inline = asyncio.run(_series(url, Session(url), patient, count, None))
    return {
        "messages": count,
        "typed": typed,
        "audio": {**spoken, "clip_s": clip_s},
        "typed_models_in_server": inline,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    print(json.dumps(run(parser.parse_args().quick), indent=2))


if __name__ == "__main__":
    main()
