"""Offline speech-to-text for the bedside: faster-whisper with ward vocabulary.

No Django here: callers pass bytes or a path and an options object, and get a
frozen :class:`Transcript` back or a :class:`SpeechError` with a code.
"""

from speech.errors import (
    AudioTooLong,
    AudioUnreadable,
    EmptyAudio,
    InvalidOption,
    ModelUnavailable,
    NotAudio,
    RecogniserRejected,
    RecogniserUnreachable,
    SpeechError,
    TruncatedAudio,
)
from speech.options import (
    DEFAULT_VOCABULARY,
    AsrEndpoint,
    TranscriptionOptions,
    vocabulary_parse,
)
from speech.segments import Segment
from speech.transcriber import NO_SPEECH_REASON, Transcript, transcribe
from speech.words import Word, span_confidence, words_in_span

__all__ = [
    "DEFAULT_VOCABULARY",
    "NO_SPEECH_REASON",
    "AsrEndpoint",
    "AudioTooLong",
    "AudioUnreadable",
    "EmptyAudio",
    "InvalidOption",
    "ModelUnavailable",
    "NotAudio",
    "RecogniserRejected",
    "RecogniserUnreachable",
    "Segment",
    "SpeechError",
    "Transcript",
    "TranscriptionOptions",
    "TruncatedAudio",
    "Word",
    "model_preload",
    "span_confidence",
    "transcribe",
    "vocabulary_parse",
    "words_in_span",
]


def model_preload(options: TranscriptionOptions | None = None) -> None:
    """Load the model now (at worker start) so the first nurse does not wait."""
    from speech.model import model_load

    options = options or TranscriptionOptions()
    if options.backend == "embedded":  # a remote recogniser loads its own
        model_load(options)
