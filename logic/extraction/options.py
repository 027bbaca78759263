"""Configuration of the extractor, as one frozen options object."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from logic.diagnostics import LogicError
from logic.extraction.grammar import GuideMode


class ExtractionError(LogicError):
    """The extractor cannot run as configured (unknown backend, model missing...)."""


class BackendUnavailable(Exception):
    """The model's server did not answer (connection refused, timeout, overloaded,
    a 5xx): nothing is wrong with the request, so it is worth trying again later."""


@dataclass(frozen=True)
class Endpoint:
    """An OpenAI-compatible server for the ``openai`` backend: its base URL, model,
    key and how the guide reaches it (``json_schema``, ``structured_outputs``,
    ``grammar`` or ``none``)."""

    base_url: str = ""
    model: str = "default"
    api_key: str = field(default="not-needed", repr=False)
    constraint: str = "json_schema"


@dataclass(frozen=True)
class ExtractionOptions:
    """Which backend and model to use, how strict the guide is, how often to retry.

    ``backend`` is ``"llama"`` (embedded llama.cpp, the default) or ``"openai"`` (the
    OpenAI-compatible ``endpoint``). ``model`` names the embedded model: ``"gemma3"``
    (default) or ``"smollm2"``; ``threads`` is llama.cpp's thread count. Callers pass
    these in (the web app from its settings); only :meth:`from_environment`, for the
    command line, reads ``CARETAKER_LLM_*`` variables.
    """

    backend: str = "llama"
    model: str = "gemma3"
    guide: GuideMode = GuideMode.STRICT
    retries: int = 2
    max_tokens: int = 320
    threads: int = 2
    endpoint: Endpoint = Endpoint()

    @property
    def backend_key(self) -> tuple[object, ...]:
        """What makes one backend differ from another (guide and retries do not)."""
        return (self.backend, self.model, self.threads, self.endpoint)

    @classmethod
    def from_environment(
        cls, environ: Mapping[str, str], **overrides: object
    ) -> ExtractionOptions:
        """Options from the ``CARETAKER_LLM_*`` variables (backend, embedded model,
        guide, threads, and the endpoint's base URL, model, API key and constraint);
        keyword overrides that are not None win."""
        env = environ
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
        try:
            threads = int(env.get("CARETAKER_LLM_THREADS", "2"))
        except ValueError as error:
            raise ExtractionError("CARETAKER_LLM_THREADS must be a number") from error
        endpoint = Endpoint(
            base_url=env.get("CARETAKER_LLM_BASE_URL", ""),
            model=env.get("CARETAKER_LLM_MODEL", "default"),
            api_key=env.get("CARETAKER_LLM_API_KEY", "not-needed"),
            constraint=env.get("CARETAKER_LLM_CONSTRAINT", "json_schema"),
        )
        return cls(
            backend=str(values["backend"]),
            model=str(values["model"]),
            guide=guide,
            threads=threads,
            endpoint=endpoint,
        )
