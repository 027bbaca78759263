"""The command line contract, and that importing speech stays free of Django."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_cli(*args: str, env: dict[str, str] | None = None, stdin: bytes = b""):
    return subprocess.run(
        [sys.executable, "-m", "speech", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        env={**os.environ, **(env or {})},
        timeout=120,
    )


@pytest.mark.slow
def test_transcribe_prints_the_transcript_as_json(clip) -> None:
    """`python -m speech transcribe FILE` prints one JSON object and exits 0."""
    result = run_cli("transcribe", str(clip.path))
    assert result.returncode == 0, result.stderr.decode()
    data = json.loads(result.stdout)
    assert {"text", "duration_s", "seconds", "no_speech", "segments"} <= set(data)
    assert "6.2" in data["text"]
    assert data["no_speech"] is False
    assert isinstance(data["segments"], list) and data["segments"][0]["text"]


@pytest.mark.slow
def test_transcribe_reads_stdin(silence_wav) -> None:
    """'-' reads the recording from stdin; silence prints no_speech true."""
    result = run_cli("transcribe", "-", stdin=silence_wav)
    assert result.returncode == 0, result.stderr.decode()
    data = json.loads(result.stdout)
    assert data["no_speech"] is True
    assert data["text"] == ""
    assert data["reason"] == "no speech detected"


@pytest.mark.parametrize(
    ("content", "code"),
    [
        (b"", "empty_audio"),
        (b"definitely not a recording" * 40, "not_audio"),
        (b"RIFF\xff\xff\x00\x00WAVEfmt ", "truncated_audio"),
    ],
    ids=["empty", "not_audio", "truncated"],
)
def test_bad_input_exits_2_with_a_json_error(
    content: bytes, code: str, tmp_path: Path
) -> None:
    """Bad input prints {"error", "message"} on stderr and exits 2, no traceback."""
    path = tmp_path / "upload.webm"
    path.write_bytes(content)
    result = run_cli("transcribe", str(path))
    assert result.returncode == 2
    assert result.stdout == b""
    error = json.loads(result.stderr)
    assert error["error"] == code
    assert error["message"]


def test_missing_file_and_bad_setting_exit_2(tmp_path: Path) -> None:
    """A missing file and a wrong environment variable are errors too."""
    missing = run_cli("transcribe", str(tmp_path / "none.wav"))
    assert missing.returncode == 2
    assert json.loads(missing.stderr)["error"] == "unreadable"
    wrong = run_cli(
        "transcribe",
        str(tmp_path / "none.wav"),
        env={"CARETAKER_WHISPER_BEAM_SIZE": "many"},
    )
    assert wrong.returncode == 2
    assert "CARETAKER_WHISPER_BEAM_SIZE" in json.loads(wrong.stderr)["message"]


def test_no_command_is_a_usage_error() -> None:
    """Without a command the CLI prints usage and exits 2."""
    result = run_cli()
    assert result.returncode == 2
    assert b"usage" in result.stderr


def test_importing_speech_loads_neither_django_nor_logic() -> None:
    """speech is pure Python: no Django, no logic, and no model at import."""
    code = (
        "import sys, speech; "
        "assert 'django' not in sys.modules, 'django'; "
        "assert 'logic' not in sys.modules, 'logic'; "
        "assert 'faster_whisper' not in sys.modules, 'faster_whisper'"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, timeout=60
    )
    assert result.returncode == 0, result.stderr.decode()
