"""The test voices speak: piper's neural voice, espeak-ng, and ward noise by sox."""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np
import pytest

from speech.audio import audio_decode
from tests.support.voices import VOICES, noise_mix, render


def samples(path: Path) -> np.ndarray:
    with wave.open(str(path), "rb") as reading:
        assert reading.getsampwidth() == 2 and reading.getnchannels() == 1
        frames = reading.readframes(reading.getnframes())
    return np.frombuffer(frames, "<i2").astype(np.float64)


@pytest.mark.parametrize("voice", VOICES)
def test_each_voice_speaks_a_bedside_utterance(voice, tmp_path) -> None:
    """Every voice renders a WAV that speech can decode, seconds long, not silent.
    A missing package or program fails here with what to install (VoiceMissing),
    never a skip: make test installs them."""
    path = render("Sats 94 on two litres, resps 22.", voice, tmp_path / "u.wav")
    decoded = audio_decode(path, max_seconds=60)
    assert 1.5 < len(decoded) / 16_000 < 8
    assert np.sqrt(np.mean(decoded**2)) > 0.01


def test_ward_noise_is_mixed_at_ten_db(tmp_path) -> None:
    """The mix is speech plus noise at the asked ratio: fitting mix = a*speech +
    b*noise recovers a 10 dB speech-to-noise ratio, and the peak does not clip."""
    clean = render("Pulse 88, temp 37.1.", "piper", tmp_path / "clean.wav")
    mixed = noise_mix(clean, tmp_path / "mix.wav", snr_db=10.0)
    speech, noise, mix = (
        samples(p) for p in (clean, tmp_path / "mix.noise.wav", mixed)
    )
    assert len(speech) == len(noise) == len(mix)
    (a, b), *_ = np.linalg.lstsq(np.stack([speech, noise], axis=1), mix, rcond=None)
    snr = 20 * np.log10(np.std(a * speech) / np.std(b * noise))
    assert snr == pytest.approx(10.0, abs=0.3)
    assert np.abs(mix).max() < 32767
