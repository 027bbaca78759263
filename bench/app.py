"""The app on loopback for the end-to-end benchmarks: a prepared SQLite database, the
server as `manage.py runserver` (uvicorn) serves it, a logged-in HTTP session and a
minimal websocket client (no dependency beyond the standard library)."""

from __future__ import annotations

import asyncio
import atexit
import base64
import http.cookiejar
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from bench.common import PYTHON, ROOT
from tests.support.servers import app_served

DEMO_PASSWORD = "caretaker-demo"
# The embedded defaults, as `make run` has them; a bench may override any of them.
EMBEDDED = {
    "DJANGO_SETTINGS_MODULE": "caretaker.settings.base",
    "REDIS_URL": "",
    "CELERY_BROKER_URL": "memory://",
    "CELERY_TASK_ALWAYS_EAGER": "true",
    # One user sends every message of a run: lift the per-user rate limit.
    "CARETAKER_MESSAGE_RATE": "100000/m",
    "LOG_LEVEL": "WARNING",
}
_TEMPLATE: dict[str, Path] = {}


def _env(var: Path, extra: dict[str, str]) -> dict[str, str]:
    return {
        **os.environ,
        **EMBEDDED,
        "CARETAKER_VAR_DIR": str(var),
        "DATABASE_URL": f"sqlite:///{var / 'caretaker.sqlite3'}",
        "MEDIA_ROOT": str(var / "media"),
        **extra,
    }


def database_prepared(script: str) -> Path:
    """A copy of the demo database after ``manage.py shell -c script`` ran on it."""
    var = Path(tempfile.mkdtemp(prefix="bench-db-"))
    atexit.register(shutil.rmtree, var, ignore_errors=True)
    shutil.copy(database_template(), var / "caretaker.sqlite3")
    _manage(_env(var, {}), "shell", "-c", script)
    return var / "caretaker.sqlite3"


def _manage(env: dict[str, str], *arguments: str) -> None:
    subprocess.run(
        [PYTHON, "manage.py", *arguments],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        timeout=600,
    )


def database_template() -> Path:
    """A migrated SQLite database with the demo ward, made once per process."""
    if "path" not in _TEMPLATE:
        var = Path(tempfile.mkdtemp(prefix="bench-template-"))
        atexit.register(shutil.rmtree, var, ignore_errors=True)
        env = _env(var, {})
        _manage(env, "migrate", "--noinput", "-v0")
        _manage(env, "demo_setup")
        _TEMPLATE["path"] = var / "caretaker.sqlite3"
    return _TEMPLATE["path"]


@contextmanager
def app_server(
    extra_env: dict[str, str] | None = None, *, database: Path | None = None
) -> Iterator[str]:
    """The app on a free loopback port over a fresh copy of the demo database (or of
    ``database``); yields its base URL and stops it after."""
    var = Path(tempfile.mkdtemp(prefix="bench-app-"))
    shutil.copy(database or database_template(), var / "caretaker.sqlite3")
    env = _env(var, extra_env or {})
    try:
        with app_served(env, var / "server.log") as (url, _):
            yield url
    finally:
        if os.environ.get("BENCH_KEEP_LOGS"):
            print(f"server log kept in {var / 'server.log'}", file=sys.stderr)
        else:
            shutil.rmtree(var, ignore_errors=True)


class Session:
    """A logged-in browser, as far as cookies and CSRF go (urllib and a cookie jar)."""

    def __init__(self, url: str, username: str = "nurse") -> None:
        self.url = url
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar)
        )
        self.opener.open(f"{url}/accounts/login/", timeout=30).read()
        form = {
            "username": username,
            "password": DEMO_PASSWORD,
            "csrfmiddlewaretoken": self.cookie("csrftoken"),
        }
        response = self.opener.open(
            f"{url}/accounts/login/", urllib.parse.urlencode(form).encode(), timeout=30
        )
        response.read()
        if not self.cookie("sessionid"):
            raise RuntimeError(f"login as {username} failed")

    def cookie(self, name: str) -> str:
        return next((c.value or "" for c in self.jar if c.name == name), "")

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def post(
        self,
        path: str,
        fields: dict[str, str],
        files: dict[str, tuple[str, str, bytes]] | None = None,
    ) -> dict[str, Any]:
        """POST a multipart form with the CSRF token; the JSON answer."""
        boundary = uuid.uuid4().hex
        parts = []
        for name, value in fields.items():
            parts.append(
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
                f"{value}\r\n".encode()
            )
        for name, (filename, content_type, data) in (files or {}).items():
            parts.append(
                (
                    f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
                    f'filename="{filename}"\r\nContent-Type: {content_type}\r\n\r\n'
                ).encode()
                + data
                + b"\r\n"
            )
        body = b"".join(parts) + f"--{boundary}--\r\n".encode()
        request = urllib.request.Request(
            f"{self.url}{path}",
            data=body,
            method="POST",
            headers={
                "Content-Type": f"multipart/form-data; boundary={boundary}",
                "X-CSRFToken": self.cookie("csrftoken"),
                "Referer": f"{self.url}/",
            },
        )
        with self.opener.open(request, timeout=300) as response:
            return json.loads(response.read())


class WebSocket:
    """A websocket client for loopback benchmarks: text frames, pings answered."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.reader, self.writer = reader, writer

    @classmethod
    async def connect(cls, url: str, path: str, cookie: str) -> WebSocket:
        host, port = urllib.parse.urlsplit(url).netloc.split(":")
        reader, writer = await asyncio.open_connection(host, int(port), limit=2**24)
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write(
            (
                f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                f"Origin: http://{host}:{port}\r\nCookie: {cookie}\r\n\r\n"
            ).encode()
        )
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            writer.close()
            raise ConnectionError(f"websocket refused: {head[:80]!r}")
        return cls(reader, writer)

    async def _frame(self, opcode: int, payload: bytes) -> None:
        mask = os.urandom(4)
        length = len(payload)
        if length < 126:
            head = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
        elif length < 2**16:
            head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length)
        else:
            head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, length)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.writer.write(head + mask + masked)
        await self.writer.drain()

    async def send(self, text: str) -> None:
        await self._frame(0x1, text.encode())

    async def recv(self) -> str | None:
        """The next text message, or None once the server closed."""
        data = b""
        while True:
            first, second = await self.reader.readexactly(2)
            opcode, length = first & 0x0F, second & 0x7F
            if length == 126:
                (length,) = struct.unpack("!H", await self.reader.readexactly(2))
            elif length == 127:
                (length,) = struct.unpack("!Q", await self.reader.readexactly(8))
            mask = await self.reader.readexactly(4) if second & 0x80 else b""
            payload = await self.reader.readexactly(length)
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            if opcode == 0x8:
                return None
            if opcode == 0x9:
                await self._frame(0xA, payload)
                continue
            if opcode in (0x0, 0x1, 0x2):
                data += payload
                if first & 0x80:
                    return data.decode()

    async def recv_json(self) -> dict[str, Any] | None:
        text = await self.recv()
        return None if text is None else json.loads(text)

    async def close(self) -> None:
        with suppress(ConnectionError, RuntimeError):
            await self._frame(0x8, struct.pack("!H", 1000))
        self.writer.close()
        with suppress(TimeoutError, ConnectionError, OSError):
            await asyncio.wait_for(self.writer.wait_closed(), 5)
