"""Request bodies over the limit are refused by the served app (uvicorn, as `make run`
starts it) before they are read: declared by Content-Length or streamed in chunks."""

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.servers import app_served

KIB = 1024
MIB = 1024 * KIB


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    var = tmp_path_factory.mktemp("served")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "caretaker.settings.base",
        "CARETAKER_VAR_DIR": str(var),
        # The test run's database (SQLite here, PostgreSQL under with_services):
        # no request below reaches it.
        "DATABASE_URL": os.environ.get(
            "DATABASE_URL", f"sqlite:///{var / 'db.sqlite3'}"
        ),
    }
    log = var / "server.log"
    with app_served(env, log) as (url, _server):
        yield url, log


def _connection(url: str) -> socket.socket:
    host, port = url.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=30)


def _status(connection: socket.socket) -> int:
    head = b""
    while b"\r\n" not in head:
        chunk = connection.recv(4096)
        if not chunk:
            break
        head += chunk
    return int(head.split(b" ")[1])


def _declared(url: str, path: str, length: int, body: bytes = b"") -> int:
    """The status for a POST that declares ``length`` bytes and sends ``body``."""
    with _connection(url) as connection:
        connection.sendall(
            (
                f"POST {path} HTTP/1.1\r\nHost: localhost\r\n"
                "Content-Type: application/octet-stream\r\n"
                f"Content-Length: {length}\r\n\r\n"
            ).encode()
            + body
        )
        return _status(connection)


def _streamed(url: str, path: str, total: int) -> int:
    """The status for a chunked POST of up to ``total`` bytes; sending stops when the
    server answers or closes."""
    with _connection(url) as connection:
        connection.sendall(
            (
                f"POST {path} HTTP/1.1\r\nHost: localhost\r\n"
                "Content-Type: application/octet-stream\r\n"
                "Transfer-Encoding: chunked\r\n\r\n"
            ).encode()
        )
        chunk = b"%x\r\n" % (64 * KIB) + b"x" * (64 * KIB) + b"\r\n"
        try:
            for _ in range(total // (64 * KIB)):
                connection.sendall(chunk)
            connection.sendall(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered and closed before the body ended
        return _status(connection)


def test_a_declared_huge_body_is_refused_before_it_is_sent(served):
    url, _log = served
    # Nothing of the 200 MB is sent: a server that waited for it would time out.
    assert _declared(url, "/accounts/login/", 200 * MIB) == 413


def test_a_streamed_body_is_refused_once_it_passes_the_limit(served):
    url, _log = served
    assert _streamed(url, "/accounts/login/", 8 * MIB) == 413


def test_a_streamed_recording_past_the_upload_limit_is_refused(served):
    url, _log = served
    assert _streamed(url, "/patients/1/messages/", 16 * MIB) == 413


def test_bodies_within_the_limit_reach_the_app(served):
    url, log = served
    # Anonymous and without the CSRF token: refused by Django (403) once the body
    # reached it, not by the size (413). A recording may be larger than a form.
    assert _declared(url, "/accounts/login/", 4 * KIB, b"a" * 4 * KIB) == 403
    assert _declared(url, "/patients/1/messages/", 2 * MIB, b"a" * 2 * MIB) == 403
    # The same size is too large for a form. Only the head is sent: the server
    # answers 413 and closes without reading, so a body still being sent would meet
    # a reset (and lose the answer) on a fast server.
    assert _declared(url, "/accounts/login/", 2 * MIB) == 413
    assert "Traceback" not in log.read_text()
