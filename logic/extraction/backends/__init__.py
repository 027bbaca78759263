"""Extraction backends, picked by name from the options."""

from __future__ import annotations

import atexit
import threading

from logic.extraction.backends.base import Backend, RawOutput
from logic.extraction.options import ExtractionError, ExtractionOptions

__all__ = ["Backend", "RawOutput", "backend_get", "backends_forget", "BACKEND_NAMES"]

BACKEND_NAMES = ("llama", "openai")
_LOCK = threading.Lock()
_BACKENDS: dict[tuple[object, ...], Backend] = {}


def backend_get(options: ExtractionOptions) -> Backend:
    """The backend named by ``options.backend``, created once per process."""
    key = options.backend_key
    with _LOCK:
        backend = _BACKENDS.get(key)
        if backend is None:
            backend = _create(options)
            _BACKENDS[key] = backend
        return backend


def backends_forget() -> None:
    """Close and drop the backends created so far (at exit; in tests, to start a
    backend afresh)."""
    with _LOCK:
        for backend in _BACKENDS.values():
            close = getattr(backend, "close", None)
            if close is not None:
                close()
        _BACKENDS.clear()


# Freed while the interpreter is still whole: llama.cpp's own finaliser fails noisily
# when it runs during interpreter shutdown.
atexit.register(backends_forget)


def _create(options: ExtractionOptions) -> Backend:
    # Imported here: llama.cpp and the openai client load only when used.
    if options.backend == "llama":
        from logic.extraction.backends.llama import LlamaBackend

        return LlamaBackend(options.model, threads=options.threads)
    if options.backend == "openai":
        from logic.extraction.backends.openai_compat import OpenAIBackend

        return OpenAIBackend.from_endpoint(options.endpoint)
    raise ExtractionError(
        f"unknown extraction backend {options.backend!r}; choose one of "
        + ", ".join(BACKEND_NAMES)
    )
