"""Production settings: secure by default, and no start without a secret."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "ALLOWED_HOSTS": "caretaker.example.org",
    "DATABASE_URL": "postgres://caretaker:secret@localhost:5432/caretaker",
    "REDIS_URL": "redis://localhost:6379/0",
    "DJANGO_SETTINGS_MODULE": "caretaker.settings.production",
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {
        k: v for k, v in os.environ.items() if k not in (*PRODUCTION, "SECRET_KEY")
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        text=True,
        capture_output=True,
        env={**clean, **env},
        timeout=120,
    )


def test_deploy_check_passes_with_the_documented_variables():
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        **PRODUCTION,
        SECRET_KEY=secrets.token_urlsafe(50),
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_production_refuses_to_start_without_a_secret_key():
    result = manage("check", **PRODUCTION)
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_production_refuses_a_database_other_than_postgresql(tmp_path):
    """Only PostgreSQL's roles keep the audit trail out of the app's own reach."""
    result = manage(
        "check",
        **{**PRODUCTION, "DATABASE_URL": f"sqlite:///{tmp_path}/db"},
        SECRET_KEY=secrets.token_urlsafe(50),
    )
    assert result.returncode != 0
    assert "runs on PostgreSQL only" in result.stderr


def test_production_serves_its_own_static_files(tmp_path):
    """The ASGI server serves no static files: the app does (WhiteNoise), so the pages get
    their scripts and the vendored chart and editor libraries without a CDN."""
    env = {
        **PRODUCTION,
        "SECRET_KEY": secrets.token_urlsafe(50),
        "CARETAKER_VAR_DIR": str(tmp_path),
    }
    collected = manage("collectstatic", "--noinput", "-v0", **env)
    assert collected.returncode == 0, collected.stderr
    fetch = (
        "from django.test import Client; "
        "r = Client().get('/static/vendor/chartjs/chart.umd.min.js', secure=True,"
        " HTTP_HOST='caretaker.example.org'); "
        "print(r.status_code, r.get('Content-Type'))"
    )
    result = manage("shell", "-v0", "-c", fetch, **env)
    assert result.stdout.startswith("200 text/javascript"), (
        result.stdout + result.stderr
    )
