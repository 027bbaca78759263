"""The application's view of guided extraction (logic.extraction)."""

from dataclasses import dataclass

from logic import RuleSet


class ExtractionFailed(Exception):
    """The extractor could not produce a usable answer (backend down, garbage)."""


@dataclass(frozen=True)
class ExtractedFact:
    statement: str
    type: str
    value: str
    start: int | None
    end: int | None


@dataclass(frozen=True)
class ExtractionResult:
    facts: list[ExtractedFact]
    unclear: list[str]
    rejected: list[str]


def utterance_extract(text: str, *, current: dict, rules: RuleSet) -> ExtractionResult:
    """Extract accepted facts (with evidence spans) and unclear parts from ``text``."""
    raise ExtractionFailed("extraction backend not configured")
