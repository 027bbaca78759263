"""Turn a recording into a transcript, keeping only segments that are speech."""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from typing import Any

from speech.audio import SAMPLE_RATE, AudioInput, Samples, audio_decode
from speech.model import LoadedModel, model_load
from speech.options import TranscriptionOptions
from speech.segments import (
    Segment,
    bias_arguments,
    bias_words,
    segment_is_speech,
    segment_make,
)
from speech.words import HeardWord, Word, words_place

NO_SPEECH_REASON = "no speech detected"


@dataclass(frozen=True)
class Transcript:
    """What was said, or an empty text with the reason nothing was kept.

    ``duration_s`` is the length of the recording, ``seconds`` the time spent
    decoding and transcribing it (the one-time model load excluded). ``words``
    are the recognised words in order, each with its times, its probability and
    its character span in ``text`` (see :func:`speech.span_confidence`).
    """

    text: str
    duration_s: float
    seconds: float
    no_speech: bool
    reason: str | None
    segments: tuple[Segment, ...]
    words: tuple[Word, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The transcript as plain JSON-ready values, segments as objects."""
        return {
            "text": self.text,
            "duration_s": round(self.duration_s, 2),
            "seconds": round(self.seconds, 2),
            "no_speech": self.no_speech,
            "reason": self.reason,
            "segments": [
                {
                    key: round(value, 3) if isinstance(value, float) else value
                    for key, value in asdict(segment).items()
                }
                for segment in self.segments
            ],
            "words": [
                {
                    "text": word.text,
                    "start": round(word.start, 3),
                    "end": round(word.end, 3),
                    "probability": (
                        None if word.probability is None else round(word.probability, 4)
                    ),
                    "char_start": word.char_start,
                    "char_end": word.char_end,
                }
                for word in self.words
            ],
        }


def transcribe(
    audio: AudioInput, options: TranscriptionOptions | None = None
) -> Transcript:
    """Transcribe a recording given as bytes or a file path.

    Silence and noise give ``no_speech=True``, an empty text and the reason
    ``"no speech detected"``. Bad input raises a :class:`speech.SpeechError`
    subclass with a code and a message saying what to do.
    """
    options = options or TranscriptionOptions()
    started = time.perf_counter()
    # Decoded here for every backend: a bad, cut or over-long recording is refused
    # the same way whoever recognises it.
    samples = audio_decode(audio, max_seconds=options.max_seconds)
    decode_seconds = time.perf_counter() - started
    if options.backend == "openai":
        from speech.remote import remote_transcribe

        started = time.perf_counter()
        segments, heard = remote_transcribe(samples, options)
    else:
        loaded = model_load(options)
        started = time.perf_counter()
        segments, heard = samples_transcribe(loaded, samples, options)
    seconds = decode_seconds + time.perf_counter() - started
    return transcript_make(segments, heard, len(samples) / SAMPLE_RATE, seconds)


def transcript_make(
    segments: tuple[Segment, ...],
    heard: tuple[HeardWord, ...],
    duration_s: float,
    seconds: float,
) -> Transcript:
    """The transcript of the kept segments, their words placed in its text."""
    text = " ".join(segment.text for segment in segments).strip()
    return Transcript(
        text=text,
        duration_s=duration_s,
        seconds=seconds,
        no_speech=not text,
        reason=None if text else NO_SPEECH_REASON,
        segments=segments,
        words=words_place(heard, text),
    )


def samples_transcribe(
    loaded: LoadedModel, samples: Samples, options: TranscriptionOptions
) -> tuple[tuple[Segment, ...], tuple[HeardWord, ...]]:
    """Run Whisper on decoded samples; the segments that are speech, their words."""
    prompt, hotwords = bias_arguments(options)
    prompt_words = bias_words(options)
    with loaded.lock:
        raw_segments, _info = loaded.whisper.transcribe(
            samples,
            language=options.language,
            beam_size=options.beam_size,
            temperature=list(options.temperatures),
            vad_filter=options.vad,
            initial_prompt=prompt,
            hotwords=hotwords,
            # Each window stands alone: carrying text over feeds hallucination loops.
            condition_on_previous_text=False,
            no_speech_threshold=options.no_speech_threshold,
            log_prob_threshold=options.log_prob_threshold,
            compression_ratio_threshold=options.compression_ratio_threshold,
            # Each word's probability travels with the text to the facts.
            word_timestamps=True,
        )
        # The segments are generated lazily: decode them while holding the lock.
        kept = [
            raw for raw in raw_segments if segment_is_speech(raw, options, prompt_words)
        ]
    heard = tuple(
        HeardWord(
            text=str(word.word),
            start=float(word.start),
            end=float(word.end),
            probability=float(word.probability),
        )
        for raw in kept
        for word in raw.words or ()
    )
    return tuple(segment_make(raw) for raw in kept), heard
