"""Errors a transcription can end with, each with a machine code and advice."""

from __future__ import annotations


class SpeechError(Exception):
    """A recording or a setting that cannot be transcribed.

    ``code`` is short and stable, for programs (``"not_audio"``); ``message`` is
    a sentence for the nurse or the operator: what is wrong and what to do.
    """

    code: str = "speech_error"

    def __init__(self, message: str, *, detail: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.detail = detail

    def to_dict(self) -> dict[str, str]:
        """The error as ``{"error": code, "message": ...}`` for JSON replies."""
        return {"error": self.code, "message": self.message}


class EmptyAudio(SpeechError):
    """The upload or file holds no bytes, or no sound at all."""

    code = "empty_audio"


class NotAudio(SpeechError):
    """The bytes are not a recording in any format we can decode."""

    code = "not_audio"


class TruncatedAudio(SpeechError):
    """The recording is cut off or damaged, so words may be missing."""

    code = "truncated_audio"


class AudioTooLong(SpeechError):
    """The recording is longer than the configured limit."""

    code = "audio_too_long"


class AudioUnreadable(SpeechError):
    """A file path that does not exist or cannot be read."""

    code = "unreadable"


class InvalidOption(SpeechError):
    """A transcription setting (usually an environment variable) is invalid."""

    code = "invalid_option"


class ModelUnavailable(SpeechError):
    """The configured speech model cannot be found or loaded on this machine."""

    code = "model_unavailable"


class RecogniserUnreachable(SpeechError):
    """The remote recogniser did not answer (refused, timed out, overloaded, a 5xx).

    Nothing is wrong with the recording: the same call is worth trying again later.
    """

    code = "recogniser_unreachable"


class RecogniserRejected(SpeechError):
    """The remote recogniser refused the request (wrong model name, key or URL):
    a setting to fix, not worth retrying as is."""

    code = "recogniser_rejected"
