"""The application's view of speech recognition (``speech``)."""

from django.conf import settings

import speech
from caretaker.modelhost import ModelCrashed, model_host


class TranscriptionFailed(Exception):
    """The recording could not be turned into words; the reason is for the nurse."""


def audio_transcribe(audio: bytes) -> speech.Transcript:
    """Transcribe a recording with the configured options (``CARETAKER_WHISPER_*``),
    in the speech model's own process: a crash in CTranslate2 or PyAV cannot take
    this process down."""
    options = settings.CARETAKER_TRANSCRIPTION
    try:
        if settings.CARETAKER_MODEL_ISOLATION:
            transcript: speech.Transcript = model_host("speech model").call(
                "speech:transcribe", audio, options
            )
            return transcript
        return speech.transcribe(audio, options)
    except (speech.SpeechError, ModelCrashed) as error:
        raise TranscriptionFailed(str(error)) from error
