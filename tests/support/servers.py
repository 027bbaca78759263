"""Private PostgreSQL and Redis servers on loopback, started, killed and restarted by
the tests themselves (Debian's postgresql and redis-server packages).

Each lives in its own temporary directory on a free port, so the suite never touches
a server the machine already runs.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_for_port(port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError(f"nothing answers on 127.0.0.1:{port} after {seconds} s")


@contextmanager
def app_served(
    env: dict[str, str], log_path: Path, *, headers: Mapping[str, str] | None = None
) -> Iterator[tuple[str, subprocess.Popen]]:
    """The app as ``make run`` serves it (``manage.py runserver``: uvicorn) on a free
    loopback port with ``env``, logging to ``log_path``; its base URL and process,
    once it answers (asked with ``headers``: behind a proxy, its ``Host`` and
    ``X-Forwarded-Proto``). Stopped (SIGTERM, then SIGKILL after 30 s) on leaving."""
    port = free_port()
    with log_path.open("w") as log:
        server = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}"],
            cwd=Path(__file__).resolve().parents[2],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        url = f"http://127.0.0.1:{port}"
        try:
            wait_for_http(
                f"{url}/accounts/login/", server, log=log_path, headers=headers
            )
            yield url, server
        finally:
            if server.poll() is None:
                server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(timeout=30)


def wait_for_http(
    url: str,
    process: subprocess.Popen,
    *,
    seconds: float = 120,
    log: Path | None = None,
    headers: Mapping[str, str] | None = None,
) -> None:
    """Return once ``url`` answers (asked with ``headers``); raise (with ``log``'s
    text) if ``process`` exits first or nothing answers within ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(
                urllib.request.Request(url, headers=dict(headers or {})), timeout=2
            )
            return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                detail = f":\n{log.read_text()}" if log is not None else ""
                raise RuntimeError(f"{url} did not answer{detail}") from None
            time.sleep(0.3)


def _postgres_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}")) or [
        shutil.which(name) or ""
    ]
    if not found[-1]:
        raise RuntimeError(f"{name} not found: install Debian's postgresql package")
    return found[-1]


class PostgresServer:
    """A throw-away PostgreSQL cluster (trust authentication, loopback only), set up
    as production should be: an administrator (superuser ``postgres``) and the app's
    role ``caretaker``, no superuser, which may create databases only so that Django's
    test runner can create and drop ``test_caretaker``. The database ``caretaker``
    belongs to the administrator; the app role may create tables in it."""

    ADMIN, APP = "postgres", "caretaker"

    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.directory = Path(tempfile.mkdtemp(prefix="caretaker-pg-"))
        self.data = self.directory / "data"
        self._as_root = os.geteuid() == 0  # PostgreSQL refuses to run as root

    @property
    def url(self) -> str:
        """The app role's URL (DATABASE_URL)."""
        return f"postgres://{self.APP}@127.0.0.1:{self.port}/caretaker"

    @property
    def admin_url(self) -> str:
        """The administrator's URL (CARETAKER_AUDIT_ADMIN_URL)."""
        return f"postgres://{self.ADMIN}@127.0.0.1:{self.port}/caretaker"

    @property
    def address(self) -> str:
        """``DIRECTORY:PORT``, for :meth:`attached` in another process."""
        return f"{self.directory}:{self.port}"

    @classmethod
    def attached(cls, address: str) -> PostgresServer:
        """A handle on a server another process created (to kill and restart it)."""
        directory, port = address.rsplit(":", 1)
        server = cls(int(port))
        shutil.rmtree(server.directory, ignore_errors=True)
        server.directory, server.data = Path(directory), Path(directory) / "data"
        return server

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self._as_root else []
        subprocess.run(
            [*prefix, *command], check=True, capture_output=True, timeout=120
        )

    def create(self) -> PostgresServer:
        if self._as_root:
            shutil.chown(self.directory, "postgres")
        self._run(
            _postgres_bin("initdb"),
            "-D",
            str(self.data),
            "-A",
            "trust",
            "-U",
            self.ADMIN,
            "--no-sync",
        )
        self.start()
        self._admin_sql(
            "postgres",
            f"CREATE ROLE {self.APP} LOGIN CREATEDB",
            "CREATE DATABASE caretaker",
        )
        self._admin_sql(
            "caretaker", f"GRANT USAGE, CREATE ON SCHEMA public TO {self.APP}"
        )
        return self

    def _admin_sql(self, database: str, *statements: str) -> None:
        for statement in statements:
            self._run(
                _postgres_bin("psql"),
                "-h",
                "127.0.0.1",
                "-p",
                str(self.port),
                "-U",
                self.ADMIN,
                "-d",
                database,
                "-v",
                "ON_ERROR_STOP=1",
                "-c",
                statement,
            )

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.directory} -c listen_addresses=127.0.0.1"
            " -c fsync=off"
        )
        self._run(
            _postgres_bin("pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.directory / "server.log"),
            "-w",
            "start",
        )
        _wait_for_port(self.port)

    def kill(self) -> None:
        """Stop at once, as a crash would: connections are cut, no shutdown
        checkpoint, and the next start runs crash recovery. (A SIGKILL of the
        postmaster would leave a zombie in a container without an init that reaps,
        and the restart would wait for it forever.)"""
        self._run(
            _postgres_bin("pg_ctl"),
            "-D",
            str(self.data),
            "-m",
            "immediate",
            "-w",
            "stop",
        )

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run(
                _postgres_bin("pg_ctl"),
                "-D",
                str(self.data),
                "-m",
                "fast",
                "-w",
                "stop",
            )

    def destroy(self) -> None:
        try:
            self.stop()
        finally:
            shutil.rmtree(self.directory, ignore_errors=True)


class RedisServer:
    """A throw-away redis-server without persistence."""

    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def address(self) -> str:
        return str(self.port)

    @classmethod
    def attached(cls, address: str) -> RedisServer:
        """A handle on a server another process started: :meth:`kill` shuts it down
        through the protocol, :meth:`start` starts a new one on the same port."""
        return cls(int(address))

    def start(self) -> RedisServer:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server not found: install Debian's redis-server")
        self.process = subprocess.Popen(
            [
                binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait_for_port(self.port)
        return self

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=30)
            self.process = None
        else:  # started elsewhere
            subprocess.run(
                ["redis-cli", "-p", str(self.port), "shutdown", "nosave"],
                capture_output=True,
                timeout=30,
            )
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                with socket.socket() as probe:
                    if probe.connect_ex(("127.0.0.1", self.port)) != 0:
                        return
                time.sleep(0.1)

    stop = kill


@contextmanager
def llama_server(model_file: Path, alias: str) -> Iterator[str]:
    """``llama_cpp.server`` (an OpenAI-compatible server) serving ``model_file`` as
    model ``alias`` on a free loopback port; yields its ``/v1`` base URL."""
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "llama_cpp.server",
            "--model",
            str(model_file),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--n_ctx",
            "2048",
            "--n_threads",
            "2",
            "--model_alias",
            alias,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/v1"
    try:
        wait_for_http(f"{url}/models", process)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)


@contextmanager
def json_answering(status: int, body: dict[str, Any]) -> Iterator[str]:
    """A server on loopback answering every POST with ``status`` and the JSON
    ``body``, whatever it was sent; yields its ``/v1`` base URL."""
    import json
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    raw = json.dumps(body).encode()

    class Fixed(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)

        def log_message(self, *arguments: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Fixed)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()


def chat_answering(answer: str) -> AbstractContextManager[str]:
    """An OpenAI-compatible endpoint on loopback whose every chat completion is
    ``answer``: a remote model whose words a test fixes. Yields its base URL."""
    choice = {"index": 0, "finish_reason": "stop",
              "message": {"role": "assistant", "content": answer}}  # fmt: skip
    return json_answering(
        200,
        {"id": "x", "object": "chat.completion", "created": 0, "model": "m",
         "choices": [choice]},
    )  # fmt: skip
