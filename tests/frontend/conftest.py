"""End-to-end fixtures: the app as `make run` serves it (its own SQLite file, the demo
ward, the embedded models) and Debian's headless Chromium driven by Playwright."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.servers import app_served

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DEMO_PASSWORD = "caretaker-demo"
# Without these, Chromium keeps trying to reach Google's hosts on a closed network.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _manage(env: dict[str, str], *arguments: str) -> None:
    subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        timeout=300,
    )


class AppServer(str):
    """The app's base URL, with the server's process id (its model processes are
    that process's children)."""

    pid: int


@pytest.fixture(scope="session")
def app_server(tmp_path_factory) -> Iterator[AppServer]:
    """The app served by `manage.py runserver` (uvicorn, websockets) on a free port,
    with a fresh database holding the demo ward. Yields its base URL."""
    var = tmp_path_factory.mktemp("app")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "caretaker.settings.base",
        "CARETAKER_VAR_DIR": str(var),
        "DATABASE_URL": f"sqlite:///{var / 'caretaker.sqlite3'}",
        "MEDIA_ROOT": str(var / "media"),
        "REDIS_URL": "",
        "CELERY_BROKER_URL": "memory://",
        "CELERY_TASK_ALWAYS_EAGER": "true",
    }
    _manage(env, "migrate", "--noinput", "-v0")
    _manage(env, "demo_setup")
    with app_served(env, var / "server.log") as (url, server):
        url = AppServer(url)
        url.pid = server.pid
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Headless Chromium from Debian's package (Playwright downloads nothing)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture
def login(browser, app_server):
    """``login(username)`` opens a fresh browser context logged in as that demo user
    and returns a page in it."""
    contexts = []

    def open_page(username: str):
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(f"{app_server}/accounts/login/")
        page.fill("input[name=username]", username)
        page.fill("input[name=password]", DEMO_PASSWORD)
        page.click("button[type=submit], input[type=submit]")
        page.wait_for_load_state()
        return page

    yield open_page
    for context in contexts:
        context.close()
