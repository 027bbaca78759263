"""A small OpenAI-compatible transcription server on faster-whisper, for tests.

    python -m tests.support.asr_server --port 8123 [--model-name whisper-1]

Serves ``POST /v1/audio/transcriptions`` (multipart: ``file``, ``model``,
``response_format`` json|verbose_json|text, ``language``, ``prompt``,
``timestamp_granularities[]``) and ``GET /v1/models``, with the bundled tiny.en,
answering as faster-whisper-server (speaches) does: ``verbose_json`` carries
``text``, ``segments`` and ``words`` with their ``probability``. Standard library
HTTP only; one request at a time, like a one-GPU ward server.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from email.message import Message
from email.parser import BytesParser
from email.policy import HTTP
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from speech import TranscriptionOptions
from speech.audio import SAMPLE_RATE, audio_decode
from speech.model import model_load
from tests.support.servers import free_port, json_answering, wait_for_http


def form_parse(content_type: str, body: bytes) -> dict[str, bytes]:
    """The fields of a ``multipart/form-data`` body (repeated names: the last)."""
    head = f"Content-Type: {content_type}\r\n\r\n".encode()
    message = BytesParser(policy=HTTP).parsebytes(head + body)
    fields: dict[str, bytes] = {}
    for part in message.iter_parts() if message.is_multipart() else ():
        assert isinstance(part, Message)
        name = part.get_param("name", header="content-disposition")
        payload = part.get_payload(decode=True)
        if isinstance(name, str) and isinstance(payload, bytes):
            fields[name] = payload
    return fields


def verbose_json(audio: bytes, fields: dict[str, bytes]) -> dict[str, Any]:
    """Transcribe ``audio`` with tiny.en as an OpenAI ``verbose_json`` answer."""
    samples = audio_decode(audio, max_seconds=600)
    loaded = model_load(TranscriptionOptions())
    language = fields.get("language", b"en").decode() or None
    prompt = fields.get("prompt", b"").decode() or None
    with loaded.lock:
        raw_segments, info = loaded.whisper.transcribe(
            samples,
            language=language,
            initial_prompt=prompt,
            beam_size=5,
            vad_filter=True,
            word_timestamps=True,
            condition_on_previous_text=False,
        )
        segments = list(raw_segments)
    return {
        "task": "transcribe",
        "language": info.language,
        "duration": len(samples) / SAMPLE_RATE,
        "text": "".join(s.text for s in segments).strip(),
        "segments": [
            {
                "id": s.id,
                "seek": s.seek,
                "start": s.start,
                "end": s.end,
                "text": s.text,
                "tokens": s.tokens,
                "temperature": s.temperature,
                "avg_logprob": s.avg_logprob,
                "compression_ratio": s.compression_ratio,
                "no_speech_prob": s.no_speech_prob,
            }
            for s in segments
        ],
        "words": [
            {
                "word": w.word,
                "start": w.start,
                "end": w.end,
                "probability": w.probability,
            }
            for s in segments
            for w in s.words or ()
        ],
    }


class TranscriptionHandler(BaseHTTPRequestHandler):
    """``/v1/audio/transcriptions`` and ``/v1/models``; ``model`` must match."""

    model_name = "whisper-1"

    def _answer(self, status: int, body: dict[str, Any] | str) -> None:
        raw = (body if isinstance(body, str) else json.dumps(body)).encode()
        self.send_response(status)
        kind = "text/plain" if isinstance(body, str) else "application/json"
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def do_GET(self) -> None:  # noqa: N802
        if self.path.rstrip("/") != "/v1/models":
            self._answer(404, {"error": {"message": "not found"}})
            return
        model = {"id": self.model_name, "object": "model", "owned_by": "caretaker"}
        self._answer(200, {"object": "list", "data": [model]})

    def do_POST(self) -> None:  # noqa: N802
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if self.path.rstrip("/") != "/v1/audio/transcriptions":
            self._answer(404, {"error": {"message": "not found"}})
            return
        fields = form_parse(self.headers.get("Content-Type", ""), body)
        model = fields.get("model", b"").decode()
        if model != self.model_name or "file" not in fields:
            message = f"model {model!r} is not served here, or no file"
            self._answer(400, {"error": {"message": message}})
            return
        answer = verbose_json(fields["file"], fields)
        kind = fields.get("response_format", b"json").decode()
        if kind == "text":
            self._answer(200, answer["text"])
        elif kind == "verbose_json":
            self._answer(200, answer)
        else:
            self._answer(200, {"text": answer["text"]})

    def log_message(self, *arguments: object) -> None:
        pass


@contextmanager
def asr_server(model_name: str = "whisper-1") -> Iterator[str]:
    """This server in a process of its own on a free loopback port, serving the
    bundled tiny.en as ``model_name``; yields its ``/v1`` base URL."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="caretaker-asr-") as directory:
        log = Path(directory) / "server.log"
        with log.open("wb") as output:
            process = subprocess.Popen(
                [sys.executable, "-m", "tests.support.asr_server", "--port",
                 str(port), "--model-name", model_name],
                stdout=output, stderr=subprocess.STDOUT,
            )  # fmt: skip
        url = f"http://127.0.0.1:{port}/v1"
        try:
            wait_for_http(f"{url}/models", process, seconds=120, log=log)
            yield url
        finally:
            process.terminate()
            process.wait(timeout=30)


def failing_server(status: int) -> AbstractContextManager[str]:
    """A recogniser whose GPU fell over: every request answers HTTP ``status``."""
    return json_answering(status, {"error": {"message": "CUDA out of memory"}})


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--model-name", default="whisper-1")
    arguments = parser.parse_args()
    TranscriptionHandler.model_name = arguments.model_name
    model_load(TranscriptionOptions())  # before the port opens: ready means ready
    # One request at a time: the model's lock serialises them anyway.
    server = ThreadingHTTPServer((arguments.host, arguments.port), TranscriptionHandler)
    server.serve_forever()


if __name__ == "__main__":
    main()
