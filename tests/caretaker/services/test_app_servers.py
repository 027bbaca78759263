"""Several app servers behind the hospital's proxy (issue 24, item 3): two server
processes (``manage.py runserver``, production settings) share one Redis channel
layer and one PostgreSQL database, with a real Celery worker beside them. No sticky
sessions: a nurse's requests and sockets may each reach either server.

The tests stand where the proxy stands (docs/deploy.md): every request carries the
public ``Host``, ``X-Forwarded-Proto: https`` and ``X-Forwarded-For``."""

from __future__ import annotations

import http.client
import json
import os
import socket
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from http.cookies import SimpleCookie
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from caretaker.wards.sockets import REFUSED
from tests.caretaker.factories import UserFactory
from tests.caretaker.services.conftest import (
    real_services_required,
    shared_database_url,
)
from tests.support.servers import app_served

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

SITE = "caretaker.test"  # the name the wards' tablets use; the proxy's Host
ORIGIN = f"https://{SITE}"
PASSWORD = "two-servers-and-a-proxy"
PROXIED = {"Host": SITE, "X-Forwarded-Proto": "https"}
# Production's cookie names (caretaker/settings/production.py).
SESSION_COOKIE, CSRF_COOKIE = "__Host-sessionid", "__Host-csrftoken"
# An access change closes sockets at once; RECHECK_SECONDS (30) would be too late.
CLOSED_WITHIN = 10


@pytest.fixture(scope="module")
def app_servers(
    django_db_setup, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[int, int]]:
    """Two app servers with the production settings, on the test database and the
    suite's Redis; their ports."""
    real_services_required()
    var = tmp_path_factory.mktemp("app-servers")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "caretaker.settings.production",
        # The test's own: the sessions the servers sign are checked by both.
        "SECRET_KEY": "two-app-servers-" + "k" * 50,
        "ALLOWED_HOSTS": SITE,
        "DATABASE_URL": shared_database_url(),
        "CARETAKER_VAR_DIR": str(var),
        "MEDIA_ROOT": str(settings.MEDIA_ROOT),
    }
    with ExitStack() as servers:
        urls = [
            servers.enter_context(
                app_served(env, var / f"server-{name}.log", headers=PROXIED)
            )[0]
            for name in "ab"
        ]
        yield tuple(int(url.rsplit(":", 1)[1]) for url in urls)
    for log in var.glob("server-*.log"):
        assert "Traceback" not in log.read_text(), log.read_text()


def with_password(user):
    """The user, with a password the servers' hasher reads (the test settings hash
    with MD5, which production does not accept)."""
    user.password = PBKDF2PasswordHasher().encode(PASSWORD, "twoservers")
    user.save(update_fields=["password"])
    return user


class Tablet:
    """A nurse's browser behind the proxy: its cookies, and requests to the app
    server the proxy picked (``port``), as the proxy forwards them."""

    def __init__(self, address: str) -> None:
        self.address = address  # the tablet's own, in X-Forwarded-For
        self.cookies: dict[str, str] = {}

    def headers(self) -> dict[str, str]:
        return {
            **PROXIED,
            "X-Forwarded-For": self.address,
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
        }

    def request(
        self, port: int, method: str, path: str, form: dict[str, str] | None = None
    ) -> tuple[int, bytes]:
        headers = self.headers()
        body = None
        if form is not None:
            body = urlencode(form)
            headers |= {
                "Content-Type": "application/x-www-form-urlencoded",
                "Origin": ORIGIN,
                "Referer": f"{ORIGIN}{path}",
                "X-CSRFToken": self.cookies.get(CSRF_COOKIE, ""),
            }
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            return response.status, response.read()
        finally:
            connection.close()

    def login(self, port: int, user) -> None:
        self.request(port, "GET", "/accounts/login/")  # the CSRF cookie
        status, _ = self.request(
            port,
            "POST",
            "/accounts/login/",
            {"username": user.username, "password": PASSWORD},
        )
        assert status == 302, "login refused"
        assert SESSION_COOKIE in self.cookies

    def socket(self, port: int, path: str) -> ClientConnection:
        """A websocket to ``path`` through the app server on ``port``."""
        return connect(
            f"ws://{SITE}{path}",
            sock=socket.create_connection(("127.0.0.1", port), timeout=30),
            origin=ORIGIN,
            additional_headers={k: v for k, v in self.headers().items() if k != "Host"},
            proxy=None,
            compression=None,
        )


@contextmanager
def dashboard(tablet: Tablet, port: int, ward) -> Iterator[ClientConnection]:
    """The ward's dashboard socket through the server on ``port``, past its
    snapshot."""
    with tablet.socket(port, f"/ws/wards/{ward.code}/") as connection:
        assert frame_next(connection, 30)["type"] == "ward.snapshot"
        yield connection


def frame_next(connection: ClientConnection, seconds: float) -> dict:
    return json.loads(connection.recv(timeout=seconds))


def frame_until(
    connection: ClientConnection, wanted: Callable[[dict], bool], seconds: float
) -> dict:
    """The first frame ``wanted`` within ``seconds`` (earlier ones are dropped)."""
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no such frame within {seconds} s")
        try:
            frame = frame_next(connection, left)
        except TimeoutError:
            continue
        if wanted(frame):
            return frame


def closed_with(connection: ClientConnection, seconds: float) -> int | None:
    """The close code once the server closed the socket; None if it stayed open."""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            connection.recv(timeout=left)
        except TimeoutError:
            return None
        except ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd else None
    return None


def still_open(connection: ClientConnection) -> bool:
    """The socket answers an action (checked for access, then refused as unknown)."""
    connection.send(json.dumps({"type": "nothing.such"}))
    return frame_next(connection, 30) == {"type": "error", "error": "unknown action"}


def row_of(patient) -> Callable[[dict], bool]:
    """Whether a frame is the patient's new dashboard row."""
    return lambda frame: (
        frame["type"] == "patient.update" and frame["patient"]["id"] == patient.pk
    )


def hypoglycaemia(patient) -> Callable[[dict], bool]:
    """Whether a frame is the patient's row with a low blood sugar warning."""
    return lambda frame: (
        row_of(patient)(frame)
        and any(
            alert["problem"] == "hypoglycaemia" for alert in frame["patient"]["alerts"]
        )
    )


def test_an_alert_raised_through_one_server_reaches_the_dashboards_on_both(
    app_servers, worker, ward, nurse, patient
):
    """A message typed through server A is processed by the worker; the warning
    reaches the dashboard held by server B (and A's). Acknowledged from B's socket,
    it leaves A's dashboard: B's process pushed that through Redis."""
    a, b = app_servers
    worker()
    tablet = Tablet("10.20.0.7")
    tablet.login(a, with_password(nurse))
    with dashboard(tablet, b, ward) as on_b, dashboard(tablet, a, ward) as on_a:
        status, body = tablet.request(
            a,
            "POST",
            f"/patients/{patient.pk}/messages/",
            {"text": "blood glucose 2.8", "client_id": str(uuid.uuid4())},
        )
        assert status == 201, body
        raised = frame_until(on_b, hypoglycaemia(patient), 180)
        frame_until(on_a, hypoglycaemia(patient), 30)
        (alert,) = [
            w for w in raised["patient"]["alerts"] if w["problem"] == "hypoglycaemia"
        ]
        on_b.send(json.dumps({"type": "alert.acknowledge", "alert": alert["id"]}))
        cleared = frame_until(
            on_a, lambda f: row_of(patient)(f) and not hypoglycaemia(patient)(f), 30
        )
        assert cleared["patient"]["alerts"] == []


def test_logging_out_through_one_server_closes_the_sockets_on_both(
    app_servers, ward, nurse
):
    """The nurse logs out through server A: her dashboards on A and on B close at
    once (4403), a colleague's on B stays open."""
    a, b = app_servers
    tablet, colleague_tablet = Tablet("10.20.0.7"), Tablet("10.20.0.8")
    tablet.login(b, with_password(nurse))
    colleague = with_password(UserFactory(username="colleague"))
    ward.staff.add(colleague)
    colleague_tablet.login(a, colleague)
    with (
        dashboard(tablet, a, ward) as on_a,
        dashboard(tablet, b, ward) as on_b,
        dashboard(colleague_tablet, b, ward) as colleagues,
    ):
        status, _ = tablet.request(a, "POST", "/accounts/logout/", {})
        assert status in (200, 302)
        assert closed_with(on_a, CLOSED_WITHIN) == REFUSED
        assert closed_with(on_b, CLOSED_WITHIN) == REFUSED
        assert still_open(colleagues)


def test_removing_the_nurse_from_the_ward_closes_her_sockets_on_both(
    app_servers, ward, nurse
):
    """Taken off the ward by another process (an administrator's): her dashboards
    on both servers close at once."""
    a, b = app_servers
    tablet = Tablet("10.20.0.7")
    tablet.login(a, with_password(nurse))
    with dashboard(tablet, a, ward) as on_a, dashboard(tablet, b, ward) as on_b:
        ward.staff.remove(nurse)
        assert closed_with(on_a, CLOSED_WITHIN) == REFUSED
        assert closed_with(on_b, CLOSED_WITHIN) == REFUSED


def test_each_server_counts_the_tablets_address_not_the_proxys(
    app_servers, ward, nurse
):
    """Behind one proxy (CARETAKER_TRUSTED_PROXIES=1), both servers record the
    address the proxy put in X-Forwarded-For: login lockout counts per tablet."""
    from axes.models import AccessLog

    a, b = app_servers
    with_password(nurse)
    Tablet("10.20.0.7").login(a, nurse)
    Tablet("10.20.0.9").login(b, nurse)
    assert set(
        AccessLog.objects.filter(username=nurse.username).values_list(
            "ip_address", flat=True
        )
    ) == {"10.20.0.7", "10.20.0.9"}
