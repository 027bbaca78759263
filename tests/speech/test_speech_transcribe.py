"""Transcription with the real model: numbers come back, silence stays silent."""

from __future__ import annotations

import dataclasses
import threading
from types import SimpleNamespace

import numpy as np
import pytest

from speech import NO_SPEECH_REASON, TranscriptionOptions, transcribe
from speech.model import model_load
from speech.remote import wav_bytes
from speech.segments import bias_prompt, segment_is_speech
from speech.wer import numbers_find

pytestmark = pytest.mark.slow


def numbers_missing(text: str, expected: tuple[str, ...]) -> list[str]:
    found = numbers_find(text)
    return [number for number in expected if number not in found]


@pytest.mark.parametrize(
    "name",
    ["gcs_sugar", "blood_pressure", "spo2_resps", "resps_sats", "urine_output"],
)
def test_spoken_numbers_come_back(name, clips, options) -> None:
    """Each utterance's numbers appear in the transcript (words or digits)."""
    clip = clips[name]
    transcript = transcribe(clip.path, options)
    assert transcript.no_speech is False
    assert transcript.reason is None
    assert not numbers_missing(transcript.text, clip.numbers), transcript.text
    assert transcript.duration_s == pytest.approx(
        clip.path.stat().st_size / 44100, abs=0.2
    )
    assert transcript.segments
    assert transcript.text.startswith(transcript.segments[0].text)


@pytest.mark.parametrize("name", ["webm_opus", "mp4_aac", "ogg_opus"])
def test_browser_recordings_transcribe(name, encoded, clip, options) -> None:
    """What Chrome, Safari and Firefox upload gives the same numbers."""
    transcript = transcribe(encoded[name], options)
    assert not numbers_missing(transcript.text, clip.numbers), transcript.text


def test_silence_gives_no_speech_not_words(silence_wav, options) -> None:
    """Silence is "no speech detected", never an invented sentence."""
    transcript = transcribe(silence_wav, options)
    assert transcript.no_speech is True
    assert transcript.text == ""
    assert transcript.reason == NO_SPEECH_REASON
    assert transcript.segments == ()
    assert transcript.duration_s == pytest.approx(5.0)


@pytest.mark.parametrize(
    ("noise", "vad"),
    [("noise_wav", True), ("rumble_wav", True), ("noise_wav", False)],
    ids=["white-vad", "rumble-vad", "white-no_vad"],
)
def test_noise_gives_no_speech(noise, vad, request, options) -> None:
    """Noise alone invents nothing, with VAD and, for white noise, without it."""
    audio = request.getfixturevalue(noise)
    transcript = transcribe(audio, dataclasses.replace(options, vad=vad))
    assert transcript.no_speech is True, transcript.text
    assert transcript.text == ""


def test_silence_without_vad_invents_nothing(silence_wav, options) -> None:
    """Without VAD the filters catch what tiny.en invents on silence.

    Given the bias prompt and silence, tiny.en writes "see you in the next
    video, see you in the next video, ..."; rumble gives "sats, sats, sats".
    """
    transcript = transcribe(silence_wav, dataclasses.replace(options, vad=False))
    assert transcript.no_speech is True, transcript.text


def test_speech_between_silences_keeps_its_timing(clip, clip_samples, options) -> None:
    """Speech after two seconds of silence is found, with segment times to match."""
    pause = np.zeros(2 * 16_000, dtype=np.float32)
    audio = wav_bytes(np.concatenate([pause, clip_samples, pause]))
    transcript = transcribe(audio, options)
    assert not numbers_missing(transcript.text, clip.numbers), transcript.text
    assert transcript.segments[0].start >= 1.0
    assert transcript.segments[-1].end <= transcript.duration_s + 0.1


def test_without_bias_numbers_still_come_back(clip, options) -> None:
    """Switching the vocabulary bias off still transcribes."""
    transcript = transcribe(clip.path, dataclasses.replace(options, bias="off"))
    assert not numbers_missing(transcript.text, clip.numbers), transcript.text


def test_transcript_dict_has_the_documented_keys(clip, options) -> None:
    """to_dict gives the JSON the CLI prints, segments and words as objects; the
    words came last, after every key older callers read."""
    data = transcribe(clip.path, options).to_dict()
    assert list(data) == [
        "text",
        "duration_s",
        "seconds",
        "no_speech",
        "reason",
        "segments",
        "words",
    ]
    assert set(data["segments"][0]) == {
        "start",
        "end",
        "text",
        "avg_logprob",
        "no_speech_prob",
    }


def test_model_loads_once_and_serves_threads(clips, options) -> None:
    """Two threads at once share one model and both get their numbers."""
    assert model_load(options) is model_load(options)
    results: dict[str, str] = {}

    def worker(name: str) -> None:
        results[name] = transcribe(clips[name].path, options).text

    threads = [
        threading.Thread(target=worker, args=(name,))
        for name in ("blood_pressure", "urine_output")
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    for name, text in results.items():
        assert not numbers_missing(text, clips[name].numbers), text
    assert len(results) == 2


def fake_segment(text: str, no_speech_prob: float = 0.1, avg_logprob: float = -0.3):
    return SimpleNamespace(
        text=text,
        no_speech_prob=no_speech_prob,
        avg_logprob=avg_logprob,
        compression_ratio=1.2,
    )


@pytest.mark.parametrize(
    ("segment", "kept"),
    [
        (fake_segment(" Temperature 38.4."), True),
        (fake_segment(" . ."), False),
        (fake_segment(" You", no_speech_prob=0.95, avg_logprob=-0.9), False),
        (fake_segment(" Thank you.", no_speech_prob=0.7, avg_logprob=-1.2), False),
        (fake_segment(" sats, resps, BP."), False),
        (fake_segment(" sats 94, BP."), True),
        (fake_segment(" obs done"), True),
    ],
)
def test_segments_that_are_not_speech_are_dropped(segment, kept) -> None:
    """Empty, no-speech and prompt-echo segments are dropped; numbers are kept."""
    options = TranscriptionOptions()
    words = frozenset(bias_prompt(options.vocabulary).lower().replace(",", "").split())
    assert segment_is_speech(segment, options, words) is kept


def _timed(*words: tuple[str, float, float]) -> list[SimpleNamespace]:
    return [SimpleNamespace(word=w, start=s, end=e) for w, s, e in words]


@pytest.mark.parametrize(
    ("words", "kept"),
    [
        # tiny.en after a piper clip: five words at one instant, past the speech
        (_timed(*((w, 9.7, 9.7) for w in ("We'll", "see", "you", "next", "time."))),
         False),
        (_timed(("Thank", 4.3, 4.3), ("you", 4.3, 4.3), ("very", 4.3, 4.3),
                ("much", 4.3, 4.3), ("for", 4.3, 4.4), ("your", 4.4, 4.4),
                ("support.", 4.4, 4.5)), False),
        (_timed(("resps", 4.9, 5.4), ("18.", 5.5, 5.9)), True),
        (_timed(("18.", 5.5, 5.5)), True),  # one short word may be real
        ([{"word": "GCS", "start": 0.0, "end": 0.5},
          {"word": "15", "start": 0.5, "end": 0.9}], True),  # a server's dicts
    ],
)  # fmt: skip
def test_words_squeezed_into_a_moment_are_an_invention(words, kept) -> None:
    """A segment whose words were aligned at under 60 ms a word is dropped."""
    raw = SimpleNamespace(
        text=" ".join(w["word"] if isinstance(w, dict) else w.word for w in words),
        no_speech_prob=0.1, avg_logprob=-0.3, compression_ratio=1.2, words=words,
    )  # fmt: skip
    assert segment_is_speech(raw, TranscriptionOptions(), frozenset()) is kept
