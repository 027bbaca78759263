"""Recognised segments and the vocabulary bias, shared by the embedded recogniser
(``speech.transcriber``) and a remote one (``speech.remote``): what a segment is,
which segments are speech rather than Whisper's inventions, and the bias words."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from speech.options import TranscriptionOptions

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
