"""The remote recogniser: an OpenAI-compatible server on loopback serving tiny.en."""

from __future__ import annotations

import dataclasses

import pytest

from speech import (
    AsrEndpoint,
    InvalidOption,
    RecogniserRejected,
    RecogniserUnreachable,
    SpeechError,
    TranscriptionOptions,
    span_confidence,
    transcribe,
)
from speech.wer import numbers_find
from tests.support.asr_server import asr_server, failing_server
from tests.support.servers import free_port, json_answering


def remote(base_url: str, **endpoint: object) -> TranscriptionOptions:
    return TranscriptionOptions(
        backend="openai",
        endpoint=AsrEndpoint(base_url=base_url, **endpoint),  # type: ignore[arg-type]
    )


def test_the_recogniser_settings_read_from_the_environment() -> None:
    """CARETAKER_ASR_* build the endpoint; the embedded model stays the default."""
    assert TranscriptionOptions.from_env({}).backend == "embedded"
    options = TranscriptionOptions.from_env({
        "CARETAKER_ASR_BACKEND": "openai",
        "CARETAKER_ASR_BASE_URL": "http://gpu.ward:8000/v1",
        "CARETAKER_ASR_MODEL": "Systran/faster-whisper-small.en",
        "CARETAKER_ASR_API_KEY": "secret",
        "CARETAKER_ASR_TIMEOUT": "20",
    })  # fmt: skip
    assert options.backend == "openai"
    assert options.endpoint == AsrEndpoint(
        "http://gpu.ward:8000/v1", "Systran/faster-whisper-small.en", "secret", 20.0
    )
    assert "secret" not in repr(options)


@pytest.mark.parametrize(
    ("environ", "named"),
    [
        ({"CARETAKER_ASR_BACKEND": "cloud"}, "CARETAKER_ASR_BACKEND"),
        ({"CARETAKER_ASR_BACKEND": "openai"}, "CARETAKER_ASR_BASE_URL"),
        ({"CARETAKER_ASR_TIMEOUT": "soon"}, "CARETAKER_ASR_TIMEOUT"),
    ],
)
def test_wrong_recogniser_settings_name_the_variable(environ, named) -> None:
    """An unknown backend, a remote one without a URL, a bad timeout: start-up
    fails naming the variable."""
    with pytest.raises(InvalidOption) as raised:
        TranscriptionOptions.from_env(environ)
    assert named in raised.value.message


def test_a_dead_port_is_an_unreachable_recogniser(clip) -> None:
    """Nothing listening: RecogniserUnreachable, which says to try again."""
    options = remote(f"http://127.0.0.1:{free_port()}/v1", timeout_s=5.0)
    with pytest.raises(RecogniserUnreachable) as raised:
        transcribe(clip.path, options)
    assert raised.value.code == "recogniser_unreachable"
    assert "cannot be reached" in raised.value.message
    assert "Try again" in raised.value.message


@pytest.mark.parametrize("status", [500, 503, 429])
def test_a_failing_server_is_an_unreachable_recogniser(clip, status) -> None:
    """A server that answers 5xx or 429 is unreachable too (worth a retry)."""
    with failing_server(status) as url, pytest.raises(RecogniserUnreachable) as raised:
        transcribe(clip.path, remote(url))
    assert f"HTTP {status}" in raised.value.message


def test_a_refused_request_is_a_setting_to_fix(clip) -> None:
    """A 401 (wrong key) is not worth retrying: RecogniserRejected names the
    settings to check."""
    with failing_server(401) as url, pytest.raises(RecogniserRejected) as raised:
        transcribe(clip.path, remote(url))
    assert "CARETAKER_ASR_API_KEY" in raised.value.message
    assert not isinstance(raised.value, RecogniserUnreachable)


def test_a_bad_recording_is_refused_before_it_is_sent() -> None:
    """Bytes that are not audio fail locally, as with the embedded model."""
    with pytest.raises(SpeechError) as raised:
        transcribe(b"not a recording" * 50, remote("http://127.0.0.1:9/v1"))
    assert raised.value.code == "not_audio"


def test_words_without_probabilities_have_unknown_confidence(clip) -> None:
    """OpenAI's own API gives words with times but no probability: the words are
    kept, and their confidence is unknown (None), never a guess."""
    answer = {
        "task": "transcribe", "language": "english", "duration": 3.0,
        "text": "GCS 15, blood sugar 6.2.",
        "segments": [{"id": 0, "seek": 0, "start": 0.0, "end": 3.0,
                      "text": " GCS 15, blood sugar 6.2.", "tokens": [],
                      "temperature": 0.0, "avg_logprob": -0.2,
                      "compression_ratio": 1.0, "no_speech_prob": 0.01}],
        "words": [{"word": w, "start": i * 0.5, "end": i * 0.5 + 0.4}
                  for i, w in enumerate(["GCS", "15", "blood", "sugar", "6.2"])],
    }  # fmt: skip
    with json_answering(200, answer) as url:
        transcript = transcribe(clip.path, remote(url))
    assert transcript.text == "GCS 15, blood sugar 6.2."
    assert [w.text for w in transcript.words] == ["GCS", "15", "blood", "sugar", "6.2"]
    assert all(w.probability is None for w in transcript.words)
    assert span_confidence(transcript.words, 4, 6) is None


@pytest.mark.slow
def test_the_loopback_server_transcribes_with_word_timestamps(clips) -> None:
    """A real OpenAI-compatible server on faster-whisper: a rendered recording
    comes back as text, segments and words with times and probabilities."""
    clip = clips["spo2_resps"]
    with asr_server("ward-whisper") as url:
        options = remote(url, model="ward-whisper")
        transcript = transcribe(clip.path, options)
        with pytest.raises(RecogniserRejected):  # a model the server does not serve
            transcribe(clip.path, remote(url, model="whisper-large"))
        off = transcribe(clip.path, dataclasses.replace(options, bias="off"))
    assert transcript.no_speech is False
    found = numbers_find(transcript.text)
    assert all(number in found for number in clip.numbers), transcript.text
    assert transcript.segments and transcript.words
    for word in transcript.words:
        assert transcript.text[word.char_start : word.char_end] == word.text
        assert word.probability is not None and 0 < word.probability <= 1
        assert 0 <= word.start <= word.end <= transcript.duration_s + 0.5
    assert off.words
