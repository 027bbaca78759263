"""Any OpenAI-compatible endpoint (OpenAI, vLLM, llama.cpp server, Ollama).

Configured by an :class:`~logic.extraction.options.Endpoint`: base URL, model, API key
and how the guide reaches the server, ``json_schema`` (OpenAI structured outputs,
Ollama), ``structured_outputs`` (vLLM), ``grammar`` (llama.cpp server, GBNF) or
``none``. Whatever the server answers is validated again by the extractor.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from logic.extraction.backends.base import RawOutput
from logic.extraction.grammar import Constraint, GuideMode, schema_lines
from logic.extraction.options import BackendUnavailable, Endpoint, ExtractionError
from logic.extraction.prompt import Prompt

CONSTRAINT_MODES = ("json_schema", "structured_outputs", "grammar", "none")
_JSON_HINT = 'Answer as JSON: {"statements": [...]}, one item per line.'


@contextmanager
def _server_errors() -> Iterator[None]:
    """The server's own failures as :class:`BackendUnavailable` (worth a retry);
    a request the server refuses (4xx other than 429) stays an error."""
    import openai

    try:
        yield
    except (
        openai.APIConnectionError,  # timeouts included
        openai.RateLimitError,
        openai.InternalServerError,
    ) as error:
        raise BackendUnavailable(f"{type(error).__name__}: {error}") from error


class OpenAIBackend:
    """Chat completions through the ``openai`` client; one client per process."""

    name = "openai"

    def __init__(
        self, *, base_url: str, model: str, api_key: str, constraint: str
    ) -> None:
        from openai import OpenAI

        if constraint not in CONSTRAINT_MODES:
            raise ExtractionError(
                f"CARETAKER_LLM_CONSTRAINT={constraint!r}; choose one of "
                + ", ".join(CONSTRAINT_MODES)
            )
        self.model = model
        self.constraint = constraint
        self._client = OpenAI(
            base_url=base_url, api_key=api_key, timeout=120.0, max_retries=1
        )

    @classmethod
    def from_endpoint(cls, endpoint: Endpoint) -> OpenAIBackend:
        """The backend for ``endpoint``; its base URL is required."""
        if not endpoint.base_url:
            raise ExtractionError(
                "the openai backend needs CARETAKER_LLM_BASE_URL "
                "(for example http://127.0.0.1:8000/v1)"
            )
        return cls(
            base_url=endpoint.base_url,
            model=endpoint.model,
            api_key=endpoint.api_key,
            constraint=endpoint.constraint,
        )

    def _constraint_arguments(self, constraint: Constraint) -> dict[str, Any]:
        if constraint.mode is GuideMode.OFF or self.constraint == "none":
            return {}
        if self.constraint == "grammar":
            return {"extra_body": {"grammar": constraint.gbnf}}
        if self.constraint == "structured_outputs":
            return {"extra_body": {"structured_outputs": {"json": constraint.schema}}}
        return {
            "response_format": {
                "type": "json_schema",
                "json_schema": {
                    "name": "statements",
                    "schema": constraint.schema,
                    "strict": True,
                },
            }
        }

    def chat(self, system: str, user: str) -> str:
        """One free-text chat turn (no constraint): used only to reword a
        confirmation, which :func:`~logic.extraction.wording.confirmation_reword`
        checks before it is shown."""
        with _server_errors():
            response = self._client.chat.completions.create(
                model=self.model,
                messages=[
                    {"role": "system", "content": system},
                    {"role": "user", "content": user},
                ],
                temperature=0.0,
                max_tokens=200,
            )
        return response.choices[0].message.content or ""

    def generate(
        self,
        prompt: Prompt,
        constraint: Constraint,
        *,
        prefix: str = "",
        feedback: str = "",
    ) -> RawOutput:
        """One chat completion: the stable prefix as system message, the patient
        part (and any accepted lines and rejection reason) as user message."""
        arguments = self._constraint_arguments(constraint)
        json_answer = "response_format" in arguments or (
            "structured_outputs" in arguments.get("extra_body", {})
        )
        user = prompt.patient
        if prefix:
            user += f"(already accepted)\n{prefix}"
        if feedback:
            user += f"\nYour last answer was rejected: {feedback}\nAnswer again."
        if json_answer:
            user += "\n" + _JSON_HINT
        with _server_errors():
            response = self._client.chat.completions.create(
                model=self.model,
                messages=[
                    {"role": "system", "content": prompt.prefix},
                    {"role": "user", "content": user},
                ],
                temperature=0.0,
                max_tokens=320,
                **arguments,
            )
        content = response.choices[0].message.content or ""
        tokens = response.usage.completion_tokens if response.usage else 0
        lines = schema_lines(content) if json_answer else []
        if not lines:
            lines = [
                line.strip()
                for line in content.split("\n")
                if line.strip() and line.strip() != "END"
            ]
        return RawOutput(content, tuple(lines), tokens)
