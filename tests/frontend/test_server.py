"""The server `make run` and the Docker image start (`manage.py runserver`: uvicorn),
seen from outside on loopback: HTTP, websockets as a browser opens them, shutdown."""

import os
import signal
import socket
import urllib.request
from base64 import b64encode
from os import urandom

from tests.support.servers import app_served


def _handshake(url: str, path: str, cookie: str, extensions: str) -> bytes:
    """The server's answer to a browser's websocket upgrade (head only)."""
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as connection:
        connection.sendall(
            (
                f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {b64encode(urandom(16)).decode()}\r\n"
                "Sec-WebSocket-Version: 13\r\n"
                f"Sec-WebSocket-Extensions: {extensions}\r\n"
                f"Origin: {url}\r\nCookie: {cookie}\r\n\r\n"
            ).encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = connection.recv(4096)
            if not chunk:
                break
            head += chunk
    return head.split(b"\r\n\r\n")[0].lower()


def test_pages_are_served_without_naming_the_server(app_server):
    with urllib.request.urlopen(f"{app_server}/accounts/login/", timeout=30) as page:
        assert page.status == 200
        assert page.headers.get("server") is None


def test_a_dashboard_socket_opens_uncompressed_for_a_browser(app_server, login):
    """Browsers offer per-message deflate; frames go uncompressed (one compression
    per socket per push would cost the fan-out)."""
    page = login("nurse")
    cookie = "; ".join(
        f"{c['name']}={c['value']}" for c in page.context.cookies(app_server)
    )
    offer = "permessage-deflate; client_max_window_bits"
    head = _handshake(app_server, "/ws/wards/ward-7/", cookie, offer)
    assert head.startswith(b"http/1.1 101")
    assert b"sec-websocket-extensions" not in head


def test_a_socket_without_a_session_is_refused_at_the_handshake(app_server):
    head = _handshake(app_server, "/ws/wards/ward-7/", "", "permessage-deflate")
    assert head.startswith(b"http/1.1 403")


def test_sigterm_stops_the_server_with_a_request_unfinished(tmp_path):
    """A deploy's stop is not held up by a client that never finishes (the
    shutdown grace is bounded)."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "caretaker.settings.base",
        "CARETAKER_VAR_DIR": str(tmp_path),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "REDIS_URL": "",
    }
    with app_served(env, tmp_path / "server.log") as (url, server):
        port = int(url.rpartition(":")[2])
        held = socket.create_connection(("127.0.0.1", port), timeout=30)
        held.sendall(b"GET /accounts/login/ HTTP/1.1\r\nHost: x\r\n")  # unfinished
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)  # raises if it waits on the client
        held.close()
    # Shut down, not killed: uvicorn finishes, then exits by the signal it got.
    assert "Finished server process" in (tmp_path / "server.log").read_text()
