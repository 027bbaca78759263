"""Turn a recording into a transcript, keeping only segments that are speech."""

from __future__ import annotations

import re
import time
from dataclasses import asdict, dataclass
from typing import Any

from speech.audio import SAMPLE_RATE, AudioInput, Samples, audio_decode
from speech.model import LoadedModel, model_load
from speech.options import TranscriptionOptions
from speech.words import HeardWord, Word, words_place

NO_SPEECH_REASON = "no speech detected"
# Whisper's own rule drops a window only when it is unsure of the words too;
# past this, the model is sure there is no speech whatever it wrote.
_NO_SPEECH_CERTAIN = 0.9
_WORD = re.compile(r"[a-z0-9]+")
# Nobody says two or more words in under 60 ms each. Whisper's inventions at the
# end of a clip ("We'll see you next time.", "Thank you for your support.") come
# as a segment whose words the alignment squeezes into a moment past the speech.
_SECONDS_PER_WORD_MIN = 0.06


@dataclass(frozen=True)
class Segment:
    """A stretch of recognised speech, times in seconds from the start."""

    start: float
    end: float
    text: str
    avg_logprob: float
    no_speech_prob: float


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


def bias_arguments(options: TranscriptionOptions) -> tuple[str | None, str | None]:
    """``(initial prompt, hotwords)`` for the configured bias; at most one is set."""
    if not options.bias_active:
        return None, None
    if options.bias == "prompt":
        return bias_prompt(options.vocabulary), None
    return None, " ".join(options.vocabulary)


def bias_words(options: TranscriptionOptions) -> frozenset[str]:
    """The words of the active bias, to recognise segments that only echo it."""
    prompt, hotwords = bias_arguments(options)
    return frozenset(_WORD.findall((prompt or hotwords or "").lower()))


def bias_prompt(vocabulary: tuple[str, ...]) -> str:
    """The initial prompt that steers spelling towards the ward vocabulary.

    Whisper continues the style of its prompt, so the prompt reads like a
    nurse's note rather than a bare word list.
    """
    return "Ward obs: " + ", ".join(vocabulary) + "."


def segment_is_speech(
    raw: Any, options: TranscriptionOptions, prompt_words: frozenset[str]
) -> bool:
    """Whether a faster-whisper segment is speech rather than an invention.

    Drops segments without a letter or digit, segments the model itself rates
    as no speech, repetitive ones (high compression ratio), echoes of the bias
    prompt (two or more vocabulary words and nothing else, no number), and
    segments whose words were aligned into too short a time to be speech.
    """
    text = str(raw.text).strip()
    words = _WORD.findall(text.lower())
    no_speech_prob = float(raw.no_speech_prob)
    avg_logprob = float(raw.avg_logprob)
    if not words:
        return False
    if no_speech_prob >= _NO_SPEECH_CERTAIN:
        return False
    if (
        no_speech_prob > options.no_speech_threshold
        and avg_logprob < options.log_prob_threshold
    ):
        return False
    if float(raw.compression_ratio) > options.compression_ratio_threshold:
        return False
    prompt_echo = (
        len(words) >= 2
        and not any(word.isdigit() for word in words)
        and all(word in prompt_words for word in words)
    )
    return not prompt_echo and not words_squeezed(getattr(raw, "words", None))


def words_squeezed(words: Any) -> bool:
    """Whether a segment's aligned words take too little time to have been said
    (two or more words, under 60 ms a word on average): an invention."""
    if not words or len(words) < 2:
        return False
    starts = [float(_word_field(word, "start")) for word in words]
    ends = [float(_word_field(word, "end")) for word in words]
    return (max(ends) - min(starts)) / len(words) < _SECONDS_PER_WORD_MIN


def _word_field(word: Any, name: str) -> Any:
    return word[name] if isinstance(word, dict) else getattr(word, name)


def segment_make(raw: Any) -> Segment:
    """A :class:`Segment` from faster-whisper's or a server's segment."""
    return Segment(
        start=float(raw.start),
        end=float(raw.end),
        text=str(raw.text).strip(),
        avg_logprob=float(raw.avg_logprob),
        no_speech_prob=float(raw.no_speech_prob),
    )
