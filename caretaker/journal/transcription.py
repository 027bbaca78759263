"""The application's view of speech recognition (``speech``)."""

import logging

from django.conf import settings

import speech
from caretaker.modelhost import ModelCrashed, model_host

logger = logging.getLogger(__name__)


class TranscriptionFailed(Exception):
    """The recording could not be turned into words; the reason is for the nurse."""


class TranscriptionUnavailable(TranscriptionFailed):
    """The remote recogniser did not answer (down, timed out, overloaded): nothing is
    wrong with the recording, so the same step is worth trying again later. A
    subclass of :class:`TranscriptionFailed`, so a caller that does not retry still
    fails the message with a reason the nurse can read."""


def audio_transcribe(audio: bytes) -> speech.Transcript:
    """Transcribe a recording with the configured options (``CARETAKER_WHISPER_*``,
    ``CARETAKER_ASR_*``). The embedded model runs in its own process: a crash in
    CTranslate2 or PyAV cannot take this process down. A remote recogniser
    (``CARETAKER_ASR_BACKEND=openai``) is called from here: only the recording is
    decoded locally, in pure PyAV, to refuse a bad one before it is sent."""
    options = settings.CARETAKER_TRANSCRIPTION
    try:
        if settings.CARETAKER_MODEL_ISOLATION and options.backend == "embedded":
            transcript: speech.Transcript = model_host("speech model").call(
                "speech:transcribe", audio, options
            )
            return transcript
        return speech.transcribe(audio, options)
    except speech.RecogniserUnreachable as error:
        logger.warning("speech recogniser unavailable: %s", error.detail or error)
        raise TranscriptionUnavailable(str(error)) from error
    except (speech.SpeechError, ModelCrashed) as error:
        raise TranscriptionFailed(str(error)) from error
