"""Decoding: browser formats decode; bad uploads raise typed, readable errors."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from speech import (
    AudioTooLong,
    AudioUnreadable,
    EmptyAudio,
    NotAudio,
    SpeechError,
    TruncatedAudio,
)
from speech.audio import SAMPLE_RATE, audio_decode
from speech.remote import wav_bytes

Samples = npt.NDArray[np.float32]
Encoder = Callable[[Samples, str, str, int], bytes]


@pytest.mark.parametrize("name", ["webm_opus", "mp4_aac", "ogg_opus", "wav"])
def test_browser_formats_decode_to_16k_mono(
    name: str, encoded: dict[str, bytes], clip_samples: Samples
) -> None:
    """WebM/Opus, MP4/AAC, Ogg/Opus and WAV decode to the same length of sound."""
    samples = audio_decode(encoded[name], max_seconds=60)
    assert samples.dtype == np.float32
    assert samples.ndim == 1
    assert abs(len(samples) - len(clip_samples)) / SAMPLE_RATE < 0.1
    assert 0.01 < float(np.abs(samples).max()) <= 1.0


def test_path_and_bytes_decode_alike(encoded: dict[str, bytes], tmp_path: Path) -> None:
    """A file path decodes exactly like the same bytes uploaded."""
    path = tmp_path / "note.webm"
    path.write_bytes(encoded["webm_opus"])
    np.testing.assert_array_equal(
        audio_decode(path, max_seconds=60),
        audio_decode(encoded["webm_opus"], max_seconds=60),
    )


def test_empty_upload_is_empty_audio() -> None:
    """Zero bytes is an empty recording, not a crash."""
    with pytest.raises(EmptyAudio) as raised:
        audio_decode(b"", max_seconds=60)
    assert raised.value.code == "empty_audio"
    assert "record" in raised.value.message


def test_wav_header_without_samples_is_empty_audio() -> None:
    """A well-formed WAV holding no samples is empty."""
    with pytest.raises(EmptyAudio):
        audio_decode(wav_bytes(np.zeros(0, dtype=np.float32)), max_seconds=60)


@pytest.mark.parametrize(
    "data",
    [
        os.urandom(4096),
        b"this is a shopping list, not a recording\n" * 50,
        b'{"patient": 12, "obs": []}',
        b"%PDF-1.7\n" + bytes(range(256)) * 8,
    ],
    ids=["random", "text", "json", "pdf"],
)
def test_non_audio_is_not_audio(data: bytes) -> None:
    """Bytes that are no recording raise NotAudio with advice."""
    with pytest.raises(NotAudio) as raised:
        audio_decode(data, max_seconds=60)
    assert raised.value.code == "not_audio"
    assert raised.value.to_dict()["error"] == "not_audio"


def test_picture_without_sound_is_not_audio() -> None:
    """A PNG (FFmpeg opens it as video) has no sound track."""
    png = b"\x89PNG\r\n\x1a\n" + np.random.default_rng(1).bytes(3000)
    with pytest.raises(NotAudio):
        audio_decode(png, max_seconds=60)


@pytest.mark.parametrize("name", ["wav", "webm_opus", "ogg_opus", "mp4_aac"])
@pytest.mark.parametrize("fraction", [0.5, 0.05])
def test_cut_off_recordings_are_truncated(
    name: str, fraction: float, encoded: dict[str, bytes]
) -> None:
    """A recording cut off part way raises TruncatedAudio, never a partial text.

    A partial transcript could turn "pulse one hundred and four" into "pulse one
    hundred", so a cut-off file is refused.
    """
    data = encoded[name]
    with pytest.raises(TruncatedAudio) as raised:
        audio_decode(data[: int(len(data) * fraction)], max_seconds=60)
    assert raised.value.code == "truncated_audio"


def test_webm_header_only_is_truncated(encoded: dict[str, bytes]) -> None:
    """The first bytes of a WebM (upload interrupted) are a truncated recording."""
    with pytest.raises(TruncatedAudio):
        audio_decode(encoded["webm_opus"][:60], max_seconds=60)


def test_long_recording_is_refused(encoded: dict[str, bytes]) -> None:
    """Audio past the limit raises AudioTooLong naming the limit."""
    with pytest.raises(AudioTooLong) as raised:
        audio_decode(encoded["wav"], max_seconds=1.5)
    assert raised.value.code == "audio_too_long"
    assert "1.5 s" in raised.value.message


def test_long_stream_without_duration_is_refused(
    audio_encoder: Encoder, clip_samples: Samples
) -> None:
    """A WebM streamed by MediaRecorder (no duration in the header) is still cut.

    The limit is checked while decoding, so a long stream stops early.
    """
    long_samples = np.tile(clip_samples, 3)
    data = audio_encoder(long_samples, "webm", "libopus", 48_000)
    with pytest.raises(AudioTooLong):
        audio_decode(data, max_seconds=5)


def test_missing_file_is_unreadable(tmp_path: Path) -> None:
    """A path that does not exist names the path and says to check it."""
    with pytest.raises(AudioUnreadable) as raised:
        audio_decode(tmp_path / "nothing.webm", max_seconds=60)
    assert "nothing.webm" in raised.value.message


def test_every_error_is_a_speech_error() -> None:
    """Callers can catch one class and read code and message."""
    for error_class in (EmptyAudio, NotAudio, TruncatedAudio, AudioTooLong):
        error = error_class("Something is wrong. Do this.")
        assert isinstance(error, SpeechError)
        assert error.to_dict() == {
            "error": error_class.code,
            "message": "Something is wrong. Do this.",
        }
