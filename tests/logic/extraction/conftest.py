"""Fixtures of the extraction tests: the shipped alphabet and a scripted backend."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from logic.alphabet import Alphabet
from logic.extraction.backends.base import RawOutput
from logic.extraction.grammar import Constraint
from logic.extraction.prompt import Prompt
from logic.ruleset import default_ruleset


@pytest.fixture(scope="session")
def alphabet() -> Alphabet:
    """The shipped default alphabet."""
    return default_ruleset().alphabet


@dataclass
class ScriptedBackend:
    """Answers each call with the next scripted text: a stand-in for a model that
    ignores its constraint, to test the validator in isolation."""

    answers: list[str]
    name: str = "scripted"
    calls: list[tuple[str, str]] = field(default_factory=list)

    def generate(
        self,
        prompt: Prompt,
        constraint: Constraint,
        *,
        prefix: str = "",
        feedback: str = "",
    ) -> RawOutput:
        self.calls.append((prefix, feedback))
        text = self.answers[min(len(self.calls), len(self.answers)) - 1]
        lines = tuple(x.strip() for x in text.split("\n") if x.strip())
        return RawOutput(text, lines, len(text.split()))


@pytest.fixture
def scripted() -> type[ScriptedBackend]:
    """The scripted backend class."""
    return ScriptedBackend
