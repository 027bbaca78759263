"""Configuration of the extractor, as one frozen options object."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from logic.diagnostics import LogicError
from logic.extraction.grammar import GuideMode


class ExtractionError(LogicError):
    """The extractor cannot run as configured (unknown backend, model missing...)."""


@dataclass(frozen=True)
class ExtractionOptions:
    """Which backend and model to use, how strict the guide is, how often to retry.

    ``backend`` is ``"llama"`` (embedded llama.cpp, the default) or ``"openai"`` (any
    OpenAI-compatible endpoint, configured by ``CARETAKER_LLM_*`` variables).
    ``model`` names the embedded model: ``"gemma3"`` (default) or ``"smollm2"``.
    """

    backend: str = "llama"
    model: str = "gemma3"
    guide: GuideMode = GuideMode.STRICT
    retries: int = 2
    max_tokens: int = 320

    @classmethod
    def from_environment(
        cls, environ: Mapping[str, str] | None = None, **overrides: object
    ) -> ExtractionOptions:
        """Options from ``CARETAKER_LLM_BACKEND``, ``CARETAKER_LLM_EMBEDDED_MODEL``
        and ``CARETAKER_LLM_GUIDE``; keyword overrides that are not None win."""
        env = os.environ if environ is None else environ
        values: dict[str, object] = {
            "backend": env.get("CARETAKER_LLM_BACKEND", "llama"),
            "model": env.get("CARETAKER_LLM_EMBEDDED_MODEL", "gemma3"),
            "guide": env.get("CARETAKER_LLM_GUIDE", "strict"),
        }
        values.update({k: v for k, v in overrides.items() if v is not None})
        try:
            guide = GuideMode(str(values.pop("guide")))
        except ValueError as error:
            raise ExtractionError(
                f"unknown guide mode; choose one of "
                f"{', '.join(m.value for m in GuideMode)}"
            ) from error
        return cls(
            backend=str(values["backend"]), model=str(values["model"]), guide=guide
        )
