"""Speech benchmark: real-time factor for 3, 10 and 30 s clips, and word error rate.

Run: .venv/bin/python -m bench.speech_bench [--quick] [--json OUT] [--runs N]

Clips are spoken by espeak-ng (Debian package espeak-ng) at run time. Progress
goes to stderr; the result, a JSON object, to stdout and to OUT if given.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from speech import TranscriptionOptions, transcribe
from speech.model import model_load
from speech.options import BIAS_MODES
from speech.wer import numbers_find, word_error_rate

# What a nurse says at the bedside, as spoken (numbers in words).
UTTERANCES = (
    "temperature thirty eight point four, pulse one hundred and four",
    "sats ninety four percent on two litres of oxygen",
    "resps twenty two, BP one hundred and ten over seventy",
    "blood pressure ninety eight over sixty mmHg, heart rate one hundred and twenty",
    "SpO2 ninety one percent on room air, resps twenty eight",
    "NEWS score of seven, escalate to the doctor",
    "obs done, temp thirty six point nine, sats ninety seven percent",
    "patient is confused, new confusion since this morning",
    "pain score six out of ten, given paracetamol one gram",
    "urine output thirty mls in the last hour",
)
# Targets for the real-time-factor clips, in seconds of speech.
RTF_TARGETS = (3.0, 10.0, 30.0)


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def speak(text: str, path: Path) -> Path:
    """Write ``text`` spoken by espeak-ng to the WAV file ``path``."""
    subprocess.run(["espeak-ng", "-w", str(path), text], check=True)
    return path


def wav_seconds(path: Path) -> float:
    # espeak-ng writes a 44-byte header and 16-bit mono samples at 22050 Hz.
    return (path.stat().st_size - 44) / (2 * 22050)


def clip_of_length(target_s: float, directory: Path) -> Path:
    """A WAV of clinical speech about ``target_s`` seconds long."""
    words: list[str] = []
    path = directory / f"rtf_{target_s:g}s.wav"
    for index in range(1000):
        words.append(UTTERANCES[index % len(UTTERANCES)])
        speak(". ".join(words), path)
        if wav_seconds(path) >= target_s * 0.9:
            return path
    raise RuntimeError(f"could not make a {target_s} s clip")


def rtf_measure(path: Path, options: TranscriptionOptions, runs: int) -> dict[str, Any]:
    """Median processing time over ``runs`` runs, after one warm-up run."""
    transcribe(path, options)
    timings = []
    duration = 0.0
    for _ in range(runs):
        transcript = transcribe(path, options)
        timings.append(transcript.seconds)
        duration = transcript.duration_s
    median = statistics.median(timings)
    return {
        "duration_s": round(duration, 2),
        "seconds_median": round(median, 3),
        "seconds_all": [round(value, 3) for value in timings],
        "rtf": round(median / duration, 3),
    }


def wer_measure(clips: list[Path], options: TranscriptionOptions) -> dict[str, Any]:
    """Word error rate, numbers recovered and time over the set, one bias mode."""
    hypotheses = []
    started = time.perf_counter()
    for path in clips:
        hypotheses.append(transcribe(path, options).text)
    expected = found = 0
    for reference, hypothesis in zip(UTTERANCES, hypotheses, strict=True):
        heard = numbers_find(hypothesis)
        numbers = numbers_find(reference)
        expected += len(numbers)
        found += sum(number in heard for number in numbers)
    return {
        "wer": round(word_error_rate(UTTERANCES, hypotheses), 3),
        "numbers_recalled": f"{found}/{expected}",
        "seconds": round(time.perf_counter() - started, 2),
        "hypotheses": hypotheses,
    }


def run(quick: bool = False, runs: int | None = None) -> dict[str, Any]:
    """Real-time factor per clip length (and, unless ``quick``, word error rate per
    bias mode) with the options the environment gives."""
    if shutil.which("espeak-ng") is None:
        raise RuntimeError("espeak-ng is missing: apt-get install -y espeak-ng")
    runs = runs or (1 if quick else 3)
    options = TranscriptionOptions.from_env(os.environ)
    log(f"loading model ({options.model or 'bundled tiny.en'}, {options.compute_type})")
    started = time.perf_counter()
    location = model_load(options).location
    load_s = time.perf_counter() - started
    result: dict[str, Any] = {
        "model": location,
        "model_load_s": round(load_s, 2),
        "runs": runs,
        "options": {
            key: value
            for key, value in dataclasses.asdict(options).items()
            if key != "vocabulary"
        },
        "rtf": {},
        "wer": {},
    }
    with tempfile.TemporaryDirectory(prefix="speech_bench_") as temporary:
        directory = Path(temporary)
        for target in RTF_TARGETS:
            path = clip_of_length(target, directory)
            log(f"real-time factor, {target:g} s clip ...")
            measured = rtf_measure(path, options, runs)
            result["rtf"][f"{target:g}s"] = measured
            log(f"  {measured['duration_s']} s audio: RTF {measured['rtf']}")
        if quick:
            return result
        clips = [
            speak(text, directory / f"u{i}.wav") for i, text in enumerate(UTTERANCES)
        ]
        for mode in BIAS_MODES:
            log(f"word error rate, bias={mode} ...")
            measured = wer_measure(clips, dataclasses.replace(options, bias=mode))
            result["wer"][mode] = measured
            log(f"  WER {measured['wer']}, numbers {measured['numbers_recalled']}")
    result["wer_references"] = list(UTTERANCES)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--json", type=Path, help="also write the result here")
    parser.add_argument("--runs", type=int, help="timed runs per clip (default 3)")
    parser.add_argument("--quick", action="store_true", help="one run, no WER")
    arguments = parser.parse_args()
    result = {
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "load_average_at_start": os.getloadavg()[0],
        },
        **run(arguments.quick, arguments.runs),
    }
    output = json.dumps(result, indent=2, ensure_ascii=False)
    print(output)
    if arguments.json:
        arguments.json.write_text(output + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
