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
    SpeechError,
    TruncatedAudio,
)
from speech.options import DEFAULT_VOCABULARY, TranscriptionOptions, vocabulary_parse
from speech.transcriber import NO_SPEECH_REASON, Segment, Transcript, transcribe

__all__ = [
    "DEFAULT_VOCABULARY",
    "NO_SPEECH_REASON",
    "AudioTooLong",
    "AudioUnreadable",
    "EmptyAudio",
    "InvalidOption",
    "ModelUnavailable",
    "NotAudio",
    "Segment",
    "SpeechError",
    "Transcript",
    "TranscriptionOptions",
    "TruncatedAudio",
    "model_preload",
    "transcribe",
    "vocabulary_parse",
]


def model_preload(options: TranscriptionOptions | None = None) -> None:
    """Load the model now (at worker start) so the first nurse does not wait."""
    from speech.model import model_load

    model_load(options or TranscriptionOptions())
