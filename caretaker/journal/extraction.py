"""The application's view of guided extraction (``logic.extraction``)."""

import logging
from dataclasses import dataclass

from django.conf import settings

from logic import LogicError, RuleSet
from logic.extraction.backends import backend_get
from logic.extraction.extractor import extract
from logic.extraction.options import ExtractionOptions
from logic.extraction.wording import confirmation_reword

logger = logging.getLogger(__name__)


class ExtractionFailed(Exception):
    """The extractor cannot run as configured (unknown backend, model missing)."""


class ExtractionUnavailable(ExtractionFailed):
    """The language model did not answer (endpoint down, timeout): try again later."""


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


def extraction_options() -> ExtractionOptions:
    """Backend, embedded model and guide mode from the settings."""
    return ExtractionOptions.from_environment(
        {},
        backend=settings.CARETAKER_LLM_BACKEND,
        model=settings.CARETAKER_LLM_EMBEDDED_MODEL,
        guide=settings.CARETAKER_LLM_GUIDE,
    )


def utterance_extract(text: str, *, current: dict, rules: RuleSet) -> ExtractionResult:
    """Extract accepted facts (with evidence spans) and unclear parts from ``text``.

    Only the patient's current values go into the prompt, never earlier messages.
    """
    try:
        result = extract(
            text, alphabet=rules.alphabet, state=current, options=extraction_options()
        )
    except LogicError as error:
        raise ExtractionFailed(f"extraction is not possible: {error}") from error
    except Exception as error:  # the backend's own failures: network, server, model
        logger.warning("extraction backend failed", exc_info=True)
        raise ExtractionUnavailable(
            f"the language model did not answer ({type(error).__name__}: {error})"
        ) from error
    facts = [
        ExtractedFact(
            statement=evidence.statement,
            type=statement.type,
            value=statement.value_text(rules.alphabet),
            start=evidence.start,
            end=evidence.end,
        )
        for statement, evidence in zip(result.statements, result.evidence, strict=True)
    ]
    return ExtractionResult(
        facts=facts,
        unclear=list(result.unclear),
        rejected=[f"{r.line}: {r.reason}" for r in result.rejected],
    )


def confirmation_wording(confirmation: str) -> str:
    """The configured model's rewording of ``confirmation`` when
    ``CARETAKER_LLM_WORDING`` is on and the rewording keeps exactly its numbers;
    otherwise "" (the deterministic text is shown)."""
    if not settings.CARETAKER_LLM_WORDING:
        return ""
    try:
        backend = backend_get(extraction_options())
    except LogicError:
        return ""
    wording, reworded = confirmation_reword(confirmation, backend)
    return wording if reworded else ""
