"""Secure by default: login lockout (django-axes) and production cookie settings."""

import json
import os
import secrets
import subprocess
import sys

import pytest

from tests.caretaker.test_settings import PRODUCTION, ROOT

LOGIN = "/accounts/login/"


@pytest.fixture
def axes_on(settings):
    settings.AXES_ENABLED = True


def sign_in(client, username: str, password: str):
    return client.post(
        LOGIN, {"username": username, "password": password}, REMOTE_ADDR="10.0.0.7"
    )


@pytest.mark.django_db
def test_five_wrong_passwords_lock_the_account_on_that_address(axes_on, client, nurse):
    """The fifth failure locks nora out from that address, even with the right
    password; another user on the same address can still sign in."""
    for _ in range(4):
        assert sign_in(client, "nora", "wrong").status_code == 200  # the form again
    locked = sign_in(client, "nora", "wrong")
    assert locked.status_code == 429
    assert "Too many failed sign-ins" in locked.content.decode()
    assert sign_in(client, "nora", "pw").status_code == 429
    from tests.caretaker.factories import UserFactory

    UserFactory(username="colleague")
    assert sign_in(client, "colleague", "pw").status_code == 302


@pytest.mark.django_db
def test_a_success_resets_the_count(axes_on, client, nurse):
    for _ in range(4):
        sign_in(client, "nora", "wrong")
    assert sign_in(client, "nora", "pw").status_code == 302
    client.logout()
    for _ in range(4):
        assert sign_in(client, "nora", "wrong").status_code == 200


def test_production_cookies_are_secure():
    """Session and CSRF cookies: HTTPS only, same-site, host-only; sessions last a
    shift; HSTS on."""
    script = (
        "import json; from django.conf import settings as s; print(json.dumps({k: "
        "getattr(s, k) for k in ['SESSION_COOKIE_SECURE', 'CSRF_COOKIE_SECURE', "
        "'SESSION_COOKIE_HTTPONLY', 'SESSION_COOKIE_SAMESITE', 'CSRF_COOKIE_SAMESITE',"
        " 'SESSION_COOKIE_NAME', 'CSRF_COOKIE_NAME', 'SECURE_HSTS_SECONDS', "
        "'SESSION_COOKIE_AGE', 'AXES_ENABLED', 'AXES_FAILURE_LIMIT']}))"
    )
    env = {k: v for k, v in os.environ.items() if k not in (*PRODUCTION, "SECRET_KEY")}
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", script],
        cwd=ROOT,
        text=True,
        capture_output=True,
        timeout=120,
        env={**env, **PRODUCTION, "SECRET_KEY": secrets.token_urlsafe(50)},
    )
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout.strip().splitlines()[-1])
    assert values == {
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "CSRF_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_NAME": "__Host-sessionid",
        "CSRF_COOKIE_NAME": "__Host-csrftoken",
        "SECURE_HSTS_SECONDS": 31536000,
        "SESSION_COOKIE_AGE": 12 * 3600,
        "AXES_ENABLED": True,
        "AXES_FAILURE_LIMIT": 5,
    }
