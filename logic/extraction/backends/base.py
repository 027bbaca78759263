"""The one interface every extraction backend implements."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from logic.extraction.grammar import Constraint
from logic.extraction.prompt import Prompt


@dataclass(frozen=True)
class RawOutput:
    """What the model said, before any validation, and how many tokens it took.

    ``lines`` are the output lines the backend read from its answer (text lines, or
    the items of a JSON answer).
    """

    text: str
    lines: tuple[str, ...]
    tokens: int


class Backend(Protocol):
    """A language model that continues a prompt, under a constraint when it can."""

    name: str

    def generate(
        self,
        prompt: Prompt,
        constraint: Constraint,
        *,
        prefix: str = "",
        feedback: str = "",
    ) -> RawOutput:
        """Continue ``prompt`` (after ``prefix``, lines already accepted) under
        ``constraint``; ``feedback`` says why the last answer was rejected."""
        ...
