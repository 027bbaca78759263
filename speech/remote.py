"""A remote recogniser: any OpenAI-compatible ``/v1/audio/transcriptions`` server."""

from __future__ import annotations

import functools
import io
import wave
from collections.abc import Iterator
from contextlib import contextmanager
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import numpy as np

from speech.audio import SAMPLE_RATE, Samples
from speech.errors import RecogniserRejected, RecogniserUnreachable
from speech.options import AsrEndpoint, TranscriptionOptions
from speech.segments import (
    Segment,
    bias_arguments,
    bias_words,
    segment_is_speech,
    segment_make,
)
from speech.words import HeardWord

if TYPE_CHECKING:
    from openai import OpenAI

_RETRY_LATER = "Try again in a minute, or type the observation."
# What a server that leaves out a segment's scores is taken to mean: speech,
# as sure as Whisper's own thresholds would let through.
_SEGMENT_DEFAULTS = {"avg_logprob": 0.0, "no_speech_prob": 0.0}


def remote_transcribe(
    samples: Samples, options: TranscriptionOptions
) -> tuple[tuple[Segment, ...], tuple[HeardWord, ...]]:
    """Send decoded samples (as 16 kHz WAV) to ``options.endpoint``; return the
    segments that are speech and their words.

    Raises :class:`RecogniserUnreachable` when the server cannot be reached, times
    out or fails (429, 5xx), and :class:`RecogniserRejected` when it refuses the
    request (4xx: wrong model, key or URL).
    """
    endpoint = options.endpoint
    prompt, _hotwords = bias_arguments(options)  # servers take no hotwords
    arguments: dict[str, Any] = {
        "model": endpoint.model,
        "file": ("recording.wav", wav_bytes(samples), "audio/wav"),
        "response_format": "verbose_json",
        "timestamp_granularities": ["word", "segment"],
        "temperature": 0.0,
    }
    if options.language:
        arguments["language"] = options.language
    if prompt:
        arguments["prompt"] = prompt
    with _server_errors(endpoint):
        response = _client(endpoint).audio.transcriptions.create(**arguments)
    return _response_read(response, options)


def wav_bytes(samples: Samples) -> bytes:
    """16-bit mono WAV at 16 kHz: the one format every Whisper server reads."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as output:
        output.setnchannels(1)
        output.setsampwidth(2)
        output.setframerate(SAMPLE_RATE)
        output.writeframes((np.clip(samples, -1, 1) * 32767).astype("<i2").tobytes())
    return buffer.getvalue()


@functools.cache
def _client(endpoint: AsrEndpoint) -> OpenAI:
    from openai import OpenAI

    return OpenAI(
        base_url=endpoint.base_url,
        api_key=endpoint.api_key,
        timeout=endpoint.timeout_s,
        max_retries=1,
    )


@contextmanager
def _server_errors(endpoint: AsrEndpoint) -> Iterator[None]:
    import openai

    where = f"The speech recogniser at {endpoint.base_url}"
    try:
        yield
    except openai.APITimeoutError as error:
        raise RecogniserUnreachable(
            f"{where} did not answer within {endpoint.timeout_s:g} s. {_RETRY_LATER}",
            detail=repr(error),
        ) from error
    except openai.APIConnectionError as error:
        raise RecogniserUnreachable(
            f"{where} cannot be reached. {_RETRY_LATER}", detail=repr(error)
        ) from error
    except (openai.RateLimitError, openai.InternalServerError) as error:
        raise RecogniserUnreachable(
            f"{where} failed (HTTP {error.status_code}). {_RETRY_LATER}",
            detail=repr(error),
        ) from error
    except openai.APIStatusError as error:
        raise RecogniserRejected(
            f"{where} refused the recording (HTTP {error.status_code}): check "
            "CARETAKER_ASR_MODEL, CARETAKER_ASR_API_KEY and CARETAKER_ASR_BASE_URL.",
            detail=repr(error),
        ) from error


def _field(item: Any, name: str, default: Any = None) -> Any:
    """A field of a response object or of a plain dict (servers' extra fields)."""
    if isinstance(item, dict):
        return item.get(name, default)
    value = getattr(item, name, default)
    return default if value is None else value


def _response_read(
    response: Any, options: TranscriptionOptions
) -> tuple[tuple[Segment, ...], tuple[HeardWord, ...]]:
    if isinstance(response, str):  # a server that ignored verbose_json
        text = response.strip()
        return ((Segment(0.0, 0.0, text, 0.0, 0.0),) if text else ()), ()
    raw_segments = [_segment_complete(s) for s in _field(response, "segments") or []]
    words = list(_field(response, "words") or [])
    if not words:  # some servers nest the words in their segments
        words = [w for s in raw_segments for w in _field(s, "words") or []]
    if not raw_segments:
        text = str(_field(response, "text", "")).strip()
        raw_segments = [_segment_complete({"start": 0.0, "end": 0.0, "text": text})]
    echo = bias_words(options) if options.bias == "prompt" else frozenset()
    kept = [s for s in raw_segments if segment_is_speech(s, options, echo)]
    heard = tuple(
        HeardWord(
            text=str(_field(word, "word", "")),
            start=float(_field(word, "start", 0.0)),
            end=float(_field(word, "end", 0.0)),
            probability=_probability(word),
        )
        for word in words
        if _in_kept(word, kept, len(raw_segments))
    )
    return tuple(segment_make(s) for s in kept), heard


def _segment_complete(segment: Any) -> SimpleNamespace:
    values = {
        "start": float(_field(segment, "start", 0.0)),
        "end": float(_field(segment, "end", 0.0)),
        "text": str(_field(segment, "text", "")),
        "compression_ratio": float(_field(segment, "compression_ratio", 1.0)),
        "words": _field(segment, "words"),
    }
    for name, default in _SEGMENT_DEFAULTS.items():
        values[name] = float(_field(segment, name, default))
    return SimpleNamespace(**values)


def _probability(word: Any) -> float | None:
    value = _field(word, "probability")
    return None if value is None else float(value)


def _in_kept(word: Any, kept: list[SimpleNamespace], total: int) -> bool:
    """Whether a word's middle falls in a segment that was kept (all are, when
    nothing was dropped: a server's segment times need not cover its words)."""
    if len(kept) == total:
        return True
    middle = (float(_field(word, "start", 0.0)) + float(_field(word, "end", 0.0))) / 2
    return any(s.start <= middle <= s.end for s in kept)
